// Each volume source's error branches as kube-apiserver reports them on create: pkg/apis/core/validation/validation.go
// validateVolumeSource and the sources' functions (v1.33.13 … v1.37.2; ValidateCSIDriverName differs before 1.35).
// Cases after validation_test.go TestValidateVolumes, TestValidateKeyToPath, TestValidateNFSVolumeSource,
// TestValidateCSIVolumeSource, TestValidateEphemeralVolume (v1.37.2), with the exact texts field.ErrorList prints.
// Every test builds its own volumes and calls validateVolumes (or validate) itself.
import { describe, expect, it } from '@jest/globals';
import { validate } from '../engine/validate';
import { withConfiguration } from '../core/config';
import { defaultVolume, validateCSIDriverName, validateLocalNonReservedPath, validateVolumes, validateVolumeSource } from './validation-volumes';

const errorsOf = (volumes: unknown[], podName?: string) => validateVolumes(volumes as never, podName, 'v').errs;
const one = (source: Record<string, unknown>) => errorsOf([{ name: 'x', ...source }]);
const SUBDOMAIN = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const QUALIFIED = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const LABEL = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const MODE = 'must be a number between 0 and 0777 (octal), both inclusive';
const FIELD_PATHS = 'supported values: "metadata.annotations", "metadata.labels", "metadata.name", "metadata.namespace", "metadata.uid"';
const RESOURCES = 'supported values: "limits.cpu", "limits.ephemeral-storage", "limits.memory", "requests.cpu", "requests.ephemeral-storage", "requests.memory"';

describe('validateVolumeSource: one source of the 30 kinds, in upstream order', () => {
  // every core.VolumeSource field, and the path upstream's Forbidden names when it comes second
  const KINDS: Array<[string, string]> = [
    ['hostPath', 'hostPath'], ['gitRepo', 'gitRepo'], ['gcePersistentDisk', 'gcePersistentDisk'], ['awsElasticBlockStore', 'awsElasticBlockStore'],
    ['secret', 'secret'], ['nfs', 'nfs'], ['iscsi', 'iscsi'], ['glusterfs', 'glusterfs'], ['flocker', 'flocker'],
    ['persistentVolumeClaim', 'persistentVolumeClaim'], ['rbd', 'rbd'], ['cinder', 'cinder'], ['cephfs', 'cephFS'], ['quobyte', 'quobyte'],
    ['downwardAPI', 'downwarAPI'], ['fc', 'fc'], ['flexVolume', 'flexVolume'], ['configMap', 'configMap'], ['azureFile', 'azureFile'],
    ['vsphereVolume', 'vsphereVolume'], ['photonPersistentDisk', 'photonPersistentDisk'], ['portworxVolume', 'portworxVolume'],
    ['azureDisk', 'azureDisk'], ['storageos', 'storageos'], ['projected', 'projected'], ['scaleIO', 'scaleIO'], ['csi', 'csi'],
    ['ephemeral', 'ephemeral'], ['image', 'image'],
  ];

  it.each(KINDS)('%s after an emptyDir is Forbidden at `%s` (TestValidateVolumes "more than one source")', (key, at) => {
    expect(validateVolumeSource({ emptyDir: {}, [key]: {} }, 'v[0]', 'x', undefined)).toEqual([
      { field: `v[0].${at}`, message: 'Forbidden: may not specify more than 1 volume type' },
    ]);
  });

  it('a source counts as one on its own; none at all is Required (TestValidateVolumes "no volume source")', () => {
    expect(validateVolumeSource({ gitRepo: { repository: 'r' } }, 'v[0]', 'x', undefined)).toEqual([]);
    expect(validateVolumeSource({ image: { reference: 'r' } }, 'v[0]', 'x', undefined)).toEqual([]);
    expect(validateVolumeSource({ emptyDir: null, secret: undefined }, 'v[0]', 'x', undefined)).toEqual([
      { field: 'v[0]', message: 'Required value: must specify a volume type' },
    ]);
  });

  it('only the first source is validated; later ones are only Forbidden', () => {
    expect(validateVolumeSource({ secret: {}, configMap: {}, csi: {} }, 'p', 'x', undefined)).toEqual([
      { field: 'p.secret.secretName', message: 'Required value' },
      { field: 'p.configMap', message: 'Forbidden: may not specify more than 1 volume type' },
      { field: 'p.csi', message: 'Forbidden: may not specify more than 1 volume type' },
    ]);
    expect(validateVolumeSource({ hostPath: { path: '' }, nfs: {} }, 'p', 'x', undefined)).toEqual([
      { field: 'p.hostPath.path', message: 'Required value' },
      { field: 'p.nfs', message: 'Forbidden: may not specify more than 1 volume type' },
    ]);
  });
});

describe('SetDefaults_Volume (pkg/apis/core/v1/defaults.go)', () => {
  it('a volume without a source becomes an emptyDir; one with a source is kept as it is', () => {
    expect(defaultVolume({ name: 'x' })).toEqual({ name: 'x', emptyDir: {} });
    expect(defaultVolume(null)).toEqual({ emptyDir: {} });
    expect(defaultVolume(undefined)).toEqual({ emptyDir: {} });
    const v = { name: 'x', hostPath: { path: '/x' } };
    expect(defaultVolume(v)).toBe(v);
    expect(defaultVolume({ name: 'x', hostPath: null })).toEqual({ name: 'x', hostPath: null, emptyDir: {} });
  });

  it('entries that are not objects read as a volume without a name', () => {
    expect(errorsOf([null, 'z', 7, [{ name: 'a' }]])).toEqual([
      { field: 'v[0].name', message: 'Required value' },
      { field: 'v[1].name', message: 'Required value' },
      { field: 'v[2].name', message: 'Required value' },
      { field: 'v[3].name', message: 'Required value' },
    ]);
  });
});

describe('emptyDir', () => {
  it('a sizeLimit of zero or more is valid, below zero Forbidden, an undecodable one Invalid', () => {
    expect(one({ emptyDir: { sizeLimit: '0' } })).toEqual([]);
    expect(one({ emptyDir: { sizeLimit: 0 } })).toEqual([]);
    expect(one({ emptyDir: { sizeLimit: '64Mi', medium: 'Memory' } })).toEqual([]);
    expect(one({ emptyDir: { sizeLimit: '-1m' } })).toEqual([{ field: 'v[0].emptyDir.sizeLimit', message: 'Forbidden: SizeLimit field must be a valid resource quantity' }]);
    expect(one({ emptyDir: { sizeLimit: '1Gx' } })).toEqual([{ field: 'v[0].emptyDir.sizeLimit', message: 'Invalid value: "1Gx": quantities must match the regular expression \'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$\'' }]);
  });
});

describe('hostPath (validateHostPathVolumeSource, validateHostPathType)', () => {
  it.each(['', 'BlockDevice', 'CharDevice', 'Directory', 'DirectoryOrCreate', 'File', 'FileOrCreate', 'Socket'])('type %j is supported', (type) => {
    expect(one({ hostPath: { path: '/var/run/x.sock', type } })).toEqual([]);
  });

  it('an empty path stops at Required (the type is not checked); a null type is the unset one', () => {
    expect(one({ hostPath: { type: 'Bad' } })).toEqual([{ field: 'v[0].hostPath.path', message: 'Required value' }]);
    expect(one({ hostPath: { path: '/x', type: null } })).toEqual([]);
    expect(one({ hostPath: { path: '/x/..', type: 'directory' } })).toEqual([
      { field: 'v[0].hostPath.path', message: 'Invalid value: "/x/..": must not contain \'..\'' },
      { field: 'v[0].hostPath.type', message: 'Unsupported value: "directory": supported values: "", "BlockDevice", "CharDevice", "Directory", "DirectoryOrCreate", "File", "FileOrCreate", "Socket"' },
    ]);
    // `..` only as a whole element (TestValidateVolumes "valid HostPath" with dots in names)
    expect(one({ hostPath: { path: '/a..b/..c/d..' } })).toEqual([]);
  });

  it('a bad type as ErrorBody prints a named string type: json.Marshal from 1.34 (apimachinery v0.34.4), %#v at 1.33', () => {
    const bad = { hostPath: { path: '/x', type: '<Dir>&' } };
    const types = 'supported values: "", "BlockDevice", "CharDevice", "Directory", "DirectoryOrCreate", "File", "FileOrCreate", "Socket"';
    expect(withConfiguration({ kubernetesVersion: '1.34' }, () => one(bad))).toEqual([{ field: 'v[0].hostPath.type', message: `Unsupported value: "\\u003cDir\\u003e\\u0026": ${types}` }]);
    expect(withConfiguration({ kubernetesVersion: '1.33' }, () => one(bad))).toEqual([{ field: 'v[0].hostPath.type', message: `Unsupported value: "<Dir>&": ${types}` }]);
  });
});

describe('secret and configMap (validateSecretVolumeSource, validateConfigMapVolumeSource, validateKeyToPath)', () => {
  it('the defaultMode: 0 and 0777 valid, 01000 and -1 Invalid', () => {
    expect(errorsOf([{ name: 'a', secret: { secretName: 's', defaultMode: 0 } }, { name: 'b', configMap: { name: 'c', defaultMode: 0o777 } }])).toEqual([]);
    expect(errorsOf([{ name: 'a', secret: { secretName: 's', defaultMode: 0o1000 } }, { name: 'b', configMap: { name: 'c', defaultMode: -1 } }])).toEqual([
      { field: 'v[0].secret.defaultMode', message: `Invalid value: 512: ${MODE}` },
      { field: 'v[1].configMap.defaultMode', message: `Invalid value: -1: ${MODE}` },
    ]);
  });

  it('each item: key and path required, the path local and not reserved, the mode in range (items at their index)', () => {
    expect(one({ secret: { secretName: 's', items: [{ key: 'a', path: 'a', mode: 0o777 }, { key: 'b', path: 'b/c', mode: 0 }, null, { path: '..', mode: 0o1777 }] } })).toEqual([
      { field: 'v[0].secret.items[2].key', message: 'Required value' },
      { field: 'v[0].secret.items[2].path', message: 'Required value' },
      { field: 'v[0].secret.items[3].key', message: 'Required value' },
      { field: 'v[0].secret.items[3].path', message: 'Invalid value: "..": must not contain \'..\'' },
      { field: 'v[0].secret.items[3].path', message: 'Invalid value: "..": must not start with \'..\'' },
      { field: 'v[0].secret.items[3].mode', message: `Invalid value: 1023: ${MODE}` },
    ]);
    expect(one({ configMap: { name: '', items: [{ key: 'k', path: '/etc/k' }] } })).toEqual([
      { field: 'v[0].configMap.name', message: 'Required value' },
      { field: 'v[0].configMap.items[0].path', message: 'Invalid value: "/etc/k": must be a relative path' },
    ]);
  });
});

describe('persistentVolumeClaim and nfs', () => {
  it('a claim needs its name', () => {
    expect(one({ persistentVolumeClaim: { claimName: 'data' } })).toEqual([]);
    expect(one({ persistentVolumeClaim: { claimName: '' } })).toEqual([{ field: 'v[0].persistentVolumeClaim.claimName', message: 'Required value' }]);
  });

  it('nfs: server and an absolute path (TestValidateNFSVolumeSource)', () => {
    expect(one({ nfs: { server: 'nfs.example', path: '/' } })).toEqual([]);
    expect(one({ nfs: { path: '/exports' } })).toEqual([{ field: 'v[0].nfs.server', message: 'Required value' }]);
    expect(one({ nfs: { server: 's' } })).toEqual([
      { field: 'v[0].nfs.path', message: 'Required value' },
      { field: 'v[0].nfs.path', message: 'Invalid value: "": must be an absolute path' },
    ]);
  });
});

describe('csi (validateCSIVolumeSource, ValidateCSIDriverName)', () => {
  it('a driver name of 63 bytes is valid, 64 bytes Too long; the name is matched lower-cased', () => {
    const d63 = `${'a'.repeat(59)}.com`;
    expect(validateCSIDriverName(d63, 'd')).toEqual([]);
    expect(validateCSIDriverName('Secrets-Store.CSI.k8s.io', 'd')).toEqual([]);
    expect(validateCSIDriverName(`a${d63}`, 'd')).toEqual([{ field: 'd', message: 'Too long: may not be more than 63 bytes' }]);
    // 32 two-byte characters: 64 bytes (Go's len), and not a subdomain
    expect(validateCSIDriverName('é'.repeat(32), 'd')).toEqual([
      { field: 'd', message: 'Too long: may not be more than 63 bytes' },
      { field: 'd', message: `Invalid value: "${'é'.repeat(32)}": ${SUBDOMAIN}` },
    ]);
  });

  it('an empty driver: Required alone from 1.35; at 1.33 and 1.34 also not a subdomain (no early return)', () => {
    for (const v of ['1.35', '1.36', '1.37'] as const) {
      expect(withConfiguration({ kubernetesVersion: v }, () => one({ csi: {} }))).toEqual([{ field: 'v[0].csi.driver', message: 'Required value' }]);
    }
    for (const v of ['1.33', '1.34'] as const) {
      expect(withConfiguration({ kubernetesVersion: v }, () => one({ csi: {} }))).toEqual([
        { field: 'v[0].csi.driver', message: 'Required value' },
        { field: 'v[0].csi.driver', message: `Invalid value: "": ${SUBDOMAIN}` },
      ]);
    }
  });

  it('the node publish secret: its name required, a DNS subdomain reported at `csi.name`; none is fine', () => {
    expect(one({ csi: { driver: 'd.example.com', nodePublishSecretRef: null } })).toEqual([]);
    expect(one({ csi: { driver: 'd.example.com', nodePublishSecretRef: { name: 'creds.v1' } } })).toEqual([]);
    expect(one({ csi: { driver: 'd.example.com', nodePublishSecretRef: { name: '' } } })).toEqual([{ field: 'v[0].csi.nodePublishSecretRef.name', message: 'Required value' }]);
    expect(one({ csi: { driver: 'd.example.com', nodePublishSecretRef: { name: 'Creds' } } })).toEqual([{ field: 'v[0].csi.name', message: `Invalid value: "Creds": ${SUBDOMAIN}` }]);
    // a whole name (ValidateSecretName(name, false)): no trailing dash as a generateName prefix would allow
    expect(one({ csi: { driver: 'd.example.com', nodePublishSecretRef: { name: 'creds-' } } })).toEqual([{ field: 'v[0].csi.name', message: `Invalid value: "creds-": ${SUBDOMAIN}` }]);
  });
});

describe('ephemeral (validateEphemeralVolumeSource, ValidatePersistentVolumeClaimTemplate)', () => {
  const spec = { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } };

  it("the template's annotations (keys lower-cased) and labels, then its claim spec", () => {
    expect(one({ ephemeral: { volumeClaimTemplate: { metadata: { annotations: { 'Example.COM/Key': 'v' }, labels: { app: 'db' } }, spec } } })).toEqual([]);
    expect(one({ ephemeral: { volumeClaimTemplate: { metadata: { annotations: { 'a b': 'v' }, labels: { 'c d': 'v' } }, spec: { ...spec, accessModes: [] } } } })).toEqual([
      { field: 'v[0].ephemeral.volumeClaimTemplate.metadata.annotations', message: `Invalid value: "a b": ${QUALIFIED}` },
      { field: 'v[0].ephemeral.volumeClaimTemplate.metadata.labels', message: `Invalid value: "c d": ${QUALIFIED}` },
      { field: 'v[0].ephemeral.volumeClaimTemplate.spec.accessModes', message: 'Required value: at least 1 access mode is required' },
    ]);
    expect(one({ ephemeral: { volumeClaimTemplate: null } })).toEqual([{ field: 'v[0].ephemeral.volumeClaimTemplate', message: 'Required value' }]);
  });

  it("a named Pod's claim `<pod>-<volume>` must be a subdomain; not checked without a pod or a volume name", () => {
    const long = 'p'.repeat(250);
    expect(errorsOf([{ name: 'scratch', ephemeral: { volumeClaimTemplate: { spec } } }], 'web')).toEqual([]);
    expect(errorsOf([{ name: 'scratch', ephemeral: { volumeClaimTemplate: { spec } } }], long)).toEqual([
      { field: 'v[0].name', message: `Invalid value: "scratch": PVC name "${long}-scratch": must be no more than 253 characters` },
    ]);
    // a bad volume name: the claim's error (a whole name, ValidatePersistentVolumeName(name, false)), then the name's
    expect(errorsOf([{ name: 'scratch-', ephemeral: { volumeClaimTemplate: { spec } } }], 'web')).toEqual([
      { field: 'v[0].name', message: `Invalid value: "scratch-": PVC name "web-scratch-": ${SUBDOMAIN}` },
      { field: 'v[0].name', message: `Invalid value: "scratch-": ${LABEL}` },
    ]);
    // no volume name: only the name's own error (the claim `web-` is not checked)
    expect(errorsOf([{ ephemeral: { volumeClaimTemplate: { spec } } }], 'web')).toEqual([{ field: 'v[0].name', message: 'Required value' }]);
    expect(errorsOf([{ name: 'scratch', ephemeral: { volumeClaimTemplate: { spec } } }])).toEqual([]);
    // an empty pod name (upstream: podMeta.Name == "", the name generated later) checks neither: not `-scratch`
    expect(errorsOf([{ name: 'scratch', ephemeral: { volumeClaimTemplate: { spec } } }, { name: 'c', persistentVolumeClaim: { claimName: '-scratch' } }], '')).toEqual([]);
    // a template's claim may have any name: no `undefined-scratch` either
    expect(errorsOf([{ name: 'scratch', ephemeral: { volumeClaimTemplate: { spec } } }, { name: 'c', persistentVolumeClaim: { claimName: 'undefined-scratch' } }])).toEqual([]);
  });

  it("a claim volume may not name a claim an ephemeral volume creates, even the nameless one's `<pod>-`", () => {
    expect(errorsOf([{ ephemeral: { volumeClaimTemplate: { spec } } }, { name: 'c', persistentVolumeClaim: { claimName: 'web-' } }], 'web')).toEqual([
      { field: 'v[0].name', message: 'Required value' },
      { field: 'v[1].persistentVolumeClaim.claimName', message: 'Invalid value: "web-": must not reference a PVC that gets created for an ephemeral volume' },
    ]);
    // a claim named after a non-ephemeral volume is fine; so is any claim in a template (no pod name)
    expect(errorsOf([{ name: 'a', emptyDir: {} }, { name: 'c', persistentVolumeClaim: { claimName: 'web-a' } }], 'web')).toEqual([]);
    expect(errorsOf([{ name: 'e', ephemeral: { volumeClaimTemplate: { spec } } }, { name: 'c', persistentVolumeClaim: { claimName: 'web-e' } }], 'web')).toEqual([
      { field: 'v[1].persistentVolumeClaim.claimName', message: 'Invalid value: "web-e": must not reference a PVC that gets created for an ephemeral volume' },
    ]);
  });
});

describe('ValidateVolumes: names', () => {
  it('a volume that fails keeps its name free: a second one of that name is not a duplicate and is in the map', () => {
    const { vols, errs } = validateVolumes([{ name: 'a', secret: {} }, { name: 'a', secret: { secretName: 's' } }, { name: 'a', emptyDir: {} }] as never, undefined, 'v');
    expect(errs).toEqual([
      { field: 'v[0].secret.secretName', message: 'Required value' },
      { field: 'v[2].name', message: 'Duplicate value: "a"' },
    ]);
    expect([...vols.entries()]).toEqual([['a', { name: 'a', secret: { secretName: 's' } }]]);
  });

  it('names are DNS-1123 labels of at most 63 characters', () => {
    expect(errorsOf([{ name: 'a'.repeat(63) }])).toEqual([]);
    expect(errorsOf([{ name: 'a'.repeat(64) }])).toEqual([{ field: 'v[0].name', message: `Invalid value: "${'a'.repeat(64)}": must be no more than 63 characters` }]);
    expect(errorsOf([{ name: 'a.b' }]).map((e) => e.field)).toEqual(['v[0].name']);
  });
});

describe('downwardAPI (validateDownwardAPIVolumeSource, validateDownwardAPIVolumeFile, validateObjectFieldSelector)', () => {
  const file = (item: Record<string, unknown>) => one({ downwardAPI: { items: [{ path: 'f', ...item }] } });

  it.each([
    'metadata.name', 'metadata.namespace', 'metadata.uid', 'metadata.labels', 'metadata.annotations',
    "metadata.labels['app.kubernetes.io/name']", "metadata.annotations['Example.COM/Key']",
  ])('fieldPath %s is supported', (fieldPath) => {
    expect(file({ fieldRef: { fieldPath } })).toEqual([]);
    expect(file({ fieldRef: { apiVersion: 'v1', fieldPath } })).toEqual([]);
  });

  it.each([
    // converted, but not a volume's: NotSupported with the converted label (spec.host is spec.nodeName)
    ['spec.nodeName', 'v[0].downwardAPI.fieldRef.fieldPath', `Unsupported value: "spec.nodeName": ${FIELD_PATHS}`],
    ['spec.host', 'v[0].downwardAPI.fieldRef.fieldPath', `Unsupported value: "spec.nodeName": ${FIELD_PATHS}`],
    ['status.hostIPs', 'v[0].downwardAPI.fieldRef.fieldPath', `Unsupported value: "status.hostIPs": ${FIELD_PATHS}`],
    ['spec.schedulerName', 'v[0].downwardAPI.fieldRef.fieldPath', `Unsupported value: "spec.schedulerName": ${FIELD_PATHS}`],
    // not converted (pkg/apis/core/pods/helpers.go ConvertDownwardAPIFieldLabel)
    ["metadata.name['x']", 'v[0].downwardAPI.fieldRef.fieldPath', `Invalid value: "metadata.name['x']": error converting fieldPath: field label does not support subscript: metadata.name['x']`],
    ["['x']", 'v[0].downwardAPI.fieldRef.fieldPath', `Invalid value: "['x']": error converting fieldPath: field label not supported: ['x']`],
    ['metadata.labels[x]', 'v[0].downwardAPI.fieldRef.fieldPath', 'Invalid value: "metadata.labels[x]": error converting fieldPath: field label not supported: metadata.labels[x]'],
    ["metadata.labels['x']y", 'v[0].downwardAPI.fieldRef.fieldPath', `Invalid value: "metadata.labels['x']y": error converting fieldPath: field label not supported: metadata.labels['x']y`],
    ["metadata.labels'x']", 'v[0].downwardAPI.fieldRef.fieldPath', `Invalid value: "metadata.labels'x']": error converting fieldPath: field label not supported: metadata.labels'x']`],
    // the subscript: an annotation key lower-cased, a label key as it is
    ["metadata.annotations['Bad Key']", 'v[0].downwardAPI.fieldRef', `Invalid value: "bad key": ${QUALIFIED}`],
    ["metadata.labels['Bad Key']", 'v[0].downwardAPI.fieldRef', `Invalid value: "Bad Key": ${QUALIFIED}`],
  ])('fieldPath %s', (fieldPath, field, message) => {
    expect(file({ fieldRef: { fieldPath } })).toEqual([{ field, message }]);
  });

  it('an apiVersion other than v1 cannot convert; an empty fieldPath is Required', () => {
    expect(file({ fieldRef: { apiVersion: 'v2', fieldPath: 'metadata.name' } })).toEqual([
      { field: 'v[0].downwardAPI.fieldRef.fieldPath', message: 'Invalid value: "metadata.name": error converting fieldPath: unsupported pod version: v2' },
    ]);
    expect(file({ fieldRef: { fieldPath: '' } })).toEqual([{ field: 'v[0].downwardAPI.fieldRef.fieldPath', message: 'Required value' }]);
    expect(file({ fieldRef: {} })).toEqual([{ field: 'v[0].downwardAPI.fieldRef.fieldPath', message: 'Required value' }]);
  });

  it.each(['limits.cpu', 'limits.ephemeral-storage', 'limits.memory', 'requests.cpu', 'requests.ephemeral-storage', 'requests.memory', 'limits.hugepages-2Mi', 'requests.hugepages-1Gi'])(
    'resource %s is supported', (resource) => {
      expect(file({ resourceFieldRef: { containerName: 'c', resource } })).toEqual([]);
    });

  it('a resourceFieldRef: the container first, then the resource, then a known one', () => {
    expect(file({ resourceFieldRef: { resource: 'bogus' } })).toEqual([{ field: 'v[0].downwardAPI.resourceFieldRef.containerName', message: 'Required value' }]);
    expect(file({ resourceFieldRef: { containerName: 'c' } })).toEqual([{ field: 'v[0].downwardAPI.resourceFieldRef.resource', message: 'Required value' }]);
    expect(file({ resourceFieldRef: { containerName: 'c', resource: 'limits.nvidia.com/gpu' } })).toEqual([
      { field: 'v[0].downwardAPI.resourceFieldRef.resource', message: `Unsupported value: "limits.nvidia.com/gpu": ${RESOURCES}` },
    ]);
    expect(file({ resourceFieldRef: { containerName: 'c', resource: 'hugepages-2Mi' } }).map((e) => e.field)).toEqual(['v[0].downwardAPI.resourceFieldRef.resource']);
  });

  it('both refs, or neither; the path and the mode (TestValidateVolumes "downapi …" cases)', () => {
    expect(file({ fieldRef: { fieldPath: 'metadata.name' }, resourceFieldRef: { containerName: 'c', resource: 'bogus' } })).toEqual([
      { field: 'v[0].downwardAPI', message: 'Invalid value: "resource": fieldRef and resourceFieldRef can not be specified simultaneously' },
    ]);
    expect(file({ fieldRef: null, resourceFieldRef: null })).toEqual([{ field: 'v[0].downwardAPI', message: 'Required value: one of fieldRef and resourceFieldRef is required' }]);
    expect(one({ downwardAPI: { items: [{ path: '', fieldRef: { fieldPath: 'metadata.uid' }, mode: 0o1000 }, null] } })).toEqual([
      { field: 'v[0].downwardAPI.path', message: 'Required value' },
      { field: 'v[0].downwardAPI.mode', message: `Invalid value: 512: ${MODE}` },
      { field: 'v[0].downwardAPI.path', message: 'Required value' },
      { field: 'v[0].downwardAPI', message: 'Required value: one of fieldRef and resourceFieldRef is required' },
    ]);
    expect(one({ downwardAPI: { items: [{ path: 'a/b', fieldRef: { fieldPath: 'metadata.uid' }, mode: 0o777 }] } })).toEqual([]);
    expect(one({ downwardAPI: { defaultMode: 0o1000 } })).toEqual([{ field: 'v[0].downwardAPI.defaultMode', message: `Invalid value: 512: ${MODE}` }]);
    expect(one({ downwardAPI: { defaultMode: 0o777 } })).toEqual([]);
  });
});

describe('projected (validateProjectedVolumeSource, validateProjectionSources)', () => {
  const token = (t: Record<string, unknown>) => one({ projected: { sources: [{ serviceAccountToken: t }] } });

  it('a token: expirationSeconds from 600 to 2^32 (3600 by default), a local path required at `projected.path`', () => {
    expect(token({ path: 'token' })).toEqual([]);
    expect(token({ path: 'token', expirationSeconds: 600 })).toEqual([]);
    expect(token({ path: 'token', expirationSeconds: 2 ** 32 })).toEqual([]);
    expect(token({ path: 'token', expirationSeconds: 599 })).toEqual([
      { field: 'v[0].projected.sources[0].serviceAccountToken.expirationSeconds', message: 'Invalid value: 599: may not specify a duration less than 10 minutes' },
    ]);
    expect(token({ path: 'token', expirationSeconds: 2 ** 32 + 1 })).toEqual([
      { field: 'v[0].projected.sources[0].serviceAccountToken.expirationSeconds', message: 'Invalid value: 4294967297: may not specify a duration larger than 2^32 seconds' },
    ]);
    expect(token({ path: '' })).toEqual([{ field: 'v[0].projected.path', message: 'Required value' }]);
    expect(token({ path: '..token' })).toEqual([{ field: 'v[0].projected.path', message: 'Invalid value: "..token": must not start with \'..\'' }]);
  });

  it('secret and configMap sources: their name, their items at their own paths', () => {
    expect(one({ projected: { sources: [{ secret: { items: [{ key: 'k', path: '/k' }] } }, { configMap: { name: '', items: [null] } }] } })).toEqual([
      { field: 'v[0].projected.sources[0].secret.name', message: 'Required value' },
      { field: 'v[0].projected.sources[0].secret.items[0].path', message: 'Invalid value: "/k": must be a relative path' },
      { field: 'v[0].projected.sources[1].configMap.name', message: 'Required value' },
      { field: 'v[0].projected.sources[1].configMap.items[0].key', message: 'Required value' },
      { field: 'v[0].projected.sources[1].configMap.items[0].path', message: 'Required value' },
    ]);
  });

  it('a downwardAPI source: empty paths are Required, never duplicates of each other', () => {
    const md = { fieldRef: { fieldPath: 'metadata.name' } };
    expect(one({ projected: { sources: [{ downwardAPI: { items: [{ path: '', ...md }, { ...md }] } }] } })).toEqual([
      { field: 'v[0].projected.sources[0].downwardAPI.path', message: 'Required value' },
      { field: 'v[0].projected.sources[0].downwardAPI.path', message: 'Required value' },
    ]);
  });

  it('a downwardAPI source: its items at the source, without their index', () => {
    expect(one({ projected: { sources: [{ downwardAPI: { items: [{ path: 'a', fieldRef: { fieldPath: 'spec.nodeName' } }, null] } }] } })).toEqual([
      { field: 'v[0].projected.sources[0].downwardAPI.fieldRef.fieldPath', message: `Unsupported value: "spec.nodeName": ${FIELD_PATHS}` },
      { field: 'v[0].projected.sources[0].downwardAPI.path', message: 'Required value' },
      { field: 'v[0].projected.sources[0].downwardAPI', message: 'Required value: one of fieldRef and resourceFieldRef is required' },
    ]);
  });

  it('a path given twice across sources: Invalid at the volume, with the source name or the path', () => {
    expect(one({ projected: { sources: [
      { secret: { name: 's', items: [{ key: 'a', path: 'p' }] } },
      { configMap: { name: 'c', items: [{ key: 'a', path: 'p' }, { key: 'b', path: 'q' }] } },
      { downwardAPI: { items: [{ path: 'q', fieldRef: { fieldPath: 'metadata.name' } }, { path: 'r', fieldRef: { fieldPath: 'metadata.uid' } }] } },
      { secret: { items: [{ key: 'b', path: 'r' }] } },
    ] } })).toEqual([
      { field: 'v[0].projected', message: 'Invalid value: "c": conflicting duplicate paths' },
      { field: 'v[0].projected', message: 'Invalid value: "q": conflicting duplicate paths' },
      { field: 'v[0].projected.sources[3].secret.name', message: 'Required value' },
      { field: 'v[0].projected', message: 'Invalid value: "": conflicting duplicate paths' },
    ]);
    // distinct paths, an empty path (Required, not a duplicate) twice
    expect(one({ projected: { sources: [{ secret: { name: 's', items: [{ key: 'a', path: 'a' }, { key: 'b', path: '' }] } }, { configMap: { name: 'c', items: [{ key: 'c', path: 'c' }, { key: 'd', path: '' }] } }] } })).toEqual([
      { field: 'v[0].projected.sources[0].secret.items[1].path', message: 'Required value' },
      { field: 'v[0].projected.sources[1].configMap.items[1].path', message: 'Required value' },
    ]);
  });

  it('one kind per source: any two are Forbidden at the source (TestValidateVolumes "ProjectedVolumeSource more than one projection in a source")', () => {
    const md = { items: [{ path: 'n', fieldRef: { fieldPath: 'metadata.name' } }] };
    expect(one({ projected: { sources: [{ secret: { name: 's' } }, { configMap: { name: 'c' } }, { downwardAPI: md }, { serviceAccountToken: { path: 't' } }] } })).toEqual([]);
    const forbidden = (i: number) => ({ field: `v[0].projected.sources[${i}]`, message: 'Forbidden: may not specify more than 1 volume type per source' });
    expect(one({ projected: { sources: [
      { secret: { name: 's' }, configMap: { name: 'c' } },
      { configMap: { name: 'c' }, downwardAPI: { items: [] } },
      { downwardAPI: {}, serviceAccountToken: { path: 't' } },
      { serviceAccountToken: { path: 'u' }, secret: { name: 's' } },
      null,
    ] } })).toEqual([forbidden(0), forbidden(1), forbidden(2), forbidden(3)]);
  });

  it('the defaultMode', () => {
    expect(one({ projected: { defaultMode: 0o777, sources: [] } })).toEqual([]);
    expect(one({ projected: { defaultMode: -1 } })).toEqual([{ field: 'v[0].projected.defaultMode', message: `Invalid value: -1: ${MODE}` }]);
  });
});

describe('ValidateLocalNonReservedPath', () => {
  it.each([
    ['a/b', []], ['..', ["must not contain '..'", "must not start with '..'"]], ['..a/b', ["must not start with '..'"]],
    ['a/../b', ["must not contain '..'"]], ['../', ["must not contain '..'"]], ['/a/..', ['must be a relative path', "must not contain '..'"]],
    ['.a', []], ['a..', []], ['', []],
  ])('%j', (p, details) => {
    expect(validateLocalNonReservedPath(p, 'f')).toEqual(details.map((d) => ({ field: 'f', message: `Invalid value: ${JSON.stringify(p)}: ${d}` })));
  });
});

describe('through validate(): a Pod manifest', () => {
  it('a volume error and the mount of that volume, at their paths', () => {
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web' }, spec: {
      volumes: [{ name: 'cfg', configMap: { name: 'app', items: [{ key: 'k', path: '../k' }] } }],
      containers: [{ name: 'c', image: 'i', volumeMounts: [{ name: 'cfg', mountPath: '/etc/app' }] }],
    } };
    expect(validate(pod as never)).toEqual([
      { field: 'spec.volumes[0].configMap.items[0].path', message: 'Invalid value: "../k": must not contain \'..\'' },
      { field: 'spec.containers[0].volumeMounts[0].name', message: 'Not found: "cfg"' },
    ]);
  });
});

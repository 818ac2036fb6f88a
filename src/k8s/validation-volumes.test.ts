// A pod's volumes, volumeMounts and volumeDevices on create: pkg/apis/core/validation/validation.go ValidateVolumes,
// validateVolumeSource, ValidateVolumeMounts, ValidateVolumeDevices (v1.33.13 … v1.37.2). Cases from validation_test.go
// TestValidateVolumes, TestValidateKeyToPath, TestValidateNFSVolumeSource, TestValidateCSIVolumeSource,
// TestValidateVolumeMounts, TestValidateSubpathMutuallyExclusive, TestValidateMountPropagation and
// TestAlphaValidateVolumeDevices (v1.37.2), with the exact texts field.ErrorList prints; the rest from the create
// oracle (test/oracle/create.ts, frozen in test/fixtures/oracle-regressions-create.json).
import { describe, expect, it } from '@jest/globals';
import { validate } from '../engine/validate';
import { withConfiguration, type KubernetesVersion } from '../core/config';
import type { Container } from '../core/types';
import { defaultVolume, validateLocalNonReservedPath, validateVolumeDevices, validateVolumeMounts, validateVolumes, withoutImageVolumes } from './validation-volumes';
import { decodeErrors } from '../engine/validate';
import { assertDecodes } from './decode';

const at = <T>(v: KubernetesVersion, f: () => T) => withConfiguration({ kubernetesVersion: v }, f);
const pod = (spec: Record<string, unknown>, name = 'web') =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { containers: [{ name: 'c', image: 'registry.example/app:1' }], ...spec } });
const errorsOf = (volumes: unknown[], podName?: string) => validateVolumes(volumes as never, podName, 'field').errs;
const LABEL = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const SUBDOMAIN = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

describe('ValidateVolumes (TestValidateVolumes)', () => {
  it('accepts the sources charts write', () => {
    const { vols, errs } = validateVolumes([
      { name: 'empty', emptyDir: { medium: 'Memory', sizeLimit: '1Gi' } },
      { name: 'host', hostPath: { path: '/var/log', type: 'DirectoryOrCreate' } },
      { name: 'cfg', configMap: { name: 'app', items: [{ key: 'k', path: 'p/..p/p../p..p', mode: 0o644 }], defaultMode: 0o644 } },
      { name: 'sec', secret: { secretName: 'tls', defaultMode: 0o400 } },
      { name: 'claim', persistentVolumeClaim: { claimName: 'data', readOnly: true } },
      { name: 'nfs', nfs: { server: 'nfs.example', path: '/exports' } },
      { name: 'csi', csi: { driver: 'secrets-store.csi.k8s.io', nodePublishSecretRef: { name: 'creds' } } },
      { name: 'info', downwardAPI: { items: [{ path: 'labels', fieldRef: { fieldPath: 'metadata.labels' } }, { path: 'cpu', resourceFieldRef: { containerName: 'c', resource: 'limits.cpu' } }] } },
      { name: 'token', projected: { sources: [{ serviceAccountToken: { path: 'token', expirationSeconds: 3600 } }, { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } }] } },
      { name: 'scratch', ephemeral: { volumeClaimTemplate: { spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } } } },
    ], 'web', 'spec.volumes');
    expect(errs).toEqual([]);
    expect([...vols.keys()]).toHaveLength(10);
  });

  it('requires a name, a DNS-1123 label, once; an invalid volume is not in the map and not a duplicate', () => {
    const { vols, errs } = validateVolumes([{ name: 'a', emptyDir: {} }, { name: 'a', emptyDir: {} }, { name: 'A', emptyDir: {} }, { emptyDir: {} }, { name: 'b', persistentVolumeClaim: {} }, { name: 'b', emptyDir: {} }], undefined, 'field');
    expect(errs).toEqual([
      { field: 'field[1].name', message: 'Duplicate value: "a"' },
      { field: 'field[2].name', message: `Invalid value: "A": ${LABEL}` },
      { field: 'field[3].name', message: 'Required value' },
      { field: 'field[4].persistentVolumeClaim.claimName', message: 'Required value' },
    ]);
    expect([...vols.keys()]).toEqual(['a', 'b']);
  });

  it('a volume with no source, or a null one, is an emptyDir (SetDefaults_Volume); a null entry is a nameless one', () => {
    expect(defaultVolume({ name: 'x' })).toEqual({ name: 'x', emptyDir: {} });
    expect(defaultVolume({ name: 'x', emptyDir: null, secret: { secretName: 's' } })).toEqual({ name: 'x', emptyDir: null, secret: { secretName: 's' } });
    expect(errorsOf([{ name: 'x' }, { name: 'y', configMap: null }])).toEqual([]);
    expect(errorsOf([null])).toEqual([{ field: 'field[0].name', message: 'Required value' }]);
  });

  it('a second source and later are Forbidden at their own paths (upstream\'s `downwarAPI`, `cephFS`)', () => {
    expect(errorsOf([{ name: 'x', emptyDir: {}, cephfs: { monitors: ['m'] }, downwardAPI: {}, csi: { driver: 'd' } }])).toEqual([
      { field: 'field[0].cephFS', message: 'Forbidden: may not specify more than 1 volume type' },
      { field: 'field[0].downwarAPI', message: 'Forbidden: may not specify more than 1 volume type' },
      { field: 'field[0].csi', message: 'Forbidden: may not specify more than 1 volume type' },
    ]);
  });

  it('emptyDir: a negative sizeLimit is Forbidden; the medium is not checked', () => {
    expect(errorsOf([{ name: 'x', emptyDir: { sizeLimit: '-1Gi', medium: 'Anything' } }])).toEqual([{ field: 'field[0].emptyDir.sizeLimit', message: 'Forbidden: SizeLimit field must be a valid resource quantity' }]);
  });

  it('hostPath: the path required, no backsteps, a known type', () => {
    expect(errorsOf([{ name: 'a', hostPath: { path: '' } }, { name: 'b', hostPath: { path: '/a/../b' } }, { name: 'c', hostPath: { path: '/x', type: 'dir' } }])).toEqual([
      { field: 'field[0].hostPath.path', message: 'Required value' },
      { field: 'field[1].hostPath.path', message: 'Invalid value: "/a/../b": must not contain \'..\'' },
      { field: 'field[2].hostPath.type', message: 'Unsupported value: "dir": supported values: "", "BlockDevice", "CharDevice", "Directory", "DirectoryOrCreate", "File", "FileOrCreate", "Socket"' },
    ]);
  });

  it.each([
    // TestValidateKeyToPath
    [{ key: '', path: 'p' }, [{ field: 'field[0].configMap.items[0].key', message: 'Required value' }]],
    [{ key: 'k', path: '' }, [{ field: 'field[0].configMap.items[0].path', message: 'Required value' }]],
    [{ key: 'k', path: '..p' }, [{ field: 'field[0].configMap.items[0].path', message: 'Invalid value: "..p": must not start with \'..\'' }]],
    [{ key: 'k', path: '../p' }, [{ field: 'field[0].configMap.items[0].path', message: 'Invalid value: "../p": must not contain \'..\'' }]],
    [{ key: 'k', path: 'p/..' }, [{ field: 'field[0].configMap.items[0].path', message: 'Invalid value: "p/..": must not contain \'..\'' }]],
    [{ key: 'k', path: '/p' }, [{ field: 'field[0].configMap.items[0].path', message: 'Invalid value: "/p": must be a relative path' }]],
    [{ key: 'k', path: 'p', mode: 0o1000 }, [{ field: 'field[0].configMap.items[0].mode', message: 'Invalid value: 512: must be a number between 0 and 0777 (octal), both inclusive' }]],
    [{ key: 'k', path: 'p', mode: -1 }, [{ field: 'field[0].configMap.items[0].mode', message: 'Invalid value: -1: must be a number between 0 and 0777 (octal), both inclusive' }]],
  ])('configMap items: %j', (item, expected) => {
    expect(errorsOf([{ name: 'x', configMap: { name: 'app', items: [item] } }])).toEqual(expected);
  });

  it('secret and configMap: the name required, the default mode at most 0777', () => {
    expect(errorsOf([{ name: 'a', secret: { defaultMode: 1000 } }, { name: 'b', configMap: {} }])).toEqual([
      { field: 'field[0].secret.secretName', message: 'Required value' },
      { field: 'field[0].secret.defaultMode', message: 'Invalid value: 1000: must be a number between 0 and 0777 (octal), both inclusive' },
      { field: 'field[1].configMap.name', message: 'Required value' },
    ]);
  });

  it('nfs (TestValidateNFSVolumeSource): server and path required, the path absolute', () => {
    expect(errorsOf([{ name: 'a', nfs: { server: '', path: '' } }, { name: 'b', nfs: { server: 's', path: 'rel' } }])).toEqual([
      { field: 'field[0].nfs.server', message: 'Required value' },
      { field: 'field[0].nfs.path', message: 'Required value' },
      { field: 'field[0].nfs.path', message: 'Invalid value: "": must be an absolute path' },
      { field: 'field[1].nfs.path', message: 'Invalid value: "rel": must be an absolute path' },
    ]);
  });

  it('csi (TestValidateCSIVolumeSource): the driver a subdomain of at most 63 bytes; a bad secret name at `csi.name`', () => {
    const long = `${'d'.repeat(60)}.com`;
    expect(errorsOf([{ name: 'a', csi: { driver: 'Bad_Driver', nodePublishSecretRef: { name: 'Bad_Name' } } }, { name: 'b', csi: { driver: long, nodePublishSecretRef: {} } }])).toEqual([
      { field: 'field[0].csi.driver', message: `Invalid value: "Bad_Driver": ${SUBDOMAIN}` },
      { field: 'field[0].csi.name', message: `Invalid value: "Bad_Name": ${SUBDOMAIN}` },
      { field: 'field[1].csi.driver', message: 'Too long: may not be more than 63 bytes' },
      { field: 'field[1].csi.nodePublishSecretRef.name', message: 'Required value' },
    ]);
  });

  it('csi: an empty driver stops at Required from 1.35; before, it is also not a subdomain (v1.34.4)', () => {
    const empty = [{ name: 'a', csi: { driver: '' } }];
    expect(at('1.35', () => errorsOf(empty))).toEqual([{ field: 'field[0].csi.driver', message: 'Required value' }]);
    expect(at('1.34', () => errorsOf(empty))).toEqual([
      { field: 'field[0].csi.driver', message: 'Required value' },
      { field: 'field[0].csi.driver', message: `Invalid value: "": ${SUBDOMAIN}` },
    ]);
  });

  it('downwardAPI: item errors at the source, without the item index', () => {
    expect(errorsOf([{ name: 'x', downwardAPI: { items: [
      { path: '..x', fieldRef: { fieldPath: 'status.podIP' } },
      { path: 'a', fieldRef: { fieldPath: 'spec.foo' } },
      { path: 'b', fieldRef: { fieldPath: "metadata.labels['bad key']" } },
      { path: 'c', fieldRef: { fieldPath: 'metadata.name' }, resourceFieldRef: { containerName: 'c', resource: 'limits.cpu' } },
      { path: 'd' },
      { path: 'e', resourceFieldRef: { resource: 'limits.cpu' } },
    ] } }])).toEqual([
      { field: 'field[0].downwardAPI.path', message: 'Invalid value: "..x": must not start with \'..\'' },
      { field: 'field[0].downwardAPI.fieldRef.fieldPath', message: 'Unsupported value: "status.podIP": supported values: "metadata.annotations", "metadata.labels", "metadata.name", "metadata.namespace", "metadata.uid"' },
      { field: 'field[0].downwardAPI.fieldRef.fieldPath', message: 'Invalid value: "spec.foo": error converting fieldPath: field label not supported: spec.foo' },
      { field: 'field[0].downwardAPI.fieldRef', message: 'Invalid value: "bad key": name part must consist of alphanumeric characters, \'-\', \'_\' or \'.\', and must start and end with an alphanumeric character (e.g. \'MyName\',  or \'my.name\',  or \'123-abc\', regex used for validation is \'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]\')' },
      { field: 'field[0].downwardAPI', message: 'Invalid value: "resource": fieldRef and resourceFieldRef can not be specified simultaneously' },
      { field: 'field[0].downwardAPI', message: 'Required value: one of fieldRef and resourceFieldRef is required' },
      { field: 'field[0].downwardAPI.resourceFieldRef.containerName', message: 'Required value' },
    ]);
  });

  it('projected: one kind per source, each path once, token rules (its path at the volume)', () => {
    expect(errorsOf([{ name: 'x', projected: { sources: [
      { configMap: { name: 'a', items: [{ key: 'k', path: 'f' }] }, secret: { name: 's' } },
      { secret: { name: 's', items: [{ key: 'k', path: 'f' }] } },
      { serviceAccountToken: { path: '/token', expirationSeconds: 60 } },
      { serviceAccountToken: { expirationSeconds: 2 ** 33 } },
    ] } }])).toEqual([
      { field: 'field[0].projected.sources[0]', message: 'Forbidden: may not specify more than 1 volume type per source' },
      { field: 'field[0].projected', message: 'Invalid value: "s": conflicting duplicate paths' },
      { field: 'field[0].projected.sources[2].serviceAccountToken.expirationSeconds', message: 'Invalid value: 60: may not specify a duration less than 10 minutes' },
      { field: 'field[0].projected.path', message: 'Invalid value: "/token": must be a relative path' },
      { field: 'field[0].projected.sources[3].serviceAccountToken.expirationSeconds', message: 'Invalid value: 8589934592: may not specify a duration larger than 2^32 seconds' },
      { field: 'field[0].projected.path', message: 'Required value' },
    ]);
  });

  it('ephemeral: a template required; its claim <pod>-<volume> a DNS subdomain, never mounted as a claim too', () => {
    const scratch = { name: 'scratch', ephemeral: { volumeClaimTemplate: { spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } } } };
    expect(errorsOf([{ name: 'e', ephemeral: {} }])).toEqual([{ field: 'field[0].ephemeral.volumeClaimTemplate', message: 'Required value' }]);
    expect(errorsOf([scratch, { name: 'data', persistentVolumeClaim: { claimName: 'Web-scratch' } }], 'Web')).toEqual([
      { field: 'field[0].name', message: `Invalid value: "scratch": PVC name "Web-scratch": ${SUBDOMAIN}` },
      { field: 'field[1].persistentVolumeClaim.claimName', message: 'Invalid value: "Web-scratch": must not reference a PVC that gets created for an ephemeral volume' },
    ]);
    // a template (no pod name): neither check
    expect(errorsOf([scratch, { name: 'data', persistentVolumeClaim: { claimName: 'Web-scratch' } }])).toEqual([]);
    expect(errorsOf([{ name: 'e', ephemeral: { volumeClaimTemplate: { spec: {} } } }]).map((e) => e.field)).toEqual([
      'field[0].ephemeral.volumeClaimTemplate.spec.accessModes', 'field[0].ephemeral.volumeClaimTemplate.spec.resources[storage]',
    ]);
  });
});

describe('ValidateVolumeMounts (TestValidateVolumeMounts, TestValidateSubpathMutuallyExclusive, TestValidateMountPropagation)', () => {
  const { vols } = validateVolumes([
    { name: 'abc', persistentVolumeClaim: { claimName: 'testclaim1' } },
    { name: 'abc-123', persistentVolumeClaim: { claimName: 'testclaim2' } },
    { name: '123', hostPath: { path: '/foo/baz', type: '' } },
  ], undefined, 'field');
  const mounts = (volumeMounts: unknown[], extra: Partial<Container> = {}) =>
    validateVolumeMounts({ name: 'c', volumeMounts, volumeDevices: [{ name: 'xyz', devicePath: '/mnt/exists' }], ...extra } as Container, vols, 'field');

  it('accepts the success cases', () => {
    expect(mounts([
      { name: 'abc', mountPath: '/foo' }, { name: '123', mountPath: '/bar' }, { name: 'abc-123', mountPath: '/baz' },
      { name: 'abc-123', mountPath: '/bab', subPath: 'baz' }, { name: 'abc-123', mountPath: 'd:' }, { name: 'abc-123', mountPath: 'G:\\mount' },
      { name: 'abc-123', mountPath: '/bac', subPath: '.baz' }, { name: 'abc-123', mountPath: '/bad', subPath: '..baz' },
      { name: 'abc-123', mountPath: '/sub', subPathExpr: '$(POD_NAME)' },
      { name: '123', mountPath: '/rro-ifpossible', readOnly: true, recursiveReadOnly: 'IfPossible' },
      { name: '123', mountPath: '/rro-disabled-2', recursiveReadOnly: 'Disabled' },
      { name: '123', mountPath: '/rro-enabled-2', readOnly: true, recursiveReadOnly: 'Enabled', mountPropagation: 'None' },
      { name: '123', mountPath: '/htc', mountPropagation: 'HostToContainer' },
    ])).toEqual([]);
  });

  it.each([
    ['empty name', [{ name: '', mountPath: '/foo' }], [{ field: 'field[0].name', message: 'Required value' }, { field: 'field[0].name', message: 'Not found: ""' }]],
    ['name not found', [{ name: 'cache', mountPath: '/foo' }], [{ field: 'field[0].name', message: 'Not found: "cache"' }]],
    ['empty mountpath', [{ name: 'abc', mountPath: '' }], [{ field: 'field[0].mountPath', message: 'Required value' }]],
    ['mountpath collision', [{ name: 'abc', mountPath: '/path/a' }, { name: '123', mountPath: '/path/a' }], [{ field: 'field[1].mountPath', message: 'Invalid value: "/path/a": must be unique' }]],
    ['absolute subpath', [{ name: 'abc', mountPath: '/bar', subPath: '/baz' }], [{ field: 'field.subPath', message: 'Invalid value: "/baz": must be a relative path' }]],
    ['subpath in ..', [{ name: 'abc', mountPath: '/bar', subPath: '../baz' }], [{ field: 'field.subPath', message: 'Invalid value: "../baz": must not contain \'..\'' }]],
    ['subpath ends in ..', [{ name: 'abc', mountPath: '/bar', subPath: './..' }], [{ field: 'field.subPath', message: 'Invalid value: "./..": must not contain \'..\'' }]],
    ['subpath and subpathexpr specified', [{ name: 'abc', mountPath: '/bab', subPath: 'baz', subPathExpr: '$(POD_NAME)' }],
      [{ field: 'field[0].subPathExpr', message: 'Invalid value: "$(POD_NAME)": subPathExpr and subPath are mutually exclusive' }]],
    ['name exists in volumeDevice', [{ name: 'xyz', mountPath: '/bar' }], [{ field: 'field[0].name', message: 'Not found: "xyz"' }, { field: 'field[0].name', message: 'Invalid value: "xyz": must not already exist in volumeDevices' }]],
    ['mountpath exists in volumeDevice', [{ name: 'abc', mountPath: '/mnt/exists' }], [{ field: 'field[0].mountPath', message: 'Invalid value: "/mnt/exists": must not already exist as a path in volumeDevices' }]],
    ['bidirectional, not privileged', [{ name: 'abc', mountPath: '/bar', mountPropagation: 'Bidirectional' }], [{ field: 'field.mountPropagation', message: 'Forbidden: Bidirectional mount propagation is available only to privileged containers' }]],
    ['unknown propagation', [{ name: 'abc', mountPath: '/bar', mountPropagation: 'bad' }], [{ field: 'field.mountPropagation', message: 'Unsupported value: "bad": supported values: "Bidirectional", "HostToContainer", "None"' }]],
    ['rro but not ro', [{ name: '123', mountPath: '/rro-bad1', recursiveReadOnly: 'Enabled' }], [{ field: 'field.recursiveReadOnly', message: 'Forbidden: may only be specified when readOnly is true' }]],
    ['rro with incompatible propagation', [{ name: '123', mountPath: '/rro-bad2', readOnly: true, recursiveReadOnly: 'Enabled', mountPropagation: 'HostToContainer' }],
      [{ field: 'field.recursiveReadOnly', message: 'Forbidden: may only be specified when mountPropagation is None or not specified' }]],
    ['unknown rro', [{ name: '123', mountPath: '/rro', recursiveReadOnly: 'enabled' }], [{ field: 'field.recursiveReadOnly', message: 'Unsupported value: "enabled": supported values: "Disabled", "Enabled", "IfPossible"' }]],
  ])('%s', (_name, list, expected) => {
    expect(mounts(list)).toEqual(expected);
  });

  it('a privileged container may use Bidirectional propagation', () => {
    expect(mounts([{ name: 'abc', mountPath: '/bar', mountPropagation: 'Bidirectional' }], { securityContext: { privileged: true } })).toEqual([]);
  });
});

describe('ValidateVolumeDevices (TestAlphaValidateVolumeDevices)', () => {
  const { vols } = validateVolumes([
    { name: 'abc', persistentVolumeClaim: { claimName: 'testclaim1' } },
    { name: 'def', hostPath: { path: '/foo/baz' } },
  ], undefined, 'field');
  const devices = (volumeDevices: unknown[], volumeMounts: unknown[] = []) => validateVolumeDevices({ name: 'c', volumeDevices, volumeMounts } as Container, vols, 'field');

  it('accepts a claim-backed device', () => {
    expect(devices([{ name: 'abc', devicePath: '/dev/xvda' }])).toEqual([]);
  });

  it('refuses a device of another source, unknown, repeated, with backsteps or shared with a mount', () => {
    expect(devices([
      { name: 'def', devicePath: '/dev/a' }, { name: 'nope', devicePath: '/dev/b' }, { name: 'abc', devicePath: '/dev/../c' }, { name: 'abc', devicePath: '/data' },
    ], [{ name: 'abc', mountPath: '/data' }])).toEqual([
      { field: 'field[0].name', message: 'Invalid value: "def": can only use volume source type of PersistentVolumeClaim or Ephemeral for block mode' },
      { field: 'field[1].name', message: 'Not found: "nope"' },
      { field: 'field[2].devicePath', message: 'Invalid value: "/dev/../c": can not contain backsteps (\'..\')' },
      { field: 'field[2].name', message: 'Invalid value: "abc": must not already exist in volumeMounts' },
      { field: 'field[3].name', message: 'Invalid value: "abc": must be unique' },
      { field: 'field[3].name', message: 'Invalid value: "abc": must not already exist in volumeMounts' },
      { field: 'field[3].devicePath', message: 'Invalid value: "/data": must not already exist as a path in volumeMounts' },
    ]);
  });
});

describe('ValidateLocalNonReservedPath', () => {
  it.each([['p/..p/p../p..p', []], ['..p', ["must not start with '..'"]], ['../p', ["must not contain '..'"]], ['/p', ['must be a relative path']], ['/..', ['must be a relative path', "must not contain '..'"]]])('%s', (p, details) => {
    expect(validateLocalNonReservedPath(p, 'f').map((e) => e.message.replace(/^Invalid value: "[^"]*": /, ''))).toEqual(details);
  });
});

describe('image volumes (TestValidateVolumes "ImageVolumeSource", validateImageVolumeSource; pkg/api/pod/util.go dropImageVolumes)', () => {
  const image = (reference: string, pullPolicy?: string) => [{ name: 'img', image: { reference, ...(pullPolicy ? { pullPolicy } : {}) } }];

  it('"valid image volume on pod"; "image volume with wrong pullPolicy" is NotSupported, named as its release prints a named string type', () => {
    for (const v of ['1.35', '1.36', '1.37'] as const) expect(at(v, () => errorsOf(image('quay.io/my/artifact:v1', 'IfNotPresent'), 'web'))).toEqual([]);
    expect(at('1.37', () => errorsOf(image('quay.io/my/artifact:v1', 'wrong'), 'web'))).toEqual([
      { field: 'field[0].image.pullPolicy', message: 'Unsupported value: "wrong": supported values: "Always", "IfNotPresent", "Never"' },
    ]);
    // SetDefaults_Volume defaults an empty policy (Always for :latest, else IfNotPresent): never Required on create
    expect(at('1.37', () => errorsOf(image('busybox'), 'web'))).toEqual([]);
  });

  it('"image volume with empty reference on pod": Required of a Pod; of a template only from 1.37 (opts.ResourceIsPod before)', () => {
    const required = [{ field: 'field[0].image.reference', message: 'Required value' }];
    for (const v of ['1.35', '1.36', '1.37'] as const) expect([v, at(v, () => validateVolumes(image('') as never, undefined, 'field', true).errs)]).toEqual([v, required]);
    expect(at('1.36', () => errorsOf(image('')))).toEqual([]);
    expect(at('1.37', () => errorsOf(image('')))).toEqual(required);
  });

  it('without the ImageVolume gate (1.33, 1.34) the create path drops image volumes and the mounts of their names before validating', () => {
    const spec = {
      volumes: [{ name: 'img', image: { reference: '', pullPolicy: 'wrong' } }, { name: 'data', emptyDir: {} }],
      containers: [{ name: 'c', image: 'i', volumeMounts: [{ name: 'img', mountPath: '/data', subPath: '/abs' }, { name: 'data', mountPath: '/data' }] }],
      initContainers: [{ name: 'init', image: 'i', volumeMounts: [{ name: 'img', mountPath: '/img' }], volumeDevices: [{ name: 'img', devicePath: '/dev/x' }] }],
    };
    for (const v of ['1.33', '1.34'] as const) {
      // (the device is not dropped: it names a volume that is gone)
      expect([v, at(v, () => validate(pod(spec) as never))]).toEqual([v, [{ field: 'spec.initContainers[0].volumeDevices[0].name', message: 'Not found: "img"' }]]);
    }
    expect(at('1.35', () => validate(pod(spec) as never))).toEqual(expect.arrayContaining([
      { field: 'spec.volumes[0].image.reference', message: 'Required value' },
      { field: 'spec.volumes[0].image.pullPolicy', message: 'Unsupported value: "wrong": supported values: "Always", "IfNotPresent", "Never"' },
    ]));
    expect(withoutImageVolumes(spec as never)).toBe(spec);
  });
});

describe("a resourceFieldRef's divisor (validateContainerResourceDivisor, v1.33.13 … v1.37.2)", () => {
  const file = (resource: string, divisor?: unknown, containerName = 'c') => ({ path: 'f', resourceFieldRef: { containerName, resource, ...(divisor === undefined ? {} : { divisor }) } });
  const downward = (...items: unknown[]) => errorsOf([{ name: 'x', downwardAPI: { items } }]);
  const CPU = "only divisor's values 1m and 1 are supported with the cpu resource";
  const BYTES = "only divisor's values 1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei are supported with the";

  it('accepts each resource\'s divisors in their canonical form (Quantity.String), and an unset or zero one', () => {
    expect(downward(file('limits.cpu', '1m'), file('requests.cpu', '1000m'), file('limits.cpu', 0), file('limits.memory', '1Mi'), file('requests.memory', 1000),
      file('limits.ephemeral-storage', '1Gi'), file('limits.hugepages-2Mi', '1Ki'), file('limits.memory'), file('limits.cpu', '0.001'))).toEqual([]);
  });

  it('refuses other divisors, the resource as the bad value, at the source without the item index', () => {
    expect(downward(file('limits.cpu', '2'), file('requests.memory', '1024'), file('limits.ephemeral-storage', '1e3'), file('requests.hugepages-1Gi', '1m'), file('limits.cpu', '-1'))).toEqual([
      { field: 'field[0].downwardAPI.resourceFieldRef.divisor', message: `Invalid value: "limits.cpu": ${CPU}` },
      { field: 'field[0].downwardAPI.resourceFieldRef.divisor', message: `Invalid value: "requests.memory": ${BYTES} memory resource` },
      { field: 'field[0].downwardAPI.resourceFieldRef.divisor', message: `Invalid value: "limits.ephemeral-storage": ${BYTES} local ephemeral storage resource` },
      { field: 'field[0].downwardAPI.resourceFieldRef.divisor', message: `Invalid value: "requests.hugepages-1Gi": ${BYTES} hugepages resource` },
      { field: 'field[0].downwardAPI.resourceFieldRef.divisor', message: `Invalid value: "limits.cpu": ${CPU}` },
    ]);
  });

  it('is checked after a missing container or an unknown resource too (validateContainerResourceFieldSelector appends it last); unknown resources allow any', () => {
    expect(downward(file('limits.cpu', '3', ''), file('cpu', '3'), file('limits.gpu', '7'))).toEqual([
      { field: 'field[0].downwardAPI.resourceFieldRef.containerName', message: 'Required value' },
      { field: 'field[0].downwardAPI.resourceFieldRef.divisor', message: `Invalid value: "limits.cpu": ${CPU}` },
      { field: 'field[0].downwardAPI.resourceFieldRef.resource', message: 'Unsupported value: "cpu": supported values: "limits.cpu", "limits.ephemeral-storage", "limits.memory", "requests.cpu", "requests.ephemeral-storage", "requests.memory"' },
      { field: 'field[0].downwardAPI.resourceFieldRef.resource', message: 'Unsupported value: "limits.gpu": supported values: "limits.cpu", "limits.ephemeral-storage", "limits.memory", "requests.cpu", "requests.ephemeral-storage", "requests.memory"' },
    ]);
  });

  it('in a projected downwardAPI source, at that source; a divisor that does not decode is the decoder\'s refusal', () => {
    expect(errorsOf([{ name: 'x', projected: { sources: [{ downwardAPI: { items: [file('limits.memory', '3Mi')] } }] } }])).toEqual([
      { field: 'field[0].projected.sources[0].downwardAPI.resourceFieldRef.divisor', message: `Invalid value: "limits.memory": ${BYTES} memory resource` },
    ]);
    const bad = pod({ volumes: [{ name: 'x', projected: { sources: [{ downwardAPI: { items: [file('limits.memory', '1K')] } }] } }] });
    expect(decodeErrors(bad as never)).toEqual([{ field: 'spec.volumes[0].projected.sources[0].downwardAPI.items[0].resourceFieldRef.divisor', message: 'Invalid value: "1K": unable to parse quantity\'s suffix' }]);
    expect(() => assertDecodes(bad as never)).toThrow(/cannot be handled as a Pod: unable to parse quantity's suffix/);
  });
});

describe('a Pod and a template through validate()', () => {
  it('reports volumes, mounts of containers and init containers, at their paths', () => {
    const errors = validate(pod({
      volumes: [{ name: 'data', emptyDir: {} }, { name: 'data', emptyDir: {} }],
      containers: [{ name: 'c', image: 'i', volumeMounts: [{ name: 'cache', mountPath: '/cache' }] }],
      initContainers: [{ name: 'init', image: 'i', volumeMounts: [{ name: 'data', mountPath: '/data', subPath: '/abs' }] }],
    }) as never);
    expect(errors).toEqual(expect.arrayContaining([
      { field: 'spec.volumes[1].name', message: 'Duplicate value: "data"' },
      { field: 'spec.containers[0].volumeMounts[0].name', message: 'Not found: "cache"' },
      { field: 'spec.initContainers[0].volumeMounts.subPath', message: 'Invalid value: "/abs": must be a relative path' },
    ]));
    expect(errors).toHaveLength(3);
  });

  it("a Deployment's template is checked too, without the pod-name rules", () => {
    const deployment = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: {
      volumes: [{ name: 'cfg', configMap: {} }], containers: [{ name: 'c', image: 'i', volumeMounts: [{ name: 'cfg', mountPath: '/etc/cfg' }] }],
    } } } };
    expect(validate(deployment as never)).toEqual(expect.arrayContaining([
      { field: 'spec.template.spec.volumes[0].configMap.name', message: 'Required value' },
      { field: 'spec.template.spec.containers[0].volumeMounts[0].name', message: 'Not found: "cfg"' },
    ]));
  });

  it("a StatefulSet's containers mount its volumeClaimTemplates (apps/validation volumesToAddForTemplates), at every release", () => {
    const sts = (volumes: unknown[]) => ({ apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'db' }, spec: {
      serviceName: 'db', selector: { matchLabels: { app: 'db' } }, volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
      template: { metadata: { labels: { app: 'db' } }, spec: { volumes, containers: [{ name: 'c', image: 'i', volumeMounts: [{ name: 'data', mountPath: '/data' }] }] } } } });
    for (const v of ['1.33', '1.34', '1.37'] as const) expect(at(v, () => validate(sts([{ name: 'data', emptyDir: {} }]) as never))).toEqual([]);
    // the claim volumes come first: the template's own volume [0] is validated as [1]
    expect(at('1.37', () => validate(sts([{ name: 'config', configMap: {} }]) as never))).toEqual([{ field: 'spec.template.spec.volumes[1].configMap.name', message: 'Required value' }]);
  });

  it('lists of another JSON type (the decoder refuses them) read as empty: validation does not throw', () => {
    expect(() => validate(pod({ volumes: { data: {} }, containers: [{ name: 'c', image: 'i', volumeMounts: 'data', volumeDevices: 1 }] }) as never)).not.toThrow();
    expect(errorsOf([{ name: 'x', projected: { sources: 'token' } }, { name: 'y', configMap: { name: 'c', items: {} } }, 'z'])).toEqual([{ field: 'field[2].name', message: 'Required value' }]);
  });

  it('a valid pod with volumes is accepted', () => {
    expect(validate(pod({ volumes: [{ name: 'data' }], containers: [{ name: 'c', image: 'i', volumeMounts: [{ name: 'data', mountPath: '/data', readOnly: true }] }] }) as never)).toEqual([]);
  });
});

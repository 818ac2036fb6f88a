// StorageClass, CSINode, CSIDriver and RuntimeClass validation on create (validation-storage.ts), with upstream's texts:
// pkg/apis/storage/validation/validation.go and validation_test.go (TestValidateStorageClass,
// TestValidateAllowedTopologies, TestCSINodeValidation, TestCSIDriverValidation), pkg/apis/node/validation
// (TestValidateRuntimeClass, TestValidateOverhead, TestValidateScheduling) at v1.33.13 … v1.37.2, and what the create
// oracle answered (test/e2e/oracle-regressions-storage.test.ts freezes it).
import { KUBERNETES_VERSIONS, withConfiguration } from '../core/config';
import { validate, validateInput } from '../engine/validate';

const at = <T>(version: string, f: () => T): T => withConfiguration({ kubernetesVersion: version as never }, f);
const fields = (errors: Array<{ field: string; message: string }>) => errors.map((e) => `${e.field}: ${e.message}`);

const sc = (extra: Record<string, unknown> = {}) => ({ apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'gp3' }, provisioner: 'ebs.csi.aws.com', ...extra });
const csiNode = (drivers: unknown[]) => ({ apiVersion: 'storage.k8s.io/v1', kind: 'CSINode', metadata: { name: 'ip-10-0-1-23.ec2.internal' }, spec: { drivers } });
const csiDriver = (spec: Record<string, unknown> = {}, name = 'ebs.csi.aws.com') => ({ apiVersion: 'storage.k8s.io/v1', kind: 'CSIDriver', metadata: { name }, spec });
const rc = (extra: Record<string, unknown> = {}) => ({ apiVersion: 'node.k8s.io/v1', kind: 'RuntimeClass', metadata: { name: 'gvisor' }, handler: 'runsc', ...extra });
const fromCluster = <T extends { metadata: Record<string, unknown> }>(o: T): T => ({ ...o, metadata: { ...o.metadata, uid: 'u1', resourceVersion: '7' } });

describe.each(KUBERNETES_VERSIONS)('at %s', (version) => {
  test('valid objects as clouds and charts write them pass', () => {
    at(version, () => {
      for (const o of [
        sc({ parameters: { type: 'gp3', fsType: 'ext4' }, reclaimPolicy: 'Retain', volumeBindingMode: 'WaitForFirstConsumer', allowVolumeExpansion: true, mountOptions: ['debug'],
          allowedTopologies: [{ matchLabelExpressions: [{ key: 'topology.ebs.csi.aws.com/zone', values: ['us-east-1a', 'us-east-1b'] }] }] }),
        sc({ metadata: { name: 'local-storage', namespace: 'default' }, provisioner: 'kubernetes.io/no-provisioner', volumeBindingMode: 'WaitForFirstConsumer' }),
        csiNode([{ name: 'ebs.csi.aws.com', nodeID: 'i-0123456789abcdef0', topologyKeys: ['topology.ebs.csi.aws.com/zone'], allocatable: { count: 25 } }]),
        csiDriver({ attachRequired: true, podInfoOnMount: false, volumeLifecycleModes: ['Persistent'], fsGroupPolicy: 'File', tokenRequests: [{ audience: 'sts.amazonaws.com', expirationSeconds: 3600 }] }),
        rc({ overhead: { podFixed: { cpu: '250m', memory: '120Mi' } }, scheduling: { nodeSelector: { 'sandbox.gke.io/runtime': 'gvisor' }, tolerations: [{ key: 'sandbox.gke.io/runtime', operator: 'Equal', value: 'gvisor', effect: 'NoSchedule' }] } }),
      ]) expect(validate(o as never)).toEqual([]);
    });
  });

  test('a StorageClass: provisioner, parameters, reclaimPolicy, volumeBindingMode and allowedTopologies', () => {
    at(version, () => {
      expect(fields(validate(sc({ provisioner: '' }) as never))).toEqual(['provisioner: Required value']);
      // the provisioner is checked lower-cased, and printed so
      expect(fields(validate(sc({ provisioner: 'Bad Provisioner' }) as never))[0]).toMatch(/^provisioner: Invalid value: "bad provisioner": name part must consist of/);
      expect(fields(validate(sc({ parameters: { '': 'x' } }) as never))).toEqual(['parameters: Invalid value: "": field can not be empty.']);
      expect(fields(validate(sc({ parameters: Object.fromEntries([...Array(513).keys()].map((i) => [`k${i}`, 'v'])) }) as never))).toEqual(['parameters: Too long: may not be more than 512 bytes']);
      expect(fields(validate(sc({ parameters: { big: 'x'.repeat(262_142) } }) as never))).toEqual(['parameters: Too long: may not be more than 262144 bytes']);
      // an empty reclaimPolicy is accepted (only a non-empty one is checked); a defaulted one is Delete
      expect(validate(sc({ reclaimPolicy: '' }) as never)).toEqual([]);
      expect(fields(validate(sc({ reclaimPolicy: 'Recycle' }) as never))).toEqual(['reclaimPolicy: Unsupported value: "Recycle": supported values: "Delete", "Retain"']);
      expect(fields(validate(sc({ volumeBindingMode: 'Sometimes' }) as never))).toEqual(['volumeBindingMode: Unsupported value: "Sometimes": supported values: "Immediate", "WaitForFirstConsumer"']);
      expect(fields(validate(sc({ volumeBindingMode: '' }) as never))).toEqual(['volumeBindingMode: Unsupported value: "": supported values: "Immediate", "WaitForFirstConsumer"']);
      const key = 'topology.kubernetes.io/zone';
      expect(fields(validate(sc({ allowedTopologies: [{ matchLabelExpressions: [{ key, values: [] }, { key, values: ['a', 'a'] }, { key: 'bad key', values: ['a'] }] }] }) as never))).toEqual([
        'allowedTopologies[0].matchLabelExpressions[0].values: Required value',
        'allowedTopologies[0].matchLabelExpressions[1].values[1]: Duplicate value: "a"',
        'allowedTopologies[0].matchLabelExpressions[1].key: Duplicate value: "topology.kubernetes.io/zone"',
        expect.stringMatching(/^allowedTopologies\[0\]\.matchLabelExpressions\[2\]\.key: Invalid value: "bad key": name part must consist of/),
      ]);
      // the same term twice
      const term = { matchLabelExpressions: [{ key, values: ['a', 'b'] }] };
      expect(fields(validate(sc({ allowedTopologies: [term, { matchLabelExpressions: [{ key, values: ['b', 'a'] }] }] }) as never))).toEqual(['allowedTopologies[1].matchLabelExpressions: Duplicate value: ""']);
    });
  });

  test('a StorageClass: a term without expressions is a duplicate of the nil entries upstream starts its list with', () => {
    at(version, () => {
      // rawTopologies := make([]map[…], len(topologies)): two terms, so two nil entries, equal to an empty term
      const key = 'topology.kubernetes.io/zone';
      // (from 1.37 the API server reports an error once however often validation finds it: validateObject)
      const twice = version === '1.37' ? 1 : 2;
      expect(fields(validate(sc({ allowedTopologies: [{}, { matchLabelExpressions: [{ key, values: ['a'] }] }] }) as never)))
        .toEqual(Array(twice).fill('allowedTopologies[0].matchLabelExpressions: Duplicate value: ""'));
      expect(fields(validate(sc({ allowedTopologies: [{ matchLabelExpressions: [] }, {}] }) as never))).toHaveLength(version === '1.37' ? 2 : 5);
    });
  });

  test('a CSINode: driver names, node IDs, counts, repeated drivers and topology keys', () => {
    at(version, () => {
      expect(fields(validate(csiNode([
        { name: 'ebs.csi.aws.com', nodeID: '', allocatable: { count: -1 } },
        { name: 'ebs.csi.aws.com', nodeID: 'n'.repeat(257), topologyKeys: ['', 'a', 'a'] },
      ]) as never))).toEqual([
        'spec.drivers[0].nodeID: Required value',
        'spec.drivers[0].allocatable.count: Invalid value: -1: must be greater than or equal to 0',
        `spec.drivers[1].nodeID: Invalid value: "${'n'.repeat(257)}": must be 256 characters or less`,
        'spec.drivers[1].name: Duplicate value: "ebs.csi.aws.com"',
        'spec.drivers[1]: Required value',
        expect.stringMatching(/^spec\.drivers\[1\]: Invalid value: "": name part must be non-empty/),
        expect.stringMatching(/^spec\.drivers\[1\]: Invalid value: "": name part must consist of/),
        'spec.drivers[1]: Duplicate value: "a"',
      ]);
      // a node ID of 256 characters is accepted at every release (AllowLongNodeID before 1.36, the limit after)
      expect(validate(csiNode([{ name: 'ebs.csi.aws.com', nodeID: 'n'.repeat(256) }]) as never)).toEqual([]);
    });
  });

  test('a CSIDriver: fsGroupPolicy, tokenRequests and volumeLifecycleModes', () => {
    at(version, () => {
      expect(fields(validate(csiDriver({ fsGroupPolicy: 'file' }) as never))).toEqual(['spec.fsGroupPolicy: Unsupported value: "file": supported values: "File", "None", "ReadWriteOnceWithFSType"']);
      expect(fields(validate(csiDriver({ tokenRequests: [{ audience: 'a', expirationSeconds: 599 }, { audience: 'a', expirationSeconds: 1 }, { audience: 'b', expirationSeconds: 4294967297 }] }) as never))).toEqual([
        'spec.tokenRequests[0].expirationSeconds: Invalid value: 599: may not specify a duration less than 10 minutes',
        'spec.tokenRequests[1].audience: Duplicate value: "a"',
        'spec.tokenRequests[2].expirationSeconds: Invalid value: 4294967297: may not specify a duration larger than 2^32 seconds',
      ]);
      expect(fields(validate(csiDriver({ volumeLifecycleModes: ['Persistent', 'Inline'] }) as never))).toEqual(['spec.volumeLifecycleModes: Unsupported value: "Inline": supported values: "Persistent", "Ephemeral"']);
      // the booleans SetDefaults_CSIDriver fills are never missing
      expect(validate(csiDriver({}) as never)).toEqual([]);
    });
  });

  test('a RuntimeClass: handler, overhead and scheduling', () => {
    at(version, () => {
      expect(fields(validate(rc({ handler: 'runsc.v2' }) as never))).toEqual(['handler: Invalid value: "runsc.v2": must not contain dots']);
      expect(fields(validate(rc({ overhead: { podFixed: { cpu: '-250m', 'hugepages-2Mi': '2Mi' } } }) as never))).toEqual([
        'overhead.limits[cpu]: Invalid value: "-250m": must be greater than or equal to 0',
      ]);
      expect(fields(validate(rc({ overhead: { podFixed: { 'hugepages-2Mi': '2Mi' } } }) as never))).toEqual(['overhead: Forbidden: HugePages require cpu or memory']);
      const t = { key: 'kata', operator: 'Exists', effect: 'NoSchedule' };
      expect(fields(validate(rc({ scheduling: { nodeSelector: { 'bad key': 'x' }, tolerations: [t, { ...t }, { key: 'k', operator: 'Lt', value: '5' }] } }) as never))).toEqual([
        expect.stringMatching(/^scheduling\.nodeSelector: Invalid value: "bad key": name part must consist of/),
        // Lt and Gt are refused whatever the gate (PodValidationOptions{}), told without the gate's hint
        // (before 1.35 the core checks' paths repeat the list's name, upstream's own slip)
        version >= '1.35'
          ? 'scheduling.tolerations[2].operator: Unsupported value: "Lt": supported values: "Equal", "Exists", "Lt", "Gt"'
          : 'scheduling.tolerations.tolerations[2].operator: Unsupported value: "Lt": supported values: "Equal", "Exists"',
        version >= '1.34'
          ? 'scheduling.tolerations[1]: Duplicate value: {"Key":"kata","Operator":"Exists","Value":"","Effect":"NoSchedule","TolerationSeconds":null}'
          : 'scheduling.tolerations[1]: Duplicate value: core.Toleration{Key:"kata", Operator:"Exists", Value:"", Effect:"NoSchedule", TolerationSeconds:(*int64)(nil)}',
      ]);
    });
  });

  test('a cluster-scoped object\'s namespace is cleared, its name must be a DNS subdomain', () => {
    at(version, () => {
      expect(validate(rc({ metadata: { name: 'gvisor', namespace: 'default' } }) as never)).toEqual([]);
      expect(fields(validate(csiDriver({}, 'Bad_Name') as never))[0]).toMatch(/^metadata\.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain/);
      expect(fields(validate(sc({ metadata: {} }) as never))).toEqual(['metadata.name: Required value: name or generateName is required']);
    });
  });

  test('an object read from a cluster is validated as an update of itself', () => {
    at(version, () => {
      expect(fields(validateInput(fromCluster(sc({ volumeBindingMode: 'Sometimes' })) as never).errors)).toEqual(['volumeBindingMode: Unsupported value: "Sometimes": supported values: "Immediate", "WaitForFirstConsumer"']);
      // before 1.36 the strategy ran ValidateCSINode and ValidateCSINodeUpdate, which runs it again: the error twice
      expect(fields(validateInput(fromCluster(csiNode([{ name: 'ebs.csi.aws.com', nodeID: 'i-1', allocatable: { count: -1 } }])) as never).errors))
        .toEqual(Array(version < '1.36' ? 2 : 1).fill('spec.drivers[0].allocatable.count: Invalid value: -1: must be greater than or equal to 0'));
      // the labels are checked four times before 1.37 (validateCommonFields twice, ValidateRuntimeClass and its Update), once from 1.37
      expect(validateInput(fromCluster(rc({ metadata: { name: 'gvisor', labels: { app: '-x' } } })) as never).errors).toHaveLength(version === '1.37' ? 1 : 4);
      // ValidateCSIDriverUpdate checks the metadata as an update: the name is not checked again
      expect(validateInput(fromCluster(csiDriver({}, 'Bad_Name')) as never).errors).toEqual([]);
      // PrepareForUpdate keeps what the stored object has: a period the create would drop is checked
      expect(fields(validateInput(fromCluster(csiDriver({ nodeAllocatableUpdatePeriodSeconds: 5 })) as never).errors)).toEqual(['spec.nodeAllocatableUpdatePeriodSeconds: Invalid value: 5: must be greater than or equal to 10 seconds']);
    });
  });
});

describe('what moves between releases', () => {
  test('an empty RuntimeClass handler: a DNS label error before 1.36, Required from 1.36', () => {
    expect(fields(at('1.35', () => validate(rc({ handler: '' }) as never)))).toEqual([expect.stringMatching(/^handler: Invalid value: "": a lowercase RFC 1123 label must consist of/)]);
    expect(fields(at('1.36', () => validate(rc({ handler: '' }) as never)))).toEqual(['handler: Required value']);
  });

  test('a long handler: "characters" up to 1.36, declarative validation\'s "bytes" from 1.37 on create; the handwritten text on an update of itself', () => {
    const long = 'x'.repeat(64);
    expect(fields(at('1.36', () => validate(rc({ handler: long }) as never)))).toEqual([`handler: Invalid value: "${long}": must be no more than 63 characters`]);
    expect(fields(at('1.37', () => validate(rc({ handler: long }) as never)))).toEqual([`handler: Invalid value: "${long}": must be no more than 63 bytes`]);
    // declarative validation skips the unchanged handler; the handwritten error, marked covered, is dropped only for a declarative one
    expect(fields(at('1.37', () => validateInput(fromCluster(rc({ handler: long })) as never).errors))).toEqual([`handler: Invalid value: "${long}": must be no more than 63 characters`]);
  });

  test('a CSIDriver\'s nodeAllocatableUpdatePeriodSeconds is dropped on create without MutableCSINodeAllocatableCount (1.33, 1.34)', () => {
    const d = csiDriver({ nodeAllocatableUpdatePeriodSeconds: 5 });
    expect(at('1.34', () => validate(d as never))).toEqual([]);
    expect(fields(at('1.35', () => validate(d as never)))).toEqual(['spec.nodeAllocatableUpdatePeriodSeconds: Invalid value: 5: must be greater than or equal to 10 seconds']);
  });

  test('serviceAccountTokenInSecrets without tokenRequests is refused from 1.35 (the field is new there)', () => {
    const d = csiDriver({ serviceAccountTokenInSecrets: true });
    expect(fields(at('1.35', () => validate(d as never)))).toEqual(['spec.serviceAccountTokenInSecrets: Invalid value: true: serviceAccountTokenInSecrets is set but no tokenRequests are specified']);
    expect(at('1.35', () => validate(csiDriver({ serviceAccountTokenInSecrets: true, tokenRequests: [{ audience: 'vault' }] }) as never))).toEqual([]);
  });

  test('a wrong JSON type is the decoder\'s refusal', () => {
    expect(fields(validate(sc({ allowVolumeExpansion: 'true' }) as never))[0]).toMatch(/^allowVolumeExpansion: /);
    expect(fields(validate(csiNode([{ name: 'a', nodeID: 'b', allocatable: { count: '25' } }]) as never))[0]).toMatch(/^spec\.drivers\[0\]\.allocatable\.count: /);
  });
});

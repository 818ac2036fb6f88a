// Karpenter's volume topology (volumetopology.go) through the port (provision, the objects given being all the cluster
// has, as in upstream's envtest suite: no PV controller, no admission) and the matchers. Each case names the
// kubernetes-sigs/karpenter v1.14.1 test it ports: pkg/controllers/provisioning/suite_test.go Context("Volume Topology
// Requirements") (`suite_test.go:<line>`), with upstream's fixtures (pkg/test/storage.go: a claim with volumeName gets
// the bind-completed annotation; a PV's Zones are one `topology.kubernetes.io/zone In` term; a class's Zones one
// allowedTopologies term; test.NodePool() is unconstrained).
import { chooseNodePool, poolModel, provision } from '.';
import { toSubject } from '../k8s/subject';
import { configure, resetConfiguration } from '../core/config';
import type { NodePool } from '../loader';
import { failure } from '../../test/fixtures';

const ZONE = 'topology.kubernetes.io/zone';
const HOST = 'kubernetes.io/hostname';
afterEach(() => resetConfiguration());

const nodePool = (name = 'default', requirements: object[] = []): NodePool => ({
  apiVersion: 'karpenter.sh/v1', kind: 'NodePool', metadata: { name },
  spec: { template: { spec: { requirements: requirements as never, nodeClassRef: { group: 'karpenter.kwok.sh', kind: 'KWOKNodeClass', name: 'default' } } } },
});

type Expr = { key: string; operator: string; values?: string[] };
const pod = (o: { claims?: string[]; ephemeral?: Array<string | undefined>; zones?: string[]; terms?: Expr[][]; name?: string } = {}) => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name: o.name ?? 'p', namespace: 'default' },
  spec: {
    containers: [{ name: 'c', image: 'pause' }],
    volumes: [
      ...(o.claims ?? []).map((claimName, i) => ({ name: `v${i}`, persistentVolumeClaim: { claimName } })),
      ...(o.ephemeral ?? []).map((storageClassName, i) => ({
        name: `e${i}`,
        ephemeral: { volumeClaimTemplate: { spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, ...(storageClassName ? { storageClassName } : {}) } } },
      })),
    ],
    ...(o.zones || o.terms ? {
      affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: o.terms ? o.terms.map((matchExpressions) => ({ matchExpressions })) : [{ matchExpressions: [{ key: ZONE, operator: 'In', values: o.zones }] }] } } },
    } : {}),
  },
});

const claim = (name: string, o: { storageClassName?: string | null; volumeName?: string; annotations?: Record<string, string>; phase?: string; deletionTimestamp?: string } = {}) => ({
  apiVersion: 'v1', kind: 'PersistentVolumeClaim',
  metadata: {
    name, namespace: 'default',
    ...(o.volumeName || o.annotations ? { annotations: { ...(o.volumeName ? { 'pv.kubernetes.io/bind-completed': 'yes' } : {}), ...o.annotations } } : {}),
    ...(o.deletionTimestamp ? { deletionTimestamp: o.deletionTimestamp } : {}),
  },
  spec: {
    accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } },
    ...(o.storageClassName !== undefined && o.storageClassName !== null ? { storageClassName: o.storageClassName } : {}),
    ...(o.volumeName ? { volumeName: o.volumeName } : {}),
  },
  ...(o.phase ? { status: { phase: o.phase } } : {}),
});

const volume = (name: string, o: { zones?: string[]; terms?: Expr[][]; local?: boolean; hostPath?: boolean; storageClassName?: string; deletionTimestamp?: string } = {}) => ({
  apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name, ...(o.deletionTimestamp ? { deletionTimestamp: o.deletionTimestamp } : {}) },
  spec: {
    ...(o.local ? { local: { path: '/mnt/local-disks' } } : o.hostPath ? { hostPath: { path: '/mnt/local-disks' } } : { csi: { driver: 'test.driver', volumeHandle: 'test-handle' } }),
    accessModes: ['ReadWriteOnce'], capacity: { storage: '100Gi' }, storageClassName: o.storageClassName ?? '',
    ...(o.terms ? { nodeAffinity: { required: { nodeSelectorTerms: o.terms.map((matchExpressions) => ({ matchExpressions })) } } }
      : o.zones ? { nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: ZONE, operator: 'In', values: o.zones }] }] } } } : {}),
  },
});

const storageClass = (name: string, o: { zones?: string[][]; mode?: string; provisioner?: string } = {}) => ({
  apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name }, provisioner: o.provisioner ?? 'test-provisioner',
  ...(o.mode ? { volumeBindingMode: o.mode } : {}),
  ...(o.zones ? { allowedTopologies: o.zones.map((values) => ({ matchLabelExpressions: [{ key: ZONE, values }] })) } : {}),
});

// BeforeEach: the class every case uses (test-zone-2, test-zone-3; WaitForFirstConsumer)
const SC = storageClass('my-storage-class', { zones: [['test-zone-2', 'test-zone-3']], mode: 'WaitForFirstConsumer' });
const one = (p: unknown, storage: unknown[], pools = [nodePool()]) => provision(toSubject(p), pools.map(poolModel), { storage: storage as never });

describe('suite_test.go Context("Volume Topology Requirements")', () => {
  test('should not schedule if invalid pvc (:1995): the pod is ignored, Karpenter\'s Validate error', () => {
    const r = one(pod({ claims: ['invalid'] }), [SC]);
    expect(r.chosen).toBeUndefined();
    expect(r.pools[0].stage).toBe('pod ignored');
    expect(r.error).toBe('Failed to schedule pod, getting persistent volume claim, persistentvolumeclaims "invalid" not found (PersistentVolumeClaim=invalid)');
  });
  test('should schedule with an empty storage class if the pvc is bound (:2004)', () => {
    expect(one(pod({ claims: ['c'] }), [claim('c', { storageClassName: '', volumeName: 'test-volume' }), volume('test-volume')]).chosen?.pool).toBe('default');
  });
  test('should not schedule with an empty storage class if the pvc is not bound (:2024)', () => {
    const r = one(pod({ claims: ['c'] }), [claim('c', { storageClassName: '' })]);
    expect(r.error).toBe('Failed to schedule pod, unbound pvc must define a storage class (PersistentVolumeClaim=default/c, StorageClass=)');
  });
  test('should schedule with a missing storage class if the pvc is bound (:2034)', () => {
    const storage = [claim('c', { storageClassName: 'missing-storage-class', volumeName: 'test-volume' }), volume('test-volume', { storageClassName: 'missing-storage-class' })];
    expect(one(pod({ claims: ['c'] }), storage).chosen).toBeDefined();
  });
  test('should not schedule with a missing storage class if the pvc is not bound (:2054)', () => {
    const r = one(pod({ claims: ['c'] }), [claim('c', { storageClassName: 'missing-storage-class' })]);
    expect(r.error).toBe('Failed to schedule pod, failed to validate pvc, failed to get storage class, storageclasses.storage.k8s.io "missing-storage-class" not found (PersistentVolumeClaim=default/c, StorageClass=missing-storage-class)');
    // the matchers cannot tell a class missing from the cluster from one missing from the inputs: not modelled (volume-model.test.ts)
    expect(failure(() => expect(pod({ claims: ['c'] })).not.toBeProvisionableBy(nodePool(), { storage: [claim('c', { storageClassName: 'missing-storage-class' })] })))
      .toContain('PersistentVolumeClaim default/c asks for StorageClass missing-storage-class, which is not among the storage objects given');
  });
  test('should schedule valid pods when a pod with an invalid pvc is encountered (pvc, storage class, volume name) (:2066, :2077, :2090)', () => {
    const storage = [claim('bad-class', { storageClassName: 'invalid-storage-class' }), claim('bad-volume', { volumeName: 'invalid-volume-name' })];
    expect(one(pod({ claims: ['bad-class'] }), storage).chosen).toBeUndefined();
    const r = one(pod({ claims: ['bad-volume'] }), storage);
    expect(r.error).toBe('Failed to schedule pod, failed to validate pvc, persistentvolumes "invalid-volume-name" not found (PersistentVolume=invalid-volume-name, PersistentVolumeClaim=default/bad-volume, StorageClass=)');
    expect(one(pod(), storage).chosen).toBeDefined(); // the valid pod beside them
  });
  test('should schedule to storage class zones if volume does not exist (:2103)', () => {
    const r = one(pod({ claims: ['c'], zones: ['test-zone-1', 'test-zone-3'] }), [SC, claim('c', { storageClassName: SC.metadata.name })]);
    expect(r.chosen?.details.join('\n')).toContain(`the pod's volumes narrow the node to ${ZONE} In [test-zone-3] (claim default/c (volume v0) is unbound, and its StorageClass my-storage-class allowedTopologies[0])`);
  });
  test('should schedule to storage class zones if volume does not exist (ephemeral volume) (:2116): the ephemeral controller\'s claim', () => {
    // upstream applies the claim `<pod>-<volume>`; here the ephemeral controller's claim (admission/storage.ts) stands in for it
    const r = one(pod({ ephemeral: [SC.metadata.name], zones: ['test-zone-1', 'test-zone-3'] }), [SC]);
    expect(r.chosen?.details.join('\n')).toContain(`${ZONE} In [test-zone-3] (claim default/p-e0 (volume e0)`);
    const given = one(pod({ ephemeral: [SC.metadata.name], zones: ['test-zone-1', 'test-zone-3'] }), [SC, claim('p-e0', { storageClassName: SC.metadata.name })]);
    expect(given.chosen).toBeDefined();
  });
  test('should not schedule if storage class zones are incompatible (:2138, ephemeral :2150)', () => {
    for (const p of [pod({ claims: ['c'], zones: ['test-zone-1'] }), pod({ ephemeral: [SC.metadata.name], zones: ['test-zone-1'] })]) {
      const r = one(p, [SC, claim('c', { storageClassName: SC.metadata.name })]);
      expect(r.pools[0].stage).toBe('volume topology');
      expect(r.error).toBe(`Failed to schedule pod, incompatible volume requirements, key ${ZONE}, ${ZONE} In [test-zone-2 test-zone-3] not in ${ZONE} In [test-zone-1]`);
    }
  });
  test('should schedule to volume zones if volume already bound (:2171, ephemeral :2182)', () => {
    const pv = volume('pv', { zones: ['test-zone-3'] });
    const r = one(pod({ claims: ['c'] }), [SC, pv, claim('c', { volumeName: 'pv', storageClassName: SC.metadata.name })]);
    expect(r.chosen?.details.join('\n')).toContain(`narrow the node to ${ZONE} In [test-zone-3] (claim default/c (volume v0) is bound to PersistentVolume pv, whose spec.nodeAffinity.required.nodeSelectorTerms[0])`);
    const e = one(pod({ ephemeral: [SC.metadata.name] }), [SC, pv, claim('p-e0', { volumeName: 'pv', storageClassName: SC.metadata.name })]);
    expect(e.chosen?.details.join('\n')).toContain(`${ZONE} In [test-zone-3]`);
  });
  test.each([['local', { local: true }], ['hostPath', { hostPath: true }]])('should ignore hostname affinity scheduling when using local path volumes: %s (:2206, ephemeral :2248)', (_, o) => {
    const local = storageClass('local-path', { provisioner: 'kubernetes.io/no-provisioner' });
    const pv = volume('pv', { ...o, terms: [[{ key: HOST, operator: 'In', values: ['some-node'] }]] });
    expect(one(pod({ claims: ['c'] }), [local, pv, claim('c', { volumeName: 'pv', storageClassName: 'local-path' })]).chosen).toBeDefined();
    expect(one(pod({ ephemeral: ['local-path'] }), [local, pv, claim('p-e0', { volumeName: 'pv', storageClassName: 'local-path' })]).chosen).toBeDefined();
  });
  test('should not ignore hostname affinity when using non-local path volumes (:2290)', () => {
    const pv = volume('pv', { terms: [[{ key: HOST, operator: 'In', values: ['some-node'] }]] });
    const r = one(pod({ claims: ['c'] }), [SC, pv, claim('c', { volumeName: 'pv', storageClassName: SC.metadata.name })]);
    expect(r.error).toBe(`Failed to schedule pod, incompatible volume requirements, key ${HOST}, ${HOST} In [some-node] not in ${HOST} In [hostname-placeholder-0001]`);
    expect(r.pools[0].details[0]).toBe(`claim default/c (volume v0) is bound to PersistentVolume pv, whose spec.nodeAffinity.required.nodeSelectorTerms[0] asks for ${HOST} In [some-node], which has no value in common with ${HOST} In [hostname-placeholder-0001] (the new node's own hostname)`);
  });
  test('should not schedule if volume zones are incompatible (:2317, ephemeral :2330)', () => {
    const pv = volume('pv', { zones: ['test-zone-3'] });
    for (const p of [pod({ claims: ['c'], zones: ['test-zone-1'] }), pod({ ephemeral: [SC.metadata.name], zones: ['test-zone-1'] })]) {
      const r = one(p, [SC, pv, claim('c', { volumeName: 'pv', storageClassName: SC.metadata.name }), claim('p-e0', { volumeName: 'pv', storageClassName: SC.metadata.name })]);
      expect(r.error).toBe(`Failed to schedule pod, incompatible volume requirements, key ${ZONE}, ${ZONE} In [test-zone-3] not in ${ZONE} In [test-zone-1]`);
    }
  });
  test('should not relax an added volume topology zone node-selector away (:2353)', () => {
    const pv = volume('pv', { zones: ['test-zone-3'] });
    const p = pod({ claims: ['c'], terms: [[{ key: 'example.com/label', operator: 'In', values: ['unsupported'] }], [{ key: 'karpenter.sh/capacity-type', operator: 'In', values: ['on-demand'] }]] });
    const r = one(p, [SC, pv, claim('c', { volumeName: 'pv', storageClassName: SC.metadata.name })]);
    expect(r.chosen?.round).toBe('after relaxing: required nodeSelectorTerms[0] removed');
    expect(r.chosen?.details.join('\n')).toContain(`${ZONE} In [test-zone-3]`);
  });
});

describe('scheduling/suite_test.go volume topology cases (single pod, one new node)', () => {
  test.each([['local', { local: true }], ['hostPath', { hostPath: true }]])('should preserve unconstrained PV alternatives after ignoring hostname affinity: %s (scheduling/suite_test.go:3091)', (_, o) => {
    const pv = volume('hostname-or-zone-pv', { ...o, terms: [[{ key: HOST, operator: 'In', values: ['existing-host'] }], [{ key: ZONE, operator: 'In', values: ['invalid-zone'] }]] });
    const r = one(pod({ claims: ['c'] }), [pv, claim('c', { volumeName: pv.metadata.name })]);
    // the first alternative (the hostname term without its hostname) is unconstrained and wins: no narrowing
    expect(r.chosen).toBeDefined();
    expect(r.chosen?.volumes).toBeUndefined();
  });
  test('should schedule pods when a valid multi-volume topology alternative remains after pruning disjoint branches (scheduling/suite_test.go:3165, the fake provider\'s "special" instance label as a pool requirement)', () => {
    const special = 'special';
    const scA = { ...storageClass('pruned-overlap-a', { mode: 'WaitForFirstConsumer' }), allowedTopologies: [
      { matchLabelExpressions: [{ key: special, values: ['required'] }] }, { matchLabelExpressions: [{ key: special, values: ['optional'] }] }] };
    const scB = { ...storageClass('pruned-overlap-b', { mode: 'WaitForFirstConsumer' }), allowedTopologies: [
      { matchLabelExpressions: [{ key: ZONE, values: ['test-zone-1'] }, { key: special, values: ['optional'] }] },
      { matchLabelExpressions: [{ key: ZONE, values: ['test-zone-2'] }, { key: special, values: ['required'] }] }] };
    const storage = [scA, scB, claim('a', { storageClassName: scA.metadata.name }), claim('b', { storageClassName: scB.metadata.name })];
    // upstream's instance types offer "special: optional" only (the exotic ones are not among fake.InstanceTypes(5)); here the pool says so
    const pool = nodePool('default', [{ key: special, operator: 'In', values: ['optional'] }]);
    const r = one(pod({ claims: ['a', 'b'] }), storage, [pool]);
    expect(r.chosen?.volumes).toBe(`volume topology alternative 2 of 2: the pod's volumes narrow the node to special In [optional], ${ZONE} In [test-zone-1] (claim default/a (volume v0) is unbound, and its StorageClass pruned-overlap-a allowedTopologies[1]; claim default/b (volume v1) is unbound, and its StorageClass pruned-overlap-b allowedTopologies[0])`);
    // the crossing kept two of the four combinations: required+zone-2 (first, refused by the pool) and optional+zone-1
    const only = one(pod({ claims: ['a', 'b'] }), storage, [nodePool('default', [{ key: special, operator: 'In', values: ['none'] }])]);
    expect(only.pools[0].details[0]).toMatch(/^volume topology alternative 2 of 2: /);
  });
});

describe('scheduling/suite_test.go Describe("VolumeUsage"), the new node\'s part (volume limits count on existing nodes only)', () => {
  const dflt = (name: string, created: string, zones: string[]) => ({
    ...storageClass(name, { mode: 'WaitForFirstConsumer', zones: [zones] }),
    metadata: { name, creationTimestamp: created, annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } },
  });
  test('should launch nodes for pods with ephemeral volume using a default storage class (:3318): DefaultStorageClass admission gives the claim its class', () => {
    const r = one(pod({ ephemeral: [undefined] }), [dflt('default-storage-class', '2026-01-01T00:00:00Z', ['test-zone-1'])]);
    expect(r.chosen?.volumes).toContain(`${ZONE} In [test-zone-1] (claim default/p-e0 (volume e0) is unbound, and its StorageClass default-storage-class allowedTopologies[0])`);
  });
  test('should launch nodes for pods with ephemeral volume using the newest storage class (:3414)', () => {
    const storage = [dflt('default-storage-class', '2026-01-01T00:00:00Z', ['test-zone-1']), dflt('newer-default-storage-class', '2026-01-01T00:00:02Z', ['test-zone-2'])];
    expect(one(pod({ ephemeral: [undefined] }), storage).chosen?.volumes).toContain('its StorageClass newer-default-storage-class');
  });
  test('should not fail for NFS volumes (:3009): a bound NFS PV with no class narrows by its affinity', () => {
    const pv = { ...volume('my-volume', { zones: ['test-zone-1'], storageClassName: 'nfs' }) };
    const nfs = { ...pv, spec: { ...pv.spec, csi: undefined, nfs: { server: 'fake.server', path: '/some/path' } } };
    expect(one(pod({ claims: ['my-claim'] }), [nfs, claim('my-claim', { volumeName: 'my-volume', storageClassName: '' })]).chosen?.volumes).toContain(`${ZONE} In [test-zone-1]`);
  });
  test.each([[false], [true]])('should handle pods with PVCs with defined volumeName, bind-completed present: %s (:3777)', (present) => {
    const sc = storageClass('default-storage-class', { mode: 'WaitForFirstConsumer', zones: [['test-zone-1']] });
    const c = claim('tmp-ephemeral', { volumeName: 'pv', storageClassName: sc.metadata.name });
    if (!present) delete (c.metadata as { annotations?: Record<string, string> }).annotations;
    expect(one(pod({ claims: ['tmp-ephemeral'] }), [sc, volume('pv'), c]).chosen !== undefined).toBe(present);
  });
  test('should not launch nodes for pod with unbound volume for volumeBindingMode immediate / deleting claim / deleting PV / Lost claim (:3662, :3684, :3707, :3749)', () => {
    const imm = storageClass('sc', { mode: 'Immediate' });
    expect(one(pod({ claims: ['c'] }), [imm, claim('c', { storageClassName: 'sc' })]).pools[0].stage).toBe('pod ignored');
    expect(one(pod({ claims: ['c'] }), [SC, claim('c', { storageClassName: SC.metadata.name, deletionTimestamp: '2026-01-01T00:00:00Z' })]).pools[0].stage).toBe('pod ignored');
    expect(one(pod({ ephemeral: [undefined] }), [volume('pv', { deletionTimestamp: '2026-01-01T00:00:00Z' }), claim('p-e0', { volumeName: 'pv' })]).pools[0].stage).toBe('pod ignored');
    expect(one(pod({ claims: ['c'] }), [SC, claim('c', { storageClassName: SC.metadata.name, phase: 'Lost' })]).pools[0].stage).toBe('pod ignored');
  });
});

describe('volumetopology.go beyond the suite: several terms, several claims, Validate\'s other errors', () => {
  test('each nodeSelectorTerm is an alternative, tried in order; the last error stands when all fail (nodeclaim.go CanAdd)', () => {
    const pv = volume('pv', { terms: [[{ key: ZONE, operator: 'In', values: ['a'] }], [{ key: ZONE, operator: 'In', values: ['b'] }]] });
    const storage = [pv, claim('c', { volumeName: 'pv' })];
    expect(one(pod({ claims: ['c'], zones: ['b'] }), storage).chosen).toBeDefined();
    const r = one(pod({ claims: ['c'], zones: ['c'] }), storage);
    expect(r.error).toBe(`Failed to schedule pod, incompatible volume requirements, key ${ZONE}, ${ZONE} In [b] not in ${ZONE} In [c]`);
    expect(r.pools[0].details[0]).toMatch(/^volume topology alternative 2 of 2: claim default\/c/);
  });
  test('alternatives of two claims are crossed, keeping only compatible combinations (mergeVolumeRequirementAlternatives)', () => {
    const a = volume('a', { terms: [[{ key: ZONE, operator: 'In', values: ['z1'] }], [{ key: ZONE, operator: 'In', values: ['z2'] }]] });
    const b = volume('b', { zones: ['z2'] });
    const r = one(pod({ claims: ['ca', 'cb'] }), [a, b, claim('ca', { volumeName: 'a' }), claim('cb', { volumeName: 'b' })]);
    expect(r.chosen?.details.join('\n')).toContain(`narrow the node to ${ZONE} In [z2]`);
    expect(r.chosen?.details.join('\n')).not.toContain('alternative');
  });
  test('two claims in disjoint zones: every combination kept (zone DoesNotExist), which no instance type meets', () => {
    const storage = [volume('a', { zones: ['z1'] }), volume('b', { zones: ['z2'] }), claim('ca', { volumeName: 'a' }), claim('cb', { volumeName: 'b' })];
    const r = one(pod({ claims: ['ca', 'cb'] }), storage);
    // the merged alternative holds zone In [] (DoesNotExist); the NodeClaim does not define the zone, so Compatible passes
    // (Intersects reads keys both define) and filterInstanceTypesByRequirements finds no instance type
    expect(r.error).toBe(`Failed to schedule pod, no instance type met the scheduling requirements or had enough resources or had a required offering, requirements=karpenter.kwok.sh/kwoknodeclass In [default], karpenter.sh/initialized In [true], karpenter.sh/nodepool In [default], karpenter.sh/registered In [true], ${ZONE} DoesNotExist, resources={"pods":"1"}`);
    expect(r.pools[0].details[0]).toContain('claim default/ca (volume v0) is bound to PersistentVolume a');
  });
  test('a custom topology key neither the pool nor the pod defines has no known values', () => {
    const storage = [volume('pv', { terms: [[{ key: 'topology.ebs.csi.aws.com/zone', operator: 'In', values: ['z1'] }]] }), claim('c', { volumeName: 'pv' })];
    expect(one(pod({ claims: ['c'] }), storage).error).toBe('Failed to schedule pod, incompatible volume requirements, label "topology.ebs.csi.aws.com/zone" does not have known values (typo of "topology.kubernetes.io/zone"?)');
    const pool = nodePool('ebs', [{ key: 'topology.ebs.csi.aws.com/zone', operator: 'In', values: ['z1', 'z2'] }]);
    expect(one(pod({ claims: ['c'] }), storage, [pool]).chosen?.pool).toBe('ebs');
  });
  test('Validate\'s other PVC errors, in Karpenter\'s words (volumetopology.go:239-268)', () => {
    expect(one(pod({ claims: ['c'] }), [claim('c', { storageClassName: 'x', deletionTimestamp: '2026-01-01T00:00:00Z' })]).error)
      .toBe('Failed to schedule pod, persistentvolumeclaim is being deleted (PersistentVolumeClaim=default/c)');
    expect(one(pod({ claims: ['c'] }), [claim('c', { volumeName: 'gone', phase: 'Lost' })]).error)
      .toBe('Failed to schedule pod, persistentvolumeclaim bound to non-existent persistentvolume (PersistentVolume=gone, PersistentVolumeClaim=default/c)');
    expect(one(pod({ claims: ['c'] }), [volume('pv', { deletionTimestamp: '2026-01-01T00:00:00Z' }), claim('c', { volumeName: 'pv', storageClassName: 'sc' })]).error)
      .toBe('Failed to schedule pod, failed to validate pvc, persistentvolume is being deleted (PersistentVolume=pv, PersistentVolumeClaim=default/c, StorageClass=sc)');
    const unbound = { ...claim('c', { storageClassName: 'sc' }), spec: { ...claim('c').spec, volumeName: 'pv', storageClassName: 'sc' } };
    expect(one(pod({ claims: ['c'] }), [volume('pv'), unbound]).error)
      .toBe('Failed to schedule pod, pvc is considered unbound because it does not contain annotation (PersistentVolume=pv, PersistentVolumeClaim=c, annotation=pv.kubernetes.io/bind-completed)');
    expect(one(pod({ claims: ['c'] }), [storageClass('now', { mode: 'Immediate' }), claim('c', { storageClassName: 'now' })]).error)
      .toBe('Failed to schedule pod, failed to validate pvc, pvc with immediate volume binding mode must be bound (PersistentVolumeClaim=default/c, StorageClass=now)');
  });
  test('a pod that asks for karpenter.sh/nodepool DoesNotExist gets no event, even beside a PVC error (provisioner.go:209 errors.Is on the multierr)', () => {
    const p = pod({ claims: ['missing'], terms: [[{ key: 'karpenter.sh/nodepool', operator: 'DoesNotExist' }]] });
    const r = one(p, [SC]);
    expect(r.error).toBeUndefined();
    expect(r.pools[0].error).toBe('configured to not run on a Karpenter provisioned node (requirement=karpenter.sh/nodepool DoesNotExist); getting persistent volume claim, persistentvolumeclaims "missing" not found (PersistentVolumeClaim=missing)');
    expect(r.pools[0].details).toEqual(['Karpenter logs "ignoring pod" for it and records no event (Provisioner.Validate)']);
  });
  test('the beta class annotation is not read: only spec.storageClassName (lo.FromPtr(pvc.Spec.StorageClassName))', () => {
    const c = claim('c', { annotations: { 'volume.beta.kubernetes.io/storage-class': 'my-storage-class' } });
    expect(one(pod({ claims: ['c'] }), [SC, c]).error).toBe('Failed to schedule pod, unbound pvc must define a storage class (PersistentVolumeClaim=default/c, StorageClass=)');
  });
  test('configure({ storage }) reaches the model, and the matchers take `storage` (toBeProvisionableBy, toBeProvisionableByAnyOf)', () => {
    const p = pod({ claims: ['c'], zones: ['test-zone-1'] });
    const storage = [SC, claim('c', { storageClassName: SC.metadata.name })];
    expect(p).not.toBeProvisionableBy(nodePool(), { storage });
    const msg = failure(() => expect(p).toBeProvisionableByAnyOf([nodePool()], { storage }));
    expect(msg).toContain('incompatible volume requirements, key topology.kubernetes.io/zone');
    expect(msg).toContain('claim default/c (volume v0) is unbound, and its StorageClass my-storage-class allowedTopologies[0] asks for');
    configure({ storage });
    expect(chooseNodePool(p, [nodePool()]).chosen).toBeUndefined();
    expect(() => expect(p).toBeProvisionableBy(nodePool(), { storage: [nodePool()] })).toThrow(/is not a storage object/);
    expect(() => chooseNodePool(p, [nodePool()], { storage: [nodePool()] })).toThrow('options.storage[0]: NodePool default is not a storage object');
    expect(() => chooseNodePool(p, [nodePool()], { storage: 'pvc.yaml' })).toThrow('expected options.storage to be an array of storage objects');
  });
  test('a yes names what the volumes narrow the node to, and from where (the .not messages)', () => {
    const storage = [SC, claim('c', { storageClassName: SC.metadata.name })];
    const narrowed = `the pod's volumes narrow the node to ${ZONE} In [test-zone-2 test-zone-3] (claim default/c (volume v0) is unbound, and its StorageClass my-storage-class allowedTopologies[0])`;
    expect(failure(() => expect(pod({ claims: ['c'] })).not.toBeProvisionableBy(nodePool(), { storage }))).toContain(narrowed);
    expect(failure(() => expect(pod({ claims: ['c'] })).not.toBeProvisionableByAnyOf([nodePool()], { storage }))).toContain(narrowed);
  });
  test('a StatefulSet\'s volumeClaimTemplates: the controller\'s claim <template>-<set>-0 through DefaultStorageClass admission', () => {
    const set = {
      apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'db', namespace: 'default' },
      spec: {
        selector: { matchLabels: { app: 'db' } }, serviceName: 'db',
        template: { metadata: { labels: { app: 'db' } }, spec: { containers: [{ name: 'c', image: 'pause' }] } },
        volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
      },
    };
    const zonal = { ...SC, metadata: { name: 'zonal', annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } } };
    const r = one(set, [zonal]);
    expect(r.chosen?.details.join('\n')).toContain(`${ZONE} In [test-zone-2 test-zone-3] (claim default/data-db-0 (volume data) is unbound, and its StorageClass zonal allowedTopologies[0])`);
    // bound already: its PV's zone
    const bound = one(set, [zonal, volume('pv', { zones: ['test-zone-1'] }), claim('data-db-0', { volumeName: 'pv', storageClassName: 'zonal' })]);
    expect(bound.chosen?.details.join('\n')).toContain(`${ZONE} In [test-zone-1]`);
  });
});

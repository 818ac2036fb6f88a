// Issue 34: Karpenter reads a pod's claims through the library's one volume model (admission/pod-storage.ts,
// scheduler/storage-model.ts), as kube-scheduler's volume plugins do. Each case asks both sides about the same pod and
// the same storage objects: toBeSchedulableOn (a node of the pool's zone) and toBeProvisionableBy / AnyOf.
// Karpenter v1.14.1 only provisions for a pod kube-scheduler marked Unschedulable (pkg/utils/pod/scheduling.go
// IsProvisionable), so it sees the claims after the API server (DefaultStorageClass admission, setdefault/admission.go)
// and the controllers that run before scheduling (the StatefulSet controller's claims, the PV controller's binding of a
// pre-bound claim, pv_controller.go syncUnboundClaim); volumetopology.go's Validate and GetRequirements then read them.
// A claim the inputs leave undecided is "not modelled" on both sides, in the same words.
import { chooseNodePool } from '.';
import { configure, resetConfiguration } from '../core/config';
import type { KubeObject, Node, Pod } from '../core/types';
import type { NodePool } from '../loader';
import { failure, node as fixtureNode } from '../../test/fixtures';
import { toRecord } from '../matchers/record';
import { toBeProvisionableBy } from '../matchers';

const ZONE = 'topology.kubernetes.io/zone';
afterEach(() => resetConfiguration());
const ctx = { utils: { matcherHint: (m: string) => m, printReceived: String, printExpected: String }, isNot: false } as never;

const nodeIn = (name: string, zone: string): Node => ({
  ...fixtureNode(name),
  metadata: { name, labels: { 'kubernetes.io/hostname': name, [ZONE]: zone } },
  status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } },
});
const a1 = nodeIn('a1', 'zone-a');

const poolIn = (zone: string, name = `pool-${zone}`): NodePool => ({
  apiVersion: 'karpenter.sh/v1', kind: 'NodePool', metadata: { name },
  spec: { template: { spec: { requirements: [{ key: ZONE, operator: 'In', values: [zone] }] as never, nodeClassRef: { group: 'karpenter.kwok.sh', kind: 'KWOKNodeClass', name: 'default' } } } },
});
const poolA = poolIn('zone-a');

const pod = (claimName = 'data'): KubeObject => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' },
  spec: { containers: [{ name: 'c', image: 'pause' }], volumes: [{ name: 'data', persistentVolumeClaim: { claimName } }] },
} as KubeObject);

const claim = (spec: Record<string, unknown> = {}, annotations?: Record<string, string>): KubeObject => ({
  apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data', namespace: 'default', ...(annotations ? { annotations } : {}) },
  spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, ...spec },
} as KubeObject);

const sc = (name: string, o: { mode?: string; zones?: string[]; isDefault?: boolean } = {}): KubeObject => ({
  apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', provisioner: 'ebs.csi.aws.com', volumeBindingMode: o.mode ?? 'WaitForFirstConsumer',
  metadata: { name, ...(o.isDefault ? { annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } } : {}) },
  ...(o.zones ? { allowedTopologies: [{ matchLabelExpressions: [{ key: ZONE, values: o.zones }] }] } : {}),
} as KubeObject);

const pv = (name: string, zone: string): KubeObject => ({
  apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name },
  spec: {
    csi: { driver: 'ebs.csi.aws.com', volumeHandle: name }, accessModes: ['ReadWriteOnce'], capacity: { storage: '10Gi' }, storageClassName: '',
    nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: ZONE, operator: 'In', values: [zone] }] }] } },
  },
} as KubeObject);

const statefulSet = (): KubeObject => ({
  apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'db', namespace: 'default' },
  spec: {
    serviceName: 'db', selector: { matchLabels: { app: 'db' } },
    template: { metadata: { labels: { app: 'db' } }, spec: { containers: [{ name: 'c', image: 'pause' }] } },
    volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
  },
} as KubeObject);

/** The `not modelled for this pod:` block of a message (explain/not-modelled.ts describeNotModelled). */
const notModelledBlock = (m: string) => m.slice(m.indexOf('not modelled for this pod:')).split('\n\n')[0];

describe('a claim the inputs leave undecided: "not modelled" on both sides, in the same words', () => {
  test.each([
    ['a claim not given', pod('gone'), [sc('gp3')]],
    ['no storage object at all', pod(), undefined],
    ['a bound claim whose PersistentVolume is not given', pod(), [claim({ volumeName: 'pv-gone', storageClassName: 'gp3' }, { 'pv.kubernetes.io/bind-completed': 'yes' })]],
    ['an unbound claim whose class binds Immediately (the PV controller provisions it first, in a zone of its choosing)', pod(), [sc('now', { mode: 'Immediate' }), claim({ storageClassName: 'now' })]],
    ['an unbound claim asking for no class ("": bound to a static PV before scheduling)', pod(), [claim({ storageClassName: '' })]],
    ['a claim whose StorageClass is not given', pod(), [claim({ storageClassName: 'gp3' })]],
  ])('%s', (_what, p, storage) => {
    const opts = storage ? { storage } : undefined;
    const scheduler = failure(() => expect(p).toBeSchedulableOn(a1, opts));
    const karpenter = failure(() => expect(p).toBeProvisionableBy(poolA, opts));
    const anyOf = failure(() => expect(p).toBeProvisionableByAnyOf([poolA], opts));
    expect(scheduler).toMatch(/but the verdict is unknown/);
    expect(karpenter).toMatch(/to be provisionable by NodePool pool-zone-a, but the verdict is unknown/);
    expect(anyOf).toMatch(/to be provisionable by one of 1 NodePool\(s\), but the verdict is unknown/);
    expect(notModelledBlock(karpenter)).toBe(notModelledBlock(scheduler));
    expect(notModelledBlock(anyOf)).toBe(notModelledBlock(scheduler));
    // and the negation cannot be proved either
    expect(failure(() => expect(p).not.toBeProvisionableBy(poolA, opts))).toMatch(/not to be provisionable by NodePool pool-zone-a, but that cannot be proved/);
    expect(failure(() => expect(p).not.toBeProvisionableByAnyOf([poolA], opts))).toMatch(/but that cannot be proved/);
  });

  test('the report records the unknown verdict and what is not modelled', () => {
    const result = toBeProvisionableBy.call(ctx, pod('gone'), poolA, { storage: [sc('gp3')] });
    expect(result.placement).toMatchObject({ verdict: 'unknown', accepted: false, reason: 'not modelled for this pod: VolumeBinding, VolumeZone, NodeVolumeLimits, VolumeRestrictions' });
  });

  test('chooseNodePool says what its pick rests on: the claims not modelled', () => {
    const r = chooseNodePool(pod('gone'), [poolA], { storage: [sc('gp3')] });
    expect(r.notModelled?.map((n) => n.detail)).toEqual(['spec.volumes[0] (data, persistentVolumeClaim): PersistentVolumeClaim default/gone is not among the storage objects given: pass it (with its StorageClass or PersistentVolume) in `storage`']);
  });

  test('a rejection Karpenter reaches on what is modelled stands, with the note (volumes only add requirements)', () => {
    const m = failure(() => expect(pod('gone')).toBeProvisionableBy({ ...poolA, spec: { ...poolA.spec, template: { spec: { ...poolA.spec!.template!.spec!, taints: [{ key: 'dedicated', value: 'db', effect: 'NoSchedule' }] } } } } as NodePool, { storage: [sc('gp3')] }));
    expect(m).toMatch(/but Karpenter would not launch a node from that pool for its pod:\n  did not tolerate taint/);
    expect(m).toContain('The rejection stands whatever these decide; not modelled for this pod:');
    // a modelled claim's volume topology too: the undecided claim can only add requirements
    const two = { ...pod(), spec: { ...(pod() as Pod).spec, volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }, { name: 'logs', persistentVolumeClaim: { claimName: 'gone' } }] } } as KubeObject;
    const storage = [pv('pv-b', 'zone-b'), claim({ volumeName: 'pv-b', storageClassName: '' }, { 'pv.kubernetes.io/bind-completed': 'yes' })];
    expect(failure(() => expect(two).toBeSchedulableOn(a1, { storage }))).toContain('The rejection stands whatever these decide');
    const k = failure(() => expect(two).toBeProvisionableByAnyOf([poolA], { storage }));
    expect(k).toContain(`Failed to schedule pod, incompatible volume requirements, key ${ZONE}, ${ZONE} In [zone-b] not in ${ZONE} In [zone-a]`);
    expect(k).toContain('The rejection stands whatever these decide; not modelled for this pod:');
    expect(two).not.toBeProvisionableBy(poolA, { storage });
  });
});

describe('the claims Karpenter reads are the ones the cluster holds after admission and the controllers', () => {
  test('DefaultStorageClass: a claim given without a class has the default one (its allowedTopologies narrow the node)', () => {
    const storage = [sc('zonal', { isDefault: true, zones: ['zone-a'] }), claim()];
    expect(pod()).toBeSchedulableOn(a1, { storage });
    expect(pod()).toBeProvisionableBy(poolA, { storage });
    expect(failure(() => expect(pod()).not.toBeProvisionableBy(poolA, { storage }))).toContain(`the pod's volumes narrow the node to ${ZONE} In [zone-a] (claim default/data (volume data) is unbound, and its StorageClass zonal allowedTopologies[0])`);
    expect(failure(() => expect(pod()).toBeProvisionableBy(poolIn('zone-b'), { storage }))).toContain('incompatible volume requirements');
  });

  test('a generic ephemeral volume: the claim its controller creates, through DefaultStorageClass admission', () => {
    const eph = { ...pod(), spec: { ...(pod() as Pod).spec, volumes: [{ name: 'scratch', ephemeral: { volumeClaimTemplate: { spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } } } }] } } as KubeObject;
    const storage = [sc('zonal', { isDefault: true, zones: ['zone-a'] })];
    expect(eph).toBeSchedulableOn(a1, { storage });
    expect(eph).toBeProvisionableBy(poolA, { storage });
    expect(failure(() => expect(eph).toBeProvisionableBy(poolIn('zone-b'), { storage }))).toContain('claim default/p-scratch (volume scratch) is unbound, and its StorageClass zonal allowedTopologies[0]');
  });

  test('a pre-bound claim (spec.volumeName, no bind-completed): the PV controller binds it before scheduling, so its PV\'s zone counts', () => {
    const storage = [pv('pv-b', 'zone-b'), claim({ volumeName: 'pv-b', storageClassName: '' })];
    expect(failure(() => expect(pod()).toBeSchedulableOn(a1, { storage }))).toContain("node(s) didn't match PersistentVolume's node affinity");
    expect(failure(() => expect(pod()).toBeProvisionableBy(poolA, { storage }))).toContain(`incompatible volume requirements, key ${ZONE}, ${ZONE} In [zone-b] not in ${ZONE} In [zone-a]`);
    expect(pod()).toBeProvisionableBy(poolIn('zone-b'), { storage });
  });

  test('a claim being deleted: kube-scheduler rejects it, Karpenter ignores the pod (volume_binding.go PreFilter; volumetopology.go:239)', () => {
    const storage = [sc('gp3'), { ...claim({ storageClassName: 'gp3' }), metadata: { name: 'data', namespace: 'default', deletionTimestamp: '2026-01-01T00:00:00Z' } } as KubeObject];
    expect(failure(() => expect(pod()).toBeSchedulableOn(a1, { storage }))).toContain('is being deleted');
    expect(failure(() => expect(pod()).toBeProvisionableBy(poolA, { storage }))).toContain('persistentvolumeclaim is being deleted (PersistentVolumeClaim=default/data)');
  });
});

test('a StorageClass without volumeBindingMode (never in a cluster: the API server defaults it): kube-scheduler fails with an error, so Karpenter never sees the pod as Unschedulable (IsProvisionable)', () => {
  const storage = [{ ...sc('nomode'), volumeBindingMode: undefined } as KubeObject, claim({ storageClassName: 'nomode' })];
  expect(failure(() => expect(pod()).toBeSchedulableOn(a1, { storage }))).toContain('kube-scheduler would fail with an error (PodScheduled=False, reason SchedulerError): VolumeBindingMode not set for StorageClass "nomode"');
  const m = failure(() => expect(pod()).toBeProvisionableBy(poolA, { storage }));
  expect(m).toContain('kube-scheduler fails with an error for it (PodScheduled=False, reason SchedulerError): VolumeBindingMode not set for StorageClass "nomode"; Karpenter provisions only for pods the scheduler marked Unschedulable (IsProvisionable)');
  expect(pod()).not.toBeProvisionableByAnyOf([poolA], { storage });
});

describe('the preset\'s classes and the stated assumption reach Karpenter as they reach the scheduler', () => {
  test('configure({ cluster: \'aks\' }): a StatefulSet\'s claim gets the preset\'s default class, also beside configure({ storage })', () => {
    configure({ cluster: 'aks', storage: [pv('unrelated', 'zone-b')] });
    expect(statefulSet()).toBeSchedulableOn(a1);
    expect(statefulSet()).toBeProvisionableBy(poolA);
    const m = failure(() => expect(statefulSet()).not.toBeProvisionableBy(poolA));
    expect(m).toMatch(/but Karpenter would launch a node from that pool for its pod\.$/m);
    expect(m).not.toMatch(/assum/i);
  });

  test('configure({ storageAssumption }): a class not given is assumed, and the answer says so (message and report)', () => {
    configure({ storageAssumption: 'dynamic-wait-for-first-consumer' });
    const storage = [claim({ storageClassName: 'gp3' })];
    expect(pod()).toBeSchedulableOn(a1, { storage });
    expect(pod()).toBeProvisionableBy(poolA, { storage });
    expect(pod()).toBeProvisionableByAnyOf([poolA], { storage });
    const assumed = "Assumed: storageAssumption 'dynamic-wait-for-first-consumer': a claim whose StorageClass is not given is taken as dynamically provisioned, WaitForFirstConsumer, with no allowedTopologies";
    expect(failure(() => expect(pod()).not.toBeSchedulableOn(a1, { storage }))).toContain(assumed);
    expect(failure(() => expect(pod()).not.toBeProvisionableBy(poolA, { storage }))).toContain(assumed);
    expect(failure(() => expect(pod()).not.toBeProvisionableByAnyOf([poolA], { storage }))).toContain(assumed);
    const result = toBeProvisionableBy.call(ctx, pod(), poolA, { storage });
    expect(toRecord(ctx, result, result.placement!).notes).toEqual([assumed]);
    // a claim whose class is given is not assumed: no note
    expect(failure(() => expect(pod()).not.toBeProvisionableBy(poolA, { storage: [sc('gp3'), ...storage] }))).not.toContain('Assumed:');
  });

  test('the matchers\' storageAssumption option, as the scheduler matchers\' (a claim without a class and no default: the assumed default)', () => {
    const storage = [claim()];
    const options = { storage, storageAssumption: 'dynamic-wait-for-first-consumer' as const };
    expect(pod()).toBeSchedulableOn(a1, options);
    expect(pod()).toBeProvisionableBy(poolA, options);
    expect(pod()).toBeProvisionableByAnyOf([poolA], options);
    expect(failure(() => expect(pod()).not.toBeProvisionableBy(poolA, options))).toContain("Assumed: storageAssumption 'dynamic-wait-for-first-consumer'");
    // the settings are back afterwards: not modelled again
    expect(failure(() => expect(pod()).toBeProvisionableBy(poolA, { storage }))).toMatch(/the verdict is unknown/);
    expect(failure(() => expect(pod()).toBeProvisionableBy(poolA, { storage, storageAssumption: 'static' as never }))).toContain("options.storageAssumption must be one of 'dynamic-wait-for-first-consumer', received \"static\"");
  });

  test('a StatefulSet with volumeClaimTemplates and no class anywhere: not modelled, the fixes named, on both sides', () => {
    const scheduler = failure(() => expect(statefulSet()).toBeSchedulableOn(a1));
    const karpenter = failure(() => expect(statefulSet()).toBeProvisionableBy(poolA));
    expect(karpenter).toContain('spec.volumeClaimTemplates[0] (data): PersistentVolumeClaim default/data-db-0 has no storageClassName and no StorageClass given is the default');
    expect(notModelledBlock(karpenter)).toBe(notModelledBlock(scheduler));
  });
});

// VolumeZone's conformance tables: kubernetes@v1.33.13 … v1.37.2 pkg/scheduler/framework/plugins/volumezone/
// volume_zone_test.go TestSingleZone (14 cases), TestMultiZone (5) and TestWithBinding (5), the same cases at every
// tag. Upstream calls the plugin's PreFilter then its Filter on one node; so does `direct` here, and `scheduled` runs
// the plugin through the framework (schedule() with the profile's clusterFilter = [VolumeZone]) for the same verdict.
//
// One difference, on purpose: upstream's tables use the fake listers of pkg/scheduler/testing/framework, whose
// NotFound names the plural resource (`storageclasses.storage.k8s.io "Class_0" not found`); the scheduler's real
// listers (client-go listers/storage/v1/storageclass.go) name `storageclass.storage.k8s.io`, which is what a cluster
// prints and what this library gives.
import type { KubeObject, Node, Pod } from '../../../core/types';
import { toSubject } from '../../../k8s/subject';
import { podInfo } from '../../framework';
import { buildSnapshot } from '../../snapshot';
import { withProfile } from '../../profile';
import { schedule } from '../..';
import { ErrReasonConflict, VolumeZone } from '.';

const BETA_ZONE = 'failure-domain.beta.kubernetes.io/zone';
const BETA_REGION = 'failure-domain.beta.kubernetes.io/region';
const ZONE = 'topology.kubernetes.io/zone';
const REGION = 'topology.kubernetes.io/region';

const pv = (name: string, labels: Record<string, string>) => ({ apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name, labels } }) as KubeObject;
const pvc = (name: string, spec: Record<string, unknown>) => ({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name, namespace: 'default' }, spec }) as KubeObject;
const bound = (name: string, volumeName: string) => pvc(name, { volumeName });
/** st.MakePod().Name(pod).Namespace(default).PVC(pvc): one persistentVolumeClaim volume named after the claim. */
const podWithVolume = (name: string, claim: string): Pod => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' },
  spec: { containers: [{ name: 'c', image: 'i' }], volumes: [{ name: claim, persistentVolumeClaim: { claimName: claim } }] },
});
const host1 = (labels?: Record<string, string>): Node => ({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'host1', ...(labels ? { labels } : {}) } });

type PreFilterWant = 'success' | 'skip' | string;
type Case = [name: string, pod: Pod, node: Node, preFilter: PreFilterWant, filter: string | undefined];

/** PreFilter then Filter, called directly as upstream's test calls them: 'success' | 'skip' | the rejection message; the Filter's reason. */
function direct(pod: Pod, node: Node, storage: readonly KubeObject[]) {
  const snapshot = buildSnapshot([node], new Map(), [], [], storage);
  const info = podInfo(toSubject(pod));
  const r = VolumeZone.preFilter(info, snapshot);
  if ('skip' in r) return { preFilter: 'skip', filter: undefined };
  if ('reject' in r) {
    expect(r.reject.code).toBe('UnschedulableAndUnresolvable');
    return { preFilter: r.reject.reasons.join(), filter: r.reject.reasons.join() };
  }
  const status = VolumeZone.filter(info, snapshot.nodes[0], r.state);
  if (status) expect(status.code).toBe('UnschedulableAndUnresolvable');
  return { preFilter: 'success', filter: status?.reasons.join() };
}

/** The same through the framework: the node's verdict with VolumeZone as the profile's only cluster plugin. */
function scheduled(pod: Pod, node: Node, storage: readonly KubeObject[]) {
  return withProfile({ clusterFilter: [VolumeZone] }, () => {
    const r = schedule(toSubject(pod), [node], [], undefined, buildSnapshot([node], new Map(), [], [], storage));
    return r.rejected[0]?.status;
  });
}

function check(storage: readonly KubeObject[]) {
  return (_name: string, pod: Pod, node: Node, preFilter: PreFilterWant, filter: string | undefined) => {
    // upstream: a PreFilter failure is also the Filter's status (its Filter works the topologies out again)
    const want = filter ?? (preFilter === 'success' || preFilter === 'skip' ? undefined : preFilter);
    expect(direct(pod, node, storage)).toEqual({ preFilter, filter: want });
    const status = scheduled(pod, node, storage);
    expect(status && { plugin: status.plugin, code: status.code, reasons: status.reasons }).toEqual(want && { plugin: 'VolumeZone', code: 'UnschedulableAndUnresolvable', reasons: [want] });
  };
}

describe('volume_zone_test.go TestSingleZone (kubernetes v1.33.13 … v1.37.2)', () => {
  const storage = [
    pv('Vol_1', { [BETA_ZONE]: 'us-west1-a' }),
    pv('Vol_2', { [BETA_REGION]: 'us-west1', uselessLabel: 'none' }),
    pv('Vol_3', { [BETA_REGION]: 'us-west1' }),
    pv('Vol_Stable_1', { [ZONE]: 'us-west1-a' }),
    pv('Vol_Stable_2', { [REGION]: 'us-west1', uselessLabel: 'none' }),
    pv('Vol_Stable_3', { [ZONE]: 'us-west1-a', [REGION]: 'us-west1-a' }),
    bound('PVC_1', 'Vol_1'), bound('PVC_2', 'Vol_2'), bound('PVC_3', 'Vol_3'), bound('PVC_4', 'Vol_not_exist'),
    bound('PVC_Stable_1', 'Vol_Stable_1'), bound('PVC_Stable_2', 'Vol_Stable_2'), bound('PVC_Stable_3', 'Vol_Stable_3'),
  ];
  const plain: Pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'pod_1', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'i' }] } };
  const cases: Case[] = [
    ['pod without volume', plain, host1({ [BETA_ZONE]: 'us-west1-a' }), 'skip', undefined],
    ['node without labels', podWithVolume('pod_1', 'PVC_1'), host1(), 'success', undefined],
    ['beta zone label matched', podWithVolume('pod_1', 'PVC_1'), host1({ [BETA_ZONE]: 'us-west1-a', uselessLabel: 'none' }), 'success', undefined],
    ['beta region label matched', podWithVolume('pod_1', 'PVC_2'), host1({ [BETA_REGION]: 'us-west1', uselessLabel: 'none' }), 'success', undefined],
    ["beta region label doesn't match", podWithVolume('pod_1', 'PVC_2'), host1({ [BETA_REGION]: 'no_us-west1', uselessLabel: 'none' }), 'success', ErrReasonConflict],
    ["beta zone label doesn't match", podWithVolume('pod_1', 'PVC_1'), host1({ [BETA_ZONE]: 'no_us-west1-a', uselessLabel: 'none' }), 'success', ErrReasonConflict],
    ['zone label matched', podWithVolume('pod_1', 'PVC_Stable_1'), host1({ [ZONE]: 'us-west1-a', uselessLabel: 'none' }), 'success', undefined],
    ['region label matched', podWithVolume('pod_1', 'PVC_Stable_2'), host1({ [REGION]: 'us-west1', uselessLabel: 'none' }), 'success', undefined],
    ["region label doesn't match", podWithVolume('pod_1', 'PVC_Stable_2'), host1({ [REGION]: 'no_us-west1', uselessLabel: 'none' }), 'success', ErrReasonConflict],
    ["zone label doesn't match", podWithVolume('pod_1', 'PVC_Stable_1'), host1({ [ZONE]: 'no_us-west1-a', uselessLabel: 'none' }), 'success', ErrReasonConflict],
    ['pv with zone and region, node with only zone', podWithVolume('pod_1', 'PVC_Stable_3'), host1({ [ZONE]: 'us-west1-a' }), 'success', ErrReasonConflict],
    ['pv with zone,node with beta zone', podWithVolume('pod_1', 'PVC_Stable_1'), host1({ [BETA_ZONE]: 'us-west1-a' }), 'success', ErrReasonConflict],
    ['pv with beta label,node with ga label, matched', podWithVolume('pod_1', 'PVC_1'), host1({ [ZONE]: 'us-west1-a' }), 'success', undefined],
    ["pv with beta label,node with ga label, don't match", podWithVolume('pod_1', 'PVC_1'), host1({ [ZONE]: 'us-west1-b' }), 'success', ErrReasonConflict],
  ];
  test.each(cases)('%s', check(storage));
});

describe('volume_zone_test.go TestMultiZone (kubernetes v1.33.13 … v1.37.2)', () => {
  const storage = [
    pv('Vol_1', { [BETA_ZONE]: 'us-west1-a' }),
    pv('Vol_2', { [BETA_ZONE]: 'us-west1-b', uselessLabel: 'none' }),
    pv('Vol_3', { [BETA_ZONE]: 'us-west1-c__us-west1-a' }),
    pv('Vol_Stable_1', { [ZONE]: 'us-west1-a' }),
    pv('Vol_Stable_2', { [ZONE]: 'us-west1-c__us-west1-a' }),
    bound('PVC_1', 'Vol_1'), bound('PVC_2', 'Vol_2'), bound('PVC_3', 'Vol_3'), bound('PVC_4', 'Vol_not_exist'),
    bound('PVC_Stable_1', 'Vol_Stable_1'), bound('PVC_Stable_2', 'Vol_Stable_2'),
  ];
  const cases: Case[] = [
    ['node without labels', podWithVolume('pod_1', 'PVC_3'), host1(), 'success', undefined],
    ['beta zone label matched', podWithVolume('pod_1', 'PVC_3'), host1({ [BETA_ZONE]: 'us-west1-a', uselessLabel: 'none' }), 'success', undefined],
    ["beta zone label doesn't match", podWithVolume('pod_1', 'PVC_1'), host1({ [BETA_ZONE]: 'us-west1-b', uselessLabel: 'none' }), 'success', ErrReasonConflict],
    ['zone label matched', podWithVolume('pod_1', 'PVC_Stable_2'), host1({ [ZONE]: 'us-west1-a', uselessLabel: 'none' }), 'success', undefined],
    ["zone label doesn't match", podWithVolume('pod_1', 'PVC_Stable_1'), host1({ [ZONE]: 'us-west1-b', uselessLabel: 'none' }), 'success', ErrReasonConflict],
  ];
  test.each(cases)('%s', check(storage));
});

describe('volume_zone_test.go TestWithBinding (kubernetes v1.33.13 … v1.37.2)', () => {
  const storage = [
    // Class_Immediate has no volumeBindingMode (upstream's fixture: the API server would have defaulted it)
    { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'Class_Immediate' } },
    { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'Class_Wait' }, volumeBindingMode: 'WaitForFirstConsumer' } as KubeObject,
    pv('Vol_1', { [BETA_ZONE]: 'us-west1-a' }),
    bound('PVC_1', 'Vol_1'),
    pvc('PVC_NoSC', { storageClassName: 'Class_0' }),
    pvc('PVC_EmptySC', {}),
    pvc('PVC_WaitSC', { storageClassName: 'Class_Wait' }),
    pvc('PVC_ImmediateSC', { storageClassName: 'Class_Immediate' }),
  ];
  const node = host1({ [BETA_ZONE]: 'us-west1-a', uselessLabel: 'none' });
  const cases: Case[] = [
    ['label zone failure domain matched', podWithVolume('pod_1', 'PVC_1'), node, 'success', undefined],
    ['unbound volume empty storage class', podWithVolume('pod_1', 'PVC_EmptySC'), node, 'PersistentVolumeClaim had no pv name and storageClass name', undefined],
    // upstream (fake lister): `storageclasses.storage.k8s.io "Class_0" not found`
    ['unbound volume no storage class', podWithVolume('pod_1', 'PVC_NoSC'), node, 'storageclass.storage.k8s.io "Class_0" not found', undefined],
    ['unbound volume immediate binding mode', podWithVolume('pod_1', 'PVC_ImmediateSC'), node, 'VolumeBindingMode not set for StorageClass "Class_Immediate"', undefined],
    ['unbound volume wait binding mode', podWithVolume('pod_1', 'PVC_WaitSC'), node, 'skip', undefined],
  ];
  test.each(cases)('%s', check(storage));
});

// (ours) What the tables leave out, from volume_zone.go at v1.33.13 … v1.37.2 (getPVbyPod, getPVTopologies, Filter).
describe('VolumeZone beyond upstream\'s tables', () => {
  const zoneA = (name: string) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { [ZONE]: 'us-west1-a', 'kubernetes.io/hostname': name } } }) as Node;
  const zoneB = (name: string) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { [ZONE]: 'us-west1-b', 'kubernetes.io/hostname': name } } }) as Node;
  const wffc = { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'wffc' }, volumeBindingMode: 'WaitForFirstConsumer' } as KubeObject;
  const immediate = { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'immediate' }, volumeBindingMode: 'Immediate' } as KubeObject;
  const run = (pod: Pod, nodes: Node[], storage: KubeObject[]) =>
    withProfile({ clusterFilter: [VolumeZone] }, () => schedule(toSubject(pod), nodes, [], undefined, buildSnapshot(nodes, new Map(), [], [], storage)));
  const podWith = (...volumes: object[]): Pod => ({ ...podWithVolume('p', 'x'), spec: { containers: [{ name: 'c', image: 'i' }], volumes: volumes as never } });

  test('a bound claim whose PersistentVolume is missing rejects the pod as a whole, in the real lister\'s words', () => {
    const r = run(podWithVolume('p', 'data'), [zoneA('a1'), zoneB('b1')], [bound('data', 'pv-gone')]);
    expect(r.fitError).toBe('0/2 nodes are available: persistentvolume "pv-gone" not found. not found');
    expect(r.rejected.map((v) => v.status!.code)).toEqual(['UnschedulableAndUnresolvable', 'UnschedulableAndUnresolvable']);
    expect(r.rejected[0].status!.details).toEqual(['spec.volumes[0] (data) → PersistentVolumeClaim default/data is bound to PersistentVolume pv-gone, which is not among the storage objects given']);
  });

  test('a missing claim: persistentvolumeclaim "x" not found', () => {
    expect(run(podWithVolume('p', 'data'), [zoneA('a1')], []).fitError).toBe('0/1 nodes are available: persistentvolumeclaim "data" not found. not found');
  });

  test('the first failing volume, in the pod\'s order, is the one reported', () => {
    const r = run(podWith({ name: 'one', persistentVolumeClaim: { claimName: 'missing' } }, { name: 'two', persistentVolumeClaim: { claimName: 'data' } }), [zoneA('a1')], [bound('data', 'pv-gone')]);
    expect(r.fitError).toBe('0/1 nodes are available: persistentvolumeclaim "missing" not found. not found');
  });

  test('the zonal PV pins the pod to its zone; the details name the PV and the node\'s label', () => {
    const r = run(podWithVolume('p', 'data'), [zoneA('a1'), zoneB('b1'), zoneB('b2')], [bound('data', 'pv-1'), pv('pv-1', { [ZONE]: 'us-west1-a' })]);
    expect(r.feasible.map((v) => v.node)).toEqual(['a1']);
    expect(r.fitError).toBeUndefined();
    expect(r.rejected[0].status!.details).toEqual([
      'spec.volumes[0] (data) → PersistentVolumeClaim default/data is bound to PersistentVolume pv-1, labelled topology.kubernetes.io/zone=us-west1-a; the node has topology.kubernetes.io/zone=us-west1-b',
      'the pod can only run on nodes in us-west1-a: the volume stays where it is (labels read: topology.kubernetes.io/zone)',
    ]);
  });

  test('a claim merely pre-bound (spec.volumeName, no bind-completed annotation) is read as bound', () => {
    const r = run(podWithVolume('p', 'data'), [zoneA('a1'), zoneB('b1')], [pvc('data', { volumeName: 'pv-1', storageClassName: 'wffc' }), wffc, pv('pv-1', { [ZONE]: 'us-west1-b' })]);
    expect(r.feasible.map((v) => v.node)).toEqual(['b1']);
  });

  test('an unbound WaitForFirstConsumer claim is VolumeBinding\'s: Skip, every node passes', () => {
    expect(run(podWithVolume('p', 'data'), [zoneA('a1'), zoneB('b1')], [pvc('data', { storageClassName: 'wffc' }), wffc]).feasible).toHaveLength(2);
  });

  test('the class is the beta annotation before spec.storageClassName (GetPersistentVolumeClaimClass)', () => {
    const claim = { ...pvc('data', { storageClassName: 'immediate' }), metadata: { name: 'data', namespace: 'default', annotations: { 'volume.beta.kubernetes.io/storage-class': 'wffc' } } } as KubeObject;
    expect(run(podWithVolume('p', 'data'), [zoneA('a1')], [claim, wffc, immediate]).feasible).toHaveLength(1);
    expect(run(podWithVolume('p', 'data'), [zoneA('a1')], [pvc('data', { storageClassName: 'immediate' }), wffc, immediate]).fitError)
      .toBe('0/1 nodes are available: PersistentVolume had no name. not found');
  });

  test('a label value with an empty part (`a__`) is ignored, as LabelZonesToSet\'s error is', () => {
    const r = run(podWithVolume('p', 'data'), [zoneA('a1'), zoneB('b1')], [bound('data', 'pv-1'), pv('pv-1', { [ZONE]: 'us-west1-a__' })]);
    expect(r.feasible).toHaveLength(2);
  });

  test('each part of a multi-zone value is trimmed', () => {
    const r = run(podWithVolume('p', 'data'), [zoneA('a1'), zoneB('b1')], [bound('data', 'pv-1'), pv('pv-1', { [ZONE]: ' us-west1-c__ us-west1-b ' })]);
    expect(r.feasible.map((v) => v.node)).toEqual(['b1']);
  });

  test('ephemeral volumes are not read (only persistentVolumeClaim volumes)', () => {
    const r = run(podWith({ name: 'scratch', ephemeral: { volumeClaimTemplate: { spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } } } }), [zoneA('a1')], []);
    expect(r.feasible).toHaveLength(1);
  });

  test('a node lacking the PV\'s key but carrying another zone label is rejected; one without any zone label passes', () => {
    const regionOnly = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'r1', labels: { [REGION]: 'us-west1' } } } as Node;
    const bare = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' } } as Node;
    const r = run(podWithVolume('p', 'data'), [regionOnly, bare], [bound('data', 'pv-1'), pv('pv-1', { [BETA_ZONE]: 'us-west1-a' })]);
    expect(r.feasible.map((v) => v.node)).toEqual(['n1']);
    expect(r.rejected[0].status!.details[0]).toContain('the node has no failure-domain.beta.kubernetes.io/zone nor topology.kubernetes.io/zone label');
  });

  test('explainPass: why a node passed', () => {
    const snapshot = buildSnapshot([zoneA('a1'), { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' } } as Node], new Map(), [], [], [bound('data', 'pv-1'), pv('pv-1', { [BETA_ZONE]: 'us-west1-a' })]);
    const info = podInfo(toSubject(podWithVolume('p', 'data')));
    const r = VolumeZone.preFilter(info, snapshot);
    if (!('state' in r)) throw new Error('no state');
    expect(VolumeZone.explainPass!(info, snapshot.nodes[0], r.state)).toEqual([
      'PersistentVolume pv-1 (failure-domain.beta.kubernetes.io/zone=us-west1-a) matches the node\'s topology.kubernetes.io/zone=us-west1-a',
    ]);
    expect(VolumeZone.explainPass!(info, snapshot.nodes[1], r.state)[0]).toMatch(/^the node has none of .*, so the PersistentVolumes' zones are not checked/);
  });

  test('reads: the four zone and region labels, whatever the state', () => {
    expect(VolumeZone.reads!({ topologies: [] })).toEqual([BETA_ZONE, BETA_REGION, ZONE, REGION]);
  });
});

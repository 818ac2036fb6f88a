// VolumeRestrictions' conformance tables: kubernetes@v1.33.13 … v1.37.2 pkg/scheduler/framework/plugins/
// volumerestrictions/volume_restrictions_test.go TestGCEDiskConflicts (5 cases), TestAWSDiskConflicts (4),
// TestRBDDiskConflicts (4), TestISCSIDiskConflicts (4) and TestAccessModeConflicts (5): the same cases at every tag;
// the ReadWriteOncePod text is v1.33.13's at 1.33 and v1.34.4's from 1.34 (ErrReasonReadWriteOncePodConflict).
// Upstream calls the plugin's PreFilter, then (when it succeeded) its Filter on a NodeInfo holding the node's pods;
// `direct` does the same, and `scheduled` runs the plugin through the framework (schedule() with the profile's
// clusterFilter = [VolumeRestrictions]) for the same verdict. Upstream's NodeInfos have no Node; here the node is
// `node-1`, and its pods are the snapshot's.
import type { Volume } from 'kubernetes-types/core/v1';
import type { KubeObject, Node, Pod } from '../../../core/types';
import { configure, resetConfiguration } from '../../../core/config';
import { KUBERNETES_VERSIONS, type KubernetesVersion } from '../../../core/releases';
import { toSubject } from '../../../k8s/subject';
import { podInfo, type Status } from '../../framework';
import { assumePod, buildSnapshot } from '../../snapshot';
import { withProfile } from '../../profile';
import { schedule } from '../..';
import { ErrReasonDiskConflict, ErrReasonReadWriteOncePodConflict, VolumeRestrictions } from '.';

const node: Node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-1' } };

/** st.MakePod(): a pod in no namespace (the default one) without a name; `.Volume(v)` / `.PVC(claim)` add volumes. */
function makePod(volumes: Volume[] = [], meta: { name?: string; namespace?: string } = {}): Pod {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { ...meta }, spec: { containers: [{ name: 'c', image: 'i' }], ...(volumes.length ? { volumes } : {}) } };
}
/** st.MakePod().PVC(name): a persistentVolumeClaim volume named after the claim. */
const claimVolume = (claim: string): Volume => ({ name: claim, persistentVolumeClaim: { claimName: claim } });

type Want = 'skip' | 'success' | { code: Status['code']; message: string };
interface Case { name: string; pod: Pod; nodePods: Pod[]; storage?: KubeObject[]; preFilter: Want; filter?: { code: Status['code']; message: string } }

const unschedulable = (message: string) => ({ code: 'Unschedulable' as const, message });

/** PreFilter, then (when it succeeded) Filter on the node: as upstream's test calls them. */
function direct(c: Case) {
  const snapshot = buildSnapshot([node], new Map([['node-1', c.nodePods]]), [], [], c.storage ?? []);
  const info = podInfo(toSubject(c.pod));
  const r = VolumeRestrictions.preFilter(info, snapshot);
  if ('skip' in r) return { preFilter: 'skip' };
  if ('reject' in r) return { preFilter: { code: r.reject.code, message: r.reject.reasons.join() } };
  const status = VolumeRestrictions.filter(info, snapshot.nodes[0], r.state);
  return { preFilter: 'success', filter: status && { code: status.code, message: status.reasons.join() } };
}

/** The node's verdict through the framework, with VolumeRestrictions as the profile's only cluster plugin. */
function scheduled(c: Case) {
  return withProfile({ clusterFilter: [VolumeRestrictions] }, () => {
    const snapshot = buildSnapshot([node], new Map([['node-1', c.nodePods]]), [], [], c.storage ?? []);
    const status = schedule(toSubject(c.pod), [node], c.nodePods, undefined, snapshot).rejected[0]?.status;
    return status && { plugin: status.plugin, code: status.code, message: status.reasons.join() };
  });
}

function check(c: Case) {
  expect(direct(c)).toEqual(c.preFilter === 'success' ? { preFilter: 'success', filter: c.filter } : { preFilter: c.preFilter });
  // through the framework a PreFilter rejection is every node's status; a Skip leaves the Filter out
  const want = typeof c.preFilter === 'object' ? c.preFilter : c.preFilter === 'success' ? c.filter : undefined;
  expect(scheduled(c)).toEqual(want && { plugin: 'VolumeRestrictions', ...want });
}

/** The four disk tables share their shape: nothing, one state, same state, different state (+ GCE: a volume without restrictions). */
function diskCases(volState: Volume, volState2: Volume): Case[] {
  return [
    { name: 'nothing', pod: makePod(), nodePods: [], preFilter: 'skip' },
    { name: 'one state', pod: makePod(), nodePods: [makePod([volState])], preFilter: 'skip' },
    { name: 'same state', pod: makePod([volState]), nodePods: [makePod([volState])], preFilter: 'success', filter: unschedulable(ErrReasonDiskConflict) },
    { name: 'different state', pod: makePod([volState2]), nodePods: [makePod([volState])], preFilter: 'success', filter: undefined },
  ];
}

describe('volume_restrictions_test.go TestGCEDiskConflicts (kubernetes v1.33.13 … v1.37.2)', () => {
  const cases = [
    ...diskCases({ name: '', gcePersistentDisk: { pdName: 'foo' } }, { name: '', gcePersistentDisk: { pdName: 'bar' } }),
    { name: "pod with a volume that doesn't have restrictions", pod: makePod([{ name: 'volume with no restriction' }]), nodePods: [], preFilter: 'skip' } as Case,
  ];
  test.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => check(c));
});

describe('volume_restrictions_test.go TestAWSDiskConflicts (kubernetes v1.33.13 … v1.37.2)', () => {
  const cases = diskCases({ name: '', awsElasticBlockStore: { volumeID: 'foo' } }, { name: '', awsElasticBlockStore: { volumeID: 'bar' } });
  test.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => check(c));
});

describe('volume_restrictions_test.go TestRBDDiskConflicts (kubernetes v1.33.13 … v1.37.2)', () => {
  const cases = diskCases(
    { name: '', rbd: { monitors: ['a', 'b'], pool: 'foo', image: 'bar', fsType: 'ext4' } },
    { name: '', rbd: { monitors: ['c', 'd'], pool: 'foo', image: 'bar', fsType: 'ext4' } },
  );
  test.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => check(c));
});

describe('volume_restrictions_test.go TestISCSIDiskConflicts (kubernetes v1.33.13 … v1.37.2)', () => {
  const cases = diskCases(
    { name: '', iscsi: { targetPortal: '127.0.0.1:3260', iqn: 'iqn.2016-12.server:storage.target01', fsType: 'ext4', lun: 0 } },
    { name: '', iscsi: { targetPortal: '127.0.0.1:3260', iqn: 'iqn.2017-12.server:storage.target01', fsType: 'ext4', lun: 0 } },
  );
  test.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => check(c));
});

/** The ReadWriteOncePod text each release prints (volume_restrictions.go ErrReasonReadWriteOncePodConflict at its tag). */
const RWOP_TEXT: Record<KubernetesVersion, string> = {
  '1.33': 'node has pod using PersistentVolumeClaim with the same name and ReadWriteOncePod access mode', // v1.33.13
  '1.34': ErrReasonReadWriteOncePodConflict, // v1.34.4
  '1.35': ErrReasonReadWriteOncePodConflict, // v1.35.4
  '1.36': ErrReasonReadWriteOncePodConflict, // v1.36.3
  '1.37': ErrReasonReadWriteOncePodConflict, // v1.37.2
};

describe.each(KUBERNETES_VERSIONS.map((v) => [v]))('volume_restrictions_test.go TestAccessModeConflicts at %s', (version) => {
  beforeEach(() => configure({ kubernetesVersion: version }));
  afterEach(() => resetConfiguration());

  const inDefault = (name: string, ...claims: string[]) => makePod(claims.map(claimVolume), { name, namespace: 'default' });
  const podWithOnePVC = inDefault('pod-with-one-pvc', 'claim-with-rwop-1');
  const podWithTwoPVCs = inDefault('pod-with-two-pvcs', 'claim-with-rwop-1', 'claim-with-rwop-2');
  const podWithOneConflict = inDefault('pod-with-one-conflict', 'claim-with-rwop-1');
  const podWithTwoConflicts = inDefault('pod-with-two-conflicts', 'claim-with-rwop-1', 'claim-with-rwop-2');
  const podWithReadWriteManyPVC = inDefault('pod-with-rwx', 'claim-with-rwx');
  for (const p of [podWithOnePVC, podWithTwoPVCs, podWithOneConflict, podWithTwoConflicts, podWithReadWriteManyPVC]) p.spec!.nodeName = 'node-1';
  const claim = (name: string, mode: string) => ({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { namespace: 'default', name }, spec: { accessModes: [mode] } }) as KubeObject;
  const readWriteOncePodPVC1 = claim('claim-with-rwop-1', 'ReadWriteOncePod');
  const readWriteOncePodPVC2 = claim('claim-with-rwop-2', 'ReadWriteOncePod');
  const readWriteManyPVC = claim('claim-with-rwx', 'ReadWriteMany');

  const cases = (): Case[] => [
    { name: 'nothing', pod: makePod(), nodePods: [], preFilter: 'skip' },
    {
      name: 'failed to get PVC', pod: podWithOnePVC, nodePods: [],
      preFilter: { code: 'UnschedulableAndUnresolvable', message: 'persistentvolumeclaim "claim-with-rwop-1" not found' },
    },
    { name: 'no access mode conflict', pod: podWithOnePVC, nodePods: [podWithReadWriteManyPVC], storage: [readWriteOncePodPVC1, readWriteManyPVC], preFilter: 'skip' },
    {
      name: 'access mode conflict, unschedulable', pod: podWithOneConflict, nodePods: [podWithOnePVC, podWithReadWriteManyPVC],
      storage: [readWriteOncePodPVC1, readWriteManyPVC], preFilter: 'success', filter: unschedulable(RWOP_TEXT[version]),
    },
    {
      name: 'two conflicts, unschedulable', pod: podWithTwoConflicts, nodePods: [podWithTwoPVCs, podWithReadWriteManyPVC],
      storage: [readWriteOncePodPVC1, readWriteOncePodPVC2, readWriteManyPVC], preFilter: 'success', filter: unschedulable(RWOP_TEXT[version]),
    },
  ];
  test.each(cases().map((c) => [c.name, c] as const))('%s', (_name, c) => check(c));
});

// (ours) What the tables leave out, from volume_restrictions.go at v1.33.13 … v1.37.2 (isVolumeConflict,
// readWriteOncePodPVCsForPod, calPreFilterState over the snapshot's used-claim set).
describe('VolumeRestrictions beyond upstream\'s tables', () => {
  const n = (name: string) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name } } }) as Node;
  const nodes = [n('n1'), n('n2')];
  const rwop = (name: string, namespace = 'default') => ({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { namespace, name }, spec: { accessModes: ['ReadWriteOncePod'] } }) as KubeObject;
  const on = (nodeName: string, pod: Pod, phase?: string): Pod => ({ ...pod, spec: { ...pod.spec!, nodeName }, ...(phase ? { status: { phase } } : {}) });
  const run = (pod: Pod, existing: Pod[], storage: KubeObject[] = []) => withProfile({ clusterFilter: [VolumeRestrictions] }, () => {
    const byNode = new Map<string, Pod[]>();
    for (const p of existing) byNode.set(p.spec!.nodeName!, [...(byNode.get(p.spec!.nodeName!) ?? []), p]);
    return schedule(toSubject(pod), nodes, existing, undefined, buildSnapshot(nodes, byNode, [], [], storage));
  });
  const named = (name: string, volumes: Volume[], namespace = 'default') => makePod(volumes, { name, namespace });

  test('a ReadWriteOncePod claim in use on another node rejects every node (the count is the cluster\'s), Unschedulable', () => {
    const r = run(named('new', [claimVolume('db')]), [on('n2', named('old', [claimVolume('db')]))], [rwop('db')]);
    expect(r.fitError).toBe(`0/2 nodes are available: 2 ${ErrReasonReadWriteOncePodConflict}. preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod.`);
    expect(r.rejected.map((v) => [v.node, v.status!.code])).toEqual([['n1', 'Unschedulable'], ['n2', 'Unschedulable']]);
    expect(r.rejected[0].status!.details).toEqual([
      'PersistentVolumeClaim default/db has access mode ReadWriteOncePod and is in use by Pod default/old on n2: no node can take the pod until that pod is gone (preemption may evict it)',
    ]);
  });

  test('not counted: a Succeeded pod, a pod of another namespace, another pod\'s ephemeral volume of that name', () => {
    const ephemeral: Volume = { name: 'v', ephemeral: { volumeClaimTemplate: { spec: { accessModes: ['ReadWriteOncePod'], resources: { requests: { storage: '1Gi' } } } } } };
    const existing = [
      on('n1', named('done', [claimVolume('db')]), 'Succeeded'),
      on('n1', named('elsewhere', [claimVolume('db')], 'other')),
      on('n2', named('db', [ephemeral])),
    ];
    expect(run(named('new', [claimVolume('db')]), existing, [rwop('db'), rwop('db', 'other')]).feasible).toHaveLength(2);
  });

  test('a pod assumed into the snapshot counts in the next cycle', () => {
    withProfile({ clusterFilter: [VolumeRestrictions] }, () => {
      const snapshot = buildSnapshot(nodes, new Map(), [], [], [rwop('db')]);
      const first = named('first', [claimVolume('db')]);
      expect(VolumeRestrictions.preFilter(podInfo(toSubject(first)), snapshot)).toEqual({ skip: true });
      assumePod(snapshot, 'n1', on('n1', first));
      const second = VolumeRestrictions.preFilter(podInfo(toSubject(named('second', [claimVolume('db')]))), snapshot);
      expect('state' in second && second.state.inUse.map((u) => u.claim)).toEqual(['db']);
    });
  });

  test('the first missing claim in the pod\'s order is reported, even with an in-tree disk', () => {
    const pod = named('p', [{ name: 'disk', gcePersistentDisk: { pdName: 'foo' } }, claimVolume('first'), claimVolume('second')]);
    expect(run(pod, []).fitError).toBe('0/2 nodes are available: persistentvolumeclaim "first" not found. not found');
  });

  test('GCE PD: read-only in both pods shares the disk; EBS never does', () => {
    const gce = (readOnly: boolean): Volume => ({ name: 'd', gcePersistentDisk: { pdName: 'foo', readOnly } });
    const ebs = (readOnly: boolean): Volume => ({ name: 'd', awsElasticBlockStore: { volumeID: 'vol-1', readOnly } });
    expect(run(named('p', [gce(true)]), [on('n1', named('o', [gce(true)]))]).feasible.map((v) => v.node)).toEqual(['n1', 'n2']);
    expect(run(named('p', [gce(true)]), [on('n1', named('o', [gce(false)]))]).feasible.map((v) => v.node)).toEqual(['n2']);
    const r = run(named('p', [ebs(true)]), [on('n1', named('o', [ebs(true)]))]);
    expect(r.feasible.map((v) => v.node)).toEqual(['n2']);
    expect(r.rejected[0].status).toMatchObject({ plugin: 'VolumeRestrictions', code: 'Unschedulable', reasons: [ErrReasonDiskConflict] });
    expect(r.rejected[0].status!.details).toEqual(['spec.volumes[0] (d) uses AWS EBS volume vol-1, which Pod default/o on this node uses too']);
  });

  test('RBD: a pool left out is the API server\'s default "rbd"; one common monitor is enough', () => {
    const rbd = (pool: string | undefined, monitors: string[]): Volume => ({ name: 'r', rbd: { monitors, image: 'img', ...(pool === undefined ? {} : { pool }) } });
    expect(run(named('p', [rbd(undefined, ['a', 'b'])]), [on('n1', named('o', [rbd('rbd', ['b', 'c'])]))]).feasible.map((v) => v.node)).toEqual(['n2']);
    expect(run(named('p', [rbd('other', ['a'])]), [on('n1', named('o', [rbd(undefined, ['a'])]))]).feasible).toHaveLength(2);
  });

  test('iSCSI: the same IQN conflicts whatever the portal and LUN', () => {
    const iscsi = (targetPortal: string, lun: number): Volume => ({ name: 'i', iscsi: { targetPortal, iqn: 'iqn.2016-12.server:t1', lun } });
    expect(run(named('p', [iscsi('10.0.0.1:3260', 0)]), [on('n1', named('o', [iscsi('10.0.0.2:3260', 1)]))]).feasible.map((v) => v.node)).toEqual(['n2']);
  });

  test('a disk conflict on the node is reported before a ReadWriteOncePod claim in use', () => {
    const disk: Volume = { name: 'd', awsElasticBlockStore: { volumeID: 'vol-1' } };
    const r = run(named('p', [disk, claimVolume('db')]), [on('n1', named('o', [disk, claimVolume('db')]))], [rwop('db')]);
    expect(r.rejected.map((v) => [v.node, v.status!.reasons[0]])).toEqual([['n1', ErrReasonDiskConflict], ['n2', ErrReasonReadWriteOncePodConflict]]);
  });

  test('reads: every node on its own with an in-tree disk; no label for the ReadWriteOncePod verdict alone', () => {
    expect(VolumeRestrictions.reads!({ disks: [{ index: 0, volume: { name: 'd', gcePersistentDisk: { pdName: 'x' } } }], inUse: [], namespace: 'default', readWriteOncePod: new Set(), conflicting: 0 })).toBeUndefined();
    expect(VolumeRestrictions.reads!({ disks: [], inUse: [], namespace: 'default', readWriteOncePod: new Set(), conflicting: 0 })).toEqual([]);
  });
});

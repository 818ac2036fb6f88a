// VolumeRestrictions' PreFilter and its extensions beyond upstream's tables, from volume_restrictions.go
// (kubernetes v1.33.13 … v1.37.2): readWriteOncePodPVCsForPod (each persistentVolumeClaim volume's claim from the
// lister; a NotFound is UnschedulableAndUnresolvable), calPreFilterState over the snapshot's used claims, and
// updateWithPod / conflictingPVCRefCountForPod (AddPod +n, RemovePod -n, n = the pod's volumes naming a
// ReadWriteOncePod claim of the incoming pod). Fresh objects each test.
import type { Volume } from 'kubernetes-types/core/v1';
import type { KubeObject, Node, Pod } from '../../../core/types';
import { toSubject } from '../../../k8s/subject';
import { podInfo } from '../../framework';
import { buildSnapshot } from '../../snapshot';
import { withProfile } from '../../profile';
import { schedule } from '../..';
import { ErrReasonReadWriteOncePodConflict, VolumeRestrictions } from '.';

const node = (name: string) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name } } }) as Node;
const pod = (name: string, volumes: unknown[], nodeName?: string, priority?: number): Pod =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec: { nodeName, priority, containers: [{ name: 'c', image: 'i' }], volumes } }) as Pod;
const claimVolume = (claim: string): Volume => ({ name: claim, persistentVolumeClaim: { claimName: claim } });
const rwop = (name: string) => ({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { namespace: 'default', name }, spec: { accessModes: ['ReadWriteOncePod'] } }) as KubeObject;
const run = (incoming: Pod, existing: Pod[], storage: KubeObject[]) => {
  const nodes = [node('n1'), node('n2')];
  return withProfile({ clusterFilter: [VolumeRestrictions] }, () => schedule(toSubject(incoming), nodes, existing, undefined, undefined, storage));
};

describe('the used-claim set (createUsedPVCSet) and the ReadWriteOncePod details', () => {
  test('every pod using the claim is named, a null volume entry of theirs skipped', () => {
    const r = run(pod('new', [claimVolume('db')]), [pod('a', [null, claimVolume('db')], 'n1'), pod('b', [claimVolume('db')], 'n2')], [rwop('db')]);
    expect(r.rejected.map((v) => [v.node, v.status!.reasons])).toEqual([['n1', [ErrReasonReadWriteOncePodConflict]], ['n2', [ErrReasonReadWriteOncePodConflict]]]);
    expect(r.rejected[0].status!.details).toEqual([
      'PersistentVolumeClaim default/db has access mode ReadWriteOncePod and is in use by Pod default/a on n1, Pod default/b on n2: no node can take the pod until that pod is gone (preemption may evict it)',
    ]);
  });

  test('a claim without spec has no access mode: not ReadWriteOncePod, the pod is not checked', () => {
    const claim = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { namespace: 'default', name: 'db' } } as KubeObject;
    expect(run(pod('new', [claimVolume('db')]), [pod('a', [claimVolume('db')], 'n1')], [claim]).feasible.map((v) => v.node)).toEqual(['n1', 'n2']);
  });
});

describe('a claim missing from the lister', () => {
  test('the details name the volume and the claim', () => {
    const r = run(pod('new', [{ name: 'scratch', emptyDir: {} }, claimVolume('gone')]), [], [rwop('db')]);
    expect(r.fitError).toBe('0/2 nodes are available: persistentvolumeclaim "gone" not found. not found');
    expect(r.rejected[0].status!.code).toBe('UnschedulableAndUnresolvable');
    expect(r.rejected[0].status!.details).toEqual(['spec.volumes[1] (gone) uses PersistentVolumeClaim default/gone, which is not among the storage objects given']);
  });

  test('a volume naming no claim asks the lister for "" (Get(ClaimName) with the empty name)', () => {
    const r = run(pod('new', [{ name: 'v', persistentVolumeClaim: {} }]), [], [rwop('db')]);
    expect(r.fitError).toBe('0/2 nodes are available: persistentvolumeclaim "" not found. not found');
  });
});

describe('AddPod and RemovePod (updateWithPod)', () => {
  /** The state of a pod whose two ReadWriteOncePod claims the pod `old` on n2 uses. */
  function twoInUse() {
    const old = pod('old', [claimVolume('db1'), claimVolume('db2')], 'n2');
    const snapshot = buildSnapshot([node('n1'), node('n2')], new Map([['n2', [old]]]), [], [], [rwop('db1'), rwop('db2'), rwop('other')]);
    const info = podInfo(toSubject(pod('new', [claimVolume('db1'), claimVolume('db2')])));
    const r = VolumeRestrictions.preFilter(info, snapshot);
    if (!('state' in r)) throw new Error('no state');
    return { info, old, node: snapshot.nodes[0], state: r.state };
  }

  test('removing the pod that uses both claims lets the pod fit (2 - 2 = 0)', () => {
    const { info, old, node: n1, state } = twoInUse();
    expect(state.conflicting).toBe(2);
    expect(VolumeRestrictions.filter(info, n1, state)?.reasons).toEqual([ErrReasonReadWriteOncePodConflict]);
    const removed = VolumeRestrictions.removePod!(info, state, old, n1);
    expect(removed.conflicting).toBe(0);
    expect(VolumeRestrictions.filter(info, n1, removed)).toBeUndefined();
  });

  test('adding a pod counts its volumes naming one of the claims, nothing else (null entries, other sources, other claims)', () => {
    const { info, node: n1, state } = twoInUse();
    const added = pod('added', [null, { name: 'e', emptyDir: {} }, claimVolume('other'), claimVolume('db1')]);
    expect(VolumeRestrictions.addPod!(info, state, added, n1).conflicting).toBe(3);
    expect(VolumeRestrictions.addPod!(info, state, pod('plain', [{ name: 'e', emptyDir: {} }, claimVolume('other')]), n1)).toBe(state);
  });

  test('preemption: evicting the lower-priority pod that holds both claims frees them', () => {
    // (the new pod's priority is 0: no PriorityClass; the running pod's is below it)
    const old = pod('old', [claimVolume('db1'), claimVolume('db2')], 'n2', -5);
    const r = run(pod('new', [claimVolume('db1'), claimVolume('db2')]), [old], [rwop('db1'), rwop('db2')]);
    expect(r.feasible).toEqual([]);
    expect(r.preemption).toMatchObject({ nominatedNodes: ['n2'], candidates: [{ node: 'n2', victims: ['default/old'] }] });
  });
});

// VolumeRestrictions' Filter (volumerestrictions/volume_restrictions.go Filter, satisfyVolumeConflicts,
// isVolumeConflict, satisfyReadWriteOncePod): the pod's in-tree disks against every pod on the node, then its
// ReadWriteOncePod claims in use anywhere in the cluster.
import type { Pod, Volume } from 'kubernetes-types/core/v1';
import { failure, type PodInfo, type Status } from '../../framework';
import { describePod, type NodeSnapshot } from '../../snapshot';
import { ErrReasonDiskConflict, readWriteOncePodConflict } from './reasons';
import type { DiskVolume, VolumeRestrictionsState } from './state';

/** haveOverlap: some monitor in both lists. */
const overlap = (a: readonly string[], b: readonly string[]) => a.some((m) => b.includes(m));

// The API server defaults an RBD volume's pool to "rbd" (SetObjectDefaults_Pod, RBDVolumeSource.RBDPool), so two
// pods that leave it out, or one that writes "rbd", use the same pool.
const rbdPool = (pool: string | undefined) => pool || 'rbd';

/** isVolumeConflict for one of the pod's volumes against one existing volume: the kind of disk both use, or undefined. */
function conflictWith(v: Volume, e: Volume): string | undefined {
  if (v.gcePersistentDisk && e.gcePersistentDisk && v.gcePersistentDisk.pdName === e.gcePersistentDisk.pdName &&
    !(v.gcePersistentDisk.readOnly && e.gcePersistentDisk.readOnly)) return `GCE persistent disk ${v.gcePersistentDisk.pdName} (not read-only in both pods)`;
  // an EBS volume attaches to one node, read-only or not
  if (v.awsElasticBlockStore && e.awsElasticBlockStore && v.awsElasticBlockStore.volumeID === e.awsElasticBlockStore.volumeID) {
    return `AWS EBS volume ${v.awsElasticBlockStore.volumeID}`;
  }
  if (v.iscsi && e.iscsi && v.iscsi.iqn === e.iscsi.iqn && !(v.iscsi.readOnly && e.iscsi.readOnly)) return `iSCSI target ${v.iscsi.iqn} (not read-only in both pods)`;
  if (v.rbd && e.rbd && overlap(v.rbd.monitors ?? [], e.rbd.monitors ?? []) && rbdPool(v.rbd.pool) === rbdPool(e.rbd.pool) &&
    v.rbd.image === e.rbd.image && !(v.rbd.readOnly && e.rbd.readOnly)) return `RBD image ${rbdPool(v.rbd.pool)}/${v.rbd.image} (not read-only in both pods)`;
  return undefined;
}

/** The first pod on the node that one of the pod's disks conflicts with (satisfyVolumeConflicts' order: volume, then pod). */
function diskConflict(disks: readonly DiskVolume[], pods: readonly Pod[]): { disk: DiskVolume; pod: Pod; what: string } | undefined {
  for (const disk of disks) {
    for (const pod of pods) {
      // Stryker disable next-line ArrayDeclaration: a string entry has no volume source, as no entry has none
      for (const e of pod.spec?.volumes ?? []) {
        if (e == null) continue; // Go's zero Volume: no source
        const what = conflictWith(disk.volume, e);
        if (what) return { disk, pod, what };
      }
    }
  }
  return undefined;
}

export function filter(pod: PodInfo, node: NodeSnapshot, state: VolumeRestrictionsState): Status | undefined {
  const conflict = state.disks.length ? diskConflict(state.disks, node.pods) : undefined;
  if (conflict) {
    const { disk, what } = conflict;
    return failure('VolumeRestrictions', 'Unschedulable', [ErrReasonDiskConflict], () => [
      `${pod.subject.specPath}.volumes[${disk.index}] (${disk.volume.name}) uses ${what}, which ${describePod(conflict.pod)} on this node uses too`,
    ]);
  }
  if (state.conflicting > 0) return readWriteOncePodFailure(state);
  return undefined;
}

// The count is the cluster's, not the node's: one Status for every node.
const rwopFailures = new WeakMap<VolumeRestrictionsState, Status>();

function readWriteOncePodFailure(state: VolumeRestrictionsState): Status {
  let status = rwopFailures.get(state);
  if (!status) {
    rwopFailures.set(state, (status = failure('VolumeRestrictions', 'Unschedulable', [readWriteOncePodConflict()], () =>
      state.inUse.map(({ claim, users }) =>
        `PersistentVolumeClaim ${state.namespace}/${claim} has access mode ReadWriteOncePod and is in use by ${users.map((u) => `${describePod(u.pod)} on ${u.node.info.name}`).join(', ')}: ` +
        'no node can take the pod until that pod is gone (preemption may evict it)'))));
  }
  return status;
}

/** Why the node passed: no pod there uses its in-tree disks (a ReadWriteOncePod claim in use fails every node). */
export function explainPass(_pod: PodInfo, _node: NodeSnapshot, state: VolumeRestrictionsState): string[] {
  return state.disks.map((d) => `volumes[${d.index}] (${d.volume.name}): no pod on the node uses the same disk read-write`);
}

// VolumeRestrictions' PreFilter (volumerestrictions/volume_restrictions.go PreFilter, readWriteOncePodPVCsForPod,
// calPreFilterState): the pod's in-tree disks to check against each node's pods, and how many of its
// ReadWriteOncePod claims another pod of the cluster already uses.
import type { Volume } from 'kubernetes-types/core/v1';
import type { Pod } from '../../../core/types';
import { failure, type PodInfo, type Status } from '../../framework';
import type { PreFilterResult } from '../../cycle';
import { podIndex, podNamespace, type PodRef, type Snapshot } from '../../snapshot';
import { notFound } from '../../storage';
import { createdSpec } from '../../../admission/create';

/** An in-tree disk volume of the pod (needsRestrictionsCheck: GCE PD, AWS EBS, RBD, iSCSI), with its index. */
export interface DiskVolume {
  index: number;
  volume: Volume;
}

export interface VolumeRestrictionsState {
  /** The pod's volumes the Filter checks against the pods on each node. */
  disks: DiskVolume[];
  /** The ReadWriteOncePod claims of the pod (names in its namespace) that some pod in the cluster uses, with those pods. */
  inUse: Array<{ claim: string; users: readonly PodRef[] }>;
  namespace: string;
  /** The pod's ReadWriteOncePod claims, by name (readWriteOncePodPVCs). */
  readWriteOncePod: ReadonlySet<string>;
  /**
   * conflictingPVCRefCount: PreFilter's count is inUse's length (one per claim in use); AddPod/RemovePod change it.
   * The Filter rejects every node while it is above 0.
   */
  conflicting: number;
}

/** needsRestrictionsCheck */
export const needsCheck = (v: Volume) => !!(v.gcePersistentDisk || v.awsElasticBlockStore || v.rbd || v.iscsi);

// The cluster's pods by the claims they use (NodeInfo.PVCRefCounts, backend/cache/snapshot.go createUsedPVCSet):
// `namespace/claim` of every persistentVolumeClaim volume of every pod in the snapshot (terminal pods are not there;
// ephemeral volumes are not counted). Worked out again when assumePod has added a pod to the index.
const usedByIndex = new WeakMap<object, { pods: number; used: Map<string, PodRef[]> }>();

function usedClaims(snapshot: Snapshot): ReadonlyMap<string, readonly PodRef[]> {
  const index = podIndex(snapshot);
  const known = usedByIndex.get(index);
  if (known && known.pods === index.all.length) return known.used;
  const used = new Map<string, PodRef[]>();
  for (const ref of index.all) {
    // Stryker disable next-line ArrayDeclaration,OptionalChaining: a string entry names no claim, as no entry; the index holds the nodes' pods, bound by spec.nodeName
    for (const v of ref.pod.spec?.volumes ?? []) {
      if (!v?.persistentVolumeClaim) continue; // (a null entry: Go's zero Volume)
      const key = `${podNamespace(ref.pod)}/${v.persistentVolumeClaim.claimName ?? ''}`;
      const users = used.get(key);
      if (users) users.push(ref);
      else used.set(key, [ref]);
    }
  }
  // Stryker disable next-line ObjectLiteral: a memo; one that never hits works the same set out again
  usedByIndex.set(index, { pods: index.all.length, used });
  return used;
}

/**
 * PreFilter: each persistentVolumeClaim volume's claim from the lister (a missing one rejects the pod as a whole,
 * UnschedulableAndUnresolvable: in the default profile this plugin is the first to see it); the ReadWriteOncePod
 * ones (by name, once each) counted when a pod of the cluster uses the same claim. Skip when the pod has
 * no in-tree disk and no such claim is in use.
 */
export function preFilterState(pod: PodInfo, snapshot: Snapshot): PreFilterResult<VolumeRestrictionsState> {
  const namespace = podNamespace(pod.subject.object);
  // Stryker disable next-line ArrayDeclaration: a string entry is neither a disk nor a claim, as no entry
  const volumes = createdSpec(pod.subject).volumes ?? [];
  const disks: DiskVolume[] = [];
  const rwop = new Set<string>();
  for (let i = 0; i < volumes.length; i++) {
    const v = volumes[i];
    if (v == null) continue; // Go's zero Volume: no source
    if (needsCheck(v)) disks.push({ index: i, volume: v });
    if (!v.persistentVolumeClaim) continue;
    const name = v.persistentVolumeClaim.claimName ?? '';
    const claim = snapshot.storage.claim(namespace, name);
    if (!claim) {
      return {
        reject: failure('VolumeRestrictions', 'UnschedulableAndUnresolvable', [notFound('persistentvolumeclaim', name)], () => [
          `${pod.subject.specPath}.volumes[${i}] (${v.name}) uses PersistentVolumeClaim ${namespace}/${name}, which is not among the storage objects given`,
        ]),
      };
    }
    if (claim.spec?.accessModes?.includes('ReadWriteOncePod')) rwop.add(name);
  }
  const used = rwop.size ? usedClaims(snapshot) : undefined;
  const inUse = [...rwop].flatMap((claim) => {
    const users = used!.get(`${namespace}/${claim}`);
    return users ? [{ claim, users }] : [];
  });
  if (disks.length === 0 && inUse.length === 0) return { skip: true };
  return { state: { disks, inUse, namespace, readWriteOncePod: rwop, conflicting: inUse.length } };
}

/**
 * PreFilterExtensions AddPod (delta 1) and RemovePod (-1), volume_restrictions.go updateWithPod: the count changes by
 * the number of `updated`'s persistentVolumeClaim volumes naming one of the pod's ReadWriteOncePod claims. As
 * upstream (conflictingPVCRefCountForPod), by claim name alone, whatever `updated`'s namespace, once per volume.
 */
export function updateWithPod(state: VolumeRestrictionsState, updated: Pod, delta: 1 | -1): VolumeRestrictionsState {
  let n = 0;
  // Stryker disable next-line ArrayDeclaration: a string entry names no claim, as no entry
  for (const v of updated.spec?.volumes ?? []) if (v?.persistentVolumeClaim && state.readWriteOncePod.has(v.persistentVolumeClaim.claimName ?? '')) n++;
  return n === 0 ? state : { ...state, conflicting: state.conflicting + delta * n };
}

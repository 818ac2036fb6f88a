// VolumeBinding's PreFilter (pkg/scheduler/framework/plugins/volumebinding/volume_binding.go podHasPVCs, PreFilter):
// the pod's claims must exist, not be lost or being deleted, a generic ephemeral volume's claim must be the pod's own,
// and every claim must be bound or WaitForFirstConsumer; the Filter then reads the sorted claims.
import type { Pod } from 'kubernetes-types/core/v1';
import type { Status } from '../../framework';
import { failure } from '../../framework';
import type { StorageListers } from '../../storage';
import { claimClass, volumeIsForPod } from '../../../k8s/storage';
import { getPodVolumeClaims, volumeClaims, type PodVolumeClaims } from './binder';
import { claimDeleting, claimLost, claimNotFound, ephemeralClaimPending, ErrReasonUnboundImmediate } from './reasons';

export interface PreFilterState {
  pod: Pod;
  claims: PodVolumeClaims;
  storage: StorageListers;
  /** Feature gate VolumeAttributesClass in the modelled release (FindMatchingVolume's rules). */
  vacEnabled: boolean;
}

const reject = (message: string, details: () => string[]): Status => failure('VolumeBinding', 'UnschedulableAndUnresolvable', [message], details);

/** podHasPVCs: the first bad claim's text, in volume order; 'none' when the pod uses no claim. */
export function podHasPVCs(pod: Pod, storage: StorageListers): 'none' | 'ok' | string {
  const claims = volumeClaims(pod);
  if (claims.length === 0) return 'none';
  // Stryker disable next-line StringLiteral: the claim lister reads namespace '' as 'default' too
  const ns = pod.metadata?.namespace || 'default';
  for (const { name, ephemeral } of claims) {
    const pvc = storage.claim(ns, name);
    if (!pvc) return ephemeral ? ephemeralClaimPending(name) : claimNotFound(name);
    if (pvc.status?.phase === 'Lost') return claimLost(name, pvc.spec?.volumeName ?? '');
    // Stryker disable next-line OptionalChaining: the claim was found by its metadata.name
    if (pvc.metadata?.deletionTimestamp != null) return claimDeleting(name);
    const notOwner = ephemeral ? volumeIsForPod(pod, pvc) : undefined;
    if (notOwner) return notOwner;
  }
  return 'ok';
}

/**
 * PreFilter: Skip for a pod without claims; UnschedulableAndUnresolvable with podHasPVCs' text, or with "pod has
 * unbound immediate PersistentVolumeClaims" when a claim is neither bound nor WaitForFirstConsumer; else the sorted
 * claims. Throws VolumeBindingError for upstream's Error statuses (a class without volumeBindingMode, …).
 */
export function preFilter(pod: Pod, storage: StorageListers, vacEnabled: boolean): { skip: true } | { reject: Status } | { state: PreFilterState } {
  const has = podHasPVCs(pod, storage);
  if (has === 'none') return { skip: true };
  if (has !== 'ok') return { reject: reject(has, () => [has]) };
  const claims = getPodVolumeClaims(pod, storage);
  if (claims.immediate.length > 0) {
    // (each claim was found by its metadata.name)
    return {
      reject: reject(ErrReasonUnboundImmediate, () => claims.immediate.map((c) => (c.spec?.volumeName
        ? `PersistentVolumeClaim ${c.metadata!.name} names PersistentVolume ${c.spec.volumeName} but is not bound yet (no pv.kubernetes.io/bind-completed)`
        : `PersistentVolumeClaim ${c.metadata!.name} is unbound and its StorageClass ${JSON.stringify(claimClass(c))} binds Immediately (or is missing): the PV controller binds it, not the scheduler`))),
    };
  }
  return { state: { pod, claims, storage, vacEnabled } };
}

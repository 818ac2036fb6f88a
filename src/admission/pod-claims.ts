// Whether a pod uses claims, and which StatefulSet pod the create path made: what every question reads of a pod's
// storage before it knows there is any. Kept apart from the claim model (pod-storage.ts, storage.ts, k8s/storage.ts),
// which is loaded only for a pod with claims (issue 37: a spec file loads what its questions need).
import type { Volume } from 'kubernetes-types/core/v1';
import type { KubeObject, Pod } from '../core/types';

// The StatefulSet pods the create path made: their set and ordinal, for the claims its controller creates first.
const createdBy = new WeakMap<Pod, { workload: KubeObject; ordinal: number }>();

/** admission/create.ts registers each StatefulSet pod it makes from a set with volumeClaimTemplates. */
export function registerStatefulSetPod(pod: Pod, workload: KubeObject, ordinal: number): void {
  createdBy.set(pod, { workload, ordinal });
}

/** `copy` (a Pod made from `pod`) has `pod`'s StatefulSet and ordinal. */
export function sameController(pod: Pod, copy: Pod): Pod {
  const by = createdBy.get(pod);
  // Stryker disable next-line ConditionalExpression: mapping the copy to undefined reads back as no mapping (the false case is a test's)
  if (by) createdBy.set(copy, by);
  return copy;
}

/** The StatefulSet and ordinal the create path made `pod` for (registerStatefulSetPod), if any. */
export const statefulSetOf = (pod: Pod): { workload: KubeObject; ordinal: number } | undefined => createdBy.get(pod);

const isClaimVolume = (v: Volume | null | undefined) => !!v && (v.persistentVolumeClaim != null || v.ephemeral != null);

/** The pod has a persistentVolumeClaim or generic ephemeral volume (the ones whose storage decides placement). */
export function podUsesClaimVolumes(pod: Pod): boolean {
  // Stryker disable next-line ArrayDeclaration: isClaimVolume is false for a non-volume
  return (pod.spec?.volumes ?? []).some(isClaimVolume);
}

/** The subject's pod uses claims (its volumes, or a StatefulSet's volumeClaimTemplates): VolumeBinding has something to score. */
export function podUsesClaims(subject: { kind: string; spec: { volumes?: Volume[] }; object: KubeObject }): boolean {
  // Stryker disable next-line ArrayDeclaration: isClaimVolume is false for a non-volume
  if ((subject.spec.volumes ?? []).some(isClaimVolume)) return true;
  return subject.kind === 'StatefulSet' && ((subject.object as { spec?: { volumeClaimTemplates?: unknown[] } }).spec?.volumeClaimTemplates?.length ?? 0) > 0;
}

// a name no real object has (names are DNS subdomains): the volume a claim not modelled is seen bound to
export const PLACEHOLDER_PREFIX = '\u0000not-modelled/';

/** The volume a claim not modelled is seen bound to (pod-storage.ts placeholder()): its name is for no text. */
export const isPlaceholderVolume = (name: string | undefined): boolean => name?.startsWith(PLACEHOLDER_PREFIX) === true;

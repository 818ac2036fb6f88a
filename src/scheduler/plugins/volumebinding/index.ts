// VolumeBinding (pkg/scheduler/framework/plugins/volumebinding): the pod's PersistentVolumeClaims and generic
// ephemeral volumes as kube-scheduler sees them. PreFilter (state.ts) sorts the claims and refuses a pod whose claims
// are missing, lost, being deleted or unbound and not WaitForFirstConsumer; Filter (binder.ts FindPodVolumes) checks
// per node the bound claims' PVs' node affinity, the static PVs a WaitForFirstConsumer claim could bind to and whether
// the rest can be provisioned there; the Score (scoring.ts) only with StorageCapacityScoring.
import type { PodSpec } from '../../../core/types';
import { gateEnabled } from '../../../core/config';
import { createdPod, createdSpec } from '../../../admission/create';
import { isPlaceholderVolume } from '../../../admission/pod-storage';
import { termsRead } from '../../../k8s/node-selector';
import { claimClass, volumeAffinityTerms } from '../../../k8s/storage';
import type { ClusterPlugin } from '../../cycle';
import { failure, Skip, type ScorePlugin } from '../../framework';
import { storageListers } from '../../storage';
import { findPodVolumes, translatable, type PodVolumes } from './binder';
import { ErrReasonNotEnoughSpace } from './reasons';
import { preFilter, type PreFilterState } from './state';
import * as scoring from './scoring';
import { DEFAULT_SHAPE } from './scorer';

export * from './reasons';
export { findPodVolumes, getPodVolumeClaims, hasEnoughCapacity, VolumeBindingError, type PodVolumeClaims, type PodVolumes } from './binder';
export { podHasPVCs, preFilter, type PreFilterState } from './state';
export { brokenLinear, buildScorerFunction, DEFAULT_SHAPE, type ShapePoint, type StorageResource } from './scorer';
export { classResources, type ScoreState } from './scoring';

/** An object's name as the texts print it (a PV given without metadata has none). */
const nameOf = (o: { metadata?: { name?: string } }) => o.metadata?.name;

/**
 * Our account of a node's verdict (a rejected one: findPodVolumes names the claim that decided with every reason):
 * which claim decided, and the one-line fix where there is one.
 */
function describe(v: PodVolumes): string[] {
  const { pvc, pv, why } = v.culprit!;
  const lines = [`PersistentVolumeClaim ${nameOf(pvc)}${pv ? ` (PersistentVolume ${nameOf(pv)})` : ''}: ${why}`];
  const hint = fixHint(v);
  if (hint) lines.push(hint);
  return lines;
}

/** What would change the verdict, in the user's terms (ClusterPlugin has no fixHint: it is part of the details). */
export function fixHint(v: PodVolumes): string | undefined {
  if (!v.culprit) return undefined;
  if (v.culprit.pv) return 'a bound PersistentVolume cannot move: schedule the pod where its node affinity allows, or restore the data onto a volume that reaches this node';
  if (v.reasons.includes(ErrReasonNotEnoughSpace)) return 'free capacity in the storage pool that serves this node (CSIStorageCapacity), or ask for less storage';
  return undefined;
}

/**
 * The node label keys the verdict can depend on; undefined (every node on its own) when a claim is for a selected
 * node, or a bound PV is in-tree (its translation depends on the node's CSINode).
 */
// Stryker disable next-line BlockStatement: undefined filters every node on its own, which gives the same verdicts
function reads(state: PreFilterState): string[] | undefined {
  // Stryker disable next-line ArrayDeclaration: a key no node has splits no group (more keys only share less)
  const keys: string[] = [];
  const affinity = (pv: Parameters<typeof volumeAffinityTerms>[0]) => keys.push(...termsRead(volumeAffinityTerms(pv) ?? []).labels);
  for (const pvc of state.claims.bound) {
    const pv = state.storage.volume(pvc.spec!.volumeName!);
    // Stryker disable next-line LogicalOperator: a missing PV is not translatable; with one, undefined (every node on its own) gives the same verdicts
    if (pv && translatable(pv)) return undefined;
    if (pv) affinity(pv);
  }
  for (const pvc of state.claims.delayBinding) if (pvc.metadata!.annotations?.['volume.kubernetes.io/selected-node'] !== undefined) return undefined;
  for (const [cls, pvs] of state.claims.volumesByClass) {
    pvs.forEach(affinity);
    const sc = state.storage.storageClass(cls);
    // Stryker disable next-line OptionalChaining,ArrayDeclaration: a delayed claim's class exists (isDelayBindingMode); a string in the list has no matchLabelExpressions, and an undefined key splits no group
    for (const t of sc?.allowedTopologies ?? []) keys.push(...(t.matchLabelExpressions ?? []).map((e) => e.key));
    for (const c of state.storage.capacities()) {
      if (c.storageClassName !== cls) continue;
      // Stryker disable next-line ArrayDeclaration: a string in the list gives an undefined key, which splits no group
      keys.push(...Object.keys(c.nodeTopology?.matchLabels ?? {}), ...(c.nodeTopology?.matchExpressions ?? []).map((e) => e.key));
    }
  }
  return keys;
}

/** A claim volume (persistentVolumeClaim or ephemeral), as volumeClaims counts them. */
// Stryker disable next-line ArrayDeclaration: a string in the list is no claim volume
const hasClaimVolumes = (spec: PodSpec): boolean => (spec.volumes ?? []).some((v) => v != null && Boolean(v.persistentVolumeClaim || v.ephemeral));

export const VolumeBinding: ClusterPlugin<PreFilterState> = {
  name: 'VolumeBinding',
  // a pod without claim volumes Skips (podHasPVCs 'none'): told from createdSpec, the spec of createdPod, unmade then
  // Stryker disable next-line BooleanLiteral: the cycle reads `'skip' in r`
  preFilter: (pod, snapshot) => (hasClaimVolumes(createdSpec(pod.subject)) ? preFilter(createdPod(pod.subject), snapshot.storage, gateEnabled('VolumeAttributesClass')) : { skip: true }),
  filter(_pod, node, state) {
    const v = findPodVolumes(state.claims, { name: node.info.name, labels: node.info.labels }, state.storage, state.vacEnabled);
    return v.reasons.length ? failure('VolumeBinding', 'UnschedulableAndUnresolvable', v.reasons, () => describe(v)) : undefined;
  },
  reads,
  explainPass(_pod, node, state) {
    const v = findPodVolumes(state.claims, { name: node.info.name, labels: node.info.labels }, state.storage, state.vacEnabled);
    return [
      // a claim not among the storage objects given is seen bound to a placeholder (pod-storage.ts): the answer's notModelled says so
      ...state.claims.bound.map((c) => isPlaceholderVolume(c.spec!.volumeName)
        ? `PersistentVolumeClaim ${nameOf(c)} is not modelled: not checked against the node`
        : `PersistentVolumeClaim ${nameOf(c)} is bound to PersistentVolume ${c.spec!.volumeName}, which reaches the node`),
      ...v.staticBindings.map((b) => `PersistentVolumeClaim ${nameOf(b.pvc)} would bind PersistentVolume ${nameOf(b.pv)}`),
      ...v.dynamicProvisions.map((p) => `PersistentVolumeClaim ${nameOf(p.pvc)} would be provisioned for the node (StorageClass ${claimClass(p.pvc)})`),
    ];
  },
};

/**
 * VolumeBinding's Score (weight 1 in the default profile where the release scores with it): Skip unless
 * StorageCapacityScoring is on; then never Skip (a pod without claims scores 0 everywhere).
 */
export const VolumeBindingScore: ScorePlugin<scoring.ScoreState> = {
  name: 'VolumeBinding',
  preScore(pod, feasible, cluster) {
    if (!gateEnabled('StorageCapacityScoring')) return new Skip('StorageCapacityScoring is off in this release');
    // Stryker disable next-line ArrayDeclaration: a string in the list is no storage object (storageListers passes over it)
    const storage = cluster.storage ?? storageListers([]);
    const r = preFilter(createdPod(pod.subject), storage, gateEnabled('VolumeAttributesClass'));
    const labels = new Map(feasible.map((n) => [n.info.name, n.info.labels]));
    return scoring.preScore('state' in r ? r.state : undefined, [...labels.keys()], (n) => labels.get(n) ?? {}, DEFAULT_SHAPE);
  },
  score: (state, node) => scoring.score(state, node.info.name),
  explain(state, node, raw) {
    const v = state.byNode.get(node.info.name);
    if (!v) return 'no volumes to bind or provision on this node';
    const parts = [...scoring.classResources(v, state.capacityScoring)].map(([c, r]) => `${c || '""'} ${r.requested}/${r.capacity} bytes`);
    return `storage utilisation per class: ${parts.join(', ') || 'none'} → ${raw}`;
  },
};

// VolumeBinding's PreScore and Score (pkg/scheduler/framework/plugins/volumebinding/volume_binding.go): only with
// StorageCapacityScoring on (the scorer exists only then); then PreScore never Skips, also for a pod without claims
// (it scores 0 everywhere). The volumes per node are FindPodVolumes' for the feasible nodes, worked out here rather
// than kept from Filter, whose verdicts node shapes may share.
import type { PodVolumes } from './binder';
import { findPodVolumes } from './binder';
import type { PreFilterState } from './state';
import { buildScorerFunction, type ShapePoint, type StorageResource } from './scorer';
import { claimClass, requestedStorage, storageAmount, volumeCapacity, wholeUnits } from '../../../k8s/storage';
import { SchedulerCrash } from '../../cycle';

export interface ScoreState {
  /** FindPodVolumes of each feasible node that fits (podVolumesByNode). */
  byNode: Map<string, PodVolumes>;
  capacityScoring: boolean;
  scorer: (classes: ReadonlyMap<string, StorageResource>) => number;
}

/** PreScore (gate on): the pod's volumes on each feasible node; `state` undefined when PreFilter Skipped (no claims). */
export function preScore(state: PreFilterState | undefined, feasible: readonly string[], labels: (node: string) => Record<string, string>, shape: readonly ShapePoint[]): ScoreState {
  const byNode = new Map<string, PodVolumes>();
  if (state) {
    for (const name of feasible) {
      const v = findPodVolumes(state.claims, { name, labels: labels(name) }, state.storage, state.vacEnabled);
      if (v.reasons.length === 0) byNode.set(name, v);
    }
  }
  return { byNode, capacityScoring: true, scorer: buildScorerFunction(shape) };
}

/**
 * Score: with static bindings, per PV class (spec.storageClassName) the claims' requests and the PVs' capacities
 * summed; else, per class of the provisioned claims that found a CSIStorageCapacity, the requests summed against that
 * capacity (assigned, not summed: two claims draw on one pool).
 */
export function classResources(volumes: PodVolumes, capacityScoring: boolean): Map<string, StorageResource> {
  const classes = new Map<string, StorageResource>();
  const get = (c: string) => classes.get(c) ?? classes.set(c, { requested: 0n, capacity: 0n }).get(c)!;
  if (volumes.staticBindings.length > 0 || !capacityScoring) {
    for (const { pvc, pv } of volumes.staticBindings) {
      const r = get(pv.spec?.storageClassName ?? '');
      r.requested += wholeUnits(requestedStorage(pvc));
      r.capacity += wholeUnits(volumeCapacity(pv));
    }
    return classes;
  }
  for (const { pvc, capacity } of volumes.dynamicProvisions) {
    if (!capacity) continue;
    if (pvc.spec?.storageClassName == null) throw new SchedulerCrash(classOnlyInAnnotation(pvc));
    // Stryker disable next-line OptionalChaining: a claim with a CSIStorageCapacity has spec.resources.requests (hasEnoughCapacity)
    const r = get(pvc.spec?.storageClassName ?? '');
    r.capacity = wholeUnits(storageAmount(capacity.capacity, `CSIStorageCapacity ${capacity.metadata?.name ?? ''} capacity`));
    r.requested += wholeUnits(requestedStorage(pvc));
  }
  return classes;
}

/** Score of one node: 0 for a node without volumes (PreFilter Skipped, or the node was not feasible). */
export function score(state: ScoreState, node: string): number {
  const volumes = state.byNode.get(node);
  return volumes ? state.scorer(classResources(volumes, state.capacityScoring)) : 0;
}

/**
 * v1.33–v1.37's Score reads the class of a claim provisioned against a CSIStorageCapacity as
 * `*provision.PVC.Spec.StorageClassName` (volume_binding.go Score), a nil pointer when the claim names its class in
 * the beta annotation only (which the binder reads first, GetPersistentVolumeClaimClass).
 */
function classOnlyInAnnotation(pvc: PodVolumes['dynamicProvisions'][number]['pvc']): string {
  const cls = claimClass(pvc);
  return `kube-scheduler panics in VolumeBinding's Score (runtime error: invalid memory address or nil pointer dereference) ` +
    `and exits, at every attempt to schedule the pod: PersistentVolumeClaim ${pvc.metadata?.namespace || 'default'}/${pvc.metadata?.name ?? ''} ` +
    `would be provisioned against a CSIStorageCapacity and names its StorageClass ${cls} only in the ` +
    `volume.beta.kubernetes.io/storage-class annotation, while Score reads spec.storageClassName (StorageCapacityScoring on, ` +
    `two or more feasible nodes); set spec.storageClassName: ${cls}`;
}

// VolumeBinding's Filter for bound zonal PersistentVolumes (pkg/scheduler/framework/plugins/volumebinding/binder.go
// FindPodVolumes → checkBoundClaims): a pod whose bound volumes are in one zone fits no node outside it. Only the
// outage simulation's opt-in (cluster.zonalVolumes) uses it today, where a StatefulSet ordinal's volumes stay in the
// zone its first pod ran in; the PersistentVolumes themselves are not modelled, so the zone is given.
import type { Node } from '../../../core/types';
import { filterPlugin, rejection, type FilterPlugin } from '../../framework';

/**
 * volumebinding/binder.go ErrReasonNodeConflict since v1.33 (kubernetes PR #129887); before:
 * "node(s) had volume node affinity conflict".
 * @upstream pkg/scheduler/framework/plugins/volumebinding/binder.go
 */
export const ErrReasonNodeConflict = "node(s) didn't match PersistentVolume's node affinity";
const REJECTED = rejection('VolumeBinding', 'UnschedulableAndUnresolvable', [ErrReasonNodeConflict]);

/** The node's zone label (topology.kubernetes.io/zone, else the beta label). */
export function zoneOf(node: Node): string | undefined {
  const labels = node.metadata?.labels ?? {};
  return labels['topology.kubernetes.io/zone'] ?? labels['failure-domain.beta.kubernetes.io/zone'];
}

/** VolumeBinding for a pod whose bound volumes are all in `zone`: UnschedulableAndUnresolvable outside it. */
export function volumesInZone(zone: string): FilterPlugin {
  return filterPlugin(
    'VolumeBinding',
    { node: [(n) => zoneOf(n.node) ?? ''] },
    (_pod, node) => (zoneOf(node.node) === zone ? undefined : REJECTED),
    () => [`the pod's PersistentVolumes are in zone ${zone}`],
  );
}

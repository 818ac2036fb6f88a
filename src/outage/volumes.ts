// The outage's one addition to the scheduling cycle (cluster.zonalVolumes): a StatefulSet ordinal's PersistentVolumes
// stay in the zone its first pod ran in, so VolumeBinding's Filter rejects every node outside it
// (pkg/scheduler/framework/plugins/volumebinding/binder.go FindPodVolumes → checkBoundClaims).
import type { Node } from '../core/types';
import type { Status } from '../scheduler/framework';

/**
 * volumebinding/binder.go ErrReasonNodeConflict since v1.33 (kubernetes PR #129887); before:
 * "node(s) had volume node affinity conflict".
 */
export const ErrReasonNodeConflict = "node(s) didn't match PersistentVolume's node affinity";

/** The node's zone label (topology.kubernetes.io/zone, else the beta label). */
export function zoneOf(node: Node): string | undefined {
  const labels = node.metadata?.labels ?? {};
  return labels['topology.kubernetes.io/zone'] ?? labels['failure-domain.beta.kubernetes.io/zone'];
}

/** The Filter for a pod whose bound zonal volumes are in `zone`: UnschedulableAndUnresolvable outside it. */
export const volumeZoneFilter = (zone: string) => (node: Node): Status | undefined =>
  zoneOf(node) === zone ? undefined : {
    plugin: 'VolumeBinding', code: 'UnschedulableAndUnresolvable', reasons: [ErrReasonNodeConflict],
    details: [`the pod's PersistentVolumes are in zone ${zone}`],
  };

// NodeVolumeLimits (pkg/scheduler/framework/plugins/nodevolumelimits, CSILimits): CSI attach limits per node.
// PreFilter once per pod (Skip for a pod without claims or migratable in-tree volumes; never rejects), Filter per
// node (filter.ts). Not in the default profile yet (issue 34: the four volume plugins join it together).
import type { ClusterPlugin } from '../../cycle';
import { explainPass, filter, preFilterState, type Features, type PreFilterState } from './filter';

export * from './reasons';
export { NodeVolumeLimitsError, volumeLimits, type Features, type PreFilterState } from './filter';
export { isCSIMigrationOn, podVolumes } from './volumes';

/** The plugin as NewCSI builds it with `features` (unset ones from the configured release's gates). */
export function newCSILimits(features: Features = {}): ClusterPlugin<PreFilterState> {
  return {
    name: 'NodeVolumeLimits',
    preFilter(pod, snapshot) {
      const state = preFilterState(pod, snapshot, features);
      return state ? { state } : { skip: true };
    },
    filter,
    // the verdict reads the node's CSINode, pods and VolumeAttachments by name: every node on its own
    reads: () => undefined,
    explainPass,
  };
}

export const NodeVolumeLimits = newCSILimits();

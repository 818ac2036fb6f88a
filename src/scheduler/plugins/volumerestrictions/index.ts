// VolumeRestrictions (pkg/scheduler/framework/plugins/volumerestrictions): PreFilter once per pod (state.ts: missing
// claims, ReadWriteOncePod claims in use), Filter per node (filter.ts: in-tree disk conflicts, then ReadWriteOncePod).
import type { ClusterPlugin } from '../../cycle';
import { preFilterState, updateWithPod, type VolumeRestrictionsState } from './state';
import { explainPass, filter } from './filter';

export * from './reasons';
export { preFilterState, type VolumeRestrictionsState } from './state';

export const VolumeRestrictions: ClusterPlugin<VolumeRestrictionsState> = {
  name: 'VolumeRestrictions',
  preFilter: preFilterState,
  filter,
  // the disk conflicts read the pods on each node: every node on its own; the ReadWriteOncePod verdict is the
  // cluster's, the same on every node (no label read)
  reads: (state) => (state.disks.length ? undefined : []),
  explainPass,
  addPod: (_pod, state, added) => updateWithPod(state, added, 1),
  removePod: (_pod, state, removed) => updateWithPod(state, removed, -1),
};

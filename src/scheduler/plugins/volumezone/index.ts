// VolumeZone (pkg/scheduler/framework/plugins/volumezone): PreFilter once per pod reads the zone and region labels of
// the PersistentVolumes its claims are bound to (state.ts), Filter per node compares the node's (filter.ts).
import type { ClusterPlugin } from '../../cycle';
import { preFilterState, TOPOLOGY_LABELS, type VolumeZoneState } from './state';
import { explainPass, filter } from './filter';

export * from './reasons';
export { claimClass, labelZonesToSet, preFilterState, TOPOLOGY_LABELS, type PVTopology, type VolumeZoneState } from './state';

export const VolumeZone: ClusterPlugin<VolumeZoneState> = {
  name: 'VolumeZone',
  preFilter: preFilterState,
  filter,
  // the Filter reads the node's four zone and region labels alone (whether it has any, and their values)
  reads: () => TOPOLOGY_LABELS,
  explainPass,
};

// PodTopologySpread (pkg/scheduler/framework/plugins/podtopologyspread), filtering only: PreFilter once per pod over
// the snapshot (state.ts), Filter per node (filter.ts). ScheduleAnyway constraints and the system defaults only score.
import type { ClusterPlugin } from '../../cycle';
import { preFilterState, type PreFilterState } from './state';
import { explainPass, filter } from './filter';

export * from './reasons';
export { constraintsOf, SYSTEM_DEFAULT_CONSTRAINTS, type Constraint } from './constraints';
export { minMatch, preFilterState, PodTopologySpreadError, type PreFilterState } from './state';

export const PodTopologySpread: ClusterPlugin<PreFilterState> = {
  name: 'PodTopologySpread',
  preFilter(pod, snapshot) {
    const state = preFilterState(pod, snapshot);
    return state ? { state } : { skip: true };
  },
  filter,
  explainPass,
};

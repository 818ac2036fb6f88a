// InterPodAffinity (pkg/scheduler/framework/plugins/interpodaffinity), filtering only: PreFilter once per pod over the
// snapshot (state.ts), Filter per node (filter.ts). Preferred terms only score.
import type { ClusterPlugin } from '../../cycle';
import { preFilterState, type PreFilterState } from './state';
import { explainPass, filter } from './filter';

export * from './reasons';
export { parseAffinityTerms, termMatches, type AffinityTerm } from './terms';
export { preFilterState, type Contribution, type PreFilterState } from './state';

export const InterPodAffinity: ClusterPlugin<PreFilterState> = {
  name: 'InterPodAffinity',
  preFilter(pod, snapshot) {
    const r = preFilterState(pod, snapshot);
    if (r === undefined) return { skip: true };
    if ('plugin' in r) return { reject: r };
    return { state: r };
  },
  filter,
  explainPass,
};

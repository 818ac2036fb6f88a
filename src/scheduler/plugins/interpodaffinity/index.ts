// InterPodAffinity (pkg/scheduler/framework/plugins/interpodaffinity), filtering only: PreFilter once per pod over the
// snapshot (state.ts), Filter per node (filter.ts). Preferred terms only score.
import type { ClusterPlugin } from '../../cycle';
import { preFilterState, updateWithPod, type PreFilterState } from './state';
import { explainPass, filter } from './filter';
import { Skip, type ScorePlugin } from '../../framework';
import * as scoring from './scoring';

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
  // the Filter reads the node's values of the pod's required terms' topologyKeys, and of the keys of the
  // existing pods' anti-affinity pairs (any other label of the node finds no count)
  reads: (state) => [
    ...state.affinityTerms.map((t) => t.topologyKey),
    ...state.antiAffinityTerms.map((t) => t.topologyKey),
    ...[...state.existingAntiAffinity.keys()].map((k) => k.slice(0, k.indexOf('\u0000'))),
  ],
  explainPass,
  addPod: (_pod, state, added, node) => updateWithPod(state, added, node, 1),
  removePod: (_pod, state, removed, node) => updateWithPod(state, removed, node, -1),
};

/** InterPodAffinity's PreScore/Score/NormalizeScore (scoring.ts): preferred pod (anti-)affinity terms, both ways. */
export const InterPodAffinityScore: ScorePlugin<scoring.PreScoreState> = {
  name: 'InterPodAffinity',
  preScore: (pod, _feasible, cluster) => scoring.preScore(pod, cluster) ?? new Skip('no pod affinity term applies'),
  score: scoring.score,
  normalizeScore: (_, raw) => scoring.normalize(raw),
  explain: (_state, _node, raw) => `preferred (anti-)affinity sum ${raw}`,
};

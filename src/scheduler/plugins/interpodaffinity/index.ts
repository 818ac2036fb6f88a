// InterPodAffinity (pkg/scheduler/framework/plugins/interpodaffinity), filtering only: PreFilter once per pod over the
// snapshot (state.ts), Filter per node (filter.ts). Preferred terms only score.
import type { ClusterPlugin } from '../../cycle';
import { preFilterState, updateWithPod, type PreFilterState } from './state';
import type * as Filtering from './filter';
import { Skip, type ScorePlugin } from '../../framework';
import type * as Scoring from './scoring';

// The Filter's and the Score's code is loaded on first use: PreFilter Skips most pods, and a verdict never scores.
let filterCode: typeof Filtering | undefined;
let scoreCode: typeof Scoring | undefined;
const filtering = (): typeof Filtering => (filterCode ??= require('./filter'));
const scoring = (): typeof Scoring => (scoreCode ??= require('./scoring'));

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
  filter: (pod, node, state) => filtering().filter(pod, node, state),
  // the Filter reads the node's values of the pod's required terms' topologyKeys, and of the keys of the
  // existing pods' anti-affinity pairs (any other label of the node finds no count)
  reads: (state) => [
    ...state.affinityTerms.map((t) => t.topologyKey),
    ...state.antiAffinityTerms.map((t) => t.topologyKey),
    ...[...state.existingAntiAffinity.keys()].map((k) => k.slice(0, k.indexOf('\u0000'))),
  ],
  explainPass: (pod, node, state) => filtering().explainPass(pod, node, state),
  addPod: (_pod, state, added, node) => updateWithPod(state, added, node, 1),
  removePod: (_pod, state, removed, node) => updateWithPod(state, removed, node, -1),
};

/** InterPodAffinity's PreScore/Score/NormalizeScore (scoring.ts): preferred pod (anti-)affinity terms, both ways. */
export const InterPodAffinityScore: ScorePlugin<Scoring.PreScoreState> = {
  name: 'InterPodAffinity',
  preScore: (pod, _feasible, cluster) => scoring().preScore(pod, cluster) ?? new Skip('no pod affinity term applies'),
  score: (state, node) => scoring().score(state, node),
  normalizeScore: (_, raw) => scoring().normalize(raw),
  explain: (_state, _node, raw) => `preferred (anti-)affinity sum ${raw}`,
};

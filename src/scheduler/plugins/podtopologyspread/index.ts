// PodTopologySpread (pkg/scheduler/framework/plugins/podtopologyspread), filtering only: PreFilter once per pod over
// the snapshot (state.ts), Filter per node (filter.ts). ScheduleAnyway constraints and the system defaults only score.
import type { ClusterPlugin } from '../../cycle';
import { preFilterState, updateWithPod, type PreFilterState } from './state';
import type * as Filtering from './filter';
import { Skip, type ScorePlugin } from '../../framework';
import type * as Scoring from './scoring';
import { pluginArgs } from '../../plugin-args';

// The Filter's and the Score's code is loaded on first use: PreFilter Skips most pods, and a verdict never scores.
let filterCode: typeof Filtering | undefined;
let scoreCode: typeof Scoring | undefined;
const filtering = (): typeof Filtering => (filterCode ??= require('./filter'));
const scoring = (): typeof Scoring => (scoreCode ??= require('./scoring'));

export * from './reasons';
export { constraintsOf, SYSTEM_DEFAULT_CONSTRAINTS, type Constraint } from './constraints';
export { minMatch, preFilterState, PodTopologySpreadError, type PreFilterState } from './state';

export const PodTopologySpread: ClusterPlugin<PreFilterState> = {
  name: 'PodTopologySpread',
  preFilter(pod, snapshot) {
    const state = preFilterState(pod, snapshot);
    return state ? { state } : { skip: true };
  },
  filter: (pod, node, state) => filtering().filter(pod, node, state),
  // the Filter reads each hard constraint's topologyKey of the node (presence and value), the rest from the state;
  // a DaemonSet's pinned constraints also read the node's own pods: every node on its own
  reads: (state) => (state.pinned ? undefined : state.constraints.map((c) => c.topologyKey)),
  explainPass: (pod, node, state) => filtering().explainPass(pod, node, state),
  addPod: (pod, state, added, node) => updateWithPod(pod, state, added, node, 1),
  removePod: (pod, state, removed, node) => updateWithPod(pod, state, removed, node, -1),
};

/** PodTopologySpread's PreScore/Score/NormalizeScore (scoring.ts): ScheduleAnyway constraints and the system defaults. */
export const PodTopologySpreadScore: ScorePlugin<Scoring.PreScoreState> = {
  name: 'PodTopologySpread',
  preScore: (pod, feasible, cluster) => scoring().preScore(pod, feasible, cluster) ?? new Skip(pluginArgs('PodTopologySpread').defaultingType === 'List'
    ? "no ScheduleAnyway constraint; the scheduler configuration's defaultConstraints need a Service or a ReplicaSet/StatefulSet/RC owner selecting the pod"
    : 'no ScheduleAnyway constraint; system defaults need a ReplicaSet/StatefulSet/RC owner'),
  score: (state, node) => scoring().score(state, node).raw,
  normalizeScore: (state, raw, feasible) => scoring().normalize(state, feasible.map((n) => n.info.name), raw),
  explain: (state, node) => scoring().describeCounts(state, node, scoring().score(state, node).counts),
};

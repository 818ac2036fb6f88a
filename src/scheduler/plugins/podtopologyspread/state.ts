// PodTopologySpread's PreFilter state (podtopologyspread/filtering.go calPreFilterState, common.go): per hard
// (DoNotSchedule) constraint, the matching pods in each eligible domain of the whole cluster.
import type { Pod } from '../../../core/types';
import { nodeUsage, type NodeInfo, type PodInfo } from '../../framework';
import { SchedulerError } from '../../cycle';
import { isTerminating, podLabels, podNamespace, subjectPodMeta, type Snapshot } from '../../snapshot';
import { NodeAffinity } from '../nodeaffinity';
import { findUntoleratedTaint } from '../tainttoleration';
import { LabelSelectorError, selectorMatches } from '../../../k8s/label-selector';
import { constraintsOf, type Constraint } from './constraints';

export interface PreFilterState {
  constraints: Constraint[];
  /** Per constraint: eligible domain (topology value) → matching pods. Its keys are the eligible domains. */
  counts: Array<Map<string, number>>;
  /** Per constraint: does the incoming pod match its own selector (selfMatch)? */
  selfMatch: boolean[];
  namespace: string;
}

// NodeAffinity's Filter reads only the pod and the node's labels.
const NO_USAGE = nodeUsage([]);

/** Thrown when the pod's constraints cannot be parsed: upstream PreFilter returns an Error (no verdict). */
export class PodTopologySpreadError extends SchedulerError {}

/** common.go matchNodeInclusionPolicies */
function includes(c: Constraint, pod: PodInfo, node: NodeInfo, affinityMatch: () => boolean): boolean {
  if (c.nodeAffinityPolicy === 'Honor' && !affinityMatch()) return false;
  if (c.nodeTaintsPolicy === 'Honor' && findUntoleratedTaint(node.taints, pod.tolerations, pod.comparisonOperators)) return false;
  return true;
}

/** common.go countPodsMatchSelector: same namespace, not terminating, matching; an empty selector counts 0. */
function countMatching(pods: readonly Pod[], c: Constraint, namespace: string): number {
  if (c.selector.kind === 'everything') return 0;
  let n = 0;
  for (const p of pods) {
    if (isTerminating(p) || podNamespace(p) !== namespace) continue;
    if (selectorMatches(c.selector, podLabels(p))) n++;
  }
  return n;
}

/** filtering.go calPreFilterState, over every node of the snapshot (feasible or not). */
export function preFilterState(pod: PodInfo, snapshot: Snapshot): PreFilterState | undefined {
  let constraints: Constraint[];
  try {
    constraints = constraintsOf(pod, 'DoNotSchedule');
  } catch (e) {
    if (e instanceof LabelSelectorError) throw new PodTopologySpreadError(`PodTopologySpread PreFilter: get constraints from pod: ${e.message}`);
    throw e;
  }
  if (constraints.length === 0) return undefined;
  const { namespace, labels } = subjectPodMeta(pod.subject);
  const counts = constraints.map(() => new Map<string, number>());
  for (const node of snapshot.nodes) {
    const nodeLabels = node.info.labels;
    // A node lacking any hard topologyKey is left out of every constraint's counts.
    if (!constraints.every((c) => Object.prototype.hasOwnProperty.call(nodeLabels, c.topologyKey))) continue;
    let affinity: boolean | undefined;
    const affinityMatch = () => (affinity ??= NodeAffinity.filter(pod, node.info, NO_USAGE) === undefined);
    constraints.forEach((c, i) => {
      if (!includes(c, pod, node.info, affinityMatch)) return;
      const value = nodeLabels[c.topologyKey];
      counts[i].set(value, (counts[i].get(value) ?? 0) + countMatching(node.pods, c, namespace));
    });
  }
  return { constraints, counts, selfMatch: constraints.map((c) => selectorMatches(c.selector, labels)), namespace };
}

/** minMatchNum: the smallest count among eligible domains; 0 when there are fewer eligible domains than minDomains. */
export function minMatch(state: PreFilterState, i: number): number {
  const m = state.counts[i];
  if (m.size < state.constraints[i].minDomains) return 0;
  let min = Infinity;
  for (const v of m.values()) if (v < min) min = v;
  return min;
}

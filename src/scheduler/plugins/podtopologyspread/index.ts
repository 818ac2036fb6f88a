// PodTopologySpread, Filter part (pkg/scheduler/framework/plugins/podtopologyspread/filtering.go):
// PreFilter counts, per hard (DoNotSchedule) constraint, the matching pods in each eligible domain of the whole
// cluster; Filter checks `matchNum + selfMatch − minMatch ≤ maxSkew` for the node's domain.
import type { Pod } from '../../../types';
import { failure, nodeUsage, type NodeInfo, type PodInfo, type Status } from '../../framework';
import { SchedulerError, type ClusterPlugin } from '../../cycle';
import { isTerminating, podLabels, podNamespace, subjectPodMeta, type NodeSnapshot, type Snapshot } from '../../snapshot';
import { NodeAffinity } from '../../node-affinity';
import { findUntoleratedTaint } from '../../taint-toleration';
import { formatSelector, LabelSelectorError, selectorMatches } from '../../../k8s/label-selector';
import { constraintsOf, type Constraint } from './constraints';
import { ErrReasonConstraintsNotMatch, ErrReasonNodeLabelNotMatch } from './reasons';

export * from './reasons';
export { constraintsOf, SYSTEM_DEFAULT_CONSTRAINTS, type Constraint } from './constraints';

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

const byName = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

function describeConstraint(pod: PodInfo, c: Constraint): string {
  return `${pod.subject.specPath}.topologySpreadConstraints[${c.index}] (topologyKey ${c.topologyKey}, maxSkew ${c.maxSkew}, ` +
    `labelSelector ${formatSelector(c.selector)}${c.minDomains !== 1 ? `, minDomains ${c.minDomains}` : ''})`;
}

/** `zone-a 2, zone-b 1, zone-c 0 (min 0)`; long lists keep the node's domain and the emptiest ones. */
function describeCounts(state: PreFilterState, i: number, domain: string): string {
  const m = state.counts[i];
  let entries = [...m].sort(([a], [b]) => byName(a, b));
  const total = entries.length;
  if (total > 12) {
    const fewest = [...entries].sort(([, a], [, b]) => a - b).slice(0, 5).map(([d]) => d);
    entries = entries.filter(([d]) => d === domain || fewest.includes(d));
  }
  const c = state.constraints[i];
  const min = minMatch(state, i);
  const minNote = m.size < c.minDomains ? `min 0: ${m.size} eligible domain(s) < minDomains ${c.minDomains}` : `min ${min}`;
  return `${c.topologyKey}: ${total === 0 ? 'no eligible domain' : entries.map(([d, n]) => `${d} ${n}`).join(', ')}` +
    `${total > entries.length ? `, … (${total} domains)` : ''} (${minNote})`;
}

export const PodTopologySpread: ClusterPlugin<PreFilterState> = {
  name: 'PodTopologySpread',
  preFilter(pod, snapshot) {
    const state = preFilterState(pod, snapshot);
    return state ? { state } : { skip: true };
  },
  filter(pod, node, state) {
    const labels = node.info.labels;
    for (let i = 0; i < state.constraints.length; i++) {
      const c = state.constraints[i];
      if (!Object.prototype.hasOwnProperty.call(labels, c.topologyKey)) {
        return failure('PodTopologySpread', 'UnschedulableAndUnresolvable', [ErrReasonNodeLabelNotMatch], () => [
          `node ${node.info.name} has no label ${c.topologyKey}, which ${describeConstraint(pod, c)} spreads over ` +
          '(nodes without a DoNotSchedule topologyKey are left out of the counts and never chosen)',
        ]);
      }
      const domain = labels[c.topologyKey];
      const min = minMatch(state, i);
      const self = state.selfMatch[i] ? 1 : 0;
      const matchNum = state.counts[i].get(domain) ?? 0;
      const skew = matchNum + self - min;
      if (skew > c.maxSkew) return skewFailure(pod, node, state, i, domain, matchNum, skew);
    }
    return undefined;
  },
  explainPass(pod, node, state) {
    return state.constraints.map((c, i) => {
      const domain = node.info.labels[c.topologyKey];
      const matchNum = state.counts[i].get(domain) ?? 0;
      const self = state.selfMatch[i] ? 1 : 0;
      const skew = matchNum + self - minMatch(state, i);
      return `topologySpreadConstraints[${c.index}] ${describeCounts(state, i, domain)}; ` +
        `${self ? `placing here makes ${domain} ${matchNum + 1}` : `${domain} stays ${matchNum} (the pod does not match its own labelSelector)`} → skew ${skew} ≤ maxSkew ${c.maxSkew}`;
    });
  },
};

function skewFailure(pod: PodInfo, node: NodeSnapshot, state: PreFilterState, i: number, domain: string, matchNum: number, skew: number): Status {
  const c = state.constraints[i];
  return failure('PodTopologySpread', 'Unschedulable', [ErrReasonConstraintsNotMatch], () => {
    const eligible = state.counts[i].has(domain) ? '' : ` (not an eligible domain)`;
    const placing = state.selfMatch[i]
      ? `placing here makes ${domain}${eligible} ${matchNum + 1}`
      : `${domain}${eligible} has ${matchNum} and the pod does not match its own labelSelector, so it adds nothing`;
    return [
      `${describeConstraint(pod, c)}:`,
      `  ${describeCounts(state, i, domain)}; ${placing} → skew ${skew} > maxSkew ${c.maxSkew}`,
      `  counted: pods in namespace ${state.namespace} matching the selector, not terminating, on nodes with every DoNotSchedule topologyKey` +
        (c.nodeAffinityPolicy === 'Honor' ? ' that match the pod\'s node affinity/selector (nodeAffinityPolicy Honor)' : '') +
        (c.nodeTaintsPolicy === 'Honor' ? ' whose NoSchedule/NoExecute taints it tolerates (nodeTaintsPolicy Honor)' : ''),
    ];
  });
}

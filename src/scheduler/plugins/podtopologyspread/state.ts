// PodTopologySpread's PreFilter state (podtopologyspread/filtering.go calPreFilterState, common.go): per hard
// (DoNotSchedule) constraint, the matching pods in each eligible domain of the whole cluster.
import type { Pod } from '../../../core/types';
import type { PodInfo, Status } from '../../framework';
import { SchedulerError } from '../../cycle';
import { candidates, isTerminating, podIndex, podLabels, podNamespace, subjectPodMeta, type NodeSnapshot, type Snapshot } from '../../snapshot';
import { podNodeAffinityMatches } from '../nodeaffinity';
import { findUntoleratedTaint } from '../tainttoleration';
import { LabelSelectorError, selectorMatches } from '../../../k8s/label-selector';
import { constraintsOf, type Constraint } from './constraints';

/**
 * One constraint's counts: eligible domain (topology value) → matching pods, read as a Map (in the order the walk
 * over the nodes met the domains). The domains at 0 are shared by every cycle over the snapshot (eligibleDomains);
 * only the domains with a matching pod are held, so a cycle does not copy thousands of hostnames.
 */
export class DomainCounts {
  private readonly matched = new Map<string, number>();
  constructor(private readonly zeros: ReadonlyMap<string, number>) {}
  get size(): number {
    return this.zeros.size;
  }
  has(domain: string): boolean {
    return this.zeros.has(domain);
  }
  get(domain: string): number | undefined {
    return this.matched.get(domain) ?? this.zeros.get(domain);
  }
  /** The matching pods in `domain`: 0 for a domain without a match or not eligible (get's `?? 0`, one lookup). */
  count(domain: string): number {
    return this.matched.get(domain) ?? 0;
  }
  /** One more matching pod in the eligible `domain`. */
  add(domain: string): void {
    this.matched.set(domain, (this.matched.get(domain) ?? 0) + 1);
  }
  *entries(): IterableIterator<[string, number]> {
    for (const domain of this.zeros.keys()) yield [domain, this.matched.get(domain) ?? 0];
  }
  [Symbol.iterator](): IterableIterator<[string, number]> {
    return this.entries();
  }
  /** The smallest count (Infinity when there is no domain): 0 while a domain has no matching pod. */
  min(): number {
    if (this.matched.size < this.zeros.size) return 0;
    let min = Infinity;
    for (const v of this.matched.values()) if (v < min) min = v;
    return min;
  }
}

export interface PreFilterState {
  constraints: Constraint[];
  /** Per constraint: eligible domain (topology value) → matching pods. Its keys are the eligible domains. */
  counts: DomainCounts[];
  /** Per constraint: does the incoming pod match its own selector (selfMatch)? */
  selfMatch: boolean[];
  namespace: string;
  /** minMatch per constraint, once worked out (the counts never change after PreFilter). */
  mins?: number[];
  /** Per constraint: domain → its skew failure, shared by the domain's nodes (filter.ts skewFailure). */
  failures?: Array<Map<string, Status>>;
  /**
   * A DaemonSet's template: the constraints (indexes) whose nodeAffinityPolicy is Honor, which count on the node
   * each pod is pinned to only (stateOn); undefined for any other pod.
   */
  pinned?: number[];
  /** The state of the pod pinned to each node, once worked out (stateOn). */
  perNode?: Map<string, PreFilterState>;
  /** In such a node's state: the node, and the constraints counted there alone (for messages). */
  pinnedOn?: { node: string; constraints: number[] };
}


/** Thrown when the pod's constraints cannot be parsed: upstream PreFilter returns an Error (no verdict). */
export class PodTopologySpreadError extends SchedulerError {}

/** common.go countPodsMatchSelector's test for one pod: same namespace, not terminating, matching. */
function countsPod(pod: Pod, c: Constraint, namespace: string): boolean {
  return !isTerminating(pod) && podNamespace(pod) === namespace && selectorMatches(c.selector, podLabels(pod));
}

interface Eligible {
  /** Per constraint: the eligible domains, in the order the walk over the nodes meets them. */
  domains: string[][];
  /** Per constraint: 1 for each node (by snapshot position) whose domain counts. */
  eligible: Uint8Array[];
  /** Per constraint: the eligible domains, each counted 0 (copied for each pod's counts). */
  zeros?: Array<Map<string, number>>;
}

// Replicas of one workload ask the same question of the same nodes: when no constraint's inclusion depends on the
// pod (nodeTaintsPolicy Ignore, and nodeAffinityPolicy Ignore or a pod without nodeSelector and required node
// affinity), the eligible nodes depend only on the topologyKeys, and are worked out once per snapshot.
const byKeys = new WeakMap<Snapshot, Map<string, Eligible>>();

function walkNodes(pod: PodInfo, snapshot: Snapshot, constraints: readonly Constraint[]): Eligible {
  const domains = constraints.map(() => new Set<string>());
  const eligible = constraints.map(() => new Uint8Array(snapshot.nodes.length));
  const nodes = snapshot.nodes;
  for (let position = 0; position < nodes.length; position++) {
    const node = nodes[position];
    const nodeLabels = node.info.labels;
    // A node lacking any hard topologyKey is left out of every constraint's counts.
    if (!constraints.every((c) => Object.prototype.hasOwnProperty.call(nodeLabels, c.topologyKey))) continue;
    let affinity: boolean | undefined;
    for (let i = 0; i < constraints.length; i++) {
      const c = constraints[i];
      // common.go matchNodeInclusionPolicies
      if (c.nodeAffinityPolicy === 'Honor' && !(affinity ??= podNodeAffinityMatches(pod, node.info))) continue;
      if (c.nodeTaintsPolicy === 'Honor' && findUntoleratedTaint(node.info.taints, pod.tolerations, pod.comparisonOperators)) continue;
      domains[i].add(nodeLabels[c.topologyKey]);
      eligible[i][position] = 1;
    }
  }
  return { domains: domains.map((d) => [...d]), eligible };
}

/** The eligible domains of each constraint, every count 0, and which nodes count. */
function eligibleDomains(pod: PodInfo, snapshot: Snapshot, constraints: readonly Constraint[]) {
  const podFree = constraints.every((c) => c.nodeTaintsPolicy === 'Ignore' &&
    (c.nodeAffinityPolicy === 'Ignore' || (pod.selectorKeys.length === 0 && pod.requiredTerms === undefined)));
  let found: Eligible;
  if (!podFree) found = walkNodes(pod, snapshot, constraints);
  else {
    let perSnapshot = byKeys.get(snapshot);
    if (!perSnapshot) byKeys.set(snapshot, (perSnapshot = new Map()));
    const key = constraints.map((c) => c.topologyKey).join('\u0000');
    found = perSnapshot.get(key) ?? walkNodes(pod, snapshot, constraints);
    perSnapshot.set(key, found);
  }
  const zeros = (found.zeros ??= found.domains.map((d) => new Map(d.map((v) => [v, 0]))));
  return { counts: zeros.map((z) => new DomainCounts(z)), eligible: found.eligible };
}

/**
 * filtering.go calPreFilterState, over every node of the snapshot (feasible or not): which nodes' domains are
 * eligible per constraint (a walk over the nodes, in node order, so the domains are met as upstream meets them),
 * then the matching pods counted from the snapshot's pod index instead of every node's pods. An empty selector
 * counts 0 (countPodsMatchSelector).
 */
export function preFilterState(pod: PodInfo, snapshot: Snapshot): PreFilterState | undefined {
  let constraints: Constraint[];
  try {
    constraints = constraintsOf(pod, 'DoNotSchedule', snapshot.services);
  } catch (e) {
    if (e instanceof LabelSelectorError) throw new PodTopologySpreadError(`PodTopologySpread PreFilter: get constraints from pod: ${e.message}`);
    throw e;
  }
  if (constraints.length === 0) return undefined;
  const { namespace, labels } = subjectPodMeta(pod.subject);
  // a DaemonSet's template stands for its pods, each pinned to its node: those constraints are counted per node (stateOn)
  const pinned = pod.subject.kind === 'DaemonSet' ? constraints.flatMap((c, i) => (c.nodeAffinityPolicy === 'Honor' ? [i] : [])) : [];
  const { counts, eligible } = eligibleDomains(pinned.length ? { ...pod, selectorKeys: [], requiredTerms: undefined } : pod, snapshot, constraints);
  const index = podIndex(snapshot);
  constraints.forEach((c, i) => {
    if (c.selector.kind === 'everything') return;
    for (const ref of candidates(index, c.selector, namespace)) {
      if (!eligible[i][ref.position] || !countsPod(ref.pod, c, namespace)) continue;
      const value = ref.node.info.labels[c.topologyKey];
      counts[i].add(value);
    }
  });
  return { constraints, counts, selfMatch: constraints.map((c) => selectorMatches(c.selector, labels)), namespace, ...(pinned.length ? { pinned } : {}) };
}

/**
 * The state of the pod on `node`. A DaemonSet's pod is pinned to the node it is for (daemon/util/daemonset_util.go
 * ReplaceDaemonSetPodNodeNameNodeAffinity replaces its required node affinity with `metadata.name In [node]`), so a
 * constraint with nodeAffinityPolicy Honor counts that node alone (common.go matchNodeInclusionPolicies), when it
 * has every DoNotSchedule topologyKey, its nodeSelector matches and, with nodeTaintsPolicy Honor, its taints are
 * tolerated: one eligible domain at most. Any other pod's state is the same on every node.
 */
export function stateOn(pod: PodInfo, state: PreFilterState, node: NodeSnapshot): PreFilterState {
  if (!state.pinned) return state;
  const perNode = (state.perNode ??= new Map());
  let out = perNode.get(node.info.name);
  if (out) return out;
  const labels = node.info.labels;
  const included = state.constraints.every((c) => Object.prototype.hasOwnProperty.call(labels, c.topologyKey)) &&
    pod.selectorKeys.every((k, i) => Object.prototype.hasOwnProperty.call(labels, k) && labels[k] === pod.selectorValues[i]);
  const counts = state.counts.map((m, i) => {
    if (!state.pinned!.includes(i)) return m;
    const c = state.constraints[i];
    const eligible = included && !(c.nodeTaintsPolicy === 'Honor' && findUntoleratedTaint(node.info.taints, pod.tolerations, pod.comparisonOperators));
    const domain = labels[c.topologyKey];
    const pinnedCounts = new DomainCounts(eligible ? new Map([[domain, 0]]) : new Map());
    if (eligible && c.selector.kind !== 'everything') for (const p of node.pods) if (countsPod(p, c, state.namespace)) pinnedCounts.add(domain);
    return pinnedCounts;
  });
  out = { constraints: state.constraints, counts, selfMatch: state.selfMatch, namespace: state.namespace, pinnedOn: { node: node.info.name, constraints: state.pinned } };
  perNode.set(node.info.name, out);
  return out;
}

/**
 * minMatchNum: the smallest count among eligible domains; 0 when there are fewer eligible domains than minDomains.
 * Worked out once per state (upstream keeps it in TpKeyToCriticalPaths): the Filter asks for it on every node.
 */
export function minMatch(state: PreFilterState, i: number): number {
  const mins = (state.mins ??= []);
  if (mins[i] !== undefined) return mins[i];
  const m = state.counts[i];
  if (m.size < state.constraints[i].minDomains) return (mins[i] = 0);
  return (mins[i] = m.min());
}

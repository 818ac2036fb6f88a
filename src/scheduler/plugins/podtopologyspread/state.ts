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

/** One constraint's counts: eligible domain (topology value) → matching pods (TpValueToMatchNum[i]). */
export interface Counts {
  /** How many domains the counts hold (eligible ones, and any AddPod/RemovePod added). */
  readonly size: number;
  has(domain: string): boolean;
  get(domain: string): number | undefined;
  /** The matching pods in `domain`: 0 for a domain the counts do not hold. */
  count(domain: string): number;
  entries(): IterableIterator<[string, number]>;
  [Symbol.iterator](): IterableIterator<[string, number]>;
  /** The smallest count (Infinity when there is no domain). */
  min(): number;
  /** The counts with `delta` more in `domain` (updateWithPod: `TpValueToMatchNum[i][v] += delta`); these stay as they are. */
  plus(domain: string, delta: number): Counts;
}

/**
 * One constraint's counts as PreFilter leaves them: eligible domain → matching pods, read as a Map (in the order the
 * walk over the nodes met the domains). The domains at 0 are shared by every cycle over the snapshot
 * (eligibleDomains); only the domains with a matching pod are held, so a cycle does not copy thousands of hostnames.
 */
export class DomainCounts implements Counts {
  private readonly matched = new Map<string, number>();
  private lowest?: { min: number; next: number };
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
  /** One more matching pod in the eligible `domain` (PreFilter only: the counts never change once read). */
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
    for (const v of this.matched.values()) min = Math.min(min, v);
    return min;
  }
  /** The smallest count among the domains other than `domain` (one of them: AddPod/RemovePod change one domain per node). */
  minWithout(domain: string): number {
    const low = (this.lowest ??= this.findLowest());
    return this.has(domain) && this.count(domain) === low.min ? low.next : low.min;
  }
  plus(domain: string, delta: number): Counts {
    return new UpdatedCounts(this, new Map([[domain, delta]]));
  }
  /**
   * The two smallest of the domains' counts: a count two domains share is both (`next` is then `min`); Infinity for
   * what there is not.
   */
  private findLowest(): { min: number; next: number } {
    // every domain with a match counts at least 1; the others count 0
    const unmatched = this.zeros.size - this.matched.size;
    let min = unmatched > 0 ? 0 : Infinity;
    let next = unmatched > 1 ? 0 : Infinity;
    for (const v of this.matched.values()) {
      next = Math.min(next, Math.max(min, v));
      min = Math.min(min, v);
    }
    return { min, next };
  }
}

/**
 * The counts of a state AddPod/RemovePod changed (a node's copy in preemption's dry run): PreFilter's counts, shared,
 * and each changed domain's delta. A domain PreFilter did not hold joins them, as `+=` adds a map key upstream.
 * The minimum is the true one: upstream's two critical paths give it too when one domain changes (each node's pods
 * are in one domain per constraint, the CAVEAT in filtering.go).
 */
class UpdatedCounts implements Counts {
  constructor(private readonly base: DomainCounts, private readonly delta: ReadonlyMap<string, number>) {}
  get size(): number {
    let n = this.base.size;
    for (const d of this.delta.keys()) if (!this.base.has(d)) n++;
    return n;
  }
  has(domain: string): boolean {
    return this.base.has(domain) || this.delta.has(domain);
  }
  get(domain: string): number | undefined {
    const d = this.delta.get(domain);
    return d === undefined ? this.base.get(domain) : this.base.count(domain) + d;
  }
  count(domain: string): number {
    return this.base.count(domain) + (this.delta.get(domain) ?? 0);
  }
  *entries(): IterableIterator<[string, number]> {
    for (const [domain] of this.base) yield [domain, this.count(domain)];
    for (const [domain, d] of this.delta) if (!this.base.has(domain)) yield [domain, d];
  }
  [Symbol.iterator](): IterableIterator<[string, number]> {
    return this.entries();
  }
  min(): number {
    // Stryker disable next-line BlockStatement: a shortcut; the walk below gives the same minimum for one changed domain
    if (this.delta.size === 1) {
      const [[domain]] = this.delta;
      return Math.min(this.base.minWithout(domain), this.count(domain));
    }
    let min = Infinity;
    for (const [, v] of this) min = Math.min(min, v);
    return min;
  }
  plus(domain: string, delta: number): Counts {
    const next = new Map(this.delta);
    next.set(domain, (next.get(domain) ?? 0) + delta);
    return new UpdatedCounts(this.base, next);
  }
}

export interface PreFilterState {
  constraints: Constraint[];
  /** Per constraint: eligible domain (topology value) → matching pods. Its keys are the eligible domains. */
  counts: Counts[];
  /** Per constraint: does the incoming pod match its own selector (selfMatch)? */
  selfMatch: boolean[];
  namespace: string;
  /** minMatch per constraint, once worked out (a state's counts never change; AddPod/RemovePod make a new state). */
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
  // Stryker disable next-line ArrowFunction,StringLiteral: a pod taken as reading the nodes only has them walked afresh: the same domains
  const podFree = constraints.every((c) => c.nodeTaintsPolicy === 'Ignore' &&
    // Stryker disable next-line StringLiteral: as above, a walk afresh
    (c.nodeAffinityPolicy === 'Ignore' || (pod.selectorKeys.length === 0 && pod.requiredTerms === undefined)));
  let found: Eligible;
  if (!podFree) found = walkNodes(pod, snapshot, constraints);
  else {
    const perSnapshot = byKeys.get(snapshot) ?? new Map<string, Eligible>();
    byKeys.set(snapshot, perSnapshot);
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
  // Stryker disable next-line ArrayDeclaration: the pinned constraints' counts here are never read (stateOn replaces them), the rest ignore node affinity
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
  const out = perNode.get(node.info.name) ?? pinnedState(pod, state, state.pinned, node);
  perNode.set(node.info.name, out);
  return out;
}

/** stateOn for a DaemonSet's pod on `node`, worked out. */
function pinnedState(pod: PodInfo, state: PreFilterState, pinned: number[], node: NodeSnapshot): PreFilterState {
  const labels = node.info.labels;
  const included = state.constraints.every((c) => Object.prototype.hasOwnProperty.call(labels, c.topologyKey)) &&
    pod.selectorKeys.every((k, i) => Object.prototype.hasOwnProperty.call(labels, k) && labels[k] === pod.selectorValues[i]);
  const counts = state.counts.map((m, i) => {
    if (!pinned.includes(i)) return m;
    const c = state.constraints[i];
    const eligible = included && !(c.nodeTaintsPolicy === 'Honor' && findUntoleratedTaint(node.info.taints, pod.tolerations, pod.comparisonOperators));
    const domain = labels[c.topologyKey];
    const pinnedCounts = new DomainCounts(eligible ? new Map([[domain, 0]]) : new Map());
    if (eligible && c.selector.kind !== 'everything') for (const p of node.pods) if (countsPod(p, c, state.namespace)) pinnedCounts.add(domain);
    return pinnedCounts;
  });
  return { constraints: state.constraints, counts, selfMatch: state.selfMatch, namespace: state.namespace, pinnedOn: { node: node.info.name, constraints: pinned } };
}

/**
 * minMatchNum: the smallest count among eligible domains; 0 when there are fewer eligible domains than minDomains.
 * Worked out once per state (upstream keeps it in TpKeyToCriticalPaths): the Filter asks for it on every node.
 */
export function minMatch(state: PreFilterState, i: number): number {
  const mins = (state.mins ??= []);
  const m = state.counts[i];
  return (mins[i] ??= m.size < state.constraints[i].minDomains ? 0 : m.min());
}

/** matchNodeInclusionPolicies (common.go) for the node of a pod AddPod/RemovePod adds or removes. */
function includes(pod: PodInfo, c: Constraint, node: NodeSnapshot): boolean {
  if (c.nodeAffinityPolicy === 'Honor' && !podNodeAffinityMatches(pod, node.info)) return false;
  return !(c.nodeTaintsPolicy === 'Honor' && findUntoleratedTaint(node.info.taints, pod.tolerations, pod.comparisonOperators));
}

/**
 * PreFilterExtensions AddPod (delta 1) and RemovePod (-1), filtering.go updateWithPod: a pod of the incoming pod's
 * namespace, on a node with every hard topologyKey, counts `delta` in the node's domain of each constraint whose
 * selector it matches and whose inclusion policies the node meets. As upstream, neither a terminating pod nor an
 * empty selector is left out here (PreFilter leaves both out), so a count can go below PreFilter's. A DaemonSet's
 * pinned constraints are the node's own (stateOn; a candidate node is eligible for them when the rest are met).
 * Returns a new state, or `cycleState` when nothing changes.
 */
export function updateWithPod(pod: PodInfo, cycleState: PreFilterState, updated: Pod, node: NodeSnapshot, delta: 1 | -1): PreFilterState {
  const state = stateOn(pod, cycleState, node);
  const labels = node.info.labels;
  if (podNamespace(updated) !== state.namespace || !state.constraints.every((c) => Object.prototype.hasOwnProperty.call(labels, c.topologyKey))) return state;
  const podLabelSet = podLabels(updated);
  // a DaemonSet's pod: its pinned constraints count the node alone (stateOn); the rest ignore node affinity
  let counts: Counts[] | undefined;
  state.constraints.forEach((c, i) => {
    if (!selectorMatches(c.selector, podLabelSet)) return;
    const domain = labels[c.topologyKey];
    const included = cycleState.pinned?.includes(i) ? state.counts[i].has(domain) : includes(pod, c, node);
    if (!included) return;
    (counts ??= state.counts.slice())[i] = counts[i].plus(domain, delta);
  });
  if (!counts) return state;
  return { constraints: state.constraints, counts, selfMatch: state.selfMatch, namespace: state.namespace, ...(state.pinnedOn ? { pinnedOn: state.pinnedOn } : {}) };
}

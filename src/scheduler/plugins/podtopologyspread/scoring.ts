// PodTopologySpread Score, weight 2 (podtopologyspread/scoring.go initPreScoreState, PreScore, Score,
// NormalizeScore; common.go buildDefaultConstraints, countPodsMatchSelector). Soft (ScheduleAnyway) constraints, or,
// for a pod without any constraint, the system defaults (hostname maxSkew 3, zone maxSkew 5) with DefaultSelector(pod).
import type { TopologySpreadConstraint } from 'kubernetes-types/core/v1';
import type { KubeObject, Pod } from '../../../core/types';
import type { PodInfo } from '../../framework';
import { podNodeAffinityMatches } from '../nodeaffinity';
import { findUntoleratedTaint } from '../tainttoleration';
import { formatSelector, LabelSelectorError, selectorMatches, type Selector } from '../../../k8s/label-selector';
import { isTerminating, labelsOf, namespaceOf, podMeta, type ScoreCluster, type ScoreNode } from '../../score-cluster';
import { pluginArgs } from '../../plugin-args';
import { defaultSelector } from './default-selector';
import { MAX_NODE_SCORE } from '../noderesources/least-allocated';
import { candidates, podIndex } from '../../snapshot';
import { constraintsOf, SYSTEM_DEFAULT_CONSTRAINTS } from './constraints';

export { defaultSelector, defaultSelectorOf, setDefaultSelector } from './default-selector';

export const LABEL_HOSTNAME = 'kubernetes.io/hostname';


export interface SoftConstraint {
  /** Index in topologySpreadConstraints; -1 for a system default. */
  index: number;
  topologyKey: string;
  maxSkew: number;
  selector: Selector;
  nodeAffinityPolicy: 'Honor' | 'Ignore';
  nodeTaintsPolicy: 'Honor' | 'Ignore';
}

export interface PreScoreState {
  constraints: SoftConstraint[];
  systemDefaulted: boolean;
  ignored: Set<string>;
  /** Per constraint (non-hostname): domain value → matching pods. */
  counts: Array<Map<string, number>>;
  weights: number[];
  namespace: string;
}

function own(pod: PodInfo): TopologySpreadConstraint[] {
  return pod.subject.spec.topologySpreadConstraints ?? [];
}

/**
 * The soft constraints; for a pod without constraints of its own, the defaults: the configuration's
 * (`defaultingType: List`, constraints.ts) or the system defaults (none when DefaultSelector is empty). Unparsable
 * selectors: none. `systemDefaulted` only for `System` (scoring.go requireAllTopologies is false only then).
 */
export function softConstraints(pod: PodInfo, services?: readonly KubeObject[]): { constraints: SoftConstraint[]; systemDefaulted: boolean } {
  const list = own(pod);
  if (list.length || pluginArgs('PodTopologySpread').defaultingType === 'List') {
    try {
      return { constraints: constraintsOf(pod, 'ScheduleAnyway', services), systemDefaulted: false };
    } catch (e) {
      if (e instanceof LabelSelectorError) return { constraints: [], systemDefaulted: false }; // the filter reports it
      throw e;
    }
  }
  const selector = defaultSelector(pod, services);
  if (!selector || selector.kind !== 'requirements') return { constraints: [], systemDefaulted: true };
  return {
    constraints: SYSTEM_DEFAULT_CONSTRAINTS.map((c) => ({ index: -1, topologyKey: c.topologyKey, maxSkew: c.maxSkew, selector, nodeAffinityPolicy: 'Honor' as const, nodeTaintsPolicy: 'Ignore' as const })),
    systemDefaulted: true,
  };
}

const has = (labels: Record<string, string>, key: string) => Object.prototype.hasOwnProperty.call(labels, key);

/** countPodsMatchSelector: same namespace, not terminating, matching; an empty selector counts nothing. */
export function countMatching(pods: readonly Pod[], selector: Selector, namespace: string): number {
  if (selector.kind === 'everything') return 0;
  let n = 0;
  for (const p of pods) if (!isTerminating(p) && namespaceOf(p) === namespace && selectorMatches(selector, labelsOf(p))) n++;
  return n;
}

/** topologyNormalizingWeight: ln(size + 2). */
export const topologyNormalizingWeight = (size: number) => Math.log(size + 2);

/** PreScore; undefined = Skip (no soft constraints after defaulting, or no nodes). */
export function preScore(pod: PodInfo, feasible: readonly ScoreNode[], cluster: ScoreCluster): PreScoreState | undefined {
  if (cluster.nodes.length === 0) return undefined;
  const { constraints, systemDefaulted } = softConstraints(pod, cluster.services);
  if (constraints.length === 0) return undefined;
  const requireAll = !systemDefaulted;
  const hasAll = (labels: Record<string, string>) => constraints.every((c) => has(labels, c.topologyKey));
  const ignored = new Set<string>();
  const counts = constraints.map(() => new Map<string, number>());
  for (const n of feasible) {
    if (requireAll && !hasAll(n.info.labels)) {
      ignored.add(n.info.name);
      continue;
    }
    constraints.forEach((c, i) => {
      if (c.topologyKey !== LABEL_HOSTNAME) counts[i].set(n.info.labels[c.topologyKey] ?? '', 0);
    });
  }
  const weights = constraints.map((c, i) => topologyNormalizingWeight(c.topologyKey === LABEL_HOSTNAME ? feasible.length - ignored.size : counts[i].size));
  const namespace = podMeta(pod.subject).namespace;
  // which nodes count per constraint (a walk over the nodes), then the matching pods from the cluster's pod index
  const counted = constraints.map(() => new Uint8Array(cluster.nodes.length));
  cluster.nodes.forEach((n, position) => {
    if (requireAll && !hasAll(n.info.labels)) return;
    let affinity: boolean | undefined;
    constraints.forEach((c, i) => {
      if (c.topologyKey === LABEL_HOSTNAME) return;
      if (c.nodeAffinityPolicy === 'Honor' && !(affinity ??= podNodeAffinityMatches(pod, n.info))) return;
      if (c.nodeTaintsPolicy === 'Honor' && findUntoleratedTaint(n.info.taints, pod.tolerations, pod.comparisonOperators)) return;
      if (counts[i].has(n.info.labels[c.topologyKey] ?? '')) counted[i][position] = 1;
    });
  });
  const index = podIndex(cluster);
  constraints.forEach((c, i) => {
    if (c.topologyKey === LABEL_HOSTNAME || c.selector.kind === 'everything' || !counted[i].includes(1)) return;
    for (const ref of candidates(index, c.selector, namespace)) {
      if (!counted[i][ref.position] || isTerminating(ref.pod) || namespaceOf(ref.pod) !== namespace || !selectorMatches(c.selector, labelsOf(ref.pod))) continue;
      const value = ref.node.info.labels[c.topologyKey] ?? '';
      counts[i].set(value, counts[i].get(value)! + 1);
    }
  });
  return { constraints, systemDefaulted, ignored, counts, weights, namespace };
}

/** Score: Σ over the constraints whose key the node has of count·weight + (maxSkew − 1), rounded; ignored nodes 0. */
export function score(state: PreScoreState, node: ScoreNode): { raw: number; counts: Array<number | undefined> } {
  if (state.ignored.has(node.info.name)) return { raw: 0, counts: state.constraints.map(() => undefined) };
  let sum = 0;
  const counts = state.constraints.map((c, i) => {
    if (!has(node.info.labels, c.topologyKey)) return undefined;
    const cnt = c.topologyKey === LABEL_HOSTNAME
      ? countMatching(node.pods, c.selector, state.namespace)
      : state.counts[i].get(node.info.labels[c.topologyKey]) ?? 0;
    sum += cnt * state.weights[i] + (c.maxSkew - 1);
    return cnt;
  });
  return { raw: Math.round(sum), counts };
}

/** NormalizeScore: ignored nodes 0; all 100 when the max is 0; else 100·(max + min − s)/max (integer division). */
export function normalize(state: PreScoreState, nodes: readonly string[], raw: readonly number[]): number[] {
  let min = Infinity;
  let max = 0;
  raw.forEach((s, i) => {
    if (state.ignored.has(nodes[i])) return;
    min = Math.min(min, s);
    max = Math.max(max, s);
  });
  return raw.map((s, i) => (state.ignored.has(nodes[i]) ? 0 : max === 0 ? MAX_NODE_SCORE : Math.trunc((MAX_NODE_SCORE * (max + min - s)) / max)));
}

/** `hostname 1, zone zone-a 2` for messages. */
export function describeCounts(state: PreScoreState, node: ScoreNode, counts: Array<number | undefined>): string {
  if (state.ignored.has(node.info.name)) return 'node lacks a topologyKey of the soft constraints (scores 0)';
  const parts = state.constraints.map((c, i) => counts[i] === undefined ? `${c.topologyKey}: no label` : `${c.topologyKey}${c.topologyKey === LABEL_HOSTNAME ? '' : ` ${node.info.labels[c.topologyKey]}`}: ${counts[i]} matching`);
  const src = state.systemDefaulted
    ? `system default constraints, selector ${formatSelector(state.constraints[0].selector)}`
    : state.constraints[0].index === -1
      ? `the scheduler configuration's defaultConstraints, selector ${formatSelector(state.constraints[0].selector)}`
      : 'ScheduleAnyway constraints';
  return `${parts.join(', ')} (${src})`;
}

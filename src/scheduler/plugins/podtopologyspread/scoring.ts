// PodTopologySpread Score, weight 2 (podtopologyspread/scoring.go initPreScoreState, PreScore, Score,
// NormalizeScore; common.go buildDefaultConstraints, countPodsMatchSelector). Soft (ScheduleAnyway) constraints, or,
// for a pod without any constraint, the system defaults (hostname maxSkew 3, zone maxSkew 5) with DefaultSelector(pod).
import type { TopologySpreadConstraint } from 'kubernetes-types/core/v1';
import type { KubeObject, Pod } from '../../../core/types';
import type { PodInfo } from '../../framework';
import { NodeAffinity } from '../nodeaffinity';
import { findUntoleratedTaint } from '../tainttoleration';
import { formatSelector, LabelSelectorError, type LabelSelector, parseLabelSelector, selectorMatches, type Selector, withRevision } from '../../../k8s/label-selector';
import { isTerminating, labelsOf, namespaceOf, podMeta, type ScoreCluster, type ScoreNode } from '../../score-cluster';
import { MAX_NODE_SCORE } from '../noderesources/least-allocated';
import { candidates, podIndex } from '../../snapshot';
import { constraintsOf, SYSTEM_DEFAULT_CONSTRAINTS } from './constraints';

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

/**
 * The owner's part of DefaultSelector(pod) for the system defaults (helper/spread.go): the selector of its
 * RC/RS/StatefulSet controller (the Services' part is defaultSelector's). Callers register it for the pods they build
 * (a simulated Deployment/ReplicaSet/StatefulSet replica gets its workload's selector).
 */
const defaultSelectors = new WeakMap<object, Selector>();
export function setDefaultSelector(pod: object, selector: Selector): void {
  defaultSelectors.set(pod, selector);
}
const OWNER_KINDS = new Set(['Deployment', 'ReplicaSet', 'StatefulSet', 'ReplicationController']);
/**
 * A registered selector, or for a workload subject its own `spec.selector` (its pods' RS/StatefulSet/RC owner; for a
 * Deployment the ReplicaSet's selector also has pod-template-hash, not computable: `pod-template-hash in (<this
 * revision>)`, its existing pods with a pod-template-hash taken for the current revision). Jobs, DaemonSets and bare Pods get none.
 */
export function defaultSelectorOf(object: KubeObject): Selector | undefined {
  const registered = defaultSelectors.get(object);
  if (registered || !OWNER_KINDS.has(object.kind ?? '')) return registered;
  const raw = ((object as { spec?: unknown }).spec as { selector?: LabelSelector | Record<string, string> } | undefined)?.selector;
  if (!raw) return undefined;
  try {
    const selector = parseLabelSelector(object.kind === 'ReplicationController' ? { matchLabels: raw as Record<string, string> } : (raw as LabelSelector));
    return object.kind === 'Deployment' ? withRevision(selector, { namespace: object.metadata?.namespace || 'default', selector }) : selector;
  } catch {
    return undefined;
  }
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
 * helper/spread.go DefaultSelector: the selectors of the Services in the pod's namespace that select its labels
 * (GetPodServices: a Service without a selector selects nothing), merged, with the owner's requirements added.
 */
export function defaultSelector(pod: PodInfo, services: readonly KubeObject[] = []): Selector | undefined {
  const { namespace, labels } = podMeta(pod.subject);
  const merged: Record<string, string> = {};
  for (const svc of services) {
    const selector = (svc as { spec?: { selector?: Record<string, string> | null } }).spec?.selector;
    if (!selector || namespaceOf(svc) !== namespace) continue;
    if (Object.entries(selector).every(([k, v]) => Object.prototype.hasOwnProperty.call(labels, k) && labels[k] === v)) Object.assign(merged, selector);
  }
  const owner = defaultSelectorOf(pod.subject.object);
  if (!Object.keys(merged).length) return owner;
  let own: Selector;
  try {
    own = parseLabelSelector({ matchLabels: merged });
  } catch (e) {
    if (e instanceof LabelSelectorError) return owner; // a Service the API server refuses: not in the cluster
    throw e;
  }
  // selector.Add(owner's requirements), when it has any (an empty or absent owner selector adds none)
  return own.kind === 'requirements' && owner?.kind === 'requirements' ? { kind: 'requirements', requirements: [...own.requirements, ...owner.requirements] } : own;
}

/** The soft constraints, or the system defaults (none when DefaultSelector is empty). Unparsable selectors: none. */
export function softConstraints(pod: PodInfo, services?: readonly KubeObject[]): { constraints: SoftConstraint[]; systemDefaulted: boolean } {
  const list = own(pod);
  if (list.length) {
    try {
      return { constraints: constraintsOf(pod, 'ScheduleAnyway'), systemDefaulted: false };
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
      if (c.nodeAffinityPolicy === 'Honor' && !(affinity ??= NodeAffinity.filter(pod, n.info, undefined as never) === undefined)) return;
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
  const src = state.systemDefaulted ? `system default constraints, selector ${formatSelector(state.constraints[0].selector)}` : 'ScheduleAnyway constraints';
  return `${parts.join(', ')} (${src})`;
}

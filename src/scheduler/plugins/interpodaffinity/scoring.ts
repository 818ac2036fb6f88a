// InterPodAffinity Score, weight 2 (interpodaffinity/scoring.go PreScore, processExistingPod, Score, NormalizeScore,
// after PR #98096). For each existing pod E on a node N with labels, per term whose topologyKey N carries:
// +weight for each of the incoming pod's preferred affinity terms E matches, −weight for its preferred anti-affinity
// terms; +hardPodAffinityWeight (InterPodAffinityArgs, 1 by default, 0 turns it off) for each of E's required affinity
// terms the incoming pod matches, +weight / −weight for E's preferred affinity / anti-affinity terms it matches. E's
// required anti-affinity does not score. With ignorePreferredTermsOfExistingPods, a pod without preferred terms of its
// own Skips (the existing pods' terms are not read).
import type { PodAffinityTerm, WeightedPodAffinityTerm } from 'kubernetes-types/core/v1';
import type { Pod } from '../../../core/types';
import type { PodInfo } from '../../framework';
import { cachedPerObject } from '../../../core/cache';
import { LabelSelectorError, NOTHING, parseLabelSelector, selectorMatches, withLabelKeys, type Selector } from '../../../k8s/label-selector';
import { labelsOf, namespaceOf, podMeta, type ScoreCluster, type ScoreNode } from '../../score-cluster';
import { podIndex, type IndexedNode } from '../../snapshot';
import { MAX_NODE_SCORE } from '../noderesources/least-allocated';
import { pluginArgs } from '../../plugin-args';

/** defaults.go's hardPodAffinityWeight; the active profile's is pluginArgs('InterPodAffinity').hardPodAffinityWeight. */
export const HARD_POD_AFFINITY_WEIGHT = 1;

interface Term {
  weight: number;
  topologyKey: string;
  selector: Selector;
  namespaces: ReadonlySet<string>;
  namespaceSelector: Selector;
}

function parseTerm(t: PodAffinityTerm, weight: number, namespace: string, labels: Record<string, string>): Term {
  let selector = parseLabelSelector(t.labelSelector);
  selector = withLabelKeys(selector, labels, t.matchLabelKeys, 'In');
  selector = withLabelKeys(selector, labels, t.mismatchLabelKeys, 'NotIn');
  const ownNamespace = (t.namespaces ?? []).length === 0 && t.namespaceSelector == null;
  return {
    weight, topologyKey: t.topologyKey, selector,
    namespaces: new Set(ownNamespace ? [namespace] : t.namespaces),
    // an absent namespaceSelector parses as nothing
    namespaceSelector: parseLabelSelector(t.namespaceSelector),
  };
}

/** A list of terms; one that does not parse drops the whole list (as upstream's getWeightedAffinityTerms errors). */
function parseList(list: readonly WeightedPodAffinityTerm[] | undefined, namespace: string, labels: Record<string, string>): Term[] {
  try {
    return (list ?? []).map((w) => parseTerm(w.podAffinityTerm, w.weight, namespace, labels));
  } catch (e) {
    if (e instanceof LabelSelectorError) return [];
    throw e;
  }
}

/** AffinityTerm.Matches: namespace in scope (listed, or its labels match namespaceSelector) and labels match. */
function matches(t: Term, namespace: string, labels: Record<string, string>, nsLabels: ReadonlyMap<string, Record<string, string>>): boolean {
  if (!t.namespaces.has(namespace) && !selectorMatches(t.namespaceSelector, nsLabels.get(namespace) ?? { 'kubernetes.io/metadata.name': namespace })) return false;
  return selectorMatches(t.selector, labels, namespace);
}

interface ExistingTerms {
  namespace: string;
  labels: Record<string, string>;
  required: Term[];
  preferred: Term[];
  preferredAnti: Term[];
}

const existingTerms = cachedPerObject((p: Pod): ExistingTerms => {
  const namespace = namespaceOf(p);
  const labels = labelsOf(p);
  // Stryker disable next-line OptionalChaining: the pods on a node are bound by spec.nodeName, so they have a spec
  const a = p.spec?.affinity;
  const requiredRaw = a?.podAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  return {
    namespace, labels,
    required: parseList(requiredRaw?.map((t) => ({ weight: HARD_POD_AFFINITY_WEIGHT, podAffinityTerm: t })), namespace, labels),
    preferred: parseList(a?.podAffinity?.preferredDuringSchedulingIgnoredDuringExecution, namespace, labels),
    preferredAnti: parseList(a?.podAntiAffinity?.preferredDuringSchedulingIgnoredDuringExecution, namespace, labels),
  };
});

// Stryker disable next-line BlockStatement: upstream's shortcut (processExistingPod); a node without labels carries no topologyKey, so add() adds nothing either
function isEmpty(labels: Record<string, string>): boolean {
  for (const _ in labels) return false;
  // Stryker disable next-line BooleanLiteral: as above, the shortcut not taken adds nothing
  return true;
}

export interface PreScoreState {
  /** topologyKey → value → score. */
  topologyScore: Map<string, Map<string, number>>;
}

/** PreScore; undefined = Skip (nothing contributed anywhere). */
export function preScore(pod: PodInfo, cluster: ScoreCluster): PreScoreState | undefined {
  const { namespace, labels } = podMeta(pod.subject);
  const a = pod.subject.spec.affinity;
  const args = pluginArgs('InterPodAffinity');
  // scoring.go PreScore: hasConstraints reads the spec's lists (their lengths), not what parses
  const hasConstraints = Boolean(a?.podAffinity?.preferredDuringSchedulingIgnoredDuringExecution?.length || a?.podAntiAffinity?.preferredDuringSchedulingIgnoredDuringExecution?.length);
  if (args.ignorePreferredTermsOfExistingPods && !hasConstraints) return undefined;
  // the incoming pod's namespaceSelector is resolved against the Namespace objects (mergeAffinityTermNamespacesIfNotEmpty)
  const resolve = (t: Term): Term => {
    // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: the snapshot's namespaces include every existing pod's, so a selector resolved against them (`{}` too) or matched per pod with its namespace's labels selects the same pods
    if (t.namespaceSelector.kind !== 'requirements') return t;
    const names = new Set(t.namespaces);
    for (const [name, l] of cluster.namespaceLabels) if (selectorMatches(t.namespaceSelector, l)) names.add(name);
    return { ...t, namespaces: names, namespaceSelector: NOTHING };
  };
  const affinity = parseList(a?.podAffinity?.preferredDuringSchedulingIgnoredDuringExecution, namespace, labels).map(resolve);
  const anti = parseList(a?.podAntiAffinity?.preferredDuringSchedulingIgnoredDuringExecution, namespace, labels).map(resolve);
  const topologyScore = new Map<string, Map<string, number>>();
  let contributed = false;
  const add = (t: Term, node: IndexedNode, sign: number, weight = t.weight) => {
    const labelsOfNode = node.info.labels;
    if (!Object.prototype.hasOwnProperty.call(labelsOfNode, t.topologyKey)) return;
    const value = labelsOfNode[t.topologyKey];
    let m = topologyScore.get(t.topologyKey);
    if (!m) topologyScore.set(t.topologyKey, (m = new Map()));
    m.set(value, (m.get(value) ?? 0) + sign * weight);
    contributed = true;
  };
  // Unless the pod has preferred terms of its own, only the pods with affinity can add anything (PreScore's
  // HavePodsWithAffinityList / GetPodsWithAffinity); the snapshot's index holds both lists.
  const index = podIndex(cluster);
  // Stryker disable next-line ConditionalExpression: `true` walks the pods without affinity too, which add nothing when the pod has no preferred terms (`false` is killed)
  for (const ref of affinity.length || anti.length ? index.all : index.withAffinity) {
    const node = ref.node;
    // Stryker disable next-line ConditionalExpression: as isEmpty's (`true` is killed)
    if (isEmpty(node.info.labels)) continue;
    const p = ref.pod;
    const e = existingTerms(p);
    for (const t of affinity) if (matches(t, e.namespace, e.labels, cluster.namespaceLabels)) add(t, node, 1);
    for (const t of anti) if (matches(t, e.namespace, e.labels, cluster.namespaceLabels)) add(t, node, -1);
    if (args.hardPodAffinityWeight > 0) for (const t of e.required) if (matches(t, namespace, labels, cluster.namespaceLabels)) add(t, node, 1, args.hardPodAffinityWeight);
    for (const t of e.preferred) if (matches(t, namespace, labels, cluster.namespaceLabels)) add(t, node, 1);
    for (const t of e.preferredAnti) if (matches(t, namespace, labels, cluster.namespaceLabels)) add(t, node, -1);
  }
  return contributed ? { topologyScore } : undefined;
}

/** Score: the sum, over the keys the node carries, of the entry for the node's value (may be negative). */
export function score(state: PreScoreState, node: ScoreNode): number {
  let s = 0;
  for (const [key, values] of state.topologyScore) {
    // Stryker disable next-line ConditionalExpression: `true` reads undefined for a missing key, which no value (a string) is (`false` is killed)
    if (Object.prototype.hasOwnProperty.call(node.info.labels, key)) s += values.get(node.info.labels[key]) ?? 0;
  }
  return s;
}

/** NormalizeScore: int(100·(s − min)/(max − min)) with min/max over the candidates; all 0 when max = min. */
export function normalize(raw: readonly number[]): number[] {
  // loops, not Math.min(...raw): spreading 100k+ scores overflows the stack
  let min = Infinity;
  let max = -Infinity;
  for (const s of raw) {
    min = Math.min(min, s);
    max = Math.max(max, s);
  }
  const diff = max - min;
  return raw.map((s) => (diff > 0 ? Math.trunc(MAX_NODE_SCORE * ((s - min) / diff)) : 0));
}

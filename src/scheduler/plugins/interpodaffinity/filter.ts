// InterPodAffinity Filter (interpodaffinity/filtering.go Filter): the pod's required affinity
// (UnschedulableAndUnresolvable), its required anti-affinity, then existing pods' required anti-affinity
// (Unschedulable); the first failure is the node's only reason. And what the messages say about each.
import { failure, type PodInfo, type Status } from '../../framework';
import { describePod, kubeletHint, type NodeSnapshot } from '../../snapshot';
import { formatSelector, POD_TEMPLATE_HASH, THIS_REVISION, THIS_REVISION_TEXT } from '../../../k8s/label-selector';
import { describeTerm, existingPodTerms, termMatches, type AffinityTerm } from './terms';
import { matchesAll, pair, type Contribution, type PreFilterState } from './state';
import { ErrReasonAffinityRulesNotMatch, ErrReasonAntiAffinityRulesNotMatch, ErrReasonExistingAntiAffinityRulesNotMatch } from './reasons';

const AFFINITY = 'affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution';
const ANTI_AFFINITY = 'affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution';

const where = (key: string, value: string) => `${key}=${value}`;
const formatLabels = (labels: Record<string, string>) =>
  `{${Object.entries(labels).map(([k, v]) => `${k}=${k === POD_TEMPLATE_HASH && v === THIS_REVISION ? THIS_REVISION_TEXT : v}`).join(', ')}}`;
function listPods(list: readonly Contribution[], limit = 3): string {
  const shown = list.slice(0, limit).map((c) => `${describePod(c.pod)} on ${c.node}`);
  return shown.join(', ') + (list.length > limit ? ` and ${list.length - limit} more` : '');
}

/** satisfyPodAffinity; returns the failure or undefined. */
function podAffinity(pod: PodInfo, node: NodeSnapshot, s: PreFilterState): Status | undefined {
  const labels = node.info.labels;
  const path = `${pod.subject.specPath}.${AFFINITY}`;
  let missing: AffinityTerm | undefined;
  for (const t of s.affinityTerms) {
    if (!Object.prototype.hasOwnProperty.call(labels, t.topologyKey)) {
      return failure('InterPodAffinity', 'UnschedulableAndUnresolvable', [ErrReasonAffinityRulesNotMatch], () => [
        `node ${node.info.name} has no label ${t.topologyKey}, which ${path}[${t.index}] ${describeTerm(t)} needs (the node must carry every required podAffinity topologyKey)${kubeletHint(t.topologyKey)}`,
      ]);
    }
    if (!missing && !s.affinity.has(pair(t.topologyKey, labels[t.topologyKey]))) missing = t;
  }
  if (!missing) return undefined;
  // First pod of a group: no pod anywhere matches all the terms, and the pod matches them itself.
  const selfMatch = matchesAll(s.affinityTerms, s.namespace, s.labels);
  if (s.affinity.size === 0 && selfMatch) return undefined;
  const t = missing;
  return failure('InterPodAffinity', 'UnschedulableAndUnresolvable', [ErrReasonAffinityRulesNotMatch], () => {
    const head = `${path}[${t.index}] ${describeTerm(t)}: no pod matching every required podAffinity term runs in ${where(t.topologyKey, labels[t.topologyKey])}`;
    if (s.affinity.size > 0) {
      const elsewhere = [...s.affinity].filter(([k]) => k.startsWith(`${t.topologyKey}\u0000`)).flatMap(([, l]) => l);
      return [head, `  matching pods run elsewhere: ${listPods(elsewhere)}`];
    }
    const u = s.affinityTerms.find((x) => !termMatches(x, s.namespace, s.labels, undefined))!;
    const why = !u.namespaces.has(s.namespace) && u.namespaceSelector.kind !== 'everything'
      ? `its namespace ${s.namespace} is outside term [${u.index}]'s namespaces`
      : `its labels ${formatLabels(s.labels)} do not match term [${u.index}]'s labelSelector ${formatSelector(u.selector)}`;
    return [head, `  no pod in the cluster matches every term, and the pod cannot be the first of its group: ${why}`];
  });
}

/** satisfyPodAntiAffinity */
function podAntiAffinity(pod: PodInfo, node: NodeSnapshot, s: PreFilterState): Status | undefined {
  // Stryker disable next-line ConditionalExpression: a shortcut; `false` looks each term up in no counts (`true` is killed)
  if (s.antiAffinity.size === 0) return undefined;
  const labels = node.info.labels;
  for (const t of s.antiAffinityTerms) {
    // Stryker disable next-line ConditionalExpression: `false` looks up the value undefined, which no count has (a label value is a string; `true` is killed)
    if (!Object.prototype.hasOwnProperty.call(labels, t.topologyKey)) continue;
    const hits = (s.antiAffinityByKey ??= byKey(s.antiAffinity)).get(t.topologyKey)?.get(labels[t.topologyKey]);
    if (!hits) continue;
    return failure('InterPodAffinity', 'Unschedulable', [ErrReasonAntiAffinityRulesNotMatch], () => [
      `${pod.subject.specPath}.${ANTI_AFFINITY}[${t.index}] ${describeTerm(t)}: ${where(t.topologyKey, labels[t.topologyKey])} already runs ` +
        listPods(hits) + (hits.some((h) => h.term !== t.index) ? ` (matching term(s) ${[...new Set(hits.map((h) => `[${h.term}]`))].join(', ')} with the same topologyKey)` : ''),
    ]);
  }
  return undefined;
}

// The pair maps as topologyKey → value → pods, so a Filter looks a node's labels up without building pair strings
// (thousands of nodes per pod).
const nested = new WeakMap<Map<string, Contribution[]>, Map<string, Map<string, Contribution[]>>>();
function byKey(m: Map<string, Contribution[]>): Map<string, Map<string, Contribution[]>> {
  let out = nested.get(m);
  // Stryker disable next-line ConditionalExpression: a memo; the map made again is the same (`false` is killed)
  if (!out) {
    out = new Map();
    for (const [k, list] of m) {
      const cut = k.indexOf('\u0000');
      const key = k.slice(0, cut);
      let values = out.get(key);
      if (!values) out.set(key, (values = new Map()));
      values.set(k.slice(cut + 1), list);
    }
    nested.set(m, out);
  }
  return out;
}

/** satisfyExistingPodsAntiAffinity: any label (k, v) of the node with a count, in the node's label order. */
function existingAntiAffinity(node: NodeSnapshot, s: PreFilterState): Status | undefined {
  // Stryker disable next-line ConditionalExpression: a shortcut; `false` looks the node's labels up in no counts (`true` is killed)
  if (s.existingAntiAffinity.size === 0) return undefined;
  const keys = (s.existingAntiAffinityByKey ??= byKey(s.existingAntiAffinity)); // on the state: read per node
  const labels = node.info.labels;
  for (const k in labels) {
    const values = keys.get(k);
    if (!values || !Object.prototype.hasOwnProperty.call(labels, k)) continue;
    const v = labels[k];
    const hits = values.get(v);
    if (!hits) continue;
    return failure('InterPodAffinity', 'Unschedulable', [ErrReasonExistingAntiAffinityRulesNotMatch], () =>
      hits.slice(0, 3).map((h) => {
        const t = existingPodTerms(h.pod).requiredAntiAffinity.find((u) => u.index === h.term)!;
        return `${describePod(h.pod)} on ${h.node} has spec.${ANTI_AFFINITY}[${h.term}] ${describeTerm(t)}, which this pod matches, in ${where(k, v)}`;
      }).concat(hits.length > 3 ? [`… and ${hits.length - 3} more`] : []),
    );
  }
  return undefined;
}

/** filtering.go Filter */
export function filter(pod: PodInfo, node: NodeSnapshot, state: PreFilterState): Status | undefined {
  return podAffinity(pod, node, state) ?? podAntiAffinity(pod, node, state) ?? existingAntiAffinity(node, state);
}

/** Why a node passed, for messages. */
export function explainPass(pod: PodInfo, node: NodeSnapshot, s: PreFilterState): string[] {
  const labels = node.info.labels;
  const lines: string[] = [];
  if (s.affinityTerms.length) {
    const found = s.affinityTerms.map((t) => s.affinity.get(pair(t.topologyKey, labels[t.topologyKey])));
    // Stryker disable next-line MethodExpression: a node passes with every term's pair counted, or with none counted anywhere (the pod starts the group), so `some` is `every`
    lines.push(found.every(Boolean)
      ? `required podAffinity met: ${s.affinityTerms.map((t, i) => `term [${t.index}] by ${listPods(found[i]!, 1)} in ${where(t.topologyKey, labels[t.topologyKey])}`).join('; ')}`
      : 'required podAffinity: no pod in the cluster matches every term and the pod matches them itself, so it may start the group here');
  }
  const carried = s.antiAffinityTerms.filter((t) => Object.prototype.hasOwnProperty.call(labels, t.topologyKey));
  if (carried.length) lines.push(`required podAntiAffinity: no matching pod in this node's ${[...new Set(carried.map((t) => t.topologyKey))].join(', ')} domain(s)`);
  for (const t of s.antiAffinityTerms.filter((u) => !carried.includes(u))) {
    lines.push(`required podAntiAffinity term [${t.index}] cannot reject this node: it has no label ${t.topologyKey}${kubeletHint(t.topologyKey)}`);
  }
  if (s.existingAntiAffinity.size) lines.push(`existing pods' required podAntiAffinity matches this pod only in other domains (${[...new Set([...s.existingAntiAffinity.keys()].map((k) => k.replace('\u0000', '=')))].slice(0, 5).join(', ')})`);
  return lines;
}

// InterPodAffinity, Filter part (pkg/scheduler/framework/plugins/interpodaffinity/filtering.go): PreFilter counts,
// per (topologyKey, value), the existing pods whose required anti-affinity the pod matches, the pods matching all
// of the pod's required affinity terms, and the pods matching its required anti-affinity terms; Filter reads them.
import type { PodAffinityTerm } from 'kubernetes-types/core/v1';
import type { Pod } from '../../../types';
import { failure, type PodInfo, type Status } from '../../framework';
import type { ClusterPlugin } from '../../cycle';
import { NAMESPACE_NAME_LABEL, describePod, subjectPodMeta, type NodeSnapshot, type Snapshot } from '../../snapshot';
import { formatSelector, LabelSelectorError } from '../../../k8s/label-selector';
import { describeTerm, existingPodTerms, parseAffinityTerms, resolveNamespaces, termMatches, type AffinityTerm } from './terms';
import { ErrReasonAffinityRulesNotMatch, ErrReasonAntiAffinityRulesNotMatch, ErrReasonExistingAntiAffinityRulesNotMatch } from './reasons';

export * from './reasons';
export { parseAffinityTerms, termMatches, type AffinityTerm } from './terms';

/** One pod counted at a topology pair: which pod, on which node, through which term. */
export interface Contribution {
  pod: Pod;
  node: string;
  term: number;
}

type Counts = Map<string, Contribution[]>;
const pair = (key: string, value: string) => `${key}\u0000${value}`;

export interface PreFilterState {
  namespace: string;
  labels: Record<string, string>;
  affinityTerms: AffinityTerm[];
  antiAffinityTerms: AffinityTerm[];
  /** existing pods' required anti-affinity terms that the pod matches */
  existingAntiAffinity: Counts;
  /** pods matching all of the pod's required affinity terms, per term */
  affinity: Counts;
  /** pods matching the pod's required anti-affinity terms */
  antiAffinity: Counts;
}

function add(m: Counts, key: string, value: string, c: Contribution) {
  const k = pair(key, value);
  const list = m.get(k);
  if (list) list.push(c);
  else m.set(k, [c]);
}

interface IncomingTerms { affinity: AffinityTerm[]; antiAffinity: AffinityTerm[]; error?: string }
const incoming = new WeakMap<PodInfo, IncomingTerms>();

/**
 * framework.NewPodInfo for the incoming pod: every list is parsed, required and preferred; unparsable terms reject
 * the pod at PreFilter with `parsing pod: <list>: <error>` (several errors as an aggregate `[a, b]`).
 */
function incomingTerms(pod: PodInfo): IncomingTerms {
  let t = incoming.get(pod);
  if (!t) {
    const { namespace, labels } = subjectPodMeta(pod.subject);
    const a = pod.subject.spec.affinity;
    const errors: string[] = [];
    const parse = (list: string, raw: readonly PodAffinityTerm[] | undefined) => {
      try {
        return parseAffinityTerms(raw, namespace, labels);
      } catch (e) {
        if (!(e instanceof LabelSelectorError)) throw e;
        errors.push(`${list}: ${e.message}`);
        return [];
      }
    };
    const affinity = parse('requiredAffinityTerms', a?.podAffinity?.requiredDuringSchedulingIgnoredDuringExecution);
    const antiAffinity = parse('requiredAntiAffinityTerms', a?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution);
    parse('preferredAffinityTerms', a?.podAffinity?.preferredDuringSchedulingIgnoredDuringExecution?.map((w) => w.podAffinityTerm));
    parse('preferredAntiAffinityTerms', a?.podAntiAffinity?.preferredDuringSchedulingIgnoredDuringExecution?.map((w) => w.podAffinityTerm));
    t = { affinity, antiAffinity, error: errors.length === 0 ? undefined : errors.length === 1 ? errors[0] : `[${errors.join(', ')}]` };
    incoming.set(pod, t);
  }
  return t;
}

const matchesAll = (terms: readonly AffinityTerm[], ns: string, labels: Record<string, string>) =>
  terms.length > 0 && terms.every((t) => termMatches(t, ns, labels, undefined));

/** filtering.go PreFilter: getExistingAntiAffinityCounts and getIncomingAffinityAntiAffinityCounts. */
export function preFilterState(pod: PodInfo, snapshot: Snapshot): PreFilterState | Status | undefined {
  const parsed = incomingTerms(pod);
  if (parsed.error) {
    return {
      plugin: 'InterPodAffinity', code: 'UnschedulableAndUnresolvable', reasons: [`parsing pod: ${parsed.error}`],
      details: ['a required pod (anti-)affinity term has a labelSelector or namespaceSelector the scheduler cannot parse'],
    };
  }
  const { namespace, labels } = subjectPodMeta(pod.subject);
  const nsLabels = snapshot.namespaceLabels.get(namespace) ?? { [NAMESPACE_NAME_LABEL]: namespace };
  const affinityTerms = parsed.affinity.map((t) => resolveNamespaces(t, snapshot.namespaceLabels));
  const antiAffinityTerms = parsed.antiAffinity.map((t) => resolveNamespaces(t, snapshot.namespaceLabels));
  const state: PreFilterState = {
    namespace, labels, affinityTerms, antiAffinityTerms,
    existingAntiAffinity: new Map(), affinity: new Map(), antiAffinity: new Map(),
  };
  for (const node of snapshot.nodes) {
    const nodeLabels = node.info.labels;
    const has = (key: string) => Object.prototype.hasOwnProperty.call(nodeLabels, key);
    for (const existing of node.pods) {
      const e = existingPodTerms(existing);
      // existing pods' required anti-affinity, matched with the labels of the incoming pod's namespace
      for (const t of e.requiredAntiAffinity) {
        if (has(t.topologyKey) && termMatches(t, namespace, labels, nsLabels)) {
          add(state.existingAntiAffinity, t.topologyKey, nodeLabels[t.topologyKey], { pod: existing, node: node.info.name, term: t.index });
        }
      }
      if (matchesAll(affinityTerms, e.namespace, e.labels)) {
        for (const t of affinityTerms) {
          if (has(t.topologyKey)) add(state.affinity, t.topologyKey, nodeLabels[t.topologyKey], { pod: existing, node: node.info.name, term: t.index });
        }
      }
      for (const t of antiAffinityTerms) {
        if (has(t.topologyKey) && termMatches(t, e.namespace, e.labels, undefined)) {
          add(state.antiAffinity, t.topologyKey, nodeLabels[t.topologyKey], { pod: existing, node: node.info.name, term: t.index });
        }
      }
    }
  }
  if (state.existingAntiAffinity.size === 0 && affinityTerms.length === 0 && antiAffinityTerms.length === 0) return undefined;
  return state;
}

const AFFINITY = 'affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution';
const ANTI_AFFINITY = 'affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution';

const where = (key: string, value: string) => `${key}=${value}`;
const formatLabels = (labels: Record<string, string>) => `{${Object.entries(labels).map(([k, v]) => `${k}=${v}`).join(', ')}}`;
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
        `node ${node.info.name} has no label ${t.topologyKey}, which ${path}[${t.index}] ${describeTerm(t)} needs (the node must carry every required podAffinity topologyKey)`,
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
  if (s.antiAffinity.size === 0) return undefined;
  const labels = node.info.labels;
  for (const t of s.antiAffinityTerms) {
    if (!Object.prototype.hasOwnProperty.call(labels, t.topologyKey)) continue;
    const hits = s.antiAffinity.get(pair(t.topologyKey, labels[t.topologyKey]));
    if (!hits) continue;
    return failure('InterPodAffinity', 'Unschedulable', [ErrReasonAntiAffinityRulesNotMatch], () => [
      `${pod.subject.specPath}.${ANTI_AFFINITY}[${t.index}] ${describeTerm(t)}: ${where(t.topologyKey, labels[t.topologyKey])} already runs ` +
        listPods(hits) + (hits.some((h) => h.term !== t.index) ? ` (matching term(s) ${[...new Set(hits.map((h) => `[${h.term}]`))].join(', ')} with the same topologyKey)` : ''),
    ]);
  }
  return undefined;
}

/** satisfyExistingPodsAntiAffinity: any label (k, v) of the node with a count. */
function existingAntiAffinity(node: NodeSnapshot, s: PreFilterState): Status | undefined {
  if (s.existingAntiAffinity.size === 0) return undefined;
  for (const [k, v] of Object.entries(node.info.labels)) {
    const hits = s.existingAntiAffinity.get(pair(k, v));
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

export const InterPodAffinity: ClusterPlugin<PreFilterState> = {
  name: 'InterPodAffinity',
  preFilter(pod, snapshot) {
    const r = preFilterState(pod, snapshot);
    if (r === undefined) return { skip: true };
    if ('plugin' in r) return { reject: r };
    return { state: r };
  },
  filter(pod, node, state) {
    return podAffinity(pod, node, state) ?? podAntiAffinity(pod, node, state) ?? existingAntiAffinity(node, state);
  },
  explainPass(pod, node, s) {
    const labels = node.info.labels;
    const lines: string[] = [];
    if (s.affinityTerms.length) {
      const found = s.affinityTerms.map((t) => s.affinity.get(pair(t.topologyKey, labels[t.topologyKey])));
      lines.push(found.every(Boolean)
        ? `required podAffinity met: ${s.affinityTerms.map((t, i) => `term [${t.index}] by ${listPods(found[i]!, 1)} in ${where(t.topologyKey, labels[t.topologyKey])}`).join('; ')}`
        : 'required podAffinity: no pod in the cluster matches every term and the pod matches them itself, so it may start the group here');
    }
    if (s.antiAffinityTerms.length) lines.push(`required podAntiAffinity: no matching pod in this node's ${[...new Set(s.antiAffinityTerms.map((t) => t.topologyKey))].join(', ')} domain(s)`);
    if (s.existingAntiAffinity.size) lines.push(`existing pods' required podAntiAffinity matches this pod only in other domains (${[...new Set([...s.existingAntiAffinity.keys()].map((k) => k.replace('\u0000', '=')))].slice(0, 5).join(', ')})`);
    return lines;
  },
};

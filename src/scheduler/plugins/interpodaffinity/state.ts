// InterPodAffinity's PreFilter state (interpodaffinity/filtering.go PreFilter, getExistingAntiAffinityCounts,
// getIncomingAffinityAntiAffinityCounts): three counts per (topologyKey, value), each entry listing the pods behind it.
import type { PodAffinityTerm } from 'kubernetes-types/core/v1';
import type { Pod } from '../../../core/types';
import type { PodInfo, Status } from '../../framework';
import { candidates, NAMESPACE_NAME_LABEL, podIndex, podsWithRequiredAntiAffinity, subjectPodMeta, union, type NodeSnapshot, type PodIndex, type PodRef, type Snapshot } from '../../snapshot';
import { LabelSelectorError } from '../../../k8s/label-selector';
import { existingPodTerms, parseAffinityTerms, requiredAntiAffinityTerms, resolveNamespaces, termMatches, type AffinityTerm } from './terms';

/** One pod counted at a topology pair: which pod, on which node, through which term. */
export interface Contribution {
  pod: Pod;
  node: string;
  term: number;
}

type Counts = Map<string, Contribution[]>;
const has = (labels: Record<string, string>, key: string) => Object.prototype.hasOwnProperty.call(labels, key);
export const pair = (key: string, value: string) => `${key}\u0000${value}`;

export interface PreFilterState {
  namespace: string;
  labels: Record<string, string>;
  /** The labels of the pod's namespace, which existing pods' namespaceSelectors read (AddPod/RemovePod match with them too). */
  namespaceLabels: Record<string, string>;
  affinityTerms: AffinityTerm[];
  antiAffinityTerms: AffinityTerm[];
  /** existing pods' required anti-affinity terms that the pod matches */
  existingAntiAffinity: Counts;
  /** pods matching all of the pod's required affinity terms, per term */
  affinity: Counts;
  /** pods matching the pod's required anti-affinity terms */
  antiAffinity: Counts;
  /** antiAffinity and existingAntiAffinity as topologyKey → value → pods, once made (filter.ts byKey). */
  antiAffinityByKey?: Map<string, Map<string, Contribution[]>>;
  existingAntiAffinityByKey?: Map<string, Map<string, Contribution[]>>;
}

function add(m: Counts, key: string, value: string, c: Contribution) {
  const k = pair(key, value);
  const list = m.get(k);
  if (list) list.push(c);
  else m.set(k, [c]);
}

interface IncomingTerms { namespace: string; labels: Record<string, string>; affinity: AffinityTerm[]; antiAffinity: AffinityTerm[]; error?: string }
const incoming = new WeakMap<PodInfo, IncomingTerms>();

/**
 * framework.NewPodInfo for the incoming pod: every list is parsed, required and preferred; unparsable terms reject
 * the pod at PreFilter with `parsing pod: <list>: <error>` (several errors as an aggregate `[a, b]`).
 */
function incomingTerms(pod: PodInfo): IncomingTerms {
  let t = incoming.get(pod);
  // Stryker disable next-line ConditionalExpression: a memo; the terms parsed again are the same (`false` is killed)
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
        // Stryker disable next-line ArrayDeclaration: an error rejects the pod before the lists are read
        return [];
      }
    };
    const affinity = parse('requiredAffinityTerms', a?.podAffinity?.requiredDuringSchedulingIgnoredDuringExecution);
    const antiAffinity = parse('requiredAntiAffinityTerms', a?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution);
    parse('preferredAffinityTerms', a?.podAffinity?.preferredDuringSchedulingIgnoredDuringExecution?.map((w) => w.podAffinityTerm));
    parse('preferredAntiAffinityTerms', a?.podAntiAffinity?.preferredDuringSchedulingIgnoredDuringExecution?.map((w) => w.podAffinityTerm));
    t = { namespace, labels, affinity, antiAffinity, error: errors.length === 0 ? undefined : errors.length === 1 ? errors[0] : `[${errors.join(', ')}]` };
    incoming.set(pod, t);
  }
  return t;
}

interface TermRef { ref: PodRef; term: AffinityTerm }

/**
 * The existing pods' required anti-affinity terms by what their labelSelector requires: a term with an In
 * requirement can only match a pod carrying one of its values (bucketed by its first In requirement's key and
 * values), the others are always checked. Pods assumePod adds are bucketed as they appear; a bucket they join is
 * put back in walk order when next read. `bucketed` lists the refs bucketed, in the order they were (`seen` holds
 * them once a pod was assumed: the refs not bucketed yet are found by it).
 */
interface TermBuckets { bucketed: PodRef[]; seen?: Set<PodRef>; byLabel: Map<string, Map<string, TermRef[]>>; always: TermRef[]; unsorted: Set<TermRef[]> }
const termBuckets = new WeakMap<PodIndex, TermBuckets>();
const walkOrder = (a: TermRef, b: TermRef) => a.ref.seq - b.ref.seq || a.term.index - b.term.index;

/** Where a term is bucketed: by its first In requirement's key and distinct values; ALWAYS; or NEVER (it matches nothing). */
type Plan = { key: string; values: string[] } | typeof ALWAYS | typeof NEVER;
const ALWAYS = 'always';
const NEVER = 'never';
// per term: a workload's replicas share their parsed terms (terms.ts sharedTerms), so most pods find their plan made
const plans = new WeakMap<AffinityTerm, Plan>();

function planOf(term: AffinityTerm): Plan {
  let plan = plans.get(term);
  // Stryker disable next-line ConditionalExpression: a memo; the plan worked out again is the same
  if (plan === undefined) {
    const selector = term.selector;
    // Stryker disable next-line ConditionalExpression,StringLiteral,ArrowFunction: a term left out of the buckets is checked always (antiAffinityCandidates), the same answer in the same order (`r.revision`, bucketing by the stand-in's value, is not)
    const inReq = selector.kind === 'requirements' ? selector.requirements.find((r) => r.operator === 'In' && !r.revision) : undefined;
    // Stryker disable next-line ConditionalExpression,StringLiteral: a term that matches nothing, checked always, is never counted either (termMatches)
    plan = selector.kind === 'nothing' ? NEVER : inReq ? { key: inReq.key, values: [...new Set(inReq.values)] } : ALWAYS;
    plans.set(term, plan);
  }
  return plan;
}

function addTo(buckets: TermBuckets, list: TermRef[], entry: TermRef): void {
  if (list.length && walkOrder(list[list.length - 1], entry) > 0) buckets.unsorted.add(list);
  list.push(entry);
}

function bucket(buckets: TermBuckets, ref: PodRef, term: AffinityTerm): void {
  const plan = planOf(term);
  if (plan === NEVER) return;
  const entry = { ref, term };
  // Stryker disable next-line ConditionalExpression: `true` puts every term in `always`, checked for every pod: the same answer and order (`false` is killed)
  if (plan === ALWAYS) {
    addTo(buckets, buckets.always, entry);
    return;
  }
  let byValue = buckets.byLabel.get(plan.key);
  if (!byValue) buckets.byLabel.set(plan.key, (byValue = new Map()));
  for (const value of plan.values) {
    let at = byValue.get(value);
    if (!at) byValue.set(value, (at = []));
    addTo(buckets, at, entry);
  }
}

function bucketsOf(index: PodIndex): TermBuckets {
  const list = index.withRequiredAntiAffinity;
  let buckets = termBuckets.get(index);
  // Stryker disable next-line ConditionalExpression: a memo; the buckets made again are the same (`false` is killed)
  if (!buckets) termBuckets.set(index, (buckets = { bucketed: [], byLabel: new Map(), always: [], unsorted: new Set() }));
  const { bucketed } = buckets;
  // Stryker disable next-line ConditionalExpression: a shortcut; `true` walks the refs, all bucketed already (`false` is killed)
  if (bucketed.length !== list.length) {
    // the first time, every ref is new; once pods were assumed, those not bucketed yet
    const seen = bucketed.length ? (buckets.seen ??= new Set(bucketed)) : undefined;
    for (let i = 0; i < list.length; i++) {
      const ref = list[i];
      if (seen) {
        if (seen.has(ref)) continue;
        seen.add(ref);
      }
      bucketed.push(ref);
      // (each pod read once here: its terms are not kept per pod, as existingPodTerms keeps them)
      const terms = requiredAntiAffinityTerms(ref.pod);
      for (let t = 0; t < terms.length; t++) bucket(buckets, ref, terms[t]);
    }
  }
  return buckets;
}

/**
 * The existing required anti-affinity terms whose labelSelector may match `labels`, in the order a walk over the
 * pods with such terms (NodeInfo.PodsWithRequiredAntiAffinity, node by node) and each pod's terms meets them. A pod
 * has one value per key, so a term is found in one bucket at most.
 */
function antiAffinityCandidates(index: PodIndex, labels: Record<string, string>): readonly TermRef[] {
  const buckets = bucketsOf(index);
  for (const list of buckets.unsorted) list.sort(walkOrder);
  buckets.unsorted.clear();
  const found: TermRef[][] = buckets.always.length ? [buckets.always] : [];
  for (const key of Object.keys(labels)) {
    const hit = buckets.byLabel.get(key)?.get(labels[key]);
    if (hit) found.push(hit);
  }
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a shortcut; one list (or none) flattened and sorted is itself (`true` and `> 1` are killed)
  if (found.length <= 1) return found[0] ?? [];
  return found.flat().sort(walkOrder);
}

/** The pod matches every term (callers check there are terms). */
export const matchesAll = (terms: readonly AffinityTerm[], ns: string, labels: Record<string, string>) =>
  terms.every((t) => termMatches(t, ns, labels, undefined));

/** filtering.go PreFilter: getExistingAntiAffinityCounts and getIncomingAffinityAntiAffinityCounts. */
export function preFilterState(pod: PodInfo, snapshot: Snapshot): PreFilterState | Status | undefined {
  const parsed = incomingTerms(pod);
  if (parsed.error) {
    return {
      plugin: 'InterPodAffinity', code: 'UnschedulableAndUnresolvable', reasons: [`parsing pod: ${parsed.error}`],
      details: ['a required pod (anti-)affinity term has a labelSelector or namespaceSelector the scheduler cannot parse'],
    };
  }
  // Skip as upstream would, without building the state: no required terms of its own, and no existing pod with
  // required anti-affinity terms (the only source of existingAntiAffinity counts).
  if (parsed.affinity.length === 0 && parsed.antiAffinity.length === 0 && podsWithRequiredAntiAffinity(snapshot).length === 0) return undefined;
  const index = podIndex(snapshot);
  const { namespace, labels } = parsed;
  const nsLabels = snapshot.namespaceLabels.get(namespace) ?? { [NAMESPACE_NAME_LABEL]: namespace };
  // the pod's own namespace exists in a real cluster, whether or not its Namespace object was given
  let known: ReadonlyMap<string, Record<string, string>> | undefined;
  const knownNamespaces = () =>
    (known ??= snapshot.namespaceLabels.has(namespace) ? snapshot.namespaceLabels : new Map([...snapshot.namespaceLabels, [namespace, nsLabels]]));
  // only a namespaceSelector with requirements adds names (`{}` is every namespace, none adds nothing)
  // Stryker disable next-line ConditionalExpression: `true` passes `{}` and nothing-selectors to resolveNamespaces too, which keeps what they select (`false` is killed)
  const resolve = (t: AffinityTerm) => (t.namespaceSelector.kind === 'requirements' ? resolveNamespaces(t, knownNamespaces()) : t);
  const affinityTerms = parsed.affinity.map(resolve);
  const antiAffinityTerms = parsed.antiAffinity.map(resolve);
  const state: PreFilterState = {
    namespace, labels, namespaceLabels: nsLabels, affinityTerms, antiAffinityTerms,
    existingAntiAffinity: new Map(), affinity: new Map(), antiAffinity: new Map(),
  };
  const contribution = (ref: PodRef, term: number): Contribution => ({ pod: ref.pod, node: ref.node.info.name, term });
  // existing pods' required anti-affinity (only the pods that have such terms, and of their terms those whose
  // labelSelector can match the pod's labels), matched with the labels of the incoming pod's namespace
  for (const { ref, term: t } of antiAffinityCandidates(index, labels)) {
    const nodeLabels = ref.node.info.labels;
    if (has(nodeLabels, t.topologyKey) && termMatches(t, namespace, labels, nsLabels)) {
      add(state.existingAntiAffinity, t.topologyKey, nodeLabels[t.topologyKey], contribution(ref, t.index));
    }
  }
  // the pods matching every required affinity term: the narrowest term's candidates
  if (affinityTerms.length) {
    const lists = affinityTerms.map((t) => candidates(index, t.selector));
    // Stryker disable next-line ConditionalExpression,EqualityOperator: any term's candidates hold every pod matching all the terms, in walk order; the narrowest is only the quickest
    const shortest = lists.reduce((a, b) => (b.length < a.length ? b : a));
    for (const ref of shortest) {
      const e = existingPodTerms(ref.pod);
      if (!matchesAll(affinityTerms, e.namespace, e.labels)) continue;
      const nodeLabels = ref.node.info.labels;
      for (const t of affinityTerms) {
        if (has(nodeLabels, t.topologyKey)) add(state.affinity, t.topologyKey, nodeLabels[t.topologyKey], contribution(ref, t.index));
      }
    }
  }
  // the pods matching any required anti-affinity term, each pod's terms in order (a topology pair lists its pods
  // in the order the walk meets them; no terms, no candidates)
  // (without terms `index.all` is not asked for: made then, it is a walk over every pod for nothing)
  const lists = antiAffinityTerms.map((t) => candidates(index, t.selector));
  for (const ref of lists.length && lists.includes(index.all) ? index.all : union(lists)) {
    const e = existingPodTerms(ref.pod);
    const nodeLabels = ref.node.info.labels;
    for (const t of antiAffinityTerms) {
      if (has(nodeLabels, t.topologyKey) && termMatches(t, e.namespace, e.labels, undefined)) {
        add(state.antiAffinity, t.topologyKey, nodeLabels[t.topologyKey], contribution(ref, t.index));
      }
    }
  }
  if (state.existingAntiAffinity.size === 0 && affinityTerms.length === 0 && antiAffinityTerms.length === 0) return undefined;
  return state;
}

type CountsField = 'existingAntiAffinity' | 'affinity' | 'antiAffinity';

/**
 * PreFilterExtensions AddPod (delta 1) and RemovePod (-1), filtering.go updateWithPod (the same 1.33–1.37 without the
 * alpha InterPodAffinityHostnameFastPath gate): `updated`'s required anti-affinity terms that the incoming pod
 * matches, and the incoming pod's required affinity (when `updated` matches every term) and anti-affinity terms that
 * `updated` matches, counted in the node's pair of each term's topologyKey, as PreFilter counted them. A pair whose
 * count reaches 0 is deleted. Returns a new state, or `state` when nothing changes; the maps changed are copies.
 */
export function updateWithPod(state: PreFilterState, updated: Pod, node: NodeSnapshot, delta: 1 | -1): PreFilterState {
  const nodeLabels = node.info.labels;
  let out: PreFilterState | undefined;
  const count = (field: CountsField, key: string, term: number) => {
    if (!has(nodeLabels, key)) return;
    if (!out) out = { ...state, antiAffinityByKey: undefined, existingAntiAffinityByKey: undefined };
    if (out[field] === state[field]) out[field] = new Map(state[field]);
    const m = out[field];
    const k = pair(key, nodeLabels[key]);
    const list = m.get(k) ?? [];
    if (delta === 1) m.set(k, [...list, { pod: updated, node: node.info.name, term }]);
    else {
      // PreFilter counted the pod with the same rules: its contribution is there
      const rest = list.filter((c) => c.pod !== updated || c.term !== term);
      if (rest.length) m.set(k, rest);
      else m.delete(k);
    }
  };
  const e = existingPodTerms(updated);
  for (const t of e.requiredAntiAffinity) {
    if (termMatches(t, state.namespace, state.labels, state.namespaceLabels)) count('existingAntiAffinity', t.topologyKey, t.index);
  }
  if (matchesAll(state.affinityTerms, e.namespace, e.labels)) for (const t of state.affinityTerms) count('affinity', t.topologyKey, t.index);
  for (const t of state.antiAffinityTerms) if (termMatches(t, e.namespace, e.labels, undefined)) count('antiAffinity', t.topologyKey, t.index);
  return out ?? state;
}

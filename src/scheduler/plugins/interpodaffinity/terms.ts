// Pod (anti-)affinity terms as the scheduler holds them (framework/types.go newAffinityTerm,
// getNamespacesFromPodAffinityTerm; kube-scheduler/framework/types.go AffinityTerm.Matches), with the API server's
// matchLabelKeys/mismatchLabelKeys merge applied (pkg/registry/core/pod/strategy.go mutatePodAffinity).
import type { PodAffinityTerm } from 'kubernetes-types/core/v1';
import type { Pod } from '../../../core/types';
import { cachedPerObject } from '../../../core/cache';
import { settingsGeneration } from '../../../core/config';
import { formatSelector, LabelSelectorError, NOTHING, parseLabelSelector, revisionNote, selectorMatches, withLabelKeys, type Selector } from '../../../k8s/label-selector';
import { podLabels, podNamespace } from '../../snapshot';

export interface AffinityTerm {
  /** Index in the required list. */
  index: number;
  topologyKey: string;
  selector: Selector;
  namespaces: ReadonlySet<string>;
  namespaceSelector: Selector;
}

/** Parse one required list; throws LabelSelectorError on the first term upstream cannot parse. */
export function parseAffinityTerms(raw: readonly PodAffinityTerm[] | undefined, namespace: string, labels: Record<string, string>): AffinityTerm[] {
  return (raw ?? []).map((t, index) => {
    // the API server appends `key In [v]` / `key NotIn [v]` for keys the pod has, only to a non-nil labelSelector
    let selector = parseLabelSelector(t.labelSelector);
    selector = withLabelKeys(selector, labels, t.matchLabelKeys, 'In');
    selector = withLabelKeys(selector, labels, t.mismatchLabelKeys, 'NotIn');
    const own = (t.namespaces ?? []).length === 0 && t.namespaceSelector == null;
    return {
      index,
      topologyKey: t.topologyKey,
      selector,
      namespaces: new Set(own ? [namespace] : t.namespaces),
      // an absent namespaceSelector parses as nothing
      namespaceSelector: parseLabelSelector(t.namespaceSelector),
    };
  });
}

/** AffinityTerm.Matches: the pod's namespace is in scope (listed, or its labels match namespaceSelector) and its labels match. */
export function termMatches(t: AffinityTerm, namespace: string, labels: Record<string, string>, namespaceLabels: Record<string, string> | undefined): boolean {
  if (!t.namespaces.has(namespace) && !selectorMatches(t.namespaceSelector, namespaceLabels ?? {})) return false;
  return selectorMatches(t.selector, labels, namespace);
}

/**
 * The incoming pod's terms: a non-empty namespaceSelector is resolved against the Namespace objects into names
 * (plugin.go mergeAffinityTermNamespacesIfNotEmpty); `{}` stays "every namespace".
 */
export function resolveNamespaces(t: AffinityTerm, namespaceLabels: ReadonlyMap<string, Record<string, string>>): AffinityTerm {
  if (t.namespaceSelector.kind === 'everything') return t;
  const names = new Set(t.namespaces);
  for (const [name, labels] of namespaceLabels) if (selectorMatches(t.namespaceSelector, labels)) names.add(name);
  return { ...t, namespaces: names, namespaceSelector: NOTHING };
}

/** `(topologyKey zone, labelSelector app=db, namespaces [default])` */
export function describeTerm(t: AffinityTerm): string {
  const ns = t.namespaceSelector.kind === 'everything' ? 'all namespaces'
    : `namespaces [${[...t.namespaces].join(', ')}]` + (t.namespaceSelector.kind === 'requirements' ? ` or namespaceSelector ${formatSelector(t.namespaceSelector)}` : '');
  const note = revisionNote(t.selector);
  return `(topologyKey ${t.topologyKey}, labelSelector ${formatSelector(t.selector)}, ${ns}${note ? `; ${note}` : ''})`;
}

export interface ExistingPodTerms {
  namespace: string;
  labels: Record<string, string>;
  /** Required anti-affinity terms; empty when any of them does not parse (the whole list is dropped, as upstream). */
  requiredAntiAffinity: AffinityTerm[];
}

function quietly(parse: () => AffinityTerm[]): AffinityTerm[] {
  try {
    return parse();
  } catch (e) {
    if (e instanceof LabelSelectorError) return [];
    throw e;
  }
}

// A workload's replicas carry the same terms in the same namespace: parsed once per (terms, namespace), and the
// parsed terms shared (nothing writes to an AffinityTerm; resolveNamespaces makes a new one). Terms with
// matchLabelKeys or mismatchLabelKeys read the pod's labels too, so they are parsed per pod. Cleared with the settings
// (a parse error's text may depend on the release) and when it grows large.
let shared = new Map<string, AffinityTerm[]>();
let sharedGeneration = settingsGeneration();

function sharedTerms(raw: readonly PodAffinityTerm[], namespace: string, labels: Record<string, string>): AffinityTerm[] {
  // Stryker disable next-line ConditionalExpression: `true` parses every list per pod, the same terms as the shared ones (`false` is killed)
  for (const t of raw) if (t.matchLabelKeys?.length || t.mismatchLabelKeys?.length) return quietly(() => parseAffinityTerms(raw, namespace, labels));
  // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator,BlockStatement: a cache's reset; a stale or emptied cache gives the same terms (whether a selector parses does not depend on the settings, and quietly drops the error's text)
  if (sharedGeneration !== settingsGeneration() || shared.size >= 10_000) {
    shared = new Map();
    sharedGeneration = settingsGeneration();
  }
  const key = `${namespace}\0${JSON.stringify(raw)}`;
  let terms = shared.get(key);
  // Stryker disable next-line ConditionalExpression: `true` parses the list again, the same terms (`false` is killed)
  if (!terms) shared.set(key, (terms = quietly(() => parseAffinityTerms(raw, namespace, labels))));
  return terms;
}

export const existingPodTerms = cachedPerObject((pod: Pod): ExistingPodTerms =>
  ({ namespace: podNamespace(pod), labels: podLabels(pod), requiredAntiAffinity: requiredAntiAffinityTerms(pod) }));

/** existingPodTerms(pod).requiredAntiAffinity, not kept per pod (for a pass that reads each pod once). */
export function requiredAntiAffinityTerms(pod: Pod): AffinityTerm[] {
  const raw = pod.spec?.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  return raw?.length ? sharedTerms(raw, podNamespace(pod), podLabels(pod)) : [];
}

// A namespace's ResourceQuota as kube-apiserver's ResourceQuota plugin applies it to a Pod being created: the pod
// evaluator (pkg/quota/v1/evaluator/core/pods.go: Usage, Matches and its scopes, Constraints) and CheckRequest
// (staging/src/k8s.io/apiserver/pkg/admission/plugin/resourcequota/controller.go), with their texts. The usage of the
// pods already in the namespace is the quota's `status.used` when given, else what the quota controller counts over
// the pods it is given (quotaUsed: generic.CalculateUsageStats over the same Usage).
import type { Container, FieldError, KubeObject, PodSpec } from '../core/types';
import { addQuantities, podTotals, quantityList, type QuantityList } from './limit-range';
import { decodeQuantity, QuantityError } from './quantity';
import { invalid } from './validation-field';

type Amounts = Record<string, string | number>;

export interface ScopedResourceSelectorRequirement {
  scopeName?: string;
  operator?: string;
  values?: string[] | null;
}

export interface ResourceQuota extends KubeObject {
  spec?: { hard?: Amounts | null; scopes?: string[] | null; scopeSelector?: { matchExpressions?: ScopedResourceSelectorRequirement[] | null } | null } | null;
  status?: { hard?: Amounts | null; used?: Amounts | null } | null;
}

/** The pod as the evaluator reads it: its spec (after the mutating plugins), and its phase and deletion for an existing pod. */
export interface QuotaPod {
  spec: PodSpec;
  phase?: string;
}

/** @upstream k8s.io/apiserver/pkg/admission/plugin/resourcequota/controller.go */
export const EXCEEDED_QUOTA = 'exceeded quota: %s, requested: %s, used: %s, limited: %s';
/** @upstream k8s.io/apiserver/pkg/admission/plugin/resourcequota/controller.go */
export const FAILED_QUOTA = 'failed quota: %s: %v';
/** @upstream k8s.io/apiserver/pkg/admission/plugin/resourcequota/controller.go */
export const STATUS_UNKNOWN = 'status unknown for quota: %s, resources: %s';
/** @upstream pkg/quota/v1/evaluator/core/pods.go */
export const MUST_SPECIFY = 'must specify %s';

const POD_RESOURCES = ['count/pods', 'cpu', 'memory', 'ephemeral-storage', 'requests.cpu', 'requests.memory', 'requests.ephemeral-storage',
  'limits.cpu', 'limits.memory', 'limits.ephemeral-storage', 'pods'];
/** pods.go validationSet: the resources a quota on which makes each container state its own amount. */
const VALIDATION_SET = ['cpu', 'memory', 'requests.cpu', 'requests.memory', 'limits.cpu', 'limits.memory'];

const isNative = (name: string) => !name.includes('/') || name.includes('kubernetes.io/');
// (sort() with no comparator: UTF-16 code units, as `<` orders strings; resource names are ASCII, as Go's sort.Strings reads them)
const sorted = (names: Iterable<string>) => [...names].sort();

/** podEvaluator.MatchingResources: the quota's resources the pod evaluator tracks (hugepages and extended requests too). */
export function matchingResources(names: readonly string[]): string[] {
  const out = names.filter((n) => POD_RESOURCES.includes(n));
  for (const n of names) {
    if (n.startsWith('hugepages-') || n.startsWith('requests.hugepages-')) out.push(n);
    else if (n.startsWith('requests.') && (!isNative(n) || n.startsWith('requests.deviceclass.resource.kubernetes.io/'))) out.push(n);
  }
  return out;
}

/** podComputeUsageHelper: what one set of requests and limits counts against a quota. */
function computeUsage(requests: QuantityList, limits: QuantityList): QuantityList {
  const out: QuantityList = new Map([['pods', decodeQuantity('1')]]);
  for (const r of ['cpu', 'memory', 'ephemeral-storage']) {
    const request = requests.get(r), limit = limits.get(r);
    if (request) out.set(r, request).set(`requests.${r}`, request);
    if (limit) out.set(`limits.${r}`, limit);
  }
  for (const [r, request] of requests) {
    if (r.startsWith('hugepages-')) out.set(r, request).set(`requests.${r}`, request);
    // an extended resource (a DRA extended resource from 1.34): counted as requests.<name> only
    else if (!isNative(r)) out.set(`requests.${r}`, request);
  }
  return out;
}

/** quota.Add: the sum of two lists (a quantity in one only copied as it is). */
export function addLists(a: QuantityList, b: QuantityList): QuantityList {
  const out: QuantityList = new Map();
  for (const [k, v] of a) out.set(k, b.has(k) ? addQuantities(v, b.get(k)!) : v);
  for (const [k, v] of b) if (!out.has(k)) out.set(k, v);
  return out;
}

/**
 * PodUsageFunc: `count/pods` always; the compute resources unless the pod has ended (Succeeded or Failed), from
 * resource.PodRequests and PodLimits (the overhead added to the requests, and to each non-zero limit).
 */
export function podUsage(pod: QuotaPod, podLevelResources: boolean): QuantityList {
  const count: QuantityList = new Map([['count/pods', decodeQuantity('1')]]);
  if (pod.phase === 'Succeeded' || pod.phase === 'Failed') return count;
  const { requests, limits } = podTotals(pod.spec, podLevelResources);
  const overhead = quantityList(pod.spec.overhead as Amounts | undefined);
  const withOverhead = addLists(requests, overhead);
  for (const [k, v] of overhead) {
    const limit = limits.get(k);
    if (limit && limit.nanos !== 0n) limits.set(k, addQuantities(limit, v));
  }
  return addLists(count, computeUsage(withOverhead, limits));
}

/** qos.GetPodQOS(pod) === BestEffort: no cpu or memory amount other than 0, in any container or (PodLevelResources) the pod's own. */
function isBestEffort(spec: PodSpec, podLevelResources: boolean): boolean {
  const nonZero = (r: { requests?: unknown; limits?: unknown } | null | undefined) =>
    ['requests', 'limits'].some((f) => ['cpu', 'memory'].some((k) => {
      const amount = (r?.[f as 'requests'] as Amounts | undefined)?.[k];
      return amount !== undefined && decodeQuantity(amount).nanos !== 0n;
    }));
  const pod = spec.resources as { requests?: Amounts; limits?: Amounts } | undefined;
  if (podLevelResources && pod && Object.keys({ ...pod.requests, ...pod.limits }).length) return !nonZero(pod);
  return ![...(spec.containers ?? []), ...(spec.initContainers ?? [])].some((c) => nonZero(c.resources));
}

/** labels.NewRequirement(scopeName, op, values).Matches over {PriorityClass: <class>} (ScopedResourceSelectorRequirementsAsSelector). */
function priorityClassMatches(selector: ScopedResourceSelectorRequirement, className: string): boolean {
  const has = className !== '';
  const values = selector.values ?? [];
  switch (selector.operator) {
    case 'In': return has && values.includes(className);
    case 'NotIn': return !has || !values.includes(className);
    case 'Exists': return has;
    case 'DoesNotExist': return !has;
    default: return false;
  }
}

function crossNamespaceAffinity(spec: PodSpec): boolean {
  type Term = { namespaces?: string[] | null; namespaceSelector?: unknown };
  const cross = (t: Term | undefined) => !!t && ((t.namespaces?.length ?? 0) > 0 || (t.namespaceSelector !== undefined && t.namespaceSelector !== null));
  return [spec.affinity?.podAffinity, spec.affinity?.podAntiAffinity].some((a) =>
    (a?.requiredDuringSchedulingIgnoredDuringExecution ?? []).some((t) => cross(t as Term)) ||
    (a?.preferredDuringSchedulingIgnoredDuringExecution ?? []).some((w) => cross(w.podAffinityTerm as Term)));
}

/** podMatchesScopeFunc: does the pod fall in the scope? An unknown scope matches no pod. */
export function podMatchesScope(selector: ScopedResourceSelectorRequirement, spec: PodSpec, podLevelResources: boolean): boolean {
  const terminating = spec.activeDeadlineSeconds != null && spec.activeDeadlineSeconds >= 0;
  switch (selector.scopeName) {
    case 'Terminating': return terminating;
    case 'NotTerminating': return !terminating;
    case 'BestEffort': return isBestEffort(spec, podLevelResources);
    case 'NotBestEffort': return !isBestEffort(spec, podLevelResources);
    case 'PriorityClass': return priorityClassMatches(selector, spec.priorityClassName ?? '');
    case 'CrossNamespacePodAffinity': return crossNamespaceAffinity(spec);
    default: return false;
  }
}

/** getScopeSelectorsFromQuota: spec.scopes (each an Exists), then spec.scopeSelector's expressions. */
export function scopeSelectors(quota: ResourceQuota): ScopedResourceSelectorRequirement[] {
  return [...(quota.spec?.scopes ?? []).map((scopeName) => ({ scopeName, operator: 'Exists' })), ...(quota.spec?.scopeSelector?.matchExpressions ?? [])];
}

/** The quota's hard limits as its status holds them (the controller copies spec.hard there). */
export const quotaHard = (quota: ResourceQuota): QuantityList => quantityList(quota.status?.hard ?? quota.spec?.hard);

/** generic.Matches: the quota tracks a pod resource and the pod is in every one of its scopes. */
export function quotaMatches(quota: ResourceQuota, spec: PodSpec, podLevelResources: boolean): boolean {
  return matchingResources([...quotaHard(quota).keys()]).length > 0 && scopeSelectors(quota).every((s) => podMatchesScope(s, spec, podLevelResources));
}

/**
 * podEvaluator.Constraints: with a quota on cpu or memory, each container (init containers too) must state the
 * amount (a request, or a limit for limits.*), unless PodLevelResources is on and the pod has pod-level resources.
 */
export function quotaConstraints(required: readonly string[], spec: PodSpec, podLevelResources: boolean): string | undefined {
  const pod = spec.resources as { requests?: Amounts; limits?: Amounts } | undefined;
  if (podLevelResources && pod && Object.keys({ ...pod.requests, ...pod.limits }).length) return undefined;
  const needed = required.filter((r) => VALIDATION_SET.includes(r));
  const missing = new Map<string, Set<string>>();
  for (const c of [...(spec.containers ?? []), ...(spec.initContainers ?? [])] as Container[]) {
    const has = computeUsage(quantityList(c.resources?.requests as Amounts | undefined), quantityList(c.resources?.limits as Amounts | undefined));
    for (const r of needed) if (!has.has(r)) missing.set(r, (missing.get(r) ?? new Set()).add(c.name));
  }
  if (!missing.size) return undefined;
  return MUST_SPECIFY.replace('%s', sorted(missing.keys()).map((r) => `${r} for: ${sorted(missing.get(r)!).join(',')}`).join('; '));
}

/** prettyPrint: `name=amount` by sorted name, joined by commas. */
const prettyPrint = (list: QuantityList) => sorted(list.keys()).map((k) => `${k}=${list.get(k)!.canonical()}`).join(',');
const mask = (list: QuantityList, names: Iterable<string>) => new Map([...names].filter((n) => list.has(n)).map((n) => [n, list.get(n)!]));

/**
 * The usage the quota controller records for the quota over the namespace's existing pods (CalculateUsageStats):
 * each pod resource of the quota, from 0, summed over the pods in all of its scopes.
 */
export function quotaUsed(quota: ResourceQuota, pods: readonly QuotaPod[], podLevelResources: boolean): QuantityList {
  const tracked = matchingResources([...quotaHard(quota).keys()]);
  let used: QuantityList = new Map(tracked.map((r) => [r, decodeQuantity('0')]));
  for (const pod of pods) {
    if (!scopeSelectors(quota).every((s) => podMatchesScope(s, pod.spec, podLevelResources))) continue;
    used = addLists(used, mask(podUsage(pod, podLevelResources), tracked));
  }
  return used;
}

/**
 * CheckRequest for a Pod's create: why the namespace's quotas refuse it (the Forbidden reason), undefined when they
 * admit it. `used`: each quota's usage (its status.used, or quotaUsed). Quotas are taken in the order given.
 */
export function quotaRefusal(quotas: readonly ResourceQuota[], used: ReadonlyMap<ResourceQuota, QuantityList>, spec: PodSpec, podLevelResources: boolean): string | undefined {
  const interesting: ResourceQuota[] = [];
  for (const quota of quotas) {
    if (!quotaMatches(quota, spec, podLevelResources)) continue;
    const name = quota.metadata?.name ?? '';
    const hard = quotaHard(quota);
    const restricted = matchingResources([...hard.keys()]);
    const failed = quotaConstraints(restricted, spec, podLevelResources);
    if (failed) return FAILED_QUOTA.replace('%s', name).replace('%v', failed);
    const known = used.get(quota) ?? new Map();
    if (!restricted.every((r) => !hard.has(r) || known.has(r))) return STATUS_UNKNOWN.replace('%s', name).replace('%s', sorted(restricted).join(','));
    interesting.push(quota);
  }
  if (!interesting.length) return undefined;
  const usage = podUsage({ spec }, podLevelResources);
  for (const quota of interesting) {
    const hard = quotaHard(quota);
    const requested = new Map([...mask(usage, hard.keys())].filter(([, q]) => q.nanos !== 0n));
    if (!requested.size) continue;
    const current = used.get(quota)!;
    const exceeded = [...requested].filter(([k, q]) => (current.get(k)?.nanos ?? 0n) + q.nanos > hard.get(k)!.nanos).map(([k]) => k);
    if (exceeded.length) {
      const args = [quota.metadata?.name ?? '', prettyPrint(mask(requested, exceeded)), prettyPrint(mask(current, exceeded)), prettyPrint(mask(hard, exceeded))];
      let i = 0;
      return EXCEEDED_QUOTA.replace(/%s/g, () => args[i++]);
    }
  }
  return undefined;
}

/**
 * What ValidateResourceQuota refuses that changes the plugin's answer, as field errors: amounts that do not decode
 * (spec.hard, status.used). Not checked here: resource names, scopes against resources, negative amounts.
 */
export function resourceQuotaProblems(quota: ResourceQuota): FieldError[] {
  const errors: FieldError[] = [];
  const check = (amounts: Amounts | null | undefined, path: string) => {
    for (const [name, amount] of Object.entries(amounts ?? {})) {
      try {
        decodeQuantity(amount);
      } catch (e) {
        if (!(e instanceof QuantityError)) throw e;
        errors.push(invalid(`${path}[${name}]`, amount, e.message));
      }
    }
  };
  check(quota.spec?.hard, 'spec.hard');
  check(quota.status?.hard, 'status.hard');
  check(quota.status?.used, 'status.used');
  for (const [i, s] of (quota.spec?.scopeSelector?.matchExpressions ?? []).entries()) {
    if (!['In', 'NotIn', 'Exists', 'DoesNotExist'].includes(s.operator ?? '')) errors.push(invalid(`spec.scopeSelector.matchExpressions[${i}].operator`, s.operator ?? '', 'not a valid selector operator'));
  }
  return errors;
}

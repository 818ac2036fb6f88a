// A namespace's LimitRange as kube-apiserver applies it to a Pod (plugin/pkg/admission/limitranger/admission.go, the
// same at 1.33–1.37): the defaults of its Container item (defaultContainerResourceRequirements, mergeContainerResources)
// and the min, max and maxLimitRequestRatio of its Container and Pod items (PodValidateLimitFunc), with the plugin's
// texts. The LimitRange itself as the API server stores it: SetDefaults_LimitRangeItem (pkg/apis/core/v1/defaults.go)
// and the checks of ValidateLimitRange (pkg/apis/core/validation/validation.go) that decide what the plugin reads.
import type { Container, FieldError, KubeObject, PodSpec } from '../core/types';
import { decodeQuantity, decodeResourceAmount, Quantity, QuantityError } from './quantity';
import { duplicate, forbidden, invalid } from './validation-field';

type Amounts = Record<string, string | number>;

export interface LimitRangeItem {
  type?: string;
  max?: Amounts | null;
  min?: Amounts | null;
  default?: Amounts | null;
  defaultRequest?: Amounts | null;
  maxLimitRequestRatio?: Amounts | null;
}

export interface LimitRange extends KubeObject {
  spec?: { limits?: LimitRangeItem[] | null } | null;
}

/** A list of named quantities (api.ResourceList), each as decoded (its String() is `canonical()`). */
export type QuantityList = Map<string, Quantity>;

const NANO = 10n ** 9n;
/** resource.MaxMilliValue: math.MaxInt64 / 1000. */
const MAX_MILLI_VALUE = (2n ** 63n - 1n) / 1000n;

const ceilDiv = (n: bigint, d: bigint) => (n <= 0n ? -(-n / d) : (n + d - 1n) / d);
/** Quantity.Value(): rounded up to a whole unit. */
const value = (q: Quantity) => ceilDiv(q.nanos, NANO);
/** Quantity.MilliValue(): thousandths, rounded up. */
const milliValue = (q: Quantity) => ceilDiv(q.nanos, 10n ** 6n);
const ZERO = decodeQuantity('0');

/** A resource list as the API server holds it: each amount decoded and rounded up to milli-units (SetDefaults_ResourceList). */
export function quantityList(amounts: Amounts | null | undefined): QuantityList {
  const out: QuantityList = new Map();
  for (const [name, amount] of Object.entries(amounts ?? {})) out.set(name, decodeResourceAmount(amount));
  return out;
}

/** Quantity.Add: the sum, printed canonically (Add clears the text kept as written); the format is the first's unless it is 0. */
export function addQuantities(a: Quantity, b: Quantity): Quantity {
  return new Quantity(a.nanos + b.nanos, a.nanos === 0n ? b.format : a.format, '');
}

/** The LimitRange as the API server stores it: SetDefaults_LimitRangeItem on each item. */
export function defaultLimitRange<T extends LimitRange>(limitRange: T): T {
  if (!limitRange.spec?.limits?.length) return limitRange;
  return { ...limitRange, spec: { ...limitRange.spec, limits: defaultedItems(limitRange.spec.limits) } };
}

function defaultedItems(items: readonly LimitRangeItem[]): LimitRangeItem[] {
  return items.map((item) => {
    if (item.type !== 'Container') return item;
    // a default limit unspecified takes the max; a default request unspecified takes the default limit, else the min
    const def: Amounts = { ...item.max, ...item.default };
    const defaultRequest: Amounts = { ...item.min, ...def, ...item.defaultRequest };
    return { ...item, default: def, defaultRequest };
  });
}

/**
 * defaultContainerResourceRequirements: the requests and limits every Container item of the LimitRange gives a
 * container that has none.
 */
export function containerDefaults(limitRange: LimitRange): { requests: QuantityList; limits: QuantityList } {
  const requests: QuantityList = new Map(), limits: QuantityList = new Map();
  for (const item of limitRange.spec?.limits ?? []) {
    if (item.type !== 'Container') continue;
    for (const [k, v] of quantityList(item.defaultRequest)) requests.set(k, v);
    for (const [k, v] of quantityList(item.default)) limits.set(k, v);
  }
  return { requests, limits };
}

/** mergeContainerResources: each default the container lacks. The same container when none is added. */
function mergeContainer(c: Container, defaults: { requests: QuantityList; limits: QuantityList }): Container {
  const limits: Amounts = { ...(c.resources?.limits as Amounts | undefined) };
  const requests: Amounts = { ...(c.resources?.requests as Amounts | undefined) };
  let changed = false;
  for (const [k, v] of defaults.limits) if (!(k in limits)) [limits[k], changed] = [v.canonical(), true];
  for (const [k, v] of defaults.requests) if (!(k in requests)) [requests[k], changed] = [v.canonical(), true];
  return changed ? { ...c, resources: { ...c.resources, limits, requests } as Container['resources'] } : c;
}

/**
 * PodMutateLimitFunc for each LimitRange in turn: the pod's containers and init containers with the defaults they
 * lack. The same spec when none is added.
 */
export function withLimitRangeDefaults(spec: PodSpec, limitRanges: readonly LimitRange[]): PodSpec {
  let out = spec;
  for (const limitRange of limitRanges) {
    const defaults = containerDefaults(limitRange);
    if (!defaults.requests.size && !defaults.limits.size) continue;
    const containers = out.containers?.map((c) => mergeContainer(c, defaults));
    const initContainers = out.initContainers?.map((c) => mergeContainer(c, defaults));
    const same = (a?: Container[], b?: Container[]) => (a ?? []).every((c, i) => c === b![i]);
    if (same(containers, out.containers) && same(initContainers, out.initContainers)) continue;
    out = { ...out, containers: containers!, ...(initContainers ? { initContainers } : {}) };
  }
  return out;
}

/** @upstream plugin/pkg/admission/limitranger/admission.go */
export const MIN_NO_REQUEST = 'minimum %s usage per %s is %s.  No request is specified';
/** @upstream plugin/pkg/admission/limitranger/admission.go */
export const MIN_REQUEST = 'minimum %s usage per %s is %s, but request is %s';
/** @upstream plugin/pkg/admission/limitranger/admission.go */
export const MIN_LIMIT = 'minimum %s usage per %s is %s, but limit is %s';
/** @upstream plugin/pkg/admission/limitranger/admission.go */
export const MAX_NO_LIMIT = 'maximum %s usage per %s is %s.  No limit is specified';
/** @upstream plugin/pkg/admission/limitranger/admission.go */
export const MAX_LIMIT = 'maximum %s usage per %s is %s, but limit is %s';
/** @upstream plugin/pkg/admission/limitranger/admission.go */
export const MAX_REQUEST = 'maximum %s usage per %s is %s, but request is %s';
/** @upstream plugin/pkg/admission/limitranger/admission.go */
export const RATIO_NO_REQUEST = '%s max limit to request ratio per %s is %s, but no request is specified or request is 0';
/** @upstream plugin/pkg/admission/limitranger/admission.go */
export const RATIO_NO_LIMIT = '%s max limit to request ratio per %s is %s, but no limit is specified or limit is 0';
/** @upstream plugin/pkg/admission/limitranger/admission.go */
export const RATIO_EXCEEDED = '%s max limit to request ratio per %s is %s, but provided ratio is %f';

/** fmt.Sprintf of the texts above: each %s and %f in turn. */
const sprintf = (format: string, ...args: string[]) => {
  let i = 0;
  return format.replace(/%[sf]/g, () => args[i++]);
};

/**
 * fmt's %f of a float64: six decimals, rounded half to even on the exact binary value (toFixed rounds a tie up).
 * toFixed(100) is exact for every ratio the plugin prints (at most 82 fractional digits between 1e-9 and 1e12).
 */
export function goFloatF(x: number): string {
  const exact = x.toFixed(100);
  const [whole, frac] = exact.split('.');
  const kept = BigInt(whole + frac.slice(0, 6));
  const rest = frac.slice(6);
  const half = rest[0] === '5' && /^50*$/.test(rest);
  const up = rest[0] > '5' || (rest[0] === '5' && !half) || (half && kept % 2n === 1n);
  const digits = (kept + (up ? 1n : 0n)).toString().padStart(7, '0');
  return `${digits.slice(0, -6)}.${digits.slice(-6)}`;
}

/** requestLimitEnforcedValues: the three amounts at a common precision (milli-units unless one would overflow). */
function enforcedValues(request: Quantity, limit: Quantity, enforced: Quantity): [bigint, bigint, bigint] {
  const plain: [bigint, bigint, bigint] = [value(request), value(limit), value(enforced)];
  if (plain.every((v) => v <= MAX_MILLI_VALUE)) return [milliValue(request), milliValue(limit), milliValue(enforced)];
  return plain;
}

type Constraint = (type: string, name: string, enforced: Quantity, requests: QuantityList, limits: QuantityList) => string | undefined;

/** minConstraint */
const minConstraint: Constraint = (type, name, enforced, requests, limits) => {
  const req = requests.get(name), lim = limits.get(name);
  const [r, l, e] = enforcedValues(req ?? ZERO, lim ?? ZERO, enforced);
  if (!req) return sprintf(MIN_NO_REQUEST, name, type, enforced.canonical());
  if (r < e) return sprintf(MIN_REQUEST, name, type, enforced.canonical(), req.canonical());
  if (lim && l < e) return sprintf(MIN_LIMIT, name, type, enforced.canonical(), lim.canonical());
  return undefined;
};

/** maxConstraint */
const maxConstraint: Constraint = (type, name, enforced, requests, limits) => {
  const req = requests.get(name), lim = limits.get(name);
  const [r, l, e] = enforcedValues(req ?? ZERO, lim ?? ZERO, enforced);
  if (!lim) return sprintf(MAX_NO_LIMIT, name, type, enforced.canonical());
  if (l > e) return sprintf(MAX_LIMIT, name, type, enforced.canonical(), lim.canonical());
  if (req && r > e) return sprintf(MAX_REQUEST, name, type, enforced.canonical(), req.canonical());
  return undefined;
};

/** limitRequestRatioConstraint: the ratio as float64, compared in thousandths unless the enforced ratio would overflow. */
const ratioConstraint: Constraint = (type, name, enforced, requests, limits) => {
  const req = requests.get(name), lim = limits.get(name);
  const [r, l] = enforcedValues(req ?? ZERO, lim ?? ZERO, enforced);
  if (!req || r === 0n) return sprintf(RATIO_NO_REQUEST, name, type, enforced.canonical());
  if (!lim || l === 0n) return sprintf(RATIO_NO_LIMIT, name, type, enforced.canonical());
  const observed = Number(l) / Number(r);
  const small = value(enforced) <= MAX_MILLI_VALUE;
  const [ratio, max] = small ? [observed * 1000, Number(milliValue(enforced))] : [observed, Number(value(enforced))];
  return ratio > max ? sprintf(RATIO_EXCEEDED, name, type, enforced.canonical(), goFloatF(observed)) : undefined;
};

/**
 * The item's min, max and maxLimitRequestRatio over one set of requests and limits, in the plugin's order. Go ranges
 * over each map in random order; the resources are taken here in sorted order.
 */
function itemErrors(item: LimitRangeItem, type: string, requests: QuantityList, limits: QuantityList): string[] {
  const out: string[] = [];
  const check = (amounts: Amounts | null | undefined, constraint: Constraint) => {
    const list = quantityList(amounts);
    for (const name of [...list.keys()].sort()) {
      const error = constraint(type, name, list.get(name)!, requests, limits);
      if (error !== undefined) out.push(error);
    }
  };
  check(item.min, minConstraint);
  check(item.max, maxConstraint);
  check(item.maxLimitRequestRatio, ratioConstraint);
  return out;
}

/** A container's requests and limits, as they are in the spec. */
function containerLists(c: Container): { requests: QuantityList; limits: QuantityList } {
  return { requests: quantityList(c.resources?.requests as Amounts | undefined), limits: quantityList(c.resources?.limits as Amounts | undefined) };
}

/** A container with each limit that has no request also as its request (SetDefaults_Pod); the same when none is missing. */
function requestsFromLimits(c: Container): Container {
  const limits = (c.resources?.limits ?? {}) as Amounts;
  const requests = (c.resources?.requests ?? {}) as Amounts;
  const missing = Object.keys(limits).filter((k) => !(k in requests));
  if (!missing.length) return c;
  const copied: Amounts = { ...Object.fromEntries(missing.map((k) => [k, limits[k]])), ...requests };
  return { ...c, resources: { ...c.resources, requests: copied } as Container['resources'] };
}

/**
 * The spec as the API server decoded it before admission: SetDefaults_Pod gives each container and init container
 * the limits it has no request for as requests (pkg/apis/core/v1/defaults.go). The same spec when none is missing.
 */
export function withRequestsFromLimits(spec: PodSpec): PodSpec {
  const containers = spec.containers?.map(requestsFromLimits);
  const initContainers = spec.initContainers?.map(requestsFromLimits);
  const same = (a?: Container[], b?: Container[]) => (a ?? []).every((c, i) => c === b![i]);
  if (same(containers, spec.containers) && same(initContainers, spec.initContainers)) return spec;
  return { ...spec, containers: containers!, ...(initContainers ? { initContainers } : {}) };
}

/** utilerrors.NewAggregate(errs).Error(): one error as it is; several, without repeats, as `[a, b]`. */
export function aggregate(errors: readonly string[]): string | undefined {
  if (!errors.length) return undefined;
  // Stryker disable next-line ConditionalExpression: a shortcut; one error is one distinct error
  if (errors.length === 1) return errors[0];
  const seen = [...new Set(errors)];
  return seen.length === 1 ? seen[0] : `[${seen.join(', ')}]`;
}

/**
 * PodValidateLimitFunc: why the LimitRange refuses the pod (the aggregate of every violated constraint), undefined
 * when it does not. `podLevelResources`: the PodLevelResources gate (spec.resources overrides the containers' sums).
 */
export function limitRangeViolation(spec: PodSpec, limitRange: LimitRange, podLevelResources: boolean): string | undefined {
  const errors: string[] = [];
  for (const item of limitRange.spec?.limits ?? []) {
    const type = item.type ?? '';
    if (type === 'Container') {
      for (const c of [...(spec.containers ?? []), ...(spec.initContainers ?? [])]) {
        const { requests, limits } = containerLists(c);
        errors.push(...itemErrors(item, type, requests, limits));
      }
    }
    if (type === 'Pod') {
      const { requests, limits } = podTotals(spec, podLevelResources);
      errors.push(...itemErrors(item, type, requests, limits));
    }
  }
  return aggregate(errors);
}

function addList(into: QuantityList, from: QuantityList): void {
  for (const [k, v] of from) {
    const cur = into.get(k);
    into.set(k, cur === undefined ? v : addQuantities(cur, v));
  }
}

function maxList(into: QuantityList, from: QuantityList): void {
  for (const [k, v] of from) {
    const cur = into.get(k);
    if (cur === undefined || v.nanos > cur.nanos) into.set(k, v);
  }
}

/**
 * The plugin's podRequests and podLimits (its own copy of resource.PodRequests over the spec alone, without the
 * overhead): the containers' sum, sidecars added, the largest init container step, then spec.resources' cpu and
 * memory over them when PodLevelResources is on.
 */
export function podTotals(spec: PodSpec, podLevelResources: boolean): { requests: QuantityList; limits: QuantityList } {
  const totals = (pick: (c: Container) => QuantityList, podLevel: Amounts | undefined): QuantityList => {
    const sum: QuantityList = new Map();
    for (const c of spec.containers ?? []) addList(sum, pick(c));
    const restartable: QuantityList = new Map(), init: QuantityList = new Map();
    for (const c of spec.initContainers ?? []) {
      let own = pick(c);
      if (c.restartPolicy === 'Always') {
        addList(sum, own);
        addList(restartable, own);
        own = restartable;
      } else {
        const tmp: QuantityList = new Map();
        addList(tmp, own);
        addList(tmp, restartable);
        own = tmp;
      }
      maxList(init, own);
    }
    maxList(sum, init);
    if (podLevelResources) {
      for (const [k, v] of quantityList(podLevel)) if (k === 'cpu' || k === 'memory') sum.set(k, v);
    }
    return sum;
  };
  const resources = spec.resources as { requests?: Amounts; limits?: Amounts } | undefined;
  return {
    requests: totals((c) => containerLists(c).requests, resources?.requests),
    limits: totals((c) => containerLists(c).limits, resources?.limits),
  };
}

const LIMIT_TYPES = ['Pod', 'Container', 'PersistentVolumeClaim'];

/** The amounts of one field of an item that decode; a field error for each that does not. */
function decodedField(amounts: Amounts | null | undefined, path: string, errors: FieldError[]): QuantityList {
  const out: QuantityList = new Map();
  for (const [name, amount] of Object.entries(amounts ?? {})) {
    try {
      out.set(name, decodeResourceAmount(amount));
    } catch (e) {
      if (!(e instanceof QuantityError)) throw e;
      errors.push(invalid(`${path}[${name}]`, amount, e.message));
    }
  }
  return out;
}

/** The comparisons of ValidateLimitRange between one resource's min, max, default, defaultRequest and ratio. */
function keyErrors(k: string, path: string, f: Record<'min' | 'max' | 'default' | 'defaultRequest' | 'maxLimitRequestRatio', QuantityList>): FieldError[] {
  const out: FieldError[] = [];
  const [min, max, def, req, ratio] = [f.min.get(k), f.max.get(k), f.default.get(k), f.defaultRequest.get(k), f.maxLimitRequestRatio.get(k)];
  const at = (field: string) => `${path}.${field}[${k}]`;
  const q = (x: Quantity) => x.canonical();
  if (min && max && min.nanos > max.nanos) out.push(invalid(at('min'), q(min), `min value ${q(min)} is greater than max value ${q(max)}`));
  if (req && min && min.nanos > req.nanos) out.push(invalid(at('defaultRequest'), q(req), `min value ${q(min)} is greater than default request value ${q(req)}`));
  if (req && max && req.nanos > max.nanos) out.push(invalid(at('defaultRequest'), q(req), `default request value ${q(req)} is greater than max value ${q(max)}`));
  if (req && def && req.nanos > def.nanos) out.push(invalid(at('defaultRequest'), q(req), `default request value ${q(req)} is greater than default limit value ${q(def)}`));
  if (def && min && min.nanos > def.nanos) out.push(invalid(at('default'), q(min), `min value ${q(min)} is greater than default value ${q(def)}`));
  if (def && max && def.nanos > max.nanos) out.push(invalid(at('default'), q(max), `default value ${q(def)} is greater than max value ${q(max)}`));
  if (ratio && ratio.nanos < NANO) out.push(invalid(at('maxLimitRequestRatio'), q(ratio), `ratio ${q(ratio)} is less than 1`));
  return out;
}

/**
 * What ValidateLimitRange refuses in a LimitRange as stored (after defaultLimitRange), as field errors: an unknown or
 * repeated type, a default on a Pod item, amounts that do not decode, and the min ≤ defaultRequest ≤ default ≤ max
 * and ratio ≥ 1 orderings. Not checked here: the resource names and the ratio against max/min.
 */
export function limitRangeProblems(limitRange: LimitRange): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  (limitRange.spec?.limits ?? []).forEach((item, i) => {
    const path = `spec.limits[${i}]`;
    const type = item.type ?? '';
    if (!LIMIT_TYPES.includes(type) && !/^[A-Za-z0-9.-]+\/[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/.test(type)) {
      errors.push(invalid(`${path}.type`, type, 'must be a standard limit type or fully qualified'));
    }
    if (seen.has(type)) errors.push(duplicate(`${path}.type`, type));
    seen.add(type);
    const field = (name: 'min' | 'max' | 'default' | 'defaultRequest' | 'maxLimitRequestRatio') => decodedField(item[name], `${path}.${name}`, errors);
    const fields = { max: field('max'), min: field('min'), default: new Map() as QuantityList, defaultRequest: new Map() as QuantityList, maxLimitRequestRatio: new Map() as QuantityList };
    if (type === 'Pod') {
      if (Object.keys(item.default ?? {}).length) errors.push(forbidden(`${path}.default`, "may not be specified when `type` is 'Pod'"));
      if (Object.keys(item.defaultRequest ?? {}).length) errors.push(forbidden(`${path}.defaultRequest`, "may not be specified when `type` is 'Pod'"));
    } else {
      fields.default = field('default');
      fields.defaultRequest = field('defaultRequest');
    }
    fields.maxLimitRequestRatio = field('maxLimitRequestRatio');
    const keys = new Set(Object.values(fields).flatMap((m) => [...m.keys()]));
    for (const k of [...keys].sort()) errors.push(...keyErrors(k, path, fields));
  });
  return errors;
}

/**
 * The pod's validation (ValidatePodCreate's resource requirements) of what the defaults added: a container given a
 * default limit below the request it states is invalid (`must be less than or equal to cpu limit of 1`). Only the
 * resources whose limit a default added are checked (a request is only added where there is no limit, which the
 * request copies otherwise); the rest were validated as written.
 */
export function defaultedResourceErrors(before: PodSpec, after: PodSpec): FieldError[] {
  const errors: FieldError[] = [];
  const check = (was: Container[] | undefined, now: Container[] | undefined, path: string) => {
    (now ?? []).forEach((c, i) => {
      if (was?.[i] === c) return;
      const { requests, limits } = containerLists(c);
      // the limit came from a default (a stated request with a stated limit was validated as written)
      const statedLimits = (was?.[i]?.resources?.limits ?? {}) as Amounts;
      for (const [name, q] of requests) {
        const limit = limits.get(name);
        const added = !(name in statedLimits);
        if (added && limit && q.nanos > limit.nanos) errors.push(invalid(`${path}[${i}].resources.requests`, q.canonical(), `must be less than or equal to ${name} limit of ${limit.canonical()}`));
      }
    });
  };
  check(before.containers, after.containers, 'spec.containers');
  check(before.initContainers, after.initContainers, 'spec.initContainers');
  return errors;
}

const podLevelSupported = (name: string) => name === 'cpu' || name === 'memory' || name.startsWith('hugepages-');

/**
 * The pod-level resources as the API server completes them before the validating plugins read them (PodLevelResources
 * on, spec.resources set). `afterAdmission` (PodLevelResourcesFixDefaulting, on from 1.37: PrepareForCreate,
 * pkg/api/pod/util.go DefaultPodLevelResources): a missing cpu or memory request from the containers' aggregate, any
 * other from the pod's limit; a missing limit, when every container and init container has one, from their aggregate
 * (at least the request). Before 1.37 the decoder did the requests' part alone, with pod-level limits set
 * (pkg/apis/core/v1/defaults.go defaultPodRequests). Hugepage limits are not defaulted here. The same spec when
 * nothing is added.
 */
export function withPodLevelDefaults(spec: PodSpec, afterAdmission: boolean): PodSpec {
  const own = spec.resources as { requests?: Amounts; limits?: Amounts } | undefined;
  const requests: Amounts = { ...own?.requests }, limits: Amounts = { ...own?.limits };
  if (!own || (!Object.keys(requests).length && !Object.keys(limits).length)) return spec;
  if (!afterAdmission && !Object.keys(limits).length) return spec;
  const aggregate = podTotals({ ...spec, resources: undefined }, false);
  for (const [name, q] of aggregate.requests) if (!(name in requests) && (name === 'cpu' || name === 'memory')) requests[name] = q.canonical();
  for (const [name, amount] of Object.entries(limits)) if (!(name in requests) && podLevelSupported(name)) requests[name] = amount;
  if (afterAdmission) {
    const all = [...(spec.containers ?? []), ...(spec.initContainers ?? [])];
    for (const name of Object.keys(requests)) {
      if (!podLevelSupported(name) || name in limits || !all.every((c) => name in ((c.resources?.limits ?? {}) as Amounts))) continue;
      const total = aggregate.limits.get(name);
      if (!total) continue;
      const request = decodeResourceAmount(requests[name]);
      limits[name] = (request.nanos > total.nanos ? request : total).canonical();
    }
  }
  const resources = { ...own, ...(Object.keys(requests).length ? { requests } : {}), ...(Object.keys(limits).length ? { limits } : {}) };
  return { ...spec, resources: resources as PodSpec['resources'] };
}

/**
 * defaultHugePagePodLimits (pkg/apis/core/v1/defaults.go up to 1.36; pkg/api/pod/util.go from 1.37, the first step
 * of DefaultPodLevelResources): with pod-level requests or limits set, each hugepages resource the containers limit
 * that the pod neither requests nor limits gets the containers' aggregate limit (AggregateContainerLimits). The same
 * spec when nothing is added.
 */
function withHugePagePodLimits(spec: PodSpec): PodSpec {
  const own = spec.resources as { requests?: Amounts; limits?: Amounts } | undefined;
  const requests = own?.requests ?? {}, limits: Amounts = { ...own?.limits };
  if (!own || (!Object.keys(requests).length && !Object.keys(limits).length)) return spec;
  let added = false;
  for (const [name, total] of podTotals({ ...spec, resources: undefined }, false).limits) {
    if (!name.startsWith('hugepages-') || name in requests || name in limits) continue;
    limits[name] = total.canonical();
    added = true;
  }
  return added ? { ...spec, resources: { ...own, limits } as PodSpec['resources'] } : spec;
}

/**
 * A Pod's pod-level resources as the API server validates them (PodLevelResources on, spec.resources set): the
 * containers' requests from their limits (SetDefaults_Pod), the hugepage limits (withHugePagePodLimits), then the
 * requests (and from 1.37 the limits) withPodLevelDefaults adds; `afterAdmission` is PodLevelResourcesFixDefaulting
 * (on from 1.37: PrepareForCreate's DefaultPodLevelResources, before SetDefaults_Pod's decoder defaults up to 1.36).
 * A pod template is validated as written (SetDefaults_Pod is the Pod's alone). Throws a QuantityError when an amount
 * does not decode (the API server refuses the body before defaulting it). `update`: a pod's update of itself, where
 * from 1.37 the pod-level part is not done (PrepareForUpdate does not call DefaultPodLevelResources, and the decoder
 * no longer does it: pkg/registry/core/pod/strategy.go, pkg/apis/core/v1/defaults.go, v1.37.2), only the containers'.
 */
export function withPodLevelResourcesDefaulted(spec: PodSpec, afterAdmission: boolean, update = false): PodSpec {
  if (afterAdmission && update) return withRequestsFromLimits(spec);
  return withPodLevelDefaults(withHugePagePodLimits(withRequestsFromLimits(spec)), afterAdmission);
}

/**
 * validatePodResourceConsistency (pkg/apis/core/validation/validation.go, the same at v1.34.4 to v1.37.2), at `path`
 * (the pod's `spec.resources`): each pod-level request set at least the containers' aggregate request of that resource
 * (AggregateContainerRequests: containers and sidecars summed, the largest init step); each pod-level hugepages limit
 * set at least their aggregate limit (AggregateContainerLimits); each regular container's limit at most the pod-level
 * limit (its path `<path>.containers[i][name].limits`, as upstream builds it); the texts as upstream's fmt.Sprintf
 * builds them. Throws a QuantityError when an amount does not decode.
 */
export function podResourceConsistency(spec: PodSpec, path: string): FieldError[] {
  const own = spec.resources as { requests?: Amounts; limits?: Amounts } | undefined;
  if (!own) return [];
  const errors: FieldError[] = [];
  const requests = quantityList(own.requests), limits = quantityList(own.limits);
  const aggregate = podTotals({ ...spec, resources: undefined }, false);
  for (const [name, total] of aggregate.requests) {
    const request = requests.get(name);
    if (request && total.nanos > request.nanos) errors.push(invalid(`${path}.requests[${name}]`, request.canonical(), `must be greater than or equal to aggregate container requests of ${total.canonical()}`));
  }
  for (const [name, total] of aggregate.limits) {
    const limit = limits.get(name);
    if (name.startsWith('hugepages-') && limit && total.nanos > limit.nanos) errors.push(invalid(`${path}.limits[${name}]`, limit.canonical(), `must be greater than or equal to aggregate container limits of ${total.canonical()}`));
  }
  (spec.containers ?? []).forEach((c, i) => {
    for (const [name, q] of containerLists(c).limits) {
      const limit = limits.get(name);
      if (limit && q.nanos > limit.nanos) errors.push(invalid(`${path}.containers[${i}][${name}].limits`, q.canonical(), `must be less than or equal to pod limits of ${limit.canonical()}`));
    }
  });
  return errors;
}

/**
 * validatePodResources' pod-level checks that a LimitRange's container defaults can make fail
 * (pkg/apis/core/validation/validation.go): validatePodResourceRequirements' requests ≤ limits, and
 * validatePodResourceConsistency (podResourceConsistency).
 */
export function podLevelErrors(spec: PodSpec): FieldError[] {
  const own = spec.resources as { requests?: Amounts; limits?: Amounts } | undefined;
  if (!own) return [];
  const errors: FieldError[] = [];
  const requests = quantityList(own.requests), limits = quantityList(own.limits);
  for (const [name, q] of requests) {
    const limit = limits.get(name);
    if (limit && q.nanos > limit.nanos) errors.push(invalid('spec.resources.requests', q.canonical(), `must be less than or equal to ${name} limit of ${limit.canonical()}`));
  }
  errors.push(...podResourceConsistency(spec, 'spec.resources'));
  return errors;
}

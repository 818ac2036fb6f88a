// A pod's resource requests as the scheduler computes them
// (staging/src/k8s.io/component-helpers/resource/helpers.go PodRequests), after the API server's
// defaulting of requests from limits (pkg/apis/core/v1/defaults.go SetDefaults_Pod).
import { isQualifiedName } from './names';
import type { Container, PodSpec } from '../core/types';
import { releaseAtLeast } from '../core/config';
import { decodeQuantity, QuantityError, type Quantity } from './quantity';
import type { Undecodable } from './decode';

/** Resource name → exact amount in nano-units. */
export type ResourceList = Map<string, bigint>;

/** A quantity PodRequests could not read; `undecodable` says which (the API server's decoder refuses the object for it). */
export class ResourceError extends Error {
  constructor(message: string, readonly undecodable?: Undecodable) {
    super(message);
  }
}

/** How PodRequests reads and adds amounts: exactly in nano-units (bigint), or in whole scheduler units (numbers). */
interface Arithmetic<T extends number | bigint> {
  zero: T;
  read(name: string, q: Quantity): T;
  add(a: T, b: T): T;
}

/** Thrown by `units` when a number cannot be exact: PodRequests is then worked out exactly. */
const INEXACT = new Error('inexact');

// A quantity in the units the scheduler keeps (framework.Resource: cpu in milli-units, the rest in units), when it is
// a whole number of them: each distinct quantity is converted once.
const milliOf = new Map<Quantity, number | null>();
const unitsOf = new Map<Quantity, number | null>();
function wholeUnits(cache: Map<Quantity, number | null>, q: Quantity, per: bigint): number {
  let n = cache.get(q);
  if (n === undefined) {
    const v = q.nanos / per;
    n = v * per === q.nanos && Number.isSafeInteger(Number(v)) ? Number(v) : null;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: bounds the cache's memory; a cleared entry is worked out again the same
    if (cache.size >= 10_000) cache.clear();
    cache.set(q, n);
  }
  if (n === null) throw INEXACT;
  return n;
}

const MILLI = 10n ** 6n;
const UNIT = 10n ** 9n;

/**
 * SetDefaults_ResourceList (pkg/apis/core/v1/defaults.go): the API server rounds every amount of a Pod up to milli
 * scale (Quantity.RoundUp(-3), away from zero) as it decodes it, so each container's `0.5m` counts as 1m before any
 * sum. A whole number of milli-units (every amount `units` reads) is unchanged.
 */
function roundedToMilli(nanos: bigint): bigint {
  const rem = nanos % MILLI;
  // Stryker disable next-line EqualityOperator: nanos is 0 only when rem is, and then the amount is returned before
  return rem === 0n ? nanos : nanos - rem + (nanos > 0n ? MILLI : -MILLI);
}

const exact: Arithmetic<bigint> = { zero: 0n, read: (_, q) => roundedToMilli(q.nanos), add: (a, b) => a + b };

/**
 * Whole milli-cpu and units, as numbers: exact when every part is a whole number of units and every sum a safe
 * integer, and then rounding the parts (as `units` does not need to) equals rounding the exact sum (as upstream does).
 */
const units: Arithmetic<number> = {
  zero: 0,
  read: (name, q) => wholeUnits(name === 'cpu' ? milliOf : unitsOf, q, name === 'cpu' ? MILLI : UNIT),
  add(a, b) {
    const n = a + b;
    if (!Number.isSafeInteger(n)) throw INEXACT;
    return n;
  },
};

function parseList<T extends number | bigint>(list: Record<string, unknown> | undefined, path: () => string, arith: Arithmetic<T>): Map<string, T> {
  const out = new Map<string, T>();
  // Stryker disable next-line ConditionalExpression: for…in over an absent list iterates nothing, so the early return is a shortcut
  if (!list) return out;
  for (const name in list) {
    const raw = list[name];
    let q: Quantity;
    try {
      q = decodeQuantity(raw as string | number);
    } catch (e) {
      // Stryker disable next-line ConditionalExpression: decodeQuantity throws only QuantityError (quantity.ts), so the rethrow never runs
      if (!(e instanceof QuantityError)) throw e;
      throw new ResourceError(`${path()}.${name}: Invalid value: ${JSON.stringify(raw)}: ${e.message}`, { field: `${path()}.${name}`, raw, error: e.message });
    }
    out.set(name, arith.read(name, q));
  }
  return out;
}

function containerRequestsIn<T extends number | bigint>(c: Container, path: () => string, arith: Arithmetic<T>): Map<string, T> {
  const resources = c.resources;
  const requests = parseList(resources?.requests as Record<string, unknown>, () => `${path()}.resources.requests`, arith);
  if (!resources?.limits) return requests;
  const limits = parseList(resources.limits as Record<string, unknown>, () => `${path()}.resources.limits`, arith);
  for (const [name, amount] of limits) if (!requests.has(name)) requests.set(name, amount);
  return requests;
}

/** Container requests, with each limit that has no request copied into the requests (SetDefaults_Pod). */
export function containerRequests(c: Container, path: string): ResourceList {
  return containerRequestsIn(c, () => path, exact);
}

function add<T extends number | bigint>(into: Map<string, T>, from: Map<string, T>, arith: Arithmetic<T>): void {
  for (const [name, amount] of from) {
    const cur = into.get(name);
    into.set(name, cur === undefined ? amount : arith.add(cur, amount));
  }
}
function max<T extends number | bigint>(into: Map<string, T>, from: Map<string, T>): void {
  for (const [name, amount] of from) {
    const cur = into.get(name);
    // Stryker disable next-line EqualityOperator: on a tie either amount is the same value
    if (cur === undefined || amount > cur) into.set(name, amount);
  }
}

/** A resource spec.resources may name (component-helpers resource/helpers.go IsSupportedPodLevelResource). */
export const isPodLevelResource = (name: string) => name === 'cpu' || name === 'memory' || name.startsWith('hugepages-');

type ResourceMap = Record<string, unknown>;
interface ContainerResourceStatus { name?: string; resources?: { requests?: ResourceMap } | null; allocatedResources?: ResourceMap }

/** What a Pod's status says of its resources while an in-place resize is pending or in progress (KEP-1287). */
export interface PodResourceStatus {
  containerStatuses?: ContainerResourceStatus[];
  initContainerStatuses?: ContainerResourceStatus[];
  conditions?: Array<{ type?: string; reason?: string }>;
  resources?: { requests?: ResourceMap } | null;
  allocatedResources?: ResourceMap;
}

/**
 * Does the status change what PodRequests counts (UseStatusResources)? Resources in it; from 1.37 also a resize marked
 * Infeasible, which leaves out the spec of a container without them (helpers.go containerAllocatedRequests and
 * containerActuatedRequests give nil, v0.37.2; checked against oracle/k8s-1.37).
 */
export const hasStatusResources = (status: PodResourceStatus | undefined): boolean =>
  !!status && (!!status.resources || !!status.allocatedResources ||
    statusesResized(status.containerStatuses) || statusesResized(status.initContainerStatuses) ||
    (releaseAtLeast('1.37') && resizeInfeasible(status)));

/** Some container status has resources or allocatedResources: read in place (a dump's every pod has statuses). */
function statusesResized(list: PodResourceStatus['containerStatuses']): boolean {
  if (!list) return false;
  // Stryker disable next-line ArrayDeclaration: a stand-in entry for an absent list is a string, which has neither resources nor allocatedResources
  if (!Array.isArray(list)) return [...(list as Iterable<ContainerResourceStatus | undefined>)].some((c) => c?.resources || c?.allocatedResources);
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c?.resources || c?.allocatedResources) return true;
  }
  return false;
}

/**
 * determineEffectiveRequests (component-helpers resource/helpers.go, the same at v1.33.13–v1.37.2): with
 * InPlacePodVerticalScaling (beta and on from 1.33, GA in 1.35) the scheduler counts what a resize is moving between
 * at its largest, max(spec, actuated, allocated) per resource; a resize marked Infeasible only max(actuated, allocated).
 */
function effectiveRequests<T extends number | bigint>(spec: Map<string, T>, state: { resources?: { requests?: ResourceMap } | null; allocated?: ResourceMap }, infeasible: boolean, path: () => string, arith: Arithmetic<T>): Map<string, T> {
  if (!state.resources) return spec;
  const actuated = parseList(state.resources.requests, () => `${path()}.resources.requests`, arith);
  const out = new Map(infeasible ? actuated : spec);
  if (!infeasible) max(out, actuated);
  max(out, parseList(state.allocated, () => `${path()}.allocatedResources`, arith));
  return out;
}

/** The status of each container by name (init containers' win a clash, as AggregateContainerRequests' map does). */
function statusesOf(status: PodResourceStatus | undefined): Map<string, { path: string; s: ContainerResourceStatus }> | undefined {
  // Stryker disable next-line ConditionalExpression: its one caller (resizingAggregate) runs only for a status hasStatusResources accepted
  if (!hasStatusResources(status)) return undefined;
  const out = new Map<string, { path: string; s: ContainerResourceStatus }>();
  // Stryker disable next-line ArrayDeclaration: a stand-in entry for an absent list is a string: no name and no resources, as if no status matched
  (status!.containerStatuses ?? []).forEach((s, i) => s && out.set(s.name ?? '', { path: `status.containerStatuses[${i}]`, s }));
  // Stryker disable next-line ArrayDeclaration: a stand-in entry for an absent list is a string: no name and no resources, as if no status matched
  (status!.initContainerStatuses ?? []).forEach((s, i) => s && out.set(s.name ?? '', { path: `status.initContainerStatuses[${i}]`, s }));
  return out;
}

/** IsPodResizeInfeasible: the PodResizePending condition says Infeasible. */
const resizeInfeasible = (status: PodResourceStatus | undefined) =>
  // Stryker disable next-line ArrayDeclaration: a stand-in entry for an absent list is a string, whose type is not PodResizePending
  (status?.conditions ?? []).find((c) => c?.type === 'PodResizePending')?.reason === 'Infeasible';

/**
 * PodRequests: containers summed; init containers in order, each plain one peaking at its own requests
 * plus the sidecars declared before it, each sidecar (restartPolicy: Always) adding to the running total;
 * the max of both; pod-level cpu/memory/hugepages requests replace the aggregate; overhead added last.
 */
type Pick<T> = (c: Container, spec: Map<string, T>, sidecar: boolean) => Map<string, T>;
/** applyNonMissing: the scheduler's defaults for what a container's list lacks (NonZeroRequested). */
type Fill<T> = (list: Map<string, T>) => Map<string, T>;

/**
 * The containers' aggregate, as PodRequests sums it: containers summed; init containers in order, each plain one
 * peaking at its own requests plus the sidecars declared before it, each sidecar (restartPolicy: Always) adding to
 * the running total; the max of both. `pick` says what a container counts with (its spec requests by default).
 */
function aggregate<T extends number | bigint>(spec: PodSpec, specPath: string, arith: Arithmetic<T>, pick: Pick<T> = (_c, own) => own, fill: Fill<T> = (m) => m): Map<string, T> {
  const reqs = new Map<string, T>();
  const containers = spec.containers ?? [];
  // Stryker disable next-line BooleanLiteral: `sidecar` only tells init containers apart (1.36's pick: a regular container always reads its status; 1.37's ignores it)
  for (let i = 0; i < containers.length; i++) add(reqs, fill(pick(containers[i], containerRequestsIn(containers[i], () => `${specPath}.containers[${i}]`, arith), false)), arith);
  const inits = spec.initContainers ?? [];
  // Stryker disable next-line ConditionalExpression: without init containers the loop below adds nothing and the max with an empty peak changes nothing
  if (!inits.length) return reqs;
  const sidecars = new Map<string, T>();
  const initPeak = new Map<string, T>();
  for (let i = 0; i < inits.length; i++) {
    const c = inits[i];
    const sidecar = c.restartPolicy === 'Always';
    const own = fill(pick(c, containerRequestsIn(c, () => `${specPath}.initContainers[${i}]`, arith), sidecar));
    if (sidecar) {
      add(reqs, own, arith);
      add(sidecars, own, arith);
      max(initPeak, sidecars);
    } else {
      const peak = new Map(own);
      add(peak, sidecars, arith);
      max(initPeak, peak);
    }
  }
  max(reqs, initPeak);
  return reqs;
}

/**
 * A bound pod mid-resize (InPlacePodVerticalScaling, on from 1.33). Up to 1.36 each container and sidecar with
 * resources in its status counts at its effective requests (determineContainerReqs, determineEffectiveRequests);
 * from 1.37 the pod counts at the max of three aggregates, spec, actuated and allocated, each container falling back
 * to what it has (helpers.go AggregateContainerRequests, containerActuatedRequests/containerAllocatedRequests, v1.37.2).
 */
function resizingAggregate<T extends number | bigint>(spec: PodSpec, specPath: string, arith: Arithmetic<T>, status: PodResourceStatus, fill: Fill<T>): Map<string, T> {
  const statuses = statusesOf(status)!;
  const infeasible = resizeInfeasible(status);
  if (!releaseAtLeast('1.37')) {
    return aggregate(spec, specPath, arith, (c, own, sidecar) => {
      const found = (sidecar || !spec.initContainers?.includes(c)) ? statuses.get(c.name ?? '') : undefined;
      return found ? effectiveRequests(own, { resources: found.s.resources, allocated: found.s.allocatedResources }, infeasible, () => found.path, arith) : own;
    }, fill);
  }
  const list = (m: ResourceMap | undefined, path: string) => parseList(m, () => path, arith);
  const specReqs = aggregate(spec, specPath, arith, undefined, fill);
  let allocated: Map<string, T>, actuated: Map<string, T>;
  if (status.allocatedResources && status.resources?.requests) {
    allocated = list(status.allocatedResources, 'status.allocatedResources');
    actuated = list(status.resources.requests, 'status.resources.requests');
  } else {
    const fallback = (own: Map<string, T>) => (infeasible ? new Map<string, T>() : own);
    allocated = aggregate(spec, specPath, arith, (c, own) => {
      const found = statuses.get(c.name ?? '');
      return found?.s.allocatedResources ? list(found.s.allocatedResources, `${found.path}.allocatedResources`) : fallback(own);
    }, fill);
    actuated = aggregate(spec, specPath, arith, (c, own) => {
      const found = statuses.get(c.name ?? '');
      if (found?.s.resources?.requests) return list(found.s.resources.requests, `${found.path}.resources.requests`);
      // Stryker disable next-line StringLiteral: the allocated aggregate just above already read this same list, so its error (with its path) comes first
      return found?.s.allocatedResources ? list(found.s.allocatedResources, `${found.path}.allocatedResources`) : fallback(own);
    }, fill);
  }
  const out = new Map(infeasible ? actuated : specReqs);
  if (!infeasible) max(out, actuated);
  max(out, allocated);
  return out;
}

/** PodRequests: the containers' aggregate; pod-level cpu/memory/hugepages requests replace it; overhead added last. */
function podRequestsIn<T extends number | bigint>(spec: PodSpec, specPath: string, arith: Arithmetic<T>, status?: PodResourceStatus, nonMissing?: ResourceMap): Map<string, T> {
  const defaults = nonMissing && parseList(nonMissing, () => 'nonMissing', arith);
  const fill: Fill<T> = defaults?.size ? (m) => {
    let out = m;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: copy-on-write of a map built for this container alone; writing into it in place gives the same sums
    for (const [name, amount] of defaults) if (!m.has(name)) (out === m ? (out = new Map(m)) : out).set(name, amount);
    return out;
  } : (m) => m;
  const resizing = status && hasStatusResources(status) ? status : undefined;
  // Stryker disable next-line ConditionalExpression: a shortcut; the general call with the identity fill and no status gives the same aggregate
  const plain = !defaults?.size && !resizing ? aggregate(spec, specPath, arith) : undefined;
  const reqs = plain ?? (resizing ? resizingAggregate(spec, specPath, arith, resizing, fill) : aggregate(spec, specPath, arith, undefined, fill));
  // PodLevelResources is alpha and off at 1.33 (beta and on from 1.34, kubernetes#132999): the API server drops
  // spec.resources on create (pkg/api/pod/util.go dropDisabledPodLevelResources), so nothing counts it
  if (spec.resources && releaseAtLeast('1.34')) {
    const podLevel = parseList(spec.resources.requests as Record<string, unknown>, () => `${specPath}.resources.requests`, arith);
    const podLimits = parseList(spec.resources.limits as Record<string, unknown>, () => `${specPath}.resources.limits`, arith);
    // defaultPodRequests (pkg/apis/core/v1/defaults.go, PodLevelResources): with pod-level limits set, a missing
    // pod-level cpu/memory request defaults to the containers' own aggregate (their spec, whatever a resize in flight
    // says) whenever they request it, whether or not the pod limits it, and any other missing one to its limit. From
    // 1.37 (PodLevelResourcesFixDefaulting, beta on) PrepareForCreate does it (pkg/api/pod/util.go
    // defaultPodLevelRequests) whenever pod-level requests or limits are set.
    if (podLimits.size || (podLevel.size && releaseAtLeast('1.37'))) {
      // Stryker disable next-line ConditionalExpression: a reuse; aggregating the containers again gives the same map
      const containers = reqs === plain ? reqs : aggregate(spec, specPath, arith);
      for (const name of ['cpu', 'memory']) if (!podLevel.has(name) && containers.has(name)) podLevel.set(name, containers.get(name)!);
      for (const [name, amount] of podLimits) if (!podLevel.has(name) && isPodLevelResource(name)) podLevel.set(name, amount);
    }
    // InPlacePodLevelResourcesVerticalScaling (beta and on from 1.36): the pod-level requests at their effective value;
    // 1.36 reads it per spec name, 1.37 takes every supported name of max(spec unless Infeasible, actuated, allocated)
    if (status?.resources && releaseAtLeast('1.36')) {
      const infeasible = resizeInfeasible(status);
      const effective = effectiveRequests(podLevel, { resources: status.resources, allocated: status.allocatedResources }, infeasible, () => 'status', arith);
      const names = releaseAtLeast('1.37') ? effective.keys() : podLevel.keys();
      for (const name of names) if (isPodLevelResource(name)) reqs.set(name, effective.get(name) ?? arith.zero);
    } else {
      for (const [name, amount] of podLevel) if (isPodLevelResource(name)) reqs.set(name, amount);
    }
  }
  // Stryker disable next-line ConditionalExpression: an absent overhead parses as an empty list, and adding it changes nothing
  if (spec.overhead) add(reqs, parseList(spec.overhead as Record<string, unknown>, () => `${specPath}.overhead`, arith), arith);
  return reqs;
}

/**
 * `status`: a bound Pod's, for the requests of a resize in flight (PodResourceStatus); `nonMissing`: amounts given to
 * each container whose effective requests lack that resource (PodResourcesOptions.NonMissingContainerRequests).
 */
export function podRequests(spec: PodSpec, specPath: string, status?: PodResourceStatus, nonMissing?: ResourceMap): ResourceList {
  return podRequestsIn(spec, specPath, exact, status, nonMissing);
}

/**
 * PodRequests in the scheduler's units as numbers (cpu in milli-units, the rest in units), or undefined when some
 * amount is not a whole number of them or a sum outgrows a safe integer: then only `podRequests` is exact.
 * Throws ResourceError as podRequests does.
 */
export function podRequestsInUnits(spec: PodSpec, specPath: string, status?: PodResourceStatus): Map<string, number> | undefined {
  try {
    return podRequestsIn(spec, specPath, units, status);
  } catch (e) {
    if (e === INEXACT) return undefined;
    throw e;
  }
}

/** cpu (milli), memory and ephemeral-storage (units) of one container list entry, or false to take the general path. */
function standardOf(c: unknown, out: number[]): boolean {
  if (typeof c !== 'object' || c === null) return false;
  const resources = (c as Container).resources;
  out[0] = out[1] = out[2] = 0;
  if (resources === undefined) return true;
  if (typeof resources !== 'object' || resources === null) return false;
  // limits first, then requests over them: the request, else the limit (SetDefaults_Pod)
  if (!standardList(resources.limits as Record<string, unknown> | undefined, out)) return false;
  if (!standardList(resources.requests as Record<string, unknown> | undefined, out)) return false;
  return out[0] >= 0 && out[1] >= 0 && out[2] >= 0;
}

/**
 * One requests or limits list into out (cpu, memory, ephemeral-storage); false for another name or an invalid amount
 * (every amount is decoded, used or not, as parseList does: an invalid one takes the general path to its error). An
 * amount that is not a whole non-negative number of units is -1 in out: a request may still replace it.
 */
function standardList(list: Record<string, unknown> | undefined, out: number[]): boolean {
  if (list === undefined) return true;
  if (typeof list !== 'object' || list === null) return false;
  for (const name in list) {
    const k = name === 'cpu' ? 0 : name === 'memory' ? 1 : name === 'ephemeral-storage' ? 2 : -1;
    if (k < 0) return false;
    const raw = list[name];
    if (typeof raw !== 'string' && typeof raw !== 'number') return false;
    let amounts = standardAmounts.get(raw);
    // Stryker disable next-line ConditionalExpression: a cache lookup; working the amounts out again gives the same pair
    if (amounts === undefined) amounts = standardAmountsOf(raw);
    if (amounts === INVALID) return false;
    out[k] = k === 0 ? amounts[0] : amounts[1];
  }
  return true;
}

const INVALID: [number, number] = [-2, -2];
// Per amount as written: [whole milli-units, whole units], each -1 when it is not a whole non-negative safe number of
// them; INVALID when it does not decode. Workloads repeat a few amounts ("100m", "1Gi"): one lookup each.
const standardAmounts = new Map<string | number, [number, number]>();

function standardAmountsOf(raw: string | number): [number, number] {
  let amounts: [number, number];
  try {
    const q = decodeQuantity(raw);
    amounts = [wholeOrNegative(milliOf, q, MILLI), wholeOrNegative(unitsOf, q, UNIT)];
  } catch {
    amounts = INVALID; // whatever decodeQuantity throws, as the general path reports it
  }
  // Stryker disable next-line ConditionalExpression,EqualityOperator: bounds the cache's memory; a cleared entry is worked out again the same
  if (standardAmounts.size >= 10_000) standardAmounts.clear();
  standardAmounts.set(raw, amounts);
  return amounts;
}

function wholeOrNegative(cache: Map<Quantity, number | null>, q: Quantity, per: bigint): number {
  try {
    const n = wholeUnits(cache, q, per);
    return n >= 0 ? n : -1;
  // Stryker disable next-line BlockStatement: an undefined amount fails standardOf's `>= 0` as -1 does, and a request replaces either
  } catch {
    return -1; // INEXACT: not a whole number of units
  }
}

/**
 * PodRequests (the same sums as `aggregate` with `units`) for the common pod: containers and init containers that
 * request only cpu, memory and ephemeral-storage in whole units, no pod-level resources, no overhead, no resize in
 * its status. Undefined for any other pod, which takes podRequestsInUnits. Plain numbers instead of a Map per
 * container: the scheduler reads thousands of workloads per call.
 */
export function standardPodRequests(spec: PodSpec, status?: PodResourceStatus): [number, number, number] | undefined {
  const reqs: [number, number, number] = [0, 0, 0];
  return standardRequestsInto(spec, status, reqs) ? reqs : undefined;
}

// standardOf's scratch list: standardRequestsInto reads it back at once, and nothing it calls reenters it
const own = [0, 0, 0];

/**
 * standardPodRequests written into `reqs` (cpu, memory, ephemeral-storage), without making an array: a snapshot reads
 * every existing pod, thousands per call. False for any other pod (`reqs` then holds nothing meaningful).
 */
export function standardRequestsInto(spec: PodSpec, status: PodResourceStatus | undefined, reqs: number[]): boolean {
  if (spec.resources !== undefined || spec.overhead !== undefined || (status && hasStatusResources(status))) return false;
  const containers = spec.containers ?? [];
  const inits = spec.initContainers ?? [];
  if (!Array.isArray(containers) || !Array.isArray(inits)) return false;
  reqs[0] = reqs[1] = reqs[2] = 0;
  for (let i = 0; i < containers.length; i++) {
    if (!standardOf(containers[i], own)) return false;
    for (let k = 0; k < 3; k++) reqs[k] += own[k];
  }
  // Stryker disable next-line ConditionalExpression: without init containers the loop adds nothing and the max with zero peaks changes nothing
  if (inits.length) {
    const sidecars = [0, 0, 0];
    const peak = [0, 0, 0];
    for (let i = 0; i < inits.length; i++) {
      if (!standardOf(inits[i], own)) return false;
      const sidecar = (inits[i] as Container).restartPolicy === 'Always';
      for (let k = 0; k < 3; k++) {
        if (sidecar) {
          reqs[k] += own[k];
          sidecars[k] += own[k];
          peak[k] = Math.max(peak[k], sidecars[k]);
        } else peak[k] = Math.max(peak[k], own[k] + sidecars[k]);
      }
    }
    for (let k = 0; k < 3; k++) reqs[k] = Math.max(reqs[k], peak[k]);
  }
  for (let k = 0; k < 3; k++) if (!Number.isSafeInteger(reqs[k])) return false;
  return true;
}

/** helper.IsNativeResource: no domain, or a kubernetes.io one. */
export const isNativeResource = (name: string) => !name.includes('/') || name.includes('kubernetes.io/');

// Resource names are few and read per workload (every scalar request): each is checked once. The answer is the same at
// every release (only isQualifiedName's texts differ).
const extendedNames = new Map<string, boolean>();

/** helper.IsExtendedResourceName (pkg/apis/core/helper): not native, and "requests.<name>" a qualified name. */
export function isExtendedResourceName(name: string): boolean {
  let extended = extendedNames.get(name);
  // Stryker disable next-line ConditionalExpression: a cache lookup; checking the name again gives the same answer
  if (extended === undefined) {
    extended = !isNativeResource(name) && !name.startsWith('requests.') && isQualifiedName(`requests.${name}`).length === 0;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: bounds the cache's memory; a cleared entry is checked again the same
    if (extendedNames.size >= 10_000) extendedNames.clear();
    extendedNames.set(name, extended);
  }
  return extended;
}

/**
 * IsScalarResourceName (pkg/apis/core/v1/helper): extended resources, names containing kubernetes.io/,
 * hugepages-* and attachable-volumes-*.
 */
export function isScalarResourceName(name: string): boolean {
  return name.startsWith('hugepages-') || name.startsWith('attachable-volumes-') || name.includes('kubernetes.io/') || isExtendedResourceName(name);
}

// A pod's resource requests as the scheduler computes them
// (staging/src/k8s.io/component-helpers/resource/helpers.go PodRequests), after the API server's
// defaulting of requests from limits (pkg/apis/core/v1/defaults.go SetDefaults_Pod).
import { isQualifiedName } from './names';
import type { Container, PodSpec } from '../core/types';
import { releaseAtLeast } from '../core/config';
import { decodeQuantity, QuantityError, type Quantity } from './quantity';

/** Resource name → exact amount in nano-units. */
export type ResourceList = Map<string, bigint>;

export class ResourceError extends Error {}

/** How PodRequests reads and adds amounts: exactly in nano-units (bigint), or in whole scheduler units (numbers). */
interface Arithmetic<T extends number | bigint> {
  zero: T;
  read(name: string, q: Quantity): T;
  add(a: T, b: T): T;
}

const exact: Arithmetic<bigint> = { zero: 0n, read: (_, q) => q.nanos, add: (a, b) => a + b };

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
    if (cache.size >= 10_000) cache.clear();
    cache.set(q, n);
  }
  if (n === null) throw INEXACT;
  return n;
}

const MILLI = 10n ** 6n;
const UNIT = 10n ** 9n;

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
  if (!list) return out;
  for (const name in list) {
    const raw = list[name];
    let q: Quantity;
    try {
      q = decodeQuantity(raw as string | number);
    } catch (e) {
      if (!(e instanceof QuantityError)) throw e;
      throw new ResourceError(`${path()}.${name}: Invalid value: ${JSON.stringify(raw)}: ${e.message}`);
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
    if (cur === undefined || amount > cur) into.set(name, amount);
  }
}

const isPodLevelResource = (name: string) => name === 'cpu' || name === 'memory' || name.startsWith('hugepages-');

/**
 * PodRequests: containers summed; init containers in order, each plain one peaking at its own requests
 * plus the sidecars declared before it, each sidecar (restartPolicy: Always) adding to the running total;
 * the max of both; pod-level cpu/memory/hugepages requests replace the aggregate; overhead added last.
 */
function podRequestsIn<T extends number | bigint>(spec: PodSpec, specPath: string, arith: Arithmetic<T>): Map<string, T> {
  const reqs = new Map<string, T>();
  const containers = spec.containers ?? [];
  for (let i = 0; i < containers.length; i++) add(reqs, containerRequestsIn(containers[i], () => `${specPath}.containers[${i}]`, arith), arith);
  const inits = spec.initContainers ?? [];
  if (inits.length) {
    const sidecars = new Map<string, T>();
    const initPeak = new Map<string, T>();
    for (let i = 0; i < inits.length; i++) {
      const c = inits[i];
      const own = containerRequestsIn(c, () => `${specPath}.initContainers[${i}]`, arith);
      if (c.restartPolicy === 'Always') {
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
  }
  // PodLevelResources is alpha and off at 1.33 (beta and on from 1.34, kubernetes#132999): the API server drops
  // spec.resources on create (pkg/api/pod/util.go dropDisabledPodLevelResources), so nothing counts it
  if (spec.resources && releaseAtLeast('1.34')) {
    const podLevel = parseList(spec.resources.requests as Record<string, unknown>, () => `${specPath}.resources.requests`, arith);
    const podLimits = parseList(spec.resources.limits as Record<string, unknown>, () => `${specPath}.resources.limits`, arith);
    // defaultPodRequests (defaults.go, PodLevelResources): with pod-level limits set, a missing pod-level
    // request defaults to the containers' aggregate for cpu/memory when they request it, else to the limit.
    for (const [name, amount] of podLimits) {
      if (podLevel.has(name) || !isPodLevelResource(name)) continue;
      const aggregate = name.startsWith('hugepages-') ? undefined : reqs.get(name);
      podLevel.set(name, aggregate ?? amount);
    }
    for (const [name, amount] of podLevel) if (isPodLevelResource(name)) reqs.set(name, amount);
  }
  if (spec.overhead) add(reqs, parseList(spec.overhead as Record<string, unknown>, () => `${specPath}.overhead`, arith), arith);
  return reqs;
}

export function podRequests(spec: PodSpec, specPath: string): ResourceList {
  return podRequestsIn(spec, specPath, exact);
}

/**
 * PodRequests in the scheduler's units as numbers (cpu in milli-units, the rest in units), or undefined when some
 * amount is not a whole number of them or a sum outgrows a safe integer: then only `podRequests` is exact.
 * Throws ResourceError as podRequests does.
 */
export function podRequestsInUnits(spec: PodSpec, specPath: string): Map<string, number> | undefined {
  try {
    return podRequestsIn(spec, specPath, units);
  } catch (e) {
    if (e === INEXACT) return undefined;
    throw e;
  }
}

/** helper.IsNativeResource: no domain, or a kubernetes.io one. */
export const isNativeResource = (name: string) => !name.includes('/') || name.includes('kubernetes.io/');

/** helper.IsExtendedResourceName (pkg/apis/core/helper): not native, and "requests.<name>" a qualified name. */
export const isExtendedResourceName = (name: string) =>
  !isNativeResource(name) && !name.startsWith('requests.') && isQualifiedName(`requests.${name}`).length === 0;

/**
 * IsScalarResourceName (pkg/apis/core/v1/helper): extended resources, names containing kubernetes.io/,
 * hugepages-* and attachable-volumes-*.
 */
export function isScalarResourceName(name: string): boolean {
  return name.startsWith('hugepages-') || name.startsWith('attachable-volumes-') || name.includes('kubernetes.io/') || isExtendedResourceName(name);
}

// A pod's resource requests as the scheduler computes them
// (staging/src/k8s.io/component-helpers/resource/helpers.go PodRequests), after the API server's
// defaulting of requests from limits (pkg/apis/core/v1/defaults.go SetDefaults_Pod).
import { isQualifiedName } from './names';
import type { Container, PodSpec } from '../types';
import { decodeQuantity, QuantityError } from './quantity';

/** Resource name → exact amount in nano-units. */
export type ResourceList = Map<string, bigint>;

export class ResourceError extends Error {}

function parseList(list: Record<string, unknown> | undefined, path: string): ResourceList {
  const out: ResourceList = new Map();
  for (const [name, raw] of Object.entries(list ?? {})) {
    try {
      out.set(name, decodeQuantity(raw as string | number).nanos);
    } catch (e) {
      if (!(e instanceof QuantityError)) throw e;
      throw new ResourceError(`${path}.${name}: Invalid value: ${JSON.stringify(raw)}: ${e.message}`);
    }
  }
  return out;
}

/** Container requests, with each limit that has no request copied into the requests (SetDefaults_Pod). */
export function containerRequests(c: Container, path: string): ResourceList {
  const requests = parseList(c.resources?.requests as Record<string, unknown>, `${path}.resources.requests`);
  const limits = parseList(c.resources?.limits as Record<string, unknown>, `${path}.resources.limits`);
  for (const [name, amount] of limits) if (!requests.has(name)) requests.set(name, amount);
  return requests;
}

function add(into: ResourceList, from: ResourceList): void {
  for (const [name, amount] of from) into.set(name, (into.get(name) ?? 0n) + amount);
}
function max(into: ResourceList, from: ResourceList): void {
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
export function podRequests(spec: PodSpec, specPath: string): ResourceList {
  const reqs: ResourceList = new Map();
  (spec.containers ?? []).forEach((c, i) => add(reqs, containerRequests(c, `${specPath}.containers[${i}]`)));
  const sidecars: ResourceList = new Map();
  const initPeak: ResourceList = new Map();
  (spec.initContainers ?? []).forEach((c, i) => {
    const own = containerRequests(c, `${specPath}.initContainers[${i}]`);
    if (c.restartPolicy === 'Always') {
      add(reqs, own);
      add(sidecars, own);
      max(initPeak, sidecars);
    } else {
      const peak = new Map(own);
      add(peak, sidecars);
      max(initPeak, peak);
    }
  });
  max(reqs, initPeak);
  const podLevel = parseList(spec.resources?.requests as Record<string, unknown>, `${specPath}.resources.requests`);
  const podLimits = parseList(spec.resources?.limits as Record<string, unknown>, `${specPath}.resources.limits`);
  // defaultPodRequests (defaults.go, PodLevelResources): with pod-level limits set, a missing pod-level
  // request defaults to the containers' aggregate for cpu/memory when they request it, else to the limit.
  for (const [name, amount] of podLimits) {
    if (podLevel.has(name) || !isPodLevelResource(name)) continue;
    const aggregate = name.startsWith('hugepages-') ? undefined : reqs.get(name);
    podLevel.set(name, aggregate ?? amount);
  }
  for (const [name, amount] of podLevel) if (isPodLevelResource(name)) reqs.set(name, amount);
  add(reqs, parseList(spec.overhead as Record<string, unknown>, `${specPath}.overhead`));
  return reqs;
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

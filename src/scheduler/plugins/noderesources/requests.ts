// The request figures the resource scorers use (pkg/scheduler/framework/plugins/noderesources/resource_allocation.go
// calculatePodResourceRequest; framework/types.go NodeInfo.NonZeroRequested). LeastAllocated reads requests with
// 100m cpu / 200Mi memory for a container (regular or init) that has no such key (pkg/scheduler/util/pod_resources.go
// DefaultMilliCPURequest, DefaultMemoryRequest; component-helpers resource/helpers.go applyNonMissing). An explicit
// 0 stays 0. BalancedAllocation (useRequested) reads the real requests.
import type { Container, Pod, PodSpec } from '../../../core/types';
import { toSubject, type Subject } from '../../../k8s/subject';
import { cachedPerObject } from '../../../core/cache';
import { hasStatusResources, isPodLevelResource, podRequests } from '../../../k8s/resources';
import { releaseAtLeast } from '../../../core/config';
import { podUsage, statusOf, toResources } from '../../framework';
import { admitPod } from '../../../admission';

export const DEFAULT_MILLI_CPU_REQUEST = 100;
export const DEFAULT_MEMORY_REQUEST = 200 * 1024 * 1024;

/** cpu (milli) and memory (bytes). */
export interface CpuMemory {
  milliCPU: number;
  memory: number;
}


/**
 * getNonMissingContainerRequests (framework/types.go, v1.34.4 and v1.35.4): with pod-level requests set
 * (IsPodLevelRequestsSet, after the limits default them), the containers get the 100m/200Mi defaults only for what
 * the pod's requests as a whole lack. Found by the 1.34 oracle (a bound pod with pod-level memory and a sidecar's cpu).
 */
function missingDefaults(subject: Subject, spec: PodSpec): { cpu: boolean; memory: boolean } {
  const level = spec.resources;
  const set = releaseAtLeast('1.34') && [...Object.keys(level?.requests ?? {}), ...Object.keys(level?.limits ?? {})].some(isPodLevelResource);
  if (!set) return { cpu: true, memory: true };
  const requests = podRequests(spec, subject.specPath, statusOf(subject.object));
  return { cpu: !requests.has('cpu'), memory: !requests.has('memory') };
}

/**
 * `spec`: the pod's as stored (an existing pod's as given; the incoming pod's as admitted: RuntimeClass overhead).
 * An unparsable quantity never gets here: the same lists are read before scoring (the incoming pod's podInfo, the
 * node's pods' podUsage), and that ResourceError stops the check.
 */
function nonZero(subject: Subject, spec: PodSpec, podLevel = true): CpuMemory {
  const missing = podLevel ? missingDefaults(subject, spec) : { cpu: true, memory: true };
  const status = statusOf(subject.object);
  const base: PodSpec = { ...spec, ...(podLevel ? {} : { resources: undefined }) };
  // the defaults go to what each container's (effective) requests lack: applyNonMissing, after a resize in flight
  const nonMissing = { ...(missing.cpu ? { cpu: `${DEFAULT_MILLI_CPU_REQUEST}m` } : {}), ...(missing.memory ? { memory: String(DEFAULT_MEMORY_REQUEST) } : {}) };
  const r = toResources(podRequests(base, subject.specPath, status, nonMissing));
  return { milliCPU: r.milliCPU, memory: r.memory };
}

/** The pod's cpu/memory requests with the non-zero defaults, pod-level resources included (NodeInfo.NonZeroRequested). */
export const nonZeroRequests = cachedPerObject((subject: Subject): CpuMemory => nonZero(subject, subject.spec));

/**
 * The incoming pod's LeastAllocated figure: the non-zero defaults, and pod-level resources (spec.resources) left
 * out. In 1.35.4 NewFit builds the LeastAllocated scorer from nodeResourceStrategyTypeMap without setting its
 * enablePodLevelResources, so calculatePodResourceRequest passes SkipPodLevelResources: true (noderesources/fit.go:65,
 * resource_allocation.go:231); BalancedAllocation does set it. Found by the oracle (test/e2e/oracle-regressions.test.ts).
 */
export const leastAllocatedPodRequests = cachedPerObject((subject: Subject): CpuMemory => nonZero(subject, admitPod(subject).spec, false));

const declares = (c: Container, name: string) => name in (c.resources?.requests ?? {}) || name in (c.resources?.limits ?? {});
// Stryker disable next-line ArrayDeclaration,ArrowFunction,StringLiteral: each makes `complete` false more often, and the general path gives the same figure
const complete = (list: readonly Container[] | undefined) => (list ?? []).every((c) => declares(c, 'cpu') && declares(c, 'memory'));

// An existing pod's NonZeroRequested: when every container declares cpu and memory no default applies, so it is
// the pod's own requests (podUsage), with no spec rebuilt (thousands of existing pods per snapshot).
const existingNonZero = cachedPerObject((pod: Pod): CpuMemory => {
  const spec = pod.spec;
  // Stryker disable next-line all: the pods on a node are Pods with a spec (placed by spec.nodeName), so this only ever sends one to the general path, which gets the same figure
  if (pod.kind !== 'Pod' || !spec) return nonZeroRequests(toSubject(pod));
  // Stryker disable next-line BooleanLiteral,BlockStatement: only moves pods between this path and the general one, which agree here (with a resize in flight and every container declaring cpu and memory, no default applies either)
  if (complete(spec.containers) && complete(spec.initContainers) && !hasStatusResources(statusOf(pod))) {
    const r = podUsage(pod).requests;
    return { milliCPU: r.milliCPU, memory: r.memory };
  }
  return nonZeroRequests(toSubject(pod));
});

/**
 * NodeInfo.NonZeroRequested and Requested (cpu/memory) of the pods on a node. `scores` is score.ts's memo of the
 * node's resource scores for these totals (a field, not a WeakMap: it is read for every node in every cycle).
 */
export interface NodeRequested { nonZero: CpuMemory; requested: CpuMemory; scores: unknown }

export function nodeRequested(pods: readonly Pod[]): NodeRequested {
  const out: NodeRequested = { nonZero: { milliCPU: 0, memory: 0 }, requested: { milliCPU: 0, memory: 0 }, scores: undefined };
  for (const p of pods) {
    const nz = existingNonZero(p);
    const r = podUsage(p).requests;
    out.nonZero.milliCPU += nz.milliCPU;
    out.nonZero.memory += nz.memory;
    out.requested.milliCPU += r.milliCPU;
    out.requested.memory += r.memory;
  }
  return out;
}

// NodeResourcesFit's scoring strategies and BalancedAllocation over the resources a configuration names
// (NodeResourcesFitArgs.scoringStrategy, NodeResourcesBalancedAllocationArgs.resources): resource_allocation.go
// (calculateNodeAllocatableRequest, calculatePodResourceRequest), least_allocated.go, most_allocated.go,
// requested_to_capacity_ratio.go and helper/shape_score.go, the same at v1.33.13–v1.37.2 but for v1.36's balance
// change (balanced-allocation.ts) and DRA-backed extended resources (not modelled). scoring.ts keeps its cpu/memory
// path for the default arguments and takes this one for any other.
import type { NodeInfo, Resources, ScoreNode } from '../../framework';
import { nodeUsage } from '../../framework';
import { isScalarResourceName } from '../../../k8s/resources';
import type { NodeResourcesFitArgs, ResourceSpec } from '../../plugin-args';
import { doubleExact, int64MulDiv, leastRequestedScore, MAX_NODE_SCORE, type Amount } from './least-allocated';
import { nodeRequested, type CpuMemory } from './requests';

/** config.MaxCustomPriorityScore: a shape point's score is 0–10, scaled to the scheduler's 0–100. */
const MAX_CUSTOM_PRIORITY_SCORE = 10;
const MAX_UTILIZATION = 100;

/** mostRequestedScore: the share requested, capped at the capacity (pods without requests get the defaults). */
export function mostRequestedScore(requested: Amount, capacity: Amount): number {
  if (capacity === 0) return 0;
  const r = requested > capacity ? capacity : requested;
  return doubleExact(r, capacity) ? Math.trunc((r * MAX_NODE_SCORE) / (capacity as number)) : int64MulDiv(r, MAX_NODE_SCORE, capacity);
}

/** helper.BuildBrokenLinearFunction over the shape (utilization ascending, validated so). */
export function brokenLinear(shape: ReadonlyArray<{ utilization: number; score: number }>): (p: number) => number {
  return (p) => {
    for (let i = 0; i < shape.length; i++) {
      if (p <= shape[i].utilization) {
        if (i === 0) return shape[0].score;
        const [a, b] = [shape[i - 1], shape[i]];
        return a.score + Math.trunc(((b.score - a.score) * (p - a.utilization)) / (b.utilization - a.utilization));
      }
    }
    return shape[shape.length - 1].score;
  };
}

type Scorer = (requested: readonly Amount[], allocatable: readonly Amount[]) => number;

/** least/mostResourceScorer: Σ score·weight / Σ weight over the resources the node has (integer division). */
const weighted = (resources: readonly ResourceSpec[], one: (r: Amount, c: Amount) => number): Scorer => (requested, allocatable) => {
  let score = 0;
  let weightSum = 0;
  requested.forEach((r, i) => {
    if (allocatable[i] === 0) return;
    score += one(r, allocatable[i]) * resources[i].weight;
    weightSum += resources[i].weight;
  });
  return weightSum === 0 ? 0 : Math.trunc(score / weightSum);
};

/**
 * buildRequestedToCapacityRatioScorerFunction: a resource scoring 0 is left out of the weight sum, and the mean is
 * rounded (math.Round: halves away from zero; the scores are never negative).
 */
function requestedToCapacityRatio(resources: readonly ResourceSpec[], shape: ReadonlyArray<{ utilization: number; score: number }>): Scorer {
  const raw = brokenLinear(shape.map((p) => ({ utilization: p.utilization, score: p.score * (MAX_NODE_SCORE / MAX_CUSTOM_PRIORITY_SCORE) })));
  const one = (requested: Amount, capacity: Amount) =>
    (capacity === 0 || requested > capacity ? raw(MAX_UTILIZATION)
      : raw(doubleExact(requested, capacity) ? Math.trunc((requested * MAX_UTILIZATION) / (capacity as number)) : int64MulDiv(requested, MAX_UTILIZATION, capacity)));
  return (requested, allocatable) => {
    let score = 0;
    let weightSum = 0;
    requested.forEach((r, i) => {
      if (allocatable[i] === 0) return;
      const s = one(r, allocatable[i]);
      if (s > 0) {
        score += s * resources[i].weight;
        weightSum += resources[i].weight;
      }
    });
    return weightSum === 0 ? 0 : Math.round(score / weightSum);
  };
}

/** nodeResourceStrategyTypeMap (fit.go): the strategy's scorer over its resources. */
export function strategyScorer(strategy: NodeResourcesFitArgs['scoringStrategy']): Scorer {
  switch (strategy.type) {
    case 'MostAllocated':
      return weighted(strategy.resources, mostRequestedScore);
    case 'RequestedToCapacityRatio':
      return requestedToCapacityRatio(strategy.resources, strategy.requestedToCapacityRatio?.shape ?? []);
    default:
      return weighted(strategy.resources, leastRequestedScore);
  }
}

/**
 * calculatePodResourceRequest for each resource: cpu and memory from `cpuMemory` (NodeResourcesFit's: the non-zero
 * defaults; BalancedAllocation's: the real requests), the others the pod's requests.
 */
export function podRequestList(resources: readonly ResourceSpec[], cpuMemory: CpuMemory, requests: Resources): Amount[] {
  return resources.map(({ name }) =>
    (name === 'cpu' ? cpuMemory.milliCPU : name === 'memory' ? cpuMemory.memory
      : requests.exact?.get(name) ?? (name === 'ephemeral-storage' ? requests.ephemeralStorage : requests.scalars.get(name) ?? 0)));
}

/** a + b, exact: a bigint where either is one or the sum outgrows a number. */
function addAmounts(a: Amount, b: Amount): Amount {
  if (typeof a === 'number' && typeof b === 'number' && Number.isSafeInteger(a + b)) return a + b;
  return BigInt(a) + BigInt(b);
}

export interface NodeAmounts {
  /** The node's requests before the pod (NonZeroRequested for NodeResourcesFit's cpu and memory), per resource. */
  allocated: Amount[];
  /** With the pod. */
  requested: Amount[];
  allocatable: Amount[];
}

/**
 * calculateNodeAllocatableRequest: a resource the node has no allocatable of is left out (0), and so is a scalar
 * resource (extended, hugepages) the pod does not request. `useRequested`: BalancedAllocation's real requests for
 * cpu and memory; ephemeral-storage and scalars are always the real ones.
 */
export function nodeAmounts(resources: readonly ResourceSpec[], pod: readonly Amount[], node: ScoreNode, useRequested: boolean): NodeAmounts {
  const info: NodeInfo = node.info;
  const cpuMemory = node.memo ? node.memo(nodeRequested) : nodeRequested(node.pods);
  const used = (node.memo ? node.memo(nodeUsage) : nodeUsage(node.pods)).requested;
  const byCpuMemory = useRequested ? cpuMemory.requested : cpuMemory.nonZero;
  const alloc = info.allocatable;
  const out: NodeAmounts = { allocated: [], requested: [], allocatable: [] };
  resources.forEach(({ name }, i) => {
    let a: Amount = 0;
    let u: Amount = 0;
    if (!(pod[i] === 0 && isScalarResourceName(name)) && alloc) {
      if (name === 'cpu') [a, u] = [alloc.milliCPU, byCpuMemory.milliCPU];
      else if (name === 'memory') [a, u] = [alloc.memory, byCpuMemory.memory];
      else if (name === 'ephemeral-storage') [a, u] = [alloc.ephemeralStorage, used.ephemeralStorage];
      else if (alloc.scalars.has(name)) [a, u] = [alloc.scalars.get(name)!, used.scalars.get(name) ?? 0];
      // the exact amounts where a number cannot hold them (an extended resource's, beyond 2^53)
      a = alloc.exact?.get(name) ?? a;
      if (name !== 'cpu' && name !== 'memory') u = used.exact?.get(name) ?? u;
    }
    const counted = a !== 0;
    out.allocatable.push(counted ? a : 0);
    out.allocated.push(counted ? u : 0);
    out.requested.push(counted ? addAmounts(u, pod[i]) : 0);
  });
  return out;
}

/** The resources' names with requested/allocatable, for the score's detail line. */
export function amountsLine(resources: readonly ResourceSpec[], n: NodeAmounts): string {
  const parts = resources.map(({ name }, i) => (n.allocatable[i] === 0 ? `${name} not scored` : `${name} ${n.requested[i]}/${n.allocatable[i]}`));
  return `${parts.join(', ')} requested with this pod`;
}

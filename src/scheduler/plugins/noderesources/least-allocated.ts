// NodeResourcesFit Score with the default LeastAllocated strategy, weight 1 (noderesources/least_allocated.go
// leastResourceScorer, leastRequestedScore; resource_allocation.go score): cpu and memory at weight 1 each, the
// node's NonZeroRequested plus the pod's non-zero request against allocatable. A resource with allocatable 0 is left
// out of the weight sum; no NormalizeScore.
import type { NodeInfo } from '../../framework';
import type { CpuMemory } from './requests';

export const MAX_NODE_SCORE = 100;

/** An amount as the scheduler's int64 holds it: a number, or the exact bigint of one beyond 2^53 (Resources.exact). */
export type Amount = number | bigint;

// Up to it, an amount times 100 is exact in a double; beyond it the scores are worked out in int64 as Go does.
const SAFE_CAPACITY = Math.floor(Number.MAX_SAFE_INTEGER / MAX_NODE_SCORE);

/** Whether `a·k/c` can be worked out in doubles exactly (both numbers, the capacity small enough). */
export const doubleExact = (a: Amount, capacity: Amount): a is number => typeof a === 'number' && typeof capacity === 'number' && capacity <= SAFE_CAPACITY;

/** Go's int64 `a * k / c`: the product wraps past 2^63 as Go's does, the quotient truncates toward zero. */
export function int64MulDiv(a: Amount, k: number, c: Amount): number {
  return Number(BigInt.asIntN(64, BigInt(a) * BigInt(k)) / BigInt(c));
}

/**
 * (allocatable − requested)·100/allocatable, integer division (int64: exact for amounts beyond 2^53, e.g. an extended
 * resource's); 0 when allocatable is 0 or exceeded.
 */
export function leastRequestedScore(requested: Amount, capacity: Amount): number {
  if (capacity === 0 || requested > capacity) return 0;
  if (doubleExact(requested, capacity)) return Math.trunc((((capacity as number) - requested) * MAX_NODE_SCORE) / (capacity as number));
  return int64MulDiv(BigInt(capacity) - BigInt(requested), MAX_NODE_SCORE, capacity);
}

/** Σ score·weight / Σ weight over the resources the node has (integer division), 0 when none. */
export function leastResourceScorer(requested: readonly number[], allocatable: readonly number[], weights: readonly number[] = requested.map(() => 1)): number {
  let score = 0;
  let weightSum = 0;
  requested.forEach((r, i) => {
    if (allocatable[i] === 0) return;
    score += leastRequestedScore(r, allocatable[i]) * weights[i];
    weightSum += weights[i];
  });
  return weightSum === 0 ? 0 : Math.trunc(score / weightSum);
}

export interface LeastAllocatedScore {
  score: number;
  /** What the score was worked out from, for messages. */
  requested: CpuMemory;
  allocatable: CpuMemory;
}

/** The node's raw (= final) LeastAllocated score for a pod: `pod` is its non-zero request, `nodeNonZero` the node's NonZeroRequested. */
export function leastAllocated(pod: CpuMemory, node: NodeInfo, nodeNonZero: CpuMemory): LeastAllocatedScore {
  const allocatable = { milliCPU: node.allocatable?.milliCPU ?? 0, memory: node.allocatable?.memory ?? 0 };
  const requested = { milliCPU: nodeNonZero.milliCPU + pod.milliCPU, memory: nodeNonZero.memory + pod.memory };
  const score = leastResourceScorer([requested.milliCPU, requested.memory], [allocatable.milliCPU, allocatable.memory]);
  return { score, requested, allocatable };
}

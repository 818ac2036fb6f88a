// NodeResourcesFit Score with the default LeastAllocated strategy, weight 1 (noderesources/least_allocated.go
// leastResourceScorer, leastRequestedScore; resource_allocation.go score): cpu and memory at weight 1 each, the
// node's NonZeroRequested plus the pod's non-zero request against allocatable. A resource with allocatable 0 is left
// out of the weight sum; no NormalizeScore.
import type { NodeInfo } from '../../framework';
import type { CpuMemory } from './requests';

export const MAX_NODE_SCORE = 100;

/** (allocatable − requested)·100/allocatable, integer division; 0 when allocatable is 0 or exceeded. */
export function leastRequestedScore(requested: number, capacity: number): number {
  if (capacity === 0 || requested > capacity) return 0;
  return Math.trunc(((capacity - requested) * MAX_NODE_SCORE) / capacity);
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

// NodeResourcesBalancedAllocation, weight 1 (noderesources/balanced_allocation.go balancedResourceScorer, PreScore),
// as released up to v1.35: score = int((1 − std)·100) over the cpu and memory fractions
// min((Requested + pod request) / allocatable, 1); with two resources std = |f1 − f2| / 2. Real requests (no
// 100m/200Mi defaults, useRequested). PreScore returns Skip for a pod requesting no cpu and no memory (#129138).
// v1.36 (PR #135573) compares the balance with and without the pod instead; that formula is not modelled.
import type { NodeInfo } from '../../framework';
import type { CpuMemory } from './requests';
import { MAX_NODE_SCORE } from './least-allocated';

/** balancedResourceScorer: resources with allocatable 0 are left out; std 0 with fewer than two fractions. */
export function balancedResourceScorer(requested: readonly number[], allocatable: readonly number[]): number {
  const fractions: number[] = [];
  requested.forEach((r, i) => {
    if (allocatable[i] === 0) return;
    fractions.push(Math.min(r / allocatable[i], 1));
  });
  let std = 0;
  if (fractions.length === 2) std = Math.abs((fractions[0] - fractions[1]) / 2);
  else if (fractions.length > 2) {
    const mean = fractions.reduce((a, b) => a + b, 0) / fractions.length;
    std = Math.sqrt(fractions.reduce((a, f) => a + (f - mean) * (f - mean), 0) / fractions.length);
  }
  return Math.trunc((1 - std) * MAX_NODE_SCORE);
}

/** PreScore: Skip (undefined) for a best-effort pod, i.e. zero cpu and zero memory requested. */
export function balancedAllocationApplies(pod: CpuMemory): boolean {
  return pod.milliCPU !== 0 || pod.memory !== 0;
}

export interface BalancedAllocationScore {
  score: number;
  /** cpu and memory fractions after placing the pod (before the cap at 1), for messages. */
  cpuFraction: number;
  memoryFraction: number;
}

/** `pod` is the pod's real request, `nodeRequested` the node's Requested. */
export function balancedAllocation(pod: CpuMemory, node: NodeInfo, nodeRequested: CpuMemory): BalancedAllocationScore {
  const alloc = [node.allocatable?.milliCPU ?? 0, node.allocatable?.memory ?? 0];
  const req = [nodeRequested.milliCPU + pod.milliCPU, nodeRequested.memory + pod.memory];
  return {
    score: balancedResourceScorer(req, alloc),
    cpuFraction: alloc[0] ? req[0] / alloc[0] : 0,
    memoryFraction: alloc[1] ? req[1] / alloc[1] : 0,
  };
}

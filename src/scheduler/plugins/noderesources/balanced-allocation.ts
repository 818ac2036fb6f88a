// NodeResourcesBalancedAllocation, weight 1 (noderesources/balanced_allocation.go balancedResourceScorer, PreScore),
// as released up to v1.35: score = int((1 − std)·100) over the cpu and memory fractions
// min((Requested + pod request) / allocatable, 1); with two resources std = |f1 − f2| / 2. Real requests (no
// 100m/200Mi defaults, useRequested). PreScore returns Skip for a pod requesting no cpu and no memory (#129138).
// From v1.36 (PR #135573, kept in v1.37.2) the score is the change in balance the pod makes:
// 50 + (50 + score with the pod − score without it) / 2, so 75 is "unchanged"; chosen by settings().kubernetesVersion.
import { releaseAtLeast, settings, type KubernetesVersion } from '../../../core/config';
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

/**
 * balancedResourceScorer from v1.36: the balance after placing the pod against the balance before, in
 * [50, 100] (Go's int64 division truncates; the sum is never negative).
 */
export function balanceChangeScorer(requested: readonly number[], allocated: readonly number[], allocatable: readonly number[]): number {
  const withPod = balancedResourceScorer(requested, allocatable);
  const withoutPod = balancedResourceScorer(allocated, allocatable);
  return MAX_NODE_SCORE / 2 + Math.trunc((MAX_NODE_SCORE / 2 + withPod - withoutPod) / 2);
}

/** v1.36 scores the change in balance (#135573); v1.33–v1.35 the balance after placing the pod. */
export const scoresBalanceChange = (version: KubernetesVersion) => releaseAtLeast('1.36', version);

/** PreScore: Skip (undefined) for a best-effort pod, i.e. zero cpu and zero memory requested. */
export function balancedAllocationApplies(pod: CpuMemory): boolean {
  return pod.milliCPU !== 0 || pod.memory !== 0;
}

export interface BalancedAllocationScore {
  score: number;
  /** cpu and memory fractions after placing the pod (before the cap at 1), for messages. */
  cpuFraction: number;
  memoryFraction: number;
  /** From v1.36: the fractions before placing the pod, which the score compares with. */
  before?: { cpuFraction: number; memoryFraction: number };
}

/** `pod` is the pod's real request, `nodeRequested` the node's Requested. */
export function balancedAllocation(pod: CpuMemory, node: NodeInfo, nodeRequested: CpuMemory, version = settings().kubernetesVersion): BalancedAllocationScore {
  const alloc = [node.allocatable?.milliCPU ?? 0, node.allocatable?.memory ?? 0];
  const allocated = [nodeRequested.milliCPU, nodeRequested.memory];
  const req = [allocated[0] + pod.milliCPU, allocated[1] + pod.memory];
  const fraction = (r: readonly number[], i: number) => (alloc[i] ? r[i] / alloc[i] : 0);
  if (!scoresBalanceChange(version)) {
    return { score: balancedResourceScorer(req, alloc), cpuFraction: fraction(req, 0), memoryFraction: fraction(req, 1) };
  }
  return {
    score: balanceChangeScorer(req, allocated, alloc),
    cpuFraction: fraction(req, 0),
    memoryFraction: fraction(req, 1),
    before: { cpuFraction: fraction(allocated, 0), memoryFraction: fraction(allocated, 1) },
  };
}

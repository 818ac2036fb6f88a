// One interface of matcher signatures, merged into Jest's, @jest/globals' and Vitest's typings.
import type { NodeLike, TaintLike } from '../types';

/** Returned by `toBeEvictedFrom(node)`: add `.after(seconds)` to ask for an exact time. */
export interface EvictionChain extends PromiseLike<void> {
  /** Evicted exactly this many seconds after the node's NoExecute taints appear (0 = at once). */
  after(seconds: number): void;
}

export interface PlacementMatchers<R> {
  /** Some toleration of the subject (after admission) tolerates the taint (`key=value:Effect` or an object). */
  toTolerate(taint: TaintLike): R;
  /** kube-scheduler's per-node filters accept the node for the subject's pod. */
  toBeSchedulableOn(node: NodeLike): R;
  /** The taint-eviction controller evicts the pod once the node's NoExecute taints are present. */
  toBeEvictedFrom(node: NodeLike): EvictionChain;
  /** Portable form: evicted exactly `after` seconds after the taints appear. */
  toBeEvictedFrom(node: NodeLike, options: { after: number }): R;
}

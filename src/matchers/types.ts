// One interface of matcher signatures, merged into Jest's, @jest/globals' and Vitest's typings.
import type { NodeLike, PodLike, TaintLike } from '../types';
import type { NodePool } from '../karpenter/types';

/** A Karpenter NodePool as a typed object or as any parsed manifest with kind "NodePool" (checked at run time). */
export type NodePoolLike = NodePool | { apiVersion?: string; kind?: string; metadata?: { name?: string }; spec?: object };

/** Returned by `toBeEvictedFrom(node)`: add `.after(seconds)` to ask for an exact time. */
export interface EvictionChain extends PromiseLike<void> {
  /** Evicted exactly this many seconds after the node's NoExecute taints appear (0 = at once). */
  after(seconds: number): void;
}

/** Returned by `toPrefer(node)`: complete it with `.over(otherNode)`. */
export interface PreferenceChain extends PromiseLike<void> {
  over(node: NodeLike): void;
}

export interface SchedulingOptions {
  /** Pods already bound to the node(s) (by spec.nodeName for the many-node forms); Succeeded/Failed ones use nothing. */
  existingPods?: PodLike[];
}

export interface PlacementMatchers<R> {
  /** Some toleration of the subject (after admission) tolerates the taint (`key=value:Effect` or an object). */
  toTolerate(taint: TaintLike): R;
  /** kube-scheduler's per-node filters accept the node for the subject's pod. */
  toBeSchedulableOn(node: NodeLike, options?: SchedulingOptions): R;
  /** The scheduler would find a node among these; fails with kube-scheduler's `0/N nodes are available: …`. */
  toBeSchedulableOnAnyOf(nodes: Iterable<NodeLike>, options?: SchedulingOptions): R;
  /** Every one of these nodes accepts the pod (e.g. a DaemonSet on every node of a pool). */
  toBeSchedulableOnAllOf(nodes: Iterable<NodeLike>, options?: SchedulingOptions): R;
  /** The taint-eviction controller evicts the pod once the node's NoExecute taints are present. */
  toBeEvictedFrom(node: NodeLike): EvictionChain;
  /** Portable form: evicted exactly `after` seconds after the taints appear. */
  toBeEvictedFrom(node: NodeLike, options: { after: number }): R;
  /** With `.over(other)`: both nodes feasible, the scheduler's scores rank `node` higher (or only `node` is feasible). */
  toPrefer(node: NodeLike): PreferenceChain;
  /** Karpenter would launch a node from this NodePool for the pod: taints tolerated (not startup taints), requirements compatible. */
  toBeProvisionableBy(nodePool: NodePoolLike): R;
  /** Karpenter would find a NodePool among these (highest weight first, then name descending); the message names its pick. */
  toBeProvisionableByAnyOf(nodePools: Iterable<NodePoolLike>): R;
}

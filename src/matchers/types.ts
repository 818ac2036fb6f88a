// One interface of matcher signatures, merged into Jest's, @jest/globals' and Vitest's typings.
import type { AddedTaintSpecArgument, KubeObject, NodeLike, PodLike, TaintArgument } from '../core/types';
import type { Cluster, Failure, InstanceType, NodePool } from '../engine';

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

/**
 * The namespace policy for one assertion, each kind over configure's of that kind (configure's others stay): the
 * objects the API server's admission plugins read as the pods are created. Each may be a loadManifests collection
 * (its objects of that kind are used).
 */
export interface NamespacePolicyOptions {
  /** LimitRange objects (v1), each in its namespace: LimitRanger's default requests and limits, min, max and ratio. */
  limitRanges?: Iterable<KubeObject>;
  /** ResourceQuota objects (v1), each in its namespace: a pod past one is refused (`exceeded quota: …`). */
  resourceQuotas?: Iterable<KubeObject>;
  /** RuntimeClass objects (node.k8s.io/v1): overhead, scheduling nodeSelector and tolerations; an unknown one is refused. */
  runtimeClasses?: Iterable<KubeObject>;
  /** PriorityClass objects (scheduling.k8s.io/v1): the pods' priorities (Priority admission, preemption). */
  priorityClasses?: Iterable<KubeObject>;
}

/** toPrefer's options: the scheduler configuration and the namespace policy for this assertion. */
export interface PreferOptions extends NamespacePolicyOptions {
  /** The cluster's KubeSchedulerConfiguration, as the other matchers' `schedulerConfiguration` option. */
  schedulerConfiguration?: object;
}

/** toBeKeptApartFrom's options. */
export interface KeepApartOptions extends NamespacePolicyOptions {
  /** Namespace objects (their labels serve an anti-affinity term's namespaceSelector). */
  namespaces?: Iterable<KubeObject>;
  /** The cluster's KubeSchedulerConfiguration: each workload's pods are judged under their schedulerName's profile. */
  schedulerConfiguration?: object;
}

export interface SchedulingOptions extends NamespacePolicyOptions {
  /** Pods already bound to the node(s) (by spec.nodeName for the many-node forms); Succeeded/Failed ones use nothing. */
  existingPods?: Iterable<PodLike>;
  /**
   * `toBeSchedulableOn` only: the rest of the cluster (topology domains and other nodes' pods come from it);
   * default `[node]`, and `node` is added if missing. The many-node matchers' cluster is their `nodes` argument.
   */
  nodes?: Iterable<NodeLike>;
  /** Namespace objects (their labels serve pod affinity's namespaceSelector); a loadManifests collection works too. */
  namespaces?: Iterable<import('../core/types').KubeObject>;
  /**
   * Service objects (PodTopologySpread's system default constraints select the pods the Services selecting this pod
   * select, with its owner's selector); a loadManifests collection works too.
   */
  services?: Iterable<import('../core/types').KubeObject>;
  /**
   * The cluster's storage objects — PersistentVolumes, PersistentVolumeClaims, StorageClasses, CSINodes, CSIDrivers,
   * CSIStorageCapacities, VolumeAttachments — in any order (a loadManifests collection of them works too; another
   * kind is a usage error). The volume plugins read them; a claim whose storage they leave undecided is "not
   * modelled", the fix named. configure({ storage }) gives them to every assertion.
   */
  storage?: Iterable<import('../core/types').KubeObject>;
  /**
   * The stated assumption for claims whose StorageClass no input resolves, for this assertion (over
   * configure({ storageAssumption })): `'dynamic-wait-for-first-consumer'`. The message says when it was used.
   */
  storageAssumption?: import('../engine').StorageAssumption;
  /**
   * PodDisruptionBudgets (policy/v1, with their status as a dump holds it; a loadManifests collection works too):
   * DefaultPreemption reprieves the pods whose eviction would violate one first.
   */
  podDisruptionBudgets?: Iterable<import('../core/types').KubeObject>;
  /**
   * The cluster's KubeSchedulerConfiguration (kubescheduler.config.k8s.io/v1) for this assertion, over
   * configure({ schedulerConfiguration }): the pod runs under the profile of its schedulerName.
   */
  schedulerConfiguration?: object;
}

/** The replica matchers' options: existing pods (by spec.nodeName) and Namespace objects (for namespaceSelector). */
export interface ReplicaOptions extends NamespacePolicyOptions {
  existingPods?: PodLike[];
  namespaces?: Iterable<KubeObject>;
  /** Service objects, for PodTopologySpread's system default spreading. */
  services?: Iterable<KubeObject>;
  /** The storage objects, as the other matchers' `storage` option. */
  storage?: Iterable<KubeObject>;
  /** The stated storage assumption, as the other matchers' `storageAssumption` option. */
  storageAssumption?: import('../engine').StorageAssumption;
  /** PodDisruptionBudgets: DefaultPreemption reads them when a replica fits no node as it is and preempts. */
  podDisruptionBudgets?: Iterable<KubeObject>;
  /** The cluster's KubeSchedulerConfiguration, as the other matchers' `schedulerConfiguration` option. */
  schedulerConfiguration?: object;
}

export interface PlacementMatchers<R> {
  /** Some toleration of the subject (after admission) tolerates the taint (`key=value:Effect` or an object). */
  toTolerate<T extends string>(taint: TaintArgument<T> | AddedTaintSpecArgument<T>): R;
  /**
   * kube-scheduler's per-node filters accept the node for the subject's pod. A pod that uses what the library does
   * not model (DRA claims, DeviceClass-backed resources, claim or CSI volumes) gets no verdict unless a modelled
   * filter rejects the node: the assertion then fails with and without `.not` ("not modelled for this pod: …").
   * The same holds for the AnyOf/AllOf forms and toHaveAllReplicasScheduled.
   */
  toBeSchedulableOn(node: NodeLike, options?: SchedulingOptions): R;
  /** The scheduler would find a node among these; fails with kube-scheduler's `0/N nodes are available: …`. */
  toBeSchedulableOnAnyOf(nodes: Iterable<NodeLike>, options?: SchedulingOptions): R;
  /** Every one of these nodes accepts the pod (e.g. a DaemonSet on every node of a pool). */
  toBeSchedulableOnAllOf(nodes: Iterable<NodeLike>, options?: SchedulingOptions): R;
  /** The taint-eviction controller evicts the pod once the node's NoExecute taints are present. */
  toBeEvictedFrom(node: NodeLike): EvictionChain;
  /** Portable form: evicted exactly `after` seconds after the taints appear. */
  toBeEvictedFrom(node: NodeLike, options: { after: number }): R;
  /**
   * With `.over(other)`: both nodes feasible, the scheduler's scores rank `node` higher (or only `node` is feasible).
   * Options: a KubeSchedulerConfiguration (the pod's profile scores) and the namespace policy, for this assertion.
   */
  toPrefer(node: NodeLike, options?: PreferOptions): PreferenceChain;
  /** Every pod the workload's controller creates finds a node, placed one at a time as kube-scheduler does. */
  toHaveAllReplicasScheduled(nodes: Iterable<NodeLike>, options?: ReplicaOptions): R;
  /** All replicas placed, and their counts per `topologyKey` domain differ by at most `maxSkew` (default 1). */
  toSpreadReplicasAcross(topologyKey: string, nodes: Iterable<NodeLike>, options?: ReplicaOptions & { maxSkew?: number }): R;
  /** Some node holds a pod of both workloads (use `.not`: no node holds both), in either creation order. */
  toShareNodesWith(other: PodLike | KubeObject, nodes: Iterable<NodeLike>, options?: ReplicaOptions): R;
  /**
   * A constraint keeps the two workloads' pods off each other's nodes in any placement: required pod anti-affinity
   * (either way), the same host port, or — on `nodes`, when given — node selection that no node passes for both.
   */
  toBeKeptApartFrom(other: PodLike | KubeObject, nodes?: Iterable<NodeLike>, options?: KeepApartOptions): R;
  /** Karpenter would launch a node from this NodePool for the pod: taints tolerated (not startup taints), requirements compatible. */
  toBeProvisionableBy(nodePool: NodePoolLike, options?: { instanceTypes?: InstanceType[]; storage?: Iterable<KubeObject>; storageAssumption?: import('../engine').StorageAssumption; daemonSets?: Iterable<KubeObject> }): R;
  /** Karpenter would find a NodePool among these (highest weight first, then name descending); the message names its pick. */
  toBeProvisionableByAnyOf(nodePools: Iterable<NodePoolLike>, options?: { instanceTypes?: InstanceType[]; storage?: Iterable<KubeObject>; storageAssumption?: import('../engine').StorageAssumption; daemonSets?: Iterable<KubeObject> }): R;
  /** When the failure happens (simulateOutage), every replica of the workload runs again once the controllers are done. */
  toSurvive(failure: OutageFailure, cluster: OutageCluster): SurvivalChain;
  /** Portable form: every replica runs again at second `within` after the failure. */
  toSurvive(failure: OutageFailure, cluster: OutageCluster, options: { within: number }): R;
  /** At no instant of the outage are fewer than `n` replicas running (a PodDisruptionBudget does not ensure this). */
  toKeepAtLeast(n: number, failure: OutageFailure, cluster: OutageCluster): R;
  /**
   * `kubectl drain <nodes> --ignore-daemonsets` completes (by `within` seconds, when given): the evictions go through the
   * Eviction API, which honours the cluster's PodDisruptionBudgets. Received: a node, a node name, or an array of them.
   */
  toDrain(cluster: OutageCluster, options?: DrainMatcherOptions): R;
  /**
   * No node fits the pod as it is and DefaultPreemption nominates one; with `victims` (Pods or 'namespace/name'),
   * exactly those are preempted on every node it may nominate. `.not`: the pod preempts nobody.
   */
  toPreempt(victims: Iterable<PodLike | string>, options: PreemptOptions): R;
  toPreempt(options: PreemptOptions): R;
}

/** toPreempt's options: the cluster (`nodes`), its pods and PodDisruptionBudgets, as SchedulingOptions. */
export type PreemptOptions = Omit<SchedulingOptions, 'nodes'> & { nodes: Iterable<NodeLike> };

/** What `expect.toTolerate(…)` & co. return in Jest: an asymmetric matcher (as `@jest/expect-utils` types it). */
export interface AsymmetricMatcher {
  asymmetricMatch(other: unknown): boolean;
  toString(): string;
}

/**
 * The asymmetric forms, `expect.toTolerate(taint)` and `expect.not.toTolerate(taint)` inside `toEqual` & co.
 * `toBeEvictedFrom` has no `.after` chain here (use `{ after }`), and `toPrefer` needs `.over`, so it is left out.
 */
export interface PlacementAsymmetricMatchers<R> {
  toTolerate<T extends string>(taint: TaintArgument<T> | AddedTaintSpecArgument<T>): R;
  toBeSchedulableOn(node: NodeLike, options?: SchedulingOptions): R;
  toBeSchedulableOnAnyOf(nodes: Iterable<NodeLike>, options?: SchedulingOptions): R;
  toBeSchedulableOnAllOf(nodes: Iterable<NodeLike>, options?: SchedulingOptions): R;
  /** Evicted at some point, or with `{ after }` exactly that many seconds after the taints appear. */
  toBeEvictedFrom(node: NodeLike, options?: { after: number }): R;
  /** Every replica runs again once the outage has played out, or with `{ within }` (no `.within` chain here) by then. */
  toSurvive(failure: OutageFailure, cluster: OutageCluster, options?: { within: number }): R;
  toKeepAtLeast(n: number, failure: OutageFailure, cluster: OutageCluster): R;
}

/** Returned by `toSurvive(failure, cluster)`: add `.within(seconds)` to ask that every replica runs again by then. */
export interface SurvivalChain extends PromiseLike<void> {
  /** Every replica runs again at this second after the failure. */
  within(seconds: number): void;
}

/** The failure of an outage matcher: `zone('a')`, `nodesDown(['a1'])` or the object they return. */
export type OutageFailure = Failure;
/** The cluster of an outage matcher; the subject is added to its workloads. */
export type OutageCluster = Cluster;
/**
 * toDrain's options: `within` seconds, kubectl drain's `timeout` (seconds, per node), `force`, `deleteEmptyDirData`, and
 * `readyAfter`: seconds from a replacement's binding to its Ready condition (default 0).
 */
export type DrainMatcherOptions = NonNullable<Failure['drain']> & { within?: number };

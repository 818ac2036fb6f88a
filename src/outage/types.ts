// The shapes simulateOutage and the outage matchers take (issue 13).
import type { KubeObject, NodeLike, PodLike } from '../core/types';
import type { OutageEvent, PodRecord } from '../controllers/world';
import type { ZoneView } from '../controllers/node-lifecycle';
import type { NotModelled } from '../k8s/not-modelled';
import type { PodDisruptionBudget, PodDisruptionBudgetStatus } from '../k8s/disruption';
import type { DrainOptions, DrainResult } from './drain';

/**
 * How the failed nodes fail. `unreachable` (default): the kubelet stops posting status, the node lifecycle
 * controller sets Ready=Unknown after the grace period. `notReady`: a live kubelet posts Ready=False (no grace
 * period). `drain`: `kubectl drain --ignore-daemonsets` at second 0 (cordon, then the Eviction API, which honours
 * the cluster's PodDisruptionBudgets; options in `failure.drain`). Any other string is a `kubectl taint` spec
 * (`drain=now:NoExecute`): the nodes stay Ready and get that taint at second 0, and taint-based eviction deletes
 * their pods without asking any PodDisruptionBudget.
 */
export type FailureCondition = 'unreachable' | 'notReady' | 'drain' | (string & {});

export interface Failure {
  /** Nodes (objects or names) that fail. */
  nodes?: ReadonlyArray<NodeLike | string>;
  /** Every node whose topology.kubernetes.io/zone (or failure-domain.beta.kubernetes.io/zone) is this. */
  zone?: string;
  /** Every node with all these labels. */
  selector?: Record<string, string>;
  condition?: FailureCondition;
  /** Second at which a person taints the failed nodes `node.kubernetes.io/out-of-service=nodeshutdown:NoExecute`. */
  outOfServiceAt?: number;
  /** With condition `drain`: kubectl drain's flags (--timeout, --force, --delete-emptydir-data) and the readiness delay. */
  drain?: DrainOptions;
}

export interface Cluster {
  /** Deployments, ReplicaSets, ReplicationControllers, StatefulSets, DaemonSets, Jobs, CronJobs and bare Pods. */
  workloads?: readonly KubeObject[];
  nodes: readonly NodeLike[];
  /** Pods already running, on the node named by spec.nodeName (others are ignored). */
  existingPods?: readonly PodLike[];
  /** Namespace objects: their labels serve inter-pod (anti-)affinity namespaceSelectors in every scheduling cycle. */
  namespaces?: readonly KubeObject[];
  /** Service objects: PodTopologySpread's system default constraints select by theirs in every scheduling cycle. */
  services?: readonly KubeObject[];
  /**
   * The storage objects (PersistentVolumes, PersistentVolumeClaims, StorageClasses, CSINodes, CSIDrivers,
   * CSIStorageCapacities, VolumeAttachments), in any order: the volume plugins' listers in every scheduling cycle.
   * A claim the scheduler binds is bound from then on: a WaitForFirstConsumer claim provisioned for the node its first
   * pod ran on keeps that volume, pinned where its driver pins it (outage/volumes.ts), and a replacement must reach it.
   */
  storage?: readonly KubeObject[];
  /** This cluster's --node-monitor-grace-period in seconds (options.gracePeriod wins). */
  gracePeriod?: number;
  /**
   * PodDisruptionBudgets (policy/v1): the disruption controller keeps their status over the run, and a drain's
   * evictions go through them (the Eviction API). Node failures and NoExecute taints do not ask them, as upstream.
   */
  podDisruptionBudgets?: readonly KubeObject[];
}

export interface OutageOptions {
  /** Stop the simulation at this second (default: when nothing more happens). */
  until?: number;
  /** kube-controller-manager --node-monitor-grace-period in seconds (default 50, upstream's since v1.32; 40 before). */
  gracePeriod?: number;
}

export interface WorkloadState {
  workload: string;
  kind: string;
  desired: number;
  running: number;
  pending: number;
  /** Pods with a deletionTimestamp whose object still exists. */
  terminating: number;
}

export interface Outage {
  failedNodes: string[];
  condition: string;
  gracePeriod: number;
  /** Zone states when the failed nodes turned not Ready (empty for a taint condition). */
  zones: ZoneView[];
  /** True when every zone was FullDisruption: the node lifecycle controller stopped all NoExecute tainting. */
  allZonesFullyDisrupted: boolean;
  events: OutageEvent[];
  /** The same events: the outage's timeline. */
  timeline: OutageEvent[];
  /** The last second simulated. */
  end: number;
  /** True when, without `until`, events were still coming after a day of virtual time (the run stopped there). */
  truncated: boolean;
  pods: PodRecord[];
  workloads: string[];
  /** Every workload's desired, running, pending and terminating replicas at second `t` (default: the end). */
  stateAt(t?: number): WorkloadState[];
  /** One workload's state at second `t` (default: the end). */
  stateOf(workload: KubeObject | string, t?: number): WorkloadState;
  /** The events about the workload's pods, and about the nodes and zones they ran on. */
  eventsOf(workload: KubeObject | string): OutageEvent[];
  /** The workload's state at second 0 and at every second an event happened, in time order (one sweep over the pods). */
  history(workload: KubeObject | string, until?: number): Array<{ at: number; state: WorkloadState }>;
  /** The fewest replicas running at any instant, and the first second it happened. */
  minRunning(workload: KubeObject | string, until?: number): { running: number; at: number };
  /** Why replicas are not running at second `t` (default: the end), one line per cause. */
  why(workload: KubeObject | string, t?: number): string[];
  /** The timeline as text, of one workload or of everything. */
  format(workload?: KubeObject | string): string;
  /**
   * A DaemonSet at second `t`: each node that is still up and that NodeShouldRunDaemonPod says it should run on,
   * and whether its pod runs there. Nodes that are down are left out (the controller never moves a pod).
   */
  daemonCoverage(workload: KubeObject | string, t?: number): DaemonCoverage;
  /** With condition `drain`: each node's drain, whether and when the drain completed, and the evictions refused at the end. */
  drain?: DrainResult;
  /** Each PodDisruptionBudget with its status at the end, as the disruption controller last wrote it (or the Eviction API decremented it). */
  budgets: Array<{ budget: string; status: PodDisruptionBudgetStatus; object: PodDisruptionBudget }>;
  /**
   * What the workload's timeline rests on that is not modelled: its claims whose provisioned volume's topology is not
   * known (outage/volumes.ts provisionedTopology), with the fix.
   */
  volumesNotModelled(workload: KubeObject | string): NotModelled[];
}

export interface DaemonCoverage {
  /** Up nodes the DaemonSet should run on. */
  shouldRun: string[];
  /** Those of them without a running pod of the DaemonSet. */
  missing: string[];
}

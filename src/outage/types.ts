// The shapes simulateOutage and the outage matchers take (issue 13).
import type { KubeObject, NodeLike, PodLike } from '../core/types';

/**
 * How the failed nodes fail. `unreachable` (default): the kubelet stops posting status, the node lifecycle
 * controller sets Ready=Unknown after the grace period. `notReady`: a live kubelet posts Ready=False (no grace
 * period). Any other string is a `kubectl taint` spec (`drain=now:NoExecute`): the nodes stay Ready and get that
 * taint at second 0.
 */
export type FailureCondition = 'unreachable' | 'notReady' | (string & {});

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
}

export interface Cluster {
  /** Deployments, ReplicaSets, ReplicationControllers, StatefulSets, DaemonSets, Jobs, CronJobs and bare Pods. */
  workloads?: readonly KubeObject[];
  nodes: readonly NodeLike[];
  /** Pods already running, on the node named by spec.nodeName (others are ignored). */
  existingPods?: readonly PodLike[];
  /** Namespace objects: their labels serve inter-pod (anti-)affinity namespaceSelectors in every scheduling cycle. */
  namespaces?: readonly KubeObject[];
  /**
   * The PersistentVolumes of StatefulSets' volumeClaimTemplates are zonal (EBS, Persistent Disk, Azure Disk): each
   * ordinal's volumes stay in the zone of the node its first pod ran on, and a replacement only fits there.
   */
  zonalVolumes?: boolean;
  /** This cluster's --node-monitor-grace-period in seconds (options.gracePeriod wins). */
  gracePeriod?: number;
}

export interface OutageOptions {
  /** Stop the simulation at this second (default: when nothing more happens). */
  until?: number;
  /** kube-controller-manager --node-monitor-grace-period in seconds (default 50, upstream's since v1.32; 40 before). */
  gracePeriod?: number;
}

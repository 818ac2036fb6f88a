// What the cluster-aware score plugins read: every node with the pods on it, the namespaces' labels and the Services — the
// filters' Snapshot (snapshot.ts) serves as is.
import type { KubeObject, Node, Pod } from '../core/types';
import type { NodeInfo } from './framework';
import { snapshotFor } from './snapshot';

export { isTerminating, podLabels as labelsOf, podNamespace as namespaceOf, subjectPodMeta as podMeta } from './snapshot';

export interface ScoreNode {
  info: NodeInfo;
  pods: readonly Pod[];
  /** A snapshot entry's per-node memo (NodeSnapshot.memo): what scoring derives from the node's pods, kept. */
  memo?<T>(compute: (pods: readonly Pod[]) => T): T;
}

export interface ScoreCluster {
  nodes: readonly ScoreNode[];
  /** Namespace name → labels (with kubernetes.io/metadata.name), for namespaceSelector. */
  namespaceLabels: ReadonlyMap<string, Record<string, string>>;
  /** The Service objects (PodTopologySpread's system defaults select by the selectors of those that select the pod). */
  services?: readonly KubeObject[];
}

/**
 * The nodes with the pods bound to each by spec.nodeName (Succeeded/Failed pods dropped), the namespaces' labels and the Services:
 * the shared snapshot of these objects (snapshotFor), which scoring only reads.
 */
export function scoreCluster(nodes: readonly Node[], pods: readonly Pod[] = [], namespaces?: readonly KubeObject[], services?: readonly KubeObject[]): ScoreCluster {
  return snapshotFor(nodes, pods, namespaces, services);
}

// What the cluster-aware score plugins read: every node with the pods on it and the namespaces' labels — the
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
}

/**
 * The nodes with the pods bound to each by spec.nodeName (Succeeded/Failed pods dropped), and the namespaces' labels:
 * the shared snapshot of these objects (snapshotFor), which scoring only reads.
 */
export function scoreCluster(nodes: readonly Node[], pods: readonly Pod[] = [], namespaces?: readonly KubeObject[]): ScoreCluster {
  return snapshotFor(nodes, pods, namespaces);
}

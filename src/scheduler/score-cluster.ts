// What the cluster-aware score plugins read: every node with the pods on it, the namespaces' labels, the Services and
// the storage objects' listers (VolumeBinding's Score, where the release has one) — the
// filters' Snapshot (snapshot.ts) serves as is.
import type { KubeObject, Node, Pod } from '../core/types';
import type { ScoreCluster } from './framework';
import { snapshotFor } from './snapshot';

export type { ScoreCluster, ScoreNode } from './framework';
export { isTerminating, podLabels as labelsOf, podNamespace as namespaceOf, subjectPodMeta as podMeta } from './snapshot';

/**
 * The nodes with the pods bound to each by spec.nodeName (Succeeded/Failed pods dropped), the namespaces' labels, the Services and the storage objects:
 * the shared snapshot of these objects (snapshotFor), which scoring only reads.
 */
export function scoreCluster(
  nodes: readonly Node[], pods?: readonly Pod[], namespaces?: readonly KubeObject[], services?: readonly KubeObject[], storage?: readonly KubeObject[],
): ScoreCluster {
  return snapshotFor(nodes, pods, namespaces, services, storage);
}

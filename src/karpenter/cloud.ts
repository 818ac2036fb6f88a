// What managed platforms add to upstream Kubernetes, as far as their public documentation shows (README "Cloud presets").
// Only verified behaviour is modelled; everything else stays upstream.
import type { Node, NodeLike, Taint } from '../types';
import { assertNode } from '../subject';

export type ClusterPreset = 'gke' | 'eks' | 'aks' | 'kubeadm';

/**
 * Admission plugins each platform enables beyond upstream's defaults (kube-apiserver: ExtendedResourceToleration is off by default).
 * eks: docs.aws.amazon.com/eks/latest/userguide/platform-versions.html lists ExtendedResourceToleration among the enabled admission controllers.
 * aks, gke: no official statement found (Azure/AKS issue #1449 asked for it; GKE's GPU docs were not available) — left off.
 * kubeadm: upstream defaults.
 */
export const CLUSTER_PRESETS: Record<ClusterPreset, { extendedResourceToleration: boolean }> = {
  gke: { extendedResourceToleration: false },
  eks: { extendedResourceToleration: true },
  aks: { extendedResourceToleration: false },
  kubeadm: { extendedResourceToleration: false },
};

const SPOT_KEY = 'kubernetes.azure.com/scalesetpriority';

function withLabelAndTaint(nodeLike: NodeLike, key: string, value: string, taint: Taint): Node {
  const node = assertNode(nodeLike);
  const taints = node.spec?.taints ?? [];
  const has = taints.some((t) => t.key === taint.key && t.effect === taint.effect);
  return {
    ...node,
    metadata: { ...node.metadata, labels: { ...node.metadata?.labels, [key]: value } },
    spec: { ...node.spec, taints: has ? taints : [...taints, taint] },
  };
}

export const aks = {
  /**
   * Nodes of an AKS Spot node pool: label `kubernetes.azure.com/scalesetpriority: spot` and taint
   * `kubernetes.azure.com/scalesetpriority=spot:NoSchedule` (MicrosoftDocs/azure-docs articles/aks/spot-node-pool.md, "Limitations").
   */
  spotPool(nodes: NodeLike | NodeLike[]): Node[] {
    return (Array.isArray(nodes) ? nodes : [nodes]).map((n) =>
      withLabelAndTaint(n, SPOT_KEY, 'spot', { key: SPOT_KEY, value: 'spot', effect: 'NoSchedule' }));
  },
};

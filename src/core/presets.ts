// What managed platforms add to upstream Kubernetes, as far as their public documentation shows (README "Cloud presets").
// Only verified behaviour is modelled; everything else stays upstream.
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

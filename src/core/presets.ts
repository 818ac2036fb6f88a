// What managed platforms add to upstream Kubernetes, as far as their public documentation shows (README "Cloud presets").
// Only verified behaviour is modelled; everything else stays upstream.
import type { KubeObject } from './types';

export type ClusterPreset = 'gke' | 'eks' | 'aks' | 'kubeadm';

/**
 * Admission plugins each platform enables beyond upstream's defaults (kube-apiserver: ExtendedResourceToleration is off by default).
 * eks: docs.aws.amazon.com/eks/latest/userguide/platform-versions.html lists ExtendedResourceToleration among the enabled admission controllers.
 * aks, gke: no official statement found (Azure/AKS issue #1449 asked for it; GKE's GPU docs were not available) — left off.
 * kubeadm: upstream defaults.
 */
export interface PresetSettings {
  extendedResourceToleration: boolean;
  /**
   * The StorageClasses a new cluster of the platform has, where verified (issue 34; the volume plugins and
   * DefaultStorageClass admission read them before the `storage` given, which wins by name). An empty list: none
   * verified, so a claim without a given class stays "not modelled" (or takes the stated assumption).
   */
  storageClasses: readonly KubeObject[];
}

const IS_DEFAULT = { 'storageclass.kubernetes.io/is-default-class': 'true' };

/**
 * AKS: the built-in `default` class, "the same as managed-csi" (Azure Disk CSI driver, StandardSSD_LRS,
 * WaitForFirstConsumer, expansion allowed), and `managed-csi` itself: learn.microsoft.com/azure/aks/concepts-storage
 * (MicrosoftDocs/azure-aks-docs articles/aks/concepts-storage.md) and the driver's own example class
 * (kubernetes-sigs/azuredisk-csi-driver deploy/example/storageclass-azuredisk-csi.yaml). No allowedTopologies: a
 * first placement is never constrained. (In clusters across availability zones the built-in classes use ZRS from
 * Kubernetes 1.29, whose disks are not pinned to one zone; what pins a volume after placement is outside this preset.)
 */
const aksClass = (name: string, isDefault: boolean): KubeObject => ({
  apiVersion: 'storage.k8s.io/v1',
  kind: 'StorageClass',
  metadata: { name, ...(isDefault ? { annotations: IS_DEFAULT } : {}) },
  provisioner: 'disk.csi.azure.com',
  parameters: { skuname: 'StandardSSD_LRS' },
  reclaimPolicy: 'Delete',
  volumeBindingMode: 'WaitForFirstConsumer',
  allowVolumeExpansion: true,
} as KubeObject);

/**
 * eks: clusters created at EKS 1.30 or later have no default StorageClass (the AWS EKS user guide's 1.30 notes: "Amazon
 * EKS no longer includes the default annotation on the gp2 StorageClass resource applied to newly created clusters");
 * the gp2 class's own fields are not stated by an AWS page, and the EBS CSI add-on's default class is opt-in: none here.
 * gke: the driver (pd.csi.storage.gke.io) and its topology key are verified from the driver's code, the default class's
 * fields (standard-rwo) by no Google page reachable: none here. kubeadm: upstream creates no StorageClass.
 */
export const CLUSTER_PRESETS: Record<ClusterPreset, PresetSettings> = {
  gke: { extendedResourceToleration: false, storageClasses: [] },
  eks: { extendedResourceToleration: true, storageClasses: [] },
  aks: { extendedResourceToleration: false, storageClasses: [aksClass('default', true), aksClass('managed-csi', false)] },
  kubeadm: { extendedResourceToleration: false, storageClasses: [] },
};

// The built-in API groups each release's API server knows, and their kinds, for the release table (releases.ts):
// kubectl maps a manifest's apiVersion and kind through discovery (RESTMapper.RESTMapping) and refuses what no
// group serves. Each table is what k8s.io/api at the release's modelled patch registers: <group>/<version>/register.go
// addKnownTypes (lists, options and subresource-only types left out), with the release a kind is removed in from
// zz_generated.prerelease-lifecycle.go APILifecycleRemoved (`Kind@16` = removed in 1.16); apiextensions.k8s.io and
// apiregistration.k8s.io from their own repositories (v1beta1 removed in 1.22). Alpha versions are kept: a cluster
// may enable them. 1.35 is written out; the others are its deltas, checked against k8s.io/api v0.33.13, v0.34.4,
// v0.35.4, v0.36.3 and v0.37.2.

/** `<group>/<version>` (`v1` for the core group) → its kinds, space-separated, each `Kind` or `Kind@<removed minor>`. */
export type ApiGroupTable = Readonly<Record<string, string>>;

/** A table from another by its changes: a group version set to null is one the release does not have. */
const changed = (base: ApiGroupTable, delta: Record<string, string | null>): ApiGroupTable =>
  Object.fromEntries(Object.entries({ ...base, ...delta }).filter((e): e is [string, string] => e[1] !== null));

/** k8s.io/api v0.35.4. */
export const API_GROUPS_1_35: ApiGroupTable = {
  'admissionregistration.k8s.io/v1': 'MutatingWebhookConfiguration ValidatingAdmissionPolicy ValidatingAdmissionPolicyBinding ValidatingWebhookConfiguration',
  'admissionregistration.k8s.io/v1alpha1': 'MutatingAdmissionPolicy@38 MutatingAdmissionPolicyBinding@38 ValidatingAdmissionPolicy@32 ValidatingAdmissionPolicyBinding@32',
  'admissionregistration.k8s.io/v1beta1': 'MutatingAdmissionPolicy@40 MutatingAdmissionPolicyBinding@40 MutatingWebhookConfiguration@22 ValidatingAdmissionPolicy@34 ValidatingAdmissionPolicyBinding@34 ValidatingWebhookConfiguration@22',
  'internal.apiserver.k8s.io/v1alpha1': 'StorageVersion',
  'apps/v1': 'ControllerRevision DaemonSet Deployment ReplicaSet StatefulSet',
  'apps/v1beta1': 'ControllerRevision@16 Deployment@16 Scale@16 StatefulSet@16',
  'apps/v1beta2': 'ControllerRevision@16 DaemonSet@16 Deployment@16 ReplicaSet@16 Scale@16 StatefulSet@16',
  'authentication.k8s.io/v1': 'SelfSubjectReview TokenRequest TokenReview',
  'authentication.k8s.io/v1alpha1': 'SelfSubjectReview@32',
  'authentication.k8s.io/v1beta1': 'SelfSubjectReview@33 TokenReview@22',
  'authorization.k8s.io/v1': 'LocalSubjectAccessReview SelfSubjectAccessReview SelfSubjectRulesReview SubjectAccessReview',
  'authorization.k8s.io/v1beta1': 'LocalSubjectAccessReview@22 SelfSubjectAccessReview@22 SelfSubjectRulesReview@22 SubjectAccessReview@22',
  'autoscaling/v1': 'HorizontalPodAutoscaler Scale',
  'autoscaling/v2': 'HorizontalPodAutoscaler',
  'autoscaling/v2beta1': 'HorizontalPodAutoscaler@25',
  'autoscaling/v2beta2': 'HorizontalPodAutoscaler@26',
  'batch/v1': 'CronJob Job',
  'batch/v1beta1': 'CronJob@25',
  'certificates.k8s.io/v1': 'CertificateSigningRequest',
  'certificates.k8s.io/v1alpha1': 'ClusterTrustBundle@37',
  'certificates.k8s.io/v1beta1': 'CertificateSigningRequest@22 ClusterTrustBundle@39 PodCertificateRequest@41',
  'coordination.k8s.io/v1': 'Lease',
  'coordination.k8s.io/v1alpha2': 'LeaseCandidate@38',
  'coordination.k8s.io/v1beta1': 'Lease@22 LeaseCandidate@39',
  'v1': 'Binding ComponentStatus ConfigMap Endpoints Event LimitRange Namespace Node PersistentVolume PersistentVolumeClaim Pod PodTemplate ReplicationController ResourceQuota Secret Service ServiceAccount',
  'discovery.k8s.io/v1': 'EndpointSlice',
  'discovery.k8s.io/v1beta1': 'EndpointSlice@25',
  'events.k8s.io/v1': 'Event',
  'events.k8s.io/v1beta1': 'Event@25',
  'extensions/v1beta1': 'DaemonSet@16 Deployment@16 Ingress@22 NetworkPolicy@16 ReplicaSet@16 Scale@16',
  'flowcontrol.apiserver.k8s.io/v1': 'FlowSchema PriorityLevelConfiguration',
  'flowcontrol.apiserver.k8s.io/v1beta1': 'FlowSchema@26 PriorityLevelConfiguration@26',
  'flowcontrol.apiserver.k8s.io/v1beta2': 'FlowSchema@29 PriorityLevelConfiguration@29',
  'flowcontrol.apiserver.k8s.io/v1beta3': 'FlowSchema@32 PriorityLevelConfiguration@32',
  'networking.k8s.io/v1': 'IPAddress Ingress IngressClass NetworkPolicy ServiceCIDR',
  'networking.k8s.io/v1beta1': 'IPAddress@37 Ingress@22 IngressClass@22 ServiceCIDR@37',
  'node.k8s.io/v1': 'RuntimeClass',
  'node.k8s.io/v1alpha1': 'RuntimeClass',
  'node.k8s.io/v1beta1': 'RuntimeClass@25',
  'policy/v1': 'Eviction PodDisruptionBudget',
  'policy/v1beta1': 'Eviction@25 PodDisruptionBudget@25',
  'rbac.authorization.k8s.io/v1': 'ClusterRole ClusterRoleBinding Role RoleBinding',
  'rbac.authorization.k8s.io/v1alpha1': 'ClusterRole ClusterRoleBinding Role RoleBinding',
  'rbac.authorization.k8s.io/v1beta1': 'ClusterRole@22 ClusterRoleBinding@22 Role@22 RoleBinding@22',
  'resource.k8s.io/v1': 'DeviceClass ResourceClaim ResourceClaimTemplate ResourceSlice',
  'resource.k8s.io/v1alpha3': 'DeviceTaintRule@39',
  'resource.k8s.io/v1beta1': 'DeviceClass@38 ResourceClaim@38 ResourceClaimTemplate@38 ResourceSlice@38',
  'resource.k8s.io/v1beta2': 'DeviceClass@39 ResourceClaim@39 ResourceClaimTemplate@39 ResourceSlice@39',
  'scheduling.k8s.io/v1': 'PriorityClass',
  'scheduling.k8s.io/v1alpha1': 'PriorityClass Workload',
  'scheduling.k8s.io/v1beta1': 'PriorityClass@22',
  'storage.k8s.io/v1': 'CSIDriver CSINode CSIStorageCapacity StorageClass VolumeAttachment VolumeAttributesClass',
  'storage.k8s.io/v1alpha1': 'CSIStorageCapacity@24 VolumeAttachment@24 VolumeAttributesClass@35',
  'storage.k8s.io/v1beta1': 'CSIDriver@22 CSINode@22 CSIStorageCapacity@27 StorageClass@22 VolumeAttachment@22 VolumeAttributesClass@37',
  'storagemigration.k8s.io/v1beta1': 'StorageVersionMigration@41',
  'apiextensions.k8s.io/v1': 'CustomResourceDefinition',
  'apiextensions.k8s.io/v1beta1': 'CustomResourceDefinition@22',
  'apiregistration.k8s.io/v1': 'APIService',
  'apiregistration.k8s.io/v1beta1': 'APIService@22',
};

/** k8s.io/api v0.34.4: no Workload yet, StorageVersionMigration still v1alpha1, PodCertificateRequest alpha. */
export const API_GROUPS_1_34 = changed(API_GROUPS_1_35, {
  'certificates.k8s.io/v1alpha1': 'ClusterTrustBundle@37 PodCertificateRequest@40',
  'certificates.k8s.io/v1beta1': 'CertificateSigningRequest@22 ClusterTrustBundle@39',
  'scheduling.k8s.io/v1alpha1': 'PriorityClass',
  'storagemigration.k8s.io/v1alpha1': 'StorageVersionMigration@36',
  'storagemigration.k8s.io/v1beta1': null,
});

/** k8s.io/api v0.33.13: DRA still v1alpha3/v1beta*, no resource.k8s.io/v1 (GA in 1.34), no VolumeAttributesClass v1. */
export const API_GROUPS_1_33 = changed(API_GROUPS_1_34, {
  'admissionregistration.k8s.io/v1beta1': 'MutatingWebhookConfiguration@22 ValidatingAdmissionPolicy@34 ValidatingAdmissionPolicyBinding@34 ValidatingWebhookConfiguration@22',
  'certificates.k8s.io/v1alpha1': 'ClusterTrustBundle@37',
  'networking.k8s.io/v1alpha1': 'IPAddress@33 ServiceCIDR@33',
  'resource.k8s.io/v1': null,
  'resource.k8s.io/v1alpha3': 'DeviceClass@37 DeviceTaintRule@39 ResourceClaim@37 ResourceClaimTemplate@37 ResourceSlice@37',
  'storage.k8s.io/v1': 'CSIDriver CSINode CSIStorageCapacity StorageClass VolumeAttachment',
});

/**
 * k8s.io/api v0.36.3: MutatingAdmissionPolicy v1, scheduling.k8s.io/v1alpha1 replaced by v1alpha2 (PodGroup,
 * Workload). autoscaling/v2beta1 and v2beta2 are gone from k8s.io/api; kept as removed, as before.
 */
export const API_GROUPS_1_36 = changed(API_GROUPS_1_35, {
  'admissionregistration.k8s.io/v1': 'MutatingAdmissionPolicy MutatingAdmissionPolicyBinding MutatingWebhookConfiguration ValidatingAdmissionPolicy ValidatingAdmissionPolicyBinding ValidatingWebhookConfiguration',
  'certificates.k8s.io/v1beta1': 'CertificateSigningRequest@22 ClusterTrustBundle@40 PodCertificateRequest@41',
  'resource.k8s.io/v1alpha3': 'DeviceTaintRule@39 ResourcePoolStatusRequest@42',
  'resource.k8s.io/v1beta2': 'DeviceClass@39 DeviceTaintRule@42 ResourceClaim@39 ResourceClaimTemplate@39 ResourceSlice@39',
  'scheduling.k8s.io/v1alpha1': null,
  'scheduling.k8s.io/v1alpha2': 'PodGroup Workload',
});

/**
 * k8s.io/api v0.37.2: ClusterTrustBundle, PodCertificateRequest and DeviceTaintRule GA, StorageVersionMigration v1,
 * scheduling.k8s.io/v1alpha3 and v1beta1 (PodGroup, Workload), lifecycle.k8s.io/v1alpha1.
 */
export const API_GROUPS_1_37 = changed(API_GROUPS_1_36, {
  'certificates.k8s.io/v1': 'CertificateSigningRequest ClusterTrustBundle PodCertificateRequest',
  'certificates.k8s.io/v1beta1': 'CertificateSigningRequest@22 ClusterTrustBundle@40 PodCertificateRequest@40',
  'lifecycle.k8s.io/v1alpha1': 'Eviction@43 EvictionRequest@43',
  'resource.k8s.io/v1': 'DeviceClass DeviceTaintRule ResourceClaim ResourceClaimTemplate ResourceSlice',
  'scheduling.k8s.io/v1alpha2': null,
  'scheduling.k8s.io/v1alpha3': 'CompositePodGroup PodGroup Workload',
  'scheduling.k8s.io/v1beta1': 'PodGroup@43 PriorityClass@22 Workload@43',
  'storagemigration.k8s.io/v1': 'StorageVersionMigration',
  'storagemigration.k8s.io/v1beta1': 'StorageVersionMigration@40',
});

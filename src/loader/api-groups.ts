// The built-in API groups a v1.35 API server knows, and their kinds: kubectl maps a manifest's apiVersion and kind
// through discovery (RESTMapper.RESTMapping) and refuses what no group serves with
// `no matches for kind "Deployment" in version "batch/v1"`. Generated from k8s.io/api v0.35.7: each
// <group>/<version>/register.go addKnownTypes (options and subresource types left out), with the release a kind
// was removed in from zz_generated.prerelease-lifecycle.go APILifecycleRemoved (`Kind@16` = removed in 1.16);
// apiextensions.k8s.io and apiregistration.k8s.io from their own repositories (v1beta1 removed in 1.22).
// Alpha versions are kept: a cluster may enable them.
import { editDistance } from '../k8s/edit-distance';

export const KUBERNETES_MINOR = 35;

export const BUILT_IN_GROUP_VERSIONS: Record<string, string> = {
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

interface KindEntry { kind: string; removedIn?: number }
const parse = (list: string): KindEntry[] => list.split(' ').map((k) => {
  const [kind, removed] = k.split('@');
  return { kind, removedIn: removed ? Number(removed) : undefined };
});
const TABLE = new Map(Object.entries(BUILT_IN_GROUP_VERSIONS).map(([gv, list]) => [gv, parse(list)]));
const groupOf = (apiVersion: string) => (apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '');
const BUILT_IN_GROUPS = new Set([...TABLE.keys()].map(groupOf));
const served = (e: KindEntry) => e.removedIn === undefined || e.removedIn > KUBERNETES_MINOR;

/** Where a kind is served now (its GA version first): `apps/v1`. */
function servedAt(kind: string): string[] {
  const out = [...TABLE].filter(([, kinds]) => kinds.some((e) => e.kind === kind && served(e))).map(([gv]) => gv);
  return out.sort((a, b) => Number(/alpha|beta/.test(a)) - Number(/alpha|beta/.test(b)));
}

/**
 * kubectl's refusal for a kind no built-in group version serves (undefined when it is served, or the group is not
 * built in: CRDs and aggregated APIs load as before), then why and what to write instead.
 */
export function unservedKind(apiVersion: string, kind: string): string | undefined {
  if (!BUILT_IN_GROUPS.has(groupOf(apiVersion))) return undefined;
  const kinds = TABLE.get(apiVersion);
  const entry = kinds?.find((e) => e.kind === kind);
  if (entry && served(entry)) return undefined;
  const head = `no matches for kind ${JSON.stringify(kind)} in version ${JSON.stringify(apiVersion)}`;
  const now = servedAt(kind);
  if (entry) return `${head}: ${apiVersion} ${kind} was removed in Kubernetes 1.${entry.removedIn}${now.length ? `; use ${now[0]}` : ''}`;
  if (now.length) return `${head}: ${kind} is served as ${now[0]}`;
  const known = [...new Set([...TABLE].flatMap(([, ks]) => ks.filter(served).map((e) => e.kind)))];
  const near = known.find((k) => k.toLowerCase() === kind.toLowerCase()) ?? known.find((k) => closeKind(k, kind));
  const hint = near ? ` (did you mean ${near}${servedAt(near)[0] === apiVersion ? '' : ` in ${servedAt(near)[0]}`}?)` : '';
  if (!kinds) return `${head}: the API server serves no ${apiVersion}${hint}`;
  return `${head}${hint}; ${apiVersion} serves ${kinds.filter(served).map((e) => e.kind).join(', ')}`;
}

/** One edit apart (a swap of neighbours counts as one): `Deploymnet` → `Deployment`. */
const closeKind = (a: string, b: string) => Math.abs(a.length - b.length) <= 1 && editDistance(a, b, { swaps: true }) <= 1;

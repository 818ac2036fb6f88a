// The Kubernetes releases the library models, one row each: every rule that changed between releases asks this
// table (through releaseAtLeast, gateDefault or the row itself), never the version string. Adding a release is a row
// here, its oracle module (oracle/k8s-<minor>, test/releases/table.test.ts checks it) and the deltas it brings.
import { API_GROUPS_1_33, API_GROUPS_1_34, API_GROUPS_1_35, API_GROUPS_1_36, API_GROUPS_1_37, type ApiGroupTable } from './api-groups-by-release';

/**
 * The feature gates the model reads (pkg/features/kube_features.go at each row's patch): 'off' and 'on' are the
 * release's default, 'locked' is on and LockToDefault; a gate missing from a row does not exist in that release.
 */
export type GateName =
  | 'ContainerRestartRules'
  | 'DRAExtendedResource'
  | 'DynamicResourceAllocation'
  | 'EnvFiles'
  | 'ImageVolume'
  | 'InPlacePodLevelResourcesVerticalScaling'
  | 'MatchLabelKeysInPodTopologySpreadSelectorMerge'
  | 'MaxUnavailableStatefulSet'
  | 'NodeDeclaredFeatures'
  | 'PodLevelResources'
  | 'PodLevelResourcesFixDefaulting'
  | 'RelaxedEnvironmentVariableValidation'
  | 'RestartAllContainersOnContainerExits'
  | 'SELinuxMount'
  | 'StorageCapacityScoring'
  | 'StrictIPCIDRValidation'
  | 'TaintTolerationComparisonOperators'
  | 'VolumeAttributesClass'
  | 'VolumeLimitScaling';
export type GateState = 'off' | 'on' | 'locked';
type Gates = Readonly<Partial<Record<GateName, GateState>>>;

export interface Release {
  /** The minor, for arithmetic across releases (the kubelet version skew, an API's removal). */
  minor: number;
  /** The k8s.io/kubernetes its oracle module pins; charts render for it (helm's --kube-version) unless told otherwise. */
  patch: string;
  /** The oracle module that verifies the release: oracle/<oracle>/go.mod pins `patch`. */
  oracle: string;
  gates: Gates;
  /** The built-in API groups and kinds its API server knows (loader/api-groups.ts). */
  apiGroups: ApiGroupTable;
  /**
   * NodeDeclaredFeatures' registry (component-helpers features/registry.go AllFeatures), sorted as ndf.New sorts
   * it; empty before the plugin exists.
   */
  nodeDeclaredFeatures: readonly string[];
}

// DynamicResourceAllocation: the DynamicResources plugin in the default profile (beta off 1.33, GA 1.34, locked 1.35),
// whose PostFilter joins the FitError; StorageCapacityScoring: VolumeBinding's Score (alpha 1.33, beta on 1.37); VolumeAttributesClass: FindMatchingVolume's
// VAC rules (beta off 1.31, GA 1.34, locked 1.36); ImageVolume: the `image` volume source (beta off 1.33, on 1.35, GA
// and locked 1.36; off, pkg/api/pod/util.go dropImageVolumes drops such volumes and their mounts before validation);
// RelaxedEnvironmentVariableValidation: any printable ASCII but '=' in an env var name or envFrom prefix (beta on 1.32, GA
// and locked 1.34); EnvFiles: an env var's fileKeyRef (alpha off 1.34, where dropFileKeyRefInUse drops it; beta on 1.35);
// SELinuxMount: a pod's seLinuxChangePolicy may be MountOption (beta off 1.33, GA on 1.37; off, only Recursive);
// RestartAllContainersOnContainerExits: a container restart rule's RestartAllContainers action (alpha off 1.35, beta on 1.36);
// MaxUnavailableStatefulSet: a StatefulSet's rollingUpdate.maxUnavailable (alpha off 1.24, beta off 1.35, beta on 1.37;
// off, the registry strategy drops it on create, so it is never refused)
const GATES_1_33: Gates = {
  DynamicResourceAllocation: 'off', ImageVolume: 'off', MaxUnavailableStatefulSet: 'off', PodLevelResources: 'off', RelaxedEnvironmentVariableValidation: 'on', SELinuxMount: 'off', StorageCapacityScoring: 'off',
  StrictIPCIDRValidation: 'off', VolumeAttributesClass: 'off',
};
const GATES_1_34: Gates = {
  ...GATES_1_33, ContainerRestartRules: 'off', DRAExtendedResource: 'off', DynamicResourceAllocation: 'on', EnvFiles: 'off', MatchLabelKeysInPodTopologySpreadSelectorMerge: 'on', PodLevelResources: 'on',
  RelaxedEnvironmentVariableValidation: 'locked', VolumeAttributesClass: 'on',
};
const GATES_1_35: Gates = {
  ...GATES_1_34, ContainerRestartRules: 'on', RestartAllContainersOnContainerExits: 'off', DynamicResourceAllocation: 'locked', EnvFiles: 'on', ImageVolume: 'on', InPlacePodLevelResourcesVerticalScaling: 'off', NodeDeclaredFeatures: 'off', TaintTolerationComparisonOperators: 'off',
  VolumeLimitScaling: 'off',
};
const GATES_1_36: Gates = {
  ...GATES_1_35, DRAExtendedResource: 'on', RestartAllContainersOnContainerExits: 'on', ImageVolume: 'locked', InPlacePodLevelResourcesVerticalScaling: 'on', NodeDeclaredFeatures: 'on', StrictIPCIDRValidation: 'on',
  VolumeAttributesClass: 'locked',
};
const GATES_1_37: Gates = {
  ...GATES_1_36, DRAExtendedResource: 'locked', MaxUnavailableStatefulSet: 'on', NodeDeclaredFeatures: 'locked', PodLevelResourcesFixDefaulting: 'on', SELinuxMount: 'on', StorageCapacityScoring: 'on', VolumeLimitScaling: 'on',
};

/** Oldest first; the last row is the newest release, the default. */
const ROWS = {
  '1.33': {
    minor: 33, patch: 'v1.33.13', oracle: 'k8s-1.33', gates: GATES_1_33, apiGroups: API_GROUPS_1_33, nodeDeclaredFeatures: [],
  },
  '1.34': {
    minor: 34, patch: 'v1.34.4', oracle: 'k8s-1.34', gates: GATES_1_34, apiGroups: API_GROUPS_1_34, nodeDeclaredFeatures: [],
  },
  '1.35': {
    minor: 35, patch: 'v1.35.4', oracle: 'k8s-1.35', gates: GATES_1_35, apiGroups: API_GROUPS_1_35,
    // component-helpers v0.35.4
    nodeDeclaredFeatures: ['GuaranteedQoSPodCPUResize', 'InPlacePodLevelResourcesVerticalScaling', 'RestartAllContainersOnContainerExits'],
  },
  '1.36': {
    minor: 36, patch: 'v1.36.3', oracle: 'k8s-1.36', gates: GATES_1_36, apiGroups: API_GROUPS_1_36,
    // component-helpers v0.36.3
    nodeDeclaredFeatures: ['ExtendWebSocketsToKubelet', 'InPlacePodLevelResourcesVerticalScaling', 'InPlacePodVerticalScalingInitContainers',
      'RestartAllContainersOnContainerExits', 'UserNamespacesHostNetworkSupport'],
  },
  '1.37': {
    minor: 37, patch: 'v1.37.2', oracle: 'k8s-1.37', gates: GATES_1_37, apiGroups: API_GROUPS_1_37,
    // component-helpers v0.37.2
    nodeDeclaredFeatures: ['DRANodeAllocatableResources', 'DRAOptionalNodeOperations', 'ExtendWebSocketsToKubelet', 'InPlacePodLevelResourcesVerticalScaling',
      'InPlacePodVerticalScalingInitContainers', 'InPlacePodVerticalScalingMemoryBackedVolumes', 'RestartAllContainersOnContainerExits',
      'UserNamespacesHostNetworkSupport', 'VolumeBindMountOptions'],
  },
} satisfies Record<`1.${number}`, Release>;

export type KubernetesVersion = keyof typeof ROWS;
export const RELEASES: Readonly<Record<KubernetesVersion, Release>> = ROWS;

/** Kubernetes releases a setting can name, oldest first, each verified by its own oracle module. */
export const KUBERNETES_VERSIONS = Object.keys(RELEASES) as readonly KubernetesVersion[];

/** The newest release in the table. */
export const NEWEST_RELEASE: KubernetesVersion = KUBERNETES_VERSIONS[KUBERNETES_VERSIONS.length - 1];

/** The row of a release; an error for one the table does not have (there is no fallback to another release). */
export function releaseRow(version: string): Release {
  const row = (RELEASES as Record<string, Release>)[version];
  if (!row) throw new Error(`unknown Kubernetes release ${JSON.stringify(version)} (the release table has ${KUBERNETES_VERSIONS.join(', ')})`);
  return row;
}

/** Is `version` `release` or later? */
export const atLeast = (version: KubernetesVersion, release: KubernetesVersion): boolean => releaseRow(version).minor >= releaseRow(release).minor;

/** The releases from `release` on (`releasesFrom('1.36')`: 1.36 to the newest). */
export const releasesFrom = (release: KubernetesVersion): KubernetesVersion[] => KUBERNETES_VERSIONS.filter((v) => atLeast(v, release));

/** The releases before `release`. */
export const releasesBefore = (release: KubernetesVersion): KubernetesVersion[] => KUBERNETES_VERSIONS.filter((v) => !atLeast(v, release));

/** The gate's state in the release; undefined when the release does not have it. */
export const gateState = (gate: GateName, version: KubernetesVersion): GateState | undefined => releaseRow(version).gates[gate];

/** The gate's default in the release (false when the release does not have it). */
export const gateDefault = (gate: GateName, version: KubernetesVersion): boolean => {
  const state = gateState(gate, version);
  return state === 'on' || state === 'locked';
};

/** The first release that has the gate. */
export const gateSince = (gate: GateName): KubernetesVersion | undefined => KUBERNETES_VERSIONS.find((v) => gateState(gate, v) !== undefined);

/**
 * version.GreaterThan on major.minor(.patch) (k8s.io/apimachinery/pkg/util/version): is `a` newer than `b`? For
 * versions outside the table (a feature's MaxVersion, a kubelet's version).
 */
export function versionGreaterThan(a: string, b: string): boolean {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) > (y[i] ?? 0);
  return false;
}

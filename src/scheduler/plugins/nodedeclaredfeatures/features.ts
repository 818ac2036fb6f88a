// The node features a pod needs to be scheduled, as k8s.io/component-helpers/nodedeclaredfeatures infers them
// (features/registry.go AllFeatures, each feature's InferForScheduling). Only the features whose
// InferForScheduling can return true are listed; the others (in-place resize, ExtendWebSocketsToKubelet, the DRA
// ones) matter only for pod updates or nothing the scheduler reads.
import { releaseRow, versionGreaterThan, type KubernetesVersion } from '../../../core/releases';
import type { Subject } from '../../../k8s/subject';

type Spec = Subject['spec'];
type AnyContainer = { restartPolicyRules?: Array<{ action?: string }>; volumeMounts?: Array<{ bindMountOptions?: string[] }> };

/** One field of the spec that makes the pod need the feature, e.g. `containers[0].restartPolicyRules[1]`. */
export type Need = string;

export interface DeclaredFeature {
  name: string;
  /**
   * Feature.MaxVersion(): from a scheduler newer than this the feature is no longer required (every supported node
   * has it). nil for every feature at v1.35.4, v1.36.3 and v1.37.2.
   */
  maxVersion?: string;
  /** Where the spec needs it; empty when it does not. */
  needs(spec: Spec): Need[];
}

// the containers and the init containers (the one feature that also reads ephemeral containers,
// volumebindmountoptions, is left out: below)
const containersOf = (spec: Spec) => [
  ...((spec.containers ?? []) as AnyContainer[]).map((c, i) => ({ c, at: `containers[${i}]` })),
  ...((spec.initContainers ?? []) as AnyContainer[]).map((c, i) => ({ c, at: `initContainers[${i}]` })),
];

/** features/restartallcontainers (1.35+): a restartPolicyRules entry with action RestartAllContainers, in a container or an init container. */
const RestartAllContainersOnContainerExits: DeclaredFeature = {
  name: 'RestartAllContainersOnContainerExits',
  needs: (spec) => containersOf(spec).flatMap(({ c, at }) =>
    (c.restartPolicyRules ?? []).flatMap((r, j) => (r?.action === 'RestartAllContainers' ? [`${at}.restartPolicyRules[${j}]`] : []))),
};

/** features/usernamespaceshostnetwork (1.36+): hostNetwork true with hostUsers false. */
const UserNamespacesHostNetworkSupport: DeclaredFeature = {
  name: 'UserNamespacesHostNetworkSupport',
  needs: (spec) => ((spec as { hostNetwork?: boolean }).hostNetwork === true && (spec as { hostUsers?: boolean }).hostUsers === false ? ['hostNetwork, hostUsers'] : []),
};

// features/volumebindmountoptions (1.37: volumeMounts[].bindMountOptions) is left out on purpose: the field is
// alpha (VolumeBindMountOptions, off by default) and the API server drops it on create while the gate is off
// (pkg/api/pod/util.go dropDisabledFields at v1.37.2), so the scheduler of a default 1.37 cluster never sees it.
// test/oracle/known.ts `bind-mount-options-dropped-on-create` records the difference with the oracle, which
// schedules the objects as given.

/** The release's registry (the release table's nodeDeclaredFeatures), in registry order, scheduling-relevant features only. */
export function registry(release: KubernetesVersion): DeclaredFeature[] {
  const registered = releaseRow(release).nodeDeclaredFeatures;
  return [RestartAllContainersOnContainerExits, UserNamespacesHostNetworkSupport].filter((f) => registered.includes(f.name));
}

/**
 * Framework.InferForPodScheduling(pod, scheduler version): the features the pod needs, sorted by name (the
 * registry's order after ndf.New sorts it), each with the fields that need it. A feature past its MaxVersion is
 * not required. The scheduler's version is its binary's (the oracle stamps v1.37.2); the library has the release.
 */
export function requiredFeatures(spec: Spec, release: KubernetesVersion, features = registry(release)): Array<{ name: string; needs: Need[] }> {
  return features
    .filter((f) => !(f.maxVersion && versionGreaterThan(release, f.maxVersion)))
    .map((f) => ({ name: f.name, needs: f.needs(spec) }))
    .filter((f) => f.needs.length > 0)
    // Stryker disable next-line EqualityOperator: a registry's names are unique, so `<=` is `<` (no two compare equal)
    .sort((a, b) => (a.name < b.name ? -1 : 1));
}

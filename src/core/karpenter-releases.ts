// The Karpenter releases the library models, one row each (like releases.ts for Kubernetes): every Karpenter rule that
// changed between releases asks this table (karpenterRelease(settings().karpenterVersion)), never the version string.
// Adding a release is a row here, its oracle module (oracle/karpenter-<minor>, pinning `module`) and the deltas it brings.

export interface KarpenterRelease {
  /** The sigs.k8s.io/karpenter its oracle module pins. */
  module: string;
  /** The oracle module that verifies it: oracle/<oracle>/go.mod requires `module`. */
  oracle: string;
  /**
   * The provisioner gives a pod that declares no topologySpreadConstraints the cluster's default ones (the scheduler's
   * PodTopologySpread `defaultConstraints`, from Karpenter's --scheduler-config), with the selector kube-scheduler
   * deduces (pkg/controllers/provisioning/scheduling/defaultconstraints.go, new in v1.15.0; kubernetes-sigs/karpenter#3205).
   */
  defaultTopologySpread: boolean;
  /** The NodePool CRD's requirement operator enum, in its order (the API server lists it so in "Unsupported value"). */
  nodePoolOperators: readonly string[];
  /** The CRD's disruption budget `reasons` enum (v1.15.0 adds Unhealthy, for node repair through the budgets). */
  disruptionReasons: readonly string[];
  /** The CRD requires spec.disruption.consolidateAfter (v1.15.0 makes it optional, default 0s). */
  consolidateAfterRequired: boolean;
}

/** Oldest first; the last row is the newest release, the default. */
// pkg/apis/crds/karpenter.sh_nodepools.yaml at each tag
const ROWS = {
  '1.14': {
    module: 'v1.14.3', oracle: 'karpenter-1.14', defaultTopologySpread: false,
    nodePoolOperators: ['Gte', 'Lte', 'In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt'],
    disruptionReasons: ['Underutilized', 'Empty', 'Drifted'], consolidateAfterRequired: true,
  },
  '1.15': {
    module: 'v1.15.0', oracle: 'karpenter-1.15', defaultTopologySpread: true,
    nodePoolOperators: ['In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt', 'Gte', 'Lte'],
    disruptionReasons: ['Underutilized', 'Empty', 'Drifted', 'Unhealthy'], consolidateAfterRequired: false,
  },
} as const satisfies Record<string, KarpenterRelease>;

export type KarpenterVersion = keyof typeof ROWS;
export const KARPENTER_VERSIONS = Object.keys(ROWS) as KarpenterVersion[];
export const NEWEST_KARPENTER: KarpenterVersion = KARPENTER_VERSIONS[KARPENTER_VERSIONS.length - 1];

export function karpenterRelease(version: KarpenterVersion): Readonly<KarpenterRelease> {
  return ROWS[version];
}

/** configure's check of `karpenterVersion`: the value, or a thrown usage error naming the modelled ones. */
export function checkKarpenterVersion(version: unknown): KarpenterVersion {
  if (!(KARPENTER_VERSIONS as readonly unknown[]).includes(version)) {
    throw new Error(`configure: unsupported karpenterVersion ${JSON.stringify(version)} (supported: ${KARPENTER_VERSIONS.map((v) => `'${v}'`).join(', ')})`);
  }
  return version as KarpenterVersion;
}

// Which managed platform a node dump comes from, when its nodes say so unmistakably, and whether the settings model
// that platform's admission (core/presets.ts). The data for the hint of issue 31 (worded in explain/platform.ts):
// an EKS dump checked with upstream's admission misses ExtendedResourceToleration, which EKS runs.
import { CLUSTER_PRESETS, type ClusterPreset } from '../core/presets';
import type { Node } from '../core/types';

type Platform = Exclude<ClusterPreset, 'kubeadm'>;

/**
 * Labels only the platform itself puts on its nodes: EKS managed node groups (`eks.amazonaws.com/nodegroup`,
 * `eks.amazonaws.com/capacityType`), Fargate and Auto Mode (`eks.amazonaws.com/compute-type`); GKE node pools
 * (`cloud.google.com/gke-nodepool`); AKS agent pools (`kubernetes.azure.com/agentpool`). A provider ID alone is not
 * enough: kops and self-managed clusters on EC2, GCE or Azure VMs carry `aws:///`, `gce://` and `azure:///` too.
 */
const PLATFORM_LABELS: Record<Platform, readonly string[]> = {
  eks: ['eks.amazonaws.com/nodegroup', 'eks.amazonaws.com/capacityType', 'eks.amazonaws.com/compute-type'],
  gke: ['cloud.google.com/gke-nodepool'],
  aks: ['kubernetes.azure.com/agentpool'],
};
/** The cloud provider's spec.providerID scheme: a node whose provider ID names another cloud is not counted. */
const PROVIDER_SCHEME: Record<Platform, string> = { eks: 'aws://', gke: 'gce://', aks: 'azure://' };

export const PLATFORM_NAMES: Record<Platform, string> = { eks: 'EKS', gke: 'GKE', aks: 'AKS' };

export interface PlatformHint {
  platform: Platform;
  /** The label that tells (on the first node of the platform). */
  label: string;
  /** The admission steps whose setting differs from the platform's preset, with the preset's value. */
  differs: Array<{ step: 'ExtendedResourceToleration'; platform: boolean }>;
}

function platformOf(node: Node): { platform: Platform; label: string } | undefined {
  const labels = node.metadata?.labels ?? {};
  const providerID = node.spec?.providerID;
  for (const platform of Object.keys(PLATFORM_LABELS) as Platform[]) {
    const label = PLATFORM_LABELS[platform].find((k) => typeof labels[k] === 'string');
    if (!label) continue;
    if (typeof providerID === 'string' && providerID && !providerID.startsWith(PROVIDER_SCHEME[platform])) return undefined;
    return { platform, label };
  }
  return undefined;
}

/**
 * The hint for these nodes under the given admission setting: when the nodes come from one platform (none says
 * another) and its preset would set the admission steps otherwise. Undefined when the settings already match.
 */
export function platformHint(nodes: readonly Node[], extendedResourceToleration: boolean): PlatformHint | undefined {
  let found: Omit<PlatformHint, 'differs'> | undefined;
  for (const node of nodes) {
    const p = platformOf(node);
    if (!p) continue;
    if (found && found.platform !== p.platform) return undefined; // nodes of two platforms: nothing is unmistakable
    found ??= p;
  }
  if (!found) return undefined;
  const preset = CLUSTER_PRESETS[found.platform];
  if (preset.extendedResourceToleration === extendedResourceToleration) return undefined;
  return { ...found, differs: [{ step: 'ExtendedResourceToleration', platform: preset.extendedResourceToleration }] };
}

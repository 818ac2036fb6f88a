// The Karpenter question: would Karpenter launch a node from these NodePools for the pod, which pool, and if not,
// every pool's reason in Karpenter's own words (karpenter/, after pkg/controllers/provisioning/scheduling).
import type { Subject } from '../k8s/subject';
import { describeObject } from '../k8s/subject';
import { poolModel, provision as provisionFor, type InstanceType, type NodePool, type ProvisioningResult } from '../karpenter';
import { resourceAssumption, volumeAssumption } from '../karpenter/provision';
import type { KubeObject } from '../core/types';

export interface ProvisionAnswer extends ProvisioningResult {
  pod: string;
  kind: string;
  /** The pools as messages name them, in the order given. */
  poolLabels: string[];
  /** The assumption behind a yes without instance types (`assuming an instance type with nvidia.com/gpu exists …`). */
  assumption?: string;
  /** Whether the provider's instance types were checked rather than assumed. */
  instanceTypes: boolean;
}

/**
 * Karpenter's choice among the NodePools (checked with nodePoolOf) for one pod of the subject. `storage` holds the
 * storage objects (STORAGE_KINDS, checked by the caller), beside configure({ storage })'s: the pod's claims.
 */
export function provision(subject: Subject, pools: readonly NodePool[], instanceTypes?: InstanceType[], storage?: readonly KubeObject[]): ProvisionAnswer {
  const result = provisionFor(subject, pools.map(poolModel), { instanceTypes, storage });
  const yes = result.chosen !== undefined || (pools.length === 1 && result.pools[0]?.ok);
  const assumed = yes ? [!instanceTypes ? resourceAssumption(subject) : undefined, volumeAssumption(subject, storage)].filter(Boolean) : [];
  const assumption = assumed.length ? assumed.join('; ') : undefined;
  return {
    ...result, pod: subject.label, kind: subject.kind, poolLabels: pools.map((p) => describeObject(p)),
    ...(assumption ? { assumption } : {}), instanceTypes: instanceTypes !== undefined,
  };
}

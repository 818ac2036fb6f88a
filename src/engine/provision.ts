// The Karpenter question: would Karpenter launch a node from these NodePools for the pod, which pool, and if not,
// every pool's reason in Karpenter's own words (karpenter/, after pkg/controllers/provisioning/scheduling).
import type { Subject } from '../k8s/subject';
import { describeObject } from '../k8s/subject';
import { clusterDaemonSets, poolModel, provisionModelled, type InstanceType, type ProvisioningResult, type NodePool } from '../karpenter';
import { isDaemonPod, NO_DAEMONSETS_ASSUMPTION, resourceAssumption } from '../karpenter/provision';
import type { KubeObject } from '../core/types';
import type { StorageAssumption } from '../core/storage-kinds';
import { underAssumption } from './schedule';

export interface ProvisionAnswer extends ProvisioningResult {
  pod: string;
  kind: string;
  /** The pools as messages name them, in the order given. */
  poolLabels: string[];
  /**
   * The assumption behind a yes: without instance types, that one with the pod's extended resources exists
   * (`assuming an instance type with nvidia.com/gpu exists …`); with them but without `daemonSets`, that no DaemonSet pod
   * runs on the new node.
   */
  assumption?: string;
  /** Whether the provider's instance types were checked rather than assumed. */
  instanceTypes: boolean;
}

const isYes = (a: ProvisioningResult) => a.chosen !== undefined || (a.pools.length === 1 && !!a.pools[0]?.ok);

/**
 * Karpenter's choice among the NodePools (checked with nodePoolOf) for one pod of the subject. `storage` holds the
 * storage objects (STORAGE_KINDS, checked by the caller), beside configure({ storage })'s and the preset's: the pod's
 * claims, read as the volume model holds them (karpenter/volume-model.ts), under `storageAssumption` when given.
 */
export function provision(subject: Subject, pools: readonly NodePool[], instanceTypes?: InstanceType[], storage?: readonly KubeObject[], storageAssumption?: StorageAssumption, daemonSets?: readonly KubeObject[]): ProvisionAnswer {
  const counted = clusterDaemonSets(daemonSets);
  const result = underAssumption(storageAssumption, () => provisionModelled(subject, pools.map(poolModel), { instanceTypes, storage, daemonSets: counted }));
  // a no stands without DaemonSets (their pods only add requests); a yes with instance types rests on them
  const assumption = !isYes(result) ? undefined
    : !instanceTypes ? resourceAssumption(subject) : counted === undefined && !isDaemonPod(subject) ? NO_DAEMONSETS_ASSUMPTION : undefined;
  return {
    ...result, pod: subject.label, kind: subject.kind, poolLabels: pools.map((p) => describeObject(p)),
    ...(assumption ? { assumption } : {}), instanceTypes: instanceTypes !== undefined,
  };
}

/**
 * The answer is no verdict: the pod's claims are not all modelled and Karpenter would launch a node by what is (a
 * claim's volume topology may still rule the pool out, or another pool in). A rejection stands: volume topology only
 * adds requirements, and Validate's other errors do not depend on it.
 */
export const unknownProvision = (a: ProvisionAnswer): boolean => !!a.notModelled?.length && isYes(a);

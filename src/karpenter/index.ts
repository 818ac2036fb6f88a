// Karpenter NodePools: which pods a pool would provision for, and what its nodes look like.
export type { NodePool, NodeSelectorRequirementWithMinValues } from '../k8s/nodepool';
export { isNodePool } from '../k8s/nodepool';
export { poolModel, orderByWeight, type PoolModel } from './pool';
export { provision, type PoolVerdict, type ProvisioningResult, type ProvisionOptions, type Stage } from './provision';
export { provisionModelled } from './volume-model';
export { checkInstanceTypes, type InstanceType, type InstanceTypeOffering } from './instance-types';
export { nodesFromNodePool, type NodesFromNodePoolOptions } from './nodes';
export { validateNodePool } from './validation';
export { requirement, compatible, intersects, formatRequirement, type Requirement, type Requirements } from './requirements';

import { toSubject } from '../k8s/subject';
import { provisionModelled } from './volume-model';
import type { ProvisioningResult } from './provision';
import { poolModel } from './pool';
import { daemonSetsOf, nodePoolsOf, NodePoolInputError } from './inputs';
import { storageProblem } from '../core/storage-kinds';
import type { KubeObject } from '../core/types';
import { checkInstanceTypes } from './instance-types';
import { settings } from '../core/config';

/**
 * Which NodePool Karpenter would launch a node from for the workload's pod, with every pool's verdict. `storage`: the
 * storage objects (PersistentVolumeClaims, PersistentVolumes, StorageClasses, …) its claims are read from, as the
 * volume model holds them; `notModelled` lists the claims they leave undecided (then `chosen` is not a verdict).
 * `daemonSets`: the cluster's DaemonSets, whose pods count against a new node's instance type (daemon-overhead.ts).
 */
export function chooseNodePool(workload: unknown, nodePools: Iterable<unknown>, options: { instanceTypes?: unknown; storage?: unknown; daemonSets?: unknown } = {}): ProvisioningResult {
  const instanceTypes = options.instanceTypes === undefined ? undefined : checkInstanceTypes(options.instanceTypes);
  const daemonSets = clusterDaemonSets(options.daemonSets === undefined ? undefined : daemonSetsOf(options.daemonSets));
  return provisionModelled(toSubject(workload), nodePoolsOf(nodePools).map(poolModel), { instanceTypes, storage: storageOption(options.storage), daemonSets });
}

/**
 * The DaemonSets a question counts: configure({ daemonSets })'s, each replaced by a given one of the same namespace and
 * name, then the given ones; undefined when neither is given.
 */
export function clusterDaemonSets(given: readonly KubeObject[] | undefined): readonly KubeObject[] | undefined {
  const configured = settings().daemonSets;
  if (configured === undefined) return given;
  if (given === undefined) return configured;
  const key = (d: KubeObject) => `${d.metadata?.namespace || 'default'}/${d.metadata?.name ?? ''}`;
  const replaced = new Set(given.map(key));
  return [...configured.filter((d) => !replaced.has(key(d))), ...given];
}

function storageOption(x: unknown): KubeObject[] | undefined {
  if (x === undefined) return undefined;
  if (typeof x !== 'object' || x === null || !(Symbol.iterator in x)) throw new NodePoolInputError('expected options.storage to be an array of storage objects');
  const list = [...(x as Iterable<unknown>)];
  const problem = storageProblem(list, 'options.storage');
  if (problem) throw new NodePoolInputError(problem);
  return list as KubeObject[];
}

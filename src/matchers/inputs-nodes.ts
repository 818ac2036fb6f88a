// Matcher inputs for the many-node and existing-pod forms.
import type { KubeObject, Node, Pod } from '../core/types';
import { settings } from '../core/config';
import { nodeAllocatable, PolicyInputError, POLICY_KINDS, storageAssumptionProblem, storageProblem, underNamespacePolicy, type NamespacePolicy, type StorageAssumption } from '../engine';
import { apiServerErrors, labelOf, nodeOf, UsageError } from './inputs';
import type { MatcherResult } from './context';

/**
 * With configure({ requireAllocatable: true }), a node without status.allocatable is an error, not "unconstrained";
 * one with status.capacity has it (the API server copies capacity into allocatable, SetDefaults_NodeStatus).
 */
export function checkAllocatable(node: Node): Node {
  if (settings().requireAllocatable && !nodeAllocatable(node)) {
    throw new UsageError(
      `${labelOf(node)} declares no status.allocatable, so its resources cannot be checked; ` +
      'configure({ requireAllocatable: true }) makes that an error (add status.allocatable, e.g. from kubectl get node -o yaml)',
    );
  }
  return node;
}

export function nodesOf(x: unknown): Node[] {
  const list = x && typeof x === 'object' && Symbol.iterator in x ? [...(x as Iterable<unknown>)] : undefined;
  if (!list) throw new UsageError(`expected an array (or iterable) of Node objects, received ${JSON.stringify(x)?.slice(0, 80)}`);
  if (list.length === 0) throw new UsageError('expected at least one node, received an empty list');
  return list.map((n, i) => checkAllocatable(nodeOf(n, `node at index ${i}`)));
}

export function existingPodsOf(options: unknown): Pod[] | undefined {
  return schedulingOptionsOf(options, false).existingPods;
}

export interface ParsedSchedulingOptions {
  existingPods?: Pod[];
  /** toBeSchedulableOn only: the rest of the cluster. */
  nodes?: Node[];
  /** The Namespace objects given (other kinds in a collection are left out). */
  namespaces?: KubeObject[];
  /** The Service objects given (other kinds in a collection are left out). */
  services?: KubeObject[];
  /** The storage objects given (STORAGE_KINDS; another kind is a usage error, never left out). */
  storage?: KubeObject[];
  /** The stated storage assumption for this check (core/storage-kinds.ts STORAGE_ASSUMPTIONS), over configure's. */
  storageAssumption?: StorageAssumption;
  /** The PodDisruptionBudgets given (other kinds in a collection are left out): DefaultPreemption reads them. */
  podDisruptionBudgets?: KubeObject[];
  /** The cluster's KubeSchedulerConfiguration for this check, over configure({ schedulerConfiguration }). */
  schedulerConfiguration?: object;
  limitRanges?: KubeObject[];
  resourceQuotas?: KubeObject[];
  runtimeClasses?: KubeObject[];
  priorityClasses?: KubeObject[];
}

/** The namespace policy options, as the usage errors list them. */
export const POLICY_OPTIONS = Object.keys(POLICY_KINDS) as Array<keyof typeof POLICY_KINDS>;

/** The scheduling matchers' options after `existingPods` (and toBeSchedulableOn's `nodes`), in the order the usage errors list them. */
const SCHEDULING_KEYS = ['namespaces', 'services', 'storage', 'storageAssumption', 'podDisruptionBudgets', 'schedulerConfiguration', ...POLICY_OPTIONS];

/**
 * `options.limitRanges`, `resourceQuotas`, `runtimeClasses` and `priorityClasses`: each an array or iterable (a
 * loadManifests collection works: its objects of that kind are used), over configure's of that kind for this check.
 * Anything but an options object gives none (the matcher's own options check says what is wrong with it).
 */
export function policyOf(options: unknown): NamespacePolicy & { [K in keyof NamespacePolicy]?: KubeObject[] } {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return {};
  const o = options as Record<string, unknown>;
  return Object.fromEntries(POLICY_OPTIONS.filter((k) => o[k] !== undefined).map((k) => [k, objectsOf(o[k], k, POLICY_KINDS[k])]));
}

/** `fn` under the namespace policy of the matcher's options; an object there the API server would not hold is a usage error. */
export function inPolicy<T>(policy: NamespacePolicy, fn: () => T): T {
  try {
    return underNamespacePolicy(policy, fn);
  } catch (e) {
    if (e instanceof PolicyInputError) throw new UsageError(e.message);
    throw e;
  }
}

/**
 * A matcher's checks and question (`body`) under the namespace policy its options give, and its message too (worked
 * out later, under the same objects).
 */
export function underPolicy(options: unknown, body: () => MatcherResult): MatcherResult {
  const policy = policyOf(options);
  if (!Object.keys(policy).length) return body();
  const result = inPolicy(policy, body);
  const message = result.message;
  return { ...result, message: () => inPolicy(policy, message) };
}

/** `options.schedulerConfiguration`: a KubeSchedulerConfiguration object (the engine decodes and validates it). */
export function schedulerConfigurationOf(x: unknown): object {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) {
    throw new UsageError(`options.schedulerConfiguration must be a KubeSchedulerConfiguration object (apiVersion: kubescheduler.config.k8s.io/v1), received ${JSON.stringify(x)?.slice(0, 80)}`);
  }
  return x;
}

/** `options.storageAssumption`: one of STORAGE_ASSUMPTIONS. */
export function storageAssumptionOf(x: unknown): StorageAssumption {
  const problem = storageAssumptionProblem(x, 'options.storageAssumption');
  if (problem) throw new UsageError(problem);
  return x as StorageAssumption;
}

function listOf(x: unknown, what: string): unknown[] {
  if (Array.isArray(x)) return x;
  if (x && typeof x === 'object' && Symbol.iterator in x) return [...(x as Iterable<unknown>)];
  throw new UsageError(`options.${what} must be an array (or iterable), received ${JSON.stringify(x)?.slice(0, 80)}`);
}

/** The objects of `kind` in `options.<what>` (an array, or any iterable such as a loadManifests collection). */
export function objectsOf(x: unknown, what: string, kind: string): KubeObject[] {
  return listOf(x, what).filter((o, i) => {
    if (typeof o !== 'object' || o === null || typeof (o as KubeObject).kind !== 'string') {
      throw new UsageError(`options.${what}[${i}] is not a Kubernetes object (expected ${kind} objects, e.g. from loadManifests)`);
    }
    return (o as KubeObject).kind === kind;
  }) as KubeObject[];
}

/**
 * `options.storage`: PersistentVolumes, PersistentVolumeClaims, StorageClasses, CSINodes, CSIDrivers,
 * CSIStorageCapacities and VolumeAttachments in any order, e.g. a loadManifests collection of them. An object of
 * another kind is a usage error naming it (and its file and line): left out, it would change verdicts unseen.
 */
export function storageOf(x: unknown): KubeObject[] {
  const list = listOf(x, 'storage');
  const problem = storageProblem(list, 'options.storage');
  if (problem) throw new UsageError(problem);
  return list as KubeObject[];
}

/**
 * `{ existingPods?, nodes?, namespaces?, services?, storage? }` (`nodes` only where `allowNodes`: the many-node
 * matchers take the cluster from their own argument). `namespaces` and `services` may be a loadManifests collection:
 * its Namespace (Service) objects are used; `storage` holds storage objects only (storageOf).
 */
export function schedulingOptionsOf(options: unknown, allowNodes: boolean): ParsedSchedulingOptions {
  const keys = ['existingPods', ...(allowNodes ? ['nodes'] : []), ...SCHEDULING_KEYS];
  const shape = `{ ${keys.map((k) => `${k}?`).join(', ')} }`;
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null || Array.isArray(options)) throw new UsageError(`options must be ${shape}`);
  const o = options as Record<string, unknown>;
  for (const key of Object.keys(o)) {
    if (keys.includes(key)) continue;
    throw new UsageError(key === 'nodes'
      ? 'options.nodes is not used here: the nodes argument is the cluster (pass every node there)'
      : `unknown option ${JSON.stringify(key)}; options are ${shape}`);
  }
  const out: ParsedSchedulingOptions = {};
  if (o.existingPods !== undefined) {
    out.existingPods = listOf(o.existingPods, 'existingPods').map((p, i) => {
      if ((p as { kind?: string })?.kind !== 'Pod') throw new UsageError(`existingPods[${i}] is not a Pod (kind: Pod)`);
      return p as Pod;
    });
  }
  if (o.nodes !== undefined) out.nodes = listOf(o.nodes, 'nodes').map((n, i) => checkAllocatable(nodeOf(n, `options.nodes[${i}]`)));
  if (o.namespaces !== undefined) out.namespaces = objectsOf(o.namespaces, 'namespaces', 'Namespace');
  if (o.services !== undefined) out.services = objectsOf(o.services, 'services', 'Service');
  if (o.storage !== undefined) out.storage = storageOf(o.storage);
  if (o.storageAssumption !== undefined) out.storageAssumption = storageAssumptionOf(o.storageAssumption);
  if (o.podDisruptionBudgets !== undefined) out.podDisruptionBudgets = objectsOf(o.podDisruptionBudgets, 'podDisruptionBudgets', 'PodDisruptionBudget');
  if (o.schedulerConfiguration !== undefined) out.schedulerConfiguration = schedulerConfigurationOf(o.schedulerConfiguration);
  return { ...out, ...policyOf(o) };
}


/**
 * What the API server would refuse among these objects (as apiServerErrors). Validation is remembered per object
 * (inputCheckedOnce), and a label is only worked out for an object with errors: a spec checking every node of a
 * 5,000-node cluster in turn pays for each node once.
 */
export function clusterErrors(objects: readonly KubeObject[]): string | undefined {
  return apiServerErrors(objects.map((o) => ({ object: o, label: () => labelOf(o) })));
}

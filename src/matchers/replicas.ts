// The replica matchers' arguments: a workload with replicas, the nodes and `{ existingPods?, namespaces?, services?, storage? }`.
import type { KubeObject, Node, Pod } from '../core/types';
import { REPLICATED_KINDS } from '../engine';
import { apiServerErrors, labelOf, subjectOf, UsageError } from './inputs';
import type { StorageAssumption } from '../engine';
import { existingPodsOf, inPolicy, nodesOf, objectsOf, POLICY_OPTIONS, policyOf, schedulerConfigurationOf, storageAssumptionOf, storageOf } from './inputs-nodes';

export interface ReplicaInputs {
  nodes: Node[];
  existingPods?: Pod[];
  namespaces?: KubeObject[];
  services?: KubeObject[];
  storage?: KubeObject[];
  storageAssumption?: StorageAssumption;
  podDisruptionBudgets?: KubeObject[];
  schedulerConfiguration?: object;
  limitRanges?: KubeObject[];
  resourceQuotas?: KubeObject[];
  runtimeClasses?: KubeObject[];
  priorityClasses?: KubeObject[];
}

/** The replica matchers' options (before a matcher's own), in the order the usage errors list them. */
const REPLICA_KEYS = ['existingPods', 'namespaces', 'services', 'storage', 'storageAssumption', 'podDisruptionBudgets', 'schedulerConfiguration', ...POLICY_OPTIONS];

/** A workload with replicas (or a Pod); anything else is a usage error. */
export function workloadOf(x: unknown, what = 'received'): KubeObject {
  const subject = subjectOf(x);
  if (!REPLICATED_KINDS.includes(subject.kind)) throw new UsageError(`${what}: ${subject.label} has no replicas to place: expected one of ${REPLICATED_KINDS.join(', ')}`);
  return subject.object;
}

/**
 * `{ existingPods?, namespaces?, services?, storage?, storageAssumption?, podDisruptionBudgets?, schedulerConfiguration?,
 * limitRanges?, resourceQuotas?, runtimeClasses?, priorityClasses? }` (plus the matcher's own keys in `extra`); the
 * object lists may be any iterable, e.g. loadManifests' result (storage holds storage objects only: storageOf). The
 * objects are checked under the namespace policy given (the engine asks its question under it too).
 */
export function replicaInputs(nodesArg: unknown, options: unknown, workloads: KubeObject[], extra: string[] = []): ReplicaInputs {
  const nodes = nodesOf(nodesArg);
  const shape = `{ ${[...REPLICA_KEYS, ...extra].map((k) => `${k}?`).join(', ')} }`;
  if (options !== undefined && (typeof options !== 'object' || options === null)) throw new UsageError(`options must be ${shape}`);
  const o = (options ?? {}) as Record<string, unknown>;
  const unknown = Object.keys(o).filter((k) => ![...REPLICA_KEYS, ...extra].includes(k));
  if (unknown.length) throw new UsageError(`unknown option(s) ${unknown.join(', ')}: options are ${shape}`);
  const existingPods = existingPodsOf({ existingPods: o.existingPods });
  let namespaces: KubeObject[] | undefined;
  if (o.namespaces !== undefined) {
    const ns = o.namespaces as Iterable<KubeObject> | null;
    if (!ns || typeof ns !== 'object' || !(Symbol.iterator in ns)) throw new UsageError('options.namespaces must be an array (or iterable, e.g. a loadManifests collection) of Namespace objects');
    namespaces = [...ns].filter((x) => x?.kind === 'Namespace');
  }
  const storage = o.storage === undefined ? undefined : storageOf(o.storage);
  const policy = policyOf(o);
  const pdbs = o.podDisruptionBudgets === undefined ? undefined : objectsOf(o.podDisruptionBudgets, 'podDisruptionBudgets', 'PodDisruptionBudget');
  const rejected = inPolicy(policy, () => apiServerErrors([
    ...workloads.map((w) => ({ object: w, label: labelOf(w) })),
    ...nodes.map((n) => ({ object: n, label: labelOf(n) })),
    ...(existingPods ?? []).map((p) => ({ object: p, label: labelOf(p) })),
    ...(storage ?? []).map((s) => ({ object: s, label: labelOf(s) })),
    ...(pdbs ?? []).map((b) => ({ object: b, label: labelOf(b) })),
  ]));
  if (rejected) throw new UsageError(rejected);
  const services = o.services === undefined ? undefined : objectsOf(o.services, 'services', 'Service');
  const assumption = o.storageAssumption === undefined ? undefined : storageAssumptionOf(o.storageAssumption);
  return {
    nodes, existingPods, namespaces, ...(services ? { services } : {}), ...(storage ? { storage } : {}), ...(assumption ? { storageAssumption: assumption } : {}),
    ...(pdbs ? { podDisruptionBudgets: pdbs } : {}),
    ...(o.schedulerConfiguration !== undefined ? { schedulerConfiguration: schedulerConfigurationOf(o.schedulerConfiguration) } : {}),
    ...policy,
  };
}

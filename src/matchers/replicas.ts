// The replica matchers' arguments: a workload with replicas, the nodes and `{ existingPods?, namespaces?, services?, storage? }`.
import type { KubeObject, Node, Pod } from '../core/types';
import { REPLICATED_KINDS } from '../engine';
import { apiServerErrors, labelOf, subjectOf, UsageError } from './inputs';
import type { StorageAssumption } from '../engine';
import { existingPodsOf, nodesOf, objectsOf, schedulerConfigurationOf, storageAssumptionOf, storageOf } from './inputs-nodes';

export interface ReplicaInputs {
  nodes: Node[];
  existingPods?: Pod[];
  namespaces?: KubeObject[];
  services?: KubeObject[];
  storage?: KubeObject[];
  storageAssumption?: StorageAssumption;
  podDisruptionBudgets?: KubeObject[];
  schedulerConfiguration?: object;
}

/** A workload with replicas (or a Pod); anything else is a usage error. */
export function workloadOf(x: unknown, what = 'received'): KubeObject {
  const subject = subjectOf(x);
  if (!REPLICATED_KINDS.includes(subject.kind)) throw new UsageError(`${what}: ${subject.label} has no replicas to place: expected one of ${REPLICATED_KINDS.join(', ')}`);
  return subject.object;
}

/**
 * `{ existingPods?, namespaces?, services?, storage? }` (plus the matcher's own keys in `extra`); namespaces, services
 * and storage may be any iterable, e.g. loadManifests' result (storage holds storage objects only: storageOf).
 */
export function replicaInputs(nodesArg: unknown, options: unknown, workloads: KubeObject[], extra: string[] = []): ReplicaInputs {
  const nodes = nodesOf(nodesArg);
  if (options !== undefined && (typeof options !== 'object' || options === null)) throw new UsageError(`options must be { existingPods?, namespaces?, services?, storage?${extra.map((k) => `, ${k}?`).join('')} }`);
  const o = (options ?? {}) as Record<string, unknown>;
  const unknown = Object.keys(o).filter((k) => !['existingPods', 'namespaces', 'services', 'storage', 'storageAssumption', 'podDisruptionBudgets', 'schedulerConfiguration', ...extra].includes(k));
  if (unknown.length) throw new UsageError(`unknown option(s) ${unknown.join(', ')}: options are { existingPods?, namespaces?, services?, storage?${extra.map((k) => `, ${k}?`).join('')} }`);
  const existingPods = existingPodsOf({ existingPods: o.existingPods });
  let namespaces: KubeObject[] | undefined;
  if (o.namespaces !== undefined) {
    const ns = o.namespaces as Iterable<KubeObject> | null;
    if (!ns || typeof ns !== 'object' || !(Symbol.iterator in ns)) throw new UsageError('options.namespaces must be an array (or iterable, e.g. a loadManifests collection) of Namespace objects');
    namespaces = [...ns].filter((x) => x?.kind === 'Namespace');
  }
  const storage = o.storage === undefined ? undefined : storageOf(o.storage);
  const rejected = apiServerErrors([
    ...workloads.map((w) => ({ object: w, label: labelOf(w) })),
    ...nodes.map((n) => ({ object: n, label: labelOf(n) })),
    ...(existingPods ?? []).map((p) => ({ object: p, label: labelOf(p) })),
    ...(storage ?? []).map((s) => ({ object: s, label: labelOf(s) })),
  ]);
  if (rejected) throw new UsageError(rejected);
  const services = o.services === undefined ? undefined : objectsOf(o.services, 'services', 'Service');
  const assumption = o.storageAssumption === undefined ? undefined : storageAssumptionOf(o.storageAssumption);
  const pdbs = o.podDisruptionBudgets === undefined ? undefined : objectsOf(o.podDisruptionBudgets, 'podDisruptionBudgets', 'PodDisruptionBudget');
  return {
    nodes, existingPods, namespaces, ...(services ? { services } : {}), ...(storage ? { storage } : {}), ...(assumption ? { storageAssumption: assumption } : {}),
    ...(pdbs ? { podDisruptionBudgets: pdbs } : {}),
    ...(o.schedulerConfiguration !== undefined ? { schedulerConfiguration: schedulerConfigurationOf(o.schedulerConfiguration) } : {}),
  };
}

// The replica matchers' arguments: a workload with replicas, the nodes and `{ existingPods?, namespaces? }`.
import type { KubeObject, Node, Pod } from '../core/types';
import { REPLICATED_KINDS } from '../engine';
import { apiServerErrors, labelOf, subjectOf, UsageError } from './inputs';
import { existingPodsOf, nodesOf } from './inputs-nodes';

export interface ReplicaInputs {
  nodes: Node[];
  existingPods?: Pod[];
  namespaces?: KubeObject[];
}

/** A workload with replicas (or a Pod); anything else is a usage error. */
export function workloadOf(x: unknown, what = 'received'): KubeObject {
  const subject = subjectOf(x);
  if (!REPLICATED_KINDS.includes(subject.kind)) throw new UsageError(`${what}: ${subject.label} has no replicas to place: expected one of ${REPLICATED_KINDS.join(', ')}`);
  return subject.object;
}

/** `{ existingPods?, namespaces? }` (plus the matcher's own keys in `extra`); namespaces may be any iterable, e.g. loadManifests' result. */
export function replicaInputs(nodesArg: unknown, options: unknown, workloads: KubeObject[], extra: string[] = []): ReplicaInputs {
  const nodes = nodesOf(nodesArg);
  if (options !== undefined && (typeof options !== 'object' || options === null)) throw new UsageError(`options must be { existingPods?, namespaces?${extra.map((k) => `, ${k}?`).join('')} }`);
  const o = (options ?? {}) as Record<string, unknown>;
  const unknown = Object.keys(o).filter((k) => !['existingPods', 'namespaces', ...extra].includes(k));
  if (unknown.length) throw new UsageError(`unknown option(s) ${unknown.join(', ')}: options are { existingPods?, namespaces?${extra.map((k) => `, ${k}?`).join('')} }`);
  const existingPods = existingPodsOf({ existingPods: o.existingPods });
  let namespaces: KubeObject[] | undefined;
  if (o.namespaces !== undefined) {
    const ns = o.namespaces as Iterable<KubeObject> | null;
    if (!ns || typeof ns !== 'object' || !(Symbol.iterator in ns)) throw new UsageError('options.namespaces must be an array (or iterable, e.g. a loadManifests collection) of Namespace objects');
    namespaces = [...ns].filter((x) => x?.kind === 'Namespace');
  }
  const rejected = apiServerErrors([
    ...workloads.map((w) => ({ object: w, label: labelOf(w) })),
    ...nodes.map((n) => ({ object: n, label: labelOf(n) })),
    ...(existingPods ?? []).map((p) => ({ object: p, label: labelOf(p) })),
  ]);
  if (rejected) throw new UsageError(rejected);
  return { nodes, existingPods, namespaces };
}

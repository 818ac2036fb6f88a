// Shared by the replica matchers: checking their inputs, placing the replicas, and describing where they went.
import type { KubeObject, Node, Pod } from '../core/types';
import { placeReplicas, type Placement, type PlacedPod } from '../placement/place';
import { REPLICATED_KINDS } from '../placement/replicas';
import { apiServerErrors, labelOf, subjectOf, UsageError } from './inputs';
import { existingPodsOf, nodesOf } from './inputs-nodes';
import { describeRejections } from './toBeSchedulableOnAnyOf';

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

export function place(workloads: KubeObject[], inputs: ReplicaInputs, tieBreak: 'first' | 'last' = 'first'): Placement {
  return placeReplicas(workloads, inputs.nodes, { existingPods: inputs.existingPods, namespaces: inputs.namespaces, tieBreak });
}

/**
 * Whether the ties decide the verdict: the same placement with the last tied node winning instead of the first.
 * Returns '' when nothing tied, else a sentence for the message (after describeTies).
 */
export function tieProbe(placement: Placement, verdict: (p: Placement) => boolean, replay: () => Placement): string {
  if (!placement.pods.some((p) => p.tiedWith.length)) return '';
  const other = replay();
  if (verdict(other) === verdict(placement)) return ' Picking the last tied node each time instead gives the same verdict.';
  return `\nA tie decides this: with the last of the tied nodes picked instead of the first, the verdict is the opposite (${describePlaced(other.pods)}).`;
}

/** `web-0 → node-a, web-1 → node-b` */
export function describePlaced(pods: readonly PlacedPod[]): string {
  const placed = pods.filter((p) => p.node);
  return placed.length ? placed.map((p) => `${p.name} → ${p.node}`).join(', ') : 'none';
}

/** Each pending pod with kube-scheduler's message, then its nodes' reasons. */
export function describePending(pods: readonly PlacedPod[], indent = '  '): string {
  return pods.filter((p) => !p.node).map((p) =>
    `${indent}${p.name} stays Pending: ${p.fitError}` + (p.rejected.length && !p.fitError?.startsWith('Scheduling is blocked') ? `\n${describeRejections(p.rejected).split('\n').map((l) => `${indent}  ${l}`).join('\n')}` : ''),
  ).join('\n');
}

/** The tie rule, spelled out where a placement had tied nodes (upstream picks any of them). */
export function describeTies(pods: readonly PlacedPod[]): string {
  const tied = pods.filter((p) => p.node && p.tiedWith.length);
  if (!tied.length) return '';
  const list = tied.slice(0, 5).map((p) => `${p.name}: ${[p.node, ...p.tiedWith].join(', ')}`).join('; ');
  return `\nTies: ${list}${tied.length > 5 ? `; and ${tied.length - 5} more` : ''}. kube-scheduler picks any of the best-scored nodes; ` +
    'this library takes the first in the order the nodes were given, so a real cluster may place these replicas elsewhere and the outcome can differ.';
}

export function sampledNote(p: Placement): string {
  if (!p.sampled) return '';
  const most = p.pods.reduce((m, x) => Math.max(m, x.feasible), 0);
  return `\nNote: kube-scheduler stops filtering once it has found ${p.feasibleNodesToFind} feasible nodes in a cluster of this size (numFeasibleNodesToFind, ` +
    `percentageOfNodesToScore unset) and scores only those, starting where the last cycle stopped; here up to ${most} nodes were feasible and all were scored, so a real cluster may pick another node.`;
}

// The clients' verdict rules for pods that use what the library does not model (k8s/not-modelled.ts has the uses):
// a node that a modelled filter rejects is rejected whatever the unmodelled plugins say (the Filter plugins are
// ANDed), and where every modelled filter passes the verdict is unknown.
import type { KubeObject, Node, Pod } from '../core/types';
import { podInfo } from '../scheduler/framework';
import type * as Nominator from '../scheduler/nominator';
import { withoutSubject } from '../scheduler/snapshot';
import { certainRejection, notModelledFor, type NotModelled } from '../k8s/not-modelled';
import type { Subject } from '../k8s/subject';
import type { Status } from '../scheduler/framework';
import { storageModel } from '../scheduler/storage-model';
import type { PDBOrderFact, PreemptionOutcome } from '../scheduler/cycle';

// read only when existing pods are given (nominationNotModelled)
const nominator = (): typeof Nominator => require('../scheduler/nominator');

export { certainRejection, notModelledFor, type NotModelled } from '../k8s/not-modelled';
export { storageModel, type StorageModel } from '../scheduler/storage-model';

/** Everything the subject uses that is not modelled over `storage`: DRA (notModelledFor), then its undecided claims. */
export function notModelledIn(subject: Subject, storage?: readonly KubeObject[]): NotModelled[] {
  const items = notModelledFor(subject);
  const volumes = storageModel(subject, storage).notModelled;
  return volumes.length ? [...items, ...volumes] : items;
}

/**
 * DefaultPreemption's answer rests on a priority the inputs leave unknown (a PriorityClass not among those given):
 * `{ what: 'DefaultPreemption', detail }` with the fix, so that every client words it as it words DRA. A "Pending"
 * verdict is then unknown: preemption may give the pod a node (unknownOnAny).
 */
export function preemptionNotModelled(preemption: PreemptionOutcome | undefined): NotModelled[] {
  return preemption && 'unknown' in preemption ? [{ what: 'DefaultPreemption', detail: preemption.unknown }] : [];
}

/**
 * A pod nominated to one of the nodes (a Pending pod of `existing` with status.nominatedNodeName) counts for the
 * pod's verdicts only when its priority is at least the pod's, and one of the two priorities is one the inputs leave
 * unknown: `{ what: 'RunFilterPluginsWithNominatedPods', detail }`. The verdicts leave that pod out, so a rejection
 * stands and a node that fits might not.
 */
export function nominationNotModelled(subject: Subject, nodes: readonly Node[], existing: readonly Pod[] | undefined): NotModelled[] {
  if (!existing?.length) return [];
  const { pods } = withoutSubject(subject, existing);
  const why = nominator().nominationUnknownAmong(podInfo(subject), pods, new Set(nodes.map((n) => n.metadata?.name ?? '')));
  return why ? [{ what: 'RunFilterPluginsWithNominatedPods', detail: why }] : [];
}

/**
 * What a preemption answer assumes: every potential node evaluated (upstream samples max(10%, 100) of them from a
 * random offset when more than 100 could be), and the start time of pods without one.
 */
export function preemptionAssumptions(preemption: PreemptionOutcome | undefined): string[] {
  if (!preemption || 'unknown' in preemption || preemption.candidates.length === 0) return [];
  return [
    'DefaultPreemption: every node preemption may help was evaluated (kube-scheduler samples at least 100 of them from a random offset when there are more); a pod without status.startTime is taken as started after every pod that has one',
    ...pdbOrderAssumptions(preemption.pdbOrder, true),
  ];
}

const and = (xs: readonly string[]) => (xs.length ? (xs.length === 1 ? xs[0] : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`) : 'no pod');

/**
 * From 1.37: the PodDisruptionBudgets' order a preemption answer rests on (PDBOrderFact), one assumption per set of
 * budgets, its first pod told and the others counted. `nominating`: the answer nominates a node (which may differ too).
 */
export function pdbOrderAssumptions(facts: readonly PDBOrderFact[] | undefined, nominating: boolean): string[] {
  if (!facts?.length) return [];
  const groups = new Map<string, PDBOrderFact[]>();
  for (const f of facts) {
    const k = f.pdbs.join('\0');
    const g = groups.get(k);
    if (g) g.push(f);
    else groups.set(k, [f]);
  }
  return [...groups.values()].map(([f, ...others]) => {
    const [first, second, ...rest] = f.pdbs;
    const more = others.length ? ` (and ${others.length} more pod(s) on ${nominating ? 'the candidate nodes' : 'the node'})` : '';
    const same = f.swapped.length === f.violating.length && f.swapped.every((p, i) => p === f.violating[i]);
    const other = same
      ? `the same pods would count as violating a PodDisruptionBudget on ${f.node} (${and(f.violating)})`
      : `${and(f.swapped)} would count as violating a PodDisruptionBudget on ${f.node} instead of ${and(f.violating)}, so the victims${nominating ? ' and the node nominated' : ''} may differ`;
    return `DefaultPreemption: PodDisruptionBudgets ${and(f.pdbs)} ${f.pdbs.length === 2 ? 'both' : 'all'} count against ${f.pod} on ${f.node}${more}: ` +
      `counted in the order given (${first} first, which its eviction takes below zero disruptions allowed, so ${and([second, ...rest])} ${rest.length ? 'are' : 'is'} not counted down for it); ` +
      `from 1.37 kube-scheduler counts them in its PDB lister's order, which varies between attempts, and with ${second} before ${first}, ${other}`;
  });
}

/** The pod is Pending for the modelled filters, but whether preemption gives it a node is unknown. */
export function unknownPreemption(a: { preemption?: PreemptionOutcome; feasible: readonly unknown[] }): boolean {
  return a.feasible.length === 0 && !!a.preemption && 'unknown' in a.preemption;
}

/** The answer's verdict cannot be given: the pod uses what is not modelled and no modelled filter certainly rejects. */
export function unknownOnNode(a: { notModelled?: readonly NotModelled[]; feasible: boolean; gates: readonly string[]; status?: Pick<Status, 'plugin' | 'reasons'>; noPod?: unknown }): boolean {
  // a DaemonSet's controller making no pod for the node is certain, whatever the pod uses
  return !!a.notModelled?.length && !a.gates.length && !a.noPod && (a.feasible || !certainRejection(a.status!));
}

type Verdicts = {
  notModelled?: readonly NotModelled[]; gated?: unknown; feasible: readonly unknown[]; rejected: ReadonlyArray<{ status?: Pick<Status, 'plugin' | 'reasons'> }>; preemption?: PreemptionOutcome;
  /** A DaemonSet's nodes without a pod (engine/daemon.ts): certainly not taking it. */
  noPod?: readonly unknown[];
};

/**
 * Some node may take the pod (toBeSchedulableOnAnyOf cannot be answered): a node passes every modelled filter, or its
 * rejection is not certain, or preemption, whose answer is unknown, may give it one.
 */
export function unknownOnAny(a: Verdicts): boolean {
  return !!a.notModelled?.length && !a.gated && (a.feasible.length > 0 || a.rejected.some((v) => !certainRejection(v.status!)) || unknownPreemption(a));
}

/** No node certainly rejects the pod (toBeSchedulableOnAllOf cannot be answered). */
export function unknownOnAll(a: Verdicts): boolean {
  return !!a.notModelled?.length && !a.gated && !a.noPod?.length && a.rejected.every((v) => !certainRejection(v.status!));
}

type Verdict = { feasible?: boolean; status?: Pick<Status, 'plugin' | 'reasons'> };
type Placed = { pods: ReadonlyArray<{ node?: string; rejected: readonly Verdict[] }>; notModelled?: readonly unknown[] };

/**
 * The placement's first pod is Pending whatever the unmodelled plugins say: every node rejects it for certain (or
 * it is gated). Nothing was placed before it that could have gone elsewhere, so its FitError is a verdict.
 */
export function certainlyPending(p: Placed): boolean {
  const first = p.pods[0];
  return !!first && !first.node && first.rejected.every((v) => certainRejection(v.status!));
}

/** A replica placement's verdict cannot be given: a workload's pods use what is not modelled and its first pod is not certainly Pending. */
export function unknownPlacement(p: Placed): boolean {
  return !!p.notModelled?.length && p.pods.length > 0 && !certainlyPending(p);
}

/** toShareNodesWith: a workload's pods use what is not modelled, both create pods, and no modelled constraint keeps them apart. */
export function unknownShare(a: { orders: ReadonlyArray<{ placement: { notModelled?: readonly unknown[]; noPods: readonly unknown[] } }>; separation?: { guaranteed: boolean } }): boolean {
  const p = a.orders[0].placement;
  return !!p.notModelled?.length && !p.noPods.length && !a.separation?.guaranteed;
}

/** toPrefer: the pod uses what is not modelled and the preferred node is not certainly rejected (feasibility and scores are the modelled plugins' only). */
export function unknownPrefer(a: { notModelled?: readonly NotModelled[]; preferred: Verdict }): boolean {
  return !!a.notModelled?.length && (!!a.preferred.feasible || !certainRejection(a.preferred.status!));
}

/**
 * What an outage answer about the subject rests on: every replica, before the failure and each replacement, is
 * placed by the modelled filters over the storage as the outage leaves it. Nothing when no scheduling decides its pods
 * (a gated template; a bare Pod bound by spec.nodeName, which is never recreated). Else what the subject uses that is
 * not modelled over `storage` (notModelledIn: DRA, the claims the inputs leave undecided), then `volumes`: the claims
 * the simulation provisioned without knowing where their driver pins them (outage/volumes.ts provisionedTopology).
 */
export function outageNotModelled(subject: Subject, storage: readonly KubeObject[] | undefined, volumes: readonly NotModelled[]): NotModelled[] {
  if (subject.spec.schedulingGates?.length || (subject.kind === 'Pod' && subject.spec.nodeName)) return [];
  const items = notModelledIn(subject, storage);
  return volumes.length ? [...items, ...volumes] : items;
}

/** toSurvive, toKeepAtLeast, the matrix's outage cells: the answer rests on what is not modelled (outageNotModelled). */
export function unknownOutage(a: { notModelled?: readonly NotModelled[] }): boolean {
  return !!a.notModelled?.length;
}

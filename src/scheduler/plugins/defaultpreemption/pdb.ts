// The PodDisruptionBudgets preemption reads (preemption.go getPodDisruptionBudgets: the PDB lister's, every
// namespace): each one's status as the disruption controller last wrote it, and filterPodsWithPDBViolation.
import type { KubeObject, Pod } from '../../../core/types';
import type { PodDisruptionBudget } from 'kubernetes-types/policy/v1';
import { LabelSelectorError, parseLabelSelector, selectorMatches, type Selector } from '../../../k8s/label-selector';
import { podNamespace } from '../../snapshot';
import { releaseAtLeast } from '../../../core/config';
import type { PDBOrderFact } from '../../cycle';
import { podKey } from './priority';

/** What preemption reads of a PDB's status. */
export interface DisruptionStatus {
  disruptionsAllowed: number;
  /** Pods the API server's Eviction handler has processed and the controller has not yet seen gone (name → time). */
  disruptedPods: Record<string, string>;
}

/**
 * The PDB's status: as given (a dump's, written by the disruption controller). A PDB without one (a manifest) is
 * given its computed status by the scheduler (index.ts withStatus: what the disruption controller computes over the
 * cluster's pods, src/k8s/disruption.ts); here, a PDB still without one reads 0 disruptions allowed.
 */
export function disruptionStatusOf(pdb: PodDisruptionBudget): DisruptionStatus {
  const status = pdb.status;
  if (status?.disruptionsAllowed == null) return { disruptionsAllowed: 0, disruptedPods: {} };
  return { disruptionsAllowed: status.disruptionsAllowed, disruptedPods: status.disruptedPods ?? {} };
}

export interface ParsedPDB { name: string; namespace: string; selector: Selector; status: DisruptionStatus }

const parsed = new WeakMap<KubeObject, ParsedPDB>();

function parse(pdb: PodDisruptionBudget): ParsedPDB {
  let p = parsed.get(pdb as KubeObject);
  // Stryker disable next-line ConditionalExpression: a memo; parsing again gives the same
  if (!p) {
    let selector: Selector;
    try {
      selector = parseLabelSelector(pdb.spec?.selector);
    } catch (e) {
      // an invalid selector matches no pod (LabelSelectorAsSelector's error: `continue`)
      if (!(e instanceof LabelSelectorError)) throw e;
      // Stryker disable next-line ObjectLiteral,StringLiteral: a selector of no kind matches nothing too (selectorMatches)
      selector = { kind: 'nothing' };
    }
    p = { name: pdb.metadata?.name ?? '', namespace: podNamespace(pdb as KubeObject), selector, status: disruptionStatusOf(pdb) };
    parsed.set(pdb as KubeObject, p);
  }
  return p;
}

/** The PodDisruptionBudgets among the objects given (policy/v1; other kinds are ignored). */
export const pdbsOf = (objects: readonly KubeObject[]): PodDisruptionBudget[] =>
  objects.filter((o) => o.kind === 'PodDisruptionBudget') as PodDisruptionBudget[];

/** The PDBs among the objects, parsed (once per object). */
export const parsedPDBs = (objects: readonly KubeObject[]): ParsedPDB[] => pdbsOf(objects).map(parse);

/**
 * The pod counts against the PDB (filterPodsWithPDBViolation's test): a pod with labels, of the PDB's namespace,
 * matched by a selector with requirements (LabelSelectorAsSelector: nil → Nothing, {} → Everything; both are
 * skipped, "matches nothing"), and not already in the PDB's disruptedPods.
 */
function countsAgainst(pod: Pod, labels: Record<string, string>, pdb: ParsedPDB): boolean {
  if (pdb.namespace !== podNamespace(pod) || pdb.selector.kind !== 'requirements' || !selectorMatches(pdb.selector, labels)) return false;
  return !Object.prototype.hasOwnProperty.call(pdb.status.disruptedPods, pod.metadata?.name ?? '');
}

/** The indexes of the PDBs the pod counts against, comma-separated ('' for none): what preemption reads of it. */
export function pdbsCounting(pod: Pod, pdbs: readonly ParsedPDB[]): string {
  const labels = pod.metadata?.labels ?? {};
  // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: a key, never an answer: filterPodsWithPDBViolation skips a pod without labels itself, and a key that says more only shares less
  if (pdbs.length === 0 || Object.keys(labels).length === 0) return '';
  let out = '';
  for (let i = 0; i < pdbs.length; i++) if (countsAgainst(pod, labels, pdbs[i])) out += `${i},`;
  return out;
}

/**
 * From 1.37, a pod whose count stopped at a PDB it took below zero while a later PDB of the order given counts against
 * it too: that PDB's budget was left to the pods after it because of the order, which upstream does not fix.
 */
export interface PDBOrderNote {
  pod: Pod;
  /** The PDB the pod stopped at, then the later ones that count against it (names, in the pod's namespace). */
  pdbs: string[];
  /** The PDB-violating pods in the order given. */
  violating: Pod[];
  /** The PDB-violating pods with the first later PDB counted before the one the pod stopped at (the two swapped). */
  swapped: Pod[];
}

export interface PDBViolations { violating: Pod[]; nonViolating: Pod[]; orderNotes?: PDBOrderNote[] }

/**
 * filterPodsWithPDBViolation (default_preemption.go; 1.37 preemption.FilterVictimsWithPDBViolation): the pods, in
 * their order, whose eviction would take some matching PDB below zero disruptions allowed, counting down each PDB's
 * budget pod by pod; and the others. Up to 1.36 a pod counts down every PDB it counts against; from 1.37 it stops at
 * the first one it takes below zero (util.go FilterVictimsWithPDBViolation: podIsViolating returns there), leaving the
 * later PDBs' budgets to the pods after it. The PDBs are counted in the order given: upstream's is its PDB lister's
 * (preemption.go getPodDisruptionBudgets, the informer store's Go map order, another at each List), which no input
 * gives; from 1.37 the answer can depend on it, and `orderNotes` names each pod where it could (PDBOrderNote; absent
 * when none, so the common path allocates nothing more).
 */
export function filterPodsWithPDBViolation(pods: readonly Pod[], objects: readonly KubeObject[]): PDBViolations {
  // (no PDB: the pods as they are, without a copy; a dry run asks this of thousands of nodes)
  // Stryker disable next-line ConditionalExpression: a shortcut; the loop over no PDB finds no violation either
  if (objects.length === 0) return { violating: [], nonViolating: pods as Pod[] };
  const pdbs = parsedPDBs(objects);
  // Stryker disable next-line ConditionalExpression: a shortcut; the loop over no PDB finds no violation either
  if (pdbs.length === 0) return { violating: [], nonViolating: pods.slice() };
  return countDown(pods, pdbs, releaseAtLeast('1.37'), true);
}

/** The first PDB after `at` that counts against the pod, or -1. */
function laterCounting(pod: Pod, labels: Record<string, string>, pdbs: readonly ParsedPDB[], at: number): number {
  for (let j = at + 1; j < pdbs.length; j++) if (countsAgainst(pod, labels, pdbs[j])) return j;
  return -1;
}

/**
 * The counting itself, over the PDBs in the order given. With `noting`, each pod whose count stopped at a PDB (1.37)
 * while a later one counts against it gets an order note.
 */
function countDown(pods: readonly Pod[], pdbs: readonly ParsedPDB[], stopAtViolation: boolean, noting: boolean): PDBViolations {
  let stopped: Array<{ pod: Pod; at: number }> | undefined;
  const allowed = pdbs.map((p) => p.status.disruptionsAllowed);
  const violating: Pod[] = [];
  const nonViolating: Pod[] = [];
  for (const pod of pods) {
    const labels = pod.metadata?.labels ?? {};
    let violated = false;
    if (Object.keys(labels).length !== 0) {
      for (let i = 0; i < pdbs.length; i++) {
        if (!countsAgainst(pod, labels, pdbs[i])) continue;
        allowed[i]--;
        if (allowed[i] >= 0) continue;
        violated = true;
        if (!stopAtViolation) continue;
        // Stryker disable next-line EqualityOperator: a later PDB's index is above i ≥ 0: > 0 and >= 0 alike
        if (noting && laterCounting(pod, labels, pdbs, i) >= 0) (stopped ??= []).push({ pod, at: i });
        break;
      }
    }
    (violated ? violating : nonViolating).push(pod);
  }
  return stopped ? { violating, nonViolating, orderNotes: orderNotes(pods, pdbs, violating, stopped) } : { violating, nonViolating };
}

/**
 * A note per stopped pod: the PDBs involved, and the PDB-violating pods with the first later PDB swapped with the
 * one the pod stopped at (one more count per distinct pair: bounded by the pods and PDBs at hand).
 */
function orderNotes(pods: readonly Pod[], pdbs: readonly ParsedPDB[], violating: Pod[], stopped: ReadonlyArray<{ pod: Pod; at: number }>): PDBOrderNote[] {
  const swaps = new Map<string, Pod[]>();
  return stopped.map(({ pod, at }) => {
    // Stryker disable next-line OptionalChaining: a stopped pod has labels, so metadata
    const labels = pod.metadata?.labels ?? {};
    const later: number[] = [];
    // Stryker disable next-line EqualityOperator: a later PDB's index is above `at` ≥ 0: > 0 and >= 0 alike
    for (let j = laterCounting(pod, labels, pdbs, at); j >= 0; j = laterCounting(pod, labels, pdbs, j)) later.push(j);
    const key = `${at},${later[0]}`;
    let swapped = swaps.get(key);
    // Stryker disable next-line ConditionalExpression: a memo; counting the same swap again gives the same pods
    if (!swapped) {
      const order = pdbs.slice();
      [order[at], order[later[0]]] = [order[later[0]], order[at]];
      swapped = countDown(pods, order, true, false).violating;
      swaps.set(key, swapped);
    }
    return { pod, pdbs: [pdbs[at].name, ...later.map((j) => pdbs[j].name)], violating, swapped };
  });
}

/** The candidates' order notes (from 1.37), in the candidates' order, as plain facts. */
export function pdbOrderFacts(candidates: ReadonlyArray<{ node: string; pdbOrder?: readonly PDBOrderNote[] }>): PDBOrderFact[] {
  const out: PDBOrderFact[] = [];
  for (const c of candidates) {
    if (!c.pdbOrder) continue;
    for (const n of c.pdbOrder) out.push({ node: c.node, pod: podKey(n.pod), pdbs: n.pdbs, violating: n.violating.map(podKey), swapped: n.swapped.map(podKey) });
  }
  return out;
}

// The PodDisruptionBudgets preemption reads (preemption.go getPodDisruptionBudgets: the PDB lister's, every
// namespace): each one's status as the disruption controller last wrote it, and filterPodsWithPDBViolation.
import type { KubeObject, Pod } from '../../../core/types';
import type { PodDisruptionBudget } from 'kubernetes-types/policy/v1';
import { LabelSelectorError, parseLabelSelector, selectorMatches, type Selector } from '../../../k8s/label-selector';
import { podNamespace } from '../../snapshot';
import { releaseAtLeast } from '../../../core/config';

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

export interface ParsedPDB { namespace: string; selector: Selector; status: DisruptionStatus }

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
    p = { namespace: podNamespace(pdb as KubeObject), selector, status: disruptionStatusOf(pdb) };
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
 * filterPodsWithPDBViolation (default_preemption.go; 1.37 preemption.FilterVictimsWithPDBViolation): the pods, in
 * their order, whose eviction would take some matching PDB below zero disruptions allowed, counting down each PDB's
 * budget pod by pod; and the others. Up to 1.36 a pod counts down every PDB it counts against; from 1.37 it stops at
 * the first one it takes below zero (util.go FilterVictimsWithPDBViolation: podIsViolating returns there), leaving the
 * later PDBs' budgets to the pods after it. The PDBs are counted in the order given: upstream's is its PDB lister's
 * (preemption.go getPodDisruptionBudgets, the informer store's Go map order, another at each List), which no input
 * gives; from 1.37 the answer can depend on it.
 */
export function filterPodsWithPDBViolation(pods: readonly Pod[], objects: readonly KubeObject[]): { violating: Pod[]; nonViolating: Pod[] } {
  // (no PDB: the pods as they are, without a copy; a dry run asks this of thousands of nodes)
  // Stryker disable next-line ConditionalExpression: a shortcut; the loop over no PDB finds no violation either
  if (objects.length === 0) return { violating: [], nonViolating: pods as Pod[] };
  const pdbs = parsedPDBs(objects);
  // Stryker disable next-line ConditionalExpression: a shortcut; the loop over no PDB finds no violation either
  if (pdbs.length === 0) return { violating: [], nonViolating: pods.slice() };
  const allowed = pdbs.map((p) => p.status.disruptionsAllowed);
  const stopAtViolation = releaseAtLeast('1.37');
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
        if (stopAtViolation) break;
      }
    }
    (violated ? violating : nonViolating).push(pod);
  }
  return { violating, nonViolating };
}

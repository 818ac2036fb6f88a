// SelectVictimsOnNode (default_preemption.go, the same steps 1.33–1.37): the fewest lower-priority pods whose
// removal lets the pod pass the filters on the node.
import type { KubeObject, Pod } from '../../../core/types';
import { failure, type Status } from '../../framework';
import type { PostFilterHandle } from '../../cycle';
import type { NodeSnapshot } from '../../snapshot';
import { filterPodsWithPDBViolation, type PDBOrderNote } from './pdb';
import { moreImportant, priorityValue } from './priority';
import { ErrReasonNoVictims } from './reasons';

/**
 * `shared`: the same object on the nodes whose dry run one run answered (alike.ts); their candidates score alike.
 * `pdbOrder`: from 1.37, the pods whose PDB count depended on the PDBs' order (filterPodsWithPDBViolation).
 */
export type Victims = { victims: Pod[]; numPDBViolations: number; shared?: object; pdbOrder?: PDBOrderNote[]; status?: undefined } | { status: Status };

/** Go's sort.Slice with MoreImportantPod; stable here (upstream's pdqsort is stable up to 12 pods, its insertion sort). */
const byImportance = (pods: Pod[]): Pod[] => pods.sort(moreImportant);

/**
 * Remove every pod of lower priority than `priority` (isPreemptionAllowed) from the node's copy, check that the pod
 * then fits (else that filter status is the node's), then reprieve them one at a time, most important first — those
 * whose eviction would violate a PDB before the others — keeping each that still lets the pod fit. The cluster
 * plugins' states follow each removal and reprieve through their RemovePod/AddPod (handle.dryRun). The rest are the
 * victims, in order of importance, with how many of them violate a PDB.
 */
export function selectVictimsOnNode(priority: number, node: NodeSnapshot, pdbs: readonly KubeObject[], handle: PostFilterHandle): Victims {
  const potential: Pod[] = [];
  for (const p of node.pods) if (priorityValue(p) < priority) potential.push(p);
  if (potential.length === 0) return { status: noVictims() };
  const run = handle.dryRun(node);
  for (const p of potential) run.removePod(p);
  const status = run.filter();
  if (status) return { status };
  byImportance(potential);
  const { violating, nonViolating, orderNotes } = filterPodsWithPDBViolation(potential, pdbs);
  const victims: Pod[] = [];
  // addVictim, then the filters; a pod that no longer fits is removed again (removeVictim) and is a victim
  const reprieve = (p: Pod): boolean => {
    run.addPod(p);
    if (!run.filter()) return true;
    run.removePod(p);
    victims.push(p);
    return false;
  };
  let numPDBViolations = 0;
  for (const p of violating) if (!reprieve(p)) numPDBViolations++;
  for (const p of nonViolating) reprieve(p);
  // Stryker disable next-line ConditionalExpression,LogicalOperator: victims of one group are in importance order already
  if (violating.length && nonViolating.length) byImportance(victims);
  return orderNotes ? { victims, numPDBViolations, pdbOrder: orderNotes } : { victims, numPDBViolations };
}

// Stryker disable next-line StringLiteral,ArrowFunction: DryRunPreemption reads only the reasons of a node's status (the FitError's histogram)
const noVictims = () => failure('DefaultPreemption', 'UnschedulableAndUnresolvable', [ErrReasonNoVictims], () => ['no pod on the node has a lower priority than the pod']);

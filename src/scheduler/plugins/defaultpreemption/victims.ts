// SelectVictimsOnNode (default_preemption.go, the same steps 1.33–1.37): the fewest lower-priority pods whose
// removal lets the pod pass the filters on the node.
import type { KubeObject, Pod } from '../../../core/types';
import { failure, type Status } from '../../framework';
import type { PostFilterHandle } from '../../cycle';
import type { NodeSnapshot } from '../../snapshot';
import { filterPodsWithPDBViolation } from './pdb';
import { moreImportant, priorityValue } from './priority';
import { ErrReasonNoVictims } from './reasons';

export type Victims = { victims: Pod[]; numPDBViolations: number; status?: undefined } | { status: Status };

/** Go's sort.Slice with MoreImportantPod; stable here (upstream's pdqsort is stable up to 12 pods, its insertion sort). */
const byImportance = (pods: Pod[]): Pod[] => pods.sort(moreImportant);

/**
 * Remove every pod of lower priority than `priority` (isPreemptionAllowed), check that the pod then fits (else that
 * filter status is the node's), then reprieve them one at a time, most important first — those whose eviction would
 * violate a PDB before the others — keeping each that still lets the pod fit. The rest are the victims, in order of
 * importance, with how many of them violate a PDB.
 */
export function selectVictimsOnNode(priority: number, node: NodeSnapshot, pdbs: readonly KubeObject[], handle: PostFilterHandle): Victims {
  const potential: Pod[] = [];
  const remaining: Pod[] = [];
  for (const p of node.pods) (priorityValue(p) < priority ? potential : remaining).push(p);
  if (potential.length === 0) return { status: noVictims() };
  const status = handle.filterWith(node, remaining);
  if (status) return { status };
  byImportance(potential);
  const { violating, nonViolating } = filterPodsWithPDBViolation(potential, pdbs);
  const victims: Pod[] = [];
  // nodeInfo.AddPodInfo appends the reprieved pod; RemovePod takes it out again when the pod no longer fits
  const reprieve = (p: Pod): boolean => {
    remaining.push(p);
    if (!handle.filterWith(node, remaining)) return true;
    remaining.pop();
    victims.push(p);
    return false;
  };
  let numPDBViolations = 0;
  for (const p of violating) if (!reprieve(p)) numPDBViolations++;
  for (const p of nonViolating) reprieve(p);
  if (violating.length && nonViolating.length) byImportance(victims);
  return { victims, numPDBViolations };
}

const noVictims = () => failure('DefaultPreemption', 'UnschedulableAndUnresolvable', [ErrReasonNoVictims], () => ['no pod on the node has a lower priority than the pod']);

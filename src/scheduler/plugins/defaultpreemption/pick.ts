// pickOneNodeForPreemption (preemption.go, the same criteria 1.33–1.37): among the candidates, the node whose
// victims violate the fewest PDBs, then whose most important victim has the lowest priority, then the lowest sum of
// priorities, then the fewest victims, then the latest start time of its most important victims.
import type { Pod } from '../../../core/types';
import { priorityValue, startTime } from './priority';
import type { PDBOrderNote } from './pdb';

/**
 * `shared`: the same object on candidates whose victims are read alike (alike.ts): one score for all of them.
 * `pdbOrder`: the pods whose PDB count rested on the PDBs' order (Victims).
 */
export interface Candidate { node: string; victims: Pod[]; numPDBViolations: number; shared?: object; pdbOrder?: PDBOrderNote[] }

/** math.MaxInt32 + 1: each priority is shifted so that the sum counts the number of pods too (minSumPrioritiesScoreFunc). */
const SHIFT = 2 ** 31;

/**
 * GetEarliestPodStartTime: the earliest start time among the victims of the highest priority (upstream's victims
 * are in importance order, the first of the highest priority).
 */
function earliestStartTime(victims: readonly Pod[]): number {
  let max = priorityValue(victims[0]);
  let earliest = startTime(victims[0]);
  for (const p of victims) {
    const pr = priorityValue(p);
    if (pr === max) earliest = Math.min(earliest, startTime(p));
    // Stryker disable next-line EqualityOperator: reached only when pr !== max, where >= is >
    else if (pr > max) (max = pr), (earliest = startTime(p));
  }
  return earliest;
}

/**
 * Each criterion's score, higher is better, worked out once per candidate (a large cluster ties thousands of nodes
 * through every criterion). Sums stay exact: at most a few thousand victims of |priority| ≤ 2^31.
 */
function scores(c: Candidate): number[] {
  let sum = 0;
  for (const p of c.victims) sum += priorityValue(p) + SHIFT;
  return [-c.numPDBViolations, -priorityValue(c.victims[0]), -sum, -c.victims.length, earliestStartTime(c.victims)];
}

/**
 * The nodes pickOneNodeForPreemption may return, sorted: those left after every criterion (upstream returns the
 * first of them in Go's map iteration order, which is random, so each is possible).
 */
export function pickOneNodeForPreemption(candidates: readonly Candidate[]): string[] {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a shortcut; the criteria leave one candidate as it is
  if (candidates.length <= 1) return candidates.map((c) => c.node);
  const memo = new Map<object, number[]>();
  const scored = (c: Candidate) => {
    // Stryker disable next-line ConditionalExpression: a memo; scores(c) again gives the same scores
    if (!c.shared) return scores(c);
    let s = memo.get(c.shared);
    // Stryker disable next-line ConditionalExpression: a memo; scores(c) again gives the same scores
    if (!s) memo.set(c.shared, (s = scores(c)));
    return s;
  };
  let left = candidates.map((c) => ({ node: c.node, scores: scored(c) }));
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a shortcut; a criterion leaves a single candidate as it is
  for (let k = 0; k < 5 && left.length > 1; k++) {
    let best = -Infinity;
    // Stryker disable next-line EqualityOperator: the maximum either way
    for (const c of left) if (c.scores[k] > best) best = c.scores[k];
    left = left.filter((c) => c.scores[k] === best);
  }
  return left.map((c) => c.node).sort();
}

// pickOneNodeForPreemption (preemption.go, the same criteria 1.33–1.37): among the candidates, the node whose
// victims violate the fewest PDBs, then whose most important victim has the lowest priority, then the lowest sum of
// priorities, then the fewest victims, then the latest start time of its most important victims.
import type { Pod } from '../../../core/types';
import { priorityValue, startTime } from './priority';

export interface Candidate { node: string; victims: Pod[]; numPDBViolations: number }

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
    else if (pr > max) (max = pr), (earliest = startTime(p));
  }
  return earliest;
}

// Each score: higher is better. Sums stay exact: at most a few thousand victims of |priority| ≤ 2^31.
const SCORES: ReadonlyArray<(c: Candidate) => number> = [
  (c) => -c.numPDBViolations,
  (c) => -priorityValue(c.victims[0]),
  (c) => -c.victims.reduce((sum, p) => sum + priorityValue(p) + SHIFT, 0),
  (c) => -c.victims.length,
  (c) => earliestStartTime(c.victims),
];

/**
 * The nodes pickOneNodeForPreemption may return, sorted: those left after every criterion (upstream returns the
 * first of them in Go's map iteration order, which is random, so each is possible).
 */
export function pickOneNodeForPreemption(candidates: readonly Candidate[]): string[] {
  let left = candidates.slice();
  for (const score of SCORES) {
    if (left.length <= 1) break;
    const scores = left.map(score);
    const best = Math.max(...scores);
    left = left.filter((_, i) => scores[i] === best);
  }
  return left.map((c) => c.node).sort();
}

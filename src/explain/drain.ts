// A drain's answer in words (toDrain): whether kubectl drain completed, and when; else kubectl's errors and the
// refusals with their PodDisruptionBudgets, and the timeline.
import type { DrainAnswer } from '../engine';
import { indent } from './schedule';

/** `kubectl drain a1 a2 --ignore-daemonsets --timeout=60s` */
export function drainCommand(a: DrainAnswer, options: { timeout?: number; force?: boolean; deleteEmptyDirData?: boolean } = {}): string {
  return `kubectl drain ${a.nodes.join(' ')} --ignore-daemonsets${options.force ? ' --force' : ''}${options.deleteEmptyDirData ? ' --delete-emptydir-data' : ''}${options.timeout !== undefined ? ` --timeout=${options.timeout}s` : ''}`;
}

/** What happened, in one line: `completed at 70s`, `never completes (stuck from 5s)`, `failed at 60s`, `still draining at 300s`. */
export function drainVerdict(a: DrainAnswer): string {
  if (a.completedAt !== undefined && a.completedAt <= a.at) return `completed at ${a.completedAt}s`;
  if (a.completedAt !== undefined) return `completed only at ${a.completedAt}s`;
  if (a.stuckAt !== undefined) return `never completes (nothing changes from ${a.stuckAt}s on)`;
  if (a.failedAt !== undefined) return `failed at ${a.failedAt}s`;
  return `still draining at ${a.at}s`;
}

/** toDrain, from `Expected ` on: the command, what was asked, what happened, why, the budgets and the timeline. */
export function explainDrain(a: DrainAnswer, command: string, negated: boolean): string {
  const asked = `${command} ${negated ? 'not ' : ''}to complete${a.within !== undefined ? ` within ${a.within}s` : ''}`;
  const why = a.why.length ? `\n\nWhy:\n${indent(a.why, '  - ')}` : '';
  const budgets = a.budgets.length ? `\n\nPodDisruptionBudgets at ${a.end}s:\n${indent(a.budgets, '  - ')}` : '';
  return `Expected ${asked}\nReceived: ${drainVerdict(a)}${why}${budgets}\n\nTimeline (virtual seconds after the drain began):\n${a.timeline}`;
}

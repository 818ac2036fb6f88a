// Outage answers in words: the failure, the workload's state at the second judged, why replicas are not running,
// and the timeline.
import type { FailureFacts, FewestRunningAnswer, SurvivalAnswer, WorkloadState } from '../engine';
import { indent } from './schedule';

export function describeFailure(f: FailureFacts): string {
  if (f.condition === 'drain') return `kubectl drain ${f.failedNodes.join(' ')} runs (the Eviction API, PodDisruptionBudgets honoured)`;
  const condition = f.condition === 'unreachable' ? `unreachable (grace period ${f.gracePeriod}s)` : f.condition;
  return `${f.failedNodes.join(', ')} ${f.failedNodes.length === 1 ? 'fails' : 'fail'}: ${condition}`;
}

export const stateLine = (s: WorkloadState, t: number) => `${s.running}/${s.desired} running, ${s.pending} pending, ${s.terminating} terminating at ${t}s`;

const timeline = (text: string) => `\n\nTimeline (virtual seconds after the failure):\n${text}`;

/** toSurvive, from `Expected <workload> (not) ` on. */
export function explainSurvival(a: SurvivalAnswer, within: number | undefined): string {
  const when = `${within === undefined ? ' once the outage has played out' : ` within ${within}s`} when ${describeFailure(a.failure)}`;
  const why = a.why.length ? `\n\nWhy:\n${indent(a.why, '  - ')}` : '';
  if (a.daemon) {
    const { shouldRun, missing, down } = a.daemon;
    return `to run its pod on every surviving node it should run on (NodeShouldRunDaemonPod)${when}` +
      `\nReceived: ${shouldRun.length - missing.length} of ${shouldRun.length} such node(s) run it at ${a.at}s${missing.length ? `; not on ${missing.join(', ')}` : ''}` +
      (down.length ? `\n(down, and not counted: ${down.join(', ')})` : '') + why + timeline(a.timeline);
  }
  return `to run all its replicas again${when}` +
    `\nReceived: ${stateLine(a.state, a.at)}` +
    (a.recovered !== undefined ? `; every replica runs from ${a.recovered}s` : '; not every replica runs again') +
    why + timeline(a.timeline) +
    (a.truncated ? `\n  … events were still coming after ${a.end}s; the simulation stopped there` : '');
}

/** toKeepAtLeast, from `Expected <workload> (not) to keep at least n replicas running` on. */
export function explainFewestRunning(a: FewestRunningAnswer): string {
  return ` at every instant when ${describeFailure(a.failure)}` +
    `\nReceived: at least ${a.running} running; the fewest at ${a.at}s (${stateLine(a.state, a.at)})` +
    (a.why.length ? `\n\nNot running at ${a.at}s:\n${indent(a.why, '  - ')}` : '') +
    (a.failure.condition === 'drain' ? '' : `\n\nA PodDisruptionBudget does not count here: the taint-eviction controller and PodGC delete pods without the Eviction API.`) +
    timeline(a.timeline);
}

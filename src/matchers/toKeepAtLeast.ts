// expect(workload).toKeepAtLeast(n, failure, cluster): at no instant of the outage are fewer than n replicas running.
// A PodDisruptionBudget does not promise this: node-failure evictions are plain DELETEs (taint_eviction.go
// addConditionAndDeletePod, PodGC), not the Eviction API, and a pod on a dead node stops at once anyway.
import { hint, indent, failBoth, type MatcherContext, type MatcherResult } from './context';
import { guarded } from './inputs';
import { describeFailure, outageFor, stateLine } from './toSurvive';

export function toKeepAtLeast(this: MatcherContext, received: unknown, n: unknown, failure: unknown, cluster: unknown): MatcherResult {
  const header = () => hint(this, 'toKeepAtLeast', 'n, failure, cluster');
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) {
    return failBoth(this, () => `${header()}\n\ntoKeepAtLeast(n, failure, cluster): n must be a whole number of replicas ≥ 0, received ${JSON.stringify(n)}`);
  }
  return guarded(this, header, () => {
    const { outage, workload, label, subject, target } = outageFor(received, failure, cluster);
    const low = outage.minRunning(workload);
    const why = outage.why(workload, low.at);
    const desired = outage.stateOf(workload, low.at).desired;
    return {
      pass: low.running >= n,
      placement: { matcher: 'toKeepAtLeast', subject, target, verdict: `fewest running ${low.running}/${desired} at ${low.at}s`, accepted: low.running >= n, ...(why[0] ? { reason: why[0] } : {}) },
      message: () =>
        `${header()}\n\nExpected ${label} ${this.isNot ? 'not ' : ''}to keep at least ${n} replicas running at every instant when ${describeFailure(outage)}` +
        `\nReceived: at least ${low.running} running; the fewest at ${low.at}s (${stateLine(outage, workload, low.at)})` +
        (why.length ? `\n\nNot running at ${low.at}s:\n${indent(why, '  - ')}` : '') +
        `\n\nA PodDisruptionBudget does not count here: the taint-eviction controller and PodGC delete pods without the Eviction API.` +
        `\n\nTimeline (virtual seconds after the failure):\n${outage.format(workload)}`,
    };
  });
}

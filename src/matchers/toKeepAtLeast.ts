// expect(workload).toKeepAtLeast(n, failure, cluster): at no instant of the outage are fewer than n replicas running.
// A PodDisruptionBudget does not promise this: node-failure evictions are plain DELETEs (taint_eviction.go
// addConditionAndDeletePod, PodGC), not the Eviction API, and a pod on a dead node stops at once anyway.
import { fewestRunning, unknownOutage, type Failure } from '../engine';
import { explainUnknownVerdict, notModelledSummary } from '../explain/not-modelled';
import { explainFewestRunning } from '../explain/outage';
import { hint, failBoth, type MatcherContext, type MatcherResult } from './context';
import { guarded } from './inputs';
import { outageQuestion } from './toSurvive';

export function toKeepAtLeast(this: MatcherContext, received: unknown, n: unknown, failure: unknown, cluster: unknown): MatcherResult {
  const header = () => hint(this, 'toKeepAtLeast', 'n, failure, cluster');
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) {
    return failBoth(this, () => `${header()}\n\nn must be a whole number of replicas ≥ 0, received ${JSON.stringify(n)}`);
  }
  return guarded(this, header, () => {
    const { subject, answer } = outageQuestion(received, cluster, (s, c) => fewestRunning(s, failure as Failure, c));
    if (unknownOutage(answer)) {
      const negated = this.isNot === true;
      const items = answer.notModelled!;
      return {
        ...failBoth(this, () => `${header()}\n\n${explainUnknownVerdict(`Expected ${answer.workload} ${negated ? 'not ' : ''}to keep at least ${n} replicas running`, negated, items, explainFewestRunning(answer))}`),
        placement: { matcher: 'toKeepAtLeast', subject, target: answer.failure.title, verdict: 'unknown', accepted: false, reason: notModelledSummary(items) },
      };
    }
    const pass = answer.running >= n;
    return {
      pass,
      placement: {
        matcher: 'toKeepAtLeast', subject, target: answer.failure.title, verdict: `fewest running ${answer.running}/${answer.state.desired} at ${answer.at}s`,
        accepted: pass, ...(answer.why[0] ? { reason: answer.why[0] } : {}),
      },
      message: () =>
        `${header()}\n\nExpected ${answer.workload} ${this.isNot ? 'not ' : ''}to keep at least ${n} replicas running` + explainFewestRunning(answer),
    };
  });
}

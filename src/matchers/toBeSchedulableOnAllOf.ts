// expect(subject).toBeSchedulableOnAllOf(nodes, { existingPods? }) — e.g. a DaemonSet must run on every node of a pool.
import { unknownOnAll } from '../engine';
import { explainAllOf, noPodFacts, statusFacts } from '../explain/schedule';
import { explainUnknownAllOf, notModelledNote, notModelledSummary } from '../explain/not-modelled';
import { failBoth, hint, type MatcherContext, type MatcherResult } from './context';
import { assumedFacts } from './record';
import { guarded } from './inputs';
import { checkedSchedule } from './toBeSchedulableOnAnyOf';
import { underPolicy } from './inputs-nodes';

export function toBeSchedulableOnAllOf(this: MatcherContext, received: unknown, nodesArg: unknown, options?: unknown): MatcherResult {
  const header = () => hint(this, 'toBeSchedulableOnAllOf', 'nodes');
  return guarded(this, header, () => underPolicy(options, () => {
    const { subject, nodes, answer } = checkedSchedule(received, nodesArg, options);
    if (unknownOnAll(answer)) {
      const negated = this.isNot === true;
      return {
        ...failBoth(this, () => `${header()}\n\n${explainUnknownAllOf(answer, negated)}`),
        placement: { matcher: 'toBeSchedulableOnAllOf', ...assumedFacts(answer), subject, target: nodes, verdict: 'unknown', accepted: false, reason: notModelledSummary(answer.notModelled!) },
      };
    }
    // a DaemonSet's nodes without its pod (answer.noPod) are nodes it does not run on
    const all = answer.rejected.length === 0 && !answer.noPod?.length;
    return {
      pass: all,
      placement: { matcher: 'toBeSchedulableOnAllOf', ...assumedFacts(answer), subject, target: nodes, verdict: answer.gated ? 'gated' : `schedulable on ${answer.feasible.length} of ${nodes.length}`, accepted: all, ...(answer.rejected.length || !answer.noPod?.length ? statusFacts(answer.rejected[0]?.status) : noPodFacts(answer.noPod[0])) },
      message: () => `${header()}\n\n${explainAllOf(answer)}${notModelledNote(answer.notModelled)}`,
    };
  }));
}

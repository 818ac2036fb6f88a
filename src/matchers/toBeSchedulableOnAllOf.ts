// expect(subject).toBeSchedulableOnAllOf(nodes, { existingPods? }) — e.g. a DaemonSet must run on every node of a pool.
import { hint, type MatcherContext, type MatcherResult } from './context';
import { guarded } from './inputs';
import { statusFacts } from '../report/record';
import { describeGated } from '../scheduler';
import { checkedSchedule, describeRejections, whyFirstFits } from './toBeSchedulableOnAnyOf';

export function toBeSchedulableOnAllOf(this: MatcherContext, received: unknown, nodesArg: unknown, options?: unknown): MatcherResult {
  const header = () => hint(this, 'toBeSchedulableOnAllOf', 'nodes');
  return guarded(this, header, () => {
    const { subject, nodes, result } = checkedSchedule(received, nodesArg, options);
    return {
      pass: result.rejected.length === 0,
      placement: { matcher: 'toBeSchedulableOnAllOf', subject, target: nodes, verdict: result.gated ? 'gated' : `schedulable on ${result.feasible.length} of ${nodes.length}`, accepted: result.rejected.length === 0, ...statusFacts(result.rejected[0]?.status) },
      message: () =>
        result.gated
          ? `${header()}\n\nExpected ${subject.label} to be schedulable on all of ${nodes.length} node(s), but ${describeGated(subject.label, result.gated.gates)}`
          : result.rejected.length === 0
          ? `${header()}\n\nExpected ${subject.label} not to be schedulable on all of ${nodes.length} node(s), but every one accepts it.\n` +
            whyFirstFits(subject, nodes, result.feasible[0].node)
          : `${header()}\n\nExpected ${subject.label} to be schedulable on all of ${nodes.length} node(s), but ${result.rejected.length} reject it:\n` +
            describeRejections(result.rejected),
    };
  });
}

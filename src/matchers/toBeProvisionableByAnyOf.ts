// expect(workload).toBeProvisionableByAnyOf(nodePools) — Karpenter would find a NodePool; which one it picks is in the message.
import { nodePoolsOf, unknownProvision } from '../engine';
import { explainProvisionableByAnyOf } from '../explain/karpenter';
import { hint, type MatcherContext, type MatcherResult } from './context';
import { apiServerErrors, guarded, subjectOf, UsageError } from './inputs';
import { assumedFacts } from './record';
import { provisionFor, unknownResult, withNodePoolErrors, type ProvisionableOptions } from './toBeProvisionableBy';

export function toBeProvisionableByAnyOf(this: MatcherContext, received: unknown, poolsArg: unknown, options?: ProvisionableOptions): MatcherResult {
  const header = () => hint(this, 'toBeProvisionableByAnyOf', 'nodePools');
  return guarded(this, header, () => withNodePoolErrors(() => {
    const subject = subjectOf(received);
    const pools = nodePoolsOf(poolsArg);
    const rejected = apiServerErrors([{ object: subject.object, label: subject.label }]);
    if (rejected) throw new UsageError(rejected);
    const answer = provisionFor(subject, pools, options);
    if (unknownProvision(answer)) return unknownResult(this, header, answer, { matcher: 'toBeProvisionableByAnyOf', subject, target: pools });
    const chosen = answer.chosen;
    return {
      pass: chosen !== undefined,
      placement: { matcher: 'toBeProvisionableByAnyOf', ...assumedFacts(answer), subject, target: pools, verdict: chosen ? `NodePool ${chosen.pool}` : 'not provisionable', accepted: chosen !== undefined, reason: answer.error },
      message: () => `${header()}\n\n${explainProvisionableByAnyOf(answer)}`,
    };
  }));
}

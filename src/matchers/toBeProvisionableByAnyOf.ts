// expect(workload).toBeProvisionableByAnyOf(nodePools) — Karpenter would find a NodePool; which one it picks is in the message.
import { provision, poolModel } from '../karpenter';
import { nodePoolsOf } from '../karpenter/inputs';
import { hint, type MatcherContext, type MatcherResult } from './context';
import { apiServerErrors, guarded, subjectOf, UsageError } from './inputs';
import { describePoolVerdict, instanceTypesOf, withNodePoolErrors } from './toBeProvisionableBy';
import { resourceAssumption } from '../karpenter/provision';

export function toBeProvisionableByAnyOf(this: MatcherContext, received: unknown, poolsArg: unknown, options?: { instanceTypes?: unknown }): MatcherResult {
  const header = () => hint(this, 'toBeProvisionableByAnyOf', 'nodePools');
  return guarded(this, header, () => withNodePoolErrors(() => {
    const subject = subjectOf(received);
    const pools = nodePoolsOf(poolsArg);
    const rejected = apiServerErrors([{ object: subject.object, label: subject.label }]);
    if (rejected) throw new UsageError(rejected);
    const instanceTypes = instanceTypesOf(options);
    const result = provision(subject, pools.map(poolModel), { instanceTypes });
    const chosen = result.chosen;
    const assumption = chosen && !instanceTypes ? resourceAssumption(subject) : undefined;
    return {
      pass: chosen !== undefined,
      placement: { matcher: 'toBeProvisionableByAnyOf', subject, target: pools, verdict: chosen ? `NodePool ${chosen.pool}` : 'not provisionable', accepted: chosen !== undefined, reason: result.error },
      message: () =>
        chosen
          ? `${header()}\n\nExpected ${subject.label} not to be provisionable by any of ${pools.length} NodePool(s), but Karpenter would pick NodePool ${chosen.pool} (weight ${chosen.weight}` +
            `${chosen.round !== 'as written' ? `, ${chosen.round}` : ''})${assumption ? `, ${assumption}` : ''}; NodePools are tried by weight, then name descending.`
          : `${header()}\n\nExpected ${subject.label} to be provisionable by one of ${pools.length} NodePool(s), but Karpenter would ${result.error ? `report:\n  ${result.error}` : 'not consider the pod at all:'}\n\n` +
            result.pools.map((v) => `NodePool ${v.pool} (weight ${v.weight}):\n${describePoolVerdict(v)}`).join('\n'),
    };
  }));
}

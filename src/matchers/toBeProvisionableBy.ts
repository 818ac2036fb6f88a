// expect(workload).toBeProvisionableBy(nodePool) — Karpenter would launch a node from this NodePool for the workload's pod.
import { provision, poolModel, type PoolVerdict } from '../karpenter';
import { resourceAssumption } from '../karpenter/provision';
import { checkInstanceTypes, InstanceTypeInputError, type InstanceType } from '../karpenter/instance-types';
import { nodePoolOf, NodePoolInputError } from '../karpenter/inputs';
import { describeObject } from '../k8s/subject';
import { hint, indent, type MatcherContext, type MatcherResult } from './context';
import { apiServerErrors, guarded, subjectOf, UsageError } from './inputs';

export function describePoolVerdict(v: PoolVerdict, by = '  '): string {
  const head = v.stage === 'not a candidate' ? 'not a candidate NodePool' : v.error ?? 'not considered by Karpenter';
  const round = v.round && v.round !== 'as written' ? [`(checked ${v.round})`] : [];
  return `${by}${head}\n${indent([...v.details, ...round], `${by}  `)}`;
}

/** The `{ instanceTypes }` option, checked. */
export function instanceTypesOf(options: { instanceTypes?: unknown } | undefined): InstanceType[] | undefined {
  if (options === undefined || options.instanceTypes === undefined) return undefined;
  return checkInstanceTypes(options.instanceTypes);
}

export function withNodePoolErrors<T>(body: () => T): T {
  try {
    return body();
  } catch (e) {
    if (e instanceof NodePoolInputError || e instanceof InstanceTypeInputError) throw new UsageError(e.message);
    throw e;
  }
}

export function toBeProvisionableBy(this: MatcherContext, received: unknown, poolArg: unknown, options?: { instanceTypes?: unknown }): MatcherResult {
  const header = () => hint(this, 'toBeProvisionableBy', 'nodePool');
  return guarded(this, header, () => withNodePoolErrors(() => {
    const subject = subjectOf(received);
    const pool = nodePoolOf(poolArg);
    const rejected = apiServerErrors([{ object: subject.object, label: subject.label }]);
    if (rejected) throw new UsageError(rejected);
    const poolLabel = describeObject(pool);
    const instanceTypes = instanceTypesOf(options);
    const verdict = provision(subject, [poolModel(pool)], { instanceTypes }).pools[0];
    const assumption = verdict.ok && !instanceTypes ? resourceAssumption(subject) : undefined;
    const what = subject.kind === 'DaemonSet' ? 'count its pods as daemon overhead on that pool' : 'launch a node from that pool for its pod';
    return {
      pass: verdict.ok,
      placement: { matcher: 'toBeProvisionableBy', subject, target: pool, verdict: verdict.ok ? 'provisionable' : 'not provisionable', accepted: verdict.ok, reason: verdict.error },
      message: () =>
        verdict.ok
          ? `${header()}\n\nExpected ${subject.label} not to be provisionable by ${poolLabel}, but Karpenter would ${what}` +
            (verdict.round !== 'as written' ? ` (${verdict.round})` : '') + (assumption ? `, ${assumption}.` : '.')
          : `${header()}\n\nExpected ${subject.label} to be provisionable by ${poolLabel}, but Karpenter would not ${what}:\n${describePoolVerdict(verdict)}`,
    };
  }));
}

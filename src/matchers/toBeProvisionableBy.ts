// expect(workload).toBeProvisionableBy(nodePool) — Karpenter would launch a node from this NodePool for the workload's pod.
import { checkInstanceTypes, InstanceTypeInputError, NodePoolInputError, nodePoolOf, provision, type InstanceType } from '../engine';
import { explainProvisionableBy } from '../explain/karpenter';
import { hint, type MatcherContext, type MatcherResult } from './context';
import { apiServerErrors, guarded, subjectOf, UsageError } from './inputs';
import { storageOf } from './inputs-nodes';

/** The `{ instanceTypes }` option, checked. */
export function instanceTypesOf(options: { instanceTypes?: unknown } | undefined): InstanceType[] | undefined {
  if (options === undefined || options.instanceTypes === undefined) return undefined;
  return checkInstanceTypes(options.instanceTypes);
}

/** The `{ storage }` option: storage objects only (another kind is a usage error, named). */
export function storageOption(options: { storage?: unknown } | undefined) {
  return options?.storage === undefined ? undefined : storageOf(options.storage);
}

export function withNodePoolErrors<T>(body: () => T): T {
  try {
    return body();
  } catch (e) {
    if (e instanceof NodePoolInputError || e instanceof InstanceTypeInputError) throw new UsageError(e.message);
    throw e;
  }
}

export function toBeProvisionableBy(this: MatcherContext, received: unknown, poolArg: unknown, options?: { instanceTypes?: unknown; storage?: unknown }): MatcherResult {
  const header = () => hint(this, 'toBeProvisionableBy', 'nodePool');
  return guarded(this, header, () => withNodePoolErrors(() => {
    const subject = subjectOf(received);
    const pool = nodePoolOf(poolArg);
    const rejected = apiServerErrors([{ object: subject.object, label: subject.label }]);
    if (rejected) throw new UsageError(rejected);
    const answer = provision(subject, [pool], instanceTypesOf(options), storageOption(options));
    const verdict = answer.pools[0];
    return {
      pass: verdict.ok,
      placement: { matcher: 'toBeProvisionableBy', subject, target: pool, verdict: verdict.ok ? 'provisionable' : 'not provisionable', accepted: verdict.ok, reason: verdict.error },
      message: () => `${header()}\n\n${explainProvisionableBy(answer)}`,
    };
  }));
}

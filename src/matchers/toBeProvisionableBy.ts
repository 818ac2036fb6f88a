// expect(workload).toBeProvisionableBy(nodePool) — Karpenter would launch a node from this NodePool for the workload's pod.
import { checkInstanceTypes, daemonSetsOf, InstanceTypeInputError, NodePoolInputError, nodePoolOf, provision, unknownProvision, type InstanceType, type ProvisionAnswer, type Subject } from '../engine';
import { explainProvisionableBy, explainUnknownProvisionable } from '../explain/karpenter';
import { notModelledSummary } from '../explain/not-modelled';
import { failBoth, hint, type MatcherContext, type MatcherResult } from './context';
import { apiServerErrors, guarded, labelOf, subjectOf, UsageError } from './inputs';
import { storageAssumptionOf, storageOf } from './inputs-nodes';
import { assumedFacts } from './record';
import type { KubeObject } from '../core/types';

/** The `{ instanceTypes }` option, checked. */
export function instanceTypesOf(options: { instanceTypes?: unknown } | undefined): InstanceType[] | undefined {
  if (options === undefined || options.instanceTypes === undefined) return undefined;
  return checkInstanceTypes(options.instanceTypes);
}

/** The `{ storage }` option: storage objects only (another kind is a usage error, named). */
export function storageOption(options: { storage?: unknown } | undefined) {
  return options?.storage === undefined ? undefined : storageOf(options.storage);
}

/** The Karpenter matchers' options: `instanceTypes`, `storage`, `storageAssumption` and `daemonSets`, checked. */
export type ProvisionableOptions = { instanceTypes?: unknown; storage?: unknown; storageAssumption?: unknown; daemonSets?: unknown };

/**
 * The engine's answer for the matchers' options. The storage objects and DaemonSets given are the cluster's: one the
 * API server would refuse is a usage error naming its field, as the scheduling matchers' cluster objects are.
 */
export function provisionFor(subject: Subject, pools: Parameters<typeof provision>[1], options: ProvisionableOptions | undefined): ProvisionAnswer {
  const assumption = options?.storageAssumption === undefined ? undefined : storageAssumptionOf(options.storageAssumption);
  const daemonSets = options?.daemonSets === undefined ? undefined : daemonSetsOf(options.daemonSets);
  const storage = storageOption(options);
  const rejected = apiServerErrors([...(storage ?? []), ...(daemonSets ?? [])].map((o) => ({ object: o, label: labelOf(o) })));
  if (rejected) throw new UsageError(rejected);
  return provision(subject, pools, instanceTypesOf(options), storage, assumption, daemonSets);
}

/**
 * A Karpenter matcher's result with no verdict (unknownProvision): it fails with and without `.not`, and the report
 * records `unknown` with what is not modelled.
 */
export function unknownResult(ctx: MatcherContext, header: () => string, answer: ProvisionAnswer, facts: { matcher: string; subject: Subject; target: KubeObject | readonly KubeObject[] }): MatcherResult {
  const anyOf = facts.matcher === 'toBeProvisionableByAnyOf';
  return {
    ...failBoth(ctx, () => `${header()}\n\n${explainUnknownProvisionable(answer, ctx.isNot === true, anyOf)}`),
    placement: { ...facts, ...assumedFacts(answer), verdict: 'unknown', accepted: false, reason: notModelledSummary(answer.notModelled!) },
  };
}

export function withNodePoolErrors<T>(body: () => T): T {
  try {
    return body();
  } catch (e) {
    if (e instanceof NodePoolInputError || e instanceof InstanceTypeInputError) throw new UsageError(e.message);
    throw e;
  }
}

export function toBeProvisionableBy(this: MatcherContext, received: unknown, poolArg: unknown, options?: ProvisionableOptions): MatcherResult {
  const header = () => hint(this, 'toBeProvisionableBy', 'nodePool');
  return guarded(this, header, () => withNodePoolErrors(() => {
    const subject = subjectOf(received);
    const pool = nodePoolOf(poolArg);
    const rejected = apiServerErrors([{ object: subject.object, label: subject.label }]);
    if (rejected) throw new UsageError(rejected);
    const answer = provisionFor(subject, [pool], options);
    if (unknownProvision(answer)) return unknownResult(this, header, answer, { matcher: 'toBeProvisionableBy', subject, target: pool });
    const verdict = answer.pools[0];
    return {
      pass: verdict.ok,
      placement: { matcher: 'toBeProvisionableBy', ...assumedFacts(answer), subject, target: pool, verdict: verdict.ok ? 'provisionable' : 'not provisionable', accepted: verdict.ok, reason: verdict.error },
      message: () => `${header()}\n\n${explainProvisionableBy(answer)}`,
    };
  }));
}

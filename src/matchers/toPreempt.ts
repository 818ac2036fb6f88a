// expect(pod).toPreempt(victims?, { nodes, existingPods, podDisruptionBudgets?, … }) — no node fits the pod as it is,
// and DefaultPreemption nominates one (pkg/scheduler/framework/preemption/preemption.go Preempt); with `victims`
// (Pods or 'namespace/name'), exactly those are preempted on every node it may nominate. A DaemonSet's pods are
// scheduled one per node (engine/daemon.ts withDaemonPods): it preempts when one of them does, and `victims` are all theirs.
import { preempt, unknownOnAny, type PreemptAnswer, type Subject } from '../engine';
import { explainPreempt } from '../explain/preemption';
import { describeNotModelled, notModelledSummary } from '../explain/not-modelled';
import { failBoth, hint, type MatcherContext, type MatcherResult } from './context';
import { assumedFacts } from './record';
import { apiServerErrors, claimErrors, guarded, labelOf, quotaErrors, schedulerErrorsAsUsage, subjectOf, UsageError } from './inputs';
import { nodesOf, schedulingOptionsOf, underPolicy } from './inputs-nodes';

const SHAPE = '{ nodes, existingPods?, podDisruptionBudgets?, namespaces?, services?, storage?, storageAssumption?, schedulerConfiguration?, limitRanges?, resourceQuotas?, runtimeClasses?, priorityClasses? }';

/** `victims`: Pods or 'namespace/name' strings (a Pod without a namespace is in `default`), as the answer names them. */
function victimsOf(x: unknown): string[] {
  if (typeof x !== 'object' || x === null || !(Symbol.iterator in x) || typeof x === 'string') throw new UsageError(`victims must be an array of Pods or 'namespace/name' strings, received ${JSON.stringify(x)?.slice(0, 80)}`);
  return [...(x as Iterable<unknown>)].map((v, i) => {
    if (typeof v === 'string') {
      if (!/^[^/\s]+\/[^/\s]+$/.test(v)) throw new UsageError(`victims[${i}] must be 'namespace/name', received ${JSON.stringify(v)}`);
      return v;
    }
    const pod = v as { kind?: string; metadata?: { name?: string; namespace?: string } };
    if (pod?.kind !== 'Pod' || !pod.metadata?.name) throw new UsageError(`victims[${i}] is not a Pod with a name, nor a 'namespace/name' string`);
    return `${pod.metadata.namespace || 'default'}/${pod.metadata.name}`;
  });
}

/** The arguments: `(options)` or `(victims, options)`; `options.nodes` is the cluster. */
function argumentsOf(first: unknown, second: unknown): { victims?: string[]; options: Record<string, unknown> } {
  const isOptions = (x: unknown) => typeof x === 'object' && x !== null && !Array.isArray(x) && !(Symbol.iterator in x) && (x as { kind?: unknown }).kind === undefined;
  if (second === undefined && isOptions(first)) return { options: first as Record<string, unknown> };
  if (!isOptions(second)) throw new UsageError(`toPreempt takes (victims?, options): options must be ${SHAPE}`);
  return { victims: victimsOf(first), options: second as Record<string, unknown> };
}

/** The checked arguments and the engine's answer. */
function checked(received: unknown, options: Record<string, unknown>): { subject: Subject; nodes: ReturnType<typeof nodesOf>; answer: PreemptAnswer } {
  const subject = subjectOf(received);
  if (options.nodes === undefined) throw new UsageError(`toPreempt needs options.nodes, the cluster's nodes: ${SHAPE}`);
  const { nodes: nodesArg, ...rest } = options;
  const nodes = nodesOf(nodesArg);
  const cluster = schedulingOptionsOf(rest, false);
  const rejected = apiServerErrors([
    { object: subject.object, label: subject.label },
    ...nodes.map((n) => ({ object: n, label: () => labelOf(n) })),
    ...(cluster.existingPods ?? []).map((p) => ({ object: p, label: () => labelOf(p) })),
    ...(cluster.podDisruptionBudgets ?? []).map((o) => ({ object: o, label: () => labelOf(o) })),
  ]) ?? quotaErrors(subject, cluster.existingPods) ?? claimErrors(subject, cluster.storage);
  if (rejected) throw new UsageError(rejected);
  return { subject, nodes, answer: schedulerErrorsAsUsage(() => preempt(subject, nodes, cluster)) };
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

export function toPreempt(this: MatcherContext, received: unknown, victimsOrOptions?: unknown, options?: unknown): MatcherResult {
  const header = () => hint(this, 'toPreempt', 'victims');
  return guarded(this, header, () => {
    const { victims, options: given } = argumentsOf(victimsOrOptions, options);
    return underPolicy(given, () => preemptResult(this, header, received, victims, given));
  });
}

/** The engine's answer to the checked arguments, and the result (under the options' namespace policy). */
function preemptResult(ctx: MatcherContext, header: () => string, received: unknown, victims: string[] | undefined, options: Record<string, unknown>): MatcherResult {
  const { subject, nodes, answer } = checked(received, options);
  const negated = ctx.isNot === true;
  const nominated = answer.victims !== undefined;
  // a priority the inputs leave unknown, or a pod using what is not modelled whose preemption the dry run cannot decide
  if (unknownOnAny(answer) || (nominated && answer.notModelled?.length)) {
    const expected = `Expected ${answer.pod} ${negated ? 'not ' : ''}to preempt${victims ? ` ${victims.join(', ') || 'no pod'}` : ''}`;
    return {
      ...failBoth(ctx, () => `${header()}\n\n${expected}, but ${negated ? 'that cannot be proved' : 'the verdict is unknown'}: ${describeNotModelled(answer.notModelled!)}`),
      placement: { matcher: 'toPreempt', ...assumedFacts(answer), subject, target: nodes, verdict: 'unknown', accepted: false, reason: notModelledSummary(answer.notModelled!) },
    };
  }
  // a DaemonSet's Pending pods preempt each on its own node: all their victims together; a pod's ties: each node's alone
  const preempted = nominated ? (answer.daemonPods ? [Object.values(answer.victims!).flat()] : Object.values(answer.victims!)) : [];
  const pass = nominated && (!victims || preempted.every((vs) => sameSet(vs.map((v) => v.pod), victims)));
  const verdict = answer.gated ? 'gated'
    : nominated && answer.daemonPods ? `its pods preempt on ${Object.keys(answer.victims!).join(' and ')}`
    : answer.feasible.length ? 'fits without preemption' : nominated ? `preempts on ${Object.keys(answer.victims!).join(' or ')}` : 'Pending (preemption does not help)';
  return {
    pass,
    placement: { matcher: 'toPreempt', ...assumedFacts(answer), subject, target: nodes, verdict, accepted: nominated, ...(answer.fitError ? { reason: answer.fitError } : {}) },
    message: () => `${header()}\n\n${explainPreempt(answer, victims, negated)}`,
  };
}

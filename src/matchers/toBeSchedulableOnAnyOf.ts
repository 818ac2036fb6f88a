// expect(subject).toBeSchedulableOnAnyOf(nodes, { existingPods?, namespaces?, …, limitRanges?, resourceQuotas?, … }) — the scheduler would find a node.
import { schedule, unknownOnAny, type ScheduleAnswer, type Subject } from '../engine';
import { explainAnyOf } from '../explain/schedule';
import { explainUnknownAnyOf, notModelledNote, notModelledSummary } from '../explain/not-modelled';
import { failBoth, hint, type MatcherContext, type MatcherResult } from './context';
import { assumedFacts } from './record';
import { apiServerErrors, claimErrors, guarded, labelOf, quotaErrors, schedulerErrorsAsUsage, subjectOf, UsageError } from './inputs';
import { nodesOf, schedulingOptionsOf, underPolicy } from './inputs-nodes';

/** The arguments of the many-node matchers, checked, and the engine's answer. */
export function checkedSchedule(received: unknown, nodesArg: unknown, options: unknown): { subject: Subject; nodes: ReturnType<typeof nodesOf>; answer: ScheduleAnswer } {
  const subject = subjectOf(received);
  const nodes = nodesOf(nodesArg);
  const cluster = schedulingOptionsOf(options, false);
  const rejected = apiServerErrors([
    { object: subject.object, label: subject.label },
    ...nodes.map((n) => ({ object: n, label: () => labelOf(n) })),
    ...(cluster.existingPods ?? []).map((p) => ({ object: p, label: () => labelOf(p) })),
    ...(cluster.storage ?? []).map((o) => ({ object: o, label: () => labelOf(o) })),
    ...(cluster.podDisruptionBudgets ?? []).map((o) => ({ object: o, label: () => labelOf(o) })),
  ]) ?? quotaErrors(subject, cluster.existingPods) ?? claimErrors(subject, cluster.storage);
  if (rejected) throw new UsageError(rejected);
  return { subject, nodes, answer: schedulerErrorsAsUsage(() => schedule(subject, nodes, cluster)) };
}

export function toBeSchedulableOnAnyOf(this: MatcherContext, received: unknown, nodesArg: unknown, options?: unknown): MatcherResult {
  const header = () => hint(this, 'toBeSchedulableOnAnyOf', 'nodes');
  return guarded(this, header, () => underPolicy(options, () => {
    const { subject, nodes, answer } = checkedSchedule(received, nodesArg, options);
    if (unknownOnAny(answer)) {
      const negated = this.isNot === true;
      return {
        ...failBoth(this, () => `${header()}\n\n${explainUnknownAnyOf(answer, negated)}`),
        placement: { matcher: 'toBeSchedulableOnAnyOf', ...assumedFacts(answer), subject, target: nodes, verdict: 'unknown', accepted: false, reason: notModelledSummary(answer.notModelled!) },
      };
    }
    const fits = answer.feasible.length > 0;
    return {
      pass: fits,
      placement: { matcher: 'toBeSchedulableOnAnyOf', ...assumedFacts(answer), subject, target: nodes, verdict: answer.gated ? 'gated' : `schedulable on ${answer.feasible.length} of ${nodes.length}`, accepted: fits, reason: answer.fitError },
      message: () => `${header()}\n\n${explainAnyOf(answer)}${notModelledNote(answer.notModelled)}`,
    };
  }));
}

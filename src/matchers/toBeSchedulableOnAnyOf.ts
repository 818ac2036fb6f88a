// expect(subject).toBeSchedulableOnAnyOf(nodes, { existingPods?, namespaces? }) — the scheduler would find a node.
import type { Node } from '../types';
import { describeGated, schedule } from '../scheduler';
import { hint, type MatcherContext, type MatcherResult } from './context';
import { apiServerErrors, guarded, labelOf, subjectOf, UsageError } from './inputs';
import { nodesOf, schedulingOptionsOf } from './inputs-nodes';
import { describeRejection, schedulerErrorsAsUsage } from './toBeSchedulableOn';

export function checkedSchedule(received: unknown, nodesArg: unknown, options: unknown) {
  const subject = subjectOf(received);
  const nodes: Node[] = nodesOf(nodesArg);
  const { existingPods, namespaces } = schedulingOptionsOf(options, false);
  const rejected = apiServerErrors([
    { object: subject.object, label: subject.label },
    ...nodes.map((n) => ({ object: n, label: labelOf(n) })),
    ...(existingPods ?? []).map((p) => ({ object: p, label: labelOf(p) })),
  ]);
  if (rejected) throw new UsageError(rejected);
  return { subject, nodes, result: schedulerErrorsAsUsage(() => schedule(subject, nodes, existingPods, namespaces)) };
}

export function toBeSchedulableOnAnyOf(this: MatcherContext, received: unknown, nodesArg: unknown, options?: unknown): MatcherResult {
  const header = () => hint(this, 'toBeSchedulableOnAnyOf', 'nodes');
  return guarded(this, header, () => {
    const { subject, nodes, result } = checkedSchedule(received, nodesArg, options);
    return {
      pass: result.feasible.length > 0,
      message: () =>
        result.gated
          ? `${header()}\n\nExpected ${subject.label} to be schedulable on one of ${nodes.length} node(s), but ${describeGated(subject.label, result.gated.gates)}`
          : result.feasible.length > 0
          ? `${header()}\n\nExpected ${subject.label} not to be schedulable on any of ${nodes.length} node(s), but it fits ${result.feasible.length}: ${result.feasible.map((v) => v.node).join(', ')}`
          : `${header()}\n\nExpected ${subject.label} to be schedulable on one of ${nodes.length} node(s), but kube-scheduler would report:\n  ${result.fitError}\n\n` +
            result.rejected.map((v) => `Node ${v.node}:\n${describeRejection(v, '  ')}`).join('\n'),
    };
  });
}

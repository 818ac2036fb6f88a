// expect(subject).toBeSchedulableOn(node, { existingPods? })
import { FILTER_PLUGINS, schedulingVerdict, type NodeVerdict } from '../scheduler';
import { hint, indent, type MatcherContext, type MatcherResult } from './context';
import { apiServerErrors, guarded, labelOf, nodeOf, subjectOf, UsageError } from './inputs';
import { existingPodsOf } from './inputs-nodes';

export function describeRejection(v: NodeVerdict, by = '  '): string {
  const s = v.status!;
  return `${by}${s.plugin}: ${s.reasons.join(', ')}\n${indent(s.details, `${by}  `)}`;
}

export function toBeSchedulableOn(this: MatcherContext, received: unknown, nodeArg: unknown, options?: unknown): MatcherResult {
  const header = () => hint(this, 'toBeSchedulableOn', 'node');
  return guarded(this, header, () => {
    const subject = subjectOf(received);
    const node = nodeOf(nodeArg);
    const existingPods = existingPodsOf(options);
    const nodeLabel = labelOf(node);
    const rejected = apiServerErrors([
      { object: subject.object, label: subject.label },
      { object: node, label: nodeLabel },
      ...(existingPods ?? []).map((p) => ({ object: p, label: labelOf(p) })),
    ]);
    if (rejected) throw new UsageError(rejected);
    const verdict = schedulingVerdict(subject, node, existingPods);
    return {
      pass: verdict.feasible,
      message: () =>
        verdict.feasible
          ? `${header()}\n\nExpected ${subject.label} not to be schedulable on ${nodeLabel}, but every filter passes (${FILTER_PLUGINS.map((p) => p.name).join(', ')}).`
          : `${header()}\n\nExpected ${subject.label} to be schedulable on ${nodeLabel}, but kube-scheduler would reject it:\n${describeRejection(verdict)}`,
    };
  });
}

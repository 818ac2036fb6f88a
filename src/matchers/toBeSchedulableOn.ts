// expect(subject).toBeSchedulableOn(node)
import { FILTER_PLUGINS, schedulingVerdict } from '../scheduler';
import { hint, indent, type MatcherContext, type MatcherResult } from './context';
import { apiServerErrors, guarded, labelOf, nodeOf, subjectOf, UsageError } from './inputs';

export function toBeSchedulableOn(this: MatcherContext, received: unknown, nodeArg: unknown): MatcherResult {
  const header = () => hint(this, 'toBeSchedulableOn', 'node');
  return guarded(this, header, () => {
    const subject = subjectOf(received);
    const node = nodeOf(nodeArg);
    const nodeLabel = labelOf(node);
    const rejected = apiServerErrors([
      { object: subject.object, label: subject.label },
      { object: node, label: nodeLabel },
    ]);
    if (rejected) throw new UsageError(rejected);
    const verdict = schedulingVerdict(subject, node);
    return {
      pass: verdict.feasible,
      message: () => {
        if (verdict.feasible) {
          return `${header()}\n\nExpected ${subject.label} not to be schedulable on ${nodeLabel}, but every filter passes (${FILTER_PLUGINS.map((p) => p.name).join(', ')}).`;
        }
        const s = verdict.status!;
        return `${header()}\n\nExpected ${subject.label} to be schedulable on ${nodeLabel}, but kube-scheduler would reject it:\n` +
          `  ${s.plugin}: ${s.reasons.join(', ')}\n${indent(s.details, '    ')}`;
      },
    };
  });
}

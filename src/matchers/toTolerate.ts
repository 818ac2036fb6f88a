// expect(subject).toTolerate(taint)
import { toleratedFor } from './toBeEvictedFrom';
import type { Toleration } from '../core/types';
import { admitPod, type TolerationSource } from '../admission';
import { settings } from '../core/config';
import { formatTaint, formatToleration, toleratesTaint } from '../k8s/toleration';
import { addTolerationLines, closestLines } from '../explain/taint';
import { validateTolerations } from '../k8s/validation';
import { hint, rejectedByApiServer, type MatcherContext, type MatcherResult } from './context';
import { apiServerErrors, guarded, subjectOf, taintOf, tolerationsOf, UsageError } from './inputs';

export function toTolerate(this: MatcherContext, received: unknown, taintArg: unknown): MatcherResult {
  const header = () => hint(this, 'toTolerate', 'taint');
  return guarded(this, header, () => {
    const taint = taintOf(taintArg);
    const gate = settings().featureGates.TaintTolerationComparisonOperators;
    let tolerations: Toleration[];
    let sources: TolerationSource[] | undefined;
    let label: string;
    let path: string | undefined;
    const direct = tolerationsOf(received);
    if (direct) {
      tolerations = direct;
      // An array is indexed like a pod's list, so hints can say `tolerations[1]`.
      if (Array.isArray(received)) sources = direct.map(() => 'pod spec');
      // A long list would make a long first line; the hint below quotes the toleration that matters.
      label = direct.length === 1 ? `toleration ${formatToleration(direct[0])}` : `${direct.length} tolerations`;
      const errors = settings().validate ? validateTolerations(direct, 'tolerations', gate) : [];
      if (errors.length) throw new UsageError(rejectedByApiServer(`The ${label}`, errors));
    } else {
      const subject = subjectOf(received);
      const rejected = apiServerErrors([{ object: subject.object, label: subject.label }]);
      if (rejected) throw new UsageError(rejected);
      ({ tolerations, sources } = admitPod(subject));
      label = subject.label;
      path = `${subject.specPath}.tolerations`;
    }
    const taintText = formatTaint(taint);
    const index = tolerations.findIndex((t) => toleratesTaint(t, taint, gate));
    const pass = index >= 0;
    const from = (i: number) => (sources && sources[i] !== 'pod spec' ? ` (added by ${sources[i]})` : '');
    return {
      pass,
      placement: direct ? undefined : { matcher: 'toTolerate', subject: subjectOf(received), target: `taint ${taintText}`, verdict: pass ? 'tolerated' : 'not tolerated', accepted: pass },
      message: () => {
        if (pass) {
          const t = tolerations[index];
          const seconds = taint.effect === 'NoExecute' && t.tolerationSeconds != null ? ` ${toleratedFor(t.tolerationSeconds)}` : '';
          const who = sources ? `tolerations[${index}]${from(index)}` : 'the toleration';
          return (
            `${header()}\n\nExpected ${label} not to tolerate taint ${this.utils.printExpected(taintText)}, but it does.\n` +
            `Tolerated${seconds} by ${who}:\n  ${formatToleration(t)}`
          );
        }
        const why = direct && !direct.length ? ['No tolerations were given.'] : closestLines(tolerations, sources, taint, gate);
        const lines = [...why, ...addTolerationLines([taint], path)];
        lines[0] = lines[0][0].toUpperCase() + lines[0].slice(1);
        return `${header()}\n\nExpected ${label} to tolerate taint ${this.utils.printExpected(taintText)}, but no toleration matches it.\n${lines.join('\n')}`;
      },
    };
  });
}

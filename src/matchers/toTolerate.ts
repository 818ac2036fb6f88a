// expect(subject).toTolerate(taint)
import { settings } from '../core/config';
import { formatTaint, rejectedByApiServer, tolerates, validateTolerations } from '../engine';
import { explainToleration } from '../explain/taint';
import { hint, type MatcherContext, type MatcherResult } from './context';
import { apiServerErrors, guarded, subjectOf, taintOf, tolerationsOf, UsageError } from './inputs';

export function toTolerate(this: MatcherContext, received: unknown, taintArg: unknown): MatcherResult {
  const header = () => hint(this, 'toTolerate', 'taint');
  return guarded(this, header, () => {
    const taint = taintOf(taintArg);
    const direct = tolerationsOf(received);
    let answer;
    if (direct) {
      answer = tolerates(direct, taint, Array.isArray(received));
      const errors = settings().validate ? validateTolerations(direct, 'tolerations', answer.comparisonOperators) : [];
      if (errors.length) throw new UsageError(rejectedByApiServer(`The ${answer.label}`, errors));
    } else {
      const subject = subjectOf(received);
      const rejected = apiServerErrors([{ object: subject.object, label: subject.label }]);
      if (rejected) throw new UsageError(rejected);
      answer = tolerates(subject, taint);
    }
    const taintText = formatTaint(taint);
    return {
      pass: answer.tolerated,
      placement: direct ? undefined : { matcher: 'toTolerate', subject: subjectOf(received), target: `taint ${taintText}`, verdict: answer.tolerated ? 'tolerated' : 'not tolerated', accepted: answer.tolerated },
      message: () => `${header()}\n\n${explainToleration(answer, this.utils.printExpected(taintText))}`,
    };
  });
}

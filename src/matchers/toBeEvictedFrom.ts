// expect(subject).toBeEvictedFrom(node)            evicted at some point once the node's NoExecute taints are present
// expect(subject).toBeEvictedFrom(node).after(300) evicted exactly 300 s after they appear (0 = at once)
// expect(subject).toBeEvictedFrom(node, { after: 300 }) the same, without the chain
import { evict, formatTaint } from '../engine';
import { describeTime, explainEviction } from '../explain/taint';
import { failBoth, hint, type MatcherContext, type MatcherResult } from './context';
import { chainResult, checkSeconds, type Chain } from './chain';
import { apiServerErrors, guarded, labelOf, nodeOf, subjectOf, UsageError } from './inputs';

export function toBeEvictedFrom(
  this: MatcherContext,
  received: unknown,
  nodeArg: unknown,
  options?: { after?: number },
): MatcherResult | Chain<'after', number> {
  const ctx = this;
  const build = (after: number | undefined): MatcherResult => {
    const suffix = after === undefined ? '' : `.after(${after})`;
    const header = () => hint(ctx, 'toBeEvictedFrom', 'node', suffix);
    return guarded(ctx, header, () => {
      const subject = subjectOf(received);
      const node = nodeOf(nodeArg);
      const rejected = apiServerErrors([
        { object: subject.object, label: subject.label },
        { object: node, label: labelOf(node) },
      ]);
      if (rejected) throw new UsageError(rejected);
      // the time the hint aims at: the one asked for, positive form only
      const want = ctx.isNot ? undefined : after;
      const verdict = evict(subject, node, want);
      const actual = describeTime(verdict.after);
      const pass = after === undefined ? verdict.after !== null : verdict.after === after;
      const expected = after === undefined ? 'evicted at some point' : describeTime(after);
      return {
        pass,
        placement: { matcher: 'toBeEvictedFrom', subject, target: node, verdict: actual, accepted: verdict.after === null, reason: verdict.untolerated && `taint ${formatTaint(verdict.untolerated)} is not tolerated` },
        message: () =>
          `${header()}\n\nExpected ${subject.label} ${ctx.isNot ? 'not ' : ''}to be ${expected} from ${labelOf(node)}` +
          `\nExpected: ${ctx.isNot ? 'not ' : ''}${ctx.utils.printExpected(expected)}\nReceived: ${ctx.utils.printReceived(actual)}\n\n` +
          explainEviction(verdict, want),
      };
    });
  };
  if (options !== undefined) {
    // The portable form, decided at once. `{}` means "at some point", like the bare call.
    const after = (options as { after?: unknown } | null)?.after;
    const problem = typeof options !== 'object' || options === null
      ? 'toBeEvictedFrom(node, options): options must be { after: seconds }'
      : after === undefined ? undefined : checkSeconds('toBeEvictedFrom(node, { after })')(after);
    if (problem) return failBoth(this, () => `${hint(this, 'toBeEvictedFrom', 'node, options')}\n\n${problem}`);
    return build(after as number | undefined);
  }
  return chainResult<'after', number>(this, 'after', checkSeconds('after'), build);
}

// expect(subject).toBeEvictedFrom(node)            evicted at some point once the node's NoExecute taints are present
// expect(subject).toBeEvictedFrom(node).after(300) evicted exactly 300 s after they appear (0 = at once)
// expect(subject).toBeEvictedFrom(node, { after: 300 }) the same, without the chain
import type { Node, Taint } from '../core/types';
import type { Subject } from '../k8s/subject';
import { nodeInfo, podInfo, type PodInfo } from '../scheduler/framework';
import { addTolerationLines, closestLines, taintOrigin } from '../explain/taint';
import { withAddedTolerations } from '../k8s/subject';
import { taintEviction, type EvictionVerdict } from '../controllers/taint-eviction';
import { formatTaint, formatToleration, tolerationFor } from '../k8s/toleration';
import { failBoth, hint, indent, type MatcherContext, type MatcherResult } from './context';
import { chainResult, checkSeconds, type Chain } from './chain';
import { apiServerErrors, guarded, labelOf, nodeOf, subjectOf, UsageError } from './inputs';

/** How long a NoExecute toleration keeps the pod: taint_eviction.go getMinTolerationTime reads ≤ 0 as "at once". */
export const toleratedFor = (s: number | null | undefined) =>
  s == null ? 'forever (no tolerationSeconds)' : s <= 0 ? `for 0s (tolerationSeconds ${s})` : `for ${s}s`;

export const describeTime = (after: number | null) =>
  after === null ? 'never evicted' : after === 0 ? 'evicted at once' : `evicted after ${after}s`;

/**
 * After the toleration YAML: the eviction time with it added, worked out by the same controller model, so the hint
 * never promises what it would not give. `want` is the time asked for (`.after(s)`), which the YAML's
 * tolerationSeconds carries; a shorter tolerationSeconds elsewhere may still decide, and then it says so.
 */
function afterTolerating(pod: PodInfo, node: Node, taints: Taint[], want: number | undefined): string {
  const seconds = want !== undefined && want > 0 ? want : undefined;
  const added = taints.map((t) => ({ ...tolerationFor(t), ...(seconds !== undefined ? { tolerationSeconds: seconds } : {}) }));
  const then = taintEviction(podInfo(withAddedTolerations(pod.subject, added)), nodeInfo(node)).after;
  const it = taints.length > 1 ? 'them' : 'it';
  if (want !== undefined && then !== want) return `Adding ${it} is not enough: the pod would then be ${describeTime(then)}, not ${describeTime(want)}.`;
  return `With ${it} added, the pod is ${describeTime(then)}.`;
}

export function explainEviction(pod: PodInfo, verdict: EvictionVerdict, node: Node, want?: number): string {
  const info = nodeInfo(node);
  if (verdict.taints.length === 0) return `${labelOf(node)} has no NoExecute taints, so the taint-eviction controller never evicts.`;
  const lines = verdict.taints.flatMap(({ taint, tolerationIndex, toleration }) => {
    const head = `${formatTaint(taint)}${taintOrigin(info, taint)}`;
    if (!toleration) {
      return [head, '  not tolerated → evicted at once', ...closestLines(pod.tolerations, pod.tolerationSources, taint, pod.comparisonOperators).map((l) => `  ${l}`)];
    }
    const source = pod.tolerationSources[tolerationIndex];
    const from = source === 'pod spec' ? '' : ` (added by ${source})`;
    return [head, `  tolerated ${toleratedFor(toleration.tolerationSeconds)} by the first matching toleration, tolerations[${tolerationIndex}]${from}:`, `    ${formatToleration(toleration)}`];
  });
  const untolerated = verdict.taints.filter((u) => !u.toleration).map((u) => u.taint);
  if (untolerated.length) {
    lines.push(...addTolerationLines(untolerated, `${pod.subject.specPath}.tolerations`, want !== undefined && want > 0 ? want : undefined));
    lines.push(afterTolerating(pod, node, untolerated, want));
  }
  return `NoExecute taints on ${labelOf(node)} and the toleration used for each:\n${indent(lines, '  ')}`;
}

function evaluate(subject: Subject, node: Node) {
  const rejected = apiServerErrors([
    { object: subject.object, label: subject.label },
    { object: node, label: labelOf(node) },
  ]);
  if (rejected) throw new UsageError(rejected);
  const pod = podInfo(subject);
  return { pod, verdict: taintEviction(pod, nodeInfo(node)) };
}

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
      const { pod, verdict } = evaluate(subject, node);
      const actual = describeTime(verdict.after);
      const pass = after === undefined ? verdict.after !== null : verdict.after === after;
      const expected = after === undefined ? 'evicted at some point' : describeTime(after);
      return {
        pass,
        placement: { matcher: 'toBeEvictedFrom', subject, target: node, verdict: actual, accepted: verdict.after === null, reason: verdict.untolerated && `taint ${formatTaint(verdict.untolerated)} is not tolerated` },
        message: () =>
          `${header()}\n\nExpected ${subject.label} ${ctx.isNot ? 'not ' : ''}to be ${expected} from ${labelOf(node)}` +
          `\nExpected: ${ctx.isNot ? 'not ' : ''}${ctx.utils.printExpected(expected)}\nReceived: ${ctx.utils.printReceived(actual)}\n\n` +
          // the time to aim the hint at: the one asked for, positive form only
          explainEviction(pod, verdict, node, ctx.isNot ? undefined : after),
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

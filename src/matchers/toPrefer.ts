// expect(subject).toPrefer(nodeA).over(nodeB): with both feasible, kube-scheduler's scores rank A above B.
import type { Node } from '../core/types';
import { nodeInfo, podInfo } from '../scheduler/framework';
import { runFilters } from '../scheduler';
import { describeScore, scoreNodes, type NodeScore } from '../scheduler/score';
import { hint, type MatcherContext, type MatcherResult } from './context';
import { chainResult, type Chain } from './chain';
import { apiServerErrors, guarded, labelOf, nodeOf, subjectOf, UsageError } from './inputs';
import { describeRejection } from './toBeSchedulableOn';

const skippedNote = (s: NodeScore) => (s.skipped.length ? `\n  Skipped (PreScore): ${s.skipped.map((k) => `${k.plugin} (${k.reason})`).join('; ')}` : '');

export function toPrefer(this: MatcherContext, received: unknown, preferredArg: unknown): Chain<'over', Node> {
  const ctx = this;
  const checkOther = (x: unknown) => ((x as Node | null)?.kind === 'Node' ? undefined : `.over(node) takes a Node object (kind: Node), received ${JSON.stringify(x)?.slice(0, 80)}`);
  const build = (other: Node | undefined): MatcherResult => {
    const header = () => hint(ctx, 'toPrefer', 'node', other ? '.over(otherNode)' : '');
    return guarded(ctx, header, () => {
      if (!other) throw new UsageError('toPrefer(node) must be followed by .over(otherNode)');
      const subject = subjectOf(received);
      const a = nodeOf(preferredArg);
      const rejected = apiServerErrors([
        { object: subject.object, label: subject.label },
        { object: a, label: labelOf(a) },
        { object: other, label: labelOf(other) },
      ]);
      if (rejected) throw new UsageError(rejected);
      const pod = podInfo(subject);
      const [ia, ib] = [nodeInfo(a), nodeInfo(other)];
      const [va, vb] = [runFilters(pod, ia), runFilters(pod, ib)];
      const intro = `Expected ${subject.label} ${ctx.isNot ? 'not ' : ''}to prefer ${labelOf(a)} over ${labelOf(other)}`;
      if (!va.feasible) {
        return { pass: false, message: () => `${header()}\n\n${intro}, but it cannot be scheduled on ${labelOf(a)} at all:\n${describeRejection(va)}` };
      }
      if (!vb.feasible) {
        return { pass: true, message: () => `${header()}\n\n${intro}, but only ${labelOf(a)} is feasible; ${labelOf(other)} is rejected:\n${describeRejection(vb)}` };
      }
      const [sa, sb] = scoreNodes(pod, [ia, ib]);
      const pass = sa.total > sb.total;
      return {
        pass,
        placement: { matcher: 'toPrefer', subject, target: a, verdict: `${pass ? '' : 'not '}preferred over ${other.metadata?.name}`, accepted: pass },
        message: () =>
          `${header()}\n\n${intro}, but the scores (normalised over these two nodes) are ${sa.total} and ${sb.total}` +
          `${sa.total === sb.total ? ' (a tie: the scheduler picks either)' : ''}:\n${describeScore(sa)}\n${describeScore(sb)}${skippedNote(sa)}`,
      };
    });
  };
  return chainResult<'over', Node>(this, 'over', checkOther, build, false);
}

// expect(subject).toPrefer(nodeA, { schedulerConfiguration?, limitRanges?, … }?).over(nodeB): with both feasible,
// kube-scheduler's scores (under the pod's profile) rank A above B.
import type { Node } from '../core/types';
import { prefer, unknownPrefer, type PreferOptions } from '../engine';
import { explainUnknownVerdict, notModelledNote, notModelledSummary } from '../explain/not-modelled';
import { describePreference, explainPrefer } from '../explain/schedule';
import { failBoth, hint, type MatcherContext, type MatcherResult } from './context';
import { chainResult, type Chain } from './chain';
import { apiServerErrors, guarded, labelOf, nodeOf, subjectOf, UsageError } from './inputs';
import { POLICY_OPTIONS, policyOf, schedulerConfigurationOf, underPolicy } from './inputs-nodes';

const KEYS = ['schedulerConfiguration', ...POLICY_OPTIONS];
const SHAPE = `{ ${KEYS.map((k) => `${k}?`).join(', ')} }`;

/** toPrefer's options: the KubeSchedulerConfiguration and the namespace policy for this check, over configure's. */
function preferOptionsOf(options: unknown): PreferOptions {
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null || Array.isArray(options)) throw new UsageError(`options must be ${SHAPE}`);
  const o = options as Record<string, unknown>;
  const unknown = Object.keys(o).filter((k) => !KEYS.includes(k));
  if (unknown.length) throw new UsageError(`unknown option(s) ${unknown.join(', ')}: options are ${SHAPE}`);
  return { ...(o.schedulerConfiguration !== undefined ? { schedulerConfiguration: schedulerConfigurationOf(o.schedulerConfiguration) } : {}), ...policyOf(o) };
}

export function toPrefer(this: MatcherContext, received: unknown, preferredArg: unknown, options?: unknown): Chain<'over', Node> {
  const ctx = this;
  const checkOther = (x: unknown) => ((x as Node | null)?.kind === 'Node' ? undefined : `.over(node) takes a Node object (kind: Node), received ${JSON.stringify(x)?.slice(0, 80)}`);
  const build = (other: Node | undefined): MatcherResult => {
    const header = () => hint(ctx, 'toPrefer', 'node', other ? '.over(otherNode)' : '');
    return guarded(ctx, header, () => underPolicy(options, () => {
      if (!other) throw new UsageError('toPrefer(node) must be followed by .over(otherNode)');
      const subject = subjectOf(received);
      // its controller makes one pod per node, each pinned to its node (ReplaceDaemonSetPodNodeNameNodeAffinity):
      // no pod of it ever weighs one node against another, so no score answers the question
      if (subject.kind === 'DaemonSet') throw new UsageError(`${subject.label} runs one pod on each node it selects, pinned to that node: its pods never choose between nodes, so there is no preference to check. Use toBeSchedulableOn(node) (or toBeSchedulableOnAllOf) for where it runs`);
      const a = nodeOf(preferredArg);
      const given = preferOptionsOf(options);
      const rejected = apiServerErrors([
        { object: subject.object, label: subject.label },
        { object: a, label: labelOf(a) },
        { object: other, label: labelOf(other) },
      ]);
      if (rejected) throw new UsageError(rejected);
      const answer = prefer(subject, a, other, given);
      if (unknownPrefer(answer)) {
        // a node's feasibility and score are the modelled plugins' only: no preference either way, unless the preferred node is certainly rejected
        const negated = ctx.isNot === true;
        const expected = `Expected ${answer.pod} ${negated ? 'not ' : ''}to prefer ${answer.labels[0]} over ${answer.labels[1]}`;
        return {
          ...failBoth(ctx, () => `${header()}\n\n${explainUnknownVerdict(expected, negated, answer.notModelled!, `, ${describePreference(answer)}`)}`),
          placement: { matcher: 'toPrefer', subject, target: a, verdict: 'unknown', accepted: false, reason: notModelledSummary(answer.notModelled!) },
        };
      }
      const message = () => `${header()}\n\n${explainPrefer(answer, ctx.isNot === true)}${notModelledNote(answer.notModelled)}`;
      // Only one node fits: the preference cannot fail (.not) or hold; no record, as before the scores.
      if (!answer.scores) return { pass: answer.preferred.feasible, message };
      const pass = answer.scores[0].total > answer.scores[1].total;
      return {
        pass,
        placement: { matcher: 'toPrefer', subject, target: a, verdict: `${pass ? '' : 'not '}preferred over ${other.metadata?.name}`, accepted: pass },
        message,
      };
    }));
  };
  return chainResult<'over', Node>(this, 'over', checkOther, build, false);
}

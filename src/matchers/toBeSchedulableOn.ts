// expect(subject).toBeSchedulableOn(node, { existingPods?, nodes?, namespaces?, services?, storage?, …, limitRanges?, resourceQuotas?, … })
import { scheduleOnNode, unknownOnNode } from '../engine';
import { noPodFacts, statusFacts } from '../explain/schedule';
import { explainNodeWithPreemption } from '../explain/preemption';
import { explainUnknownOnNode, notModelledNote, notModelledSummary } from '../explain/not-modelled';
import { failBoth, hint, type MatcherContext, type MatcherResult } from './context';
import { assumedFacts } from './record';
import { apiServerErrors, claimErrors, guarded, labelOf, nodeOf, quotaErrors, schedulerErrorsAsUsage, subjectOf, UsageError } from './inputs';
import { checkAllocatable, clusterErrors, schedulingOptionsOf, underPolicy } from './inputs-nodes';

export function toBeSchedulableOn(this: MatcherContext, received: unknown, nodeArg: unknown, options?: unknown): MatcherResult {
  const header = () => hint(this, 'toBeSchedulableOn', 'node');
  return guarded(this, header, () => underPolicy(options, () => {
    const subject = subjectOf(received);
    const node = checkAllocatable(nodeOf(nodeArg));
    const cluster = schedulingOptionsOf(options, true);
    const rejected = [
      apiServerErrors([{ object: subject.object, label: subject.label }, { object: node, label: labelOf(node) }]),
      quotaErrors(subject, cluster.existingPods),
      claimErrors(subject, cluster.storage),
      clusterErrors([...(cluster.nodes ?? []).filter((n) => n !== node), ...(cluster.existingPods ?? []), ...(cluster.storage ?? []), ...(cluster.podDisruptionBudgets ?? [])]),
    ].filter(Boolean);
    if (rejected.length) throw new UsageError(rejected.join('\n'));
    const answer = schedulerErrorsAsUsage(() => scheduleOnNode(subject, node, cluster));
    if (unknownOnNode(answer)) {
      // a pod using what is not modelled is never called schedulable, nor unschedulable without a modelled rejection
      const negated = this.isNot === true;
      return {
        ...failBoth(this, () => `${header()}

${explainUnknownOnNode(answer, negated)}`),
        placement: { matcher: 'toBeSchedulableOn', ...assumedFacts(answer), subject, target: node, verdict: 'unknown', accepted: false, reason: notModelledSummary(answer.notModelled!) },
      };
    }
    const verdict = answer.gates.length ? 'gated' : answer.feasible ? 'schedulable' : answer.noPod ? 'no DaemonSet pod' : 'rejected';
    return {
      pass: answer.feasible,
      placement: { matcher: 'toBeSchedulableOn', ...assumedFacts(answer), subject, target: node, verdict, accepted: answer.feasible, ...(answer.noPod ? noPodFacts(answer.noPod) : statusFacts(answer.status)) },
      message: () => `${header()}\n\n${explainNodeWithPreemption(answer)}${notModelledNote(answer.notModelled)}`,
    };
  }));
}

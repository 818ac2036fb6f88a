// SchedulingGates (pkg/scheduler/framework/plugins/schedulinggates/scheduling_gates.go): a PreEnqueue plugin. A pod
// with spec.schedulingGates never enters the active queue, so no filter runs and no FitError or event is made; the
// API server sets PodScheduled=False, reason SchedulingGated, when such a pod is created.
import type { PodInfo, Status } from '../../framework';
import { SCHEDULING_GATED_MESSAGE, schedulingGates } from '../../../admission/scheduling-gated';

export { SCHEDULING_GATED_MESSAGE, schedulingGates } from '../../../admission/scheduling-gated';

/** PreEnqueue: the status that keeps a gated pod out of the queue (it never reaches a FitError or an event). */
export function preEnqueue(pod: PodInfo): Status | undefined {
  const gates = schedulingGates(pod.subject);
  if (!gates.length) return undefined;
  return {
    plugin: 'SchedulingGates', code: 'UnschedulableAndUnresolvable',
    reasons: [`waiting for scheduling gates: [${gates.join(' ')}]`],
    details: ['kube-scheduler does not try a pod until its spec.schedulingGates are removed'],
  };
}

/** What a cluster shows for a gated pod (follows "…, but "): it stays Pending, the filters never run. */
export function describeGated(label: string, gates: readonly string[]): string {
  return 'kube-scheduler never tries it:\n' +
    `  ${label} stays Pending: PodScheduled=False, reason SchedulingGated (${SCHEDULING_GATED_MESSAGE})\n` +
    `  spec.schedulingGates [${gates.join(', ')}] keep it out of the scheduling queue (SchedulingGates PreEnqueue plugin) until every gate is removed`;
}

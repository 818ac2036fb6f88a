// SchedulingGates (pkg/scheduler/framework/plugins/schedulinggates/scheduling_gates.go): a PreEnqueue plugin. A pod
// with spec.schedulingGates never enters the active queue, so no filter runs and no FitError or event is made; the
// API server sets PodScheduled=False, reason SchedulingGated, when such a pod is created.
import type { Subject } from '../../../k8s/subject';
import type { PodInfo, Status } from '../../framework';

/** The API server's PodScheduled condition message for a pod created with gates (pkg/registry/core/pod/strategy.go). */
export const SCHEDULING_GATED_MESSAGE = 'Scheduling is blocked due to non-empty scheduling gates';

/** The names in spec.schedulingGates; non-empty means kube-scheduler never runs the filters for the pod. */
export function schedulingGates(subject: Subject): string[] {
  return (subject.spec.schedulingGates ?? []).map((g) => g.name);
}

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

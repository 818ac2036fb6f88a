// A pod created with spec.schedulingGates: the API server sets PodScheduled=False, reason SchedulingGated
// (pkg/registry/core/pod/strategy.go), and kube-scheduler's SchedulingGates PreEnqueue plugin keeps it out of the
// queue. Here, below the scheduler, because schedule()'s answer for a gated pod carries the API server's condition.
import type { Subject } from '../k8s/subject';

/**
 * The API server's PodScheduled condition message for a pod created with gates (pkg/registry/core/pod/strategy.go).
 * @upstream pkg/registry/core/pod/strategy.go
 */
export const SCHEDULING_GATED_MESSAGE = 'Scheduling is blocked due to non-empty scheduling gates';

/** The names in spec.schedulingGates; non-empty means kube-scheduler never runs the filters for the pod. */
export function schedulingGates(subject: Subject): string[] {
  return (subject.spec.schedulingGates ?? []).map((g) => g.name);
}

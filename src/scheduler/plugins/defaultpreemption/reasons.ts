// DefaultPreemption's texts, as upstream prints them (1.33–1.37).

/**
 * The PostFilter prefixes its non-empty status message with it (DefaultPreemption.PostFilter).
 * @upstream pkg/scheduler/framework/plugins/defaultpreemption/default_preemption.go
 */
export const PREEMPTION_PREFIX = 'preemption: ';

/**
 * The status of every node DryRunPreemption did not evaluate (evaluate: SetAbsentNodesStatus).
 * @upstream pkg/scheduler/framework/preemption/preemption.go
 */
export const ErrReasonNotHelpful = 'Preemption is not helpful for scheduling';

/**
 * SelectVictimsOnNode on a node without a lower-priority pod (UnschedulableAndUnresolvable).
 * @upstream pkg/scheduler/framework/plugins/defaultpreemption/default_preemption.go
 */
export const ErrReasonNoVictims = 'No preemption victims found for incoming pod';

/**
 * PodEligibleToPreemptOthers for a pod with preemptionPolicy: Never.
 * @upstream pkg/scheduler/framework/plugins/defaultpreemption/default_preemption.go
 */
export const NotEligibleNever = 'not eligible due to preemptionPolicy=Never.';

/**
 * PodEligibleToPreemptOthers: a lower-priority pod on the pod's nominated node is terminating by preemption.
 * @upstream pkg/scheduler/framework/plugins/defaultpreemption/default_preemption.go
 */
export const NotEligibleTerminating = 'not eligible due to a terminating pod on the nominated node.';

/**
 * Preempt's success status from 1.37 (the FitError appends it after the prefix).
 * @upstream pkg/scheduler/framework/preemption/preemption.go
 */
export const FOUND_PLACEMENT = 'found a potential placement for pod on node %v, preempting %d victims';

/**
 * DryRunPreemption's Error status for a node where SelectVictimsOnNode succeeds without victims (the pod fits there
 * as it is); `%q` is the node's name as Go quotes it.
 * @upstream pkg/scheduler/framework/preemption/preemption.go
 */
export const ErrNoVictimOnNode = 'expected at least one victim pod on node %q';

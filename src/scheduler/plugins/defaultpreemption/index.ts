// DefaultPreemption (pkg/scheduler/framework/plugins/defaultpreemption, pkg/scheduler/framework/preemption): the
// default profile's PostFilter plugin. When no node is feasible it looks for the node where evicting the fewest
// lower-priority pods lets the pod fit, and nominates it; its status message joins the FitError.

export * from './reasons';
export type { PDBOrderFact, PreemptionAnswer, PreemptionOutcome } from '../../cycle';
export { filterPodsWithPDBViolation, disruptionStatusOf, pdbOrderFacts, pdbsOf, type DisruptionStatus, type PDBOrderNote } from './pdb';
export { pickOneNodeForPreemption, type Candidate } from './pick';
export { selectVictimsOnNode } from './victims';
export { existingPriority, incomingPriority, moreImportant, START_TIME_ASSUMPTION } from './priority';
export { DefaultPreemption } from './plugin';

// The engine boundary: one function per question, each taking Kubernetes objects (a workload or Pod as a Subject,
// v1 Nodes, existing Pods, Namespaces) and returning one complete, JSON-serialisable answer. The clients (matchers,
// CLI, placement matrix, report) ask here and nowhere deeper, and explain/ turns the answers into words.
// Below this file: scheduler/ (kube-scheduler), controllers/ and outage/ (kube-controller-manager), karpenter/,
// placement/, admission/, k8s/. See ARCHITECTURE.md.

// ---- questions and their answers ----
export { schedule, scheduleOnNode, prefer, preempt, type ClusterInput, type PreferOptions, type NodeAnswer, type ScheduleAnswer, type PreferAnswer, type PreemptAnswer } from './schedule';
export { describeRequests, type NodePreemption, type VictimFact } from './victims';
export {
  notModelledFor, certainRejection, unknownOnNode, unknownOnAny, unknownOnAll, certainlyPending, unknownPlacement, unknownShare, unknownPrefer,
  unknownOutage, unknownPreemption, type NotModelled,
} from './not-modelled';
export { tolerates, evict, type ToleranceAnswer, type EvictionAnswer } from './tolerate';
export {
  place, allScheduled, spread, share, keepApart, type ReplicaCluster, type PlacementAnswer, type PlacedPodAnswer, type TieProbe,
  type AllScheduledAnswer, type SpreadAnswer, type DomainCount, type ShareAnswer, type SharedNode, type KeepApartAnswer, type KeepApartCluster,
} from './replicas';
/** A question's own LimitRanges, ResourceQuotas, RuntimeClasses and PriorityClasses, over configure's. */
export { underNamespacePolicy, PolicyInputError, POLICY_KINDS, type NamespacePolicy } from './policy';
export { HOSTNAME_LABEL, type Separation } from './apart';
export { REPLICATED_KINDS } from '../placement/replicas';
export { outage, survive, fewestRunning, type OutageAnswer, type SurvivalAnswer, type FewestRunningAnswer, type FailureFacts } from './outage';
export { drainCompletes, type DrainAnswer } from './outage';
export { OutageError, zone, nodesDown, type Cluster, type Failure, type OutageOutcome, type WorkloadState, type OutageEvent } from '../outage';
/** Bad input to the placement or the outage simulation (a workload or cluster the engine cannot read). */
export { InputError as OutageInputError } from '../placement/inputs';
export { provision, unknownProvision, type ProvisionAnswer } from './provision';
export { nodePoolOf, nodePoolsOf, NodePoolInputError } from '../karpenter/inputs';
export { checkInstanceTypes, InstanceTypeInputError, type InstanceType } from '../karpenter/instance-types';
export type { PoolVerdict, NodePool } from '../karpenter';
export type { NodeVerdict } from '../scheduler';
export type { Status } from '../scheduler/framework';
export type { NodeScore } from '../scheduler/score';

// ---- the engine as the package exports it (objects in, checked here) ----
export { schedulingVerdict, admitPod, evictionVerdict, scheduleOn, rankNodes, type ScheduleOptions } from './objects';
export type { EvictionVerdict } from '../controllers/taint-eviction';
export type { ScheduleResult } from '../scheduler';

// ---- what the clients check their arguments with ----
/** Whether a node dump's kubelets point at another release than the settings model (README "Kubernetes releases"). */
export { kubeletHint, type KubeletHint } from '../k8s/kubelet-version';
/** Whether the nodes come from a managed platform whose admission the settings do not model (README "Cloud presets"). */
export { platformHint, PLATFORM_NAMES, type PlatformHint } from '../k8s/platform';
export { toSubject, assertNode, describeObject, fieldLocation, isToleration, preview, renderVariant, type Subject } from '../k8s/subject';
/** The kinds the `storage` input holds, and the check every client makes of it (another kind is refused, named). */
export { STORAGE_ASSUMPTIONS, STORAGE_KINDS, storageAssumptionProblem, storageProblem, type StorageAssumption } from '../core/storage-kinds';
/** A node's allocatable as the API server stores it (its capacity when it declares none). */
export { nodeAllocatable } from '../k8s/defaults';
/** Thrown by the engine's entry points for an object the API server refuses on create (a quantity it cannot decode). */
export { ApiServerRefusal } from '../k8s/decode';
export { parseTaintSpec, parseTaint, taint } from '../k8s/kubectl-taint';
export { validateTaints, validateTolerations } from '../k8s/validation';
export { capped, rejectedByApiServer } from '../k8s/validation-field';
export { validate, validateInput, readFromCluster, decodeErrors, inputCheckedOnce, decodedOnce, admissionRefusedOnce, quotaRefusalWithPods, type InputCheck } from './validate';
/** The cluster's KubeSchedulerConfiguration: its profiles as kube-scheduler builds them, or kube-scheduler's refusal. */
export { compileSchedulerConfiguration, SchedulerConfigurationError, SCHEDULER_CONFIG_API_VERSION, type KubeSchedulerConfiguration } from '../scheduler/config';
/**
 * Thrown when kube-scheduler itself would fail with an error (PodScheduled=False, reason SchedulerError); a
 * SchedulerCrash (a SchedulerError) when it would panic and exit instead.
 */
export { SchedulerCrash, SchedulerError } from '../scheduler/cycle';

// ---- words the explainer shares with the scheduler's own statuses ----
export { describeGated } from '../scheduler/plugins/schedulinggates';
export { describeScore } from '../scheduler/score';
export { formatTaint, formatToleration } from '../k8s/toleration';

// Written by scripts/exports.mjs from src/engine/exports.ts (npm run exports): edit the list, not this file.
// The engine boundary's names imported at once: what Vite resolves for `../engine` under Vitest from source (its
// resolve.extensions list .mts before .ts; index.ts's require() of each module cannot load TypeScript there).
export { schedule, scheduleOnNode, prefer, preempt, type ClusterInput, type PreferOptions, type NodeAnswer, type ScheduleAnswer, type PreferAnswer, type PreemptAnswer } from './schedule.js';
export { describeRequests, type NodePreemption, type VictimFact } from './victims.js';
export type { NoDaemonPod, PendingDaemonPod } from './daemon.js';
export { notModelledFor, certainRejection, unknownOnNode, unknownOnAny, unknownOnAll, certainlyPending, unknownPlacement, unknownShare, unknownPrefer, unknownOutage, unknownPreemption, type NotModelled } from './not-modelled.js';
export { tolerates, evict, type ToleranceAnswer, type EvictionAnswer } from './tolerate.js';
export { place, allScheduled, spread, share, keepApart, type ReplicaCluster, type PlacementAnswer, type PlacedPodAnswer, type TieProbe, type AllScheduledAnswer, type SpreadAnswer, type DomainCount, type ShareAnswer, type SharedNode, type KeepApartAnswer, type KeepApartCluster } from './replicas.js';
export { underNamespacePolicy, POLICY_KINDS, policyInputMessage, PolicyInputError, type NamespacePolicy } from './policy.js';
export { HOSTNAME_LABEL, type Separation } from './apart.js';
export { REPLICATED_KINDS } from '../placement/replicas.js';
export { claimsRefused } from '../admission/claims-refused.js';
export { outage, survive, fewestRunning, drainCompletes, type OutageAnswer, type SurvivalAnswer, type FewestRunningAnswer, type FailureFacts, type DrainAnswer } from './outage.js';
export { zone, nodesDown, OutageError, type Cluster, type Failure, type OutageOutcome, type WorkloadState, type OutageEvent } from '../outage/index.js';
export { InputError as OutageInputError } from '../placement/inputs.js';
export { provision, unknownProvision, type ProvisionAnswer } from './provision.js';
export { nodePoolOf, nodePoolsOf, daemonSetsOf, NodePoolInputError } from '../karpenter/inputs.js';
export { checkInstanceTypes, InstanceTypeInputError, type InstanceType } from '../karpenter/instance-types.js';
export type { PoolVerdict, NodePool } from '../karpenter/index.js';
export type { NodeVerdict, ScheduleResult } from '../scheduler/index.js';
export type { Status } from '../scheduler/framework.js';
export { describeScore, type NodeScore } from '../scheduler/score.js';
export { schedulingVerdict, admitPod, evictionVerdict, scheduleOn, rankNodes, type ScheduleOptions } from './objects.js';
export type { EvictionVerdict } from '../controllers/taint-eviction.js';
export { kubeletHint, type KubeletHint } from '../k8s/kubelet-version.js';
export { platformHint, PLATFORM_NAMES, type PlatformHint } from '../k8s/platform.js';
export { toSubject, assertNode, describeObject, fieldLocation, isToleration, preview, renderVariant, type Subject } from '../k8s/subject.js';
export { STORAGE_ASSUMPTIONS, STORAGE_KINDS, storageAssumptionProblem, storageProblem, type StorageAssumption } from '../core/storage-kinds.js';
export { nodeAllocatable } from '../k8s/defaults.js';
export { ApiServerRefusal } from '../k8s/decode.js';
export { parseTaintSpec, parseTaint, taint } from '../k8s/kubectl-taint.js';
export { validateTaints, validateTolerations } from '../k8s/validation.js';
export { capped, rejectedByApiServer } from '../k8s/validation-field.js';
export { validate, validateInput, readFromCluster, decodeErrors, inputCheckedOnce, decodedOnce, admissionRefusedOnce, quotaRefusalWithPods, type InputCheck } from './validate.js';
export { compileSchedulerConfiguration, SCHEDULER_CONFIG_API_VERSION, SchedulerConfigurationError, type KubeSchedulerConfiguration } from '../scheduler/config/index.js';
export { SchedulerCrash, SchedulerError } from '../scheduler/cycle.js';
export { describeGated } from '../scheduler/plugins/schedulinggates/index.js';
export { formatTaint, formatToleration } from '../k8s/toleration.js';

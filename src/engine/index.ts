// Written by scripts/exports.mjs from src/engine/exports.ts (npm run exports): edit the list, not this file.
// The engine boundary: one function per question, each taking Kubernetes objects (a workload or Pod as a Subject,
// v1 Nodes, existing Pods, Namespaces) and returning one complete, JSON-serialisable answer. The clients (matchers,
// CLI, placement matrix, report) ask here and nowhere deeper, and explain/ turns the answers into words.
// Below this file: scheduler/ (kube-scheduler), controllers/ and outage/ (kube-controller-manager), karpenter/,
// placement/, admission/, k8s/. See ARCHITECTURE.md.
//
// Each name loads its module on first use: a client that asks one question loads what that question needs. The
// declarations are the types; the table at the end says which module each name comes from.
export type { ClusterInput, PreferOptions, NodeAnswer, ScheduleAnswer, PreferAnswer, PreemptAnswer } from './schedule';
export declare const schedule: typeof import('./schedule').schedule;
export declare const scheduleOnNode: typeof import('./schedule').scheduleOnNode;
export declare const prefer: typeof import('./schedule').prefer;
export declare const preempt: typeof import('./schedule').preempt;
export type { NodePreemption, VictimFact } from './victims';
export declare const describeRequests: typeof import('./victims').describeRequests;
export type { NoDaemonPod, PendingDaemonPod } from './daemon';
export type { NotModelled } from './not-modelled';
export declare const notModelledFor: typeof import('./not-modelled').notModelledFor;
export declare const certainRejection: typeof import('./not-modelled').certainRejection;
export declare const unknownOnNode: typeof import('./not-modelled').unknownOnNode;
export declare const unknownOnAny: typeof import('./not-modelled').unknownOnAny;
export declare const unknownOnAll: typeof import('./not-modelled').unknownOnAll;
export declare const certainlyPending: typeof import('./not-modelled').certainlyPending;
export declare const unknownPlacement: typeof import('./not-modelled').unknownPlacement;
export declare const unknownShare: typeof import('./not-modelled').unknownShare;
export declare const unknownPrefer: typeof import('./not-modelled').unknownPrefer;
export declare const unknownOutage: typeof import('./not-modelled').unknownOutage;
export declare const unknownPreemption: typeof import('./not-modelled').unknownPreemption;
export type { ToleranceAnswer, EvictionAnswer } from './tolerate';
export declare const tolerates: typeof import('./tolerate').tolerates;
export declare const evict: typeof import('./tolerate').evict;
export type { ReplicaCluster, PlacementAnswer, PlacedPodAnswer, TieProbe, AllScheduledAnswer, SpreadAnswer, DomainCount, ShareAnswer, SharedNode, KeepApartAnswer, KeepApartCluster } from './replicas';
export declare const place: typeof import('./replicas').place;
export declare const allScheduled: typeof import('./replicas').allScheduled;
export declare const spread: typeof import('./replicas').spread;
export declare const share: typeof import('./replicas').share;
export declare const keepApart: typeof import('./replicas').keepApart;
export type { NamespacePolicy } from './policy';
export declare const underNamespacePolicy: typeof import('./policy').underNamespacePolicy;
export declare const POLICY_KINDS: typeof import('./policy').POLICY_KINDS;
export declare const policyInputMessage: typeof import('./policy').policyInputMessage;
export declare const PolicyInputError: typeof import('./policy').PolicyInputError;
export type PolicyInputError = import('./policy').PolicyInputError;
export type { Separation } from './apart';
export declare const HOSTNAME_LABEL: typeof import('./apart').HOSTNAME_LABEL;
export declare const REPLICATED_KINDS: typeof import('../placement/replicas').REPLICATED_KINDS;
export declare const claimsRefused: typeof import('../admission/claims-refused').claimsRefused;
export type { OutageAnswer, SurvivalAnswer, FewestRunningAnswer, FailureFacts, DrainAnswer } from './outage';
export declare const outage: typeof import('./outage').outage;
export declare const survive: typeof import('./outage').survive;
export declare const fewestRunning: typeof import('./outage').fewestRunning;
export declare const drainCompletes: typeof import('./outage').drainCompletes;
export type { Cluster, Failure, OutageOutcome, WorkloadState, OutageEvent } from '../outage';
export declare const zone: typeof import('../outage').zone;
export declare const nodesDown: typeof import('../outage').nodesDown;
export declare const OutageError: typeof import('../outage').OutageError;
export type OutageError = import('../outage').OutageError;
export declare const OutageInputError: typeof import('../placement/inputs').InputError;
export type OutageInputError = import('../placement/inputs').InputError;
export type { ProvisionAnswer } from './provision';
export declare const provision: typeof import('./provision').provision;
export declare const unknownProvision: typeof import('./provision').unknownProvision;
export declare const nodePoolOf: typeof import('../karpenter/inputs').nodePoolOf;
export declare const nodePoolsOf: typeof import('../karpenter/inputs').nodePoolsOf;
export declare const daemonSetsOf: typeof import('../karpenter/inputs').daemonSetsOf;
export declare const NodePoolInputError: typeof import('../karpenter/inputs').NodePoolInputError;
export type NodePoolInputError = import('../karpenter/inputs').NodePoolInputError;
export type { InstanceType } from '../karpenter/instance-types';
export declare const checkInstanceTypes: typeof import('../karpenter/instance-types').checkInstanceTypes;
export declare const InstanceTypeInputError: typeof import('../karpenter/instance-types').InstanceTypeInputError;
export type InstanceTypeInputError = import('../karpenter/instance-types').InstanceTypeInputError;
export type { PoolVerdict, NodePool } from '../karpenter';
export type { NodeVerdict, ScheduleResult } from '../scheduler';
export type { Status } from '../scheduler/framework';
export type { NodeScore } from '../scheduler/score';
export declare const describeScore: typeof import('../scheduler/score').describeScore;
export type { ScheduleOptions } from './objects';
export declare const schedulingVerdict: typeof import('./objects').schedulingVerdict;
export declare const admitPod: typeof import('./objects').admitPod;
export declare const evictionVerdict: typeof import('./objects').evictionVerdict;
export declare const scheduleOn: typeof import('./objects').scheduleOn;
export declare const rankNodes: typeof import('./objects').rankNodes;
export type { EvictionVerdict } from '../controllers/taint-eviction';
export type { KubeletHint } from '../k8s/kubelet-version';
export declare const kubeletHint: typeof import('../k8s/kubelet-version').kubeletHint;
export type { PlatformHint } from '../k8s/platform';
export declare const platformHint: typeof import('../k8s/platform').platformHint;
export declare const PLATFORM_NAMES: typeof import('../k8s/platform').PLATFORM_NAMES;
export type { Subject } from '../k8s/subject';
export declare const toSubject: typeof import('../k8s/subject').toSubject;
export declare const assertNode: typeof import('../k8s/subject').assertNode;
export declare const describeObject: typeof import('../k8s/subject').describeObject;
export declare const fieldLocation: typeof import('../k8s/subject').fieldLocation;
export declare const isToleration: typeof import('../k8s/subject').isToleration;
export declare const preview: typeof import('../k8s/subject').preview;
export declare const renderVariant: typeof import('../k8s/subject').renderVariant;
export type { StorageAssumption } from '../core/storage-kinds';
export declare const STORAGE_ASSUMPTIONS: typeof import('../core/storage-kinds').STORAGE_ASSUMPTIONS;
export declare const STORAGE_KINDS: typeof import('../core/storage-kinds').STORAGE_KINDS;
export declare const storageAssumptionProblem: typeof import('../core/storage-kinds').storageAssumptionProblem;
export declare const storageProblem: typeof import('../core/storage-kinds').storageProblem;
export declare const nodeAllocatable: typeof import('../k8s/defaults').nodeAllocatable;
export declare const ApiServerRefusal: typeof import('../k8s/decode').ApiServerRefusal;
export type ApiServerRefusal = import('../k8s/decode').ApiServerRefusal;
export declare const parseTaintSpec: typeof import('../k8s/kubectl-taint').parseTaintSpec;
export declare const parseTaint: typeof import('../k8s/kubectl-taint').parseTaint;
export declare const taint: typeof import('../k8s/kubectl-taint').taint;
export declare const validateTaints: typeof import('../k8s/validation').validateTaints;
export declare const validateTolerations: typeof import('../k8s/validation').validateTolerations;
export declare const capped: typeof import('../k8s/validation-field').capped;
export declare const rejectedByApiServer: typeof import('../k8s/validation-field').rejectedByApiServer;
export type { InputCheck } from './validate';
export declare const validate: typeof import('./validate').validate;
export declare const validateInput: typeof import('./validate').validateInput;
export declare const readFromCluster: typeof import('./validate').readFromCluster;
export declare const decodeErrors: typeof import('./validate').decodeErrors;
export declare const inputCheckedOnce: typeof import('./validate').inputCheckedOnce;
export declare const decodedOnce: typeof import('./validate').decodedOnce;
export declare const admissionRefusedOnce: typeof import('./validate').admissionRefusedOnce;
export declare const quotaRefusalWithPods: typeof import('./validate').quotaRefusalWithPods;
export type { KubeSchedulerConfiguration } from '../scheduler/config';
export declare const compileSchedulerConfiguration: typeof import('../scheduler/config').compileSchedulerConfiguration;
export declare const SCHEDULER_CONFIG_API_VERSION: typeof import('../scheduler/config').SCHEDULER_CONFIG_API_VERSION;
export declare const SchedulerConfigurationError: typeof import('../scheduler/config').SchedulerConfigurationError;
export type SchedulerConfigurationError = import('../scheduler/config').SchedulerConfigurationError;
export declare const SchedulerCrash: typeof import('../scheduler/cycle').SchedulerCrash;
export type SchedulerCrash = import('../scheduler/cycle').SchedulerCrash;
export declare const SchedulerError: typeof import('../scheduler/cycle').SchedulerError;
export type SchedulerError = import('../scheduler/cycle').SchedulerError;
export declare const describeGated: typeof import('../scheduler/plugins/schedulinggates').describeGated;
export declare const formatTaint: typeof import('../k8s/toleration').formatTaint;
export declare const formatToleration: typeof import('../k8s/toleration').formatToleration;

/** A module, required the first time one of its names is read. */
type Module = () => Record<string, unknown>;
const once = (load: Module): Module => {
  let module: Record<string, unknown> | undefined;
  return () => (module ??= load());
};
const engineScheduleModule = once(() => require('./schedule'));
const engineVictimsModule = once(() => require('./victims'));
const engineNotModelledModule = once(() => require('./not-modelled'));
const engineTolerateModule = once(() => require('./tolerate'));
const engineReplicasModule = once(() => require('./replicas'));
const enginePolicyModule = once(() => require('./policy'));
const engineApartModule = once(() => require('./apart'));
const placementReplicasModule = once(() => require('../placement/replicas'));
const admissionClaimsRefusedModule = once(() => require('../admission/claims-refused'));
const engineOutageModule = once(() => require('./outage'));
const outageModule = once(() => require('../outage'));
const placementInputsModule = once(() => require('../placement/inputs'));
const engineProvisionModule = once(() => require('./provision'));
const karpenterInputsModule = once(() => require('../karpenter/inputs'));
const karpenterInstanceTypesModule = once(() => require('../karpenter/instance-types'));
const schedulerScoreModule = once(() => require('../scheduler/score'));
const engineObjectsModule = once(() => require('./objects'));
const k8sKubeletVersionModule = once(() => require('../k8s/kubelet-version'));
const k8sPlatformModule = once(() => require('../k8s/platform'));
const k8sSubjectModule = once(() => require('../k8s/subject'));
const coreStorageKindsModule = once(() => require('../core/storage-kinds'));
const k8sDefaultsModule = once(() => require('../k8s/defaults'));
const k8sDecodeModule = once(() => require('../k8s/decode'));
const k8sKubectlTaintModule = once(() => require('../k8s/kubectl-taint'));
const k8sValidationModule = once(() => require('../k8s/validation'));
const k8sValidationFieldModule = once(() => require('../k8s/validation-field'));
const engineValidateModule = once(() => require('./validate'));
const schedulerConfigModule = once(() => require('../scheduler/config'));
const schedulerCycleModule = once(() => require('../scheduler/cycle'));
const schedulerPluginsSchedulinggatesModule = once(() => require('../scheduler/plugins/schedulinggates'));
const k8sTolerationModule = once(() => require('../k8s/toleration'));

// Each name's module, and its name there.
const exportedFrom: Record<string, [Module, string]> = {
  schedule: [engineScheduleModule, 'schedule'],
  scheduleOnNode: [engineScheduleModule, 'scheduleOnNode'],
  prefer: [engineScheduleModule, 'prefer'],
  preempt: [engineScheduleModule, 'preempt'],
  describeRequests: [engineVictimsModule, 'describeRequests'],
  notModelledFor: [engineNotModelledModule, 'notModelledFor'],
  certainRejection: [engineNotModelledModule, 'certainRejection'],
  unknownOnNode: [engineNotModelledModule, 'unknownOnNode'],
  unknownOnAny: [engineNotModelledModule, 'unknownOnAny'],
  unknownOnAll: [engineNotModelledModule, 'unknownOnAll'],
  certainlyPending: [engineNotModelledModule, 'certainlyPending'],
  unknownPlacement: [engineNotModelledModule, 'unknownPlacement'],
  unknownShare: [engineNotModelledModule, 'unknownShare'],
  unknownPrefer: [engineNotModelledModule, 'unknownPrefer'],
  unknownOutage: [engineNotModelledModule, 'unknownOutage'],
  unknownPreemption: [engineNotModelledModule, 'unknownPreemption'],
  tolerates: [engineTolerateModule, 'tolerates'],
  evict: [engineTolerateModule, 'evict'],
  place: [engineReplicasModule, 'place'],
  allScheduled: [engineReplicasModule, 'allScheduled'],
  spread: [engineReplicasModule, 'spread'],
  share: [engineReplicasModule, 'share'],
  keepApart: [engineReplicasModule, 'keepApart'],
  underNamespacePolicy: [enginePolicyModule, 'underNamespacePolicy'],
  POLICY_KINDS: [enginePolicyModule, 'POLICY_KINDS'],
  policyInputMessage: [enginePolicyModule, 'policyInputMessage'],
  PolicyInputError: [enginePolicyModule, 'PolicyInputError'],
  HOSTNAME_LABEL: [engineApartModule, 'HOSTNAME_LABEL'],
  REPLICATED_KINDS: [placementReplicasModule, 'REPLICATED_KINDS'],
  claimsRefused: [admissionClaimsRefusedModule, 'claimsRefused'],
  outage: [engineOutageModule, 'outage'],
  survive: [engineOutageModule, 'survive'],
  fewestRunning: [engineOutageModule, 'fewestRunning'],
  drainCompletes: [engineOutageModule, 'drainCompletes'],
  zone: [outageModule, 'zone'],
  nodesDown: [outageModule, 'nodesDown'],
  OutageError: [outageModule, 'OutageError'],
  OutageInputError: [placementInputsModule, 'InputError'],
  provision: [engineProvisionModule, 'provision'],
  unknownProvision: [engineProvisionModule, 'unknownProvision'],
  nodePoolOf: [karpenterInputsModule, 'nodePoolOf'],
  nodePoolsOf: [karpenterInputsModule, 'nodePoolsOf'],
  daemonSetsOf: [karpenterInputsModule, 'daemonSetsOf'],
  NodePoolInputError: [karpenterInputsModule, 'NodePoolInputError'],
  checkInstanceTypes: [karpenterInstanceTypesModule, 'checkInstanceTypes'],
  InstanceTypeInputError: [karpenterInstanceTypesModule, 'InstanceTypeInputError'],
  describeScore: [schedulerScoreModule, 'describeScore'],
  schedulingVerdict: [engineObjectsModule, 'schedulingVerdict'],
  admitPod: [engineObjectsModule, 'admitPod'],
  evictionVerdict: [engineObjectsModule, 'evictionVerdict'],
  scheduleOn: [engineObjectsModule, 'scheduleOn'],
  rankNodes: [engineObjectsModule, 'rankNodes'],
  kubeletHint: [k8sKubeletVersionModule, 'kubeletHint'],
  platformHint: [k8sPlatformModule, 'platformHint'],
  PLATFORM_NAMES: [k8sPlatformModule, 'PLATFORM_NAMES'],
  toSubject: [k8sSubjectModule, 'toSubject'],
  assertNode: [k8sSubjectModule, 'assertNode'],
  describeObject: [k8sSubjectModule, 'describeObject'],
  fieldLocation: [k8sSubjectModule, 'fieldLocation'],
  isToleration: [k8sSubjectModule, 'isToleration'],
  preview: [k8sSubjectModule, 'preview'],
  renderVariant: [k8sSubjectModule, 'renderVariant'],
  STORAGE_ASSUMPTIONS: [coreStorageKindsModule, 'STORAGE_ASSUMPTIONS'],
  STORAGE_KINDS: [coreStorageKindsModule, 'STORAGE_KINDS'],
  storageAssumptionProblem: [coreStorageKindsModule, 'storageAssumptionProblem'],
  storageProblem: [coreStorageKindsModule, 'storageProblem'],
  nodeAllocatable: [k8sDefaultsModule, 'nodeAllocatable'],
  ApiServerRefusal: [k8sDecodeModule, 'ApiServerRefusal'],
  parseTaintSpec: [k8sKubectlTaintModule, 'parseTaintSpec'],
  parseTaint: [k8sKubectlTaintModule, 'parseTaint'],
  taint: [k8sKubectlTaintModule, 'taint'],
  validateTaints: [k8sValidationModule, 'validateTaints'],
  validateTolerations: [k8sValidationModule, 'validateTolerations'],
  capped: [k8sValidationFieldModule, 'capped'],
  rejectedByApiServer: [k8sValidationFieldModule, 'rejectedByApiServer'],
  validate: [engineValidateModule, 'validate'],
  validateInput: [engineValidateModule, 'validateInput'],
  readFromCluster: [engineValidateModule, 'readFromCluster'],
  decodeErrors: [engineValidateModule, 'decodeErrors'],
  inputCheckedOnce: [engineValidateModule, 'inputCheckedOnce'],
  decodedOnce: [engineValidateModule, 'decodedOnce'],
  admissionRefusedOnce: [engineValidateModule, 'admissionRefusedOnce'],
  quotaRefusalWithPods: [engineValidateModule, 'quotaRefusalWithPods'],
  compileSchedulerConfiguration: [schedulerConfigModule, 'compileSchedulerConfiguration'],
  SCHEDULER_CONFIG_API_VERSION: [schedulerConfigModule, 'SCHEDULER_CONFIG_API_VERSION'],
  SchedulerConfigurationError: [schedulerConfigModule, 'SchedulerConfigurationError'],
  SchedulerCrash: [schedulerCycleModule, 'SchedulerCrash'],
  SchedulerError: [schedulerCycleModule, 'SchedulerError'],
  describeGated: [schedulerPluginsSchedulinggatesModule, 'describeGated'],
  formatTaint: [k8sTolerationModule, 'formatTaint'],
  formatToleration: [k8sTolerationModule, 'formatToleration'],
};
Object.defineProperty(module.exports, '__esModule', { value: true });
for (const [name, [from, source]] of Object.entries(exportedFrom)) {
  Object.defineProperty(module.exports, name, { enumerable: true, get: () => from()[source] });
}

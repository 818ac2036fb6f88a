// The engine boundary as one list: what the clients (matchers, CLI, placement matrix, report) may ask, each name with
// the module it comes from (from src/). `npm run exports` (scripts/exports.mjs) writes engine/index.ts from it: each
// module is required the first time one of its names is read, so a spec file whose assertions ask toBeSchedulableOn
// does not load Karpenter's provisioner or the outage simulation (Jest compiles every module a test file loads, again
// for each test file). engine/index.mts, the same names imported at once, is what Vite resolves under Vitest from
// source. Only this file is edited by hand. A value listed as 'InputError as OutageInputError' is renamed.

/** As src/exports.ts's ExportGroup (a list of the entry above this floor, so not imported from it). */
interface ExportGroup {
  /** The module, from src/ without its extension (a folder for its index.ts). */
  readonly from: string;
  readonly values?: readonly string[];
  /** Classes: exported as a value and as the instance type. */
  readonly classes?: readonly string[];
  readonly types?: readonly string[];
}

export const EXPORTS: readonly ExportGroup[] = [
  // ---- questions and their answers ----
  { from: 'engine/schedule', values: ['schedule', 'scheduleOnNode', 'prefer', 'preempt'], types: ['ClusterInput', 'PreferOptions', 'NodeAnswer', 'ScheduleAnswer', 'PreferAnswer', 'PreemptAnswer'] },
  { from: 'engine/victims', values: ['describeRequests'], types: ['NodePreemption', 'VictimFact'] },
  { from: 'engine/daemon', types: ['NoDaemonPod', 'PendingDaemonPod'] },
  {
    from: 'engine/not-modelled',
    values: ['notModelledFor', 'certainRejection', 'unknownOnNode', 'unknownOnAny', 'unknownOnAll', 'certainlyPending', 'unknownPlacement', 'unknownShare', 'unknownPrefer', 'unknownOutage', 'unknownPreemption'],
    types: ['NotModelled'],
  },
  { from: 'engine/tolerate', values: ['tolerates', 'evict'], types: ['ToleranceAnswer', 'EvictionAnswer'] },
  {
    from: 'engine/replicas', values: ['place', 'allScheduled', 'spread', 'share', 'keepApart'],
    types: ['ReplicaCluster', 'PlacementAnswer', 'PlacedPodAnswer', 'TieProbe', 'AllScheduledAnswer', 'SpreadAnswer', 'DomainCount', 'ShareAnswer', 'SharedNode', 'KeepApartAnswer', 'KeepApartCluster'],
  },
  // a question's own LimitRanges, ResourceQuotas, RuntimeClasses and PriorityClasses, over configure's
  { from: 'engine/policy', values: ['underNamespacePolicy', 'POLICY_KINDS', 'policyInputMessage'], classes: ['PolicyInputError'], types: ['NamespacePolicy'] },
  { from: 'engine/apart', values: ['HOSTNAME_LABEL'], types: ['Separation'] },
  { from: 'placement/replicas', values: ['REPLICATED_KINDS'] },
  { from: 'admission/claims-refused', values: ['claimsRefused'] },
  {
    from: 'engine/outage', values: ['outage', 'survive', 'fewestRunning', 'drainCompletes'],
    types: ['OutageAnswer', 'SurvivalAnswer', 'FewestRunningAnswer', 'FailureFacts', 'DrainAnswer'],
  },
  { from: 'outage', values: ['zone', 'nodesDown'], classes: ['OutageError'], types: ['Cluster', 'Failure', 'OutageOutcome', 'WorkloadState', 'OutageEvent'] },
  // bad input to the placement or the outage simulation (a workload or cluster the engine cannot read)
  { from: 'placement/inputs', classes: ['InputError as OutageInputError'] },
  { from: 'engine/provision', values: ['provision', 'unknownProvision'], types: ['ProvisionAnswer'] },
  { from: 'karpenter/inputs', values: ['nodePoolOf', 'nodePoolsOf', 'daemonSetsOf'], classes: ['NodePoolInputError'] },
  { from: 'karpenter/instance-types', values: ['checkInstanceTypes'], classes: ['InstanceTypeInputError'], types: ['InstanceType'] },
  { from: 'karpenter', types: ['PoolVerdict', 'NodePool'] },
  { from: 'scheduler', types: ['NodeVerdict', 'ScheduleResult'] },
  { from: 'scheduler/framework', types: ['Status'] },
  { from: 'scheduler/score', values: ['describeScore'], types: ['NodeScore'] },

  // ---- the engine as the package exports it (objects in, checked here) ----
  { from: 'engine/objects', values: ['schedulingVerdict', 'admitPod', 'evictionVerdict', 'scheduleOn', 'rankNodes'], types: ['ScheduleOptions'] },
  { from: 'controllers/taint-eviction', types: ['EvictionVerdict'] },

  // ---- what the clients check their arguments with ----
  // whether a node dump's kubelets point at another release than the settings model (README "Kubernetes releases")
  { from: 'k8s/kubelet-version', values: ['kubeletHint'], types: ['KubeletHint'] },
  // whether the nodes come from a managed platform whose admission the settings do not model (README "Cloud presets")
  { from: 'k8s/platform', values: ['platformHint', 'PLATFORM_NAMES'], types: ['PlatformHint'] },
  { from: 'k8s/subject', values: ['toSubject', 'assertNode', 'describeObject', 'fieldLocation', 'isToleration', 'preview', 'renderVariant'], types: ['Subject'] },
  // the kinds the `storage` input holds, and the check every client makes of it (another kind is refused, named)
  { from: 'core/storage-kinds', values: ['STORAGE_ASSUMPTIONS', 'STORAGE_KINDS', 'storageAssumptionProblem', 'storageProblem'], types: ['StorageAssumption'] },
  // a node's allocatable as the API server stores it (its capacity when it declares none)
  { from: 'k8s/defaults', values: ['nodeAllocatable'] },
  // thrown by the engine's entry points for an object the API server refuses on create (a quantity it cannot decode)
  { from: 'k8s/decode', classes: ['ApiServerRefusal'] },
  { from: 'k8s/kubectl-taint', values: ['parseTaintSpec', 'parseTaint', 'taint'] },
  { from: 'k8s/validation', values: ['validateTaints', 'validateTolerations'] },
  { from: 'k8s/validation-field', values: ['capped', 'rejectedByApiServer'] },
  {
    from: 'engine/validate',
    values: ['validate', 'validateInput', 'readFromCluster', 'decodeErrors', 'inputCheckedOnce', 'decodedOnce', 'admissionRefusedOnce', 'quotaRefusalWithPods'],
    types: ['InputCheck'],
  },
  // the cluster's KubeSchedulerConfiguration: its profiles as kube-scheduler builds them, or kube-scheduler's refusal
  { from: 'scheduler/config', values: ['compileSchedulerConfiguration', 'SCHEDULER_CONFIG_API_VERSION'], classes: ['SchedulerConfigurationError'], types: ['KubeSchedulerConfiguration'] },
  // thrown when kube-scheduler itself would fail with an error (PodScheduled=False, reason SchedulerError); a
  // SchedulerCrash (a SchedulerError) when it would panic and exit instead
  { from: 'scheduler/cycle', classes: ['SchedulerCrash', 'SchedulerError'] },

  // ---- words the explainer shares with the scheduler's own statuses ----
  { from: 'scheduler/plugins/schedulinggates', values: ['describeGated'] },
  { from: 'k8s/toleration', values: ['formatTaint', 'formatToleration'] },
];

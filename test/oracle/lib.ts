// Everything the oracle's TypeScript side takes from the library, in one place: when src/ moves, only this file's
// paths change.
export type { FieldError, KubeObject, Node, Pod, Taint, Toleration } from '../../src/core/types';
export { toSubject } from '../../src/k8s/subject';
export { nodeInfo, podInfo } from '../../src/scheduler/framework';
export { schedule } from '../../src/scheduler';
export { SchedulerCrash } from '../../src/scheduler/cycle';
export { scoreNodes } from '../../src/scheduler/score';
export { scoreCluster } from '../../src/scheduler/score-cluster';
export { toleratesTaint } from '../../src/k8s/toleration';
export { parseQuantity } from '../../src/k8s/quantity';
export { parseTaint } from '../../src/k8s/kubectl-taint';
export { configure, settings, withConfiguration, KUBERNETES_VERSIONS, type KubernetesVersion } from '../../src/core/config';
// Karpenter (test/oracle/karpenter.ts)
export {
  requirement, addRequirement, labelRequirements, compatible, intersects, formatRequirement, type Requirements,
} from '../../src/karpenter/requirements';
export { vocabulary } from '../../src/karpenter/labels';
export { provision, podRequirements, ignoredBecause } from '../../src/karpenter/provision';
export { poolModel } from '../../src/karpenter/pool';
export { podVolumes } from '../../src/karpenter/volume-topology';
export { createdPod, podFromTemplate } from '../../src/admission/create';
// controller and apimachinery helpers (test/oracle/helpers2.ts)
export { addDaemonSetTolerations } from '../../src/admission/daemonset-tolerations';
export { taintEviction, minTolerationNanos } from '../../src/controllers/taint-eviction';
export { mergeConditionTaints } from '../../src/k8s/node-condition-taints';
export { parseLabelSelector, selectorMatches, formatSelector } from '../../src/k8s/label-selector';
// the create-path and YAML domains
export { admissionRefusedOnce, decodeErrors, decodedOnce, inputCheckedOnce, validate, validateInput, typeErrors } from '../../src/engine/validate';
export { admitPod } from '../../src/admission';
export { clusterPriorityClasses, PriorityClassInputError } from '../../src/admission/priority';
export { COMPARISON_GATE_HINT } from '../../src/k8s/validation';
export { validateClaimSpec } from '../../src/k8s/validation-claim';
export { releaseAtLeast } from '../../src/core/config';
export { loadManifests, parseManifests, ManifestError, type Manifests } from '../../src/loader';
// the end-to-end domain (test/oracle/e2e.ts): the entry points the matchers use, and the library's controller model
export { checkedSchedule } from '../../src/matchers/toBeSchedulableOnAnyOf';
export { UsageError } from '../../src/matchers/inputs';
export { rankNodes } from '../../src/engine/objects';
export { podFrom, daemonShouldRun, noPodsReason } from '../../src/placement/replicas';
// the claims of the create path (test/oracle/e2e.ts, create.ts): DefaultStorageClass admission, the StatefulSet
// controller's claims, the storage listers they are read over, and the not-modelled item of a claim volume
export { admitClaim, workloadClaims } from '../../src/admission/storage';
export { snapshotFor, storageFor } from '../../src/scheduler/snapshot';
export { CLAIM_VOLUME } from '../../src/k8s/not-modelled';
// the schedulerConfig domain (test/oracle/config.ts): a KubeSchedulerConfiguration compiled, and its refusal
export { compileSchedulerConfiguration, SchedulerConfigurationError } from '../../src/scheduler/config';
export { schedulerNameOf, underPodProfile } from '../../src/scheduler/config/select';
export { profile } from '../../src/scheduler/profile';
// the outage timeline (test/oracle/outage.ts): the simulation the outage matchers run
export { simulateOutage } from '../../src/outage/simulate';

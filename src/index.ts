// jest-k8s-placement — engine, settings and helpers. Matchers are registered by
// jest-k8s-placement/jest, /jest-globals or /vitest, and exported by /matchers.
export { configure, resetConfiguration, settings, type ConfigureOptions, type PlacementSettings } from './config';
export { withConfiguration } from './config';
export { parseTaint, taint, type ParsedTaint, type TaintAddition, type TaintRemoval, type TaintOptions } from './k8s/kubectl-taint';
export { validate } from './validate';
export { toleratesTaint, formatTaint, formatToleration, closestToleration } from './k8s/toleration';
export { validateTolerations, validateTaints } from './k8s/validation';
export { addDefaultTolerationSeconds } from './admission/default-toleration-seconds';
export { addDaemonSetTolerations } from './admission/daemonset-tolerations';
export { conditionTaints } from './admission/node-condition-taints';
export { admitPod, admitNode } from './admission';
export { toSubject, type Subject } from './subject';
export { podInfo, nodeInfo, type Status, type PodInfo, type NodeInfo } from './scheduler/framework';
export { schedulingVerdict, schedule, runFilters, fitError, FILTER_PLUGINS, type NodeVerdict, type ScheduleResult } from './scheduler';
export { scoreNodes, SCORE_WEIGHTS, type NodeScore } from './scheduler/score';
export { parseQuantity, Quantity } from './k8s/quantity';
export { podRequests } from './k8s/resources';
export { untoleratedPreferNoSchedule, normalizeTaintTolerationScores, findUntoleratedTaint } from './scheduler/taint-toleration';
export { taintEviction, minTolerationTime, type EvictionVerdict } from './taint-eviction';
export { evictionVerdict, scheduleOn, rankNodes } from './evaluate';
export { addExtendedResourceTolerations, extendedResourcesRequested, isExtendedResourceName } from './admission/extended-resource-toleration';
export { nodesFromNodePool, provision, poolModel, isNodePool, type NodesFromNodePoolOptions, type PoolVerdict, type ProvisioningResult } from './karpenter';
export { chooseNodePool } from './karpenter';
export { aks, CLUSTER_PRESETS, type ClusterPreset } from './karpenter/cloud';
export { loadManifests, parseManifests, origin, Manifests, ManifestError, type Origin, type LoadOptions, type ManifestProblem, type NodePool, type NodePoolRequirement, type Workload, type ObjectFor, type KindNames } from './loader';
export type * from './types';

// jest-k8s-placement — engine, settings and helpers. Matchers are registered by
// jest-k8s-placement/jest, /jest-globals or /vitest, and exported by /matchers.
export { configure, resetConfiguration, settings, type ConfigureOptions, type PlacementSettings } from './core/config';
export { withConfiguration } from './core/config';
export { parseTaint, taint, type ParsedTaint, type TaintAddition, type TaintRemoval, type TaintOptions } from './k8s/kubectl-taint';
export { cloneNode, cordon, notReady, unreachable, withCondition, type CloneOptions } from './k8s/node-helpers';
export { validate } from './engine/validate';
export { toleratesTaint } from './k8s/toleration';
export { validateTolerations, validateTaints } from './k8s/validation';
export { addDefaultTolerationSeconds } from './admission/default-toleration-seconds';
export { addDaemonSetTolerations } from './admission/daemonset-tolerations';
export { conditionTaints } from './k8s/node-condition-taints';
export { admitNode } from './admission';
export type { Status } from './scheduler/framework';
export type { NodeVerdict, ScheduleResult } from './scheduler';
// engine functions that take Kubernetes objects, checked at this boundary (the framework's internals are not exported)
export { schedulingVerdict, admitPod } from './engine/objects';
export type { NodeScore } from './scheduler/score';
export { scheduleMatrix, PLUGIN_CODES, type VerdictMatrix, type ScheduleMatrixOptions } from './scheduler/matrix';
export { parseQuantity, Quantity } from './k8s/quantity';
export type { EvictionVerdict } from './controllers/taint-eviction';
export { evictionVerdict, scheduleOn, rankNodes } from './engine';
export type { ScheduleOnResult } from './engine/objects';
export type { NotModelled } from './engine/not-modelled';
export { placeReplicas, type Placement, type PlacedPod, type PlacementOptions } from './placement/place';
export { addExtendedResourceTolerations, extendedResourcesRequested, isExtendedResourceName } from './admission/extended-resource-toleration';
export { nodesFromNodePool, provision, poolModel, isNodePool, type NodesFromNodePoolOptions, type PoolVerdict, type ProvisioningResult } from './karpenter';
export { chooseNodePool } from './karpenter';
export type { InstanceType, InstanceTypeOffering } from './karpenter';
export { aks } from './k8s/cloud';
export { CLUSTER_PRESETS, type ClusterPreset } from './core/presets';
export { loadManifests, parseManifests, origin, Manifests, ManifestError, type Origin, type LoadOptions, type ManifestProblem, type NodePool, type NodePoolRequirement, type Workload, type ObjectFor, type KindNames } from './loader';
export { placementMatrix, formatMatrix, formatMatrixMarkdown, matrixSerializer, isPlacementMatrix, PlacementMatrix, POOL_LABELS, type MatrixOptions, type MatrixRow, type MatrixCell, type MatrixGroup, type EvictionCell, type OutageCell } from './report/matrix';
export type { PlacementRecord, PlacementFacts } from './matchers/record';
export { simulateOutage, zone, nodesDown, formatEvents, OutageError, computeZoneState, zoneEvictionRate, zoneKey, noExecuteTaintTimes, NODE_MONITOR_GRACE_PERIOD, type Outage, type OutageEvent, type PodRecord, type WorkloadState, type ZoneState, type ZoneView, type Cluster, type Failure, type FailureCondition, type OutageOptions } from './outage';
export type * from './core/types';
export { renderChart, renderCharts, renderKustomization, RenderedChart, RenderedKustomization, RenderError, type ChartMatrix, type ChartValues, type RenderChartOptions, type RenderKustomizationOptions, type SetValues, type ValuesSet } from './render';

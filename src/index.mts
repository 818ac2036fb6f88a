// The package's exports, imported at once: the ES module entry (package.json exports "." → import → dist/index.mjs),
// and, for this repository's tests under Vitest, the source Vite resolves for `src` or `src/index` (its
// resolve.extensions list .mts before .ts; index.ts's require() of each export's module cannot load TypeScript there).
// It re-exports the CommonJS modules index.ts loads lazily, so `import` and `require` share one instance of each (one
// configure(), one origin table): no dual-package hazard. Jest and tsc's CommonJS use index.ts;
// test/lazy-entry.test.ts checks that both export the same names, and the package test that both entries resolve.
export { configure, resetConfiguration, settings, type ConfigureOptions, type PlacementSettings } from './core/config.js';
export { withConfiguration } from './core/config.js';
export { parseTaint, taint, type ParsedTaint, type TaintAddition, type TaintRemoval, type TaintOptions } from './k8s/kubectl-taint.js';
export { cloneNode, cordon, notReady, unreachable, withCondition, type CloneOptions } from './k8s/node-helpers.js';
export { validate } from './engine/validate.js';
export { toleratesTaint } from './k8s/toleration.js';
export { validateTolerations, validateTaints } from './k8s/validation.js';
export { addDefaultTolerationSeconds } from './admission/default-toleration-seconds.js';
export { addDaemonSetTolerations } from './admission/daemonset-tolerations.js';
export { conditionTaints } from './k8s/node-condition-taints.js';
export { admitNode } from './admission/index.js';
export type { Status } from './scheduler/framework.js';
export type { NodeVerdict, ScheduleResult } from './scheduler/index.js';
// engine functions that take Kubernetes objects, checked at this boundary (the framework's internals are not exported)
export { schedulingVerdict, admitPod } from './engine/objects.js';
export type { NodeScore } from './scheduler/score.js';
export { scheduleMatrix, PLUGIN_CODES, type VerdictMatrix, type ScheduleMatrixOptions } from './scheduler/matrix.js';
export { parseQuantity, Quantity } from './k8s/quantity.js';
export type { EvictionVerdict } from './controllers/taint-eviction.js';
export { evictionVerdict, scheduleOn, rankNodes } from './engine/index.js';
export { placeReplicas, type Placement, type PlacedPod, type PlacementOptions } from './placement/place.js';
export { addExtendedResourceTolerations, extendedResourcesRequested, isExtendedResourceName } from './admission/extended-resource-toleration.js';
export { nodesFromNodePool, provision, poolModel, isNodePool, type NodesFromNodePoolOptions, type PoolVerdict, type ProvisioningResult } from './karpenter/index.js';
export { chooseNodePool } from './karpenter/index.js';
export type { InstanceType, InstanceTypeOffering } from './karpenter/index.js';
export { aks } from './k8s/cloud.js';
export { CLUSTER_PRESETS, type ClusterPreset } from './core/presets.js';
export { loadManifests, parseManifests, origin, Manifests, ManifestError, type Origin, type LoadOptions, type ManifestProblem, type NodePool, type NodePoolRequirement, type Workload, type ObjectFor, type KindNames } from './loader/index.js';
export { placementMatrix, formatMatrix, formatMatrixMarkdown, matrixSerializer, isPlacementMatrix, PlacementMatrix, POOL_LABELS, type MatrixOptions, type MatrixRow, type MatrixCell, type MatrixGroup, type EvictionCell, type OutageCell } from './report/matrix.js';
export type { PlacementRecord, PlacementFacts } from './matchers/record.js';
export { simulateOutage, zone, nodesDown, formatEvents, OutageError, computeZoneState, zoneEvictionRate, zoneKey, noExecuteTaintTimes, NODE_MONITOR_GRACE_PERIOD, type Outage, type OutageEvent, type PodRecord, type WorkloadState, type ZoneState, type ZoneView, type Cluster, type Failure, type FailureCondition, type OutageOptions } from './outage/index.js';
export type * from './core/types.js';
export { renderChart, renderCharts, renderKustomization, RenderedChart, RenderedKustomization, RenderError, type ChartMatrix, type ChartValues, type RenderChartOptions, type RenderKustomizationOptions, type SetValues, type ValuesSet } from './render/index.js';

// Written by scripts/exports.mjs from src/exports.ts (npm run exports): edit the list, not this file.
// The package's exports, imported at once: the ES module entry (package.json exports "." → import → dist/index.mjs),
// and, for this repository's tests under Vitest, the source Vite resolves for `src` or `src/index` (its
// resolve.extensions list .mts before .ts; index.ts's require() of each export's module cannot load TypeScript there).
// It re-exports the CommonJS modules index.ts loads lazily, so `import` and `require` share one instance of each (one
// configure(), one origin table): no dual-package hazard.
export { configure, resetConfiguration, settings, withConfiguration, type ConfigureOptions, type PlacementSettings } from './core/config.js';
export type { ClusterPreset } from './core/presets.js';
export { aks } from './k8s/cloud.js';
export { parseTaint, taint, type ParsedTaint, type TaintAddition, type TaintRemoval, type TaintOptions } from './k8s/kubectl-taint.js';
export { cloneNode, cordon, notReady, unreachable, withCondition, type CloneOptions } from './k8s/node-helpers.js';
export { toleratesTaint } from './k8s/toleration.js';
export { parseQuantity, Quantity } from './k8s/quantity.js';
export { validate } from './engine/validate.js';
export { schedulingVerdict, scheduleOn, rankNodes, evictionVerdict, admitPod, type ScheduleOnResult } from './engine/objects.js';
export type { Status } from './scheduler/framework.js';
export type { NodeVerdict, ScheduleResult } from './scheduler/index.js';
export type { NodeScore } from './scheduler/score.js';
export { scheduleMatrix, type VerdictMatrix, type ScheduleMatrixOptions } from './scheduler/matrix.js';
export type { EvictionVerdict } from './controllers/taint-eviction.js';
export type { NotModelled } from './engine/not-modelled.js';
export type { NoDaemonPod } from './engine/daemon.js';
export { placeReplicas, type Placement, type PlacedPod, type PlacementOptions } from './placement/place.js';
export { nodesFromNodePool, isNodePool, chooseNodePool, type NodesFromNodePoolOptions, type PoolVerdict, type ProvisioningResult, type InstanceType, type InstanceTypeOffering } from './karpenter/index.js';
export { loadManifests, parseManifests, origin, Manifests, ManifestError, type Origin, type LoadOptions, type ManifestProblem, type NodePool, type NodePoolRequirement, type Workload, type ObjectFor, type KindNames } from './loader/index.js';
export { renderChart, renderCharts, renderKustomization, RenderedChart, RenderedKustomization, RenderError, type ChartMatrix, type ChartValues, type RenderChartOptions, type RenderKustomizationOptions, type SetValues, type ValuesSet } from './render/index.js';
export { placementMatrix, formatMatrixMarkdown, PlacementMatrix, type MatrixOptions, type MatrixRow, type MatrixCell, type MatrixGroup, type EvictionCell, type OutageCell } from './report/matrix.js';
export type { PlacementRecord, PlacementFacts } from './matchers/record.js';
export { simulateOutage, zone, nodesDown, drain, OutageError, type Outage, type OutageEvent, type PodRecord, type WorkloadState, type ZoneState, type ZoneView, type Cluster, type Failure, type FailureCondition, type OutageOptions, type DrainOptions, type DrainResult, type DrainRefusal, type DrainNodeResult } from './outage/index.js';
export type { Taint, Toleration, Node, Container, ResourceRequirements, PodSpec, Pod, TaintEffect, TaintEffectArgument, TaintArgument, TaintSpec, TaintSpecs, AddedTaintSpecArgument, TaintLike, KubeObject, NodeLike, PodLike, FieldError } from './core/types.js';
export { addDefaultTolerationSeconds, addDaemonSetTolerations, addExtendedResourceTolerations, admitNode } from './deprecated.js';

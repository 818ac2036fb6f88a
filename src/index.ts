// jest-k8s-placement — engine, settings and helpers. Matchers are registered by
// jest-k8s-placement/jest, /jest-globals or /vitest, and exported by /matchers.
//
// Every export loads its module on first use (issue 23): `require('jest-k8s-placement').parseManifests` loads the
// loader and js-yaml, not the scheduler. The declarations below are the types; `module.exports` at the end says
// which module each export comes from.
import type * as admission from './admission';
import type * as config from './core/config';
import type * as daemonSetTolerations from './admission/daemonset-tolerations';
import type * as defaultTolerationSeconds from './admission/default-toleration-seconds';
import type * as engine from './engine';
import type * as extendedResources from './admission/extended-resource-toleration';
import type * as karpenter from './karpenter';
import type * as kubectlTaint from './k8s/kubectl-taint';
import type * as loader from './loader';
import type * as matrix from './scheduler/matrix';
import type * as nodeHelpers from './k8s/node-helpers';
import type * as objects from './engine/objects';
import type * as outage from './outage';
import type * as quantity from './k8s/quantity';
import type * as render from './render';
import type * as report from './report/matrix';

export type { ConfigureOptions, PlacementSettings } from './core/config';
export declare const configure: typeof config.configure;
export declare const resetConfiguration: typeof config.resetConfiguration;
export declare const settings: typeof config.settings;
export declare const withConfiguration: typeof config.withConfiguration;

export type { ParsedTaint, TaintAddition, TaintRemoval, TaintOptions } from './k8s/kubectl-taint';
export declare const parseTaint: typeof kubectlTaint.parseTaint;
export declare const taint: typeof kubectlTaint.taint;

export type { CloneOptions } from './k8s/node-helpers';
export declare const cloneNode: typeof nodeHelpers.cloneNode;
export declare const cordon: typeof nodeHelpers.cordon;
export declare const notReady: typeof nodeHelpers.notReady;
export declare const unreachable: typeof nodeHelpers.unreachable;
export declare const withCondition: typeof nodeHelpers.withCondition;

export declare const validate: typeof import('./engine/validate').validate;
export declare const toleratesTaint: typeof import('./k8s/toleration').toleratesTaint;
export declare const validateTolerations: typeof import('./k8s/validation').validateTolerations;
export declare const validateTaints: typeof import('./k8s/validation').validateTaints;
export declare const addDefaultTolerationSeconds: typeof defaultTolerationSeconds.addDefaultTolerationSeconds;
export declare const addDaemonSetTolerations: typeof daemonSetTolerations.addDaemonSetTolerations;
export declare const conditionTaints: typeof import('./k8s/node-condition-taints').conditionTaints;
export declare const admitNode: typeof admission.admitNode;

export type { Status } from './scheduler/framework';
export type { NodeVerdict, ScheduleResult } from './scheduler';
// engine functions that take Kubernetes objects, checked at this boundary (the framework's internals are not exported)
export declare const schedulingVerdict: typeof objects.schedulingVerdict;
export declare const admitPod: typeof objects.admitPod;
export type { NodeScore } from './scheduler/score';
export type { VerdictMatrix, ScheduleMatrixOptions } from './scheduler/matrix';
export declare const scheduleMatrix: typeof matrix.scheduleMatrix;
export declare const PLUGIN_CODES: typeof matrix.PLUGIN_CODES;
export declare const parseQuantity: typeof quantity.parseQuantity;
export declare const Quantity: typeof quantity.Quantity;
export type Quantity = quantity.Quantity;
export type { EvictionVerdict } from './controllers/taint-eviction';
export declare const evictionVerdict: typeof engine.evictionVerdict;
export declare const scheduleOn: typeof engine.scheduleOn;
export declare const rankNodes: typeof engine.rankNodes;
export type { ScheduleOnResult } from './engine/objects';
export type { NotModelled } from './engine/not-modelled';
export type { Placement, PlacedPod, PlacementOptions } from './placement/place';
export declare const placeReplicas: typeof import('./placement/place').placeReplicas;
export declare const addExtendedResourceTolerations: typeof extendedResources.addExtendedResourceTolerations;
export declare const extendedResourcesRequested: typeof extendedResources.extendedResourcesRequested;
export declare const isExtendedResourceName: typeof extendedResources.isExtendedResourceName;

export type { NodesFromNodePoolOptions, PoolVerdict, ProvisioningResult, InstanceType, InstanceTypeOffering } from './karpenter';
export declare const nodesFromNodePool: typeof karpenter.nodesFromNodePool;
export declare const provision: typeof karpenter.provision;
export declare const poolModel: typeof karpenter.poolModel;
export declare const isNodePool: typeof karpenter.isNodePool;
export declare const chooseNodePool: typeof karpenter.chooseNodePool;
export declare const aks: typeof import('./k8s/cloud').aks;
export type { ClusterPreset } from './core/presets';
export declare const CLUSTER_PRESETS: typeof import('./core/presets').CLUSTER_PRESETS;

export type { Origin, LoadOptions, ManifestProblem, NodePool, NodePoolRequirement, Workload, ObjectFor, KindNames } from './loader';
export declare const loadManifests: typeof loader.loadManifests;
export declare const parseManifests: typeof loader.parseManifests;
export declare const origin: typeof loader.origin;
export declare const Manifests: typeof loader.Manifests;
export type Manifests = loader.Manifests;
export declare const ManifestError: typeof loader.ManifestError;
export type ManifestError = loader.ManifestError;

export type { MatrixOptions, MatrixRow, MatrixCell, MatrixGroup, EvictionCell, OutageCell } from './report/matrix';
export declare const placementMatrix: typeof report.placementMatrix;
export declare const formatMatrix: typeof report.formatMatrix;
export declare const formatMatrixMarkdown: typeof report.formatMatrixMarkdown;
export declare const matrixSerializer: typeof report.matrixSerializer;
export declare const isPlacementMatrix: typeof report.isPlacementMatrix;
export declare const PlacementMatrix: typeof report.PlacementMatrix;
export type PlacementMatrix = report.PlacementMatrix;
export declare const POOL_LABELS: typeof report.POOL_LABELS;
export type { PlacementRecord, PlacementFacts } from './matchers/record';

export type { Outage, OutageEvent, PodRecord, WorkloadState, ZoneState, ZoneView, Cluster, Failure, FailureCondition, OutageOptions } from './outage';
export declare const simulateOutage: typeof outage.simulateOutage;
export declare const zone: typeof outage.zone;
export declare const nodesDown: typeof outage.nodesDown;
export declare const formatEvents: typeof outage.formatEvents;
export declare const OutageError: typeof outage.OutageError;
export type OutageError = outage.OutageError;
export declare const computeZoneState: typeof outage.computeZoneState;
export declare const zoneEvictionRate: typeof outage.zoneEvictionRate;
export declare const zoneKey: typeof outage.zoneKey;
export declare const noExecuteTaintTimes: typeof outage.noExecuteTaintTimes;
export declare const NODE_MONITOR_GRACE_PERIOD: typeof outage.NODE_MONITOR_GRACE_PERIOD;
export type * from './core/types';

export type { ChartMatrix, ChartValues, RenderChartOptions, RenderKustomizationOptions, SetValues, ValuesSet } from './render';
export declare const renderChart: typeof render.renderChart;
export declare const renderCharts: typeof render.renderCharts;
export declare const renderKustomization: typeof render.renderKustomization;
export declare const RenderedChart: typeof render.RenderedChart;
export type RenderedChart = render.RenderedChart;
export declare const RenderedKustomization: typeof render.RenderedKustomization;
export type RenderedKustomization = render.RenderedKustomization;
export declare const RenderError: typeof render.RenderError;
export type RenderError = render.RenderError;

/** A module, required the first time one of its exports is read. */
type Module = () => Record<string, unknown>;
const once = (load: Module): Module => {
  let module: Record<string, unknown> | undefined;
  return () => (module ??= load());
};
const Admission = once(() => require('./admission'));
const Cloud = once(() => require('./k8s/cloud'));
const Config = once(() => require('./core/config'));
const DaemonSetTolerations = once(() => require('./admission/daemonset-tolerations'));
const DefaultTolerationSeconds = once(() => require('./admission/default-toleration-seconds'));
const ExtendedResources = once(() => require('./admission/extended-resource-toleration'));
const Karpenter = once(() => require('./karpenter'));
const KubectlTaint = once(() => require('./k8s/kubectl-taint'));
const Loader = once(() => require('./loader'));
const Matrix = once(() => require('./scheduler/matrix'));
const NodeConditionTaints = once(() => require('./k8s/node-condition-taints'));
const NodeHelpers = once(() => require('./k8s/node-helpers'));
const Objects = once(() => require('./engine/objects'));
const Outage = once(() => require('./outage'));
const Place = once(() => require('./placement/place'));
const Presets = once(() => require('./core/presets'));
const QuantityModule = once(() => require('./k8s/quantity'));
const Render = once(() => require('./render'));
const Report = once(() => require('./report/matrix'));
const Toleration = once(() => require('./k8s/toleration'));
const Validate = once(() => require('./engine/validate'));
const Validation = once(() => require('./k8s/validation'));

// Each export's module. Node's ESM import of this CommonJS file (`import { parseManifests } from
// 'jest-k8s-placement'`) finds the export names by reading the source (cjs-module-lexer), and in this form:
// `module.exports = { name: identifier, … }`. Each property is then made a getter that requires its module.
const exportedFrom: Record<string, Module> = (module.exports = {
  configure: Config, resetConfiguration: Config, settings: Config, withConfiguration: Config,
  parseTaint: KubectlTaint, taint: KubectlTaint,
  cloneNode: NodeHelpers, cordon: NodeHelpers, notReady: NodeHelpers, unreachable: NodeHelpers, withCondition: NodeHelpers,
  validate: Validate, toleratesTaint: Toleration, validateTolerations: Validation, validateTaints: Validation,
  addDefaultTolerationSeconds: DefaultTolerationSeconds, addDaemonSetTolerations: DaemonSetTolerations,
  conditionTaints: NodeConditionTaints, admitNode: Admission,
  schedulingVerdict: Objects, admitPod: Objects,
  scheduleMatrix: Matrix, PLUGIN_CODES: Matrix,
  parseQuantity: QuantityModule, Quantity: QuantityModule,
  evictionVerdict: Objects, scheduleOn: Objects, rankNodes: Objects,
  placeReplicas: Place,
  addExtendedResourceTolerations: ExtendedResources, extendedResourcesRequested: ExtendedResources, isExtendedResourceName: ExtendedResources,
  nodesFromNodePool: Karpenter, provision: Karpenter, poolModel: Karpenter, isNodePool: Karpenter, chooseNodePool: Karpenter,
  aks: Cloud, CLUSTER_PRESETS: Presets,
  loadManifests: Loader, parseManifests: Loader, origin: Loader, Manifests: Loader, ManifestError: Loader,
  placementMatrix: Report, formatMatrix: Report, formatMatrixMarkdown: Report, matrixSerializer: Report, isPlacementMatrix: Report,
  PlacementMatrix: Report, POOL_LABELS: Report,
  simulateOutage: Outage, zone: Outage, nodesDown: Outage, formatEvents: Outage, OutageError: Outage, computeZoneState: Outage,
  zoneEvictionRate: Outage, zoneKey: Outage, noExecuteTaintTimes: Outage, NODE_MONITOR_GRACE_PERIOD: Outage,
  renderChart: Render, renderCharts: Render, renderKustomization: Render, RenderedChart: Render, RenderedKustomization: Render, RenderError: Render,
});
Object.defineProperty(module.exports, '__esModule', { value: true });
for (const [name, from] of Object.entries(exportedFrom)) {
  Object.defineProperty(module.exports, name, { enumerable: true, get: () => from()[name] });
}

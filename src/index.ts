// Written by scripts/exports.mjs from src/exports.ts (npm run exports): edit the list, not this file.
// jest-k8s-placement — engine, settings and helpers. Matchers are registered by jest-k8s-placement/jest,
// /jest-globals or /vitest, and exported by /matchers.
//
// Every export loads its module on first use (issue 23): `require('jest-k8s-placement').parseManifests` loads the
// loader and js-yaml, not the scheduler. The declarations are the types; `module.exports` at the end says which
// module each export comes from.
import type * as coreConfig from './core/config';
import type * as k8sCloud from './k8s/cloud';
import type * as k8sKubectlTaint from './k8s/kubectl-taint';
import type * as k8sNodeHelpers from './k8s/node-helpers';
import type * as k8sToleration from './k8s/toleration';
import type * as k8sQuantity from './k8s/quantity';
import type * as engineValidate from './engine/validate';
import type * as engineObjects from './engine/objects';
import type * as schedulerMatrix from './scheduler/matrix';
import type * as placementPlace from './placement/place';
import type * as karpenter from './karpenter';
import type * as loader from './loader';
import type * as render from './render';
import type * as reportMatrix from './report/matrix';
import type * as outage from './outage';
import type * as deprecated from './deprecated';

export type { ConfigureOptions, PlacementSettings } from './core/config';
export declare const configure: typeof coreConfig.configure;
export declare const resetConfiguration: typeof coreConfig.resetConfiguration;
export declare const settings: typeof coreConfig.settings;
export declare const withConfiguration: typeof coreConfig.withConfiguration;
export type { ClusterPreset } from './core/presets';
export declare const aks: typeof k8sCloud.aks;
export type { ParsedTaint, TaintAddition, TaintRemoval, TaintOptions } from './k8s/kubectl-taint';
export declare const parseTaint: typeof k8sKubectlTaint.parseTaint;
export declare const taint: typeof k8sKubectlTaint.taint;
export type { CloneOptions } from './k8s/node-helpers';
export declare const cloneNode: typeof k8sNodeHelpers.cloneNode;
export declare const cordon: typeof k8sNodeHelpers.cordon;
export declare const notReady: typeof k8sNodeHelpers.notReady;
export declare const unreachable: typeof k8sNodeHelpers.unreachable;
export declare const withCondition: typeof k8sNodeHelpers.withCondition;
export declare const toleratesTaint: typeof k8sToleration.toleratesTaint;
export declare const parseQuantity: typeof k8sQuantity.parseQuantity;
export declare const Quantity: typeof k8sQuantity.Quantity;
export type Quantity = k8sQuantity.Quantity;
export declare const validate: typeof engineValidate.validate;
export type { ScheduleOnResult } from './engine/objects';
export declare const schedulingVerdict: typeof engineObjects.schedulingVerdict;
export declare const scheduleOn: typeof engineObjects.scheduleOn;
export declare const rankNodes: typeof engineObjects.rankNodes;
export declare const evictionVerdict: typeof engineObjects.evictionVerdict;
export declare const admitPod: typeof engineObjects.admitPod;
export type { Status } from './scheduler/framework';
export type { NodeVerdict, ScheduleResult } from './scheduler';
export type { NodeScore } from './scheduler/score';
export type { VerdictMatrix, ScheduleMatrixOptions } from './scheduler/matrix';
export declare const scheduleMatrix: typeof schedulerMatrix.scheduleMatrix;
export type { EvictionVerdict } from './controllers/taint-eviction';
export type { NotModelled } from './engine/not-modelled';
export type { NoDaemonPod } from './engine/daemon';
export type { Placement, PlacedPod, PlacementOptions } from './placement/place';
export declare const placeReplicas: typeof placementPlace.placeReplicas;
export type { NodesFromNodePoolOptions, PoolVerdict, ProvisioningResult, InstanceType, InstanceTypeOffering } from './karpenter';
export declare const nodesFromNodePool: typeof karpenter.nodesFromNodePool;
export declare const isNodePool: typeof karpenter.isNodePool;
export declare const chooseNodePool: typeof karpenter.chooseNodePool;
export type { Origin, LoadOptions, ManifestProblem, NodePool, NodePoolRequirement, Workload, ObjectFor, KindNames } from './loader';
export declare const loadManifests: typeof loader.loadManifests;
export declare const parseManifests: typeof loader.parseManifests;
export declare const origin: typeof loader.origin;
export declare const Manifests: typeof loader.Manifests;
export type Manifests = loader.Manifests;
export declare const ManifestError: typeof loader.ManifestError;
export type ManifestError = loader.ManifestError;
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
export type { MatrixOptions, MatrixRow, MatrixCell, MatrixGroup, EvictionCell, OutageCell } from './report/matrix';
export declare const placementMatrix: typeof reportMatrix.placementMatrix;
export declare const formatMatrixMarkdown: typeof reportMatrix.formatMatrixMarkdown;
export declare const PlacementMatrix: typeof reportMatrix.PlacementMatrix;
export type PlacementMatrix = reportMatrix.PlacementMatrix;
export type { PlacementRecord, PlacementFacts } from './matchers/record';
export type { Outage, OutageEvent, PodRecord, WorkloadState, ZoneState, ZoneView, Cluster, Failure, FailureCondition, OutageOptions, DrainOptions, DrainResult, DrainRefusal, DrainNodeResult } from './outage';
export declare const simulateOutage: typeof outage.simulateOutage;
export declare const zone: typeof outage.zone;
export declare const nodesDown: typeof outage.nodesDown;
export declare const drain: typeof outage.drain;
export declare const OutageError: typeof outage.OutageError;
export type OutageError = outage.OutageError;
export type { Taint, Toleration, Node, Container, ResourceRequirements, PodSpec, Pod, TaintEffect, TaintEffectArgument, TaintArgument, TaintSpec, TaintSpecs, AddedTaintSpecArgument, TaintLike, KubeObject, NodeLike, PodLike, FieldError } from './core/types';
/** @deprecated Leaves the main entry in the next minor release: admitPod(subject) gives the tolerations after every admission step, with their sources. */
export declare const addDefaultTolerationSeconds: typeof deprecated.addDefaultTolerationSeconds;
/** @deprecated Leaves the main entry in the next minor release: admitPod(daemonSet) gives the tolerations after every admission step, with their sources. */
export declare const addDaemonSetTolerations: typeof deprecated.addDaemonSetTolerations;
/** @deprecated Leaves the main entry in the next minor release: admitPod(subject) gives the tolerations after every admission step, with their sources. */
export declare const addExtendedResourceTolerations: typeof deprecated.addExtendedResourceTolerations;
/** @deprecated Leaves the main entry in the next minor release: the engine's verdicts read a node's condition taints themselves; notReady, unreachable and withCondition give a node in such a state. */
export declare const admitNode: typeof deprecated.admitNode;

/** A module, required the first time one of its exports is read. */
type Module = () => Record<string, unknown>;
const once = (load: Module): Module => {
  let module: Record<string, unknown> | undefined;
  return () => (module ??= load());
};
const coreConfigModule = once(() => require('./core/config'));
const k8sCloudModule = once(() => require('./k8s/cloud'));
const k8sKubectlTaintModule = once(() => require('./k8s/kubectl-taint'));
const k8sNodeHelpersModule = once(() => require('./k8s/node-helpers'));
const k8sTolerationModule = once(() => require('./k8s/toleration'));
const k8sQuantityModule = once(() => require('./k8s/quantity'));
const engineValidateModule = once(() => require('./engine/validate'));
const engineObjectsModule = once(() => require('./engine/objects'));
const schedulerMatrixModule = once(() => require('./scheduler/matrix'));
const placementPlaceModule = once(() => require('./placement/place'));
const karpenterModule = once(() => require('./karpenter'));
const loaderModule = once(() => require('./loader'));
const renderModule = once(() => require('./render'));
const reportMatrixModule = once(() => require('./report/matrix'));
const outageModule = once(() => require('./outage'));
const deprecatedModule = once(() => require('./deprecated'));

// Each export's module. Node's ESM import of this CommonJS file finds the export names by reading the source
// (cjs-module-lexer), and in this form: `module.exports = { name: identifier, … }`. Each property is then made a
// getter that requires its module.
const exportedFrom: Record<string, Module> = (module.exports = {
  configure: coreConfigModule,
  resetConfiguration: coreConfigModule,
  settings: coreConfigModule,
  withConfiguration: coreConfigModule,
  aks: k8sCloudModule,
  parseTaint: k8sKubectlTaintModule,
  taint: k8sKubectlTaintModule,
  cloneNode: k8sNodeHelpersModule,
  cordon: k8sNodeHelpersModule,
  notReady: k8sNodeHelpersModule,
  unreachable: k8sNodeHelpersModule,
  withCondition: k8sNodeHelpersModule,
  toleratesTaint: k8sTolerationModule,
  parseQuantity: k8sQuantityModule,
  Quantity: k8sQuantityModule,
  validate: engineValidateModule,
  schedulingVerdict: engineObjectsModule,
  scheduleOn: engineObjectsModule,
  rankNodes: engineObjectsModule,
  evictionVerdict: engineObjectsModule,
  admitPod: engineObjectsModule,
  scheduleMatrix: schedulerMatrixModule,
  placeReplicas: placementPlaceModule,
  nodesFromNodePool: karpenterModule,
  isNodePool: karpenterModule,
  chooseNodePool: karpenterModule,
  loadManifests: loaderModule,
  parseManifests: loaderModule,
  origin: loaderModule,
  Manifests: loaderModule,
  ManifestError: loaderModule,
  renderChart: renderModule,
  renderCharts: renderModule,
  renderKustomization: renderModule,
  RenderedChart: renderModule,
  RenderedKustomization: renderModule,
  RenderError: renderModule,
  placementMatrix: reportMatrixModule,
  formatMatrixMarkdown: reportMatrixModule,
  PlacementMatrix: reportMatrixModule,
  simulateOutage: outageModule,
  zone: outageModule,
  nodesDown: outageModule,
  drain: outageModule,
  OutageError: outageModule,
  addDefaultTolerationSeconds: deprecatedModule,
  addDaemonSetTolerations: deprecatedModule,
  addExtendedResourceTolerations: deprecatedModule,
  admitNode: deprecatedModule,
});
Object.defineProperty(module.exports, '__esModule', { value: true });
for (const [name, from] of Object.entries(exportedFrom)) {
  Object.defineProperty(module.exports, name, { enumerable: true, get: () => from()[name] });
}

// The package's main entry as one list (issue 33): each name, the module it comes from, and what it is. A value is
// loaded on first use, a class is a value and a type, a type is erased. `npm run exports` (scripts/exports.mjs) writes
// the three entry files from it: index.ts (the lazy CommonJS entry, with each name's declared type), index.mts (the
// ES module entry) and deprecated.ts (the deprecated functions, wrapped once for both). test/exports.test.ts fails
// when they are not what the list writes. Only this file is edited by hand.
//
// What is public: what a test of pod placement needs besides the matchers — the settings, the node helpers, the
// loader and renderers, the engine's questions that take Kubernetes objects, the placement matrix and the outage
// simulation, the errors they throw, and the types of their parameters and answers. The simulation's inner steps
// (zone states and eviction rates, plugin codes, pool models, admission steps one by one) are not: the library
// imports them from their modules, and so do its tests. docs/reference/engine-api.md lists the same names.

export interface ExportGroup {
  /** The module, from src/ without its extension (a folder for its index.ts). */
  readonly from: string;
  readonly values?: readonly string[];
  /** Classes: exported as a value and as the instance type. */
  readonly classes?: readonly string[];
  readonly types?: readonly string[];
}

export const EXPORTS: readonly ExportGroup[] = [
  // settings (docs/guides/configuration.md)
  { from: 'core/config', values: ['configure', 'resetConfiguration', 'settings', 'withConfiguration'], types: ['ConfigureOptions', 'PlacementSettings'] },
  { from: 'core/presets', types: ['ClusterPreset'] },
  { from: 'k8s/cloud', values: ['aks'] },
  // nodes and taints as kubectl and the node lifecycle controller leave them
  { from: 'k8s/kubectl-taint', values: ['parseTaint', 'taint'], types: ['ParsedTaint', 'TaintAddition', 'TaintRemoval', 'TaintOptions'] },
  { from: 'k8s/node-helpers', values: ['cloneNode', 'cordon', 'notReady', 'unreachable', 'withCondition'], types: ['CloneOptions'] },
  { from: 'k8s/toleration', values: ['toleratesTaint'] },
  { from: 'k8s/quantity', values: ['parseQuantity'], classes: ['Quantity'] },
  // the engine's questions, each taking Kubernetes objects (docs/reference/engine-api.md)
  { from: 'engine/validate', values: ['validate'] },
  { from: 'engine/objects', values: ['schedulingVerdict', 'scheduleOn', 'rankNodes', 'evictionVerdict', 'admitPod'], types: ['ScheduleOnResult'] },
  { from: 'scheduler/framework', types: ['Status'] },
  { from: 'scheduler', types: ['NodeVerdict', 'ScheduleResult'] },
  { from: 'scheduler/score', types: ['NodeScore'] },
  { from: 'scheduler/matrix', values: ['scheduleMatrix'], types: ['VerdictMatrix', 'ScheduleMatrixOptions'] },
  { from: 'controllers/taint-eviction', types: ['EvictionVerdict'] },
  { from: 'engine/not-modelled', types: ['NotModelled'] },
  { from: 'engine/daemon', types: ['NoDaemonPod'] },
  { from: 'placement/place', values: ['placeReplicas'], types: ['Placement', 'PlacedPod', 'PlacementOptions'] },
  // Karpenter (docs/guides/karpenter.md)
  {
    from: 'karpenter', values: ['nodesFromNodePool', 'isNodePool', 'chooseNodePool'],
    types: ['NodesFromNodePoolOptions', 'PoolVerdict', 'ProvisioningResult', 'InstanceType', 'InstanceTypeOffering'],
  },
  // loading and rendering manifests (docs/guides/loading-manifests.md, helm.md, kustomize.md)
  {
    from: 'loader', values: ['loadManifests', 'parseManifests', 'origin'], classes: ['Manifests', 'ManifestError'],
    types: ['Origin', 'LoadOptions', 'ManifestProblem', 'NodePool', 'NodePoolRequirement', 'Workload', 'ObjectFor', 'KindNames'],
  },
  {
    from: 'render', values: ['renderChart', 'renderCharts', 'renderKustomization'], classes: ['RenderedChart', 'RenderedKustomization', 'RenderError'],
    types: ['ChartMatrix', 'ChartValues', 'RenderChartOptions', 'RenderKustomizationOptions', 'SetValues', 'ValuesSet'],
  },
  // the placement matrix and the run report's records (docs/guides/report-and-cli.md)
  {
    from: 'report/matrix', values: ['placementMatrix', 'formatMatrixMarkdown'], classes: ['PlacementMatrix'],
    types: ['MatrixOptions', 'MatrixRow', 'MatrixCell', 'MatrixGroup', 'EvictionCell', 'OutageCell'],
  },
  { from: 'matchers/record', types: ['PlacementRecord', 'PlacementFacts'] },
  // the outage simulation (docs/guides/outages.md); ZoneState and ZoneView are the shape of an Outage's zones
  {
    from: 'outage', values: ['simulateOutage', 'zone', 'nodesDown', 'drain'], classes: ['OutageError'],
    types: ['Outage', 'OutageEvent', 'PodRecord', 'WorkloadState', 'ZoneState', 'ZoneView', 'Cluster', 'Failure', 'FailureCondition', 'OutageOptions', 'DrainOptions', 'DrainResult', 'DrainRefusal', 'DrainNodeResult'],
  },
  // the Kubernetes objects and the matchers' argument types
  {
    from: 'core/types',
    types: [
      'Taint', 'Toleration', 'Node', 'Container', 'ResourceRequirements', 'PodSpec', 'Pod', 'TaintEffect', 'TaintEffectArgument', 'TaintArgument',
      'TaintSpec', 'TaintSpecs', 'AddedTaintSpecArgument', 'TaintLike', 'KubeObject', 'NodeLike', 'PodLike', 'FieldError',
    ],
  },
];

/**
 * Functions that leave the main entry in the next minor release. They were documented ("the admission steps" of the
 * engine API), so they still work, each warning once (a DeprecationWarning on its first call) with what to use.
 */
export const DEPRECATED: readonly { readonly from: string; readonly name: string; readonly instead: string }[] = [
  { from: 'admission/default-toleration-seconds', name: 'addDefaultTolerationSeconds', instead: 'admitPod(subject) gives the tolerations after every admission step, with their sources' },
  { from: 'admission/daemonset-tolerations', name: 'addDaemonSetTolerations', instead: 'admitPod(daemonSet) gives the tolerations after every admission step, with their sources' },
  { from: 'admission/extended-resource-toleration', name: 'addExtendedResourceTolerations', instead: 'admitPod(subject) gives the tolerations after every admission step, with their sources' },
  { from: 'admission', name: 'admitNode', instead: "the engine's verdicts read a node's condition taints themselves; notReady, unreachable and withCondition give a node in such a state" },
];

/**
 * Names the main entry no longer exports, with why (none was documented): each is an inner step of the simulation
 * or a second way to what a public name does. Kept here so that a test keeps them out of both entries.
 */
export const REMOVED: Readonly<Record<string, string>> = {
  validateTolerations: "validate(object) reports the API server's errors for a whole object",
  validateTaints: "validate(object) reports the API server's errors for a whole object",
  conditionTaints: "an inner step of the node lifecycle controller; notReady, unreachable and withCondition give the node",
  extendedResourcesRequested: "an inner step of ExtendedResourceToleration admission; admitPod runs it",
  isExtendedResourceName: "an inner step of ExtendedResourceToleration admission; admitPod runs it",
  PLUGIN_CODES: "scheduleMatrix's answer carries its own plugins table (plugins[code])",
  provision: "takes the simulation's inner forms (Subject, pool models); chooseNodePool takes the objects",
  poolModel: "the simulation's inner form of a NodePool",
  CLUSTER_PRESETS: "the presets' inner table; configure({ cluster }) sets one",
  formatMatrix: "String(matrix) gives the same table",
  matrixSerializer: "the setup entries register it",
  isPlacementMatrix: "the snapshot serializer's test; instanceof PlacementMatrix",
  POOL_LABELS: "the matrix's default grouping, an inner table",
  formatEvents: "outage.format() gives the same text",
  computeZoneState: "the node lifecycle controller's inner step; an Outage reports its zones' states",
  zoneEvictionRate: "the node lifecycle controller's inner step; an Outage reports its zones' states",
  zoneKey: "the node lifecycle controller's inner step",
  noExecuteTaintTimes: "the node lifecycle controller's inner step; the outage's events give the taint times",
  NODE_MONITOR_GRACE_PERIOD: "kube-controller-manager's default (50 s), which simulateOutage applies unless options.gracePeriod or cluster.gracePeriod says otherwise",
};

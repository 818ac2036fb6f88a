// The scheduler profile: which plugins run at each extension point, in what order, at what weight, and the
// matrix code each has — upstream's plugin registry (pkg/scheduler/framework/plugins/registry.go) and its default
// profile (pkg/scheduler/apis/config/v1/default_plugins.go) in one table. This module alone imports the plugin
// folders (the volume plugins' on the first pod with a volume: volumePlugin; the scoring code on the first pod scored:
// scorePlugin); the framework (index.ts, cycle.ts, matrix.ts, passes.ts, score.ts) runs what the active profile lists,
// and keepApart and the outage model read it too. Adding a plugin is its folder plus one line here.
// A KubeSchedulerConfiguration's profiles are built from this one (scheduler/config/profiles.ts): the plugins it
// disables left out, the weights and args it sets; the pod's schedulerName picks the profile (scheduler/config/select.ts).
import type { ClusterPlugin, PostFilterPlugin } from './cycle';
import { Skip, type FilterPlugin, type NodeInfo, type PodInfo, type ScorePlugin, type Status } from './framework';
import { gateEnabled, invalidateCaches } from '../core/config';
import { podUsesClaims } from '../admission/pod-claims';
import { preEnqueue } from './plugins/schedulinggates';
import { NodeUnschedulable } from './plugins/nodeunschedulable';
import { NodeName } from './plugins/nodename';
import { TaintToleration, TaintTolerationScore } from './plugins/tainttoleration';
import { NodeAffinity, NodeAffinityScore } from './plugins/nodeaffinity';
import { outsidePreFilterResult, preFilter as nodePreFilter } from './plugins/nodeaffinity/prefilter';
import { NodePorts } from './plugins/nodeports';
import { NodeResourcesFit } from './plugins/noderesources/fit';
import type * as NodeResourcesScoring from './plugins/noderesources/scoring';
import { PodTopologySpread, PodTopologySpreadScore } from './plugins/podtopologyspread';
import { InterPodAffinity, InterPodAffinityScore } from './plugins/interpodaffinity';
import type * as ImageLocalityPlugin from './plugins/imagelocality';
import { NodeDeclaredFeatures } from './plugins/nodedeclaredfeatures';
import type * as VolumeRestrictionsPlugin from './plugins/volumerestrictions';
import type * as NodeVolumeLimitsPlugin from './plugins/nodevolumelimits';
import type * as VolumeBindingPlugin from './plugins/volumebinding';
import type * as VolumeZonePlugin from './plugins/volumezone';
import { DynamicResources, dynamicResourcesEnabled } from './plugins/dynamicresources';
import { DefaultPreemption } from './plugins/defaultpreemption/plugin';
import { DEFAULT_PLUGIN_ARGS, setActivePluginArgs, type PluginArgs } from './plugin-args';
import type { NotModelled } from '../k8s/not-modelled';

/** A PreEnqueue plugin: a status keeps the pod out of the active queue, so no filter runs for it. */
export interface PreEnqueuePlugin {
  name: string;
  preEnqueue(pod: PodInfo): Status | undefined;
}

/**
 * The per-pod PreFilter of the node plugins (NodeName from v1.37, NodeAffinity), merged as RunPreFilterPlugins merges
 * PreFilterResults: `reject` refuses the pod as a whole, `outside` is the status of a node the result leaves out.
 */
export interface NodePreFilter {
  reject(pod: PodInfo): Status | undefined;
  outside(pod: PodInfo, node: NodeInfo): Status | undefined;
}

export interface Profile {
  preEnqueue: readonly PreEnqueuePlugin[];
  nodePreFilter: NodePreFilter;
  /** The Filter plugins that read the node and the pods' usage on it, in the profile's order. */
  filter: readonly FilterPlugin[];
  /**
   * The Filter plugins with a PreFilter over the whole cluster, after those: the four volume plugins (over
   * snapshot.storage, the pod's claims as the cluster holds them: scheduler/pod-storage.ts), then PodTopologySpread and
   * InterPodAffinity. A pod without volumes Skips the volume plugins at PreFilter (and the fast paths that decide
   * whether the cluster plugins run at all, readsCluster in index.ts and matrix.ts, leave them out).
   */
  clusterFilter: ReadonlyArray<ClusterPlugin<unknown>>;
  /**
   * The Filter plugins after the cluster plugins: NodeDeclaredFeatures, which the default profile appends when its
   * gate is on (default_plugins.go applyFeatureGates); it Skips at PreFilter for pods that need no node feature.
   */
  lastFilter: readonly FilterPlugin[];
  /**
   * The PostFilter plugins, run when no node is feasible (schedule_one.go): DefaultPreemption, and DynamicResources
   * before it where DRA is enabled (default_plugins.go applyDynamicResources, from 1.34): for a pod without claims its
   * status joins the FitError ('no new claims to deallocate' up to 1.36), or stops the PostFilter when its PreFilter
   * never ran (DRA claims themselves are not modelled).
   */
  postFilter: readonly PostFilterPlugin[];
  /**
   * The Score plugins with their weights, in the profile's order (default_plugins.go's Score list): score.ts runs
   * each one's PreScore, Score and NormalizeScore and sums weight × score.
   */
  score: ReadonlyArray<{ plugin: ScorePlugin; weight: number }>;
  /**
   * The bytes of scheduleMatrix (the encoding of ../shared/perf): 0 feasible, then one per plugin, dense from 1;
   * a plugin not listed gets the next free code when first seen in a matrix.
   */
  matrixCodes: Readonly<Record<string, number>>;
  /** The plugins' arguments (a configuration's pluginConfig, defaulted): plugins read them through plugin-args.ts. */
  pluginArgs: Readonly<PluginArgs>;
  /** A configured profile's schedulerName (the default profile serves `default-scheduler`). */
  schedulerName?: string;
  /** The configuration's percentageOfNodesToScore for this profile (its own, else the global one); undefined: 0, adaptive. */
  percentageOfNodesToScore?: number;
  /**
   * What a configured profile runs that the library does not model (a plugin it enables, a plugin half disabled):
   * every answer under it carries these, so a modelled pass is unknown (engine/not-modelled.ts).
   */
  notModelled?: readonly NotModelled[];
  /** Set on the profile of a pod whose schedulerName no profile serves (config/select.ts): the words for it. */
  unserved?: string;
}

/**
 * A volume plugin as the profile lists it: its folder is loaded for the first pod with a volume. A pod with none (no
 * spec.volumes, no claim its controller adds: podUsesClaims) is Skipped by each of the four at PreFilter, as upstream
 * Skips it (volume_restrictions.go, csi.go, volume_binding.go and volume_zone.go PreFilter: nothing to check,
 * fwk.Skip), so the answers for the pods most spec files ask about never load them.
 */
function volumePlugin(name: string, load: () => ClusterPlugin<unknown>): ClusterPlugin<unknown> {
  let loaded: ClusterPlugin<unknown> | undefined;
  const plugin = () => (loaded ??= load());
  return {
    name,
    preFilter: (pod, snapshot) => (hasVolumes(pod.subject) ? plugin().preFilter(pod, snapshot) : { skip: true }),
    filter: (pod, node, state) => plugin().filter(pod, node, state),
    reads: (state) => (plugin().reads ? plugin().reads!(state) : undefined),
    explainPass: (pod, node, state) => plugin().explainPass?.(pod, node, state) ?? [],
    addPod: (pod, state, added, node) => plugin().addPod?.(pod, state, added, node) ?? state,
    removePod: (pod, state, removed, node) => plugin().removePod?.(pod, state, removed, node) ?? state,
  };
}
const hasVolumes = (subject: PodInfo['subject']) => {
  const volumes = subject.spec.volumes as unknown;
  return volumes != null && !(Array.isArray(volumes) && volumes.length === 0) || podUsesClaims(subject);
};
const volumeRestrictions = (): typeof VolumeRestrictionsPlugin => require('./plugins/volumerestrictions');
const nodeVolumeLimits = (): typeof NodeVolumeLimitsPlugin => require('./plugins/nodevolumelimits');
const volumeBinding = (): typeof VolumeBindingPlugin => require('./plugins/volumebinding');
const volumeZone = (): typeof VolumeZonePlugin => require('./plugins/volumezone');
const VolumeRestrictions = volumePlugin('VolumeRestrictions', () => volumeRestrictions().VolumeRestrictions as ClusterPlugin<unknown>);
const NodeVolumeLimits = volumePlugin('NodeVolumeLimits', () => nodeVolumeLimits().NodeVolumeLimits as ClusterPlugin<unknown>);
const VolumeBinding = volumePlugin('VolumeBinding', () => volumeBinding().VolumeBinding as ClusterPlugin<unknown>);
const VolumeZone = volumePlugin('VolumeZone', () => volumeZone().VolumeZone as ClusterPlugin<unknown>);

/**
 * A Score plugin as the profile lists it: its folder's scoring code is loaded when a pod is first scored. A verdict
 * (toBeSchedulableOn, scheduleOn's feasible nodes) never scores, so most spec files never load it.
 */
function scorePlugin<S>(name: string, load: () => ScorePlugin<S>): ScorePlugin<S> {
  let loaded: ScorePlugin<S> | undefined;
  const plugin = () => (loaded ??= load());
  return {
    name,
    preScore: (pod, feasible, cluster) => plugin().preScore(pod, feasible, cluster),
    score: (state, node) => plugin().score(state, node),
    // (score.ts: a plugin without NormalizeScore keeps its raw scores)
    normalizeScore: (state, raw, feasible) => plugin().normalizeScore?.(state, raw, feasible) ?? raw,
    explain: (state, node, raw) => plugin().explain(state, node, raw),
  };
}
const nodeResourcesScoring = (): typeof NodeResourcesScoring => require('./plugins/noderesources/scoring');
const imageLocality = (): typeof ImageLocalityPlugin => require('./plugins/imagelocality');
const NodeResourcesFitScore = scorePlugin('NodeResourcesFit', () => nodeResourcesScoring().NodeResourcesFitScore as ScorePlugin<unknown>);
const NodeResourcesBalancedAllocation = scorePlugin('NodeResourcesBalancedAllocation', () => nodeResourcesScoring().NodeResourcesBalancedAllocation as ScorePlugin<unknown>);
const ImageLocality = scorePlugin('ImageLocality', () => imageLocality().ImageLocality as ScorePlugin<unknown>);

/** A Score plugin's name (the default profile's: TaintToleration, NodeAffinity, NodeResourcesFit, …). */
export type ScorePluginName = string;

/**
 * VolumeBinding's Score as the default profile runs it: the scorer exists only with StorageCapacityScoring (beta, on
 * from 1.37; volume_binding.go New), so before that the profile has no VolumeBinding Score. With it, PreScore never
 * Skips, and a pod without claims scores 0 on every node: that column changes no total and is not shown.
 */
const volumeBindingScore: ScorePlugin = {
  name: 'VolumeBinding',
  preScore(pod, feasible, cluster) {
    // Stryker disable next-line StringLiteral: a Skip that is not shown (false): score.ts lists only shown Skips' reasons
    if (!podUsesClaims(pod.subject)) return new Skip('the pod uses no PersistentVolumeClaim (0 on every node)', false);
    return volumeBinding().VolumeBindingScore.preScore(pod, feasible, cluster);
  },
  // (VolumeBindingScore's other methods, through its folder loaded by the PreScore above)
  score: (state, node) => volumeBinding().VolumeBindingScore.score(state as never, node),
  explain: (state, node, raw) => volumeBinding().VolumeBindingScore.explain(state as never, node, raw),
};

// default_plugins.go's Score list: VolumeBinding (weight 1) after NodeResourcesFit, where the release scores with it
const BASE_SCORE: Profile['score'] = [
  { plugin: TaintTolerationScore, weight: 3 },
  { plugin: NodeAffinityScore, weight: 2 },
  { plugin: NodeResourcesFitScore, weight: 1 },
  { plugin: PodTopologySpreadScore, weight: 2 },
  { plugin: InterPodAffinityScore, weight: 2 },
  { plugin: NodeResourcesBalancedAllocation, weight: 1 },
  { plugin: ImageLocality, weight: 1 },
];
const WITH_VOLUME_SCORE: Profile['score'] = [...BASE_SCORE.slice(0, 3), { plugin: volumeBindingScore, weight: 1 }, ...BASE_SCORE.slice(3)];

const WITH_DYNAMIC_RESOURCES: Profile['postFilter'] = [DynamicResources, DefaultPreemption];

export const DEFAULT_PROFILE: Profile = Object.freeze({
  preEnqueue: [{ name: 'SchedulingGates', preEnqueue }],
  nodePreFilter: { reject: nodePreFilter, outside: outsidePreFilterResult },
  filter: [NodeUnschedulable, NodeName, TaintToleration, NodeAffinity, NodePorts, NodeResourcesFit],
  clusterFilter: [VolumeRestrictions, NodeVolumeLimits, VolumeBinding, VolumeZone, PodTopologySpread, InterPodAffinity],
  lastFilter: [NodeDeclaredFeatures],
  get postFilter() {
    return dynamicResourcesEnabled() ? WITH_DYNAMIC_RESOURCES : [DefaultPreemption];
  },
  get score() {
    return gateEnabled('StorageCapacityScoring') ? WITH_VOLUME_SCORE : BASE_SCORE;
  },
  matrixCodes: { NodeUnschedulable: 1, NodeName: 2, TaintToleration: 3, NodeAffinity: 4, NodeResourcesFit: 5, NodePorts: 6, SchedulingGates: 7 },
  pluginArgs: DEFAULT_PLUGIN_ARGS,
});

let active: Profile = DEFAULT_PROFILE;

/** The profile the framework runs now. */
export const profile = (): Profile => active;

/**
 * Make `p` the profile the framework runs (scheduler/config/select.ts, for the pod's schedulerName); returns the one it
 * replaces. Cached verdicts are dropped only when it changes.
 */
export function activateProfile(p: Profile): Profile {
  const before = active;
  if (p === active) return before;
  active = p;
  setActivePluginArgs(p.pluginArgs);
  invalidateCaches();
  return before;
}

/**
 * Run `fn` with the profile changed by `changes` (e.g. `{ filter: [...DEFAULT_PROFILE.filter, MyPlugin] }`), the
 * previous one back afterwards, also when `fn` throws or its promise settles. Cached verdicts are dropped both ways.
 */
export function withProfile<T>(changes: Partial<Profile>, fn: () => T): T {
  const saved = active;
  const restore = () => {
    active = saved;
    setActivePluginArgs(active.pluginArgs);
    invalidateCaches();
  };
  active = { ...saved, ...changes };
  setActivePluginArgs(active.pluginArgs);
  invalidateCaches();
  let result: T;
  try {
    result = fn();
  } catch (e) {
    restore();
    throw e;
  }
  if (result && typeof (result as unknown as PromiseLike<unknown>).then === 'function') return Promise.resolve(result).finally(restore) as T;
  restore();
  return result;
}

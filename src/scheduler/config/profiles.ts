// A configured profile as the framework runs it (pkg/scheduler/framework/runtime/framework.go NewFramework): each
// extension point's plugins after expandMultiPointPlugins, the Score weights (getValidScoreWeights), and the plugins'
// args, built from the default profile's table (DEFAULT_PROFILE): the plugins it lists, left out or re-weighted.
import type { NotModelled } from '../../k8s/not-modelled';
import { releaseAtLeast } from '../../core/config';
import { DEFAULT_PROFILE, type Profile } from '../profile';
import { DEFAULT_PLUGIN_ARGS, type PluginArgs } from '../plugin-args';
import { argsObject } from './defaults';
import type { DefaultedProfile, ExtensionPoint, PluginEntry } from './types';
import { SCORE_OVERFLOW } from './texts';

type Point = Exclude<ExtensionPoint, 'multiPoint'>;

/**
 * The extension points each in-tree plugin implements (its Go type's interfaces, pkg/scheduler/framework/plugins);
 * the ones the library does not model are marked. NodeName has a PreFilter from 1.37.
 */
function implementsOf(name: string): readonly Point[] | undefined {
  const nodeName: Point[] = releaseAtLeast('1.37') ? ['preFilter', 'filter'] : ['filter'];
  const table: Record<string, readonly Point[]> = {
    SchedulingGates: ['preEnqueue'], PrioritySort: ['queueSort'], NodeName: nodeName, NodeUnschedulable: ['filter'],
    TaintToleration: ['filter', 'preScore', 'score'], NodeAffinity: ['preFilter', 'filter', 'preScore', 'score'], NodePorts: ['preFilter', 'filter'],
    NodeResourcesFit: ['preFilter', 'filter', 'preScore', 'score'], VolumeRestrictions: ['preFilter', 'filter'], NodeVolumeLimits: ['preFilter', 'filter'],
    VolumeBinding: ['preFilter', 'filter', 'reserve', 'preBind', 'preScore', 'score'], VolumeZone: ['preFilter', 'filter'],
    PodTopologySpread: ['preFilter', 'filter', 'preScore', 'score'], InterPodAffinity: ['preFilter', 'filter', 'preScore', 'score'],
    DefaultPreemption: ['postFilter'], NodeResourcesBalancedAllocation: ['preScore', 'score'], ImageLocality: ['score'], DefaultBinder: ['bind'],
    NodeDeclaredFeatures: ['preFilter', 'filter'], DynamicResources: ['preEnqueue', 'preFilter', 'filter', 'postFilter', 'reserve', 'preBind', 'preScore', 'score'],
  };
  return table[name];
}

/** The points where a plugin decides whether or where a pod is placed; queueSort, preBind, bind, postBind do not. */
const DECIDING: readonly Point[] = ['preEnqueue', 'preFilter', 'filter', 'postFilter', 'preScore', 'score', 'reserve', 'permit'];

/** kube-scheduler's in-tree plugins the library does not run (gang and workload scheduling, deferred preemption). */
const IN_TREE_NOT_MODELLED = ['GangScheduling', 'TopologyPlacementGenerator', 'PodGroupPodsCount', 'DeferredPodScheduling'];

/** expandMultiPointPlugins for one point: the re-configured ones, then MultiPoint's, then the point's own others. */
export function expandPoint(p: DefaultedProfile, point: Point): string[] {
  const own = p.plugins[point].enabled.map((e) => e.name);
  const disabled = new Set(p.plugins[point].disabled);
  if (disabled.has('*')) return own;
  const multi: string[] = [];
  const overrides = new Set<string>();
  for (const { name } of p.plugins.multiPoint.enabled) {
    const points = implementsOf(name);
    // a plugin the registry does not hold: kube-scheduler fails; answered as not modelled (a scheduler built with it)
    if (!points?.includes(point) || disabled.has(name)) continue;
    if (own.includes(name)) overrides.add(name);
    else if (!multi.includes(name)) multi.push(name);
  }
  return [...own.filter((n) => overrides.has(n)), ...multi, ...own.filter((n) => !overrides.has(n))];
}

/** getValidScoreWeights: the Score list's weight first, then MultiPoint's; 0 (unset) is 1. */
function scoreWeights(p: DefaultedProfile): Map<string, number> {
  const weights = new Map<string, number>();
  for (const e of [...p.plugins.score.enabled, ...p.plugins.multiPoint.enabled] as PluginEntry[]) {
    if (!weights.has(e.name)) weights.set(e.name, e.weight || 1);
  }
  return weights;
}

const MAX_TOTAL_SCORE = (1n << 63n) - 1n; // framework MaxTotalScore: math.MaxInt64
const MAX_NODE_SCORE = 100n;

/**
 * getValidScoreWeights' overflow check (runtime/framework.go; getScoreWeights up to 1.35) over the Score list, then
 * MultiPoint's, each Score plugin once: in int64 arithmetic, which wraps. Validation allows a negative weight, and
 * once one has taken the running total below 0, `MaxTotalScore - total` wraps negative, so the next Score plugin is
 * refused (from 1.36 the error is wrapped "score plugins: ").
 */
export function scoreWeightsError(p: DefaultedProfile): string | undefined {
  let total = 0n;
  const seen = new Set<string>();
  for (const e of [...p.plugins.score.enabled, ...p.plugins.multiPoint.enabled] as PluginEntry[]) {
    if (!implementsOf(e.name)?.includes('score') || seen.has(e.name)) continue;
    seen.add(e.name);
    const weighted = BigInt(Math.trunc(e.weight || 1)) * MAX_NODE_SCORE;
    if (weighted > BigInt.asIntN(64, MAX_TOTAL_SCORE - total)) return releaseAtLeast('1.36') ? `score plugins: ${SCORE_OVERFLOW}` : SCORE_OVERFLOW;
    total = BigInt.asIntN(64, total + weighted);
  }
  return undefined;
}

/** Framework errors for a plugin enabled at a point it does not implement (updatePluginList). */
export function pointErrors(p: DefaultedProfile): string[] {
  const errs: string[] = [];
  for (const point of DECIDING) {
    for (const { name } of p.plugins[point].enabled) {
      const points = implementsOf(name);
      if (points && !points.includes(point)) errs.push(`plugin ${JSON.stringify(name)} does not extend ${point[0].toUpperCase()}${point.slice(1)}Plugin plugin`);
    }
  }
  return errs;
}

type Expanded = Record<Point, string[]>;

/** What the profile runs that the library does not model: plugins it does not run, PreFilter and Filter (or PreScore and Score) split. */
function notModelledOf(name: string, e: Expanded, multiPoint: readonly PluginEntry[]): NotModelled[] {
  const out: NotModelled[] = [];
  // a plugin the registry does not hold is expanded nowhere (kube-scheduler would fail): named from MultiPoint too
  const enabledAt = new Set([...DECIDING.flatMap((pt) => e[pt]), ...multiPoint.map((p) => p.name).filter((n) => !implementsOf(n))]);
  for (const plugin of enabledAt) {
    if (implementsOf(plugin) && !IN_TREE_NOT_MODELLED.includes(plugin)) continue;
    const where = DECIDING.filter((pt) => e[pt].includes(plugin)).join(', ') || 'multiPoint';
    const why = implementsOf(plugin) ? 'an in-tree plugin the library does not run' : 'not in kube-scheduler\'s in-tree registry (a scheduler built with it runs it; kube-scheduler itself fails to start)';
    out.push({ what: plugin, detail: `profile ${name} enables ${plugin} (${where}): ${why}` });
  }
  for (const [a, b] of [['preFilter', 'filter'], ['preScore', 'score']] as const) {
    for (const plugin of new Set([...e[a], ...e[b]])) {
      const points = implementsOf(plugin);
      if (!points?.includes(a) || !points.includes(b) || e[a].includes(plugin) === e[b].includes(plugin)) continue;
      out.push({ what: plugin, detail: `profile ${name} runs ${plugin} at ${e[a].includes(plugin) ? a : b} but not at ${e[a].includes(plugin) ? b : a}: the library runs both or neither` });
    }
  }
  return out;
}

/** The default profile's plugins of one list kept if enabled at the point, in the configuration's order there. */
function kept<T extends { name: string }>(list: readonly T[], enabled: readonly string[]): T[] {
  return list.filter((x) => enabled.includes(x.name)).sort((a, b) => enabled.indexOf(a.name) - enabled.indexOf(b.name));
}

/** NodeName's (1.37+) and NodeAffinity's PreFilter narrowing, merged: both, neither, or (one alone) not modelled. */
function nodePreFilterOf(name: string, preFilter: readonly string[], out: NotModelled[]): Profile['nodePreFilter'] {
  const plugins = ['NodeAffinity', ...(releaseAtLeast('1.37') ? ['NodeName'] : [])];
  const on = plugins.filter((n) => preFilter.includes(n));
  if (on.length === plugins.length) return DEFAULT_PROFILE.nodePreFilter;
  if (on.length === 0) return { reject: () => undefined, outside: () => undefined };
  out.push({ what: on.join(', '), detail: `profile ${name} runs the PreFilter of ${on.join(', ')} without ${plugins.filter((n) => !on.includes(n)).join(', ')}: the library merges both` });
  return DEFAULT_PROFILE.nodePreFilter;
}

/** The args the plugins read (plugin-args.ts), from the defaulted pluginConfig. */
export function pluginArgsOf(p: DefaultedProfile): PluginArgs {
  const args = (name: string) => argsObject(p.pluginConfig.find((c) => c.name === name)?.args);
  const fit = args('NodeResourcesFit'), balanced = args('NodeResourcesBalancedAllocation'), spread = args('PodTopologySpread');
  const ipa = args('InterPodAffinity'), affinity = args('NodeAffinity');
  const d = DEFAULT_PLUGIN_ARGS;
  return {
    NodeResourcesFit: {
      ignoredResources: (fit.ignoredResources as string[]) ?? [], ignoredResourceGroups: (fit.ignoredResourceGroups as string[]) ?? [],
      scoringStrategy: (fit.scoringStrategy as PluginArgs['NodeResourcesFit']['scoringStrategy']) ?? d.NodeResourcesFit.scoringStrategy,
    },
    // Stryker disable next-line LogicalOperator: every enabled plugin's args are defaulted (ARGS_DEFAULTS): the fallback is only for a plugin the profile does not run
    NodeResourcesBalancedAllocation: { resources: (balanced.resources as PluginArgs['NodeResourcesBalancedAllocation']['resources']) ?? d.NodeResourcesBalancedAllocation.resources },
    PodTopologySpread: {
      defaultConstraints: (spread.defaultConstraints as PluginArgs['PodTopologySpread']['defaultConstraints']) ?? [],
      // Stryker disable next-line StringLiteral,LogicalOperator: every enabled plugin's args are defaulted (ARGS_DEFAULTS): the fallback is only for a plugin the profile does not run
      defaultingType: (spread.defaultingType as PluginArgs['PodTopologySpread']['defaultingType']) ?? 'System',
    },
    // Stryker disable next-line LogicalOperator: every enabled plugin's args are defaulted (ARGS_DEFAULTS): the fallback is only for a plugin the profile does not run
    InterPodAffinity: { hardPodAffinityWeight: (ipa.hardPodAffinityWeight as number) ?? 1, ignorePreferredTermsOfExistingPods: Boolean(ipa.ignorePreferredTermsOfExistingPods) },
    NodeAffinity: affinity.addedAffinity ? { addedAffinity: affinity.addedAffinity as PluginArgs['NodeAffinity']['addedAffinity'] } : {},
  };
}

/** The Profile the framework runs for a defaulted profile, at the modelled release. */
export function buildProfile(p: DefaultedProfile, globalPercentage: number): Profile {
  const points = ['preEnqueue', 'queueSort', 'preFilter', 'filter', 'postFilter', 'preScore', 'score', 'reserve', 'permit', 'preBind', 'bind', 'postBind'] as const;
  const e = Object.fromEntries(points.map((pt) => [pt, expandPoint(p, pt)])) as Expanded;
  const notModelled = notModelledOf(p.schedulerName, e, p.plugins.multiPoint.enabled);
  const nodePreFilter = nodePreFilterOf(p.schedulerName, e.preFilter, notModelled);
  const weights = scoreWeights(p);
  const score = DEFAULT_PROFILE.score
    .filter((s) => e.score.includes(s.plugin.name))
    .sort((a, b) => e.score.indexOf(a.plugin.name) - e.score.indexOf(b.plugin.name))
    .map((s) => ({ plugin: s.plugin, weight: weights.get(s.plugin.name) ?? 1 }));
  const percentage = p.percentageOfNodesToScore ?? globalPercentage;
  return Object.freeze({
    preEnqueue: kept(DEFAULT_PROFILE.preEnqueue, e.preEnqueue),
    nodePreFilter,
    filter: kept(DEFAULT_PROFILE.filter, e.filter),
    clusterFilter: kept(DEFAULT_PROFILE.clusterFilter, e.filter),
    lastFilter: kept(DEFAULT_PROFILE.lastFilter, e.filter),
    postFilter: kept(DEFAULT_PROFILE.postFilter, e.postFilter),
    score,
    matrixCodes: DEFAULT_PROFILE.matrixCodes,
    pluginArgs: Object.freeze(pluginArgsOf(p)),
    schedulerName: p.schedulerName,
    ...(percentage ? { percentageOfNodesToScore: percentage } : {}),
    ...(notModelled.length ? { notModelled } : {}),
  });
}

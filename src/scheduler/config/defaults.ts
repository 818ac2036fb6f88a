// SetDefaults_KubeSchedulerConfiguration (pkg/scheduler/apis/config/v1/defaults.go) and the default plugins it merges
// a profile's plugins into (default_plugins.go getDefaultPlugins, mergePlugins, mergePluginSet), at the modelled
// release: its feature gates decide NodeDeclaredFeatures and DynamicResources as applyFeatureGates does.
import { gateEnabled, releaseAtLeast } from '../../core/config';
import { DEFAULT_SCHEDULER_NAME, EXTENSION_POINTS, type DefaultedConfiguration, type DefaultedProfile, type ExtensionPoint, type KubeSchedulerConfiguration, type KubeSchedulerProfile, type PluginConfig, type PluginEntry, type PluginSet } from './types';

/**
 * default_plugins.go getDefaultPlugins: the MultiPoint list with the Score weights, then applyFeatureGates
 * (NodeDeclaredFeatures appended; DynamicResources, weight 2, before DefaultPreemption). Up to 1.36 NodeUnschedulable
 * comes before NodeName; 1.37 swapped them.
 */
export function defaultMultiPoint(): PluginEntry[] {
  const nodeName = releaseAtLeast('1.37') ? ['NodeName', 'NodeUnschedulable'] : ['NodeUnschedulable', 'NodeName'];
  const list: PluginEntry[] = [
    { name: 'SchedulingGates' }, { name: 'PrioritySort' }, ...nodeName.map((name) => ({ name })),
    { name: 'TaintToleration', weight: 3 }, { name: 'NodeAffinity', weight: 2 }, { name: 'NodePorts' }, { name: 'NodeResourcesFit', weight: 1 },
    { name: 'VolumeRestrictions' }, { name: 'NodeVolumeLimits' }, { name: 'VolumeBinding' }, { name: 'VolumeZone' },
    { name: 'PodTopologySpread', weight: 2 }, { name: 'InterPodAffinity', weight: 2 }, { name: 'DefaultPreemption' },
    { name: 'NodeResourcesBalancedAllocation', weight: 1 }, { name: 'ImageLocality', weight: 1 }, { name: 'DefaultBinder' },
  ];
  if (gateEnabled('NodeDeclaredFeatures')) list.push({ name: 'NodeDeclaredFeatures' });
  if (gateEnabled('DynamicResourceAllocation')) {
    const at = list.findIndex((p) => p.name === 'DefaultPreemption');
    list.splice(at, 0, { name: 'DynamicResources', weight: 2 });
  }
  return list;
}

type MergedSet = { enabled: PluginEntry[]; disabled: string[] };

/** mergePluginSet: the defaults minus the disabled (all with `*`), a re-configured default in place, then the custom ones. */
export function mergePluginSet(defaults: MergedSet, custom: PluginSet | undefined): MergedSet {
  const disabled = [...(custom?.disabled ?? []).map((p) => p.name), ...defaults.disabled];
  const off = new Set(disabled);
  const customEnabled = custom?.enabled ?? [];
  const byName = new Map<string, number>();
  customEnabled.forEach((p, i) => byName.set(p.name, i));
  const replaced = new Set<number>();
  const enabled: PluginEntry[] = [];
  if (!off.has('*')) {
    for (const p of defaults.enabled) {
      if (off.has(p.name)) continue;
      const i = byName.get(p.name);
      if (i !== undefined) replaced.add(i);
      enabled.push(i !== undefined ? customEnabled[i] : p);
    }
  }
  customEnabled.forEach((p, i) => !replaced.has(i) && enabled.push(p));
  return { enabled, disabled };
}

/** mergePlugins: every extension point merged (only MultiPoint has defaults). */
function mergePlugins(custom: KubeSchedulerProfile['plugins']): DefaultedProfile['plugins'] {
  const out = {} as DefaultedProfile['plugins'];
  for (const point of EXTENSION_POINTS) {
    const defaults: MergedSet = { enabled: point === 'multiPoint' ? defaultMultiPoint() : [], disabled: [] };
    out[point] = custom ? mergePluginSet(defaults, custom[point]) : defaults;
  }
  return out;
}

const CPU_MEMORY = () => [{ name: 'cpu', weight: 1 }, { name: 'memory', weight: 1 }];
type Args = Record<string, unknown>;
type Spec = { name?: unknown; weight?: unknown };

/** defaults.go's SetDefaults_<Plugin>Args for the plugins the library reads (and DefaultPreemption's, VolumeBinding's). */
export const ARGS_DEFAULTS: Record<string, (args: Args) => Args> = {
  DefaultPreemption: (a) => ({ minCandidateNodesPercentage: 10, minCandidateNodesAbsolute: 100, ...a }),
  InterPodAffinity: (a) => ({ ...a, hardPodAffinityWeight: a.hardPodAffinityWeight ?? 1 }),
  NodeAffinity: (a) => a,
  NodeResourcesBalancedAllocation: (a) => {
    const resources = Array.isArray(a.resources) && a.resources.length ? (a.resources as Spec[]).map((r) => ({ ...r, weight: r.weight || 1 })) : CPU_MEMORY();
    return { ...a, resources };
  },
  NodeResourcesFit: (a) => {
    const given = (a.scoringStrategy ?? { type: 'LeastAllocated', resources: CPU_MEMORY() }) as Args;
    const resources = Array.isArray(given.resources) && given.resources.length ? (given.resources as Spec[]) : CPU_MEMORY();
    return { ...a, scoringStrategy: { ...given, resources: resources.map((r) => ({ ...r, weight: r.weight || 1 })) } };
  },
  PodTopologySpread: (a) => ({ ...a, defaultingType: a.defaultingType || 'System' }),
  VolumeBinding: (a) => ({
    ...a, bindTimeoutSeconds: a.bindTimeoutSeconds ?? 600,
    ...(!(Array.isArray(a.shape) && a.shape.length) && gateEnabled('StorageCapacityScoring') ? { shape: [{ utilization: 0, score: 10 }, { utilization: 100, score: 0 }] } : {}),
  }),
  DynamicResources: (a) => a,
};

/** pluginsNames: every plugin enabled at some extension point, sorted (sets.List). */
function pluginsNames(plugins: DefaultedProfile['plugins']): string[] {
  return [...new Set(EXTENSION_POINTS.flatMap((p) => plugins[p].enabled.map((e) => e.name)))].sort();
}

/** setDefaults_KubeSchedulerProfile: plugins merged, given args defaulted, then default args for enabled plugins without any. */
function defaultProfile(given: KubeSchedulerProfile, schedulerName: string | undefined): DefaultedProfile {
  const plugins = mergePlugins(given.plugins);
  const pluginConfig: PluginConfig[] = (given.pluginConfig ?? []).map((c) => {
    const fn = ARGS_DEFAULTS[c.name];
    return c.name in ARGS_DEFAULTS && isArgsOf(c) ? { name: c.name, args: fn(argsObject(c.args)) } : c;
  });
  const existing = new Set(pluginConfig.map((c) => c.name));
  for (const name of pluginsNames(plugins)) {
    if (existing.has(name) || !ARGS_DEFAULTS[name]) continue;
    pluginConfig.push({ name, args: ARGS_DEFAULTS[name]({}) });
  }
  return {
    schedulerName: schedulerName ?? '',
    ...(given.percentageOfNodesToScore !== undefined ? { percentageOfNodesToScore: given.percentageOfNodesToScore } : {}),
    plugins,
    pluginConfig,
  };
}

/** The args as given, without the kind and apiVersion that name their type. */
export function argsObject(args: unknown): Args {
  if (!args || typeof args !== 'object') return {};
  const { kind: _k, apiVersion: _a, ...rest } = args as Args;
  return rest;
}

/** The args are the plugin's own type: no `kind`, or `<name>Args` (the decoder reads the kind when given). */
export const isArgsOf = (c: PluginConfig): boolean => {
  const kind = (c.args as Args | undefined)?.kind;
  return kind === undefined || kind === `${c.name}Args`;
};

/** SetDefaults_KubeSchedulerConfiguration, for the fields placement and validation read. */
export function defaultConfiguration(given: KubeSchedulerConfiguration): DefaultedConfiguration {
  const profiles: KubeSchedulerProfile[] = given.profiles?.length ? given.profiles : [{}];
  // only a single profile gets the default name; validation requires one on each of several
  const single = profiles.length === 1;
  return {
    apiVersion: given.apiVersion ?? '',
    parallelism: given.parallelism ?? 16,
    percentageOfNodesToScore: given.percentageOfNodesToScore ?? 0,
    podInitialBackoffSeconds: given.podInitialBackoffSeconds ?? 1,
    podMaxBackoffSeconds: given.podMaxBackoffSeconds ?? 10,
    profiles: profiles.map((p) => defaultProfile(p, p.schedulerName ?? (single ? DEFAULT_SCHEDULER_NAME : undefined))),
    given: profiles,
    extenders: Array.isArray(given.extenders) ? given.extenders : [],
  };
}

export type { ExtensionPoint };

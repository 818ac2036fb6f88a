// The plugins' arguments: a KubeSchedulerConfiguration profile's `pluginConfig` (kubescheduler.config.k8s.io/v1),
// after upstream's defaulting (pkg/scheduler/apis/config/v1/defaults.go). The active profile carries them
// (profile.ts sets them here, so a plugin reads them without importing the profile table, which imports the plugins);
// the default profile's are DEFAULT_PLUGIN_ARGS, what a cluster without a configuration runs.
import type { NodeSelector, TopologySpreadConstraint } from 'kubernetes-types/core/v1';

/** config/v1 ResourceSpec: a resource a scoring strategy reads, with its weight. */
export interface ResourceSpec {
  name: string;
  weight: number;
}

/** config/v1 UtilizationShapePoint: RequestedToCapacityRatio's shape (utilization and score 0–100 / 0–10). */
export interface UtilizationShapePoint {
  utilization: number;
  score: number;
}

export type ScoringStrategyType = 'LeastAllocated' | 'MostAllocated' | 'RequestedToCapacityRatio';

export interface NodeResourcesFitArgs {
  ignoredResources: string[];
  ignoredResourceGroups: string[];
  scoringStrategy: {
    type: ScoringStrategyType;
    resources: ResourceSpec[];
    requestedToCapacityRatio?: { shape: UtilizationShapePoint[] };
  };
}

export interface NodeResourcesBalancedAllocationArgs {
  resources: ResourceSpec[];
}

export interface PodTopologySpreadArgs {
  /** `whenUnsatisfiable` DoNotSchedule entries change feasibility; they apply to pods without constraints of their own. */
  defaultConstraints: TopologySpreadConstraint[];
  defaultingType: 'System' | 'List';
}

export interface InterPodAffinityArgs {
  hardPodAffinityWeight: number;
  ignorePreferredTermsOfExistingPods: boolean;
}

export interface NodeAffinityArgs {
  /** Added to every pod's own node affinity (both must match): `requiredDuringScheduling…` and preferred terms. */
  addedAffinity?: {
    requiredDuringSchedulingIgnoredDuringExecution?: NodeSelector;
    preferredDuringSchedulingIgnoredDuringExecution?: Array<{ weight: number; preference: NodeSelector['nodeSelectorTerms'][number] }>;
  };
}

/** The arguments of the plugins that take any, by plugin name (pluginConfig's `name`). */
export interface PluginArgs {
  NodeResourcesFit: NodeResourcesFitArgs;
  NodeResourcesBalancedAllocation: NodeResourcesBalancedAllocationArgs;
  PodTopologySpread: PodTopologySpreadArgs;
  InterPodAffinity: InterPodAffinityArgs;
  NodeAffinity: NodeAffinityArgs;
}

const CPU_MEMORY: ResourceSpec[] = [
  { name: 'cpu', weight: 1 },
  { name: 'memory', weight: 1 },
];

/** defaults.go's values: what the default profile runs (and a profile's pluginConfig starts from). */
export const DEFAULT_PLUGIN_ARGS: Readonly<PluginArgs> = Object.freeze<PluginArgs>({
  NodeResourcesFit: { ignoredResources: [], ignoredResourceGroups: [], scoringStrategy: { type: 'LeastAllocated', resources: CPU_MEMORY } },
  NodeResourcesBalancedAllocation: { resources: CPU_MEMORY },
  PodTopologySpread: { defaultConstraints: [], defaultingType: 'System' },
  InterPodAffinity: { hardPodAffinityWeight: 1, ignorePreferredTermsOfExistingPods: false },
  NodeAffinity: {},
});

let active: Readonly<PluginArgs> = DEFAULT_PLUGIN_ARGS;

/** The active profile's arguments for `plugin`. */
export function pluginArgs<K extends keyof PluginArgs>(plugin: K): Readonly<PluginArgs[K]> {
  return active[plugin];
}

/** Called by profile.ts when the active profile changes. */
export function setActivePluginArgs(args: Readonly<PluginArgs>): void {
  active = args;
}

const defaultness = new WeakMap<object, boolean>();

/**
 * The active arguments of `plugin` are defaults.go's (equal, not only the same object: a configuration that spells
 * out the defaults runs as the default profile). The fast paths that decide without running the plugin (matrix.ts,
 * prepared.ts, index.ts) and the plugins' own cpu/memory paths ask this before taking their shortcut.
 */
export function argsAreDefault(plugin: keyof PluginArgs): boolean {
  const args = active[plugin] as object;
  return defaultness.get(args) ?? remember(args, canonical(args) === canonical(DEFAULT_PLUGIN_ARGS[plugin]));
}

function remember(args: object, same: boolean): boolean {
  defaultness.set(args, same);
  return same;
}

// Stryker disable next-line EqualityOperator: the keys of an object are distinct (<= is <), and reversed is canonical too
const byKey = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : 1);

// JSON with the keys sorted, undefined members dropped: the arguments are plain data (a decoded configuration)
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(byKey)) : v));
}

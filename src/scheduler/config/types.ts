// KubeSchedulerConfiguration (kubescheduler.config.k8s.io/v1, k8s.io/kube-scheduler/config/v1/types.go) as a file
// holds it: the fields placement reads, every one optional as written. The rest of the document (clientConnection,
// leaderElection, …) is accepted and not read.

/** v1.DefaultSchedulerName (k8s.io/api/core/v1/types.go): a pod without spec.schedulerName asks for this profile. */
export const DEFAULT_SCHEDULER_NAME = 'default-scheduler';

/** config/v1 Plugin: a plugin's name and, for a Score plugin, its weight. */
export interface PluginEntry {
  name: string;
  weight?: number;
}

/** config/v1 PluginSet: the plugins enabled (in order) and disabled (`*`: all the defaults) at one extension point. */
export interface PluginSet {
  enabled?: PluginEntry[];
  disabled?: PluginEntry[];
}

/** The extension points of config/v1 Plugins, in types.go's order. */
export const EXTENSION_POINTS = [
  'preEnqueue', 'queueSort', 'preFilter', 'filter', 'postFilter', 'preScore', 'score', 'reserve', 'permit', 'preBind', 'bind', 'postBind',
  'multiPoint',
] as const;
export type ExtensionPoint = (typeof EXTENSION_POINTS)[number];

export type Plugins = Partial<Record<ExtensionPoint, PluginSet>>;

export interface PluginConfig {
  name: string;
  args?: Record<string, unknown>;
}

export interface KubeSchedulerProfile {
  schedulerName?: string;
  percentageOfNodesToScore?: number;
  plugins?: Plugins;
  pluginConfig?: PluginConfig[];
}

export interface KubeSchedulerConfiguration {
  apiVersion?: string;
  kind?: string;
  parallelism?: number;
  percentageOfNodesToScore?: number;
  podInitialBackoffSeconds?: number;
  podMaxBackoffSeconds?: number;
  profiles?: KubeSchedulerProfile[];
  extenders?: unknown[];
  [field: string]: unknown;
}

/** A profile after SetDefaults_KubeSchedulerConfiguration: the plugins merged with the defaults, pluginConfig defaulted. */
export interface DefaultedProfile {
  schedulerName: string;
  percentageOfNodesToScore?: number;
  /** mergePlugins' result: per extension point, the enabled plugins in order and the disabled names. */
  plugins: Record<ExtensionPoint, { enabled: PluginEntry[]; disabled: string[] }>;
  /** Every plugin's args by name (the given ones defaulted, then the defaults of the enabled plugins that have args). */
  pluginConfig: PluginConfig[];
}

export interface DefaultedConfiguration {
  apiVersion: string;
  parallelism: number;
  percentageOfNodesToScore: number;
  podInitialBackoffSeconds: number;
  podMaxBackoffSeconds: number;
  profiles: DefaultedProfile[];
  /** The profiles as written (validation reads what was given: queueSort, pluginConfig's order). */
  given: KubeSchedulerProfile[];
  extenders: unknown[];
}

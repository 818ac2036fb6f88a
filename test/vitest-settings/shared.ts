// Shared by file-a and file-b: the defaults, and a probe showing whether the files share one module graph.
import { settings, type PlacementSettings } from '../../src';

export const DEFAULTS: PlacementSettings = {
  kubernetesVersion: '1.37',
  karpenterVersion: '1.15',
  featureGates: { TaintTolerationComparisonOperators: false },
  validate: true,
  admission: { defaultTolerationSeconds: { notReady: 300, unreachable: 300 }, daemonSetTolerations: true, nodeConditionTaints: true, extendedResourceToleration: false, runtimeClass: true, priority: true, limitRanger: true, resourceQuota: true },
  requireAllocatable: false,
  runtimeClasses: [],
  priorityClasses: [],
  limitRanges: [],
  resourceQuotas: [],
  storage: [],
  clusterStorage: [],
};

const g = globalThis as { __settingsProbe?: { file: string; settings: unknown } };

/** Call at a file's top level: true for the first file seen by this worker. */
export function firstFile(name: string): boolean {
  g.__settingsProbe ??= { file: name, settings };
  return g.__settingsProbe.file === name;
}

export const sameModuleAsFirstFile = () => g.__settingsProbe?.settings === settings;

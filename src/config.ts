import { CLUSTER_PRESETS, type ClusterPreset } from './karpenter/cloud';

// Settings that later checks in the same test file use. Each test file gets a
// fresh module registry in Jest and Vitest, so `configure` does not leak across files.

export interface PlacementSettings {
  featureGates: { TaintTolerationComparisonOperators: boolean };
  validate: boolean;
  admission: {
    defaultTolerationSeconds: false | { notReady: number; unreachable: number };
    daemonSetTolerations: boolean;
    nodeConditionTaints: boolean;
    /** plugin/pkg/admission/extendedresourcetoleration; off upstream, on with `cluster: 'eks'`. */
    extendedResourceToleration: boolean;
  };
}

export interface ConfigureOptions {
  /** What a platform adds to upstream Kubernetes (README "Cloud presets"); explicit `admission` settings win. */
  cluster?: ClusterPreset;
  featureGates?: { TaintTolerationComparisonOperators?: boolean };
  validate?: boolean;
  admission?: {
    defaultTolerationSeconds?: false | { notReady?: number; unreachable?: number };
    daemonSetTolerations?: boolean;
    nodeConditionTaints?: boolean;
    extendedResourceToleration?: boolean;
  };
}

function defaults(): PlacementSettings {
  return {
    featureGates: { TaintTolerationComparisonOperators: false },
    validate: true,
    admission: {
      // kube-apiserver --default-not-ready-toleration-seconds / --default-unreachable-toleration-seconds
      defaultTolerationSeconds: { notReady: 300, unreachable: 300 },
      daemonSetTolerations: true,
      nodeConditionTaints: true,
      extendedResourceToleration: false,
    },
  };
}

let current = defaults();
/** Bumped on every change so that per-object caches know when to recompute. */
let generation = 0;

export function settings(): Readonly<PlacementSettings> {
  return current;
}

export function settingsGeneration(): number {
  return generation;
}

const KNOWN_KEYS = ['featureGates', 'validate', 'admission', 'cluster'];

export function configure(options: ConfigureOptions = {}): PlacementSettings {
  for (const key of Object.keys(options)) {
    if (!KNOWN_KEYS.includes(key)) throw new Error(`configure: unknown option "${key}" (known: ${KNOWN_KEYS.join(', ')})`);
  }
  const next = structuredClone(current);
  if (options.featureGates?.TaintTolerationComparisonOperators !== undefined) {
    next.featureGates.TaintTolerationComparisonOperators = options.featureGates.TaintTolerationComparisonOperators;
  }
  if (options.validate !== undefined) next.validate = options.validate;
  if (options.cluster !== undefined) {
    const preset = CLUSTER_PRESETS[options.cluster];
    if (!preset) throw new Error(`configure: unknown cluster "${options.cluster}" (known: ${Object.keys(CLUSTER_PRESETS).join(', ')})`);
    next.admission.extendedResourceToleration = preset.extendedResourceToleration;
  }
  const admission = options.admission;
  if (admission) {
    const dts = admission.defaultTolerationSeconds;
    if (dts === false) next.admission.defaultTolerationSeconds = false;
    else if (dts !== undefined) {
      const base = next.admission.defaultTolerationSeconds || { notReady: 300, unreachable: 300 };
      next.admission.defaultTolerationSeconds = {
        notReady: dts.notReady ?? base.notReady,
        unreachable: dts.unreachable ?? base.unreachable,
      };
    }
    if (admission.daemonSetTolerations !== undefined) next.admission.daemonSetTolerations = admission.daemonSetTolerations;
    if (admission.nodeConditionTaints !== undefined) next.admission.nodeConditionTaints = admission.nodeConditionTaints;
    if (admission.extendedResourceToleration !== undefined) next.admission.extendedResourceToleration = admission.extendedResourceToleration;
  }
  current = next;
  generation++;
  return structuredClone(current);
}

/** Back to the defaults (for tests of this library and for `afterEach` hooks). */
export function resetConfiguration(): void {
  current = defaults();
  generation++;
}

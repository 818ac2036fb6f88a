// Settings that later checks use, scoped by the runners' hooks (installed by the setup entries):
// a call at a file's top level (or in a beforeAll) holds for that file, a call inside a test for the
// rest of that test; each file ends with the defaults, so Vitest's --no-isolate does not leak them.
import type { RuntimeClass } from 'kubernetes-types/node/v1';
import type { PriorityClass } from 'kubernetes-types/scheduling/v1';
import type { LimitRange, ResourceQuota } from 'kubernetes-types/core/v1';
import { CLUSTER_PRESETS, type ClusterPreset } from './presets';
import { atLeast, gateDefault, gateSince, gateState, KUBERNETES_VERSIONS, NEWEST_RELEASE, type GateName, type KubernetesVersion } from './releases';
import { storageAssumptionProblem, storageProblem, type StorageAssumption } from './storage-kinds';
import { checkKarpenterVersion, NEWEST_KARPENTER, type KarpenterVersion } from './karpenter-releases';
import type { KubeObject } from './types';
import { scopeSettings } from './settings-scope';

export { KUBERNETES_VERSIONS, type KubernetesVersion } from './releases';

/**
 * Is the release modelled (`version`, the configured one by default) `release` or later? For rules that changed at
 * one release: `releaseAtLeast('1.34')` holds at 1.34 and after.
 */
export function releaseAtLeast(release: KubernetesVersion, version: KubernetesVersion = settings().kubernetesVersion): boolean {
  return atLeast(version, release);
}

/**
 * Whether a feature gate is on in the modelled release: as `configure({ featureGates })` set it, else the release's
 * default (the release table).
 */
export function gateEnabled(gate: GateName, s: Readonly<PlacementSettings> = current): boolean {
  return (s.featureGates as Partial<Record<GateName, boolean>>)[gate] ?? gateDefault(gate, s.kubernetesVersion);
}

export interface PlacementSettings {
  /** The Kubernetes release modelled (README "Kubernetes releases"): reason texts, formulas, gates' defaults, validation. */
  kubernetesVersion: KubernetesVersion;
  /** The Karpenter release the NodePool answers follow (karpenter-releases.ts; docs/guides/karpenter.md). */
  karpenterVersion: KarpenterVersion;
  /** NodeDeclaredFeatures undefined: the release's default (off at 1.35, on from 1.36, locked on at 1.37). */
  featureGates: { TaintTolerationComparisonOperators: boolean; NodeDeclaredFeatures?: boolean };
  validate: boolean;
  admission: {
    defaultTolerationSeconds: false | { notReady: number; unreachable: number };
    daemonSetTolerations: boolean;
    nodeConditionTaints: boolean;
    /** plugin/pkg/admission/extendedresourcetoleration; off upstream, on with `cluster: 'eks'`. */
    extendedResourceToleration: boolean;
    /** plugin/pkg/admission/runtimeclass; on by default upstream (reads `runtimeClasses`). */
    runtimeClass: boolean;
    /** plugin/pkg/admission/priority; on by default upstream (reads `priorityClasses` and the two system classes). */
    priority: boolean;
    /** plugin/pkg/admission/limitranger; on by default upstream (reads `limitRanges`). */
    limitRanger: boolean;
    /** apiserver admission/plugin/resourcequota; on by default upstream (reads `resourceQuotas`). */
    resourceQuota: boolean;
  };
  /** A node without status.allocatable is an error instead of "resources unconstrained". */
  requireAllocatable: boolean;
  /**
   * The cluster's RuntimeClass objects (node.k8s.io/v1), read by the RuntimeClass admission plugin (on by default):
   * a pod naming one that is not here is refused.
   */
  runtimeClasses: readonly KubeObject[];
  /**
   * The cluster's PriorityClass objects (scheduling.k8s.io/v1), read by the Priority admission plugin (on by default)
   * beside the two system classes every cluster has: a pod naming a class that is in neither is refused.
   */
  priorityClasses: readonly KubeObject[];
  /**
   * The cluster's LimitRange objects (v1), each in its namespace (metadata.namespace, else `default`): the LimitRanger
   * admission plugin (on by default) defaults the requests and limits of the pods created there and refuses those
   * outside its min, max and maxLimitRequestRatio (admission/limit-ranger.ts).
   */
  limitRanges: readonly KubeObject[];
  /**
   * The cluster's ResourceQuota objects (v1), each in its namespace: the ResourceQuota admission plugin (on by default)
   * refuses a pod that would exceed one (admission/resource-quota.ts), given the quota's status.used.
   */
  resourceQuotas: readonly KubeObject[];
  /**
   * The cluster's storage objects (scheduler/storage.ts STORAGE_KINDS), in every snapshot before those a question is
   * given (`storage` options): the volume plugins read them. Kept as given (not cloned): messages name them with their files.
   */
  storage: readonly KubeObject[];
  /**
   * The cluster's DaemonSets (apps/v1), for the Karpenter answers: their pods count against a new node's instance
   * types (karpenter/daemon-overhead.ts), beside a question's `daemonSets`. Undefined: not given (none counted, and a
   * yes with instance types says so). Kept as given (not cloned).
   */
  daemonSets?: readonly KubeObject[];
  /** The preset's storage objects (its default StorageClass where verified: presets.ts), before `storage`. */
  clusterStorage: readonly KubeObject[];
  /** The stated assumption for claims whose StorageClass the inputs do not resolve (storage-kinds.ts); undefined: none. */
  storageAssumption?: StorageAssumption;
  /**
   * The cluster's KubeSchedulerConfiguration (kubescheduler.config.k8s.io/v1), as given; undefined: kube-scheduler's
   * defaults. Compiled, validated and read per pod's schedulerName by scheduler/config (select.ts).
   */
  schedulerConfiguration?: object;
}

export interface ConfigureOptions {
  /** What a platform adds to upstream Kubernetes (README "Cloud presets"); explicit `admission` settings win. */
  cluster?: ClusterPreset;
  /** The Kubernetes release (default '1.37', the newest the oracle verifies); README "Kubernetes releases". */
  kubernetesVersion?: KubernetesVersion;
  /** The Karpenter release (default '1.15', the newest the oracle verifies); '1.14' too. */
  karpenterVersion?: KarpenterVersion;
  featureGates?: { TaintTolerationComparisonOperators?: boolean; NodeDeclaredFeatures?: boolean };
  validate?: boolean;
  admission?: {
    defaultTolerationSeconds?: false | { notReady?: number; unreachable?: number };
    daemonSetTolerations?: boolean;
    nodeConditionTaints?: boolean;
    extendedResourceToleration?: boolean;
    runtimeClass?: boolean;
    priority?: boolean;
    limitRanger?: boolean;
    resourceQuota?: boolean;
  };
  requireAllocatable?: boolean;
  /** The cluster's RuntimeClass objects (node.k8s.io/v1 RuntimeClass, e.g. from loadManifests; other kinds are left out). */
  runtimeClasses?: Iterable<KubeObject | RuntimeClass>;
  /**
   * The cluster's PriorityClass objects (scheduling.k8s.io/v1 PriorityClass, e.g. from loadManifests or `kubectl get
   * priorityclasses -o yaml`; other kinds are left out). system-node-critical and system-cluster-critical are always there.
   */
  priorityClasses?: Iterable<KubeObject | PriorityClass>;
  /**
   * The namespaces' LimitRange objects (v1 LimitRange, e.g. from loadManifests or `kubectl get limitranges -A -o yaml`;
   * other kinds are left out), each applying to the pods created in its namespace (metadata.namespace, else `default`).
   */
  limitRanges?: Iterable<KubeObject | LimitRange>;
  /**
   * The namespaces' ResourceQuota objects (v1 ResourceQuota; other kinds are left out), each in its namespace. The
   * usage of the pods already there is the quota's `status.used` (as `kubectl get resourcequotas -A -o yaml` prints it);
   * a quota without one counts the existing pods a question is given in its namespace (none: an empty namespace).
   */
  resourceQuotas?: Iterable<KubeObject | ResourceQuota>;
  /**
   * The cluster's PersistentVolumes, PersistentVolumeClaims, StorageClasses, CSINodes, CSIDrivers,
   * CSIStorageCapacities and VolumeAttachments, in any order (e.g. a loadManifests collection of them); any other kind
   * is an error. Every question (matchers, engine, outages, the CLI) sees them, beside its own `storage` option.
   */
  storage?: Iterable<KubeObject>;
  /**
   * The cluster's DaemonSets (e.g. a loadManifests collection of your add-ons; other kinds are left out): the Karpenter
   * answers count their pods against a new node's instance types, beside a question's own `daemonSets` (one of the
   * same namespace and name replaces a configured one). `null` forgets them.
   */
  daemonSets?: Iterable<KubeObject> | null;
  /**
   * Opt in to a stated assumption for the claims whose StorageClass no input resolves (else they are "not
   * modelled"): `'dynamic-wait-for-first-consumer'`. `null` turns it off. Every answer that uses it says so.
   */
  storageAssumption?: StorageAssumption | null;
  /**
   * The cluster's KubeSchedulerConfiguration (the parsed YAML document, `apiVersion: kubescheduler.config.k8s.io/v1`):
   * its profiles, plugins, weights, pluginConfig and percentageOfNodesToScore; each pod runs under the profile of its
   * schedulerName. `undefined` goes back to kube-scheduler's defaults. An invalid one is refused, with kube-scheduler's
   * texts, by the first question asked under it.
   */
  schedulerConfiguration?: object;
}

/**
 * The default `priorityClasses`: none given, so the cluster's own classes are unknown (admission/priority.ts). A list
 * given to configure, even an empty one, is another array: the cluster's classes are then known.
 */
export const NO_PRIORITY_CLASSES_GIVEN: readonly KubeObject[] = Object.freeze([]);

function defaults(): PlacementSettings {
  return {
    kubernetesVersion: NEWEST_RELEASE,
    karpenterVersion: NEWEST_KARPENTER,
    featureGates: { TaintTolerationComparisonOperators: false },
    validate: true,
    admission: {
      // kube-apiserver --default-not-ready-toleration-seconds / --default-unreachable-toleration-seconds
      defaultTolerationSeconds: { notReady: 300, unreachable: 300 },
      daemonSetTolerations: true,
      nodeConditionTaints: true,
      extendedResourceToleration: false,
      runtimeClass: true,
      priority: true,
      limitRanger: true,
      resourceQuota: true,
    },
    requireAllocatable: false,
    runtimeClasses: [],
    priorityClasses: NO_PRIORITY_CLASSES_GIVEN,
    limitRanges: [],
    resourceQuotas: [],
    storage: [],
    clusterStorage: [],
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

/** Something the per-object caches read besides the settings changed (the scheduler profile): recompute them. */
export function invalidateCaches(): void {
  generation++;
}

const KNOWN_KEYS = [
  'kubernetesVersion', 'karpenterVersion', 'featureGates', 'validate', 'admission', 'requireAllocatable', 'cluster', 'runtimeClasses', 'priorityClasses',
  'limitRanges', 'resourceQuotas', 'storage', 'storageAssumption', 'schedulerConfiguration', 'daemonSets',
];

/**
 * Change settings for later checks (see the scoping rules above). Returns nothing, so that
 * `beforeEach(() => configure(…))` type-checks with @jest/globals; read them with `settings()`.
 */
export function configure(options: ConfigureOptions = {}): void {
  for (const key of Object.keys(options)) {
    if (!KNOWN_KEYS.includes(key)) throw new Error(`configure: unknown option "${key}" (known: ${KNOWN_KEYS.join(', ')})`);
  }
  // the objects given are kept as given: their origins (file and line, for messages) and the per-object caches are
  // looked up by identity, and storage objects may be many; priorityClasses' default (NO_PRIORITY_CLASSES_GIVEN) is
  // told apart from a list given by identity; the scheduler configuration is compiled once per object (it was copied
  // when given). The lists themselves are new arrays (objectsOfKind, storageOf): a caller's later push does not leak in.
  const next: PlacementSettings = {
    ...structuredClone({ ...current, storage: [], priorityClasses: [], runtimeClasses: [], limitRanges: [], resourceQuotas: [], schedulerConfiguration: undefined, daemonSets: undefined }),
    storage: current.storage, clusterStorage: current.clusterStorage, priorityClasses: current.priorityClasses,
    runtimeClasses: current.runtimeClasses, limitRanges: current.limitRanges, resourceQuotas: current.resourceQuotas,
  };
  // the DaemonSets are kept as given, like the storage objects
  if (current.daemonSets) next.daemonSets = current.daemonSets;
  else delete next.daemonSets;
  if (options.daemonSets === null) delete next.daemonSets;
  else if (options.daemonSets !== undefined) next.daemonSets = objectsOfKind(options.daemonSets, 'daemonSets', 'DaemonSet', 'apps');
  if (current.schedulerConfiguration) next.schedulerConfiguration = current.schedulerConfiguration;
  else delete next.schedulerConfiguration;
  if ('schedulerConfiguration' in options) setSchedulerConfiguration(next, options.schedulerConfiguration);
  if (options.kubernetesVersion !== undefined) {
    if (!(KUBERNETES_VERSIONS as readonly unknown[]).includes(options.kubernetesVersion)) {
      throw new Error(`configure: unsupported kubernetesVersion ${JSON.stringify(options.kubernetesVersion)} (supported: ${KUBERNETES_VERSIONS.map((v) => `'${v}'`).join(', ')})`);
    }
    next.kubernetesVersion = options.kubernetesVersion;
  }
  if (options.karpenterVersion !== undefined) next.karpenterVersion = checkKarpenterVersion(options.karpenterVersion);
  if (options.featureGates?.TaintTolerationComparisonOperators !== undefined) {
    next.featureGates.TaintTolerationComparisonOperators = options.featureGates.TaintTolerationComparisonOperators;
  }
  if (options.featureGates?.NodeDeclaredFeatures !== undefined) next.featureGates.NodeDeclaredFeatures = options.featureGates.NodeDeclaredFeatures;
  checkGates(options, next);
  checkLockedGates(next);
  if (options.validate !== undefined) next.validate = options.validate;
  if (options.requireAllocatable !== undefined) next.requireAllocatable = options.requireAllocatable;
  if (options.runtimeClasses !== undefined) next.runtimeClasses = objectsOfKind(options.runtimeClasses, 'runtimeClasses', 'RuntimeClass', 'node.k8s.io');
  if (options.priorityClasses !== undefined) next.priorityClasses = objectsOfKind(options.priorityClasses, 'priorityClasses', 'PriorityClass', 'scheduling.k8s.io');
  if (options.limitRanges !== undefined) next.limitRanges = objectsOfKind(options.limitRanges, 'limitRanges', 'LimitRange', '');
  if (options.resourceQuotas !== undefined) next.resourceQuotas = objectsOfKind(options.resourceQuotas, 'resourceQuotas', 'ResourceQuota', '');
  if (options.storage !== undefined) next.storage = storageOf(options.storage);
  if (options.cluster !== undefined) {
    const preset = CLUSTER_PRESETS[options.cluster];
    if (!preset) throw new Error(`configure: unknown cluster "${options.cluster}" (known: ${Object.keys(CLUSTER_PRESETS).join(', ')})`);
    next.admission.extendedResourceToleration = preset.extendedResourceToleration;
    next.clusterStorage = preset.storageClasses;
  }
  if (options.storageAssumption !== undefined) {
    const problem = storageAssumptionProblem(options.storageAssumption ?? undefined, 'storageAssumption');
    if (problem) throw new Error(`configure: ${problem}`);
    if (options.storageAssumption === null) delete next.storageAssumption;
    else next.storageAssumption = options.storageAssumption;
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
    if (admission.runtimeClass !== undefined) next.admission.runtimeClass = admission.runtimeClass;
    if (admission.priority !== undefined) next.admission.priority = admission.priority;
    if (admission.limitRanger !== undefined) next.admission.limitRanger = admission.limitRanger;
    if (admission.resourceQuota !== undefined) next.admission.resourceQuota = admission.resourceQuota;
  }
  current = next;
  generation++;
}

/**
 * The objects of one kind (`apiVersion` in `group`) of a list or collection, the option `option` (a loadManifests
 * result holds other kinds too): RuntimeClasses (node.k8s.io), PriorityClasses (scheduling.k8s.io, validated when
 * the Priority plugin first reads them: admission/priority.ts).
 */
function objectsOfKind(given: Iterable<KubeObject>, option: string, kind: string, group: string): KubeObject[] {
  if (typeof given !== 'object' || given === null || !(Symbol.iterator in given)) {
    throw new Error(`configure: ${option} must be an array (or iterable, e.g. a loadManifests collection) of ${kind} objects`);
  }
  // the core group's objects are `apiVersion: v1`
  const inGroup = (v: string) => (group ? v.startsWith(`${group}/`) : v === 'v1');
  return [...given].filter((o) => o?.kind === kind && typeof o.apiVersion === 'string' && inGroup(o.apiVersion));
}

/** configure({ schedulerConfiguration }): a copy of the object (a later change to the caller's does not leak in), or none. */
function setSchedulerConfiguration(next: PlacementSettings, given: unknown): void {
  if (given === undefined || given === null) {
    delete next.schedulerConfiguration;
    return;
  }
  if (typeof given !== 'object' || Array.isArray(given)) {
    throw new Error(`configure: schedulerConfiguration must be a KubeSchedulerConfiguration object (the parsed YAML document), received ${Array.isArray(given) ? 'an array' : typeof given}`);
  }
  // the same object given again (a per-question option) keeps its copy, and so its compiled profiles
  const json = JSON.stringify(given);
  const known = copies.get(given);
  if (known?.json === json) next.schedulerConfiguration = known.copy;
  else {
    const copy = Object.freeze(JSON.parse(json) as object);
    copies.set(given, { json, copy });
    next.schedulerConfiguration = copy;
  }
}
const copies = new WeakMap<object, { json: string; copy: object }>();

/** The storage objects of a list or collection; any other kind is refused (a dropped object would change verdicts unseen). */
function storageOf(given: Iterable<KubeObject>): KubeObject[] {
  if (typeof given !== 'object' || given === null || !(Symbol.iterator in given)) {
    throw new Error('configure: storage must be an array (or iterable, e.g. a loadManifests collection) of storage objects');
  }
  const list = [...given];
  const problem = storageProblem(list, 'storage');
  if (problem) throw new Error(`configure: ${problem}`);
  return list;
}

/** The gates `configure({ featureGates })` takes. */
const SETTABLE_GATES = ['TaintTolerationComparisonOperators', 'NodeDeclaredFeatures'] as const satisfies readonly GateName[];

/**
 * As kube-apiserver's --feature-gates does: a gate the release does not have is refused ("unrecognized feature
 * gate"); the release table says which release a gate first exists in (pkg/features/kube_features.go at each tag).
 */
function checkGates(options: ConfigureOptions, next: PlacementSettings): void {
  for (const gate of SETTABLE_GATES) {
    const given = options.featureGates?.[gate] !== undefined;
    if (gateState(gate, next.kubernetesVersion) === undefined && (given || next.featureGates[gate])) {
      throw new Error(`configure: unrecognized feature gate ${gate} in Kubernetes ${next.kubernetesVersion} (it exists from ${gateSince(gate)})`);
    }
  }
}

/**
 * A locked gate (GA, LockToDefault: NodeDeclaredFeatures in 1.37) set to the other value is refused as the feature
 * gate parser refuses it (component-base/featuregate/feature_gate.go SetFromMap).
 */
function checkLockedGates(s: PlacementSettings): void {
  for (const gate of SETTABLE_GATES) {
    if (gateState(gate, s.kubernetesVersion) === 'locked' && s.featureGates[gate] === false) {
      throw new Error(`configure: cannot set feature gate ${gate} to false, feature is locked to true (GA in ${s.kubernetesVersion})`);
    }
  }
}

/** Whether kube-scheduler runs the NodeDeclaredFeatures plugin: the gate as set, else the release's default. */
export function nodeDeclaredFeaturesEnabled(s: Readonly<PlacementSettings> = current): boolean {
  return gateEnabled('NodeDeclaredFeatures', s);
}

function restore(saved: PlacementSettings): void {
  current = saved;
  generation++;
}

/**
 * Run `fn` under settings taken earlier with `settings()`: an assertion decided later (a bare
 * `.not.toBeEvictedFrom(node)`, one microtask after the call) is decided under the settings of its call.
 */
export function underSettings<T>(saved: Readonly<PlacementSettings>, fn: () => T): T {
  if (saved === current) return fn();
  const now = current;
  restore(saved as PlacementSettings);
  try {
    return fn();
  } finally {
    restore(now);
  }
}

/** Back to the defaults (for tests of this library and for `afterEach` hooks). */
export function resetConfiguration(): void {
  restore(defaults());
}

/**
 * Run `fn` under these settings and put the previous ones back afterwards — also when `fn` throws,
 * and, when `fn` returns a promise, once it settles. Returns what `fn` returns.
 */
export function withConfiguration<T>(options: ConfigureOptions, fn: () => T): T {
  const saved = current;
  configure(options);
  let result: T;
  try {
    result = fn();
  } catch (e) {
    restore(saved);
    throw e;
  }
  if (isPromiseLike(result)) {
    return Promise.resolve(result).finally(() => restore(saved)) as T;
  }
  restore(saved);
  return result;
}

function isPromiseLike(x: unknown): x is PromiseLike<unknown> {
  return (typeof x === 'object' || typeof x === 'function') && x !== null && typeof (x as PromiseLike<unknown>).then === 'function';
}

/** The settings that differ from the defaults, e.g. "admission.defaultTolerationSeconds off, validate off". */
export function nonDefaultSettings(): string {
  const out: string[] = [];
  const walk = (now: unknown, def: unknown, path: string) => {
    if (path === 'runtimeClasses' || path === 'priorityClasses' || path === 'limitRanges' || path === 'resourceQuotas') {
      // the namespaced ones with their namespace
      const names = (now as KubeObject[]).map((r) => (path.endsWith('Classes') ? '' : `${r.metadata?.namespace || 'default'}/`) + (r.metadata?.name ?? ''));
      if (names.length) out.push(`${path} ${names.join(' ')}`);
    } else if (path === 'schedulerConfiguration') {
      if (now) out.push(`schedulerConfiguration profiles ${schedulerNames(now)}`);
    } else if (path === 'clusterStorage') {
      // the preset's, named by `cluster`
    } else if (path === 'storage') {
      const n = (now as KubeObject[]).length;
      if (n) out.push(`storage ${n} object${n === 1 ? '' : 's'}`);
    } else if (path === 'daemonSets') {
      if (now) out.push(`daemonSets ${(now as KubeObject[]).map((d) => `${d.metadata?.namespace || 'default'}/${d.metadata?.name ?? ''}`).join(' ') || '(none)'}`);
    } else if (typeof now === 'object' && now !== null && typeof def === 'object' && def !== null) {
      for (const k of Object.keys(now)) walk((now as Record<string, unknown>)[k], (def as Record<string, unknown>)[k], path ? `${path}.${k}` : k);
    } else if (now !== def) {
      out.push(`${path} ${now === true ? 'on' : now === false ? 'off' : String(now)}`);
    }
  };
  walk(current, defaults(), '');
  return out.join(', ');
}

/** The schedulerNames of a configuration's profiles, as written (one unnamed profile is default-scheduler). */
function schedulerNames(c: unknown): string {
  const profiles = (c as { profiles?: Array<{ schedulerName?: unknown }> }).profiles;
  if (!Array.isArray(profiles) || profiles.length === 0) return 'default-scheduler';
  return profiles.map((p) => String(p?.schedulerName ?? (profiles.length === 1 ? 'default-scheduler' : '?'))).join(' ');
}

// The runners' hooks (settings-scope.ts, installed by the entries without loading this module) act on these settings.
let beforeTest: PlacementSettings | undefined;
scopeSettings({
  beforeTest: () => {
    beforeTest = current;
  },
  afterTest: () => {
    // Only when the test changed them, so per-object caches survive from test to test.
    if (beforeTest && beforeTest !== current) restore(beforeTest);
    beforeTest = undefined;
  },
  afterFile: () => resetConfiguration(),
});

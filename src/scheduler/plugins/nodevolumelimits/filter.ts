// NodeVolumeLimits' PreFilter and Filter (nodevolumelimits/csi.go CSILimits): per node, the unique CSI volumes of
// the node's pods and VolumeAttachments plus the pod's new ones, per driver, against the CSINode's
// `allocatable.count` for that driver. A driver without a count, or a node without a CSINode, never constrains.
import type { Pod } from 'kubernetes-types/core/v1';
import type { CSIDriver, CSINode } from 'kubernetes-types/storage/v1';
import { gateEnabled, releaseAtLeast, settings, type KubernetesVersion } from '../../../core/config';
import { isInlineMigratable, PORTWORX_IN_TREE_PLUGIN } from '../../../k8s/csi-translation';
import { createdPod, createdSpec } from '../../../admission/create';
import { SchedulerError } from '../../cycle';
import { failure, type PodInfo, type Status } from '../../framework';
import type { NodeSnapshot, Snapshot } from '../../snapshot';
import type { StorageListers } from '../../storage';
import { driverNotInstalled, ErrReasonMaxVolumeCountExceeded } from './reasons';
import { MIGRATED_PLUGINS_ANNOTATION, podVolumes, VolumeLookupError, type Volumes } from './volumes';

const PLUGIN = 'NodeVolumeLimits';

/** An Error status of the Filter: the scheduling attempt fails (schedule_one.go findNodesThatPassFilters). */
export class NodeVolumeLimitsError extends SchedulerError {}

/** What the upstream plugin is built with (CSILimits' feature fields); unset: the configured release's gate. */
export interface Features {
  volumeLimitScaling?: boolean;
}

export interface PreFilterState {
  /** The pod as created (its name names a generic ephemeral volume's claim). */
  pod: Pod;
  storage: StorageListers;
  release: KubernetesVersion;
  volumeLimitScaling: boolean;
  /** Before v1.36 Portworx migration also needs the CSINode's annotation (utils.go isCSIMigrationOn). */
  portworxAnnotation: boolean;
  /** The pod's counted volumes by what decides them on a node (see variant). */
  fresh: Map<string, Fresh | VolumeLookupError>;
}

/**
 * The pod's counted volumes for one CSINode variant, with each driver's count (in the pod's volume order) and the
 * drivers that must be on the node (VolumeLimitScaling): worked out once per pod and variant, read per node.
 */
interface Fresh {
  volumes: Volumes;
  drivers: string[];
  counts: number[];
  required: string[];
}

/** PreFilter: Skip unless some volume is a claim, a generic ephemeral volume or a migratable in-tree inline volume. */
export function preFilterState(pod: PodInfo, snapshot: Snapshot, features: Features): PreFilterState | undefined {
  // the volumes of the Pod as created (createdSpec's, the spec of createdPod, made only for a pod that counts): a
  // StatefulSet's pod has its volumeClaimTemplates' claim volumes too
  const volumes = createdSpec(pod.subject).volumes;
  if (!volumes?.some((v) => v != null && (v.persistentVolumeClaim != null || v.ephemeral != null || isInlineMigratable(v)))) return undefined;
  const created = createdPod(pod.subject);
  return {
    pod: created,
    storage: snapshot.storage,
    release: settings().kubernetesVersion,
    volumeLimitScaling: features.volumeLimitScaling ?? gateEnabled('VolumeLimitScaling'),
    portworxAnnotation: !releaseAtLeast('1.36'),
    fresh: new Map(),
  };
}

/**
 * The pod's volumes depend on the node only through its CSINode: whether there is one (in-tree migration) and,
 * before v1.36, whether it lists Portworx as migrated.
 */
function variant(csiNode: CSINode | undefined, state: PreFilterState): string {
  // Stryker disable next-line StringLiteral: a cache key; any three distinct keys do
  if (!csiNode) return 'none';
  // Stryker disable next-line StringLiteral,LogicalOperator,OptionalChaining: a cache key; from v1.36 an annotated CSINode keyed apart gets the same volumes; a CSINode (found by its node's name) has metadata
  if (!state.portworxAnnotation || !csiNode.metadata?.annotations) return 'csinode';
  // Stryker disable next-line OptionalChaining: the line above leaves only a CSINode with annotations
  const migrated = (csiNode.metadata?.annotations?.[MIGRATED_PLUGINS_ANNOTATION] ?? '').split(',');
  // Stryker disable next-line StringLiteral: cache keys; any distinct keys do ('csinode' here and above name the same volumes)
  return migrated.includes(PORTWORX_IN_TREE_PLUGIN) ? 'portworx' : 'csinode';
}

function newVolumes(state: PreFilterState, csiNode: CSINode | undefined): Fresh | VolumeLookupError {
  const key = variant(csiNode, state);
  let got = state.fresh.get(key);
  // Stryker disable next-line ConditionalExpression: a cache; worked out again, the same
  if (!got) {
    try {
      got = fresh(podVolumes(state.pod, csiNode, state.storage, true, new Map()), state.storage);
    } catch (e) {
      // Stryker disable next-line ConditionalExpression: podVolumes throws VolumeLookupError only (translation errors are turned into one)
      if (!(e instanceof VolumeLookupError)) throw e;
      got = e;
    }
    state.fresh.set(key, got);
  }
  return got;
}

function fresh(volumes: Volumes, storage: StorageListers): Fresh {
  const counts = new Map<string, number>();
  for (const v of volumes.values()) add(counts, v.driver);
  const drivers = [...counts.keys()];
  // upstream walks a Go map (any order); here the pod's volume order names the first missing driver
  return { volumes, drivers, counts: [...counts.values()], required: drivers.filter((d) => mustBeOnNode(d, storage)) };
}

const limitsOf = new WeakMap<CSINode, Map<string, number>>();

/** getVolumeLimits: driver → allocatable.count, for the drivers that have one. */
export function volumeLimits(csiNode: CSINode | undefined): Map<string, number> {
  if (!csiNode) return new Map();
  let limits = limitsOf.get(csiNode);
  // Stryker disable next-line ConditionalExpression: a cache; worked out again, the same
  if (!limits) {
    limits = new Map();
    // Stryker disable next-line ArrayDeclaration: an entry that is not an object has no allocatable count either
    for (const d of csiNode.spec?.drivers ?? []) if (typeof d.allocatable?.count === 'number') limits.set(d.name, d.allocatable.count);
    limitsOf.set(csiNode, limits);
  }
  return limits;
}

/**
 * checkCSIDriverOnNode (VolumeLimitScaling): a driver without a CSIDriver object is allowed; one that opts in —
 * from v1.36 with spec.preventPodSchedulingIfMissing, in v1.35 by existing — must be on the node's CSINode.
 */
function mustBeOnNode(driver: string, storage: StorageListers): boolean {
  const object = storage.csiDriver(driver) as (CSIDriver & { spec?: { preventPodSchedulingIfMissing?: boolean } }) | undefined;
  if (!object) return false;
  return !releaseAtLeast('1.36') || object.spec?.preventPodSchedulingIfMissing === true;
}

function onNode(driver: string, csiNode: CSINode | undefined): boolean {
  // Stryker disable next-line ArrayDeclaration: an entry that is not an object names no driver
  const drivers = csiNode?.spec?.drivers ?? [];
  for (let k = 0; k < drivers.length; k++) if (drivers[k].name === driver) return true;
  return false;
}

/** The node's attached volumes: its pods' (unique) and its VolumeAttachments' not among them, per driver. */
export interface Attached {
  volumes: Volumes;
  byPods: Map<string, number>;
  byAttachments: Map<string, number>;
}

interface Kept { release?: KubernetesVersion; value?: Attached | VolumeLookupError; bound?: number }
const keep = (): Kept => ({});

// Past this many pods with volumes a node's bound is kept (NodeSnapshot.memo); below it, counting again costs less
// than keeping it (a first answer over thousands of nodes with a pod or two each)
const KEEP_BOUND_FROM = 8;

/**
 * At most how many volumes the node's pods and VolumeAttachments count, from the pods' claims alone (no lookup);
 * -1 when a pod's volumes could make the count fail (a generic ephemeral volume's owner, an inline translation, a
 * claim without a name), where only the count itself tells.
 */
function attachedBound(node: NodeSnapshot, storage: StorageListers): number {
  // (pods without volumes add nothing: a snapshot's entry lists the others)
  // Stryker disable next-line LogicalOperator: a snapshot's entries always give podsWithVolumes; the node's other pods add nothing
  const pods = node.podsWithVolumes ?? node.pods;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a cost choice; the bound counted again or kept is the same
  if (pods.length < KEEP_BOUND_FROM) return countBound(node, pods, storage);
  const kept = node.memo(keep);
  return (kept.bound ??= countBound(node, pods, storage));
}

function countBound(node: NodeSnapshot, pods: readonly Pod[], storage: StorageListers): number {
  let n = storage.attachments(node.info.name).length;
  for (let i = 0; i < pods.length; i++) {
    // Stryker disable next-line OptionalChaining,ArrayDeclaration: these pods have volumes (podsWithVolumes)
    const volumes = pods[i].spec?.volumes ?? [];
    // Stryker disable next-line EqualityOperator: past the end a volume is undefined, skipped
    for (let k = 0; k < volumes.length; k++) {
      const v = volumes[k];
      if (v == null) continue; // Go's zero Volume: no source
      // Stryker disable next-line ConditionalExpression: a named claim answering -1 sends the node to the exact count: the same verdict
      if (v.persistentVolumeClaim != null && v.persistentVolumeClaim.claimName) n++;
      else if (v.persistentVolumeClaim != null || v.ephemeral != null || isInlineMigratable(v)) return -1;
    }
  }
  return n;
}

const add = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);

type DriverEntries = NonNullable<NonNullable<CSINode['spec']>['drivers']>;

/** volumeLimits(csiNode).get(driver) without building the map: the last entry of that name with a count. */
function limitOf(drivers: DriverEntries, driver: string): number | undefined {
  let limit: number | undefined;
  for (let k = 0; k < drivers.length; k++) {
    const d = drivers[k];
    if (d.name === driver && typeof d.allocatable?.count === 'number') limit = d.allocatable.count;
  }
  return limit;
}

// (withinBound answering false where it could answer true sends the node to the exact count: the same verdict;
// only a wrong true shows)
function someLimit(drivers: DriverEntries): boolean {
  // Stryker disable next-line ConditionalExpression: true without a limit: withinBound's loop finds none and passes, or the exact count passes (no limit)
  for (let k = 0; k < drivers.length; k++) if (typeof drivers[k].allocatable?.count === 'number') return true;
  // Stryker disable next-line BooleanLiteral: as above
  return false;
}

/**
 * Each driver's limit holds whatever the node's volumes are: the bound plus the pod's volumes of that driver (a
 * node without any limit passes, as upstream does before counting). Reads the CSINode's few entries instead of
 * volumeLimits' map, for the thousands of nodes a first answer filters.
 */
// Stryker disable next-line BlockStatement: undefined is false: the exact count, the same verdict
function withinBound(node: NodeSnapshot, state: PreFilterState, fresh: Fresh, csiNode: CSINode | undefined): boolean {
  const drivers = csiNode?.spec?.drivers;
  // no limit for any driver: upstream returns before reading the node's pods
  // Stryker disable next-line BooleanLiteral: false: the exact count, the same verdict (no limit)
  if (!drivers || !someLimit(drivers)) return true;
  // a node with some limit counts its pods' volumes, whose lookup errors are the Filter's (even for another driver)
  const bound = attachedBound(node, state.storage);
  // Stryker disable next-line ConditionalExpression,EqualityOperator: false more often: the exact count, the same verdict
  if (bound < 0) return false;
  // Stryker disable next-line EqualityOperator: past the end the driver is undefined: no limit
  for (let k = 0; k < fresh.drivers.length; k++) {
    const limit = limitOf(drivers, fresh.drivers[k]);
    // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: false more often: the exact count, the same verdict
    if (limit !== undefined && bound + fresh.counts[k] > limit) return false;
  }
  // Stryker disable next-line BooleanLiteral: false: the exact count, the same verdict
  return true;
}

function countAttached(node: NodeSnapshot, csiNode: CSINode | undefined, storage: StorageListers): Attached | VolumeLookupError {
  const volumes: Volumes = new Map();
  try {
    for (const p of node.pods) podVolumes(p, csiNode, storage, false, volumes);
  } catch (e) {
    if (e instanceof VolumeLookupError) return e;
    throw e;
  }
  const byPods = new Map<string, number>();
  for (const v of volumes.values()) add(byPods, v.driver);
  // getNodeVolumeAttachmentInfo: attacher/handle of a CSI PV, not already counted from the pods
  const seen = new Set<string>();
  const byAttachments = new Map<string, number>();
  for (const va of storage.attachments(node.info.name)) {
    // Stryker disable next-line OptionalChaining,StringLiteral: attachments are listed by spec.nodeName (a spec); an attachment without an attacher counts under no driver a pod has
    const attacher = va.spec?.attacher ?? '';
    const pvName = va.spec?.source?.persistentVolumeName;
    const csi = pvName ? storage.volume(pvName)?.spec?.csi : undefined;
    if (!attacher || !csi) continue;
    // Stryker disable next-line StringLiteral: a handle-less PV's attachments share one key either way, and no pod volume has an empty handle
    const key = `${attacher}/${csi.volumeHandle ?? ''}`;
    if (volumes.has(key) || seen.has(key)) continue;
    seen.add(key);
    add(byAttachments, attacher);
  }
  return { volumes, byPods, byAttachments };
}

/** The node's attached volumes, kept on the node (NodeSnapshot.memo) until a pod is assumed onto it. */
function attached(node: NodeSnapshot, csiNode: CSINode | undefined, state: PreFilterState): Attached | VolumeLookupError {
  const kept = node.memo(keep);
  // Stryker disable next-line BooleanLiteral: counted again at the same release, the same
  if (kept.release !== state.release || !kept.value) {
    kept.release = state.release;
    kept.value = countAttached(node, csiNode, state.storage);
  }
  return kept.value;
}

/** Why a node passed, or the rejection. */
export type Outcome =
  | { status: Status }
  | { pass: 'no-volume' }
  | { pass: 'no-limit'; csiNode?: CSINode }
  | { pass: 'bound' }
  | { pass: 'within'; fresh: Volumes; limits: Map<string, number>; attached: Attached; adding: Map<string, number> };

const NO_VOLUME: Outcome = { pass: 'no-volume' };
const BOUND: Outcome = { pass: 'bound' };

function lookupFailure(e: VolumeLookupError): Status {
  if (!e.notFound) throw new NodeVolumeLimitsError(e.message);
  return failure(PLUGIN, 'UnschedulableAndUnresolvable', [e.message], () => [
    `${e.message.slice(e.message.indexOf(': ') + 2)}: the pod cannot run without its claim and stays Pending until the claim exists ` +
      '(a generic ephemeral volume\'s claim, <pod>-<volume>, is created by the ephemeral volume controller)',
  ]);
}

/**
 * csi.go Filter, in upstream's order: the pod's volumes, the driver check, the limits, then the node's count. Unless
 * `exact`, a node whose volumes cannot reach a limit passes without being counted (the same verdict, cheaper).
 */
// Stryker disable next-line BooleanLiteral: always exact: the same verdict
export function evaluate(pod: PodInfo, node: NodeSnapshot, state: PreFilterState, exact = false): Outcome {
  const csiNode = state.storage.csiNode(node.info.name);
  const got = newVolumes(state, csiNode);
  if (got instanceof VolumeLookupError) return { status: lookupFailure(got) };
  const fresh = got.volumes;
  if (fresh.size === 0) return NO_VOLUME;
  if (state.volumeLimitScaling) {
    const required = got.required;
    for (let k = 0; k < required.length; k++) if (!onNode(required[k], csiNode)) return { status: notInstalled(required[k], node, csiNode) };
  }
  // (a node without any limit passes withinBound too: the same verdict as 'no-limit', which only explainPass reads)
  // Stryker disable next-line ConditionalExpression: always the exact count: the same verdict
  if (!exact && withinBound(node, state, got, csiNode)) return BOUND;
  const limits = volumeLimits(csiNode);
  if (limits.size === 0) return { pass: 'no-limit', csiNode };
  const on = attached(node, csiNode, state);
  if (on instanceof VolumeLookupError) throw new NodeVolumeLimitsError(on.message);
  const adding = new Map<string, number>();
  for (const [key, v] of fresh) if (!on.volumes.has(key)) add(adding, v.driver);
  for (const [driver, count] of adding) {
    const limit = limits.get(driver);
    // Stryker disable next-line ConditionalExpression: `current + count > undefined` is false
    if (limit === undefined) continue;
    const current = (on.byPods.get(driver) ?? 0) + (on.byAttachments.get(driver) ?? 0);
    if (current + count > limit) return { status: exceeded(node, driver, limit, on, count, fresh) };
  }
  // Stryker disable next-line StringLiteral: explainPass tells 'within' from the other passes only
  return { pass: 'within', fresh, limits, attached: on, adding };
}

function notInstalled(driver: string, node: NodeSnapshot, csiNode: CSINode | undefined): Status {
  return failure(PLUGIN, 'Unschedulable', [driverNotInstalled(driver)], () => [
    `the CSIDriver ${driver} ${releaseAtLeast('1.36') ? 'sets spec.preventPodSchedulingIfMissing' : 'exists (with VolumeLimitScaling on, v1.35 needs no opt-in)'}, ` +
      `and node ${node.info.name}'s CSINode ${csiNode ? 'does not list that driver' : 'is missing'}`,
    `a node whose CSINode lists ${driver} (the driver's node plugin registered there) fits`,
  ]);
}

function exceeded(node: NodeSnapshot, driver: string, limit: number, on: Attached, count: number, fresh: Volumes): Status {
  return failure(PLUGIN, 'Unschedulable', [ErrReasonMaxVolumeCountExceeded], () => {
    const pods = on.byPods.get(driver) ?? 0;
    const vas = on.byAttachments.get(driver) ?? 0;
    const mine = [...fresh].filter(([k, v]) => v.driver === driver && !on.volumes.has(k)).map(([, v]) => v.what);
    return [
      `${driver}: node ${node.info.name}'s CSINode allows ${limit} volume(s) (spec.drivers[${driver}].allocatable.count); ` +
        `${pods} attached for its pods${vas ? ` and ${vas} more by VolumeAttachments` : ''}, and this pod adds ${count} (${mine.join('; ')}): ` +
        `${pods + vas + count} > ${limit}`,
      `a node with fewer ${driver} volumes attached fits; a volume already attached to the node (the same claim or volume handle) does not count again`,
    ];
  });
}

/** Filter: undefined when the node passes. */
export function filter(pod: PodInfo, node: NodeSnapshot, state: PreFilterState): Status | undefined {
  // Stryker disable next-line ConditionalExpression,OptionalChaining: PreFilter Skips a pod without volumes: the state's pod has some
  if (!state.pod.spec?.volumes?.length) return undefined;
  const outcome = evaluate(pod, node, state);
  return 'status' in outcome ? outcome.status : undefined;
}

/** Why the node passed: the counts per driver, or why nothing was counted. */
export function explainPass(pod: PodInfo, node: NodeSnapshot, state: PreFilterState): string[] {
  const outcome = evaluate(pod, node, state, true);
  if ('status' in outcome) return [];
  // Stryker disable next-line ConditionalExpression,StringLiteral,ArrayDeclaration: an exact evaluate never answers 'bound'
  if (outcome.pass === 'bound') return [];
  if (outcome.pass === 'no-volume') return ['none of the pod\'s volumes counts against a CSI driver\'s attach limit on this node'];
  if (outcome.pass === 'no-limit') {
    return [outcome.csiNode ? `node ${node.info.name}'s CSINode declares no attach limit (allocatable.count) for any driver` : `node ${node.info.name} has no CSINode: no attach limit applies`];
  }
  const { fresh, limits, attached: on, adding } = outcome;
  const drivers = [...new Set([...fresh.values()].map((v) => v.driver))];
  return drivers.map((driver) => {
    const limit = limits.get(driver);
    if (limit === undefined) return `${driver}: no attach limit on this node`;
    const current = (on.byPods.get(driver) ?? 0) + (on.byAttachments.get(driver) ?? 0);
    const n = adding.get(driver) ?? 0;
    return `${driver}: ${current} attached + ${n} new${n === 0 ? ' (already attached)' : ''} = ${current + n} ≤ ${limit} (CSINode allocatable.count)`;
  });
}

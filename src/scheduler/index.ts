// kube-scheduler for one pod, running what the active profile lists (profile.ts; pkg/scheduler/schedule_one.go
// findNodesThatFitPod): PreEnqueue (SchedulingGates), the node plugins' PreFilter narrowing, the cluster plugins'
// PreFilter over the snapshot, then the Filter plugins in the profile's order — the first failing plugin decides a
// node's status — and the FitError message when no node fits. No plugin folder is imported here.
import type { KubeObject, Node, Pod } from '../core/types';
import type { Subject } from '../k8s/subject';
import { failure, nodeInfo, nodeUsage, podInfo, preFilterReason, Skip, type FilterPlugin, type NodeInfo, type NodeUsage, type PodInfo, type Rejection, type Status } from './framework';
import { SCHEDULING_GATED_MESSAGE, schedulingGates } from '../admission/scheduling-gated';
import { createdPod } from '../admission/create';
import type * as K8sStorage from '../k8s/storage';
import { buildSnapshot, groupByNode, hasStorage, podNamespace, snapshotFor, usesVolumes, withoutSubject, type NodeSnapshot, type Snapshot } from './snapshot';
import type * as Nominator from './nominator';
import type * as PodPriority from './pod-priority';
import type { NodeShapes, Shapes } from './matrix-shapes';
import { settingsGeneration } from '../core/config';
import { runClusterFilters, runPreFilters, type CycleState, type PostFilterHandle, type PreemptionOutcome } from './cycle';
import type * as PostFilter from './postfilter';
import type * as Prepared from './prepared';
import type { PreparedNodes } from './prepared';
import { profile } from './profile';
import type * as Disruption from '../k8s/disruption';
import type { PodDisruptionBudget } from 'kubernetes-types/policy/v1';
import { argsAreDefault } from './plugin-args';

export { SCHEDULING_GATED_MESSAGE, schedulingGates } from '../admission/scheduling-gated';

// the disruption controller's status of a manifest's PDB is only read when no node fits: loaded then (issue 37: the
// first answer loads what it needs)
const disruption = (): typeof Disruption => require('../k8s/disruption');
// The PostFilter's framework (postfilter.ts), read when no node fits or pods are nominated to a node
const postFilter = (): typeof PostFilter => require('./postfilter');
// claims' names, read for a pod with volumes
const k8sStorage = (): typeof K8sStorage => require('../k8s/storage');
// Nodes prepared once per node array (prepared.ts, with their node shapes), read when a pod is asked of several
// nodes; the nominator, read when existing pods are nominated to nodes. A question about one node loads neither.
let preparedCode: typeof Prepared | undefined;
const preparation = (): typeof Prepared => (preparedCode ??= require('./prepared'));
let nominatorCode: typeof Nominator | undefined;
const nominator = (): typeof Nominator => (nominatorCode ??= require('./nominator'));
const podPriority = (): typeof PodPriority => require('./pod-priority');

/** A Filter plugin runs for the pod unless its PreFilter Skips it (then its Filter is not run, nor named). */
const runsFor = (pod: PodInfo) => (p: FilterPlugin) => !p.skips?.(pod);

/** Some last Filter plugin runs for the pod (NodeDeclaredFeatures Skips at PreFilter for most pods). */
export const lastFiltersRun = (pod: PodInfo): boolean => profile().lastFilter.some(runsFor(pod));

// the volume plugins' PreFilters Skip a pod without volumes (volume_binding.go podHasPVCs, csi.go, volume_zone.go,
// volume_restrictions.go): not named for it
const VOLUME_PLUGINS = new Set(['VolumeRestrictions', 'NodeVolumeLimits', 'VolumeBinding', 'VolumeZone']);

/** The Filter plugins run for the pod, in the profile's order (for messages). */
export const filterPluginNames = (pod: PodInfo): string[] => {
  const p = profile();
  const cluster = usesVolumes(pod.subject) ? p.clusterFilter : p.clusterFilter.filter((f) => !VOLUME_PLUGINS.has(f.name));
  return [...p.filter.filter(runsFor(pod)), ...cluster, ...p.lastFilter.filter(runsFor(pod))].map((f) => f.name);
};

/** The last filters for a pod that passed the others. */
export function runLastFilters(pod: PodInfo, node: NodeInfo, usage: NodeUsage): Status | undefined {
  const last = profile().lastFilter;
  for (let k = 0; k < last.length; k++) {
    if (last[k].skips?.(pod)) continue;
    const status = last[k].filter(pod, node, usage);
    if (status) return status;
  }
  return undefined;
}

// One CycleState per pod and snapshot: the cluster plugins' PreFilter runs once, not per node.
const cycles = new WeakMap<Snapshot, WeakMap<PodInfo, CycleState>>();

/** The cluster plugins' PreFilter for the pod over the snapshot (memoised per pod and snapshot). */
export function cycleFor(pod: PodInfo, snapshot: Snapshot): CycleState {
  let perPod = cycles.get(snapshot);
  // Stryker disable next-line ConditionalExpression: a memo; a fresh per-pod map only has runPreFilters work out the same CycleState again
  if (!perPod) cycles.set(snapshot, (perPod = new WeakMap()));
  let cycle = perPod.get(pod);
  // Stryker disable next-line ConditionalExpression: a memo; runPreFilters over the same pod and snapshot gives the same CycleState again
  if (!cycle) perPod.set(pod, (cycle = runPreFilters(pod, snapshot, profile().clusterFilter)));
  return cycle;
}

export interface NodeVerdict {
  node: string;
  feasible: boolean;
  /** The failing plugin's status; undefined when the node fits. */
  status?: Status;
}

// PodInfo is built once per subject; its whole-pod rejection is worked out once too, not per node.
const rejections = new WeakMap<PodInfo, Status | null>();

/** A rejection of the pod as a whole, before any node is filtered (PreEnqueue or PreFilter). */
export function podRejection(pod: PodInfo): Status | undefined {
  // Stryker disable next-line ConditionalExpression: a memo; computeRejection of the same pod under the same profile gives the same status again
  if (!rejections.has(pod)) rejections.set(pod, computeRejection(pod) ?? null);
  return rejections.get(pod) ?? undefined;
}

/** PreEnqueue (SchedulingGates), then the node plugins' PreFilter: the rejections of the pod as a whole. */
function computeRejection(pod: PodInfo): Status | undefined {
  const p = profile();
  for (const plugin of p.preEnqueue) {
    const status = plugin.preEnqueue(pod);
    if (status) return status;
  }
  return p.nodePreFilter.reject(pod);
}

const NO_USAGE: NodeUsage = nodeUsage([]);

/**
 * The filters for one node. `cycle` holds the cluster plugins' PreFilter state over the cluster's snapshot; without
 * it the cluster is this node alone with no pods.
 */
export function runFilters(pod: PodInfo, node: NodeInfo, usage: NodeUsage = NO_USAGE, cycle?: CycleState): NodeVerdict {
  const rejected = podRejection(pod);
  if (rejected) return rejectedVerdict(node.name, rejected);
  // Stryker disable next-line ArrayDeclaration: with no pods, the cluster plugins' Filter reads only the pod and the node's own labels (no pod to count or match), and entryOf builds the node's entry: a cluster without the node filters it the same
  cycle ??= cycleFor(pod, buildSnapshot([node.node], new Map()));
  if (cycle.rejection) return rejectedVerdict(node.name, cycle.rejection);
  if (cycle.nodeNames && !cycle.nodeNames.has(node.name)) {
    const names = cycle.narrowedBy;
    return rejectedVerdict(node.name, {
      plugin: names.join(', '), code: 'UnschedulableAndUnresolvable', reasons: [preFilterReason(names)], details: [`${names.join(', ')} PreFilter left this node out`],
    });
  }
  // Nodes outside NodeAffinity's PreFilterResult are never filtered.
  const outside = profile().nodePreFilter.outside(pod, node);
  if (outside) return rejectedVerdict(node.name, outside);
  const nominated = cycle.snapshot.nominated ? nominator().nominatedPodsFor(pod, cycle.snapshot, node.name) : NO_PODS;
  const status = nominated.length ? withNominatedPods(pod, node, usage, cycle, nominated) : runFilterPlugins(pod, node, usage, cycle);
  return status ? rejectedVerdict(node.name, status) : { node: node.name, feasible: true };
}

const NO_PODS: readonly Pod[] = [];

/**
 * RunFilterPlugins on the node: the Filter plugins, the cluster plugins' Filter on `entry` (the node's snapshot entry
 * unless given), then the last filters; the first rejection. `hinted`: a rejection carries the plugin's fix hint.
 */
function runFilterPlugins(pod: PodInfo, node: NodeInfo, usage: NodeUsage, cycle: CycleState, entry?: NodeSnapshot, hinted = true): Status | undefined {
  const { filter } = profile();
  for (const plugin of filter) {
    const status = plugin.filter(pod, node, usage);
    if (status) return plugin.fixHint && hinted ? withFixHint(plugin, status, pod, node, usage, cycle) : status;
  }
  // Stryker disable next-line ConditionalExpression: runClusterFilters with no active cluster plugin runs none and returns undefined
  if (cycle.active.length) {
    const status = runClusterFilters(pod, entry ?? entryOf(node, cycle), cycle);
    if (status) return status;
  }
  return runLastFilters(pod, node, usage);
}

/**
 * RunFilterPluginsWithNominatedPods for a node with pods nominated to it that count for the pod (nominator.ts): the
 * filters with them added to the node and, through AddPod, to the cluster plugins' states; when that passes, the
 * filters without them. A rejection says what the nominated pods had to do with it.
 */
function withNominatedPods(pod: PodInfo, node: NodeInfo, usage: NodeUsage, cycle: CycleState, nominated: readonly Pod[]): Status | undefined {
  const base = entryOf(node, cycle);
  const entry = postFilter().nodeWithPods(node, [...base.pods, ...nominated]);
  const first = runFilterPlugins(pod, node, entry.usage, { ...cycle, active: withPodsAdded(pod, cycle.active, nominated, base) }, entry, false);
  if (first) {
    return failure(first.plugin, first.code, first.reasons, () => [...first.details, countedNominated(node.name, nominated, !runFilterPlugins(pod, node, usage, cycle))]);
  }
  const second = runFilterPlugins(pod, node, usage, cycle);
  if (!second) return undefined;
  return failure(second.plugin, second.code, second.reasons, () => [...second.details, `with the pods nominated to ${node.name} counted (${describeNominated(nominated)}) the node passes, but not without them; kube-scheduler requires both, as those pods may yet be scheduled elsewhere (RunFilterPluginsWithNominatedPods)`]);
}

/** The cluster plugins' states once the pods run on `node` too (RunPreFilterExtensionAddPod for each, in order). */
export function withPodsAdded(pod: PodInfo, active: CycleState['active'], pods: readonly Pod[], node: NodeSnapshot): CycleState['active'] {
  let out = active;
  for (const added of pods) {
    let next: CycleState['active'] | undefined;
    out.forEach(({ plugin, state }, i) => {
      const changed = plugin.addPod ? plugin.addPod(pod, state, added, node) : state;
      if (changed !== state) (next ??= out.slice())[i] = { plugin, state: changed };
    });
    if (next) out = next;
  }
  return out;
}

const describeNominated = (pods: readonly Pod[]) =>
  pods.map((p) => `${podNamespace(p)}/${p.metadata?.name ?? ''} (priority ${podPriority().priorityValue(p)})`).join(', ');

function countedNominated(node: string, pods: readonly Pod[], passesWithout: boolean): string {
  const which = `${pods.length === 1 ? 'the pod' : 'the pods'} nominated to ${node}: ${describeNominated(pods)}`;
  const why = `kube-scheduler counts a Pending pod nominated to a node (status.nominatedNodeName, set when its preemption chose the node) as running there for every pod of lower or equal priority (RunFilterPluginsWithNominatedPods)`;
  return passesWithout
    ? `the node is rejected because of ${which}; ${why}. Without ${pods.length === 1 ? 'it' : 'them'} the node would pass`
    : `counted with ${which} (${why}); the node is rejected without ${pods.length === 1 ? 'it' : 'them'} too`;
}

/** The node as the cluster plugins' Filter reads it: its snapshot entry, or the node alone with no pods. */
// Stryker disable next-line ArrayDeclaration: not reached: every caller's cycle is over a snapshot that holds the node (runFilters builds one with it), or has no active cluster plugin
const entryOf = (node: NodeInfo, cycle: CycleState) => cycle.snapshot.byName.get(node.name) ?? buildSnapshot([node.node], new Map()).nodes[0];

/**
 * One pod over prepared nodes: what a node's lazily worked-out details need, and the details once read (by node
 * index), so that a rejected pair's status holds two fields of its own.
 */
interface Row { pod: PodInfo; prepared: PreparedNodes; cycle: CycleState | undefined; details?: Map<number, string[]> }

/**
 * What runFilters' Filter plugins say of the node, without the details: outside the PreFilter result, or the first
 * failing plugin's shared Rejection (its `check`); undefined when they all pass. Only for plugins that all have
 * `check` (podShape).
 */
function filtersReject(pod: PodInfo, node: NodeInfo, usage: NodeUsage): Rejection | undefined {
  const { nodePreFilter, filter } = profile();
  const outside = nodePreFilter.outside(pod, node);
  if (outside) return outside;
  for (let k = 0; k < filter.length; k++) {
    const rejected = filter[k].check!(pod, node, usage);
    if (rejected) return rejected;
  }
  return undefined;
}

/**
 * runFilters' verdict for a pod that no cluster plugin reads the cluster for (an empty CycleState without narrowing):
 * the first rejection of the node plugins (their `check`, else their Filter), then `cluster` (the cluster plugins'
 * Filter in preemption's dry run), then the last filters.
 */
function nodeFiltersReject(pod: PodInfo, node: NodeInfo, usage: NodeUsage, cluster?: () => Status | undefined): Status | undefined {
  const rejected = podRejection(pod);
  if (rejected) return rejected;
  const { nodePreFilter, filter } = profile();
  const outside = nodePreFilter.outside(pod, node);
  if (outside) return outside;
  for (let k = 0; k < filter.length; k++) {
    const plugin = filter[k];
    const r = plugin.check ? plugin.check(pod, node, usage) : plugin.filter(pod, node, usage);
    if (r) return r as Status;
  }
  // the cluster plugins' Filter comes between the node plugins' and the last ones (runFilters)
  return cluster?.() ?? runLastFilters(pod, node, usage);
}

/**
 * The status of node `j` that the Filter plugins reject as they rejected the first node of its shape: the same
 * plugin, code and reasons; the details are the node's own, worked out (by runFilters on it) when first read.
 */
class AlikeStatus implements Status {
  readonly plugin: string;
  readonly code: Status['code'];
  readonly reasons: string[];
  // private (#) so that printing or comparing a Status shows its four fields only; one is made per rejected pair,
  // so it holds no more than it needs
  #row: Row;
  #j: number;
  constructor(first: Rejection, row: Row, j: number) {
    this.plugin = first.plugin;
    this.code = first.code;
    this.reasons = first.reasons as string[];
    this.#row = row;
    this.#j = j;
  }
  get details(): string[] {
    const row = this.#row;
    const j = this.#j;
    let details = row.details?.get(j);
    // Stryker disable next-line ConditionalExpression: a memo; runFilters on the same pod and node gives the same details again
    if (!details) {
      details = runFilters(row.pod, row.prepared.infos[j], row.prepared.usages[j], row.cycle).status!.details;
      (row.details ??= new Map()).set(j, details);
    }
    return details;
  }
  toJSON() {
    return { plugin: this.plugin, code: this.code, reasons: this.reasons, details: this.details };
  }
}

/**
 * Feasible and rejected verdicts, each in node order; `tally`, when given, counts the rejected nodes per reasons
 * array (what fitError counts, without reading every verdict again).
 */
interface Split { feasible: NodeVerdict[]; rejected: NodeVerdict[]; tally?: Tally }
interface Tally { reasons: Array<readonly string[]>; counts: number[] }

function split(verdicts: readonly NodeVerdict[]): Split {
  const out: Split = { feasible: [], rejected: [] };
  for (const v of verdicts) (v.feasible ? out.feasible : out.rejected).push(v);
  return out;
}

// Arrays of a known length are made at that length (no regrowth while filling); V8 keeps fast elements only up to
// a length, past which they are grown by appending as usual.
// Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator,ArrayDeclaration: a length hint only; the arrays are filled from index 0 and grow as written
const sized = <T>(n: number): T[] => (n > 0 && n < 50_000 ? new Array<T>(n) : []);
const NO_NODES: readonly number[] = [];
const NO_NAMES: readonly string[] = [];

/**
 * runFilters for every prepared node, in node order, once per node shape (see matrix-shapes.ts): the first node of a
 * shape is filtered, and a later one takes its rejection (AlikeStatus) or, where the Filter plugins passed the first,
 * gets the cluster plugins' Filter on its own entry (they read the node's topology domains). The nodes the pod
 * singles out by name are filtered one by one. The same verdicts, reasons and details as runFilters node by node.
 */
function nodeVerdicts(pod: PodInfo, prepared: PreparedNodes, cycle: CycleState | undefined, snapshot?: Snapshot): Split {
  const { infos, usages } = prepared;
  // Stryker disable next-line OptionalChaining: cycle is undefined only when podRejection(pod) is set, and `??` stops there
  const whole = podRejection(pod) ?? cycle?.rejection;
  if (whole) return { feasible: [], rejected: infos.map((n) => rejectedVerdict(n.name, whole)) };
  const shape = cycle!.nodeNames ? 'every' : preparation().podShape(pod, profile().filter);
  // the usage now: a node's entry's own, or the prepared one
  const usageAt = (j: number) => (snapshot ? (snapshot.nodes[j].pods.length ? snapshot.nodes[j].usage : prepared.empty) : usages[j]);
  // Stryker disable next-line ConditionalExpression: runFilters node by node gives the verdicts the shapes give (their contract), and the FitError counts them the same without the tally
  if (shape === 'every') return split(infos.map((n, j) => runFilters(pod, n, usageAt(j), cycle)));
  // nodes singled out by name, nodes a pod was assumed onto since the snapshot was prepared, and nodes with pods
  // nominated to them that count for the pod (filtered twice): one by one
  const assumed = snapshot?.assumed;
  const nominated = snapshot?.nominated ? nominator().nominatedNodesFor(pod, snapshot) : NO_NAMES;
  let ownSet: Set<number> | undefined;
  // Stryker disable next-line ConditionalExpression: an empty own set singles out no node, as NO_NODES
  if (shape.singled || assumed || nominated.length) {
    ownSet = new Set(shape.singled ? prepared.shapes.nodesNamed(shape.singled) : NO_NODES);
    if (assumed) for (const j of assumed) ownSet.add(j);
    if (nominated.length) for (const j of prepared.shapes.nodesNamed(nominated)) ownSet.add(j);
  }
  const own = ownSet ? [...ownSet].sort((a, b) => a - b) : NO_NODES;
  const shapes = prepared.shapes.shapesFor(shape.labelKeys);
  const firsts = shapeVerdicts(pod, prepared, shapes, own, ownSet);
  const ownVerdicts = own.map((j) => runFilters(pod, infos[j], usageAt(j), cycle));
  // Stryker disable next-line ConditionalExpression,EqualityOperator: with no active cluster plugin afterFilters runs no cluster Filter, and the general loop gives the same verdicts
  const clusterFilters = cycle!.active.length > 0;
  const lastFilters = lastFiltersRun(pod); // runLastFilters' own test, once per pod
  const row: Row = { pod, prepared, cycle };
  // Stryker disable next-line ConditionalExpression: with no active cluster plugin and no last filter, afterFilters returns undefined for every node: the same verdicts
  return fill(row, shapes.of, firsts, own, ownVerdicts, clusterFilters || lastFilters ? { cycle: cycle!, snapshot, lastFilters, usageAt, shapes: prepared.shapes } : undefined);
}

/**
 * A rejected node's verdict, `{ node, feasible: false, status }`. Made from an empty literal on purpose: V8 may
 * pretenure an object literal's allocation site when a scavenge finds all its recent objects alive (an answer being
 * filled), and from then on allocates every verdict in old space, freed by full collections only (scheduleOn per
 * workload ran 3× slower so); `{}` has no allocation site.
 */
function rejectedVerdict(node: string, status: Status): NodeVerdict {
  const v = {} as NodeVerdict;
  v.node = node;
  v.feasible = false;
  v.status = status;
  return v;
}

/** Per shape, what the Filter plugins say of its first node (not singled out) and how many such nodes it has. */
interface ShapeVerdicts { first: Array<Rejection | undefined>; alike: Int32Array; feasible: number; rejected: number }

function shapeVerdicts(pod: PodInfo, prepared: PreparedNodes, shapes: Shapes, own: readonly number[], ownSet: ReadonlySet<number> | undefined): ShapeVerdicts {
  const { offsets, members, of } = shapes;
  // Stryker disable next-line ArithmeticOperator: a count past the shapes reads undefined offsets (NaN, stored as 0 in the Int32Array): those shapes are skipped
  const count = offsets.length - 1;
  const alike = new Int32Array(count);
  // Stryker disable next-line EqualityOperator: a write past an Int32Array's length is dropped
  for (let s = 0; s < count; s++) alike[s] = offsets[s + 1] - offsets[s];
  // Stryker disable next-line EqualityOperator: own[own.length] is undefined; alike[undefined] is a plain property no one reads
  for (let k = 0; k < own.length; k++) alike[of[own[k]]]--;
  // Stryker disable next-line ArrayDeclaration: `first` is read by index; a hole reads as undefined, as an unset slot does
  const first: Array<Rejection | undefined> = new Array(count);
  let feasible = 0, rejected = 0;
  for (let s = 0; s < count; s++) {
    if (alike[s] === 0) continue;
    // the shape's first node in node order that is not singled out (members are in node order)
    let m = offsets[s];
    if (ownSet) while (ownSet.has(members[m])) m++;
    const j = members[m];
    const r = filtersReject(pod, prepared.infos[j], prepared.usages[j]);
    first[s] = r;
    // Stryker disable next-line AssignmentOperator: shapes.rejected only sizes the rejected array (sized), which grows as filled
    if (r) rejected += alike[s];
    // Stryker disable next-line AssignmentOperator: shapes.feasible only sizes the feasible array (sized), which grows as filled
    else feasible += alike[s];
  }
  return { first, alike, feasible, rejected };
}

/** What the nodes passed by the Filter plugins still go through: the cluster plugins' Filter, NodeDeclaredFeatures. */
interface After { cycle: CycleState; snapshot: Snapshot | undefined; lastFilters: boolean; usageAt: (j: number) => NodeUsage; shapes: NodeShapes }

/**
 * The cluster plugins' passes, shared by the nodes alike in what each plugin reads (ClusterPlugin.reads: nodes alike
 * in those label keys get the same verdict, which scheduleMatrix's groups rest on too): per active plugin, the node's
 * group (undefined: every node on its own) and the groups one of whose nodes passed it. A rejection is not shared:
 * each node a plugin rejects is filtered on its own, so its status and details are its own.
 */
interface SharedPasses { groups: Array<Int32Array | undefined>; passed: Array<Uint8Array | undefined> }

function sharedPasses(cycle: CycleState, shapes: NodeShapes, nodes: number): SharedPasses {
  const groups: SharedPasses['groups'] = [];
  const passed: SharedPasses['passed'] = [];
  for (const { plugin, state } of cycle.active) {
    const read = plugin.reads?.(state);
    const g = read ? shapes.clusterGroups(read) : undefined;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: a group per node shares nothing; sharing it gives the same verdicts
    const shared = g && g.count < nodes ? g : undefined;
    groups.push(shared?.of);
    passed.push(shared && new Uint8Array(shared.count));
  }
  return { groups, passed };
}

/** runClusterFilters on node `j`'s entry, taking a plugin's pass from a node alike to it in what the plugin reads. */
function clusterFiltersShared(pod: PodInfo, j: number, entry: NodeSnapshot, cycle: CycleState, shared: SharedPasses): Status | undefined {
  const { active } = cycle;
  for (let k = 0; k < active.length; k++) {
    const of = shared.groups[k];
    const passed = shared.passed[k];
    if (of && passed![of[j]]) continue;
    const status = active[k].plugin.filter(pod, entry, active[k].state);
    if (status) return status;
    if (of) passed![of[j]] = 1;
  }
  return undefined;
}

/** The verdicts in node order, from the shapes' verdicts and the singled-out nodes' own. */
function fill(row: Row, of: Int32Array, shapes: ShapeVerdicts, own: readonly number[], ownVerdicts: NodeVerdict[], after: After | undefined): Split {
  const { pod, prepared } = row;
  const { infos, names, passes } = prepared;
  const { first } = shapes;
  let ownFeasible = 0;
  for (const v of ownVerdicts) if (v.feasible) ownFeasible++;
  // with the last filters to come, a passing shape's nodes may still be rejected: the lengths are not known
  // Stryker disable next-line ArithmeticOperator: a smaller length hint (never above the count written); the array grows as filled
  const feasible = sized<NodeVerdict>(after ? 0 : shapes.feasible + ownFeasible);
  // Stryker disable next-line ArithmeticOperator: a smaller length hint (never above the count written); the array grows as filled
  const rejected = sized<NodeVerdict>(shapes.rejected + (after ? 0 : ownVerdicts.length - ownFeasible));
  const tally: Tally = { reasons: [], counts: [] };
  // Stryker disable next-line EqualityOperator: first[first.length] is undefined and skipped
  for (let s = 0; s < first.length; s++) {
    const r = first[s];
    if (r) tally.reasons.push(r.reasons), tally.counts.push(shapes.alike[s]);
  }
  // the cluster plugins read a node's entry by name (entryOf); with unique names that is the entry at its position
  const snapshot = after?.snapshot;
  // Stryker disable next-line ConditionalExpression: without entries, entryOf finds the same entry by name (the names are unique there)
  const entries = snapshot && snapshot.byName.size === snapshot.nodes.length ? snapshot.nodes : undefined;
  // (with node names repeated, a node's entry is found by name: no pass is shared)
  const shared = entries && after!.cycle.active.length ? sharedPasses(after!.cycle, after!.shapes, infos.length) : undefined;
  let f = 0, r = 0, k = 0;
  // Stryker disable next-line ConditionalExpression,BlockStatement: the general loop with no own node and no `after` gives the same verdicts and tally
  if (!after && own.length === 0) {
    // the common case, every node a shape's: its rejection or its pass
    for (let j = 0; j < infos.length; j++) {
      const rejection = first[of[j]];
      if (rejection) rejected[r++] = rejectedVerdict(names[j], new AlikeStatus(rejection, row, j));
      else feasible[f++] = passes[j] ??= Object.freeze({ node: names[j], feasible: true as const });
    }
    return { feasible, rejected, tally };
  }
  let next = own.length ? own[0] : -1;
  for (let j = 0; j < infos.length; j++) {
    let v: NodeVerdict;
    if (j === next) {
      v = ownVerdicts[k++];
      // Stryker disable next-line ConditionalExpression,EqualityOperator: own[own.length] is undefined, which no index j equals, as -1
      next = k < own.length ? own[k] : -1;
    } else {
      const rejection = first[of[j]];
      if (rejection) {
        rejected[r++] = rejectedVerdict(names[j], new AlikeStatus(rejection, row, j));
        continue;
      }
      const status = after && afterFilters(pod, j, infos[j], entries, after, shared);
      v = status ? rejectedVerdict(infos[j].name, status) : (passes[j] ??= Object.freeze({ node: infos[j].name, feasible: true }));
    }
    if (v.feasible) feasible[f++] = v;
    else {
      rejected[r++] = v;
      tally.reasons.push(v.status!.reasons);
      tally.counts.push(1);
    }
  }
  return { feasible, rejected, tally };
}

/** The cluster plugins' Filter and NodeDeclaredFeatures for a node the Filter plugins passed. */
function afterFilters(pod: PodInfo, j: number, node: NodeInfo, entries: readonly NodeSnapshot[] | undefined, after: After, shared: SharedPasses | undefined): Status | undefined {
  const { cycle } = after;
  // NodeDeclaredFeatures reads the node's own status.declaredFeatures, which node shapes do not hold: per node
  const cluster = !cycle.active.length ? undefined : shared ? clusterFiltersShared(pod, j, entries![j], cycle, shared) : runClusterFilters(pod, entries ? entries[j] : entryOf(node, cycle), cycle);
  return cluster ??
    (after.lastFilters ? runLastFilters(pod, node, after.usageAt(j)) : undefined);
}

/**
 * A plugin's fix hint (FilterPlugin.fixHint) added to its rejection's details when they are read: the filters run
 * again on the node for the changed pod, as the scheduler would, so a hint never offers a change the next filter
 * still rejects.
 */
function withFixHint(plugin: FilterPlugin, status: Status, pod: PodInfo, node: NodeInfo, usage: NodeUsage, cycle: CycleState): Status {
  const hint = plugin.fixHint!(pod);
  if (!hint) return status;
  const retry = (changed: PodInfo) => runFilters(changed, node, usage, cycleFor(changed, cycle.snapshot));
  return failure(status.plugin, status.code, status.reasons, () => [...status.details, ...hint(node, retry)]);
}

/**
 * The existing pods that are on `nodeName`, as NodeInfo holds them: the scheduler's cache holds assigned pods only
 * (pkg/scheduler/eventhandlers.go addAllEventHandlers: the cache's handler filters on `assignedPod`,
 * `len(pod.Spec.NodeName) != 0`; unassigned pods go to the scheduling queue instead; terminal pods never arrive,
 * scheduler.go newPodInformer's field selector `status.phase!=Succeeded,status.phase!=Failed`).
 * A pod without spec.nodeName is Pending, not on any node, and is counted in `unbound` only.
 */
export function podsOnNode(nodeName: string, existingPods: readonly Pod[] | undefined) {
  const here: Pod[] = [];
  let unbound = 0;
  let elsewhere = 0;
  for (const p of existingPods ?? []) {
    const bound = p.spec?.nodeName;
    if (!bound) unbound++;
    else if (bound !== nodeName) elsewhere++;
    else here.push(p);
  }
  return { here, unbound, elsewhere };
}

export interface ClusterOptions {
  /** The rest of the cluster: topology domains and other nodes' pods come from it (default: the node alone). */
  nodes?: readonly Node[];
  /** Namespace objects; their labels serve namespaceSelector. Other kinds are ignored. */
  namespaces?: readonly KubeObject[];
  /** The storage objects (STORAGE_KINDS), the volume plugins' listers (snapshot.storage). */
  storage?: readonly KubeObject[];
  /** The PodDisruptionBudgets (policy/v1): DefaultPreemption's PDB lister (schedule() reads them; a node's filters do not). */
  podDisruptionBudgets?: readonly KubeObject[];
}

/**
 * The snapshot for checking one node: `nodes` (default `[node]`, with `node` added or put in place of a node of the
 * same name), existing pods on the node they are bound to (pods without spec.nodeName are on no node).
 */
export function clusterAround(node: Node, existingPods?: readonly Pod[], options: ClusterOptions = {}): Snapshot {
  const reusable = options.nodes?.includes(node);
  if (reusable) return sharedSnapshot(options.nodes!, existingPods, options.namespaces, options.storage);
  const name = nodeInfo(node).name;
  const others = (options.nodes ?? []).filter((n) => nodeInfo(n).name !== name);
  const byNode = podsByNode(existingPods);
  byNode.set(name, podsOnNode(name, existingPods).here);
  return buildSnapshot([node, ...others], byNode, options.namespaces, undefined, options.storage);
}

// Checking every node of one cluster in turn (test.each over nodes) must not rebuild the snapshot and rerun the
// PreFilters per node: when `node` is one of `nodes` and every pod is bound, the snapshot does not depend on `node`,
// so it is shared while the same nodes, pods, namespaces and storage objects (compared item by item) are passed again. Keyed by the
// first node, since a matcher may receive a fresh array (e.g. from an iterable) on every call.
interface SharedSnapshot { generation: number; nodes: Node[]; pods?: Pod[]; namespaces?: KubeObject[]; storage?: KubeObject[]; snapshot: Snapshot }
const shared = new WeakMap<Node, SharedSnapshot>();
const sameItems = <T>(a: readonly T[] | undefined, b: readonly T[] | undefined) =>
  // Stryker disable next-line ConditionalExpression,LogicalOperator: with `false` or `&&` no stored list (a copy) ever equals one passed: a miss, the same snapshot rebuilt
  a === b ||
  // Stryker disable next-line ConditionalExpression,EqualityOperator,ArrowFunction: each makes two lists of the same items unequal (the node lists always are, `a` a copy): a miss, the same snapshot rebuilt
  (a !== undefined && b !== undefined && a.length === b.length && a.every((x, i) => x === b[i]));

function sharedSnapshot(nodes: readonly Node[], pods: readonly Pod[] | undefined, namespaces: readonly KubeObject[] | undefined, storage: readonly KubeObject[] | undefined): Snapshot {
  const hit = shared.get(nodes[0]);
  // Stryker disable next-line BlockStatement: a miss rebuilds the same snapshot from the same nodes, pods, namespaces and storage
  if (hit && hit.generation === settingsGeneration() && sameItems(hit.nodes, nodes) && sameItems(hit.pods, pods) && sameItems(hit.namespaces, namespaces) && sameItems(hit.storage, storage)) {
    return hit.snapshot;
  }
  const snapshot = buildSnapshot(nodes, podsByNode(pods), namespaces, undefined, storage);
  // Stryker disable next-line ObjectLiteral: an entry without a generation never hits: the snapshot is rebuilt, the same
  shared.set(nodes[0], {
    generation: settingsGeneration(), nodes: nodes.slice(), pods: pods?.slice(), namespaces: namespaces?.slice(), storage: storage?.slice(), snapshot,
  });
  return snapshot;
}

/** Would kube-scheduler's filters accept this node for the subject's pod? Existing pods bound elsewhere are on their own nodes. */
export function schedulingVerdict(subject: Subject, node: Node, existingPods?: readonly Pod[], options: ClusterOptions = {}): NodeVerdict {
  const snapshot = clusterAround(node, withoutSubject(subject, existingPods).pods, options);
  const pod = podInfo(subject);
  const entry = snapshot.byName.get(nodeInfo(node).name)!;
  return runFilters(pod, entry.info, entry.usage, cycleFor(pod, snapshot));
}

export interface ScheduleResult {
  feasible: NodeVerdict[];
  /** Every node when the pod is gated (their status is the SchedulingGates one). */
  rejected: NodeVerdict[];
  /**
   * kube-scheduler's FitError text when no node fits, as the FailedScheduling event prints it (FitError.Error()): the
   * Filter part, then the PostFilter's message (` preemption: …`); without that part when the preemption answer is
   * unknown. Undefined for a gated pod.
   */
  fitError?: string;
  /**
   * DefaultPreemption's answer (the PostFilter), present whenever no node fits, the pod is not gated and the cluster
   * has nodes (with none, upstream's ErrNoNodesAvailable runs no PostFilter).
   */
  preemption?: PreemptionOutcome;
  /** Set when spec.schedulingGates is non-empty: the pod stays Pending with PodScheduled=False, reason SchedulingGated. */
  gated?: { gates: string[]; message: typeof SCHEDULING_GATED_MESSAGE };
}

/** Group existing pods by `spec.nodeName` (snapshot.ts groupByNode). */
export const podsByNode = groupByNode;

const NO_CLUSTER: CycleState = { snapshot: buildSnapshot([], new Map()), active: [], narrowedBy: [] };
// (a pod with volumes reads the storage objects: the volume plugins' listers are on the snapshot; without storage
// objects or the storage assumption its claims are not modelled and constrain nothing, and with no pod in the cluster
// no in-tree disk conflicts: the volume plugins pass every node)
const readsCluster = (subject: Subject, storage: readonly KubeObject[] | undefined) =>
  // a configuration's PodTopologySpread defaultConstraints (List) may apply to a pod without constraints: run it (issue 36)
  Boolean(subject.spec.topologySpreadConstraints?.length || subject.spec.affinity?.podAffinity || subject.spec.affinity?.podAntiAffinity) || !argsAreDefault('PodTopologySpread') ||
  (usesVolumes(subject) && hasStorage(storage));

/**
 * `snapshot`, when given, is the cluster (built from `nodes`, the existing pods, namespaces and storage objects) and is
 * used as is. `storage` holds the storage objects (STORAGE_KINDS), beside those of configure({ storage }).
 * `podDisruptionBudgets` (or the given snapshot's) are DefaultPreemption's, run when no node fits.
 */
export function schedule(
  subject: Subject, nodes: readonly Node[], existing?: readonly Pod[], namespaces?: readonly KubeObject[], given?: Snapshot, storage?: readonly KubeObject[],
  podDisruptionBudgets?: readonly KubeObject[],
): ScheduleResult {
  const pod = podInfo(subject);
  const { pods: existingPods, left } = withoutSubject(subject, existing);
  let verdicts: Split;
  let cycle: CycleState | undefined;
  let snapshotOf: Snapshot | undefined;
  let prepared: PreparedNodes | undefined;
  if (!given && !existingPods?.length && !readsCluster(subject, storage)) {
    // No pod in the cluster and no spread or pod-affinity stanza: both cluster plugins would Skip at PreFilter.
    // The nodes are prepared once per node array (preparedNodes), shared by every pod checked against them.
    cycle = NO_CLUSTER;
    prepared = preparation().preparedNodes(nodes, NO_USAGE, profile().filter);
    verdicts = nodeVerdicts(pod, prepared, cycle);
  } else if (!given && !existing?.length && !namespaces?.length && !storage?.length) {
    // A cluster of nodes alone: its shared snapshot (snapshotFor) holds the nodes of the array as they are (never
    // assumed into, each node's entry at its position), so they are prepared once for both paths, and the snapshot
    // is kept with them (the node array compared once per call, not twice).
    prepared = preparation().preparedNodes(nodes, NO_USAGE, profile().filter);
    const snapshot = (snapshotOf = prepared.snapshot ??= snapshotFor(nodes));
    cycle = podRejection(pod) ? undefined : cycleFor(pod, snapshot);
    verdicts = nodeVerdicts(pod, prepared, cycle, snapshot);
  } else {
    // The same cluster (the caller's nodes, pods and namespaces) is prepared once and shared across calls
    // (snapshotFor); a pod among the existing ones is left out of its own cluster, so that one gets its own.
    const snapshot = (snapshotOf = given ?? (left === 0 ? snapshotFor(nodes, existing, namespaces, undefined, storage) : buildSnapshot(nodes, podsByNode(existingPods), namespaces, undefined, storage)));
    cycle = podRejection(pod) ? undefined : cycleFor(pod, snapshot);
    // a snapshot built for this call alone is filtered node by node
    // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator: runFilters node by node gives the verdicts the prepared snapshot's shapes give (their contract); either suits any snapshot
    prepared = given || left === 0 ? preparation().preparedSnapshot(snapshot, NO_USAGE, profile().filter) : undefined;
    verdicts = prepared
      ? nodeVerdicts(pod, prepared, cycle, snapshot)
      : split(snapshot.nodes.map((entry) => runFilters(pod, entry.info, entry.pods.length ? entry.usage : NO_USAGE, cycle)));
  }
  const { feasible, rejected, tally } = verdicts;
  const gates = schedulingGates(subject);
  if (gates.length) return { feasible, rejected, gated: { gates, message: SCHEDULING_GATED_MESSAGE } };
  if (feasible.length) {
    // schedulePod scores when two or more nodes are feasible: a Score plugin that panics takes kube-scheduler down
    if (feasible.length >= 2 && snapshotOf && usesVolumes(subject)) volumeBindingScoreCrash(pod, feasible, snapshotOf);
    return { feasible, rejected, fitError: undefined };
  }
  const filtered = fitErrorOf(nodes.length, pod, cycle, rejected, tally);
  if (nodes.length === 0) return { feasible, rejected, fitError: filtered };
  // Stryker disable next-line ArrayDeclaration: DefaultPreemption reads only the PodDisruptionBudget kind (pdb.ts): an item of another kind changes nothing
  const pdbs = given?.podDisruptionBudgets ?? podDisruptionBudgets ?? [];
  // with no pod in the cluster, the nodes' shared snapshot (their entries hold no pods) is the cluster PostFilter sees
  snapshotOf ??= prepared && (prepared.snapshot ??= snapshotFor(nodes));
  const { runPostFilterPlugins, withPostFilterMessage } = postFilter();
  const preemption = runPostFilterPlugins(profile().postFilter, pod, postFilterHandle(pod, nodes, rejected, snapshotOf, cycle, pdbs, prepared));
  // Stryker disable next-line StringLiteral: an unknown answer has no message, and withPostFilterMessage adds none for it
  const fitError = preemption && !('unknown' in preemption) ? withPostFilterMessage(filtered, preemption.message) : filtered;
  return { feasible, rejected, fitError, ...(preemption ? { preemption } : {}) };
}

/** Some claim of the pod (a claim volume's, a generic ephemeral volume's) has no spec.storageClassName. */
function claimWithoutClass(pod: Pod, snapshot: Snapshot): boolean {
  // Stryker disable next-line StringLiteral: the claim lister reads an empty namespace as "default" too (storage.ts)
  const namespace = pod.metadata?.namespace || 'default';
  // Stryker disable next-line OptionalChaining,ArrayDeclaration: only called for a pod with volumes (usesVolumes), whose created pod has a spec
  return (pod.spec?.volumes ?? []).some((v) => {
    const name = v?.persistentVolumeClaim?.claimName ?? (v?.ephemeral ? k8sStorage().ephemeralClaimName(pod.metadata?.name ?? '', v.name) : undefined);
    const claim = name === undefined ? undefined : snapshot.storage.claim(namespace, name);
    return claim !== undefined && claim.spec?.storageClassName == null;
  });
}

/**
 * VolumeBinding's PreScore and Score over the feasible nodes, for their panic alone (plugins/volumebinding/scoring.ts
 * classResources throws SchedulerCrash): a claim provisioned against a CSIStorageCapacity with its StorageClass only
 * in the beta annotation, when the profile scores with VolumeBinding (StorageCapacityScoring on).
 */
function volumeBindingScoreCrash(pod: PodInfo, feasible: readonly NodeVerdict[], snapshot: Snapshot): void {
  const volumeBinding = profile().score.find((s) => s.plugin.name === 'VolumeBinding')?.plugin;
  // (the claims are looked at first: Score over thousands of nodes for every pod with claims would cost more than placing it)
  if (!volumeBinding || !claimWithoutClass(createdPod(pod.subject), snapshot)) return;
  // Stryker disable next-line ArrayDeclaration: the feasible nodes are the snapshot's own
  const nodes = feasible.flatMap((v) => snapshot.byName.get(v.node) ?? []);
  const state = volumeBinding.preScore(pod, nodes, snapshot);
  if (state instanceof Skip) return;
  for (const node of nodes) volumeBinding.score(state, node);
}

/**
 * The PostFilter's view of the cycle: every node with the pods the cache holds on it and its Filter status, and
 * RunFilterPluginsWithNominatedPods on a node holding other pods, with the pods nominated to it (nominator.ts).
 */
export function postFilterHandle(
  pod: PodInfo, nodes: readonly Node[], rejected: readonly NodeVerdict[], snapshot: Snapshot | undefined, cycle: CycleState | undefined, pdbs: readonly KubeObject[], prepared?: PreparedNodes,
): PostFilterHandle {
  // Stryker disable next-line ArrowFunction,ArrayDeclaration: not reached: schedule and engine/victims.ts always pass the snapshot
  const { nodeDryRun, nodeWithPods } = postFilter();
  const entries = snapshot ? snapshot.nodes : nodes.map((n) => nodeWithPods(nodeInfo(n), []));
  const statusAt = nodeStatuses(rejected, entries, snapshot);
  const alike = prepared && snapshot && cycle ? alikeShapes(pod, prepared, snapshot, cycle) : undefined;
  // RunPreFilterPlugins returns at an UnschedulableAndUnresolvable status (the node plugins' whole-pod rejection or a
  // cluster plugin's) or when the merged PreFilterResult leaves no node; an Unschedulable one lets the rest run
  // Stryker disable next-line OptionalChaining: cycle is undefined only when podRejection(pod) is set, and `??` stops there
  const whole = podRejection(pod) ?? cycle?.rejection;
  const preFilterStopped = whole?.code === 'UnschedulableAndUnresolvable' || cycle?.nodeNames?.size === 0;
  let base = cycle;
  return {
    nodes: entries.map((entry, j) => ({ entry, status: statusAt(j), alike: alike && alike[j] >= 0 ? alike[j] : undefined })),
    preFilterStopped,
    podDisruptionBudgets: withStatus(pdbs, entries),
    // Stryker disable next-line AssignmentOperator,LogicalOperator: base is the cycle cycleFor gave for this pod and snapshot (the same object again) or NO_CLUSTER, whose verdicts a fresh PreFilter over the nodes alone repeats; the snapshot is always given
    dryRun: (entry) => nodeDryRun(pod, entry, (base ??= cycleFor(pod, snapshot ?? buildSnapshot(nodes, new Map()))), filterOnEntry, snapshot ? nominator().nominatedPodsFor(pod, snapshot, entry.info.name) : NO_PODS, withPodsAdded),
  };
}

/**
 * The Filter status of the node at each position, as upstream's NodeToStatus keeps it: by node name (with a name
 * repeated, the last node's). The rejected verdicts are in node order, so with every node rejected and the names
 * unique each is read at its own position rather than through a map of thousands of names per pod.
 */
function nodeStatuses(rejected: readonly NodeVerdict[], entries: readonly NodeSnapshot[], snapshot: Snapshot | undefined): (j: number) => Status | undefined {
  const unique = snapshot !== undefined && snapshot.byName.size === entries.length;
  // Stryker disable next-line MethodExpression: the rejected verdicts are in node order, so with as many as there are nodes either every one or none is at its own position
  if (unique && rejected.length === entries.length && rejected.every((v, j) => v.node === entries[j].info.name)) return (j) => rejected[j].status;
  const statuses = new Map<string, Status>();
  for (const v of rejected) statuses.set(v.node, v.status!);
  return (j) => statuses.get(entries[j].info.name);
}

/**
 * Each node's shape for the pod's Filter plugins (matrix-shapes.ts) where the nodes of a shape filter the pod alike
 * whatever pods they hold, as long as those pods are alike too (preemption shares their dry runs); -1 for a node the
 * pod singles out, one assumed into since the shapes were made, or one with pods nominated to it. Undefined when no
 * node's verdict follows its shape: a cluster plugin reads the cluster (PodTopologySpread, InterPodAffinity, the
 * volume plugins), the PreFilter narrowed the nodes, or a last Filter plugin, which the shapes leave out, runs.
 */
function alikeShapes(pod: PodInfo, prepared: PreparedNodes, snapshot: Snapshot, cycle: CycleState): Int32Array | undefined {
  if (podRejection(pod) || cycle.rejection || cycle.active.length || cycle.nodeNames || lastFiltersRun(pod)) return undefined;
  const shape = preparation().podShape(pod, profile().filter);
  if (shape === 'every') return undefined;
  let of = prepared.shapes.shapesFor(shape.labelKeys).of;
  const own = [...(shape.singled ? prepared.shapes.nodesNamed(shape.singled) : NO_NODES), ...(snapshot.assumed ?? NO_NODES), ...prepared.shapes.nodesNamed(nominator().nominatedNodesFor(pod, snapshot))];
  if (own.length) {
    of = of.slice();
    for (const j of own) of[j] = -1;
  }
  return of;
}

/**
 * RunFilterPluginsWithNominatedPods in preemption's dry run: the Filter plugins on an entry holding other pods than
 * the snapshot's, the cluster plugins with the states `cycle` holds for it (their PreFilter is not run again).
 */
const filterOnEntry = (pod: PodInfo, entry: NodeSnapshot, cycle: CycleState): Status | undefined =>
  podRejection(pod) ?? cycle.rejection ?? nodeFiltersReject(pod, entry.info, entry.usage, cycle.active.length ? () => runClusterFilters(pod, entry, cycle) : undefined);

/**
 * The PDBs as the scheduler's lister holds them: a dump's with the status the disruption controller wrote; a
 * manifest's without one gets the status that controller computes over the cluster's pods (k8s/disruption.ts
 * pdbStatus: an integer minAvailable counts the selected pods; maxUnavailable and percentages need the pods'
 * controllers' scale, which the scheduler's inputs do not hold, so they get the controller's failSafe, 0 allowed).
 */
function withStatus(pdbs: readonly KubeObject[], entries: readonly NodeSnapshot[]): readonly KubeObject[] {
  // Stryker disable next-line MethodExpression,ArrowFunction,LogicalOperator: a fast path: the map below keeps every PDB with a status (and every other object) as it is
  if (pdbs.every((p) => p.kind !== 'PodDisruptionBudget' || (p as PodDisruptionBudget).status)) return pdbs;
  const pods = entries.flatMap((e) => e.pods);
  const { pdbStatus } = disruption();
  return pdbs.map((p) => (p.kind !== 'PodDisruptionBudget' || (p as PodDisruptionBudget).status ? p : { ...p, status: pdbStatus(p as PodDisruptionBudget, pods).status } as KubeObject));
}

/** FitError.Error(): `0/N nodes are available: ` + reason histogram sorted as strings, or the PreFilter message. A gated pod never gets one. */
export function fitError(numAllNodes: number, pod: PodInfo, rejected: readonly NodeVerdict[], cycle?: CycleState): string {
  return fitErrorOf(numAllNodes, pod, cycle, rejected);
}

/** fitError, from the rejected nodes' tally when nodeVerdicts kept one (the same counts), else from the verdicts. */
function fitErrorOf(numAllNodes: number, pod: PodInfo, cycle: CycleState | undefined, rejected: readonly NodeVerdict[], tally?: Tally): string {
  const head = `0/${numAllNodes} nodes are available:`;
  const whole = podRejection(pod) ?? cycle?.rejection;
  if (whole) return `${head} ${whole.reasons.join(', ')}.`;
  const counts = new Map<string, number>();
  const add = (reasons: readonly string[], n: number) => {
    for (const r of reasons) counts.set(r, (counts.get(r) ?? 0) + n);
  };
  // Stryker disable next-line ConditionalExpression: the verdicts' run-length count gives the counts the tally gives
  if (tally) {
    // Stryker disable next-line ConditionalExpression,EqualityOperator: every tally count is at least 1 (a shape with nodes left, or one own node), and counts[length] is undefined
    for (let k = 0; k < tally.reasons.length; k++) if (tally.counts[k]) add(tally.reasons[k], tally.counts[k]);
  } else {
    // nodes of one shape share their reasons array: counted a run at a time
    let run: readonly string[] | undefined;
    let length = 0;
    for (const v of rejected) {
      const reasons = v.status!.reasons;
      // Stryker disable next-line ConditionalExpression,BlockStatement: a run cut short is added in pieces: the same sums
      if (reasons === run) {
        length++;
        continue;
      }
      if (run) add(run, length);
      run = reasons;
      length = 1;
    }
    if (run) add(run, length);
  }
  // Stryker disable next-line ConditionalExpression,EqualityOperator: the strings are distinct (one per reason), so a === b never holds, and V8's TimSort only asks whether the result is below 0
  const histogram = [...counts].map(([reason, n]) => `${n} ${reason}`).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return histogram.length ? `${head} ${histogram.join(', ')}.` : head;
}

// The Filter verdict of every (workload, node) pair, one byte each, for reports over thousands of nodes.
// Same verdicts as schedule()/scheduleOn: a plugin's `check` is its `filter` without the details. Nodes that
// every plugin reads alike (see NodeReads in framework.ts) share one evaluation per pod: node shapes. The cluster
// plugins (PodTopologySpread, InterPodAffinity) run their PreFilter once per pod over one snapshot per call, and
// their Filter once per group of nodes alike in the label keys it reads (ClusterPlugin.reads in cycle.ts).
import type { KubeObject, Node, Pod } from '../core/types';
import { assertNode, isNode, preview, type Subject } from '../k8s/subject';
import { assertStructure, diagnosed } from '../loader/structure';
import { subjectOf } from '../k8s/subject';
import { nodeInfo, nodeUsage, podInfo, type FilterPlugin, type NodeInfo, type NodeReads, type NodeUsage, type PodInfo, type Resources } from './framework';
import { cycleFor, lastFiltersRun, podRejection, podsByNode, runFilters, runLastFilters, schedule, type NodeVerdict } from '.';
import { DEFAULT_PROFILE, profile, type Profile } from './profile';
import { runClusterFilters, type CycleState } from './cycle';
import { buildSnapshot, hasStorage, nominatedIn, usesVolumes, withoutSubject, type Snapshot } from './snapshot';
import { NodeShapes, type Shapes } from './matrix-shapes';
import { modelledStorage } from './storage-model';
import { podUsesClaims } from '../admission/pod-claims';
import { createdPod } from '../admission/create';
import { argsAreDefault } from './plugin-args';
import { profileFor, servedFitError, underPodProfile } from './config/select';

/** Codes of the matrix bytes (the encoding of ../shared/perf): 0 feasible, then one per plugin; others from 8 in order seen. */
export const PLUGIN_CODES: Readonly<Record<string, number>> = DEFAULT_PROFILE.matrixCodes;

/** The plugin names by code: `Feasible`, then the profile's codes in order. */
// Stryker disable next-line ArithmeticOperator,ArrowFunction,MethodExpression: the codes are written in their order (profile.ts): sorted or not, the same names
const codeNames = (codes: Profile['matrixCodes']) => ['Feasible', ...Object.keys(codes).sort((a, b) => codes[a] - codes[b])];

export interface ScheduleMatrixOptions {
  /** Pods already bound to nodes (by spec.nodeName), as for scheduleOn. */
  existingPods?: readonly Pod[];
  /** Evaluate each node shape once per pod (default true); false evaluates every pair. Same verdicts either way. */
  shapes?: boolean;
  /** The storage objects (STORAGE_KINDS), beside configure({ storage })'s: the volume plugins' listers. */
  storage?: readonly KubeObject[];
}

export interface VerdictMatrix {
  readonly workloads: number;
  readonly nodes: number;
  /** One byte per pair, workload-major (`codes[w * nodes + n]`): 0 feasible, else the first failing plugin's code. */
  readonly codes: Uint8Array;
  /** Plugin names by code: `plugins[codes[i]]`; `plugins[0]` is "Feasible". */
  readonly plugins: readonly string[];
  /**
   * How many evaluations were made: of the node filters, one per node shape and pod with shapes on; plus of the
   * cluster filters (PodTopologySpread, InterPodAffinity), one per group of nodes alike in what they read.
   */
  readonly evaluations: number;
  code(workload: number, node: number): number;
  /** One pair's full verdict (plugin, kube-scheduler's reasons, our details), worked out now for that pair. */
  verdict(workload: number, node: number): NodeVerdict;
  /**
   * kube-scheduler's FitError text for a workload no node fits; undefined when a node fits or the pod is gated. For a
   * pod no profile serves (it never reaches a cycle, so has none), why it stays Pending, as scheduleOn says it.
   */
  fitError(workload: number): string | undefined;
}

/**
 * Pods whose verdicts read other nodes and their pods (topology spread, pod (anti-)affinity — their own, or an
 * existing pod's required anti-affinity, which InterPodAffinity checks for every incoming pod): the cluster
 * plugins' PreFilter runs for them (the others' would Skip, as in schedule()).
 */
function readsCluster(subject: Subject, existingAntiAffinity: boolean, storage: boolean): boolean {
  // Stryker disable next-line ConditionalExpression,BooleanLiteral: without cluster filters the PreFilter run finds no active plugin: no cycle either way
  if (profile().clusterFilter.length === 0) return false;
  // Stryker disable next-line ConditionalExpression: a PreFilter run for a pod no cluster plugin reads finds none active: the same verdicts
  if (existingAntiAffinity) return true;
  const spec = subject.spec;
  // a pod with volumes where the volume plugins can see its storage, or where existing pods may hold its in-tree disks
  // a configuration's PodTopologySpread defaultConstraints (List) may apply to a pod without constraints (issue 36)
  if (!argsAreDefault('PodTopologySpread')) return true;
  return Boolean(spec.topologySpreadConstraints?.length || spec.affinity?.podAffinity || spec.affinity?.podAntiAffinity) || (storage && usesVolumes(subject));
}

/**
 * Which workloads may find pods of their own among the existing pods (withoutSubject: a Pod itself, as a dump holds it,
 * or the pods a DaemonSet's rollout replaces): by the pods' objects, uids, names and controlling DaemonSets' names,
 * gathered once per call, so that the exact walk over the pods is made only for those.
 */
function mayOwnPods(pods: readonly Pod[] | undefined): (subject: Subject) => boolean {
  if (!pods?.length) return () => false;
  const objects = new Set<object>(pods);
  const keys = new Set<unknown>();
  const daemonSets = new Set<unknown>();
  for (const p of pods) {
    keys.add(p.metadata?.uid).add(p.metadata?.name);
    const owners = p.metadata?.ownerReferences;
    if (Array.isArray(owners)) for (const o of owners) if (o?.kind === 'DaemonSet') daemonSets.add(o.name);
  }
  return (s) => {
    const meta = (s.object as Pod).metadata;
    if (s.kind === 'DaemonSet') return daemonSets.has(meta?.name);
    return s.kind === 'Pod' && (objects.has(s.object) || (meta?.uid !== undefined && keys.has(meta.uid)) || (!!meta?.name && keys.has(meta.name)));
  };
}

/** Some existing pod has required anti-affinity terms (they may reject any incoming pod). */
function anyRequiredAntiAffinity(pods: readonly Pod[] | undefined): boolean {
  // Stryker disable next-line ArrayDeclaration,ConditionalExpression,EqualityOperator: true more often only runs the PreFilter for more pods (none active for them): the same verdicts
  return (pods ?? []).some((p) => (p.spec?.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.length ?? 0) > 0);
}
type Check = NonNullable<FilterPlugin['check']>;
type CheckAll = (pod: PodInfo, node: NodeInfo, usage: NodeUsage) => number;

const pass: Check = () => undefined;

/**
 * The checks in order as one function returning the first failing plugin's code. Up to eight checks get a call
 * site each (one target each, so V8 can inline them) instead of a loop over one megamorphic call site.
 */
function chain(checks: readonly Check[], codes: readonly number[]): CheckAll {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: the loop and the unrolled calls check alike
  if (checks.length > 8) {
    return (pod, node, usage) => {
      for (let k = 0; k < checks.length; k++) if (checks[k](pod, node, usage)) return codes[k];
      return 0;
    };
  }
  const [c0 = pass, c1 = pass, c2 = pass, c3 = pass, c4 = pass, c5 = pass, c6 = pass, c7 = pass] = checks;
  const [k0, k1, k2, k3, k4, k5, k6, k7] = codes;
  return (pod, node, usage) =>
    c0(pod, node, usage) ? k0
    : c1(pod, node, usage) ? k1
    : c2(pod, node, usage) ? k2
    : c3(pod, node, usage) ? k3
    : c4(pod, node, usage) ? k4
    : c5(pod, node, usage) ? k5
    : c6(pod, node, usage) ? k6
    : c7(pod, node, usage) ? k7
    : 0;
}

const votes = new Int32Array(256);

/**
 * The row at `at` from the shapes' verdicts (the first `count`): the most common verdict everywhere (one fill),
 * then the other shapes' nodes. The majority is a speed choice: any verdict filled first gives the same row, since
 * every shape of another verdict is written after (hence the mutants marked below).
 */
function fillRow(codes: Uint8Array, at: number, verdicts: Uint8Array, count: number, shapes: Shapes): void {
  const { members, offsets } = shapes;
  let majority = 0;
  // Stryker disable next-line BlockStatement,ConditionalExpression,EqualityOperator: any majority (see above)
  for (let s = 0; s < count; s++) {
    const v = verdicts[s];
    // Stryker disable next-line ArithmeticOperator,AssignmentOperator: any majority (see above)
    votes[v] += offsets[s + 1] - offsets[s];
    // Stryker disable next-line ConditionalExpression,EqualityOperator: any majority (see above)
    if (votes[v] > votes[majority]) majority = v;
  }
  // Stryker disable next-line ConditionalExpression,EqualityOperator: any majority (see above)
  for (let s = 0; s < count; s++) votes[verdicts[s]] = 0;
  codes.fill(majority, at, at + shapes.of.length);
  // Stryker disable next-line EqualityOperator: any majority (see above)
  for (let s = 0; s < count; s++) {
    const v = verdicts[s];
    // Stryker disable next-line ConditionalExpression: any majority (see above)
    if (v === majority) continue;
    for (let k = offsets[s]; k < offsets[s + 1]; k++) codes[at + members[k]] = v;
  }
}

/** FNV-1a of the first `count` verdicts: rows are looked up by it (and compared), no string built. */
// Stryker disable all: a hash only finds earlier rows faster; sameVerdicts decides
function hashOf(verdicts: Uint8Array, count: number): number {
  let h = 0x811c9dc5;
  for (let s = 0; s < count; s++) h = Math.imul(h ^ verdicts[s], 0x01000193);
  return h >>> 0;
}
// Stryker restore all

function sameVerdicts(a: Uint8Array, b: Uint8Array, count: number): boolean {
  for (let s = 0; s < count; s++) if (a[s] !== b[s]) return false;
  return true;
}

class MatrixRun {
  readonly subjects: Subject[];
  /** Every workload's PodInfo, built in one loop before the rows (interleaved with the rows it ran about 2× slower, cold). */
  readonly pods: PodInfo[];
  readonly infos: NodeInfo[];
  readonly byNode: Map<string, Pod[]>;
  /** The nodes with Pending pods nominated to them (the nominator's), by index: filtered by runFilters for every pod. */
  readonly nominatedAt: readonly number[];
  readonly empty = nodeUsage([]);
  readonly usages: NodeUsage[];
  readonly existingAntiAffinity: boolean;
  /** The volume plugins can see something of a pod's volumes: storage objects or the assumption (hasStorage), or existing pods (in-tree disk conflicts). */
  readonly storage: boolean;
  readonly W: number;
  readonly N: number;
  readonly profile = profile();
  readonly plugins: readonly FilterPlugin[] = this.profile.filter;
  readonly names = codeNames(this.profile.matrixCodes);
  /** Plugins without `check` (or without `reads`) are evaluated through runFilters, pair by pair. */
  readonly fast: boolean;
  readonly shared: boolean;
  readonly checkAll: CheckAll;
  readonly shapes: NodeShapes;
  evaluations = 0;
  private snap: Snapshot | undefined;
  private unique: boolean | undefined;
  readonly clusterVerdicts: Int16Array;
  readonly codes: Uint8Array;
  readonly marked: Uint8Array;
  /** Rows are few (pods differ, their verdicts per shape seldom do): a row seen before is copied, not filled. */
  readonly rowsSeen = new Map<Shapes, Map<number, Array<{ verdicts: Uint8Array; row: number }>>>();
  readonly verdicts: Uint8Array;
  /** The label keys the plugins read for the pod at hand. */
  // Stryker disable next-line ArrayDeclaration: emptied at each row before use
  readonly labelKeys: string[] = [];
  /**
   * Per workload whose own pods are among the existing ones (withoutSubject): the cluster without them, as schedule()
   * builds it for that pod; its row is filtered node by node over it.
   */
  readonly apart = new Map<number, { pods: readonly Pod[] | undefined; snapshot?: Snapshot; cycle?: CycleState }>();

  constructor(workloads: readonly KubeObject[], nodes: readonly Node[], readonly options: ScheduleMatrixOptions) {
    this.subjects = workloads.map((w) => subjectOf(w));
    this.pods = this.subjects.map((s) => podInfo(s));
    this.infos = nodes.map((n, i) => nodeInfo(isNode(n) ? n : assertNode(n, `Node (nodes[${i}])`)));
    this.byNode = podsByNode(options.existingPods);
    this.usages = this.infos.map((n) => (this.byNode.has(n.name) ? nodeUsage(this.byNode.get(n.name)) : this.empty));
    this.existingAntiAffinity = anyRequiredAntiAffinity(options.existingPods);
    this.storage = hasStorage(options.storage) || (options.existingPods?.length ?? 0) > 0;
    this.W = this.subjects.length;
    this.N = this.infos.length;
    this.fast = this.plugins.every((p) => p.check);
    this.shared = this.fast && options.shapes !== false && this.plugins.every((p) => p.reads);
    this.checkAll = chain(this.plugins.map((p) => p.check!), this.plugins.map((p) => this.codeOf(p.name)));
    this.shapes = new NodeShapes(this.infos, this.usages, this.empty, this.plugins);
    const nominated = nominatedIn(this.byNode);
    this.nominatedAt = nominated ? this.shapes.nodesNamed([...nominated.keys()]) : [];
    this.clusterVerdicts = new Int16Array(this.N + 1);
    this.codes = new Uint8Array(this.W * this.N);
    this.marked = new Uint8Array(this.N);
    this.verdicts = new Uint8Array(this.N);
    const mayOwn = mayOwnPods(options.existingPods);
    this.subjects.forEach((s, i) => {
      if (!mayOwn(s)) return;
      const { pods, left } = withoutSubject(s, options.existingPods);
      if (left) this.apart.set(i, { pods });
    });
  }

  codeOf(plugin: string): number {
    // Stryker disable next-line EqualityOperator: codeOf is never asked for 'Feasible' (code 0)
    let c = this.names.indexOf(plugin);
    if (c < 0) {
      if (this.names.length > 255) throw new RangeError('scheduleMatrix: more than 248 other plugin names');
      c = this.names.push(plugin) - 1;
    }
    return c;
  }

  evaluate(pod: PodInfo, j: number, cycle?: CycleState): number {
    this.evaluations++;
    // Stryker disable next-line ConditionalExpression: runFilters gives the verdict the checks give (their contract)
    if (!this.fast) {
      // `cycle`: the pod's, without the cluster filters (they run after, in clusterFilters)
      const v = runFilters(pod, this.infos[j], this.usages[j], cycle);
      return v.feasible ? 0 : this.codeOf(v.status!.plugin);
    }
    // NodeAffinity's (and from v1.37 NodeName's) PreFilter: nodes outside the result are never filtered (as in runFilters).
    const outside = this.profile.nodePreFilter.outside(pod, this.infos[j]);
    if (outside) return this.codeOf(outside.plugin);
    return this.checkAll(pod, this.infos[j], this.usages[j]);
  }

  /**
   * The shapes' representatives for a pod that singles out no node name (so neither PreFilter narrows the nodes:
   * both narrow to names the pod singles out), into `verdicts`: the checks alone.
   */
  private evaluateShapes(pod: PodInfo, reps: readonly number[]): void {
    const { verdicts, infos, usages, checkAll } = this; // shapes are on: every plugin has `check` (this.fast)
    this.evaluations += reps.length;
    for (let s = 0; s < reps.length; s++) verdicts[s] = checkAll(pod, infos[reps[s]], usages[reps[s]]);
  }

  /**
   * The storage given, with every workload's claims as the model holds them (storage-model.ts). Only the volume
   * plugins read it, for a pod with volumes (they Skip every other: usesVolumes); when no pod that reads the cluster
   * has any, the model (a created pod per claim user) is left unbuilt.
   */
  private modelStorage(): readonly KubeObject[] | undefined {
    if (!this.subjects.some((s) => usesVolumes(s) && readsCluster(s, this.existingAntiAffinity, this.storage))) return this.options.storage;
    // Stryker disable next-line MethodExpression: modelledStorage adds nothing for a pod without claims
    const users = this.subjects.filter(podUsesClaims).map(createdPod);
    return users.length ? modelledStorage(users, this.options.storage) : this.options.storage;
  }

  /** One snapshot for the call, as schedule() builds per pod: the cluster plugins' PreFilter state is per pod over it. */
  snapshot(): Snapshot {
    return (this.snap ??= buildSnapshot(this.infos.map((n) => n.node), this.byNode, undefined, undefined, this.modelStorage()));
  }

  uniqueNames(): boolean {
    return (this.unique ??= this.snapshot().byName.size === this.N);
  }

  fillFromShapes(i: number, count: number, shapes: Shapes, remember: boolean): void {
    const { codes, verdicts, N } = this;
    let seen = this.rowsSeen.get(shapes);
    // Stryker disable next-line ConditionalExpression: a memo of rows; a row filled again is the same row
    if (!seen) this.rowsSeen.set(shapes, (seen = new Map()));
    const hash = hashOf(verdicts, count);
    const alike = seen.get(hash);
    // Stryker disable next-line BlockStatement,ConditionalExpression: a row filled instead of copied is the same row
    if (alike) {
      // Stryker disable next-line BlockStatement: a row filled instead of copied is the same row
      for (const earlier of alike) {
        if (!sameVerdicts(earlier.verdicts, verdicts, count)) continue;
        codes.copyWithin(i * N, earlier.row * N, (earlier.row + 1) * N);
        return;
      }
    }
    fillRow(codes, i * N, verdicts, count, shapes);
    // a row with nodes singled out by name is not a pattern for others
    if (remember) {
      const entry = { verdicts: verdicts.slice(0, count), row: i };
      // Stryker disable next-line ConditionalExpression: an earlier row forgotten is filled again: the same row
      if (alike) alike.push(entry);
      // Stryker disable next-line ArrayDeclaration: a row not remembered is filled again: the same row
      else seen.set(hash, [entry]);
    }
  }

  /**
   * The cluster plugins' PreFilter for workload `i` (once per pod over the one snapshot, as schedule() for each
   * pod). Returns the cycle for the row, or 'done' when it filled the row itself (a rejection or a PreFilterResult).
   */
  private preFilter(i: number, pod: PodInfo): CycleState | undefined | 'done' {
    // Stryker disable next-line ConditionalExpression: a PreFilter run for a pod no cluster plugin reads finds none active: the same verdicts
    if (!readsCluster(this.subjects[i], this.existingAntiAffinity, this.storage)) return undefined;
    const { codes, N } = this;
    const at = i * N;
    const cycle = cycleFor(pod, this.snapshot());
    if (cycle.rejection) {
      codes.fill(this.codeOf(cycle.rejection.plugin), at, at + N);
      return 'done';
    }
    if (cycle.nodeNames) {
      // a cluster plugin's PreFilterResult: the nodes left out get runFilters' status for them
      for (let j = 0; j < N; j++) {
        this.evaluations++;
        const v = runFilters(pod, this.infos[j], this.usages[j], cycle);
        codes[at + j] = v.feasible ? 0 : this.codeOf(v.status!.plugin);
      }
      return 'done';
    }
    return cycle.active.length === 0 ? undefined : cycle;
  }

  /** The row of workload `i`. */
  row(i: number): void {
    const { codes, N, plugins, labelKeys, verdicts, marked } = this;
    const pod = this.pods[i];
    const at = i * N;
    const whole = podRejection(pod);
    if (whole) {
      codes.fill(this.codeOf(whole.plugin), at, at + N);
      return;
    }
    if (this.apart.has(i)) {
      for (let j = 0; j < N; j++) {
        this.evaluations++;
        const v = this.apartVerdict(i, j);
        codes[at + j] = v.feasible ? 0 : this.codeOf(v.status!.plugin);
      }
      return;
    }
    const cycle = this.preFilter(i, pod);
    if (cycle === 'done') return;
    const filtersOnly = cycle && { ...cycle, active: [] };
    const needsFeatures = lastFiltersRun(pod);
    // The node names the pod singles out (nodeName, matchFields, the PreFilter's names): those nodes are
    // evaluated one by one; any other name is alike to the pod.
    let singled: string[] | undefined;
    let everyNode = !this.shared;
    if (pod.nodeNames) singled = [...pod.nodeNames];
    labelKeys.length = 0;
    for (let k = 0; k < plugins.length && !everyNode; k++) {
      const reads = plugins[k].reads!;
      const names = reads.names?.(pod);
      if (names === 'all') everyNode = true;
      else if (names && names.length) singled = singled ? [...singled, ...names] : [...names];
      const labels = reads.labels?.(pod);
      // Stryker disable next-line EqualityOperator: an undefined key splits no shape
      if (labels) for (let l = 0; l < labels.length; l++) labelKeys.push(labels[l]);
    }
    if (everyNode) {
      for (let j = 0; j < N; j++) codes[at + j] = this.evaluate(pod, j, filtersOnly);
    } else {
      const shapes = this.shapes.shapesFor(labelKeys);
      const reps = shapes.representatives;
      if (!singled) {
        this.evaluateShapes(pod, reps);
        // a row the cluster filters (or NodeDeclaredFeatures) change afterwards is not a pattern for others
        // Stryker disable next-line ConditionalExpression: a row not remembered is filled again: the same row
        this.fillFromShapes(i, reps.length, shapes, !cycle && !needsFeatures);
      } else {
        const own = this.shapes.nodesNamed(singled);
        for (const j of own) marked[j] = 1;
        // Stryker disable next-line EqualityOperator: a verdict past the shapes' count is never read
        for (let s = 0; s < reps.length; s++) {
          // a representative with a name the pod does not single out; a shape of singled-out nodes only needs none
          let k = shapes.offsets[s];
          // Stryker disable next-line ConditionalExpression,EqualityOperator: a shape whose nodes are all singled out has its verdict unread (each is evaluated on its own)
          while (k < shapes.offsets[s + 1] && marked[shapes.members[k]]) k++;
          verdicts[s] = k < shapes.offsets[s + 1] ? this.evaluate(pod, shapes.members[k], filtersOnly) : 0;
        }
        this.fillFromShapes(i, reps.length, shapes, false);
        for (const j of own) {
          codes[at + j] = this.evaluate(pod, j, filtersOnly);
          marked[j] = 0;
        }
      }
    }
    if (cycle) this.clusterFilters(pod, at, cycle);
    if (needsFeatures) this.lastFilters(pod, at);
    // Stryker disable next-line ConditionalExpression: over no nominated node it changes nothing
    if (this.nominatedAt.length) this.nominatedNodes(pod, at);
  }

  /** Node `j`'s verdict for workload `i` over the cluster without the workload's own pods (apart). */
  apartVerdict(i: number, j: number): NodeVerdict {
    const own = this.apart.get(i)!;
    const pod = this.pods[i];
    const snapshot = (own.snapshot ??= buildSnapshot(this.infos.map((n) => n.node), podsByNode(own.pods), undefined, undefined, this.modelStorage()));
    const cycle = podRejection(pod) ? undefined : (own.cycle ??= cycleFor(pod, snapshot));
    const entry = snapshot.nodes[j];
    return runFilters(pod, entry.info, entry.pods.length ? entry.usage : this.empty, cycle);
  }

  /**
   * The nodes with pods nominated to them, through runFilters over the call's snapshot, whose nominator they read
   * (RunFilterPluginsWithNominatedPods): every such node, whether its pods count for this pod or not, since a row
   * may be a copy of another pod's.
   */
  private nominatedNodes(pod: PodInfo, at: number): void {
    const cycle = cycleFor(pod, this.snapshot());
    for (const j of this.nominatedAt) {
      this.evaluations++;
      const v = runFilters(pod, this.infos[j], this.usages[j], cycle);
      this.codes[at + j] = v.feasible ? 0 : this.codeOf(v.status!.plugin);
    }
  }

  /** NodeDeclaredFeatures after the cluster filters, for a pod that needs node features: per node that passed. */
  private lastFilters(pod: PodInfo, at: number): void {
    const { codes, N, infos, usages } = this;
    for (let j = 0; j < N; j++) {
      if (codes[at + j] !== 0) continue;
      this.evaluations++;
      const status = runLastFilters(pod, infos[j], usages[j]);
      if (status) codes[at + j] = this.codeOf(status.plugin);
    }
  }

  /**
   * The cluster plugins' Filter, in order, for the nodes the other filters passed in the row at `at`: once per
   * group of nodes alike in the label keys the plugins read with this pod's state (kubernetes.io/hostname makes
   * every node its own group); per node when a plugin declares nothing, node names repeat, or shapes are off.
   */
  private clusterFilters(pod: PodInfo, at: number, cycle: CycleState): void {
    const { codes, N, infos, clusterVerdicts } = this;
    // Stryker disable next-line ArrayDeclaration: a key no node has splits no group
    const keys: string[] = [];
    let perNode = !this.shared || !this.uniqueNames();
    for (const { plugin, state } of cycle.active) {
      const read = plugin.reads?.(state);
      if (read) keys.push(...read);
      else perNode = true;
    }
    const groups = perNode ? undefined : this.shapes.clusterGroups(keys);
    clusterVerdicts.fill(-1, 0, groups ? groups.count : N);
    const entries = this.snapshot().byName; // runFilters reads the node's entry by name
    // Stryker disable next-line EqualityOperator: past the row, the next row's first byte, written before that row is filled
    for (let j = 0; j < N; j++) {
      if (codes[at + j] !== 0) continue;
      const g = groups ? groups.of[j] : j;
      let v = clusterVerdicts[g];
      // Stryker disable next-line EqualityOperator: a pass (0) filtered again passes again
      if (v < 0) {
        this.evaluations++;
        const status = runClusterFilters(pod, entries.get(infos[j].name)!, cycle);
        clusterVerdicts[g] = v = status ? this.codeOf(status.plugin) : 0;
      }
      codes[at + j] = v;
    }
  }

  result(nodes: readonly Node[]): VerdictMatrix {
    const { subjects, infos, usages, codes, N, existingAntiAffinity, options } = this;
    return {
      workloads: this.W,
      nodes: N,
      codes,
      plugins: this.names,
      evaluations: this.evaluations,
      code: (w, n) => codes[w * N + n],
      verdict: (w, n) => {
        if (this.apart.has(w)) return this.apartVerdict(w, n);
        const pod = podInfo(subjects[w]);
        // Stryker disable next-line ConditionalExpression: with a cycle over the call's snapshot, a pod no cluster plugin reads gets the same verdict
        const alone = !readsCluster(subjects[w], existingAntiAffinity, this.storage) && !this.nominatedAt.includes(n);
        // Stryker disable next-line ConditionalExpression,LogicalOperator: with a cycle over the call's snapshot, a pod no cluster plugin reads (or rejected whole) gets the same verdict
        if (alone || podRejection(pod)) return runFilters(pod, infos[n], usages[n]);
        return runFilters(pod, infos[n], usages[n], cycleFor(pod, this.snapshot()));
      },
      // (under the pod's profile: a pod no profile serves gets why, as scheduleOn says it)
      fitError: (w) => servedFitError(
        readsCluster(subjects[w], existingAntiAffinity, this.storage)
          ? schedule(subjects[w], nodes, options.existingPods, undefined, this.snapshot()).fitError
          : schedule(subjects[w], nodes, options.existingPods).fitError,
      ),
    };
  }
}

/**
 * The arguments' shapes, before anything reads them: arrays of workloads, Nodes and Pods, each workload with the
 * fields the scheduler reads of the JSON structure it reads (loader/structure.ts); the nodes' and existing pods'
 * structure is looked at when the run fails (scheduleMatrix).
 */
function checkInputs(workloads: unknown, nodes: unknown, options: unknown): void {
  const list = (x: unknown, what: string) => {
    if (!Array.isArray(x)) throw new TypeError(`scheduleMatrix: expected ${what} to be an array, received ${preview(x)}`);
    return x as unknown[];
  };
  list(workloads, 'workloads').forEach((w, i) => assertStructure(subjectOf(w).object, `workloads[${i}]`));
  list(nodes, 'nodes').forEach((n, i) => isNode(n) || assertNode(n, `Node (nodes[${i}])`));
  if (typeof options !== 'object' || options === null || Array.isArray(options)) throw new TypeError(`scheduleMatrix: expected options to be { existingPods?, shapes?, storage? }, received ${preview(options)}`);
  const pods = (options as ScheduleMatrixOptions).existingPods;
  if (pods === undefined) return;
  const all = list(pods, 'options.existingPods');
  for (let i = 0; i < all.length; i++) {
    const p = all[i];
    if (typeof p !== 'object' || p === null || (p as Pod).kind !== 'Pod') throw new TypeError(`scheduleMatrix: expected options.existingPods[${i}] to be a Pod (kind: Pod), received ${preview(p)}`);
  }
}

function runMatrix(workloads: readonly KubeObject[], nodes: readonly Node[], options: ScheduleMatrixOptions): VerdictMatrix {
  const run = new MatrixRun(workloads, nodes, options);
  for (let i = 0; i < run.W; i++) run.row(i);
  return run.result(nodes);
}

export function scheduleMatrix(workloads: readonly KubeObject[], nodes: readonly Node[], options: ScheduleMatrixOptions = {}): VerdictMatrix {
  checkInputs(workloads, nodes, options);
  return diagnosed(() => matrixOf(workloads, nodes, options), () => [[nodes, 'nodes', 'Node'], [options.existingPods, 'options.existingPods', 'Pod']]);
}

function matrixOf(workloads: readonly KubeObject[], nodes: readonly Node[], options: ScheduleMatrixOptions): VerdictMatrix {
  const subjects = workloads.map((w) => subjectOf(w));
  const base = profile();
  const profiles = subjects.map((s) => profileFor(s, base));
  if (profiles.every((p) => p === base)) return runMatrix(workloads, nodes, options);
  return perProfile(workloads, subjects, profiles, nodes, options);
}

/**
 * A configuration's profiles, or a pod no profile serves: each pod's row under its own profile (scheduler.go
 * frameworkForPod), one matrix run per profile, the codes merged by plugin name.
 */
function perProfile(workloads: readonly KubeObject[], subjects: readonly Subject[], profiles: readonly Profile[], nodes: readonly Node[], options: ScheduleMatrixOptions): VerdictMatrix {
  const groups = new Map<Profile, number[]>();
  profiles.forEach((p, w) => groups.set(p, [...(groups.get(p) ?? []), w]));
  const N = nodes.length;
  const codes = new Uint8Array(workloads.length * N);
  const names = codeNames(DEFAULT_PROFILE.matrixCodes);
  const codeOf = (name: string) => {
    const c = names.indexOf(name);
    if (c >= 0) return c;
    if (names.length > 255) throw new RangeError('scheduleMatrix: more than 248 other plugin names');
    return names.push(name) - 1;
  };
  const rows: Array<{ m: VerdictMatrix; row: number }> = [];
  let evaluations = 0;
  for (const ws of groups.values()) {
    const m = underPodProfile(subjects[ws[0]], () => runMatrix(ws.map((w) => workloads[w]), nodes, options));
    evaluations += m.evaluations;
    ws.forEach((w, row) => {
      rows[w] = { m, row };
      for (let n = 0; n < N; n++) codes[w * N + n] = codeOf(m.plugins[m.code(row, n)]);
    });
  }
  return {
    workloads: workloads.length,
    nodes: N,
    codes,
    plugins: names,
    evaluations,
    code: (w, n) => codes[w * N + n],
    verdict: (w, n) => underPodProfile(subjects[w], () => rows[w].m.verdict(rows[w].row, n)),
    fitError: (w) => underPodProfile(subjects[w], () => rows[w].m.fitError(rows[w].row)),
  };
}

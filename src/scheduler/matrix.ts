// The Filter verdict of every (workload, node) pair, one byte each, for reports over thousands of nodes.
// Same verdicts as schedule()/scheduleOn: a plugin's `check` is its `filter` without the details. Nodes that
// every plugin reads alike (see NodeReads in framework.ts) share one evaluation per pod: node shapes. The cluster
// plugins (PodTopologySpread, InterPodAffinity) run their PreFilter once per pod over one snapshot per call, and
// their Filter once per group of nodes alike in the label keys it reads (ClusterPlugin.reads in cycle.ts).
import type { KubeObject, Node, Pod } from '../core/types';
import { assertNode, isNode, type Subject } from '../k8s/subject';
import { subjectOf } from '../k8s/subject';
import { nodeInfo, nodeUsage, podInfo, type FilterPlugin, type NodeInfo, type NodeReads, type NodeUsage, type PodInfo, type Resources } from './framework';
import { CLUSTER_PLUGINS, cycleFor, FILTER_PLUGINS, podRejection, podsByNode, runFilters, schedule, type NodeVerdict } from '.';
import { runClusterFilters, type CycleState } from './cycle';
import { buildSnapshot, type Snapshot } from './snapshot';

/** Codes of the matrix bytes (the encoding of ../shared/perf): 0 feasible, then one per plugin; others from 8 in order seen. */
export const PLUGIN_CODES: Readonly<Record<string, number>> = {
  NodeUnschedulable: 1, NodeName: 2, TaintToleration: 3, NodeAffinity: 4, NodeResourcesFit: 5, NodePorts: 6, SchedulingGates: 7,
};

export interface ScheduleMatrixOptions {
  /** Pods already bound to nodes (by spec.nodeName), as for scheduleOn. */
  existingPods?: readonly Pod[];
  /** Evaluate each node shape once per pod (default true); false evaluates every pair. Same verdicts either way. */
  shapes?: boolean;
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
  /** kube-scheduler's FitError text for a workload no node fits; undefined when a node fits or the pod is gated. */
  fitError(workload: number): string | undefined;
}

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * Pods whose verdicts read other nodes and their pods (topology spread, pod (anti-)affinity — their own, or an
 * existing pod's required anti-affinity, which InterPodAffinity checks for every incoming pod): the cluster
 * plugins' PreFilter runs for them (the others' would Skip, as in schedule()).
 */
function readsCluster(subject: Subject, existingAntiAffinity: boolean): boolean {
  if (CLUSTER_PLUGINS.length === 0) return false;
  if (existingAntiAffinity) return true;
  const spec = subject.spec;
  return Boolean(spec.topologySpreadConstraints?.length || spec.affinity?.podAffinity || spec.affinity?.podAntiAffinity);
}

/** Some existing pod has required anti-affinity terms (they may reject any incoming pod). */
function anyRequiredAntiAffinity(pods: readonly Pod[] | undefined): boolean {
  return (pods ?? []).some((p) => (p.spec?.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.length ?? 0) > 0);
}
const SEP = '\u001f';

function resourcesKey(r: Resources): string {
  let key = `${r.milliCPU},${r.memory},${r.ephemeralStorage}`;
  for (const [k, v] of r.scalars) key += `,${part(k)}=${v}`;
  for (const [k, v] of r.exact ?? []) key += `,${part(k)}==${v}`;
  return key;
}

/** A string in a key that no other string can run into: its length first. */
const part = (s: string) => `${s.length}:${s}`;

/**
 * What a NodeReads facet reads of a node, as a value equal (SameValueZero, as Map keys) for nodes the facet cannot
 * tell apart: shared objects (one allocatable per distinct declaration, the empty usage) by identity, else strings.
 */
function facetValue(facet: NodeReads['node'][number], node: NodeInfo, usage: NodeUsage, empty: NodeUsage): unknown {
  if (typeof facet === 'function') return facet(node, usage);
  switch (facet) {
    case 'unschedulable':
      return node.unschedulable;
    case 'taints':
      return node.filterTaintIds.length === 0 ? -1 : node.filterTaintIds.length === 1 ? node.filterTaintIds[0] : node.filterTaintIds.join(',');
    case 'allocatable':
      return node.allocatable; // undefined when there is none, or it cannot be read: unconstrained either way
    case 'usage':
      return usage === empty ? empty : `${usage.pods};${resourcesKey(usage.requested)}`;
    case 'ports':
      return usage.ports.length === 0 ? '' : JSON.stringify(usage.ports.map((p) => [p.ip, p.protocol, p.port]));
  }
}

type Check = NonNullable<FilterPlugin['check']>;
type CheckAll = (pod: PodInfo, node: NodeInfo, usage: NodeUsage) => number;

const pass: Check = () => undefined;

/**
 * The checks in order as one function returning the first failing plugin's code. Up to eight checks get a call
 * site each (one target each, so V8 can inline them) instead of a loop over one megamorphic call site.
 */
function chain(checks: readonly Check[], codes: readonly number[]): CheckAll {
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
 * then the other shapes' nodes.
 */
function fillRow(codes: Uint8Array, at: number, verdicts: Uint8Array, count: number, shapes: Shapes): void {
  const { members, offsets } = shapes;
  let majority = 0;
  for (let s = 0; s < count; s++) {
    const v = verdicts[s];
    votes[v] += offsets[s + 1] - offsets[s];
    if (votes[v] > votes[majority]) majority = v;
  }
  for (let s = 0; s < count; s++) votes[verdicts[s]] = 0;
  codes.fill(majority, at, at + shapes.of.length);
  for (let s = 0; s < count; s++) {
    const v = verdicts[s];
    if (v === majority) continue;
    for (let k = offsets[s]; k < offsets[s + 1]; k++) codes[at + members[k]] = v;
  }
}

/** FNV-1a of the first `count` verdicts: rows are looked up by it (and compared), no string built. */
function hashOf(verdicts: Uint8Array, count: number): number {
  let h = 0x811c9dc5;
  for (let s = 0; s < count; s++) h = Math.imul(h ^ verdicts[s], 0x01000193);
  return h >>> 0;
}

function sameVerdicts(a: Uint8Array, b: Uint8Array, count: number): boolean {
  for (let s = 0; s < count; s++) if (a[s] !== b[s]) return false;
  return true;
}

/** Nodes grouped by shape for one set of label keys: shape index per node, and one representative node per shape. */
interface Shapes {
  of: Int32Array;
  representatives: number[];
  /** The nodes by shape: those of shape s are members[offsets[s]] … members[offsets[s + 1] - 1]. */
  members: Int32Array;
  offsets: Int32Array;
}

export function scheduleMatrix(workloads: readonly KubeObject[], nodes: readonly Node[], options: ScheduleMatrixOptions = {}): VerdictMatrix {
  const subjects: Subject[] = workloads.map((w) => subjectOf(w));
  const infos: NodeInfo[] = nodes.map((n, i) => nodeInfo(isNode(n) ? n : assertNode(n, `Node (nodes[${i}])`)));
  const byNode = podsByNode(options.existingPods);
  const empty = nodeUsage([]);
  const usages: NodeUsage[] = infos.map((n) => (byNode.has(n.name) ? nodeUsage(byNode.get(n.name)) : empty));
  const existingAntiAffinity = anyRequiredAntiAffinity(options.existingPods);

  const W = subjects.length;
  const N = infos.length;
  const plugins: readonly FilterPlugin[] = FILTER_PLUGINS;
  const names = ['Feasible', ...Object.keys(PLUGIN_CODES).sort((a, b) => PLUGIN_CODES[a] - PLUGIN_CODES[b])];
  const codeOf = (plugin: string): number => {
    let c = names.indexOf(plugin);
    if (c < 0) {
      if (names.length > 255) throw new RangeError('scheduleMatrix: more than 248 other plugin names');
      c = names.push(plugin) - 1;
    }
    return c;
  };
  const pluginCodes = plugins.map((p) => codeOf(p.name));
  // Plugins without `check` (or without `reads`) are evaluated through runFilters, pair by pair.
  const fast = plugins.every((p) => p.check);
  const shared = fast && options.shapes !== false && plugins.every((p) => p.reads);

  let evaluations = 0;
  const checkAll = chain(plugins.map((p) => p.check!), pluginCodes);
  const evaluate = (pod: PodInfo, j: number, cycle?: CycleState): number => {
    evaluations++;
    if (!fast) {
      // `cycle`: the pod's, without the cluster filters (they run after, in clusterFilters)
      const v = runFilters(pod, infos[j], usages[j], cycle);
      return v.feasible ? 0 : codeOf(v.status!.plugin);
    }
    // NodeAffinity PreFilter: nodes outside its result are never filtered (runFilters does the same).
    if (pod.nodeNames && !pod.nodeNames.has(infos[j].name)) return PLUGIN_CODES.NodeAffinity;
    return checkAll(pod, infos[j], usages[j]);
  };

  // Node shapes: first an id for everything but labels, once per node; then, per set of label keys the pods
  // read, that id refined by each key's value (an id per distinct value, once per key).
  let base: { of: Int32Array; count: number } | undefined;
  const valueIds = new Map<string, Int32Array>();
  const byLabels = new Map<string, Shapes>();
  const baseIds = (): { of: Int32Array; count: number } => {
    if (base) return base;
    base = { of: new Int32Array(N), count: 1 };
    const noPods = usages.every((u) => u === empty);
    for (const facet of new Set(plugins.flatMap((p) => p.reads!.node))) {
      if (noPods && (facet === 'usage' || facet === 'ports')) continue; // the same for every node
      const values = new Int32Array(N);
      const ids = new Map<unknown, number>();
      for (let j = 0; j < N; j++) {
        const v = facetValue(facet, infos[j], usages[j], empty);
        let id = ids.get(v);
        if (id === undefined) ids.set(v, (id = ids.size));
        values[j] = id;
      }
      if (ids.size > 1) base = refine(base.of, base.count, values);
    }
    return base;
  };
  const valuesOf = (labelKey: string): Int32Array => {
    let out = valueIds.get(labelKey);
    if (out) return out;
    out = new Int32Array(N); // 0: no such label
    const ids = new Map<string, number>();
    for (let j = 0; j < N; j++) {
      const labels = infos[j].labels;
      if (!hasOwn.call(labels, labelKey)) continue;
      const v = labels[labelKey];
      let id = ids.get(v);
      if (id === undefined) ids.set(v, (id = ids.size + 1));
      out[j] = id;
    }
    valueIds.set(labelKey, out);
    return out;
  };
  // The names a pod singles out: one id each (the empty name too: matchFields skip a nameless node), 0 for the rest.
  let byName: Map<string, number[]> | undefined;
  /** The nodes with these names, and the nameless ones (matchFields skip a nameless node). */
  const nodesNamed = (names: readonly string[]): number[] => {
    if (!byName) {
      byName = new Map();
      for (let j = 0; j < N; j++) {
        const at = byName.get(infos[j].name);
        if (at) at.push(j);
        else byName.set(infos[j].name, [j]);
      }
    }
    const out: number[] = [];
    for (const name of new Set(['', ...names])) out.push(...(byName.get(name) ?? []));
    return out;
  };
  const refine = (of: Int32Array, count: number, values: Int32Array): { of: Int32Array; count: number } => {
    let distinct = 0;
    for (let j = 0; j < N; j++) if (values[j] > distinct) distinct = values[j];
    const width = distinct + 1;
    const next = new Int32Array(N);
    let ids = 0;
    if (count * width <= 4 * N + 1024) {
      const table = new Int32Array(count * width).fill(-1);
      for (let j = 0; j < N; j++) {
        const k = of[j] * width + values[j];
        if (table[k] < 0) table[k] = ids++;
        next[j] = table[k];
      }
    } else {
      const table = new Map<number, number>();
      for (let j = 0; j < N; j++) {
        const k = of[j] * width + values[j]; // < N * (N + 2): exact as a number
        let id = table.get(k);
        if (id === undefined) table.set(k, (id = ids++));
        next[j] = id;
      }
    }
    return { of: next, count: ids };
  };
  const shapesFor = (labelKeys: readonly string[]): Shapes => {
    const sorted = labelKeys.length < 2 ? labelKeys : [...new Set(labelKeys)].sort();
    const sig = sorted.length === 0 ? '' : sorted.length === 1 ? sorted[0] : sorted.join(SEP);
    let shapes = byLabels.get(sig);
    if (shapes) return shapes;
    let cur = baseIds();
    for (const k of sorted) cur = refine(cur.of, cur.count, valuesOf(k));
    const of = cur.of;
    const representatives: number[] = new Array(cur.count);
    for (let j = N - 1; j >= 0; j--) representatives[of[j]] = j;
    const offsets = new Int32Array(cur.count + 1);
    for (let j = 0; j < N; j++) offsets[of[j] + 1]++;
    for (let k = 0; k < cur.count; k++) offsets[k + 1] += offsets[k];
    const members = new Int32Array(N);
    const at = offsets.slice(0, cur.count);
    for (let j = 0; j < N; j++) members[at[of[j]]++] = j;
    shapes = { of, representatives, members, offsets };
    byLabels.set(sig, shapes);
    return shapes;
  };

  // One snapshot for the call, as schedule() builds per pod: the cluster plugins' PreFilter state is per pod over it.
  let snap: Snapshot | undefined;
  const snapshot = (): Snapshot => (snap ??= buildSnapshot(infos.map((n) => n.node), byNode));
  let unique: boolean | undefined;
  const uniqueNames = (): boolean => (unique ??= snapshot().byName.size === N);
  // Nodes grouped by their values of a set of label keys alone (having a key or not counts): what a cluster Filter reads.
  const byClusterKeys = new Map<string, { of: Int32Array; count: number }>();
  const clusterGroups = (labelKeys: readonly string[]): { of: Int32Array; count: number } => {
    const sorted = [...new Set(labelKeys)].sort();
    const sig = sorted.join(SEP);
    let groups = byClusterKeys.get(sig);
    if (groups) return groups;
    groups = { of: new Int32Array(N), count: 1 };
    for (const k of sorted) groups = refine(groups.of, groups.count, valuesOf(k));
    byClusterKeys.set(sig, groups);
    return groups;
  };
  const clusterVerdicts = new Int16Array(N + 1);

  const codes = new Uint8Array(W * N);
  const marked = new Uint8Array(N);
  // Rows are few (pods differ, their verdicts per shape seldom do): a row seen before is copied, not filled.
  const rowsSeen = new Map<Shapes, Map<number, Array<{ verdicts: Uint8Array; row: number }>>>();
  const verdicts = new Uint8Array(N);
  const labelKeys: string[] = []; // the label keys the plugins read for the pod at hand
  const fillFromShapes = (i: number, count: number, shapes: Shapes, remember: boolean): void => {
    let seen = rowsSeen.get(shapes);
    if (!seen) rowsSeen.set(shapes, (seen = new Map()));
    const hash = hashOf(verdicts, count);
    const alike = seen.get(hash);
    if (alike) {
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
      if (alike) alike.push(entry);
      else seen.set(hash, [entry]);
    }
  };
  for (let i = 0; i < W; i++) {
    const pod = podInfo(subjects[i]);
    const at = i * N;
    const whole = podRejection(pod);
    if (whole) {
      codes.fill(codeOf(whole.plugin), at, at + N);
      continue;
    }
    // The cluster plugins' PreFilter, once per pod over the one snapshot (as schedule() for each pod)
    let cycle: CycleState | undefined;
    if (readsCluster(subjects[i], existingAntiAffinity)) {
      cycle = cycleFor(pod, snapshot());
      if (cycle.rejection) {
        codes.fill(codeOf(cycle.rejection.plugin), at, at + N);
        continue;
      }
      if (cycle.nodeNames) {
        // a cluster plugin's PreFilterResult: the nodes left out get runFilters' status for them
        for (let j = 0; j < N; j++) {
          evaluations++;
          const v = runFilters(pod, infos[j], usages[j], cycle);
          codes[at + j] = v.feasible ? 0 : codeOf(v.status!.plugin);
        }
        continue;
      }
      if (cycle.active.length === 0) cycle = undefined;
    }
    const filtersOnly = cycle && { ...cycle, active: [] };
    // The node names the pod singles out (nodeName, matchFields, the PreFilter's names): those nodes are
    // evaluated one by one; any other name is alike to the pod.
    let singled: string[] | undefined;
    let everyNode = !shared;
    if (pod.nodeNames) singled = [...pod.nodeNames];
    labelKeys.length = 0;
    for (let k = 0; k < plugins.length && !everyNode; k++) {
      const reads = plugins[k].reads!;
      const names = reads.names?.(pod);
      if (names === 'all') everyNode = true;
      else if (names && names.length) singled = singled ? [...singled, ...names] : [...names];
      const labels = reads.labels?.(pod);
      if (labels) for (let l = 0; l < labels.length; l++) labelKeys.push(labels[l]);
    }
    if (everyNode) {
      for (let j = 0; j < N; j++) codes[at + j] = evaluate(pod, j, filtersOnly);
      if (cycle) clusterFilters(pod, at, cycle);
      continue;
    }
    const shapes = shapesFor(labelKeys);
    const reps = shapes.representatives;
    if (!singled) {
      for (let s = 0; s < reps.length; s++) verdicts[s] = evaluate(pod, reps[s], filtersOnly);
      // a row the cluster filters change afterwards is not a pattern for others
      fillFromShapes(i, reps.length, shapes, !cycle);
      if (cycle) clusterFilters(pod, at, cycle);
      continue;
    }
    const own = nodesNamed(singled);
    for (const j of own) marked[j] = 1;
    for (let s = 0; s < reps.length; s++) {
      // a representative with a name the pod does not single out; a shape of singled-out nodes only needs none
      let k = shapes.offsets[s];
      while (k < shapes.offsets[s + 1] && marked[shapes.members[k]]) k++;
      verdicts[s] = k < shapes.offsets[s + 1] ? evaluate(pod, shapes.members[k], filtersOnly) : 0;
    }
    fillFromShapes(i, reps.length, shapes, false);
    for (const j of own) {
      codes[at + j] = evaluate(pod, j, filtersOnly);
      marked[j] = 0;
    }
    if (cycle) clusterFilters(pod, at, cycle);
  }

  /**
   * The cluster plugins' Filter, in order, for the nodes the other filters passed in the row at `at`: once per
   * group of nodes alike in the label keys the plugins read with this pod's state (kubernetes.io/hostname makes
   * every node its own group); per node when a plugin declares nothing, node names repeat, or shapes are off.
   */
  function clusterFilters(pod: PodInfo, at: number, cycle: CycleState): void {
    const keys: string[] = [];
    let perNode = !shared || !uniqueNames();
    for (const { plugin, state } of cycle.active) {
      const read = plugin.reads?.(state);
      if (read) keys.push(...read);
      else perNode = true;
    }
    const groups = perNode ? undefined : clusterGroups(keys);
    clusterVerdicts.fill(-1, 0, groups ? groups.count : N);
    const entries = snapshot().byName; // runFilters reads the node's entry by name
    for (let j = 0; j < N; j++) {
      if (codes[at + j] !== 0) continue;
      const g = groups ? groups.of[j] : j;
      let v = clusterVerdicts[g];
      if (v < 0) {
        evaluations++;
        const status = runClusterFilters(pod, entries.get(infos[j].name)!, cycle);
        clusterVerdicts[g] = v = status ? codeOf(status.plugin) : 0;
      }
      codes[at + j] = v;
    }
  }

  return {
    workloads: W,
    nodes: N,
    codes,
    plugins: names,
    evaluations,
    code: (w, n) => codes[w * N + n],
    verdict: (w, n) => {
      const pod = podInfo(subjects[w]);
      if (!readsCluster(subjects[w], existingAntiAffinity) || podRejection(pod)) return runFilters(pod, infos[n], usages[n]);
      return runFilters(pod, infos[n], usages[n], cycleFor(pod, snapshot()));
    },
    fitError: (w) =>
      readsCluster(subjects[w], existingAntiAffinity)
        ? schedule(subjects[w], nodes, options.existingPods, undefined, snapshot()).fitError
        : schedule(subjects[w], nodes, options.existingPods).fitError,
  };
}

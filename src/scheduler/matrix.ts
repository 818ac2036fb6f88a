// The Filter verdict of every (workload, node) pair, one byte each, for reports over thousands of nodes.
// Same verdicts as schedule()/scheduleOn: a plugin's `check` is its `filter` without the details. Nodes that
// every plugin reads alike (see NodeReads in framework.ts) share one evaluation per pod: node shapes.
import type { KubeObject, Node, Pod } from '../types';
import { assertNode, type Subject } from '../subject';
import { subjectOf } from '../engine';
import { nodeInfo, nodeUsage, podInfo, type FilterPlugin, type NodeInfo, type NodeReads, type NodeUsage, type PodInfo, type Resources } from './framework';
import { FILTER_PLUGINS, podRejection, podsByNode, runFilters, schedule, type NodeVerdict } from '.';

/** Codes of the matrix bytes (the encoding of ../shared/perf): 0 feasible, then one per plugin; others from 8 in order seen. */
export const PLUGIN_CODES: Readonly<Record<string, number>> = {
  NodeUnschedulable: 1, NodeName: 2, TaintToleration: 3, NodeAffinity: 4, NodeResourcesFit: 5, NodePorts: 6, SchedulingGates: 7,
};

export interface MatrixOptions {
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
  /** How many (pod, node) evaluations were made: one per node shape and pod with shapes on. */
  readonly evaluations: number;
  code(workload: number, node: number): number;
  /** One pair's full verdict (plugin, kube-scheduler's reasons, our details), worked out now for that pair. */
  verdict(workload: number, node: number): NodeVerdict;
  /** kube-scheduler's FitError text for a workload no node fits; undefined when a node fits or the pod is gated. */
  fitError(workload: number): string | undefined;
}

const hasOwn = Object.prototype.hasOwnProperty;
const SEP = '\u001f';

function resourcesKey(r: Resources): string {
  let key = `${r.milliCPU},${r.memory},${r.ephemeralStorage}`;
  if (r.scalars.size) for (const [k, v] of r.scalars) key += `,${part(k)}=${v}`;
  if (r.exact) for (const [k, v] of r.exact) key += `,${part(k)}==${v}`;
  return key;
}

// Keys of objects that many nodes share (one allocatable per distinct declaration, the empty usage), per facet.
const memo = { allocatable: new WeakMap<object, string>(), usage: new WeakMap<object, string>(), ports: new WeakMap<object, string>() };
function memoKey<T extends object>(map: WeakMap<object, string>, o: T, compute: (o: T) => string): string {
  let key = map.get(o);
  if (key === undefined) map.set(o, (key = compute(o)));
  return key;
}

/** A string in a key that no other string can run into: its length first. */
const part = (s: string) => `${s.length}:${s}`;

/** The part of a node's shape key a NodeReads facet names (names and values cannot hold the separators). */
function facetKey(facet: NodeReads['node'][number], node: NodeInfo, usage: NodeUsage): string {
  if (typeof facet === 'function') return facet(node, usage);
  switch (facet) {
    case 'unschedulable':
      return node.unschedulable ? '1' : '0';
    case 'taints': {
      let key = '';
      for (const t of node.filterTaints) key += part(t.key) + part(t.value ?? '') + part(t.effect);
      return key;
    }
    case 'allocatable':
      return node.allocatable ? memoKey(memo.allocatable, node.allocatable, (a) => `${a.pods};${resourcesKey(a)}`) : '-';
    case 'usage':
      return memoKey(memo.usage, usage, (u) => `${u.pods};${resourcesKey(u.requested)}`);
    case 'ports':
      return memoKey(memo.ports, usage, (u) => (u.ports.length ? JSON.stringify(u.ports.map((p) => [p.ip, p.protocol, p.port])) : ''));
  }
}

function fillRow(row: Uint8Array, verdicts: Uint8Array, shapes: Shapes): void {
  const of = shapes.of;
  const ends = shapes.runEnds;
  if (!ends) {
    for (let j = 0; j < row.length; j++) row[j] = verdicts[of[j]];
    return;
  }
  let start = 0;
  for (let r = 0; r < ends.length; r++) {
    row.fill(verdicts[of[start]], start, ends[r]);
    start = ends[r];
  }
}

/** Nodes grouped by shape for one set of label keys: shape index per node, and one representative node per shape. */
interface Shapes {
  of: Int32Array;
  representatives: number[];
  /** Where each run of consecutive same-shape nodes ends, when runs are long enough to fill by run. */
  runEnds?: Int32Array;
}

export function scheduleMatrix(workloads: readonly KubeObject[], nodes: readonly Node[], options: MatrixOptions = {}): VerdictMatrix {
  const subjects: Subject[] = workloads.map((w) => subjectOf(w));
  const infos: NodeInfo[] = nodes.map((n, i) => nodeInfo(assertNode(n, `Node (nodes[${i}])`)));
  const byNode = podsByNode(options.existingPods);
  const empty = nodeUsage([]);
  const usages: NodeUsage[] = infos.map((n) => (byNode.has(n.name) ? nodeUsage(byNode.get(n.name)) : empty));

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
  const evaluate = (pod: PodInfo, j: number): number => {
    evaluations++;
    if (!fast) {
      const v = runFilters(pod, infos[j], usages[j]);
      return v.feasible ? 0 : codeOf(v.status!.plugin);
    }
    // NodeAffinity PreFilter: nodes outside its result are never filtered (runFilters does the same).
    if (pod.nodeNames && !pod.nodeNames.has(infos[j].name)) return PLUGIN_CODES.NodeAffinity;
    for (let k = 0; k < plugins.length; k++) if (plugins[k].check!(pod, infos[j], usages[j])) return pluginCodes[k];
    return 0;
  };

  // Node shapes: first an id for everything but labels, once per node; then, per set of label keys the pods
  // read, that id refined by each key's value (an id per distinct value, once per key).
  let base: { of: Int32Array; count: number } | undefined;
  const valueIds = new Map<string, Int32Array>();
  const byLabels = new Map<string, Shapes>();
  const baseIds = (): { of: Int32Array; count: number } => {
    if (base) return base;
    const of = new Int32Array(N);
    const facets = [...new Set(plugins.flatMap((p) => p.reads!.node))];
    const ids = new Map<string, number>();
    for (let j = 0; j < N; j++) {
      let key = '';
      for (const f of facets) key += facetKey(f, infos[j], usages[j]) + SEP;
      let id = ids.get(key);
      if (id === undefined) ids.set(key, (id = ids.size));
      of[j] = id;
    }
    return (base = { of, count: ids.size });
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
  const namesOf = (names: readonly string[]): Int32Array => {
    if (!byName) {
      byName = new Map();
      for (let j = 0; j < N; j++) {
        const at = byName.get(infos[j].name);
        if (at) at.push(j);
        else byName.set(infos[j].name, [j]);
      }
    }
    const out = new Int32Array(N);
    let id = 0;
    for (const name of new Set(['', ...names])) {
      id++;
      for (const j of byName.get(name) ?? []) out[j] = id;
    }
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
  const shapesFor = (labelKeys: readonly string[], names: readonly string[] | undefined): Shapes => {
    const sorted = [...new Set(labelKeys)].sort();
    const sig = `${sorted.join(SEP)}${SEP}${SEP}${names ? [...new Set(names)].sort().join(SEP) : ''}`;
    let shapes = byLabels.get(sig);
    if (shapes) return shapes;
    let cur: { of: Int32Array; count: number };
    if (names) {
      // the pod's own names refine the shapes of its label keys
      const byLabelsOnly = shapesFor(labelKeys, undefined);
      cur = refine(byLabelsOnly.of, byLabelsOnly.representatives.length, namesOf(names));
    } else {
      cur = baseIds();
      for (const k of sorted) cur = refine(cur.of, cur.count, valuesOf(k));
    }
    const of = cur.of;
    const representatives: number[] = new Array(cur.count);
    // runs of consecutive nodes of one shape (node lists are mostly grouped by pool)
    const runEnds: number[] = [];
    for (let j = N - 1; j >= 0; j--) representatives[of[j]] = j;
    for (let j = 1; j <= N; j++) if (j === N || of[j] !== of[j - 1]) runEnds.push(j);
    shapes = { of, representatives, runEnds: runEnds.length * 8 <= N ? Int32Array.from(runEnds) : undefined };
    if (!names) byLabels.set(sig, shapes); // a pod's own names seldom recur
    return shapes;
  };

  const codes = new Uint8Array(W * N);
  for (let i = 0; i < W; i++) {
    const pod = podInfo(subjects[i]);
    const row = codes.subarray(i * N, (i + 1) * N);
    const whole = podRejection(pod);
    if (whole) {
      row.fill(codeOf(whole.plugin));
      continue;
    }
    let names: string[] | undefined;
    let everyNode = !shared;
    if (pod.nodeNames) names = [...pod.nodeNames]; // NodeAffinity PreFilter
    for (let k = 0; k < plugins.length && !everyNode; k++) {
      const read = plugins[k].reads!.names?.(pod);
      if (read === 'all') everyNode = true;
      else if (read && read.length) names = names ? [...names, ...read] : [...read];
    }
    if (everyNode) {
      for (let j = 0; j < N; j++) row[j] = evaluate(pod, j);
      continue;
    }
    const shapes = shapesFor(plugins.flatMap((p) => p.reads!.labels?.(pod) ?? []), names);
    const reps = shapes.representatives;
    const verdicts = new Uint8Array(reps.length);
    for (let s = 0; s < reps.length; s++) verdicts[s] = evaluate(pod, reps[s]);
    fillRow(row, verdicts, shapes);
  }

  return {
    workloads: W,
    nodes: N,
    codes,
    plugins: names,
    evaluations,
    code: (w, n) => codes[w * N + n],
    verdict: (w, n) => runFilters(podInfo(subjects[w]), infos[n], usages[n]),
    fitError: (w) => schedule(subjects[w], nodes, options.existingPods).fitError,
  };
}

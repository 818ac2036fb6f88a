// The Filter verdict of every (workload, node) pair, one byte each, for reports over thousands of nodes.
// Same verdicts as schedule()/scheduleOn: a plugin's `check` is its `filter` without the details. Nodes that
// every plugin reads alike (see NodeReads in framework.ts) share one evaluation per pod: node shapes.
import type { KubeObject, Node, Pod } from '../types';
import { assertNode, toSubject, type Subject } from '../subject';
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
  if (r.scalars.size) for (const [k, v] of r.scalars) key += `,${k}=${v}`;
  if (r.exact) for (const [k, v] of r.exact) key += `,${k}==${v}`;
  return key;
}

/** The part of a node's shape key a NodeReads facet names. */
function facetKey(facet: NodeReads['node'][number], node: NodeInfo, usage: NodeUsage): string {
  if (typeof facet === 'function') return facet(node, usage);
  switch (facet) {
    case 'unschedulable':
      return node.unschedulable ? '1' : '0';
    case 'taints': {
      let key = '';
      for (const t of node.filterTaints) key += `${JSON.stringify(t.key)}=${JSON.stringify(t.value ?? '')}:${t.effect};`;
      return key;
    }
    case 'allocatable':
      return node.allocatable ? `${node.allocatable.pods};${resourcesKey(node.allocatable)}` : '-';
    case 'usage':
      return `${usage.pods};${resourcesKey(usage.requested)}`;
    case 'ports':
      return usage.ports.length ? JSON.stringify(usage.ports.map((p) => [p.ip, p.protocol, p.port])) : '';
  }
}

function fillRow(row: Uint8Array, verdicts: Uint8Array, of: Int32Array): void {
  for (let j = 0; j < row.length; j++) row[j] = verdicts[of[j]];
}

/** Nodes grouped by shape for one set of label keys: shape index per node, and one representative node per shape. */
interface Shapes {
  of: Int32Array;
  representatives: number[];
}

export function scheduleMatrix(workloads: readonly KubeObject[], nodes: readonly Node[], options: MatrixOptions = {}): VerdictMatrix {
  const subjects: Subject[] = workloads.map((w) => toSubject(w));
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
  let base: Int32Array | undefined;
  const valueIds = new Map<string, Int32Array>();
  const byLabels = new Map<string, Shapes>();
  const baseIds = (): Int32Array => {
    if (base) return base;
    base = new Int32Array(N);
    const facets = [...new Set(plugins.flatMap((p) => p.reads!.node))];
    const ids = new Map<string, number>();
    for (let j = 0; j < N; j++) {
      let key = '';
      for (const f of facets) key += facetKey(f, infos[j], usages[j]) + SEP;
      let id = ids.get(key);
      if (id === undefined) ids.set(key, (id = ids.size));
      base[j] = id;
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
  const shapesFor = (keys: readonly string[]): Shapes => {
    const sorted = [...new Set(keys)].sort();
    const sig = sorted.join(SEP);
    let shapes = byLabels.get(sig);
    if (shapes) return shapes;
    let of = baseIds();
    let count = N;
    for (const k of sorted) {
      const values = valuesOf(k);
      const next = new Int32Array(N);
      const ids = new Map<number, number>();
      for (let j = 0; j < N; j++) {
        const pair = of[j] * (N + 1) + values[j]; // both < N + 1: exact as a number
        let id = ids.get(pair);
        if (id === undefined) ids.set(pair, (id = ids.size));
        next[j] = id;
      }
      of = next;
      count = ids.size;
    }
    const representatives: number[] = [];
    const seen = new Uint8Array(count === N ? N : Math.max(count, N));
    for (let j = 0; j < N; j++) {
      if (seen[of[j]]) continue;
      seen[of[j]] = 1;
      representatives[of[j]] = j;
    }
    shapes = { of, representatives };
    byLabels.set(sig, shapes);
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
    const readsName = !shared || pod.nodeNames !== undefined || plugins.some((p) => p.reads!.name?.(pod));
    if (readsName) {
      for (let j = 0; j < N; j++) row[j] = evaluate(pod, j);
      continue;
    }
    const shapes = shapesFor(plugins.flatMap((p) => p.reads!.labels?.(pod) ?? []));
    const reps = shapes.representatives;
    const verdicts = new Uint8Array(reps.length);
    for (let s = 0; s < reps.length; s++) verdicts[s] = evaluate(pod, reps[s]);
    fillRow(row, verdicts, shapes.of);
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

// Node shapes for scheduleMatrix: nodes that every Filter plugin reads alike (NodeReads in framework.ts) for the
// label keys a pod's plugins read share one evaluation per pod. First an id for everything but labels, once per
// node; then, per set of label keys, that id refined by each key's value (an id per distinct value, once per key).
import type { FilterPlugin, NodeInfo, NodeReads, NodeUsage, Resources } from './framework';

const hasOwn = Object.prototype.hasOwnProperty;
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

/** Nodes grouped by shape for one set of label keys: shape index per node, and one representative node per shape. */
export interface Shapes {
  of: Int32Array;
  representatives: number[];
  /** The nodes by shape: those of shape s are members[offsets[s]] … members[offsets[s + 1] - 1]. */
  members: Int32Array;
  offsets: Int32Array;
}

export class NodeShapes {
  private base: { of: Int32Array; count: number } | undefined;
  private readonly valueIds = new Map<string, Int32Array>();
  private readonly byLabels = new Map<string, Shapes>();
  private readonly byClusterKeys = new Map<string, { of: Int32Array; count: number }>();
  private byName: Map<string, number[]> | undefined;
  private readonly N: number;

  constructor(
    private readonly infos: readonly NodeInfo[],
    private readonly usages: readonly NodeUsage[],
    private readonly empty: NodeUsage,
    readonly plugins: readonly FilterPlugin[],
  ) {
    this.N = infos.length;
  }

  private baseIds(): { of: Int32Array; count: number } {
    if (this.base) return this.base;
    const { N, infos, usages, empty } = this;
    let base: { of: Int32Array; count: number } = { of: new Int32Array(N), count: 1 };
    const noPods = usages.every((u) => u === empty);
    for (const facet of new Set(this.plugins.flatMap((p) => p.reads!.node))) {
      if (noPods && (facet === 'usage' || facet === 'ports')) continue; // the same for every node
      const values = new Int32Array(N);
      const ids = new Map<unknown, number>();
      for (let j = 0; j < N; j++) {
        const v = facetValue(facet, infos[j], usages[j], empty);
        let id = ids.get(v);
        if (id === undefined) ids.set(v, (id = ids.size));
        values[j] = id;
      }
      if (ids.size > 1) base = this.refine(base.of, base.count, values);
    }
    return (this.base = base);
  }

  /** Per node, an id of its value of `labelKey` (0: no such label). */
  private valuesOf(labelKey: string): Int32Array {
    let out = this.valueIds.get(labelKey);
    if (out) return out;
    const { N, infos } = this;
    out = new Int32Array(N);
    const ids = new Map<string, number>();
    for (let j = 0; j < N; j++) {
      const labels = infos[j].labels;
      if (!hasOwn.call(labels, labelKey)) continue;
      const v = labels[labelKey];
      let id = ids.get(v);
      if (id === undefined) ids.set(v, (id = ids.size + 1));
      out[j] = id;
    }
    this.valueIds.set(labelKey, out);
    return out;
  }

  /** The nodes with these names, and the nameless ones (matchFields skip a nameless node). */
  nodesNamed(names: readonly string[]): number[] {
    if (!this.byName) {
      this.byName = new Map();
      for (let j = 0; j < this.N; j++) {
        const at = this.byName.get(this.infos[j].name);
        if (at) at.push(j);
        else this.byName.set(this.infos[j].name, [j]);
      }
    }
    const out: number[] = [];
    for (const name of new Set(['', ...names])) out.push(...(this.byName.get(name) ?? []));
    return out;
  }

  private refine(of: Int32Array, count: number, values: Int32Array): { of: Int32Array; count: number } {
    const N = this.N;
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
  }

  /**
   * The node shapes for the label keys a pod's plugins read (memoised per set of keys, and per list as given:
   * pods of a kind list their keys alike, so most pods find theirs without sorting).
   */
  shapesFor(labelKeys: readonly string[]): Shapes {
    const given = labelKeys.length === 0 ? '' : labelKeys.length === 1 ? labelKeys[0] : labelKeys.join(SEP);
    let shapes = this.byLabels.get(given);
    if (shapes) return shapes;
    const sorted = [...new Set(labelKeys)].sort();
    const sig = sorted.join(SEP);
    shapes = this.byLabels.get(sig) ?? this.build(sorted);
    this.byLabels.set(sig, shapes);
    this.byLabels.set(given, shapes);
    return shapes;
  }

  private build(sorted: readonly string[]): Shapes {
    const N = this.N;
    let cur = this.baseIds();
    for (const k of sorted) cur = this.refine(cur.of, cur.count, this.valuesOf(k));
    const { of, count } = cur;
    // the first node of each shape (ids are numbered in node order) and the shapes' sizes, in one pass
    const representatives: number[] = new Array(count);
    const offsets = new Int32Array(count + 1);
    for (let j = 0; j < N; j++) if (offsets[of[j] + 1]++ === 0) representatives[of[j]] = j;
    for (let k = 0; k < count; k++) offsets[k + 1] += offsets[k];
    const members = new Int32Array(N);
    const at = offsets.slice(0, count);
    for (let j = 0; j < N; j++) members[at[of[j]]++] = j;
    return { of, representatives, members, offsets };
  }

  /** Nodes grouped by their values of a set of label keys alone (having a key or not counts): what a cluster Filter reads. */
  clusterGroups(labelKeys: readonly string[]): { of: Int32Array; count: number } {
    const sorted = [...new Set(labelKeys)].sort();
    const sig = sorted.join(SEP);
    let groups = this.byClusterKeys.get(sig);
    if (groups) return groups;
    groups = { of: new Int32Array(this.N), count: 1 };
    for (const k of sorted) groups = this.refine(groups.of, groups.count, this.valuesOf(k));
    this.byClusterKeys.set(sig, groups);
    return groups;
  }
}

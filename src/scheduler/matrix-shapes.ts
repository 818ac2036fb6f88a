// Node shapes for scheduleMatrix: nodes that every Filter plugin reads alike (NodeReads in framework.ts) for the
// label keys a pod's plugins read share one evaluation per pod. First an id for everything but labels, once per
// node; then, per set of label keys, that id refined by each key's value (an id per distinct value, once per key).
import type { FilterPlugin, NodeInfo, NodeReads, NodeUsage, Resources } from './framework';

const hasOwn = Object.prototype.hasOwnProperty;
const SEP = '\u001f';

function resourcesKey(r: Resources): string {
  let key = `${r.milliCPU},${r.memory},${r.ephemeralStorage}`;
  for (const [k, v] of r.scalars) key += `,${part(k)}=${v}`;
  // Stryker disable next-line ArrayDeclaration: a value of the same nodes alike either way: the same shapes
  for (const [k, v] of r.exact ?? []) key += `,${part(k)}==${v}`;
  return key;
}

/** A string in a key that no other string can run into: its length first. */
const part = (s: string) => `${s.length}:${s}`;

/** Usage tokens: pods → milli-cpu → memory → ephemeral-storage → one object per distinct usage of those alone. */
type UsageTokens = Map<number, Map<number, Map<number, Map<number, object>>>>;

/**
 * The usage facet's value: for a usage of pods, cpu, memory and ephemeral-storage alone (the common node), one shared
 * token per distinct usage, found through numbers (no string per node); with scalar or exact amounts, a string key.
 */
function usageValue(usage: NodeUsage, tokens: UsageTokens): unknown {
  const r = usage.requested;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a string key or a token, a value of the same nodes alike either way: the same shapes
  if (r.scalars.size > 0 || (r.exact !== undefined && r.exact.size > 0)) return `${usage.pods};${resourcesKey(r)}`;
  let byCPU = tokens.get(usage.pods);
  if (!byCPU) tokens.set(usage.pods, (byCPU = new Map()));
  let byMemory = byCPU.get(r.milliCPU);
  if (!byMemory) byCPU.set(r.milliCPU, (byMemory = new Map()));
  let byStorage = byMemory.get(r.memory);
  if (!byStorage) byMemory.set(r.memory, (byStorage = new Map()));
  let token = byStorage.get(r.ephemeralStorage);
  if (!token) byStorage.set(r.ephemeralStorage, (token = {}));
  return token;
}

/**
 * What a NodeReads facet reads of a node, as a value equal (SameValueZero, as Map keys) for nodes the facet cannot
 * tell apart: shared objects (one allocatable per distinct declaration, the empty usage, a usage token) by identity,
 * else strings.
 */
function facetValue(facet: NodeReads['node'][number], node: NodeInfo, usage: NodeUsage, empty: NodeUsage, tokens: UsageTokens): unknown {
  if (typeof facet === 'function') return facet(node, usage);
  switch (facet) {
    case 'unschedulable':
      return node.unschedulable;
    case 'taints':
      // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral,UnaryOperator: a value of the same nodes alike either way: the same shapes
      return node.filterTaintIds.length === 0 ? -1 : node.filterTaintIds.length === 1 ? node.filterTaintIds[0] : node.filterTaintIds.join(',');
    case 'allocatable':
      return node.allocatable; // undefined when the node declares neither allocatable nor capacity: unconstrained
    case 'usage':
      // Stryker disable next-line ConditionalExpression: the empty usage's token, a value of the same nodes alike either way: the same shapes
      return usage === empty ? empty : usageValue(usage, tokens);
    case 'ports':
      // Stryker disable next-line ConditionalExpression,StringLiteral: a value of the same nodes alike either way: the same shapes
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
  private readonly valueIds = new Map<string, { values: Int32Array; splitsBase: boolean }>();
  private readonly byLabels = new Map<string, Shapes>();
  private readonly byClusterKeys = new Map<string, { of: Int32Array; count: number }>();
  private byName: { first: Map<string, number>; next: Int32Array } | undefined;
  private readonly N: number;

  constructor(
    private readonly infos: readonly NodeInfo[],
    private readonly usages: readonly NodeUsage[],
    private readonly empty: NodeUsage,
    readonly plugins: readonly FilterPlugin[],
  ) {
    this.N = infos.length;
  }

  /**
   * The shape of each node for everything but labels, numbered in node order: one pass, in which a node whose facet
   * values are its predecessor's (nodes of a pool come one after another) takes its shape without a lookup.
   */
  private baseIds(): { of: Int32Array; count: number } {
    // Stryker disable next-line ConditionalExpression: a memo; the same ids made again
    if (this.base) return this.base;
    const { N, infos, usages, empty } = this;
    // Stryker disable next-line ArrowFunction,ConditionalExpression: with no pod anywhere usage and ports are one value: read or not, the same shapes
    const noPods = usages.every((u) => u === empty);
    // usage and ports are the same for every node when no node has pods
    // Stryker disable next-line ConditionalExpression,LogicalOperator,MethodExpression,StringLiteral: with no pod anywhere usage and ports are one value: read or not, the same shapes
    const facets = [...new Set(this.plugins.flatMap((p) => p.reads!.node))].filter((f) => !(noPods && (f === 'usage' || f === 'ports')));
    const F = facets.length;
    const of = new Int32Array(N);
    const ids = new Map<unknown, unknown>(); // facet values in order, nested; the last level holds the id
    const tokens: UsageTokens = new Map();
    let count = F === 0 ? 1 : 0;
    // Stryker disable next-line ArrayDeclaration: a length hint; written by index
    let vals = new Array<unknown>(F);
    // Stryker disable next-line ArrayDeclaration: a length hint; written by index
    let prev = new Array<unknown>(F);
    let prevId = 0;
    for (let j = 0; j < N && F > 0; j++) {
      let same = j > 0;
      for (let f = 0; f < F; f++) {
        vals[f] = facetValue(facets[f], infos[j], usages[j], empty, tokens);
        // Stryker disable next-line ConditionalExpression: a shortcut; the lookup finds the same id
        if (vals[f] !== prev[f]) same = false;
      }
      if (!same) {
        let level = ids;
        // Stryker disable next-line ArithmeticOperator,EqualityOperator: a level more keyed by undefined holds the same ids
        for (let f = 0; f < F - 1; f++) {
          let next = level.get(vals[f]) as Map<unknown, unknown> | undefined;
          if (!next) level.set(vals[f], (next = new Map()));
          level = next;
        }
        let id = level.get(vals[F - 1]) as number | undefined;
        if (id === undefined) level.set(vals[F - 1], (id = count++));
        [prev, vals] = [vals, prev];
        prevId = id;
      }
      of[j] = prevId;
    }
    return (this.base = { of, count });
  }

  /**
   * Per node, an id of its value of `labelKey` (0: no such label), and whether nodes of one base shape differ in
   * it (memoised per key).
   */
  private labelValues(labelKey: string): { values: Int32Array; splitsBase: boolean } {
    let out = this.valueIds.get(labelKey);
    // Stryker disable next-line ConditionalExpression: a memo; the same values made again
    if (out) return out;
    const { N, infos } = this;
    const base = this.baseIds().of;
    const first = new Int32Array(this.baseIds().count).fill(-1); // the value of the first node of each base shape
    let splitsBase = false;
    const values = new Int32Array(N);
    const ids = new Map<string, number>();
    // nodes of a pool come one after another: the previous node's value first, then the map
    let last: string | undefined;
    let lastId = 0;
    for (let j = 0; j < N; j++) {
      const labels = infos[j].labels;
      const v = labels[labelKey];
      // a string is the node's own label (an inherited property is no string); else ask (an own label set to undefined)
      // Stryker disable next-line LogicalOperator,ConditionalExpression,EqualityOperator,StringLiteral: a label's value is a string (read from YAML or JSON): an own label is a string
      if (typeof v === 'string' || hasOwn.call(labels, labelKey)) {
        // Stryker disable next-line ConditionalExpression,EqualityOperator: a shortcut; the lookup finds the same id
        if (v !== last || lastId === 0) {
          let id = ids.get(v);
          if (id === undefined) ids.set(v, (id = ids.size + 1));
          last = v;
          lastId = id;
        }
        values[j] = lastId;
      }
      const c = base[j];
      if (first[c] < 0) first[c] = values[j];
      else if (first[c] !== values[j]) splitsBase = true;
    }
    this.valueIds.set(labelKey, (out = { values, splitsBase }));
    return out;
  }

  /** The nodes with these names, and the nameless ones (matchFields skip a nameless node). */
  nodesNamed(names: readonly string[]): number[] {
    // Stryker disable next-line ConditionalExpression: a memo; the same index made again
    if (!this.byName) {
      // the first node of each name, and after each node the next of its name (-1: none); no array per node
      const first = new Map<string, number>();
      const next = new Int32Array(this.N);
      for (let j = this.N - 1; j >= 0; j--) {
        next[j] = first.get(this.infos[j].name) ?? -1;
        first.set(this.infos[j].name, j);
      }
      this.byName = { first, next };
    }
    const { first, next } = this.byName;
    const out: number[] = [];
    for (const name of new Set(['', ...names])) for (let j = first.get(name) ?? -1; j >= 0; j = next[j]) out.push(j);
    return out;
  }

  private refine(of: Int32Array, count: number, values: Int32Array): { of: Int32Array; count: number } {
    const N = this.N;
    let distinct = 0;
    // Stryker disable next-line EqualityOperator: the same maximum (past the end, undefined is no larger)
    for (let j = 0; j < N; j++) if (values[j] > distinct) distinct = values[j];
    const width = distinct + 1;
    const next = new Int32Array(N);
    let ids = 0;
    // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: a table or a map, the same ids either way
    if (count * width <= 4 * N + 1024) {
      const table = new Int32Array(count * width).fill(-1);
      // Stryker disable next-line EqualityOperator: past the end of[j] is undefined: no id is made
      for (let j = 0; j < N; j++) {
        const k = of[j] * width + values[j];
        if (table[k] < 0) table[k] = ids++;
        next[j] = table[k];
      }
    } else {
      const table = new Map<number, number>();
      for (let j = 0; j < N; j++) {
        // Stryker disable next-line ArithmeticOperator: of × width − value is as distinct per pair (values are below width)
        const k = of[j] * width + values[j]; // < N * (N + 2): exact as a number
        let id = table.get(k);
        // Stryker disable next-line ConditionalExpression: an id per node is a finer partition: more evaluations, the same verdicts
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
    // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: a memo key; join gives '' and the one key alike
    const given = labelKeys.length === 0 ? '' : labelKeys.length === 1 ? labelKeys[0] : labelKeys.join(SEP);
    let shapes = this.byLabels.get(given);
    // Stryker disable next-line ConditionalExpression: a memo; the same shapes made again
    if (shapes) return shapes;
    // A key whose value is one per base shape splits no shape of any set of keys: it is left out, and sets of
    // keys that differ only in such keys share one Shapes (so their rows are found alike in scheduleMatrix).
    const sorted = [...new Set(labelKeys)].filter((k) => this.labelValues(k).splitsBase).sort();
    const sig = sorted.join(SEP);
    shapes = this.byLabels.get(sig);
    // Stryker disable next-line ConditionalExpression: a memo; the same shapes made again
    if (!shapes) this.byLabels.set(sig, (shapes = this.build(sorted)));
    this.byLabels.set(given, shapes);
    return shapes;
  }

  private build(sorted: readonly string[]): Shapes {
    const N = this.N;
    let cur = this.baseIds();
    for (const k of sorted) cur = this.refine(cur.of, cur.count, this.labelValues(k).values);
    const { of, count } = cur;
    // the first node of each shape (ids are numbered in node order) and the shapes' sizes, in one pass
    // Stryker disable next-line ArrayDeclaration: a length hint; written by index
    const representatives: number[] = new Array(count);
    const offsets = new Int32Array(count + 1);
    // Stryker disable next-line EqualityOperator: past the end of[j] is undefined: nothing is written
    for (let j = 0; j < N; j++) if (offsets[of[j] + 1]++ === 0) representatives[of[j]] = j;
    // Stryker disable next-line EqualityOperator: a write past an Int32Array's end is dropped
    for (let k = 0; k < count; k++) offsets[k + 1] += offsets[k];
    const members = new Int32Array(N);
    const at = offsets.slice(0, count);
    // Stryker disable next-line EqualityOperator: past the end of[j] is undefined: nothing is written
    for (let j = 0; j < N; j++) members[at[of[j]]++] = j;
    return { of, representatives, members, offsets };
  }

  /** Nodes grouped by their values of a set of label keys alone (having a key or not counts): what a cluster Filter reads. */
  clusterGroups(labelKeys: readonly string[]): { of: Int32Array; count: number } {
    // Stryker disable next-line MethodExpression: unsorted, the keys in another order give the same partition
    const sorted = [...new Set(labelKeys)].sort();
    const sig = sorted.join(SEP);
    let groups = this.byClusterKeys.get(sig);
    // Stryker disable next-line ConditionalExpression: a memo; the same groups made again
    if (groups) return groups;
    groups = { of: new Int32Array(this.N), count: 1 };
    for (const k of sorted) groups = this.refine(groups.of, groups.count, this.labelValues(k).values);
    this.byClusterKeys.set(sig, groups);
    return groups;
  }
}

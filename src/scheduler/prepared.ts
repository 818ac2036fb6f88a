// The nodes of one cluster prepared once for every pod checked against them: NodeInfo and usage per node, and the
// node shapes (matrix-shapes.ts). A test file asks about many pods over the same node array (test.each with
// toBeSchedulableOnAnyOf, scheduleOn per workload), so this is kept per node array (and per shared snapshot) by
// identity, and each call does only the work that depends on its pod.
import type { Node } from '../core/types';
import { settingsGeneration } from '../core/config';
import { nodeInfo, type FilterPlugin, type NodeInfo, type NodeUsage, type PodInfo } from './framework';
import { NodeShapes } from './matrix-shapes';
import { sharedNodesOf, type Snapshot } from './snapshot';

export interface PreparedNodes {
  infos: NodeInfo[];
  /** The nodes' names, in node order: read per rejected pair, without touching each NodeInfo. */
  names: string[];
  usages: NodeUsage[];
  /** The usage of a node without pods, shared (node shapes compare it by identity). */
  empty: NodeUsage;
  shapes: NodeShapes;
  /** Per node, its feasible verdict (the same for every pod; frozen, so that answers sharing it cannot change it). */
  passes: Array<Readonly<{ node: string; feasible: true }> | undefined>;
  /** The shared snapshot of these nodes with no pods and no namespaces (snapshotFor), kept once read (schedule). */
  snapshot?: Snapshot;
}

function prepare(infos: NodeInfo[], usages: NodeUsage[], empty: NodeUsage, plugins: readonly FilterPlugin[]): PreparedNodes {
  // passes at its length: set by index as nodes first pass, an empty array would turn to dictionary elements (a slow
  // map) when the first index set is far from its start
  // Stryker disable next-line ArrayDeclaration: a length hint; written by index
  return { infos, names: infos.map((n) => n.name), usages, empty, shapes: new NodeShapes(infos, usages, empty, plugins), passes: new Array(infos.length) };
}

interface Kept { generation: number; nodes: Node[]; prepared: PreparedNodes }
const byArray = new WeakMap<object, Kept>();

const sameItems = (a: readonly unknown[], b: readonly unknown[]) => {
  // Stryker disable next-line ConditionalExpression,BooleanLiteral: a shortcut; the same array has the same items
  if (a === b) return true;
  if (a.length !== b.length) return false;
  // Stryker disable next-line EqualityOperator: past the end both are undefined
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

/**
 * The nodes without pods (a cluster with no existing pods), prepared once while the same Node objects are passed
 * again, in the same order (in the same array, or a fresh one holding them: keyed by the array and its first node).
 * A Node changed in place is not seen, as nodeInfo does not see it: configure() or a new object resets it.
 */
export function preparedNodes(nodes: readonly Node[], empty: NodeUsage, plugins: readonly FilterPlugin[]): PreparedNodes {
  const generation = settingsGeneration();
  const keys: object[] = nodes.length ? [nodes, nodes[0]] : [nodes];
  for (const key of keys) {
    const hit = byArray.get(key);
    if (hit && hit.generation === generation && hit.prepared.empty === empty && hit.prepared.shapes.plugins === plugins && sameItems(hit.nodes, nodes)) {
      // Stryker disable next-line ConditionalExpression,EqualityOperator: a cache write; found again by the first node
      if (key !== nodes) byArray.set(nodes, hit);
      return hit.prepared;
    }
  }
  const infos = nodes.map(nodeInfo);
  const kept: Kept = { generation, nodes: [...nodes], prepared: prepare(infos, infos.map(() => empty), empty, plugins) };
  for (const key of keys) byArray.set(key, kept);
  return kept.prepared;
}

const bySnapshot = new WeakMap<Snapshot, PreparedNodes>();

/**
 * The snapshot's nodes prepared (their usage from the pods bound to them), once per snapshot. Nodes a pod was
 * assumed onto since (placeReplicas) are in `snapshot.assumed`: their prepared usage and shape are stale, so they are
 * filtered one by one with their entry's usage (nodeVerdicts), and the other nodes keep sharing their shapes.
 */
export function preparedSnapshot(given: Snapshot, empty: NodeUsage, plugins: readonly FilterPlugin[]): PreparedNodes {
  // an overlay of more storage objects has its base's nodes and usage: the same prepared nodes (the Filter plugins
  // prepared here read no storage object)
  const snapshot = sharedNodesOf(given);
  const hit = bySnapshot.get(snapshot);
  if (hit && hit.empty === empty && hit.shapes.plugins === plugins) return hit;
  const prepared = prepare(snapshot.nodes.map((e) => e.info), snapshot.nodes.map((e) => (e.pods.length ? e.usage : empty)), empty, plugins);
  bySnapshot.set(snapshot, prepared);
  return prepared;
}

/** What node shapes a pod's verdicts follow: the label keys its plugins read, and the node names it singles out. */
export interface PodShape {
  labelKeys: string[];
  /** Node names evaluated one by one (nodeName, matchFields, a plugin's names); undefined when none. */
  singled?: string[];
}

/**
 * The label keys and names the Filter plugins read for this pod (NodeReads), or 'every' when a plugin lacks `check`
 * or `reads` or any name may matter: then every node is evaluated on its own.
 */
export function podShape(pod: PodInfo, plugins: readonly FilterPlugin[]): PodShape | 'every' {
  // Stryker disable next-line ArrayDeclaration: a label key no node has splits no shape
  const labelKeys: string[] = [];
  let singled: string[] | undefined = pod.nodeNames ? [...pod.nodeNames] : undefined;
  for (const plugin of plugins) {
    const reads = plugin.reads;
    if (!reads || !plugin.check) return 'every';
    const names = reads.names?.(pod);
    // Stryker disable next-line ConditionalExpression: 'all' read as names singles out nodes named by its letters, each filtered on its own: the same verdicts
    if (names === 'all') return 'every';
    if (names && names.length) singled = singled ? [...singled, ...names] : [...names];
    const labels = reads.labels?.(pod);
    // Stryker disable next-line EqualityOperator: an undefined label key splits no shape
    if (labels) for (let l = 0; l < labels.length; l++) labelKeys.push(labels[l]);
  }
  return { labelKeys, singled };
}

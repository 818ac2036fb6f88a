// Scoring of feasible nodes with the active profile's Score plugins, in its order and at its weights
// (pkg/scheduler/apis/config/v1/default_plugins.go): PreScore (a plugin may Skip), Score per node, NormalizeScore over
// the feasible nodes, then Σ weight × score (schedule_one.go prioritizeNodes). The plugins live in their folders and
// the profile (profile.ts) lists them; this runner imports none. VolumeBinding and DynamicResources (Skip for pods
// without volume claims or resource claims) are not modelled.
import { Skip, type NodeInfo, type PodInfo, type ScorePlugin } from './framework';
import type { ScoreCluster, ScoreNode } from './score-cluster';
import { DEFAULT_PROFILE, profile, type ScorePluginName } from './profile';

/** The default profile's Score weights, by plugin name (profile.ts). */
export const SCORE_WEIGHTS: Readonly<Record<ScorePluginName, number>> = Object.freeze(Object.fromEntries(DEFAULT_PROFILE.score.map((e) => [e.plugin.name, e.weight])));
export type { ScorePluginName } from './profile';

export interface PluginScore {
  plugin: ScorePluginName;
  weight: number;
  /** After NormalizeScore (0–100). */
  score: number;
  /** Before NormalizeScore. */
  raw: number;
  /** What the score was worked out from. */
  detail: string;
}

export interface NodeScore {
  node: string;
  total: number;
  // the default profile's TaintToleration and NodeAffinity put these in (their ScorePlugin.nodeScore)
  taintToleration: { raw: number; normalized: number; untolerated: string[] };
  nodeAffinity: { raw: number; normalized: number; matchedTerms: number[] };
  /** Every plugin that did not Skip, in the profile's order. */
  plugins: PluginScore[];
  /** Plugins whose PreScore returned Skip, with why (they add nothing to any node). */
  skipped: Array<{ plugin: ScorePluginName; reason: string }>;
}

/**
 * Score the feasible `nodes`. `cluster` is every node with its pods (the resource plugins read the feasible nodes'
 * pods; PodTopologySpread and InterPodAffinity count across the cluster); without it the nodes hold no pods.
 */
export function scoreNodes(pod: PodInfo, nodes: readonly NodeInfo[], cluster?: ScoreCluster): NodeScore[] {
  const table = scoreTable(pod, nodes, cluster);
  return nodes.map((_, i) => table.nodeScore(i));
}

export interface ScoreTable {
  /** Σ weight × score per node, in the order of the nodes given. */
  totals: number[];
  /** The full NodeScore of the i-th node (its detail strings are built here, not before). */
  nodeScore(i: number): NodeScore;
}

/** The scores as columns: totals for every node, a NodeScore only for the nodes asked about (thousands of nodes per cycle). */
export function scoreTable(pod: PodInfo, nodes: readonly NodeInfo[], cluster?: ScoreCluster): ScoreTable {
  const view: ScoreCluster = cluster ?? { nodes: nodes.map((info) => ({ info, pods: [] })), namespaceLabels: new Map() };
  const byName: ReadonlyMap<string, ScoreNode> = (view as { byName?: ReadonlyMap<string, ScoreNode> }).byName ?? new Map(view.nodes.map((n) => [n.info.name, n]));
  const feasible: ScoreNode[] = nodes.map((info) => byName.get(info.name) ?? { info, pods: [] });
  const columns: Array<{ plugin: ScorePlugin; weight: number; state: unknown; raw: number[]; score: number[] }> = [];
  const skipped: NodeScore['skipped'] = [];
  // the plugins' own fields of NodeScore, in the profile's order, also for a plugin that Skipped
  const fields: Array<{ plugin: ScorePlugin; state: unknown; raw?: number[]; score?: number[] }> = [];
  for (const { plugin, weight } of profile().score) {
    const state = plugin.preScore(pod, feasible, view);
    if (state instanceof Skip) {
      if (state.shown) skipped.push({ plugin: plugin.name, reason: state.reason });
      if (plugin.nodeScore) fields.push({ plugin, state: undefined });
      continue;
    }
    const raw = feasible.map((n) => plugin.score(state, n));
    const score = plugin.normalizeScore ? plugin.normalizeScore(state, raw, feasible) : raw;
    columns.push({ plugin, weight, state, raw, score });
    if (plugin.nodeScore) fields.push({ plugin, state, raw, score });
  }

  const totals = nodes.map((_, i) => {
    let sum = 0;
    for (const c of columns) sum += c.weight * c.score[i];
    return sum;
  });
  const ownFields = (i: number) => Object.fromEntries(fields.map((f) => [f.plugin.nodeScore!.key, f.plugin.nodeScore!.value(f.state, feasible[i], f.raw?.[i] ?? 0, f.score?.[i] ?? 0)]));
  return {
    totals,
    nodeScore: (i) => ({
      node: nodes[i].name,
      total: totals[i],
      ...(ownFields(i) as Pick<NodeScore, 'taintToleration' | 'nodeAffinity'>),
      plugins: columns.map((c) => ({ plugin: c.plugin.name, weight: c.weight, score: c.score[i], raw: c.raw[i], detail: c.plugin.explain(c.state, feasible[i], c.raw[i]) })),
      skipped,
    }),
  };
}

/** `304 = 3 × TaintToleration 100 + 2 × NodeAffinity 2 + …` and one line per plugin. */
export function describeScore(s: NodeScore, indent = '  '): string {
  return `${indent}Node ${s.node}: ${s.total} = ${s.plugins.map((p) => `${p.weight} × ${p.plugin} ${p.score}`).join(' + ')}\n` +
    s.plugins.map((p) => `${indent}  ${p.plugin}: ${p.detail}`).join('\n');
}

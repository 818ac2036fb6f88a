// Scoring of feasible nodes with the default profile's Score plugins, in its order and at its weights
// (pkg/scheduler/apis/config/v1/default_plugins.go): PreScore (a plugin may Skip), Score per node, NormalizeScore over
// the feasible nodes, then Σ weight × score (schedule_one.go prioritizeNodes). VolumeBinding and DynamicResources
// (Skip for pods without volume claims or resource claims) are not modelled.
import type { NodeInfo, PodInfo } from './framework';
import type { Taint } from '../core/types';
import { normalizeTaintTolerationScores, untoleratedPreferNoSchedule } from './plugins/tainttoleration';
import { normalizeNodeAffinityScores, preferredAffinityScore } from './plugins/nodeaffinity';
import { formatTaint } from '../k8s/toleration';
import type { ScoreCluster, ScoreNode } from './score-cluster';
import { leastAllocatedPodRequests, nodeRequested, type CpuMemory } from './plugins/noderesources/requests';
import { leastAllocated, type LeastAllocatedScore } from './plugins/noderesources/least-allocated';
import { balancedAllocation, balancedAllocationApplies, type BalancedAllocationScore } from './plugins/noderesources/balanced-allocation';
import { settings } from '../core/config';
import * as spread from './plugins/podtopologyspread/scoring';
import * as podAffinity from './plugins/interpodaffinity/scoring';
import { describeImageLocality, imageLocalityScore, imageStates, podImages } from './plugins/imagelocality';
import { DEFAULT_PROFILE, profile, type ScorePluginName } from './profile';

/** The default profile's Score weights (profile.ts). */
export const SCORE_WEIGHTS = DEFAULT_PROFILE.scoreWeights;
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
  taintToleration: { raw: number; normalized: number; untolerated: string[] };
  nodeAffinity: { raw: number; normalized: number; matchedTerms: number[] };
  /** Every plugin that did not Skip, in the profile's order. */
  plugins: PluginScore[];
  /** Plugins whose PreScore returned Skip, with why (they add nothing to any node). */
  skipped: Array<{ plugin: ScorePluginName; reason: string }>;
}

const NO_TAINTS: readonly Taint[] = [];
const NO_PREFERENCE: { score: number; matched: readonly number[] } = { score: 0, matched: [] };

const pct = (f: number) => `${Math.round(f * 1000) / 10}%`;
const mi = (bytes: number) => (bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)}Mi` : `${bytes}`);

type Used = ReturnType<typeof nodeRequested>;
type Version = ReturnType<typeof settings>['kubernetesVersion'];
interface ResourceScores { info: NodeInfo; nz: CpuMemory; real?: CpuMemory; version: string; la: LeastAllocatedScore; ba?: BalancedAllocationScore }

// The resource scores of a node for a request, kept with the node's Requested (a snapshot entry keeps that object
// until a pod is assumed onto the node): replicas of a workload request alike, so the next replica's cycle reads
// them instead of working them out again for thousands of nodes. Never changed once made (messages read them).
const sameRequest = (a: CpuMemory | undefined, b: CpuMemory | undefined) => a === b || (!!a && !!b && a.milliCPU === b.milliCPU && a.memory === b.memory);

function resourceScores(used: Used, info: NodeInfo, nz: CpuMemory, real: CpuMemory | undefined, version: Version): ResourceScores {
  let r = used.scores as ResourceScores | undefined;
  if (!r || r.info !== info || r.version !== version || !sameRequest(r.nz, nz)) {
    r = { info, nz, version, la: leastAllocated(nz, info, used.nonZero) };
    used.scores = r;
  }
  if (real && (!r.ba || !sameRequest(r.real, real))) {
    r.real = { milliCPU: real.milliCPU, memory: real.memory };
    r.ba = balancedAllocation(real, info, used.requested, version);
  }
  return r;
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
  const names = feasible.map((n) => n.info.name);
  const columns: Array<{ plugin: ScorePluginName; raw: number[]; score: number[]; detail: (i: number) => string }> = [];
  const skipped: NodeScore['skipped'] = [];

  // most nodes carry no PreferNoSchedule taint, and a pod without preferred terms matches none: nothing to work out
  const tt = nodes.map((n) => (n.taints.some((t) => t.effect === 'PreferNoSchedule') ? untoleratedPreferNoSchedule(pod, n) : NO_TAINTS));
  const ttNorm = normalizeTaintTolerationScores(tt.map((t) => t.length));
  columns.push({
    plugin: 'TaintToleration', raw: tt.map((t) => t.length), score: ttNorm,
    detail: (i) => `${tt[i].length} untolerated PreferNoSchedule taint(s)${tt[i].length ? ` (${tt[i].map(formatTaint).join(', ')})` : ''}`,
  });

  const na = pod.preferredTerms.length ? nodes.map((n) => preferredAffinityScore(pod, n)) : nodes.map(() => NO_PREFERENCE);
  const naNorm = normalizeNodeAffinityScores(na.map((a) => a.score));
  // PreScore skips only when the pod has no preferred terms at all (node_affinity.go getPodPreferredNodeAffinity
  // checks the field, not what parses): a term that matches nothing still puts NodeAffinity in the scores, at 0.
  if (pod.preferredTerms.length || pod.subject.spec.affinity?.nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution?.length) {
    columns.push({
      plugin: 'NodeAffinity', raw: na.map((a) => a.score), score: naNorm,
      detail: (i) => `preferred weight ${na[i].score}${na[i].matched.length ? ` from preferredDuringSchedulingIgnoredDuringExecution[${na[i].matched.join(', ')}]` : ' (no preferred term matches)'}`,
    });
  } else skipped.push({ plugin: 'NodeAffinity', reason: 'no preferred node affinity' });

  // a snapshot entry keeps its node's Requested between cycles (snapshot.ts)
  const used = feasible.map((n) => n.memo ? n.memo(nodeRequested) : nodeRequested(n.pods));
  const version = settings().kubernetesVersion;
  const nz = leastAllocatedPodRequests(pod.subject);
  const la = feasible.map((n, i) => resourceScores(used[i], n.info, nz, undefined, version).la);
  columns.push({
    plugin: 'NodeResourcesFit', raw: la.map((s) => s.score), score: la.map((s) => s.score),
    detail: (i) => la[i].allocatable.milliCPU === 0 && la[i].allocatable.memory === 0
      ? 'LeastAllocated: the node declares no cpu/memory allocatable (scores 0)'
      : `LeastAllocated: cpu ${la[i].requested.milliCPU}m/${la[i].allocatable.milliCPU}m, memory ${mi(la[i].requested.memory)}/${mi(la[i].allocatable.memory)} requested with this pod`,
  });

  const st = spread.preScore(pod, feasible, view);
  if (st) {
    const scored = feasible.map((n) => spread.score(st, n));
    const raw = scored.map((s) => s.raw);
    columns.push({
      plugin: 'PodTopologySpread', raw, score: spread.normalize(st, names, raw),
      detail: (i) => spread.describeCounts(st, feasible[i], scored[i].counts),
    });
  } else skipped.push({ plugin: 'PodTopologySpread', reason: 'no ScheduleAnyway constraint; system defaults need a ReplicaSet/StatefulSet/RC owner' });

  const ipa = podAffinity.preScore(pod, view);
  if (ipa) {
    const raw = feasible.map((n) => podAffinity.score(ipa, n));
    columns.push({ plugin: 'InterPodAffinity', raw, score: podAffinity.normalize(raw), detail: (i) => `preferred (anti-)affinity sum ${raw[i]}` });
  } else skipped.push({ plugin: 'InterPodAffinity', reason: 'no pod affinity term applies' });

  const real = pod.requests;
  if (balancedAllocationApplies(real)) {
    const ba = feasible.map((n, i) => resourceScores(used[i], n.info, nz, real, version).ba!);
    columns.push({
      plugin: 'NodeResourcesBalancedAllocation', raw: ba.map((b) => b.score), score: ba.map((b) => b.score),
      detail: (i) => {
        const after = `cpu ${pct(ba[i].cpuFraction)}, memory ${pct(ba[i].memoryFraction)} of allocatable requested with this pod`;
        const b = ba[i].before;
        // v1.36+: the score is the change in balance, so the message names the node's balance before the pod too
        return b ? `${after} (before it: cpu ${pct(b.cpuFraction)}, memory ${pct(b.memoryFraction)}; 75 = balance unchanged)` : after;
      },
    });
  } else skipped.push({ plugin: 'NodeResourcesBalancedAllocation', reason: 'best-effort pod' });

  // no PreScore, no NormalizeScore: every node scores, its images' spread read over every node of the cluster
  const images = imageStates(view.nodes);
  const wanted = podImages(pod.subject, version);
  const il = feasible.map((n) => imageLocalityScore(wanted, n.info, images));
  columns.push({
    plugin: 'ImageLocality', raw: il.map((s) => s.score), score: il.map((s) => s.score),
    detail: (i) => describeImageLocality(il[i], images.totalNumNodes),
  });

  const weights = profile().scoreWeights;
  const totals = nodes.map((_, i) => {
    let sum = 0;
    for (const c of columns) sum += weights[c.plugin] * c.score[i];
    return sum;
  });
  return {
    totals,
    nodeScore: (i) => ({
      node: nodes[i].name,
      total: totals[i],
      taintToleration: { raw: tt[i].length, normalized: ttNorm[i], untolerated: tt[i].map(formatTaint) },
      nodeAffinity: { raw: na[i].score, normalized: naNorm[i], matchedTerms: [...na[i].matched] },
      plugins: columns.map((c) => ({ plugin: c.plugin, weight: weights[c.plugin], score: c.score[i], raw: c.raw[i], detail: c.detail(i) })),
      skipped,
    }),
  };
}

/** `304 = 3 × TaintToleration 100 + 2 × NodeAffinity 2 + …` and one line per plugin. */
export function describeScore(s: NodeScore, indent = '  '): string {
  return `${indent}Node ${s.node}: ${s.total} = ${s.plugins.map((p) => `${p.weight} × ${p.plugin} ${p.score}`).join(' + ')}\n` +
    s.plugins.map((p) => `${indent}  ${p.plugin}: ${p.detail}`).join('\n');
}

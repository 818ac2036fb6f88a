// Scoring of feasible nodes with the plugins whose inputs are the pod and the node alone:
// TaintToleration (weight 3, PreferNoSchedule) and NodeAffinity (weight 2, preferred terms),
// each normalised over the feasible nodes as upstream, then weighted and summed.
import type { NodeInfo, PodInfo } from './framework';
import { normalizeTaintTolerationScores, untoleratedPreferNoSchedule } from './taint-toleration';
import { normalizeNodeAffinityScores, preferredAffinityScore } from './node-affinity';
import { formatTaint } from '../k8s/toleration';

export const SCORE_WEIGHTS = { TaintToleration: 3, NodeAffinity: 2 };

export interface NodeScore {
  node: string;
  total: number;
  taintToleration: { raw: number; normalized: number; untolerated: string[] };
  nodeAffinity: { raw: number; normalized: number; matchedTerms: number[] };
}

export function scoreNodes(pod: PodInfo, nodes: readonly NodeInfo[]): NodeScore[] {
  const tt = nodes.map((n) => untoleratedPreferNoSchedule(pod, n));
  const na = nodes.map((n) => preferredAffinityScore(pod, n));
  const ttNorm = normalizeTaintTolerationScores(tt.map((t) => t.length));
  const naNorm = normalizeNodeAffinityScores(na.map((a) => a.score));
  return nodes.map((n, i) => ({
    node: n.name,
    total: SCORE_WEIGHTS.TaintToleration * ttNorm[i] + SCORE_WEIGHTS.NodeAffinity * naNorm[i],
    taintToleration: { raw: tt[i].length, normalized: ttNorm[i], untolerated: tt[i].map(formatTaint) },
    nodeAffinity: { raw: na[i].score, normalized: naNorm[i], matchedTerms: na[i].matched },
  }));
}

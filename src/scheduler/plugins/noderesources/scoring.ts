// NodeResourcesFit's Score (the LeastAllocated strategy, weight 1) and NodeResourcesBalancedAllocation
// (pkg/scheduler/framework/plugins/noderesources/fit.go, least_allocated.go, balanced_allocation.go). With the default
// arguments (cpu and memory at weight 1) they take the memoised cpu/memory path below; with any other scoring
// strategy or resources, strategies.ts's general one (the same figures for the default arguments).
import type { ScoreNode, ScorePlugin } from '../../framework';
import { Skip, type NodeInfo, type PodInfo } from '../../framework';
import { settings } from '../../../core/config';
import { leastAllocatedPodRequests, nodeRequested, type CpuMemory } from './requests';
import { leastAllocated, type Amount, type LeastAllocatedScore } from './least-allocated';
import { balanceChangeScorer, balancedAllocation, balancedAllocationApplies, balancedResourceScorer, scoresBalanceChange, type BalancedAllocationScore } from './balanced-allocation';
import { argsAreDefault, pluginArgs, type ResourceSpec } from '../../plugin-args';
import { amountsLine, nodeAmounts, podRequestList, strategyScorer } from './strategies';

type Used = ReturnType<typeof nodeRequested>;
type Version = ReturnType<typeof settings>['kubernetesVersion'];
interface ResourceScores { info: NodeInfo; nz: CpuMemory; real?: CpuMemory; version: string; la: LeastAllocatedScore; ba?: BalancedAllocationScore }

// The resource scores of a node for a request, kept with the node's Requested (a snapshot entry keeps that object
// until a pod is assumed onto the node): replicas of a workload request alike, so the next replica's cycle reads
// them instead of working them out again for thousands of nodes. Never changed once made (messages read them).
const sameRequest = (a: CpuMemory, b: CpuMemory) => a.milliCPU === b.milliCPU && a.memory === b.memory;

function resourceScores(used: Used, info: NodeInfo, nz: CpuMemory, real: CpuMemory | undefined, version: Version): ResourceScores {
  let r = used.scores as ResourceScores | undefined;
  if (
    !r ||
    // Stryker disable next-line ConditionalExpression,EqualityOperator: never true (a memo'd Requested is one snapshot entry's: one NodeInfo, one configuration), so at most a recompute of the same scores
    r.info !== info || r.version !== version ||
    !sameRequest(r.nz, nz)
  ) {
    r = { info, nz, version, la: leastAllocated(nz, info, used.nonZero) };
    used.scores = r;
  }
  if (real && (!r.ba || !sameRequest(r.real!, real))) { // r.real is set with r.ba
    // Stryker disable next-line ObjectLiteral: an empty copy matches no request, so the next pod recomputes the same scores
    r.real = { milliCPU: real.milliCPU, memory: real.memory };
    r.ba = balancedAllocation(real, info, used.requested, version);
  }
  return r;
}

/** `general`: the configured resources, the pod's request of each and the scorer (strategies.ts). */
interface General { resources: readonly ResourceSpec[]; pod: Amount[]; useRequested: boolean; scorer: (requested: Amount[], allocated: Amount[], allocatable: Amount[]) => number; name: string }
interface State { nz: CpuMemory; real?: CpuMemory; version: Version; general?: General }

const generalScore = (g: General, node: ScoreNode) => {
  const n = nodeAmounts(g.resources, g.pod, node, g.useRequested);
  return g.scorer(n.requested, n.allocated, n.allocatable);
};
const generalExplain = (g: General, node: ScoreNode) => `${g.name}: ${amountsLine(g.resources, nodeAmounts(g.resources, g.pod, node, g.useRequested))}`;

/** NodeResourcesFit's PreScore with configured arguments: the strategy's resources (the non-zero cpu/memory defaults). */
function fitGeneral(pod: PodInfo): General {
  const strategy = pluginArgs('NodeResourcesFit').scoringStrategy;
  const scorer = strategyScorer(strategy);
  const resources = strategy.resources;
  return { resources, pod: podRequestList(resources, leastAllocatedPodRequests(pod.subject), pod.requests), useRequested: false, scorer: (r, _a, c) => scorer(r, c), name: strategy.type };
}

/** BalancedAllocation's PreScore with configured resources: real requests; Skip when the pod requests none of them. */
function balancedGeneral(pod: PodInfo, version: Version): General | undefined {
  const resources = pluginArgs('NodeResourcesBalancedAllocation').resources;
  const requests = podRequestList(resources, pod.requests, pod.requests);
  if (requests.every((r) => r === 0)) return undefined;
  const change = scoresBalanceChange(version);
  return {
    resources, pod: requests, useRequested: true, name: 'BalancedAllocation',
    // the fractions are float64s of the int64 amounts (Number rounds a bigint as Go's float64 conversion does)
    scorer: (r, a, c) => (change ? balanceChangeScorer(r.map(Number), a.map(Number), c.map(Number)) : balancedResourceScorer(r.map(Number), c.map(Number))),
  };
}

/** The scores of `node` for the pod: a snapshot entry keeps its node's Requested between cycles (snapshot.ts). */
const scoresOn = (s: State, node: ScoreNode) => resourceScores(node.memo ? node.memo(nodeRequested) : nodeRequested(node.pods), node.info, s.nz, s.real, s.version);

const pct = (f: number) => `${Math.round(f * 1000) / 10}%`;
const mi = (bytes: number) => (bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)}Mi` : `${bytes}`);

/** NodeResourcesFit's Score, LeastAllocated: the share of cpu and memory left free with the pod (no NormalizeScore). */
export const NodeResourcesFitScore: ScorePlugin<State> = {
  name: 'NodeResourcesFit',
  preScore: (pod) => ({
    nz: leastAllocatedPodRequests(pod.subject), version: settings().kubernetesVersion,
    ...(argsAreDefault('NodeResourcesFit') ? {} : { general: fitGeneral(pod) }),
  }),
  score: (s, node) => (s.general ? generalScore(s.general, node) : scoresOn(s, node).la.score),
  explain(s, node) {
    if (s.general) return generalExplain(s.general, node);
    const la = scoresOn(s, node).la;
    return la.allocatable.milliCPU === 0 && la.allocatable.memory === 0
      ? 'LeastAllocated: the node declares no cpu/memory allocatable (scores 0)'
      : `LeastAllocated: cpu ${la.requested.milliCPU}m/${la.allocatable.milliCPU}m, memory ${mi(la.requested.memory)}/${mi(la.allocatable.memory)} requested with this pod`;
  },
};

/** NodeResourcesBalancedAllocation: how evenly cpu and memory are requested with the pod; Skip for best-effort pods. */
export const NodeResourcesBalancedAllocation: ScorePlugin<State> = {
  name: 'NodeResourcesBalancedAllocation',
  preScore(pod) {
    const version = settings().kubernetesVersion;
    if (!argsAreDefault('NodeResourcesBalancedAllocation')) {
      const general = balancedGeneral(pod, version);
      return general ? { nz: leastAllocatedPodRequests(pod.subject), version, general } : new Skip('best-effort pod');
    }
    return balancedAllocationApplies(pod.requests)
      ? { nz: leastAllocatedPodRequests(pod.subject), real: pod.requests, version }
      : new Skip('best-effort pod');
  },
  score: (s, node) => (s.general ? generalScore(s.general, node) : scoresOn(s, node).ba!.score),
  explain(s, node) {
    if (s.general) return generalExplain(s.general, node);
    const ba = scoresOn(s, node).ba!;
    const after = `cpu ${pct(ba.cpuFraction)}, memory ${pct(ba.memoryFraction)} of allocatable requested with this pod`;
    const b = ba.before;
    // v1.36+: the score is the change in balance, so the message names the node's balance before the pod too
    return b ? `${after} (before it: cpu ${pct(b.cpuFraction)}, memory ${pct(b.memoryFraction)}; 75 = balance unchanged)` : after;
  },
};

// TaintToleration (pkg/scheduler/framework/plugins/tainttoleration/taint_toleration.go):
// Filter on NoSchedule/NoExecute taints, Score on PreferNoSchedule taints.
import type { Taint, Toleration } from '../../../core/types';
import { filterPlugin, podInfo, rejection, taintId, taintRegistry, type NodeInfo, type PodInfo, type Rejection, type Retried, type ScorePlugin } from '../../framework';
import { formatTaint, tolerationFor, toleratesTaint } from '../../../k8s/toleration';
import { withAddedTolerations } from '../../../k8s/subject';
import { releaseAtLeast, type KubernetesVersion } from '../../../core/config';
import { afterFixLines, explainTolerated, explainUntolerated, untoleratedTaints } from './details';

// Since #134740 (v1.35; cherry-picked into release-1.34 by #135023, in v1.34.4) the reason no longer names the taint.
/** @upstream pkg/scheduler/framework/plugins/tainttoleration/taint_toleration.go */
export const ErrReasonNotMatch = 'node(s) had untolerated taint(s)';
const REJECTED = rejection('TaintToleration', 'UnschedulableAndUnresolvable', [ErrReasonNotMatch]);

/**
 * The Filter's reason for the first untolerated taint. v1.33.13 still names it: fmt.Sprintf("node(s) had untolerated
 * taint {%s: %s}", taint.Key, taint.Value) (taint_toleration.go Filter); an absent value prints as empty.
 */
export function untoleratedReason(taint: Taint, version?: KubernetesVersion): Rejection {
  if (releaseAtLeast('1.34', version)) return REJECTED;
  return rejection('TaintToleration', 'UnschedulableAndUnresolvable', [`node(s) had untolerated taint {${taint.key}: ${taint.value ?? ''}}`]);
}

function tolerated(tolerations: readonly Toleration[], taint: Taint, comparisonOperators: boolean): boolean {
  for (let i = 0; i < tolerations.length; i++) if (toleratesTaint(tolerations[i], taint, comparisonOperators)) return true;
  return false;
}

/** FindMatchingUntoleratedTaint with DoNotScheduleTaintsFilterFunc: the first untolerated NoSchedule/NoExecute taint. */
export function findUntoleratedTaint(taints: readonly Taint[], tolerations: readonly Toleration[], comparisonOperators: boolean): Taint | undefined {
  for (let i = 0; i < taints.length; i++) {
    const taint = taints[i];
    if ((taint.effect === 'NoSchedule' || taint.effect === 'NoExecute') && !tolerated(tolerations, taint, comparisonOperators)) return taint;
  }
  return undefined;
}

// The pods with a hint's tolerations added, per pod and set of taints: nodes of a pool share them.
const fixedPods = new WeakMap<PodInfo, Map<string, PodInfo>>();
const isFixed = new WeakSet<PodInfo>();

/** The pod as it would be with tolerations for `taints` added to its spec (and admission run again, as on create). */
function withTolerationsFor(pod: PodInfo, taints: readonly Taint[]): PodInfo {
  let perPod = fixedPods.get(pod);
  // Stryker disable next-line ConditionalExpression: a cache; a new map per call computes the same pod again
  if (!perPod) fixedPods.set(pod, (perPod = new Map()));
  const key = taints.map((t) => taintId(t)).join(',');
  let fixed = perPod.get(key);
  // Stryker disable next-line ConditionalExpression: a cache; building the pod again gives the same verdicts
  if (!fixed) {
    perPod.set(key, (fixed = podInfo(withAddedTolerations(pod.subject, taints.map(tolerationFor)))));
    isFixed.add(fixed);
  }
  return fixed;
}

/**
 * The hint suggests tolerations; whether they fix it is answered by running the filters again on the node with them
 * added, as the scheduler would, so a hint never offers a change the next filter still rejects (e.g. a nodeSelector
 * for another pool). No hint for a pod that is itself a hint's pod.
 */
function tolerationFix(pod: PodInfo) {
  // Stryker disable next-line ConditionalExpression: a hint's pod tolerates every such taint of the node it is retried on, so its own hint is never asked for
  if (isFixed.has(pod)) return undefined;
  return (node: NodeInfo, retry: (changed: PodInfo) => Retried): string[] => {
    // asked for only when the Filter rejected the node: there is an untolerated taint
    const first = findUntoleratedTaint(node.filterTaints, pod.tolerations, pod.comparisonOperators)!;
    const taints = untoleratedTaints(pod, node, first);
    return afterFixLines(taints.length, retry(withTolerationsFor(pod, taints)));
  };
}

export const TaintToleration = filterPlugin(
  'TaintToleration',
  { node: ['taints'] },
  // One untolerated taint is enough to reject the node; node.filterTaints holds the NoSchedule/NoExecute ones,
  // by id: the pod's verdict on each distinct taint is worked out once (pod.toleratedTaints).
  (pod, node) => {
    const ids = node.filterTaintIds;
    const known = pod.toleratedTaints;
    for (let i = 0; i < ids.length; i++) {
      let v = known[ids[i]];
      // Stryker disable next-line ConditionalExpression: a cache of the pod's verdict per taint; working it out again gives the same
      if (v === undefined) {
        v = known[ids[i]] = tolerated(pod.tolerations, taintRegistry[ids[i]], pod.comparisonOperators) ? 1 : 2;
      }
      if (v === 2) return untoleratedReason(taintRegistry[ids[i]]);
    }
    return undefined;
  },
  (pod, node) => explainUntolerated(pod, node, findUntoleratedTaint(node.filterTaints, pod.tolerations, pod.comparisonOperators)!),
  { explainPass: explainTolerated, fixHint: tolerationFix },
);

/** Score: the node's PreferNoSchedule taints not tolerated by the pod's empty-effect or PreferNoSchedule tolerations. */
export function untoleratedPreferNoSchedule(pod: PodInfo, node: NodeInfo): Taint[] {
  // Stryker disable next-line MethodExpression,ConditionalExpression: toleratesTaint refuses a toleration of another effect anyway
  const tolerations = pod.tolerations.filter((t) => !t.effect || t.effect === 'PreferNoSchedule');
  return node.taints.filter(
    (taint) => taint.effect === 'PreferNoSchedule' && !tolerations.some((t) => toleratesTaint(t, taint, pod.comparisonOperators)),
  );
}

/** NormalizeScore with reverse=true: 100 - raw*100/max (integer division); all 100 when max is 0. */
export function normalizeTaintTolerationScores(raw: number[]): number[] {
  const max = Math.max(0, ...raw);
  return raw.map((r) => (max === 0 ? 100 : 100 - Math.trunc((r * 100) / max)));
}

const NO_TAINTS: readonly Taint[] = [];
// most nodes carry no PreferNoSchedule taint: nothing to work out
// Stryker disable next-line ConditionalExpression: a fast path; untoleratedPreferNoSchedule finds no taint on such a node
const preferNoSchedule = (pod: PodInfo, node: NodeInfo) => (node.taints.some((t) => t.effect === 'PreferNoSchedule') ? untoleratedPreferNoSchedule(pod, node) : NO_TAINTS);

/** TaintToleration's PreScore/Score/NormalizeScore: fewer untolerated PreferNoSchedule taints score higher. */
export const TaintTolerationScore: ScorePlugin<PodInfo> = {
  name: 'TaintToleration',
  preScore: (pod) => pod,
  score: (pod, node) => preferNoSchedule(pod, node.info).length,
  normalizeScore: (_, raw) => normalizeTaintTolerationScores(raw),
  explain: (pod, node, raw) => `${raw} untolerated PreferNoSchedule taint(s)${raw ? ` (${preferNoSchedule(pod, node.info).map(formatTaint).join(', ')})` : ''}`,
  // Stryker disable next-line ArrayDeclaration: the PreScore never skips, so `pod` is always given
  nodeScore: { key: 'taintToleration', value: (pod, node, raw, score) => ({ raw, normalized: score, untolerated: pod ? preferNoSchedule(pod, node.info).map(formatTaint) : [] }) },
};

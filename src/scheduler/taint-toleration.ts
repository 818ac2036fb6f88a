// TaintToleration (pkg/scheduler/framework/plugins/tainttoleration/taint_toleration.go):
// Filter on NoSchedule/NoExecute taints, Score on PreferNoSchedule taints.
import type { Taint, Toleration } from '../types';
import { failure, type FilterPlugin, type NodeInfo, type PodInfo } from './framework';
import { toleratesTaint } from '../k8s/toleration';
import { explainUntolerated } from './explain-taint';

// Since #134740 (v1.35, backported to 1.34 patches) the reason no longer names the taint.
export const ErrReasonNotMatch = 'node(s) had untolerated taint(s)';

/** FindMatchingUntoleratedTaint with DoNotScheduleTaintsFilterFunc: the first untolerated NoSchedule/NoExecute taint. */
export function findUntoleratedTaint(taints: readonly Taint[], tolerations: readonly Toleration[], comparisonOperators: boolean): Taint | undefined {
  return taints.find(
    (taint) =>
      (taint.effect === 'NoSchedule' || taint.effect === 'NoExecute') &&
      !tolerations.some((t) => toleratesTaint(t, taint, comparisonOperators)),
  );
}

export const TaintToleration: FilterPlugin = {
  name: 'TaintToleration',
  filter(pod, node) {
    // One untolerated taint is enough to reject the node.
    const taint = findUntoleratedTaint(node.taints, pod.tolerations, pod.comparisonOperators);
    if (!taint) return undefined;
    return failure('TaintToleration', 'UnschedulableAndUnresolvable', [ErrReasonNotMatch], () => explainUntolerated(pod, node, taint));
  },
};

/** Score: the node's PreferNoSchedule taints not tolerated by the pod's empty-effect or PreferNoSchedule tolerations. */
export function untoleratedPreferNoSchedule(pod: PodInfo, node: NodeInfo): Taint[] {
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

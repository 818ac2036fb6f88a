// TaintToleration (pkg/scheduler/framework/plugins/tainttoleration/taint_toleration.go):
// Filter on NoSchedule/NoExecute taints, Score on PreferNoSchedule taints.
import type { Taint, Toleration } from '../../../core/types';
import { filterPlugin, rejection, taintRegistry, type NodeInfo, type PodInfo, type Rejection } from '../../framework';
import { toleratesTaint } from '../../../k8s/toleration';
import { releaseAtLeast, type KubernetesVersion } from '../../../core/config';
import { explainUntolerated } from './details';

// Since #134740 (v1.35; cherry-picked into release-1.34 by #135023, in v1.34.4) the reason no longer names the taint.
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
      if (v === undefined) v = known[ids[i]] = tolerated(pod.tolerations, taintRegistry[ids[i]], pod.comparisonOperators) ? 1 : 2;
      if (v === 2) return untoleratedReason(taintRegistry[ids[i]]);
    }
    return undefined;
  },
  (pod, node) => explainUntolerated(pod, node, findUntoleratedTaint(node.filterTaints, pod.tolerations, pod.comparisonOperators)!),
);

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

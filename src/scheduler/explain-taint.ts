// Shared wording for "this taint is not tolerated" in scheduler and eviction messages.
import type { Taint } from '../types';
import type { PodInfo, NodeInfo } from './framework';
import { closestToleration, formatTaint, formatToleration } from '../k8s/toleration';

export function taintOrigin(node: NodeInfo, taint: Taint): string {
  const i = node.taints.indexOf(taint);
  return i >= 0 && i >= node.ownTaintCount ? " (added by the node lifecycle controller from the node's conditions)" : '';
}

export function explainUntolerated(pod: PodInfo, node: NodeInfo, taint: Taint): string {
  const head = `taint ${formatTaint(taint)}${taintOrigin(node, taint)} is not tolerated`;
  const closest = closestToleration(pod.tolerations, taint, pod.comparisonOperators);
  if (!closest) return `${head}: the pod has no tolerations`;
  const source = pod.tolerationSources[closest.index];
  const from = source === 'pod spec' ? '' : ` (added by ${source})`;
  return `${head}; closest toleration tolerations[${closest.index}] ${formatToleration(closest.toleration)}${from}: ${closest.mismatches.join('; ')}`;
}

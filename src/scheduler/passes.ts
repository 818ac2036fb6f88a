// Why the per-node filters let a pod through, for `.not` failures ("every filter passes" alone does not say which
// toleration tolerated the GPU taint, or which label satisfied the nodeSelector). One fact a line, plugin first, in
// the filters' order (NodeUnschedulable, NodeName, TaintToleration, NodeAffinity); the resources and cluster plugins
// add their own notes.
import type { NodeInfo, PodInfo } from './framework';
import { UNSCHEDULABLE_TAINT } from './framework';
import { explainRequirement, termMatches } from '../k8s/node-selector';
import { formatTaint, formatToleration, toleratesTaint } from '../k8s/toleration';
import { taintOrigin } from './plugins/tainttoleration/details';

/** `tolerations[1] (added by DefaultTolerationSeconds admission) {…}`: the first toleration that tolerates the taint. */
function toleratedBy(pod: PodInfo, taint: Parameters<typeof toleratesTaint>[1]): string {
  const i = pod.tolerations.findIndex((t) => toleratesTaint(t, taint, pod.comparisonOperators));
  const source = pod.tolerationSources[i];
  return `tolerations[${i}]${source && source !== 'pod spec' ? ` (added by ${source})` : ''} ${formatToleration(pod.tolerations[i])}`;
}

export function explainNodePass(pod: PodInfo, node: NodeInfo): string[] {
  const lines: string[] = [];
  if (node.unschedulable) lines.push(`NodeUnschedulable: the node is cordoned, and ${toleratedBy(pod, UNSCHEDULABLE_TAINT)} tolerates ${formatTaint(UNSCHEDULABLE_TAINT)}`);
  if (pod.nodeName) lines.push(`NodeName: ${pod.subject.specPath}.nodeName is "${pod.nodeName}", this node`);
  if (!node.filterTaints.length) lines.push('TaintToleration: the node has no NoSchedule/NoExecute taints');
  for (const t of node.filterTaints) lines.push(`TaintToleration: taint ${formatTaint(t)}${taintOrigin(node, t)} is tolerated by ${toleratedBy(pod, t)}`);
  const selector = Object.entries(pod.nodeSelector);
  for (const [k, v] of selector) lines.push(`NodeAffinity: nodeSelector ${k}=${v} matches the node's label`);
  const term = pod.requiredTerms?.find((t) => termMatches(t, node.labels, node.name));
  if (term) {
    const path = `${pod.subject.specPath}.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution`;
    lines.push(`NodeAffinity: ${path}.nodeSelectorTerms[${term.index}] matches (${term.requirements.map((r) => explainRequirement(r, node.labels, node.name)).join('; ')})`);
  }
  if (!selector.length && !pod.requiredTerms) lines.push('NodeAffinity: the pod has no nodeSelector and no required node affinity');
  return lines;
}

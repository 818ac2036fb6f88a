// The small part of kube-scheduler's framework the plugins need: the prepared pod and node,
// and the status a Filter returns.
import type { Node, Taint, Toleration } from '../types';
import type { Subject } from '../subject';
import { admitNode, admitPod, type TolerationSource } from '../admission';
import { settings } from '../config';

export type Code = 'Unschedulable' | 'UnschedulableAndUnresolvable';

export interface Status {
  plugin: string;
  code: Code;
  /** kube-scheduler's reason strings, verbatim. */
  reasons: string[];
  /** Our concrete explanation: which taint, label, resource… */
  details: string[];
}

/** Everything about the pod that does not depend on the node, computed once per subject. */
export interface PodInfo {
  subject: Subject;
  tolerations: Toleration[];
  tolerationSources: TolerationSource[];
  comparisonOperators: boolean;
}

export interface NodeInfo {
  node: Node;
  name: string;
  /** Node taints after the node lifecycle controller's condition taints. */
  taints: Taint[];
  ownTaintCount: number;
}

export function podInfo(subject: Subject): PodInfo {
  const admitted = admitPod(subject);
  return {
    subject,
    tolerations: admitted.tolerations,
    tolerationSources: admitted.sources,
    comparisonOperators: settings().featureGates.TaintTolerationComparisonOperators,
  };
}

export function nodeInfo(node: Node): NodeInfo {
  const admitted = admitNode(node);
  return { node, name: node.metadata?.name ?? '', taints: admitted.taints, ownTaintCount: admitted.ownCount };
}

export interface FilterPlugin {
  name: string;
  filter(pod: PodInfo, node: NodeInfo): Status | undefined;
}

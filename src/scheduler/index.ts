// kube-scheduler's per-node Filter phase: the default profile's plugins in upstream order
// (pkg/scheduler/apis/config/v1/default_plugins.go); the first failing plugin decides the node's status.
import type { Node } from '../types';
import type { Subject } from '../subject';
import { nodeInfo, podInfo, type FilterPlugin, type NodeInfo, type PodInfo, type Status } from './framework';
import { NodeUnschedulable } from './node-unschedulable';
import { NodeName } from './node-name';
import { TaintToleration } from './taint-toleration';

export const FILTER_PLUGINS: FilterPlugin[] = [NodeUnschedulable, NodeName, TaintToleration];

export interface NodeVerdict {
  node: string;
  feasible: boolean;
  /** The failing plugin's status; undefined when the node fits. */
  status?: Status;
}

export function runFilters(pod: PodInfo, node: NodeInfo): NodeVerdict {
  for (const plugin of FILTER_PLUGINS) {
    const status = plugin.filter(pod, node);
    if (status) return { node: node.name, feasible: false, status };
  }
  return { node: node.name, feasible: true };
}

/** Would kube-scheduler's filters accept this node for the subject's pod? */
export function schedulingVerdict(subject: Subject, node: Node): NodeVerdict {
  return runFilters(podInfo(subject), nodeInfo(node));
}

// Engine entry points that take objects as users have them (subjects, nodes, pods).
import type { KubeObject, Node, Pod } from '../core/types';

/** existingPods are placed by spec.nodeName; namespaces are Namespace objects (their labels serve namespaceSelector). */
export interface ScheduleOptions {
  existingPods?: Pod[];
  namespaces?: KubeObject[];
}
import { toSubject } from '../k8s/subject';
import { nodeInfo, podInfo } from '../scheduler/framework';
import { schedule, type ScheduleResult } from '../scheduler';
import { scoreNodes, type NodeScore } from '../scheduler/score';
import { scoreCluster } from '../scheduler/score-cluster';
import { taintEviction, type EvictionVerdict } from '../controllers/taint-eviction';

/** When the taint-eviction controller would delete the subject's pod from the node. */
export function evictionVerdict(subject: KubeObject, node: Node): EvictionVerdict {
  return taintEviction(podInfo(toSubject(subject)), nodeInfo(node));
}

/** The feasible nodes and each rejected node's plugin, reasons and details; the FitError text when none fits. */
export function scheduleOn(subject: KubeObject, nodes: readonly Node[], options: ScheduleOptions = {}): ScheduleResult {
  return schedule(toSubject(subject), nodes, options.existingPods, options.namespaces);
}

/** Feasible nodes ranked by the default profile's scores (existing pods by spec.nodeName), best first; ties keep input order. */
export function rankNodes(subject: KubeObject, nodes: readonly Node[], options: ScheduleOptions = {}): NodeScore[] {
  const s = toSubject(subject);
  const feasible = new Set(schedule(s, nodes, options.existingPods, options.namespaces).feasible.map((v) => v.node));
  const infos = nodes.map(nodeInfo).filter((n) => feasible.has(n.name));
  return scoreNodes(podInfo(s), infos, scoreCluster(nodes, options.existingPods, options.namespaces)).sort((a, b) => b.total - a.total);
}

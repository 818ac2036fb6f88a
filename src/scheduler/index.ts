// kube-scheduler for one pod: PreEnqueue (SchedulingGates), NodeAffinity's PreFilter narrowing, then the
// default profile's Filter plugins in upstream order (pkg/scheduler/apis/config/v1/default_plugins.go) —
// the first failing plugin decides a node's status — and the FitError message when no node fits.
import type { Node, Pod } from '../types';
import type { Subject } from '../subject';
import { nodeInfo, nodeUsage, podInfo, type FilterPlugin, type NodeInfo, type NodeUsage, type PodInfo, type Status } from './framework';
import { NodeUnschedulable } from './node-unschedulable';
import { NodeName } from './node-name';
import { TaintToleration } from './taint-toleration';
import { ErrReasonConflict, NodeAffinity, preFilterReason } from './node-affinity';
import { NodePorts } from './node-ports';
import { NodeResourcesFit } from './node-resources-fit';

export const FILTER_PLUGINS: FilterPlugin[] = [NodeUnschedulable, NodeName, TaintToleration, NodeAffinity, NodePorts, NodeResourcesFit];

export interface NodeVerdict {
  node: string;
  feasible: boolean;
  /** The failing plugin's status; undefined when the node fits. */
  status?: Status;
}

// PodInfo is built once per subject; its whole-pod rejection is worked out once too, not per node.
const rejections = new WeakMap<PodInfo, Status | null>();

/** A rejection of the pod as a whole, before any node is filtered (PreEnqueue or PreFilter). */
export function podRejection(pod: PodInfo): Status | undefined {
  if (!rejections.has(pod)) rejections.set(pod, computeRejection(pod) ?? null);
  return rejections.get(pod) ?? undefined;
}

/** The API server's PodScheduled condition message for a pod created with gates (pkg/registry/core/pod/strategy.go). */
export const SCHEDULING_GATED_MESSAGE = 'Scheduling is blocked due to non-empty scheduling gates';

/** The names in spec.schedulingGates; non-empty means kube-scheduler never runs the filters for the pod. */
export function schedulingGates(subject: Subject): string[] {
  return (subject.spec.schedulingGates ?? []).map((g) => g.name);
}

/** What a cluster shows for a gated pod (follows "…, but "): it stays Pending, the filters never run. */
export function describeGated(label: string, gates: readonly string[]): string {
  return 'kube-scheduler never tries it:\n' +
    `  ${label} stays Pending: PodScheduled=False, reason SchedulingGated (${SCHEDULING_GATED_MESSAGE})\n` +
    `  spec.schedulingGates [${gates.join(', ')}] keep it out of the scheduling queue (SchedulingGates PreEnqueue plugin) until every gate is removed`;
}

function computeRejection(pod: PodInfo): Status | undefined {
  const gates = schedulingGates(pod.subject);
  if (gates.length) {
    // schedulinggates/scheduling_gates.go PreEnqueue: the status never reaches a FitError or an event.
    return {
      plugin: 'SchedulingGates', code: 'UnschedulableAndUnresolvable',
      reasons: [`waiting for scheduling gates: [${gates.join(' ')}]`],
      details: ['kube-scheduler does not try a pod until its spec.schedulingGates are removed'],
    };
  }
  if (pod.nodeNames && pod.nodeNames.size === 0) {
    return {
      plugin: 'NodeAffinity', code: 'UnschedulableAndUnresolvable', reasons: [ErrReasonConflict],
      details: ['every nodeSelectorTerm pins metadata.name with matchFields In lists that have no name in common'],
    };
  }
  return undefined;
}

const NO_USAGE: NodeUsage = nodeUsage([]);

export function runFilters(pod: PodInfo, node: NodeInfo, usage: NodeUsage = NO_USAGE): NodeVerdict {
  const rejected = podRejection(pod);
  if (rejected) return { node: node.name, feasible: false, status: rejected };
  // Nodes outside NodeAffinity's PreFilterResult are never filtered.
  if (pod.nodeNames && !pod.nodeNames.has(node.name)) {
    return {
      node: node.name, feasible: false,
      status: {
        plugin: 'NodeAffinity', code: 'UnschedulableAndUnresolvable', reasons: [preFilterReason(['NodeAffinity'])],
        details: [`matchFields metadata.name In [${[...pod.nodeNames].join(', ')}] limits the pod to those nodes`],
      },
    };
  }
  for (const plugin of FILTER_PLUGINS) {
    const status = plugin.filter(pod, node, usage);
    if (status) return { node: node.name, feasible: false, status };
  }
  return { node: node.name, feasible: true };
}

/**
 * The existing pods that are on `nodeName`, as NodeInfo holds them (framework/types.go NodeInfo.AddPod is called
 * for the pods bound to that node only): those bound to it, and those without spec.nodeName, taken as already
 * there (the single-node form's fixtures seldom set it). Pods bound to another node are not on this one.
 */
export function podsOnNode(nodeName: string, existingPods: readonly Pod[] | undefined) {
  const here: Pod[] = [];
  let unbound = 0;
  let elsewhere = 0;
  for (const p of existingPods ?? []) {
    const bound = p.spec?.nodeName;
    if (bound && bound !== nodeName) elsewhere++;
    else {
      if (!bound) unbound++;
      here.push(p);
    }
  }
  return { here, unbound, elsewhere };
}

/** Would kube-scheduler's filters accept this node for the subject's pod? Existing pods bound elsewhere are ignored. */
export function schedulingVerdict(subject: Subject, node: Node, existingPods?: readonly Pod[]): NodeVerdict {
  const info = nodeInfo(node);
  return runFilters(podInfo(subject), info, nodeUsage(podsOnNode(info.name, existingPods).here));
}

export interface ScheduleResult {
  feasible: NodeVerdict[];
  /** Every node when the pod is gated (their status is the SchedulingGates one). */
  rejected: NodeVerdict[];
  /** kube-scheduler's FitError text when no node fits (without the PostFilter/preemption part); undefined for a gated pod. */
  fitError?: string;
  /** Set when spec.schedulingGates is non-empty: the pod stays Pending with PodScheduled=False, reason SchedulingGated. */
  gated?: { gates: string[]; message: typeof SCHEDULING_GATED_MESSAGE };
}

/** Group existing pods by `spec.nodeName`. */
export function podsByNode(existingPods: readonly Pod[] | undefined): Map<string, Pod[]> {
  const map = new Map<string, Pod[]>();
  for (const p of existingPods ?? []) {
    const name = p.spec?.nodeName;
    if (!name) continue;
    map.set(name, [...(map.get(name) ?? []), p]);
  }
  return map;
}

export function schedule(subject: Subject, nodes: readonly Node[], existingPods?: readonly Pod[]): ScheduleResult {
  const pod = podInfo(subject);
  const byNode = podsByNode(existingPods);
  const verdicts = nodes.map((n) => {
    const info = nodeInfo(n);
    return runFilters(pod, info, byNode.has(info.name) ? nodeUsage(byNode.get(info.name)) : NO_USAGE);
  });
  const feasible = verdicts.filter((v) => v.feasible);
  const rejected = verdicts.filter((v) => !v.feasible);
  const gates = schedulingGates(subject);
  if (gates.length) return { feasible, rejected, gated: { gates, message: SCHEDULING_GATED_MESSAGE } };
  return { feasible, rejected, fitError: feasible.length ? undefined : fitError(nodes.length, pod, rejected) };
}

/** FitError.Error(): `0/N nodes are available: ` + reason histogram sorted as strings, or the PreFilter message. A gated pod never gets one. */
export function fitError(numAllNodes: number, pod: PodInfo, rejected: readonly NodeVerdict[]): string {
  const head = `0/${numAllNodes} nodes are available:`;
  const whole = podRejection(pod);
  if (whole) return `${head} ${whole.reasons.join(', ')}.`;
  const counts = new Map<string, number>();
  for (const v of rejected) for (const r of v.status!.reasons) counts.set(r, (counts.get(r) ?? 0) + 1);
  const histogram = [...counts].map(([reason, n]) => `${n} ${reason}`).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return histogram.length ? `${head} ${histogram.join(', ')}.` : head;
}

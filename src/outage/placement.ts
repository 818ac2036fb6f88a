// Stand-in for helper J's replica placement (src/placement/place.ts placeReplicas / scheduleOne, branch j-placement):
// the pods a workload's controller creates, and one scheduling cycle per pod. Swap `podsOf` for J's `replicasOf`
// and `scheduleOne` for J's `scheduleOne` once that branch is merged; the shapes below are the same.
import type { KubeObject, Node, Pod, PodSpec } from '../types';
import { toSubject } from '../subject';
import { settings } from '../config';
import { addDaemonSetTolerations } from '../admission/daemonset-tolerations';
import { nodeInfo, podInfo } from '../scheduler/framework';
import { fitError, schedule, type NodeVerdict } from '../scheduler';
import { NodeAffinity } from '../scheduler/node-affinity';
import { findUntoleratedTaint } from '../scheduler/taint-toleration';
import { scoreNodes } from '../scheduler/score';

type Template = { metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> }; spec?: PodSpec };
const specOf = (o: KubeObject) => ((o as { spec?: Record<string, unknown> }).spec ?? {});
const count = (raw: unknown, dflt: number) => (typeof raw === 'number' && Number.isInteger(raw) && raw >= 0 ? raw : dflt);

/** The pod template of a workload (CronJob: its jobTemplate's). */
export function templateOf(workload: KubeObject): Template {
  const s = specOf(workload);
  if (workload.kind === 'CronJob') return ((s.jobTemplate as { spec?: { template?: Template } } | undefined)?.spec?.template) ?? {};
  return (s.template as Template | undefined) ?? {};
}

/** How many pods the controller keeps: spec.replicas (default 1); Job/CronJob min(parallelism, completions). */
export function desiredReplicas(workload: KubeObject): number {
  const s = specOf(workload);
  if (workload.kind === 'Pod') return 1;
  if (workload.kind === 'Job' || workload.kind === 'CronJob') {
    const js = workload.kind === 'CronJob' ? (((s.jobTemplate as { spec?: Record<string, unknown> } | undefined)?.spec) ?? {}) : s;
    const parallelism = count(js.parallelism, 1);
    return Math.min(parallelism, js.completions == null ? Infinity : count(js.completions, 1));
  }
  return count(s.replicas, 1);
}

/** controller_utils.go GetPodFromTemplate: the template's labels, annotations and spec, in the workload's namespace. */
export function podFrom(workload: KubeObject, name: string, extra: Partial<PodSpec> = {}): Pod {
  if (workload.kind === 'Pod') return workload as Pod;
  const template = templateOf(workload);
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: workload.metadata?.namespace || 'default',
      labels: { ...(template.metadata?.labels ?? {}) },
      ...(template.metadata?.annotations ? { annotations: { ...template.metadata.annotations } } : {}),
    },
    spec: { ...(template.spec ?? { containers: [] }), ...extra } as PodSpec,
  };
}

/**
 * daemon_controller.go NodeShouldRunDaemonPod (predicates): the template's node selector and required node
 * affinity match, and the pod with the DaemonSet controller's tolerations tolerates the node's NoSchedule and
 * NoExecute taints. `shouldContinueRunning` only needs the NoExecute taints tolerated.
 */
export function daemonShouldRun(daemonSet: KubeObject, node: Node): { shouldRun: boolean; shouldContinueRunning: boolean } {
  const subject = toSubject(daemonSet);
  const info = nodeInfo(node);
  const pod = podInfo(subject); // a DaemonSet subject is admitted with the controller's tolerations
  if (subject.spec.nodeName && subject.spec.nodeName !== info.name) return { shouldRun: false, shouldContinueRunning: false };
  if (NodeAffinity.filter(pod, info, undefined as never)) return { shouldRun: false, shouldContinueRunning: false };
  const noExecute = info.taints.filter((t) => t.effect === 'NoExecute');
  if (findUntoleratedTaint(noExecute, pod.tolerations, pod.comparisonOperators)) return { shouldRun: false, shouldContinueRunning: false };
  const shouldRun = !findUntoleratedTaint(info.taints, pod.tolerations, pod.comparisonOperators);
  return { shouldRun, shouldContinueRunning: true };
}

/** The daemon pod for one node: the controller's tolerations, and its node affinity pinned to that node. */
export function daemonPod(daemonSet: KubeObject, node: Node): Pod {
  const subject = toSubject(daemonSet);
  const nodeName = nodeInfo(node).name;
  const tolerations = settings().admission.daemonSetTolerations
    ? addDaemonSetTolerations(subject.spec.tolerations ?? [], subject.spec.hostNetwork === true)
    : subject.spec.tolerations;
  // util.ReplaceDaemonSetPodNodeNameNodeAffinity
  const affinity = {
    ...(subject.spec.affinity ?? {}),
    nodeAffinity: {
      ...(subject.spec.affinity?.nodeAffinity ?? {}),
      requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [nodeName] }] }] },
    },
  };
  return podFrom(daemonSet, `${daemonSet.metadata?.name ?? '<unnamed>'}-${nodeName}`, { tolerations, affinity });
}

export interface Cycle {
  node?: string;
  fitError?: string;
}

/**
 * One scheduling cycle (stand-in): kube-scheduler's filters; among the feasible nodes the best TaintToleration +
 * NodeAffinity score, then the node with the fewest pods of the same owner (a stand-in for the default topology
 * spreading), then the order the nodes were given.
 */
export function scheduleOne(pod: Pod, nodes: readonly Node[], existing: readonly Pod[], sameOwner: (p: Pod) => boolean, volumeZone?: string): Cycle {
  const subject = toSubject(pod);
  const result = schedule(subject, nodes, existing);
  if (result.gated) return { fitError: `${result.gated.message} (spec.schedulingGates: ${result.gated.gates.join(', ')})` };
  if (volumeZone !== undefined) {
    // VolumeBinding (after NodeResourcesFit in the default order): a bound zonal PersistentVolume's node affinity
    const outside = result.feasible.filter((v) => zoneOf(nodes.find((n) => nodeInfo(n).name === v.node)!) !== volumeZone);
    const rejected: NodeVerdict[] = [...result.rejected, ...outside.map((v) => ({ node: v.node, feasible: false, status: {
      plugin: 'VolumeBinding', code: 'UnschedulableAndUnresolvable' as const, reasons: [ErrReasonNodeConflict],
      details: [`the pod's PersistentVolumes are in zone ${volumeZone}`],
    } }))];
    result.feasible = result.feasible.filter((v) => !outside.includes(v));
    if (result.feasible.length === 0) return { fitError: fitError(nodes.length, podInfo(subject), rejected) };
  }
  if (result.feasible.length === 0) return { fitError: result.fitError };
  const feasible = new Set(result.feasible.map((v) => v.node));
  const infos = nodes.map(nodeInfo).filter((n) => feasible.has(n.name));
  const scores = scoreNodes(podInfo(subject), infos);
  const mine = new Map<string, number>();
  for (const p of existing) if (p.spec?.nodeName && sameOwner(p)) mine.set(p.spec.nodeName, (mine.get(p.spec.nodeName) ?? 0) + 1);
  let best = scores[0];
  for (const s of scores.slice(1)) {
    if (s.total > best.total || (s.total === best.total && (mine.get(s.node) ?? 0) < (mine.get(best.node) ?? 0))) best = s;
  }
  return { node: best.node };
}

/**
 * volumebinding/binder.go ErrReasonNodeConflict since v1.33 (kubernetes PR #129887); before:
 * "node(s) had volume node affinity conflict".
 */
export const ErrReasonNodeConflict = "node(s) didn't match PersistentVolume's node affinity";

/** The node's zone label (topology.kubernetes.io/zone, else the beta label). */
export function zoneOf(node: Node): string | undefined {
  const labels = node.metadata?.labels ?? {};
  return labels['topology.kubernetes.io/zone'] ?? labels['failure-domain.beta.kubernetes.io/zone'];
}

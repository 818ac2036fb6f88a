// The pods a workload's controller creates, as the scheduler receives them: the one create path
// (admission/create.ts podFromTemplate: GetPodFromTemplate, the controller's labels and fields, the API server's
// defaults). Names: StatefulSet pods are `<name>-<ordinal>` as the StatefulSet controller names them; the others carry
// a random suffix in a real cluster, here `<name>-<index>` (DaemonSet: `<name>-<node>`).
import type { KubeObject, Node, Pod, Taint } from '../core/types';
import { fromTemplateOf, suspendedReason, toSubject, type Subject } from '../k8s/subject';
import { podFromTemplate, type TemplatePodOptions } from '../admission/create';
import { nodeInfo } from '../scheduler/framework';
import { podNodeAffinityMatches, podNodeAffinityMismatches } from '../scheduler/plugins/nodeaffinity';
import { controllerPodInfo } from '../scheduler/framework';
import { findUntoleratedTaint } from '../scheduler/plugins/tainttoleration';
import { setDefaultSelector, defaultSelectorOf } from '../scheduler/plugins/podtopologyspread/scoring';
import { claimsRefused } from '../admission/claims-refused';

export const REPLICATED_KINDS = ['Pod', 'Deployment', 'ReplicaSet', 'ReplicationController', 'StatefulSet', 'Job', 'CronJob', 'DaemonSet'];

const spec = (o: KubeObject) => ((o as { spec?: Record<string, unknown> }).spec ?? {});

function count(raw: unknown, dflt: number): number {
  return typeof raw === 'number' && Number.isInteger(raw) && raw >= 0 ? raw : dflt;
}

/** Job: the controller keeps min(parallelism, completions) pods active (parallelism defaults to 1). */
function jobPods(jobSpec: Record<string, unknown>): number {
  const parallelism = count(jobSpec.parallelism, 1);
  const completions = jobSpec.completions == null ? Infinity : count(jobSpec.completions, 1);
  return Math.min(parallelism, completions);
}

/**
 * Why the controller creates no pod for the workload at all, if it creates none: a suspended Job (job_controller.go
 * manageJob deletes a suspended Job's active pods and creates none) or CronJob (cronjob_controllerv2.go syncCronJob
 * creates no Job while spec.suspend is true; a jobTemplate with suspend: true makes suspended Jobs); a StatefulSet
 * whose volumeClaimTemplates the API server refuses as claims (stateful_set_control.go creates a pod's claims first
 * and stops at the first refused): their metadata at every release (the set's create validates the templates' specs
 * alone, apps validateVolumeClaimTemplates), their specs before 1.34 (from 1.34 the StatefulSet itself is refused on
 * create, not on update).
 */
export function noPodsReason(workload: KubeObject, storage?: readonly KubeObject[]): string | undefined {
  return claimsRefused(workload, storage) ?? suspendedReason(workload);
}

/** How many pods the controller keeps: a bare Pod 1, spec.replicas (default 1), Job/CronJob min(parallelism, completions), 0 when suspended. Not for DaemonSets. */
export function desiredReplicas(workload: KubeObject, storage?: readonly KubeObject[]): number {
  const s = spec(workload);
  if (workload.kind === 'Pod') return 1;
  if (noPodsReason(workload, storage)) return 0;
  if (workload.kind === 'Job') return jobPods(s);
  if (workload.kind === 'CronJob') return jobPods(((s.jobTemplate as { spec?: Record<string, unknown> } | undefined)?.spec) ?? {});
  return count(s.replicas, 1);
}

/**
 * The pod the workload's controller creates, named `name` (a bare Pod is itself): podFromTemplate, plus the owner's
 * selector for PodTopologySpread's system defaults. `options.ordinal`: a StatefulSet pod's; `options.node`: the node a
 * DaemonSet pod is for.
 */
export function podFrom(workload: KubeObject, name: string, options: TemplatePodOptions = {}): Pod {
  if (workload.kind === 'Pod') return workload as Pod;
  const pod = podFromTemplate(workload, name, options);
  // PodTopologySpread's system defaults select a pod by its RS/StatefulSet/RC owner's selector.
  const selector = defaultSelectorOf(workload);
  if (selector) setDefaultSelector(pod, selector);
  return fromTemplateOf(pod, workload);
}

/**
 * The DaemonSet controller's rule (pkg/controller/daemon/daemon_controller.go NodeShouldRunDaemonPod, predicates):
 * the template's nodeName (if any), nodeSelector and required node affinity match the node, and the pod — with the
 * tolerations the controller adds, before any admission plugin — tolerates the node's NoSchedule/NoExecute taints. Cordoned nodes are not
 * excluded (daemon pods tolerate node.kubernetes.io/unschedulable).
 */
export function daemonShouldRun(daemonSet: KubeObject, node: Node): { run: boolean; why?: string; taint?: Taint } {
  const subject = toSubject(daemonSet);
  const info = nodeInfo(node);
  if (subject.spec.nodeName && subject.spec.nodeName !== info.name) return { run: false, why: `spec.template.spec.nodeName is ${subject.spec.nodeName}` };
  // the pod as the controller builds it, before admission: an admission plugin's tolerations (ExtendedResourceToleration)
  // or node selector (RuntimeClass) reach the pods it creates, not its decision
  const pod = controllerPodInfo(subject);
  // the template's own node affinity: the controller never reads the scheduler configuration's addedAffinity
  if (!podNodeAffinityMatches(pod, info)) return { run: false, why: `node affinity/selector: ${podNodeAffinityMismatches(pod, info).join('; ')}` };
  const taint = findUntoleratedTaint(info.taints, pod.tolerations, pod.comparisonOperators);
  if (taint) return { run: false, why: `untolerated taint ${taint.key}${taint.value ? `=${taint.value}` : ''}:${taint.effect}`, taint };
  return { run: true };
}

/** The DaemonSet's pod for one node (`<name>-<node>`): the controller's tolerations, its required node affinity pinned to the node. */
export function daemonPod(daemonSet: KubeObject, node: Node): Pod {
  const nodeName = nodeInfo(node).name;
  return podFrom(daemonSet, `${daemonSet.metadata?.name ?? '<unnamed>'}-${nodeName}`, { node: nodeName });
}

/** The node a daemon pod is for: spec.nodeName, else its node affinity's metadata.name pin (pkg/controller/daemon/util GetTargetNodeName). */
export function targetNodeName(pod: Pod): string | undefined {
  if (pod.spec?.nodeName) return pod.spec.nodeName;
  const terms = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms ?? [];
  return terms[0]?.matchFields?.find((f) => f.key === 'metadata.name' && f.operator === 'In')?.values?.[0];
}

export interface Replica {
  pod: Pod;
  workload: Subject;
}

/** The pods the workload's controller creates, in creation order. DaemonSets need the nodes. */
export function replicasOf(workload: KubeObject, nodes: readonly Node[], storage?: readonly KubeObject[]): Replica[] {
  const subject = toSubject(workload);
  const name = workload.metadata?.name ?? '<unnamed>';
  if (!REPLICATED_KINDS.includes(workload.kind ?? '')) {
    throw new TypeError(`${subject.label} has no replicas to place: expected one of ${REPLICATED_KINDS.join(', ')}`);
  }
  if (workload.kind === 'DaemonSet') return nodes.filter((n) => daemonShouldRun(workload, n).run).map((n) => ({ pod: daemonPod(workload, n), workload: subject }));
  // StatefulSet pods are `<name>-<ordinal>`; the others get `<name>-<index>` for the random suffix
  return Array.from({ length: desiredReplicas(workload, storage) }, (_, i) => ({ pod: podFrom(workload, `${name}-${i}`, { ordinal: i }), workload: subject }));
}

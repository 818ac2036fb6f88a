// A DaemonSet's pods exist only where its controller makes them: pkg/controller/daemon/daemon_controller.go
// NodeShouldRunDaemonPod decides per node, before kube-scheduler sees any pod, from the template as written with the
// controller's own tolerations (placement/replicas.ts daemonShouldRun). What admission adds when a pod is created
// (RuntimeClass scheduling.tolerations, ExtendedResourceToleration) comes too late for that decision
// (kubernetes/kubernetes#111590): a node whose taint only such a toleration tolerates gets no pod, although
// kube-scheduler's filters would take one. So a per-node answer about a DaemonSet asks the controller first.
import type { Node } from '../core/types';
import type { Subject } from '../k8s/subject';
import type { NodeVerdict } from '../scheduler';
import type { PreemptionOutcome } from '../scheduler/cycle';
import { podInfo } from '../scheduler/framework';
import { addTolerationLines, toleratedBy } from '../scheduler/plugins/tainttoleration/details';
import type * as Replicas from '../placement/replicas';

// the controller's rule lives with the replica placement, loaded when a DaemonSet is asked about (a spec file asking
// about Deployments does not load the placement)
const replicas = (): typeof Replicas => require('../placement/replicas');

/** A node the DaemonSet controller makes no pod for: kube-scheduler never sees one there. */
export interface NoDaemonPod {
  node: string;
  /** NodeShouldRunDaemonPod's failing check: `untolerated taint dedicated=gpu:NoSchedule`, `node affinity/selector: …`. */
  why: string;
  /** What kube-scheduler's filters would say of its pod (the same rejection, or none: admission's toleration), and the fix. */
  details: string[];
}

/**
 * Why the DaemonSet controller makes no pod for `node`, with the filters' verdict on it; undefined when it makes one or
 * the subject is no DaemonSet.
 */
export function noDaemonPod(subject: Subject, node: Node, verdict: NodeVerdict): NoDaemonPod | undefined {
  if (subject.kind !== 'DaemonSet') return undefined;
  const decision = replicas().daemonShouldRun(subject.object, node);
  if (decision.run) return undefined;
  const s = verdict.status;
  const details = s
    ? [`kube-scheduler's filters would reject its pod too: ${s.plugin}: ${s.reasons.join(', ')}`, ...s.details.map((l) => `  ${l}`)]
    : decision.taint
      ? [
        `kube-scheduler's filters would take its pod: ${toleratedBy(podInfo(subject), decision.taint)}; but that toleration is added when a pod is ` +
          'created, and the controller decides from the template\'s own tolerations and those it adds itself (kubernetes/kubernetes#111590)',
        ...addTolerationLines([decision.taint], `${subject.specPath}.tolerations`),
      ]
      : ['kube-scheduler\'s filters would take its pod, but the controller makes none'];
  return { node: verdict.node, why: decision.why!, details };
}

type Verdicts = { feasible: NodeVerdict[]; rejected: NodeVerdict[]; fitError?: string; preemption?: PreemptionOutcome };

/**
 * The answer over `nodes` with the nodes the DaemonSet controller makes no pod for taken out of `feasible` and
 * `rejected` into `noPod`. With no pod left anywhere, or every node the filters took among them, no pod is Pending
 * for kube-scheduler to report on: the FitError and preemption go too. Other subjects' answers are returned as they are.
 */
export function withDaemonController<R extends Verdicts>(subject: Subject, nodes: readonly Node[], result: R): R & { noPod?: NoDaemonPod[] } {
  if (subject.kind !== 'DaemonSet') return result;
  const byName = new Map(nodes.map((n) => [n.metadata?.name ?? '', n]));
  const noPod: NoDaemonPod[] = [];
  const keep = (v: NodeVerdict) => {
    const none = noDaemonPod(subject, byName.get(v.node)!, v);
    if (none) noPod.push(none);
    return !none;
  };
  const feasible = result.feasible.filter(keep);
  const rejected = result.rejected.filter(keep);
  if (!noPod.length) return result;
  const order = new Map(nodes.map((n, i) => [n.metadata?.name ?? '', i]));
  noPod.sort((a, b) => order.get(a.node)! - order.get(b.node)!);
  const { fitError, preemption, ...rest } = result;
  // the filters found no node: their FitError stands for the pods there are; else no pod is Pending for it. A
  // preemption that nominates a node without a pod is no daemon pod's.
  const pending = result.feasible.length === 0 && rejected.length > 0;
  const nominatesNone = preemption && 'nominatedNodes' in preemption && preemption.nominatedNodes.some((n) => noPod.some((x) => x.node === n));
  return {
    ...rest, feasible, rejected, ...(pending && fitError !== undefined ? { fitError } : {}), ...(pending && preemption && !nominatesNone ? { preemption } : {}), noPod,
  } as R & { noPod: NoDaemonPod[] };
}

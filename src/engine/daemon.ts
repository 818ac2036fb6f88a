// A DaemonSet's pods exist only where its controller makes them: pkg/controller/daemon/daemon_controller.go
// NodeShouldRunDaemonPod decides per node, before kube-scheduler sees any pod, from the template as written with the
// controller's own tolerations (placement/replicas.ts daemonShouldRun). What admission adds when a pod is created
// (RuntimeClass scheduling.tolerations, ExtendedResourceToleration) comes too late for that decision
// (kubernetes/kubernetes#111590): a node whose taint only such a toleration tolerates gets no pod, although
// kube-scheduler's filters would take one. So a per-node answer about a DaemonSet asks the controller first.
import type { Node, Pod, Taint } from '../core/types';
import { podUsesClaims } from '../admission/pod-claims';
import type { Subject } from '../k8s/subject';
import type { NodeVerdict } from '../scheduler';
import type { PreemptionAnswer, PreemptionOutcome } from '../scheduler/cycle';
import { toSubject } from '../k8s/subject';
import { controllerPodInfo, podInfo } from '../scheduler/framework';
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
  // the filters' NodeAffinity status, when they reject the node too, names the terms: the controller's reason is then
  // said once, shortly
  const affinity = verdict.status?.plugin === 'NodeAffinity' && decision.why!.startsWith('node affinity/selector:');
  const why = affinity ? "node affinity/selector: the template's does not match the node" : decision.why!.replace(/:;\s+/g, ': ');
  const out = { node: verdict.node, why } as NoDaemonPod;
  // worked out when read, as the filters' own details are: a DaemonSet over thousands of nodes reads few of them
  let details: string[] | undefined;
  Object.defineProperty(out, 'details', { enumerable: true, get: () => (details ??= noPodDetails(subject, verdict, decision.taint)) });
  return out;
}

/** What kube-scheduler's filters would say of the pod (the same rejection, or none: admission's toleration), and the fix. */
function noPodDetails(subject: Subject, verdict: NodeVerdict, taint: Taint | undefined): string[] {
  const s = verdict.status;
  if (s) return [`kube-scheduler's filters would reject its pod too: ${s.plugin}: ${s.reasons.join(', ')}`, ...s.details.map((l) => `  ${l}`)];
  if (!taint) return ['kube-scheduler\'s filters would take its pod, but the controller makes none'];
  return [
    `kube-scheduler's filters would take its pod: ${toleratedBy(podInfo(subject), taint)}; but that toleration is added when a pod is ` +
      'created, and the controller decides from the template\'s own tolerations and those it adds itself (kubernetes/kubernetes#111590)',
    ...addTolerationLines([taint], `${subject.specPath}.tolerations`),
  ];
}

export type Verdicts = { feasible: NodeVerdict[]; rejected: NodeVerdict[]; fitError?: string; preemption?: PreemptionOutcome; gated?: unknown };

/** The status of a node the filters accept but the controller makes no pod for, where an answer lists every node. */
export const NO_POD_PLUGIN = 'DaemonSet controller';

/**
 * The answer over `nodes` with the nodes the DaemonSet controller makes no pod for taken out of `feasible` and
 * `rejected` into `noPod`. With no pod left anywhere, or every node the filters took among them, no pod is Pending
 * for kube-scheduler to report on: the FitError and preemption go too. Other subjects' answers are returned as they are.
 */
export function withDaemonController<R extends Verdicts>(subject: Subject, nodes: readonly Node[], result: R): R & { noPod?: NoDaemonPod[] } {
  const every = withDaemonControllerEveryNode(subject, nodes, result);
  const noPod = every.noPod;
  if (!noPod) return result;
  const without = new Set(noPod.map((n) => n.node));
  return { ...every, rejected: every.rejected.filter((v) => !without.has(v.node)), noPod };
}

/**
 * withDaemonController for scheduleOn's public answer, whose `feasible` and `rejected` list every node given: the nodes
 * without a pod stay in `rejected`, with the filters' status where they reject them, else a status of NO_POD_PLUGIN's.
 * The filters read the same nodeName, selector, affinity and taints as the controller, and more: they take a node it
 * leaves out only through a toleration admission added, so the feasible nodes are asked of it only then. The rejected
 * ones are asked when no node is left feasible (the FitError depends on them), else when `noPod` is read: scheduleOn
 * over 5,000 nodes asks it of a DaemonSet for every one.
 */
export function withDaemonControllerEveryNode<R extends Verdicts>(subject: Subject, nodes: readonly Node[], result: R): R & { noPod?: NoDaemonPod[] } {
  if (subject.kind !== 'DaemonSet') return result;
  let byName: Map<string, Node> | undefined;
  const none = (v: NodeVerdict) => noDaemonPod(subject, (byName ??= new Map(nodes.map((n) => [n.metadata?.name ?? '', n]))).get(v.node)!, v);
  const admitted = podInfo(subject).tolerations.length !== controllerPodInfo(subject).tolerations.length;
  const moved = admitted ? result.feasible.flatMap((v) => (none(v) ? [v] : [])) : [];
  const feasible = moved.length ? result.feasible.filter((v) => !moved.includes(v)) : result.feasible;
  let noPod: NoDaemonPod[] | undefined;
  const all = () => (noPod ??= inOrder(nodes, [...moved, ...result.rejected].flatMap((v) => none(v) ?? [])));
  const noPodOn = moved.length ? new Map(all().map((n) => [n.node, n])) : undefined;
  const rejected = noPodOn ? inOrder(nodes, [...result.rejected, ...moved.map((v) => controllerRejection(v, noPodOn.get(v.node)!))]) : result.rejected;
  let base: Verdicts = result;
  if (!feasible.length) {
    const without = new Set(all().map((n) => n.node));
    base = withoutPending(result, all(), result.rejected.filter((v) => !without.has(v.node)));
  }
  const out = { ...base, feasible, rejected } as R & { noPod?: NoDaemonPod[] };
  Object.defineProperty(out, 'noPod', { enumerable: true, configurable: true, get: () => (all().length ? all() : undefined) });
  return out;
}

/** A node the filters take and the controller leaves out, as a rejection of NO_POD_PLUGIN's (details when read). */
function controllerRejection(v: NodeVerdict, none: NoDaemonPod): NodeVerdict {
  const status = { plugin: NO_POD_PLUGIN, code: 'UnschedulableAndUnresolvable', reasons: [] } as unknown as NonNullable<NodeVerdict['status']>;
  Object.defineProperty(status, 'details', { enumerable: true, get: () => [none.why, ...none.details] });
  return { node: v.node, feasible: false, status };
}

/**
 * The answer's FitError and preemption as the pods there are leave them: when the filters found no node and some node
 * has a pod, theirs stand (a preemption nominating a node without a pod is no daemon pod's); else none is Pending.
 */
function withoutPending<R extends Verdicts>(result: R, noPod: readonly NoDaemonPod[], withPod: readonly NodeVerdict[]): Omit<R, 'fitError' | 'preemption'> & Partial<R> {
  const { fitError, preemption, ...rest } = result;
  const pending = result.feasible.length === 0 && withPod.length > 0;
  const nominatesNone = preemption && 'nominatedNodes' in preemption && preemption.nominatedNodes.some((n) => noPod.some((x) => x.node === n));
  return { ...rest, ...(pending && fitError !== undefined ? { fitError } : {}), ...(pending && preemption && !nominatesNone ? { preemption } : {}) } as Omit<R, 'fitError' | 'preemption'> & Partial<R>;
}

function inOrder<T extends { node: string }>(nodes: readonly Node[], xs: T[]): T[] {
  const order = new Map(nodes.map((n, i) => [n.metadata?.name ?? '', i]));
  return xs.sort((a, b) => order.get(a.node)! - order.get(b.node)!);
}

/** One of a DaemonSet's pods kube-scheduler leaves Pending, in its own scheduling cycle. */
export interface PendingDaemonPod {
  /** The node its controller made it for. */
  node: string;
  /**
   * kube-scheduler's FitError for it, its FailedScheduling event: its node's reasons, every other node's
   * `node(s) didn't satisfy plugin(s) [NodeAffinity]`, then the preemption part.
   */
  fitError?: string;
  /** DefaultPreemption's answer for it: it nominates its own node or none. */
  preemption?: PreemptionOutcome;
}

/**
 * A DaemonSet's answer with its Pending pods (`daemonPods`): one per node its controller makes a pod for and the filters
 * reject (`rejected`, after withDaemonController), each scheduled on its own as kube-scheduler schedules it, by `ask`.
 * The controller pins each pod to its node by node affinity (daemon_controller.go syncNodes,
 * util.ReplaceDaemonSetPodNodeNameNodeAffinity), so NodeAffinity's PreFilter leaves every other node out: its FitError
 * counts them apart, and DefaultPreemption looks for victims on its node alone. The template's own cycle over every
 * node is no pod's: when no node takes a pod, the answer's FitError is the first Pending pod's and its preemption every
 * Pending pod's (unknown when one's is); else neither (no verdict but toPreempt's reads them: daemonPodsPreemption).
 * Other subjects' answers are returned as they are.
 */
export function withDaemonPods<R extends Verdicts>(
  subject: Subject, nodes: readonly Node[], result: R, ask: (pod: Subject) => Verdicts, existingPods: readonly Pod[] = [],
): R & { daemonPods?: PendingDaemonPod[] } {
  if (subject.kind !== 'DaemonSet' || result.gated || !result.rejected.length) return result;
  const pending = () => {
    const byName = new Map(nodes.map((n) => [n.metadata?.name ?? '', n]));
    const keyOf = alikeKey(subject, existingPods);
    const seen = new Map<string, Pick<Verdicts, 'fitError' | 'preemption'>>();
    return result.rejected.map((v): PendingDaemonPod => {
      const key = keyOf(v);
      // Stryker disable next-line ConditionalExpression: a memo; a pod asked again gets the same answer
      let asked = key === undefined ? undefined : seen.get(key);
      if (!asked) {
        asked = ask(toSubject(replicas().daemonPod(subject.object, byName.get(v.node)!)));
        if (key !== undefined) seen.set(key, asked);
      }
      const { fitError, preemption } = asked;
      return { node: v.node, ...(fitError !== undefined ? { fitError } : {}), ...(preemption ? { preemption } : {}) };
    });
  };
  const { fitError: _template, preemption: _templates, ...rest } = result;
  if (result.feasible.length) {
    // with a node that takes its pod, no verdict but toPreempt's reads the others' (daemonPodsPreemption): worked out
    // when read, as a cycle per Pending pod over thousands of nodes with pods costs seconds
    let daemonPods: PendingDaemonPod[] | undefined;
    Object.defineProperty(rest, 'daemonPods', { enumerable: true, configurable: true, get: () => (daemonPods ??= pending()) });
    return rest as R & { daemonPods: PendingDaemonPod[] };
  }
  const daemonPods = pending();
  const { fitError } = daemonPods[0];
  const preemption = daemonPodsPreemption(daemonPods);
  return { ...rest, ...(fitError !== undefined ? { fitError } : {}), ...(preemption ? { preemption } : {}), daemonPods } as R & { daemonPods: PendingDaemonPod[] };
}

/**
 * The pods for nodes no pod is bound or nominated to are asked once per status of their node: each one's FitError is
 * its node's reasons and every other node's NodeAffinity count, and DefaultPreemption, finding no victim on an empty
 * node, answers from its status alone (no node name in either). Over thousands of nodes a DaemonSet too large for
 * all of them costs one cycle, not one per node. Claims are per pod (its ephemeral volumes' names): such pods are
 * each asked.
 */
function alikeKey(subject: Subject, existingPods: readonly Pod[]): (v: NodeVerdict) => string | undefined {
  const held = new Set<string>();
  for (const p of existingPods) {
    if (p.spec?.nodeName) held.add(p.spec.nodeName);
    const nominated = (p.status as { nominatedNodeName?: string } | undefined)?.nominatedNodeName;
    if (nominated) held.add(nominated);
  }
  const claims = podUsesClaims(subject);
  return (v) => (claims || held.has(v.node) || !v.status ? undefined : `${v.status.code}\0${v.status.plugin}\0${v.status.reasons.join('\0')}`);
}

/**
 * The Pending pods' preemption as one answer: each nominates its own node, so the nominated nodes are all of theirs
 * (not ties of one pod's pick) and the candidates each one's; the first unknown one makes it unknown.
 */
export function daemonPodsPreemption(pods: readonly PendingDaemonPod[]): PreemptionOutcome | undefined {
  const outcomes = pods.flatMap((p) => (p.preemption ? [p.preemption] : []));
  const unknown = outcomes.find((o) => 'unknown' in o);
  if (unknown || !outcomes.length) return unknown ?? undefined;
  const answers = outcomes as PreemptionAnswer[];
  const nominating = answers.filter((a) => a.nominatedNodes.length);
  const pdbOrder = answers.flatMap((a) => a.pdbOrder ?? []);
  return {
    message: (nominating[0] ?? answers[0]).message,
    nominatedNodes: nominating.flatMap((a) => a.nominatedNodes),
    candidates: answers.flatMap((a) => a.candidates),
    ...(pdbOrder.length ? { pdbOrder } : {}),
  };
}

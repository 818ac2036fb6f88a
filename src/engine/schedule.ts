// The scheduling questions: one pod against one node of a cluster, against every node, and two nodes' scores.
// Each returns one JSON-serialisable answer that explain/schedule.ts turns into words; a rejected node's Status
// works its details out when they are first read (a getter), so an answer costs no text it does not show.
import type { KubeObject, Node, Pod } from '../core/types';
import { settings, withConfiguration } from '../core/config';
import { profile } from '../scheduler/profile';
import { servedFitError, underPodProfile } from '../scheduler/config/select';
import type { StorageAssumption } from '../core/storage-kinds';
import { describeObject, suspendedReason, type Subject } from '../k8s/subject';
import { clusterAround, cycleFor, filterPluginNames, runFilters, schedule as scheduleAll, schedulingGates, type NodeVerdict } from '../scheduler';
import { explainPasses } from '../scheduler/cycle';
import { buildSnapshot, inSchedulerCache, nominatedNodeOf, rolloutReplaces, withoutSubject, type Snapshot } from '../scheduler/snapshot';
import { nodeInfo, podInfo } from '../scheduler/framework';
import { explainNodePass } from '../scheduler/passes';
import { resourcesNotChecked } from '../scheduler/plugins/noderesources/fit';
import { scoreNodes, type NodeScore } from '../scheduler/score';
import { scoreCluster } from '../scheduler/score-cluster';
import { nominationNotModelled, pdbOrderAssumptions, preemptionAssumptions, preemptionNotModelled, storageModel, notModelledFor, type NotModelled } from './not-modelled';
import type { PreemptionOutcome } from '../scheduler/cycle';
import { subjectStorage } from '../scheduler/storage-model';
import { readyAssumption } from '../k8s/node-condition-taints';
import type * as Victims from './victims';
import type { NodePreemption, VictimFact } from './victims';
import type * as Daemon from './daemon';
import type { NoDaemonPod, PendingDaemonPod, Verdicts } from './daemon';
import { underNamespacePolicy, underQuestionSettings, type NamespacePolicy, type QuestionSettings } from './policy';

// DefaultPreemption's victims are worked out when a question reads them (toPreempt, a node's preemption): loaded then
const victimsModule = (): typeof Victims => require('./victims');
// A DaemonSet's controller and Pending pods (daemon.ts), read for a DaemonSet only
const daemon = (): typeof Daemon => require('./daemon');

/** daemon.ts withDaemonControllerEveryNode (for engine/objects.ts's questions): the result itself for any other workload. */
export function withDaemonControllerEveryNode<R extends Verdicts>(subject: Subject, nodes: readonly Node[], result: R): R & { noPod?: NoDaemonPod[] } {
  return subject.kind === 'DaemonSet' ? daemon().withDaemonControllerEveryNode(subject, nodes, result) : result;
}

/**
 * The cluster a question is asked in: the nodes, the pods bound to them (spec.nodeName), the Namespace, Service and
 * storage objects, and the namespace policy (LimitRanges, ResourceQuotas, RuntimeClasses, PriorityClasses: each kind
 * given over configure's, for this question: policy.ts).
 */
export interface ClusterInput extends NamespacePolicy {
  nodes?: readonly Node[];
  existingPods?: readonly Pod[];
  namespaces?: readonly KubeObject[];
  /** Service objects: PodTopologySpread's system default constraints select by theirs (scores only). */
  services?: readonly KubeObject[];
  /**
   * The storage objects (PersistentVolumes, PersistentVolumeClaims, StorageClasses, CSINodes, CSIDrivers,
   * CSIStorageCapacities, VolumeAttachments), beside configure({ storage })'s: the volume plugins' listers.
   */
  storage?: readonly KubeObject[];
  /** The stated storage assumption for this question (core/storage-kinds.ts), over configure({ storageAssumption }). */
  storageAssumption?: StorageAssumption;
  /**
   * PodDisruptionBudgets (policy/v1), with their status as a dump holds it: DefaultPreemption reprieves the pods whose
   * eviction would violate one first, and prefers the node whose victims violate the fewest.
   */
  podDisruptionBudgets?: readonly KubeObject[];
  /**
   * The cluster's KubeSchedulerConfiguration for this question, over configure({ schedulerConfiguration }): the pod
   * runs under the profile of its schedulerName.
   */
  schedulerConfiguration?: object;
}

/** `fn` under the question's namespace policy and scheduler configuration, with the subject's profile active. */
export function underQuestion<T>(subject: Subject, question: QuestionSettings, fn: () => T): T {
  return underQuestionSettings(question, () => underPodProfile(subject, fn));
}

/**
 * `fn` under the question's own storage assumption, when it sets one that differs from the settings'; the answer
 * holds what it rests on (its `assumptions`), so nothing read later needs the settings back.
 */
export function underAssumption<T>(assumption: StorageAssumption | undefined, fn: () => T): T {
  return assumption === undefined || assumption === settings().storageAssumption ? fn() : withConfiguration({ storageAssumption: assumption }, fn);
}

/** One pod on one node of the cluster (toBeSchedulableOn). */
export interface NodeAnswer {
  pod: string;
  node: string;
  /** The node as messages name it (`Node gpu-1 (nodes.yaml:3)`). */
  nodeLabel: string;
  feasible: boolean;
  /** The first plugin that rejects the node: kube-scheduler's reasons and our details. */
  status?: NodeVerdict['status'];
  /** spec.schedulingGates: the pod stays Pending, reason SchedulingGated, whatever the filters say. */
  gates: string[];
  /** The Filter plugins run, in the profile's order. */
  plugins: string[];
  /** Why each filter lets the pod through (feasible only). */
  passes: string[];
  /** The cluster plugins' passes, what was done with existingPods, and what was not checked. */
  notes: string[];
  /**
   * What the pod uses that the library does not model (DRA, volumes); absent when nothing. With it, a feasible
   * verdict is unknown, and so is a rejection that certainRejection does not call certain.
   */
  notModelled?: NotModelled[];
  /** What the verdict assumes (a node read from a cluster without a Ready condition read as Ready); absent when nothing. */
  assumptions?: string[];
  /**
   * A node rejected with a status preemption may resolve (Unschedulable): what SelectVictimsOnNode finds there — the
   * victims whose preemption lets the pod in —, `{ none }` with why not, or `{ unknown }` (a priority the inputs leave
   * unknown). The verdict stands: the filters reject the node as it is.
   */
  preemption?: NodePreemption;
  /**
   * A DaemonSet whose controller makes no pod for this node (NodeShouldRunDaemonPod), and why: then `feasible` is
   * false whatever the filters say (`status` is theirs when they reject it too).
   */
  noPod?: NoDaemonPod;
}

/** One pod against every node (toBeSchedulableOnAnyOf/AllOf, scheduleOn). */
export interface ScheduleAnswer {
  pod: string;
  nodes: number;
  feasible: NodeVerdict[];
  rejected: NodeVerdict[];
  /**
   * kube-scheduler's FitError text when no node fits, as the FailedScheduling event prints it, with the PostFilter's
   * ` preemption: …` part (without it when `preemption` is unknown); undefined for a gated pod.
   */
  fitError?: string;
  /**
   * DefaultPreemption's answer when no node fits and the pod is not gated: the nominated node(s) and each candidate's
   * victims, or `{ unknown }` when a priority the inputs leave unknown decides it (then `notModelled` says so too).
   */
  preemption?: PreemptionOutcome;
  gated?: { gates: string[]; message: string };
  /** What let the pod through on the first node that fits, for `.not` failures. */
  firstFit?: { node: string; passes: string[] };
  /** With `{ scores: true }`: the feasible nodes' scores per plugin, in node order, and the best-scored ones (upstream picks any). */
  scores?: NodeScore[];
  topScored?: string[];
  /** As NodeAnswer's: `feasible` are the nodes every modelled filter passes, not nodes known to take the pod. */
  notModelled?: NotModelled[];
  /** As NodeAnswer's, for every node given. */
  assumptions?: string[];
  /**
   * A DaemonSet: the nodes its controller makes no pod for (NodeShouldRunDaemonPod), in node order; they are in
   * neither `feasible` nor `rejected`, and with no pod left anywhere there is no FitError.
   */
  noPod?: NoDaemonPod[];
  /**
   * A DaemonSet: its pods kube-scheduler leaves Pending (the nodes of `rejected`), each in its own cycle, pinned to its
   * node: its FitError and DefaultPreemption's answer. When no node takes a pod, `fitError` is the first one's and
   * `preemption` all of theirs (each nominates its own node); toPreempt reads theirs in any case.
   */
  daemonPods?: PendingDaemonPod[];
}

/** toPreempt's answer: the scheduling answer, and the victims on each node DefaultPreemption may nominate. */
export interface PreemptAnswer extends ScheduleAnswer {
  /** Nominated node → its victims with their priority, what they free and their PDB violations; absent when none. */
  victims?: Record<string, VictimFact[]>;
}

/** The pod against every node, and when DefaultPreemption nominates a node, the facts of its victims there. */
export function preempt(subject: Subject, nodes: readonly Node[], cluster: ClusterInput = {}): PreemptAnswer {
  return underNamespacePolicy(cluster, () => preemptUnder(subject, nodes, cluster));
}

function preemptUnder(subject: Subject, nodes: readonly Node[], cluster: ClusterInput): PreemptAnswer {
  const scheduled = schedule(subject, nodes, cluster);
  // a DaemonSet's Pending pods preempt, each on its own node, whether other nodes take their pods or not (daemon.ts)
  const answer = scheduled.daemonPods && scheduled.feasible.length ? withDaemonPodsPreemption(scheduled) : scheduled;
  const p = answer.preemption;
  if (!p || 'unknown' in p || p.nominatedNodes.length === 0) return answer;
  const { pods } = withoutSubject(subject, cluster.existingPods);
  const podsOn = (node: string) => (pods ?? []).filter((x) => x.spec?.nodeName === node && inSchedulerCache(x));
  return { ...answer, victims: victimsModule().nominatedVictims(subject, p, podsOn, cluster.podDisruptionBudgets ?? []) };
}

/** A DaemonSet's answer with its Pending pods' preemption, and what that preemption leaves unknown or assumes. */
function withDaemonPodsPreemption(a: ScheduleAnswer): ScheduleAnswer {
  const preemption = daemon().daemonPodsPreemption(a.daemonPods!);
  if (!preemption) return a;
  const notModelled = [...(a.notModelled ?? []), ...preemptionNotModelled(preemption)];
  const assumptions = [...(a.assumptions ?? []), ...preemptionAssumptions(preemption)];
  return { ...a, preemption, ...(notModelled.length ? { notModelled } : {}), ...(assumptions.length ? { assumptions } : {}) };
}

/** Two nodes for one pod (toPrefer): their verdicts, and the scores normalised over the two when both fit. */
export interface PreferAnswer {
  pod: string;
  /** The two nodes as messages name them. */
  labels: [string, string];
  preferred: NodeVerdict;
  other: NodeVerdict;
  scores?: [NodeScore, NodeScore];
  /** What the pod uses that is not modelled (absent when nothing): the verdicts and scores are the modelled plugins' (unknownPrefer). */
  notModelled?: NotModelled[];
}

/** The pod on `node`, with the rest of the cluster around it (PodTopologySpread and InterPodAffinity count it). */
export function scheduleOnNode(subject: Subject, node: Node, cluster: ClusterInput = {}): NodeAnswer {
  if (cluster.storageAssumption !== undefined) return underAssumption(cluster.storageAssumption, () => scheduleOnNode(subject, node, { ...cluster, storageAssumption: undefined }));
  return underQuestion(subject, cluster, () => scheduleOnNodeUnder(subject, node, cluster));
}

function scheduleOnNodeUnder(subject: Subject, node: Node, cluster: ClusterInput): NodeAnswer {
  const { pods: existingPods, left: itself } = withoutSubject(subject, cluster.existingPods);
  const info = nodeInfo(node);
  const snapshot = clusterAround(node, existingPods, { nodes: cluster.nodes, namespaces: cluster.namespaces, storage: subjectStorage(subject, cluster.storage) });
  const pod = podInfo(subject);
  const entry = snapshot.byName.get(info.name)!;
  const cycle = cycleFor(pod, snapshot);
  const filtered = runFilters(pod, info, entry.usage, cycle);
  // a DaemonSet's controller decides first: no pod, nothing to schedule or preempt for (daemon.ts)
  const noPod = subject.kind === 'DaemonSet' ? daemon().noDaemonPod(subject, node, filtered) : undefined;
  const verdict = noPod ? { ...filtered, feasible: false } : filtered;
  const gates = schedulingGates(subject);
  // (a node that fits, or rejects the pod whatever is evicted, asks nothing of preemption: its modules stay unloaded)
  const preemption = gates.length || noPod || verdict.feasible || verdict.status?.code !== 'Unschedulable' ? undefined : victimsModule().preemptionOnNode(pod, cluster.nodes ?? [node], verdict, snapshot, cycle, cluster.podDisruptionBudgets ?? []);
  const notes = [
    ...(verdict.feasible ? explainPasses(pod, entry, cycle) : []),
    ...(existingPods ? [existingPodsNote(subject, info.name, existingPods, cluster.nodes && snapshot, itself)] : []),
    ...(verdict.feasible ? [resourcesNotChecked(info)].filter((n): n is string => n !== undefined) : []),
  ];
  return {
    pod: subject.label,
    node: info.name,
    nodeLabel: describeObject(node),
    feasible: verdict.feasible,
    ...(noPod ? { noPod } : {}),
    // as plain data (plainVerdict): a rejecting plugin's status is a class whose details are worked out when read
    ...(verdict.status ? { status: plainVerdict(verdict).status } : {}),
    gates,
    plugins: filterPluginNames(pod),
    passes: verdict.feasible ? explainNodePass(pod, info) : [],
    notes,
    ...withNotModelled(subject, cluster.storage, undefined, nominationNotModelled(subject, [node, ...(cluster.nodes ?? [])], existingPods)),
    ...assumed([node], subject, cluster.storage, undefined, [...rolloutReplaces(subject, itself), ...(preemption && 'victims' in preemption ? pdbOrderAssumptions(preemption.pdbOrder, false) : [])]),
    ...(preemption ? { preemption } : {}),
  };
}

// The status a plain one reads its details from: a non-enumerable symbol, which JSON, Object.entries, printing and
// toEqual do not see.
const SOURCE = Symbol('status');
// One getter for every plain status: a getter written in an object literal is a new function per object, and gives
// each its own hidden class (thousands per answer over a large node array).
const DETAILS: PropertyDescriptor = {
  enumerable: true,
  configurable: true,
  get(this: { [SOURCE]: NodeVerdict['status'] }) {
    return this[SOURCE]!.details;
  },
};

/**
 * A verdict as plain data: the scheduler shares one rejection among nodes alike (its status a class whose details are
 * worked out when read); the answer gets an own `details` getter instead, still worked out only when read.
 */
export function plainVerdict(v: NodeVerdict): NodeVerdict {
  const s = v.status;
  if (!s || Object.getPrototypeOf(s) === Object.prototype) return v;
  const status = { plugin: s.plugin, code: s.code, reasons: s.reasons } as NonNullable<NodeVerdict['status']>;
  Object.defineProperty(status, 'details', DETAILS);
  Object.defineProperty(status, SOURCE, { value: s });
  return { node: v.node, feasible: v.feasible, status };
}

/**
 * `{ notModelled }` when the pod uses what is not modelled (over the storage objects given), else nothing (the
 * answers of other pods keep their shape).
 */
export function withNotModelled(subject: Subject, storage?: readonly KubeObject[], preemption?: PreemptionOutcome, nominated: readonly NotModelled[] = []): { notModelled?: NotModelled[] } {
  const items = [...notModelledFor(subject), ...storageModel(subject, storage).notModelled, ...nominated, ...preemptionNotModelled(preemption), ...(profile().notModelled ?? [])];
  return items.length ? { notModelled: items } : {};
}

/**
 * `{ assumptions }` when the verdicts rest on one, else nothing: nodes read from a cluster without a Ready condition
 * read as Ready (readyAssumption), the stated storage assumption deciding a claim of the pod, DefaultPreemption's
 * (preemptionAssumptions), then `more`.
 */
export function assumed(nodes: readonly Node[], subject?: Subject, storage?: readonly KubeObject[], preemption?: PreemptionOutcome, more: readonly string[] = []): { assumptions?: string[] } {
  const ready = readyAssumption(nodes);
  const volumes = subject && storageModel(subject, storage).assumption;
  // a suspended Job has no pod yet: the verdict is for its pods once it is resumed (Kueue, for one, resumes it)
  const suspended = subject && suspendedReason(subject.object);
  const resumed = suspended ? [`${subject.label} is resumed (${suspended}; the verdict is for its pods once it is resumed)`] : [];
  const out = [...resumed, ...(ready ? [ready] : []), ...(volumes ? [volumes] : []), ...preemptionAssumptions(preemption), ...more];
  return out.length ? { assumptions: out } : {};
}

/** kube-scheduler's Filter phase for the pod over every node, the FitError when none fits, and on request the Score phase. */
export function schedule(subject: Subject, nodes: readonly Node[], cluster: ClusterInput = {}, options: { scores?: boolean } = {}): ScheduleAnswer {
  if (cluster.storageAssumption !== undefined) return underAssumption(cluster.storageAssumption, () => schedule(subject, nodes, { ...cluster, storageAssumption: undefined }, options));
  return underQuestion(subject, cluster, () => scheduleUnder(subject, nodes, cluster, options));
}

function scheduleUnder(subject: Subject, nodes: readonly Node[], cluster: ClusterInput, options: { scores?: boolean }): ScheduleAnswer {
  const storage = subjectStorage(subject, cluster.storage);
  // (a DaemonSet's pods are asked about without its own pods its rollout replaces, as the DaemonSet is)
  const { pods: existing, left: replaced } = withoutSubject(subject, cluster.existingPods);
  const all = (s: Subject, claims: readonly KubeObject[] | undefined) => scheduleAll(s, nodes, existing, cluster.namespaces, undefined, claims, cluster.podDisruptionBudgets);
  const verdicts = all(subject, storage);
  const result: typeof verdicts & { noPod?: NoDaemonPod[]; daemonPods?: PendingDaemonPod[] } = subject.kind === 'DaemonSet'
    ? daemon().withDaemonPods(subject, nodes, daemon().withDaemonController(subject, nodes, verdicts), (pod) => all(pod, subjectStorage(pod, cluster.storage)), existing)
    : verdicts;
  const first = result.feasible[0];
  // by the name nodeInfo gives a node (metadata.name, or ''), without looking each node's NodeInfo up
  const firstNode = first && nodes.find((n) => (n.metadata?.name ?? '') === first.node);
  let scores: NodeScore[] | undefined;
  if (options.scores && result.feasible.length && !result.gated) {
    const feasible = new Set(result.feasible.map((v) => v.node));
    const { pods } = withoutSubject(subject, cluster.existingPods);
    scores = scoreNodes(podInfo(subject), nodes.map(nodeInfo).filter((n) => feasible.has(n.name)), scoreCluster(nodes, pods, cluster.namespaces, cluster.services, storage));
  }
  const best = scores && Math.max(...scores.map((x) => x.total));
  const answer: ScheduleAnswer = {
    pod: subject.label,
    nodes: nodes.length,
    feasible: result.feasible,
    rejected: result.rejected.map(plainVerdict),
    // a pod no profile serves gets no FitError upstream (no cycle runs): the answer says why instead
    ...(result.fitError !== undefined ? { fitError: servedFitError(result.fitError) } : {}),
    ...(result.preemption ? { preemption: result.preemption } : {}),
    ...(result.gated ? { gated: { gates: result.gated.gates, message: result.gated.message } } : {}),
    ...(firstNode ? { firstFit: { node: first.node, passes: explainNodePass(podInfo(subject), nodeInfo(firstNode)) } } : {}),
    ...(scores ? { scores, topScored: scores.filter((x) => x.total === best).map((x) => x.node) } : {}),
    ...(result.noPod ? { noPod: result.noPod } : {}),
    ...withNotModelled(subject, cluster.storage, result.preemption, nominationNotModelled(subject, nodes, cluster.existingPods)),
    ...assumed(nodes, subject, cluster.storage, result.preemption, rolloutReplaces(subject, replaced)),
  };
  // a DaemonSet's Pending pods, as withDaemonPods gives them (worked out when read where a node takes a pod)
  const daemonPods = Object.getOwnPropertyDescriptor(result, 'daemonPods');
  return daemonPods ? Object.defineProperty(answer, 'daemonPods', daemonPods) : answer;
}

/** prefer's options: the question's KubeSchedulerConfiguration and namespace policy, over configure's. */
export interface PreferOptions extends NamespacePolicy {
  schedulerConfiguration?: object;
}

/** Both nodes through the filters on their own, then the pod's profile's scores over the two when both fit. */
export function prefer(subject: Subject, preferred: Node, other: Node, options: PreferOptions = {}): PreferAnswer {
  return underQuestion(subject, options, () => preferUnder(subject, preferred, other));
}

function preferUnder(subject: Subject, preferred: Node, other: Node): PreferAnswer {
  const pod = podInfo(subject);
  const [ia, ib] = [nodeInfo(preferred), nodeInfo(other)];
  // each node on its own, with the storage objects configured and the pod's claims as the model holds them
  const storage = subjectStorage(subject);
  const alone = (n: Node) => cycleFor(pod, buildSnapshot([n], new Map(), undefined, undefined, storage));
  const [va, vb] = [runFilters(pod, ia, undefined, alone(preferred)), runFilters(pod, ib, undefined, alone(other))];
  const scores = va.feasible && vb.feasible ? (scoreNodes(pod, [ia, ib]) as [NodeScore, NodeScore]) : undefined;
  return { pod: subject.label, labels: [describeObject(preferred), describeObject(other)], preferred: va, other: vb, ...(scores ? { scores } : {}), ...withNotModelled(subject) };
}

/** What was done with `existingPods`: counted on the node, on the cluster's other nodes, or ignored. */
// kube-scheduler's cache holds only pods bound to a node (spec.nodeName) that are not Succeeded/Failed; a Pending
// pod without spec.nodeName waits in the scheduling queue and uses nothing yet (see podsOnNode).
function existingPodsNote(subject: Subject, node: string, existingPods: readonly Pod[], cluster: Snapshot | undefined, itself: number): string {
  const terminal = (p: Pod) => p.status?.phase === 'Succeeded' || p.status?.phase === 'Failed';
  let here = 0, unbound = 0, others = 0, outside = 0, done = 0, nominated = 0;
  for (const p of existingPods) {
    const bound = p.spec?.nodeName;
    if (!bound && nominatedNodeOf(p) === node) nominated++;
    else if (!bound) unbound++;
    else if (bound !== node && !cluster?.byName.has(bound)) outside++;
    else if (terminal(p)) done++;
    else if (bound === node) here++;
    else others++;
  }
  const ignored = [
    ...(unbound ? [`${unbound} without spec.nodeName (Pending, on no node yet; kube-scheduler counts only pods bound to a node)`] : []),
    ...(outside ? [`${outside} bound to ${cluster ? 'nodes not in options.nodes' : 'other nodes'}`] : []),
    ...(done ? [`${done} Succeeded/Failed`] : []),
    ...(itself ? [subject.kind === 'DaemonSet' ? `${itself} of its own its rollout replaces` : 'the pod itself (same uid or namespace/name)'] : []),
  ];
  return `existingPods: counted ${here} on ${node}` +
    (nominated ? `, ${nominated} Pending and nominated to it (status.nominatedNodeName: counted there for pods of lower or equal priority)` : '') +
    (others ? `, ${others} on the cluster's other nodes` : '') +
    (ignored.length ? `; ignored ${ignored.join(', ')}` : '');
}

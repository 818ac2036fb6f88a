// The engine functions as exported from the package (src/index.ts): they take Kubernetes objects as the README documents — a Pod
// or a workload (whose pod template is used), v1 Nodes, existing Pods — and throw a readable TypeError for anything
// else. The internal forms (a Subject from toSubject, a PodInfo, a NodeInfo) are accepted too, for callers that
// already hold one; internal callers use src/scheduler directly.
import type { KubeObject, Node, Pod, Taint } from '../core/types';
import { assertNode, isNode, isSubject, preview, subjectOf, toSubject, type Subject } from '../k8s/subject';
import { scoreCluster } from '../scheduler/score-cluster';
import { assertStructure, diagnosed, type Bulk } from '../loader/structure';

export { subjectOf };
import * as framework from '../scheduler/framework';
import * as scheduler from '../scheduler';
import * as taintToleration from '../scheduler/plugins/tainttoleration';
import * as score from '../scheduler/score';
import * as admission from '../admission';
import { taintEviction as evictionOf, type EvictionVerdict } from '../controllers/taint-eviction';
import { notModelledIn, preemptionNotModelled, type NotModelled } from './not-modelled';
import { subjectStorage } from '../scheduler/storage-model';
import { hasStorage } from '../scheduler/snapshot';
import { STORAGE_KINDS, storageProblem } from '../core/storage-kinds';
import { profile } from '../scheduler/profile';
import { servedFitError } from '../scheduler/config/select';
import { underQuestion, withDaemonControllerEveryNode } from './schedule';
import type { NoDaemonPod } from './daemon';

export type PodArgument = KubeObject | Subject;

/** The parameters of `F` after its first three (further options are passed through unchanged). */
type After3<F> = F extends (a: never, b: never, c: never, ...rest: infer R) => unknown ? R : never;

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

function isPodInfo(x: unknown): x is framework.PodInfo {
  return isObject(x) && isSubject(x.subject) && Array.isArray(x.tolerations);
}

function isNodeInfo(x: unknown): x is framework.NodeInfo {
  return isObject(x) && isObject(x.node) && typeof x.name === 'string' && Array.isArray(x.taints) && !('kind' in x);
}

function podOf(x: unknown): framework.PodInfo {
  return isPodInfo(x) ? x : framework.podInfo(subjectOf(x));
}

/** A v1 Node: `kind: Node`. */
function nodeOf(x: unknown, what = 'node'): Node {
  return assertNode(x, what);
}

function nodeInfoOf(x: unknown, what = 'node'): framework.NodeInfo {
  return isNodeInfo(x) ? x : framework.nodeInfo(nodeOf(x, what));
}

/**
 * Existing Pods: `kind: Pod` each (their structure is looked at when the engine fails: loader/structure.ts diagnosed;
 * the few reads it would get silently wrong fail: framework.ts unreadable).
 */
function podsOf(x: unknown, what = 'existingPods'): readonly Pod[] | undefined {
  if (x === undefined) return undefined;
  if (!Array.isArray(x)) throw new TypeError(`expected ${what} to be an array of Pods, received ${preview(x)}`);
  for (let i = 0; i < x.length; i++) {
    const p: unknown = x[i];
    if (!isObject(p) || p.kind !== 'Pod') throw new TypeError(`expected ${what}[${i}] to be a Pod (kind: Pod), received ${preview(p)}`);
  }
  return x as Pod[];
}

/** v1 Nodes: `kind: Node` each (their structure is looked at as existing pods' is). */
function nodesOf(x: unknown): readonly Node[] {
  if (!Array.isArray(x)) throw new TypeError(`expected an array of Nodes, received ${preview(x)}`);
  for (let i = 0; i < x.length; i++) if (!isNode(x[i])) nodeOf(x[i], `Node (nodes[${i}])`);
  return x as Node[];
}

/** The pod or workload asked about, its structure checked up front: one object (loader/structure.ts). */
function checkedSubject(x: unknown, of: (x: unknown) => Subject = subjectOf): Subject {
  const s = of(x);
  assertStructure(s.object, '');
  return s;
}

/** scheduleOn's and rankNodes' options: an object (the lists in it are checked where they are read). */
function optionsOf(x: unknown): ScheduleOptions {
  if (!isObject(x)) throw new TypeError(`expected options to be { existingPods?, namespaces?, services?, storage?, … }, received ${preview(x)}`);
  return x as ScheduleOptions;
}

/** `options.storage`: the storage objects (STORAGE_KINDS, any order); an object of another kind is refused, named. */
function storageOf(x: unknown): KubeObject[] | undefined {
  if (x === undefined) return undefined;
  if (typeof x !== 'object' || x === null || !(Symbol.iterator in x)) throw new TypeError(`expected options.storage to be an array of storage objects, received ${preview(x)}`);
  // the caller's array itself (another iterable copied): the scheduler keeps what it builds of the storage per list
  // (snapshot.ts snapshotFor, storageFor), and a test file passes the same cluster's list to every call
  const list = Array.isArray(x) ? (x as unknown[]) : [...(x as Iterable<unknown>)];
  const was = checked.get(list);
  if (!was || !sameItems(was, list)) {
    // thousands of objects in one plain loop; storageProblem words the first one refused
    if (!storageObjects(list)) throw new TypeError(storageProblem(list, 'options.storage'));
    checked.set(list, [...list]);
  }
  return list as KubeObject[];
}

// The storage lists checked already, with their objects then: thousands of objects are not checked again per call
// (a list changed since, an object added or replaced, is checked again).
const checked = new WeakMap<readonly unknown[], readonly unknown[]>();
const KINDS: ReadonlySet<unknown> = new Set(STORAGE_KINDS);
/** Every item is a storage object (what storageProblem accepts). */
function storageObjects(list: readonly unknown[]): boolean {
  for (let i = 0; i < list.length; i++) {
    const o = list[i];
    if (typeof o !== 'object' || o === null || Array.isArray(o) || !KINDS.has((o as KubeObject).kind)) return false;
  }
  return true;
}
const sameItems = (a: readonly unknown[], b: readonly unknown[]) => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

/** Everything about the pod that does not depend on the node (tolerations after admission, parsed terms, requests). */
export function podInfo(subject: PodArgument): framework.PodInfo {
  return framework.podInfo(subjectOf(subject));
}

/** The node as the filters see it (taints after condition taints, allocatable as numbers). */
export function nodeInfo(node: Node): framework.NodeInfo {
  return framework.nodeInfo(nodeOf(node));
}

/** Would kube-scheduler's filters accept this node for the subject's pod? Existing pods bound elsewhere are ignored. */
export function schedulingVerdict(subject: PodArgument, node: Node, existingPods?: readonly Pod[], ...options: After3<typeof scheduler.schedulingVerdict>): scheduler.NodeVerdict {
  const s = checkedSubject(subject);
  const n = nodeOf(node);
  const pods = podsOf(existingPods);
  return diagnosed(() => scheduler.schedulingVerdict(s, n, pods, ...options), () => [[node, 'node', 'Node', 'one'], [existingPods, 'existingPods', 'Pod']]);
}

/** scheduleOn with existing pods as a third argument. */
export function schedule(subject: PodArgument, nodes: readonly Node[], existingPods?: readonly Pod[], ...options: After3<typeof scheduler.schedule>): scheduler.ScheduleResult {
  const s = checkedSubject(subject);
  nodesOf(nodes);
  podsOf(existingPods);
  return diagnosed(() => scheduler.schedule(s, nodes, existingPods, ...options), () => [[nodes, 'nodes', 'Node'], [existingPods, 'existingPods', 'Pod']]);
}

/**
 * The Filter plugins in order for one pod and one node. `existingPods` are the pods on the node (those bound
 * elsewhere are ignored, as in schedulingVerdict).
 */
export function runFilters(subject: PodArgument | framework.PodInfo, node: Node | framework.NodeInfo, existingPods?: readonly Pod[] | framework.NodeUsage): scheduler.NodeVerdict {
  const info = nodeInfoOf(node);
  const usage = isObject(existingPods) && 'requested' in existingPods
    ? (existingPods as framework.NodeUsage)
    : framework.nodeUsage(scheduler.podsOnNode(info.name, podsOf(existingPods)).here);
  return scheduler.runFilters(podOf(subject), info, usage);
}

/** kube-scheduler's FitError text for the subject's pod given the rejected nodes' verdicts. */
export function fitError(numAllNodes: number, subject: PodArgument | framework.PodInfo, rejected: readonly scheduler.NodeVerdict[]): string {
  return scheduler.fitError(numAllNodes, podOf(subject), rejected);
}

/** TaintToleration and NodeAffinity scores of the nodes (all taken as feasible), in node order. */
export function scoreNodes(subject: PodArgument | framework.PodInfo, nodes: ReadonlyArray<Node | framework.NodeInfo>): score.NodeScore[] {
  return score.scoreNodes(podOf(subject), nodes.map((n, i) => nodeInfoOf(n, `Node (nodes[${i}])`)));
}

/** The node's PreferNoSchedule taints the pod does not tolerate (TaintToleration Score). */
export function untoleratedPreferNoSchedule(subject: PodArgument | framework.PodInfo, node: Node | framework.NodeInfo): Taint[] {
  return taintToleration.untoleratedPreferNoSchedule(podOf(subject), nodeInfoOf(node));
}

/**
 * The pod's spec as created (a workload's first pod, defaulted: admission/create.ts) and admitted (Priority:
 * spec.priority and preemptionPolicy; RuntimeClass), and its tolerations after admission (DaemonSet controller,
 * DefaultTolerationSeconds, ExtendedResourceToleration, RuntimeClass), with who added each. Throws when the API server
 * refuses the pod (a PriorityClass or RuntimeClass it does not have).
 */
export function admitPod(subject: PodArgument): admission.AdmittedPod {
  return admission.admitPod(checkedSubject(subject));
}

/** The taint-eviction controller's verdict for the subject's pod on the node (what evictionVerdict returns). */
export function taintEviction(subject: PodArgument | framework.PodInfo, node: Node | framework.NodeInfo): EvictionVerdict {
  return evictionOf(podOf(subject), nodeInfoOf(node));
}

/**
 * existingPods are placed by spec.nodeName; namespaces are Namespace objects (their labels serve namespaceSelector);
 * services are Service objects (PodTopologySpread's system default constraints select by theirs); storage holds the
 * storage objects (PersistentVolumes, PersistentVolumeClaims, StorageClasses, CSINodes, …), the volume plugins' listers.
 */
export interface ScheduleOptions {
  existingPods?: Pod[];
  /** LimitRanges, ResourceQuotas, RuntimeClasses, PriorityClasses: each kind given over configure's, for this call (policy.ts). */
  limitRanges?: KubeObject[];
  resourceQuotas?: KubeObject[];
  runtimeClasses?: KubeObject[];
  priorityClasses?: KubeObject[];
  namespaces?: KubeObject[];
  services?: KubeObject[];
  storage?: KubeObject[];
  /** The cluster's KubeSchedulerConfiguration (kubescheduler.config.k8s.io/v1), over configure({ schedulerConfiguration }). */
  schedulerConfiguration?: object;
}

/** When the taint-eviction controller would delete the subject's pod from the node. */
export function evictionVerdict(subject: KubeObject, node: Node): EvictionVerdict {
  const pod = framework.podInfo(checkedSubject(subject, toSubject));
  const n = nodeOf(node);
  return diagnosed(() => evictionOf(pod, framework.nodeInfo(n)), () => [[node, 'node', 'Node', 'one']]);
}

/**
 * scheduleOn's answer: with `notModelled` when the pod uses what the library does not model (DRA claims,
 * DeviceClass-backed extended resources, claims whose storage the inputs leave undecided). Then `feasible` lists the nodes
 * every modelled filter passes, which is not a verdict: the unmodelled plugins may still reject them.
 */
export type ScheduleOnResult = scheduler.ScheduleResult & { notModelled?: NotModelled[]; noPod?: NoDaemonPod[] };

/** The feasible nodes and each rejected node's plugin, reasons and details; the FitError text when none fits. */
export function scheduleOn(subject: KubeObject, nodes: readonly Node[], options: ScheduleOptions = {}): ScheduleOnResult {
  const s = checkedSubject(subject, toSubject);
  checkCluster(nodes, optionsOf(options));
  const storage = storageOf(options.storage);
  return underQuestion(s, options, () => diagnosed(() => {
    // a DaemonSet's controller first: the nodes it makes no pod for are in `noPod` (daemon.ts)
    const result = withDaemonControllerEveryNode(s, nodes, scheduler.schedule(s, nodes, options.existingPods, options.namespaces, undefined, schedulingStorage(s, storage, options)));
    // DefaultPreemption's answer left unknown by a priority the inputs do not give is not modelled too; so is what the
    // pod's profile runs that the library does not
    const notModelled = [...notModelledIn(s, storage), ...preemptionNotModelled(result.preemption), ...(profile().notModelled ?? [])];
    const fitError = servedFitError(result.fitError);
    const answer = fitError !== result.fitError ? { ...result, fitError } : result;
    return notModelled.length ? { ...answer, notModelled } : answer;
  }, () => bulkOf(nodes, options)));
}

/**
 * The nodes and existing pods scheduleOn and rankNodes read: arrays. Their items are looked at only when the engine
 * fails (bulkOf: a Node, a Pod, of the structure it reads): 25,000 objects looked at cost the first question
 * milliseconds.
 */
function checkCluster(nodes: unknown, options: ScheduleOptions): void {
  if (!Array.isArray(nodes)) throw new TypeError(`expected an array of Nodes, received ${preview(nodes)}`);
  const pods = options.existingPods;
  if (pods !== undefined && !Array.isArray(pods)) throw new TypeError(`expected options.existingPods to be an array of Pods, received ${preview(pods)}`);
}

/** What `diagnosed` looks at when scheduleOn or rankNodes fails. */
const bulkOf = (nodes: unknown, options: ScheduleOptions): Bulk[] => [[nodes, 'nodes', 'Node'], [options.existingPods, 'options.existingPods', 'Pod']];

/**
 * The storage scheduleOn schedules with: the claims of the subject's pod as the model holds them (subjectStorage).
 * Left unmade when nothing reads them: no storage objects nor assumption (hasStorage), no existing pod or namespace,
 * and no stanza that reads the cluster. schedule() then filters with the node plugins alone (its readsCluster: the
 * volume plugins would pass every node, the claims being unmodelled placeholders), as scheduleMatrix does.
 */
function schedulingStorage(s: Subject, storage: KubeObject[] | undefined, options: ScheduleOptions): readonly KubeObject[] | undefined {
  const spec = s.spec;
  const alone = !hasStorage(storage) && !options.existingPods?.length && !options.namespaces?.length &&
    !(spec.topologySpreadConstraints?.length || spec.affinity?.podAffinity || spec.affinity?.podAntiAffinity);
  return alone ? storage : subjectStorage(s, storage);
}

/** Feasible nodes ranked by the pod's profile's scores (existing pods by spec.nodeName), best first; ties keep input order. */
export function rankNodes(subject: KubeObject, nodes: readonly Node[], options: ScheduleOptions = {}): score.NodeScore[] {
  const s = checkedSubject(subject, toSubject);
  checkCluster(nodes, optionsOf(options));
  const storage = subjectStorage(s, storageOf(options.storage));
  return underQuestion(s, options, () => diagnosed(() => {
    const feasible = new Set(withDaemonControllerEveryNode(s, nodes, scheduler.schedule(s, nodes, options.existingPods, options.namespaces, undefined, storage)).feasible.map((v) => v.node));
    const infos = nodes.map(framework.nodeInfo).filter((n) => feasible.has(n.name));
    return score.scoreNodes(framework.podInfo(s), infos, scoreCluster(nodes, options.existingPods, options.namespaces, options.services, storage)).sort((a, b) => b.total - a.total);
  }, () => bulkOf(nodes, options)));
}

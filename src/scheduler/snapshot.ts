// The cluster as one scheduling cycle sees it (pkg/scheduler/backend/cache snapshot, framework/types.go NodeInfo):
// every node, the pods bound to each, and the Namespace objects' labels. Built once per check, then frozen.
import type { KubeObject, Node, Pod } from '../core/types';
import type { Subject } from '../k8s/subject';
import { describeObject } from '../k8s/subject';
import type { StorageClass } from 'kubernetes-types/storage/v1';
import { createdLabels } from '../admission/create';
import type * as AdmissionStorage from '../admission/storage';
import { podUsesClaims } from '../admission/pod-claims';
import { addPodUsage, podNumbersOf, emptyUsage, nodeInfo, nodeUsage, unreadable, type NodeInfo, type NodeUsage } from './framework';
import type { Selector } from '../k8s/label-selector';
import { settings, settingsGeneration } from '../core/config';
import { layeredListers, storageListers, type StorageListers } from './storage';

// DefaultStorageClass admission's annotations, read where storage objects are (a preset's classes, claims, additions)
let admissionStorageCode: typeof AdmissionStorage | undefined;
const admissionStorage = (): typeof AdmissionStorage => (admissionStorageCode ??= require('../admission/storage'));

export interface NodeSnapshot {
  info: NodeInfo;
  /** The pods on the node as the scheduler cache holds them: Succeeded/Failed pods are never there. */
  pods: Pod[];
  /** NodeInfo.Requested and UsedPorts of those pods, worked out on first use. */
  readonly usage: NodeUsage;
  /**
   * The pods' POD_NUMBERS (framework.ts: plain requests and spec.priority), in order: a snapshot's entry has them,
   * found in its pass over the pods or on first use. Undefined: not kept.
   */
  readonly podNumbers?: readonly number[];
  /**
   * Those of `pods` that have volumes, in order (what the volume plugins count of a node's pods); a node entry of a
   * snapshot has it, found in the snapshot's pass over the pods or on first use. Undefined: read `pods`.
   */
  readonly podsWithVolumes?: readonly Pod[];
  /**
   * `compute(pods)` worked out once per entry and compute function, kept until a pod is assumed onto the node: what a
   * plugin derives from the node's pods (NodeResourcesFit's scoring view of Requested, NodeVolumeLimits' attached
   * volumes). The snapshot knows no plugin.
   */
  memo<T>(compute: (pods: readonly Pod[]) => T): T;
}

export interface Snapshot {
  nodes: NodeSnapshot[];
  byName: Map<string, NodeSnapshot>;
  /** Namespace name → labels, from the Namespace objects given (namespaceSelector reads them). */
  namespaceLabels: Map<string, Record<string, string>>;
  /** The Service objects given (PodTopologySpread's system default constraints select by theirs: DefaultSelector). */
  services: readonly KubeObject[];
  /** The storage objects given, as the volume plugins' listers (storage.ts). */
  storage: StorageListers;
  /** The nodes with pods, in node order (see nodesWithPods); dropped when a pod is assumed. */
  withPods?: NodeSnapshot[];
  /** The existing pods indexed (see podIndex); built on first use, kept up to date by assumePod. */
  index?: PodIndex;
  /** The positions of the nodes assumePod has added pods to (what was prepared of those nodes before is stale). */
  assumed?: Set<number>;
  /** The PodDisruptionBudgets of the cluster (DefaultPreemption's PDB lister), when the snapshot's maker gives them. */
  podDisruptionBudgets?: readonly KubeObject[];
  /**
   * The Pending pods given with status.nominatedNodeName (nominatedNodeOf), by that node, in the order given: what the
   * scheduling queue's nominator may hold (nominator.ts decides which of them a cycle counts). Undefined: none.
   */
  nominated?: ReadonlyMap<string, readonly Pod[]>;
}

/** The nodes that have pods, in node order: what counting existing pods visits (a PreFilter per pod, thousands of nodes). */
export const nodesWithPods = (snapshot: Snapshot): NodeSnapshot[] => (snapshot.withPods ??= snapshot.nodes.filter((n) => n.pods.length > 0));

export const NAMESPACE_NAME_LABEL = 'kubernetes.io/metadata.name';

/** The scheduler's pod informer drops Succeeded and Failed pods; terminating ones stay until deleted. */
export const inSchedulerCache = (pod: Pod) => {
  const phase = pod.status?.phase;
  return phase !== 'Succeeded' && phase !== 'Failed';
};

/**
 * A Pending pod the scheduling queue's nominator may hold: no spec.nodeName, not Succeeded/Failed (the informer drops
 * those), status.nominatedNodeName set — its node; undefined otherwise.
 */
export function nominatedNodeOf(pod: Pod): string | undefined {
  if (pod.spec?.nodeName || !inSchedulerCache(pod)) return undefined;
  return (pod.status as { nominatedNodeName?: string } | undefined)?.nominatedNodeName || undefined;
}

/** `pod` is the subject's own Pod: the same object, the same metadata.uid, or the same namespace/name. */
export function isSubjectPod(subject: Subject, pod: Pod): boolean {
  if (subject.kind !== 'Pod') return false;
  const me = subject.object as Pod;
  const uid = me.metadata?.uid;
  const name = me.metadata?.name;
  return pod === me || (uid !== undefined && pod.metadata?.uid === uid) || (!!name && pod.metadata?.name === name && podNamespace(pod) === podNamespace(me));
}

/**
 * Which of the existing pods are a DaemonSet's own (ownerReferences: the controller reference to it) that its rollout replaces before it creates
 * their successors: under OnDelete, and RollingUpdate without maxSurge (the default: the daemon controller deletes a
 * node's old pod, then creates the new one, pkg/controller/daemon/update.go rollingUpdate). With maxSurge the new pod
 * is created beside the old one, which still holds its ports and resources. An unchanged DaemonSet gets no new pod
 * where it has one: either way its old pod is no other pod the new one meets.
 */
export function replacedByRollout(subject: Subject): ((pod: Pod) => boolean) | undefined {
  if (subject.kind !== 'DaemonSet') return undefined;
  const spec = (subject.object as { spec?: { updateStrategy?: { type?: string; rollingUpdate?: { maxSurge?: number | string } } } }).spec;
  const surge = spec?.updateStrategy?.type !== 'OnDelete' ? spec?.updateStrategy?.rollingUpdate?.maxSurge : undefined;
  if (surge !== undefined && surge !== 0 && surge !== '0%' && surge !== '0') return undefined;
  const name = subject.object.metadata?.name;
  const namespace = podNamespace(subject.object);
  return (pod) => podNamespace(pod) === namespace &&
    (pod.metadata?.ownerReferences ?? []).some((o) => o.controller === true && o.kind === 'DaemonSet' && o.name === name);
}

/**
 * A DaemonSet's own pods of existingPods left out (replacedByRollout): what the verdict rests
 * on. A DaemonSet being rolled out is asked about, or one whose pods are gone: an unchanged one makes no pod where it has one.
 */
export function rolloutReplaces(subject: Subject, replaced: number): string[] {
  if (subject.kind !== 'DaemonSet' || !replaced) return [];
  const type = (subject.object as { spec?: { updateStrategy?: { type?: string } } }).spec?.updateStrategy?.type === 'OnDelete' ? 'OnDelete' : 'RollingUpdate without maxSurge';
  return [`${subject.label} replaces its ${replaced} pod(s) of existingPods (updateStrategy ${type}: each node's old pod is deleted before its new one is created), so its pods are checked without them`];
}

/**
 * The pod being scheduled is not among the pods already on nodes, though a `kubectl get pods -o json` dump holds it
 * too: the same object, the same metadata.uid, or the same namespace/name (names are unique in a namespace). Nor, for a
 * DaemonSet, are the pods of its own that its rollout replaces (replacedByRollout).
 */
export function withoutSubject(subject: Subject, pods: readonly Pod[] | undefined): { pods: readonly Pod[] | undefined; left: number } {
  const mine = subject.kind === 'Pod' ? (p: Pod) => isSubjectPod(subject, p) : replacedByRollout(subject);
  // Stryker disable next-line ConditionalExpression: a shortcut; another workload's pod is never among them, and no pods leave none
  if (!pods || !mine) return { pods, left: 0 };
  // the given array itself when the subject is not among its pods (the common case: no copy of thousands of pods)
  let kept: Pod[] | undefined;
  for (let i = 0; i < pods.length; i++) {
    const p = pods[i];
    if (mine(p)) kept ??= pods.slice(0, i);
    else if (kept) kept.push(p);
  }
  return kept ? { pods: kept, left: pods.length - kept.length } : { pods, left: 0 };
}

/** metadata.deletionTimestamp set: the pod is terminating (PodTopologySpread skips it, InterPodAffinity does not). */
export const isTerminating = (pod: Pod) => pod.metadata?.deletionTimestamp != null;

export function podNamespace(pod: KubeObject): string {
  const namespace = pod.metadata?.namespace;
  if (typeof namespace === 'string') return namespace || 'default';
  // a number or a mapping would be a namespace no pod is in (framework.ts unreadable)
  if (namespace != null) unreadable(pod, 'metadata.namespace');
  return 'default';
}
export function podLabels(pod: Pod): Record<string, string> {
  const labels = pod.metadata?.labels;
  if (labels == null) return {};
  // a list would be no labels (framework.ts unreadable)
  if (typeof labels !== 'object' || Array.isArray(labels)) unreadable(pod, 'metadata.labels');
  return labels;
}

/**
 * The namespace and labels of the subject's pod: a Pod's own, or those its controller gives the pod it creates from
 * the template, in the workload's namespace (admission/create.ts: the template's labels, a StatefulSet pod's name and
 * index, a Job's job-name labels).
 */
export function subjectPodMeta(subject: Subject): { namespace: string; labels: Record<string, string> } {
  return { namespace: podNamespace(subject.object), labels: createdLabels(subject) };
}

export const describePod = (pod: Pod) => describeObject(pod);

/** Every real node carries kubernetes.io/hostname (the kubelet sets it); hand-written fixtures often lack it. */
export const kubeletHint = (key: string) =>
  key === 'kubernetes.io/hostname' ? '; the kubelet sets kubernetes.io/hostname on every real node, so add it to the Node fixture' : '';

const NO_PODS: Pod[] = [];

/**
 * NodeSnapshot.memo's slots: one per compute function, in first-use order. NodeResourcesFit's scoring and
 * NodeVolumeLimits' Filter both keep theirs, so neither evicts the other between cycles (a scan of two entries costs
 * less than a Map lookup). A node entry, a storage overlay's entry (OverlayEntry) and a dry run's node (postfilter.ts)
 * keep theirs alike.
 */
export class Memos {
  /** compute function, its value, compute function, … */
  private readonly slots: unknown[] = [];
  get<T>(compute: (pods: readonly Pod[]) => T, pods: readonly Pod[]): T {
    const slots = this.slots;
    // Stryker disable next-line EqualityOperator: past the end a slot is undefined, never a compute function
    for (let i = 0; i < slots.length; i += 2) if (slots[i] === compute) return slots[i + 1] as T;
    const value = compute(pods);
    slots.push(compute, value);
    return value;
  }
}

// A class rather than object literals with closures: thousands of nodes are snapshotted per check.
class NodeEntry implements NodeSnapshot {
  private computed?: NodeUsage;
  private memos?: Memos;
  private withVolumes?: readonly Pod[];
  /** The node's position in the snapshot (orders the pod index as the nodes are ordered). */
  position = 0;
  private numbers?: readonly number[];
  // Stryker disable next-line BlockStatement: what is not given is worked out from the pods when read (the same)
  constructor(readonly info: NodeInfo, public pods: Pod[], usage?: NodeUsage, withVolumes?: readonly Pod[], numbers?: readonly number[]) {
    this.computed = usage;
    this.withVolumes = withVolumes;
    this.numbers = numbers;
  }
  get podNumbers(): readonly number[] {
    return (this.numbers ??= podNumbersOf(this.pods));
  }
  get usage(): NodeUsage {
    return (this.computed ??= nodeUsage(this.pods));
  }
  // Stryker disable next-line BlockStatement: undefined: NodeVolumeLimits reads every pod of the node (those without volumes add nothing)
  get podsWithVolumes(): readonly Pod[] {
    return (this.withVolumes ??= this.pods.filter(hasVolumes));
  }
  memo<T>(compute: (pods: readonly Pod[]) => T): T {
    return (this.memos ??= new Memos()).get(compute, this.pods);
  }
  /** The pod joins the node's pods; the cached usage and memos are worked out again on next use. */
  add(pod: Pod) {
    // Stryker disable next-line ConditionalExpression: [...NO_PODS, pod] is [pod]
    this.pods = this.pods === NO_PODS ? [pod] : [...this.pods, pod];
    this.computed = undefined;
    this.memos = undefined;
    this.withVolumes = undefined;
    this.numbers = undefined;
  }
}

/**
 * AssumeAndReserveInCache (schedule_one.go assume): the pod, bound to `node`, joins that node's pods in the snapshot,
 * so the next scheduling cycle over the same snapshot sees it. Earlier cycles keep the pod list they read.
 */
export function assumePod(snapshot: Snapshot, node: string, pod: Pod): void {
  const entry = snapshot.byName.get(node);
  if (!(entry instanceof NodeEntry) || !inSchedulerCache(pod)) return;
  entry.add(pod);
  (snapshot.assumed ??= new Set()).add(entry.position);
  snapshot.withPods = undefined;
  // (an index is only ever made by podIndex)
  if (snapshot.index) (snapshot.index as PodLists).add({ pod, node: entry, position: entry.position, seq: entry.position * POSITION + entry.pods.length - 1 });
  const ns = podNamespace(pod);
  if (!snapshot.namespaceLabels.has(ns)) snapshot.namespaceLabels.set(ns, { [NAMESPACE_NAME_LABEL]: ns });
}

// The node entries and byName are made when first read: in a matrix over a cluster without pods, where no pod's
// PreFilter reads a node (nothing to count), the thousands of entries are never needed. What they are made of is
// read at the build (nodeInfo, the pods each node keeps), so they come out as an eager build would have made them.
class NodeList implements Snapshot {
  private entries?: NodeSnapshot[];
  private names?: Map<string, NodeSnapshot>;
  private namespaceMap?: Map<string, Record<string, string>>;
  withPods?: NodeSnapshot[];
  index?: PodIndex;
  assumed?: Set<number>;
  nominated?: ReadonlyMap<string, readonly Pod[]>;
  constructor(
    private readonly infos: NodeInfo[],
    /** The pods each node keeps, by position; undefined when no pods were given. */
    private readonly bound: Array<Pod[] | undefined> | undefined,
    private readonly namespaces: readonly KubeObject[],
    private readonly keptPods: boolean,
    readonly services: readonly KubeObject[],
    readonly storage: StorageListers,
    /** What the pass over the pods found already (buildKept): each node's usage, the pods' namespaces, … */
    private readonly found?: Found,
  ) {}
  /** Made when first read: from the Namespace objects and the kept pods. */
  get namespaceLabels(): Map<string, Record<string, string>> {
    return (this.namespaceMap ??= namespaceLabelsOf(this.namespaces, this.found ? undefined : this.bound, this.found?.namespaces));
  }
  /** The seqs of the pods with required anti-affinity (sorted), while no pod was assumed since: PodLists' hint. */
  // Stryker disable next-line BlockStatement: without the hint the index walks the pods for the same list
  get antiAffinityHint(): readonly number[] | undefined {
    return this.assumed ? undefined : this.found?.antiAffinity;
  }
  get nodes(): NodeSnapshot[] {
    if (!this.entries) {
      const { infos, bound } = this;
      const usages = this.found?.usages;
      const numbers = this.found?.podNumbers;
      const volumes = this.found?.withVolumes;
      this.entries = infos.map((info, i) => {
        const entry = new NodeEntry(info, bound?.[i] ?? NO_PODS, usages?.[i], volumes ? volumes[i] ?? NO_PODS : undefined, numbers?.[i]);
        entry.position = i;
        return entry;
      });
    }
    return this.entries;
  }
  get byName(): Map<string, NodeSnapshot> {
    if (!this.names) {
      const nodes = this.nodes;
      this.names = new Map();
      for (let i = 0; i < nodes.length; i++) this.names.set(nodes[i].info.name, nodes[i]);
    }
    return this.names;
  }
  /** Some node has a pod: one was given (and kept), or assumed since. */
  get hasPods(): boolean {
    return this.keptPods || this.assumed !== undefined;
  }
}

// A shared snapshot seen with more storage objects (snapshotFor): the claim model's additions for one question (a
// StatefulSet pod's claims its controller makes, placeholders, assumed classes) are a handful beside the cluster's.
// The nodes, their pods and usage, the namespaces, the services and the pod index are the base's, shared; the
// storage listers are the base's with the additions layered on top (storage.ts layeredListers). What a plugin derives
// from a node's pods (NodeSnapshot.memo) may read the storage objects (NodeVolumeLimits counts the pods' claims): the
// node entries are the base's, memos and all, unless the additions hold an object those reads can reach (a claim an
// existing pod uses, its volume or class); then each entry keeps its own memo. Never assumed into, as the base.
class OverlayEntry implements NodeSnapshot {
  private memos?: Memos;
  constructor(private readonly entry: NodeSnapshot) {}
  get info(): NodeInfo {
    return this.entry.info;
  }
  get pods(): Pod[] {
    return this.entry.pods;
  }
  get usage(): NodeUsage {
    return this.entry.usage;
  }
  // Stryker disable next-line BlockStatement: undefined: NodeVolumeLimits reads every pod of the node (those without volumes add nothing)
  get podsWithVolumes(): readonly Pod[] | undefined {
    return this.entry.podsWithVolumes;
  }
  memo<T>(compute: (pods: readonly Pod[]) => T): T {
    return (this.memos ??= new Memos()).get(compute, this.pods);
  }
}

class StorageOverlay implements Snapshot {
  private entries?: NodeSnapshot[];
  private names?: Map<string, NodeSnapshot>;
  withPods?: NodeSnapshot[];
  /** `ownEntries`: the node entries keep memos of their own (the additions may change what they derived). */
  constructor(readonly base: Snapshot, readonly storage: StorageListers, private readonly ownEntries: boolean) {}
  get namespaceLabels(): Map<string, Record<string, string>> {
    return this.base.namespaceLabels;
  }
  get services(): readonly KubeObject[] {
    return this.base.services;
  }
  get nominated(): ReadonlyMap<string, readonly Pod[]> | undefined {
    return this.base.nominated;
  }
  get index(): PodIndex {
    return podIndex(this.base);
  }
  get nodes(): NodeSnapshot[] {
    if (!this.ownEntries) return this.base.nodes;
    return (this.entries ??= this.base.nodes.map((e) => new OverlayEntry(e)));
  }
  get byName(): Map<string, NodeSnapshot> {
    if (!this.ownEntries) return this.base.byName;
    // Stryker disable next-line ConditionalExpression: a memo; the same map made again
    if (!this.names) {
      this.names = new Map();
      for (const n of this.nodes) this.names.set(n.info.name, n);
    }
    return this.names;
  }
}

/** The snapshot whose nodes, pods and pod index `snapshot` shares (its base, for an overlay): what is prepared once for both. */
export const sharedNodesOf = (snapshot: Snapshot): Snapshot => (snapshot instanceof StorageOverlay ? snapshot.base : snapshot);

/**
 * Build the snapshot. `podsByNode` maps node names to the pods bound there; pods of nodes not in `nodes` are
 * not part of the cluster. `namespaces` holds Namespace objects, `services` Service objects (others are ignored),
 * `storage` the storage objects (STORAGE_KINDS; others are ignored), after those of configure({ storage }) (a given
 * object replaces a configured one of the same name, as a later `kubectl apply` would).
 */
// Stryker disable next-line ArrayDeclaration: a default list of an item of no kind is read as empty (no Namespace, Service or storage object)
export function buildSnapshot(nodes: readonly Node[], podsByNode: ReadonlyMap<string, readonly Pod[]>, namespaces: readonly KubeObject[] = [], services: readonly KubeObject[] = [], storage: readonly KubeObject[] = []): Snapshot {
  // listers of its own: pods assumed into this snapshot assume their volumes into them (placement, outages)
  return build(nodes, podsByNode, namespaces, services, storageListers(configuredAnd(storage)));
}

function build(nodes: readonly Node[], podsByNode: ReadonlyMap<string, readonly Pod[]>, namespaces: readonly KubeObject[], services: readonly KubeObject[], storage: StorageListers): NodeList {
  const infos = nodeInfos(nodes);
  const bound = podsByNode.size ? infos.map((info) => podsByNode.get(info.name)?.filter(inSchedulerCache)) : undefined;
  // Stryker disable next-line BooleanLiteral,ConditionalExpression,EqualityOperator: `some` only lets a cluster without pods skip its pod index; an index of no pod is empty
  const some = bound?.some((pods) => pods !== undefined && pods.length > 0) ?? false;
  const list = new NodeList(infos, bound, namespaces, some, services.filter((o) => o.kind === 'Service'), storage);
  const nominated = nominatedIn(podsByNode);
  // Stryker disable next-line ConditionalExpression: setting undefined leaves it undefined
  if (nominated) list.nominated = nominated;
  return list;
}

function nodeInfos(nodes: readonly Node[]): NodeInfo[] {
  // Stryker disable next-line ArrayDeclaration: a length hint; written by index
  const infos = new Array<NodeInfo>(nodes.length);
  for (let i = 0; i < nodes.length; i++) infos[i] = nodeInfo(nodes[i]);
  return infos;
}

/** What buildKept found in its one pass over the pods, beside the pods of each node. */
interface Found {
  /** Each node's usage (by position), where worked out without an error (else undefined: worked out when read). */
  usages: Array<NodeUsage | undefined>;
  /** Each node's pods' numbers (NodeSnapshot.podNumbers), where its usage was worked out. */
  podNumbers: Array<number[] | undefined>;
  /** The pods' namespaces, in the order a walk over the nodes meets them. */
  namespaces: string[];
  /** The seqs of the pods with required anti-affinity, sorted; undefined when node names repeat (a pod is on two entries). */
  antiAffinity?: number[];
  /** Each node's pods that have volumes (by position; undefined: none). */
  withVolumes: Array<Pod[] | undefined>;
}

/**
 * The snapshot of `pods` over `nodes` (snapshotFor's): one pass over the pods, which the scheduler reads in full
 * anyway (every node's usage), instead of one per thing read of them — thousands of pods, each pass a walk through
 * memory. The pods the scheduler's cache keeps on each node, in the given order, each node's usage
 * (NodeInfo.Requested, UsedPorts), the namespaces (namespaceLabels) and the pods with required anti-affinity (the
 * pod index's first list, which InterPodAffinity's PreFilter reads for every pod).
 */
function buildKept(nodes: readonly Node[], pods: readonly Pod[], namespaces: readonly KubeObject[], services: readonly KubeObject[], storage: StorageListers): NodeList {
  const infos = nodeInfos(nodes);
  const n = infos.length;
  const position = new Map<string, number>();
  // Stryker disable next-line BooleanLiteral: with names unique, the repeated-name pass copies nothing and the index walks for the anti-affinity list
  let unique = true;
  for (let i = 0; i < n; i++) {
    if (position.has(infos[i].name)) unique = false;
    else position.set(infos[i].name, i);
  }
  // per node position (a node name's first), what its pods make: arrays, not a map by name and an object per node
  const kept = sized<Pod[] | undefined>(n);
  const usages = sized<NodeUsage | undefined>(n);
  const numbers = sized<number[] | undefined>(n);
  const volumes = sized<Pod[] | undefined>(n);
  // Stryker disable next-line BooleanLiteral: `some` only lets a cluster without pods skip its pod index; an index of no pod is empty
  let some = false;
  const firstSeq = new Map<string, number>();
  let lastNamespace: string | undefined;
  let lastFirst = 0;
  const anti: number[] = [];
  let nominated: Map<string, Pod[]> | undefined;
  for (let i = 0; i < pods.length; i++) {
    const p = pods[i];
    const name = p.spec?.nodeName;
    if (!name) {
      const to = nominatedNodeOf(p);
      if (to) addTo((nominated ??= new Map()), to, p);
      continue;
    }
    if (!inSchedulerCache(p)) continue;
    const at = position.get(name);
    if (at === undefined) continue;
    let list = kept[at];
    if (!list) {
      kept[at] = list = [];
      usages[at] = emptyUsage();
      numbers[at] = [];
      some = true;
    }
    const seq = at * POSITION + list.length;
    list.push(p);
    // a pod whose usage throws (a quantity the API server refuses) throws again when its node's usage is read, as before
    const usage = usages[at];
    // Stryker disable next-line ConditionalExpression: adding to an undefined usage throws, caught: undefined again
    if (usage) {
      try {
        addPodUsage(usage, p, numbers[at]);
      } catch {
        usages[at] = numbers[at] = undefined;
      }
    }
    // each namespace's first pod in walk order (pods of one namespace often come in a row: no lookup for those)
    const ns = podNamespace(p);
    // Stryker disable next-line ConditionalExpression: a shortcut; the map lookup finds the same first seq
    if (ns === lastNamespace) {
      // Stryker disable next-line EqualityOperator: seqs are distinct (node position and place on it), never equal
      if (seq < lastFirst) firstSeq.set(ns, (lastFirst = seq));
    } else {
      const first = firstSeq.get(ns);
      // Stryker disable next-line EqualityOperator: seqs are distinct (node position and place on it), never equal
      if (first === undefined || seq < first) firstSeq.set(ns, seq);
      lastNamespace = ns;
      // Stryker disable next-line EqualityOperator: seqs are distinct (node position and place on it), never equal
      lastFirst = first === undefined || seq < first ? seq : first;
    }
    if (hasRequiredAntiAffinity(p)) anti.push(seq);
    if (hasVolumes(p)) (volumes[at] ??= []).push(p);
  }
  // a repeated node name holds the pods of its first position, as each entry of that name reads them
  // Stryker disable next-line ConditionalExpression: with unique names each node is its name's first position: the loop copies nothing
  if (!unique) {
    for (let i = 0; i < n; i++) {
      const first = position.get(infos[i].name)!;
      // Stryker disable next-line ConditionalExpression: at its first position a node's arrays are copied onto themselves
      if (first !== i) [kept[i], usages[i], volumes[i], numbers[i]] = [kept[first], usages[first], volumes[first], numbers[first]];
    }
  }
  const found: Found = {
    usages,
    podNumbers: numbers,
    namespaces: [...firstSeq.keys()].sort((a, b) => firstSeq.get(a)! - firstSeq.get(b)!),
    antiAffinity: unique ? anti.sort((a, b) => a - b) : undefined,
    withVolumes: volumes,
  };
  // Stryker disable next-line ConditionalExpression: without pods, kept holds no list: every node reads no pods either way
  const list = new NodeList(infos, some ? kept : undefined, namespaces, some, services.filter((o) => o.kind === 'Service'), storage, found);
  // Stryker disable next-line ConditionalExpression: setting undefined leaves it undefined
  if (nominated) list.nominated = nominated;
  return list;
}

// Arrays of a known length are made at that length (no regrowth while filling), within V8's fast elements' reach.
// Stryker disable next-line ConditionalExpression,EqualityOperator,ArrayDeclaration: a length hint only; the arrays are written by index
const sized = <T>(n: number): T[] => (n < 50_000 ? new Array<T>(n) : []);

/** Namespace name → labels: the Namespace objects', then each namespace only seen on the pods (`seen`, or the pods'). */
function namespaceLabelsOf(namespaces: readonly KubeObject[], bound: ReadonlyArray<readonly Pod[] | undefined> | undefined, seen?: readonly string[]): Map<string, Record<string, string>> {
  // The API server labels every Namespace with kubernetes.io/metadata.name (NamespaceDefaultLabelName, GA 1.22),
  // and a pod's namespace exists in a real cluster: namespaces only seen on pods get that label alone.
  const namespaceLabels = new Map<string, Record<string, string>>();
  for (const ns of namespaces) {
    if (ns.kind !== 'Namespace' || !ns.metadata?.name) continue;
    const name = ns.metadata.name;
    namespaceLabels.set(name, { ...(ns.metadata as { labels?: Record<string, string> }).labels, [NAMESPACE_NAME_LABEL]: name });
  }
  const add = (name: string) => {
    if (!namespaceLabels.has(name)) namespaceLabels.set(name, { [NAMESPACE_NAME_LABEL]: name });
  };
  if (seen) for (let i = 0; i < seen.length; i++) add(seen[i]);
  if (bound) {
    // Stryker disable next-line EqualityOperator: past the end bound is undefined, skipped
    for (let n = 0; n < bound.length; n++) {
      const pods = bound[n];
      if (pods) for (let i = 0; i < pods.length; i++) add(podNamespace(pods[i]));
    }
  }
  return namespaceLabels;
}

/**
 * The cluster preset's StorageClasses (configure({ cluster })), configure({ storage })'s objects, then `given`: a later
 * object of the same name wins, and a preset's default class is not the default when one of the others is (objects
 * given win over a preset's).
 */
export function configuredAnd(given: readonly KubeObject[]): readonly KubeObject[] {
  const { storage: configured, clusterStorage } = settings();
  const own = configured.length ? (given.length ? [...configured, ...given] : configured) : given;
  if (clusterStorage.length === 0) return own;
  const ownDefault = own.some((o) => o.kind === 'StorageClass' && admissionStorage().isDefaultClass(o as StorageClass));
  return [...(ownDefault ? clusterStorage.map(notDefault) : clusterStorage), ...own];
}

const notDefault = (o: KubeObject): KubeObject => {
  const meta = (o as StorageClass).metadata;
  // Stryker disable next-line ObjectLiteral,OptionalChaining: the presets' classes carry their name and the default annotation alone (core/presets.ts)
  const annotations = { ...meta?.annotations };
  delete annotations[admissionStorage().IS_DEFAULT_CLASS_ANNOTATION];
  return { ...o, metadata: { ...meta, annotations } } as KubeObject;
};

// The listers of the storage a question is asked with, kept per given list while the settings hold: the claim model
// (storage-model.ts), the answers' not-modelled rule and the shared snapshot of that list read the same ones.
const listers = new WeakMap<object, { generation: number; items: readonly KubeObject[]; storage: StorageListers }>();
const NO_GIVEN: readonly KubeObject[] = [];

/**
 * The storage objects a question sees (configuredAnd(given)) as the volume plugins' listers, kept while the list holds
 * the same objects (compared item by item: a list changed in place is another). Shared: only read, never assumed into.
 */
export function storageFor(given: readonly KubeObject[] = NO_GIVEN): StorageListers {
  // keyed by the list and by its first object, as snapshotFor: the clients pass a fresh array of the same objects on
  // every call
  // Stryker disable next-line ArrayDeclaration: a cache's keys; without them the listers are made again, the same
  const keys: object[] = given.length ? [given, given[0]] : [NO_GIVEN];
  const generation = settingsGeneration();
  for (const key of keys) {
    const hit = listers.get(key);
    if (hit && hit.generation === generation && sameItems(hit.items, given)) {
      // Stryker disable next-line ConditionalExpression,EqualityOperator: a cache write; a miss makes the same listers again
      if (key !== keys[0]) listers.set(keys[0], hit);
      return hit.storage;
    }
  }
  const kept = { generation, items: [...given], storage: storageListers(configuredAnd(given)) };
  for (const key of keys) listers.set(key, kept);
  return kept.storage;
}

/**
 * Whether the volume plugins can see anything of a pod's volumes: storage objects given (`storage`), configured
 * (configure({ storage })) or a preset's, or the stated storage assumption. Without any, every claim is "not
 * modelled" and constrains nothing, and inline volumes meet no CSINode: the volume plugins would pass every node.
 */
export function hasStorage(given: readonly KubeObject[] | undefined): boolean {
  const s = settings();
  return (given?.length ?? 0) > 0 || s.storage.length > 0 || s.clusterStorage.length > 0 || s.storageAssumption !== undefined;
}

// The volume sources the volume plugins read besides claims: the in-tree disks VolumeRestrictions conflict-checks
// (volume_restrictions.go needsCheck) and NodeVolumeLimits counts once migrated (csi-translation-lib's inline
// plugins). Every other source (configMap, secret, emptyDir, csi, hostPath, projected, …) makes all four Skip.
const IN_TREE_DISKS = ['gcePersistentDisk', 'awsElasticBlockStore', 'rbd', 'iscsi', 'cinder', 'azureDisk', 'azureFile', 'vsphereVolume', 'portworxVolume'];

/** The subject's pod has volumes the volume plugins read: claims (a StatefulSet's volumeClaimTemplates too) or in-tree disks. */
export function usesVolumes(subject: Subject): boolean {
  // Stryker disable next-line ArrayDeclaration: a string item is no in-tree disk
  return podUsesClaims(subject) || (subject.spec.volumes ?? []).some((v) => !!v && IN_TREE_DISKS.some((k) => (v as unknown as Record<string, unknown>)[k] != null));
}


/** The existing pods with required anti-affinity terms (NodeInfo.PodsWithRequiredAntiAffinity), node by node. */
export function podsWithRequiredAntiAffinity(snapshot: Snapshot): readonly PodRef[] {
  // a cluster without pods has none, and needs no index (nor its node entries) to say so
  const nodes = sharedNodesOf(snapshot);
  if (nodes instanceof NodeList && !nodes.index && !nodes.hasPods) return NO_REFS;
  return podIndex(nodes).withRequiredAntiAffinity;
}

// The existing pods indexed once per snapshot, as kube-scheduler's cache keeps them per NodeInfo (Pods,
// PodsWithAffinity, PodsWithRequiredAntiAffinity; pkg/scheduler/framework/types.go): a PreFilter reads the pods a
// selector can match instead of walking every pod of every node. Every list is in snapshot order (node order, then
// the node's pod order), the order a walk over the nodes visits them, so counts, contribution lists and messages
// come out as the walk gives them.

/** A pod of the snapshot with its node; `seq` orders refs as the walk over the nodes meets them. */
export interface PodRef {
  pod: Pod;
  node: IndexedNode;
  /** The node's position in the cluster's node list. */
  position: number;
  seq: number;
}

/** What the index reads of a node: a snapshot entry, or a scoring view's { info, pods }. */
export interface IndexedNode {
  info: NodeInfo;
  pods: readonly Pod[];
}

export interface PodIndex {
  all: PodRef[];
  byNamespace: Map<string, PodRef[]>;
  /** label key → value → pods with that label. */
  byLabel: Map<string, Map<string, PodRef[]>>;
  /** label key → pods having that key. */
  byKey: Map<string, PodRef[]>;
  /** Pods with spec.affinity.podAffinity or podAntiAffinity (NodeInfo.PodsWithAffinity). */
  withAffinity: PodRef[];
  /** Pods with required pod anti-affinity terms (NodeInfo.PodsWithRequiredAntiAffinity). */
  withRequiredAntiAffinity: PodRef[];
  /** byLabel.get(key): made for that key alone when the whole label index is not (a selector reads a key or two). */
  valuesOf(key: string): Map<string, PodRef[]> | undefined;
  /** byKey.get(key), the same way. */
  withKey(key: string): PodRef[] | undefined;
}

// seq = node position × POSITION + the pod's position on its node: a node holds far fewer pods than this.
const POSITION = 2 ** 20;

/** Insert keeping seq order: at the end while building, by binary search for a pod assumed later. */
function insert(list: PodRef[], ref: PodRef): void {
  // Stryker disable next-line BlockStatement,ConditionalExpression,EqualityOperator: a shortcut; the search below puts it at the end too (seqs are distinct)
  if (list.length === 0 || list[list.length - 1].seq < ref.seq) {
    list.push(ref);
    return;
  }
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    // Stryker disable next-line EqualityOperator: seqs are distinct, never equal
    if (list[mid].seq < ref.seq) lo = mid + 1;
    else hi = mid;
  }
  list.splice(lo, 0, ref);
}

function listIn<K>(map: Map<K, PodRef[]>, key: K): PodRef[] {
  let list = map.get(key);
  if (!list) map.set(key, (list = []));
  return list;
}

/** spec.volumes holds something (what `for (const v of spec.volumes ?? [])` would visit). */
const hasVolumes = (pod: Pod) => {
  const volumes = pod.spec?.volumes;
  return volumes != null && !(Array.isArray(volumes) && volumes.length === 0);
};
const hasAffinity = (pod: Pod) => !!(pod.spec?.affinity?.podAffinity || pod.spec?.affinity?.podAntiAffinity);
const hasRequiredAntiAffinity = (pod: Pod) => !!pod.spec?.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.length;

function addLabels(byKey: Map<string, PodRef[]>, byLabel: Map<string, Map<string, PodRef[]>>, ref: PodRef): void {
  const labels = podLabels(ref.pod);
  for (const key in labels) {
    if (!Object.prototype.hasOwnProperty.call(labels, key)) continue;
    insert(listIn(byKey, key), ref);
    let values = byLabel.get(key);
    if (!values) byLabel.set(key, (values = new Map()));
    insert(listIn(values, labels[key]), ref);
  }
}

// Each list is made when first read: a pod without volumes or pod affinity asked of a cluster whose pods have
// anti-affinity reads the pods with required anti-affinity alone (InterPodAffinity's PreFilter), and its first answer
// does not wait for a ref per pod nor for label indexes no plugin reads. `all` and the pods with required
// anti-affinity are made by a walk over the nodes (`all` taking the refs made already), the others from `all`; every
// list holds the same ref objects, in seq order. A selector reads a label key or two: the label lists are made per
// key as they are asked for (valuesOf, withKey), the whole index (byLabel, byKey) only when read whole.
class PodLists implements PodIndex {
  private refs?: PodRef[];
  private namespaces?: Map<string, PodRef[]>;
  private labels?: Map<string, Map<string, PodRef[]>>;
  private keys?: Map<string, PodRef[]>;
  /** Per label key asked for before the whole index was made: its pods, and its pods by value (none: undefined). */
  private perKey?: Map<string, { pods: PodRef[]; values: Map<string, PodRef[]> } | undefined>;
  private affinity?: PodRef[];
  private antiAffinity?: PodRef[];
  /**
   * `antiSeqs`: the seqs of the pods with required anti-affinity, when the snapshot's pass over the pods found them
   * (buildKept): that list is then made without reading every pod again. Dropped when a pod is assumed.
   */
  constructor(private readonly nodes: readonly IndexedNode[], private antiSeqs?: readonly number[]) {}
  get all(): PodRef[] {
    return (this.refs ??= this.walk(undefined));
  }
  get byNamespace(): Map<string, PodRef[]> {
    // Stryker disable next-line ConditionalExpression: a memo; the same lists made again
    if (!this.namespaces) {
      this.namespaces = new Map();
      for (const ref of this.all) listIn(this.namespaces, podNamespace(ref.pod)).push(ref);
    }
    return this.namespaces;
  }
  /** byNamespace, if made already (candidates narrows by it then). */
  get namespacesMade(): Map<string, PodRef[]> | undefined {
    return this.namespaces;
  }
  get byLabel(): Map<string, Map<string, PodRef[]>> {
    // Stryker disable next-line ConditionalExpression: a memo; the same index made again
    if (!this.labels) this.indexLabels();
    return this.labels!;
  }
  get byKey(): Map<string, PodRef[]> {
    // Stryker disable next-line ConditionalExpression: a memo; the same index made again
    if (!this.keys) this.indexLabels();
    return this.keys!;
  }
  valuesOf(key: string): Map<string, PodRef[]> | undefined {
    return this.labels ? this.labels.get(key) : this.keyLists(key)?.values;
  }
  withKey(key: string): PodRef[] | undefined {
    return this.keys ? this.keys.get(key) : this.keyLists(key)?.pods;
  }
  get withAffinity(): PodRef[] {
    return (this.affinity ??= this.all.filter((ref) => hasAffinity(ref.pod)));
  }
  get withRequiredAntiAffinity(): PodRef[] {
    // Stryker disable next-line ConditionalExpression,BooleanLiteral: a shortcut; the filter or the walk below makes the same list
    if (!this.antiAffinity && this.antiSeqs) this.antiAffinity = this.fromSeqs(this.antiSeqs);
    return (this.antiAffinity ??= this.refs ? this.refs.filter((ref) => hasRequiredAntiAffinity(ref.pod)) : this.walk(hasRequiredAntiAffinity));
  }
  /** The refs of the pods at `seqs` (sorted): `all`'s when made, else new ones. */
  // Stryker disable next-line BlockStatement: undefined leaves the list to the filter or the walk, which make the same list
  private fromSeqs(seqs: readonly number[]): PodRef[] {
    // Stryker disable next-line ArrayDeclaration: a length hint; written by index
    const out = new Array<PodRef>(seqs.length);
    const refs = this.refs;
    let k = 0;
    for (let i = 0; i < seqs.length; i++) {
      const seq = seqs[i];
      if (refs) {
        while (refs[k].seq < seq) k++;
        out[i] = refs[k];
      } else {
        const position = Math.floor(seq / POSITION);
        const node = this.nodes[position];
        out[i] = { pod: node.pods[seq - position * POSITION], node, position, seq };
      }
    }
    return out;
  }
  /**
   * The refs of the nodes' pods (those `only` accepts), node by node: seq order. The refs of the anti-affinity list,
   * when made, are taken as they are (assumed pods' too: their node's pods hold them at the same place).
   */
  private walk(only: ((pod: Pod) => boolean) | undefined): PodRef[] {
    const made = this.antiAffinity ?? NO_REFS;
    let k = 0;
    const out: PodRef[] = [];
    for (let position = 0; position < this.nodes.length; position++) {
      const node = this.nodes[position];
      const pods = node.pods;
      for (let j = 0; j < pods.length; j++) {
        const seq = position * POSITION + j;
        if (k < made.length && made[k].seq === seq) out.push(made[k++]);
        else if (!only || only(pods[j])) out.push({ pod: pods[j], node, position, seq });
      }
    }
    return out;
  }
  private indexLabels(): void {
    this.keys = new Map();
    this.labels = new Map();
    for (const ref of this.all) addLabels(this.keys, this.labels, ref);
    this.perKey = undefined;
  }
  /** One key's lists, from `all` in seq order (as the whole index would hold them). */
  private keyLists(key: string): { pods: PodRef[]; values: Map<string, PodRef[]> } | undefined {
    const perKey = (this.perKey ??= new Map());
    // Stryker disable next-line ConditionalExpression: a memo; the same lists made again
    if (perKey.has(key)) return perKey.get(key);
    let made: { pods: PodRef[]; values: Map<string, PodRef[]> } | undefined;
    const all = this.all;
    for (let i = 0; i < all.length; i++) {
      const labels = podLabels(all[i].pod);
      if (!Object.prototype.hasOwnProperty.call(labels, key)) continue;
      made ??= { pods: [], values: new Map() };
      made.pods.push(all[i]);
      listIn(made.values, labels[key]).push(all[i]);
    }
    perKey.set(key, made);
    return made;
  }
  /**
   * A pod assumed since (it is on its node's pods already): into the lists made, each in seq order. A list made later
   * finds it by its walk or from `all`.
   */
  add(ref: PodRef): void {
    this.antiSeqs = undefined; // (the list it would make lacks the pod)
    if (this.antiAffinity && hasRequiredAntiAffinity(ref.pod)) insert(this.antiAffinity, ref);
    if (!this.refs) return;
    insert(this.refs, ref);
    if (this.namespaces) insert(listIn(this.namespaces, podNamespace(ref.pod)), ref);
    if (this.keys) addLabels(this.keys, this.labels!, ref);
    if (this.perKey) this.addToKeys(this.perKey, ref);
    if (this.affinity && hasAffinity(ref.pod)) insert(this.affinity, ref);
  }
  private addToKeys(perKey: NonNullable<PodLists['perKey']>, ref: PodRef): void {
    const labels = podLabels(ref.pod);
    for (const [key, made] of perKey) {
      if (!Object.prototype.hasOwnProperty.call(labels, key)) continue;
      if (made) {
        insert(made.pods, ref);
        insert(listIn(made.values, labels[key]), ref);
      } else perKey.set(key, { pods: [ref], values: new Map([[labels[key], [ref]]]) });
    }
  }
}

const otherIndexes = new WeakMap<object, PodIndex>();

/**
 * The cluster's pod index, built on first use: a snapshot keeps it (assumePod adds to it); any other cluster view
 * (nodes as plain { info, pods }) gets one kept as long as that object lives.
 */
export function podIndex(cluster: { readonly nodes: readonly IndexedNode[]; index?: PodIndex }): PodIndex {
  if (cluster.index) return cluster.index;
  const isSnapshot = 'byName' in cluster;
  const known = otherIndexes.get(cluster);
  // Stryker disable next-line ConditionalExpression: a memo; the same index made again
  if (known) return known;
  const index = new PodLists(cluster.nodes, cluster instanceof NodeList ? cluster.antiAffinityHint : undefined);
  // Stryker disable next-line ConditionalExpression: kept on the cluster view or beside it: the same index
  if (isSnapshot) cluster.index = index;
  else otherIndexes.set(cluster, index);
  return index;
}

const NO_REFS: PodRef[] = [];

/** The pods with a label `key` in `values`, in seq order (several values: their lists merged). */
function withValues(index: PodIndex, key: string, values: readonly string[]): PodRef[] {
  const byValue = index.valuesOf(key);
  if (!byValue) return NO_REFS;
  // Stryker disable next-line ConditionalExpression: a shortcut; one value's lists merged are its list
  if (values.length === 1) return byValue.get(values[0]) ?? NO_REFS;
  const lists = [...new Set(values)].map((v) => byValue.get(v)).filter((l): l is PodRef[] => !!l);
  // Stryker disable next-line ConditionalExpression: a shortcut; one list sorted is itself
  return lists.length === 1 ? lists[0] : lists.flat().sort((a, b) => a.seq - b.seq);
}

/**
 * A superset of the pods `selector` can match, in seq order: the shortest list an In or Exists requirement (or,
 * given, the namespace) allows; every pod when nothing narrows. Callers still check each pod in full. The namespace's
 * list is made only when no requirement narrows (a pass over every pod, where a label's list is usually the shorter).
 */
export function candidates(index: PodIndex, selector: Selector, namespace?: string): readonly PodRef[] {
  if (selector.kind === 'nothing') return NO_REFS;
  let best: readonly PodRef[] | undefined;
  if (selector.kind === 'requirements') {
    for (const r of selector.requirements) {
      // the pod-template-hash stand-in (label-selector.ts withLabelKeys) matches pods with the key, whatever its value
      const list = r.operator === 'In' && !r.revision ? withValues(index, r.key, r.values) : r.operator === 'Exists' || r.operator === 'In' ? index.withKey(r.key) ?? NO_REFS : undefined;
      if (list && (best === undefined || list.length < best.length)) best = list;
      // Stryker disable next-line ConditionalExpression: a shortcut; no later list is shorter than none
      if (best?.length === 0) return best;
    }
  }
  if (namespace === undefined) return best ?? index.all;
  const namespaces = best === undefined ? index.byNamespace : index instanceof PodLists ? index.namespacesMade : undefined;
  const inNamespace = namespaces && (namespaces.get(namespace) ?? NO_REFS);
  // Stryker disable next-line EqualityOperator: of two lists of one length either is a superset of the pods the selector matches
  return inNamespace && (best === undefined || inNamespace.length < best.length) ? inNamespace : best!;
}

/** The union of several candidate lists, in seq order, each pod once. */
export function union(lists: ReadonlyArray<readonly PodRef[]>): readonly PodRef[] {
  const nonEmpty = lists.filter((l) => l.length > 0);
  if (nonEmpty.length <= 1) return nonEmpty[0] ?? NO_REFS;
  const seen = new Set<PodRef>();
  const out: PodRef[] = [];
  for (const l of nonEmpty) for (const r of l) if (!seen.has(r)) seen.add(r), out.push(r);
  return out.sort((a, b) => a.seq - b.seq);
}

// The Pending pods nominated to a node (nominatedNodeOf) that groupByNode found beside the bound ones, by its map: a
// map of pods by node stays a plain Map, and buildSnapshot reads them from here (Snapshot.nominated).
const nominatedBeside = new WeakMap<ReadonlyMap<string, readonly Pod[]>, Map<string, Pod[]>>();

/** The Pending pods nominated to a node that groupByNode found beside `podsByNode`, by that node; undefined: none. */
export const nominatedIn = (podsByNode: ReadonlyMap<string, readonly Pod[]>): ReadonlyMap<string, readonly Pod[]> | undefined => nominatedBeside.get(podsByNode);

function addTo(map: Map<string, Pod[]>, key: string, pod: Pod): void {
  const list = map.get(key);
  if (list) list.push(pod);
  else map.set(key, [pod]);
}

/**
 * Existing pods by spec.nodeName (pods without one are on no node), as buildSnapshot takes them; the Pending ones
 * nominated to a node are kept beside the map (nominatedIn), for the scheduling queue's nominator.
 */
export function groupByNode(pods: readonly Pod[] | undefined): Map<string, Pod[]> {
  const map = new Map<string, Pod[]>();
  let nominated: Map<string, Pod[]> | undefined;
  for (const p of pods ?? []) {
    const name = p.spec?.nodeName;
    if (name) {
      addTo(map, name, p);
      continue;
    }
    const to = nominatedNodeOf(p);
    if (to) addTo((nominated ??= new Map()), to, p);
  }
  // Stryker disable next-line ConditionalExpression: setting undefined leaves none
  if (nominated) nominatedBeside.set(map, nominated);
  return map;
}

// One snapshot per cluster a test file checks against: the same nodes, existing pods and namespaces give the same
// snapshot (and its pod index, and the PreFilter states cached per snapshot). Keyed by the arrays and by their first
// item (a matcher may receive a fresh array from an iterable on every call), then compared item by item, so a
// pushed, removed or replaced object is a different cluster. What is not seen: an object changed in place.
interface Shared {
  generation: number; nodes: readonly Node[]; pods: readonly Pod[]; namespaces: readonly KubeObject[]; services: readonly KubeObject[];
  storage: readonly KubeObject[]; snapshot: Snapshot;
}
const sharedByKey = new WeakMap<object, Shared>();
const NONE: readonly never[] = [];
const sameItems = (a: readonly unknown[], b: readonly unknown[]) => {
  // Stryker disable next-line ConditionalExpression,BooleanLiteral: a shortcut; the same array has the same items
  if (a === b) return true;
  if (a.length !== b.length) return false;
  // Stryker disable next-line EqualityOperator: past the end both are undefined
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

/**
 * The snapshot of `nodes` with `pods` bound by spec.nodeName, `namespaces`, `services` and `storage`, built once and reused while the same
 * objects are passed again (in any arrays). A changed list — an object added, removed or replaced — gives a fresh
 * snapshot. A Node or Pod mutated in place (a label edited on the same object) is not detected: pass a new object,
 * or call configure()/resetConfiguration(), which drop every cached snapshot. The snapshot is shared: never assume
 * pods into it (placeReplicas and simulateOutage build their own with buildSnapshot).
 */
export function snapshotFor(
  nodes: readonly Node[], pods: readonly Pod[] = NONE, namespaces: readonly KubeObject[] = NONE, services: readonly KubeObject[] = NONE, storage: readonly KubeObject[] = NONE,
): Snapshot {
  const generation = settingsGeneration();
  const keys: object[] = [nodes, ...(nodes.length ? [nodes[0]] : [])];
  for (const key of keys) {
    const hit = sharedByKey.get(key);
    if (hit && hit.generation === generation && sameItems(hit.nodes, nodes) && sameItems(hit.pods, pods) && sameItems(hit.namespaces, namespaces) && sameItems(hit.services, services) && sameItems(hit.storage, storage)) {
      // Stryker disable next-line ConditionalExpression,EqualityOperator: a cache write; a miss builds the same snapshot again
      if (key !== nodes) sharedByKey.set(nodes, hit);
      return hit.snapshot;
    }
  }
  const layer = layers.get(storage);
  const overlay = layer && overlayFor(storage, layer, snapshotFor(nodes, pods, namespaces, services, layer.given));
  if (overlay) return overlay;
  // the listers of the question's storage (storageFor), which the claim model read already: a shared snapshot is
  // never assumed into, so they are only read
  const snapshot = buildKept(nodes, pods, namespaces, services, storageFor(storage));
  const entry: Shared = { generation, nodes: [...nodes], pods: [...pods], namespaces: [...namespaces], services: [...services], storage: [...storage], snapshot };
  for (const key of keys) sharedByKey.set(key, entry);
  return snapshot;
}

// Storage lists made as another list plus a few objects (withObjects: the claim model's additions for a question,
// scheduler/storage-model.ts), and the overlay of each over the shared snapshot of the other list.
interface Layer { given: readonly KubeObject[]; extra: readonly KubeObject[] }
const layers = new WeakMap<readonly KubeObject[], Layer>();
const overlays = new WeakMap<readonly KubeObject[], { base: Snapshot; overlay: Snapshot }>();

/**
 * `[...given, ...extra]`, remembered as such: snapshotFor answers it with `given`'s shared snapshot and `extra`
 * layered on its storage (StorageOverlay), instead of building the cluster's nodes, pods and index again per
 * question (a StatefulSet's claims are new objects for every pod asked about).
 */
export function withObjects(given: readonly KubeObject[], extra: readonly KubeObject[]): readonly KubeObject[] {
  const storage = [...given, ...extra];
  layers.set(storage, { given, extra });
  return storage;
}

function overlayFor(storage: readonly KubeObject[], layer: Layer, base: Snapshot): Snapshot | undefined {
  const kept = overlays.get(storage);
  if (kept && kept.base === base) return kept.overlay;
  // a default class among the additions would take the preset's default away from the given objects (configuredAnd):
  // then the whole list is another cluster's storage
  if (layer.extra.some((o) => o.kind === 'StorageClass' && admissionStorage().isDefaultClass(o as StorageClass))) return undefined;
  const listers = layeredListers(base.storage, layer.extra);
  if (!listers) return undefined;
  const overlay = new StorageOverlay(base, listers, readsAny(storageReads(base), layer.extra));
  overlays.set(storage, { base, overlay });
  return overlay;
}

/**
 * What the memos of a snapshot's node entries can have read of its storage objects (NodeVolumeLimits' count of the
 * pods' volumes, csi.go filterAttachableVolumes and getNodeVolumeAttachmentInfo): the claims its pods use (a generic
 * ephemeral volume's `<pod>-<volume>` too), those claims' volumes and classes, the VolumeAttachments' volumes.
 */
interface StorageReads { claims: Set<string>; volumes: Set<string>; classes: Set<string> }
const readsOf = new WeakMap<Snapshot, StorageReads>();

function storageReads(snapshot: Snapshot): StorageReads {
  let reads = readsOf.get(snapshot);
  // Stryker disable next-line ConditionalExpression: a memo; the same reads worked out again
  if (reads) return reads;
  reads = { claims: new Set(), volumes: new Set(), classes: new Set() };
  const storage = snapshot.storage;
  for (const node of nodesWithPods(snapshot)) {
    for (const pod of node.pods) {
      const namespace = podNamespace(pod);
      for (const v of pod.spec?.volumes ?? []) {
        const name = v?.persistentVolumeClaim ? v.persistentVolumeClaim.claimName ?? '' : v?.ephemeral ? `${pod.metadata?.name ?? ''}-${v.name}` : undefined;
        if (name === undefined) continue;
        reads.claims.add(`${namespace}/${name}`);
        const claim = storage.claim(namespace, name);
        if (claim?.spec?.volumeName) reads.volumes.add(claim.spec.volumeName);
        // both ways a claim names its class (the beta annotation is read first)
        if (claim?.spec?.storageClassName) reads.classes.add(claim.spec.storageClassName);
        const beta = claim?.metadata?.annotations?.[admissionStorage().BETA_STORAGE_CLASS_ANNOTATION];
        if (beta !== undefined) reads.classes.add(beta);
      }
    }
  }
  for (const node of snapshot.nodes) {
    for (const va of storage.attachments(node.info.name)) if (va.spec?.source?.persistentVolumeName) reads.volumes.add(va.spec.source.persistentVolumeName);
  }
  readsOf.set(snapshot, reads);
  return reads;
}

/** Some object of `extra` is one the node entries' memos can have read (by kind and key). */
function readsAny(reads: StorageReads, extra: readonly KubeObject[]): boolean {
  return extra.some((o) => {
    const name = o.metadata?.name ?? '';
    if (o.kind === 'PersistentVolumeClaim') return reads.claims.has(`${o.metadata?.namespace || 'default'}/${name}`);
    if (o.kind === 'PersistentVolume') return reads.volumes.has(name);
    return reads.classes.has(name);
  });
}

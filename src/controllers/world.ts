// The world the controllers share: the nodes as the API server holds them, the pods and workloads, the informer
// caches the controllers keep, the event log and the virtual clock. Controllers react to its notifications
// (a NoExecute taint added, a pod bound, deleted or removed) the way kube-controller-manager's informers deliver them.
import type { KubeObject, Node, Pod, Taint } from '../core/types';
import type { NotModelled } from '../k8s/not-modelled';
import { Clock } from './clock';

/** kube-controller-manager's controller names (and the scheduler's), as events and the timeline name them. */
export type Component =
  | 'kubelet' | 'kubectl' | 'node-lifecycle-controller' | 'taint-eviction-controller' | 'replicaset-controller'
  | 'replicationcontroller-controller' | 'statefulset-controller' | 'daemonset-controller' | 'job-controller'
  | 'pod-garbage-collector-controller' | 'default-scheduler' | 'kube-apiserver' | 'disruption-controller';

export interface OutageEvent {
  /** Virtual seconds since the failure. */
  at: number;
  component: Component;
  /** `Node a1`, `Pod default/web-0`, `Zone a`. */
  object: string;
  /** Event reason, as the component records it where it records one. */
  reason: string;
  message: string;
  /** The workload label (`Deployment default/web`) when the object is one of its pods. */
  workload?: string;
}

export interface PodRecord {
  name: string;
  namespace: string;
  /** Owner label; undefined for existingPods. */
  workload?: string;
  node?: string;
  createdAt: number;
  boundAt?: number;
  /** When the pod got its deletionTimestamp. */
  deletedAt?: number;
  /** When the object left the API server. */
  removedAt?: number;
  /** The last FitError while Pending. */
  fitError?: string;
  /** A StatefulSet ordinal. */
  ordinal?: number;
}

/** How the failed nodes are down: the kubelet silent, or posting Ready=False; undefined for a taint condition. */
export type Down = 'unreachable' | 'notReady' | undefined;

export interface NodeState {
  name: string;
  original: Node;
  view: Node;
  added: Taint[];
  failed: boolean;
  /** The Ready condition as the controllers see it. */
  ready: 'True' | 'False' | 'Unknown';
  /** When the node lifecycle controller marked the node's pods Ready=False (MarkPodsNotReady). */
  notReadyAt?: number;
}

export interface SimPod extends PodRecord {
  /** Position in creation order. */
  index: number;
  pod: Pod;
  bound?: Pod;
  owner?: SimWorkload;
  /** Pending taint-eviction deletion: when it was scheduled and when it fires. */
  eviction?: { start: number; fireAt: number };
  /** The node a DaemonSet pod is for. */
  daemonNode?: string;
}

export interface JobBackoff {
  failures: number;
  lastFailureTime?: number;
  /** Failures not yet seen by a sync (their finish times). */
  unseen: number[];
  wakeAt?: number;
  waits: Array<{ from: number; until: number; text: string }>;
}

export interface SimWorkload {
  object: KubeObject;
  label: string;
  kind: string;
  next: number;
  desired: Array<{ at: number; value: number }>;
  /** Why the controller did not create a pod in its last sync (StatefulSet OrderedReady). */
  waiting?: string;
  /**
   * What the workload's outage answer rests on that is not modelled: its claims whose provisioned volume's topology
   * the library does not know (outage/volumes.ts), one item per claim template or volume.
   */
  volumeNotes?: NotModelled[];
  /** Job: the controller's backoff record (backoff_utils.go backoffRecord) and the failures not yet seen by a sync. */
  backoff?: JobBackoff;
  /** Job: when it failed with BackoffLimitExceeded. */
  failedAt?: number;
}

/** What the controllers are told, in the order it happens (each listener in registration order). */
export interface WorldNotifications {
  /** A NoExecute taint was added to the node. */
  noExecuteTaint: [NodeState];
  /** The scheduler bound the pod to the node. */
  podBound: [SimPod, NodeState];
  /** The pod got its deletionTimestamp. */
  podDeleted: [SimPod];
  /** The pod object is about to leave the API server (the world's caches still hold it). */
  podRemoving: [SimPod];
  /** The pod object left the API server (its removal recorded). */
  podRemoved: [SimPod];
  /** The pod was deleted on a node that is down: it stays Terminating, no kubelet confirms. */
  podStuckTerminating: [SimPod, NodeState];
}

type Listeners = { [K in keyof WorldNotifications]: Array<(...args: WorldNotifications[K]) => void> };

const nodeName = (n: Node) => n.metadata?.name ?? '';

export interface WorldOptions {
  nodes: readonly Node[];
  /** Names of the failed nodes. */
  failed?: ReadonlySet<string>;
  down?: Down;
  /** Namespace objects, for the scheduler's namespaceSelectors. */
  namespaces?: readonly KubeObject[];
  /** Service objects, for the scheduler's system default spreading (DefaultSelector). */
  services?: readonly KubeObject[];
  /** The storage objects (STORAGE_KINDS), the volume plugins' listers in every scheduling cycle. */
  storage?: readonly KubeObject[];
}

const NO_STORAGE: readonly KubeObject[] = [];

export class World {
  readonly clock = new Clock();
  /** The cluster's nodes, in input order. */
  readonly nodes: readonly Node[];
  readonly down: Down;
  readonly namespaces?: readonly KubeObject[];
  readonly services?: readonly KubeObject[];
  /**
   * The storage objects as they are now: those given, then the claims bound and the volumes provisioned since
   * (outage/volumes.ts). Replaced, never changed in place: the scheduler's caches key on the array.
   */
  storage: readonly KubeObject[];
  readonly state = new Map<string, NodeState>();
  readonly pods: SimPod[] = [];
  readonly workloads: SimWorkload[] = [];
  readonly events: OutageEvent[] = [];
  // indexes kept as pods are created, bound and removed (the controllers' informer caches)
  readonly liveOf = new Map<SimWorkload, Set<SimPod>>();
  readonly daemonOn = new Map<SimWorkload, Map<string, SimPod>>();
  readonly ordinalOf = new Map<SimWorkload, Map<number, SimPod>>();
  readonly boundOn = new Map<string, Set<SimPod>>();
  readonly pending = new Set<SimPod>();
  /** Set when a pod is deleted or removed: a snapshot built for the scheduler is out of date. */
  podsChanged = false;
  /** Set when a claim was bound or a volume provisioned: a snapshot built for the scheduler is out of date. */
  storageChanged = false;
  /**
   * The claims bound since the start (`namespace/name`), for the timeline's words: the volume, the node it was bound
   * for and when, and (`reach`) where the volume is reachable from, as its node affinity says.
   */
  readonly claimsBound = new Map<string, { volume: string; node: string; at: number; provisioned: boolean; reach?: string }>();
  private readonly listeners: Listeners = { noExecuteTaint: [], podBound: [], podDeleted: [], podRemoving: [], podRemoved: [], podStuckTerminating: [] };

  constructor(options: WorldOptions) {
    this.nodes = options.nodes;
    this.down = options.down;
    this.namespaces = options.namespaces;
    this.services = options.services;
    this.storage = options.storage ?? NO_STORAGE;
    for (const n of options.nodes) {
      this.state.set(nodeName(n), { name: nodeName(n), original: n, view: n, added: [], failed: options.failed?.has(nodeName(n)) ?? false, ready: 'True' });
    }
  }

  get now() {
    return this.clock.now;
  }
  at(t: number, action: () => void) {
    this.clock.at(t, action);
  }
  emit(component: Component, object: string, reason: string, message: string, workload?: string) {
    this.events.push({ at: this.now, component, object, reason, message, ...(workload ? { workload } : {}) });
  }
  on<K extends keyof WorldNotifications>(what: K, listener: (...args: WorldNotifications[K]) => void) {
    (this.listeners[what] as Array<typeof listener>).push(listener);
  }
  notify<K extends keyof WorldNotifications>(what: K, ...args: WorldNotifications[K]) {
    for (const l of this.listeners[what] as Array<(...a: WorldNotifications[K]) => void>) l(...args);
  }

  /** A node that is down: its kubelet neither runs pods nor confirms deletions (never for a taint condition). */
  nodeDown(name: string | undefined): boolean {
    return this.down !== undefined && name !== undefined && this.state.get(name)?.failed === true;
  }
  /** The failed nodes' states, in input order. */
  failedStates(): NodeState[] {
    return this.nodes.map((n) => this.state.get(nodeName(n))!).filter((n) => n.failed);
  }
  /** The nodes as they are now (with the taints added since the failure), in input order. */
  views(): Node[] {
    return this.nodes.map((n) => this.state.get(nodeName(n))!.view);
  }
  setTaints(n: NodeState, taints: Taint[]) {
    n.added = taints;
    n.view = { ...n.original, spec: { ...(n.original.spec ?? {}), taints: [...(n.original.spec?.taints ?? []), ...taints] } };
  }
  addTaint(n: NodeState, taint: Taint) {
    this.setTaints(n, [...n.added, taint]);
    if (taint.effect === 'NoExecute') this.notify('noExecuteTaint', n);
  }

  addWorkload(w: SimWorkload) {
    this.workloads.push(w);
    this.liveOf.set(w, new Set());
    this.daemonOn.set(w, new Map());
    this.ordinalOf.set(w, new Map());
  }
  /** A pod a controller creates: Pending until the scheduler binds it. */
  newPod(w: SimWorkload, pod: Pod, extra: Partial<SimPod> = {}): SimPod {
    const p: SimPod = { name: pod.metadata?.name ?? '<unnamed>', namespace: pod.metadata?.namespace ?? 'default', workload: w.label, createdAt: this.now, index: this.pods.length, pod, owner: w, ...extra };
    this.pods.push(p);
    this.pending.add(p);
    this.liveOf.get(w)!.add(p);
    if (p.daemonNode !== undefined && !this.daemonOn.get(w)!.has(p.daemonNode)) this.daemonOn.get(w)!.set(p.daemonNode, p);
    if (p.ordinal !== undefined && !this.ordinalOf.get(w)!.has(p.ordinal)) this.ordinalOf.get(w)!.set(p.ordinal, p);
    return p;
  }
  /** A pod already running on its spec.nodeName before the failure (no owner). */
  addExistingPod(pod: Pod, fallbackName: string): SimPod {
    const node = pod.spec!.nodeName!;
    const p: SimPod = { name: pod.metadata?.name ?? fallbackName, namespace: pod.metadata?.namespace ?? 'default', createdAt: 0, boundAt: 0, node, index: this.pods.length, pod, bound: pod };
    this.pods.push(p);
    this.bind(p, node);
    return p;
  }
  bind(p: SimPod, node: string) {
    p.node = node;
    this.pending.delete(p);
    let set = this.boundOn.get(node);
    if (!set) this.boundOn.set(node, (set = new Set()));
    set.add(p);
  }
  /** The pods bound to the node, in creation order. */
  podsOn(node: string): SimPod[] {
    return [...(this.boundOn.get(node) ?? [])].sort((a, b) => a.index - b.index);
  }
  live(w: SimWorkload): SimPod[] {
    return [...this.liveOf.get(w)!];
  }
  /** Running and Ready as a controller sees it: bound, not deleted, on a node whose Ready condition is True. */
  runningAndReady(p: SimPod): boolean {
    return p.node !== undefined && p.deletedAt === undefined && this.state.get(p.node)!.ready === 'True';
  }
  /** The pod object left the API server: out of every cache. */
  forget(p: SimPod) {
    this.pending.delete(p);
    if (p.node !== undefined) this.boundOn.get(p.node)?.delete(p);
    if (p.owner) {
      this.liveOf.get(p.owner)?.delete(p);
      if (p.daemonNode !== undefined && this.daemonOn.get(p.owner)?.get(p.daemonNode) === p) this.daemonOn.get(p.owner)!.delete(p.daemonNode);
      if (p.ordinal !== undefined && this.ordinalOf.get(p.owner)?.get(p.ordinal) === p) this.ordinalOf.get(p.owner)!.delete(p.ordinal);
    }
  }
}

export const podLabel = (p: PodRecord) => `Pod ${p.namespace}/${p.name}`;

/** Virtual second `t` as an RFC 3339 time (the failure happens at the Unix epoch). */
export const virtualTime = (t: number) => new Date(t * 1000).toISOString().replace('.000Z', 'Z');

/** A workload controller's part in each sync of the controller manager. */
export interface WorkloadController {
  /** One sync of the workload; true when it created a pod. */
  sync(w: SimWorkload): boolean;
  /** The replicas the workload wants now (a DaemonSet: desiredNumberScheduled). */
  desired(w: SimWorkload): number;
}

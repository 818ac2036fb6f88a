// simulateOutage: what the control plane does, second by second of virtual time, when nodes or a zone fail.
// Each step is one controller's rule, each cited where it is applied; /work/shared notes and README "Outages".
import type { KubeObject, Node, Pod, Taint } from '../core/types';
import { assertNode, describeObject, preview, toSubject } from '../k8s/subject';
import { assertObjects, assertPod, assertWorkload, listOf } from '../placement/inputs';
import { nodeInfo, podInfo } from '../scheduler/framework';
import { taintEviction } from '../controllers/taint-eviction';
import { formatTaint, formatToleration } from '../k8s/toleration';
import { parseTaint } from '../k8s/kubectl-taint';
import type { Cluster, Failure, OutageOptions } from './types';
import { settings } from '../core/config';
import { NODE_EVICTION_RATE, NODE_MONITOR_GRACE_PERIOD, NODE_MONITOR_PERIOD, noExecuteTaintTimes, zoneKey, zonesAfterFailure, type ZoneView } from './node-lifecycle';
import { placeReplicas, scheduleOne } from '../placement/place';
import { daemonPod, daemonShouldRun, desiredReplicas, podFrom, targetNodeName } from '../placement/replicas';
import { volumeZoneFilter, zoneOf } from './volumes';
import { assumePod, buildSnapshot, type Snapshot } from '../scheduler/snapshot';
import { podsByNode } from '../scheduler';

export const UNREACHABLE_TAINT = 'node.kubernetes.io/unreachable';
export const NOT_READY_TAINT = 'node.kubernetes.io/not-ready';
/** v1.TaintNodeOutOfService; KEP-2268 uses the value `nodeshutdown`. */
export const OUT_OF_SERVICE_TAINT = 'node.kubernetes.io/out-of-service';
/** pkg/controller/podgc/gc_controller.go gcCheckPeriod. */
export const POD_GC_PERIOD = 20;
/** The API server's default terminationGracePeriodSeconds. */
export const DEFAULT_TERMINATION_GRACE_PERIOD = 30;
/** pkg/apis/batch batch.kubernetes.io/job-tracking: the Job controller's finalizer on every pod it creates. */
export const JOB_TRACKING_FINALIZER = 'batch.kubernetes.io/job-tracking';
/** pkg/controller/job/job_controller.go DefaultJobPodFailureBackOff and MaxJobPodFailureBackOff (10 min; older releases capped at 6 min, MaxJobBackOff). */
export const JOB_POD_FAILURE_BACKOFF = 10;
export const MAX_JOB_POD_FAILURE_BACKOFF = 600;
/** The API server's default spec.backoffLimit (pkg/apis/batch/v1/defaults.go SetDefaults_Job). */
export const DEFAULT_BACKOFF_LIMIT = 6;
/** How far the simulation runs without `until`: one day of virtual time. */
export const MAX_HORIZON = 86_400;

/** kube-controller-manager's controller names (and the scheduler's), as events and the timeline name them. */
export type Component =
  | 'kubelet' | 'kubectl' | 'node-lifecycle-controller' | 'taint-eviction-controller' | 'replicaset-controller'
  | 'replicationcontroller-controller' | 'statefulset-controller' | 'daemonset-controller' | 'job-controller'
  | 'pod-garbage-collector-controller' | 'default-scheduler' | 'kube-apiserver';

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

export interface WorkloadState {
  workload: string;
  kind: string;
  desired: number;
  running: number;
  pending: number;
  /** Pods with a deletionTimestamp whose object still exists. */
  terminating: number;
}

type Down = 'unreachable' | 'notReady' | undefined;

interface NodeState {
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

interface SimPod extends PodRecord {
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

interface SimWorkload {
  object: KubeObject;
  label: string;
  kind: string;
  next: number;
  desired: Array<{ at: number; value: number }>;
  /** Why the controller did not create a pod in its last sync (StatefulSet OrderedReady). */
  waiting?: string;
  /** StatefulSet with zonal volumes: the zone of each ordinal's PersistentVolumes. */
  volumeZones?: Map<number, string>;
  /** Job: the controller's backoff record (backoff_utils.go backoffRecord) and the failures not yet seen by a sync. */
  backoff?: { failures: number; lastFailureTime?: number; unseen: number[]; wakeAt?: number; waits: Array<{ from: number; until: number; text: string }> };
  /** Job: when it failed with BackoffLimitExceeded. */
  failedAt?: number;
}

export interface Outage {
  failedNodes: string[];
  condition: string;
  gracePeriod: number;
  /** Zone states when the failed nodes turned not Ready (empty for a taint condition). */
  zones: ZoneView[];
  /** True when every zone was FullDisruption: the node lifecycle controller stopped all NoExecute tainting. */
  allZonesFullyDisrupted: boolean;
  events: OutageEvent[];
  /** The same events: the outage's timeline. */
  timeline: OutageEvent[];
  /** The last second simulated. */
  end: number;
  /** True when, without `until`, events were still coming after a day of virtual time (the run stopped there). */
  truncated: boolean;
  pods: PodRecord[];
  workloads: string[];
  /** Every workload's desired, running, pending and terminating replicas at second `t` (default: the end). */
  stateAt(t?: number): WorkloadState[];
  /** One workload's state at second `t` (default: the end). */
  stateOf(workload: KubeObject | string, t?: number): WorkloadState;
  /** The events about the workload's pods, and about the nodes and zones they ran on. */
  eventsOf(workload: KubeObject | string): OutageEvent[];
  /** The workload's state at second 0 and at every second an event happened, in time order (one sweep over the pods). */
  history(workload: KubeObject | string, until?: number): Array<{ at: number; state: WorkloadState }>;
  /** The fewest replicas running at any instant, and the first second it happened. */
  minRunning(workload: KubeObject | string, until?: number): { running: number; at: number };
  /** Why replicas are not running at second `t` (default: the end), one line per cause. */
  why(workload: KubeObject | string, t?: number): string[];
  /** The timeline as text, of one workload or of everything. */
  format(workload?: KubeObject | string): string;
  /**
   * A DaemonSet at second `t`: each node that is still up and that NodeShouldRunDaemonPod says it should run on,
   * and whether its pod runs there. Nodes that are down are left out (the controller never moves a pod).
   */
  daemonCoverage(workload: KubeObject | string, t?: number): DaemonCoverage;
}

export interface DaemonCoverage {
  /** Up nodes the DaemonSet should run on. */
  shouldRun: string[];
  /** Those of them without a running pod of the DaemonSet. */
  missing: string[];
}

/**
 * Seconds between Ready=Unknown and the node entering its zone's NoExecute tainting queue. Before v1.34,
 * processTaintBaseEviction read the Ready condition observed before the pass (still True when tryUpdateNodeHealth
 * sets Unknown), so the node was queued one --node-monitor-period (5 s) later; kubernetes/kubernetes #120816
 * (fixes #120815, v1.34) passes the current condition. A live kubelet's Ready=False is already observed: no lag.
 */
export function noExecuteLag(down: 'unreachable' | 'notReady' | undefined, version = settings().kubernetesVersion): number {
  return down === 'unreachable' && Number(version.split('.')[1]) < 34 ? NODE_MONITOR_PERIOD : 0;
}

/** A failure of every node in a zone. */
export function zone(name: string, condition?: Failure['condition']): Failure {
  return condition === undefined ? { zone: name } : { zone: name, condition };
}

/** A failure of these nodes (objects or names). */
export function nodesDown(nodes: Failure['nodes'] | Node | string, condition?: Failure['condition']): Failure {
  const list = Array.isArray(nodes) ? nodes : [nodes as Node | string];
  return condition === undefined ? { nodes: list } : { nodes: list, condition };
}

export class OutageError extends Error {}

/** Virtual second `t` as an RFC 3339 time (the failure happens at the Unix epoch). */
export const virtualTime = (t: number) => new Date(t * 1000).toISOString().replace('.000Z', 'Z');

const nodeName = (n: Node) => n.metadata?.name ?? '';
const ZONE_LABELS = ['topology.kubernetes.io/zone', 'failure-domain.beta.kubernetes.io/zone'];

function failedNodes(nodes: readonly Node[], failure: Failure): Set<string> {
  if (typeof failure !== 'object' || failure === null) throw new OutageError(`expected a failure such as zone('a') or nodesDown(['a1']), received ${JSON.stringify(failure)}`);
  const { nodes: listed, zone: z, selector } = failure;
  if (listed === undefined && z === undefined && selector === undefined) {
    throw new OutageError('the failure names no nodes: give nodes, zone or selector (zone("a"), nodesDown(["a1"]))');
  }
  const names = new Set(nodes.map(nodeName));
  let chosen = nodes.map(nodeName);
  if (listed !== undefined) {
    const wanted = listed.map((n) => (typeof n === 'string' ? n : nodeName(assertNode(n, 'failed node'))));
    const unknown = wanted.filter((n) => !names.has(n));
    if (unknown.length) throw new OutageError(`failure.nodes names ${unknown.join(', ')}, not among the cluster's nodes (${[...names].join(', ')})`);
    chosen = chosen.filter((n) => wanted.includes(n));
  }
  const byName = new Map(nodes.map((n) => [nodeName(n), n]));
  if (z !== undefined) {
    chosen = chosen.filter((n) => ZONE_LABELS.some((l) => byName.get(n)!.metadata?.labels?.[l] === z));
    if (!chosen.length) {
      const zones = [...new Set(nodes.map((n) => ZONE_LABELS.map((l) => n.metadata?.labels?.[l]).find((v) => v !== undefined)).filter((v) => v !== undefined))];
      throw new OutageError(`failure.zone "${z}" matches no node (zones of the cluster's nodes: ${zones.join(', ') || 'none — no node has a topology.kubernetes.io/zone label'})`);
    }
  }
  if (selector !== undefined) {
    chosen = chosen.filter((n) => Object.entries(selector).every(([k, v]) => byName.get(n)!.metadata?.labels?.[k] === v));
  }
  if (!chosen.length) throw new OutageError(`the failure matches no node (${JSON.stringify(failure)})`);
  return new Set(chosen);
}

/** Turn an entry check's InputError into an OutageError (the outage's usage error). */
function inputs<T>(check: () => T): T {
  try {
    return check();
  } catch (e) {
    if (e instanceof TypeError) throw new OutageError((e as Error).message);
    throw e;
  }
}

/** The failure's shape: nodes an array of Nodes or names, zone a string, selector an object of strings, condition a string. */
function checkFailure(failure: Failure) {
  if (typeof failure !== 'object' || failure === null || Array.isArray(failure)) {
    throw new OutageError(`expected a failure such as zone('a') or nodesDown(['a1']), received ${preview(failure)}`);
  }
  const { nodes, zone: z, selector, condition } = failure as Record<string, unknown>;
  if (nodes !== undefined) {
    if (!Array.isArray(nodes)) throw new OutageError(`failure.nodes must be an array of Node objects or node names, received ${preview(nodes)}`);
    nodes.forEach((n, i) => {
      if (typeof n !== 'string') inputs(() => assertNode(n, `failure.nodes[${i}]`));
    });
  }
  if (z !== undefined && typeof z !== 'string') throw new OutageError(`failure.zone must be a zone name (string), received ${preview(z)}`);
  if (selector !== undefined && (typeof selector !== 'object' || selector === null || Array.isArray(selector) || Object.values(selector).some((v) => typeof v !== 'string'))) {
    throw new OutageError(`failure.selector must be an object of label values, e.g. { pool: 'batch' }, received ${preview(selector)}`);
  }
  if (condition !== undefined && typeof condition !== 'string') throw new OutageError(`failure.condition must be 'unreachable', 'notReady' or a taint such as "drain=now:NoExecute", received ${preview(condition)}`);
}

function conditionOf(failure: Failure): { down: Down; taint?: Taint } {
  const c = failure.condition ?? 'unreachable';
  if (c === 'unreachable' || c === 'notReady') return { down: c as Down };
  let parsed;
  try {
    parsed = parseTaint(c);
  } catch (e) {
    throw new OutageError(`failure.condition: expected 'unreachable', 'notReady' or a taint such as "drain=now:NoExecute"; ${(e as Error).message}`);
  }
  if ('remove' in parsed) throw new OutageError(`failure.condition "${c}" removes a taint; give the taint to add`);
  if (!('effect' in parsed) || !parsed.effect) throw new OutageError(`failure.condition "${c}" has no effect; write it as key=value:NoExecute`);
  return { down: undefined, taint: { key: parsed.key, ...(parsed.value ? { value: parsed.value } : {}), effect: parsed.effect } };
}

function checkSeconds(value: unknown, what: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw new OutageError(`${what} must be a number of seconds ≥ 0, received ${JSON.stringify(value)}`);
  return value;
}

const REPLICA_SET_KINDS: Record<string, Component> = {
  Deployment: 'replicaset-controller', ReplicaSet: 'replicaset-controller', ReplicationController: 'replicationcontroller-controller',
  Job: 'job-controller', CronJob: 'job-controller',
};
const SIMULATED_KINDS = ['Pod', 'Deployment', 'ReplicaSet', 'ReplicationController', 'StatefulSet', 'DaemonSet', 'Job', 'CronJob'];

/**
 * Job pods with a deletionTimestamp count as failed and are replaced at once under podReplacementPolicy
 * TerminatingOrFailed, the default without podFailurePolicy; with `Failed` (the default, and only value, with a
 * podFailurePolicy) the controller waits for the pod to be Failed (job_controller.go onlyReplaceFailedPods).
 */
export function replacesTerminatingPods(workload: KubeObject): boolean {
  if (workload.kind !== 'Job' && workload.kind !== 'CronJob') return true;
  const s = (workload as { spec?: Record<string, unknown> }).spec ?? {};
  const js = workload.kind === 'CronJob' ? (((s.jobTemplate as { spec?: Record<string, unknown> } | undefined)?.spec) ?? {}) : s;
  const policy = js.podReplacementPolicy ?? (js.podFailurePolicy ? 'Failed' : 'TerminatingOrFailed');
  return policy !== 'Failed';
}

interface QueuedEvent { at: number; seq: number; run: () => void }

/** The virtual clock's queue: a binary min-heap ordered by (at, seq), so same-second work runs in the order it was queued. */
class EventQueue {
  private heap: QueuedEvent[] = [];
  get size() {
    return this.heap.length;
  }
  peek(): QueuedEvent | undefined {
    return this.heap[0];
  }
  private less(i: number, j: number) {
    const a = this.heap[i], b = this.heap[j];
    return a.at < b.at || (a.at === b.at && a.seq < b.seq);
  }
  private swap(i: number, j: number) {
    [this.heap[i], this.heap[j]] = [this.heap[j], this.heap[i]];
  }
  push(e: QueuedEvent) {
    this.heap.push(e);
    for (let i = this.heap.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (!this.less(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }
  pop(): QueuedEvent | undefined {
    const top = this.heap[0];
    const last = this.heap.pop();
    if (this.heap.length && last) {
      this.heap[0] = last;
      for (let i = 0; ; ) {
        const l = 2 * i + 1, r = l + 1;
        let m = i;
        if (l < this.heap.length && this.less(l, m)) m = l;
        if (r < this.heap.length && this.less(r, m)) m = r;
        if (m === i) break;
        this.swap(i, m);
        i = m;
      }
    }
    return top;
  }
}

const jobSpecOf = (workload: KubeObject): Record<string, unknown> => {
  const s = (workload as { spec?: Record<string, unknown> }).spec ?? {};
  return workload.kind === 'CronJob' ? (((s.jobTemplate as { spec?: Record<string, unknown> } | undefined)?.spec) ?? {}) : s;
};

/** spec.backoffLimit (default 6); with backoffLimitPerIndex the default is MaxInt32 and limits are per index (not modelled: no global limit). */
export function backoffLimitOf(workload: KubeObject): number {
  const js = jobSpecOf(workload);
  if (js.backoffLimitPerIndex != null && js.backoffLimit == null) return Infinity;
  return typeof js.backoffLimit === 'number' && Number.isInteger(js.backoffLimit) && js.backoffLimit >= 0 ? js.backoffLimit : DEFAULT_BACKOFF_LIMIT;
}

/** backoff_utils.go getRemainingTimeForFailuresCount: 10 s, doubled per further failure, at most 10 min. */
export function jobBackoff(failures: number): number {
  let d = JOB_POD_FAILURE_BACKOFF;
  for (let i = 1; i < failures; i++) {
    d *= 2;
    if (d >= MAX_JOB_POD_FAILURE_BACKOFF) return MAX_JOB_POD_FAILURE_BACKOFF;
  }
  return d;
}

export function simulateOutage(cluster: Cluster, failure: Failure, options: OutageOptions = {}): Outage {
  if (typeof cluster !== 'object' || cluster === null || !Array.isArray(cluster.nodes)) {
    throw new OutageError(`expected a cluster { workloads, nodes, existingPods?, namespaces? } with nodes an array of Node objects, received ${
      typeof cluster === 'object' && cluster !== null ? `nodes: ${preview(cluster.nodes)}` : preview(cluster)}`);
  }
  // every input checked here, so nothing below meets a null or a string where an object or array belongs
  const nodes = cluster.nodes.map((n, i) => inputs(() => assertNode(n, `cluster.nodes[${i}]`)));
  cluster = {
    ...cluster,
    // (an object of another kind gets the message below)
    workloads: inputs(() => listOf(cluster.workloads, 'cluster.workloads'))?.map((w, i) =>
      typeof (w as KubeObject | null)?.kind === 'string' ? (w as KubeObject) : inputs(() => assertWorkload(w, `cluster.workloads[${i}]`, [...SIMULATED_KINDS, 'PodTemplate']))),
    existingPods: inputs(() => listOf(cluster.existingPods, 'cluster.existingPods'))?.map((p, i) => inputs(() => assertPod(p, `cluster.existingPods[${i}]`))),
    namespaces: inputs(() => assertObjects(cluster.namespaces, 'cluster.namespaces')),
  };
  checkFailure(failure);
  if (options !== undefined && (typeof options !== 'object' || options === null)) throw new OutageError(`options must be { until?, gracePeriod? }, received ${preview(options)}`);
  const failed = failedNodes(nodes, failure);
  const { down, taint: conditionTaint } = conditionOf(failure);
  const grace = checkSeconds(options.gracePeriod, 'options.gracePeriod') ?? checkSeconds(cluster.gracePeriod, 'cluster.gracePeriod') ?? NODE_MONITOR_GRACE_PERIOD;
  const until = checkSeconds(options.until, 'options.until');
  const outOfServiceAt = checkSeconds(failure.outOfServiceAt, 'failure.outOfServiceAt');
  for (const w of cluster.workloads ?? []) {
    if (!SIMULATED_KINDS.includes(w?.kind ?? '') && w?.kind !== 'PodTemplate') throw new OutageError(`${describeObject(w)}: an outage simulates ${SIMULATED_KINDS.join(', ')}`);
  }

  const events: OutageEvent[] = [];
  const state = new Map<string, NodeState>();
  for (const n of nodes) {
    state.set(nodeName(n), { name: nodeName(n), original: n, view: n, added: [], failed: failed.has(nodeName(n)), ready: 'True' });
  }
  const pods: SimPod[] = [];
  const workloads: SimWorkload[] = [];
  let now = 0;
  let seq = 0;
  const queue = new EventQueue();
  const at = (t: number, run: () => void) => queue.push({ at: t, seq: seq++, run });
  // indexes kept as pods are created, bound and removed (the controllers' informer caches)
  const liveOf = new Map<SimWorkload, Set<SimPod>>();
  const daemonOn = new Map<SimWorkload, Map<string, SimPod>>();
  const ordinalOf = new Map<SimWorkload, Map<number, SimPod>>();
  const boundOn = new Map<string, Set<SimPod>>();
  const pending = new Set<SimPod>();
  /** Set when a pod is deleted or removed: a snapshot built for the scheduler is out of date. */
  let podsChanged = false;
  const bind = (p: SimPod, node: string) => {
    p.node = node;
    pending.delete(p);
    let set = boundOn.get(node);
    if (!set) boundOn.set(node, (set = new Set()));
    set.add(p);
  };
  const emit = (component: Component, object: string, reason: string, message: string, workload?: string) =>
    events.push({ at: now, component, object, reason, message, ...(workload ? { workload } : {}) });
  const podLabel = (p: SimPod) => `Pod ${p.namespace}/${p.name}`;
  const nodeDown = (name: string | undefined) => down !== undefined && name !== undefined && state.get(name)?.failed === true;

  // ---- node taints and the taint-eviction controller (pkg/controller/tainteviction/taint_eviction.go) ----
  const setTaints = (n: NodeState, taints: Taint[]) => {
    n.added = taints;
    n.view = { ...n.original, spec: { ...(n.original.spec ?? {}), taints: [...(n.original.spec?.taints ?? []), ...taints] } };
  };
  const addTaint = (n: NodeState, taint: Taint) => {
    setTaints(n, [...n.added, taint]);
    if (taint.effect === 'NoExecute') handleNodeUpdate(n);
  };
  const evictionSubject = (p: SimPod) => toSubject(p.owner && p.owner.kind !== 'Pod' ? p.owner.object : p.pod);

  /** handleNodeUpdate → processPodOnNode for each pod bound to the node, with the node's NoExecute taints now. */
  function handleNodeUpdate(n: NodeState) {
    const on = [...(boundOn.get(n.name) ?? [])].sort((a, b) => a.index - b.index);
    for (const p of on) if (p.deletedAt === undefined) processPodOnNode(p, n);
  }

  /** processPodOnNode (also run by handlePodUpdate when a pod is bound to a node that has NoExecute taints). */
  function processPodOnNode(p: SimPod, n: NodeState) {
    {
      const verdict = taintEviction(podInfo(evictionSubject(p)), nodeInfo(n.view));
      if (verdict.after === null) {
        if (p.eviction) {
          p.eviction = undefined;
          emit('taint-eviction-controller', podLabel(p), 'TaintManagerEviction', `Cancelling deletion of Pod ${p.namespace}/${p.name}`, p.owner?.label);
        }
        return;
      }
      if (verdict.after === 0) {
        p.eviction = undefined;
        deletePod(p, 'taint-eviction-controller', 'TaintManagerEviction', `Marking for deletion Pod ${p.namespace}/${p.name}: ${evictionReason(p, n)}`);
        return;
      }
      // an eviction already scheduled keeps its start unless re-evaluated at the same instant
      if (p.eviction && p.eviction.start < now) return;
      const fireAt = now + verdict.after;
      p.eviction = { start: now, fireAt };
      at(fireAt, () => {
        if (p.eviction?.fireAt !== fireAt || p.deletedAt !== undefined) return;
        p.eviction = undefined;
        deletePod(p, 'taint-eviction-controller', 'TaintManagerEviction', `Marking for deletion Pod ${p.namespace}/${p.name}: ${evictionReason(p, n)}`);
      });
    }
  }

  function evictionReason(p: SimPod, n: NodeState): string {
    const pod = podInfo(evictionSubject(p));
    const verdict = taintEviction(pod, nodeInfo(n.view));
    if (verdict.untolerated) return `${formatTaint(verdict.untolerated)} is not tolerated`;
    const used = verdict.taints.map(({ taint, tolerationIndex, toleration }) => {
      const source = pod.tolerationSources[tolerationIndex];
      const s = toleration!.tolerationSeconds;
      return `${formatTaint(taint)} tolerated ${s == null ? 'forever' : `for ${s}s`} by ${formatToleration(toleration!)}${source === 'pod spec' ? '' : ` (added by ${source})`}`;
    });
    return used.join('; ');
  }

  /** A DELETE: the pod gets its deletionTimestamp; on a live node the kubelet removes it after its grace period. */
  function deletePod(p: SimPod, component: Component, reason: string, message: string) {
    p.deletedAt = now;
    pending.delete(p);
    podsChanged = true;
    // the scheduler's copy carries the deletionTimestamp (plugins such as PodTopologySpread skip terminating pods)
    if (p.bound) p.bound = { ...p.bound, metadata: { ...p.bound.metadata, deletionTimestamp: virtualTime(now) } };
    p.eviction = undefined;
    emit(component, podLabel(p), reason, message, p.owner?.label);
    if (p.owner?.backoff && replacesTerminatingPods(p.owner.object)) jobPodFailed(p);
    if (p.node === undefined) return removePod(p, component, 'Deleted', 'a Pending pod is removed at once');
    if (nodeDown(p.node) && removedWithoutKubelet(p)) return;
    if (!nodeDown(p.node)) {
      const grace = p.pod.spec?.terminationGracePeriodSeconds ?? DEFAULT_TERMINATION_GRACE_PERIOD;
      at(now + grace, () => removePod(p, 'kubelet', 'Killing', `containers stopped after terminationGracePeriodSeconds ${grace}; the pod object is removed`));
    } else {
      const n = state.get(p.node)!;
      emit('kubelet', podLabel(p), 'Terminating', `stays Terminating: the kubelet on ${n.name} cannot confirm the deletion`, p.owner?.label);
      if (n.added.some((t) => t.key === OUT_OF_SERVICE_TAINT)) podGCAt(now);
    }
  }

  /**
   * A DELETE with empty DeleteOptions (taint_eviction.go addConditionAndDeletePod) takes the pod's own
   * terminationGracePeriodSeconds (pkg/registry/core/pod/strategy.go CheckGracefulDelete). At 0 the API server removes
   * the object at once (rest.BeforeDelete, then Store.updateForGracefulDeletionAndFinalizers → deleteImmediately): no
   * kubelet confirms that the containers stopped. Finalizers hold the object until they are removed; the Job
   * controller removes batch.kubernetes.io/job-tracking in the sync that counts the pod failed (job_controller.go
   * trackJobStatusAndRemoveFinalizers, canRemoveFinalizer), i.e. at once under podReplacementPolicy TerminatingOrFailed.
   * Returns whether the pod is gone.
   */
  function removedWithoutKubelet(p: SimPod): boolean {
    if ((p.pod.spec?.terminationGracePeriodSeconds ?? DEFAULT_TERMINATION_GRACE_PERIOD) !== 0) return false;
    const node = p.node!;
    const finalizers = p.pod.metadata?.finalizers ?? [];
    const job = p.owner?.backoff !== undefined;
    if (finalizers.length) {
      emit('kubelet', podLabel(p), 'Terminating', `stays Terminating: terminationGracePeriodSeconds 0, but the object waits for its finalizers [${finalizers.join(' ')}]`, p.owner?.label);
      return true;
    }
    if (job && !replacesTerminatingPods(p.owner!.object)) {
      emit('kubelet', podLabel(p), 'Terminating', `stays Terminating: terminationGracePeriodSeconds 0, but the object waits for its ${JOB_TRACKING_FINALIZER} finalizer, which the Job controller removes only once the pod is Failed (podReplacementPolicy Failed)`, p.owner?.label);
      return true;
    }
    const how = job ? `the Job controller counts it failed and removes its ${JOB_TRACKING_FINALIZER} finalizer, and ` : '';
    const hazard = p.owner?.kind === 'StatefulSet'
      ? `; its containers may still run on ${node}, so the StatefulSet's replacement can run beside it (the at-most-once hazard of terminationGracePeriodSeconds 0)`
      : `; its containers may still run on ${node}`;
    removePod(p, 'kube-apiserver', 'Deleted', `terminationGracePeriodSeconds 0: ${how}the API server removes the object at once, without the kubelet on ${node} confirming${hazard}`);
    return true;
  }

  function removePod(p: SimPod, component: Component, reason: string, message: string) {
    if (p.removedAt !== undefined) return;
    p.removedAt = now;
    podsChanged = true;
    // podReplacementPolicy Failed: the pod counts once it is Failed (PodGC or the kubelet marks it so before it goes)
    if (p.owner?.backoff && !replacesTerminatingPods(p.owner.object) && p.node !== undefined) jobPodFailed(p);
    pending.delete(p);
    if (p.node !== undefined) boundOn.get(p.node)?.delete(p);
    if (p.owner) {
      liveOf.get(p.owner)?.delete(p);
      if (p.daemonNode !== undefined && daemonOn.get(p.owner)?.get(p.daemonNode) === p) daemonOn.get(p.owner)!.delete(p.daemonNode);
      if (p.ordinal !== undefined && ordinalOf.get(p.owner)?.get(p.ordinal) === p) ordinalOf.get(p.owner)!.delete(p.ordinal);
    }
    emit(component, podLabel(p), reason, message, p.owner?.label);
  }

  /**
   * job_controller.go isPodFailed: a pod with a deletionTimestamp counts as failed (podReplacementPolicy
   * TerminatingOrFailed), else once Failed. Its finish time (backoff_utils.go getFinishedTime): the Ready=False
   * transition the node lifecycle controller wrote when the node went not Ready, else deletionTimestamp − grace period,
   * i.e. the moment of the DELETE.
   */
  function jobPodFailed(p: SimPod) {
    const n = p.node === undefined ? undefined : state.get(p.node);
    p.owner!.backoff!.unseen.push(n?.notReadyAt !== undefined && n.notReadyAt <= now ? n.notReadyAt : now);
  }

  // ---- PodGC gcTerminating (pkg/controller/podgc/gc_controller.go), a pass every 20 s ----
  const gcPasses = new Set<number>();
  function podGCAt(t: number) {
    const pass = Math.ceil(t / POD_GC_PERIOD) * POD_GC_PERIOD;
    if (gcPasses.has(pass)) return;
    gcPasses.add(pass);
    at(pass, () => {
      let waiting = false;
      for (const p of pods) {
        if (p.deletedAt === undefined || p.removedAt !== undefined || p.node === undefined) continue;
        const n = state.get(p.node)!;
        if (!n.added.some((t) => t.key === OUT_OF_SERVICE_TAINT)) continue;
        if (n.ready === 'True') {
          waiting = true;
          continue;
        }
        removePod(p, 'pod-garbage-collector-controller', 'PodGC',
          `Terminating on out-of-service node ${n.name} (Ready=${n.ready}): marked Failed (DisruptionTarget) and force-deleted (grace period 0)`);
      }
      if (waiting) podGCAt(now + POD_GC_PERIOD);
    });
  }

  // ---- the workload controllers ----
  const newPod = (w: SimWorkload, pod: Pod, extra: Partial<SimPod> = {}): SimPod => {
    const p: SimPod = { name: pod.metadata?.name ?? '<unnamed>', namespace: pod.metadata?.namespace ?? 'default', workload: w.label, createdAt: now, index: pods.length, pod, owner: w, ...extra };
    pods.push(p);
    pending.add(p);
    liveOf.get(w)!.add(p);
    if (p.daemonNode !== undefined && !daemonOn.get(w)!.has(p.daemonNode)) daemonOn.get(w)!.set(p.daemonNode, p);
    if (p.ordinal !== undefined && !ordinalOf.get(w)!.has(p.ordinal)) ordinalOf.get(w)!.set(p.ordinal, p);
    return p;
  };
  const live = (w: SimWorkload) => [...liveOf.get(w)!];
  const runningAndReady = (p: SimPod) => p.node !== undefined && p.deletedAt === undefined && state.get(p.node)!.ready === 'True';
  const views = () => nodes.map((n) => state.get(nodeName(n))!.view);

  function desiredNow(w: SimWorkload): number {
    if (w.kind === 'DaemonSet') return views().filter((n) => daemonShouldRun(w.object, n).run).length;
    return desiredReplicas(w.object);
  }

  /** One sync of each controller; true when it created a pod. */
  function syncControllers(): boolean {
    let created = false;
    for (const w of workloads) {
      const name = w.object.metadata?.name ?? '<unnamed>';
      w.waiting = undefined;
      if (w.kind === 'Pod') continue; // a bare Pod is never recreated
      if (w.kind === 'DaemonSet') {
        // NodeShouldRunDaemonPod per node: a missing pod is created where shouldRun; never moved to another node
        const mine = daemonOn.get(w)!;
        for (const view of views()) {
          const has = mine.has(nodeName(view));
          if (has || !daemonShouldRun(w.object, view).run) continue;
          newPod(w, daemonPod(w.object, view), { daemonNode: nodeName(view) });
          emit('daemonset-controller', `Pod ${w.object.metadata?.namespace ?? 'default'}/${name}-${nodeName(view)}`, 'SuccessfulCreate', `Created pod: ${name}-${nodeName(view)}`, w.label);
          created = true;
        }
        continue;
      }
      const desired = desiredReplicas(w.object);
      if (w.kind === 'StatefulSet') {
        // stateful_set_control.go: one pod per ordinal; a pod is created only for an empty slot; with OrderedReady
        // (default) a missing, Terminating or not Running-and-Ready ordinal stops the pass
        const monotonic = ((w.object as { spec?: { podManagementPolicy?: string } }).spec?.podManagementPolicy ?? 'OrderedReady') !== 'Parallel';
        const slots = ordinalOf.get(w)!;
        for (let i = 0; i < desired; i++) {
          const slot = slots.get(i);
          if (!slot) {
            const p = newPod(w, podFrom(w.object, `${name}-${i}`), { ordinal: i });
            emit('statefulset-controller', podLabel(p), 'SuccessfulCreate', `create Pod ${p.name} in StatefulSet ${name} successful`, w.label);
            created = true;
            if (monotonic) break;
            continue;
          }
          // (the reason is kept for why() when it holds back a missing higher ordinal)
          const heldBack = () => {
            for (let j = i + 1; j < desired; j++) if (!slots.has(j)) return true;
            return false;
          };
          if (monotonic && slot.deletedAt !== undefined) {
            if (heldBack()) w.waiting = `StatefulSet ${slot.namespace}/${name} is waiting for Pod ${slot.name} to Terminate`;
            break;
          }
          if (monotonic && !runningAndReady(slot)) {
            if (heldBack()) w.waiting = `StatefulSet ${slot.namespace}/${name} is waiting for Pod ${slot.name} to be Running and Ready`;
            break;
          }
        }
        continue;
      }
      // ReplicaSet / ReplicationController / Job: FilterActivePods leaves out pods with a deletionTimestamp
      // (controller_utils.go IsPodActive), so a Terminating pod is replaced in the same sync
      const counted = live(w).filter((p) => p.deletedAt === undefined || !replacesTerminatingPods(w.object));
      if (w.backoff && syncJob(w, counted.length < desired)) continue;
      for (let k = counted.length; k < desired; k++) {
        const p = newPod(w, podFrom(w.object, `${name}-${w.next++}`));
        emit(REPLICA_SET_KINDS[w.kind], podLabel(p), 'SuccessfulCreate', `Created pod: ${p.name}`, w.label);
        created = true;
      }
    }
    return created;
  }

  /**
   * The Job controller's failure handling (job_controller.go syncJob, manageJob; backoff_utils.go): the new failures
   * join the backoff record; more failed pods than spec.backoffLimit fail the Job (BackoffLimitExceeded) and its active
   * pods are deleted; otherwise a pod is created only once 10 s·2^(failures−1) (at most 10 min) have passed since the
   * last failure. True when the controller creates no pod in this sync.
   */
  function syncJob(w: SimWorkload, short: boolean): boolean {
    if (w.failedAt !== undefined) return true;
    const b = w.backoff!;
    if (b.unseen.length) {
      b.failures += b.unseen.length;
      // newBackoffRecord: the latest finish time among this sync's new failures (sortByFinishedTime, the last one)
      b.lastFailureTime = b.unseen.reduce((m, x) => Math.max(m, x), -Infinity);
      b.unseen = [];
    }
    const limit = backoffLimitOf(w.object);
    const jobName = `${w.object.metadata?.namespace ?? 'default'}/${w.object.metadata?.name ?? '<unnamed>'}`;
    if (b.failures > limit) {
      w.failedAt = now;
      emit('job-controller', `Job ${jobName}`, 'BackoffLimitExceeded',
        `Job has reached the specified backoff limit (${b.failures} failed pods > backoffLimit ${limit}; pods deleted on failed nodes count as failed under podReplacementPolicy ${replacesTerminatingPods(w.object) ? 'TerminatingOrFailed' : 'Failed'})`, w.label);
      // deleteActivePods
      for (const p of live(w)) if (p.deletedAt === undefined) deletePod(p, 'job-controller', 'SuccessfulDelete', `Deleted pod: ${p.name} (Job failed)`);
      return true;
    }
    if (!short || !b.failures) return false;
    const delay = jobBackoff(b.failures);
    const remaining = delay - (now - b.lastFailureTime!);
    if (remaining <= 0) return false;
    const at_ = now + remaining;
    if (b.wakeAt !== at_) {
      b.wakeAt = at_;
      const text = `Job ${jobName} waits for the pod-failure backoff before creating a replacement: ${b.failures} failed pod(s) → ${delay}s after the last failure at ${b.lastFailureTime}s, so not before ${at_}s (job_controller.go manageJob, backoff_utils.go getRemainingTimeForFailuresCount)`;
      b.waits.push({ from: now, until: at_, text });
      // no Event upstream: the controller requeues the Job (enqueueSyncJobWithDelay); the timeline says why nothing happens
      emit('job-controller', `Job ${jobName}`, 'PodFailureBackoff', `no replacement before ${at_}s: ${b.failures} failed pod(s), backoff ${delay}s from the last failure at ${b.lastFailureTime}s`, w.label);
      at(at_, () => undefined);
    }
    return true;
  }

  /** The StatefulSet ordinal's volumes take the zone of the node its first pod is bound to. */
  function bindVolumes(p: SimPod) {
    const zoneLabel = zoneOf(state.get(p.node!)!.original);
    if (p.ordinal !== undefined && p.owner?.volumeZones && !p.owner.volumeZones.has(p.ordinal) && zoneLabel !== undefined) {
      p.owner.volumeZones.set(p.ordinal, zoneLabel);
    }
  }

  /**
   * kube-scheduler: every Pending pod, in creation order, one scheduling cycle each against the nodes as they are
   * now — the cycle of the replica placement (src/placement/place.ts scheduleOne: filters, the default scores, its
   * tie rule), with the zonal-volume Filter for a StatefulSet ordinal whose volumes are bound.
   */
  function schedulePending() {
    if (!pending.size) return;
    // one snapshot for the pass, each bound pod assumed into it; rebuilt when a pod was deleted or removed meanwhile
    const nodeViews = views();
    let existing: Pod[] = [];
    let snapshot: Snapshot | undefined;
    for (const p of [...pending]) {
      if (p.node !== undefined || p.deletedAt !== undefined) continue;
      if (!snapshot || podsChanged) {
        existing = pods.filter((q) => q.bound && q.removedAt === undefined).map((q) => q.bound!);
        snapshot = buildSnapshot(nodeViews, podsByNode(existing), cluster.namespaces);
        podsChanged = false;
      }
      const volumeZone = p.ordinal === undefined ? undefined : p.owner?.volumeZones?.get(p.ordinal);
      const cycle = scheduleOne(p.pod, nodeViews, existing, { namespaces: cluster.namespaces, snapshot, ...(volumeZone === undefined ? {} : { filter: volumeZoneFilter(volumeZone) }) });
      if (cycle.node) {
        bind(p, cycle.node);
        bindVolumes(p);
        p.boundAt = now;
        p.fitError = undefined;
        p.bound = p.pod.spec?.nodeName ? p.pod : { ...p.pod, spec: { ...p.pod.spec!, nodeName: cycle.node } };
        existing.push(p.bound);
        assumePod(snapshot, cycle.node, p.bound);
        emit('default-scheduler', podLabel(p), 'Scheduled', `Successfully assigned ${p.namespace}/${p.name} to ${cycle.node}`, p.owner?.label);
        const n = state.get(cycle.node)!;
        if (nodeInfo(n.view).taints.some((x) => x.effect === 'NoExecute')) processPodOnNode(p, n);
      } else if (cycle.fitError !== p.fitError) {
        p.fitError = cycle.fitError;
        emit('default-scheduler', podLabel(p), 'FailedScheduling', cycle.fitError ?? 'not scheduled', p.owner?.label);
      }
    }
  }

  function settle() {
    for (let round = 0; round < 1000; round++) {
      const created = syncControllers();
      schedulePending();
      if (!created) break;
    }
    recordDesired();
  }

  function recordDesired() {
    for (const w of workloads) {
      const value = desiredNow(w);
      const last = w.desired[w.desired.length - 1];
      if (!last || last.value !== value) w.desired.push({ at: now, value });
    }
  }

  // ---- before the failure: the existing pods, then the replica placement (src/placement/place.ts placeReplicas) ----
  const existingPods: Pod[] = [];
  for (const [i, raw] of (cluster.existingPods ?? []).entries()) {
    const pod = raw as Pod;
    const bound = pod.spec?.nodeName;
    if (!bound || !state.has(bound) || pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed') continue;
    existingPods.push(pod);
    const p: SimPod = { name: pod.metadata?.name ?? `existingPods[${i}]`, namespace: pod.metadata?.namespace ?? 'default', createdAt: 0, boundAt: 0, node: bound, index: pods.length, pod, bound: pod };
    pods.push(p);
    bind(p, bound);
  }
  // a PodTemplate (which loadManifests' workloads() includes) runs no pods
  for (const object of (cluster.workloads ?? []).filter((w) => w.kind !== 'PodTemplate')) {
    const claims = (object as { spec?: { volumeClaimTemplates?: unknown[] } }).spec?.volumeClaimTemplates ?? [];
    const zonal = cluster.zonalVolumes === true && object.kind === 'StatefulSet' && claims.length > 0;
    const isJob = object.kind === 'Job' || object.kind === 'CronJob';
    const w: SimWorkload = {
      object, label: toSubject(object).label, kind: object.kind!, next: 0, desired: [],
      ...(zonal ? { volumeZones: new Map() } : {}), ...(isJob ? { backoff: { failures: 0, unseen: [], waits: [] } } : {}),
    };
    workloads.push(w);
    liveOf.set(w, new Set());
    daemonOn.set(w, new Map());
    ordinalOf.set(w, new Map());
  }
  const initial = placeReplicas(workloads.map((w) => w.object), nodes, { existingPods, namespaces: cluster.namespaces });
  for (const w of workloads) {
    for (const [i, placed] of initial.of(w.object).entries()) {
      const p = newPod(w, placed.pod, {
        ...(w.kind === 'StatefulSet' ? { ordinal: i } : {}),
        ...(w.kind === 'DaemonSet' ? { daemonNode: targetNodeName(placed.pod) } : {}),
      });
      if (placed.node) {
        // placed.pod already carries spec.nodeName
        Object.assign(p, { node: placed.node, boundAt: 0, bound: placed.pod });
        bind(p, placed.node);
        bindVolumes(p);
      } else {
        p.fitError = placed.fitError;
        emit('default-scheduler', podLabel(p), 'FailedScheduling', placed.fitError ?? 'not scheduled', w.label);
      }
    }
    w.next = initial.of(w.object).length;
  }
  recordDesired();

  // ---- the failure ----
  const failedStates = nodes.map((n) => state.get(nodeName(n))!).filter((n) => n.failed);
  at(0, () => {
    for (const n of failedStates) {
      if (down === 'unreachable') emit('kubelet', `Node ${n.name}`, 'NodeFailure', 'stops posting node status and renewing its Lease (node down or cut off): its pods stop running');
      else if (down === 'notReady') emit('kubelet', `Node ${n.name}`, 'NodeNotReady', 'posts Ready=False: its pods stop running');
      else {
        emit('kubectl', `Node ${n.name}`, 'Tainted', `kubectl taint nodes ${n.name} ${formatTaint(conditionTaint!)}`);
        addTaint(n, conditionTaint!);
      }
    }
    // pods already on NoExecute-tainted nodes (e.g. a NotReady node in a dump) get their timers now
    for (const n of state.values()) if (nodeInfo(n.view).taints.some((t) => t.effect === 'NoExecute')) handleNodeUpdate(n);
  });

  let zones: ZoneView[] = [];
  let allZonesFullyDisrupted = false;
  if (down) {
    // monitorNodeHealth / tryUpdateNodeHealth: Ready becomes Unknown once the grace period has passed without a
    // heartbeat (a live kubelet's Ready=False is seen at once); doNoScheduleTaintingPass adds the NoSchedule taint
    // on that update; processTaintBaseEviction queues the node for its zone's rate-limited NoExecute tainting.
    const transition = down === 'unreachable' ? grace : 0;
    const key = down === 'unreachable' ? UNREACHABLE_TAINT : NOT_READY_TAINT;
    at(transition, () => {
      for (const n of failedStates) {
        n.ready = down === 'unreachable' ? 'Unknown' : 'False';
        n.notReadyAt = now;
        setTaints(n, [...n.added, { key, effect: 'NoSchedule' }]);
        emit('node-lifecycle-controller', `Node ${n.name}`, 'NodeNotReady',
          down === 'unreachable'
            ? `Ready=Unknown (Kubelet stopped posting node status.) after the ${grace}s grace period; taint ${key}:NoSchedule; its pods marked Ready=False`
            : `Ready=False; taint ${key}:NoSchedule; its pods marked Ready=False`);
      }
      const result = zonesAfterFailure(nodes, failed);
      zones = result.zones;
      allZonesFullyDisrupted = result.allFullyDisrupted;
      if (allZonesFullyDisrupted) {
        emit('node-lifecycle-controller', 'Cluster', 'MasterDisruptionMode',
          'every zone is FullDisruption ("Controller detected that all Nodes are not-Ready. Entering master disruption mode"): no NoExecute taints, so no pod is evicted');
        return;
      }
      const byZone = new Map<string, NodeState[]>();
      for (const n of failedStates) byZone.set(zoneKey(n.original), [...(byZone.get(zoneKey(n.original)) ?? []), n]);
      for (const [k, list] of byZone) {
        const z = zones.find((v) => v.key === k);
        const rate = z?.rate ?? NODE_EVICTION_RATE;
        if (z) {
          const how = rate === 0
            ? `no NoExecute taints: a PartialDisruption zone of ${z.size} nodes (not more than 50) stops evictions (ReducedQPSFunc)`
            : `NoExecute taints at ${rate} nodes/s${list.length > 1 ? `, one node every ${1 / rate}s` : ''}`;
          emit('node-lifecycle-controller', `Zone ${z.name}`, z.state, `${z.notReady} of ${z.size} nodes not Ready: ${how}`);
        }
        noExecuteTaintTimes(now + noExecuteLag(down), list.length, rate).forEach((t, i) =>
          at(t, () => {
            emit('node-lifecycle-controller', `Node ${list[i].name}`, 'TaintNoExecute', `taint ${key}:NoExecute (zone ${z?.name ?? '?'} tainting queue${noExecuteLag(down) ? `, queued one ${NODE_MONITOR_PERIOD}s monitor pass after Ready=Unknown as before v1.34` : ''})`);
            addTaint(list[i], { key, effect: 'NoExecute' });
          }));
      }
    });
  }
  if (outOfServiceAt !== undefined) {
    at(outOfServiceAt, () => {
      for (const n of failedStates) {
        emit('kubectl', `Node ${n.name}`, 'Tainted', `kubectl taint nodes ${n.name} ${OUT_OF_SERVICE_TAINT}=nodeshutdown:NoExecute (non-graceful node shutdown)`);
        addTaint(n, { key: OUT_OF_SERVICE_TAINT, value: 'nodeshutdown', effect: 'NoExecute' });
      }
      podGCAt(now);
    });
  }

  // ---- run the virtual clock ----
  // Without `until`, a day of virtual time at most: a pod that tolerates a NoExecute taint for a while can be
  // evicted, replaced onto the same node and evicted again for ever.
  const horizon = until ?? MAX_HORIZON;
  let truncated = false;
  while (queue.size) {
    const t = queue.peek()!.at;
    if (t > horizon) {
      truncated = until === undefined;
      break;
    }
    now = t;
    while (queue.size && queue.peek()!.at === t) queue.pop()!.run();
    settle();
  }
  let last = 0;
  for (const e of events) if (e.at > last) last = e.at;
  const end = until ?? (truncated ? MAX_HORIZON : last);

  // ---- queries ----
  const find = (w: KubeObject | string): SimWorkload => {
    const hit = workloads.find((x) => x.object === w || x.label === w || (typeof w === 'object' && x.label === toSubject(w).label));
    if (!hit) throw new OutageError(`${typeof w === 'string' ? w : describeObject(w)} is not among the cluster's workloads (${workloads.map((x) => x.label).join(', ')})`);
    return hit;
  };
  const isRunning = (p: SimPod, t: number) =>
    p.boundAt !== undefined && p.boundAt <= t && (p.deletedAt === undefined || t < p.deletedAt) && !nodeDown(p.node);
  const stateOf = (w: KubeObject | string, t = end): WorkloadState => {
    const sw = find(w);
    const mine = pods.filter((p) => p.owner === sw && p.createdAt <= t && (p.removedAt === undefined || t < p.removedAt));
    const desired = [...sw.desired].reverse().find((d) => d.at <= t)?.value ?? 0;
    return {
      workload: sw.label,
      kind: sw.kind,
      desired,
      running: mine.filter((p) => isRunning(p, t)).length,
      pending: mine.filter((p) => (p.boundAt === undefined || t < p.boundAt) && (p.deletedAt === undefined || t < p.deletedAt)).length,
      terminating: mine.filter((p) => p.deletedAt !== undefined && p.deletedAt <= t).length,
    };
  };
  const eventsOf = (w: KubeObject | string) => {
    const sw = find(w);
    const nodesUsed = new Set(pods.filter((p) => p.owner === sw && p.node).map((p) => `Node ${p.node}`));
    const zonesUsed = new Set([...nodesUsed].map((n) => `Zone ${zones.find((z) => z.key === zoneKey(state.get(n.slice(5))!.original))?.name}`));
    return events.filter((e) => e.workload === sw.label || nodesUsed.has(e.object) || zonesUsed.has(e.object) || e.object === 'Cluster');
  };
  const why = (w: KubeObject | string, t = end): string[] => {
    const sw = find(w);
    const out: string[] = [];
    for (const p of pods) {
      if (p.owner !== sw || p.createdAt > t || (p.removedAt !== undefined && p.removedAt <= t) || isRunning(p, t)) continue;
      if (p.boundAt === undefined || p.boundAt > t) {
        if (p.deletedAt === undefined || p.deletedAt > t) out.push(`${p.name} is Pending: ${p.fitError ?? 'not scheduled yet'}`);
        continue;
      }
      const n = state.get(p.node!)!;
      if (p.deletedAt !== undefined && p.deletedAt <= t) {
        if (sw.kind === 'StatefulSet') {
          out.push(`${p.name} is Terminating on ${n.name}, which cannot confirm the deletion; the StatefulSet controller creates no replacement while the old pod exists ` +
            `("StatefulSet ${p.namespace}/${sw.object.metadata?.name} is waiting for Pod ${p.name} to Terminate", stateful_set_control.go). ` +
            `It goes when the node is tainted ${OUT_OF_SERVICE_TAINT}=nodeshutdown:NoExecute (PodGC force-deletes it), the Node object is deleted, or the pod is force-deleted`);
        } else if (sw.kind === 'Pod') out.push(`${p.name} was deleted; a bare Pod is never recreated`);
        else if (!replacesTerminatingPods(sw.object)) out.push(`${p.name} is Terminating on ${n.name}; with podReplacementPolicy Failed the Job controller waits for it to be Failed before replacing it`);
        continue;
      }
      if (!nodeDown(p.node)) continue;
      const noExecute = nodeInfo(n.view).taints.some((x) => x.effect === 'NoExecute');
      const zoneOf = zones.find((z) => z.key === zoneKey(n.original));
      if (sw.kind === 'DaemonSet') {
        // a node it should no longer run on leaves desiredNumberScheduled; one it still should run on stays counted
        if (daemonShouldRun(sw.object, n.view).run) {
          out.push(`${p.name} is on ${n.name}, which is down; the DaemonSet controller never moves a pod to another node, and ${n.name} still counts in desiredNumberScheduled because the DaemonSet tolerates all its taints (NodeShouldRunDaemonPod)`);
        }
        continue;
      }
      if (p.deletedAt !== undefined) out.push(`${p.name} is on ${n.name}, which is down; the taint-eviction controller deletes it at ${p.deletedAt}s`);
      else if (p.eviction) out.push(`${p.name} is on ${n.name}, which is down; the taint-eviction controller deletes it at ${p.eviction.fireAt}s`);
      else if (!noExecute && allZonesFullyDisrupted) out.push(`${p.name} is on ${n.name}, which is down, and is never evicted: every zone is FullDisruption, so the node lifecycle controller adds no NoExecute taint`);
      else if (!noExecute && zoneOf?.rate === 0) out.push(`${p.name} is on ${n.name}, which is down, and is never evicted: zone ${zoneOf.name} is PartialDisruption (${zoneOf.notReady} of ${zoneOf.size} nodes not Ready, a zone of at most 50 nodes), so the node lifecycle controller adds no NoExecute taint`);
      else if (!noExecute) out.push(`${p.name} is on ${n.name}, which is down; its NoExecute taint has not come yet (zone tainting queue)`);
      else out.push(`${p.name} is on ${n.name}, which is down, and is never evicted: it tolerates the node's NoExecute taints without tolerationSeconds`);
    }
    if (sw.waiting) out.push(`${sw.waiting}, so higher ordinals are not created`);
    for (const wait of sw.backoff?.waits ?? []) if (wait.from <= t && t < wait.until) out.push(wait.text);
    if (sw.failedAt !== undefined && sw.failedAt <= t) {
      out.unshift(`Job ${sw.object.metadata?.namespace ?? 'default'}/${sw.object.metadata?.name} failed at ${sw.failedAt}s: BackoffLimitExceeded ("Job has reached the specified backoff limit"): ` +
        `${sw.backoff!.failures} pods counted failed > backoffLimit ${backoffLimitOf(sw.object)}. A pod deleted on a failed node counts as failed (job_controller.go isPodFailed), ` +
        'and a failed Job deletes its active pods and creates no more');
    }
    return out;
  };
  // The state only changes when something happens: the history is stateOf at second 0 and at each event's second,
  // counted in one sweep — each of running, pending and terminating is a set of [from, to) intervals per pod.
  const history = (w: KubeObject | string, to = Infinity) => {
    const sw = find(w);
    const seen = new Set<number>([0]);
    for (const e of events) if (e.at <= to) seen.add(e.at);
    const times = [...seen].sort((a, b) => a - b);
    const counts = { running: new Intervals(), pending: new Intervals(), terminating: new Intervals() };
    for (const p of pods) {
      if (p.owner !== sw) continue;
      const gone = p.removedAt ?? Infinity;
      const deleted = p.deletedAt ?? Infinity;
      const bound = p.boundAt ?? Infinity;
      // isRunning: bound, not deleted, not on a node that is down (down from second 0 on)
      if (!nodeDown(p.node)) counts.running.add(Math.max(p.createdAt, bound), Math.min(deleted, gone));
      counts.pending.add(p.createdAt, Math.min(bound, deleted, gone));
      counts.terminating.add(Math.max(p.createdAt, deleted), gone);
    }
    const sweeps = { running: counts.running.sweep(), pending: counts.pending.sweep(), terminating: counts.terminating.sweep() };
    let d = 0;
    return times.map((t) => {
      while (d < sw.desired.length && sw.desired[d].at <= t) d++;
      return {
        at: t,
        state: {
          workload: sw.label, kind: sw.kind, desired: d ? sw.desired[d - 1].value : 0,
          running: sweeps.running(t), pending: sweeps.pending(t), terminating: sweeps.terminating(t),
        },
      };
    });
  };
  const minRunning = (w: KubeObject | string, to = end) => {
    let best = { running: Infinity, at: 0 };
    for (const { at: t, state: s } of history(w, to)) if (s.running < best.running) best = { running: s.running, at: t };
    return best;
  };
  const format = (w?: KubeObject | string) => formatEvents(w === undefined ? events : eventsOf(w));
  // Up nodes change only by taints added at second 0 (a taint condition), so their final views hold for every t.
  const daemonCoverage = (w: KubeObject | string, t = end): DaemonCoverage => {
    const sw = find(w);
    if (sw.kind !== 'DaemonSet') throw new OutageError(`${sw.label} is not a DaemonSet`);
    const shouldRun = nodes.map(nodeName).filter((n) => !nodeDown(n) && daemonShouldRun(sw.object, state.get(n)!.view).run);
    const running = new Set(pods.filter((p) => p.owner === sw && isRunning(p, t)).map((p) => p.node));
    return { shouldRun, missing: shouldRun.filter((n) => !running.has(n)) };
  };

  return {
    failedNodes: [...failed],
    condition: failure.condition ?? 'unreachable',
    gracePeriod: grace,
    get zones() {
      return zones;
    },
    get allZonesFullyDisrupted() {
      return allZonesFullyDisrupted;
    },
    events,
    timeline: events,
    end,
    truncated,
    pods: pods.map(({ pod: _pod, bound: _bound, owner: _owner, eviction: _eviction, daemonNode: _daemonNode, index: _index, ...record }) => record),
    workloads: workloads.map((w) => w.label),
    stateAt: (t = end) => workloads.map((w) => stateOf(w.object, t)),
    stateOf,
    eventsOf,
    history,
    minRunning,
    why,
    format,
    daemonCoverage,
  };
}

/**
 * How many of a set of [from, to) intervals hold at second t, for t asked in increasing order. Empty intervals
 * (to ≤ from) are left out.
 */
class Intervals {
  private from: number[] = [];
  private to: number[] = [];
  add(from: number, to: number) {
    if (to <= from) return;
    this.from.push(from);
    this.to.push(to);
  }
  sweep(): (t: number) => number {
    const from = this.from.sort((a, b) => a - b), to = this.to.sort((a, b) => a - b);
    let i = 0, j = 0;
    return (t) => {
      while (i < from.length && from[i] <= t) i++;
      while (j < to.length && to[j] <= t) j++;
      return i - j;
    };
  }
}

/** `  350s  Pod default/web-0  taint-eviction-controller  TaintManagerEviction: …` */
export function formatEvents(events: readonly OutageEvent[]): string {
  if (!events.length) return '  (nothing happens)';
  // loops, not Math.max(...spread): a spread of 100k+ events overflows the stack
  let w = 0, o = 0, c = 0;
  for (const e of events) {
    w = Math.max(w, `${e.at}s`.length);
    o = Math.max(o, e.object.length);
    c = Math.max(c, e.component.length);
  }
  return events.map((e) => `  ${`${e.at}s`.padStart(w)}  ${e.object.padEnd(o)}  ${e.component.padEnd(c)}  ${e.reason}: ${e.message}`).join('\n');
}

// simulateOutage: what the control plane does, second by second of virtual time, when nodes or a zone fail.
// Each step is one controller's rule, each cited where it is applied; /work/shared notes and README "Outages".
import type { KubeObject, Node, Pod, Taint } from '../types';
import { assertNode, describeObject, toSubject } from '../subject';
import { nodeInfo, podInfo } from '../scheduler/framework';
import { taintEviction } from '../taint-eviction';
import { formatTaint, formatToleration } from '../k8s/toleration';
import { parseTaint } from '../k8s/kubectl-taint';
import type { Cluster, Failure, OutageOptions } from './types';
import { NODE_EVICTION_RATE, NODE_MONITOR_GRACE_PERIOD, noExecuteTaintTimes, zoneKey, zonesAfterFailure, type ZoneView } from './node-lifecycle';
import { placeReplicas, scheduleOne } from '../placement/place';
import { daemonPod, daemonShouldRun, desiredReplicas, podFrom, targetNodeName } from '../placement/replicas';
import { volumeZoneFilter, zoneOf } from './volumes';

export const UNREACHABLE_TAINT = 'node.kubernetes.io/unreachable';
export const NOT_READY_TAINT = 'node.kubernetes.io/not-ready';
/** v1.TaintNodeOutOfService; KEP-2268 uses the value `nodeshutdown`. */
export const OUT_OF_SERVICE_TAINT = 'node.kubernetes.io/out-of-service';
/** pkg/controller/podgc/gc_controller.go gcCheckPeriod. */
export const POD_GC_PERIOD = 20;
/** The API server's default terminationGracePeriodSeconds. */
export const DEFAULT_TERMINATION_GRACE_PERIOD = 30;
/** How far the simulation runs without `until`: one day of virtual time. */
export const MAX_HORIZON = 86_400;

/** kube-controller-manager's controller names (and the scheduler's), as events and the timeline name them. */
export type Component =
  | 'kubelet' | 'kubectl' | 'node-lifecycle-controller' | 'taint-eviction-controller' | 'replicaset-controller'
  | 'replicationcontroller-controller' | 'statefulset-controller' | 'daemonset-controller' | 'job-controller'
  | 'pod-garbage-collector-controller' | 'default-scheduler';

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
}

interface SimPod extends PodRecord {
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
  /** The fewest replicas running at any instant, and the first second it happened. */
  minRunning(workload: KubeObject | string, until?: number): { running: number; at: number };
  /** Why replicas are not running at second `t` (default: the end), one line per cause. */
  why(workload: KubeObject | string, t?: number): string[];
  /** The timeline as text, of one workload or of everything. */
  format(workload?: KubeObject | string): string;
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

export function simulateOutage(cluster: Cluster, failure: Failure, options: OutageOptions = {}): Outage {
  if (typeof cluster !== 'object' || cluster === null || !Array.isArray(cluster.nodes)) {
    throw new OutageError('expected a cluster { workloads, nodes, existingPods?, namespaces? } with nodes an array of Node objects');
  }
  const nodes = cluster.nodes.map((n, i) => assertNode(n, `cluster.nodes[${i}]`));
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
  const queue: Array<{ at: number; seq: number; run: () => void }> = [];
  const at = (t: number, run: () => void) => queue.push({ at: t, seq: seq++, run });
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
    for (const p of pods) if (p.node === n.name && p.deletedAt === undefined) processPodOnNode(p, n);
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
    // the scheduler's copy carries the deletionTimestamp (plugins such as PodTopologySpread skip terminating pods)
    if (p.bound) p.bound = { ...p.bound, metadata: { ...p.bound.metadata, deletionTimestamp: virtualTime(now) } };
    p.eviction = undefined;
    emit(component, podLabel(p), reason, message, p.owner?.label);
    if (p.node === undefined) return removePod(p, component, 'Deleted', 'a Pending pod is removed at once');
    if (!nodeDown(p.node)) {
      const grace = p.pod.spec?.terminationGracePeriodSeconds ?? DEFAULT_TERMINATION_GRACE_PERIOD;
      at(now + grace, () => removePod(p, 'kubelet', 'Killing', `containers stopped after terminationGracePeriodSeconds ${grace}; the pod object is removed`));
    } else {
      const n = state.get(p.node)!;
      emit('kubelet', podLabel(p), 'Terminating', `stays Terminating: the kubelet on ${n.name} cannot confirm the deletion`, p.owner?.label);
      if (n.added.some((t) => t.key === OUT_OF_SERVICE_TAINT)) podGCAt(now);
    }
  }

  function removePod(p: SimPod, component: Component, reason: string, message: string) {
    if (p.removedAt !== undefined) return;
    p.removedAt = now;
    emit(component, podLabel(p), reason, message, p.owner?.label);
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
    const p: SimPod = { name: pod.metadata?.name ?? '<unnamed>', namespace: pod.metadata?.namespace ?? 'default', workload: w.label, createdAt: now, pod, owner: w, ...extra };
    pods.push(p);
    return p;
  };
  const live = (w: SimWorkload) => pods.filter((p) => p.owner === w && p.removedAt === undefined);
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
        for (const view of views()) {
          const has = live(w).some((p) => p.daemonNode === nodeName(view));
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
        for (let i = 0; i < desired; i++) {
          const slot = live(w).find((p) => p.ordinal === i);
          if (!slot) {
            const p = newPod(w, podFrom(w.object, `${name}-${i}`), { ordinal: i });
            emit('statefulset-controller', podLabel(p), 'SuccessfulCreate', `create Pod ${p.name} in StatefulSet ${name} successful`, w.label);
            created = true;
            if (monotonic) break;
            continue;
          }
          // (the reason is kept for why() when it holds back a missing higher ordinal)
          const heldBack = () => Array.from({ length: desired - i - 1 }, (_, k) => i + 1 + k).some((j) => !live(w).some((p) => p.ordinal === j));
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
      for (let k = counted.length; k < desired; k++) {
        const p = newPod(w, podFrom(w.object, `${name}-${w.next++}`));
        emit(REPLICA_SET_KINDS[w.kind], podLabel(p), 'SuccessfulCreate', `Created pod: ${p.name}`, w.label);
        created = true;
      }
    }
    return created;
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
    for (const p of pods) {
      if (p.node !== undefined || p.deletedAt !== undefined) continue;
      const existing = pods.filter((q) => q.bound && q.removedAt === undefined).map((q) => q.bound!);
      const volumeZone = p.ordinal === undefined ? undefined : p.owner?.volumeZones?.get(p.ordinal);
      const cycle = scheduleOne(p.pod, views(), existing, { namespaces: cluster.namespaces, ...(volumeZone === undefined ? {} : { filter: volumeZoneFilter(volumeZone) }) });
      if (cycle.node) {
        p.node = cycle.node;
        bindVolumes(p);
        p.boundAt = now;
        p.fitError = undefined;
        p.bound = p.pod.spec?.nodeName ? p.pod : { ...p.pod, spec: { ...p.pod.spec!, nodeName: cycle.node } };
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
    pods.push({ name: pod.metadata?.name ?? `existingPods[${i}]`, namespace: pod.metadata?.namespace ?? 'default', createdAt: 0, boundAt: 0, node: bound, pod, bound: pod });
  }
  // a PodTemplate (which loadManifests' workloads() includes) runs no pods
  for (const object of (cluster.workloads ?? []).filter((w) => w.kind !== 'PodTemplate')) {
    const claims = (object as { spec?: { volumeClaimTemplates?: unknown[] } }).spec?.volumeClaimTemplates ?? [];
    const zonal = cluster.zonalVolumes === true && object.kind === 'StatefulSet' && claims.length > 0;
    workloads.push({ object, label: toSubject(object).label, kind: object.kind!, next: 0, desired: [], ...(zonal ? { volumeZones: new Map() } : {}) });
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
        noExecuteTaintTimes(now, list.length, rate).forEach((t, i) =>
          at(t, () => {
            emit('node-lifecycle-controller', `Node ${list[i].name}`, 'TaintNoExecute', `taint ${key}:NoExecute (zone ${z?.name ?? '?'} tainting queue)`);
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
  while (queue.length) {
    queue.sort((a, b) => a.at - b.at || a.seq - b.seq);
    const t = queue[0].at;
    if (t > horizon) {
      truncated = until === undefined;
      break;
    }
    now = t;
    while (queue.length && queue[0].at === t) {
      queue.shift()!.run();
      queue.sort((a, b) => a.at - b.at || a.seq - b.seq);
    }
    settle();
  }
  const end = until ?? (truncated ? MAX_HORIZON : Math.max(0, ...events.map((e) => e.at)));

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
    return out;
  };
  const minRunning = (w: KubeObject | string, to = end) => {
    const times = [0, ...new Set(events.map((e) => e.at).filter((t) => t <= to))].sort((a, b) => a - b);
    let best = { running: Infinity, at: 0 };
    for (const t of times) {
      const r = stateOf(w, t).running;
      if (r < best.running) best = { running: r, at: t };
    }
    return best;
  };
  const format = (w?: KubeObject | string) => formatEvents(w === undefined ? events : eventsOf(w));

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
    pods: pods.map(({ pod: _pod, bound: _bound, owner: _owner, eviction: _eviction, daemonNode: _daemonNode, ...record }) => record),
    workloads: workloads.map((w) => w.label),
    stateAt: (t = end) => workloads.map((w) => stateOf(w.object, t)),
    stateOf,
    eventsOf,
    minRunning,
    why,
    format,
  };
}

/** `  350s  Pod default/web-0  taint-eviction-controller  TaintManagerEviction: …` */
export function formatEvents(events: readonly OutageEvent[]): string {
  if (!events.length) return '  (nothing happens)';
  const w = Math.max(...events.map((e) => `${e.at}s`.length));
  const o = Math.max(...events.map((e) => e.object.length));
  const c = Math.max(...events.map((e) => e.component.length));
  return events.map((e) => `  ${`${e.at}s`.padStart(w)}  ${e.object.padEnd(o)}  ${e.component.padEnd(c)}  ${e.reason}: ${e.message}`).join('\n');
}

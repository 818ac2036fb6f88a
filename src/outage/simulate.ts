// simulateOutage: what the control plane does, second by second of virtual time, when nodes or a zone fail.
// The world (src/controllers/world.ts) is built from the cluster as the replica placement leaves it; the failure is
// injected; kube-controller-manager's controllers (src/controllers/*, each citing its upstream file) react to it on a
// shared virtual clock, with kube-scheduler binding what they create; the timeline is what they recorded.
// /work/shared notes and README "Outages".
import type { Node, Pod } from '../core/types';
import { toSubject } from '../k8s/subject';
import { formatTaint } from '../k8s/toleration';
import { placeReplicas } from '../placement/place';
import { desiredReplicas, targetNodeName } from '../placement/replicas';
import { World, podLabel, type SimWorkload, type WorkloadController } from '../controllers/world';
import { NodeLifecycleController } from '../controllers/node-lifecycle';
import { TaintEvictionController } from '../controllers/taint-eviction-manager';
import { OUT_OF_SERVICE_TAINT, PodGCController } from '../controllers/podgc';
import { ReplicaSetController } from '../controllers/replicaset';
import { StatefulSetController } from '../controllers/statefulset';
import { DaemonSetController } from '../controllers/daemonset';
import { JobController } from '../controllers/job';
import { DisruptionController } from '../controllers/disruption';
import { Drain } from './drain';
import { isJobKind } from '../controllers/job-spec';
import { schedulePending } from './kube-scheduler';
import { bindPodVolumes } from './volumes';
import { checkInputs, type OutageInputs } from './inputs';
import { outageOf } from './queries';
import type { Cluster, Failure, Outage, OutageOptions } from './types';
import { OutageError } from './errors';
import { diagnosed, type Bulk } from '../loader/structure';

export { UNREACHABLE_TAINT, NOT_READY_TAINT, noExecuteLag } from '../controllers/node-lifecycle';
export { OUT_OF_SERVICE_TAINT, POD_GC_PERIOD } from '../controllers/podgc';
export { DEFAULT_TERMINATION_GRACE_PERIOD } from '../controllers/pod-lifecycle';
export {
  JOB_TRACKING_FINALIZER, JOB_POD_FAILURE_BACKOFF, MAX_JOB_POD_FAILURE_BACKOFF, DEFAULT_BACKOFF_LIMIT,
  replacesTerminatingPods, backoffLimitOf, jobBackoff,
} from '../controllers/job-spec';
export { virtualTime, type Component, type OutageEvent, type PodRecord } from '../controllers/world';
export type { Outage, WorkloadState, DaemonCoverage } from './types';
export { OutageError } from './errors';
export { formatEvents } from './queries';
export type { DrainOptions, DrainResult, DrainRefusal, DrainNodeResult } from './drain';

/** How far the simulation runs without `until`: one day of virtual time. */
export const MAX_HORIZON = 86_400;

/** A failure of every node in a zone. */
export function zone(name: string, condition?: Failure['condition']): Failure {
  return condition === undefined ? { zone: name } : { zone: name, condition };
}

/** A failure of these nodes (objects or names). */
export function nodesDown(nodes: Failure['nodes'] | Node | string, condition?: Failure['condition']): Failure {
  const list = Array.isArray(nodes) ? nodes : [nodes as Node | string];
  return condition === undefined ? { nodes: list } : { nodes: list, condition };
}

/** `kubectl drain <nodes> --ignore-daemonsets` (with `options`: --timeout, --force, --delete-emptydir-data). */
export function drain(nodes: Failure['nodes'] | Node | string, options?: Failure['drain']): Failure {
  const list = Array.isArray(nodes) ? nodes : [nodes as Node | string];
  return options === undefined ? { nodes: list, condition: 'drain' } : { nodes: list, condition: 'drain', drain: options };
}

/**
 * The outage, its inputs checked (outage/inputs.ts; the workloads' structure up front); an error from inside names the
 * node or existing pod whose structure the engine cannot read, if one is (loader/structure.ts diagnosed).
 */
export function simulateOutage(cluster: Cluster, failure: Failure, options: OutageOptions = {}): Outage {
  const bulk = (): Bulk[] => [[cluster.nodes, 'cluster.nodes', 'Node'], [cluster.existingPods, 'cluster.existingPods', 'Pod']];
  return diagnosed(() => simulate(cluster, failure, options), bulk, (m, cause) => new OutageError(m, { cause }));
}

function simulate(cluster: Cluster, failure: Failure, options: OutageOptions): Outage {
  const input = checkInputs(cluster, failure, options);
  const world = new World({ nodes: input.nodes, failed: input.failed, down: input.down, namespaces: input.cluster.namespaces, services: input.cluster.services, storage: input.cluster.storage });
  const nodeLifecycle = new NodeLifecycleController(world, input.grace);
  const taintEviction = new TaintEvictionController(world);
  const podGC = new PodGCController(world);
  const controllers = workloadControllers(world);
  const disruption = new DisruptionController(world, input.podDisruptionBudgets, input.drain?.readyAfter ?? 0);
  const drainRun = input.drain ? new Drain(world, drainOrder(world, failure), disruption, input.drain) : undefined;
  const settle = () => {
    for (let round = 0; round < 1000; round++) {
      const created = syncAll(world, controllers);
      schedulePending(world);
      if (!created) break;
    }
    recordDesired(world, controllers);
  };

  populate(world, input.cluster);
  recordDesired(world, controllers);
  disruption.start();
  world.at(0, () => {
    if (drainRun) drainRun.start();
    else injectFailure(world, input);
    taintEviction.syncAll();
  });
  nodeLifecycle.start();
  if (input.outOfServiceAt !== undefined) {
    world.at(input.outOfServiceAt, () => {
      markOutOfService(world);
      podGC.passAt(world.now);
    });
  }

  // Without `until`, a day of virtual time at most: a pod that tolerates a NoExecute taint for a while can be
  // evicted, replaced onto the same node and evicted again for ever.
  const left = world.clock.run(input.until ?? MAX_HORIZON, settle);
  const truncated = left && input.until === undefined;
  let last = 0;
  for (const e of world.events) if (e.at > last) last = e.at;
  const end = input.until ?? (truncated ? MAX_HORIZON : last);
  drainRun?.close();
  return outageOf({ world, nodeLifecycle, failed: input.failed, condition: failure.condition ?? 'unreachable', gracePeriod: input.grace, end, truncated, drain: drainRun?.result, disruption });
}

/** kubectl drain takes the nodes in the order given (failure.nodes), else in the cluster's order. */
function drainOrder(world: World, failure: Failure) {
  const named = (failure.nodes ?? []).map((n) => (typeof n === 'string' ? n : n.metadata?.name));
  const rank = (name: string) => (named.includes(name) ? named.indexOf(name) : named.length);
  return world.failedStates().map((n, i) => ({ n, i })).sort((a, b) => rank(a.n.name) - rank(b.n.name) || a.i - b.i).map(({ n }) => n);
}

/** The workload controllers by the kind they own; a bare Pod has none (it is never recreated). */
function workloadControllers(world: World): Map<string, WorkloadController> {
  const rs = new ReplicaSetController(world), job = new JobController(world);
  return new Map<string, WorkloadController>([
    ['Deployment', rs], ['ReplicaSet', rs], ['ReplicationController', rs],
    ['StatefulSet', new StatefulSetController(world)], ['DaemonSet', new DaemonSetController(world)],
    ['Job', job], ['CronJob', job],
  ]);
}

/** One sync of each workload's controller, in the cluster's order; true when any created a pod. */
function syncAll(world: World, controllers: Map<string, WorkloadController>): boolean {
  let created = false;
  for (const w of world.workloads) {
    w.waiting = undefined;
    if (controllers.get(w.kind)?.sync(w)) created = true;
  }
  return created;
}

/** Each workload's desired replicas, recorded when they change. */
function recordDesired(world: World, controllers: Map<string, WorkloadController>) {
  for (const w of world.workloads) {
    const value = controllers.get(w.kind)?.desired(w) ?? desiredReplicas(w.object);
    const last = w.desired[w.desired.length - 1];
    if (!last || last.value !== value) w.desired.push({ at: world.now, value });
  }
}

/**
 * Before the failure: the existing pods, then the replica placement (src/placement/place.ts placeReplicas), each
 * placed pod's claims bound and provisioned for its node as it is bound (outage/volumes.ts).
 */
function populate(world: World, cluster: Cluster) {
  const existingPods: Pod[] = [];
  for (const [i, raw] of (cluster.existingPods ?? []).entries()) {
    const pod = raw as Pod;
    const bound = pod.spec?.nodeName;
    if (!bound || !world.state.has(bound) || pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed') continue;
    existingPods.push(pod);
    world.addExistingPod(pod, `existingPods[${i}]`);
  }
  // a PodTemplate (which loadManifests' workloads() includes) runs no pods
  for (const object of (cluster.workloads ?? []).filter((w) => w.kind !== 'PodTemplate')) {
    world.addWorkload({
      object, label: toSubject(object).label, kind: object.kind!, next: 0, desired: [],
      ...(isJobKind(object.kind) ? { backoff: { failures: 0, unseen: [], waits: [] } } : {}),
    });
  }
  const initial = placeReplicas(world.workloads.map((w) => w.object), world.nodes, { existingPods, namespaces: cluster.namespaces, services: cluster.services, storage: cluster.storage });
  for (const w of world.workloads) placeInitial(world, w, initial.of(w.object));
}

function placeInitial(world: World, w: SimWorkload, placed: ReturnType<ReturnType<typeof placeReplicas>['of']>) {
  for (const [i, r] of placed.entries()) {
    const p = world.newPod(w, r.pod, {
      ...(w.kind === 'StatefulSet' ? { ordinal: i } : {}),
      ...(w.kind === 'DaemonSet' ? { daemonNode: targetNodeName(r.pod) } : {}),
    });
    if (r.node) {
      // r.pod already carries spec.nodeName
      Object.assign(p, { node: r.node, boundAt: 0, bound: r.pod });
      world.bind(p, r.node);
      bindPodVolumes(world, p);
    } else {
      p.fitError = r.fitError;
      world.emit('default-scheduler', podLabel(p), 'FailedScheduling', r.fitError ?? 'not scheduled', w.label);
    }
  }
  w.next = placed.length;
}

/** Second 0: the failed nodes' kubelets go silent or post Ready=False, or a person taints them. */
function injectFailure(world: World, input: OutageInputs) {
  for (const n of world.failedStates()) {
    if (input.down === 'unreachable') world.emit('kubelet', `Node ${n.name}`, 'NodeFailure', 'stops posting node status and renewing its Lease (node down or cut off): its pods stop running');
    else if (input.down === 'notReady') world.emit('kubelet', `Node ${n.name}`, 'NodeNotReady', 'posts Ready=False: its pods stop running');
    else {
      world.emit('kubectl', `Node ${n.name}`, 'Tainted', `kubectl taint nodes ${n.name} ${formatTaint(input.conditionTaint!)}`);
      world.addTaint(n, input.conditionTaint!);
    }
  }
}

/** KEP-2268 non-graceful node shutdown: a person taints the failed nodes out-of-service. */
function markOutOfService(world: World) {
  for (const n of world.failedStates()) {
    world.emit('kubectl', `Node ${n.name}`, 'Tainted', `kubectl taint nodes ${n.name} ${OUT_OF_SERVICE_TAINT}=nodeshutdown:NoExecute (non-graceful node shutdown)`);
    world.addTaint(n, { key: OUT_OF_SERVICE_TAINT, value: 'nodeshutdown', effect: 'NoExecute' });
  }
}

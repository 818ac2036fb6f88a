// The taint-eviction controller over the world (pkg/controller/tainteviction/taint_eviction.go): on a node update
// with NoExecute taints (handleNodeUpdate) and on a pod bound to such a node (handlePodUpdate), processPodOnNode
// deletes the pod at once, after its shortest tolerationSeconds (the timed worker queue), or never; the verdict for
// one pod on one node is ./taint-eviction.ts.
import { nodeInfo, podInfo } from '../scheduler/framework';
import { toSubject } from '../k8s/subject';
import { formatTaint, formatToleration } from '../k8s/toleration';
import { taintEviction } from './taint-eviction';
import { deletePod } from './pod-lifecycle';
import type { NodeState, SimPod, World } from './world';

const hasNoExecute = (n: NodeState) => nodeInfo(n.view).taints.some((t) => t.effect === 'NoExecute');

export class TaintEvictionController {
  constructor(private readonly world: World) {
    world.on('noExecuteTaint', (n) => {
      this.updatedAt.set(n, world.now);
      this.handleNodeUpdate(n);
    });
    world.on('podBound', (p, n) => {
      if (hasNoExecute(n)) this.processPodOnNode(p, n);
    });
    // handlePodUpdate of a pod that is gone: cancelWorkWithEvent
    world.on('podRemoved', (p) => this.cancelWorkWithEvent(p));
  }

  /** When each node's last NoExecute taint was added. */
  private readonly updatedAt = new Map<NodeState, number>();

  /**
   * The controller's first pass: pods already on NoExecute-tainted nodes (e.g. a NotReady node in a dump) get their
   * timers — except on nodes whose update was handled this very second (the controller runs before the failure, so
   * a node tainted by it is processed once, by that update).
   */
  syncAll() {
    for (const n of this.world.state.values()) if (hasNoExecute(n) && this.updatedAt.get(n) !== this.world.now) this.handleNodeUpdate(n);
  }

  /**
   * handleNodeUpdate → processPodOnNode for each pod bound to the node, with the node's NoExecute taints now.
   * getPodsAssignedToNode does not leave out pods that are already Terminating.
   */
  handleNodeUpdate(n: NodeState) {
    for (const p of this.world.podsOn(n.name)) this.processPodOnNode(p, n);
  }

  /**
   * processPodOnNode (also run by handlePodUpdate when a pod is bound to a node that has NoExecute taints), with
   * the timed worker queue of taint_eviction.go / timed_workers.go: a pod's pending work is p.eviction; once its
   * deletion ran, the queue keeps the pod's key with no worker (`done`), which makes a later AddWork a no-op and a
   * later CancelWork silent.
   */
  processPodOnNode(p: SimPod, n: NodeState) {
    const { world } = this;
    const verdict = taintEviction(podInfo(evictionSubject(p)), nodeInfo(n.view));
    if (verdict.untolerated) {
      // "We're canceling scheduled work (if any), as we're going to delete the Pod right away."
      this.cancelWorkWithEvent(p);
      this.evict(p, n);
      return;
    }
    if (verdict.after === null) {
      // no NoExecute taint, or tolerated forever: cancel any scheduled deletion
      this.cancelWorkWithEvent(p);
      return;
    }
    const triggerAt = world.now + verdict.after;
    if (p.eviction) {
      // the scheduled work keeps its start: startTime.Add(minTolerationTime).Before(triggerTime) → keep it
      if (p.eviction.start + verdict.after < triggerAt) return;
      this.cancelWorkWithEvent(p);
    } else if (this.done.has(p)) return; // AddWork: "Trying to add already existing work, skipping"
    if (verdict.after === 0) {
      this.evict(p, n);
      return;
    }
    p.eviction = { start: world.now, fireAt: triggerAt };
    // (a DELETE by another controller leaves the work in place: it fires on the Terminating pod all the same)
    world.at(triggerAt, () => {
      if (p.eviction?.fireAt !== triggerAt) return;
      p.eviction = undefined;
      this.evict(p, n);
    });
  }

  /** Pods whose deletion this controller ran (their key stays in the queue, without a worker). */
  private readonly done = new Set<SimPod>();

  /** cancelWorkWithEvent: the "Cancelling deletion" event only when a pending worker is cancelled. */
  private cancelWorkWithEvent(p: SimPod) {
    this.done.delete(p);
    if (!p.eviction) return;
    p.eviction = undefined;
    this.world.emit('taint-eviction-controller', `Pod ${p.namespace}/${p.name}`, 'TaintManagerEviction', `Cancelling deletion of Pod ${p.namespace}/${p.name}`, p.owner?.label);
  }

  /** deletePodHandler: the event, then the DELETE (again, for a pod already Terminating: the event is all it changes). */
  private evict(p: SimPod, n: NodeState) {
    this.done.add(p);
    deletePod(this.world, p, 'taint-eviction-controller', 'TaintManagerEviction', `Marking for deletion Pod ${p.namespace}/${p.name}: ${evictionReason(p, n)}`);
  }
}

/** The pod as admission left it: a controller's pod takes its workload's tolerations (and the admitted defaults). */
const evictionSubject = (p: SimPod) => toSubject(p.owner && p.owner.kind !== 'Pod' ? p.owner.object : p.pod);

/** Why the pod goes: the untolerated taint, or each NoExecute taint with the toleration that held it and for how long. */
export function evictionReason(p: SimPod, n: NodeState): string {
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

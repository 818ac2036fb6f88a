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
    world.on('noExecuteTaint', (n) => this.handleNodeUpdate(n));
    world.on('podBound', (p, n) => {
      if (hasNoExecute(n)) this.processPodOnNode(p, n);
    });
  }

  /** The controller's first pass: pods already on NoExecute-tainted nodes (e.g. a NotReady node in a dump) get their timers. */
  syncAll() {
    for (const n of this.world.state.values()) if (hasNoExecute(n)) this.handleNodeUpdate(n);
  }

  /** handleNodeUpdate → processPodOnNode for each pod bound to the node, with the node's NoExecute taints now. */
  handleNodeUpdate(n: NodeState) {
    for (const p of this.world.podsOn(n.name)) if (p.deletedAt === undefined) this.processPodOnNode(p, n);
  }

  /** processPodOnNode (also run by handlePodUpdate when a pod is bound to a node that has NoExecute taints). */
  processPodOnNode(p: SimPod, n: NodeState) {
    const { world } = this;
    const verdict = taintEviction(podInfo(evictionSubject(p)), nodeInfo(n.view));
    if (verdict.after === null) {
      if (p.eviction) {
        p.eviction = undefined;
        world.emit('taint-eviction-controller', `Pod ${p.namespace}/${p.name}`, 'TaintManagerEviction', `Cancelling deletion of Pod ${p.namespace}/${p.name}`, p.owner?.label);
      }
      return;
    }
    if (verdict.after === 0) {
      p.eviction = undefined;
      this.evict(p, n);
      return;
    }
    // an eviction already scheduled keeps its start unless re-evaluated at the same instant
    if (p.eviction && p.eviction.start < world.now) return;
    const fireAt = world.now + verdict.after;
    p.eviction = { start: world.now, fireAt };
    world.at(fireAt, () => {
      if (p.eviction?.fireAt !== fireAt || p.deletedAt !== undefined) return;
      p.eviction = undefined;
      this.evict(p, n);
    });
  }

  private evict(p: SimPod, n: NodeState) {
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

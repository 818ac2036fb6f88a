// The DaemonSet controller (pkg/controller/daemon/daemon_controller.go manage, NodeShouldRunDaemonPod): a pod for each
// node it should run on that has none; a pod is never moved to another node.
import type { Node } from '../core/types';
import { daemonPod, daemonShouldRun } from '../placement/replicas';
import type { SimWorkload, World, WorkloadController } from './world';

const nodeName = (n: Node) => n.metadata?.name ?? '';

export class DaemonSetController implements WorkloadController {
  constructor(private readonly world: World) {}

  sync(w: SimWorkload): boolean {
    const name = w.object.metadata?.name ?? '<unnamed>';
    const mine = this.world.daemonOn.get(w)!;
    let created = false;
    for (const view of this.world.views()) {
      if (mine.has(nodeName(view)) || !daemonShouldRun(w.object, view).run) continue;
      this.world.newPod(w, daemonPod(w.object, view), { daemonNode: nodeName(view) });
      this.world.emit('daemonset-controller', `Pod ${w.object.metadata?.namespace ?? 'default'}/${name}-${nodeName(view)}`, 'SuccessfulCreate', `Created pod: ${name}-${nodeName(view)}`, w.label);
      created = true;
    }
    return created;
  }

  /** desiredNumberScheduled: the nodes, as they are now, it should run on. */
  desired(w: SimWorkload): number {
    return this.world.views().filter((n) => daemonShouldRun(w.object, n).run).length;
  }
}

// PodGC's gcTerminating (pkg/controller/podgc/gc_controller.go): every gcCheckPeriod (20 s) it force-deletes the
// Terminating pods on not-Ready nodes that carry the node.kubernetes.io/out-of-service taint (KEP-2268,
// non-graceful node shutdown). Passes are only queued while such a pod may exist: the outcome is the same.
import { removePod } from './pod-lifecycle';
import type { World } from './world';

/** v1.TaintNodeOutOfService; KEP-2268 uses the value `nodeshutdown`. */
export const OUT_OF_SERVICE_TAINT = 'node.kubernetes.io/out-of-service';
/** pkg/controller/podgc/gc_controller.go gcCheckPeriod. */
export const POD_GC_PERIOD = 20;

export const outOfService = (n: { added: ReadonlyArray<{ key: string }> }) => n.added.some((t) => t.key === OUT_OF_SERVICE_TAINT);

export class PodGCController {
  private readonly passes = new Set<number>();

  constructor(private readonly world: World) {
    // a pod left Terminating on an out-of-service node: the next pass takes it
    world.on('podStuckTerminating', (_p, n) => {
      if (outOfService(n)) this.passAt(world.now);
    });
  }

  /** The first pass at or after second `t` (a multiple of 20 s), once. */
  passAt(t: number) {
    const pass = Math.ceil(t / POD_GC_PERIOD) * POD_GC_PERIOD;
    if (this.passes.has(pass)) return;
    this.passes.add(pass);
    this.world.at(pass, () => this.gcTerminating());
  }

  /** gcTerminating: a node still Ready (the grace period not over) is waited for, at the next pass. */
  private gcTerminating() {
    const { world } = this;
    let waiting = false;
    for (const p of world.pods) {
      if (p.deletedAt === undefined || p.removedAt !== undefined || p.node === undefined) continue;
      const n = world.state.get(p.node)!;
      if (!outOfService(n)) continue;
      if (n.ready === 'True') {
        waiting = true;
        continue;
      }
      removePod(world, p, 'pod-garbage-collector-controller', 'PodGC',
        `Terminating on out-of-service node ${n.name} (Ready=${n.ready}): marked Failed (DisruptionTarget) and force-deleted (grace period 0)`);
    }
    if (waiting) this.passAt(world.now + POD_GC_PERIOD);
  }
}

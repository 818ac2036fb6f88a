// The StatefulSet controller (pkg/controller/statefulset/stateful_set_control.go updateStatefulSet): one pod per
// ordinal; a pod is created only for an empty slot, so no replacement while the old pod object exists; with
// OrderedReady (the default) a missing, Terminating or not Running-and-Ready ordinal stops the pass.
import { desiredReplicas, podFrom } from '../placement/replicas';
import { podLabel, type SimPod, type SimWorkload, type World, type WorkloadController } from './world';

export class StatefulSetController implements WorkloadController {
  constructor(private readonly world: World) {}

  sync(w: SimWorkload): boolean {
    const name = w.object.metadata?.name ?? '<unnamed>';
    const desired = desiredReplicas(w.object, this.world.storage);
    const monotonic = ((w.object as { spec?: { podManagementPolicy?: string } }).spec?.podManagementPolicy ?? 'OrderedReady') !== 'Parallel';
    const slots = this.world.ordinalOf.get(w)!;
    let created = false;
    for (let i = 0; i < desired; i++) {
      const slot = slots.get(i);
      if (!slot) {
        const p = this.world.newPod(w, podFrom(w.object, `${name}-${i}`, { ordinal: i }), { ordinal: i });
        this.world.emit('statefulset-controller', podLabel(p), 'SuccessfulCreate', `create Pod ${p.name} in StatefulSet ${name} successful`, w.label);
        created = true;
        if (monotonic) break;
        continue;
      }
      if (monotonic && this.holdsBack(w, slot, i, desired)) break;
    }
    return created;
  }

  /**
   * OrderedReady: a Terminating or not Running-and-Ready ordinal ends the pass; the reason is kept (w.waiting) for
   * why() when it holds back a missing higher ordinal.
   */
  private holdsBack(w: SimWorkload, slot: SimPod, i: number, desired: number): boolean {
    const terminating = slot.deletedAt !== undefined;
    if (!terminating && this.world.runningAndReady(slot)) return false;
    const slots = this.world.ordinalOf.get(w)!;
    let missingAbove = false;
    for (let j = i + 1; j < desired; j++) if (!slots.has(j)) missingAbove = true;
    if (missingAbove) {
      w.waiting = `StatefulSet ${slot.namespace}/${w.object.metadata?.name ?? '<unnamed>'} is waiting for Pod ${slot.name} to ${terminating ? 'Terminate' : 'be Running and Ready'}`;
    }
    return true;
  }

  desired(w: SimWorkload): number {
    return desiredReplicas(w.object, this.world.storage);
  }
}

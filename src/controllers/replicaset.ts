// The ReplicaSet controller (pkg/controller/replicaset/replica_set.go syncReplicaSet, manageReplicas), which also
// stands for the Deployment controller's ReplicaSet and the ReplicationController manager (same code, other name).
import { desiredReplicas, podFrom } from '../placement/replicas';
import { podLabel, type Component, type SimWorkload, type World, type WorkloadController } from './world';

export const REPLICA_SET_COMPONENTS: Record<string, Component> = {
  Deployment: 'replicaset-controller', ReplicaSet: 'replicaset-controller', ReplicationController: 'replicationcontroller-controller',
};

/** manageReplicas' creations: `want - have` new pods named <name>-<n>, each with its SuccessfulCreate event. True when any. */
export function createReplicas(world: World, w: SimWorkload, have: number, want: number, component: Component): boolean {
  const name = w.object.metadata?.name ?? '<unnamed>';
  let created = false;
  for (let k = have; k < want; k++) {
    const p = world.newPod(w, podFrom(w.object, `${name}-${w.next++}`));
    world.emit(component, podLabel(p), 'SuccessfulCreate', `Created pod: ${p.name}`, w.label);
    created = true;
  }
  return created;
}

export class ReplicaSetController implements WorkloadController {
  constructor(private readonly world: World) {}

  /**
   * FilterActivePods leaves out pods with a deletionTimestamp (controller_utils.go IsPodActive), so a Terminating
   * pod is replaced in the same sync.
   */
  sync(w: SimWorkload): boolean {
    const active = this.world.live(w).filter((p) => p.deletedAt === undefined);
    return createReplicas(this.world, w, active.length, desiredReplicas(w.object), REPLICA_SET_COMPONENTS[w.kind]);
  }

  desired(w: SimWorkload): number {
    return desiredReplicas(w.object);
  }
}

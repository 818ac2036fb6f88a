// kube-scheduler in the outage's world: every Pending pod, in creation order, one scheduling cycle each against the
// nodes as they are now — the cycle of the replica placement (src/placement/place.ts scheduleOne: filters, the
// default scores, its tie rule) over the storage as it is now: a pod bound here has its claims bound and provisioned
// for its node (outage/volumes.ts), which a later cycle's VolumeBinding reads.
import type { Pod } from '../core/types';
import { assumeAndReserve, scheduleOne } from '../placement/place';
import { buildSnapshot, type Snapshot } from '../scheduler/snapshot';
import { modelledStorage } from '../scheduler/storage-model';
import { podsByNode } from '../scheduler';
import { podLabel, type World } from '../controllers/world';
import { bindPodVolumes } from './volumes';

export function schedulePending(world: World) {
  if (!world.pending.size) return;
  // one snapshot for the pass, each bound pod assumed into it; rebuilt when a pod was deleted or removed meanwhile,
  // or a claim was bound (AssumePodVolumes: the scheduler's own cache of claims and volumes)
  const nodeViews = world.views();
  let existing: Pod[] = [];
  let snapshot: Snapshot | undefined;
  for (const p of [...world.pending]) {
    if (p.node !== undefined || p.deletedAt !== undefined) continue;
    if (!snapshot || world.podsChanged || world.storageChanged) {
      existing = world.pods.filter((q) => q.bound && q.removedAt === undefined).map((q) => q.bound!);
      // the pending pods' claims as the model holds them (placeholders where not modelled: scheduler/storage-model.ts)
      snapshot = buildSnapshot(nodeViews, podsByNode(existing), world.namespaces, world.services, modelledStorage([...world.pending].map((q) => q.pod), world.storage));
      world.podsChanged = false;
      world.storageChanged = false;
    }
    const cycle = scheduleOne(p.pod, nodeViews, existing, { namespaces: world.namespaces, snapshot });
    if (cycle.node) {
      world.bind(p, cycle.node);
      p.boundAt = world.now;
      p.fitError = undefined;
      p.bound = p.pod.spec?.nodeName ? p.pod : { ...p.pod, spec: { ...p.pod.spec!, nodeName: cycle.node } };
      bindPodVolumes(world, p);
      existing.push(p.bound);
      // assume and Reserve, as the replica placement does: the pod's volumes join VolumeBinding's assume cache
      assumeAndReserve(snapshot, cycle.node, p.bound);
      world.emit('default-scheduler', podLabel(p), 'Scheduled', `Successfully assigned ${p.namespace}/${p.name} to ${cycle.node}`, p.owner?.label);
      world.notify('podBound', p, world.state.get(cycle.node)!);
    } else if (cycle.fitError !== p.fitError) {
      p.fitError = cycle.fitError;
      world.emit('default-scheduler', podLabel(p), 'FailedScheduling', cycle.fitError ?? 'not scheduled', p.owner?.label);
    }
  }
}

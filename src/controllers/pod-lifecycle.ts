// A pod's end as the API server and the kubelet see it: a DELETE sets the deletionTimestamp; a live kubelet stops the
// containers and the object goes after the grace period; on a node that is down nothing confirms it, so the pod stays
// Terminating (pkg/registry/core/pod/strategy.go, staging/src/k8s.io/apiserver/pkg/registry/generic/registry/store.go).
import { JOB_TRACKING_FINALIZER, replacesTerminatingPods } from './job-spec';
import { podLabel, virtualTime, type Component, type SimPod, type World } from './world';

/** The API server's default terminationGracePeriodSeconds. */
export const DEFAULT_TERMINATION_GRACE_PERIOD = 30;

/** A DELETE: the pod gets its deletionTimestamp; on a live node the kubelet removes it after its grace period. */
export function deletePod(world: World, p: SimPod, component: Component, reason: string, message: string) {
  if (p.deletedAt !== undefined) {
    // a DELETE of a pod that already has its deletionTimestamp, with the same grace period, changes nothing
    world.emit(component, podLabel(p), reason, message, p.owner?.label);
    return;
  }
  p.deletedAt = world.now;
  world.pending.delete(p);
  world.podsChanged = true;
  // the scheduler's copy carries the deletionTimestamp (plugins such as PodTopologySpread skip terminating pods)
  if (p.bound) p.bound = { ...p.bound, metadata: { ...p.bound.metadata, deletionTimestamp: virtualTime(world.now) } };
  world.emit(component, podLabel(p), reason, message, p.owner?.label);
  world.notify('podDeleted', p);
  if (p.node === undefined) return removePod(world, p, component, 'Deleted', 'a Pending pod is removed at once');
  if (world.nodeDown(p.node) && removedWithoutKubelet(world, p)) return;
  if (!world.nodeDown(p.node)) {
    const grace = p.pod.spec?.terminationGracePeriodSeconds ?? DEFAULT_TERMINATION_GRACE_PERIOD;
    world.at(world.now + grace, () => removePod(world, p, 'kubelet', 'Killing', `containers stopped after terminationGracePeriodSeconds ${grace}; the pod object is removed`));
  } else {
    const n = world.state.get(p.node)!;
    world.emit('kubelet', podLabel(p), 'Terminating', `stays Terminating: the kubelet on ${n.name} cannot confirm the deletion`, p.owner?.label);
    world.notify('podStuckTerminating', p, n);
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
function removedWithoutKubelet(world: World, p: SimPod): boolean {
  if ((p.pod.spec?.terminationGracePeriodSeconds ?? DEFAULT_TERMINATION_GRACE_PERIOD) !== 0) return false;
  const node = p.node!;
  const finalizers = p.pod.metadata?.finalizers ?? [];
  const job = p.owner?.backoff !== undefined;
  if (finalizers.length) {
    world.emit('kubelet', podLabel(p), 'Terminating', `stays Terminating: terminationGracePeriodSeconds 0, but the object waits for its finalizers [${finalizers.join(' ')}]`, p.owner?.label);
    return true;
  }
  if (job && !replacesTerminatingPods(p.owner!.object)) {
    world.emit('kubelet', podLabel(p), 'Terminating', `stays Terminating: terminationGracePeriodSeconds 0, but the object waits for its ${JOB_TRACKING_FINALIZER} finalizer, which the Job controller removes only once the pod is Failed (podReplacementPolicy Failed)`, p.owner?.label);
    return true;
  }
  const how = job ? `the Job controller counts it failed and removes its ${JOB_TRACKING_FINALIZER} finalizer, and ` : '';
  const hazard = p.owner?.kind === 'StatefulSet'
    ? `; its containers may still run on ${node}, so the StatefulSet's replacement can run beside it (the at-most-once hazard of terminationGracePeriodSeconds 0)`
    : `; its containers may still run on ${node}`;
  removePod(world, p, 'kube-apiserver', 'Deleted', `terminationGracePeriodSeconds 0: ${how}the API server removes the object at once, without the kubelet on ${node} confirming${hazard}`);
  return true;
}

/** The pod object leaves the API server (once). */
export function removePod(world: World, p: SimPod, component: Component, reason: string, message: string) {
  if (p.removedAt !== undefined) return;
  p.removedAt = world.now;
  world.podsChanged = true;
  world.notify('podRemoving', p);
  world.forget(p);
  world.emit(component, podLabel(p), reason, message, p.owner?.label);
  world.notify('podRemoved', p);
}

// The Job controller (pkg/controller/job/job_controller.go syncJob, manageJob, isPodFailed; backoff_utils.go
// newBackoffRecord, getFinishedTime, getRemainingTimeForFailuresCount): pods are counted failed as they are deleted
// (or once Failed, under podReplacementPolicy Failed); more failures than spec.backoffLimit fail the Job; a
// replacement waits for the pod-failure backoff. A CronJob stands for the Job of its jobTemplate.
import { desiredReplicas } from '../placement/replicas';
import { backoffLimitOf, jobBackoff, replacesTerminatingPods } from './job-spec';
import { deletePod } from './pod-lifecycle';
import { createReplicas } from './replicaset';
import type { SimPod, SimWorkload, World, WorkloadController } from './world';

export class JobController implements WorkloadController {
  constructor(private readonly world: World) {
    world.on('podDeleted', (p) => {
      if (p.owner?.backoff && replacesTerminatingPods(p.owner.object)) this.podFailed(p);
    });
    // podReplacementPolicy Failed: the pod counts once it is Failed (PodGC or the kubelet marks it so before it goes)
    world.on('podRemoving', (p) => {
      if (p.owner?.backoff && !replacesTerminatingPods(p.owner.object) && p.node !== undefined) this.podFailed(p);
    });
  }

  /**
   * isPodFailed: a pod with a deletionTimestamp counts as failed (podReplacementPolicy TerminatingOrFailed), else
   * once Failed. Its finish time (backoff_utils.go getFinishedTime): the Ready=False transition the node lifecycle
   * controller wrote when the node went not Ready, else deletionTimestamp − grace period, i.e. the moment of the DELETE.
   */
  private podFailed(p: SimPod) {
    const n = p.node === undefined ? undefined : this.world.state.get(p.node);
    p.owner!.backoff!.unseen.push(n?.notReadyAt !== undefined && n.notReadyAt <= this.world.now ? n.notReadyAt : this.world.now);
  }

  /** Active pods: Terminating ones too under podReplacementPolicy Failed (onlyReplaceFailedPods). */
  sync(w: SimWorkload): boolean {
    const desired = desiredReplicas(w.object);
    const counted = this.world.live(w).filter((p) => p.deletedAt === undefined || !replacesTerminatingPods(w.object));
    if (this.holdsOff(w, counted.length < desired)) return false;
    return createReplicas(this.world, w, counted.length, desired, 'job-controller');
  }

  desired(w: SimWorkload): number {
    return desiredReplicas(w.object);
  }

  /**
   * The failure handling of syncJob and manageJob: the new failures join the backoff record; more failed pods than
   * spec.backoffLimit fail the Job (BackoffLimitExceeded) and its active pods are deleted; otherwise a pod is created
   * only once 10 s·2^(failures−1) (at most 10 min) have passed since the last failure. True when the controller
   * creates no pod in this sync.
   */
  private holdsOff(w: SimWorkload, short: boolean): boolean {
    if (w.failedAt !== undefined) return true;
    const b = w.backoff!;
    if (b.unseen.length) {
      b.failures += b.unseen.length;
      // newBackoffRecord: the latest finish time among this sync's new failures (sortByFinishedTime, the last one)
      b.lastFailureTime = b.unseen.reduce((m, x) => Math.max(m, x), -Infinity);
      b.unseen = [];
    }
    const limit = backoffLimitOf(w.object);
    if (b.failures > limit) {
      this.fail(w, limit);
      return true;
    }
    if (!short || !b.failures) return false;
    const delay = jobBackoff(b.failures);
    const remaining = delay - (this.world.now - b.lastFailureTime!);
    if (remaining <= 0) return false;
    const wakeAt = this.world.now + remaining;
    if (b.wakeAt !== wakeAt) {
      b.wakeAt = wakeAt;
      const text = `Job ${jobName(w)} waits for the pod-failure backoff before creating a replacement: ${b.failures} failed pod(s) → ${delay}s after the last failure at ${b.lastFailureTime}s, so not before ${wakeAt}s (job_controller.go manageJob, backoff_utils.go getRemainingTimeForFailuresCount)`;
      b.waits.push({ from: this.world.now, until: wakeAt, text });
      // no Event upstream: the controller requeues the Job (enqueueSyncJobWithDelay); the timeline says why nothing happens
      this.world.emit('job-controller', `Job ${jobName(w)}`, 'PodFailureBackoff', `no replacement before ${wakeAt}s: ${b.failures} failed pod(s), backoff ${delay}s from the last failure at ${b.lastFailureTime}s`, w.label);
      this.world.at(wakeAt, () => undefined);
    }
    return true;
  }

  /** BackoffLimitExceeded, then deleteActivePods. */
  private fail(w: SimWorkload, limit: number) {
    const b = w.backoff!;
    w.failedAt = this.world.now;
    this.world.emit('job-controller', `Job ${jobName(w)}`, 'BackoffLimitExceeded',
      `Job has reached the specified backoff limit (${b.failures} failed pods > backoffLimit ${limit}; pods deleted on failed nodes count as failed under podReplacementPolicy ${replacesTerminatingPods(w.object) ? 'TerminatingOrFailed' : 'Failed'})`, w.label);
    for (const p of this.world.live(w)) if (p.deletedAt === undefined) deletePod(this.world, p, 'job-controller', 'SuccessfulDelete', `Deleted pod: ${p.name} (Job failed)`);
  }
}

const jobName = (w: SimWorkload) => `${w.object.metadata?.namespace ?? 'default'}/${w.object.metadata?.name ?? '<unnamed>'}`;

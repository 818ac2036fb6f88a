// The Job controller on a small world (pkg/controller/job/job_controller.go syncJob, manageJob, isPodFailed,
// deleteActivePods; backoff_utils.go newBackoffRecord, getFinishedTime, getRemainingTimeForFailuresCount; cf.
// job_controller_test.go TestControllerSyncJob, TestJobBackoffOnRestartPolicyNever, backoff_utils_test.go
// TestGetRemainingBackoffTime).
import type { KubeObject } from '../core/types';
import { JobController } from './job';
import { deletePod, removePod } from './pod-lifecycle';
import { job, pod, zones } from '../../test/outage/cluster';
import { addWorkload, bound, run, smallWorld } from '../../test/controllers/world';

const evict = (world: ReturnType<typeof smallWorld>, p: Parameters<typeof deletePod>[1]) => deletePod(world, p, 'taint-eviction-controller', 'TaintManagerEviction', '');

test('creates parallelism pods with SuccessfulCreate events from the job-controller', () => {
  const world = smallWorld(zones(['a'], 1));
  const w = addWorkload(world, job('batch', 2) as KubeObject);
  expect(new JobController(world).sync(w)).toBe(true);
  expect(world.events.map((e) => `${e.component} ${e.reason} ${e.message}`)).toEqual(['job-controller SuccessfulCreate Created pod: batch-0', 'job-controller SuccessfulCreate Created pod: batch-1']);
});

test('TerminatingOrFailed: a deleted pod counts failed, finished when its node went not Ready; the replacement waits 10 s from then', () => {
  const world = smallWorld(zones(['a', 'b'], 1), ['a1']);
  const w = addWorkload(world, job('batch', 1) as KubeObject);
  w.next = 1;
  const c = new JobController(world);
  const p = bound(world, pod('batch-0'), 'a1', w);
  world.state.get('a1')!.notReadyAt = 50;
  world.at(55, () => evict(world, p));
  run(world, 1000, [c]);
  expect(w.backoff).toMatchObject({ failures: 1, lastFailureTime: 50 });
  // 10 s from 50: the sync at 55 waits until 60
  expect(world.events.filter((e) => e.component === 'job-controller').map((e) => `${e.at} ${e.reason}`)).toEqual(['55 PodFailureBackoff', '60 SuccessfulCreate']);
  expect(w.backoff!.waits[0]).toMatchObject({ from: 55, until: 60 });
});

test('more failures than backoffLimit: BackoffLimitExceeded, the active pods deleted, none created', () => {
  const world = smallWorld(zones(['a', 'b'], 1), ['a1']);
  const w = addWorkload(world, job('batch', 2, { backoffLimit: 0 }) as KubeObject);
  w.next = 2;
  const c = new JobController(world);
  const [p0, p1] = [bound(world, pod('batch-0'), 'a1', w), bound(world, pod('batch-1'), 'b1', w)];
  evict(world, p0);
  expect(c.sync(w)).toBe(false);
  expect(w.failedAt).toBe(0);
  expect(p1.deletedAt).toBe(0);
  expect(world.events.filter((e) => e.component === 'job-controller').map((e) => e.reason)).toEqual(['BackoffLimitExceeded', 'SuccessfulDelete']);
  expect(c.sync(w)).toBe(false);
});

test('podReplacementPolicy Failed: a Terminating pod still counts as active and is not yet failed; it counts once it goes', () => {
  const world = smallWorld(zones(['a', 'b'], 1), ['a1']);
  const w = addWorkload(world, job('batch', 1, { podFailurePolicy: { rules: [{ action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget' }] }] } }) as KubeObject);
  w.next = 1;
  const c = new JobController(world);
  const p = bound(world, pod('batch-0'), 'a1', w);
  evict(world, p);
  expect(w.backoff!.unseen).toEqual([]);
  expect(c.sync(w)).toBe(false);
  removePod(world, p, 'pod-garbage-collector-controller', 'PodGC', '');
  expect(w.backoff!.unseen).toEqual([0]);
});

// The Job controller in an outage (pkg/controller/job/job_controller.go syncJob, manageJob, isPodFailed;
// backoff_utils.go newBackoffRecord, getFinishedTime, getRemainingTimeForFailuresCount): a pod with a
// deletionTimestamp counts as failed (podReplacementPolicy TerminatingOrFailed, the default without
// podFailurePolicy); more failures than spec.backoffLimit (default 6) fail the Job with BackoffLimitExceeded and
// delete its active pods; a replacement waits 10 s·2^(failures−1), at most 10 min, from the last failure's finish time.
import { simulateOutage, nodesDown, jobBackoff, backoffLimitOf } from './simulate';
import { outcomeOf } from './summary';
import type { KubeObject } from '../core/types';
import { lines, pod, zones } from '../../test/outage/cluster';

const batch = (parallelism: number, extra: Record<string, unknown> = {}): KubeObject => ({
  apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'batch', namespace: 'default' },
  spec: {
    parallelism, completions: parallelism, ...extra,
    template: { spec: { restartPolicy: 'Never', containers: [{ name: 'batch', image: 'registry.example/job:1', resources: { requests: { cpu: '500m' } } }] } },
  },
} as KubeObject);
// b1 is full: every Job pod lands on a1
const full = [pod('filler', 'b1', { cpu: '4' })];

test('jobBackoff: 10 s doubled per further failure, capped at 10 min (MaxJobPodFailureBackOff)', () => {
  expect([1, 2, 3, 4, 5, 6, 7, 100].map(jobBackoff)).toEqual([10, 20, 40, 80, 160, 320, 600, 600]);
});

test('backoffLimitOf: spec.backoffLimit, default 6; backoffLimitPerIndex without backoffLimit has no global limit', () => {
  expect(backoffLimitOf(batch(1))).toBe(6);
  expect(backoffLimitOf(batch(1, { backoffLimit: 0 }))).toBe(0);
  expect(backoffLimitOf(batch(1, { completionMode: 'Indexed', backoffLimitPerIndex: 1 }))).toBe(Infinity);
});

test('7 pods evicted from a failed node: 7 failures > backoffLimit 6, the Job fails and creates no replacement', () => {
  const j = batch(7);
  const o = simulateOutage({ nodes: zones(['a', 'b'], 1), workloads: [j], existingPods: full }, nodesDown(['a1']));
  expect(o.pods.filter((p) => p.workload === 'Job default/batch')).toHaveLength(7);
  expect(lines(o.eventsOf(j)).filter((l) => l.includes('Job '))).toEqual(['350 Job default/batch BackoffLimitExceeded']);
  expect(o.stateOf(j)).toMatchObject({ desired: 7, running: 0, pending: 0 });
  expect(o.why(j)[0]).toMatch(/^Job default\/batch failed at 350s: BackoffLimitExceeded \("Job has reached the specified backoff limit"\): 7 pods counted failed > backoffLimit 6/);
  expect(o.format(j)).toContain('Job has reached the specified backoff limit (7 failed pods > backoffLimit 6');
  expect(outcomeOf(o, j).text).toBe('0/7 running, Job failed at 350s (BackoffLimitExceeded)');
});

test('backoffLimit 0: the first pod deleted on a failed node fails the Job', () => {
  const j = batch(1, { backoffLimit: 0 });
  const o = simulateOutage({ nodes: zones(['a', 'b'], 1), workloads: [j] }, nodesDown(['a1']));
  expect(lines(o.events).filter((l) => l.startsWith('350 '))).toEqual(['350 Pod default/batch-0 TaintManagerEviction', '350 Pod default/batch-0 Terminating', '350 Job default/batch BackoffLimitExceeded']);
  expect(o.pods).toHaveLength(1);
});

test('6 failures at 350 s, last finish at 50 s (Ready=False when a1 went Unknown): 320 s backoff, replacements at 370 s', () => {
  const j = batch(6);
  // b1 has room once the filler is gone: no filler, but the pods prefer a1 only while it has room — pin them with existing pods
  const o = simulateOutage({ nodes: zones(['a', 'b'], 1, '8'), workloads: [j], existingPods: [pod('filler', 'b1', { cpu: '5' })] }, nodesDown(['a1']));
  const created = o.events.filter((e) => e.reason === 'SuccessfulCreate').map((e) => e.at);
  expect(o.pods.filter((p) => p.node === 'a1' && p.createdAt === 0)).toHaveLength(6);
  expect(created).toEqual([370, 370, 370, 370, 370, 370]);
  expect(o.why(j, 360)).toContain('Job default/batch waits for the pod-failure backoff before creating a replacement: 6 failed pod(s) → 320s after the last failure at 50s, so not before 370s (job_controller.go manageJob, backoff_utils.go getRemainingTimeForFailuresCount)');
  expect(o.stateOf(j)).toMatchObject({ desired: 6, running: 6 });
});

test('a pod deleted on a live node finishes at the DELETE: the first replacement waits 10 s', () => {
  const j = batch(1);
  const o = simulateOutage({ nodes: zones(['a', 'b'], 1), workloads: [j] }, nodesDown(['a1'], 'drain=now:NoExecute'));
  expect(lines(o.events).filter((l) => l.includes('batch-1'))).toEqual(['10 Pod default/batch-1 SuccessfulCreate', '10 Pod default/batch-1 Scheduled']);
  expect(o.stateOf(j, 5)).toMatchObject({ running: 0, terminating: 1 });
  expect(o.stateOf(j, 10)).toMatchObject({ running: 1 });
});

test('podReplacementPolicy Failed: the failure counts when the pod is gone (PodGC after out-of-service)', () => {
  const j = batch(1, { backoffLimit: 0, podFailurePolicy: { rules: [{ action: 'Count', onPodConditions: [{ type: 'DisruptionTarget' }] }] } });
  const o = simulateOutage({ nodes: zones(['a', 'b'], 1), workloads: [j] }, { ...nodesDown(['a1']), outOfServiceAt: 600 });
  expect(lines(o.eventsOf(j)).filter((l) => l.includes('Job ') || l.includes('PodGC'))).toEqual(['600 Pod default/batch-0 PodGC', '600 Job default/batch BackoffLimitExceeded']);
});

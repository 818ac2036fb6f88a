// The disruption controller over a small world (pkg/controller/disruption/disruption.go: addPod/updatePod/deletePod
// enqueue the budget, trySync → updatePdbStatus; buildDisruptedPodMap's recheck after DeletionTimeout).
import { DisruptionController } from './disruption';
import { deletePod, removePod } from './pod-lifecycle';
import { deployment, pod, daemonSet, zones } from '../../test/outage/cluster';
import { addWorkload, bound, log, run, smallWorld } from '../../test/controllers/world';
import type { PodDisruptionBudget } from '../k8s/disruption';

const web = (replicas: number) => deployment('web', replicas);
const budget = (spec: PodDisruptionBudget['spec']): PodDisruptionBudget => ({ apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'web', namespace: 'default' }, spec });
const labelled = (name: string, app = 'web') => ({ ...pod(name), metadata: { name, namespace: 'default', labels: { app } } });
const status = (c: DisruptionController) => {
  const s = c.budgets[0].pdb.status!;
  return [s.disruptionsAllowed, s.currentHealthy, s.desiredHealthy, s.expectedPods];
};

test('the first sync counts the running pods; a deletion and a removal change the status, each shown once', () => {
  const world = smallWorld(zones(['a'], 2), [], 'taint');
  const w = addWorkload(world, web(3));
  const pods = ['web-0', 'web-1', 'web-2'].map((n, i) => bound(world, labelled(n), i ? 'a2' : 'a1', w));
  const c = new DisruptionController(world, [budget({ maxUnavailable: 1, selector: { matchLabels: { app: 'web' } } })]);
  c.start();
  expect(status(c)).toEqual([1, 3, 2, 3]);
  deletePod(world, pods[0], 'kubectl', 'Deleted', '');
  expect(status(c)).toEqual([0, 2, 2, 3]);
  run(world);
  expect(log(world).filter((l) => l.includes('PodDisruptionBudget'))).toEqual(['0 PodDisruptionBudget default/web StatusUpdated', '0 PodDisruptionBudget default/web StatusUpdated']);
  expect(c.budgets[0].workload).toBe('Deployment default/web');
});

test('readyAfter: a pod bound during the run counts as healthy only that many seconds later', () => {
  const world = smallWorld(zones(['a'], 1), [], 'taint');
  const w = addWorkload(world, web(2));
  bound(world, labelled('web-0'), 'a1', w);
  const c = new DisruptionController(world, [budget({ minAvailable: 2, selector: { matchLabels: { app: 'web' } } })], 10);
  c.start();
  expect(status(c)).toEqual([0, 1, 2, 1]);
  world.at(3, () => {
    const p = bound(world, labelled('web-1'), 'a1', w);
    world.notify('podBound', p, world.state.get('a1')!);
  });
  run(world);
  expect(world.events.filter((e) => e.component === 'disruption-controller').map((e) => `${e.at} ${e.message}`)).toEqual([
    '0 disruptionsAllowed 0 (currentHealthy 1, desiredHealthy 2, expectedPods 1)',
    '3 disruptionsAllowed 0 (currentHealthy 1, desiredHealthy 2, expectedPods 2)',
    '13 disruptionsAllowed 0 (currentHealthy 2, desiredHealthy 2, expectedPods 2)',
  ]);
});

test('an approved eviction keeps the pod in disruptedPods until it is deleting; the Eviction API decrements at once', () => {
  const world = smallWorld(zones(['a'], 1), [], 'taint');
  const w = addWorkload(world, web(3));
  const pods = ['web-0', 'web-1', 'web-2'].map((n) => bound(world, labelled(n), 'a1', w));
  const c = new DisruptionController(world, [budget({ minAvailable: 1, selector: { matchLabels: { app: 'web' } } })]);
  c.start();
  expect(c.evict(pods[0])).toMatchObject({ allowed: true, why: 'decremented' });
  expect(c.budgets[0].pdb.status).toMatchObject({ disruptionsAllowed: 1, disruptedPods: { 'web-0': '1970-01-01T00:00:00Z' } });
  // the controller's next sync (before the DELETE lands) counts web-0 out: disrupted within DeletionTimeout
  c.sync();
  expect(status(c)).toEqual([1, 2, 1, 3]);
  expect(c.budgets[0].pdb.status!.disruptedPods).toEqual({ 'web-0': '1970-01-01T00:00:00Z' });
  // a pod the API approved but nobody deleted: healthy again once DeletionTimeout (120 s) has passed (countHealthyPods:
  // not After), and out of the map at the sync after (buildDisruptedPodMap: Before), queued a second later
  run(world);
  expect(world.events.filter((e) => e.component === 'disruption-controller').map((e) => e.at)).toEqual([0, 0, 120]);
  expect(world.now).toBe(121);
  expect(status(c)).toEqual([2, 3, 1, 3]);
  expect(c.budgets[0].pdb.status!.disruptedPods).toEqual({});
  removePod(world, pods[1], 'kubelet', 'Killing', '');
  expect(status(c)).toEqual([1, 2, 1, 2]);
});

test('a percentage budget over DaemonSet pods: the sync fails (no scale subresource), 0 disruptions', () => {
  const world = smallWorld(zones(['a'], 1), [], 'taint');
  const w = addWorkload(world, daemonSet('agent'));
  bound(world, { ...pod('agent-a1'), metadata: { name: 'agent-a1', namespace: 'kube-system', labels: { app: 'agent' } } }, 'a1', w);
  const c = new DisruptionController(world, [{ ...budget({ maxUnavailable: '50%', selector: { matchLabels: { app: 'agent' } } }), metadata: { name: 'agent', namespace: 'kube-system' } }]);
  c.start();
  expect(world.events.at(-1)!.message).toBe('disruptionsAllowed 0 (currentHealthy 0, desiredHealthy 0, expectedPods 0); the sync failed: daemonsets.apps does not implement the scale subresource');
});

test('without budgets the controller listens to nothing and writes nothing', () => {
  const world = smallWorld(zones(['a'], 1), [], 'taint');
  const c = new DisruptionController(world, []);
  c.start();
  expect(world.events).toEqual([]);
});

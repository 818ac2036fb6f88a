// A pod's deletion as the API server and the kubelet carry it out (pkg/registry/core/pod/strategy.go
// CheckGracefulDelete; staging/src/k8s.io/apiserver/pkg/registry/generic/registry/store.go Delete,
// updateForGracefulDeletionAndFinalizers; the kubelet's killPod after terminationGracePeriodSeconds).
import { deletePod } from './pod-lifecycle';
import { pod, zones } from '../../test/outage/cluster';
import { addWorkload, bound, log, run, smallWorld } from '../../test/controllers/world';

const world3 = () => smallWorld(zones(['a', 'b'], 1), ['a1']);

test('on a live node: deletionTimestamp now, the object goes after the default 30 s grace period', () => {
  const world = world3();
  const p = bound(world, pod('p'), 'b1');
  world.at(10, () => deletePod(world, p, 'kubectl', 'Deleted', 'kubectl delete'));
  run(world);
  expect([p.deletedAt, p.removedAt]).toEqual([10, 40]);
  expect(p.bound?.metadata?.deletionTimestamp).toBe('1970-01-01T00:00:10Z');
  expect(log(world)).toEqual(['10 Pod default/p Deleted', '40 Pod default/p Killing']);
  expect(world.boundOn.get('b1')?.has(p)).toBe(false);
});

test('on a live node with terminationGracePeriodSeconds 5: gone 5 s later', () => {
  const world = world3();
  const p = bound(world, pod('p', undefined, { terminationGracePeriodSeconds: 5 }), 'b1');
  world.at(0, () => deletePod(world, p, 'kubectl', 'Deleted', ''));
  run(world);
  expect(p.removedAt).toBe(5);
});

test('on a node that is down: Terminating for good, nothing confirms the deletion', () => {
  const world = world3();
  const p = bound(world, pod('p'), 'a1');
  const stuck: string[] = [];
  world.on('podStuckTerminating', (q, n) => stuck.push(`${q.name}@${n.name}`));
  world.at(0, () => deletePod(world, p, 'kubectl', 'Deleted', ''));
  run(world);
  expect(p.removedAt).toBeUndefined();
  expect(log(world)).toEqual(['0 Pod default/p Deleted', '0 Pod default/p Terminating']);
  expect(stuck).toEqual(['p@a1']);
});

test('on a node that is down with terminationGracePeriodSeconds 0: the API server removes the object at once', () => {
  const world = world3();
  const p = bound(world, pod('p', undefined, { terminationGracePeriodSeconds: 0 }), 'a1');
  world.at(0, () => deletePod(world, p, 'kubectl', 'Deleted', ''));
  run(world);
  expect(p.removedAt).toBe(0);
  expect(world.events[1]).toMatchObject({ component: 'kube-apiserver', reason: 'Deleted' });
});

test('grace period 0 but a finalizer: the object waits for its finalizers', () => {
  const world = world3();
  const held = pod('p', undefined, { terminationGracePeriodSeconds: 0 });
  const p = bound(world, { ...held, metadata: { ...held.metadata, finalizers: ['example.com/hold'] } }, 'a1');
  world.at(0, () => deletePod(world, p, 'kubectl', 'Deleted', ''));
  run(world);
  expect(p.removedAt).toBeUndefined();
  expect(world.events[1].message).toBe('stays Terminating: terminationGracePeriodSeconds 0, but the object waits for its finalizers [example.com/hold]');
});

test('a Pending pod is removed at once, and leaves the owner\'s cache', () => {
  const world = world3();
  const w = addWorkload(world, { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'rs', namespace: 'default' }, spec: { replicas: 1 } } as never);
  const p = world.newPod(w, pod('rs-0'));
  const seen: string[] = [];
  world.on('podDeleted', (q) => seen.push(`deleted ${q.name}`));
  world.on('podRemoving', (q) => seen.push(`removing ${q.name} live=${world.liveOf.get(w)!.has(q)}`));
  deletePod(world, p, 'kubectl', 'Deleted', '');
  expect([p.deletedAt, p.removedAt]).toEqual([0, 0]);
  expect(seen).toEqual(['deleted rs-0', 'removing rs-0 live=true']);
  expect(world.live(w)).toEqual([]);
  expect(world.pending.size).toBe(0);
});

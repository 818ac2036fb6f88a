// The StatefulSet controller on a small world (pkg/controller/statefulset/stateful_set_control.go updateStatefulSet:
// a pod per ordinal, created only for an empty slot; OrderedReady stops at the first ordinal that is Terminating or
// not Running and Ready; Parallel does not; cf. stateful_set_control_test.go TestStatefulSetControl, TestParallelScale).
import { StatefulSetController } from './statefulset';
import { deletePod, removePod } from './pod-lifecycle';
import { pod, statefulSet, zones } from '../../test/outage/cluster';
import { addWorkload, bound, smallWorld } from '../../test/controllers/world';

test('OrderedReady: one ordinal per sync, the next only once the one before is Running and Ready', () => {
  const world = smallWorld(zones(['a'], 1));
  const w = addWorkload(world, statefulSet('db', 3));
  const c = new StatefulSetController(world);
  expect(c.sync(w)).toBe(true);
  expect(world.live(w).map((p) => p.name)).toEqual(['db-0']);
  // db-0 Pending: the pass stops there
  expect(c.sync(w)).toBe(false);
  expect(w.waiting).toBe('StatefulSet default/db is waiting for Pod db-0 to be Running and Ready');
  world.bind(world.live(w)[0], 'a1');
  w.waiting = undefined;
  expect(c.sync(w)).toBe(true);
  expect(world.events.map((e) => e.message)).toEqual(['create Pod db-0 in StatefulSet db successful', 'create Pod db-1 in StatefulSet db successful']);
});

test('no replacement while the old pod object exists; a new one for the empty slot once it is gone', () => {
  const world = smallWorld(zones(['a', 'b'], 1), ['a1']);
  const w = addWorkload(world, statefulSet('db', 1));
  const p = bound(world, pod('db-0'), 'a1', w, { ordinal: 0 });
  const c = new StatefulSetController(world);
  deletePod(world, p, 'taint-eviction-controller', 'TaintManagerEviction', '');
  expect(c.sync(w)).toBe(false);
  removePod(world, p, 'pod-garbage-collector-controller', 'PodGC', '');
  expect(c.sync(w)).toBe(true);
  expect(world.live(w).map((q) => `${q.name}#${q.ordinal}`)).toEqual(['db-0#0']);
  expect(world.live(w)[0]).not.toBe(p);
});

test('OrderedReady: a Terminating ordinal holds back the missing higher ones, and says so', () => {
  const world = smallWorld(zones(['a', 'b'], 1), ['a1']);
  const w = addWorkload(world, statefulSet('db', 2));
  const p0 = bound(world, pod('db-0'), 'a1', w, { ordinal: 0 });
  deletePod(world, p0, 'taint-eviction-controller', 'TaintManagerEviction', '');
  expect(new StatefulSetController(world).sync(w)).toBe(false);
  expect(w.waiting).toBe('StatefulSet default/db is waiting for Pod db-0 to Terminate');
});

test('Parallel: every empty slot in one sync, whatever the state of the others', () => {
  const world = smallWorld(zones(['a', 'b'], 1), ['a1']);
  const w = addWorkload(world, statefulSet('db', 3, undefined, {}, 'Parallel'));
  const p1 = bound(world, pod('db-1'), 'a1', w, { ordinal: 1 });
  deletePod(world, p1, 'taint-eviction-controller', 'TaintManagerEviction', '');
  expect(new StatefulSetController(world).sync(w)).toBe(true);
  expect(world.live(w).map((q) => q.name).sort()).toEqual(['db-0', 'db-1', 'db-2']);
  expect(w.waiting).toBeUndefined();
});

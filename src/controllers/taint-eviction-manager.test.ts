// The taint-eviction controller on a small world (pkg/controller/tainteviction/taint_eviction.go handleNodeUpdate,
// handlePodUpdate, processPodOnNode; cf. taint_eviction_test.go TestUpdateNode, TestUpdateNodeWithMultipleTaints,
// TestCreatePod, TestGetMinTolerationTime). The one-pod verdict itself is src/controllers/taint-eviction.test.ts.
import type { Toleration } from '../core/types';
import { TaintEvictionController } from './taint-eviction-manager';
import { pod, zones } from '../../test/outage/cluster';
import { bound, log, run, smallWorld } from '../../test/controllers/world';

const drain = { key: 'drain', value: 'now', effect: 'NoExecute' as const };
const tolerating = (seconds?: number, key = 'drain'): Toleration[] => [{ key, operator: 'Exists', effect: 'NoExecute', ...(seconds === undefined ? {} : { tolerationSeconds: seconds }) }];

function setup(tolerations?: Toleration[]) {
  const world = smallWorld(zones(['a', 'b'], 1), ['a1'], 'taint');
  const controller = new TaintEvictionController(world);
  const p = bound(world, pod('p', undefined, tolerations ? { tolerations } : {}), 'a1');
  return { world, controller, p, a1: world.state.get('a1')! };
}

test('a NoExecute taint the pod does not tolerate: deleted at once, the untolerated taint named', () => {
  const { world, p, a1 } = setup();
  world.at(10, () => world.addTaint(a1, drain));
  run(world);
  expect(p.deletedAt).toBe(10);
  expect(world.events[0]).toMatchObject({ at: 10, component: 'taint-eviction-controller', reason: 'TaintManagerEviction', message: 'Marking for deletion Pod default/p: drain=now:NoExecute is not tolerated' });
});

test('tolerated for 30 s: deleted 30 s after the taint, the toleration named', () => {
  const { world, p, a1 } = setup(tolerating(30));
  world.at(10, () => world.addTaint(a1, drain));
  run(world);
  expect(p.deletedAt).toBe(40);
  expect(world.events[0].message).toBe('Marking for deletion Pod default/p: drain=now:NoExecute tolerated for 30s by {key: "drain", operator: Exists, effect: NoExecute, tolerationSeconds: 30}');
});

test('tolerated without tolerationSeconds: never deleted', () => {
  const { world, p, a1 } = setup(tolerating());
  world.at(10, () => world.addTaint(a1, drain));
  expect(run(world)).toBe(false);
  expect(p.deletedAt).toBeUndefined();
  expect(world.events).toEqual([]);
});

test('a NoSchedule taint is not the controller\'s business', () => {
  const { world, p, a1 } = setup();
  world.at(10, () => world.addTaint(a1, { key: 'drain', effect: 'NoSchedule' }));
  run(world);
  expect(p.deletedAt).toBeUndefined();
});

test('two NoExecute taints: the shortest tolerationSeconds of the tolerations used (getMinTolerationTime)', () => {
  const { world, p, a1 } = setup([...tolerating(100), ...tolerating(20, 'other')]);
  world.at(0, () => {
    world.addTaint(a1, drain);
    world.addTaint(a1, { key: 'other', effect: 'NoExecute' });
  });
  run(world);
  expect(p.deletedAt).toBe(20);
});

test('a scheduled deletion keeps its start when a later taint asks for a shorter toleration (startTime.Add(min).Before(trigger))', () => {
  const { world, p, a1 } = setup([...tolerating(300), ...tolerating(10, 'other')]);
  world.at(50, () => world.addTaint(a1, drain));
  world.at(100, () => world.addTaint(a1, { key: 'other', effect: 'NoExecute' }));
  run(world);
  // the work queued at 50 for 300 s stays: 50 + 10 is before 100 + 10
  expect(p.deletedAt).toBe(350);
});

test('handlePodUpdate: a pod bound to a node that already has a NoExecute taint gets its timer from the binding', () => {
  const { world, a1 } = setup(tolerating(30));
  // (set without a node update: only the binding below is processed)
  world.setTaints(a1, [drain]);
  const late = pod('late', undefined, { tolerations: tolerating(30) });
  world.at(100, () => {
    const q = bound(world, late, 'a1');
    world.notify('podBound', q, a1);
  });
  run(world);
  // a1 is up (a taint condition): its kubelet removes the pod after the 30 s grace period
  expect(log(world)).toEqual(['130 Pod default/late TaintManagerEviction', '160 Pod default/late Killing']);
});

test('syncAll: pods already on a NoExecute-tainted node are processed at start', () => {
  const { world, controller, p, a1 } = setup(tolerating(5));
  world.setTaints(a1, [drain]);
  world.at(0, () => controller.syncAll());
  run(world);
  expect(p.deletedAt).toBe(5);
});

// the timed worker queue's rules (timed_workers.go), as the real controller showed them (test/e2e/oracle-regressions-ctrl.test.ts)
test('an untolerated taint cancels a scheduled deletion with its event, then deletes at once', () => {
  const { world, p, a1 } = setup(tolerating(300));
  world.at(0, () => world.addTaint(a1, drain));
  world.at(10, () => world.addTaint(a1, { key: 'other', effect: 'NoExecute' }));
  run(world);
  expect(p.deletedAt).toBe(10);
  expect(world.events.slice(0, 2).map((e) => e.message)).toEqual(['Cancelling deletion of Pod default/p', 'Marking for deletion Pod default/p: other:NoExecute is not tolerated']);
});

test('tolerationSeconds 0 for a later taint keeps the deletion already scheduled', () => {
  const { world, p, a1 } = setup([...tolerating(300), ...tolerating(0, 'other')]);
  world.at(0, () => world.addTaint(a1, drain));
  world.at(10, () => world.addTaint(a1, { key: 'other', effect: 'NoExecute' }));
  run(world);
  expect(p.deletedAt).toBe(300);
});

test('a Terminating pod on the node is processed too: a further untolerated taint marks it again, its deletionTimestamp stays', () => {
  const { world, p, a1 } = setup();
  world.at(0, () => world.addTaint(a1, drain));
  world.at(10, () => world.addTaint(a1, { key: 'other', effect: 'NoExecute' }));
  run(world);
  expect(p.deletedAt).toBe(0);
  expect(log(world)).toEqual(['0 Pod default/p TaintManagerEviction', '10 Pod default/p TaintManagerEviction', '30 Pod default/p Killing']);
});

test('a Terminating pod it deleted is not scheduled again for a tolerated taint (AddWork skips the key it keeps)', () => {
  const { world, p, a1 } = setup([...tolerating(5), ...tolerating(100, 'other')]);
  world.at(0, () => world.addTaint(a1, drain));
  world.at(10, () => world.addTaint(a1, { key: 'other', effect: 'NoExecute' }));
  run(world);
  expect(p.deletedAt).toBe(5);
  expect(log(world)).toEqual(['5 Pod default/p TaintManagerEviction', '35 Pod default/p Killing']);
});

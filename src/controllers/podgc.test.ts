// PodGC's gcTerminating on a small world (pkg/controller/podgc/gc_controller.go gcTerminating, gcCheckPeriod 20 s;
// cf. gc_controller_test.go TestGCTerminating: terminating pods on not-Ready nodes with the out-of-service taint).
import { OUT_OF_SERVICE_TAINT, PodGCController } from './podgc';
import { deletePod } from './pod-lifecycle';
import { pod, zones } from '../../test/outage/cluster';
import { bound, run, smallWorld } from '../../test/controllers/world';

const outOfService = { key: OUT_OF_SERVICE_TAINT, value: 'nodeshutdown', effect: 'NoExecute' as const };

function setup() {
  const world = smallWorld(zones(['a', 'b'], 1), ['a1']);
  const gc = new PodGCController(world);
  const a1 = world.state.get('a1')!;
  return { world, gc, a1 };
}

test('a Terminating pod on a not-Ready out-of-service node is force-deleted at the next 20 s pass', () => {
  const { world, gc, a1 } = setup();
  a1.ready = 'Unknown';
  world.setTaints(a1, [outOfService]);
  const p = bound(world, pod('p'), 'a1');
  world.at(45, () => {
    deletePod(world, p, 'kubectl', 'Deleted', '');
    gc.passAt(world.now);
  });
  run(world);
  expect(p.removedAt).toBe(60);
  expect(world.events.at(-1)).toMatchObject({ component: 'pod-garbage-collector-controller', reason: 'PodGC', message: 'Terminating on out-of-service node a1 (Ready=Unknown): marked Failed (DisruptionTarget) and force-deleted (grace period 0)' });
});

test('a pod left Terminating on such a node asks for a pass itself', () => {
  const { world, a1 } = setup();
  a1.ready = 'Unknown';
  world.setTaints(a1, [outOfService]);
  const p = bound(world, pod('p'), 'a1');
  world.at(61, () => deletePod(world, p, 'kubectl', 'Deleted', ''));
  run(world);
  expect(p.removedAt).toBe(80);
});

test('a node still Ready is waited for, pass after pass', () => {
  const { world, gc, a1 } = setup();
  world.setTaints(a1, [outOfService]);
  const p = bound(world, pod('p'), 'a1');
  world.at(0, () => deletePod(world, p, 'kubectl', 'Deleted', ''));
  world.at(0, () => gc.passAt(0));
  world.at(50, () => {
    a1.ready = 'Unknown';
  });
  run(world);
  expect(p.removedAt).toBe(60);
});

test('neither a pod without a deletionTimestamp nor one on a node without the taint', () => {
  const { world, gc, a1 } = setup();
  a1.ready = 'Unknown';
  const running = bound(world, pod('running'), 'a1');
  const elsewhere = bound(world, pod('elsewhere'), 'a1');
  world.at(0, () => {
    deletePod(world, elsewhere, 'kubectl', 'Deleted', '');
    gc.passAt(0);
  });
  run(world);
  expect([running.removedAt, elsewhere.removedAt]).toEqual([undefined, undefined]);
});

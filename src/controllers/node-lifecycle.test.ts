// The node lifecycle controller on a small world (pkg/controller/nodelifecycle/node_lifecycle_controller.go
// monitorNodeHealth, tryUpdateNodeHealth, doNoScheduleTaintingPass, processTaintBaseEviction, handleDisruption;
// cf. node_lifecycle_controller_test.go TestMonitorNodeHealth, TestApplyNoExecuteTaints, TestTaintsNodeByCondition).
// The pure zone rules (ComputeZoneState, ReducedQPSFunc, GetZoneKey, the rate-limited queue) are in src/outage/rules.test.ts.
import { withConfiguration } from '../core/config';
import { NodeLifecycleController, noExecuteLag } from './node-lifecycle';
import { zones } from '../../test/outage/cluster';
import { log, run, smallWorld } from '../../test/controllers/world';

const started = (world: ReturnType<typeof smallWorld>, grace?: number) => {
  const c = new NodeLifecycleController(world, grace);
  c.start();
  return c;
};

test('unreachable: Ready=Unknown and NoSchedule after the grace period, then NoExecute through the zone queue at 0.1 nodes/s', () => {
  const world = smallWorld(zones(['a', 'b'], 3), ['a1', 'a2']);
  const tainted: string[] = [];
  world.on('noExecuteTaint', (n) => tainted.push(`${world.now} ${n.name}`));
  const c = started(world);
  run(world);
  expect(log(world)).toEqual(['50 Node a1 NodeNotReady', '50 Node a2 NodeNotReady', '50 Zone a Normal', '50 Node a1 TaintNoExecute', '60 Node a2 TaintNoExecute']);
  expect(tainted).toEqual(['50 a1', '60 a2']);
  const a1 = world.state.get('a1')!;
  expect([a1.ready, a1.notReadyAt]).toEqual(['Unknown', 50]);
  expect(a1.added).toEqual([{ key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule' }, { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' }]);
  expect(world.state.get('b1')!.added).toEqual([]);
  expect(c.zones.find((z) => z.name === 'a')).toMatchObject({ size: 3, notReady: 2, state: 'Normal', rate: 0.1 });
});

test('the grace period is the controller\'s --node-monitor-grace-period', () => {
  const world = smallWorld(zones(['a', 'b'], 1), ['a1']);
  started(world, 40);
  run(world);
  expect(log(world)[0]).toBe('40 Node a1 NodeNotReady');
});

test('before v1.34 an unreachable node enters the tainting queue one 5 s monitor pass later (kubernetes #120816)', () => {
  expect(withConfiguration({ kubernetesVersion: '1.33' }, () => noExecuteLag('unreachable'))).toBe(5);
  expect(withConfiguration({ kubernetesVersion: '1.34' }, () => noExecuteLag('unreachable'))).toBe(0);
  expect(withConfiguration({ kubernetesVersion: '1.33' }, () => noExecuteLag('notReady'))).toBe(0);
  const world = smallWorld(zones(['a', 'b'], 1), ['a1']);
  withConfiguration({ kubernetesVersion: '1.33' }, () => {
    started(world);
    run(world);
  });
  expect(world.events.filter((e) => e.reason === 'TaintNoExecute').map((e) => e.at)).toEqual([55]);
});

test('notReady: a live kubelet\'s Ready=False is seen at once; the not-ready taints', () => {
  const world = smallWorld(zones(['a', 'b'], 1), ['a1'], 'notReady');
  started(world);
  run(world);
  expect(log(world)).toEqual(['0 Node a1 NodeNotReady', '0 Zone a FullDisruption', '0 Node a1 TaintNoExecute']);
  expect(world.state.get('a1')!.ready).toBe('False');
  expect(world.state.get('a1')!.added.map((t) => `${t.key}:${t.effect}`)).toEqual(['node.kubernetes.io/not-ready:NoSchedule', 'node.kubernetes.io/not-ready:NoExecute']);
});

test('every zone FullDisruption: master disruption mode, no NoExecute taint at all', () => {
  const world = smallWorld(zones(['a', 'b'], 1), ['a1', 'b1']);
  const c = started(world);
  run(world);
  expect(log(world)).toEqual(['50 Node a1 NodeNotReady', '50 Node b1 NodeNotReady', '50 Cluster MasterDisruptionMode']);
  expect(c.allZonesFullyDisrupted).toBe(true);
});

test('a PartialDisruption zone of at most 50 nodes stops NoExecute tainting (ReducedQPSFunc → 0)', () => {
  const world = smallWorld(zones(['a', 'b'], 5), ['a1', 'a2', 'a3']);
  const c = started(world);
  run(world);
  expect(log(world)).toEqual(['50 Node a1 NodeNotReady', '50 Node a2 NodeNotReady', '50 Node a3 NodeNotReady', '50 Zone a PartialDisruption']);
  expect(c.zoneOf(world.state.get('a1')!.original)).toMatchObject({ state: 'PartialDisruption', rate: 0, notReady: 3, size: 5 });
});

test('a taint condition leaves the nodes Ready: the controller does nothing', () => {
  const world = smallWorld(zones(['a', 'b'], 1), ['a1'], 'taint');
  started(world);
  expect(run(world)).toBe(false);
  expect(world.events).toEqual([]);
  expect(world.state.get('a1')!.ready).toBe('True');
});

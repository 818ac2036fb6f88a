// The DaemonSet controller on a small world (pkg/controller/daemon/daemon_controller.go manage, NodeShouldRunDaemonPod;
// cf. daemon_controller_test.go TestSimpleDaemonSetLaunchesPods, TestTaintedNodeDaemonDoesNotLaunchIntolerantPod,
// TestUnreachableNodeDaemonLaunchesPod).
import { DaemonSetController } from './daemonset';
import { daemonSet, zones } from '../../test/outage/cluster';
import { addWorkload, smallWorld } from '../../test/controllers/world';

test('a pod for each node it should run on, named <name>-<node>, and none again on the next sync', () => {
  const world = smallWorld(zones(['a', 'b'], 1));
  const w = addWorkload(world, daemonSet('agent'));
  const c = new DaemonSetController(world);
  expect(c.sync(w)).toBe(true);
  expect(world.live(w).map((p) => `${p.name}→${p.daemonNode}`)).toEqual(['agent-a1→a1', 'agent-b1→b1']);
  expect(world.events.map((e) => `${e.component} ${e.object} ${e.message}`)).toEqual([
    'daemonset-controller Pod kube-system/agent-a1 Created pod: agent-a1', 'daemonset-controller Pod kube-system/agent-b1 Created pod: agent-b1',
  ]);
  expect(c.sync(w)).toBe(false);
  expect(c.desired(w)).toBe(2);
});

test('a node tainted NoSchedule it does not tolerate leaves desiredNumberScheduled and gets no pod', () => {
  const world = smallWorld(zones(['a', 'b'], 1), ['a1']);
  world.setTaints(world.state.get('a1')!, [{ key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule' }]);
  const w = addWorkload(world, daemonSet('agent'));
  const c = new DaemonSetController(world);
  c.sync(w);
  expect(world.live(w).map((p) => p.daemonNode)).toEqual(['b1']);
  expect(c.desired(w)).toBe(1);
});

test('the unreachable NoExecute taint is tolerated (the controller\'s own tolerations): the node still counts', () => {
  const world = smallWorld(zones(['a', 'b'], 1), ['a1']);
  world.setTaints(world.state.get('a1')!, [{ key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' }]);
  const c = new DaemonSetController(world);
  expect(c.desired(addWorkload(world, daemonSet('agent')))).toBe(2);
});

test('a node that has the DaemonSet\'s pod, even a Terminating one, gets no second pod', () => {
  const world = smallWorld(zones(['a'], 1));
  const w = addWorkload(world, daemonSet('agent'));
  const c = new DaemonSetController(world);
  c.sync(w);
  world.live(w)[0].deletedAt = 0;
  expect(c.sync(w)).toBe(false);
});

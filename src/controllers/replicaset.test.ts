// The ReplicaSet controller on a small world (pkg/controller/replicaset/replica_set.go syncReplicaSet,
// manageReplicas; controller_utils.go FilterActivePods / IsPodActive; cf. replica_set_test.go TestDeletionTimestamp,
// TestSyncReplicaSetDormancy).
import { ReplicaSetController } from './replicaset';
import { deletePod } from './pod-lifecycle';
import { deployment, pod, zones } from '../../test/outage/cluster';
import { addWorkload, bound, smallWorld } from '../../test/controllers/world';

const rc = { apiVersion: 'v1', kind: 'ReplicationController', metadata: { name: 'old', namespace: 'default' }, spec: { replicas: 2, selector: { app: 'old' }, template: { metadata: { labels: { app: 'old' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } } };

test('creates the missing replicas, named <name>-<n>, each with a SuccessfulCreate event', () => {
  const world = smallWorld(zones(['a'], 1));
  const w = addWorkload(world, deployment('web', 3));
  const c = new ReplicaSetController(world);
  expect(c.sync(w)).toBe(true);
  expect(world.live(w).map((p) => p.name)).toEqual(['web-0', 'web-1', 'web-2']);
  expect(world.events.map((e) => [e.component, e.reason, e.message])).toEqual([0, 1, 2].map((i) => ['replicaset-controller', 'SuccessfulCreate', `Created pod: web-${i}`]));
  expect(c.sync(w)).toBe(false); // nothing missing: the next sync does nothing
  expect(c.desired(w)).toBe(3);
});

test('a pod with a deletionTimestamp is not active: replaced in the same sync, while it is still Terminating', () => {
  const world = smallWorld(zones(['a', 'b'], 1), ['a1']);
  const w = addWorkload(world, deployment('web', 2));
  w.next = 2;
  const [p0] = [bound(world, pod('web-0'), 'a1', w), bound(world, pod('web-1'), 'b1', w)];
  deletePod(world, p0, 'taint-eviction-controller', 'TaintManagerEviction', '');
  expect(new ReplicaSetController(world).sync(w)).toBe(true);
  expect(world.live(w).map((p) => `${p.name}${p.deletedAt === undefined ? '' : ' (Terminating)'}`)).toEqual(['web-0 (Terminating)', 'web-1', 'web-2']);
});

test('a ReplicationController: the same manager under its own name', () => {
  const world = smallWorld(zones(['a'], 1));
  const w = addWorkload(world, rc as never);
  new ReplicaSetController(world).sync(w);
  expect(world.events.map((e) => `${e.component} ${e.object}`)).toEqual(['replicationcontroller-controller Pod default/old-0', 'replicationcontroller-controller Pod default/old-1']);
});

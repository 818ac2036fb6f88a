// Each controller rule the outage simulation applies, table-tested against the upstream function it comes from.
import { computeZoneState, noExecuteTaintTimes, zoneEvictionRate, zoneKey, zonesAfterFailure, NODE_MONITOR_GRACE_PERIOD } from '../controllers/node-lifecycle';
import { simulateOutage, nodesDown } from '.';
import { daemonSet, deployment, job, lines, pod, statefulSet, zonedNode, zones } from '../../test/outage/cluster';

// pkg/controller/nodelifecycle/node_lifecycle_controller.go ComputeZoneState
describe('ComputeZoneState', () => {
  test.each([
    [0, 1, 'FullDisruption'],
    [0, 0, 'Normal'],
    [1, 2, 'Normal'], // 67 % but not more than two not Ready
    [2, 3, 'PartialDisruption'], // 3 of 5: 60 % ≥ 55 %
    [3, 3, 'Normal'], // 50 %
    [9, 11, 'PartialDisruption'], // exactly 0.55 in float32
    [10, 12, 'Normal'], // 54.5 %
    [22, 29, 'PartialDisruption'],
  ])('%i Ready, %i not Ready → %s', (ready, notReady, state) => {
    expect(computeZoneState(ready, notReady)).toBe(state);
  });
});

// setLimiterInZone, HealthyQPSFunc, ReducedQPSFunc (int32(nodeNum) > largeClusterThreshold)
describe('setLimiterInZone', () => {
  test.each([
    ['Normal', 3, 0.1],
    ['Normal', 500, 0.1],
    ['FullDisruption', 5, 0.1],
    ['PartialDisruption', 5, 0],
    ['PartialDisruption', 50, 0],
    ['PartialDisruption', 51, 0.01],
  ] as const)('%s in a zone of %i nodes → %f nodes/s', (state, size, rate) => {
    expect(zoneEvictionRate(state, size)).toBe(rate);
  });
});

// rate_limited_queue.go RateLimitedTimedQueue.Try with a token bucket of burst 1 (EvictionRateLimiterBurst), full at first
describe('NoExecute tainting through the zone queue', () => {
  test.each([
    [0.1, 5, [50, 60, 70, 80, 90]],
    // float32(0.01) is a little below 0.01: after 100 s the bucket holds 0.99999998, the token comes at the next 100 ms pass
    [0.01, 3, [50, 150.1, 250.2]],
    [0, 4, []],
  ])('rate %f, %i nodes queued at 50 s', (rate, n, times) => {
    expect(noExecuteTaintTimes(50, n, rate)).toEqual(times);
  });
});

// staging/src/k8s.io/component-helpers/node/topology/helpers.go GetZoneKey
describe('GetZoneKey', () => {
  const n = (labels: Record<string, string>) => ({ kind: 'Node' as const, metadata: { name: 'n', labels } });
  test.each([
    [{}, ''],
    [{ 'topology.kubernetes.io/zone': 'a' }, ':\u0000:a'],
    [{ 'topology.kubernetes.io/region': 'r', 'topology.kubernetes.io/zone': 'a' }, 'r:\u0000:a'],
    [{ 'failure-domain.beta.kubernetes.io/zone': 'old', 'topology.kubernetes.io/zone': 'new' }, ':\u0000:old'],
  ])('%j → %j', (labels, key) => expect(zoneKey(n(labels))).toBe(key));
});

// handleDisruption and isNodeExcludedFromDisruptionChecks
describe('handleDisruption', () => {
  test('nodes labelled node.kubernetes.io/exclude-disruption count neither to size nor to not Ready', () => {
    const nodes = [...zones(['a'], 3), zonedNode('a-excluded', 'a', '4', { 'node.kubernetes.io/exclude-disruption': '' })];
    const { zones: z } = zonesAfterFailure(nodes, new Set(['a1', 'a2', 'a-excluded']));
    expect(z).toEqual([expect.objectContaining({ name: 'a', size: 3, notReady: 2, state: 'Normal', rate: 0.1 })]);
  });
  test('a node already not Ready in the input counts as not Ready: 2 failed + 1 NotReady of 5 → PartialDisruption', () => {
    const nodes = zones(['a'], 5).concat(zones(['b'], 1));
    nodes[2] = { ...nodes[2], status: { ...nodes[2].status, conditions: [{ type: 'Ready', status: 'False' }] } };
    const { zones: z } = zonesAfterFailure(nodes, new Set(['a1', 'a2']));
    expect(z.find((x) => x.name === 'a')).toMatchObject({ size: 5, notReady: 3, state: 'PartialDisruption', rate: 0 });
  });
  test('every zone FullDisruption: master disruption mode, every rate 0', () => {
    const nodes = zones(['a', 'b'], 2);
    const result = zonesAfterFailure(nodes, new Set(['a1', 'a2', 'b1', 'b2']));
    expect(result.allFullyDisrupted).toBe(true);
    expect(result.zones.map((z) => z.rate)).toEqual([0, 0]);
  });
  test('one zone fully disrupted, another healthy: the normal rate', () => {
    const result = zonesAfterFailure(zones(['a', 'b'], 2), new Set(['a1', 'a2']));
    expect(result.allFullyDisrupted).toBe(false);
    expect(result.zones.find((z) => z.name === 'a')).toMatchObject({ state: 'FullDisruption', rate: 0.1 });
  });
});

describe('defaults', () => {
  test('node-monitor-grace-period is 50 s (kubernetes PR #126287, v1.32)', () => expect(NODE_MONITOR_GRACE_PERIOD).toBe(50));
  test('gracePeriod: 40 models a cluster up to v1.31', () => {
    const o = simulateOutage({ nodes: zones(['a', 'b'], 1), workloads: [] }, nodesDown(['a1']), { gracePeriod: 40 });
    expect(lines(o.events)).toContain('40 Node a1 TaintNoExecute');
  });
  test('notReady (a live kubelet posts Ready=False) needs no grace period', () => {
    const o = simulateOutage({ nodes: zones(['a', 'b'], 1), workloads: [] }, nodesDown(['a1'], 'notReady'));
    expect(o.events.filter((e) => e.reason === 'TaintNoExecute').map((e) => [e.at, e.message])).toEqual([[0, 'taint node.kubernetes.io/not-ready:NoExecute (zone a tainting queue)']]);
  });
});

// pkg/controller/tainteviction/taint_eviction.go processPodOnNode
describe('taint-eviction controller', () => {
  const nodes = zones(['a', 'b'], 1);
  test.each([
    ['default tolerations (DefaultTolerationSeconds 300)', undefined, 350],
    ['tolerationSeconds 30', [{ key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 30 }], 80],
    ['tolerationSeconds 0 → at once', [{ key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 0 }], 50],
    ['no tolerationSeconds → never', [{ key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute' }], undefined],
  ] as const)('%s', (_name, tolerations, deletedAt) => {
    const p = pod('p', 'a1', { tolerations: tolerations as never });
    const o = simulateOutage({ nodes, existingPods: [p] }, nodesDown(['a1']));
    expect(o.pods.find((r) => r.name === 'p')?.deletedAt).toBe(deletedAt);
  });
  test('an untolerated NoExecute taint replaces a scheduled deletion with an immediate one (out-of-service at 100 s)', () => {
    const o = simulateOutage({ nodes, existingPods: [pod('p', 'a1')] }, { nodes: ['a1'], outOfServiceAt: 100 });
    expect(o.pods[0]).toMatchObject({ deletedAt: 100, removedAt: 100 });
  });
  test('a scheduled deletion keeps its start when a later taint is tolerated for a shorter time', () => {
    const tolerations = [
      { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
      { key: 'node.kubernetes.io/out-of-service', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 10 },
    ];
    const o = simulateOutage({ nodes, existingPods: [pod('p', 'a1', { tolerations: tolerations as never })] }, { nodes: ['a1'], outOfServiceAt: 100 });
    // startTime stays 50 (the first evaluation); 50 + 10 is before 100 + 10, so the existing work is kept: 350
    expect(o.pods[0].deletedAt).toBe(350);
  });
});

// pkg/controller/replicaset/replica_set.go syncReplicaSet + controller_utils.go FilterActivePods / IsPodActive
describe('ReplicaSet: a pod with a deletionTimestamp is not active', () => {
  test('the replacement is created in the same second, while the old pod is Terminating', () => {
    const web = deployment('web', 2);
    const o = simulateOutage({ nodes: zones(['a', 'b'], 1), workloads: [web] }, nodesDown(['a1']));
    expect(lines(o.eventsOf(web)).filter((l) => l.startsWith('350'))).toEqual([
      '350 Pod default/web-0 TaintManagerEviction', '350 Pod default/web-0 Terminating', '350 Pod default/web-2 SuccessfulCreate', '350 Pod default/web-2 Scheduled',
    ]);
    expect(o.stateOf(web)).toMatchObject({ desired: 2, running: 2, terminating: 1 });
  });
});

// pkg/controller/statefulset/stateful_set_control.go: a pod per ordinal, created only for an empty slot
describe('StatefulSet: at most one pod per identity', () => {
  const nodes = zones(['a', 'b', 'c'], 1);
  test('no replacement while the old pod object exists', () => {
    const db = statefulSet('db', 3);
    const o = simulateOutage({ nodes, workloads: [db] }, nodesDown(['a1']));
    expect(o.stateOf(db)).toEqual({ workload: 'StatefulSet default/db', kind: 'StatefulSet', desired: 3, running: 2, pending: 0, terminating: 1 });
    expect(o.eventsOf(db).some((e) => e.reason === 'SuccessfulCreate')).toBe(false);
  });
  test('OrderedReady: ordinal 1 is not recreated while ordinal 0 is not Running and Ready; Parallel recreates both', () => {
    // db-0 on a1 and db-1 on b1 (2 CPU each); both nodes lost and marked out-of-service at 400 s; c1 has 1 CPU
    const nodes2 = [zonedNode('a1', 'a', '2'), zonedNode('b1', 'b', '2'), zonedNode('c1', 'c', '1')];
    const created = (policy: 'OrderedReady' | 'Parallel') => {
      const db = statefulSet('db', 2, '2', {}, policy);
      const o = simulateOutage({ nodes: nodes2, workloads: [db] }, { nodes: ['a1', 'b1'], outOfServiceAt: 400 });
      return { o, db, pending: o.stateOf(db).pending };
    };
    const ordered = created('OrderedReady');
    expect(ordered.pending).toBe(1);
    expect(ordered.o.why(ordered.db)).toEqual([
      expect.stringMatching(/^db-0 is Pending: 0\/3 nodes are available: 1 Insufficient cpu, 2 node\(s\) had untolerated taint/),
      'StatefulSet default/db is waiting for Pod db-0 to be Running and Ready, so higher ordinals are not created',
    ]);
    expect(created('Parallel').pending).toBe(2);
  });
});

// pkg/controller/daemon: the controller's tolerations (daemonset_util.go AddOrUpdateDaemonPodTolerations) and NodeShouldRunDaemonPod
describe('DaemonSet', () => {
  const nodes = zones(['a', 'b'], 1);
  test('its pod tolerates unreachable:NoExecute without limit: never evicted; the node leaves desiredNumberScheduled', () => {
    const agent = daemonSet('agent');
    const o = simulateOutage({ nodes, workloads: [agent] }, nodesDown(['a1']));
    expect(o.pods.map((p) => p.deletedAt)).toEqual([undefined, undefined]);
    expect(o.stateOf(agent, 49)).toMatchObject({ desired: 2, running: 1 });
    expect(o.stateOf(agent)).toMatchObject({ desired: 1, running: 1, terminating: 0 });
  });
  test('a DaemonSet tolerating every NoSchedule taint keeps the lost node in desiredNumberScheduled: not all running again', () => {
    const agent = daemonSet('agent', { tolerations: [{ operator: 'Exists', effect: 'NoSchedule' }] });
    const o = simulateOutage({ nodes, workloads: [agent] }, nodesDown(['a1']));
    expect(o.stateOf(agent)).toMatchObject({ desired: 2, running: 1 });
    expect(o.why(agent)).toEqual([expect.stringContaining('agent-a1 is on a1, which is down; the DaemonSet controller never moves a pod to another node, and a1 still counts in desiredNumberScheduled')]);
  });
  test('out-of-service:NoExecute is not tolerated: the pod is deleted, force-deleted by PodGC, and not recreated', () => {
    const agent = daemonSet('agent');
    const o = simulateOutage({ nodes, workloads: [agent] }, { nodes: ['a1'], outOfServiceAt: 100 });
    expect(o.pods.find((p) => p.node === 'a1')).toMatchObject({ deletedAt: 100, removedAt: 100 });
    expect(o.pods).toHaveLength(2);
  });
});

// pkg/controller/podgc/gc_controller.go gcTerminating: terminating pods on a not-Ready node with the out-of-service taint key
describe('PodGC and the out-of-service taint', () => {
  const nodes = zones(['a', 'b'], 1);
  test('a pass every 20 s; a node still Ready (before the grace period) is waited for', () => {
    const db = statefulSet('db', 1);
    const o = simulateOutage({ nodes, workloads: [db] }, { nodes: ['a1'], outOfServiceAt: 10 });
    // deleted by the taint-eviction controller at 10 s; PodGC passes at 20 and 40 see Ready=True; at 60 Ready=Unknown
    expect(o.pods[0]).toMatchObject({ node: 'a1', deletedAt: 10, removedAt: 60 });
    expect(o.pods[1]).toMatchObject({ name: 'db-0', node: 'b1', createdAt: 60, boundAt: 60 });
  });
  test('a pass at the next multiple of 20 s', () => {
    const db = statefulSet('db', 1);
    const o = simulateOutage({ nodes, workloads: [db] }, { nodes: ['a1'], outOfServiceAt: 405 });
    expect(o.pods[0]).toMatchObject({ deletedAt: 350, removedAt: 420 });
  });
  test('a pod not terminating is left alone by PodGC (a tolerating pod stays)', () => {
    const tolerant = pod('tolerant', 'a1', { tolerations: [{ operator: 'Exists' }] });
    const o = simulateOutage({ nodes, existingPods: [tolerant] }, { nodes: ['a1'], outOfServiceAt: 400 });
    expect(o.pods[0].deletedAt).toBeUndefined();
    expect(o.pods[0].removedAt).toBeUndefined();
  });
});

// pkg/controller/job/job_controller.go: podReplacementPolicy TerminatingOrFailed (default) vs Failed (with podFailurePolicy)
describe('Job', () => {
  const nodes = zones(['a', 'b'], 1);
  test('TerminatingOrFailed: replaced as soon as the pod is terminating', () => {
    const j = job('batch', 1);
    const o = simulateOutage({ nodes, workloads: [j] }, nodesDown(['a1']));
    expect(o.stateOf(j)).toMatchObject({ desired: 1, running: 1, terminating: 1 });
  });
  test('Failed (podFailurePolicy set): waits until the pod is gone', () => {
    const j = job('batch', 1, { podFailurePolicy: { rules: [{ action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget' }] }] } });
    const o = simulateOutage({ nodes, workloads: [j] }, nodesDown(['a1']));
    expect(o.stateOf(j)).toMatchObject({ desired: 1, running: 0, terminating: 1 });
    expect(o.why(j)).toEqual([expect.stringContaining('podReplacementPolicy Failed')]);
  });
});

describe('a bare Pod is never replaced', () => {
  test('deleted at 350 s, Terminating for good', () => {
    const p = pod('lonely');
    const o = simulateOutage({ nodes: zones(['a', 'b'], 1), workloads: [p] }, nodesDown(['a1']));
    expect(o.stateOf(p)).toMatchObject({ desired: 1, running: 0, terminating: 1 });
  });
});

describe('handlePodUpdate: a pod bound to a node with a NoExecute taint it tolerates for a while', () => {
  test('is evicted again after its toleration, replaced onto the same node, and so on: the run stops after a day', () => {
    // a1 tainted maintenance=now:NoExecute at 0 s; web tolerates it for 600 s; b1 is full, so every replacement goes
    // back to a1 once the old pod's 3 CPU are free (the kubelet removes it 30 s after the deletion), and is deleted
    // 600 s after it is bound (the timer starts when the pod update is processed)
    const tolerations = [{ key: 'maintenance', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 600 }];
    const web = deployment('web', 1, '3', { tolerations: tolerations as never });
    const nodes = [zonedNode('a1', 'a'), zonedNode('b1', 'b', '2')];
    const o = simulateOutage({ nodes, workloads: [web] }, nodesDown(['a1'], 'maintenance=now:NoExecute'));
    expect(o.truncated).toBe(true);
    expect(o.end).toBe(86_400);
    expect(o.pods.slice(0, 3).map((p) => [p.name, p.node, p.boundAt, p.deletedAt])).toEqual([['web-0', 'a1', 0, 600], ['web-1', 'a1', 630, 1230], ['web-2', 'a1', 1260, 1860]]);
    const bounded = simulateOutage({ nodes, workloads: [web] }, nodesDown(['a1'], 'maintenance=now:NoExecute'), { until: 1000 });
    expect([bounded.truncated, bounded.end, bounded.pods.length]).toEqual([false, 1000, 2]);
  });
});

// volumebinding: a claim provisioned at first placement keeps its volume where the driver pinned it (outage/volumes.ts);
// the replacement meets VolumeBinding's Filter against the PV's node affinity (binder.go, text of kubernetes PR #129887)
describe('zonal volumes: a WaitForFirstConsumer claim pinned at first placement', () => {
  const storageClass = (name: string, provisioner: string) => ({ apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name }, provisioner, volumeBindingMode: 'WaitForFirstConsumer' });
  const storage = [storageClass('gp3', 'ebs.csi.aws.com'), storageClass('efs', 'efs.csi.aws.com')];
  const withClaims = (replicas: number, storageClassName = 'gp3') => {
    const s = statefulSet('db', replicas, '500m');
    return { ...s, spec: { ...s.spec, volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { storageClassName, accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '10Gi' } } } }] } };
  };
  test('the replacement of ordinal 0 only fits in its volume\'s zone', () => {
    const db = withClaims(1);
    const nodes = [zonedNode('a1', 'a'), zonedNode('a2', 'a'), zonedNode('b1', 'b')];
    const o = simulateOutage({ nodes, workloads: [db], storage }, { nodes: ['a1'], outOfServiceAt: 400 });
    expect(o.pods.map((p) => `${p.name}@${p.node}`)).toEqual(['db-0@a1', 'db-0@a2']);
    expect(o.volumesNotModelled(db)).toEqual([]);
  });
  test('the whole zone lost: Pending, VolumeBinding rejects the other zones; a network file system follows the pod', () => {
    const db = withClaims(1);
    const nodes = [zonedNode('a1', 'a'), zonedNode('b1', 'b'), zonedNode('c1', 'c')];
    const o = simulateOutage({ nodes, workloads: [db], storage }, { zone: 'a', outOfServiceAt: 400 });
    expect(o.why(db)).toEqual([
      "db-0 is Pending: 0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 node(s) didn't match PersistentVolume's node affinity. " +
      'preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling. ' +
      'PersistentVolumeClaim default/data-db-0 is bound to PersistentVolume pvc-default.data-db-0, provisioned for a1 at 0s (topology.kubernetes.io/zone In [a]): a bound volume does not move with its pod',
    ]);
    const efs = withClaims(1, 'efs');
    const free = simulateOutage({ nodes, workloads: [efs], storage }, { zone: 'a', outOfServiceAt: 400 });
    expect(free.stateOf(efs)).toMatchObject({ running: 1, pending: 0 });
  });
  test('a driver whose topology is not known: the claim constrains nothing and the workload names it, with the fix', () => {
    const db = withClaims(1, 'fast');
    const nodes = [zonedNode('a1', 'a'), zonedNode('b1', 'b')];
    const o = simulateOutage({ nodes, workloads: [db], storage: [storageClass('fast', 'csi.example.com')] }, { zone: 'a', outOfServiceAt: 400 });
    expect(o.stateOf(db)).toMatchObject({ running: 1, pending: 0 });
    expect(o.volumesNotModelled(db)).toEqual([{ what: 'VolumeBinding, VolumeZone, NodeVolumeLimits, VolumeRestrictions', detail: expect.stringContaining('spec.volumeClaimTemplates[0] (data): StorageClass fast provisions with csi.example.com, whose volumes\' topology the library does not know: pass the nodes\' CSINodes') }]);
  });
  test('with the driver\'s CSINodes, its volumes are pinned by their topologyKeys', () => {
    const db = withClaims(1, 'fast');
    const nodes = [zonedNode('a1', 'a', '4', { 'example.com/rack': 'r1' }), zonedNode('b1', 'b', '4', { 'example.com/rack': 'r2' })];
    const csiNode = (name: string) => ({ apiVersion: 'storage.k8s.io/v1', kind: 'CSINode', metadata: { name }, spec: { drivers: [{ name: 'csi.example.com', nodeID: name, topologyKeys: ['example.com/rack'] }] } });
    const o = simulateOutage({ nodes, workloads: [db], storage: [storageClass('fast', 'csi.example.com'), csiNode('a1'), csiNode('b1')] }, { zone: 'a', outOfServiceAt: 400 });
    expect(o.why(db)).toEqual([
      "db-0 is Pending: 0/2 nodes are available: 1 node(s) didn't match PersistentVolume's node affinity, 1 node(s) had untolerated taint(s). " +
      'preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling. ' +
      'PersistentVolumeClaim default/data-db-0 is bound to PersistentVolume pvc-default.data-db-0, provisioned for a1 at 0s (example.com/rack In [r1]): a bound volume does not move with its pod',
    ]);
    expect(o.volumesNotModelled(db)).toEqual([]);
  });
  test('cluster.gracePeriod sets the node monitor grace period; options.gracePeriod wins', () => {
    const nodes = zones(['a', 'b'], 1);
    expect(simulateOutage({ nodes, gracePeriod: 40 }, nodesDown(['a1'])).events[1].at).toBe(40);
    expect(simulateOutage({ nodes, gracePeriod: 40 }, nodesDown(['a1']), { gracePeriod: 60 }).events[1].at).toBe(60);
  });
});

describe('bad input to simulateOutage is a clear error', () => {
  const nodes = zones(['a', 'b'], 1);
  test.each([
    ['no nodes array', () => simulateOutage({ nodes: 'a1' } as never, nodesDown(['a1'])), 'expected a cluster { workloads, nodes, existingPods?, namespaces?, services?, storage? } with nodes an array of Node objects'],
    ['a non-Node among the nodes', () => simulateOutage({ nodes: [...nodes, { kind: 'Pod' }] as never }, nodesDown(['a1'])), 'expected a cluster.nodes[2] (a v1 Node object with kind: Node)'],
    ['a failure without nodes', () => simulateOutage({ nodes }, {}), 'the failure names no nodes: give nodes, zone or selector'],
    ['a selector matching nothing', () => simulateOutage({ nodes }, { selector: { pool: 'gpu' } }), 'the failure matches no node ({"selector":{"pool":"gpu"}})'],
    ['a removal as condition', () => simulateOutage({ nodes }, nodesDown(['a1'], 'drain-')), 'failure.condition "drain-" removes a taint'],
    ['a negative outOfServiceAt', () => simulateOutage({ nodes }, { nodes: ['a1'], outOfServiceAt: -1 }), 'failure.outOfServiceAt must be a number of seconds ≥ 0, received -1'],
    ['a Service among the workloads', () => simulateOutage({ nodes, workloads: [{ kind: 'Service', metadata: { name: 's' } }] }, nodesDown(['a1'])), 'Service s: an outage simulates Pod, Deployment'],
    ['an unknown workload asked about', () => simulateOutage({ nodes }, nodesDown(['a1'])).stateOf('Deployment default/nope'), 'Deployment default/nope is not among the cluster\'s workloads'],
  ])('%s', (_name, run, message) => {
    expect(run).toThrow(message);
  });
  test('a PodTemplate among the workloads is skipped (loadManifests().workloads() includes them)', () => {
    const template = { apiVersion: 'v1', kind: 'PodTemplate', metadata: { name: 't' }, template: { spec: { containers: [{ name: 'c', image: 'i' }] } } };
    expect(simulateOutage({ nodes, workloads: [template] }, nodesDown(['a1'])).workloads).toEqual([]);
  });
});

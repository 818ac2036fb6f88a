// Hand-worked outage timelines. Each note says how the expected timeline was worked out from the rules
// (grace period G = 50 s, DefaultTolerationSeconds 300 s, NoExecute rate 0.1 node/s per zone, PodGC every 20 s).
import { simulateOutage, nodesDown, zone } from '.';
import { deployment, lines, pod, statefulSet, zonedNode, zones } from '../../test/outage/cluster';
import { configure } from '../core/config';

// The replacement pods' nodes were worked out with v1.35's BalancedAllocation formula (1.36+: #135573).
configure({ kubernetesVersion: '1.35' });

describe('a Deployment with the default tolerations loses one node', () => {
  // Placement (placeReplicas; scores as `weight × score`, PTS = PodTopologySpread's system default spreading with the
  // selector app=web: hostname maxSkew 3, zone maxSkew 5, each domain weighted ln(domains + 2) = ln 5 here, raw score
  // Σ count × weight + (maxSkew − 1), normalized 100 × (max + min − raw) / max): web-0 ties everywhere → a1 (first
  // node). web-1: raw PTS a1 = 1.61 + 2 + 1.61 + 4 = 9, b1 = c1 = 6 → 66 / 100 / 100, and a1's LeastAllocated is
  // lower too → b1 (tied with c1, first). web-2: a1 = b1 = 9, c1 = 6 → c1.
  // 0 s a1 stops; 50 s Ready=Unknown + unreachable:NoSchedule, zone a (1 of 1) FullDisruption but b and c are Normal,
  // so the normal rate applies and the first node of the zone is tainted at once: unreachable:NoExecute at 50 s.
  // web-0 tolerates it for 300 s (DefaultTolerationSeconds) → deleted at 350 s; the ReplicaSet does not count a
  // pod with a deletionTimestamp and creates web-3 in the same second. a1 is filtered out (unreachable taints); b1 and
  // c1 each run one web pod (PTS skips the Terminating web-0): same PTS (raw 1.39 + 2 + 1.39 + 4 = 9 with ln 4, both
  // 100), LeastAllocated ((75 + 97) / 2 = 86) and BalancedAllocation → tied → b1 (the first in node order).
  const web = deployment('web', 3, '500m');
  const o = simulateOutage({ nodes: zones(['a', 'b', 'c'], 1), workloads: [web] }, nodesDown(['a1']));
  test('timeline', () => {
    expect(lines(o.events)).toEqual([
      '0 Node a1 NodeFailure',
      '50 Node a1 NodeNotReady',
      '50 Zone a FullDisruption',
      '50 Node a1 TaintNoExecute',
      '350 Pod default/web-0 TaintManagerEviction',
      '350 Pod default/web-0 Terminating',
      '350 Pod default/web-3 SuccessfulCreate',
      '350 Pod default/web-3 Scheduled',
    ]);
    expect(o.events.map((e) => e.component)).toEqual([
      'kubelet', 'node-lifecycle-controller', 'node-lifecycle-controller', 'node-lifecycle-controller',
      'taint-eviction-controller', 'kubelet', 'replicaset-controller', 'default-scheduler',
    ]);
    expect(o.events[4].message).toBe('Marking for deletion Pod default/web-0: node.kubernetes.io/unreachable:NoExecute tolerated for 300s by ' +
      '{key: "node.kubernetes.io/unreachable", operator: Exists, effect: NoExecute, tolerationSeconds: 300} (added by DefaultTolerationSeconds admission)');
    expect(o.events[7].message).toBe('Successfully assigned default/web-3 to b1');
  });
  test('state: 2 of 3 running from second 0 until 350 s', () => {
    expect(o.stateOf(web, 0)).toMatchObject({ desired: 3, running: 2, pending: 0, terminating: 0 });
    expect(o.stateOf(web, 349)).toMatchObject({ running: 2 });
    expect(o.stateOf(web, 350)).toMatchObject({ running: 3, terminating: 1 });
    expect(o.minRunning(web)).toEqual({ running: 2, at: 0 });
    expect(o.end).toBe(350);
  });
});

describe('a pod with tolerationSeconds: 30', () => {
  // The NoExecute taint comes at 50 s (as above); the pod's own toleration wins over the default (DefaultTolerationSeconds
  // adds none when one for the key exists) → deleted at 50 + 30 = 80 s. A bare Pod: nobody recreates it; it stays
  // Terminating, as the kubelet on a1 cannot confirm.
  const tolerations = [{ key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 30 }];
  const fast = pod('fast', undefined, { tolerations: tolerations as never });
  const o = simulateOutage({ nodes: zones(['a', 'b'], 1), workloads: [fast] }, nodesDown(['a1']));
  test('timeline', () => {
    expect(lines(o.events)).toEqual([
      '0 Node a1 NodeFailure', '50 Node a1 NodeNotReady', '50 Zone a FullDisruption', '50 Node a1 TaintNoExecute',
      '80 Pod default/fast TaintManagerEviction', '80 Pod default/fast Terminating',
    ]);
    expect(o.stateOf(fast)).toMatchObject({ desired: 1, running: 0, terminating: 1 });
    expect(o.why(fast)).toEqual(['fast was deleted; a bare Pod is never recreated']);
  });
});

describe('a StatefulSet on an unreachable node', () => {
  // payments-0 on a1, -1 on b1, -2 on c1. At 350 s the taint-eviction controller deletes payments-0; it stays
  // Terminating (no kubelet), and the StatefulSet controller creates a pod only for an empty ordinal → nothing more.
  const payments = statefulSet('payments', 3, '500m');
  const nodes = zones(['a', 'b', 'c'], 1);
  test('without out-of-service: payments-0 stays Terminating, no replacement', () => {
    const o = simulateOutage({ nodes, workloads: [payments] }, nodesDown(['a1']));
    expect(lines(o.events)).toEqual([
      '0 Node a1 NodeFailure', '50 Node a1 NodeNotReady', '50 Zone a FullDisruption', '50 Node a1 TaintNoExecute',
      '350 Pod default/payments-0 TaintManagerEviction', '350 Pod default/payments-0 Terminating',
    ]);
    expect(o.stateOf(payments)).toMatchObject({ desired: 3, running: 2, terminating: 1 });
    expect(o.why(payments)[0]).toMatch(/^payments-0 is Terminating on a1, .*"StatefulSet default\/payments is waiting for Pod payments-0 to Terminate"/);
  });
  test('with out-of-service at 400 s: PodGC force-deletes payments-0 and it is recreated on a live node', () => {
    // 400 s: the person's taint; the taint-eviction controller processes every pod on the node, the Terminating
    // payments-0 too: not tolerated → its event and a second DELETE, which changes nothing (taint_eviction.go
    // handleNodeUpdate → processPodOnNode; run against a fake clientset: 2 DELETEs, the event's count 2); PodGC's pass at 400 s (a multiple of 20) finds a terminating pod on a not-Ready node with the taint → gone;
    // the empty ordinal 0 is created at once and scheduled: a1 is tainted; b1 and c1 each run one payments pod and
    // score the same on every plugin (as web-3 in the first timeline) → tied → b1, the first in node order.
    const o = simulateOutage({ nodes, workloads: [payments] }, { nodes: ['a1'], outOfServiceAt: 400 });
    expect(lines(o.events).slice(6)).toEqual([
      '400 Node a1 Tainted', '400 Pod default/payments-0 TaintManagerEviction', '400 Pod default/payments-0 PodGC', '400 Pod default/payments-0 SuccessfulCreate', '400 Pod default/payments-0 Scheduled',
    ]);
    expect(o.events.slice(6).map((e) => e.component)).toEqual(['kubectl', 'taint-eviction-controller', 'pod-garbage-collector-controller', 'statefulset-controller', 'default-scheduler']);
    expect(o.stateOf(payments, 399)).toMatchObject({ running: 2, terminating: 1 });
    expect(o.stateOf(payments, 400)).toEqual({ workload: 'StatefulSet default/payments', kind: 'StatefulSet', desired: 3, running: 3, pending: 0, terminating: 0 });
  });
});

describe('a zone outage where the remaining capacity fits only part of the replicas', () => {
  // Nodes of 4 CPU: a1, a2 in zone a, b1, c1; a batch pod holds 2 CPU on c1. web: 4 replicas of 2 CPU.
  // Placement (placeReplicas; totals = 3 × TaintToleration 100 + LeastAllocated + 2 × PTS + BalancedAllocation).
  // A web pod alone on a node: LeastAllocated (cpu 50 + memory 98 (200Mi default of 16Gi)) / 2 = 74, Balanced
  // 100 × (1 − |0.5 − 0| / 2) = 75; with 4 of 4 CPU requested (c1 with batch, or two web pods): 48 and 50. PTS
  // (system default spreading, selector app=web; hostname weight ln 6, zone weight ln 5; raw Σ count × weight +
  // 2 + 4; normalized 100 × (max + min − raw) / max):
  //   web-0: PTS all 100; a1 = a2 = b1 = 300 + 74 + 200 + 75 = 649, c1 = 300 + 48 + 200 + 50 = 598 → a1 (first).
  //   web-1: raw a1 = 1.79 + 2 + 1.61 + 4 = 9, a2 = 2 + 1.61 + 4 = 8 (zone a has web-0), b1 = c1 = 6 → PTS 66/77/100/100;
  //          b1 = 649, a2 = 300 + 74 + 154 + 75 = 603, c1 = 598, a1 = 530 → b1 (the stand-in's "fewest pods" gave a2).
  //   web-2: raw a1 = b1 = 9, a2 = 8, c1 = 6 → a2 = 603, c1 = 598, a1 = b1 = 300 + 48 + 132 + 50 = 530 → a2.
  //   web-3: raw a1 = a2 = 1.79 + 2 + 3.22 + 4 = 11, b1 = 9, c1 = 6 → PTS 54/54/72/100; c1 = 598, b1 = 542, a1 = a2 = 506 → c1.
  // So web-0 a1, web-1 b1, web-2 a2, web-3 c1.
  // Zone a (2 of 2) fully disrupted, b and c Normal → normal rate: a1 tainted at 50 s, a2 at 60 s.
  // web-0 (a1) deleted at 350 s → web-4 → b1, the only feasible node (2 of 4 CPU free). web-2 (a2) deleted at 360 s
  // → web-5 fits nowhere:
  // b1 and c1 are full, a1 and a2 have the unreachable taint → Pending with the FitError.
  const web = deployment('web', 4, '2');
  const batch = pod('batch', 'c1', { cpu: '2' });
  const nodes = [zonedNode('a1', 'a'), zonedNode('a2', 'a'), zonedNode('b1', 'b'), zonedNode('c1', 'c')];
  const o = simulateOutage({ nodes, workloads: [web], existingPods: [batch] }, zone('a'));
  test('timeline', () => {
    expect(lines(o.events)).toEqual([
      '0 Node a1 NodeFailure', '0 Node a2 NodeFailure',
      '50 Node a1 NodeNotReady', '50 Node a2 NodeNotReady', '50 Zone a FullDisruption', '50 Node a1 TaintNoExecute',
      '60 Node a2 TaintNoExecute',
      '350 Pod default/web-0 TaintManagerEviction', '350 Pod default/web-0 Terminating', '350 Pod default/web-4 SuccessfulCreate', '350 Pod default/web-4 Scheduled',
      '360 Pod default/web-2 TaintManagerEviction', '360 Pod default/web-2 Terminating', '360 Pod default/web-5 SuccessfulCreate', '360 Pod default/web-5 FailedScheduling',
    ]);
    expect(o.events[4].message).toBe('2 of 2 nodes not Ready: NoExecute taints at 0.1 nodes/s, one node every 10s');
    expect(o.events[14].message).toBe('0/4 nodes are available: 2 Insufficient cpu, 2 node(s) had untolerated taint(s). no new claims to deallocate, preemption: 0/4 nodes are available: 2 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling.');
    expect(o.pods.filter((p) => p.createdAt === 0 && p.workload).map((p) => `${p.name} ${p.node}`)).toEqual(['web-0 a1', 'web-1 b1', 'web-2 a2', 'web-3 c1']);
  });
  test('end state: 3 of 4 running, 1 Pending', () => {
    expect(o.stateOf(web)).toMatchObject({ desired: 4, running: 3, pending: 1, terminating: 2 });
    expect(o.why(web)).toEqual(['web-5 is Pending: 0/4 nodes are available: 2 Insufficient cpu, 2 node(s) had untolerated taint(s). no new claims to deallocate, preemption: 0/4 nodes are available: 2 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling.']);
  });
});

describe('a five-node zone lost entirely: one node tainted at a time', () => {
  // Zones a, b, c of five nodes; zone a is lost. Zone a is FullDisruption while b and c are Normal, so HealthyQPSFunc
  // gives the normal 0.1 node/s: the token bucket (burst 1, full) lets a1 through at 50 s, then one node every 10 s.
  // Five bare pods pinned to a1..a5 (spec.nodeName) are deleted 300 s after their node's taint.
  const pinned = ['a1', 'a2', 'a3', 'a4', 'a5'].map((n) => pod(`on-${n}`, n));
  const o = simulateOutage({ nodes: zones(['a', 'b', 'c'], 5), existingPods: pinned }, zone('a'));
  test('NoExecute taints at 50, 60, 70, 80, 90 s; deletions 300 s later', () => {
    expect(o.events.filter((e) => e.reason === 'TaintNoExecute').map((e) => `${e.at} ${e.object}`)).toEqual(['50 Node a1', '60 Node a2', '70 Node a3', '80 Node a4', '90 Node a5']);
    expect(o.pods.map((p) => `${p.name} ${p.deletedAt}`)).toEqual(['on-a1 350', 'on-a2 360', 'on-a3 370', 'on-a4 380', 'on-a5 390']);
    expect(o.zones.find((z) => z.name === 'a')).toMatchObject({ size: 5, notReady: 5, state: 'FullDisruption', rate: 0.1 });
  });
});

describe('a small zone only partly lost: evictions stop', () => {
  // Zone a of five nodes, three lost: 3 > 2 not Ready and 3/5 = 60 % ≥ 55 % → PartialDisruption; the zone has
  // not more than 50 nodes, so ReducedQPSFunc gives 0: no NoExecute taint, no eviction, no replacement. The
  // NoSchedule taint still comes at 50 s. With two lost (40 %) the zone stays Normal and both are tainted.
  const web = deployment('web', 3, '500m', { nodeSelector: { 'topology.kubernetes.io/zone': 'a' } });
  const nodes = zones(['a', 'b'], 5);
  test('three of five: PartialDisruption, rate 0, pods never evicted', () => {
    const o = simulateOutage({ nodes, workloads: [web] }, nodesDown(['a1', 'a2', 'a3']));
    expect(lines(o.events)).toEqual([
      '0 Node a1 NodeFailure', '0 Node a2 NodeFailure', '0 Node a3 NodeFailure',
      '50 Node a1 NodeNotReady', '50 Node a2 NodeNotReady', '50 Node a3 NodeNotReady', '50 Zone a PartialDisruption',
    ]);
    expect(o.events[6].message).toBe('3 of 5 nodes not Ready: no NoExecute taints: a PartialDisruption zone of 5 nodes (not more than 50) stops evictions (ReducedQPSFunc)');
    expect(o.stateOf(web)).toMatchObject({ desired: 3, running: 0, pending: 0, terminating: 0 });
    expect(o.why(web)[0]).toBe('web-0 is on a1, which is down, and is never evicted: zone a is PartialDisruption (3 of 5 nodes not Ready, a zone of at most 50 nodes), so the node lifecycle controller adds no NoExecute taint');
  });
  test('two of five: Normal, tainted at 50 and 60 s', () => {
    const o = simulateOutage({ nodes, workloads: [web] }, nodesDown(['a1', 'a2']));
    expect(o.events.filter((e) => e.reason === 'TaintNoExecute').map((e) => e.at)).toEqual([50, 60]);
    expect(o.stateOf(web)).toMatchObject({ desired: 3, running: 3 });
  });
  test('a zone of 51 nodes with 29 lost: the secondary rate, one node every 100.1 s (float32(0.01) and the 100 ms tainting passes)', () => {
    const big = zones(['a'], 51).concat(zones(['b'], 1));
    const o = simulateOutage({ nodes: big, workloads: [] }, nodesDown(Array.from({ length: 29 }, (_, i) => `a${i + 1}`)), { until: 300 });
    expect(o.events.filter((e) => e.reason === 'TaintNoExecute').map((e) => `${e.at} ${e.object}`)).toEqual(['50 Node a1', '150.1 Node a2', '250.2 Node a3']);
  });
  test('every zone lost: master disruption mode, no NoExecute taints anywhere', () => {
    const o = simulateOutage({ nodes: zones(['a'], 2), workloads: [deployment('web', 2)] }, zone('a'));
    expect(lines(o.events)).toEqual(['0 Node a1 NodeFailure', '0 Node a2 NodeFailure', '50 Node a1 NodeNotReady', '50 Node a2 NodeNotReady', '50 Cluster MasterDisruptionMode']);
    expect(o.allZonesFullyDisrupted).toBe(true);
  });
});

describe('a drain with a NoExecute taint (the node stays up)', () => {
  // kubectl taint at 0 s: web-0 does not tolerate it → deleted at once and replaced at once; the kubelet, alive,
  // stops it after terminationGracePeriodSeconds (30 s) and the object goes at 30 s. web-0 counts as not running
  // from its deletion.
  const web = deployment('web', 2, '500m');
  const o = simulateOutage({ nodes: zones(['a', 'b'], 1), workloads: [web] }, nodesDown(['a1'], 'drain=now:NoExecute'));
  test('timeline', () => {
    expect(lines(o.events)).toEqual([
      '0 Node a1 Tainted', '0 Pod default/web-0 TaintManagerEviction', '0 Pod default/web-2 SuccessfulCreate', '0 Pod default/web-2 Scheduled', '30 Pod default/web-0 Killing',
    ]);
    expect(o.stateOf(web, 0)).toMatchObject({ running: 2, terminating: 1 });
    expect(o.stateOf(web)).toMatchObject({ running: 2, terminating: 0 });
  });
});

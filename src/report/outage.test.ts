// Issue 13 item 4: placementMatrix's outage columns; the run report's records of toSurvive and toKeepAtLeast;
// their asymmetric forms in Jest.
import { placementMatrix, formatMatrixMarkdown } from './matrix';
import { RecordsChannel } from './report';
import { failureTitle, nodesDown, outcomeOf, simulateOutage, zone } from '../outage';
import { failure } from '../../test/fixtures';
import { daemonSet, deployment, pod, statefulSet, zonedNode, zones } from '../../test/outage/cluster';

// Three one-node zones of 4 CPUs. Per node: web 500m, payments 500m, logging 100m, big 2 CPUs: 0.9 CPU free.
const nodes = zones(['a', 'b', 'c'], 1);
const web = deployment('web', 3, '500m');
const payments = statefulSet('payments', 3, '500m');
const logging = daemonSet('logging');
const big = deployment('big', 3, '2');
const solo = pod('solo', 'a1');
const workloads = [web, payments, logging, big, solo];

describe('placementMatrix: outage columns', () => {
  // Worked out by hand from the controllers' rules (simulate.ts cites them):
  // zone a down (unreachable): Ready=Unknown and the NoExecute unreachable taint at 50 s (the grace period; one
  //   node, so no rate-limit wait); the default tolerationSeconds 300 evicts a1's pods at 350 s.
  //   web-0 is replaced at once and fits on b1/c1 (0.9 CPU free) → 3/3 after 350 s. big-0's replacement needs
  //   2 CPUs → Pending with the FitError. payments-0 stays Terminating (the kubelet cannot confirm) and the
  //   StatefulSet controller makes no replacement. solo is a bare Pod: never recreated. logging: its pod on a1
  //   stays (DaemonSet pods tolerate unreachable:NoExecute), but a1 leaves the DaemonSet's desired count at 50 s
  //   (unreachable:NoSchedule is not tolerated) → 2/2 from 50 s.
  // + out-of-service at 400 s: PodGC's pass at 400 s force-deletes payments-0 and solo; payments-0 is recreated
  //   and scheduled at 400 s; solo is gone; logging's pod is evicted (it does not tolerate out-of-service).
  // node b1 NotReady: Ready=False and both taints at 0 s; evictions at 300 s.
  // zone c tainted drain=now:NoExecute: nothing tolerates it: every pod on c1 is deleted at 0 s; the kubelet
  //   (alive) removes payments-2 after its 30 s grace period, then it is recreated elsewhere.
  const failures = ['Unreachable', zone('a'), { ...zone('a'), outOfServiceAt: 400 }, nodesDown(['b1'], 'notReady'), { selector: { 'topology.kubernetes.io/zone': 'c' }, condition: 'drain=now:NoExecute' }];
  const m = placementMatrix(workloads, nodes, { failures });

  test('one column per outage failure, after the eviction columns, with the end state per workload', () => {
    expect(m.failures).toEqual(['Unreachable']);
    expect(m.outages).toEqual(['zone a down', 'zone a down, out-of-service at 400s', 'node b1 NotReady', 'nodes topology.kubernetes.io/zone=c tainted drain=now:NoExecute']);
    expect(m).toMatchInlineSnapshot(`
PlacementMatrix: 3 node group(s) of 3 node(s), grouped by pool labels

workload                          a1          b1          c1          Unreachable         zone a down                                               zone a down, out-of-service at 400s  node b1 NotReady                                          nodes topology.kubernetes.io/zone=c tainted drain=now:NoExecute
Deployment default/big            1/1         1/1         1/1         evicted after 300s  2/3 running, 1 Pending [0h1w]                             2/3 running, 1 Pending [0h1w]        2/3 running, 1 Pending [0h1w]                             2/3 running, 1 Pending [0h1w]
StatefulSet default/payments      1/1         1/1         1/1         evicted after 300s  2/3 running, 1 Terminating until out-of-service           3/3 running after 400s               2/3 running, 1 Terminating until out-of-service           3/3 running after 30s
Pod default/solo                  1/1         0/1 [1wd0]  0/1 [1wd0]  evicted after 300s  0/1 running, 1 Terminating, not recreated                 0/1 running, deleted, not recreated  1/1 running throughout                                    1/1 running throughout
Deployment default/web            1/1         1/1         1/1         evicted after 300s  3/3 running after 350s                                    3/3 running after 350s               3/3 running after 300s                                    3/3 running after 0s
DaemonSet kube-system/logging     1/1         1/1         1/1         stays               2/2 surviving nodes running, 1 stays on a down node       2/2 surviving nodes running          2/2 surviving nodes running, 1 stays on a down node       2/2 surviving nodes running

[0h1w] FailedScheduling: 0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 Insufficient cpu. preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.
[1wd0] NodeName: node(s) didn't satisfy plugin(s) [NodeName] (spec.nodeName "a1" limits the pod to that node (NodeName PreFilter, v1.37+))
`);
  });

  test('the cells carry the counts, the second every replica runs from, and the FitError', () => {
    const row = (name: string) => m.rows.find((r) => r.workload.endsWith(`/${name}`))!;
    expect(row('web').outage[0]).toEqual({ failure: 'zone a down', desired: 3, running: 3, pending: 0, terminating: 0, onDownNodes: 0, survived: true, since: 350, text: '3/3 running after 350s' });
    expect(row('payments').outage[0]).toMatchObject({ running: 2, terminating: 1, survived: false });
    expect(row('big').outage[0]).toMatchObject({ pending: 1, reason: 'FailedScheduling: 0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 Insufficient cpu. preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.' });
    // the cells are what simulateOutage over the same cluster says
    const outage = simulateOutage({ workloads, nodes }, zone('a'));
    for (const r of m.rows) expect(r.outage[0].running).toBe(outage.stateAt().find((s) => s.workload === r.workload)!.running);
    expect(JSON.parse(JSON.stringify(m)).outages).toEqual(m.outages);
  });

  test('a DaemonSet whose pods tolerate the node\'s taints stays on the down node; untouched workloads run throughout', () => {
    const tolerant = daemonSet('agent', { tolerations: [{ operator: 'Exists' }] });
    const far = deployment('far', 1, undefined, { nodeSelector: { 'topology.kubernetes.io/zone': 'c' } });
    const [farRow, agent] = placementMatrix([tolerant, far], nodes, { failures: [zone('a')] }).rows;
    // issue 18: a DaemonSet survives when every surviving node it should run on runs its pod (NodeShouldRunDaemonPod)
    expect(agent.outage[0]).toMatchObject({ text: '2/2 surviving nodes running, 1 stays on a down node', onDownNodes: 1, survived: true });
    expect(farRow.outage[0]).toMatchObject({ text: '1/1 running throughout', since: 0 });
  });

  test('existingPods count: a full node leaves the replacement Pending', () => {
    const hog = pod('hog', 'b1', { cpu: '3500m' });
    const [row] = placementMatrix([deployment('api', 2, '1')], [zonedNode('a1', 'a'), zonedNode('b1', 'b')], { existingPods: [hog], failures: [zone('a')] }).rows;
    expect(row.outage[0]).toMatchObject({ text: '0/2 running, 2 Pending', reason: 'FailedScheduling: 0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint(s). preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling.' });
  });

  test('Markdown shows the outage cells with their verdict', () => {
    const md = formatMatrixMarkdown(placementMatrix([web, big], nodes, { failures: [zone('a')] }));
    expect(md.split('\n')[0]).toBe('| workload | a1 | b1 | c1 | zone a down |');
    expect(md).toContain('| ✅ 3/3 running after 350s |');
    expect(md).toContain('| ❌ 2/3 running, 1 Pending — FailedScheduling: 0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 Insufficient cpu. preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod. |');
  });

  test('a failure that matches no node is refused with its index', () => {
    expect(() => placementMatrix([web], nodes, { failures: ['NotReady', zone('x')] })).toThrow(
      'placementMatrix: failures[1].zone "x" matches no node (zones of the cluster\'s nodes: a, b, c)');
    expect(() => placementMatrix([web], nodes, { failures: 'NotReady' as never })).toThrow('failures must be an array');
  });
});

test('failureTitle names the nodes and the condition', () => {
  expect(failureTitle(zone('eu-west-1a'))).toBe('zone eu-west-1a down');
  expect(failureTitle(nodesDown([nodes[0], 'b1']))).toBe('nodes a1, b1 down');
  expect(failureTitle(nodesDown(['a1', 'b1', 'c1', 'd1', 'e1']))).toBe('nodes a1, b1, c1 and 2 more down');
  expect(failureTitle({ zone: 'a', selector: { pool: 'batch', arch: 'arm64' }, condition: 'notReady', outOfServiceAt: 60 })).toBe('zone a arch=arm64,pool=batch NotReady, out-of-service at 60s');
});

test('outcomeOf at a second before the end', () => {
  const outage = simulateOutage({ workloads, nodes }, zone('a'));
  expect(outcomeOf(outage, web, 349).text).toBe('2/3 running, 1 stays on a down node');
  expect(outcomeOf(outage, web, 350).text).toBe('3/3 running after 350s');
});

describe('the run report records toSurvive and toKeepAtLeast', () => {
  let channel: RecordsChannel;
  beforeEach(() => {
    channel = new RecordsChannel();
  });
  afterEach(() => channel.close());
  const cluster = { nodes, workloads };

  test('target = the failure, verdict = the state, reason = the first reason it does not survive', async () => {
    expect(web).toSurvive(zone('a'), cluster);
    expect(payments).not.toSurvive(zone('a'), cluster);
    expect(() => expect(web).toSurvive(zone('a'), cluster).within(349)).toThrow('within 349s');
    expect(web).toKeepAtLeast(2, zone('a'), cluster);
    expect(web).not.toKeepAtLeast(3, zone('a'), cluster);
    expect(() => expect(big).toSurvive(zone('a'), cluster, { within: 10 })).toThrow('within 10s');
    // the bare `.not` form settles one microtask later (chain.ts), so its record comes last
    await new Promise((resolve) => setImmediate(resolve));
    const records = channel.read();
    expect(records.map((r) => [r.matcher, r.negated, r.subject, r.target, r.group, r.verdict, r.accepted, r.passed])).toEqual([
      ['toSurvive', false, 'Deployment default/web', 'zone a down', 'zone a down', '3/3 running after 350s', true, true],
      ['toSurvive', false, 'Deployment default/web', 'zone a down', 'zone a down', 'at 349s: 2/3 running, 1 stays on a down node', false, false],
      ['toKeepAtLeast', false, 'Deployment default/web', 'zone a down', 'zone a down', 'fewest running 2/3 at 0s', true, true],
      ['toKeepAtLeast', true, 'Deployment default/web', 'zone a down', 'zone a down', 'fewest running 2/3 at 0s', false, true],
      ['toSurvive', false, 'Deployment default/big', 'zone a down', 'zone a down', 'at 10s: 2/3 running, 1 stays on a down node', false, false],
      ['toSurvive', true, 'StatefulSet default/payments', 'zone a down', 'zone a down', '2/3 running, 1 Terminating until out-of-service', false, true],
    ]);
    expect(records[0].reason).toBeUndefined();
    expect(records[1].reason).toBe('web-0 is on a1, which is down; the taint-eviction controller deletes it at 350s');
    expect(records[1].message).toContain('Expected Deployment default/web to run all its replicas again within 349s');
    expect(records[2].reason).toBe('web-0 is on a1, which is down; the taint-eviction controller deletes it at 350s');
    expect(records[5].reason).toMatch(/^payments-0 is Terminating on a1, which cannot confirm the deletion; the StatefulSet controller creates no replacement/);
  });
});

describe('asymmetric forms (Jest)', () => {
  const cluster = { nodes, workloads };

  test('expect.toKeepAtLeast and expect.not.toKeepAtLeast', () => {
    expect({ app: web }).toEqual({ app: expect.toKeepAtLeast(2, zone('a'), cluster) });
    expect({ app: web }).toEqual({ app: expect.not.toKeepAtLeast(3, zone('a'), cluster) });
    expect(() => expect({ app: web }).toEqual({ app: expect.toKeepAtLeast(3, zone('a'), cluster) })).toThrow('toKeepAtLeast');
  });

  test('expect.toSurvive bare and with { within }', () => {
    expect([web, payments]).toEqual([expect.toSurvive(zone('a'), cluster), expect.not.toSurvive(zone('a'), cluster)]);
    expect({ app: web }).toEqual({ app: expect.toSurvive(zone('a'), cluster, { within: 350 }) });
    expect({ app: web }).toEqual({ app: expect.not.toSurvive(zone('a'), cluster, { within: 349 }) });
    expect(() => expect({ app: payments }).toEqual({ app: expect.toSurvive(zone('a'), cluster) })).toThrow('toSurvive');
  });
});

// toSurvive and toKeepAtLeast through Jest's global expect: verdicts, `.not`, `.within`, and the messages.
import { zone, nodesDown } from '../engine';
import { failure } from '../../test/fixtures';
import { daemonSet, deployment, pod, statefulSet, zonedNode, zones } from '../../test/outage/cluster';

const nodes = zones(['a', 'b', 'c'], 1);
const web = deployment('web', 3, '500m');
const payments = statefulSet('payments', 3, '500m');
const logging = daemonSet('logging');
const cluster = { nodes, workloads: [web, payments, logging] };

describe('toSurvive', () => {
  test('a Deployment survives a zone (its replacement runs at 350 s: grace 50 + toleration 300)', () => {
    expect(web).toSurvive(zone('a'), cluster);
    expect(web).toSurvive(zone('a'), cluster).within(350);
    expect(web).not.toSurvive(zone('a'), cluster).within(349);
    expect(web).toSurvive(zone('a'), cluster, { within: 350 });
    expect(web).not.toSurvive(zone('a'), cluster, { within: 300 });
  });
  test('the subject is added to the cluster when it is not among its workloads', () => {
    expect(deployment('api', 2)).toSurvive(nodesDown(['b1']), { nodes });
  });
  test('a StatefulSet does not survive an unreachable node until it is marked out-of-service', () => {
    expect(payments).not.toSurvive(zone('a'), cluster);
    expect(payments).toSurvive({ zone: 'a', outOfServiceAt: 400 }, cluster).within(400);
    expect(payments).not.toSurvive({ zone: 'a', outOfServiceAt: 400 }, cluster).within(399);
  });
  test('a DaemonSet survives: every surviving node it should run on runs its pod; the lost node does not count', () => {
    expect(logging).toSurvive(zone('a'), cluster);
    expect(logging).toSurvive(zone('a'), cluster).within(49);
  });
  test('failure message: the StatefulSet waits on a Terminating pod, with the timeline', () => {
    const msg = failure(() => expect(payments).toSurvive(zone('a'), cluster));
    expect(msg).toContain('expect(received).toSurvive(failure, cluster)\n\n' +
      'Expected StatefulSet default/payments to run all its replicas again once the outage has played out when a1 fails: unreachable (grace period 50s)\n' +
      'Received: 2/3 running, 0 pending, 1 terminating at 350s; not every replica runs again\n\nWhy:\n' +
      '  - payments-0 is Terminating on a1, which cannot confirm the deletion; the StatefulSet controller creates no replacement while the old pod exists');
    expect(msg).toContain('Timeline (virtual seconds after the failure):\n    0s  Node a1');
    expect(msg).toContain('350s  Pod default/payments-0  taint-eviction-controller  TaintManagerEviction: Marking for deletion Pod default/payments-0');
    // other workloads' pods stay out of this workload's timeline
    expect(msg).not.toContain('web-');
  });
  test('failure message: Pending replicas with the FitError', () => {
    const big = deployment('big', 3, '3');
    const msg = failure(() => expect(big).toSurvive(zone('a'), { nodes }));
    expect(msg).toContain('Received: 2/3 running, 1 pending, 1 terminating at 350s; not every replica runs again');
    expect(msg).toContain('  - big-3 is Pending: 0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 Insufficient cpu.');
  });
  test('.not failure says when every replica runs again', () => {
    const msg = failure(() => expect(web).not.toSurvive(zone('a'), cluster).within(400));
    expect(msg).toContain('Expected Deployment default/web not to run all its replicas again within 400s');
    expect(msg).toContain('Received: 3/3 running, 0 pending, 1 terminating at 400s; every replica runs from 350s');
  });
  test('usage errors fail with and without .not', () => {
    expect(failure(() => expect(web).toSurvive(zone('x'), cluster).within(1))).toContain('failure.zone "x" matches no node (zones of the cluster\'s nodes: a, b, c)');
    expect(failure(() => expect(web).not.toSurvive(nodesDown(['nope']), cluster).within(1))).toContain('failure.nodes names nope, not among the cluster\'s nodes (a1, b1, c1)');
    expect(failure(() => expect(web).toSurvive(zone('a'), { workloads: [] } as never).within(1))).toContain('expected the cluster as { nodes, workloads?, existingPods?, namespaces?, services?, storage? }');
    expect(failure(() => expect(web).toSurvive({ zone: 'a', condition: 'drain=now:Sometimes' }, cluster).within(1))).toContain("failure.condition: expected 'unreachable', 'notReady' or a taint");
    expect(failure(() => expect(web).toSurvive(zone('a'), cluster, { within: -5 }))).toContain('toSurvive(failure, cluster, { within })(seconds) takes a whole number of seconds ≥ 0, received -5');
    expect(() => expect(web).toSurvive(zone('a'), cluster).within(1.5)).toThrow('.within(seconds) takes a whole number of seconds ≥ 0, received 1.5');
  });
  test('await works on the bare form', async () => {
    await expect(web).toSurvive(zone('a'), cluster);
  });
});

describe('toKeepAtLeast', () => {
  test('a zone loss costs one replica from second 0 (a pod on a dead node does not run)', () => {
    expect(web).toKeepAtLeast(2, zone('a'), cluster);
    expect(web).not.toKeepAtLeast(3, zone('a'), cluster);
    expect(logging).toKeepAtLeast(2, zone('a'), cluster);
  });
  test('failure message: when and why, and that a PodDisruptionBudget does not count', () => {
    const msg = failure(() => expect(web).toKeepAtLeast(3, zone('a'), cluster));
    expect(msg).toContain('Expected Deployment default/web to keep at least 3 replicas running at every instant when a1 fails: unreachable (grace period 50s)\n' +
      'Received: at least 2 running; the fewest at 0s (2/3 running, 0 pending, 0 terminating at 0s)\n\n' +
      'Not running at 0s:\n  - web-0 is on a1, which is down; the taint-eviction controller deletes it at 350s\n\n' +
      'A PodDisruptionBudget does not count here: the taint-eviction controller and PodGC delete pods without the Eviction API.');
  });
  test('.not and bad n', () => {
    expect(failure(() => expect(web).not.toKeepAtLeast(2, zone('a'), cluster))).toContain('Expected Deployment default/web not to keep at least 2 replicas');
    expect(failure(() => expect(web).toKeepAtLeast(-1, zone('a'), cluster))).toContain('n must be a whole number of replicas ≥ 0, received -1');
    expect(failure(() => expect(web).not.toKeepAtLeast('2' as never, zone('a'), cluster))).toContain('received "2"');
  });
  test('a workload kept entirely away from the failed zone keeps all its replicas', () => {
    const pinned = deployment('pinned', 2, '100m', { nodeSelector: { 'topology.kubernetes.io/zone': 'b' } });
    expect(pinned).toKeepAtLeast(2, zone('a'), { nodes });
    expect(pod('solo', 'c1')).toKeepAtLeast(1, zone('a'), { nodes: [...nodes, zonedNode('d1', 'd')] });
  });
});

describe('objects the API server would refuse', () => {
  test('an invalid node in the cluster fails the matcher with its field error, with or without .not', () => {
    const bad = { ...zonedNode('bad', 'a'), spec: { taints: [{ key: 'x', effect: 'Sometimes' }] } };
    const msg = failure(() => expect(web).not.toSurvive(zone('a'), { nodes: [...nodes, bad as never] }).within(1));
    expect(msg).toContain('Node bad would be rejected by the API server');
    expect(msg).toContain('metadata.taints[0].effect');
  });
});

// Issue 31: the replacement the ReplicaSet controller creates is the pod the API server stores (admission/create.ts).
describe('the pods the controllers create carry what the API server adds', () => {
  test('a hostNetwork Deployment with one replica per node does not come back when a node fails: the replacement has no free port (SetDefaults_Pod defaultHostNetworkPorts)', () => {
    const agent = deployment('agent', 3, '100m');
    agent.spec.template.spec = { ...agent.spec.template.spec, hostNetwork: true, containers: [{ name: 'agent', image: 'registry.example/agent:1', ports: [{ containerPort: 8080 }] }] } as never;
    expect(agent).not.toSurvive(zone('a'), { nodes });
    expect(agent).toKeepAtLeast(2, zone('a'), { nodes });
    const msg = failure(() => expect(agent).toSurvive(zone('a'), { nodes }));
    expect(msg).toContain("is Pending: 0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 node(s) didn't have free ports for the requested pod ports.");
  });
  test('capacity-only nodes hold what their capacity holds (SetDefaults_NodeStatus)', () => {
    const capacityOnly = nodes.map((n) => ({ ...n, status: { capacity: { cpu: '4', memory: '16Gi', pods: '110' } } }));
    // 3 cpu per replica: the replacement finds no node with 3 cpu free
    expect(deployment('big', 3, '3')).not.toSurvive(zone('a'), { nodes: capacityOnly });
  });
});

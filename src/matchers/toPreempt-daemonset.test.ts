// A DaemonSet's pods are scheduled one per node, each pinned to its node by the node affinity its controller sets
// (pkg/controller/daemon/daemon_controller.go syncNodes, util.ReplaceDaemonSetPodNodeNameNodeAffinity): a pod that does
// not fit its node is Pending there whatever other nodes hold, and DefaultPreemption looks for victims on its node
// alone (NodeAffinity's PreFilterResult leaves every other node out, UnschedulableAndUnresolvable:
// schedule_one.go findNodesThatFitPod SetAbsentNodesStatus; preemption.go nodesWherePreemptionMightHelp). So a
// DaemonSet preempts when any of its pods does, on every node where one does (engine/daemon.ts withDaemonPods); the
// template's own cycle over every node is no pod's. The FitError texts are checked against upstream by the e2e
// oracle (test/oracle/e2e.ts, `daemon <node> fitError`).
import type { KubeObject, Node, Pod } from '../core/types';
import { configure, resetConfiguration } from '../core/config';
import { KUBERNETES_VERSIONS, releasesFrom } from '../core/releases';
import { failure } from '../../test/fixtures';
import { toPreempt } from './toPreempt';

afterEach(() => resetConfiguration());

const node = (name: string, cpu = '4'): Node =>
  ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name } }, spec: {}, status: { allocatable: { cpu, memory: '8Gi', pods: '110' } } }) as Node;
const web = (name: string, nodeName: string, cpu = '3', priorityClassName?: string): Pod => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', labels: { app: name } },
  spec: { nodeName, ...(priorityClassName ? { priorityClassName } : {}), containers: [{ name: 'c', image: 'registry.example/web:1', resources: { requests: { cpu } } }] },
} as Pod);
const agent = (priorityClassName = 'agent'): KubeObject => ({
  apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'node-agent', namespace: 'kube-system' },
  spec: {
    selector: { matchLabels: { app: 'node-agent' } },
    template: { metadata: { labels: { app: 'node-agent' } }, spec: { priorityClassName, containers: [{ name: 'agent', image: 'registry.example/agent:1', resources: { requests: { cpu: '2' } } }] } },
  },
}) as KubeObject;

describe.each(KUBERNETES_VERSIONS)('at %s', (version) => {
  // the agent's priority is a user-defined class's: 1,000,000,000 is the most one may have (so pods of it are no victims)
  const agentClass = { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'agent' }, value: 1000000000 };
  beforeEach(() => configure({ kubernetesVersion: version, admission: { defaultTolerationSeconds: false, nodeConditionTaints: false }, priorityClasses: [agentClass] }));
  const success = (node: string, n: number) => (version === '1.37' ? ` preemption: found a potential placement for pod on node ${node}, preempting ${n} victims` : '');

  test('a DaemonSet whose pod for a full node preempts there, although another node has room for the template', () => {
    const cluster = { nodes: [node('full'), node('empty')], existingPods: [web('web', 'full')] };
    expect(agent()).toPreempt(cluster);
    expect(agent()).toPreempt(['default/web'], cluster);
    const msg = failure(() => expect(agent()).not.toPreempt(cluster));
    expect(msg).toContain('Expected DaemonSet kube-system/node-agent to preempt nobody, but its pods for 1 node(s) get them only by preempting (its pods for 1 node(s) fit as they are: empty); ' +
      'kube-scheduler would report for its pod for full:\n' +
      `  0/2 nodes are available: 1 Insufficient cpu, 1 node(s) didn't satisfy plugin(s) [NodeAffinity].${success('full', 1)}`);
    expect(msg).toContain("DefaultPreemption would nominate its Pending pods' own nodes:\n  On full, preempting 1 pod(s):\n    - default/web (priority 0; frees cpu: 3)");
    const ctx = { utils: { matcherHint: (m: string) => m, printReceived: String, printExpected: String }, isNot: false } as never;
    expect(toPreempt.call(ctx, agent(), cluster).placement).toMatchObject({ verdict: 'its pods preempt on full', accepted: true });
  });

  test('its victims are every Pending pod\'s, each on its own node, not one pick among the nodes', () => {
    // the template's cycle would nominate one node (the lower-priority victim's): the pods preempt on both
    const cluster = { nodes: [node('a'), node('b')], existingPods: [web('web-a', 'a'), web('web-b', 'b', '3', 'high')], priorityClasses: [agentClass, { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'high' }, value: 1000 }] };
    expect(agent()).toPreempt(['default/web-a', 'default/web-b'], cluster);
    const msg = failure(() => expect(agent()).toPreempt(['default/web-a'], cluster));
    expect(msg).toContain('Expected DaemonSet kube-system/node-agent to preempt default/web-a, but its pods preempt default/web-a, default/web-b; ' +
      `kube-scheduler would report for its pod for a:\n  0/2 nodes are available: 1 Insufficient cpu, 1 node(s) didn't satisfy plugin(s) [NodeAffinity].${success('a', 1)}`);
  });

  test('a DaemonSet whose Pending pod finds no victim on its node preempts nobody, though another node holds one', () => {
    // web-high outranks the agent (of the agent's own priority: not lower, so no victim); web-low is on the node whose pod fits anyway
    const classes = [agentClass, { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'top' }, value: 1000000000 }];
    const cluster = { nodes: [node('a'), node('b', '6')], existingPods: [web('web-high', 'a', '3', 'top'), web('web-low', 'b')], priorityClasses: classes };
    expect(agent()).not.toPreempt(cluster);
    const msg = failure(() => expect(agent()).toPreempt(cluster));
    const dra = releasesFrom('1.34').includes(version) && !releasesFrom('1.37').includes(version) ? 'no new claims to deallocate, ' : '';
    expect(msg).toContain('Expected DaemonSet kube-system/node-agent to get a node only by preempting, but none of its 1 Pending pod(s) gets its node by preempting (its pods for 1 node(s) fit as they are: b); ' +
      'kube-scheduler would report for its pod for a:\n' +
      `  0/2 nodes are available: 1 Insufficient cpu, 1 node(s) didn't satisfy plugin(s) [NodeAffinity]. ${dra}preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling.`);
  });

  test('no node fits: toBeSchedulableOnAnyOf quotes a Pending pod\'s FailedScheduling event, not the template\'s', () => {
    const msg = failure(() => expect(agent()).toBeSchedulableOnAnyOf([node('a', '1'), node('b', '1'), node('c', '1')]));
    expect(msg).toContain('but kube-scheduler would report for its pod for a (and 2 more Pending):\n' +
      '  0/3 nodes are available: 1 Insufficient cpu, 2 node(s) didn\'t satisfy plugin(s) [NodeAffinity].');
    expect(msg).not.toContain('3 Insufficient cpu');
  });

  test('a Pending pod of unknown priority leaves toPreempt unknown, not toBeSchedulableOnAnyOf where a node takes a pod', () => {
    // no PriorityClass given at all: the agent's class is one the inputs leave unknown
    resetConfiguration();
    configure({ kubernetesVersion: version, admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } });
    const cluster = { nodes: [node('full'), node('empty')], existingPods: [web('web', 'full')] };
    expect(agent('not-given')).toBeSchedulableOnAnyOf(cluster.nodes, { existingPods: cluster.existingPods });
    expect(failure(() => expect(agent('not-given')).toPreempt(cluster))).toContain('the verdict is unknown');
    expect(failure(() => expect(agent('not-given')).not.toPreempt(cluster))).toContain('that cannot be proved');
  });
})

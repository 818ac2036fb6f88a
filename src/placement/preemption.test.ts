// Replicas and DaemonSet pods follow preemption one pod at a time (issue 35 part 3): a pod that fits no node as it is
// but preempts is placed on its nominated node with its victims gone from the cluster and named (preemption.go
// prepareCandidate deletes them; schedule_one.go evaluateNominatedNode tries that node first in the next cycle).
import type { KubeObject, Node, Pod } from '../core/types';
import { configure, resetConfiguration } from '../core/config';
import { KUBERNETES_VERSIONS, releasesFrom } from '../core/releases';
import { placeReplicas } from './place';
import { failure } from '../../test/fixtures';

afterEach(() => resetConfiguration());

const node = (name: string, cpu = '2'): Node =>
  ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name } }, spec: {}, status: { allocatable: { cpu, memory: '8Gi', pods: '110' } } }) as Node;
const running = (name: string, cpu: string, nodeName: string, labels: Record<string, string> = { app: 'web' }): Pod =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', labels }, spec: { nodeName, containers: [{ name: 'c', image: 'i', resources: { requests: { cpu } } }] } }) as Pod;
const daemonSet = (priorityClassName?: string): KubeObject => ({
  apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'node-agent', namespace: 'kube-system' },
  spec: {
    selector: { matchLabels: { app: 'node-agent' } },
    template: { metadata: { labels: { app: 'node-agent' } }, spec: { ...(priorityClassName ? { priorityClassName } : {}), containers: [{ name: 'a', image: 'registry.example/agent:1', resources: { requests: { cpu: '500m' } } }] } },
  },
} as KubeObject);
const deployment = (name: string, replicas: number, cpu: string, priorityClassName?: string): KubeObject => ({
  apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name, namespace: 'default' },
  spec: { replicas, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { ...(priorityClassName ? { priorityClassName } : {}), containers: [{ name: 'c', image: 'i', resources: { requests: { cpu } } }] } } },
} as KubeObject);

describe.each(KUBERNETES_VERSIONS)('at %s', (version) => {
  beforeEach(() => configure({ kubernetesVersion: version, admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } }));
  // DynamicResources' PostFilter runs before DefaultPreemption from 1.34; up to 1.36 its status joins the message
  const dra = releasesFrom('1.34').includes(version) && !releasesFrom('1.37').includes(version) ? 'no new claims to deallocate, ' : '';

  test('issue 35 "Done when": a system-node-critical DaemonSet on a full node is placed by preemption and names its victims', () => {
    const nodes = [node('full-1'), node('roomy-1')];
    const existing = [running('web-1', '1', 'full-1'), running('web-2', '800m', 'full-1')];
    const p = placeReplicas(daemonSet('system-node-critical'), nodes, { existingPods: existing });
    expect(p.pods.map((x) => [x.name, x.node])).toEqual([['node-agent-full-1', 'full-1'], ['node-agent-roomy-1', 'roomy-1']]);
    expect(p.pods[0].preempted).toEqual({
      node: 'full-1', victims: ['default/web-2'], tiedWith: [],
      event: `0/2 nodes are available: 1 Insufficient cpu, 1 node(s) didn't satisfy plugin(s) [NodeAffinity].${version === '1.37' ? ' preemption: found a potential placement for pod on node full-1, preempting 1 victims' : ''}`,
    });
    expect(p.pods[1].preempted).toBeUndefined();
    // the victim is gone from the cluster; the other pods stay
    expect(p.existingPods.map((x) => x.metadata?.name)).toEqual(['web-1', 'node-agent-full-1', 'node-agent-roomy-1']);
  });

  test('without a priority the same DaemonSet pod stays Pending, and nobody is preempted', () => {
    const p = placeReplicas(daemonSet(), [node('full-1')], { existingPods: [running('web-1', '1', 'full-1'), running('web-2', '800m', 'full-1')] });
    expect(p.pods[0].node).toBeUndefined();
    expect(p.pods[0].fitError).toMatch(new RegExp(`^0/1 nodes are available: 1 Insufficient cpu\\. ${dra}preemption: `));
    expect(p.existingPods).toHaveLength(2);
  });
});

describe('replicas one at a time', () => {
  const classes = [
    { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'placeholder' }, value: -10 },
    { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'app' }, value: 1000 },
  ] as unknown as KubeObject[];
  beforeEach(() => configure({ priorityClasses: classes, admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } }));

  test('overprovisioning: placeholders placed first are preempted by the real workload, one pod at a time, and say so', () => {
    const nodes = [node('n1'), node('n2')];
    const p = placeReplicas([deployment('placeholder', 2, '1500m', 'placeholder'), deployment('web', 2, '1500m', 'app')], nodes);
    const where = Object.fromEntries(p.pods.map((x) => [x.name, x.node ?? 'Pending']));
    expect(where).toEqual({ 'placeholder-0': 'Pending', 'placeholder-1': 'Pending', 'web-0': 'n1', 'web-1': 'n2' });
    expect(p.pods.find((x) => x.name === 'web-0')!.preempted!.victims).toEqual(['default/placeholder-0']);
    expect(p.pods.find((x) => x.name === 'web-1')!.preempted!.victims).toEqual(['default/placeholder-1']);
    expect(p.pods.find((x) => x.name === 'placeholder-0')!.fitError).toBe('preempted by Pod default/web-0 on n1 (DefaultPreemption); its controller recreates it, and where the new pod lands is not modelled');
    expect(p.existingPods.map((x) => x.metadata?.name)).toEqual(['web-0', 'web-1']);
  });

  test('a second replica that fits as it is after the first preempted is not a preemption', () => {
    const p = placeReplicas([deployment('placeholder', 1, '1500m', 'placeholder'), deployment('web', 2, '1', 'app')], [node('n1')]);
    expect(p.pods.map((x) => [x.name, x.node, x.preempted?.victims])).toEqual([['placeholder-0', undefined, undefined], ['web-0', 'n1', ['default/placeholder-0']], ['web-1', 'n1', undefined]]);
  });

  test('the replica matchers name the preemption where they list the placement', () => {
    const placeholder = (n: string) => ({ ...running(`placeholder-${n}`, '1500m', n, { app: 'placeholder' }), spec: { ...running('x', '1500m', n).spec!, priorityClassName: 'placeholder' } }) as Pod;
    const msg = failure(() => expect(deployment('web', 2, '1500m', 'app')).not.toHaveAllReplicasScheduled([node('n1'), node('n2')], { existingPods: [placeholder('n1'), placeholder('n2')] }));
    expect(msg).toContain('web-0 → n1 (by preempting default/placeholder-n1), web-1 → n2 (by preempting default/placeholder-n2)');
  });
});

describe('nodes pickOneNodeForPreemption cannot tell apart', () => {
  beforeEach(() => configure({ admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } }));

  test('the first by name is nominated, the last when probing ties; the others are named', () => {
    const nodes = [node('a'), node('b')];
    const pods = [running('x', '1800m', 'a'), running('y', '1800m', 'b')];
    const critical = { ...deployment('agent', 1, '500m'), metadata: { name: 'agent', namespace: 'kube-system' } } as KubeObject;
    (critical as { spec: { template: { spec: { priorityClassName?: string } } } }).spec.template.spec.priorityClassName = 'system-cluster-critical';
    const first = placeReplicas(critical, nodes, { existingPods: pods });
    const last = placeReplicas(critical, nodes, { existingPods: pods, tieBreak: 'last' });
    expect(first.pods[0].preempted).toMatchObject({ node: 'a', victims: ['default/x'], tiedWith: ['b'] });
    expect(last.pods[0].preempted).toMatchObject({ node: 'b', victims: ['default/y'], tiedWith: ['a'] });
    // the matcher probes the tie, and says the verdict is the same either way
    const msg = failure(() => expect(critical).not.toHaveAllReplicasScheduled(nodes, { existingPods: pods }));
    expect(msg).toContain('agent-0 → a (by preempting default/x)');
    expect(msg).toContain('Preemption ties: agent-0: a, b. kube-scheduler nominates any of them');
    expect(msg).toContain('Picking the last tied node each time instead gives the same verdict.');
  });
});

describe('an unknown priority', () => {
  beforeEach(() => configure({ admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } }));

  test('the pod stays Pending by the modelled filters, and the placement names DefaultPreemption as not modelled', () => {
    const p = placeReplicas(deployment('web', 1, '1', 'platform-high'), [node('full-1')], { existingPods: [running('x', '1500m', 'full-1')] });
    expect(p.pods[0].node).toBeUndefined();
    expect(p.notModelled).toEqual([{ workload: 'Deployment default/web', items: [{ what: 'DefaultPreemption', detail: expect.stringContaining('names PriorityClass platform-high') }] }]);
  });
});

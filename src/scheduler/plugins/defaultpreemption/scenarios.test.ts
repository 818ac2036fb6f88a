// DefaultPreemption in the cases issue 35 names: a system-node-critical pod on a full node, priorities the inputs
// leave unknown, PodDisruptionBudgets, and the cluster plugins' view of the node with the victims removed.
import type { KubeObject, Node, Pod } from '../../../core/types';
import { configure, resetConfiguration } from '../../../core/config';
import { KUBERNETES_VERSIONS, releasesFrom } from '../../../core/releases';
import { SYSTEM_CRITICAL_PRIORITY } from '../../../k8s/priority';
import { toSubject } from '../../../k8s/subject';
import { schedule } from '../..';
import type { PreemptionAnswer } from '.';

afterEach(() => resetConfiguration());

const node = (name: string, cpu = '2', labels: Record<string, string> = {}): Node =>
  ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name, ...labels } }, spec: {}, status: { allocatable: { cpu, memory: '8Gi', pods: '110' } } }) as Node;
/** A pod as a manifest (admission sets its priority from its class), bound when `nodeName` is given. */
const pod = (name: string, cpu: string, o: { nodeName?: string; priorityClassName?: string; labels?: Record<string, string>; namespace?: string; extra?: object } = {}): Pod => ({
  apiVersion: 'v1', kind: 'Pod',
  metadata: { name, namespace: o.namespace ?? 'default', labels: o.labels ?? { app: name } },
  spec: {
    containers: [{ name: 'c', image: 'registry.example/app:1', resources: { requests: { cpu } } }],
    ...(o.nodeName ? { nodeName: o.nodeName } : {}), ...(o.priorityClassName ? { priorityClassName: o.priorityClassName } : {}), ...o.extra,
  },
} as Pod);
const lowClass = { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'batch-low' }, value: -10 } as KubeObject;
const run = (incoming: Pod, nodes: Node[], pods: Pod[], pdbs?: KubeObject[]) => schedule(toSubject(incoming), nodes, pods, undefined, undefined, undefined, pdbs);

describe.each(KUBERNETES_VERSIONS)('at %s', (version) => {
  beforeEach(() => configure({ kubernetesVersion: version, admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } }));
  // DynamicResources' PostFilter runs first from 1.34 (DRA GA); up to 1.36 its status for a pod without claims joins
  // the message (the oracle's real event texts)
  const dra = releasesFrom('1.34').includes(version) && !releasesFrom('1.37').includes(version) ? 'no new claims to deallocate, ' : '';

  test('a system-node-critical pod on a full node gets it as its nominated node, naming its victims', () => {
    const agent = pod('node-agent', '500m', { namespace: 'kube-system', priorityClassName: 'system-node-critical' });
    const nodes = [node('full-1')];
    const running = [pod('web-1', '1', { nodeName: 'full-1' }), pod('web-2', '800m', { nodeName: 'full-1' })];
    const r = run(agent, nodes, running);
    expect(r.feasible).toEqual([]);
    expect(r.preemption).toEqual({
      message: version === '1.37' ? 'preemption: found a potential placement for pod on node full-1, preempting 1 victims' : '',
      nominatedNodes: ['full-1'],
      // both have priority 0 and no start time: web-1 is tried first (node order) and fits back; web-2 is evicted
      candidates: [{ node: 'full-1', victims: ['default/web-2'], numPDBViolations: 0 }],
    });
    expect(r.fitError).toBe(`0/1 nodes are available: 1 Insufficient cpu.${version === '1.37' ? ' preemption: found a potential placement for pod on node full-1, preempting 1 victims' : ''}`);
    expect(SYSTEM_CRITICAL_PRIORITY).toBe(2_000_000_000);
  });

  test('a system-node-critical DaemonSet\'s pod on a full node: the same nomination and victims', () => {
    const ds = {
      apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'node-agent', namespace: 'kube-system' },
      spec: {
        selector: { matchLabels: { app: 'node-agent' } },
        template: { metadata: { labels: { app: 'node-agent' } }, spec: { priorityClassName: 'system-node-critical', containers: [{ name: 'a', image: 'registry.example/agent:1', resources: { requests: { cpu: '500m' } } }] } },
      },
    } as KubeObject;
    const r = run(ds as Pod, [node('full-1')], [pod('web-1', '1', { nodeName: 'full-1' }), pod('web-2', '800m', { nodeName: 'full-1' })]);
    expect(r.preemption).toMatchObject({ nominatedNodes: ['full-1'], candidates: [{ node: 'full-1', victims: ['default/web-2'], numPDBViolations: 0 }] });
  });

  test('the full event text of a pod that cannot schedule: 0/3 nodes with untolerated taints', () => {
    const tainted = (n: string) => ({ ...node(n), spec: { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] } }) as Node;
    const r = run(pod('web', '100m'), [tainted('a'), tainted('b'), tainted('c')], []);
    expect(r.fitError).toMatch(new RegExp(`^0/3 nodes are available: 3 node\\(s\\) had untolerated taint.*\\. ${dra}preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling\\.$`));
    expect(r.preemption).toEqual({ message: `${dra}preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.`, nominatedNodes: [], candidates: [] });
  });

  test('a pod naming a class the inputs do not hold: the preemption part is unknown, and why', () => {
    const r = run(pod('web', '1500m', { priorityClassName: 'platform-high' }), [node('full-1')], [pod('web-1', '1', { nodeName: 'full-1' })]);
    expect(r.preemption).toEqual({ unknown: expect.stringContaining('names PriorityClass platform-high, which is not among the cluster\'s classes given') });
    expect(r.fitError).toBe('0/1 nodes are available: 1 Insufficient cpu.');
  });

  test('a workload read from a cluster still has its pods admitted: its unknown class leaves the answer unknown', () => {
    const dumped = {
      apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default', uid: 'u-1', resourceVersion: '7' },
      spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { priorityClassName: 'platform-high', containers: [{ name: 'c', image: 'i', resources: { requests: { cpu: '1500m' } } }] } } },
    } as KubeObject;
    expect(run(dumped as Pod, [node('full-1')], [pod('web-1', '1', { nodeName: 'full-1' })]).preemption).toEqual({ unknown: expect.stringContaining('names PriorityClass platform-high') });
  });

  test('an unknown priority does not matter where preemption cannot help', () => {
    const tainted = { ...node('a'), spec: { taints: [{ key: 'k', effect: 'NoSchedule' }] } } as Node;
    const r = run(pod('web', '100m', { priorityClassName: 'platform-high', extra: { preemptionPolicy: 'PreemptLowerPriority' } }), [tainted], []);
    expect(r.preemption).toEqual({ message: `${dra}preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.`, nominatedNodes: [], candidates: [] });
  });

  test('an existing pod of unknown priority on a node preemption could free makes the answer unknown', () => {
    const r = run(pod('agent', '500m', { priorityClassName: 'system-node-critical' }), [node('full-1')], [pod('web-1', '1800m', { nodeName: 'full-1', priorityClassName: 'platform-high' })]);
    expect(r.preemption).toEqual({ unknown: expect.stringContaining('The existing pod default/web-1 names PriorityClass platform-high') });
  });

  test('with the cluster\'s classes given, the priorities are known', () => {
    configure({ kubernetesVersion: version, admission: { defaultTolerationSeconds: false, nodeConditionTaints: false }, priorityClasses: [lowClass] });
    const r = run(pod('web', '1500m'), [node('full-1')], [pod('batch-1', '1', { nodeName: 'full-1', priorityClassName: 'batch-low' })]);
    expect((r.preemption as PreemptionAnswer).candidates).toEqual([{ node: 'full-1', victims: ['default/batch-1'], numPDBViolations: 0 }]);
  });

  test('the same pod objects are read again once the cluster\'s classes are given', () => {
    const running = [pod('batch-1', '1', { nodeName: 'full-1', priorityClassName: 'batch-low' })];
    const agent = pod('agent', '1500m', { priorityClassName: 'system-cluster-critical' });
    expect(run(agent, [node('full-1')], running).preemption).toHaveProperty('unknown');
    configure({ priorityClasses: [lowClass] });
    expect(run(agent, [node('full-1')], running).preemption).toMatchObject({ nominatedNodes: ['full-1'] });
  });

  test('a victim whose PDB allows no disruption is reprieved first, and counted when it must go', () => {
    const budget = { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'db', namespace: 'default' }, spec: { selector: { matchLabels: { app: 'db' } } }, status: { disruptionsAllowed: 0 } } as KubeObject;
    const nodes = [node('n1'), node('n2')];
    const running = [pod('db-1', '1500m', { nodeName: 'n1', labels: { app: 'db' } }), pod('web-1', '1500m', { nodeName: 'n2' })];
    const r = run(pod('agent', '1', { priorityClassName: 'system-cluster-critical' }), nodes, running, [budget]);
    expect(r.preemption).toMatchObject({
      nominatedNodes: ['n2'],
      candidates: [{ node: 'n1', victims: ['default/db-1'], numPDBViolations: 1 }, { node: 'n2', victims: ['default/web-1'], numPDBViolations: 0 }],
    });
  });

  test('a PDB from a manifest (no status) counts as the disruption controller computes it over the cluster\'s pods', () => {
    // minAvailable 1 over two running db pods: disruptionsAllowed 1 (disruption.go updatePdbStatus), so evicting one
    // db pod violates nothing; with minAvailable 2 it would (0 allowed)
    const budget = (minAvailable: number) => ({ apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'db', namespace: 'default' }, spec: { minAvailable, selector: { matchLabels: { app: 'db' } } } }) as KubeObject;
    const running = [pod('db-1', '1500m', { nodeName: 'n1', labels: { app: 'db' } }), pod('db-2', '1500m', { nodeName: 'n2', labels: { app: 'db' } })];
    const agent = pod('agent', '1', { priorityClassName: 'system-cluster-critical' });
    const violations = (minAvailable: number) => (run(agent, [node('n1'), node('n2')], running, [budget(minAvailable)]).preemption as PreemptionAnswer).candidates.map((c) => c.numPDBViolations);
    expect(violations(1)).toEqual([0, 0]);
    expect(violations(2)).toEqual([1, 1]);
  });

  test('a dry run over many candidate nodes with spread constraints is answered: the states follow RemovePod/AddPod, PreFilter is not rerun', () => {
    // 900 full nodes with 2 low-priority pods each: each node's dry run updates the spread counts per removed and
    // reprieved pod (which match no constraint here), so the answer is the plain pod's
    const nodes = Array.from({ length: 900 }, (_, i) => node(`n${i}`, '2', { zone: `z${i % 3}` }));
    const running = nodes.flatMap((n, i) => [pod(`a-${i}`, '1', { nodeName: n.metadata!.name }), pod(`b-${i}`, '1', { nodeName: n.metadata!.name })]);
    const spread = { topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'agent' } } }] };
    const r = run(pod('agent', '1', { priorityClassName: 'system-cluster-critical', labels: { app: 'agent' }, extra: spread }), nodes, running);
    expect(r.feasible).toEqual([]);
    const answer = r.preemption as PreemptionAnswer;
    expect(answer.candidates).toHaveLength(900);
    expect(answer.candidates[0]).toEqual({ node: 'n0', victims: ['default/b-0'], numPDBViolations: 0 });
    const plain = run(pod('agent', '1', { priorityClassName: 'system-cluster-critical' }), nodes, running);
    expect(answer.candidates).toEqual((plain.preemption as PreemptionAnswer).candidates);
    expect(answer.nominatedNodes).toEqual((plain.preemption as PreemptionAnswer).nominatedNodes);
  });

  test('PodTopologySpread sees the node without its victims (RemovePod)', () => {
    // the pod spreads over zones with maxSkew 1; zone a holds 2 matching low-priority pods, zone b 0; the node in zone
    // b is full of a higher-priority pod, so the pod can only go to zone a once a matching pod there is gone
    const spreadPod = pod('s', '100m', {
      priorityClassName: 'system-cluster-critical', labels: { app: 's' },
      extra: { topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 's' } } }] },
    });
    const nodes = [node('a1', '2', { zone: 'a' }), node('b1', '2', { zone: 'b' })];
    const running = [
      pod('s-1', '100m', { nodeName: 'a1', labels: { app: 's' } }), pod('s-2', '100m', { nodeName: 'a1', labels: { app: 's' } }),
      pod('other', '100m', { nodeName: 'a1' }),
      pod('big', '2', { nodeName: 'b1', priorityClassName: 'system-node-critical' }),
    ];
    const r = run(spreadPod, nodes, running);
    expect(r.rejected.map((v) => v.status?.plugin)).toEqual(['PodTopologySpread', 'NodeResourcesFit']);
    // b1's pod has a higher priority: no victims. On a1, with s-1, s-2 and other removed, the pod makes zone a 1 and
    // zone b 0 (skew 1): it fits. Reprieved in order (all priority 0, no start time: node order): s-1 would make
    // zone a 2 with the pod (skew 2), s-2 too, `other` matches no constraint and stays.
    expect(r.preemption).toMatchObject({ nominatedNodes: ['a1'], candidates: [{ node: 'a1', victims: ['default/s-1', 'default/s-2'], numPDBViolations: 0 }] });
    expect((r.preemption as PreemptionAnswer).message).toBe(version === '1.37' ? 'preemption: found a potential placement for pod on node a1, preempting 2 victims' : '');
  });
});

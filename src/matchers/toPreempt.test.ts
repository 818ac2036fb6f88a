// toPreempt (issue 35 part 3): a pod that gets a node only by preempting, and whom it preempts; `.not` for "preempts
// nobody"; an unknown priority is "not modelled" both ways. The cases are those of DefaultPreemption's own tests
// (scheduler/plugins/defaultpreemption/scenarios.test.ts; upstream default_preemption_test.go "preemption to resolve
// resource fit", "a pod with higher priority preempts the lowest"), seen through the matcher.
import type { KubeObject, Node, Pod } from '../core/types';
import { configure, resetConfiguration } from '../core/config';
import { KUBERNETES_VERSIONS, releasesFrom, type KubernetesVersion } from '../core/releases';
import { failure } from '../../test/fixtures';
import { toPreempt } from './toPreempt';
import { toRecord } from './record';

afterEach(() => resetConfiguration());

const node = (name: string, cpu = '2'): Node =>
  ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name } }, spec: {}, status: { allocatable: { cpu, memory: '8Gi', pods: '110' } } }) as Node;
const pod = (name: string, cpu: string, o: { nodeName?: string; priorityClassName?: string; namespace?: string; labels?: Record<string, string> } = {}): Pod => ({
  apiVersion: 'v1', kind: 'Pod',
  metadata: { name, namespace: o.namespace ?? 'default', labels: o.labels ?? { app: name } },
  spec: {
    containers: [{ name: 'c', image: 'registry.example/app:1', resources: { requests: { cpu } } }],
    ...(o.nodeName ? { nodeName: o.nodeName } : {}), ...(o.priorityClassName ? { priorityClassName: o.priorityClassName } : {}),
  },
} as Pod);
const agent = pod('node-agent', '500m', { namespace: 'kube-system', priorityClassName: 'system-node-critical' });
const web1 = pod('web-1', '1', { nodeName: 'full-1' });
const web2 = pod('web-2', '800m', { nodeName: 'full-1' });
const full = [node('full-1')];

describe.each(KUBERNETES_VERSIONS)('at %s', (version) => {
  beforeEach(() => configure({ kubernetesVersion: version, admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } }));
  // DynamicResources' PostFilter runs before DefaultPreemption from 1.34; up to 1.36 its status joins the message
  const dra = releasesFrom('1.34').includes(version) && !releasesFrom('1.37').includes(version) ? 'no new claims to deallocate, ' : '';

  test('a system-node-critical pod on a full node preempts exactly web-2 (web-1 is reprieved: it fits back)', () => {
    expect(agent).toPreempt({ nodes: full, existingPods: [web1, web2] });
    expect(agent).toPreempt([web2], { nodes: full, existingPods: [web1, web2] });
    expect(agent).toPreempt(['default/web-2'], { nodes: full, existingPods: [web1, web2] });
    const msg = failure(() => expect(agent).toPreempt([web1], { nodes: full, existingPods: [web1, web2] }));
    expect(msg).toContain('Expected Pod kube-system/node-agent to preempt default/web-1, but on the node DefaultPreemption nominates it preempts other pods; kube-scheduler would report:\n' +
      `  0/1 nodes are available: 1 Insufficient cpu.${version === '1.37' ? ' preemption: found a potential placement for pod on node full-1, preempting 1 victims' : ''}`);
    expect(msg).toContain('DefaultPreemption would nominate node full-1:\n  On full-1, preempting 1 pod(s):\n    - default/web-2 (priority 0; frees cpu: 800m)');
  });

  test('.not: it fits as it is, or preemption does not help; its failure says whom it would preempt', () => {
    expect(agent).not.toPreempt({ nodes: [node('empty-1')], existingPods: [web1] });
    // same priority as the running pods: no victim
    expect(pod('web-3', '1')).not.toPreempt({ nodes: full, existingPods: [web1, web2] });
    const msg = failure(() => expect(agent).not.toPreempt({ nodes: full, existingPods: [web1, web2] }));
    expect(msg).toContain('Expected Pod kube-system/node-agent to preempt nobody, but it gets a node only by preempting; kube-scheduler would report:');
    expect(msg).toContain('    - default/web-2 (priority 0; frees cpu: 800m)');
    expect(msg).toContain('Node full-1:\n  NodeResourcesFit: Insufficient cpu');
  });

  test('toPreempt fails where the pod fits as it is, and where preemption finds no node, with the full event text', () => {
    expect(failure(() => expect(agent).toPreempt({ nodes: [node('empty-1')], existingPods: [web1] })))
      .toContain('Expected Pod kube-system/node-agent to get a node only by preempting, but it fits 1 of 1 node(s) as they are, so it preempts nobody: empty-1');
    const msg = failure(() => expect(pod('web-3', '1')).toPreempt({ nodes: full, existingPods: [web1, web2] }));
    expect(msg).toContain('Expected Pod default/web-3 to get a node only by preempting, but preemption finds no node for it; kube-scheduler would report:\n' +
      `  0/1 nodes are available: 1 Insufficient cpu. ${dra}preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.`);
  });

  test('PodDisruptionBudgets: the victims that violate one are named, and the message counts them', () => {
    const labelled = [pod('web-1', '1', { nodeName: 'full-1', labels: { app: 'web' } }), pod('web-2', '800m', { nodeName: 'full-1', labels: { app: 'web' } })];
    const pdb = { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'web', namespace: 'default' }, spec: { selector: { matchLabels: { app: 'web' } } }, status: { disruptionsAllowed: 0 } } as KubeObject;
    const big = pod('node-agent', '1500m', { namespace: 'kube-system', priorityClassName: 'system-node-critical' });
    const msg = failure(() => expect(big).not.toPreempt({ nodes: full, existingPods: labelled, podDisruptionBudgets: [pdb] }));
    expect(msg).toContain('On full-1, preempting 2 pod(s) (2 of them violating a PodDisruptionBudget):');
    expect(msg).toContain('default/web-1 (priority 0; frees cpu: 1; its eviction violates a PodDisruptionBudget)');
  });
});

describe('ties and unknowns', () => {
  beforeEach(() => configure({ admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } }));

  test('two nodes pickOneNodeForPreemption cannot tell apart: victims must hold on both, and the message says "one of"', () => {
    const nodes = [node('a'), node('b')];
    const pods = [pod('x', '1800m', { nodeName: 'a' }), pod('y', '1800m', { nodeName: 'b' })];
    expect(agent).toPreempt({ nodes, existingPods: pods });
    expect(agent).not.toPreempt(['default/x'], { nodes, existingPods: pods });
    const msg = failure(() => expect(agent).toPreempt(['default/x'], { nodes, existingPods: pods }));
    expect(msg).toContain('DefaultPreemption would nominate one of 2 nodes (pickOneNodeForPreemption ties on them; kube-scheduler picks one): a, b');
  });

  test('an unknown PriorityClass: not modelled, with the fix, with and without .not', () => {
    const p = pod('agent', '1500m', { priorityClassName: 'platform-critical' });
    const both = [() => expect(p).toPreempt({ nodes: full, existingPods: [web1] }), () => expect(p).not.toPreempt({ nodes: full, existingPods: [web1] })];
    for (const assertion of both) {
      const msg = failure(assertion);
      expect(msg).toContain('not modelled for this pod:\n  DefaultPreemption: The pod Pod default/agent names PriorityClass platform-critical');
      expect(msg).toContain('configure({ priorityClasses })');
    }
    // toBeSchedulableOnAnyOf says the same, without counting "0 nodes" that pass the modelled filters
    expect(failure(() => expect(p).toBeSchedulableOnAnyOf(full, { existingPods: [web1] }))).toContain('but the verdict is unknown: no node fits it as it is ' +
      "(kube-scheduler's filters: 0/1 nodes are available: 1 Insufficient cpu.), and whether DefaultPreemption gives it one by preempting lower-priority pods depends on a priority the inputs leave unknown");
  });

  test('the arguments are checked', () => {
    expect(failure(() => expect(agent).toPreempt([web1], undefined as never))).toContain('toPreempt takes (victims?, options)');
    expect(failure(() => expect(agent).toPreempt({ existingPods: [] } as never))).toContain('toPreempt needs options.nodes');
    expect(failure(() => expect(agent).toPreempt(['web-1'], { nodes: full }))).toContain("victims[0] must be 'namespace/name'");
  });
});

describe('toBeSchedulableOn says "only by preempting …" where preemption resolves the rejection on that node', () => {
  beforeEach(() => configure({ admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } }));

  test('the verdict stands (the filters reject the node as it is); the message names the victims first', () => {
    expect(agent).not.toBeSchedulableOn(full[0], { existingPods: [web1, web2] });
    const msg = failure(() => expect(agent).toBeSchedulableOn(full[0], { existingPods: [web1, web2] }));
    expect(msg).toContain('Expected Pod kube-system/node-agent to be schedulable on Node full-1, but only by preempting 1 pod(s) there (DefaultPreemption, SelectVictimsOnNode):\n' +
      '  - default/web-2 (priority 0; frees cpu: 800m)\nAs the node is, kube-scheduler\'s filters reject it:\n  NodeResourcesFit: Insufficient cpu');
  });

  test('a rejection preemption cannot resolve keeps its bare message', () => {
    const msg = failure(() => expect(pod('web-3', '1')).toBeSchedulableOn(full[0], { existingPods: [web1, web2] }));
    expect(msg).toContain('but kube-scheduler would reject it:\n  NodeResourcesFit: Insufficient cpu');
    expect(msg).not.toContain('preempting');
  });

  test('a PodDisruptionBudget given to toBeSchedulableOn is counted', () => {
    const labelled = [pod('web-1', '1', { nodeName: 'full-1', labels: { app: 'web' } }), pod('web-2', '800m', { nodeName: 'full-1', labels: { app: 'web' } })];
    const pdb = { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'web', namespace: 'default' }, spec: { selector: { matchLabels: { app: 'web' } } }, status: { disruptionsAllowed: 0 } } as KubeObject;
    const msg = failure(() => expect(agent).toBeSchedulableOn(full[0], { existingPods: labelled, podDisruptionBudgets: [pdb] }));
    expect(msg).toContain('only by preempting 1 pod(s) there (1 of them violating a PodDisruptionBudget)');
  });
});

// A pod nominated to the node (Pending, status.nominatedNodeName): RunFilterPluginsWithNominatedPods counts it there
// for pods of lower or equal priority, and the messages name it.
test('a nominated pod takes its room for pods of lower or equal priority, and the rejection names it', () => {
  configure({ admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } });
  // as a dump holds it: spec.priority set by admission when it was created
  const created = pod('node-agent-0', '500m', { namespace: 'kube-system', priorityClassName: 'system-node-critical' });
  const nominee = { ...created, spec: { ...created.spec, priority: 2000001000 }, status: { phase: 'Pending', nominatedNodeName: 'full-1' } } as Pod;
  const small = pod('web-3', '200m');
  expect(small).toBeSchedulableOn(full[0], { existingPods: [web1] });
  const msg = failure(() => expect(small).toBeSchedulableOn(full[0], { existingPods: [web1, web2, nominee] }));
  expect(msg).toContain('Insufficient cpu');
  expect(msg).toContain('the node is rejected because of the pod nominated to full-1: kube-system/node-agent-0 (priority 2000001000)');
  expect(msg).toContain('Without it the node would pass');
  expect(msg).toContain('existingPods: counted 2 on full-1, 1 Pending and nominated to it (status.nominatedNodeName: counted there for pods of lower or equal priority)');
  // addGENominatedPods counts a nominee of priority at least the pod's: one of equal priority, not one of lower
  const critical = pod('agent-1', '100m', { namespace: 'kube-system', priorityClassName: 'system-node-critical' });
  expect(critical).not.toBeSchedulableOn(full[0], { existingPods: [web1, web2, nominee] });
  const lower = { ...nominee, spec: { ...nominee.spec, priority: 1000, priorityClassName: undefined } } as Pod;
  expect(critical).toBeSchedulableOn(full[0], { existingPods: [web1, web2, lower] });
});

describe('PodDisruptionBudgets whose order decides (from 1.37): the message says the order was assumed', () => {
  // the cases of defaultpreemption/pdb-order.test.ts: pdb0 has no disruption left and already let p2 go, pdb1 allows
  // one; p1 and p2 count against both (p2 not against pdb0), c0 against none
  const batch = (name: string, start: string, app = 'batch'): Pod => ({
    ...pod(name, '500m', { nodeName: 'n0', labels: { app } }), status: { phase: 'Running', startTime: start },
  } as Pod);
  const p1 = batch('p1', '2026-01-01T00:00:00Z');
  const p2 = batch('p2', '2026-01-02T00:00:00Z');
  const c0 = batch('c0', '2026-01-01T00:05:00Z', 'db');
  const budget = (name: string, disruptionsAllowed: number, disruptedPods?: Record<string, string>, app = 'batch') => ({
    apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name, namespace: 'default' },
    spec: { minAvailable: 1, selector: { matchLabels: { app } } },
    status: { disruptionsAllowed, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0, ...(disruptedPods ? { disruptedPods } : {}) },
  }) as unknown as KubeObject;
  const pdb0 = budget('pdb0', 0, { p2: '2026-01-02T00:00:00Z' });
  const pdb1 = budget('pdb1', 1);
  const n0 = [node('n0')];
  const critical = pod('critical', '1', { namespace: 'kube-system', priorityClassName: 'system-node-critical' });
  const cluster = (podDisruptionBudgets: KubeObject[]) => ({ nodes: n0, existingPods: [p1, p2, c0], podDisruptionBudgets });
  const NOTE = 'Assumed: DefaultPreemption: PodDisruptionBudgets pdb0 and pdb1 both count against default/p1 on n0: counted in the order given ' +
    '(pdb0 first, which its eviction takes below zero disruptions allowed, so pdb1 is not counted down for it); from 1.37 kube-scheduler ' +
    "counts them in its PDB lister's order, which varies between attempts, and with pdb1 before pdb0, default/p1 and default/p2 would count " +
    'as violating a PodDisruptionBudget on n0 instead of default/p1';

  test('1.37, pdb0 first: toPreempt names p2 and states the order; toBeSchedulableOn\'s "only by preempting" too', () => {
    configure({ kubernetesVersion: '1.37' });
    expect(critical).toPreempt(['default/p2'], cluster([pdb0, pdb1]));
    const msg = failure(() => expect(critical).not.toPreempt(cluster([pdb0, pdb1])));
    expect(msg).toContain('    - default/p2 (priority 0; frees cpu: 500m)');
    expect(msg).toContain(`${NOTE}, so the victims and the node nominated may differ`);
    const onNode = failure(() => expect(critical).toBeSchedulableOn(n0[0], { existingPods: [p1, p2, c0], podDisruptionBudgets: [pdb0, pdb1] }));
    expect(onNode).toContain('but only by preempting 1 pod(s) there');
    expect(onNode).toContain(`${NOTE}, so the victims may differ`);
    expect(onNode).not.toContain('the node nominated');
  });

  test('1.37, pdb0 first: a passing toPreempt row of the run report notes the order it rests on (Assumed: …)', () => {
    configure({ kubernetesVersion: '1.37' });
    const ctx = { utils: { matcherHint: (m: string) => m, printReceived: String, printExpected: String }, isNot: false } as never;
    const result = toPreempt.call(ctx, critical, ['default/p2'], cluster([pdb0, pdb1]));
    expect(result.pass).toBe(true);
    const notes = toRecord(ctx, result, result.placement!).notes ?? [];
    expect(notes.filter((n) => n.startsWith(NOTE))).toHaveLength(1);
    expect(notes.filter((n) => n.startsWith('Assumed: DefaultPreemption: every node preemption may help was evaluated'))).toHaveLength(1);
  });

  test('1.37, pdb1 first (p1 stops at pdb0, the last), and at 1.36 (no early stop): no such note', () => {
    configure({ kubernetesVersion: '1.37' });
    expect(failure(() => expect(critical).not.toPreempt(cluster([pdb1, pdb0])))).not.toContain('both count against');
    configure({ kubernetesVersion: '1.36' });
    expect(critical).toPreempt(['default/c0'], cluster([pdb0, pdb1]));
    expect(failure(() => expect(critical).not.toPreempt(cluster([pdb0, pdb1])))).not.toContain('both count against');
  });

  test('1.37: budgets that never both count against one pod give no note', () => {
    configure({ kubernetesVersion: '1.37' });
    // p1 violates pdb0 and c0 violates db: both are reprieved first, and p2 is the victim
    const db = budget('db', 0, undefined, 'db');
    const msg = failure(() => expect(critical).not.toPreempt(cluster([pdb0, db])));
    expect(msg).toContain('On n0, preempting 1 pod(s):\n    - default/p2 (priority 0; frees cpu: 500m)');
    expect(msg).toContain('Assumed: DefaultPreemption: every node preemption may help was evaluated');
    expect(msg).not.toContain('count against');
  });
});

describe('a replica placed by preemption says when its victims rest on the PodDisruptionBudgets\' order (from 1.37)', () => {
  // pdb-order.test.ts's case as a Deployment's one replica: pdb0 has let p2 go, pdb1 allows one disruption; the
  // replica needs 1 of n0's 2 cpu, so one of p1, p2, c0 (500m each) is its victim
  const n0 = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n0', labels: { 'kubernetes.io/hostname': 'n0' } }, status: { allocatable: { cpu: '2', memory: '4Gi', pods: '110' } } } as unknown as Node;
  const running = (name: string, app: string, start = '2026-01-01T00:00:00Z') => ({
    apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', labels: { app } },
    spec: { nodeName: 'n0', priority: 0, containers: [{ name: 'c', image: 'registry.example/app:1', resources: { requests: { cpu: '500m' } } }] },
    status: { phase: 'Running', startTime: start },
  }) as unknown as Pod;
  const budget = (name: string, disruptionsAllowed: number, disruptedPods?: Record<string, string>) => ({
    apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name, namespace: 'default' },
    spec: { minAvailable: 1, selector: { matchLabels: { app: 'batch' } } },
    status: { disruptionsAllowed, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0, ...(disruptedPods ? { disruptedPods } : {}) },
  }) as unknown as KubeObject;
  const urgent = {
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'urgent', namespace: 'default' },
    spec: { replicas: 1, selector: { matchLabels: { app: 'urgent' } }, template: { metadata: { labels: { app: 'urgent' } }, spec: { priority: 1000, containers: [{ name: 'c', image: 'registry.example/app:1', resources: { requests: { cpu: '1' } } }] } } },
  } as unknown as KubeObject;
  const options = {
    existingPods: [running('p1', 'batch'), running('p2', 'batch', '2026-01-02T00:00:00Z'), running('c0', 'db', '2026-01-01T00:05:00Z')],
    podDisruptionBudgets: [budget('pdb0', 0, { p2: '2026-01-02T00:00:00Z' }), budget('pdb1', 1)],
  };
  const at = (release: KubernetesVersion) => configure({ kubernetesVersion: release, admission: { priority: false } });

  it('1.37: toHaveAllReplicasScheduled names the PDBs and what the other order would count', () => {
    at('1.37');
    const m = failure(() => expect(urgent).not.toHaveAllReplicasScheduled([n0], options));
    expect(m).toContain('Assumed: DefaultPreemption: PodDisruptionBudgets pdb0 and pdb1 both count against default/p1 on n0: counted in the order given (pdb0 first');
    expect(m).toContain('with pdb1 before pdb0, default/p1 and default/p2 would count as violating a PodDisruptionBudget on n0 instead of default/p1');
  });

  it('1.36: a victim counts down every budget, so nothing rests on their order', () => {
    at('1.36');
    expect(failure(() => expect(urgent).not.toHaveAllReplicasScheduled([n0], options))).not.toContain('PodDisruptionBudgets pdb0 and pdb1');
  });
});

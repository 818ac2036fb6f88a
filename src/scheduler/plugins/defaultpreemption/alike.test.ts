// Dry runs shared between alike nodes (alike.ts) give the answer a dry run on every node gives: the same message,
// nominated nodes, candidates, victims and PDB violations (upstream's DryRunPreemption runs SelectVictimsOnNode on each
// node: pkg/scheduler/framework/preemption/preemption.go). Nodes alike but for one thing SelectVictimsOnNode reads are
// dry-run apart.
import fc from 'fast-check';
import type { KubeObject, Node, Pod } from '../../../core/types';
import { configure, resetConfiguration } from '../../../core/config';
import { toSubject } from '../../../k8s/subject';
import { cycleFor, postFilterHandle, schedule } from '../..';
import { emptyUsage, podInfo } from '../../framework';
import { buildSnapshot, groupByNode } from '../../snapshot';
import { preparedSnapshot } from '../../prepared';
import { profile } from '../../profile';
import { runPostFilterPlugins } from '../../postfilter';
import { alikeDryRuns } from './alike';
import { selectVictimsOnNode, type Victims } from './victims';

beforeEach(() => configure({ kubernetesVersion: '1.37', admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } }));
afterEach(() => resetConfiguration());

const node = (name: string, zone: string, cpu: string): Node =>
  ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name, 'topology.kubernetes.io/zone': zone } }, status: { allocatable: { cpu, memory: '64Gi', pods: '110' } } }) as Node;

interface P { priority: number; cpu: string; start?: string; app?: string; hostPort?: boolean }
function pod(name: string, nodeName: string | undefined, o: P, extra: object = {}): Pod {
  const ports = o.hostPort ? { ports: [{ containerPort: 80, hostPort: 8080 }] } : {};
  return {
    apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', ...(o.app ? { labels: { app: o.app } } : {}) },
    spec: { containers: [{ name: 'c', image: 'registry.example/app:1', resources: { requests: { cpu: o.cpu } }, ...ports }], priority: o.priority, ...(nodeName ? { nodeName } : {}), ...extra },
    status: { phase: 'Running', ...(o.start ? { startTime: o.start } : {}) },
  } as Pod;
}
const pdb = (name: string, app: string, disruptionsAllowed: number, disrupted?: string): KubeObject =>
  ({ apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name, namespace: 'default' }, spec: { selector: { matchLabels: { app } } }, status: { disruptionsAllowed, ...(disrupted ? { disruptedPods: { [disrupted]: '2026-01-01T00:00:00Z' } } : {}) } }) as unknown as KubeObject;

/** The PostFilter's answer with alike nodes sharing dry runs (as schedule gives it) and without, and the dry runs each made. */
function answers(incoming: Pod, nodes: Node[], pods: Pod[], pdbs: KubeObject[]) {
  const info = podInfo(toSubject(incoming));
  const { rejected, preemption } = schedule(toSubject(incoming), nodes, pods, undefined, undefined, undefined, pdbs);
  const snapshot = buildSnapshot(nodes, groupByNode(pods));
  const counted = (prepared?: ReturnType<typeof preparedSnapshot>) => {
    const handle = postFilterHandle(info, nodes, rejected, snapshot, cycleFor(info, snapshot), pdbs, prepared);
    let dryRuns = 0;
    const answer = runPostFilterPlugins(profile().postFilter, info, { ...handle, dryRun: (n) => (dryRuns++, handle.dryRun(n)) });
    return { answer, dryRuns };
  };
  return { scheduled: preemption, shared: counted(preparedSnapshot(snapshot, emptyUsage(), profile().filter)), eachNode: counted() };
}

/** What a test compares of SelectVictimsOnNode's answer: the victims' names and PDB violations, or the status's reasons. */
const victimsSeen = (r: Victims) => (r.status ? { reasons: r.status.reasons } : { victims: r.victims.map((p) => p.metadata!.name), numPDBViolations: r.numPDBViolations });

/**
 * alikeDryRuns over every potential node, with `hashOf`, against selectVictimsOnNode on each node: the same answers;
 * and how many dry runs it made.
 */
function sharedAgainstEachNode(incoming: Pod, nodes: Node[], pods: Pod[], pdbs: KubeObject[], hashOf?: (read: readonly number[]) => number) {
  const info = podInfo(toSubject(incoming));
  const { rejected } = schedule(toSubject(incoming), nodes, pods, undefined, undefined, undefined, pdbs);
  const snapshot = buildSnapshot(nodes, groupByNode(pods));
  const handle = postFilterHandle(info, nodes, rejected, snapshot, cycleFor(info, snapshot), pdbs, preparedSnapshot(snapshot, emptyUsage(), profile().filter));
  let dryRuns = 0;
  const select = (entry: Parameters<typeof handle.dryRun>[0]) => (dryRuns++, selectVictimsOnNode(2000, entry, pdbs, handle));
  const run = alikeDryRuns(pdbs, select, hashOf);
  const potential = handle.nodes.filter((n) => n.status?.code === 'Unschedulable');
  for (const n of potential) expect(victimsSeen(run(n))).toEqual(victimsSeen(selectVictimsOnNode(2000, n.entry, pdbs, handle)));
  return { dryRuns, potential: potential.length };
}

const critical = (cpu: string, extra: object = {}) => pod('critical', undefined, { priority: 2000, cpu }, extra);
const on = (n: string, k: number, o: P) => pod(`${n}-${k}`, n, o);

test('three alike nodes holding alike pods: one dry run, the same victims by position on each', () => {
  const nodes = ['a', 'b', 'c'].map((n) => node(n, 'z1', '4'));
  const pods = ['a', 'b', 'c'].flatMap((n) => [on(n, 0, { priority: 0, cpu: '2' }), on(n, 1, { priority: 100, cpu: '2' })]);
  const r = answers(critical('2'), nodes, pods, []);
  expect(r.shared.dryRuns).toBe(1);
  expect(r.eachNode.dryRuns).toBe(3);
  expect(r.shared.answer).toEqual(r.eachNode.answer);
  expect(r.scheduled).toEqual(r.eachNode.answer);
  expect(r.shared.answer).toMatchObject({ nominatedNodes: ['a', 'b', 'c'], candidates: [{ node: 'a', victims: ['default/a-0'] }, { node: 'b', victims: ['default/b-0'] }, { node: 'c', victims: ['default/c-0'] }] });
});

// each row changes one thing SelectVictimsOnNode reads on node b: b is dry-run on its own, and its answer is its own
test.each([
  ['the pods in another order', [{ priority: 100, cpu: '2' }, { priority: 0, cpu: '2' }], [], {}],
  ['another priority', [{ priority: 0, cpu: '2' }, { priority: 50, cpu: '2' }], [], {}],
  ['another request', [{ priority: 0, cpu: '1' }, { priority: 100, cpu: '3' }], [], {}],
  ['a start time', [{ priority: 0, cpu: '2', start: '2026-01-01T00:00:00Z' }, { priority: 100, cpu: '2' }], [], {}],
  ['a pod a PDB counts', [{ priority: 0, cpu: '2', app: 'web' }, { priority: 100, cpu: '2' }], [pdb('web', 'web', 0)], {}],
  ['a host port', [{ priority: 0, cpu: '2', hostPort: true }, { priority: 100, cpu: '2' }], [], {}],
  ['a node selector on the zone b is in', [{ priority: 0, cpu: '2' }, { priority: 100, cpu: '2' }], [], { nodeSelector: { 'topology.kubernetes.io/zone': 'z1' } }],
] as Array<[string, P[], KubeObject[], object]>)('alike nodes but b has %s: b dry-run apart', (_, onB, pdbs, extra) => {
  const zone = (n: string) => ('nodeSelector' in extra && n === 'b' ? 'z2' : 'z1');
  const nodes = ['a', 'b', 'c'].map((n) => node(n, zone(n), '4'));
  const base: P[] = [{ priority: 0, cpu: '2' }, { priority: 100, cpu: '2' }];
  const pods = ['a', 'b', 'c'].flatMap((n) => (n === 'b' ? onB : base).map((o, k) => on(n, k, o)));
  const r = answers(critical('2', extra), nodes, pods, pdbs);
  expect(r.shared.dryRuns).toBe('nodeSelector' in extra ? 1 : 2);
  expect(r.shared.answer).toEqual(r.eachNode.answer);
  expect(r.scheduled).toEqual(r.eachNode.answer);
});

test('1.37: the PDB order notes of a shared dry run name each node\'s own pods, as a dry run on each node does', () => {
  const nodes = ['a', 'b', 'c'].map((n) => node(n, 'z1', '4'));
  const pods = ['a', 'b', 'c'].flatMap((n) => [on(n, 0, { priority: 0, cpu: '2', app: 'web' }), on(n, 1, { priority: 100, cpu: '2', app: 'web' })]);
  // each pod stops at `spent` while `one` counts against it too
  const r = answers(critical('2'), nodes, pods, [pdb('spent', 'web', 0), pdb('one', 'web', 1)]);
  expect(r.shared.dryRuns).toBe(1);
  expect(r.shared.answer).toEqual(r.eachNode.answer);
  expect(r.scheduled).toEqual(r.eachNode.answer);
  const order = (r.scheduled as { pdbOrder: Array<{ node: string; pod: string; pdbs: string[] }> }).pdbOrder;
  expect(order.map((o) => `${o.node} ${o.pod} ${o.pdbs.join('>')}`)).toEqual([
    'a default/a-1 spent>one', 'a default/a-0 spent>one', 'b default/b-1 spent>one', 'b default/b-0 spent>one', 'c default/c-1 spent>one', 'c default/c-0 spent>one',
  ]);
});

test('a node with a pod nominated to it is dry-run on its own, its nominated pod counted', () => {
  const nodes = ['a', 'b', 'c'].map((n) => node(n, 'z1', '4'));
  const pods = ['a', 'b', 'c'].flatMap((n) => [on(n, 0, { priority: 0, cpu: '1' }), on(n, 1, { priority: 100, cpu: '2' })]);
  // a Pending pod of higher priority nominated to b (a past preemption's): SelectVictimsOnNode on b counts it
  const nominated = pod('nominated', undefined, { priority: 3000, cpu: '1' });
  (nominated.status as Record<string, unknown>).nominatedNodeName = 'b';
  const r = answers(critical('2'), nodes, [...pods, nominated], []);
  expect(r.shared.dryRuns).toBe(2);
  expect(r.shared.answer).toEqual(r.eachNode.answer);
  expect(r.scheduled).toEqual(r.eachNode.answer);
  // on a and c the 2-CPU pod is reprieved and the other is the victim; on b the nominated pod leaves no room for it
  const victims = (r.scheduled as { candidates: Array<{ node: string; victims: string[] }> }).candidates.map((c) => c.victims);
  expect(victims).toEqual([['default/a-0'], ['default/b-1'], ['default/c-0']]);
});

test('nodes whose pods read otherwise at the same position (a host port) are dry-run apart, whatever follows', () => {
  const nodes = ['a', 'b'].map((n) => node(n, 'z1', '4'));
  const pods = [
    on('a', 0, { priority: 0, cpu: '1', hostPort: true }), on('a', 1, { priority: 100, cpu: '2' }),
    on('b', 0, { priority: 0, cpu: '1', hostPort: true }), on('b', 1, { priority: 100, cpu: '3' }),
  ];
  expect(sharedAgainstEachNode(critical('2'), nodes, pods, [])).toEqual({ dryRuns: 2, potential: 2 });
});

test('a pod without labels never counts against a PDB, even one whose selector matches no labels (NotIn)', () => {
  const nodes = ['a', 'b'].map((n) => node(n, 'z1', '4'));
  const notIn = pdb('not-web', 'web', 0) as { spec: { selector: unknown } };
  notIn.spec.selector = { matchExpressions: [{ key: 'app', operator: 'NotIn', values: ['web'] }] };
  const pods = [on('a', 0, { priority: 0, cpu: '3' }), on('b', 0, { priority: 0, cpu: '3', app: 'db' })];
  const r = answers(critical('2'), nodes, pods, [notIn as unknown as KubeObject]);
  expect(r.shared.answer).toEqual(r.eachNode.answer);
  expect((r.shared.answer as { candidates: unknown[] }).candidates).toEqual([
    { node: 'a', victims: ['default/a-0'], numPDBViolations: 0 },
    { node: 'b', victims: ['default/b-0'], numPDBViolations: 1 },
  ]);
});

test('a PDB with an invalid selector matches no pod (LabelSelectorAsSelector fails: upstream skips it)', () => {
  const nodes = [node('a', 'z1', '4')];
  const invalid = pdb('bad', 'web', 0) as { spec: { selector: unknown } };
  invalid.spec.selector = { matchExpressions: [{ key: 'app', operator: 'In', values: [] }] };
  const r = answers(critical('2'), nodes, [on('a', 0, { priority: 0, cpu: '3', app: 'web' })], [invalid as unknown as KubeObject]);
  expect((r.shared.answer as { candidates: unknown[] }).candidates).toEqual([{ node: 'a', victims: ['default/a-0'], numPDBViolations: 0 }]);
});

test('candidates are listed in node-name order whatever the nodes\' order', () => {
  const nodes = ['b', 'a'].map((n) => node(n, 'z1', '4'));
  const pods = [on('b', 0, { priority: 0, cpu: '3' }), on('a', 0, { priority: 0, cpu: '3' })];
  const r = answers(critical('2'), nodes, pods, []);
  expect((r.scheduled as { candidates: Array<{ node: string }> }).candidates.map((c) => c.node)).toEqual(['a', 'b']);
});

const podArb = fc.record({
  priority: fc.constantFrom(0, 100, 1000, 3000),
  cpu: fc.constantFrom('1', '2', '3'),
  start: fc.option(fc.constantFrom('2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z'), { nil: undefined }),
  app: fc.option(fc.constantFrom('web', 'db'), { nil: undefined }),
  hostPort: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
});
// node pools: each node is one of a few templates (its zone, size and pods), so that alike nodes come up often
const templateArb = fc.record({ zone: fc.constantFrom('z1', 'z2'), cpu: fc.constantFrom('4', '8'), pods: fc.array(podArb, { minLength: 1, maxLength: 4 }) });
const clusterArb = fc.record({
  templates: fc.array(templateArb, { minLength: 1, maxLength: 3 }),
  nodes: fc.array(fc.nat(2), { minLength: 2, maxLength: 6 }),
  pdbs: fc.array(fc.record({ app: fc.constantFrom('web', 'db'), allowed: fc.constantFrom(0, 1), disrupted: fc.option(fc.constantFrom('n0-0', 'n1-0'), { nil: undefined }) }), { maxLength: 2 }),
  cpu: fc.constantFrom('2', '4', '6'),
  zone: fc.option(fc.constantFrom('z1', 'z2'), { nil: undefined }),
}).map((c) => {
  const pool = c.nodes.map((t) => c.templates[t % c.templates.length]);
  return {
    nodes: pool.map((n, i) => node(`n${i}`, n.zone, n.cpu)),
    pods: pool.flatMap((n, i) => n.pods.map((o, k) => on(`n${i}`, k, o))),
    pdbs: c.pdbs.map((p, i) => pdb(`pdb${i}`, p.app, p.allowed, p.disrupted)),
    incoming: critical(c.cpu, c.zone ? { nodeSelector: { 'topology.kubernetes.io/zone': c.zone } } : {}),
  };
});

test('any cluster of pools: the answer with shared dry runs is the answer of a dry run on each node', () => {
  let sharedSome = false;
  fc.assert(fc.property(clusterArb, ({ nodes, pods, pdbs, incoming }) => {
    const r = answers(incoming, nodes, pods, pdbs);
    // (a pod that fits somewhere is not preempting: no PostFilter runs)
    if (!r.scheduled) return;
    expect(r.shared.answer).toEqual(r.eachNode.answer);
    expect(r.scheduled).toEqual(r.eachNode.answer);
    if (r.shared.dryRuns < r.eachNode.dryRuns) sharedSome = true;
  }), { numRuns: 300 });
  // the property is about sharing: some cases must have shared a dry run
  expect(sharedSome).toBe(true);
});

test('reads that hash alike but differ are told apart (a hash that always collides)', () => {
  let sharedSome = false;
  fc.assert(fc.property(clusterArb, ({ nodes, pods, pdbs, incoming }) => {
    const r = sharedAgainstEachNode(incoming, nodes, pods, pdbs, () => 0);
    // one dry run per distinct read either way: every read is kept, whatever its hash
    expect(r.dryRuns).toBe(sharedAgainstEachNode(incoming, nodes, pods, pdbs).dryRuns);
    if (r.dryRuns < r.potential) sharedSome = true;
  }), { numRuns: 200 });
  expect(sharedSome).toBe(true);
});

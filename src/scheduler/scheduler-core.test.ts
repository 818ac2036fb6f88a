// The scheduling cycle's core (pkg/scheduler/schedule_one.go, framework/runtime/framework.go, framework/types.go,
// backend/cache): RunPreFilterPlugins (rejections, PreFilterResult), the status of the nodes a PreFilterResult leaves
// out, FitError.Error(), the snapshot a check builds (shared between checks of one cluster), NodeInfo.AddPod when
// replicas are assumed one after another, namespace labels, and the Filter plugins' node facets for scheduleMatrix.
// Added for the survivors of the mutation run in src/scheduler/{index,cycle,snapshot}.ts and plugins/node*.
import type { KubeObject, Node, Pod } from '../core/types';
import { toSubject } from '../k8s/subject';
import { configure, resetConfiguration } from '../core/config';
import { nodeInfo, nodeUsage, podInfo, type Status } from './framework';
import { assumePod, buildSnapshot } from './snapshot';
import { explainPasses, runClusterFilters, runPreFilters, type ClusterPlugin, type PreFilterResult } from './cycle';
import { fitError, podsByNode, podsOnNode, runFilters, schedule, schedulingVerdict } from '.';
import { scheduleMatrix } from './matrix';
import { makeNode, makePod, spread } from '../../test/cluster/builders';

afterEach(() => resetConfiguration());

const web = { app: 'web' };
const zoneSpread = (maxSkew: number) => [spread(maxSkew, 'zone', { matchLabels: web })];
const hostPort = (name: string, port: number, o: { nodeName?: string } = {}): Pod => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' },
  spec: { ...(o.nodeName ? { nodeName: o.nodeName } : {}), containers: [{ name: 'c', image: 'registry.k8s.io/pause', ports: [{ containerPort: port, hostPort: port }] }] },
});
const namespace = (name: string, labels: Record<string, string> = {}): KubeObject => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels } }) as KubeObject;
/** Required pod affinity to app=web pods in the namespaces `namespaceSelector` picks, per hostname. */
const affinityBySelector = (namespaceSelector: object) => makePod('incoming', {
  podAffinity: [{ labelSelector: { matchLabels: web }, namespaceSelector, topologyKey: 'kubernetes.io/hostname' } as never],
});
const host = (name: string, labels: Record<string, string> = {}) => makeNode(name, { 'kubernetes.io/hostname': name, ...labels });

const status = (plugin: string, code: Status['code'], ...reasons: string[]): Status => ({ plugin, code, reasons, details: [`${plugin} said no`] });

/** A cluster plugin whose PreFilter returns `pre` and whose Filter returns `filter` (undefined: the node passes). */
function fake(name: string, pre: PreFilterResult<unknown>, filter?: Status, explain?: string[]): ClusterPlugin<unknown> & { preFilters: number } {
  const plugin = {
    name,
    preFilters: 0,
    preFilter: () => {
      plugin.preFilters++;
      return pre;
    },
    filter: () => filter,
    ...(explain ? { explainPass: () => explain } : {}),
  };
  return plugin;
}

const abc = () => buildSnapshot([host('a'), host('b'), host('c')], new Map());
const plainPod = () => podInfo(toSubject(makePod(`p-${Math.random().toString(36).slice(2, 8)}`)));

// framework/runtime/framework.go RunPreFilterPlugins
describe('RunPreFilterPlugins', () => {
  test('an UnschedulableAndUnresolvable rejection stops the loop: later PreFilters do not run', () => {
    const rejecting = fake('First', { reject: status('First', 'UnschedulableAndUnresolvable', 'no way') });
    const later = fake('Later', { state: 1 });
    const cycle = runPreFilters(plainPod(), abc(), [rejecting, later]);
    expect(later.preFilters).toBe(0);
    expect(cycle.rejection).toEqual(status('First', 'UnschedulableAndUnresolvable', 'no way'));
    expect(cycle.active).toEqual([]);
  });

  test('an Unschedulable rejection lets the rest run (issue #119770); the last rejection is the one reported', () => {
    const first = fake('First', { reject: status('First', 'Unschedulable', 'first reason') });
    const middle = fake('Middle', { state: 'm' });
    const last = fake('Last', { reject: status('Last', 'Unschedulable', 'last reason') });
    const cycle = runPreFilters(plainPod(), abc(), [first, middle, last]);
    expect([first.preFilters, middle.preFilters, last.preFilters]).toEqual([1, 1, 1]);
    expect(cycle.active.map((a) => [a.plugin.name, a.state])).toEqual([['Middle', 'm']]);
    expect(cycle.rejection).toEqual(status('Last', 'Unschedulable', 'last reason'));
  });

  test('PreFilterResults are intersected (PreFilterResult.Merge); only the plugins that narrowed are named', () => {
    const zeta = fake('Zeta', { state: 'z', nodeNames: new Set(['a', 'b']) });
    const all = fake('AllNodes', { state: 'x' });
    const alpha = fake('Alpha', { state: 'a', nodeNames: new Set(['b', 'c']) });
    const cycle = runPreFilters(plainPod(), abc(), [zeta, all, alpha]);
    expect(cycle.nodeNames && [...cycle.nodeNames]).toEqual(['b']);
    expect(cycle.narrowedBy).toEqual(['Zeta', 'Alpha']);
    expect(cycle.active.map((a) => a.plugin.name)).toEqual(['Zeta', 'AllNodes', 'Alpha']);
    expect(runPreFilters(plainPod(), abc(), [all]).nodeNames).toBeUndefined();
    expect(runPreFilters(plainPod(), abc(), [all]).narrowedBy).toEqual([]);
  });
});

// schedule_one.go findNodesThatFitPod: nodes outside the PreFilterResult are not filtered; their status is
// UnschedulableAndUnresolvable "node(s) didn't satisfy plugin(s) %v" with sets.List (sorted) of the plugins.
describe('the nodes a PreFilterResult leaves out', () => {
  test('get the framework status naming the narrowing plugins, sorted; the nodes inside are filtered', () => {
    const snapshot = abc();
    const pod = plainPod();
    const cycle = runPreFilters(pod, snapshot, [fake('Zeta', { state: 'z', nodeNames: new Set(['a', 'b']) }), fake('Alpha', { state: 'a', nodeNames: new Set(['b', 'c']) })]);
    const verdicts = snapshot.nodes.map((n) => runFilters(pod, n.info, n.usage, cycle));
    const out: Status = {
      plugin: 'Zeta, Alpha', code: 'UnschedulableAndUnresolvable', reasons: ["node(s) didn't satisfy plugin(s) [Alpha Zeta]"],
      details: ['Zeta, Alpha PreFilter left this node out'],
    };
    expect(verdicts).toEqual([{ node: 'a', feasible: false, status: out }, { node: 'b', feasible: true }, { node: 'c', feasible: false, status: out }]);
    // FitError.Error(): the absent nodes' status counts once per node
    expect(fitError(3, pod, [verdicts[0], verdicts[2]], cycle)).toBe("0/3 nodes are available: 2 node(s) didn't satisfy plugin(s) [Alpha Zeta].");
  });

  test('a node inside the result still goes through the Filter plugins and the cluster Filters', () => {
    const snapshot = buildSnapshot([host('a'), makeNode('b', {}, [{ key: 't', effect: 'NoSchedule' }])], new Map());
    const pod = plainPod();
    const no = status('Narrow', 'Unschedulable', 'narrow filter says no');
    const cycle = runPreFilters(pod, snapshot, [fake('Narrow', { state: 0, nodeNames: new Set(['a', 'b']) }, no)]);
    expect(runFilters(pod, snapshot.nodes[0].info, snapshot.nodes[0].usage, cycle)).toEqual({ node: 'a', feasible: false, status: no });
    expect(runFilters(pod, snapshot.nodes[1].info, snapshot.nodes[1].usage, cycle).status?.plugin).toBe('TaintToleration');
  });
});

describe('a PreFilter rejection of the whole pod', () => {
  test('every node gets that status; FitError.Error() prints the PreFilter message (Status.Message: reasons joined by ", ")', () => {
    const snapshot = abc();
    const pod = plainPod();
    const whole = status('Whole', 'UnschedulableAndUnresolvable', 'first part', 'second part');
    const cycle = runPreFilters(pod, snapshot, [fake('Whole', { reject: whole })]);
    const verdicts = snapshot.nodes.map((n) => runFilters(pod, n.info, n.usage, cycle));
    expect(verdicts).toEqual(['a', 'b', 'c'].map((node) => ({ node, feasible: false, status: whole })));
    expect(fitError(3, pod, verdicts, cycle)).toBe('0/3 nodes are available: first part, second part.');
  });

  test('through schedule(): an unparsable required affinity term (InterPodAffinity PreFilter)', () => {
    configure({ validate: false });
    const p = makePod('bad', { labels: web, podAffinity: [{ labelSelector: { matchExpressions: [{ key: 'app', operator: 'In', values: ['bad value'] }] }, topologyKey: 'zone' }] });
    const r = schedule(toSubject(p), [host('a'), host('b')]);
    expect(r.feasible).toEqual([]);
    expect(r.rejected.map((v) => [v.node, v.feasible, v.status?.plugin, v.status?.code])).toEqual([
      ['a', false, 'InterPodAffinity', 'UnschedulableAndUnresolvable'],
      ['b', false, 'InterPodAffinity', 'UnschedulableAndUnresolvable'],
    ]);
    expect(r.fitError).toMatch(/^0\/2 nodes are available: parsing pod: requiredAffinityTerms: /);
  });
});

// framework/runtime/framework.go RunFilterPlugins: the plugins run in order until one rejects.
describe('the cluster plugins Filter and pass explanations', () => {
  test('a plugin that passes hands over to the next; the first rejection is the status', () => {
    const pod = plainPod();
    const snapshot = abc();
    const no = status('Second', 'Unschedulable', 'second says no');
    const cycle = runPreFilters(pod, snapshot, [fake('First', { state: 0 }), fake('Second', { state: 0 }, no), fake('Third', { state: 0 }, status('Third', 'Unschedulable', 'x'))]);
    expect(runClusterFilters(pod, snapshot.nodes[0], cycle)).toEqual(no);
    expect(runClusterFilters(pod, snapshot.nodes[0], runPreFilters(pod, snapshot, [fake('First', { state: 0 })]))).toBeUndefined();
  });

  test('explainPasses prefixes each line with its plugin; plugins without explainPass add nothing', () => {
    const pod = plainPod();
    const snapshot = abc();
    const cycle = runPreFilters(pod, snapshot, [fake('Quiet', { state: 0 }), fake('Talker', { state: 0 }, undefined, ['one', 'two'])]);
    expect(explainPasses(pod, snapshot.nodes[0], cycle)).toEqual(['Talker: one', 'Talker: two']);
    expect(explainPasses(pod, snapshot.nodes[0], runPreFilters(pod, snapshot, [fake('Quiet', { state: 0 })]))).toEqual([]);
  });
});

// framework/types.go FitError.Error(): "0/N nodes are available: " + the reason histogram sorted with sort.Strings.
describe('FitError histogram', () => {
  test('sorted as strings: 10 sorts before 2', () => {
    const cordoned = [0, 1].map((i) => ({ ...host(`u${i}`), spec: { unschedulable: true } }) as Node);
    const tainted = Array.from({ length: 10 }, (_, i) => makeNode(`t${i}`, {}, [{ key: 'k', value: 'v', effect: 'NoSchedule' }]));
    configure({ admission: { nodeConditionTaints: false } });
    const r = schedule(toSubject(makePod('p')), [...cordoned, ...tainted]);
    expect(r.fitError).toBe('0/12 nodes are available: 10 node(s) had untolerated taint(s), 2 node(s) were unschedulable. preemption: 0/12 nodes are available: 12 Preemption is not helpful for scheduling.');
  });
});

describe('one node checked on its own', () => {
  test('runFilters without usage: no pods on the node (a node for one pod takes it)', () => {
    const n: Node = { ...host('a'), status: { allocatable: { pods: '1' } } };
    expect(runFilters(plainPod(), nodeInfo(n))).toEqual({ node: 'a', feasible: true });
  });

  test('schedule() with no cluster to read: every node goes through the filters', () => {
    const r = schedule(toSubject(makePod('p')), [host('a'), makeNode('b', {}, [{ key: 'k', effect: 'NoSchedule' }])]);
    expect(r.feasible).toEqual([{ node: 'a', feasible: true }]);
    expect(r.rejected.map((v) => v.status?.plugin)).toEqual(['TaintToleration']);
  });
});

// NodeInfo.AddPod is called for the pods bound to that node (framework/types.go); pods without spec.nodeName are
// Pending and in no NodeInfo (eventhandlers.go assignedPod; documented on podsOnNode).
describe('existing pods on the node', () => {
  test('podsOnNode counts only the pods bound to the node', () => {
    const u1 = makePod('u1');
    const u2 = makePod('u2');
    const here = makePod('here', { nodeName: 'a' });
    const there = makePod('there', { nodeName: 'b' });
    expect(podsOnNode('a', [u1, u2, here, there])).toEqual({ here: [here], unbound: 2, elsewhere: 1 });
  });

  test('with options.nodes holding the node, an unbound pod is on no node', () => {
    const a = host('a');
    const b = host('b');
    const incoming = hostPort('incoming', 8080);
    const pods = [hostPort('on-b', 9090, { nodeName: 'b' }), hostPort('unbound', 8080)];
    expect(schedulingVerdict(toSubject(incoming), a, pods, { nodes: [a, b] }).feasible).toBe(true);
    const bound = [pods[0], hostPort('bound', 8080, { nodeName: 'a' })];
    expect(schedulingVerdict(toSubject(incoming), a, bound, { nodes: [a, b] }).status?.plugin).toBe('NodePorts');
  });
});

describe('the node checked takes the place of the node of the same name in options.nodes', () => {
  const a = host('a', { zone: 'z1' });
  const b = host('b', { zone: 'z2' });
  const aAgain = host('a', { zone: 'z1' }); // another object for node a (e.g. built again by the test)
  const pods = [makePod('w1', { nodeName: 'a', labels: web })];
  test('the other nodes are in the cluster (z2 holds no web pod: skew 2 on a)', () => {
    const v = schedulingVerdict(toSubject(makePod('in', { labels: web, spread: zoneSpread(1) })), aAgain, pods, { nodes: [a, b] });
    expect(v.status?.plugin).toBe('PodTopologySpread');
  });
  test('node a is counted once (skew 2 fits maxSkew 2)', () => {
    expect(schedulingVerdict(toSubject(makePod('in', { labels: web, spread: zoneSpread(2) })), aAgain, pods, { nodes: [a, b] }).feasible).toBe(true);
  });
});

// The snapshot is shared between checks of one cluster (same nodes, pods, namespaces, settings); a change in any of
// them must give the answer for the new cluster.
describe('a snapshot shared between checks never answers for another cluster', () => {
  const a = host('a', { zone: 'z1' });
  const b = host('b', { zone: 'z2' });
  const c = host('c', { zone: 'z1' });
  const incoming = makePod('in', { labels: web, spread: zoneSpread(1) });
  const onA = makePod('w-a', { nodeName: 'a', labels: web });
  const onA2 = makePod('w-a2', { nodeName: 'a', labels: web });
  const onB = makePod('w-b', { nodeName: 'b', labels: web });
  const other = makePod('other', { nodeName: 'b', labels: { app: 'db' } });
  const verdict = (pods: Pod[] | undefined, nodes: Node[] = [a, b], namespaces?: KubeObject[]) =>
    schedulingVerdict(toSubject(incoming), a, pods, { nodes, ...(namespaces ? { namespaces } : {}) }).feasible;

  test('different pods, one at a time', () => {
    // spread over z1 (a) and z2 (b), maxSkew 1: a web pod on a rejects a, one on b accepts it
    expect(verdict(undefined)).toBe(true);
    expect(verdict([onA])).toBe(false);
    expect(verdict(undefined)).toBe(true);
    expect(verdict([onB])).toBe(true);
    expect(verdict([onA])).toBe(false);
    expect(verdict([onB])).toBe(true);
    expect(verdict([onB, onA2])).toBe(true); // z1 1, z2 1
    expect(verdict([onA, onA2])).toBe(false);
  });

  test('the same pods, one more, or one changed', () => {
    expect(verdict([other])).toBe(true);
    expect(verdict([other, onA])).toBe(false);
    expect(verdict([other, onB])).toBe(true);
    expect(verdict([other, onA])).toBe(false);
    expect(verdict([other])).toBe(true);
  });

  test('the same pods array changed in place', () => {
    const pods = [other];
    expect(verdict(pods)).toBe(true);
    pods.push(onA);
    expect(verdict(pods)).toBe(false);
  });

  test('other nodes, the same first node and pods', () => {
    expect(verdict([onA], [a, b])).toBe(false);
    expect(verdict([onA], [a, c])).toBe(true); // one zone only: skew 1
    expect(verdict([onA], [a, b])).toBe(false);
    // fewer nodes and pods, then more
    expect(verdict([onA], [a])).toBe(true);
    expect(verdict([onA, other], [a, b])).toBe(false);
  });

  test('other namespaces', () => {
    const p = affinityBySelector({ matchLabels: { team: 'x' } });
    const pods = [makePod('w', { nodeName: 'a', namespace: 'team-x', labels: web })];
    const check = (namespaces?: KubeObject[]) => schedulingVerdict(toSubject(p), a, pods, { nodes: [a, b], ...(namespaces ? { namespaces } : {}) }).feasible;
    expect(check()).toBe(false);
    expect(check([namespace('team-x', { team: 'x' })])).toBe(true);
    expect(check()).toBe(false);
    expect(check([namespace('team-x', { team: 'y' })])).toBe(false);
    expect(check([namespace('team-x', { team: 'x' })])).toBe(true);
  });

  test('other settings', () => {
    const notReady: Node = { ...host('nr'), status: { conditions: [{ type: 'Ready', status: 'False' }] } };
    const nodes = [notReady, b];
    const check = () => schedulingVerdict(toSubject(makePod('p')), notReady, [], { nodes }).status?.plugin;
    configure({ admission: { nodeConditionTaints: false } });
    expect(check()).toBeUndefined();
    configure({ admission: { nodeConditionTaints: true } });
    expect(check()).toBe('TaintToleration'); // node.kubernetes.io/not-ready:NoSchedule
    configure({ admission: { nodeConditionTaints: false } });
    expect(check()).toBeUndefined();
  });
});

// Namespace labels: the Namespace objects given (other kinds ignored), and kubernetes.io/metadata.name
// (NamespaceDefaultLabelName, set by the API server on every Namespace) for namespaces only seen on pods.
describe('namespace labels for namespaceSelector', () => {
  const a = host('a');
  const b = host('b');
  test('a namespace only seen on an existing pod has the kubernetes.io/metadata.name label', () => {
    const p = affinityBySelector({ matchLabels: { 'kubernetes.io/metadata.name': 'team-b' } });
    const r = schedule(toSubject(p), [a, b], [makePod('w', { nodeName: 'a', namespace: 'team-b', labels: web })]);
    expect(r.feasible.map((v) => v.node)).toEqual(['a']);
  });

  test('objects of other kinds are not Namespaces', () => {
    const p = affinityBySelector({ matchLabels: { team: 'c' } });
    const cm: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'team-c', labels: { team: 'c' } } } as KubeObject;
    const pods = [makePod('w', { nodeName: 'a', namespace: 'team-c', labels: web })];
    expect(schedule(toSubject(p), [a, b], pods, [cm]).feasible).toEqual([]);
    expect(schedule(toSubject(p), [a, b], pods, [namespace('team-c', { team: 'c' })]).feasible.map((v) => v.node)).toEqual(['a']);
  });

  test('a pod without metadata.namespace is in "default"', () => {
    const unnamespaced: Pod = { ...makePod('w', { nodeName: 'a', labels: web }) };
    delete unnamespaced.metadata!.namespace;
    const incoming = makePod('in', { namespace: 'default', labels: web, spread: zoneSpread(1) });
    const r = schedule(toSubject(incoming), [host('a', { zone: 'z1' }), host('b', { zone: 'z2' })], [unnamespaced]);
    expect(r.feasible.map((v) => v.node)).toEqual(['b']);
  });
});

// The pod a workload's template makes: its labels are the template's (none when the template has no metadata, as a Job
// may be created: the API server then adds the selector labels, generateSelector in pkg/registry/batch/job/strategy.go).
test('a Job whose pod template has no metadata: the pod has no labels of its own', () => {
  const job: KubeObject = {
    apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'j', namespace: 'default' },
    spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'i' }], topologySpreadConstraints: zoneSpread(1) } } },
  } as KubeObject;
  const existing = [makePod('w1', { nodeName: 'a', labels: web }), makePod('w2', { nodeName: 'a', labels: web })];
  const r = schedule(toSubject(job), [host('a', { zone: 'z1' }), host('b', { zone: 'z2' })], existing);
  // skew on a: 2 matching pods + 0 (the Job's pod does not match app=web) - 0 = 2 > 1
  expect(r.feasible.map((v) => v.node)).toEqual(['b']);
  expect(r.rejected.map((v) => [v.node, v.status?.plugin])).toEqual([['a', 'PodTopologySpread']]);
});

// schedule_one.go assume (AssumeAndReserveInCache): the next cycle over the same snapshot sees the pod.
describe('assumed pods (replicas placed one after another)', () => {
  test('each assumed pod joins its node; the next cycle sees them all', () => {
    const snapshot = buildSnapshot([host('a'), host('b')], new Map());
    const first = hostPort('r1', 80, { nodeName: 'a' });
    const second = hostPort('r2', 81, { nodeName: 'a' });
    assumePod(snapshot, 'a', first);
    expect(snapshot.byName.get('a')!.pods).toEqual([first]);
    assumePod(snapshot, 'a', second);
    expect(snapshot.byName.get('a')!.pods).toEqual([first, second]);
    expect(snapshot.byName.get('b')!.pods).toEqual([]);
    // the next replicas: ports 80 and 81 are taken on a
    for (const port of [80, 81]) {
      const r = schedule(toSubject(hostPort(`r${port}`, port)), [host('a'), host('b')], [first, second], undefined, snapshot);
      expect(r.feasible.map((v) => v.node)).toEqual(['b']);
      expect(r.rejected.map((v) => [v.node, v.status?.plugin])).toEqual([['a', 'NodePorts']]);
    }
  });

  test('pod affinity in the next cycle sees the assumed pod (the nodes with pods are worked out again)', () => {
    const nodes = [host('a'), host('b')];
    const onB = makePod('w-b', { nodeName: 'b', labels: web });
    const snapshot = buildSnapshot(nodes, podsByNode([onB]));
    const affinity = (name: string) => makePod(name, { podAffinity: [{ labelSelector: { matchLabels: web }, topologyKey: 'kubernetes.io/hostname' }] });
    expect(schedule(toSubject(affinity('first')), nodes, [onB], undefined, snapshot).feasible.map((v) => v.node)).toEqual(['b']);
    const onA = makePod('w-a', { nodeName: 'a', labels: web });
    assumePod(snapshot, 'a', onA);
    expect(schedule(toSubject(affinity('second')), nodes, [onB, onA], undefined, snapshot).feasible.map((v) => v.node)).toEqual(['a', 'b']);
  });

  test('a Succeeded or Failed pod is not in the scheduler cache; an unknown node is no error', () => {
    const snapshot = buildSnapshot([host('a')], new Map());
    assumePod(snapshot, 'a', { ...hostPort('done', 80, { nodeName: 'a' }), status: { phase: 'Succeeded' } });
    assumePod(snapshot, 'a', { ...hostPort('failed', 80, { nodeName: 'a' }), status: { phase: 'Failed' } });
    assumePod(snapshot, 'zz', hostPort('lost', 80, { nodeName: 'zz' }));
    expect(snapshot.byName.get('a')!.pods).toEqual([]);
    expect(snapshot.byName.has('zz')).toBe(false);
    const running = { ...hostPort('running', 80, { nodeName: 'a' }), status: { phase: 'Running' } };
    assumePod(snapshot, 'a', running);
    expect(snapshot.byName.get('a')!.pods).toEqual([running]);
  });

  test("the assumed pod's namespace: a Namespace object keeps its labels, another gets kubernetes.io/metadata.name", () => {
    const nodes = [host('a'), host('b')];
    const snapshot = buildSnapshot(nodes, new Map(), [namespace('team-a', { team: 'a' })]);
    const inA = makePod('wa', { nodeName: 'a', namespace: 'team-a', labels: web });
    const inB = makePod('wb', { nodeName: 'b', namespace: 'team-b', labels: web });
    assumePod(snapshot, 'a', inA);
    assumePod(snapshot, 'b', inB);
    expect(snapshot.namespaceLabels.get('team-a')).toEqual({ team: 'a', 'kubernetes.io/metadata.name': 'team-a' });
    expect(snapshot.namespaceLabels.get('team-b')).toEqual({ 'kubernetes.io/metadata.name': 'team-b' });
    const feasible = (sel: object) => schedule(toSubject(affinityBySelector(sel)), nodes, [inA, inB], undefined, snapshot).feasible.map((v) => v.node);
    expect(feasible({ matchLabels: { team: 'a' } })).toEqual(['a']);
    expect(feasible({ matchLabels: { 'kubernetes.io/metadata.name': 'team-b' } })).toEqual(['b']);
  });
});

// scheduleMatrix evaluates nodes alike in what the Filter plugins read once (framework.ts NodeReads): NodePorts reads
// the ports in use, NodeUnschedulable spec.unschedulable. Its verdicts are those of schedule().
describe('scheduleMatrix node facets', () => {
  test('NodePorts: nodes with the same pod count and requests but other ports in use', () => {
    const nodes = [host('n1'), host('n2')];
    const existingPods = [hostPort('e1', 80, { nodeName: 'n1' }), hostPort('e2', 81, { nodeName: 'n2' })];
    const m = scheduleMatrix([hostPort('in', 80)], nodes, { existingPods });
    expect([m.code(0, 0), m.code(0, 1)]).toEqual([6, 0]);
    const m2 = scheduleMatrix([hostPort('in', 81)], nodes, { existingPods });
    expect([m2.code(0, 0), m2.code(0, 1)]).toEqual([0, 6]);
  });

  test('NodeUnschedulable: a cordoned node without the unschedulable taint', () => {
    configure({ admission: { nodeConditionTaints: false } });
    const nodes = [{ ...host('c1'), spec: { unschedulable: true } } as Node, host('n2'), { ...host('c3'), spec: { unschedulable: true } } as Node];
    const m = scheduleMatrix([makePod('p')], nodes);
    expect([0, 1, 2].map((j) => m.code(0, j))).toEqual([1, 0, 1]);
    const m2 = scheduleMatrix([makePod('p')], [nodes[1], nodes[0]]);
    expect([m2.code(0, 0), m2.code(0, 1)]).toEqual([0, 1]);
  });
});

test('podsByNode and nodeUsage of no pods', () => {
  expect(podsByNode(undefined)).toEqual(new Map());
  expect(nodeUsage([]).pods).toBe(0);
});

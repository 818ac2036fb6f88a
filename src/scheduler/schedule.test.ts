// One scheduling attempt (pkg/scheduler/schedule_one.go): PreEnqueue (SchedulingGates), NodeAffinity PreFilter,
// the Filter plugins and FitError.Error() — the parts the mutation run found unpinned.
import type { Node, Pod } from '../core/types';
import { toSubject } from '../k8s/subject';
import { configure, resetConfiguration } from '../core/config';
import { nodeInfo, podInfo } from './framework';
import { describeGated } from './plugins/schedulinggates';
import { fitError, podRejection, podsByNode, podsOnNode, runFilters, schedule, schedulingGates, schedulingVerdict, SCHEDULING_GATED_MESSAGE } from '.';

beforeEach(() => configure({ admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } }));
afterEach(() => resetConfiguration());

type Spec = NonNullable<Pod['spec']>;
let n = 0;
const pod = (spec: Partial<Spec> = {}, extra: Partial<Pod> = {}): Pod =>
  ({ kind: 'Pod', metadata: { name: `p${++n}`, namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'i' }], ...spec }, ...extra });
const node = (name: string, spec: Node['spec'] = {}, labels: Record<string, string> = {}): Node => ({ kind: 'Node', metadata: { name, labels }, spec });
// one term per name: a matchFields requirement takes exactly one value
const pinned = (...names: string[]): Partial<Spec> => ({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: {
  nodeSelectorTerms: names.map((name) => ({ matchFields: [{ key: 'metadata.name', operator: 'In', values: [name] }] })),
} } } });

// pkg/scheduler/framework/plugins/schedulinggates/scheduling_gates.go PreEnqueue
describe('SchedulingGates', () => {
  const gated = pod({ schedulingGates: [{ name: 'example.com/a' }, { name: 'example.com/b' }] });
  test('the PreEnqueue status names the gates; every node is rejected with it and there is no FitError', () => {
    expect(schedulingGates(toSubject(gated))).toEqual(['example.com/a', 'example.com/b']);
    expect(podRejection(podInfo(toSubject(gated)))).toEqual({
      plugin: 'SchedulingGates', code: 'UnschedulableAndUnresolvable', reasons: ['waiting for scheduling gates: [example.com/a example.com/b]'],
      details: ['kube-scheduler does not try a pod until its spec.schedulingGates are removed'],
    });
    const r = schedule(toSubject(gated), [node('a'), node('b')]);
    expect(r.feasible).toEqual([]);
    expect(r.rejected.map((v) => v.status?.plugin)).toEqual(['SchedulingGates', 'SchedulingGates']);
    expect(r.gated).toEqual({ gates: ['example.com/a', 'example.com/b'], message: SCHEDULING_GATED_MESSAGE });
    expect(r.fitError).toBeUndefined();
    expect(SCHEDULING_GATED_MESSAGE).toBe('Scheduling is blocked due to non-empty scheduling gates');
  });
  test('describeGated', () => {
    expect(describeGated('Pod default/x', ['a', 'b'])).toBe(
      'kube-scheduler never tries it:\n' +
      '  Pod default/x stays Pending: PodScheduled=False, reason SchedulingGated (Scheduling is blocked due to non-empty scheduling gates)\n' +
      '  spec.schedulingGates [a, b] keep it out of the scheduling queue (SchedulingGates PreEnqueue plugin) until every gate is removed',
    );
  });
  test('an empty gate list does not gate', () => {
    expect(podRejection(podInfo(toSubject(pod({ schedulingGates: [] }))))).toBeUndefined();
    expect(schedule(toSubject(pod({ schedulingGates: [] })), [node('a')]).gated).toBeUndefined();
  });
});

// node_affinity.go PreFilter: PreFilterResult{NodeNames}, and errReasonConflict when the names have nothing in common.
describe('NodeAffinity PreFilter', () => {
  test('nodes outside the PreFilterResult are rejected without running the filters', () => {
    const p = podInfo(toSubject(pod(pinned('a', 'b'))));
    const v = runFilters(p, nodeInfo(node('c', { unschedulable: true })));
    expect(v).toEqual({
      node: 'c', feasible: false,
      status: {
        plugin: 'NodeAffinity', code: 'UnschedulableAndUnresolvable', reasons: ["node(s) didn't satisfy plugin(s) [NodeAffinity]"],
        details: ['matchFields metadata.name In [a, b] limits the pod to those nodes'],
      },
    });
    expect(runFilters(p, nodeInfo(node('a'))).feasible).toBe(true);
  });
  test('conflicting names reject the pod as a whole', () => {
    const p = pod({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [
      { key: 'metadata.name', operator: 'In', values: ['a'] }, { key: 'metadata.name', operator: 'In', values: ['b'] },
    ] }] } } } });
    expect(podRejection(podInfo(toSubject(p)))).toEqual({
      plugin: 'NodeAffinity', code: 'UnschedulableAndUnresolvable', reasons: ['pod affinity terms conflict'],
      details: ['every nodeSelectorTerm pins metadata.name with matchFields In lists that have no name in common'],
    });
    expect(schedule(toSubject(p), [node('a'), node('b')]).fitError).toBe('0/2 nodes are available: pod affinity terms conflict. not found');
  });
});

describe('the first failing Filter plugin decides, in the default profile order', () => {
  test('NodeUnschedulable before TaintToleration before NodeAffinity', () => {
    const p = podInfo(toSubject(pod({ nodeSelector: { pool: 'x' } })));
    const n1 = node('n1', { unschedulable: true, taints: [{ key: 't', effect: 'NoSchedule' }] });
    expect(runFilters(p, nodeInfo(n1)).status?.plugin).toBe('NodeUnschedulable');
    expect(runFilters(p, nodeInfo(node('n2', { taints: [{ key: 't', effect: 'NoSchedule' }] }))).status?.plugin).toBe('TaintToleration');
    expect(runFilters(p, nodeInfo(node('n3'))).status?.plugin).toBe('NodeAffinity');
    expect(runFilters(p, nodeInfo(node('n4', {}, { pool: 'x' })))).toEqual({ node: 'n4', feasible: true });
  });
});

describe('existing pods on a node (NodeInfo.AddPod)', () => {
  // eventhandlers.go assignedPod: an unbound (Pending) pod is in no NodeInfo
  test('pods bound elsewhere are not on the node; unbound ones are on no node', () => {
    const here = pod({ nodeName: 'a' });
    const unbound = pod();
    const elsewhere = pod({ nodeName: 'b' });
    expect(podsOnNode('a', [here, unbound, elsewhere])).toEqual({ here: [here], unbound: 1, elsewhere: 1 });
    expect(podsOnNode('a', undefined)).toEqual({ here: [], unbound: 0, elsewhere: 0 });
  });
  test('podsByNode groups bound pods by spec.nodeName and drops unbound ones', () => {
    const a1 = pod({ nodeName: 'a' });
    const a2 = pod({ nodeName: 'a' });
    const b1 = pod({ nodeName: 'b' });
    expect(podsByNode([a1, pod(), b1, a2])).toEqual(new Map([['a', [a1, a2]], ['b', [b1]]]));
    expect(podsByNode(undefined)).toEqual(new Map());
  });
  test('a host port held by a pod bound to the node, not by one bound to another node', () => {
    const web = pod({ containers: [{ name: 'c', image: 'i', ports: [{ containerPort: 80, hostPort: 80 }] }] });
    const holder = (nodeName: string) => pod({ nodeName, containers: [{ name: 'c', image: 'i', ports: [{ containerPort: 80, hostPort: 80 }] }] });
    expect(schedulingVerdict(toSubject(web), node('a'), [holder('a')]).status?.plugin).toBe('NodePorts');
    expect(schedulingVerdict(toSubject(web), node('a'), [holder('b')]).feasible).toBe(true);
  });
});

// schedule_one.go FitError.Error(): "0/N nodes are available: " + the reason histogram sorted as strings.
describe('FitError', () => {
  test('reasons counted over nodes and sorted; no FitError when a node fits', () => {
    const p = pod({ nodeSelector: { pool: 'x' } });
    const nodes = [node('a', { unschedulable: true }), node('b'), node('c'), node('d', { taints: [{ key: 't', effect: 'NoSchedule' }] })];
    expect(schedule(toSubject(p), nodes).fitError).toBe(
      "0/4 nodes are available: 1 node(s) had untolerated taint(s), 1 node(s) were unschedulable, 2 node(s) didn't match Pod's node affinity/selector. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling.",
    );
    const ok = schedule(toSubject(p), [...nodes, node('e', {}, { pool: 'x' })]);
    expect(ok.fitError).toBeUndefined();
    expect(ok.feasible.map((v) => v.node)).toEqual(['e']);
    expect(ok.rejected).toHaveLength(4);
  });
  test('no node at all: the head alone', () => {
    expect(schedule(toSubject(pod()), []).fitError).toBe('0/0 nodes are available:');
    expect(fitError(0, podInfo(toSubject(pod())), [])).toBe('0/0 nodes are available:');
  });
  test('string order, so "10 …" sorts before "2 …"', () => {
    const p = podInfo(toSubject(pod()));
    const v = (reason: string, count: number) => Array.from({ length: count }, (_, i) => ({ node: `${reason}${i}`, feasible: false, status: { plugin: 'X', code: 'Unschedulable' as const, reasons: [reason], details: [] } }));
    expect(fitError(12, p, [...v('b', 2), ...v('a', 10)])).toBe('0/12 nodes are available: 10 a, 2 b.');
    expect(fitError(3, p, [...v('b', 1), ...v('a', 1), ...v('b', 1)])).toBe('0/3 nodes are available: 1 a, 2 b.');
  });
});

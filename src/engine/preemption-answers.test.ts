// DefaultPreemption's answer at the engine boundary: carried by the scheduling answer, and "not modelled" alike in
// every client when a priority the inputs leave unknown decides it (engine/not-modelled.ts unknownOnAny).
import type { KubeObject, Node, Pod } from '../core/types';
import { configure, resetConfiguration } from '../core/config';
import { toSubject } from '../k8s/subject';
import { schedule, scheduleOnNode } from './schedule';
import { scheduleOn } from './objects';
import { unknownOnAny, unknownOnNode, unknownPreemption } from './not-modelled';

afterEach(() => resetConfiguration());
beforeEach(() => configure({ admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } }));

const full: Node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'full-1' }, spec: {}, status: { allocatable: { cpu: '2', memory: '8Gi', pods: '110' } } } as Node;
const pod = (name: string, cpu: string, extra: Record<string, unknown> = {}): Pod =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'i', resources: { requests: { cpu } } }], ...extra } }) as Pod;
const running = [pod('web-1', '1500m', { nodeName: 'full-1' })];

test('a known priority: the answer nominates the node and names the victim; the verdict is certain', () => {
  const a = schedule(toSubject(pod('agent', '1', { priorityClassName: 'system-node-critical' })), [full], { existingPods: running });
  expect(a.preemption).toMatchObject({ nominatedNodes: ['full-1'], candidates: [{ node: 'full-1', victims: ['default/web-1'], numPDBViolations: 0 }] });
  expect(a.notModelled).toBeUndefined();
  expect(unknownOnAny(a)).toBe(false);
  expect(JSON.parse(JSON.stringify(a)).preemption).toEqual(a.preemption);
});

test('an unknown class: preemption is not modelled for this pod, and "Pending" is not a verdict', () => {
  const a = schedule(toSubject(pod('agent', '1', { priorityClassName: 'platform-critical' })), [full], { existingPods: running });
  expect(a.preemption).toEqual({ unknown: expect.stringContaining('configure({ priorityClasses })') });
  expect(a.notModelled).toEqual([{ what: 'DefaultPreemption', detail: (a.preemption as { unknown: string }).unknown }]);
  expect(unknownPreemption(a)).toBe(true);
  expect(unknownOnAny(a)).toBe(true);
  expect(a.fitError).toBe('0/1 nodes are available: 1 Insufficient cpu.');
  // scheduleOn (the public engine function) says the same
  expect(scheduleOn(pod('agent', '1', { priorityClassName: 'platform-critical' }), [full], { existingPods: running }).notModelled).toEqual(a.notModelled);
  // with the cluster's classes given, the class is missing: the API server refuses the pod
  configure({ priorityClasses: [] });
  expect(() => schedule(toSubject(pod('agent', '1', { priorityClassName: 'platform-critical' })), [full], { existingPods: running })).toThrow('no PriorityClass with name platform-critical was found');
});

test('PodDisruptionBudgets reach DefaultPreemption through the engine\'s cluster input', () => {
  const pdb = { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'web', namespace: 'default' }, spec: { selector: { matchLabels: { app: 'web' } } }, status: { disruptionsAllowed: 0 } } as KubeObject;
  const labelled = [{ ...running[0], metadata: { ...running[0].metadata, labels: { app: 'web' } } }];
  const a = schedule(toSubject(pod('agent', '1', { priorityClassName: 'system-node-critical' })), [full], { existingPods: labelled, podDisruptionBudgets: [pdb] });
  expect(a.preemption).toMatchObject({ candidates: [{ node: 'full-1', victims: ['default/web-1'], numPDBViolations: 1 }] });
  expect(a.assumptions).toEqual([expect.stringContaining('DefaultPreemption: every node preemption may help was evaluated')]);
});

test('the matcher fails both ways, naming DefaultPreemption as not modelled', () => {
  const agent = pod('agent', '1', { priorityClassName: 'platform-critical' });
  expect(() => expect(agent).toBeSchedulableOnAnyOf([full], { existingPods: running })).toThrow(/not modelled for this pod:\n\s+DefaultPreemption: The pod Pod default\/agent names PriorityClass platform-critical/);
  expect(() => expect(agent).not.toBeSchedulableOnAnyOf([full], { existingPods: running })).toThrow(/DefaultPreemption/);
});

describe('a pod nominated to a node (status.nominatedNodeName, Pending): RunFilterPluginsWithNominatedPods', () => {
  const nominated = { ...pod('agent-0', '1', { priority: 2000001000 }), status: { phase: 'Pending', nominatedNodeName: 'full-1' } } as Pod;
  const room = [pod('web-1', '1', { nodeName: 'full-1', priority: 0 }), nominated];
  test('it takes its room on the node for pods of lower priority, whichever question is asked', () => {
    const a = schedule(toSubject(pod('web-2', '1', { priority: 0 })), [full], { existingPods: room });
    expect(a.feasible).toEqual([]);
    expect(a.rejected[0].status!.details.at(-1)).toContain('the pod nominated to full-1: default/agent-0 (priority 2000001000)');
    expect(scheduleOnNode(toSubject(pod('web-2', '1', { priority: 0 })), full, { existingPods: room }).feasible).toBe(false);
    expect(a.notModelled).toBeUndefined();
  });
  test('a priority the inputs leave unknown: the verdicts leave the nominated pod out and say so (a fit is unknown)', () => {
    const incoming = toSubject(pod('web-2', '1', { priorityClassName: 'platform-critical' }));
    const a = schedule(incoming, [full], { existingPods: room });
    expect(a.feasible.map((v) => v.node)).toEqual(['full-1']);
    expect(a.notModelled).toEqual([{ what: 'RunFilterPluginsWithNominatedPods', detail: expect.stringContaining('pod default/agent-0 is nominated to node full-1') }]);
    expect(unknownOnAny(a)).toBe(true);
    const n = scheduleOnNode(incoming, full, { existingPods: room });
    expect(n.notModelled).toEqual(a.notModelled);
    expect(unknownOnNode(n)).toBe(true);
  });
});

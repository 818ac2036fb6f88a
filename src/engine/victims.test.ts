// toPreempt's engine answer (engine/schedule.ts preempt, engine/victims.ts): the scheduling answer with the facts of
// each nominated node's victims, whole in JSON; the PDB violations named per victim add up to the count
// SelectVictimsOnNode keeps (default_preemption.go: numViolatingVictim over the violating pods it could not reprieve).
import type { KubeObject, Node, Pod } from '../core/types';
import { configure, resetConfiguration } from '../core/config';
import { toSubject } from '../k8s/subject';
import { preempt, scheduleOnNode } from './schedule';
import { describeRequests } from './victims';

afterEach(() => resetConfiguration());
beforeEach(() => configure({ admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } }));

const node = (name: string): Node => ({ apiVersion: 'v1', kind: 'Node', metadata: { name }, spec: {}, status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } } }) as Node;
const pod = (name: string, cpu: string, extra: Record<string, unknown> = {}, labels: Record<string, string> = { app: 'web' }): Pod =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', labels }, spec: { containers: [{ name: 'c', image: 'i', resources: { requests: { cpu, memory: '1Gi' } } }], ...extra } }) as Pod;
const pdb = (allowed: number) => ({ apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'web', namespace: 'default' }, spec: { selector: { matchLabels: { app: 'web' } } }, status: { disruptionsAllowed: allowed } }) as KubeObject;
const agent = pod('agent', '3', { priorityClassName: 'system-node-critical' }, {});
const running = [pod('w1', '1500m', { nodeName: 'n1' }), pod('w2', '1500m', { nodeName: 'n1' }), pod('w3', '1', { nodeName: 'n1' })];

test.each([0, 1, 2, 3])('with %i disruption(s) allowed, the victims violating the budget add up to numPDBViolations', (allowed) => {
  const a = preempt(toSubject(agent), [node('n1')], { existingPods: running, podDisruptionBudgets: [pdb(allowed)] });
  const candidate = (a.preemption as { candidates: Array<{ victims: string[]; numPDBViolations: number }> }).candidates[0];
  const facts = a.victims!.n1;
  expect(facts.map((v) => v.pod)).toEqual(candidate.victims);
  expect(facts.filter((v) => v.violatesPDB)).toHaveLength(candidate.numPDBViolations);
  expect(facts.every((v) => v.priority === 0 && v.node === 'n1')).toBe(true);
  expect(facts.length).toBeGreaterThan(0);
  expect(JSON.parse(JSON.stringify(a)).preemption).toEqual(a.preemption);
  expect(JSON.parse(JSON.stringify(a)).victims).toEqual(a.victims);
});

test('no victims without a nomination; the per-node question agrees with the candidates', () => {
  expect(preempt(toSubject(pod('web', '3')), [node('n1')], { existingPods: running }).victims).toBeUndefined();
  const a = preempt(toSubject(agent), [node('n1')], { existingPods: running });
  const n = scheduleOnNode(toSubject(agent), node('n1'), { existingPods: running });
  expect(n.feasible).toBe(false);
  expect(n.preemption).toEqual({ victims: a.victims!.n1, numPDBViolations: 0 });
});

test('what a victim frees, in NodeResourcesFit\'s words', () => {
  expect(describeRequests(pod('x', '1500m'))).toBe('cpu: 1500m, memory: 1Gi');
  expect(describeRequests(pod('x', '2'))).toBe('cpu: 2, memory: 1Gi');
});

// The CLI reads what DefaultPreemption and namespace admission read from its manifests and dumps: PodDisruptionBudgets
// (a dump's with their status, a chart's computed), LimitRanges and ResourceQuotas.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resetConfiguration } from './core/config';
import { runCli } from '../test/cli-run';

afterEach(() => resetConfiguration());

const dir = mkdtempSync(path.join(tmpdir(), 'jkp-cli-preempt-'));
const write = (name: string, objects: object[]) => {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify({ apiVersion: 'v1', kind: 'List', items: objects }));
  return file;
};
const node = (name: string) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name } }, status: { allocatable: { cpu: '2', memory: '8Gi', pods: '110' } } });
const running = (name: string, nodeName: string, app: string) => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', labels: { app } },
  spec: { nodeName, priority: 0, containers: [{ name: 'c', image: 'registry.example/app:1', resources: { requests: { cpu: '1500m' } } }] },
  status: { phase: 'Running', startTime: '2026-01-01T00:00:00Z' },
});
const agent = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'agent', namespace: 'default' }, spec: { priorityClassName: 'system-cluster-critical', containers: [{ name: 'c', image: 'registry.example/agent:1', resources: { requests: { cpu: '1' } } }] } };
const budget = { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'db', namespace: 'default' }, spec: { minAvailable: 1, selector: { matchLabels: { app: 'db' } } }, status: { disruptionsAllowed: 0, currentHealthy: 1, desiredHealthy: 1, expectedPods: 1 } };
const nodes = write('nodes.json', [node('n1'), node('n2')]);

test('explain: a dump\'s PodDisruptionBudget steers the nominated node away from the pod it protects (1.37 event text)', () => {
  // n1 runs db-0 (its budget allows no disruption), n2 runs web-0: equal otherwise, so the budget decides
  const withBudget = runCli('explain', write('agent.json', [agent]), '--nodes', nodes, '--existing', write('dump.json', [running('db-0', 'n1', 'db'), running('web-0', 'n2', 'web'), budget]));
  expect(withBudget.error).toBeUndefined();
  expect(withBudget.out).toContain('preemption: found a potential placement for pod on node n2, preempting 1 victims');
  const protectedOnN2 = runCli('explain', write('agent2.json', [agent]), '--nodes', nodes, '--existing', write('dump2.json', [running('db-0', 'n2', 'db'), running('web-0', 'n1', 'web'), budget]));
  expect(protectedOnN2.out).toContain('preemption: found a potential placement for pod on node n1, preempting 1 victims');
});

test('explain: a PodDisruptionBudget among the manifests that the API server refuses gives no answer, naming its field', () => {
  const bad = { ...budget, metadata: { name: 'db', namespace: 'default' }, spec: { minAvailable: '50', selector: { matchLabels: { app: 'db' } } }, status: undefined };
  const refused = runCli('explain', write('bad-budget.json', [agent, bad]), '--nodes', nodes);
  expect(refused.error?.message).toContain('PodDisruptionBudget db would be rejected by the API server:\n  spec.minAvailable: Invalid value: "50": a valid percent string');
});

test('explain: a LimitRange among the manifests defaults the pod\'s requests (LimitRanger admission)', () => {
  const bare = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'bare', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'registry.example/app:1' }] } };
  const limits = { apiVersion: 'v1', kind: 'LimitRange', metadata: { name: 'defaults', namespace: 'default' }, spec: { limits: [{ type: 'Container', defaultRequest: { cpu: '3' }, default: { cpu: '3' } }] } };
  const fits = runCli('explain', write('bare.json', [bare]), '--nodes', nodes);
  expect(fits.out).not.toContain('Insufficient cpu');
  const defaulted = runCli('explain', write('bare-limits.json', [bare, limits]), '--nodes', nodes);
  expect(defaulted.out).toContain('0/2 nodes are available: 2 Insufficient cpu.');
});

test('explain: a chart\'s ResourceQuota (no status) counts the --existing pods of its namespace, as the quota controller would', () => {
  const web = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'registry.example/app:1', resources: { requests: { cpu: '100m' } } }] } };
  const quota = { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'compute', namespace: 'default' }, spec: { hard: { pods: '2' } } };
  const manifests = write('web-quota.json', [web, quota]);
  expect(runCli('explain', manifests, '--nodes', nodes, '--existing', write('one.json', [running('a', 'n1', 'a')])).out).toContain('schedulable on 2 of 2 node(s)');
  const full = runCli('explain', manifests, '--nodes', nodes, '--existing', write('two.json', [running('a', 'n1', 'a'), running('b', 'n2', 'b')]));
  expect(`${full.err}${full.error?.message ?? ''}`).toContain('pods "web" is forbidden: exceeded quota: compute, requested: pods=1, used: pods=2, limited: pods=2');
});

test('explain (1.37): budgets whose order decides which pods violate one: the answer says it took them in the order given', () => {
  // defaultpreemption/pdb-order.test.ts's case: p1 counts against pdb0 (spent) and pdb1; pdb0 already let p2 go
  const on = (name: string, app: string, startTime: string) => {
    const p = running(name, 'n1', app);
    return { ...p, spec: { ...p.spec, containers: [{ ...p.spec.containers[0], resources: { requests: { cpu: '500m' } } }] }, status: { phase: 'Running', startTime } };
  };
  const pdb = (name: string, disruptionsAllowed: number, disruptedPods?: Record<string, string>) => ({ ...budget, metadata: { name, namespace: 'default' }, spec: { minAvailable: 1, selector: { matchLabels: { app: 'batch' } } }, status: { ...budget.status, disruptionsAllowed, ...(disruptedPods ? { disruptedPods } : {}) } });
  const pods = [on('p1', 'batch', '2026-01-01T00:00:00Z'), on('p2', 'batch', '2026-01-02T00:00:00Z'), on('c0', 'db', '2026-01-01T00:05:00Z')];
  const oneNode = write('one-node.json', [node('n1')]);
  const explain = (name: string, pdbs: object[], release: string) => runCli('explain', write('agent-order.json', [agent]), '--nodes', oneNode, '--existing', write(name, [...pods, ...pdbs]), '--kubernetes-version', release);
  const pdb0 = pdb('pdb0', 0, { p2: '2026-01-02T00:00:00Z' });
  const given = explain('order.json', [pdb0, pdb('pdb1', 1)], '1.37');
  expect(given.error).toBeUndefined();
  expect(given.out).toContain('preemption: found a potential placement for pod on node n1, preempting 1 victims');
  expect(given.out).toContain('\n  Assumed: DefaultPreemption: PodDisruptionBudgets pdb0 and pdb1 both count against default/p1 on n1: counted in the order given (pdb0 first');
  expect(given.out).toContain('with pdb1 before pdb0, default/p1 and default/p2 would count as violating a PodDisruptionBudget on n1 instead of default/p1');
  expect(explain('reversed.json', [pdb('pdb1', 1), pdb0], '1.37').out).not.toContain('count against');
  expect(explain('order-136.json', [pdb0, pdb('pdb1', 1)], '1.36').out).not.toContain('count against');
});

// Scheduling policy: what survives a node failure, and for how long.
import { taint } from 'jest-k8s-placement';

const node = (name: string, ready: 'True' | 'False' | 'Unknown' = 'True') => ({
  apiVersion: 'v1', kind: 'Node', metadata: { name }, spec: {},
  status: { conditions: [{ type: 'Ready', status: ready }] },
});
const workload = (kind: string, name: string, tolerations: object[] = []) => ({
  apiVersion: 'apps/v1', kind, metadata: { name, namespace: 'platform' },
  spec: { template: { spec: { containers: [{ name, image: `${name}:1` }], tolerations } } },
});

const web = workload('Deployment', 'web');
const logging = workload('DaemonSet', 'fluent-bit');
const payments = workload('Deployment', 'payments', [
  { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 30 },
]);

describe('a NotReady node', () => {
  test('web pods move after the default 300 s', () => {
    expect(web).toBeEvictedFrom(node('worker-1', 'False')).after(300);
  });
  test('the logging agent stays to ship the last logs', () => {
    expect(logging).not.toBeEvictedFrom(node('worker-1', 'False'));
  });
});

describe('an unreachable node', () => {
  test('payments fails over after 30 s', () => {
    expect(payments).toBeEvictedFrom(node('worker-2', 'Unknown')).after(30);
  });
});

describe('a node drained for maintenance', () => {
  const drained = taint(node('worker-3'), 'maintenance=kernel:NoExecute');
  test('everything that does not tolerate the taint leaves at once', () => {
    expect(web).toBeEvictedFrom(drained).after(0);
    expect(logging).toBeEvictedFrom(drained).after(0);
  });
  test('nothing new lands there', () => {
    expect(web).not.toBeSchedulableOn(drained);
  });
});

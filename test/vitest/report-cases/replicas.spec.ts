// Replica, spread and shared-node assertions, and copies of one node in different states.
import { expect, test } from 'vitest';
import { taint } from '../../../src/k8s/kubectl-taint';
import { deployment, node } from '../../fixtures';

const zoned = (name: string, zone: string) => {
  const n = node(name);
  n.metadata!.labels = { ...n.metadata!.labels, 'topology.kubernetes.io/zone': zone };
  return n;
};
const nodes = [zoned('n-a', 'a'), zoned('n-b', 'b')];
const web = { ...deployment('web'), spec: { ...deployment('web').spec, replicas: 2 } };

test('passes: replicas', () => {
  expect(web).toHaveAllReplicasScheduled(nodes);
});
test('fails: replicas', () => {
  expect(web).toHaveAllReplicasScheduled(nodes.map((n) => taint(n, 'x:NoSchedule')));
});
test('passes: spread', () => {
  expect(web).toSpreadReplicasAcross('topology.kubernetes.io/zone', nodes);
});
test('fails: .not shared nodes', () => {
  expect(web).not.toShareNodesWith(deployment('api'), nodes);
});
test('passes: one node as loaded and drained', () => {
  expect(web).toBeSchedulableOn(nodes[0]);
  expect(web).not.toBeSchedulableOn(taint(nodes[0], 'drain=now:NoExecute'));
});

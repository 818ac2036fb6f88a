// Capacity: requests against allocatable, with what already runs on the node.
import type { Pod } from 'jest-k8s-placement';
import { node, pool, repo } from './platform';

const running = (name: string, nodeName: string, cpu: string, memory: string): Pod => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'shop' },
  spec: { nodeName, containers: [{ name, image: 'busybox', resources: { requests: { cpu, memory } } }] },
  status: { phase: 'Running' },
});

describe('payments-db (2 CPU, 8 GiB per replica)', () => {
  const payments = repo.get('statefulset/payments-db');
  test('fits an empty general node', () => {
    expect(payments).toBeSchedulableOn(node('general-b1'));
  });
  test('does not fit next to a 6-CPU batch pod', () => {
    expect(payments).not.toBeSchedulableOn(node('general-b1'), { existingPods: [running('batch', 'general-b1', '6', '1Gi')] });
  });
  test('a finished pod does not count', () => {
    const finished = { ...running('batch', 'general-b1', '6', '1Gi'), status: { phase: 'Succeeded' } };
    expect(payments).toBeSchedulableOn(node('general-b1'), { existingPods: [finished] });
  });
  test('the scheduler finds no room once both healthy general nodes are busy', () => {
    const busy = [running('batch-1', 'general-b1', '6', '1Gi'), running('batch-2', 'general-c1', '7', '1Gi')];
    expect(payments).not.toBeSchedulableOnAnyOf(pool('general'), { existingPods: busy });
    expect(() => expect(payments).toBeSchedulableOnAnyOf(pool('general'), { existingPods: busy })).toThrow(
      '0/4 nodes are available: 1 node(s) had untolerated taint(s), 1 node(s) were unschedulable, 2 Insufficient cpu. preemption: 0/4 nodes are available: 2 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling.',
    );
  });
});

test('the training job asks for a GPU through its limits, which only GPU nodes have', () => {
  const training = repo.get('job/train-recommender');
  expect(training).toBeSchedulableOn(node('gpu-a1'));
  expect(training).not.toBeSchedulableOn(node('gpu-a1'), {
    existingPods: [{ ...running('other-training', 'gpu-a1', '1', '1Gi'), spec: { nodeName: 'gpu-a1', containers: [{ name: 'x', image: 'busybox', resources: { limits: { 'nvidia.com/gpu': '1' } } }] } }],
  });
});

// Scheduling policy: what lands where.
import { repo, node, nodes, pool } from './platform';

const gpuNode = node('gpu-a1');
const agents = new Set(['DaemonSet']);

describe('the GPU pool is for GPU work', () => {
  test.each(repo.workloads())('%s', (workload) => {
    if (agents.has(workload.kind!) || workload.metadata?.name === 'train-recommender') {
      expect(workload).toBeSchedulableOn(gpuNode);
    } else {
      expect(workload).not.toBeSchedulableOn(gpuNode);
    }
  });

  test('the training job tolerates the GPU taint and lands only on GPU nodes', () => {
    const training = repo.get('job/train-recommender');
    expect(training).toTolerate('nvidia.com/gpu=present:NoSchedule');
    expect(training).toBeSchedulableOnAnyOf(pool('gpu'));
    expect(training).not.toBeSchedulableOnAnyOf(pool('general'));
  });
});

describe('web', () => {
  const web = repo.get('deployment/web', { namespace: 'shop' });
  test('runs on the general pool', () => {
    expect(web).toBeSchedulableOnAnyOf(pool('general'));
    expect(web).not.toBeSchedulableOn(node('spot-b1'));
  });
  test('prefers the arm64 nodes', () => {
    expect(web).toPrefer(node('general-c1')).over(node('general-b1'));
  });
});

describe('nightly reports', () => {
  const reports = repo.get('cronjob/nightly-reports');
  test('may use spot capacity and prefers it', () => {
    expect(reports).toTolerate('spot=true:NoSchedule');
    expect(reports).toBeSchedulableOn(node('spot-b1'));
    expect(reports).toPrefer(node('spot-b1')).over(node('general-b1'));
  });
});

describe('system add-ons', () => {
  test('the cilium operator stays on the system pool', () => {
    const operator = repo.get('deploy/cilium-operator');
    expect(operator).toBeSchedulableOnAllOf(pool('system'));
    expect(operator).not.toBeSchedulableOnAnyOf(nodes.filter((n) => !pool('system').includes(n)));
  });
  test.each(repo.workloads().filter((w) => w.kind === 'DaemonSet'))('%s runs on every node, cordoned and NotReady ones included', (agent) => {
    expect(agent).toBeSchedulableOnAllOf(nodes);
  });
});

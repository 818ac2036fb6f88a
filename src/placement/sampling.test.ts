// kube-scheduler's node sampling (pkg/scheduler/schedule_one.go numFeasibleNodesToFind, minFeasibleNodesToFind 100,
// minFeasibleNodesPercentageToFind 5; the 10, 1000 and 6000 cases are schedule_one_test.go TestNumFeasibleNodesToFind's
// with percentageOfNodesToScore unset, the others worked out from the function): placements say `sampled` only when a
// pod had more feasible nodes than that.
import type { KubeObject, Node } from '../core/types';
import { numFeasibleNodesToFind, placeReplicas } from './place';
import { withConfiguration } from '../core/config';
import { compileSchedulerConfiguration } from '../scheduler/config';
import { expect as jestExpect } from '@jest/globals';
import '../jest';

const node = (name: string, extra: Partial<Node['spec']> = {}): Node => ({
  apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name } }, spec: { ...extra },
  status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } } as Node['status'],
});
const web = (replicas: number): KubeObject => ({
  apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' },
  spec: { replicas, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx' }] } } },
} as KubeObject);

test.each([
  [10, 10], // upstream: not set percentageOfNodesToScore and nodes number not more than 50
  [1000, 420], // upstream: not set percentageOfNodesToScore and nodes number more than 50 (1000 × (50 − 8) %)
  [6000, 300], // upstream: … more than 50*125 (50 − 48 = 2 % → at least 5 %)
  [99, 99],
  [100, 100],
  [5000, 500], // 50 − 40 = 10 %
  [201, 100], // 201 × 49 % = 98 → at least 100
])('numFeasibleNodesToFind(%i) = %i', (n, want) => {
  expect(numFeasibleNodesToFind(n)).toBe(want);
});

test('150 nodes, all feasible: more than numFeasibleNodesToFind (100) → sampled', () => {
  const nodes = Array.from({ length: 150 }, (_, i) => node(`n${i}`));
  const p = placeReplicas(web(1), nodes);
  expect(p.feasibleNodesToFind).toBe(100);
  expect(p.sampled).toBe(true);
});

test('150 nodes, 100 feasible (50 cordoned): the scheduler finds them all → not sampled', () => {
  const nodes = Array.from({ length: 150 }, (_, i) => node(`n${i}`, i < 50 ? { unschedulable: true } : {}));
  const p = placeReplicas(web(2), nodes);
  expect(p.pods.map((x) => x.feasible)).toEqual([100, 100]);
  expect(p.sampled).toBe(false);
});

test('99 nodes: never sampled', () => {
  expect(placeReplicas(web(1), Array.from({ length: 99 }, (_, i) => node(`n${i}`))).sampled).toBe(false);
});

test('the replica matchers say how many nodes kube-scheduler would have scored', () => {
  const nodes = Array.from({ length: 150 }, (_, i) => node(`n${i}`));
  let message = '';
  try {
    jestExpect(web(1)).not.toHaveAllReplicasScheduled(nodes);
  } catch (e) {
    message = (e as Error).message;
  }
  expect(message).toContain('kube-scheduler stops filtering once it has found 100 feasible nodes in a cluster of this size (numFeasibleNodesToFind, with the profile\'s percentageOfNodesToScore)');
  expect(message).toContain('here up to 150 nodes were feasible');
});

describe('percentageOfNodesToScore (issue 36: a KubeSchedulerConfiguration, global or per profile)', () => {
  const KSC = { apiVersion: 'kubescheduler.config.k8s.io/v1', kind: 'KubeSchedulerConfiguration' };
  // schedule_one_test.go TestNumFeasibleNodesToFind (v1.37.2): the profile's percentage, else the global one; 0 adaptive
  test.each([
    ['not set percentageOfNodesToScore and nodes number not more than 50', 0, undefined, 10, 10],
    ['set profile percentageOfNodesToScore and nodes number not more than 50', 0, 40, 10, 10],
    ['not set percentageOfNodesToScore and nodes number more than 50', 0, undefined, 1000, 420],
    ['set profile percentageOfNodesToScore and nodes number more than 50', 0, 40, 1000, 400],
    ['set global and profile percentageOfNodesToScore and nodes number more than 50', 100, 40, 1000, 400],
    ['set global percentageOfNodesToScore and nodes number more than 50', 40, undefined, 1000, 400],
    ['not set profile percentageOfNodesToScore and nodes number more than 50*125', 0, undefined, 6000, 300],
    ['set profile percentageOfNodesToScore and nodes number more than 50*125', 0, 40, 6000, 2400],
  ] as const)('%s', (_name, global, own, n, want) => {
    const config = { ...KSC, percentageOfNodesToScore: global, profiles: [{ schedulerName: 'default-scheduler', ...(own === undefined ? {} : { percentageOfNodesToScore: own }) }] };
    const { profiles } = compileSchedulerConfiguration(config);
    expect(numFeasibleNodesToFind(n, profiles.get('default-scheduler')!.percentageOfNodesToScore)).toBe(want);
  });

  const nodes = Array.from({ length: 150 }, (_, i) => node(`n${i}`));
  test('100 % scores every node: 150 feasible nodes are not sampled', () => {
    const p = withConfiguration({ schedulerConfiguration: { ...KSC, percentageOfNodesToScore: 100 } }, () => placeReplicas(web(1), nodes));
    expect(p.feasibleNodesToFind).toBe(150);
    expect(p.sampled).toBe(false);
  });

  test("the profile's own percentage wins over the global one", () => {
    const config = { ...KSC, percentageOfNodesToScore: 100, profiles: [{ schedulerName: 'default-scheduler', percentageOfNodesToScore: 10 }] };
    const p = withConfiguration({ schedulerConfiguration: config }, () => placeReplicas(web(1), nodes));
    expect(p.feasibleNodesToFind).toBe(100);
    expect(p.sampled).toBe(true);
  });
});

// Regression tests from the differential oracle (npm run test:oracle, oracle/README.md): each case is a minimal
// difference fast-check shrank, with the answer of the oracle (upstream's own packages) frozen here, so that
// `npm test` keeps them without Go. Each names its release and the field that differed.
import { describe, expect, it } from '@jest/globals';
import { librarySchedule } from './oracle/adapter';
import { compareScheduling } from './oracle/compare';
import type { SchedulingInput } from './oracle/generators';

const node = (name: string, cpu: string, memory = '1Gi') => ({
  apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name } },
  status: { allocatable: { cpu, memory, pods: '110' } },
});

describe('oracle regressions, k8s 1.35.4', () => {
  it('a preferred node-affinity term that matches nothing keeps NodeAffinity in the scores at 0 (PreScore does not skip)', () => {
    // oracle case: scheduling, seed 1, "node N plugin scores" (NodeAffinity missing from ours)
    const input: SchedulingInput = {
      pod: {
        apiVersion: 'v1', kind: 'Pod', metadata: { name: 'incoming', namespace: 'default' },
        spec: {
          containers: [{ name: 'c', image: 'registry.example/app:1' }],
          affinity: { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, preference: {} }] } },
        },
      },
      nodes: [node('n0', '1'), node('n1', '2')],
      pods: [],
      namespaces: [],
    };
    // oracle/k8s-1.35 answer, verbatim
    const upstream = {
      nodes: [{ node: 'n0', code: 'Success', plugin: '', reasons: [] }, { node: 'n1', code: 'Success', plugin: '', reasons: [] }],
      feasible: ['n0', 'n1'],
      scores: [
        { node: 'n0', plugins: { DynamicResources: 0, ImageLocality: 0, NodeAffinity: 0, NodeResourcesFit: 85, TaintToleration: 300 }, total: 385 },
        { node: 'n1', plugins: { DynamicResources: 0, ImageLocality: 0, NodeAffinity: 0, NodeResourcesFit: 87, TaintToleration: 300 }, total: 387 },
      ],
      top: ['n1'],
    };
    const ours = librarySchedule(input);
    expect(ours.scores?.map((s) => s.plugins.NodeAffinity)).toEqual([0, 0]);
    expect(compareScheduling(ours, upstream)).toEqual([]);
  });

  it('LeastAllocated scores the incoming pod without its pod-level resources; BalancedAllocation with them', () => {
    // oracle case: scheduling, seed 11, "node N plugin scores; node N total" (NodeResourcesFit 48 ours, 97 upstream)
    const input: SchedulingInput = {
      pod: {
        apiVersion: 'v1', kind: 'Pod', metadata: { name: 'incoming', namespace: 'default' },
        spec: { containers: [{ name: 'c', image: 'registry.example/app:1' }], resources: { requests: { cpu: '2' }, limits: { cpu: '2' } } },
      },
      nodes: [node('n0', '4', '8Gi'), node('n1', '2', '8Gi')],
      pods: [],
      namespaces: [],
    };
    // oracle/k8s-1.35 answer, verbatim
    const upstream = {
      nodes: [{ node: 'n0', code: 'Success', plugin: '', reasons: [] }, { node: 'n1', code: 'Success', plugin: '', reasons: [] }],
      feasible: ['n0', 'n1'],
      scores: [
        { node: 'n0', plugins: { DynamicResources: 0, ImageLocality: 0, NodeResourcesBalancedAllocation: 75, NodeResourcesFit: 97, TaintToleration: 300 }, total: 472 },
        { node: 'n1', plugins: { DynamicResources: 0, ImageLocality: 0, NodeResourcesBalancedAllocation: 50, NodeResourcesFit: 96, TaintToleration: 300 }, total: 446 },
      ],
      top: ['n0'],
    };
    const ours = librarySchedule(input);
    expect(ours.scores?.map((s) => s.plugins.NodeResourcesFit)).toEqual([97, 96]);
    expect(compareScheduling(ours, upstream)).toEqual([]);
  });
});

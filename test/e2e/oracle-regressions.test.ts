// Regression tests from the differential oracle (npm run test:oracle, oracle/README.md): each case is a minimal
// difference fast-check shrank, with the answer of the oracle (upstream's own packages) frozen here, so that
// `npm test` keeps them without Go. Each names its release and the field that differed.
import { describe, expect, it } from '@jest/globals';
import { librarySchedule } from '../oracle/adapter';
import { compareScheduling } from '../oracle/compare';
import type { SchedulingInput } from '../oracle/generators';
import { kubectlTaint } from '../oracle/helpers';
import { configure } from '../../src/core/config';

// Each case here is the k8s 1.35.4 oracle's answer; the other releases have their own files.
configure({ kubernetesVersion: '1.35' });

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

  it('kubectl taint: a key with two slashes is refused with 1.35\'s IsLabelKey text ("a valid label key …")', () => {
    // oracle case: kubectlTaint, seed 51, "error" (ours said "a qualified name …", the 1.34 text)
    const upstream = {
      error: "invalid taint spec: a/b/c, a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
    };
    expect(kubectlTaint.ours({ spec: 'a/b/c' })).toEqual(upstream);
  });

  it('kubectl taint: a label key or value over 63 bytes says "bytes" (1.35 content.MaxLenError)', () => {
    // oracle case: kubectlTaint, seed 52, "error" (ours said "63 characters", util/validation's older text)
    const key = `a=${'x'.repeat(63)}`;
    const upstream = {
      error: `invalid taint spec: ${key}, name part must be no more than 63 bytes; name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
    };
    expect(kubectlTaint.ours({ spec: key })).toEqual(upstream);
  });
});

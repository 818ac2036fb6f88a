// NodeResourcesBalancedAllocation's formula by release, through the public API (rankNodes): from v1.36
// (kubernetes/kubernetes#135573) the score is 50 + (50 + balance with the pod − balance without it) / 2, so a pod
// that keeps a node's balance scores 75; at 1.35 it is the balance after placing the pod, (1 − std) · 100.
// Rows from k8s.io/kubernetes@v1.36.3 pkg/scheduler/framework/plugins/noderesources/balanced_allocation_test.go
// TestNodeResourcesBalancedAllocation ("nothing scheduled, resources requested, differently sized nodes"), whose
// v1.35.4 twin gives the 1.35 column; the 1.36 oracle (oracle/k8s-1.36 scheduling domain) agrees with the library.
import { describe, expect, it } from '@jest/globals';
import { rankNodes } from '../../../engine/objects';
import { withConfiguration } from '../../../core/config';

const node = (name: string, milliCPU: number, memory: number) =>
  ({ apiVersion: 'v1', kind: 'Node', metadata: { name }, status: { allocatable: { cpu: `${milliCPU}m`, memory: `${memory}`, pods: '110' } } });
const pod = {
  apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' },
  spec: { containers: [{ name: 'a', image: 'x', resources: { requests: { cpu: '1000m', memory: '2000' } } }, { name: 'b', image: 'x', resources: { requests: { cpu: '2000m', memory: '3000' } } }] },
};

function balanced(version: '1.35' | '1.36') {
  return withConfiguration({ kubernetesVersion: version }, () => {
    const ranked = rankNodes(pod as never, [node('node1', 4000, 10000), node('node2', 6000, 10000)] as never);
    const score = (n: string) => ranked.find((r) => r.node === n)!.plugins.find((p) => p.plugin === 'NodeResourcesBalancedAllocation')!.score;
    return [score('node1'), score('node2')];
  });
}

describe('NodeResourcesBalancedAllocation: the change in balance from 1.36 (#135573)', () => {
  it('1.35 scores the balance after placing the pod', () => {
    expect(balanced('1.35')).toEqual([87, 100]);
  });
  it('1.36 scores the change the pod makes to the balance', () => {
    expect(balanced('1.36')).toEqual([68, 75]);
  });
  // The row "resources requested, pods scheduled with resources" (node1 10000m / 20000 with a 3000m cpu-only pod):
  // before the pod cpu 3000/10000 = 30 %, memory 0 %; with it (3000m + 3000m, 5000) cpu 60 %, memory 25 %.
  it('the detail names the balance before and after the pod (1.36)', () => {
    const existing = { ...pod, metadata: { name: 'there', namespace: 'default' }, spec: { nodeName: 'node1', containers: [{ name: 'a', image: 'x', resources: { requests: { cpu: '1000m' } } }, { name: 'b', image: 'x', resources: { requests: { cpu: '2000m' } } }] } };
    const detail = withConfiguration({ kubernetesVersion: '1.36' }, () =>
      rankNodes(pod as never, [node('node1', 10000, 20000)] as never, { existingPods: [existing as never] })[0].plugins.find((p) => p.plugin === 'NodeResourcesBalancedAllocation')!.detail);
    expect(detail).toBe('cpu 60%, memory 25% of allocatable requested with this pod (before it: cpu 30%, memory 0%; 75 = balance unchanged)');
  });
});

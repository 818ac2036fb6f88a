// NodeResourcesBalancedAllocation by release: v1.36 (#135573) scores the change in balance the pod makes, v1.35 the
// balance after placing it. Rows from k8s.io/kubernetes@v1.37.2 pkg/scheduler/framework/plugins/noderesources/
// balanced_allocation_test.go TestNodeResourcesBalancedAllocation (default resources cpu and memory); the same rows
// at v1.35.4 give the v1.35 column. makeNode(name, milliCPU, memory).
import { withConfiguration, type KubernetesVersion } from '../../../core/config';
import type { Node, Pod } from '../../../core/types';
import { toSubject } from '../../../k8s/subject';
import { nodeInfo, podInfo } from '../../framework';
import { scoreNodes } from '../../score';
import { scoreCluster } from '../../score-cluster';
import { balanceChangeScorer, balancedResourceScorer } from './balanced-allocation';

let seq = 0;
function pod(requests: Array<Record<string, string>>, nodeName?: string): Pod {
  const containers = requests.map((r, i) => ({ name: `c${i}`, image: 'x', resources: { requests: r } }));
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: `p${seq++}`, namespace: 'default' }, spec: { containers, ...(nodeName ? { nodeName } : {}) } };
}
const mk = (name: string, milli: number, mem: number): Node =>
  ({ apiVersion: 'v1', kind: 'Node', metadata: { name }, status: { allocatable: { cpu: `${milli}m`, memory: `${mem}`, pods: '110' } } });

function balanced(version: KubernetesVersion, incoming: Pod, nodes: Node[], existing: Pod[]) {
  return withConfiguration({ kubernetesVersion: version }, () => {
    const s = scoreNodes(podInfo(toSubject(incoming)), nodes.map(nodeInfo), scoreCluster(nodes, existing));
    return s.map((n) => n.plugins.find((p) => p.plugin === 'NodeResourcesBalancedAllocation')?.score ?? 'skipped');
  });
}

const cpuAndMemory = [{ cpu: '1000m', memory: '2000' }, { cpu: '2000m', memory: '3000' }];
const cpuOnly = [{ cpu: '1000m' }, { cpu: '2000m' }];
const memoryOnly = [{ memory: '2000' }, { memory: '3000' }];

describe('NodeResourcesBalancedAllocation by release (TestNodeResourcesBalancedAllocation)', () => {
  test.each([
    ['nothing scheduled, resources requested, differently sized nodes', cpuAndMemory, [mk('node1', 4000, 10000), mk('node2', 6000, 10000)], [], [87, 100], [68, 75]],
    ['resources requested, pods scheduled with resources', cpuAndMemory, [mk('node1', 10000, 20000), mk('node2', 10000, 20000)],
      [pod(cpuOnly, 'node1'), pod(cpuAndMemory, 'node2')], [82, 95], [73, 74]],
    ['resources requested, pods scheduled with resources, differently sized nodes', cpuAndMemory, [mk('node1', 10000, 20000), mk('node2', 10000, 50000)],
      [pod(cpuOnly, 'node1'), pod(cpuAndMemory, 'node2')], [82, 80], [73, 70]],
    ['resources requested, pods scheduled with resources, nodes to reach min/max score', memoryOnly, [mk('node1', 3000, 5000), mk('node2', 3000, 5000)],
      [pod(cpuOnly, 'node1')], [100, 50], [100, 50]],
    ['requested resources at node capacity', cpuOnly, [mk('node1', 6000, 10000), mk('node2', 6000, 10000)],
      [pod(cpuOnly, 'node1'), pod(cpuAndMemory, 'node2')], [50, 75], [62, 62]],
  ] as Array<[string, Array<Record<string, string>>, Node[], Pod[], number[], number[]]>)('%s', (_name, requests, nodes, existing, v135, v136) => {
    const incoming = pod(requests);
    expect(balanced('1.35', incoming, nodes, existing)).toEqual(v135);
    expect(balanced('1.36', incoming, nodes, existing)).toEqual(v136);
    expect(balanced('1.37', incoming, nodes, existing)).toEqual(v136);
  });

  test('the change-in-balance score stays in [50, 100] and is 75 when the balance does not change', () => {
    expect(balanceChangeScorer([5, 5], [0, 0], [10, 10])).toBe(75);
    expect(balanceChangeScorer([10, 10], [10, 0], [10, 10])).toBe(100);
    expect(balanceChangeScorer([0, 10], [0, 0], [10, 10])).toBe(50);
    // balancedResourceScorer is the v1.35 scorer and the v1.36 balance of one side
    expect(balancedResourceScorer([0, 10], [10, 10])).toBe(50);
  });

  // More than two resources (a scalar resource in NodeResourcesBalancedAllocationArgs): the population standard
  // deviation, summed as balanced_allocation.go balancedResourceScorer does, (fraction − mean)·(fraction − mean).
  // Three fractions of 0.1: the mean comes out as 0.10000000000000002, each square is tiny and positive, score 100.
  test('three resources requested alike are perfectly balanced', () => {
    expect(balancedResourceScorer([1, 1, 1], [10, 10, 10])).toBe(100);
    expect(balancedResourceScorer([1, 2, 3], [10, 20, 30])).toBe(100);
  });
});

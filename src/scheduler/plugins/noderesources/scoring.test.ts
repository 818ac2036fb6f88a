// NodeResourcesFit (LeastAllocated) and NodeResourcesBalancedAllocation scores, through scoreNodes with real pods.
import type { Node, Pod } from '../../../core/types';
import { nodeInfo, podInfo } from '../../framework';
import { toSubject } from '../../../k8s/subject';
import { scoreNodes, type ScorePluginName } from '../../score';
import { scoreCluster } from '../../score-cluster';
import { configure } from '../../../core/config';
import { rankNodes } from '../../../engine/objects';
import { leastRequestedScore, leastResourceScorer } from './least-allocated';

// Worked out with v1.35's BalancedAllocation formula; the 1.36+ formula has its own file (balanced-allocation-versions.test.ts).
configure({ kubernetesVersion: '1.35' });

let seq = 0;
/** A pod with one container per request list (st.MakePod().Req(...).Req(...)); `[]` stands for upstream's container-less MakePod(). */
function pod(requests: Array<Record<string, string>>, nodeName?: string): Pod {
  const containers = requests.length
    ? requests.map((r, i) => ({ name: `c${i}`, image: 'x', resources: { requests: r } }))
    : [{ name: 'c', image: 'x', resources: { requests: { cpu: '0', memory: '0' } } }]; // explicit zeros: no non-zero default, like no container
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: `p${seq++}`, namespace: 'default' }, spec: { containers, ...(nodeName ? { nodeName } : {}) } };
}
const node = (name: string, cpu: string, memory: string): Node =>
  ({ apiVersion: 'v1', kind: 'Node', metadata: { name }, status: { allocatable: { cpu, memory, pods: '110' } } });

function scores(plugin: ScorePluginName, incoming: Pod, nodes: Node[], existing: Pod[] = []) {
  const s = scoreNodes(podInfo(toSubject(incoming)), nodes.map(nodeInfo), scoreCluster(nodes, existing));
  return s.map((n) => n.plugins.find((p) => p.plugin === plugin)?.score ?? 'skipped');
}

// pkg/scheduler/framework/plugins/noderesources/least_allocated_test.go TestLeastAllocatedScoringStrategy (default
// resources cpu:1, memory:1). Capacities are upstream's (cpu in cores, memory in bytes).
describe('NodeResourcesFit LeastAllocated (TestLeastAllocatedScoringStrategy)', () => {
  const big = (n: string) => node(n, '10000', '20000');
  test.each([
    ['nothing scheduled, nothing requested', pod([]), [node('node1', '4000', '10000'), node('node2', '4000', '10000')], [], [100, 100]],
    ['nothing scheduled, resources requested, differently sized nodes', pod([{ cpu: '1000', memory: '2000' }, { cpu: '2000', memory: '3000' }]),
      [node('node1', '4000', '10000'), node('node2', '6000', '10000')], [], [37, 50]],
    ['no resources requested, pods scheduled', pod([]), [node('node1', '4000', '10000'), node('node2', '4000', '10000')],
      [pod([], 'node1'), pod([], 'node1'), pod([], 'node2'), pod([], 'node2')], [100, 100]],
    ['no resources requested, pods scheduled with resources', pod([]), [big('node1'), big('node2')],
      [pod([{ cpu: '3000', memory: '0' }], 'node1'), pod([{ cpu: '3000', memory: '0' }], 'node1'), pod([{ cpu: '3000', memory: '0' }], 'node2'), pod([{ cpu: '3000', memory: '5000' }], 'node2')], [70, 57]],
    ['resources requested, pods scheduled with resources', pod([{ cpu: '1000', memory: '2000' }, { cpu: '2000', memory: '3000' }]), [big('node1'), big('node2')],
      [pod([{ cpu: '3000', memory: '0' }], 'node1'), pod([{ cpu: '3000', memory: '5000' }], 'node2')], [57, 45]],
    ['resources requested, pods scheduled with resources, differently sized nodes', pod([{ cpu: '1000', memory: '2000' }, { cpu: '2000', memory: '3000' }]),
      [big('node1'), node('node2', '10000', '50000')], [pod([{ cpu: '3000', memory: '0' }], 'node1'), pod([{ cpu: '3000', memory: '5000' }], 'node2')], [57, 60]],
    ['requested resources exceed node capacity', pod([{ cpu: '3000', memory: '0' }]), [node('node1', '4000', '10000'), node('node2', '4000', '10000')],
      [pod([{ cpu: '3000', memory: '0' }], 'node1'), pod([{ cpu: '3000', memory: '5000' }], 'node2')], [50, 25]],
  ] as Array<[string, Pod, Node[], Pod[], number[]]>)('%s', (_name, incoming, nodes, existing, want) => {
    expect(scores('NodeResourcesFit', incoming, nodes, existing)).toEqual(want);
  });
  test('zero node resources, pods scheduled with resources', () => {
    const bare = (n: string): Node => ({ apiVersion: 'v1', kind: 'Node', metadata: { name: n } });
    expect(scores('NodeResourcesFit', pod([]), [bare('node1'), bare('node2')], [pod([{ cpu: '3000', memory: '0' }], 'node1')])).toEqual([0, 0]);
  });
  // Hand-worked: a container without requests counts 100m cpu and 200Mi memory, an explicit 0 counts 0.
  // Node 1000m / 1000Mi: cpu (1000−100)·100/1000 = 90, memory (1000−200)·100/1000 = 80 → (90+80)/2 = 85;
  // with cpu: 0 explicit: cpu 100, memory 80 → 90. An existing pod without requests adds 100m/200Mi too: cpu 80, memory 60 → 70.
  test('missing requests count 100m/200Mi, explicit zeros count 0 (pod_resources.go DefaultMilliCPURequest)', () => {
    const n = [node('n', '1000m', '1000Mi'), node('m', '1000m', '1000Mi')];
    const none: Pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'none' }, spec: { containers: [{ name: 'c', image: 'x' }] } };
    const zeroCpu: Pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'z' }, spec: { containers: [{ name: 'c', image: 'x', resources: { requests: { cpu: '0' } } }] } };
    const there: Pod = { ...none, metadata: { name: 'there' }, spec: { ...none.spec!, nodeName: 'm' } };
    expect(scores('NodeResourcesFit', none, n)).toEqual([85, 85]);
    expect(scores('NodeResourcesFit', zeroCpu, n)).toEqual([90, 90]);
    expect(scores('NodeResourcesFit', none, n, [there])).toEqual([85, 70]);
  });
  // the row "nothing scheduled, resources requested with different weight on CPU and memory, differently sized
  // nodes" (resources cpu weight 1, memory weight 2): node1 (25·1 + 50·2) / 3 = 41, node2 (50·1 + 50·2) / 3 = 50
  test('resource weights (leastResourceScorer)', () => {
    expect(leastResourceScorer([3000, 5000], [4000, 10000], [1, 2])).toBe(41);
    expect(leastResourceScorer([3000, 5000], [6000, 10000], [1, 2])).toBe(50);
  });
  test('leastRequestedScore: 0 for a resource the node has none of (least_allocated.go: `if capacity == 0 { return 0 }`)', () => {
    expect(leastRequestedScore(0, 0)).toBe(0);
    expect(leastRequestedScore(1, 0)).toBe(0);
  });
});

// pkg/scheduler/framework/plugins/noderesources/balanced_allocation_test.go TestNodeResourcesBalancedAllocation
// (default resources; the scalar and DRA rows need a non-default resource list). makeNode(name, milliCPU, memory).
describe('NodeResourcesBalancedAllocation, v1.35 formula (TestNodeResourcesBalancedAllocation)', () => {
  const cpuAndMemory = [{ cpu: '1000m', memory: '2000' }, { cpu: '2000m', memory: '3000' }];
  const cpuOnly = [{ cpu: '1000m', memory: '0' }, { cpu: '2000m', memory: '0' }];
  const mk = (n: string, milli: number, mem: number) => node(n, `${milli}m`, `${mem}`);
  test('nothing scheduled, nothing requested, skip in PreScore', () => {
    expect(scores('NodeResourcesBalancedAllocation', pod([]), [mk('node1', 4000, 10000), mk('node2', 4000, 10000)])).toEqual(['skipped', 'skipped']);
  });
  test.each([
    ['nothing scheduled, resources requested, differently sized nodes', cpuAndMemory, [mk('node1', 4000, 10000), mk('node2', 6000, 10000)], false, [87, 100]],
    ['resources requested, pods scheduled with resources', cpuAndMemory, [mk('node1', 10000, 20000), mk('node2', 10000, 20000)], true, [82, 95]],
    ['resources requested, pods scheduled with resources, differently sized nodes', cpuAndMemory, [mk('node1', 10000, 20000), mk('node2', 10000, 50000)], true, [82, 80]],
    ['requested resources at node capacity', cpuOnly, [mk('node1', 6000, 10000), mk('node2', 6000, 10000)], true, [50, 75]],
  ] as Array<[string, Array<Record<string, string>>, Node[], boolean, number[]]>)('%s', (_name, requests, nodes, withPods, want) => {
    const existing = withPods ? [pod(cpuOnly, 'node1'), pod(cpuAndMemory, 'node2')] : [];
    expect(scores('NodeResourcesBalancedAllocation', pod(requests), nodes, existing)).toEqual(want);
  });
});

// Replicas and workloads checked against one cluster share its snapshot (rankNodes with the same node and pod
// arrays), where the node keeps its resource scores for the last request (scoring.ts): each pod still gets the scores
// of its own request. Node: 4 cpu, 1Gi. LeastAllocated: (4000 − cpu)·100/4000 and (1024Mi − memory)·100/1024Mi,
// averaged; BalancedAllocation (1.35): (1 − |cpu fraction − memory fraction| / 2)·100, from the real requests.
describe('one cluster, pods with different requests', () => {
  const pod1 = (name: string, requests: Record<string, string>): Pod =>
    ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'x', resources: { requests } }] } });
  test('each pod is scored for its own request', () => {
    const nodes = [node('n', '4', '1Gi')];
    const options = { existingPods: [] as Pod[] };
    const both = (p: Pod) => {
      const plugins = rankNodes(p, nodes, options)[0].plugins;
      return ['NodeResourcesFit', 'NodeResourcesBalancedAllocation'].map((name) => plugins.find((x) => x.plugin === name)?.score);
    };
    // cpu 25 %, memory 50 %: LeastAllocated (75 + 50) / 2 = 62, BalancedAllocation (1 − 0.125)·100 = 87
    expect(both(pod1('a', { cpu: '1', memory: '512Mi' }))).toEqual([62, 87]);
    // the same cpu, memory 25 %: (75 + 75) / 2 = 75, balanced 100
    expect(both(pod1('b', { cpu: '1', memory: '256Mi' }))).toEqual([75, 100]);
    // memory 200Mi explicit: (75 + 80) / 2 = 77; fractions 0.25 and 0.195: 97
    expect(both(pod1('c', { cpu: '1', memory: '200Mi' }))).toEqual([77, 97]);
    // no memory request: LeastAllocated counts the 200Mi default (77 again), BalancedAllocation the real 0: 87
    expect(both(pod1('d', { cpu: '1' }))).toEqual([77, 87]);
    // twice the cpu, the same memory: (50 + 80) / 2 = 65; fractions 0.5 and 0.195: 84
    expect(both(pod1('e', { cpu: '2', memory: '200Mi' }))).toEqual([65, 84]);
  });
});

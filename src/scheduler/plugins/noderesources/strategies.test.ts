// NodeResourcesFit's scoring strategies and BalancedAllocation with configured arguments (strategies.ts), and
// NodeResourcesFit's ignoredResources: upstream's tables at each release's tag, run under withProfile({ pluginArgs }).
// The rows are the same at v1.33.13–v1.37.2 (most_allocated_test.go, least_allocated_test.go,
// requested_to_capacity_ratio_test.go; BalancedAllocation's change of formula at v1.36 aside).
import type { Node, Pod } from '../../../core/types';
import { nodeInfo, nodeUsage, podInfo } from '../../framework';
import { toSubject } from '../../../k8s/subject';
import { scoreNodes } from '../../score';
import { scoreCluster } from '../../score-cluster';
import { configure, resetConfiguration } from '../../../core/config';
import { KUBERNETES_VERSIONS } from '../../../core/releases';
import { withProfile } from '../../profile';
import { DEFAULT_PLUGIN_ARGS, type PluginArgs, type ResourceSpec, type UtilizationShapePoint } from '../../plugin-args';
import { brokenLinear } from './strategies';
import { NodeResourcesFit } from './fit';

afterEach(() => resetConfiguration());

let seq = 0;
/** st.MakePod().Req(a).Req(b): one container per request list; `[]` is upstream's container-less MakePod(). */
function pod(requests: Array<Record<string, string>>, nodeName?: string): Pod {
  const containers = requests.length
    ? requests.map((r, i) => ({ name: `c${i}`, image: 'x', resources: { requests: r } }))
    : [{ name: 'c', image: 'x', resources: { requests: { cpu: '0', memory: '0' } } }]; // explicit zeros: no non-zero default, like no container
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: `p${seq++}`, namespace: 'default' }, spec: { containers, ...(nodeName ? { nodeName } : {}) } };
}
/** st.MakePod().Container("container"): a container without requests (the 100m/200Mi non-zero defaults apply). */
const bare = (nodeName?: string): Pod =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: `p${seq++}`, namespace: 'default' }, spec: { containers: [{ name: 'container', image: 'x' }], ...(nodeName ? { nodeName } : {}) } });
const node = (name: string, allocatable: Record<string, string>): Node =>
  ({ apiVersion: 'v1', kind: 'Node', metadata: { name }, status: { allocatable: { pods: '110', ...allocatable } } });
/** util_test.go makeNode(name, milliCPU, memory, extended). */
const makeNode = (name: string, milliCPU: number, memory: number, extended: Record<string, number> = {}) =>
  node(name, { cpu: `${milliCPU}m`, memory: `${memory}`, ...Object.fromEntries(Object.entries(extended).map(([k, v]) => [k, `${v}`])) });

const args = (changes: Partial<PluginArgs>): PluginArgs => ({ ...DEFAULT_PLUGIN_ARGS, ...changes });
const fitArgs = (type: 'LeastAllocated' | 'MostAllocated' | 'RequestedToCapacityRatio', resources: ResourceSpec[], shape?: UtilizationShapePoint[]) =>
  args({ NodeResourcesFit: { ignoredResources: [], ignoredResourceGroups: [], scoringStrategy: { type, resources, ...(shape ? { requestedToCapacityRatio: { shape } } : {}) } } });

function scores(pluginArgs: PluginArgs, plugin: string, incoming: Pod, nodes: Node[], existing: Pod[] = []) {
  return withProfile({ pluginArgs }, () => {
    const s = scoreNodes(podInfo(toSubject(incoming)), nodes.map(nodeInfo), scoreCluster(nodes, existing));
    return s.map((n) => n.plugins.find((p) => p.plugin === plugin)?.score ?? 'skipped');
  });
}

const defaultResources: ResourceSpec[] = [{ name: 'cpu', weight: 1 }, { name: 'memory', weight: 1 }];
const extendedRes = 'abc.com/xyz';
const extendedResourceSet: ResourceSpec[] = [...defaultResources, { name: extendedRes, weight: 1 }];
const c = (cpu: string, memory: string) => node('', { cpu, memory }).status!.allocatable!;
const two = { cpu: '1000', memory: '2000' }, three = { cpu: '2000', memory: '3000' };

type Row = [string, Pod, Node[], Pod[], ResourceSpec[], number[]];
const n2 = (a: Record<string, string>, b: Record<string, string>) => [node('node1', a), node('node2', b)];

describe.each(KUBERNETES_VERSIONS)('NodeResourcesFit scoring strategies at %s', (version) => {
  beforeEach(() => configure({ kubernetesVersion: version }));

  // most_allocated_test.go TestMostAllocatedScoringStrategy (the rows NewFit accepts; the invalid weights are validation's)
  test.each<Row>([
    ['nothing scheduled, nothing requested', pod([]), n2(c('4000', '10000'), c('4000', '10000')), [], defaultResources, [0, 0]],
    ['nothing scheduled, resources requested, differently sized nodes', pod([two, three]), n2(c('4000', '10000'), c('6000', '10000')), [], defaultResources, [62, 50]],
    ['no resources requested, pods scheduled with resources', pod([]), n2(c('10000', '20000'), c('10000', '20000')),
      [pod([{ cpu: '3000', memory: '0' }], 'node1'), pod([{ cpu: '3000', memory: '0' }], 'node1'), pod([{ cpu: '3000', memory: '0' }], 'node2'), pod([{ cpu: '3000', memory: '5000' }], 'node2')],
      defaultResources, [30, 42]],
    ['resources requested, pods scheduled with resources', pod([two, three]), n2(c('10000', '20000'), c('10000', '20000')),
      [pod([{ cpu: '3000', memory: '0' }], 'node1'), pod([{ cpu: '3000', memory: '5000' }], 'node2')], defaultResources, [42, 55]],
    ['resources requested equal node capacity', pod([{ cpu: '2000', memory: '4000' }, { cpu: '3000', memory: '5000' }]), n2(c('5000', '10000'), c('10000', '9000')), [], defaultResources, [95, 75]],
    ['nothing scheduled, resources requested, differently sized nodes (memory weight 2)', pod([two, three]), n2(c('4000', '10000'), c('6000', '10000')), [],
      [{ name: 'memory', weight: 2 }, { name: 'cpu', weight: 1 }], [58, 50]],
    ['no resources requested, pods scheduled, nonzero request for resource', bare(), n2(c('250m', '1000Mi'), c('250m', '1000Mi')), [bare('node1'), bare('node1')], defaultResources, [80, 30]],
    ['bypass extended resource if the pod does not request', pod([two, three]), n2(c('6000', '10000'), { ...c('6000', '10000'), [extendedRes]: '4' }), [], extendedResourceSet, [50, 50]],
    ['honor extended resource if the pod request', pod([{ cpu: '3000', memory: '5000', [extendedRes]: '2' }]),
      n2({ ...c('6000', '10000'), [extendedRes]: '4' }, { ...c('6000', '10000'), [extendedRes]: '10' }), [], extendedResourceSet, [50, 40]],
    ["if the node doesn't have a resource", pod([{ cpu: '3000', memory: '4000' }]), n2(c('6000', '10000'), { ...c('6000', '10000'), [extendedRes]: '4' }), [],
      [{ name: extendedRes, weight: 2 }, { name: 'cpu', weight: 1 }, { name: 'memory', weight: 1 }], [45, 45]],
  ])('MostAllocated: %s', (_name, incoming, nodes, existing, resources, want) => {
    expect(scores(fitArgs('MostAllocated', resources), 'NodeResourcesFit', incoming, nodes, existing)).toEqual(want);
  });

  // least_allocated_test.go TestLeastAllocatedScoringStrategy, the rows with other resources or weights
  test.each<Row>([
    ['nothing scheduled, resources requested with different weight on CPU and memory, differently sized nodes', pod([two, three]),
      n2(c('4000', '10000'), c('6000', '10000')), [], [{ name: 'memory', weight: 2 }, { name: 'cpu', weight: 1 }], [41, 50]],
    ['bypass extended resource if the pod does not request', pod([two, three]), n2(c('6000', '10000'), { ...c('6000', '10000'), [extendedRes]: '4' }), [], extendedResourceSet, [50, 50]],
    ['honor extended resource if the pod requests', pod([{ cpu: '3000', memory: '5000', [extendedRes]: '2' }]),
      n2({ ...c('6000', '10000'), [extendedRes]: '4' }, { ...c('6000', '10000'), [extendedRes]: '10' }), [], extendedResourceSet, [50, 60]],
    ["if the node doesn't have a resource", pod([{ cpu: '3000', memory: '4000' }]), n2(c('6000', '10000'), { ...c('6000', '10000'), [extendedRes]: '4' }), [],
      [{ name: extendedRes, weight: 2 }, { name: 'cpu', weight: 1 }, { name: 'memory', weight: 1 }], [55, 55]],
  ])('LeastAllocated: %s', (_name, incoming, nodes, existing, resources, want) => {
    expect(scores(fitArgs('LeastAllocated', resources), 'NodeResourcesFit', incoming, nodes, existing)).toEqual(want);
  });

  // requested_to_capacity_ratio_test.go TestRequestedToCapacityRatioScoringStrategy (shape 0→10, 100→0)
  const leastShape = [{ utilization: 0, score: 10 }, { utilization: 100, score: 0 }];
  test.each<Row>([
    ['nothing scheduled, nothing requested (default - least requested nodes have priority)', pod([]), n2(c('4000', '10000'), c('4000', '10000')),
      [pod([], 'node1'), pod([], 'node1')], defaultResources, [100, 100]],
    ['nothing scheduled, resources requested, differently sized nodes (default - least requested nodes have priority)', pod([two, three]),
      n2(c('4000', '10000'), c('6000', '10000')), [pod([], 'node1'), pod([], 'node1')], defaultResources, [38, 50]],
    ['no resources requested, pods scheduled with resources (default - least requested nodes have priority)', pod([]), n2(c('4000', '10000'), c('6000', '10000')),
      [pod([{ cpu: '3000', memory: '5000' }], 'node1'), pod([{ cpu: '3000', memory: '5000' }], 'node2')], defaultResources, [38, 50]],
  ])('RequestedToCapacityRatio: %s', (_name, incoming, nodes, existing, resources, want) => {
    expect(scores(fitArgs('RequestedToCapacityRatio', resources, leastShape), 'NodeResourcesFit', incoming, nodes, existing)).toEqual(want);
  });

  // requested_to_capacity_ratio_test.go TestResourceBinPackingSingleExtended / TestResourceBinPackingMultipleExtended
  // (shape 0→0, 100→1: bin packing on extended resources)
  const binPacking = [{ utilization: 0, score: 0 }, { utilization: 100, score: 1 }];
  const mem = 10000 * 1024 * 1024;
  test.each<[string, Pod, Record<string, number>[], Pod[], number[]]>([
    ['nothing scheduled, nothing requested', pod([]), [{ 'intel.com/foo': 8 }, { 'intel.com/foo': 4 }], [], [0, 0]],
    ['resources requested, pods scheduled with less resources', pod([{ 'intel.com/foo': '2' }]), [{ 'intel.com/foo': 8 }, { 'intel.com/foo': 4 }], [pod([])], [2, 5]],
    ['resources requested, pods scheduled with resources, on node with existing pod running', pod([{ 'intel.com/foo': '2' }]),
      [{ 'intel.com/foo': 8 }, { 'intel.com/foo': 4 }], [pod([{ 'intel.com/foo': '2' }], 'node2')], [2, 10]],
    ['resources requested, pods scheduled with more resources', pod([{ 'intel.com/foo': '4' }]), [{ 'intel.com/foo': 8 }, { 'intel.com/foo': 4 }], [pod([])], [5, 10]],
  ])('TestResourceBinPackingSingleExtended: %s', (_name, incoming, extended, existing, want) => {
    const nodes = extended.map((e, i) => makeNode(`node${i + 1}`, 4000, mem, e));
    expect(scores(fitArgs('RequestedToCapacityRatio', [{ name: 'intel.com/foo', weight: 1 }], binPacking), 'NodeResourcesFit', incoming, nodes, existing)).toEqual(want);
  });
  const r1 = { 'intel.com/foo': 4, 'intel.com/bar': 8 }, r2 = { 'intel.com/foo': 8, 'intel.com/bar': 4 };
  const p1 = { 'intel.com/foo': '2', 'intel.com/bar': '2' }, p2 = { 'intel.com/foo': '4', 'intel.com/bar': '2' };
  test.each<[string, Pod, Pod[], number[]]>([
    ['nothing scheduled, nothing requested', pod([]), [], [0, 0]],
    ['resources requested, pods scheduled with less resources', pod([p1]), [pod([])], [4, 3]],
    ['resources requested, pods scheduled with resources, on node with existing pod running', pod([p1]), [pod([p2], 'node2')], [4, 7]],
    ['resources requested, pods scheduled with more resources', pod([p2]), [pod([])], [5, 5]],
  ])('TestResourceBinPackingMultipleExtended: %s', (_name, incoming, existing, want) => {
    const nodes = [makeNode('node1', 4000, mem, r2), makeNode('node2', 4000, mem, r1)];
    const resources = [{ name: 'intel.com/foo', weight: 3 }, { name: 'intel.com/bar', weight: 5 }];
    expect(scores(fitArgs('RequestedToCapacityRatio', resources, binPacking), 'NodeResourcesFit', incoming, nodes, existing)).toEqual(want);
  });

  test('spelling out the defaults scores as the default profile (the cpu/memory path)', () => {
    const incoming = pod([two, three]);
    const nodes = n2(c('4000', '10000'), c('6000', '10000'));
    const spelled = fitArgs('LeastAllocated', [{ name: 'cpu', weight: 1 }, { name: 'memory', weight: 1 }]);
    expect(scores(spelled, 'NodeResourcesFit', incoming, nodes)).toEqual(scores(DEFAULT_PLUGIN_ARGS, 'NodeResourcesFit', incoming, nodes));
    // the general path gives the same figures: one resource listed twice is the default's mean
    expect(scores(fitArgs('LeastAllocated', [{ name: 'cpu', weight: 2 }, { name: 'memory', weight: 2 }]), 'NodeResourcesFit', incoming, nodes)).toEqual([37, 50]);
  });
});

// requested_to_capacity_ratio_test.go TestBrokenLinearFunction (helper/shape_score.go)
test.each([
  [[{ utilization: 10, score: 1 }, { utilization: 90, score: 9 }], [[-10, 1], [0, 1], [9, 1], [10, 1], [15, 1], [19, 1], [20, 2], [89, 8], [90, 9], [99, 9], [100, 9], [110, 9]]],
  [[{ utilization: 0, score: 2 }, { utilization: 40, score: 10 }, { utilization: 100, score: 0 }], [[-10, 2], [0, 2], [20, 6], [30, 8], [40, 10], [70, 5], [100, 0], [110, 0]]],
  [[{ utilization: 0, score: 2 }, { utilization: 40, score: 2 }, { utilization: 100, score: 2 }], [[-10, 2], [0, 2], [20, 2], [30, 2], [40, 2], [70, 2], [100, 2], [110, 2]]],
])('TestBrokenLinearFunction %#', (shape, assertions) => {
  const f = brokenLinear(shape);
  expect(assertions.map(([p]) => f(p))).toEqual(assertions.map(([, want]) => want));
});

// balanced_allocation_test.go TestNodeResourcesBalancedAllocation, the rows with nvidia.com/gpu among the resources
describe('NodeResourcesBalancedAllocation with configured resources', () => {
  const withGpu = args({ NodeResourcesBalancedAllocation: { resources: [...defaultResources, { name: 'nvidia.com/gpu', weight: 1 }] } });
  const cpuAndMemory: Array<Record<string, string>> = [{ cpu: '1000m', memory: '2000' }, { cpu: '2000m', memory: '3000' }];
  const cpuAndMemoryAndGpu: Array<Record<string, string>> = [{ cpu: '1000m', memory: '2000' }, { cpu: '2000m', memory: '3000', 'nvidia.com/gpu': '3' }];
  const gpu8 = { 'nvidia.com/gpu': 8 };
  // v1.33.13–v1.35.4 (the score after placing the pod)
  test.each(['1.33', '1.34', '1.35'] as const)('at %s: include scalar resource on a node / node without the scalar resource skips it', (version) => {
    configure({ kubernetesVersion: version });
    const nodes = [makeNode('node1', 3500, 40000, gpu8), makeNode('node2', 3500, 40000, gpu8)];
    expect(scores(withGpu, 'NodeResourcesBalancedAllocation', pod([{ memory: '0', 'nvidia.com/gpu': '1' }]), nodes,
      [pod(cpuAndMemory, 'node2'), pod(cpuAndMemoryAndGpu, 'node1')])).toEqual([70, 65]);
    expect(scores(withGpu, 'NodeResourcesBalancedAllocation', pod(cpuAndMemory), [makeNode('node1', 3500, 40000, gpu8), makeNode('node2', 3500, 40000)])).toEqual([63, 63]);
  });
  // v1.36.3–v1.37.2 (the change in balance, #135573)
  test.each(['1.36', '1.37'] as const)('at %s: scalar resource is included if the pod requests it, not otherwise', (version) => {
    configure({ kubernetesVersion: version });
    const nodes = [makeNode('node1', 3500, 40000, gpu8), makeNode('node2', 3500, 40000, gpu8)];
    expect(scores(withGpu, 'NodeResourcesBalancedAllocation', pod([{ cpu: '0', memory: '0', 'nvidia.com/gpu': '1' }]), nodes,
      [pod(cpuAndMemory.slice(0, 1).concat(cpuAndMemoryAndGpu.slice(1)), 'node1'), pod(cpuAndMemory, 'node2')])).toEqual([75, 76]);
    expect(scores(withGpu, 'NodeResourcesBalancedAllocation', pod(cpuAndMemory), [makeNode('node1', 3500, 40000, gpu8), makeNode('node2', 3500, 40000)])).toEqual([56, 56]);
  });
  test('a pod requesting none of the configured resources is skipped (isBestEffortPod over them)', () => {
    const gpuOnly = args({ NodeResourcesBalancedAllocation: { resources: [{ name: 'nvidia.com/gpu', weight: 1 }] } });
    expect(scores(gpuOnly, 'NodeResourcesBalancedAllocation', pod(cpuAndMemory), [makeNode('node1', 3500, 40000, gpu8)])).toEqual(['skipped']);
  });
});

// fit_test.go TestEnoughRequests, the ignoredResources / ignoredResourceGroups rows
describe('NodeResourcesFit Filter: ignoredResources and ignoredResourceGroups', () => {
  const fitWith = (ignoredResources: string[], ignoredResourceGroups: string[], p: Pod, n: Node) =>
    withProfile({ pluginArgs: args({ NodeResourcesFit: { ...DEFAULT_PLUGIN_ARGS.NodeResourcesFit, ignoredResources, ignoredResourceGroups } }) },
      () => NodeResourcesFit.filter(podInfo(toSubject(p)), nodeInfo(n), nodeUsage([]))?.reasons);
  // the Filter's node: makeAllocatableResources(10, 20, 32, 5, …): 10m cpu, 20 bytes, example.com/aaa 5
  const n = makeNode('n', 10, 20, { 'example.com/aaa': 5 });
  test.each<[string, string[], string[], Record<string, string>, string[] | undefined]>([
    ['skip checking ignored extended resource', ['example.com/bbb'], [], { cpu: '1m', memory: '1', 'example.com/bbb': '1' }, undefined],
    ['skip checking ignored extended resource via resource groups', [], ['example.com'],
      { cpu: '1m', memory: '1', 'example.com/bbb': '1', 'kubernetes.io/something': '1' }, ['Insufficient kubernetes.io/something']],
    ['extended resource not ignored', [], [], { cpu: '1m', memory: '1', 'example.com/bbb': '1' }, ['Insufficient example.com/bbb']],
    ['another group is not ignored', [], ['example.org'], { cpu: '1m', memory: '1', 'example.com/bbb': '1' }, ['Insufficient example.com/bbb']],
  ])('%s', (_name, resources, groups, requests, want) => {
    expect(fitWith(resources, groups, pod([requests]), n)).toEqual(want);
  });
  test('native resources are never ignored (only extended ones)', () => {
    expect(fitWith(['memory', 'hugepages-2Mi'], ['kubernetes.io'], pod([{ memory: '30' }]), n)).toEqual(['Insufficient memory']);
  });
});

// Amounts beyond 2^53 (an extended resource of 2^54+1): upstream's scorers work in int64, so
// (2^54+1 − 1)·100 / (2^54+1) is 99, where doubles (2^54+1 rounds to 2^54) gave 100. Found by the oracle's
// schedulerConfig domain (seed 11 at 1.37: LeastAllocated over example.com/gpu alone; least_allocated.go
// leastRequestedScore, most_allocated.go mostRequestedScore, requested_to_capacity_ratio.go resourceScoringFunction).
describe.each(KUBERNETES_VERSIONS)('scoring strategies over amounts beyond 2^53 at %s', (version) => {
  beforeEach(() => configure({ kubernetesVersion: version }));
  const gpu = 'example.com/gpu';
  const big = '18014398509481985'; // 2^54 + 1
  const on = [node('n0', { cpu: '2', memory: '4Gi', [gpu]: big }), node('n1', { cpu: '4', memory: '4Gi', [gpu]: '1' })];
  const gpuOnly: ResourceSpec[] = [{ name: gpu, weight: 1 }];
  test('LeastAllocated: (2^54+1 − 1)·100/(2^54+1) = 99', () => {
    expect(scores(fitArgs('LeastAllocated', gpuOnly), 'NodeResourcesFit', pod([{ [gpu]: '1' }]), on)).toEqual([99, 0]);
  });
  test('MostAllocated: 2^54·100/(2^54+1) = 99, and a request of the whole capacity 100', () => {
    expect(scores(fitArgs('MostAllocated', gpuOnly), 'NodeResourcesFit', pod([{ [gpu]: '18014398509481984' }]), on)).toEqual([99, 100]);
    expect(scores(fitArgs('MostAllocated', gpuOnly), 'NodeResourcesFit', pod([{ [gpu]: big }]), on)).toEqual([100, 100]);
  });
  test('RequestedToCapacityRatio: utilization 2^54·100/(2^54+1) = 99 on the shape', () => {
    const shape = [{ utilization: 0, score: 0 }, { utilization: 100, score: 10 }];
    expect(scores(fitArgs('RequestedToCapacityRatio', gpuOnly, shape), 'NodeResourcesFit', pod([{ [gpu]: '18014398509481984' }]), on)).toEqual([99, 100]);
  });
  test('the existing pods\' usage beyond 2^53 is exact too', () => {
    const existing = [pod([{ [gpu]: '9007199254740993' }], 'n0')]; // 2^53 + 1
    // (2^54+1 − (2^53+2))·100/(2^54+1) = 49 (doubles: 50)
    expect(scores(fitArgs('LeastAllocated', gpuOnly), 'NodeResourcesFit', pod([{ [gpu]: '1' }]), on, existing)).toEqual([49, 0]);
  });
});

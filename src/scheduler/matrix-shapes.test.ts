// scheduleMatrix with node shapes against the same matrix evaluated pair by pair (shapes: false), on a cluster of
// 600 nodes with one hostname each: pods that read kubernetes.io/hostname split the nodes into hundreds of shapes
// (the refinement's hash-table path), and names singled out by nodeName and matchFields are evaluated on their own.
import { scheduleMatrix } from './matrix';
import { NodeShapes } from './matrix-shapes';
import { emptyUsage, nodeInfo } from './framework';
import { resetConfiguration } from '../core/config';
import type { KubeObject, Node } from '../core/types';

afterEach(() => resetConfiguration());

const POOLS = ['a', 'b', 'c', 'd', 'e', 'f'];
const nodes: Node[] = Array.from({ length: 600 }, (_, i) => {
  const pool = POOLS[i % POOLS.length];
  const name = `n-${i}`;
  return {
    apiVersion: 'v1', kind: 'Node',
    metadata: { name, labels: { 'kubernetes.io/hostname': name, pool, 'topology.kubernetes.io/zone': `z${i % 3}` } },
    spec: {
      ...(pool === 'b' ? { taints: [{ key: 'dedicated', value: 'b', effect: 'NoSchedule' as const }] } : {}),
      ...(i % 97 === 0 ? { unschedulable: true } : {}),
    },
    status: { allocatable: { cpu: pool === 'c' ? '500m' : '4', memory: '8Gi', pods: '110' }, conditions: [{ type: 'Ready', status: 'True' }] },
  };
});

const pod = (name: string, spec: Record<string, unknown>): KubeObject =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { containers: [{ name: 'c', image: 'i' }], ...spec } }) as KubeObject;
const required = (...matchExpressions: unknown[]) => ({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions }] } } } });
// one term per name: a metadata.name field requirement takes exactly one value (nodeaffinity.go)
const fields = (...values: string[]) => ({
  affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: values.map((v) => ({ matchFields: [{ key: 'metadata.name', operator: 'In', values: [v] }] })) } } },
});

const workloads = [
  pod('by-host', { nodeSelector: { 'kubernetes.io/hostname': 'n-8' } }),
  pod('not-these-hosts', required({ key: 'kubernetes.io/hostname', operator: 'NotIn', values: ['n-1', 'n-2', 'n-300'] })),
  pod('hosts-and-pool', required({ key: 'kubernetes.io/hostname', operator: 'In', values: ['n-1', 'n-2', 'n-7', 'n-97'] }, { key: 'pool', operator: 'In', values: ['a', 'b'] })),
  pod('tolerates-b', { tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'b', effect: 'NoSchedule' }], nodeSelector: { pool: 'b' } }),
  pod('one-cpu', { containers: [{ name: 'c', image: 'i', resources: { requests: { cpu: '1' } } }] }),
  pod('named', { nodeName: 'n-12', containers: [{ name: 'c', image: 'i', resources: { requests: { cpu: '1' } } }] }),
  pod('fields', fields('n-3', 'n-4', 'n-194')),
  pod('fields-two-values', { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n-3', 'n-4'] }] }] } } } }),
  pod('zone', required({ key: 'topology.kubernetes.io/zone', operator: 'In', values: ['z1'] })),
  pod('plain', {}),
];

test('shapes on and off give the same matrix, with far fewer evaluations for the pods that do not read hostnames', () => {
  const shaped = scheduleMatrix(workloads, nodes);
  const paired = scheduleMatrix(workloads, nodes, { shapes: false });
  expect(paired.evaluations).toBe(workloads.length * nodes.length);
  expect(shaped.evaluations).toBeLessThan(paired.evaluations);
  for (let w = 0; w < workloads.length; w++) {
    const a = Array.from(shaped.codes.subarray(w * nodes.length, (w + 1) * nodes.length));
    const b = Array.from(paired.codes.subarray(w * nodes.length, (w + 1) * nodes.length));
    expect([workloads[w].metadata?.name, a]).toEqual([workloads[w].metadata?.name, b]);
  }
});

test('the matrix holds the plugin kube-scheduler reports first (spot checks against upstream semantics)', () => {
  const m = scheduleMatrix(workloads, nodes);
  const row = (name: string) => workloads.findIndex((w) => w.metadata?.name === name);
  const n = (name: string) => nodes.findIndex((x) => x.metadata?.name === name);
  const plugin = (w: string, node: string) => m.plugins[m.code(row(w), n(node))];
  expect(plugin('by-host', 'n-8')).toBe('Feasible');
  expect(plugin('by-host', 'n-14')).toBe('NodeAffinity');
  expect(plugin('by-host', 'n-13')).toBe('TaintToleration'); // pool b: TaintToleration runs before NodeAffinity
  expect(plugin('by-host', 'n-0')).toBe('NodeUnschedulable'); // cordoned: NodeUnschedulable runs first
  expect(plugin('not-these-hosts', 'n-300')).toBe('NodeAffinity');
  expect(plugin('not-these-hosts', 'n-301')).toBe('TaintToleration'); // pool b, untolerated
  expect(plugin('hosts-and-pool', 'n-7')).toBe('TaintToleration'); // n-7 is in pool b
  expect(plugin('hosts-and-pool', 'n-2')).toBe('NodeAffinity'); // pool c
  expect(plugin('hosts-and-pool', 'n-97')).toBe('NodeUnschedulable');
  expect(plugin('tolerates-b', 'n-1')).toBe('Feasible');
  expect(plugin('one-cpu', 'n-2')).toBe('NodeResourcesFit'); // 500m allocatable
  expect(plugin('named', 'n-12')).toBe('Feasible');
  expect(plugin('named', 'n-18')).toBe('NodeName');
  expect(plugin('fields', 'n-194')).toBe('NodeUnschedulable'); // 194 % 97 === 0
  expect(plugin('fields', 'n-4')).toBe('Feasible');
  expect(plugin('fields', 'n-5')).toBe('NodeAffinity'); // outside the PreFilter result
  // a field requirement with two values does not parse: the term never matches, even on the names it lists
  expect(plugin('fields-two-values', 'n-4')).toBe('NodeAffinity');
  expect(plugin('zone', 'n-4')).toBe('Feasible');
  expect(plugin('zone', 'n-5')).toBe('NodeAffinity');
});

// The shapes of a pod that reads label keys {a, b} are not those of a pod that reads the one key "ab" (the key set's
// signature keeps the keys apart): nodes alike in `ab` differ in `b`.
test('pods reading keys {a, b} and the key "ab" get their own node shapes', () => {
  const alike = (name: string, b: string): Node => ({
    apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { a: 'x', b, ab: 'x' } }, spec: {},
    status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' }, conditions: [{ type: 'Ready', status: 'True' }] },
  });
  const two = [alike('m-1', 'y'), alike('m-2', 'z')];
  const m = scheduleMatrix([pod('by-ab', { nodeSelector: { ab: 'x' } }), pod('by-a-b', { nodeSelector: { a: 'x', b: 'y' } })], two);
  expect([0, 1].map((j) => m.plugins[m.code(0, j)])).toEqual(['Feasible', 'Feasible']);
  expect([0, 1].map((j) => m.plugins[m.code(1, j)])).toEqual(['Feasible', 'NodeAffinity']);
});

// Usage that differs only beyond 2^53 (2^53 and 2^53 + 1 bytes are the same double) keeps nodes apart: fit.go compares
// exact int64 amounts.
test('nodes whose pods use amounts equal as doubles but not as int64 get their own shapes', () => {
  const big = (name: string): Node => ({
    apiVersion: 'v1', kind: 'Node', metadata: { name }, spec: {},
    status: { allocatable: { cpu: '4', memory: '9007199254740993', pods: '110' }, conditions: [{ type: 'Ready', status: 'True' }] },
  });
  const using = (name: string, node: string, memory: string) =>
    ({ ...pod(name, { nodeName: node, containers: [{ name: 'c', image: 'i', resources: { requests: { memory } } }] }), metadata: { name, namespace: 'default' } }) as KubeObject;
  const existingPods = [using('e-1', 'b-1', '9007199254740992'), using('e-2', 'b-2', '9007199254740993')] as never;
  const m = scheduleMatrix([pod('one-byte', { containers: [{ name: 'c', image: 'i', resources: { requests: { memory: '1' } } }] })], [big('b-1'), big('b-2')], { existingPods });
  expect([0, 1].map((j) => m.plugins[m.code(0, j)])).toEqual(['Feasible', 'NodeResourcesFit']);
});

test('the usage facet: nodes alike in pods, cpu, memory, ephemeral-storage and scalar amounts share a shape, any difference splits it', () => {
  const usage = (pods: number, milliCPU: number, memory: number, ephemeralStorage = 0, scalars: Array<[string, number]> = []) => {
    const u = emptyUsage();
    Object.assign(u, { pods });
    Object.assign(u.requested, { milliCPU, memory, ephemeralStorage, scalars: new Map(scalars) });
    return u;
  };
  const usages = [
    usage(2, 200, 256), usage(2, 200, 256), usage(3, 200, 256), usage(2, 300, 256), usage(2, 200, 512), usage(2, 200, 256, 1),
    usage(2, 200, 256, 0, [['nvidia.com/gpu', 1]]), usage(2, 200, 256, 0, [['nvidia.com/gpu', 1]]), usage(2, 200, 256, 0, [['nvidia.com/gpu', 2]]), usage(2, 200, 256),
  ];
  const empty = emptyUsage();
  const infos = usages.map((_, i) => nodeInfo({ apiVersion: 'v1', kind: 'Node', metadata: { name: `n${i}` }, status: { allocatable: { cpu: '4' } } } as Node));
  const plugin = { name: 'Usage', filter: () => undefined, check: () => undefined, reads: { node: ['usage' as const] } };
  const shapes = new NodeShapes([...infos, infos[0]], [...usages, empty], empty, [plugin]).shapesFor([]);
  expect(Array.from(shapes.of)).toEqual([0, 0, 1, 2, 3, 4, 5, 5, 6, 0, 7]);
});

// Shapes are as coarse as the reads allow, and no coarser: a shape too fine costs evaluations (the verdicts stay
// right), one too coarse would give a node another's verdict. Each facet on its own, with the shapes it must give.
describe('each facet and label key splits the nodes exactly as far as it reads', () => {
  const empty = emptyUsage();
  const taint = (key: string) => ({ key, value: 'x', effect: 'NoSchedule' as const });
  const n = (name: string, o: { labels?: Record<string, string>; taints?: object[]; unschedulable?: boolean } = {}) =>
    nodeInfo({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels: o.labels ?? {} }, spec: { ...(o.taints ? { taints: o.taints } : {}), ...(o.unschedulable ? { unschedulable: true } : {}) }, status: { allocatable: { cpu: '4' } } } as Node);
  const reading = (...node: Array<'taints' | 'ports' | 'unschedulable' | 'usage'>) => ({ name: 'Reads', filter: () => undefined, check: () => undefined, reads: { node } });
  const of = (s: { of: Int32Array }) => Array.from(s.of);

  test('taints: none, one, or the same several in the same order share a shape', () => {
    const infos = [n('a'), n('b', { taints: [taint('x')] }), n('c', { taints: [taint('x'), taint('y')] }), n('d', { taints: [taint('x')] }), n('e', { taints: [taint('x'), taint('y')] }), n('f'), n('g', { taints: [taint('y')] })];
    expect(of(new NodeShapes(infos, infos.map(() => empty), empty, [reading('taints')]).shapesFor([]))).toEqual([0, 1, 2, 1, 2, 0, 3]);
  });

  test('host ports in use split the nodes by the ports; with no pod anywhere, usage and ports read nothing', () => {
    const infos = [n('a'), n('b'), n('c'), n('d')];
    const withPorts = (ports: Array<[string, string, number]>) => {
      const u = emptyUsage();
      u.pods = 1;
      u.ports = ports.map(([ip, protocol, port]) => ({ ip, protocol, port, pod: 'p' })) as never;
      return u;
    };
    const usages = [withPorts([['0.0.0.0', 'TCP', 80]]), withPorts([]), withPorts([['0.0.0.0', 'TCP', 80]]), withPorts([['0.0.0.0', 'UDP', 80]])];
    expect(of(new NodeShapes(infos, usages, empty, [reading('ports')]).shapesFor([]))).toEqual([0, 1, 0, 2]);
    const shapes = new NodeShapes(infos, infos.map(() => empty), empty, [reading('usage', 'ports', 'unschedulable')]);
    expect(shapes.shapesFor([]).representatives).toEqual([0]);
  });

  test('a label key splits a base shape by value (absent, empty and set apart); a key that splits no base shape is left out', () => {
    const infos = [
      n('a', { labels: { zone: 'z1', pool: 'p' } }), n('b', { labels: { zone: 'z1', pool: 'p' } }), n('c', { labels: { zone: 'z2', pool: 'p' } }),
      n('d', { labels: { pool: 'p' } }), n('e', { labels: { zone: '', pool: 'p' } }), n('f', { labels: { zone: 'z1', pool: 'q' }, unschedulable: true }),
    ];
    const shapes = new NodeShapes(infos, infos.map(() => empty), empty, [reading('unschedulable')]);
    expect(of(shapes.shapesFor([]))).toEqual([0, 0, 0, 0, 0, 1]);
    expect(of(shapes.shapesFor(['zone']))).toEqual([0, 0, 1, 2, 3, 4]);
    // pool is one value per base shape here (p: schedulable, q: the cordoned one): it splits nothing and is left out
    expect(shapes.shapesFor(['pool'])).toBe(shapes.shapesFor([]));
    expect(shapes.shapesFor(['zone', 'pool'])).toBe(shapes.shapesFor(['zone']));
    expect(shapes.shapesFor(['pool', 'zone', 'zone'])).toBe(shapes.shapesFor(['zone']));
    expect(shapes.shapesFor(['zone']).representatives).toEqual([0, 2, 3, 4, 5]);
    expect(Array.from(shapes.shapesFor(['zone']).offsets)).toEqual([0, 2, 3, 4, 5, 6]);
    expect(Array.from(shapes.shapesFor(['zone']).members)).toEqual([0, 1, 2, 3, 4, 5]);
    // the cluster plugins' groups read the label values alone
    expect(of(shapes.clusterGroups(['zone']))).toEqual([0, 0, 1, 2, 3, 0]);
    expect(shapes.clusterGroups(['zone', 'zone'])).toBe(shapes.clusterGroups(['zone']));
    expect(shapes.clusterGroups(['pool']).count).toBe(2);
  });

  test('allocatable: a node declaring none (undefined) first, then others: each declaration its shape', () => {
    const bare = (name: string) => nodeInfo({ apiVersion: 'v1', kind: 'Node', metadata: { name } } as Node);
    const infos = [bare('a'), n('b'), bare('c'), n('d')];
    const allocatable = { name: 'Fit', filter: () => undefined, check: () => undefined, reads: { node: ['allocatable' as const] } };
    expect(of(new NodeShapes(infos, infos.map(() => empty), empty, [allocatable]).shapesFor([]))).toEqual([0, 1, 0, 1]);
  });

  test('plugins that read nothing of a node: one shape of every node', () => {
    const infos = [n('a'), n('b', { taints: [taint('x')] })];
    const shapes = new NodeShapes(infos, infos.map(() => empty), empty, [{ name: 'None', filter: () => undefined, check: () => undefined, reads: { node: [] } }]).shapesFor([]);
    expect(of(shapes)).toEqual([0, 0]);
    expect(shapes.representatives).toEqual([0]);
  });

  test('usage with scalar amounts: cpu, memory and ephemeral-storage still tell the nodes apart', () => {
    const infos = [n('a'), n('b'), n('c'), n('d')];
    const u = (milliCPU: number, memory: number, ephemeralStorage: number) => {
      const x = emptyUsage();
      x.pods = 1;
      Object.assign(x.requested, { milliCPU, memory, ephemeralStorage, scalars: new Map([['nvidia.com/gpu', 1]]) });
      return x;
    };
    const shapes = new NodeShapes(infos, [u(100, 1, 0), u(200, 1, 0), u(100, 2, 0), u(100, 1, 3)], empty, [reading('usage')]).shapesFor([]);
    expect(of(shapes)).toEqual([0, 1, 2, 3]);
  });

  test('nodes by name, the nameless ones always among them', () => {
    const infos = [n('a'), n(''), n('b'), n('a')];
    const shapes = new NodeShapes(infos, infos.map(() => empty), empty, [reading('unschedulable')]);
    expect(shapes.nodesNamed(['a'])).toEqual([1, 0, 3]);
    expect(shapes.nodesNamed(['b', 'c'])).toEqual([1, 2]);
    expect(shapes.nodesNamed([])).toEqual([1]);
  });
});

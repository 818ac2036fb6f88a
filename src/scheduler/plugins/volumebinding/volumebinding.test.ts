// Conformance: pkg/scheduler/framework/plugins/volumebinding/volume_binding_test.go TestVolumeBinding (PreFilter,
// Filter per node, PreScore, Score, as upstream's test drives the plugin) and scorer_test.go TestScore, at each tag
// where they differ: the test's `defaultShapePoint` is (0→0, 100→10) at v1.33.13 … v1.36.3 and the production default
// (0→10, 100→0) at v1.37.2, which also adds the two "(StorageCapacityScoring disabled)" cases. Then the plugin through
// the framework (withProfile), since it is not in the default profile yet.
import type { Node, PersistentVolume, PersistentVolumeClaim, Pod } from 'kubernetes-types/core/v1';
import type { CSIStorageCapacity } from 'kubernetes-types/storage/v1';
import type { KubeObject } from '../../../core/types';
import { toSubject } from '../../../k8s/subject';
import { storageListers } from '../../storage';
import { buildSnapshot } from '../../snapshot';
import { schedule } from '../../index';
import { withProfile, DEFAULT_PROFILE } from '../../profile';
import { classResources, ErrReasonBindConflict, ErrReasonNodeConflict, preFilter, findPodVolumes, buildScorerFunction, DEFAULT_SHAPE, VolumeBinding, type ShapePoint } from './index';
import { preScore, score } from './scoring';

const nodeLabelKey = 'nodeKey';
const hostname = 'kubernetes.io/hostname';
const sc = (name: string, mode: string, provisioner = '') => ({ kind: 'StorageClass', apiVersion: 'storage.k8s.io/v1', metadata: { name }, volumeBindingMode: mode, provisioner });
const FIXTURES: KubeObject[] = [
  sc('immediate-sc', 'Immediate'), sc('wait-sc', 'WaitForFirstConsumer'), sc('wait-hdd-sc', 'WaitForFirstConsumer'),
  sc('wait-sc-with-storage-capacity', 'WaitForFirstConsumer', 'driver-with-storage-capacity'),
  { kind: 'CSIDriver', apiVersion: 'storage.k8s.io/v1', metadata: { name: 'driver-with-storage-capacity' }, spec: { storageCapacity: true } } as KubeObject,
];

const makeNode = (name: string, labels: Record<string, string> = {}): Node => ({ kind: 'Node', apiVersion: 'v1', metadata: { name, labels: { [hostname]: name, ...labels } } });
const makePod = (...claims: string[]): Pod => ({
  kind: 'Pod', apiVersion: 'v1', metadata: { name: 'pod-a', namespace: 'default' },
  spec: { containers: [{ name: 'c', image: 'i' }], volumes: claims.map((c) => ({ name: '', persistentVolumeClaim: { claimName: c } })) },
});
const makePVC = (name: string, cls: string, opts: { boundPV?: string; request?: string; phase?: string } = {}): PersistentVolumeClaim => ({
  kind: 'PersistentVolumeClaim', apiVersion: 'v1',
  metadata: { name, namespace: 'default', annotations: opts.boundPV ? { 'pv.kubernetes.io/bind-completed': 'true' } : undefined },
  spec: { storageClassName: cls, volumeName: opts.boundPV, resources: opts.request ? { requests: { storage: opts.request } } : undefined },
  status: opts.phase ? { phase: opts.phase } : undefined,
});
const makePV = (name: string, cls: string, opts: { capacity?: string; affinity?: Record<string, string[]>; available?: boolean } = {}): PersistentVolume => ({
  kind: 'PersistentVolume', apiVersion: 'v1', metadata: { name },
  spec: {
    storageClassName: cls, capacity: opts.capacity ? { storage: opts.capacity } : undefined,
    nodeAffinity: opts.affinity ? { required: { nodeSelectorTerms: [{ matchExpressions: Object.entries(opts.affinity).map(([key, values]) => ({ key, operator: 'In', values })) }] } } : undefined,
  },
  status: opts.available === false ? undefined : { phase: 'Available' },
});
const makeCapacity = (node: string, cls: string, capacity: string): CSIStorageCapacity => ({
  kind: 'CSIStorageCapacity', apiVersion: 'storage.k8s.io/v1', metadata: { name: node }, storageClassName: cls, nodeTopology: { matchLabels: { [nodeLabelKey]: node } }, capacity,
});

type Tag = 'v1.33.13…v1.36.3' | 'v1.37.2';
const TEST_DEFAULT_SHAPE: Record<Tag, ShapePoint[]> = {
  'v1.33.13…v1.36.3': [{ utilization: 0, score: 0 }, { utilization: 100, score: 100 }],
  'v1.37.2': [{ utilization: 0, score: 100 }, { utilization: 100, score: 0 }],
};

interface Case {
  name: string;
  pod: Pod;
  nodes: Node[];
  objects?: KubeObject[];
  fts?: boolean;
  shape?: ShapePoint[];
  /** The PreFilter's rejection text (UnschedulableAndUnresolvable), 'skip', or undefined (success). */
  preFilter?: string;
  filter?: Array<string[] | null>;
  /** undefined: PreScore Skips. */
  scores?: Partial<Record<Tag, number[]>>;
  since?: Tag;
}

const zoneNodes = ['a', 'b', 'c'].flatMap((z) => ['a', 'b'].map((n) => makeNode(`zone-${z}-node-${n}`, { 'topology.kubernetes.io/region': `region-${z}`, 'topology.kubernetes.io/zone': `zone-${z}` })));
const zonal = (name: string, capacity: string, z: string) => makePV(name, 'wait-sc', { capacity, affinity: { 'topology.kubernetes.io/region': [`region-${z}`], 'topology.kubernetes.io/zone': [`zone-${z}`] } });
const local = (name: string, cls: string, capacity: string, node: string) => makePV(name, cls, { capacity, affinity: { [hostname]: [node] } });
const abc = ['node-a', 'node-b', 'node-c'];
const capNodes = abc.map((n) => makeNode(n, { [nodeLabelKey]: n }));
const BIND = [ErrReasonBindConflict];
const localPVs = [local('pv-a-0', 'wait-sc', '200Gi', 'node-a'), local('pv-a-1', 'wait-sc', '200Gi', 'node-a'), local('pv-b-0', 'wait-sc', '100Gi', 'node-b'), local('pv-b-1', 'wait-sc', '100Gi', 'node-b')];
const zonalPVs = [zonal('pv-a-0', '200Gi', 'a'), zonal('pv-a-1', '200Gi', 'a'), zonal('pv-b-0', '100Gi', 'b'), zonal('pv-b-1', '100Gi', 'b')];
const capacities = (a: string, b: string, c: string) => [makeCapacity('node-a', 'wait-sc-with-storage-capacity', a), makeCapacity('node-b', 'wait-sc-with-storage-capacity', b), makeCapacity('node-c', 'wait-sc-with-storage-capacity', c)];
const dynamic = makePVC('pvc-dynamic', 'wait-sc-with-storage-capacity', { request: '10Gi' });

// kubernetes@v1.33.13 … v1.37.2 volumebinding/volume_binding_test.go TestVolumeBinding (18 cases; 20 at v1.37.2)
const CASES: Case[] = [
  { name: 'pod has not pvcs', pod: makePod(), nodes: [makeNode('node-a')], preFilter: 'skip' },
  {
    name: 'all bound', pod: makePod('pvc-a'), nodes: [makeNode('node-a')],
    objects: [makePVC('pvc-a', 'wait-sc', { boundPV: 'pv-a' }), makePV('pv-a', 'wait-sc')], filter: [null],
  },
  { name: 'PVC does not exist', pod: makePod('pvc-a'), nodes: [makeNode('node-a')], preFilter: 'persistentvolumeclaim "pvc-a" not found' },
  {
    name: 'Part of PVCs do not exist', pod: makePod('pvc-a', 'pvc-b'), nodes: [makeNode('node-a')],
    objects: [makePVC('pvc-a', 'wait-sc', { boundPV: 'pv-a' })], preFilter: 'persistentvolumeclaim "pvc-b" not found',
  },
  { name: 'immediate claims not bound', pod: makePod('pvc-a'), nodes: [makeNode('node-a')], objects: [makePVC('pvc-a', 'immediate-sc')], preFilter: 'pod has unbound immediate PersistentVolumeClaims' },
  { name: 'unbound claims no matches', pod: makePod('pvc-a'), nodes: [makeNode('node-a')], objects: [makePVC('pvc-a', 'wait-sc')], filter: [BIND] },
  {
    name: 'bound and unbound unsatisfied', pod: makePod('pvc-a', 'pvc-b'), nodes: [makeNode('node-a', { foo: 'barbar' })],
    objects: [makePVC('pvc-a', 'wait-sc', { boundPV: 'pv-a' }), makePVC('pvc-b', 'wait-sc'), makePV('pv-a', 'wait-sc', { affinity: { foo: ['bar'] } })],
    filter: [[ErrReasonNodeConflict, ErrReasonBindConflict]],
  },
  {
    name: 'pv not found', pod: makePod('pvc-a'), nodes: [makeNode('node-a')], objects: [makePVC('pvc-a', 'wait-sc', { boundPV: 'pv-a' })],
    filter: [['node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s)']],
  },
  {
    name: 'pv not found claim lost', pod: makePod('pvc-a'), nodes: [makeNode('node-a')], objects: [makePVC('pvc-a', 'wait-sc', { boundPV: 'pv-a', phase: 'Lost' })],
    preFilter: 'persistentvolumeclaim "pvc-a" bound to non-existent persistentvolume "pv-a"',
  },
  {
    name: 'local volumes with close capacity are preferred', pod: makePod('pvc-a'), nodes: abc.map((n) => makeNode(n)), fts: true,
    objects: [makePVC('pvc-a', 'wait-sc', { request: '50Gi' }), ...localPVs], filter: [null, null, BIND],
    scores: { 'v1.33.13…v1.36.3': [25, 50, 0], 'v1.37.2': [75, 50, 0] },
  },
  {
    name: 'local volumes with close capacity are preferred (StorageCapacityScoring disabled)', since: 'v1.37.2', pod: makePod('pvc-a'), nodes: abc.map((n) => makeNode(n)), fts: false,
    objects: [makePVC('pvc-a', 'wait-sc', { request: '50Gi' }), ...localPVs], filter: [null, null, BIND],
  },
  {
    name: 'local volumes with close capacity are preferred (multiple pvcs)', pod: makePod('pvc-0', 'pvc-1'), nodes: abc.map((n) => makeNode(n)), fts: true,
    objects: [
      makePVC('pvc-0', 'wait-sc', { request: '50Gi' }), makePVC('pvc-1', 'wait-hdd-sc', { request: '100Gi' }),
      local('pv-a-0', 'wait-sc', '200Gi', 'node-a'), local('pv-a-1', 'wait-sc', '200Gi', 'node-a'), local('pv-a-2', 'wait-hdd-sc', '200Gi', 'node-a'), local('pv-a-3', 'wait-hdd-sc', '200Gi', 'node-a'),
      local('pv-b-0', 'wait-sc', '100Gi', 'node-b'), local('pv-b-1', 'wait-sc', '100Gi', 'node-b'), local('pv-b-2', 'wait-hdd-sc', '100Gi', 'node-b'), local('pv-b-3', 'wait-hdd-sc', '100Gi', 'node-b'),
    ],
    filter: [null, null, BIND], scores: { 'v1.33.13…v1.36.3': [38, 75, 0], 'v1.37.2': [63, 25, 0] },
  },
  {
    name: 'zonal volumes with close capacity are preferred', pod: makePod('pvc-a'), nodes: zoneNodes, fts: true,
    objects: [makePVC('pvc-a', 'wait-sc', { request: '50Gi' }), ...zonalPVs], filter: [null, null, null, null, BIND, BIND],
    scores: { 'v1.33.13…v1.36.3': [25, 25, 50, 50, 0, 0], 'v1.37.2': [75, 75, 50, 50, 0, 0] },
  },
  {
    name: 'zonal volumes with close capacity are preferred (StorageCapacityScoring disabled)', since: 'v1.37.2', pod: makePod('pvc-a'), nodes: zoneNodes, fts: false,
    objects: [makePVC('pvc-a', 'wait-sc', { request: '50Gi' }), ...zonalPVs], filter: [null, null, null, null, BIND, BIND],
  },
  {
    name: 'zonal volumes with close capacity are preferred (custom shape)', pod: makePod('pvc-a'), nodes: zoneNodes, fts: true,
    shape: [{ utilization: 0, score: 0 }, { utilization: 50, score: 30 }, { utilization: 100, score: 50 }],
    objects: [makePVC('pvc-a', 'wait-sc', { request: '50Gi' }), ...zonalPVs], filter: [null, null, null, null, BIND, BIND],
    scores: { 'v1.33.13…v1.36.3': [15, 15, 30, 30, 0, 0], 'v1.37.2': [15, 15, 30, 30, 0, 0] },
  },
  {
    name: 'storage capacity score', pod: makePod('pvc-dynamic'), nodes: capNodes, fts: true,
    objects: [dynamic, ...capacities('100Gi', '50Gi', '10Gi')], filter: [null, null, null],
    scores: { 'v1.33.13…v1.36.3': [10, 20, 100], 'v1.37.2': [90, 80, 0] },
  },
  {
    name: 'storage capacity score with static binds', pod: makePod('pvc-dynamic', 'pvc-static'), nodes: capNodes, fts: true,
    objects: [
      dynamic, makePVC('pvc-static', 'wait-sc', { request: '50Gi' }),
      local('pv-static-a', 'wait-sc', '100Gi', 'node-a'), local('pv-static-b', 'wait-sc', '100Gi', 'node-b'), local('pv-static-c', 'wait-sc', '100Gi', 'node-c'),
      ...capacities('100Gi', '50Gi', '10Gi'),
    ],
    filter: [null, null, null], scores: { 'v1.33.13…v1.36.3': [50, 50, 50], 'v1.37.2': [50, 50, 50] },
  },
  {
    name: 'dynamic provisioning with multiple PVCs of the same StorageClass', pod: makePod('pvc-dynamic-0', 'pvc-dynamic-1'), nodes: [capNodes[0]], fts: true,
    objects: [
      makePVC('pvc-dynamic-0', 'wait-sc-with-storage-capacity', { request: '50Gi' }), makePVC('pvc-dynamic-1', 'wait-sc-with-storage-capacity', { request: '50Gi' }),
      makeCapacity('node-a', 'wait-sc-with-storage-capacity', '100Gi'),
    ],
    filter: [null], scores: { 'v1.33.13…v1.36.3': [100], 'v1.37.2': [0] },
  },
  {
    name: 'prefer node with least allocatable', pod: makePod('pvc-dynamic'), nodes: capNodes, fts: true,
    // the case's args at v1.37.2; before, no args: the test's default, the same shape
    shape: [{ utilization: 0, score: 0 }, { utilization: 100, score: 100 }],
    objects: [dynamic, ...capacities('100Gi', '20Gi', '10Gi')], filter: [null, null, null],
    scores: { 'v1.33.13…v1.36.3': [10, 50, 100], 'v1.37.2': [10, 50, 100] },
  },
  {
    name: 'prefer node with maximum allocatable', pod: makePod('pvc-dynamic'), nodes: capNodes, fts: true,
    // the case's args at every tag: (0→10, 100→0), the production default
    shape: [...DEFAULT_SHAPE],
    objects: [dynamic, ...capacities('100Gi', '20Gi', '10Gi')], filter: [null, null, null],
    scores: { 'v1.33.13…v1.36.3': [90, 50, 0], 'v1.37.2': [90, 50, 0] },
  },
];

describe.each(Object.keys(TEST_DEFAULT_SHAPE) as Tag[])('TestVolumeBinding at %s (volume_binding_test.go)', (tag) => {
  const cases = CASES.filter((c) => !c.since || c.since === tag);
  it.each(cases)('$name', (c) => {
    const storage = storageListers([...FIXTURES, ...(c.objects ?? [])]);
    const r = preFilter(c.pod, storage, true);
    if ('skip' in r) return expect(c.preFilter).toBe('skip');
    if ('reject' in r) return expect([r.reject.code, r.reject.reasons]).toEqual(['UnschedulableAndUnresolvable', [c.preFilter]]);
    expect(c.preFilter).toBeUndefined();
    const filtered = c.nodes.map((n) => findPodVolumes(r.state.claims, { name: n.metadata!.name!, labels: n.metadata!.labels! }, storage, true).reasons);
    expect(filtered).toEqual(c.filter!.map((f) => f ?? []));
    // PreScore: the scorer exists only with StorageCapacityScoring; then it never Skips
    if (!c.fts) return expect(c.scores).toBeUndefined();
    const labels = new Map(c.nodes.map((n) => [n.metadata!.name!, n.metadata!.labels!]));
    const feasible = c.nodes.map((n) => n.metadata!.name!).filter((_n, i) => filtered[i].length === 0);
    const state = preScore(r.state, feasible, (n) => labels.get(n)!, c.shape ?? TEST_DEFAULT_SHAPE[tag]);
    expect(c.nodes.map((n) => score(state, n.metadata!.name!))).toEqual(c.scores![tag]);
  });
});

// scorer_test.go TestScore: the "default shape" tables use the test's defaultShapePoint of each tag
describe.each(Object.keys(TEST_DEFAULT_SHAPE) as Tag[])('TestScore at %s (scorer_test.go)', (tag) => {
  const res = (...pairs: Array<[number, number]>) => new Map(pairs.map(([requested, capacity], i) => [['hdd', 'ssd'][i], { requested: BigInt(requested), capacity: BigInt(capacity) }]));
  const newer = tag === 'v1.37.2';
  const defaultSingle: Array<[Array<[number, number]>, number]> = [[[[0, 100]], newer ? 100 : 0], [[[30, 100]], newer ? 70 : 30], [[[50, 100]], 50], [[[100, 100]], newer ? 0 : 100]];
  const defaultMulti: Array<[Array<[number, number]>, number]> = [
    [[[0, 100], [0, 100]], newer ? 100 : 0], [[[0, 100], [30, 100]], newer ? 85 : 15], [[[30, 100], [30, 100]], newer ? 70 : 30], [[[30, 100], [60, 100]], newer ? 55 : 45],
    [[[50, 100], [50, 100]], 50], [[[50, 100], [100, 100]], newer ? 25 : 75], [[[100, 100], [100, 100]], newer ? 0 : 100],
  ];
  const custom: Array<[Array<[number, number]>, number]> = [
    [[[0, 100], [0, 100]], 0], [[[0, 100], [30, 100]], 0], [[[30, 100], [30, 100]], 0], [[[30, 100], [60, 100]], 5], [[[50, 100], [100, 100]], 25], [[[90, 100], [90, 100]], 40], [[[100, 100], [100, 100]], 50],
  ];
  const customShape = [{ utilization: 50, score: 0 }, { utilization: 80, score: 30 }, { utilization: 100, score: 50 }];
  it.each<[string, ShapePoint[], Array<[Array<[number, number]>, number]>]>([
    ['default shape, single class', TEST_DEFAULT_SHAPE[tag], defaultSingle],
    ['default shape, multiple classes', TEST_DEFAULT_SHAPE[tag], defaultMulti],
    ['custom shape, multiple classes', customShape, custom],
  ])('%s', (_name, shape, cases) => {
    const f = buildScorerFunction(shape);
    expect(cases.map(([pairs]) => f(res(...pairs)))).toEqual(cases.map(([, want]) => want));
  });
});

describe('VolumeBinding through the framework (not in the default profile yet)', () => {
  const nodes = [makeNode('zone-a-node', { 'topology.kubernetes.io/zone': 'zone-a' }), makeNode('zone-b-node', { 'topology.kubernetes.io/zone': 'zone-b' })];
  const storage: KubeObject[] = [
    ...FIXTURES,
    makePVC('data', 'wait-sc', { boundPV: 'pv-data' }),
    makePV('pv-data', 'wait-sc', { affinity: { 'topology.kubernetes.io/zone': ['zone-a'] } }),
    makePVC('fresh', 'wait-sc', { request: '1Gi' }),
  ];
  const run = (pod: Pod) => withProfile({ clusterFilter: [VolumeBinding, ...DEFAULT_PROFILE.clusterFilter] }, () => schedule(toSubject(pod), nodes, undefined, undefined, buildSnapshot(nodes, new Map(), [], [], storage)));

  it('a bound zonal volume keeps the pod in its zone, with upstream reason and code', () => {
    const result = run(makePod('data'));
    expect(result.feasible.map((v) => v.node)).toEqual(['zone-a-node']);
    const rejected = result.rejected.find((v) => v.node === 'zone-b-node')!;
    expect([rejected.status?.plugin, rejected.status?.code, rejected.status?.reasons]).toEqual(['VolumeBinding', 'UnschedulableAndUnresolvable', [ErrReasonNodeConflict]]);
    expect(rejected.status?.details[0]).toBe('PersistentVolumeClaim data (PersistentVolume pv-data): its node affinity does not match the node');
  });

  it('a WaitForFirstConsumer claim with no PV and a class that cannot provision fits no node; a missing claim refuses the pod', () => {
    expect(run(makePod('fresh')).feasible).toEqual([]);
    expect(run(makePod('nope')).rejected.map((v) => v.status?.reasons)).toEqual([['persistentvolumeclaim "nope" not found'], ['persistentvolumeclaim "nope" not found']]);
  });

  it('a pod without claims: VolumeBinding Skips, as before', () => {
    expect(run(makePod()).feasible.map((v) => v.node)).toEqual(['zone-a-node', 'zone-b-node']);
    expect(classResources({ reasons: [], staticBindings: [], dynamicProvisions: [] }, true).size).toBe(0);
  });
});

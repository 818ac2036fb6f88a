// scheduleMatrix's paths written out (matrix-agrees.test.ts draws them at random, and a mutation run only sees what
// its one draw covered): each matrix equals scheduleOn pair by pair, and the evaluations are counted as documented.
import type { KubeObject, Node, Pod } from '../core/types';
import { configure, resetConfiguration } from '../core/config';
import { scheduleOn } from '../engine';
import { scheduleMatrix, type ScheduleMatrixOptions } from './matrix';

afterEach(() => resetConfiguration());

const ZONE = 'topology.kubernetes.io/zone';
const node = (name: string, zone: string, cpu = '4'): Node =>
  ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name, [ZONE]: zone } }, status: { allocatable: { cpu, memory: '8Gi', pods: '110' } } }) as Node;
const pod = (name: string, spec: object = {}, labels: Record<string, string> = { app: 'web' }, nodeName?: string): Pod =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', labels }, spec: { containers: [{ name: 'c', image: 'i' }], ...(nodeName ? { nodeName } : {}), ...spec } }) as Pod;

/** The matrix's plugin per pair, and scheduleOn's for each workload against the same nodes and options. */
function bothWays(workloads: KubeObject[], nodes: Node[], options: { existingPods?: Pod[]; storage?: KubeObject[] } = {}) {
  const m = scheduleMatrix(workloads, nodes, options satisfies ScheduleMatrixOptions);
  const matrix = workloads.map((_, w) => nodes.map((_n, j) => m.plugins[m.code(w, j)]));
  const one = workloads.map((w) => {
    const r = scheduleOn(w, nodes, { existingPods: options.existingPods, storage: options.storage });
    return nodes.map((n) => r.rejected.find((v) => v.node === n.metadata!.name)?.status!.plugin ?? 'Feasible');
  });
  return { m, matrix, one };
}

test('one evaluation per node shape and pod: three alike nodes and one other, two pods', () => {
  const nodes = [node('a', 'z1'), node('b', 'z1'), node('c', 'z1'), node('d', 'z1', '1')];
  const { m, matrix, one } = bothWays([pod('small'), pod('big', { containers: [{ name: 'c', image: 'i', resources: { requests: { cpu: '2' } } }] })], nodes);
  expect(matrix).toEqual(one);
  expect(matrix[1]).toEqual(['Feasible', 'Feasible', 'Feasible', 'NodeResourcesFit']);
  expect(m.evaluations).toBe(4);
});

test('pods with zone spread, one after another: the cluster filters per row, in every row', () => {
  const nodes = [node('a', 'z1'), node('b', 'z2'), node('c', 'z2')];
  const spread = { topologySpreadConstraints: [{ maxSkew: 1, topologyKey: ZONE, whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'web' } } }] };
  const existingPods = [pod('e1', {}, { app: 'web' }, 'b'), pod('e2', {}, { app: 'web' }, 'c')];
  const { matrix, one } = bothWays([pod('p1', spread), pod('p2', spread), pod('p3')], nodes, { existingPods });
  expect(matrix).toEqual(one);
  expect(matrix[0]).toEqual(['Feasible', 'PodTopologySpread', 'PodTopologySpread']);
  expect(matrix[1]).toEqual(matrix[0]);
});

test('an existing pod with an in-tree disk, no storage objects given: VolumeRestrictions still sees the conflict', () => {
  const nodes = [node('a', 'z1'), node('b', 'z1')];
  const disk = { volumes: [{ name: 'd', gcePersistentDisk: { pdName: 'data' } }] };
  const existingPods = [pod('holder', disk, { app: 'db' }, 'a')];
  const { matrix, one } = bothWays([pod('p', disk)], nodes, { existingPods });
  expect(matrix).toEqual(one);
  expect(matrix[0]).toEqual(['VolumeRestrictions', 'Feasible']);
});

test("a StatefulSet's claims as its controller makes them: the matrix models them as scheduleOn does", () => {
  const EBS = 'ebs.csi.aws.com';
  const storage = [
    { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'gp3' }, provisioner: EBS, volumeBindingMode: 'WaitForFirstConsumer', allowedTopologies: [{ matchLabelExpressions: [{ key: ZONE, values: ['z2'] }] }] },
  ] as unknown as KubeObject[];
  const sts = {
    apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'pg', namespace: 'default' },
    spec: {
      serviceName: 'pg', replicas: 1, selector: { matchLabels: { app: 'pg' } }, template: { metadata: { labels: { app: 'pg' } }, spec: { containers: [{ name: 'c', image: 'i' }] } },
      volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { storageClassName: 'gp3', accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
    },
  } as KubeObject;
  const { matrix, one } = bothWays([sts], [node('a', 'z1'), node('b', 'z2')], { storage });
  expect(matrix).toEqual(one);
  expect(matrix[0]).toEqual(['VolumeBinding', 'Feasible']);
});

test("a configuration's PodTopologySpread defaultConstraints spread a pod that gives none", () => {
  configure({
    schedulerConfiguration: {
      apiVersion: 'kubescheduler.config.k8s.io/v1', kind: 'KubeSchedulerConfiguration',
      profiles: [{ pluginConfig: [{ name: 'PodTopologySpread', args: { defaultingType: 'List', defaultConstraints: [{ maxSkew: 1, topologyKey: ZONE, whenUnsatisfiable: 'DoNotSchedule' }] } }] }],
    },
  });
  const nodes = [node('a', 'z1'), node('b', 'z2')];
  // defaultConstraints select the pods of the pod's own services/controllers: a Deployment's pod and its siblings
  const deployment = {
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' },
    spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } },
  } as KubeObject;
  // an existing pod of the Deployment (its ReplicaSet's: a pod-template-hash) in z1
  const existingPods = [pod('e1', {}, { app: 'web', 'pod-template-hash': '5d4f8b7c9' }, 'a')];
  const { matrix, one } = bothWays([deployment], nodes, { existingPods });
  expect(matrix).toEqual(one);
  expect(matrix[0]).toEqual(['PodTopologySpread', 'Feasible']);
});

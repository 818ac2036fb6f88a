// The snapshot's small readers of pods, each as the scheduler's cache and queue read a pod (pkg/scheduler/internal/
// cache, internal/queue nominator), and the pod being scheduled left out of its own cluster.
import type { KubeObject, Node, Pod } from '../core/types';
import { configure, resetConfiguration } from '../core/config';
import { toSubject } from '../k8s/subject';
import {
  assumePod, buildSnapshot, configuredAnd, groupByNode, hasStorage, podIndex, isSubjectPod, isTerminating, nodesWithPods, nominatedNodeOf, podLabels, podNamespace, podsWithRequiredAntiAffinity, snapshotFor, withoutSubject,
} from './snapshot';

const node = (name: string): Node => ({ apiVersion: 'v1', kind: 'Node', metadata: { name } });
const pod = (name: string, o: { node?: string; phase?: string; nominated?: string; uid?: string; namespace?: string } = {}): Pod =>
  ({
    apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: o.namespace ?? 'default', ...(o.uid ? { uid: o.uid } : {}) },
    spec: { containers: [{ name: 'c', image: 'i' }], ...(o.node ? { nodeName: o.node } : {}) },
    status: { ...(o.phase ? { phase: o.phase } : {}), ...(o.nominated ? { nominatedNodeName: o.nominated } : {}) },
  }) as Pod;
const bare = {} as Pod;

test('nodesWithPods: the nodes holding pods, in node order, and after a pod is assumed', () => {
  const snapshot = buildSnapshot([node('a'), node('b'), node('c')], groupByNode([pod('x', { node: 'c' }), pod('y', { node: 'a' })]));
  expect(nodesWithPods(snapshot).map((n) => n.info.name)).toEqual(['a', 'c']);
  expect(nodesWithPods(snapshot)).toBe(nodesWithPods(snapshot));
  assumePod(snapshot, 'b', pod('z'));
  expect(nodesWithPods(snapshot).map((n) => n.info.name)).toEqual(['a', 'b', 'c']);
});

test('nominatedNodeOf: a Pending pod not bound, not finished, with status.nominatedNodeName', () => {
  expect(nominatedNodeOf(pod('p', { nominated: 'n1' }))).toBe('n1');
  expect(nominatedNodeOf(pod('p', { nominated: 'n1', node: 'n2' }))).toBeUndefined();
  expect(nominatedNodeOf(pod('p', { nominated: 'n1', phase: 'Succeeded' }))).toBeUndefined();
  expect(nominatedNodeOf(pod('p', { nominated: 'n1', phase: 'Failed' }))).toBeUndefined();
  expect(nominatedNodeOf(pod('p', { nominated: '' }))).toBeUndefined();
  expect(nominatedNodeOf(bare)).toBeUndefined();
});

describe('the pod being scheduled is not among the existing pods', () => {
  const me = pod('web', { uid: 'u1', namespace: 'shop' });
  const subject = toSubject(me);
  test('the same object, the same uid, or the same namespace/name', () => {
    expect(isSubjectPod(subject, me)).toBe(true);
    expect(isSubjectPod(subject, pod('renamed', { uid: 'u1', namespace: 'shop' }))).toBe(true);
    expect(isSubjectPod(subject, pod('web', { namespace: 'shop' }))).toBe(true);
    expect(isSubjectPod(subject, pod('web', { namespace: 'other' }))).toBe(false);
    expect(isSubjectPod(subject, pod('other', { uid: 'u2', namespace: 'shop' }))).toBe(false);
    expect(isSubjectPod(subject, bare)).toBe(false);
  });
  test('a pod without uid or name is only itself', () => {
    const nameless = { apiVersion: 'v1', kind: 'Pod', spec: { containers: [{ name: 'c', image: 'i' }] } } as Pod;
    const s = toSubject(nameless);
    expect(isSubjectPod(s, nameless)).toBe(true);
    expect(isSubjectPod(s, { ...nameless })).toBe(false);
    expect(isSubjectPod(s, bare)).toBe(false);
  });
  test("a workload's pod is never an existing one", () => {
    const deployment = toSubject({
      apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'shop' },
      spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } },
    });
    expect(isSubjectPod(deployment, pod('web', { namespace: 'shop' }))).toBe(false);
    const pods = [pod('web', { namespace: 'shop' })];
    expect(withoutSubject(deployment, pods)).toEqual({ pods, left: 0 });
  });
  test('withoutSubject keeps the others in order, and the given array when the pod is not there', () => {
    const others = [pod('a', { node: 'n1' }), pod('b', { node: 'n1' })];
    const pods = [others[0], me, others[1]];
    const out = withoutSubject(subject, pods);
    expect(out).toEqual({ pods: others, left: 1 });
    expect(withoutSubject(subject, [me, me, ...others])).toEqual({ pods: others, left: 2 });
    expect(withoutSubject(subject, others).pods).toBe(others);
    expect(withoutSubject(subject, undefined)).toEqual({ pods: undefined, left: 0 });
  });
});

test('a bare object reads as no deletion, the default namespace and no labels', () => {
  expect(isTerminating(bare)).toBe(false);
  expect(isTerminating({ metadata: { deletionTimestamp: '2026-01-01T00:00:00Z' } } as Pod)).toBe(true);
  expect(podNamespace(bare)).toBe('default');
  expect(podNamespace({ metadata: { namespace: '' } } as Pod)).toBe('default');
  expect(podLabels(bare)).toEqual({});
});

test('podsWithRequiredAntiAffinity: none without pods, without building the index; those assumed since counted', () => {
  const anti = { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'a' } }, topologyKey: 'kubernetes.io/hostname' }] } };
  const empty = snapshotFor([node('a')]);
  expect(podsWithRequiredAntiAffinity(empty)).toEqual([]);
  expect(empty.index).toBeUndefined();
  const snapshot = buildSnapshot([node('a'), node('b')], new Map());
  assumePod(snapshot, 'b', { ...pod('x', { node: 'b' }), spec: { containers: [{ name: 'c', image: 'i' }], nodeName: 'b', affinity: anti } } as Pod);
  expect(podsWithRequiredAntiAffinity(snapshot).map((r) => r.pod.metadata!.name)).toEqual(['x']);
});

describe("configuredAnd: the cluster preset's classes, configure({ storage })'s objects, then those given", () => {
  const cls = (name: string, isDefault?: boolean) =>
    ({ apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name, ...(isDefault ? { annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } } : {}) }, provisioner: 'x' }) as KubeObject;
  const names = (objects: readonly KubeObject[]) =>
    objects.map((o) => `${o.metadata?.name}${(o.metadata as { annotations?: Record<string, string> } | undefined)?.annotations?.['storageclass.kubernetes.io/is-default-class'] ? '*' : ''}`);
  afterEach(() => resetConfiguration());
  test('without a preset: the given list itself, or the configured objects first', () => {
    const given = [cls('a')];
    expect(configuredAnd(given)).toBe(given);
    configure({ storage: [cls('c')] });
    expect(names(configuredAnd(given))).toEqual(['c', 'a']);
    expect(names(configuredAnd([]))).toEqual(['c']);
  });
  test("a preset's default class stays the default unless a class given or configured is the default", () => {
    configure({ cluster: 'aks' });
    expect(names(configuredAnd([cls('a'), { apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'pv' } } as KubeObject]))).toEqual(['default*', 'managed-csi', 'a', 'pv']);
    expect(names(configuredAnd([cls('mine', true)]))).toEqual(['default', 'managed-csi', 'mine*']);
    // the preset's objects themselves are left as they were
    expect(names(configuredAnd([]))).toEqual(['default*', 'managed-csi']);
    configure({ storage: [cls('configured', true)] });
    expect(names(configuredAnd([]))).toEqual(['default', 'managed-csi', 'configured*']);
  });
});

test('bare objects among the pods and namespaces are read as having nothing', () => {
  const snapshot = snapshotFor([node('a')], [bare, pod('pending')], [{ kind: 'Namespace' } as KubeObject]);
  expect(snapshot.nodes[0].pods).toEqual([]);
  // a Pending pod nominated nowhere is not the nominator's
  expect(snapshot.nominated).toBeUndefined();
  expect([...snapshot.namespaceLabels.keys()]).toEqual([]);
});

test('hasStorage: objects given or configured, a preset\'s classes, or the storage assumption', () => {
  expect(hasStorage(undefined)).toBe(false);
  expect(hasStorage([])).toBe(false);
  expect(hasStorage([{ apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'pv' } } as KubeObject])).toBe(true);
  configure({ storage: [{ apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'pv' } } as KubeObject] });
  expect(hasStorage([])).toBe(true);
  resetConfiguration();
  configure({ cluster: 'aks' });
  expect(hasStorage(undefined)).toBe(true);
  resetConfiguration();
  configure({ cluster: 'eks' }); // a preset without classes
  expect(hasStorage(undefined)).toBe(false);
  configure({ storageAssumption: 'dynamic-wait-for-first-consumer' });
  expect(hasStorage(undefined)).toBe(true);
  resetConfiguration();
});

test("a snapshot's services are the Services among the objects given", () => {
  const service = { apiVersion: 'v1', kind: 'Service', metadata: { name: 's' } } as KubeObject;
  const other = { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'r' } } as KubeObject;
  expect(buildSnapshot([node('a')], new Map(), [], [other, service]).services).toEqual([service]);
  expect(snapshotFor([node('a')], [pod('x', { node: 'a' })], [], [service, other]).services).toEqual([service]);
});

test("a node's pods with volumes (what NodeVolumeLimits counts) and the pods with pod (anti-)affinity", () => {
  const withSpec = (name: string, spec: object) => ({ ...pod(name, { node: 'a' }), spec: { containers: [{ name: 'c', image: 'i' }], nodeName: 'a', ...spec } }) as Pod;
  const pods = [
    withSpec('vol', { volumes: [{ name: 'v', emptyDir: {} }] }), withSpec('none', {}), withSpec('empty', { volumes: [] }),
    withSpec('soft', { affinity: { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [] } } }),
    withSpec('anti', { affinity: { podAntiAffinity: {} } }), withSpec('nodeaff', { affinity: { nodeAffinity: {} } }), bare,
  ];
  for (const snapshot of [snapshotFor([node('a')], pods), buildSnapshot([node('a')], groupByNode(pods))]) {
    expect(snapshot.nodes[0].podsWithVolumes?.map((p) => p.metadata!.name)).toEqual(['vol']);
    expect(podIndex(snapshot).withAffinity.map((r) => r.pod.metadata!.name)).toEqual(['soft', 'anti']);
  }
});

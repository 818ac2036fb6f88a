// scheduleOnNode over a cluster (`nodes`, existingPods, namespaces, storage) shares one snapshot between questions
// while the same items are passed again (scheduler/index.ts sharedSnapshot): items changed in the same arrays
// between two questions are read afresh, as a cluster whose objects changed would be.
import type { KubeObject, Node, Pod } from '../core/types';
import { configure } from '../core/config';
import { toSubject } from '../k8s/subject';
import { scheduleOnNode } from '../engine';
import { schedulingVerdict } from '.';

const node = (name: string, zone: string): Node => ({
  apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name, 'topology.kubernetes.io/zone': zone } },
  status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } },
});
const pod = (name: string, spec: object = {}, meta: object = {}): Pod => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', labels: { app: 'web' }, ...meta },
  spec: { containers: [{ name: 'c', image: 'i' }], ...spec } as Pod['spec'],
});

const reasons = (answer: ReturnType<typeof scheduleOnNode>) => answer.status?.reasons;
const admission = () => configure({ admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } });

test('a node replaced in the nodes array: the spread is counted over the new nodes (filtering_test.go, zones)', () => {
  admission();
  const spread = pod('p', { topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'web' } } }] });
  const a1 = node('a1', 'a');
  const nodes = [a1, node('b1', 'b')];
  const existingPods = [pod('e', { nodeName: 'a1' })];
  // zone a holds 1 matching pod, zone b none: 1 + 1 - 0 > maxSkew
  expect(reasons(scheduleOnNode(toSubject(spread), a1, { nodes, existingPods }))).toEqual(["node(s) didn't match pod topology spread constraints"]);
  // zone b gone: zone a is the only domain, its minimum its own count
  nodes[1] = node('a2', 'a');
  expect(scheduleOnNode(toSubject(spread), a1, { nodes, existingPods }).feasible).toBe(true);
});

test('a namespace replaced in the namespaces array: its new labels serve namespaceSelector', () => {
  admission();
  const affinity = pod('q', { affinity: { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'db' } }, namespaceSelector: { matchLabels: { team: 'x' } }, topologyKey: 'kubernetes.io/hostname' }] } } });
  const n1 = node('n1', 'a');
  const dbPods = [pod('db', { nodeName: 'n1' }, { namespace: 'other', labels: { app: 'db' } })];
  const namespaces = [{ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'other' } }] as KubeObject[];
  expect(reasons(scheduleOnNode(toSubject(affinity), n1, { nodes: [n1], existingPods: dbPods, namespaces }))).toEqual(["node(s) didn't match pod affinity rules"]);
  namespaces[0] = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'other', labels: { team: 'x' } } } as KubeObject;
  expect(scheduleOnNode(toSubject(affinity), n1, { nodes: [n1], existingPods: dbPods, namespaces }).feasible).toBe(true);
});

test('a PersistentVolume replaced in the storage array: its new node affinity is read', () => {
  admission();
  const claimer = pod('r', { volumes: [{ name: 'v', persistentVolumeClaim: { claimName: 'data' } }] });
  const m1 = node('m1', 'a');
  // bound (binder.go isPVCFullyBound: spec.volumeName and the bind-completed annotation) to pv1
  const pvc = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data', namespace: 'default', annotations: { 'pv.kubernetes.io/bind-completed': 'yes' } }, spec: { storageClassName: '', volumeName: 'pv1', accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } }, status: { phase: 'Bound' } };
  const pv = (host: string) => ({
    apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'pv1' },
    spec: {
      storageClassName: '', capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], claimRef: { namespace: 'default', name: 'data' },
      nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: [host] }] }] } },
    },
    status: { phase: 'Bound' },
  });
  const storage: KubeObject[] = [pvc, pv('other')];
  expect(reasons(scheduleOnNode(toSubject(claimer), m1, { nodes: [m1], storage }))).toEqual(["node(s) didn't match PersistentVolume's node affinity"]);
  storage[1] = pv('m1');
  expect(scheduleOnNode(toSubject(claimer), m1, { nodes: [m1], storage }).feasible).toBe(true);
  // the scheduler's own entry point, which takes the storage array as given
  const nodes = [node('m2', 'a')];
  const given: KubeObject[] = [pvc, pv('other')];
  expect(schedulingVerdict(toSubject(claimer), nodes[0], [], { nodes, storage: given }).status?.reasons).toEqual(["node(s) didn't match PersistentVolume's node affinity"]);
  given[1] = pv('m2');
  expect(schedulingVerdict(toSubject(claimer), nodes[0], [], { nodes, storage: given }).feasible).toBe(true);
});

// A null entry among a pod's volumes, given to the engine (which takes objects unvalidated, as JSON may hold them):
// Go decodes it as a zero Volume, which has no source, so the claims are the other entries' (as the scheduler's
// plugins read them: scheduler/plugins/volumerestrictions/null-volumes.test.ts). The matchers refuse such a pod
// first, as the API server does (the zero Volume has no name: ValidateVolumes, k8s/validation-volumes.ts).
import type { KubeObject, Node } from '../core/types';
import { scheduleOnNode } from '../engine/schedule';
import { toSubject } from '../k8s/subject';

const k = (o: object) => o as KubeObject;
const node = (zone: string): Node => ({ kind: 'Node', apiVersion: 'v1', metadata: { name: `n-${zone}`, labels: { zone } }, status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } } });
const pod = (claimName: string, ephemeral = false) => k({
  kind: 'Pod', apiVersion: 'v1', metadata: { name: 'p', namespace: 'default' },
  spec: {
    containers: [{ name: 'c', image: 'i' }],
    volumes: [null, ephemeral
      ? { name: 'scratch', ephemeral: { volumeClaimTemplate: { spec: { storageClassName: 'fast', accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } } } }
      : { name: 'data', persistentVolumeClaim: { claimName } }],
  },
});
const storage = [
  k({ kind: 'StorageClass', apiVersion: 'storage.k8s.io/v1', metadata: { name: 'fast' }, provisioner: 'csi.example.com', volumeBindingMode: 'WaitForFirstConsumer', allowedTopologies: [{ matchLabelExpressions: [{ key: 'zone', values: ['a'] }] }] }),
  k({ kind: 'PersistentVolumeClaim', apiVersion: 'v1', metadata: { name: 'data', namespace: 'default', annotations: { 'pv.kubernetes.io/bind-completed': 'yes' } }, spec: { storageClassName: 'fast', volumeName: 'pv-data', accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } }, status: { phase: 'Bound' } }),
  k({
    kind: 'PersistentVolume', apiVersion: 'v1', metadata: { name: 'pv-data' },
    spec: { storageClassName: 'fast', capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], csi: { driver: 'csi.example.com', volumeHandle: 'd' }, claimRef: { namespace: 'default', name: 'data' }, nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] }] } } },
    status: { phase: 'Bound' },
  }),
];

test('the claim beside a null entry decides: its bound PV keeps the pod to zone a', () => {
  expect(scheduleOnNode(toSubject(pod('data')), node('a'), { storage }).feasible).toBe(true);
  expect(scheduleOnNode(toSubject(pod('data')), node('b'), { storage }).status?.details[0]).toBe('PersistentVolumeClaim data (PersistentVolume pv-data): its node affinity does not match the node');
});

test("a generic ephemeral volume beside a null entry: the claim its controller makes, provisioned in the class's zone", () => {
  expect(scheduleOnNode(toSubject(pod('', true)), node('a'), { storage }).feasible).toBe(true);
  expect(scheduleOnNode(toSubject(pod('', true)), node('b'), { storage }).status?.plugin).toBe('VolumeBinding');
});

test('a claim not given beside a null entry is not modelled, named by its own index, and its note says so', () => {
  const answer = scheduleOnNode(toSubject(pod('other')), node('b'), { storage });
  expect(answer.notModelled?.map((n) => n.detail)).toEqual([expect.stringMatching(/^spec\.volumes\[1\] \(data, persistentVolumeClaim\): PersistentVolumeClaim default\/other is not among the storage objects given/)]);
  expect(answer.notes.filter((n) => n.startsWith('VolumeBinding: '))).toEqual(['VolumeBinding: PersistentVolumeClaim other is not modelled: not checked against the node']);
});

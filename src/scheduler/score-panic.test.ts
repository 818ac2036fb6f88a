// From 1.37 (StorageCapacityScoring on) kube-scheduler's VolumeBinding Score panics for a claim provisioned against a
// CSIStorageCapacity whose StorageClass is only in the volume.beta.kubernetes.io/storage-class annotation
// (volume_binding.go Score reads spec.storageClassName); schedulePod scores only when two or more nodes are feasible
// (schedule_one.go: one feasible node is chosen without scoring). scheduler/index.ts looks for such a claim first: in
// the pod's own namespace, a claim volume's or a generic ephemeral volume's (<pod>-<volume>, its template's
// annotations copied by the ephemeral controller), and only runs PreScore and Score for it.
import type { KubeObject, Node, Pod } from '../core/types';
import { configure } from '../core/config';
import { scheduleOn } from '../engine/objects';

const node = (name: string): Node => ({
  apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name } },
  status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } },
});
const BETA = 'volume.beta.kubernetes.io/storage-class';
function cluster(namespace = 'default', claimMeta: object = { annotations: { [BETA]: 'cap' } }, claimSpec: object = {}): KubeObject[] {
  return [
    { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'cap' }, provisioner: 'ebs.csi.aws.com', volumeBindingMode: 'WaitForFirstConsumer' },
    { apiVersion: 'storage.k8s.io/v1', kind: 'CSIDriver', metadata: { name: 'ebs.csi.aws.com' }, spec: { attachRequired: true, storageCapacity: true } },
    { apiVersion: 'storage.k8s.io/v1', kind: 'CSIStorageCapacity', metadata: { name: 'cap-all', namespace: 'kube-system' }, storageClassName: 'cap', nodeTopology: {}, capacity: '5Gi' },
    { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'c0', namespace, uid: 'uid-c0', ...claimMeta }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '3Gi' } }, ...claimSpec }, status: { phase: 'Pending' } },
  ] as unknown as KubeObject[];
}
const pod = (namespace = 'default', volumes: object[] = [{ name: 'v0', persistentVolumeClaim: { claimName: 'c0' } }]): Pod => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name: 'incoming', namespace, uid: 'incoming' },
  spec: { containers: [{ name: 'c', image: 'registry.example/app:1' }], volumes } as Pod['spec'],
});

const PANIC = "kube-scheduler panics in VolumeBinding's Score";
const claimVolume = { name: 'v0', persistentVolumeClaim: { claimName: 'c0' } };

test('two feasible nodes: the panic, in the default namespace and in the pod\'s own', () => {
  configure({ kubernetesVersion: '1.37' });
  expect(() => scheduleOn(pod(), [node('n0'), node('n1')], { storage: cluster() })).toThrow(`${PANIC} (runtime error: invalid memory address or nil pointer dereference) and exits, at every attempt to schedule the pod: PersistentVolumeClaim default/c0 `);
  expect(() => scheduleOn(pod('team'), [node('n0'), node('n1')], { storage: cluster('team') })).toThrow('PersistentVolumeClaim team/c0 would be provisioned against a CSIStorageCapacity');
});

test('one feasible node: no Score, no panic', () => {
  configure({ kubernetesVersion: '1.37' });
  expect(scheduleOn(pod(), [node('n0')], { storage: cluster() }).feasible.map((v) => v.node)).toEqual(['n0']);
});

test('a generic ephemeral volume whose claim template names the class in the annotation: the panic', () => {
  configure({ kubernetesVersion: '1.37' });
  const template = { metadata: { annotations: { [BETA]: 'cap' } }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '3Gi' } } } };
  expect(() => scheduleOn(pod('default', [{ name: 'v0', ephemeral: { volumeClaimTemplate: template } }]), [node('n0'), node('n1')], { storage: cluster().slice(0, 3) }))
    .toThrow('PersistentVolumeClaim default/incoming-v0 would be provisioned against a CSIStorageCapacity');
});

test('spec.storageClassName set, beside a volume that is no claim: Score runs without a panic', () => {
  configure({ kubernetesVersion: '1.37' });
  const volumes = [{ name: 'scratch', emptyDir: {} }, claimVolume];
  expect(scheduleOn(pod('default', volumes), [node('n0'), node('n1')], { storage: cluster('default', {}, { storageClassName: 'cap' }) }).feasible.map((v) => v.node)).toEqual(['n0', 'n1']);
});

test('a bound claim without spec.storageClassName: PreScore Skips (nothing to provision), no panic', () => {
  configure({ kubernetesVersion: '1.37' });
  const pv = { apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'pv0' }, spec: { capacity: { storage: '5Gi' }, accessModes: ['ReadWriteOnce'], claimRef: { namespace: 'default', name: 'c0', uid: 'uid-c0' }, csi: { driver: 'ebs.csi.aws.com', volumeHandle: 'h0' } }, status: { phase: 'Bound' } } as KubeObject;
  const storage = [...cluster('default', { annotations: { 'pv.kubernetes.io/bind-completed': 'yes' } }, { volumeName: 'pv0' }), pv];
  expect(scheduleOn(pod(), [node('n0'), node('n1')], { storage }).feasible.map((v) => v.node)).toEqual(['n0', 'n1']);
});

test('a pod given without a namespace is in "default": its claim there panics too', () => {
  configure({ kubernetesVersion: '1.37' });
  const bare = pod();
  delete (bare.metadata as { namespace?: string }).namespace;
  expect(() => scheduleOn(bare, [node('n0'), node('n1')], { storage: cluster() })).toThrow('PersistentVolumeClaim default/c0 would be provisioned against a CSIStorageCapacity');
});

test('a pod built in code without metadata: its claim volume and its generic ephemeral volume are looked up all the same', () => {
  configure({ kubernetesVersion: '1.37' });
  const bare = (volumes?: object[]) => {
    const p = pod('default', volumes);
    delete (p as { metadata?: object }).metadata;
    return p;
  };
  expect(() => scheduleOn(bare(), [node('n0'), node('n1')], { storage: cluster() })).toThrow('PersistentVolumeClaim default/c0 would be provisioned against a CSIStorageCapacity');
  const template = { metadata: { annotations: { [BETA]: 'cap' } }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '3Gi' } } } };
  expect(() => scheduleOn(bare([{ name: 'v0', ephemeral: { volumeClaimTemplate: template } }]), [node('n0'), node('n1')], { storage: cluster().slice(0, 3) })).toThrow(PANIC);
});

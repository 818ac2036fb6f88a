// Several replicas in one answer: each pod's cycle sees the pods placed before it with their volumes as
// kube-scheduler would then see them (schedule_one.go assume + Reserve). NodeVolumeLimits (nodevolumelimits/csi.go
// filterAttachableVolumes, the same at v1.33.13 … v1.37.2) counts the placed pods' claims on their node: bound ones
// by their PV's handle, unbound ones (a WaitForFirstConsumer claim being provisioned) as `<prefix>-<ns>/<claim>`
// under their class's provisioner (getCSIDriverInfoFromSC). VolumeBinding's Reserve (binder.go AssumePodVolumes)
// takes the static PV a claim binds and marks a provisioned claim with its node (AnnSelectedNode), which the next
// pod's FindPodVolumes reads from the assume caches; VolumeRestrictions sees a ReadWriteOncePod claim in use.
import type { KubeObject, Node } from '../core/types';
import { placeReplicas } from './place';

const node = (name: string, cpu = '8'): Node => ({
  apiVersion: 'v1', kind: 'Node',
  metadata: { name, labels: { 'kubernetes.io/hostname': name, 'topology.kubernetes.io/zone': 'zone-a' } },
  status: { allocatable: { cpu, memory: '16Gi', pods: '110' } },
} as Node);
const csiNode = (name: string, count: number): KubeObject =>
  ({ apiVersion: 'storage.k8s.io/v1', kind: 'CSINode', metadata: { name }, spec: { drivers: [{ name: 'ebs.csi.aws.com', nodeID: name, allocatable: { count } }] } } as KubeObject);
const gp3: KubeObject = { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'gp3' }, provisioner: 'ebs.csi.aws.com', volumeBindingMode: 'WaitForFirstConsumer' } as KubeObject;
const local: KubeObject = { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'local' }, provisioner: 'kubernetes.io/no-provisioner', volumeBindingMode: 'WaitForFirstConsumer' } as KubeObject;
const localPV = (name: string, on: string): KubeObject => ({ apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name }, spec: { storageClassName: 'local', capacity: { storage: '10Gi' }, accessModes: ['ReadWriteOnce'], local: { path: '/mnt/disk' }, nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: [on] }] }] } } }, status: { phase: 'Available' } } as KubeObject);
const sts = (replicas: number, cls = 'gp3'): KubeObject => ({
  apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'pg', namespace: 'db' },
  spec: {
    serviceName: 'pg', replicas, selector: { matchLabels: { app: 'pg' } },
    template: { metadata: { labels: { app: 'pg' } }, spec: { containers: [{ name: 'pg', image: 'postgres', resources: { requests: { cpu: '100m' } } }] } },
    volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { storageClassName: cls, accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
  },
} as KubeObject);
const deploy = (replicas: number, volumes: unknown[], cpu = '100m'): KubeObject => ({
  apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'db' },
  spec: { replicas, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx', resources: { requests: { cpu } } }], volumes } } },
} as KubeObject);
const claim = (name: string, modes: string[], cls = 'gp3'): KubeObject => ({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name, namespace: 'db' }, spec: { storageClassName: cls, accessModes: modes, resources: { requests: { storage: '1Gi' } } } } as KubeObject);
const where = (p: ReturnType<typeof placeReplicas>) => p.pods.map((x) => x.node ?? x.fitError);
const EXCEEDED = '0/1 nodes are available: 1 node(s) exceed max volume count. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.';

describe('NodeVolumeLimits counts the replicas placed before', () => {
  test('a StatefulSet of 4 on one node whose CSINode allows 2 EBS volumes: two run, two stay Pending', () => {
    expect(where(placeReplicas(sts(4), [node('a')], { storage: [gp3, csiNode('a', 2)] }))).toEqual(['a', 'a', EXCEEDED, EXCEEDED]);
    // without a limit for the driver nothing is counted against
    expect(where(placeReplicas(sts(4), [node('a')], { storage: [gp3] }))).toEqual(['a', 'a', 'a', 'a']);
  });

  test('the existing pods\' bound claims count by their PV\'s handle, the same handle once', () => {
    const pvEbs = (name: string): KubeObject => ({ apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name }, spec: { storageClassName: 'gp3', capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], csi: { driver: 'ebs.csi.aws.com', volumeHandle: `vol-${name}` } }, status: { phase: 'Bound' } } as KubeObject);
    const bound = (name: string, pvName: string): KubeObject => ({ ...claim(name, ['ReadWriteOnce']), metadata: { name, namespace: 'db', annotations: { 'pv.kubernetes.io/bind-completed': 'yes' } }, spec: { ...(claim(name, ['ReadWriteOnce']) as { spec: object }).spec, volumeName: pvName } } as KubeObject);
    const user = (name: string, claimName: string) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'db' }, spec: { nodeName: 'a', containers: [{ name: 'c', image: 'busybox' }], volumes: [{ name: 'v', persistentVolumeClaim: { claimName } }] } });
    // two pods share one claim (one volume attached), a third has its own: 2 of 3 used
    const storage = [gp3, csiNode('a', 3), pvEbs('pv-1'), pvEbs('pv-2'), bound('old-1', 'pv-1'), bound('old-2', 'pv-2')];
    const existingPods = [user('x', 'old-1'), user('y', 'old-1'), user('z', 'old-2')] as never[];
    expect(where(placeReplicas(sts(2), [node('a')], { storage, existingPods }))).toEqual(['a', EXCEEDED]);
  });

  test('a Deployment\'s generic ephemeral volumes: each pod\'s own claim counts', () => {
    const scratch = { name: 'scratch', ephemeral: { volumeClaimTemplate: { spec: { storageClassName: 'gp3', accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } } } };
    expect(where(placeReplicas(deploy(3, [scratch]), [node('a')], { storage: [gp3, csiNode('a', 2)] }))).toEqual(['a', 'a', EXCEEDED]);
  });
});

describe("VolumeBinding's Reserve: the next replica sees the volumes assumed for the earlier ones", () => {
  test('a static local PV bound by one replica is not there for the next (upstream: Pending, not a second bind)', () => {
    const p = placeReplicas(sts(2, 'local'), [node('a'), node('b')], { storage: [local, localPV('pv-a', 'a')] });
    expect(where(p)).toEqual(['a', "0/2 nodes are available: 2 node(s) didn't find available persistent volumes to bind. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling."]);
    // two PVs on node a: the second replica binds the other one there
    expect(where(placeReplicas(sts(2, 'local'), [node('a'), node('b')], { storage: [local, localPV('pv-a', 'a'), localPV('pv-a2', 'a')] }))).toEqual(['a', 'a']);
  });

  test('a WaitForFirstConsumer claim shared by a Deployment\'s pods is being provisioned for the first pod\'s node', () => {
    const shared = [{ name: 'd', persistentVolumeClaim: { claimName: 'shared' } }];
    const p = placeReplicas(deploy(2, shared, '1'), [node('a', '1'), node('b', '1')], { storage: [gp3, claim('shared', ['ReadWriteOnce'])] });
    expect(where(p)).toEqual(['a', "0/2 nodes are available: 1 Insufficient cpu, 1 node(s) didn't find available persistent volumes to bind. preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling."]);
    const b = p.pods[1].rejected.find((r) => r.node === 'b')!;
    expect(b.status!.details).toContain('PersistentVolumeClaim shared: it is being provisioned for node a (volume.kubernetes.io/selected-node)');
  });

  test('a ReadWriteOncePod claim in use by the first replica', () => {
    const shared = [{ name: 'd', persistentVolumeClaim: { claimName: 'shared' } }];
    expect(where(placeReplicas(deploy(2, shared), [node('a'), node('b')], { storage: [gp3, claim('shared', ['ReadWriteOncePod'])] })))
      .toEqual(['a', '0/2 nodes are available: 2 node(s) unavailable due to PersistentVolumeClaim with ReadWriteOncePod access mode already in-use by another pod. preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod.']);
  });
});

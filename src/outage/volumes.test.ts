// The outage's storage (outage/volumes.ts): where a provisioned volume is pinned, from the drivers' code and the
// node's CSINode, and the claims a bound pod leaves bound for its replacement (binder.go AssumePodVolumes,
// BindPodVolumes: a static PersistentVolume VolumeBinding matched, or a volume provisioned for the node).
import type { CSINode, StorageClass } from 'kubernetes-types/storage/v1';
import type { KubeObject, Node } from '../core/types';
import { configure, resetConfiguration } from '../core/config';
import { simulateOutage, zone } from '.';
import { DRIVER_TOPOLOGY, provisionedTopology } from './volumes';
import { deployment, statefulSet, zonedNode } from '../../test/outage/cluster';

const sc = (provisioner: string, parameters: Record<string, string> = {}, name = 'fast'): StorageClass =>
  ({ apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name }, provisioner, parameters, volumeBindingMode: 'WaitForFirstConsumer' });
const node = (labels: Record<string, string>): Node => ({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1', labels } });
const zoneTerm = (key: string, value: string) => ({ term: { matchExpressions: [{ key, operator: 'In', values: [value] }] } });
const csiNode = (driver: string, topologyKeys?: string[]): CSINode =>
  ({ apiVersion: 'storage.k8s.io/v1', kind: 'CSINode', metadata: { name: 'n1' }, spec: { drivers: [{ name: driver, nodeID: 'n1', ...(topologyKeys ? { topologyKeys } : {}) }] } });

describe('provisionedTopology: the new PersistentVolume\'s node affinity', () => {
  const zonal = { 'topology.kubernetes.io/zone': 'eu-west-1a', 'topology.gke.io/zone': 'europe-west1-b', 'topology.disk.csi.azure.com/zone': 'westeurope-1' };
  test.each([
    // aws-ebs-csi-driver v1.44.0 newCreateVolumeResponse: segments {topology.kubernetes.io/zone: disk.AvailabilityZone}
    ['EBS', sc('ebs.csi.aws.com'), zonal, zoneTerm('topology.kubernetes.io/zone', 'eu-west-1a')],
    // pickAvailabilityZone reads topology.ebs.csi.aws.com/zone when the well-known key is absent
    ['EBS, the driver\'s own label', sc('ebs.csi.aws.com'), { 'topology.ebs.csi.aws.com/zone': 'us-east-1c' }, zoneTerm('topology.kubernetes.io/zone', 'us-east-1c')],
    // gcp-compute-persistent-disk-csi-driver v1.28.1 generateCreateVolumeResponseWithVolumeId: topology.gke.io/zone
    ['PD', sc('pd.csi.storage.gke.io', { type: 'pd-balanced' }), zonal, zoneTerm('topology.gke.io/zone', 'europe-west1-b')],
    ['Azure Disk LRS', sc('disk.csi.azure.com', { skuname: 'StandardSSD_LRS' }), zonal, zoneTerm('topology.disk.csi.azure.com/zone', 'westeurope-1')],
    ['Azure Disk ZRS (any case of the key)', sc('disk.csi.azure.com', { skuName: 'Premium_ZRS' }), zonal, {}],
    ['Azure Disk ZRS (the storageAccountType alias)', sc('disk.csi.azure.com', { storageAccountType: 'StandardSSD_ZRS' }), zonal, {}],
    ['EFS', sc('efs.csi.aws.com'), zonal, {}],
    ['Azure Files', sc('file.csi.azure.com'), zonal, {}],
    ['Filestore', sc('filestore.csi.storage.gke.io'), zonal, {}],
  ])('%s', (_name, cls, labels, expected) => {
    expect(provisionedTopology(cls, node(labels), undefined)).toEqual(expected);
  });

  test('another driver follows the node\'s CSINode: its topologyKeys valued from the node, or none without keys', () => {
    const labels = { 'topology.kubernetes.io/zone': 'a', 'example.com/rack': 'r1' };
    expect(provisionedTopology(sc('csi.example.com'), node(labels), csiNode('csi.example.com', ['topology.kubernetes.io/zone', 'example.com/rack']))).toEqual({
      term: { matchExpressions: [{ key: 'topology.kubernetes.io/zone', operator: 'In', values: ['a'] }, { key: 'example.com/rack', operator: 'In', values: ['r1'] }] },
    });
    expect(provisionedTopology(sc('csi.example.com'), node(labels), csiNode('csi.example.com'))).toEqual({});
  });

  test.each([
    ['a driver neither in the table nor in the node\'s CSINode', sc('csi.example.com'), {}, undefined, 'StorageClass fast provisions with csi.example.com, whose volumes\' topology the library does not know: pass the nodes\' CSINodes in `storage`'],
    ['a CSINode key the node has no label for', sc('csi.example.com'), {}, csiNode('csi.example.com', ['example.com/rack']), 'CSINode n1 gives csi.example.com the topology key example.com/rack, which node n1 has no label for'],
    ['a node without the driver\'s label', sc('pd.csi.storage.gke.io'), { 'topology.kubernetes.io/zone': 'a' }, undefined, 'pd.csi.storage.gke.io pins its volumes by the node label topology.gke.io/zone, which node n1 does not have'],
    ['a regional Persistent Disk', sc('pd.csi.storage.gke.io', { 'replication-type': 'regional-pd' }), { 'topology.gke.io/zone': 'b' }, undefined, 'StorageClass fast: its regional Persistent Disk (replication-type: regional-pd) is in the node\'s zone and a second zone the driver picks'],
    ['an assumed class', sc('assumed.jest-k8s-placement.dev'), {}, undefined, 'StorageClass fast is assumed (storageAssumption), with no provisioner'],
  ])('not known: %s', (_name, cls, labels, csi, text) => {
    const t = provisionedTopology(cls, node(labels), csi);
    expect('unknown' in t && t.unknown).toContain(text);
  });

  test('the table names only the drivers read from code', () => {
    expect(Object.keys(DRIVER_TOPOLOGY).sort()).toEqual(['disk.csi.azure.com', 'ebs.csi.aws.com', 'efs.csi.aws.com', 'file.csi.azure.com', 'filestore.csi.storage.gke.io', 'pd.csi.storage.gke.io']);
  });
});

describe('claims bound when their pod is bound, read by the replacement', () => {
  const gp3 = sc('ebs.csi.aws.com', {}, 'gp3') as KubeObject;
  const nodes = [zonedNode('a1', 'a'), zonedNode('b1', 'b'), zonedNode('c1', 'c')];
  const PENDING = "0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 node(s) didn't match PersistentVolume's node affinity. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.";
  const claim = (name: string, spec: Record<string, unknown>) => ({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name, namespace: 'default' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '10Gi' } }, ...spec } }) as KubeObject;
  const withVolume = (volume: Record<string, unknown>) => {
    const d = deployment('web', 1, '500m');
    d.spec.template.spec = { ...d.spec.template.spec, volumes: [{ name: 'data', ...volume }] } as never;
    return d as KubeObject;
  };

  test('a Deployment\'s claim, provisioned for its first pod, keeps the replacement Pending when that zone is lost', () => {
    const web = withVolume({ persistentVolumeClaim: { claimName: 'data' } });
    const o = simulateOutage({ nodes, workloads: [web], storage: [gp3, claim('data', { storageClassName: 'gp3' })] }, zone('a'));
    expect(o.why(web)).toEqual([`web-1 is Pending: ${PENDING} PersistentVolumeClaim default/data is bound to PersistentVolume pvc-default.data, provisioned for a1 at 0s (topology.kubernetes.io/zone In [a]): a bound volume does not move with its pod`]);
  });

  test('a static PersistentVolume VolumeBinding matched is the one the replacement must reach', () => {
    // the only PV of the class is in zone b: web-0 lands on b1 and binds it; losing b, the replacement cannot follow
    const pv = {
      apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'pv-b' },
      spec: { storageClassName: 'local', capacity: { storage: '20Gi' }, accessModes: ['ReadWriteOnce'], local: { path: '/mnt/disk' }, nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'topology.kubernetes.io/zone', operator: 'In', values: ['b'] }] }] } } },
      status: { phase: 'Available' },
    } as KubeObject;
    const local = { ...sc('kubernetes.io/no-provisioner', {}, 'local'), volumeBindingMode: 'WaitForFirstConsumer' } as KubeObject;
    const web = withVolume({ persistentVolumeClaim: { claimName: 'data' } });
    const o = simulateOutage({ nodes, workloads: [web], storage: [local, pv, claim('data', { storageClassName: 'local' })] }, zone('b'));
    expect(o.pods.map((p) => p.node)).toEqual(['b1', undefined]);
    expect(o.why(web)).toEqual([`web-1 is Pending: ${PENDING} PersistentVolumeClaim default/data is bound to PersistentVolume pv-b, bound for b1 at 0s (topology.kubernetes.io/zone In [b]): a bound volume does not move with its pod`]);
  });

  test('a generic ephemeral volume\'s claim is the pod\'s own: the replacement gets a new one where it lands', () => {
    const web = withVolume({ ephemeral: { volumeClaimTemplate: { spec: { storageClassName: 'gp3', accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } } } });
    const o = simulateOutage({ nodes, workloads: [web], storage: [gp3] }, zone('a'));
    expect(o.stateOf(web)).toMatchObject({ running: 1, pending: 0 });
  });

  test('under the storage assumption the claims place, but the outage names them as not modelled', () => {
    configure({ storageAssumption: 'dynamic-wait-for-first-consumer' });
    try {
      const s = statefulSet('db', 3, '500m');
      const db = { ...s, spec: { ...s.spec, volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }] } };
      const o = simulateOutage({ nodes, workloads: [db] }, zone('a'));
      expect(o.volumesNotModelled(db).map((n) => n.detail)).toEqual([expect.stringMatching(/^spec\.volumeClaimTemplates\[0\] \(data\): StorageClass assumed-default is assumed \(storageAssumption\)/)]);
    } finally {
      resetConfiguration();
    }
  });
});

// fast-check generators for the create-path oracle's PersistentVolumes, as users, charts and node dumps write them:
// local PVs (local.path, node affinity on kubernetes.io/hostname, storageClassName local-storage, as the
// local-static-provisioner makes them), hostPath PVs for kind and minikube, CSI PVs (ebs.csi.aws.com,
// pd.csi.storage.gke.io, disk.csi.azure.com with a volume handle, fsType, volumeAttributes, secret references and
// node affinity on the zone keys), NFS PVs, pre-bound PVs with a claimRef, in-tree EBS/GCE PD/Azure disks and files
// (and rarely the older in-tree sources: iSCSI, FC, RBD, Cinder, CephFS, Flex, GlusterFS, Flocker, Quobyte, …),
// Block volumeMode, every access mode incl. ReadWriteOncePod, capacities like 10Gi and 500G, mountOptions; plus rarer
// mistakes: two sources or none, no or a second capacity, bad access modes and reclaim policies, a local PV without
// node affinity, empty nodeSelectorTerms, a bad operator, bad names, label values and class names, the mount-options
// annotation on a source that takes none; rarely a field of the wrong JSON type or a capacity that does not decode
// (refused before validation on both sides).
import fc from 'fast-check';
import { mostly, rarely, half, compact } from './draw';
import type { CreateInput } from './generators-create';

const NAMES = ['local-pv-node-1-0', 'pv-nfs-shared', 'pvc-3f2a6c1e-8f0b-4d1a-9d7e-2b5c1a0e9f11', 'data-zk-0', 'hostpath-pv'];
const BAD_NAMES = ['Bad_Name', '-x', 'a..b', 'x'.repeat(254), ''];
const ZONE_KEYS = ['topology.kubernetes.io/zone', 'topology.ebs.csi.aws.com/zone', 'topology.gke.io/zone', 'failure-domain.beta.kubernetes.io/zone'];
const ZONES = ['us-east-1a', 'us-east-1b', 'europe-west1-b', 'eastus-1'];
const HOSTS = ['node-1', 'worker-2', 'ip-10-0-1-23.ec2.internal', 'kind-worker'];

const capacity = fc.oneof(
  { weight: 60, arbitrary: fc.constantFrom<Record<string, unknown>>({ storage: '10Gi' }, { storage: '500G' }, { storage: '1Ti' }, { storage: '100Mi' }, { storage: '8Gi' }, { storage: 5368709120 }) },
  { weight: 2, arbitrary: fc.constantFrom<Record<string, unknown> | undefined>(undefined, {}, { storage: '0' }, { storage: '-1Gi' }, { storage: '0.5m' }, { storage: '-0.5m' }, { storage: '1500u' }) },
  { weight: 1, arbitrary: fc.constantFrom<Record<string, unknown>>({ storage: '10Gi', cpu: '1' }, { cpu: '1' }, { memory: '1Gi', storage: '-1' }) },
  { weight: 1, arbitrary: fc.constantFrom<Record<string, unknown>>({ storage: '10GB' }, { storage: '1.5.0Gi' }) },
);
const accessModes = fc.oneof(
  { weight: 40, arbitrary: fc.constantFrom<unknown>(['ReadWriteOnce'], ['ReadWriteMany'], ['ReadOnlyMany'], ['ReadWriteOncePod'], ['ReadWriteOnce', 'ReadOnlyMany']) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(undefined, [], ['ReadWriteOncePod', 'ReadWriteOnce'], ['RWO'], ['readwriteonce', 'ReadWriteMany'], ['']) },
);
const reclaimPolicy = half(mostly(['Retain', 'Delete', 'Recycle'], ['retain', 'Keep', ''], 20));
const volumeMode = half(mostly(['Filesystem', 'Block'], ['filesystem', 'Raw'], 25));
const storageClassName = half(mostly(['local-storage', 'standard', 'gp3', 'managed-csi', 'nfs', ''], ['Bad_Class', '-x'], 25));

const requirement = (keys: string[], values: string[]) => fc.record({
  key: mostly(keys, ['bad key', '', '-x'], 40),
  operator: mostly(['In', 'In', 'NotIn', 'Exists'], ['Equals', 'in', '', 'Gt'], 30),
  values: fc.oneof({ weight: 30, arbitrary: fc.subarray(values, { minLength: 1 }) }, { weight: 1, arbitrary: fc.constantFrom<string[] | undefined>(undefined, [], ['bad value'], ['-x']) }),
  existsWithValues: fc.oneof({ weight: 20, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
}).map(({ existsWithValues, ...r }) => compact(r.operator === 'Exists' && !existsWithValues ? { ...r, values: undefined } : r));
const terms = (keys: string[], values: string[]) => fc.oneof(
  { weight: 30, arbitrary: fc.array(fc.record({ matchExpressions: fc.array(requirement(keys, values), { minLength: 1, maxLength: 2 }) }), { minLength: 1, maxLength: 2 }) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>([], [{}], [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node-1'] }] }]) },
);
const nodeAffinity = (keys: string[], values: string[]) => fc.oneof(
  { weight: 40, arbitrary: terms(keys, values).map((t) => ({ required: { nodeSelectorTerms: t } })) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>({}, { required: {} }, { required: { nodeSelectorTerms: null } }) },
);

const secretRef = mostly([{ name: 'csi-secret', namespace: 'kube-system' }, { name: 'azure-secret', namespace: 'default' }], [{ name: 'csi-secret' }, { namespace: 'x' }, { name: 'Bad_Name', namespace: 'Bad_NS' }], 5);
const csi = fc.record({
  driver: mostly(['ebs.csi.aws.com', 'pd.csi.storage.gke.io', 'disk.csi.azure.com', 'efs.csi.aws.com'], ['', 'Bad_Driver', 'x'.repeat(70)], 12),
  volumeHandle: mostly(['vol-0a1b2c3d4e5f67890', 'projects/p/zones/europe-west1-b/disks/pvc-1', '/subscriptions/s/resourceGroups/g/providers/Microsoft.Compute/disks/d'], [''], 12),
  fsType: half(fc.constantFrom('ext4', 'xfs')),
  readOnly: rarely(fc.boolean(), 5),
  volumeAttributes: half(fc.constantFrom({ 'storage.kubernetes.io/csiProvisionerIdentity': '1700000000000-8081-ebs.csi.aws.com' }, { skuName: 'Premium_LRS' })),
  nodePublishSecretRef: rarely(secretRef, 6),
  controllerExpandSecretRef: rarely(secretRef, 8),
}).map(compact);

type Source = [key: string, arb: fc.Arbitrary<unknown>];
const SOURCES: Record<string, fc.Arbitrary<unknown>> = {
  local: fc.record({ path: mostly(['/mnt/disks/ssd1', '/mnt/local-storage/vol1', '/dev/nvme1n1'], ['', '/mnt/../etc', 'relative/..'], 20), fsType: rarely(fc.constant('ext4'), 4) }).map(compact),
  hostPath: fc.record({ path: mostly(['/tmp/hostpath-provisioner/pvc-1', '/data/pv0001', '/mnt/data', '/'], ['', '/a/../b', '//'], 15), type: half(mostly(['DirectoryOrCreate', 'Directory', ''], ['directory', 'Dir'], 15)) }).map(compact),
  csi,
  nfs: fc.record({ server: mostly(['10.0.0.5', 'nfs.example.com'], [''], 20), path: mostly(['/exports/data', '/'], ['', 'exports'], 20), readOnly: rarely(fc.boolean(), 4) }).map(compact),
  awsElasticBlockStore: fc.record({ volumeID: mostly(['vol-0a1b2c3d4e5f67890', 'aws://us-east-1a/vol-1'], ['']), fsType: half(fc.constant('ext4')), partition: rarely(mostly([1, 0], [-1, 256]), 4) }).map(compact),
  gcePersistentDisk: fc.record({ pdName: mostly(['my-data-disk'], ['']), fsType: half(fc.constant('ext4')), partition: rarely(mostly([1], [-1, 300]), 4) }).map(compact),
  azureDisk: fc.record({
    diskName: mostly(['myAKSDisk'], ['']),
    diskURI: mostly(['/subscriptions/s/resourceGroups/g/providers/Microsoft.Compute/disks/myAKSDisk', 'https://acct.blob.core.windows.net/vhds/d.vhd'], ['', 'http://x']),
    kind: half(mostly(['Managed', 'Shared', 'Dedicated'], ['managed', ''])),
    cachingMode: half(mostly(['ReadOnly', 'None', 'ReadWrite'], ['Write', ''])),
  }).map(compact),
  azureFile: fc.record({ secretName: mostly(['azure-secret'], ['']), shareName: mostly(['aksshare'], ['']), secretNamespace: rarely(mostly(['default'], ['']), 3) }).map(compact),
};
/** The older in-tree sources (validation-pv-sources.ts), drawn rarely. */
const IN_TREE: Record<string, fc.Arbitrary<unknown>> = {
  iscsi: fc.record({
    targetPortal: mostly(['10.0.2.15:3260', '10.0.2.15'], ['', 'x'.repeat(60)]),
    iqn: mostly(['iqn.2001-04.com.example:storage.kit1.sys1.xyz', 'eui.02004567A425678D', 'naa.' + '6'.repeat(32)], ['', 'bad', 'iqn.2001-04.com', 'eui.123', 'naa.1']),
    lun: mostly([0, 1], [-1, 256]),
    initiatorName: rarely(mostly(['iqn.1996-04.de.suse:01:a1b2c3'], ['bad', 'eui.1', '']), 3),
    chapAuthSession: rarely(fc.boolean(), 4),
    secretRef: rarely(mostly([{ name: 'chap-secret', namespace: 'default' }], [{}]), 3),
  }).map(compact),
  fc: fc.record({
    targetWWNs: half(mostly([['500a0981891b8dc5'], ['500a0981891b8dc5', '500a0981991b8dc5']], [[]])),
    wwids: rarely(fc.constant(['3600508b400105e210000900000490000']), 3),
    lun: half(mostly([0, 2], [-1, 256])),
  }).map(compact),
  rbd: fc.record({ monitors: mostly([['10.16.154.78:6789']], [[]]), image: mostly(['foo'], ['']), pool: half(fc.constant('kube')) }).map(compact),
  cinder: fc.record({ volumeID: mostly(['bd82f7e2-wece-4c01-a505-4acf60b07f4a'], ['']), secretRef: rarely(mostly<Record<string, string>>([{ name: 's', namespace: 'default' }], [{ name: 's' }, {}]), 3) }).map(compact),
  cephfs: fc.record({ monitors: mostly([['10.16.154.78:6789']], [[]]), path: half(fc.constant('/')), user: half(fc.constant('admin')) }).map(compact),
  flexVolume: fc.record({ driver: mostly(['example.com/lvm'], ['']), options: half(mostly<Record<string, string>>([{ volumeID: 'v' }], [{ 'kubernetes.io/x': 'y' }, { 'sub.k8s.io': 'y' }, { 'example.com/a': 'b' }])) }).map(compact),
  glusterfs: fc.record({ endpoints: mostly(['glusterfs-cluster'], ['']), path: mostly(['kube_vol'], ['']), endpointsNamespace: rarely(mostly(['default'], ['', 'Bad_NS']), 3) }).map(compact),
  flocker: fc.record({ datasetName: half(mostly(['my-flocker-vol'], ['a/b'])), datasetUUID: rarely(fc.constant('c4e6b4c0-7a0c-4c1f-9d3e-0f1f5c3a1b2c'), 3) }).map(compact),
  quobyte: fc.record({ registry: mostly(['registry:7861', 'a:1,b:2', '[::1]:7861'], ['', 'registry', 'a:1,b', '[::1]', 'a:b:c']), volume: mostly(['testVolume'], ['']), tenant: rarely(mostly(['t'], ['x'.repeat(65)]), 4) }).map(compact),
  vsphereVolume: fc.record({ volumePath: mostly(['[datastore1] volumes/myDisk'], ['']), fsType: half(fc.constant('ext4')) }).map(compact),
  photonPersistentDisk: fc.record({ pdID: mostly(['pd-1'], ['']) }),
  portworxVolume: fc.record({ volumeID: mostly(['pxvol'], ['']) }),
  scaleIO: fc.record({ gateway: mostly(['https://localhost:443/api'], ['']), system: mostly(['scaleio'], ['']), volumeName: mostly(['vol-0'], ['']) }),
  storageos: fc.record({ volumeName: mostly(['redis-vol01'], ['', 'Bad_Vol']), volumeNamespace: half(mostly(['default'], ['Bad_NS'])), secretRef: rarely(mostly([{ name: 's', namespace: 'default' }], [{ name: 's' }]), 3) }).map(compact),
};
const COMMON = ['local', 'hostPath', 'csi', 'nfs'];
const ALL = { ...SOURCES, ...IN_TREE };
const source = (keys: string[]): fc.Arbitrary<Source> => fc.constantFrom(...keys).chain((k) => ALL[k].map((s) => [k, s] as Source));

/** The volume sources: one (mostly a common one), rarely two or none. */
const sources = fc.oneof(
  { weight: 40, arbitrary: source(COMMON).map((s) => [s]) },
  { weight: 8, arbitrary: source(Object.keys(SOURCES)).map((s) => [s]) },
  { weight: 4, arbitrary: source(Object.keys(IN_TREE)).map((s) => [s]) },
  { weight: 1, arbitrary: fc.tuple(source(Object.keys(ALL)), source(Object.keys(ALL))).filter(([a, b]) => a[0] !== b[0]) },
  { weight: 1, arbitrary: fc.constant<Source[]>([]) },
);

const claimRef = fc.record({
  kind: rarely(fc.constant('PersistentVolumeClaim'), 2),
  apiVersion: rarely(fc.constant('v1'), 2),
  namespace: mostly(['default', 'data'], ['']),
  name: mostly(['data-zk-0', 'www-web-0'], ['']),
  uid: rarely(fc.constant('9b0e1d34-1f0a-4a57-8d8c-2b2f1d9d0c01'), 3),
}).map(compact);

const metadata = fc.record({
  name: mostly(NAMES, BAD_NAMES, 14),
  namespace: rarely(fc.constant('default'), 12),
  labels: rarely(mostly<Record<string, string>>([{ type: 'local' }, { 'app.kubernetes.io/name': 'nfs' }], [{ 'bad key': 'x' }, { app: '-x' }], 15), 4),
  annotations: rarely(fc.constantFrom<Record<string, string>>(
    { 'pv.kubernetes.io/provisioned-by': 'ebs.csi.aws.com' },
    { 'volume.beta.kubernetes.io/mount-options': 'hard,nfsvers=4.1' },
    { 'volume.beta.kubernetes.io/storage-class': 'local-storage' },
  ), 8),
}).map(compact);

/** A field of the wrong JSON type, which the decoder refuses before anything else (rarely). */
const WRONG_TYPES: Array<(spec: Record<string, any>) => Record<string, any>> = [
  (spec) => ({ ...spec, capacity: '10Gi' }),
  (spec) => ({ ...spec, accessModes: 'ReadWriteOnce' }),
  (spec) => ({ ...spec, storageClassName: 5 }),
  (spec) => ({ ...spec, nodeAffinity: { required: { nodeSelectorTerms: { matchExpressions: [] } } } }),
  (spec) => ({ ...spec, local: { path: 5 } }),
  (spec) => ({ ...spec, csi: { driver: 'ebs.csi.aws.com', volumeHandle: 'v', readOnly: 'true' } }),
  (spec) => ({ ...spec, awsElasticBlockStore: { volumeID: 'v', partition: '1' } }),
  (spec) => ({ ...spec, claimRef: { name: ['a'] } }),
];

/** A PersistentVolume: its source decides its node affinity (hostname for local, zones for disks, rarely any). */
export const persistentVolumeArb: fc.Arbitrary<Record<string, unknown>> = fc.record({
  metadata,
  sources,
  capacity,
  accessModes,
  reclaimPolicy,
  volumeMode,
  storageClassName,
  hostAffinity: nodeAffinity(['kubernetes.io/hostname'], HOSTS),
  zoneAffinity: nodeAffinity(ZONE_KEYS, ZONES),
  affinityShape: fc.oneof({ weight: 12, arbitrary: fc.constant('fits') }, { weight: 1, arbitrary: fc.constant('none') }, { weight: 1, arbitrary: fc.constant('zone') }),
  claimRef: rarely(claimRef, 4),
  mountOptions: rarely(fc.constantFrom(['hard', 'nfsvers=4.1'], ['discard'], []), 4),
  volumeAttributesClassName: rarely(mostly(['fast', 'gold'], ['', 'Bad_VAC'], 4), 12),
  status: rarely(fc.constantFrom({ phase: 'Bound' }, { phase: 'Available' }), 8),
  wrongType: rarely(fc.constantFrom(...WRONG_TYPES), 40),
}).map((d) => {
  const kinds = d.sources.map(([k]) => k);
  const disk = kinds.some((k) => ['csi', 'awsElasticBlockStore', 'gcePersistentDisk', 'azureDisk'].includes(k));
  const local = kinds.includes('local');
  const affinity = d.affinityShape === 'none' ? undefined
    : d.affinityShape === 'zone' || (!local && disk) ? (local || disk ? d.zoneAffinity : undefined)
      : local ? d.hostAffinity : undefined;
  const spec = compact({
    ...Object.fromEntries(d.sources),
    capacity: d.capacity,
    accessModes: d.accessModes,
    persistentVolumeReclaimPolicy: d.reclaimPolicy,
    volumeMode: d.volumeMode,
    storageClassName: d.storageClassName,
    nodeAffinity: affinity,
    claimRef: d.claimRef,
    mountOptions: d.mountOptions,
    // a class of volume attributes belongs to a CSI volume (rarely another: refused)
    volumeAttributesClassName: kinds.includes('csi') || d.affinityShape === 'none' ? d.volumeAttributesClassName : undefined,
  });
  return compact({ apiVersion: 'v1', kind: 'PersistentVolume', metadata: d.metadata, spec: d.wrongType ? d.wrongType(spec) : spec, status: d.status });
});

export const persistentVolumeInputArb: fc.Arbitrary<CreateInput> = persistentVolumeArb.map((object) => ({ object, extendedResourceToleration: false }));

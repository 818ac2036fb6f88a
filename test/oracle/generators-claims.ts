// fast-check generators for the claims of the create path (issue 34): StorageClasses as clusters have them (none,
// one or two marked default, with the GA or the beta annotation, created at the same second or not), claims and
// StatefulSet volumeClaimTemplates as users write them (bitnami-style `data`/`logs` templates: ReadWriteOnce, a size,
// with or without storageClassName, now and then "" or a class the cluster lacks), static PersistentVolumes (local
// ones pinned to a node, zonal EBS ones), and now and then the claim of ordinal 0 already there, bound to a zonal
// volume (a StatefulSet's pod re-created after its first placement: the zonal-volume trap).
//
// Kept as generators-volumes.ts keeps them (upstream would answer an Error status or pick in map order otherwise):
// every class has volumeBindingMode, every PV and every claim its own size. A claim spec the API server refuses (no
// accessModes, no storage request) is rare: both sides refuse it (src/k8s/validation-claim.ts).
import fc from 'fast-check';
import { rarely, compact } from './draw';


const ZONE = 'topology.kubernetes.io/zone';
const EBS = 'ebs.csi.aws.com';
export const IS_DEFAULT = 'storageclass.kubernetes.io/is-default-class';
const BETA_IS_DEFAULT = 'storageclass.beta.kubernetes.io/is-default-class';
const BIND_COMPLETED = 'pv.kubernetes.io/bind-completed';

// ---- StorageClasses ------------------------------------------------------------------------------------------

/** How a class is marked: not at all, default by the GA or the beta annotation, or explicitly not ("false"). */
const marking = fc.oneof(
  { weight: 4, arbitrary: fc.constant(undefined) },
  { weight: 4, arbitrary: fc.constant({ [IS_DEFAULT]: 'true' }) },
  { weight: 1, arbitrary: fc.constant({ [BETA_IS_DEFAULT]: 'true' }) },
  { weight: 1, arbitrary: fc.constant({ [IS_DEFAULT]: 'false' }) },
);
// dumps carry a creationTimestamp to the second; a manifest none. Two classes created at the same second are told
// apart by name (GetDefaultClass).
const created = fc.constantFrom(undefined, '2025-01-10T08:00:00Z', '2025-06-01T12:00:00Z', '2025-06-01T12:00:00Z');

const CLASS_SHAPES: Record<string, Record<string, unknown>> = {
  gp3: { provisioner: EBS, parameters: { type: 'gp3' }, volumeBindingMode: 'WaitForFirstConsumer', allowVolumeExpansion: true },
  gp2: { provisioner: 'kubernetes.io/aws-ebs', parameters: { type: 'gp2' }, volumeBindingMode: 'WaitForFirstConsumer' },
  standard: { provisioner: EBS, volumeBindingMode: 'Immediate' },
  'local-storage': { provisioner: 'kubernetes.io/no-provisioner', volumeBindingMode: 'WaitForFirstConsumer' },
};
export const CLASS_NAMES = Object.keys(CLASS_SHAPES);

const storageClassArb = (name: string) => fc.record({
  marking, created,
  zones: rarely(fc.constantFrom(['us-east-1a'], ['us-east-1b'], ['us-east-1a', 'us-east-1b']), 5),
}).map(({ marking: annotations, created: creationTimestamp, zones }) => compact({
  apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass',
  metadata: compact({ name, annotations, creationTimestamp }),
  reclaimPolicy: 'Delete',
  ...CLASS_SHAPES[name],
  allowedTopologies: zones && name !== 'local-storage' ? [{ matchLabelExpressions: [{ key: ZONE, values: zones }] }] : undefined,
}));

/** The classes (often all of them, so that most claims find theirs), each marked default or not: none, one or several defaults. */
export const storageClassesArb = fc.oneof({ weight: 3, arbitrary: fc.constant(CLASS_NAMES) }, { weight: 2, arbitrary: fc.subarray(CLASS_NAMES) }).chain((names) =>
  (names.length ? fc.tuple(...names.map(storageClassArb)) : fc.constant([])) as fc.Arbitrary<Array<Record<string, any>>>);

// ---- claims ----------------------------------------------------------------------------------------------------

/** A class name as users write it: none (the default's), one the cluster may have, "" (no class), one it lacks. */
export const claimClassArb = fc.oneof(
  { weight: 5, arbitrary: fc.constant(undefined) },
  { weight: 5, arbitrary: fc.constantFrom(...CLASS_NAMES) },
  { weight: 1, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.constant('fast') },
);

/** The claim spec users write; rarely one the API server refuses. */
const claimSpecArb = (size: string) => fc.record({
  storageClassName: claimClassArb,
  accessModes: fc.oneof(
    { weight: 30, arbitrary: fc.constant(['ReadWriteOnce']) },
    { weight: 3, arbitrary: fc.constant(['ReadWriteOncePod']) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  ),
  // rarely an amount the API server rounds up to a milli-unit before validating it (SetDefaults_ResourceList:
  // `-0.5m` is refused as -1m), zero, negative, or a plain number
  storage: fc.oneof({ weight: 30, arbitrary: fc.constant<string | number>(size) }, { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constantFrom<string | number>('0.5m', '-0.5m', '1500u', '-1500u', '-1e-10', '-1n', '0', '-1Gi', 1073741824, -0.0001) }),
  betaClass: rarely(fc.constantFrom('gp3', ''), 25),
}).map(({ storageClassName, accessModes, storage, betaClass }) => ({
  annotations: betaClass === undefined ? undefined : { 'volume.beta.kubernetes.io/storage-class': betaClass },
  spec: compact({ accessModes, resources: storage ? { requests: { storage } } : {}, storageClassName }),
}));

/** A PersistentVolumeClaim as `kubectl apply` creates it (the create domain: DefaultStorageClass admission). */
export const claimArb = fc.record({
  name: fc.constantFrom('data', 'pgdata', 'cache'),
  namespace: fc.constantFrom(undefined, 'default', 'team'),
  spec: claimSpecArb('8Gi'),
}).map(({ name, namespace, spec }) => ({
  apiVersion: 'v1', kind: 'PersistentVolumeClaim',
  metadata: compact({ name, namespace, annotations: spec.annotations }),
  spec: spec.spec,
}));

/** bitnami-style volumeClaimTemplates: `data`, sometimes `logs` beside it, each of its own size. */
export const claimTemplatesArb = fc.record({
  data: claimSpecArb('8Gi'),
  logs: rarely(claimSpecArb('2Gi'), 4),
  labels: rarely(fc.constant(true), 3),
  kindToo: fc.boolean(),
}).map(({ data, logs, labels, kindToo }) => Object.entries({ data, logs }).filter(([, s]) => s !== undefined).map(([name, s]) => compact({
  ...(kindToo ? { apiVersion: 'v1', kind: 'PersistentVolumeClaim' } : {}),
  metadata: compact({ name, annotations: s!.annotations, labels: labels ? { 'app.kubernetes.io/component': 'primary' } : undefined }),
  spec: s!.spec,
})));

export const retentionPolicyArb = rarely(fc.record({
  whenDeleted: fc.constantFrom('Retain', 'Delete'),
  whenScaled: fc.constantFrom('Retain', 'Delete'),
}), 3);

// ---- static PersistentVolumes and the rest of a dump -------------------------------------------------------------

const localPv = (i: number, node: string, size: string, storageClassName: string) => ({
  apiVersion: 'v1', kind: 'PersistentVolume',
  metadata: { name: `local-pv-${i}` },
  spec: {
    capacity: { storage: size }, accessModes: ['ReadWriteOnce'], persistentVolumeReclaimPolicy: 'Retain', storageClassName,
    local: { path: `/mnt/disks/ssd${i}` },
    nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: [node] }] }] } },
  },
  status: { phase: 'Available' },
});

/** Static local volumes on some nodes, of the local class or of none (""), each of its own size. */
export const staticPvsArb = (nodes: readonly string[]) => fc.uniqueArray(fc.record({
  node: fc.constantFrom(...nodes),
  size: fc.constantFrom('10Gi', '20Gi', '50Gi', '100Gi'),
  storageClassName: fc.constantFrom('local-storage', 'local-storage', ''),
}), { maxLength: 3, selector: (p) => p.size }).map((pvs) => pvs.map((p, i) => localPv(i, p.node, p.size, p.storageClassName)));

/** The claim of ordinal 0 already bound to a zonal EBS volume (the pod re-created after its first placement). */
export const boundClaim = (name: string, namespace: string, zone: string, storageClassName: string) => [
  {
    apiVersion: 'v1', kind: 'PersistentVolumeClaim',
    metadata: { name, namespace, annotations: { [BIND_COMPLETED]: 'yes' } },
    spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '8Gi' } }, storageClassName, volumeName: `pvc-${name}` },
    status: { phase: 'Bound', accessModes: ['ReadWriteOnce'], capacity: { storage: '8Gi' } },
  },
  {
    apiVersion: 'v1', kind: 'PersistentVolume',
    metadata: { name: `pvc-${name}` },
    spec: {
      capacity: { storage: '8Gi' }, accessModes: ['ReadWriteOnce'], persistentVolumeReclaimPolicy: 'Delete', storageClassName,
      claimRef: { apiVersion: 'v1', kind: 'PersistentVolumeClaim', namespace, name },
      csi: { driver: EBS, volumeHandle: `vol-${zone}`, fsType: 'ext4' },
      nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: ZONE, operator: 'In', values: [zone] }] }] } },
    },
    status: { phase: 'Bound' },
  },
];

/** CSINodes: the EBS driver on a node, with its attach limit (0 or 1 make NodeVolumeLimits refuse the node). */
export const csiNodesArb = (nodes: readonly string[]) => fc.subarray([...nodes]).chain((on) => fc.tuple(...on.map((node) =>
  fc.constantFrom(undefined, 0, 1, 25).map((count) => ({
    apiVersion: 'storage.k8s.io/v1', kind: 'CSINode', metadata: { name: node },
    spec: { drivers: [compact({ name: EBS, nodeID: `i-${node}`, topologyKeys: [ZONE], allocatable: count === undefined ? undefined : { count } })] },
  })))));

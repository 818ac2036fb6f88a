// fast-check generators for the create-path oracle's cluster objects of storage.k8s.io/v1 and node.k8s.io/v1, as users
// and charts write them and as node dumps have them: StorageClasses of the cloud CSI drivers (gp3, pd-ssd,
// managed-csi; WaitForFirstConsumer, allowVolumeExpansion, reclaimPolicy Retain, allowedTopologies over
// topology.kubernetes.io/zone or a driver's own zone key, parameters, mountOptions) and local ones
// (kubernetes.io/no-provisioner); CSINodes (drivers with their nodeID, topologyKeys, allocatable.count); CSIDrivers of
// common drivers (attachRequired, podInfoOnMount, volumeLifecycleModes, fsGroupPolicy, storageCapacity,
// tokenRequests, requiresRepublish, seLinuxMount, nodeAllocatableUpdatePeriodSeconds, serviceAccountTokenInSecrets,
// preventPodSchedulingIfMissing);
// RuntimeClasses (gvisor, kata, with overhead and scheduling nodeSelector/tolerations). Plus rarer mistakes: bad names,
// a bad binding mode or reclaim policy, an empty or bad provisioner, too many or empty parameters, bad or repeated
// topology terms, negative counts, repeated drivers and topology keys, long node IDs, short token expirations, a bad
// handler, bad tolerations and node selectors, negative overhead. Fields a release does not have are drawn at every
// release: the strict decoder's refusal of them is the known deviation `unknown-fields-not-refused` (known.ts).
import fc from 'fast-check';
import { mostly, rarely, half, compact } from './draw';
import type { CreateInput } from './generators-create';

const LONG = 'x'.repeat(64);
const labelKey = mostly(['app', 'tier', 'example.com/team', 'node.kubernetes.io/instance-type'], ['-bad', 'a/b/c', LONG, 'bad key', '']);
const labelValue = mostly(['web', 'gvisor', '', 'true'], ['-x', LONG, 'a b']);
const meta = (names: fc.Arbitrary<string>) => fc.record({
  name: names,
  // a cluster-scoped object's namespace is cleared by the create path
  namespace: rarely(fc.constant('default'), 12),
  labels: rarely(fc.dictionary(labelKey, labelValue, { maxKeys: 2 }), 6),
  finalizers: rarely(mostly<string[]>([['kubernetes.io/pv-protection'], ['example.com/keep']], [['custom'], ['orphan', 'foregroundDeletion'], ['bad/key/x']], 4), 12),
  annotations: rarely(mostly<Record<string, string>>([{ 'storageclass.kubernetes.io/is-default-class': 'true' }, { 'meta.helm.sh/release-name': 'csi' }], [{ 'bad key': 'v' }], 8), 4),
}).map(compact);
const BAD_NAMES = ['Bad_Name', '-x', 'a..b', 'x'.repeat(254), 'UPPER', ''];

// --- StorageClass

const CLOUD: Array<{ provisioner: string; parameters: Record<string, string>; zoneKey: string; zones: string[] }> = [
  { provisioner: 'ebs.csi.aws.com', parameters: { type: 'gp3', fsType: 'ext4', encrypted: 'true' }, zoneKey: 'topology.ebs.csi.aws.com/zone', zones: ['us-east-1a', 'us-east-1b'] },
  { provisioner: 'pd.csi.storage.gke.io', parameters: { type: 'pd-ssd', 'replication-type': 'none' }, zoneKey: 'topology.gke.io/zone', zones: ['europe-west1-b', 'europe-west1-c'] },
  { provisioner: 'disk.csi.azure.com', parameters: { skuName: 'Premium_LRS', cachingMode: 'ReadOnly' }, zoneKey: 'topology.disk.csi.azure.com/zone', zones: ['westeurope-1', 'westeurope-2'] },
  { provisioner: 'kubernetes.io/aws-ebs', parameters: { type: 'gp2' }, zoneKey: 'topology.kubernetes.io/zone', zones: ['us-east-1a'] },
  { provisioner: 'kubernetes.io/no-provisioner', parameters: {}, zoneKey: 'kubernetes.io/hostname', zones: ['node-1'] },
];
const BAD_PROVISIONERS = ['', 'Ebs.CSI.aws.com', 'bad provisioner', 'a/b/c', '-csi', `${'x'.repeat(254)}/p`];

const topologyTerm = (key: string, zones: string[]) => fc.oneof(
  { weight: 10, arbitrary: fc.subarray(zones, { minLength: 1 }).map((values) => ({ matchLabelExpressions: [{ key, values }] })) },
  { weight: 1, arbitrary: fc.constantFrom<Record<string, unknown>>(
    { matchLabelExpressions: [{ key, values: [] }] },
    { matchLabelExpressions: [{ key, values: [zones[0], zones[0]] }] },
    { matchLabelExpressions: [{ key: 'bad key', values: ['a'] }] },
    { matchLabelExpressions: [{ key, values: ['a'] }, { key, values: ['b'] }] },
    { matchLabelExpressions: [] },
    {},
    { matchLabelExpressions: [{ key }] },
  ) },
);

const parametersArb = (base: Record<string, string>) => fc.oneof(
  { weight: 12, arbitrary: fc.constant(base) },
  { weight: 2, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.constantFrom<Record<string, string>>({ ...base, '': 'x' }, Object.fromEntries([...Array(513).keys()].map((i) => [`k${i}`, 'v'])), { big: 'x'.repeat(262_142) }) },
);

const storageClassArb = fc.constantFrom(...CLOUD).chain((c) => fc.record({
  metadata: meta(mostly(['gp3', 'standard-rwo', 'managed-csi', 'fast', 'local-storage', 'retained-ssd'], BAD_NAMES, 12)),
  provisioner: fc.oneof({ weight: 14, arbitrary: fc.constant<string | undefined>(c.provisioner) }, { weight: 1, arbitrary: fc.constantFrom<string | undefined>(...BAD_PROVISIONERS, undefined) }),
  parameters: parametersArb(c.parameters),
  reclaimPolicy: half(mostly(['Delete', 'Retain'], ['Recycle', '', 'retain'], 8)),
  volumeBindingMode: half(mostly(['WaitForFirstConsumer', 'Immediate'], ['Sometimes', '', 'waitForFirstConsumer'], 8)),
  allowVolumeExpansion: half(fc.boolean()),
  mountOptions: rarely(fc.constantFrom(['debug'], ['nfsvers=4.1', 'noatime']), 4),
  allowedTopologies: rarely(fc.array(topologyTerm(c.zoneKey, c.zones), { minLength: 1, maxLength: 3 }), 3),
})).map((o) => ({ apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', ...compact(o) }));

// --- CSINode

const DRIVERS = ['ebs.csi.aws.com', 'efs.csi.aws.com', 'pd.csi.storage.gke.io', 'disk.csi.azure.com', 'secrets-store.csi.k8s.io'];
const csiNodeDriver = fc.record({
  name: mostly(DRIVERS, ['', 'Bad_Driver', `${'x'.repeat(64)}.com`, 'bad driver'], 12),
  nodeID: mostly(['i-0123456789abcdef0', 'gke-pool-1-abcd', 'aks-nodepool1-123-vmss000000'], ['', 'n'.repeat(257), 'n'.repeat(200)], 10),
  topologyKeys: half(mostly<string[]>([['topology.ebs.csi.aws.com/zone'], ['topology.gke.io/zone', 'topology.kubernetes.io/zone']], [[''], ['a', 'a'], ['bad key'], ['kubernetes.io/hostname', 'kubernetes.io/hostname']], 8)),
  allocatable: rarely(fc.record({ count: mostly([25, 39, 0, 127], [-1, -25], 6) }), 2),
}, { requiredKeys: ['name', 'nodeID'] }).map(compact);

const csiNodeArb = fc.record({
  metadata: meta(mostly(['ip-10-0-1-23.ec2.internal', 'gke-pool-1-abcd', 'aks-nodepool1-123-vmss000000'], BAD_NAMES, 12)),
  spec: fc.oneof(
    { weight: 12, arbitrary: fc.uniqueArray(csiNodeDriver, { maxLength: 3, selector: (d) => d.name }).map((drivers) => ({ drivers })) },
    // the same driver twice (a hand-edited dump)
    { weight: 1, arbitrary: csiNodeDriver.map((d) => ({ drivers: [d, { ...d }] })) },
  ),
}).map((o) => ({ apiVersion: 'storage.k8s.io/v1', kind: 'CSINode', ...compact(o) }));

// --- CSIDriver

const tokenRequest = fc.record({
  audience: mostly(['sts.amazonaws.com', 'vault', ''], ['dup'], 8),
  expirationSeconds: half(mostly([3600, 600, 86400], [599, 60, 4294967297, 0], 6)),
}, { requiredKeys: ['audience'] }).map(compact);

const csiDriverArb = fc.record({
  metadata: meta(mostly(DRIVERS, BAD_NAMES, 12)),
  spec: fc.record({
    attachRequired: half(fc.boolean()),
    podInfoOnMount: half(fc.boolean()),
    volumeLifecycleModes: half(mostly<string[]>([['Persistent'], ['Ephemeral'], ['Persistent', 'Ephemeral'], []], [['persistent'], ['Inline'], ['']], 8)),
    fsGroupPolicy: half(mostly(['File', 'None', 'ReadWriteOnceWithFSType'], ['', 'file', 'Always'], 8)),
    storageCapacity: half(fc.boolean()),
    tokenRequests: rarely(fc.oneof(
      { weight: 6, arbitrary: fc.uniqueArray(tokenRequest, { minLength: 1, maxLength: 3, selector: (t) => t.audience }) },
      { weight: 1, arbitrary: fc.array(tokenRequest, { minLength: 2, maxLength: 3 }) },
    ), 3),
    requiresRepublish: rarely(fc.boolean(), 3),
    seLinuxMount: half(fc.boolean()),
    nodeAllocatableUpdatePeriodSeconds: rarely(mostly([60, 10, 300], [9, 0, -5], 4), 4),
    serviceAccountTokenInSecrets: rarely(fc.boolean(), 6),
    preventPodSchedulingIfMissing: rarely(fc.boolean(), 8),
  }).map(compact).map((s) => (s.serviceAccountTokenInSecrets !== undefined && !s.tokenRequests && Math.abs(s.nodeAllocatableUpdatePeriodSeconds ?? 1) % 2 ? { ...s, tokenRequests: [{ audience: 'sts.amazonaws.com' }] } : s)),
}).map((o) => ({ apiVersion: 'storage.k8s.io/v1', kind: 'CSIDriver', ...o }));

// --- RuntimeClass

// as the RuntimeClass docs and the gVisor/Kata charts write them, then rarer hand-written ones
const TOLERATIONS = [
  { key: 'sandbox.gke.io/runtime', operator: 'Equal', value: 'gvisor', effect: 'NoSchedule' },
  { key: 'kata', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'dedicated', operator: 'Equal', value: 'sandbox', effect: 'NoExecute', tolerationSeconds: 300 },
  { operator: 'Exists' },
];
const handWritten = fc.record({
  key: half(mostly(['sandbox.gke.io/runtime', 'kata', 'dedicated'], ['bad key', '-x', LONG, `example.com/${LONG}`], 8)),
  operator: half(mostly(['Equal', 'Exists'], ['In', 'Lt', ''], 8)),
  value: half(mostly(['gvisor', ''], ['bad value', LONG], 8)),
  effect: half(mostly(['NoSchedule', 'NoExecute', 'PreferNoSchedule'], ['Evict', ''], 8)),
  tolerationSeconds: rarely(fc.constantFrom(300, 0), 6),
}, { requiredKeys: [] }).map(compact);
const toleration = fc.oneof({ weight: 4, arbitrary: fc.constantFrom<Record<string, unknown>>(...TOLERATIONS) }, { weight: 1, arbitrary: handWritten });

const schedulingArb = fc.record({
  nodeSelector: half(fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom<Record<string, string>>({ 'sandbox.gke.io/runtime': 'gvisor' }, { 'katacontainers.io/kata-runtime': 'true' }, {}) },
    { weight: 1, arbitrary: fc.dictionary(labelKey, labelValue, { minKeys: 1, maxKeys: 2 }) },
  )),
  tolerations: half(fc.oneof(
    { weight: 8, arbitrary: fc.array(toleration, { maxLength: 2 }) },
    // the same toleration twice
    { weight: 1, arbitrary: toleration.map((t) => [t, { ...t }]) },
  )),
}).map(compact);

const overheadArb = fc.record({
  podFixed: half(fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom<Record<string, string | number>>({ cpu: '250m', memory: '120Mi' }, { memory: '160Mi' }, { cpu: 0.1 }) },
    { weight: 1, arbitrary: fc.constantFrom<Record<string, string | number>>({ cpu: '-250m' }, { memory: '-1Mi', cpu: '1' }, { 'hugepages-2Mi': '2Mi' }, { 'example.com/dev': '1.5' }, { 'bad name': '1' }, { cpu: '1x' }) },
  )),
}).map(compact);

const runtimeClassArb = fc.record({
  metadata: meta(mostly(['gvisor', 'kata-qemu', 'kata-fc', 'runc', 'nvidia', 'wasmtime'], BAD_NAMES, 12)),
  handler: mostly(['runsc', 'kata-qemu', 'kata', 'runc', 'nvidia', 'spin'], ['', 'Kata_QEMU', 'runsc.v2', 'UPPER', LONG], 8),
  overhead: rarely(overheadArb, 3),
  scheduling: rarely(schedulingArb, 2),
}, { requiredKeys: ['metadata', 'handler'] }).map((o) => ({ apiVersion: 'node.k8s.io/v1', kind: 'RuntimeClass', ...compact(o) }));

/** A StorageClass, CSINode, CSIDriver or RuntimeClass, alone (the create path reads no other object for them). */
export const storageObjectInputArb: fc.Arbitrary<CreateInput> = fc.oneof(storageClassArb, csiNodeArb, csiDriverArb, runtimeClassArb)
  .map((object) => ({ object: object as Record<string, any>, extendedResourceToleration: false }));

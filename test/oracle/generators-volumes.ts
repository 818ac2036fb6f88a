// fast-check generators for the volumes domain: a pod with the volumes users write (PersistentVolumeClaims, generic
// ephemeral volumes, in-tree disks, inline CSI volumes) against small clusters with the storage objects a dump holds
// (`kubectl get pv,pvc,sc,csinode,csidriver,csistoragecapacity,volumeattachment -o yaml`), so that the four volume
// plugins (VolumeRestrictions, NodeVolumeLimits, VolumeBinding, VolumeZone) meet every state of a claim
// (research-34 §1.6): bound, bound to a missing PV, pre-bound, unbound WaitForFirstConsumer (static PVs, provisioning,
// allowedTopologies, CSIStorageCapacity, selected-node), unbound Immediate, no class, unknown class, missing, Lost,
// being deleted, ReadWriteOncePod in use.
//
// Kept away (upstream answers an Error status, not a verdict — research-34 §9.3 Trap 3): a StorageClass without
// volumeBindingMode (the API server defaults it), volumeAttributesClassName (an error at 1.33), an existing pod's
// ephemeral claim owned by another pod, a CSIStorageCapacity with maximumVolumeSize but no capacity (a nil pointer
// upstream). Kept deterministic (Trap 4): every PV and every claim has its own size (findMatchingVolume breaks ties
// in the PV cache's order, FindPodVolumes sorts claims by size with an unstable sort), one CSIStorageCapacity per
// class and zone (the first one in lister order feeds the 1.37 score), at most one CSIDriver with
// preventPodSchedulingIfMissing (1.37's VolumeLimitScaling names one missing driver in map order).
import fc from 'fast-check';
import type { SchedulingInput } from './generators';

export interface VolumesInput extends SchedulingInput {
  storage: Array<Record<string, any>>;
}

const NODE_NAMES = ['n0', 'n1', 'n2', 'n3'];
// GCE-shaped zone names: the CSI translation of an in-tree GCE PD PV whose label lists several zones derives their
// region (`{locale}-{region}-{zone}`), an Error status for any other shape
const ZONES = ['us-east1-a', 'us-east1-b', 'us-east1-c'];
const [Z1, Z2, Z3] = ZONES;
const ZONE = 'topology.kubernetes.io/zone';
const BETA_ZONE = 'failure-domain.beta.kubernetes.io/zone';
const REGION = 'topology.kubernetes.io/region';
const BETA_REGION = 'failure-domain.beta.kubernetes.io/region';
const EBS_KEY = 'topology.ebs.csi.aws.com/zone';
const GKE_KEY = 'topology.gke.io/zone';
const HOSTNAME = 'kubernetes.io/hostname';
const EBS = 'ebs.csi.aws.com';
const PD = 'pd.csi.storage.gke.io';
const LOCAL = 'local.csi.example';
const DRIVERS = [EBS, PD, LOCAL];
const CLASSES = ['wffc', 'imm', 'local', 'topo', 'cap'];
const CLAIMS = ['c0', 'c1', 'c2', 'c3'];
const PVS = ['pv0', 'pv1', 'pv2', 'pv3', 'pv4'];
const BIND_COMPLETED = 'pv.kubernetes.io/bind-completed';
const SELECTED_NODE = 'volume.kubernetes.io/selected-node';
const MIGRATED = 'storage.alpha.kubernetes.io/migrated-plugins';

const rarely = <T>(arb: fc.Arbitrary<T>, n: number) => fc.oneof({ weight: n - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });
const half = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 2 });
const compact = <T extends Record<string, unknown>>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
const gi = (n: number) => `${n}Gi`;
/** One draw of each arbitrary (none: an empty list). */
const all = <T>(arbs: ReadonlyArray<fc.Arbitrary<T>>): fc.Arbitrary<T[]> => (arbs.length ? (fc.tuple(...arbs) as unknown as fc.Arbitrary<T[]>) : fc.constant([]));

// --- nodes: zone and region labels as the clouds write them (GA, beta, the CSI drivers' keys), or none
const nodeLabels = fc.record({
  zone: fc.constantFrom(...ZONES),
  keys: fc.constantFrom('ga', 'ga', 'ga', 'beta', 'both', 'ebs', 'gke', 'none'),
  region: half(fc.constantFrom('ga', 'beta')),
});

const nodeArb = (name: string) => nodeLabels.map(({ zone, keys, region }) => {
  const labels: Record<string, string> = { [HOSTNAME]: name };
  if (keys === 'ga' || keys === 'both' || keys === 'ebs' || keys === 'gke') labels[ZONE] = zone;
  if (keys === 'beta' || keys === 'both') labels[BETA_ZONE] = zone;
  if (keys === 'ebs') labels[EBS_KEY] = zone;
  if (keys === 'gke') labels[GKE_KEY] = zone;
  if (region === 'ga') labels[REGION] = 'r1';
  if (region === 'beta') labels[BETA_REGION] = 'r1';
  return {
    apiVersion: 'v1', kind: 'Node', metadata: { name, labels }, spec: {},
    status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' }, conditions: [{ type: 'Ready', status: 'True' }] },
  };
});

// --- CSINodes: the drivers installed on a node, with their attach limits (allocatable.count), and the in-tree
// plugins migrated to CSI there
const csiNodeArb = (name: string) => fc.record({
  drivers: fc.subarray(DRIVERS),
  counts: fc.tuple(...DRIVERS.map(() => fc.constantFrom(undefined, 0, 1, 2, 3))),
  migrated: rarely(fc.subarray(['kubernetes.io/aws-ebs', 'kubernetes.io/gce-pd', 'kubernetes.io/portworx-volume'], { minLength: 1 }), 3),
}).map(({ drivers, counts, migrated }) => ({
  apiVersion: 'storage.k8s.io/v1', kind: 'CSINode',
  metadata: compact({ name, annotations: migrated && { [MIGRATED]: migrated.join(',') } }),
  spec: {
    drivers: drivers.map((d) => compact({
      name: d, nodeID: `${name}-${d}`,
      topologyKeys: d === EBS ? [EBS_KEY] : d === PD ? [GKE_KEY] : undefined,
      allocatable: counts[DRIVERS.indexOf(d)] === undefined ? undefined : { count: counts[DRIVERS.indexOf(d)] },
    })),
  },
}));

// --- StorageClasses
const PROVISIONERS = [EBS, PD, LOCAL, 'kubernetes.io/aws-ebs', 'kubernetes.io/no-provisioner'];
const classArb = (name: string) => fc.record({
  provisioner: name === 'local' ? fc.constantFrom('kubernetes.io/no-provisioner', '') : name === 'cap' ? fc.constantFrom(EBS, LOCAL) : fc.constantFrom(...PROVISIONERS),
  mode: name === 'imm' ? fc.constant('Immediate') : fc.constantFrom('WaitForFirstConsumer', 'WaitForFirstConsumer', 'WaitForFirstConsumer', 'Immediate'),
  topology: name === 'topo' ? fc.record({ key: fc.constantFrom(ZONE, EBS_KEY, BETA_ZONE), values: fc.subarray(ZONES, { minLength: 1, maxLength: 2 }) }) : fc.constant(undefined),
  beta: rarely(fc.constant(true), 8),
}).map(({ provisioner, mode, topology, beta }) => compact({
  apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass',
  metadata: compact({ name, annotations: beta && { 'storageclass.kubernetes.io/is-default-class': 'true' } }),
  provisioner: provisioner || 'kubernetes.io/no-provisioner',
  reclaimPolicy: 'Delete',
  volumeBindingMode: mode,
  allowedTopologies: topology && [{ matchLabelExpressions: [topology] }],
}));

// --- CSIDrivers: storageCapacity opts in to CSIStorageCapacity checks; preventPodSchedulingIfMissing (1.36+) to
// the 1.37 VolumeLimitScaling check
// (Trap 4: only one driver of a case opts in, the first listed, so that at most one driver a pod's volumes need can be
// the one 1.37's Filter names, which it picks in Go map order)
const driverArb = (name: string, first: boolean) => fc.record({
  storageCapacity: fc.constantFrom(undefined, true, true, false),
  prevent: first ? fc.constantFrom(undefined, true, false) : fc.constantFrom(undefined, false),
}).map(({ storageCapacity, prevent }) => ({
  apiVersion: 'storage.k8s.io/v1', kind: 'CSIDriver', metadata: { name },
  spec: compact({ attachRequired: true, storageCapacity, preventPodSchedulingIfMissing: prevent }),
}));

// --- CSIStorageCapacities: per class either one for every node, or one per zone (never two for one node)
const capacityArb = (cls: string) => fc.record({
  shape: fc.constantFrom('all', 'zones', 'zones', 'expr'),
  zones: fc.subarray(ZONES, { minLength: 1 }),
  capacity: fc.constantFrom('2Gi', '5Gi', '50Gi', '0'),
  max: rarely(fc.constantFrom('3Gi', '100Gi'), 4),
}).map(({ shape, zones, capacity, max }) => {
  const base = (name: string, nodeTopology: unknown) => compact({
    apiVersion: 'storage.k8s.io/v1', kind: 'CSIStorageCapacity',
    metadata: { name, namespace: 'kube-system' },
    storageClassName: cls, nodeTopology, capacity, maximumVolumeSize: max,
  });
  if (shape === 'all') return [base(`${cls}-all`, {})];
  if (shape === 'expr') return [base(`${cls}-expr`, { matchExpressions: [{ key: ZONE, operator: 'In', values: zones }] })];
  return zones.map((z) => base(`${cls}-${z}`, { matchLabels: { [ZONE]: z } }));
});

// --- PersistentVolumes
const affinityKey = fc.constantFrom(ZONE, ZONE, BETA_ZONE, EBS_KEY, GKE_KEY, HOSTNAME);
const affinityExpr = affinityKey.chain((key) => fc.oneof(
  { weight: 4, arbitrary: fc.record({ key: fc.constant(key), operator: fc.constantFrom('In', 'NotIn'), values: fc.subarray(key === HOSTNAME ? NODE_NAMES : ZONES, { minLength: 1, maxLength: 2 }) }) },
  { weight: 1, arbitrary: fc.record({ key: fc.constant(key), operator: fc.constantFrom('Exists', 'DoesNotExist') }) },
));
const affinityTerm = fc.record({
  matchExpressions: fc.array(affinityExpr, { minLength: 1, maxLength: 2 }),
  // a matchFields term never matches: CheckNodeAffinity matches a node made of the labels only
  fields: rarely(fc.constantFrom(...NODE_NAMES), 15),
}).map(({ matchExpressions, fields }) => compact({ matchExpressions, matchFields: fields && [{ key: 'metadata.name', operator: 'In', values: [fields] }] }));
const pvAffinity = fc.array(affinityTerm, { minLength: 1, maxLength: 2 }).map((terms) => ({ required: { nodeSelectorTerms: terms } }));

const zoneLabel = fc.constantFrom(Z1, Z2, `${Z1}__${Z2}`, `${Z2}__${Z3}`, `${Z1}__`);
const pvLabels = fc.record({
  zone: half(zoneLabel), beta: rarely(zoneLabel, 4), region: rarely(fc.constantFrom('r1', 'r2'), 4), tier: half(fc.constantFrom('gold', 'silver')),
}).map(({ zone, beta, region, tier }) => compact({ [ZONE]: zone, [BETA_ZONE]: beta, [REGION]: region, tier }) as Record<string, string>);

const pvSource = fc.oneof(
  { weight: 6, arbitrary: fc.record({ driver: fc.constantFrom(...DRIVERS) }).map(({ driver }) => ({ kind: 'csi', driver })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'ebs', driver: EBS }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'gce', driver: PD }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'local', driver: '' }) },
);

interface PVDraft { name: string; cls: string; size: number; source: { kind: string; driver: string }; affinity?: unknown; labels: Record<string, string>; modes: readonly string[]; phase: string; volumeMode?: string }

const pvArb = (name: string, size: number) => fc.record({
  cls: fc.constantFrom('wffc', 'wffc', 'local', 'imm', 'topo', 'cap', ''),
  source: pvSource,
  affinity: fc.oneof({ weight: 3, arbitrary: pvAffinity }, { weight: 1, arbitrary: fc.constant(undefined) }),
  labels: pvLabels,
  modes: fc.constantFrom(['ReadWriteOnce'], ['ReadWriteOnce'], ['ReadWriteOncePod'], ['ReadWriteMany', 'ReadOnlyMany'], ['ReadWriteOnce', 'ReadOnlyMany']),
  phase: fc.constantFrom('Available', 'Available', 'Available', 'Released'),
  volumeMode: rarely(fc.constantFrom('Block', 'Filesystem'), 6),
}).map((p): PVDraft => ({ name, size, ...p, labels: p.source.kind === 'gce' ? gceLabels(p.labels) : p.labels }));

/** An in-tree GCE PD PV's zone labels without an empty zone (its CSI translation fails on one: an Error status). */
function gceLabels(labels: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(labels).filter(([, v]) => !v.endsWith('__')));
}

// --- claims
type ClaimState = 'bound' | 'bound-missing-pv' | 'prebound' | 'unbound' | 'lost' | 'deleting' | 'no-class' | 'unknown-class' | 'selected-node';
const claimArb = (name: string, size: number) => fc.record({
  state: fc.constantFrom<ClaimState>('bound', 'bound', 'bound', 'unbound', 'unbound', 'unbound', 'unbound', 'selected-node', 'prebound', 'bound-missing-pv', 'lost', 'deleting', 'no-class', 'unknown-class'),
  cls: fc.constantFrom(...CLASSES),
  betaClass: rarely(fc.constant(true), 10),
  pv: fc.constantFrom(...PVS),
  node: fc.constantFrom(...NODE_NAMES),
  modes: fc.constantFrom(['ReadWriteOnce'], ['ReadWriteOnce'], ['ReadWriteOncePod'], ['ReadOnlyMany'], ['ReadWriteMany']),
  selector: rarely(fc.constantFrom({ matchLabels: { tier: 'gold' } }, { matchExpressions: [{ key: 'tier', operator: 'NotIn', values: ['gold'] }] }), 5),
  volumeMode: rarely(fc.constantFrom('Block', 'Filesystem'), 6),
  // rarely in another namespace than the pod's (then the pod's claim is missing)
  namespace: fc.constantFrom('default', 'default', 'default', 'default', 'default', 'default', 'default', 'team'),
}).map((c) => ({ name, size, ...c }));
type ClaimDraft = ReturnType<typeof claimArb> extends fc.Arbitrary<infer T> ? T : never;

function claimObject(c: ClaimDraft, pvs: readonly PVDraft[], owner?: { uid: string; pod: string }) {
  const annotations: Record<string, string> = {};
  const spec: Record<string, unknown> = { accessModes: c.modes, resources: { requests: { storage: gi(c.size) } } };
  let phase = 'Pending';
  const bound = c.state === 'bound' || c.state === 'bound-missing-pv' || c.state === 'lost';
  if (c.state === 'no-class') spec.storageClassName = '';
  else if (c.state === 'unknown-class') spec.storageClassName = 'gone';
  // the class in the beta annotation only: on a claim provisioned against a CSIStorageCapacity, v1.37.2's VolumeBinding
  // Score dereferences the nil spec.storageClassName (volume_binding.go:503) and kube-scheduler panics (the library's
  // SchedulerCrash; the oracle records the panic, oracle/shared/scheduling.go)
  else if (c.betaClass) annotations['volume.beta.kubernetes.io/storage-class'] = c.cls;
  else spec.storageClassName = c.cls;
  if (bound || c.state === 'prebound') {
    // a bound claim names a PV of the cluster (or, bound-missing-pv, one that is not there)
    spec.volumeName = c.state === 'bound-missing-pv' || !pvs.length ? 'pv-gone' : pvs[PVS.indexOf(c.pv) % pvs.length].name;
  }
  if (bound) { annotations[BIND_COMPLETED] = 'yes'; phase = 'Bound'; }
  if (c.state === 'lost') phase = 'Lost';
  if (c.state === 'selected-node') annotations[SELECTED_NODE] = c.node;
  if (c.selector) spec.selector = c.selector;
  if (c.volumeMode) spec.volumeMode = c.volumeMode;
  return {
    apiVersion: 'v1', kind: 'PersistentVolumeClaim',
    metadata: compact({
      name: c.name, namespace: owner ? 'default' : c.namespace, uid: `uid-${c.name}`,
      annotations: Object.keys(annotations).length ? annotations : undefined,
      deletionTimestamp: c.state === 'deleting' ? '2026-01-01T00:00:00Z' : undefined,
      finalizers: c.state === 'deleting' ? ['kubernetes.io/pvc-protection'] : undefined,
      ownerReferences: owner && [{ apiVersion: 'v1', kind: 'Pod', name: owner.pod, uid: owner.uid, controller: true, blockOwnerDeletion: true }],
    }),
    spec,
    status: { phase },
  };
}

function pvObject(p: PVDraft, claims: ReadonlyArray<{ name: string; namespace: string; boundTo?: string }>) {
  const claim = claims.find((c) => c.boundTo === p.name);
  const source = p.source.kind === 'csi' ? { csi: { driver: p.source.driver, volumeHandle: `h-${p.name}` } }
    : p.source.kind === 'ebs' ? { awsElasticBlockStore: { volumeID: `aws://${Z1}/vol-${p.name}`, fsType: 'ext4' } }
      : p.source.kind === 'gce' ? { gcePersistentDisk: { pdName: `pd-${p.name}`, fsType: 'ext4' } }
        : { local: { path: `/mnt/${p.name}` } };
  return {
    apiVersion: 'v1', kind: 'PersistentVolume',
    metadata: compact({ name: p.name, labels: Object.keys(p.labels).length ? p.labels : undefined }),
    spec: compact({
      capacity: { storage: gi(p.size) }, accessModes: p.modes, storageClassName: p.cls || undefined, volumeMode: p.volumeMode,
      persistentVolumeReclaimPolicy: 'Delete', nodeAffinity: p.affinity,
      claimRef: claim && { kind: 'PersistentVolumeClaim', namespace: claim.namespace, name: claim.name, uid: `uid-${claim.name}` },
      ...source,
    }),
    status: { phase: claim ? 'Bound' : p.phase },
  };
}

// --- pod volumes
type PodVolume =
  | { kind: 'pvc'; claim: string }
  | { kind: 'ephemeral'; state: 'created' | 'missing' | 'not-owned'; cls: string }
  | { kind: 'gce' | 'ebs' | 'rbd' | 'iscsi'; id: string; readOnly: boolean }
  | { kind: 'csi-inline' | 'empty' };
const podVolumeArb: fc.Arbitrary<PodVolume> = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...CLAIMS, ...CLAIMS, 'missing').map((claim): PodVolume => ({ kind: 'pvc', claim })) },
  { weight: 2, arbitrary: fc.record({ state: fc.constantFrom('created', 'created', 'missing', 'not-owned'), cls: fc.constantFrom('wffc', 'cap', 'topo', 'imm') }).map((e): PodVolume => ({ kind: 'ephemeral', ...e } as PodVolume)) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom('gce', 'ebs', 'rbd', 'iscsi'), id: fc.constantFrom('d1', 'd2'), readOnly: fc.boolean() }).map((d) => d as PodVolume) },
  { weight: 1, arbitrary: fc.constantFrom<PodVolume>({ kind: 'csi-inline' }, { kind: 'empty' }) },
);

function volumeObject(v: PodVolume, name: string): Record<string, unknown> {
  switch (v.kind) {
    case 'pvc': return { name, persistentVolumeClaim: { claimName: v.claim } };
    case 'ephemeral': return {
      name,
      ephemeral: { volumeClaimTemplate: { spec: { accessModes: ['ReadWriteOnce'], storageClassName: v.cls, resources: { requests: { storage: '1500Mi' } } } } },
    };
    case 'gce': return { name, gcePersistentDisk: compact({ pdName: v.id, readOnly: v.readOnly || undefined }) };
    case 'ebs': return { name, awsElasticBlockStore: compact({ volumeID: `vol-${v.id}`, readOnly: v.readOnly || undefined }) };
    case 'rbd': return { name, rbd: compact({ monitors: v.id === 'd1' ? ['m1', 'm2'] : ['m2'], image: 'img', readOnly: v.readOnly || undefined }) };
    case 'iscsi': return { name, iscsi: compact({ targetPortal: '10.0.0.1:3260', iqn: `iqn.2020-01.example:${v.id}`, lun: 0, readOnly: v.readOnly || undefined }) };
    case 'csi-inline': return { name, csi: { driver: 'secrets-store.csi.k8s.io', readOnly: true, volumeAttributes: { secretProviderClass: 'app' } } };
    default: return { name, emptyDir: {} };
  }
}

/** The claim of a generic ephemeral volume as the ephemeral volume controller creates it (`<pod>-<volume>`). */
function ephemeralClaim(v: Extract<PodVolume, { kind: 'ephemeral' }>, pod: string, volume: string, uid: string) {
  const claim = {
    apiVersion: 'v1', kind: 'PersistentVolumeClaim',
    metadata: {
      name: `${pod}-${volume}`, namespace: 'default', uid: `uid-${pod}-${volume}`,
      ownerReferences: [{ apiVersion: 'v1', kind: 'Pod', name: pod, uid: v.state === 'not-owned' ? 'someone-else' : uid, controller: true, blockOwnerDeletion: true }],
    },
    spec: { accessModes: ['ReadWriteOnce'], storageClassName: v.cls, resources: { requests: { storage: '1500Mi' } } },
    status: { phase: 'Pending' },
  };
  return claim;
}

const podSpec = (volumes: ReadonlyArray<Record<string, unknown>>, extra: Record<string, unknown> = {}) => compact({
  containers: [{ name: 'c', image: 'registry.example/app:1', resources: { requests: { cpu: '100m', memory: '128Mi' } } }],
  volumes: volumes.length ? volumes : undefined,
  ...extra,
});

// bound to a node of the cluster (a pod on a node the question does not list is no input a dump gives)
const existingPodArb = (nodes: readonly string[]) => fc.record({
  node: fc.constantFrom(...nodes),
  volumes: fc.array(fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...CLAIMS).map((claim): PodVolume => ({ kind: 'pvc', claim })) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom('gce', 'ebs', 'rbd', 'iscsi'), id: fc.constantFrom('d1', 'd2'), readOnly: fc.boolean() }).map((d) => d as PodVolume) },
    { weight: 1, arbitrary: fc.constantFrom('wffc', 'cap').map((cls): PodVolume => ({ kind: 'ephemeral', state: 'created', cls })) },
  ), { maxLength: 2 }),
  phase: fc.constantFrom('Running', 'Running', 'Running', 'Succeeded'),
});

const incomingArb = fc.record({
  volumes: fc.array(podVolumeArb, { minLength: 0, maxLength: 3 }),
  nodeSelector: rarely(fc.constantFrom(...ZONES), 6),
});

export const volumesInputArb: fc.Arbitrary<VolumesInput> = fc.integer({ min: 1, max: NODE_NAMES.length }).chain((count) => {
  const names = NODE_NAMES.slice(0, count);
  return fc.record({
    nodes: all(names.map(nodeArb)),
    csiNodes: all(names.map((n) => half(csiNodeArb(n)))),
    classes: fc.subarray(CLASSES).chain((cs) => all<Record<string, unknown>>(cs.map(classArb))),
    drivers: fc.subarray(DRIVERS).chain((ds) => all<Record<string, unknown>>(ds.map((d, i) => driverArb(d, i === 0)))),
    // the class with a capacity-tracking driver most often (VolumeBinding's 1.37 score reads its capacities)
    capacities: fc.constantFrom(['cap'], ['cap'], ['cap', 'wffc'], ['wffc', 'topo'], []).chain((cs) => all<Array<Record<string, unknown>>>(cs.map(capacityArb))),
    // distinct sizes (Trap 4): PVs 1..5 Gi shuffled, claims from the same pool so that some fit and some do not
    pvSizes: fc.shuffledSubarray([1, 2, 3, 4, 5, 8], { maxLength: PVS.length }),
    claimSizes: fc.shuffledSubarray([1, 2, 3, 4, 6, 10], { minLength: CLAIMS.length, maxLength: CLAIMS.length }),
    incoming: incomingArb,
    existing: fc.array(existingPodArb(names), { maxLength: 3 }),
    attachments: fc.array(fc.record({ pv: fc.constantFrom(...PVS), node: fc.constantFrom(...names) }), { maxLength: 3 }),
    // one case in three is a stateful workload that should fit: its claims WaitForFirstConsumer or bound, static PVs
    // and a capacity-tracking class, so that several nodes stay feasible and VolumeBinding's 1.37 score is compared
    stateful: fc.constantFrom(false, false, true),
  }).chain((d) => fc.record({
    pvs: all(d.pvSizes.map((s, i) => (d.stateful ? statefulPV(PVS[i], s) : pvArb(PVS[i], s)))),
    claims: all(CLAIMS.map((c, i) => (d.stateful ? statefulClaim(c, d.claimSizes[i]) : claimArb(c, d.claimSizes[i])))),
    present: all(CLAIMS.map(() => fc.constantFrom(true, true, true, true, true, true, true, false))),
  }).map((s) => assemble(d.stateful ? stateful(d) : d, s.pvs, s.claims.filter((_, i) => d.stateful || s.present[i]))));
});

/** A static PV a WaitForFirstConsumer claim can bind: class wffc, Available, ReadWriteOnce. */
const statefulPV = (name: string, size: number) => pvArb(name, size).map((p): PVDraft => ({ ...p, cls: 'wffc', phase: 'Available', modes: ['ReadWriteOnce'], volumeMode: undefined }));
/** A claim of a stateful workload: unbound WaitForFirstConsumer (wffc: static PVs, cap: provisioned) or bound. */
const statefulClaim = (name: string, size: number) => claimArb(name, size).chain((c) => fc.record({
  state: fc.constantFrom<ClaimState>('unbound', 'unbound', 'unbound', 'bound'),
  cls: fc.constantFrom('wffc', 'cap'),
  // (the class rarely in the beta annotation only, as claimArb draws it: provisioned against cap's CSIStorageCapacity, a panic at 1.37)
}).map((x): ClaimDraft => ({ ...c, ...x, namespace: 'default', modes: ['ReadWriteOnce'], selector: undefined, volumeMode: undefined })));

/** The stateful case's classes and drivers: wffc and cap WaitForFirstConsumer, cap's driver tracking capacity. */
function stateful(d: any) {
  const wffc = { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'wffc' }, provisioner: LOCAL, reclaimPolicy: 'Delete', volumeBindingMode: 'WaitForFirstConsumer' };
  const cap = { ...wffc, metadata: { name: 'cap' }, provisioner: EBS };
  const driver = { apiVersion: 'storage.k8s.io/v1', kind: 'CSIDriver', metadata: { name: EBS }, spec: { attachRequired: true, storageCapacity: true } };
  const classes = [wffc, cap, ...d.classes.filter((c: any) => !['wffc', 'cap'].includes(c.metadata.name))];
  const drivers = [driver, ...d.drivers.filter((x: any) => x.metadata.name !== EBS).map((x: any) => ({ ...x, spec: { ...x.spec, preventPodSchedulingIfMissing: undefined } }))];
  const incoming = { ...d.incoming, volumes: CLAIMS.slice(0, 1 + (d.claimSizes[0] % 2)).map((claim) => ({ kind: 'pvc', claim })) };
  // a pool for cap on every node when the draw gave none (its size still decides the score)
  const capacities = d.capacities.some((cs: any[]) => cs.some((c) => c.storageClassName === 'cap')) ? d.capacities
    : [...d.capacities, [{ apiVersion: 'storage.k8s.io/v1', kind: 'CSIStorageCapacity', metadata: { name: 'cap-all', namespace: 'kube-system' }, storageClassName: 'cap', nodeTopology: {}, capacity: `${16 + d.claimSizes[1]}Gi` }]];
  return { ...d, classes, drivers, incoming, capacities };
}

function assemble(d: any, pvs: PVDraft[], claims: ClaimDraft[]): VolumesInput {
  const storage: Array<Record<string, any>> = [];
  const claimObjects = claims.map((c) => claimObject(c, pvs));
  const boundTo = claimObjects.map((c) => ({ name: c.metadata.name, namespace: c.metadata.namespace as string, boundTo: (c.spec as { volumeName?: string }).volumeName }));
  storage.push(...pvs.map((p) => pvObject(p, boundTo)), ...claimObjects);
  storage.push(...d.classes, ...d.drivers, ...d.capacities.flat(), ...d.csiNodes.filter(Boolean));
  const attached = new Set<string>();
  for (const a of d.attachments as Array<{ pv: string; node: string }>) {
    const pv = pvs.find((p) => p.name === a.pv);
    if (!pv || pv.source.kind !== 'csi' || attached.has(a.pv)) continue;
    attached.add(a.pv);
    storage.push({
      apiVersion: 'storage.k8s.io/v1', kind: 'VolumeAttachment', metadata: { name: `va-${a.pv}` },
      spec: { attacher: pv.source.driver, nodeName: a.node, source: { persistentVolumeName: a.pv } }, status: { attached: true },
    });
  }
  // existing pods: bound to their nodes; their ephemeral claims made and owned by them (uid pod-<index>, the oracle's)
  const pods = (d.existing as Array<{ node: string; volumes: PodVolume[]; phase: string }>).map((p, i) => {
    const name = `p${i}`;
    const volumes = p.volumes.map((v, j) => {
      if (v.kind === 'ephemeral') storage.push(ephemeralClaim(v, name, `v${j}`, `pod-${i}`));
      return volumeObject(v, `v${j}`);
    });
    return {
      apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', uid: `pod-${i}`, labels: { app: 'db' } },
      spec: { nodeName: p.node, ...podSpec(volumes) }, status: { phase: p.phase },
    };
  });
  const incoming = d.incoming as { volumes: PodVolume[]; nodeSelector?: string };
  const volumes = incoming.volumes.map((v, j) => {
    if (v.kind === 'ephemeral' && v.state !== 'missing') storage.push(ephemeralClaim(v, 'incoming', `v${j}`, 'incoming'));
    return volumeObject(v, `v${j}`);
  });
  const pod = {
    apiVersion: 'v1', kind: 'Pod', metadata: { name: 'incoming', namespace: 'default', uid: 'incoming', labels: { app: 'db' } },
    spec: podSpec(volumes, compact({ nodeSelector: incoming.nodeSelector && { [ZONE]: incoming.nodeSelector } })),
  };
  return { pod, nodes: d.nodes, pods, namespaces: [], storage };
}

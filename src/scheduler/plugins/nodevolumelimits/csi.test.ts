// NodeVolumeLimits conformance: upstream's own tables, run through the framework (schedule() over a snapshot with the
// storage objects, the plugin alone in the profile as upstream's tests call it alone) at every release.
// - pkg/scheduler/framework/plugins/nodevolumelimits/csi_test.go TestCSILimits: the same 33 cases at v1.33.13,
//   v1.34.4, v1.35.4, v1.36.3 and v1.37.2 (only the framework's type names differ between the tags).
// - csi_test.go TestVolumeLimitScalingGate: 4 cases at v1.35.4, 5 at v1.36.3 and v1.37.2 (the same).
// Not ported: TestCSILimitsQHint, TestCSILimitsAddedPVCQHint, TestCSILimitsDeletedVolumeAttachmentQHint,
// TestCSILimitsAfterCSINodeUpdatedQHint (the scheduling queue's hints; the library has no queue) and
// TestCSILimits_DeferredResizeSkipped (v1.37, behind InPlacePodVerticalScalingSchedulerPreemption, alpha and off).
import type { Node, Pod } from '../../../core/types';
import type { KubeObject } from '../../../core/types';
import { KUBERNETES_VERSIONS } from '../../../core/releases';
import { withConfiguration } from '../../../core/config';
import { toSubject } from '../../../k8s/subject';
import { podInfo } from '../../framework';
import { schedule } from '../../index';
import { withProfile } from '../../profile';
import { buildSnapshot } from '../../snapshot';
import { ErrReasonMaxVolumeCountExceeded, driverNotInstalled, newCSILimits, type Features } from './index';

const NODE = 'node-for-max-pd-test-1';
const EBS = 'ebs.csi.aws.com';
const GCE = 'pd.csi.storage.gke.io';
const EBS_IN_TREE = 'kubernetes.io/aws-ebs';
const HOSTPATH = 'kubernetes.io/hostpath';
const SC = 'csi-sc';

type V = Record<string, unknown>;
const pod = (volumes: V[], meta: V = {}): Pod => ({ apiVersion: 'v1', kind: 'Pod', metadata: { ...meta }, spec: { containers: [], volumes } as never });
/** st.MakePod().PVC(name): a volume named as its claim. */
const pvcVol = (name: string): V => ({ name, persistentVolumeClaim: { claimName: name } });
const pvcPod = (...claims: string[]) => pod(claims.map(pvcVol));
const ephemeral = (name: string): V => ({ name, ephemeral: {} });
const configMapAndSecret: V[] = [{ name: '', configMap: {} }, { name: '', secret: {} }];

/** getFakeCSIPVLister("csi", drivers…): four PVs per driver, named as their claims. */
function volumes(drivers: string[]): KubeObject[] {
  return drivers.flatMap((driver) => [0, 1, 2, 3].map((j) => {
    const name = `csi-${driver}-${j}`;
    const source = driver === EBS_IN_TREE ? { awsElasticBlockStore: { volumeID: name } }
      : driver === HOSTPATH ? { hostPath: { path: '/tmp' } } : { csi: { driver, volumeHandle: name } };
    return { apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name }, spec: source };
  }));
}

/** getFakeCSIPVCLister("csi", scName, drivers…): a bound claim per PV, then csi-4 (class, unbound), csi-5 (no class), csi-6 (class, PV missing). */
function claims(drivers: string[]): KubeObject[] {
  const claim = (name: string, spec: V) => ({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name }, spec });
  return [
    ...drivers.flatMap((driver) => [0, 1, 2, 3].map((j) => claim(`csi-${driver}-${j}`, { volumeName: `csi-${driver}-${j}` }))),
    claim('csi-4', { storageClassName: SC }),
    claim('csi-5', {}),
    claim('csi-6', { storageClassName: SC, volumeName: 'missing-in-action' }),
  ];
}

/** getNodeWithPodAndVolumeLimits' CSINode by limitSource, with enableMigrationOnNode(kubernetes.io/aws-ebs) as TestCSILimits does. */
function csiNode(limitSource: string, limit: number, drivers: string[]): KubeObject[] {
  if (!['csinode', 'csinode-with-no-limit', 'no-csi-driver'].includes(limitSource)) return [];
  const list = limitSource === 'no-csi-driver' ? [] : drivers.map((name) => ({ name, nodeID: NODE, ...(limitSource === 'csinode' ? { allocatable: { count: limit } } : {}) }));
  return [{ apiVersion: 'storage.k8s.io/v1', kind: 'CSINode', metadata: { name: NODE, annotations: { 'storage.alpha.kubernetes.io/migrated-plugins': EBS_IN_TREE } }, spec: { drivers: list } } as KubeObject];
}

/** buildFakeClientWithVALister(count, drivers…): `count` VolumeAttachments per driver on the node, for PVs csi-<driver>-<j>. */
const attachments = (count: number, drivers: string[]): KubeObject[] => drivers.flatMap((driver) => Array.from({ length: count }, (_, j) => ({
  apiVersion: 'storage.k8s.io/v1', kind: 'VolumeAttachment', metadata: { name: `va-${driver}-${j}` },
  spec: { nodeName: NODE, attacher: driver, source: { persistentVolumeName: `csi-${driver}-${j}` } },
})));

const node: Node = { apiVersion: 'v1', kind: 'Node', metadata: { name: NODE }, status: { allocatable: {} } };

interface Case {
  newPod: Pod;
  existingPods?: Pod[];
  extraClaims?: KubeObject[];
  maxVols?: number;
  vaCount?: number;
  driverNames: string[];
  limitSource?: string;
  /** 'skip': PreFilter Skips; 'ok'; a reason (Unschedulable unless `code`); or { error } for an Error status. */
  want: 'skip' | 'ok' | { reason: string; code?: string } | { error: string };
  csiDrivers?: KubeObject[];
}

function run(c: Case, features: Features = {}) {
  const storage = [
    ...volumes(c.driverNames), ...claims(c.driverNames), ...(c.extraClaims ?? []),
    { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: SC }, provisioner: c.driverNames[0] },
    ...csiNode(c.limitSource ?? '', c.maxVols ?? 0, c.driverNames), ...attachments(c.vaCount ?? 0, c.driverNames), ...(c.csiDrivers ?? []),
  ] as KubeObject[];
  const plugin = newCSILimits(features);
  const snapshot = buildSnapshot([node], new Map([[NODE, c.existingPods ?? []]]), [], [], storage);
  const subject = toSubject(c.newPod);
  if (c.want === 'skip') {
    expect(plugin.preFilter(podInfo(subject), snapshot)).toEqual({ skip: true });
    return;
  }
  expect(plugin.preFilter(podInfo(subject), snapshot)).not.toHaveProperty('skip');
  withProfile({ filter: [], clusterFilter: [plugin], lastFilter: [] }, () => {
    const ask = () => schedule(subject, [node], undefined, undefined, snapshot);
    const want = c.want as Exclude<Case['want'], 'skip'>;
    if (typeof want === 'object' && 'error' in want) {
      expect(ask).toThrow(want.error);
      return;
    }
    const status = ask().rejected[0]?.status;
    if (want === 'ok') expect(status).toBeUndefined();
    else expect(status && { plugin: status.plugin, code: status.code, reasons: status.reasons })
      .toEqual({ plugin: 'NodeVolumeLimits', code: want.code ?? 'Unschedulable', reasons: [want.reason] });
  });
}

const exceed = { reason: ErrReasonMaxVolumeCountExceeded };

// TestCSILimits' pods
const runningPod = pvcPod(`csi-${EBS}-3`);
const pendingVolumePod = pvcPod('csi-4');
const unboundPVCPod2 = pvcPod('csi-4');
const missingPVPod = pvcPod('csi-6');
const noSCPVCPod = pvcPod('csi-5');
const gceTwoVolPod = pvcPod(`csi-${GCE}-1`, `csi-${GCE}-2`);
const inTreeOneVolPod = pvcPod(`csi-${EBS_IN_TREE}-0`);
const inTreeTwoVolPod = pvcPod(`csi-${EBS_IN_TREE}-1`, `csi-${EBS_IN_TREE}-2`);
const csiEBSOneVolPod = pvcPod(`csi-${EBS}-0`);
const csiEBSTwoVolPod = pvcPod(`csi-${EBS}-1`, `csi-${EBS}-2`);
const inTreeNonMigratableOneVolPod = pvcPod(`csi-${HOSTPATH}-0`);
const ephemeralVolumePod = pod([ephemeral('xyz')], { name: 'abc', namespace: 'test', uid: '12345' });
const ownedBy = (name: string, uid: string) => ({ ownerReferences: [{ apiVersion: 'v1', kind: 'Pod', name, uid, controller: true }] });
const ephemeralClaim = (name: string, owner?: V): KubeObject =>
  ({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { namespace: 'test', name, ...owner }, spec: { storageClassName: SC } }) as KubeObject;
const ownedClaim = ephemeralClaim('abc-xyz', ownedBy('abc', '12345'));
const conflictingClaim = ephemeralClaim('abc-xyz');
const ephemeralTwoVolumePod = pod([ephemeral('x'), ephemeral('y')], { name: 'abc', namespace: 'test', uid: '12345II' });
const ephemeralClaimX = ephemeralClaim('abc-x', ownedBy('abc', '12345II'));
const ephemeralClaimY = ephemeralClaim('abc-y', ownedBy('abc', '12345II'));
const inTreeInlineVolPod = pod([{ name: '', awsElasticBlockStore: { volumeID: 'aws-inline1' } }]);
const inTreeInlineVolPodWithSameCSIVolumeID = pod([{ name: '', awsElasticBlockStore: { volumeID: `csi-${EBS}-1` } }]);
const onlyConfigmapAndSecretVolPod = pod(configMapAndSecret);
const pvcPodWithConfigmapAndSecret = pod([...configMapAndSecret, { name: '', persistentVolumeClaim: { claimName: `csi-${EBS}-0` } }]);
const ephemeralPodWithConfigmapAndSecret = pod([...configMapAndSecret, ephemeral('xyz')], { name: 'abc', namespace: 'test' });
const inlineMigratablePodWithConfigmapAndSecret = pod([...configMapAndSecret, { name: '', awsElasticBlockStore: { volumeID: 'aws-inline1' } }]);

// upstream's fake claim lister says `persistentvolumeclaims "abc-xyz" not found` (its resource name, plural); the
// scheduler's informer lister says `persistentvolumeclaim` (client-go listers/core/v1 persistentvolumeclaim.go), as here
const notFound = { reason: 'looking up PVC test/abc-xyz: persistentvolumeclaim "abc-xyz" not found', code: 'UnschedulableAndUnresolvable' };
const inTree = [EBS_IN_TREE, EBS];

const TEST_CSI_LIMITS: Array<[string, Case]> = [
  ['should count VolumeAttachments towards volume limit when no pods exist', { newPod: csiEBSOneVolPod, maxVols: 2, driverNames: [EBS], vaCount: 2, limitSource: 'csinode', want: exceed }],
  ['should schedule pod when VolumeAttachments count does not exceed limit', { newPod: csiEBSOneVolPod, maxVols: 2, driverNames: [EBS], vaCount: 1, limitSource: 'csinode', want: 'ok' }],
  ['fits when node volume limit >= new pods CSI volume', { newPod: csiEBSOneVolPod, existingPods: [runningPod, csiEBSTwoVolPod], maxVols: 4, driverNames: [EBS], limitSource: 'csinode', want: 'ok' }],
  ['doesn\'t when node volume limit <= pods CSI volume', { newPod: csiEBSOneVolPod, existingPods: [runningPod, csiEBSTwoVolPod], maxVols: 2, driverNames: [EBS], limitSource: 'csinode', want: exceed }],
  ['should when driver does not support volume limits', { newPod: csiEBSOneVolPod, existingPods: [runningPod, csiEBSTwoVolPod], maxVols: 2, driverNames: [EBS], limitSource: 'csinode-with-no-limit', want: 'ok' }],
  ['count pending PVCs towards volume limit <= pods CSI volume', { newPod: csiEBSOneVolPod, existingPods: [pendingVolumePod, csiEBSTwoVolPod], maxVols: 2, driverNames: [EBS], limitSource: 'csinode', want: exceed }],
  ['count multiple pending pvcs towards volume limit >= pods CSI volume', { newPod: csiEBSOneVolPod, existingPods: [pendingVolumePod, unboundPVCPod2, csiEBSTwoVolPod], maxVols: 4, driverNames: [EBS], limitSource: 'csinode', want: 'ok' }],
  ['should count PVCs with invalid PV name but valid SC', { newPod: csiEBSOneVolPod, existingPods: [missingPVPod, csiEBSTwoVolPod], maxVols: 2, driverNames: [EBS], limitSource: 'csinode', want: exceed }],
  ['don\'t count pvcs with missing SC towards volume limit', { newPod: csiEBSOneVolPod, existingPods: [runningPod, noSCPVCPod], maxVols: 2, driverNames: [EBS], limitSource: 'csinode', want: 'ok' }],
  ['count pvcs with the same type towards volume limit', { newPod: csiEBSOneVolPod, existingPods: [gceTwoVolPod, csiEBSTwoVolPod], maxVols: 2, driverNames: [EBS, GCE], limitSource: 'csinode', want: exceed }],
  ['don\'t count pvcs with different type towards volume limit', { newPod: gceTwoVolPod, existingPods: [csiEBSTwoVolPod, runningPod], maxVols: 2, driverNames: [EBS, GCE], limitSource: 'csinode', want: 'ok' }],
  ['should count in-tree volumes if migration is enabled', { newPod: inTreeOneVolPod, existingPods: [inTreeTwoVolPod], maxVols: 2, driverNames: inTree, limitSource: 'csinode', want: exceed }],
  ['nil csi node', { newPod: inTreeInlineVolPod, existingPods: [inTreeTwoVolPod], driverNames: inTree, want: 'ok' }],
  ['should count unbound in-tree volumes if migration is enabled', { newPod: pendingVolumePod, existingPods: [inTreeTwoVolPod], maxVols: 2, driverNames: inTree, limitSource: 'csinode', want: exceed }],
  ['should not limit pod if volume used does not report limits', { newPod: inTreeOneVolPod, existingPods: [inTreeTwoVolPod], maxVols: 2, driverNames: inTree, limitSource: 'csinode-with-no-limit', want: 'ok' }],
  ['should not count non-migratable in-tree volumes', { newPod: inTreeNonMigratableOneVolPod, existingPods: [csiEBSTwoVolPod], maxVols: 2, driverNames: [HOSTPATH, EBS], limitSource: 'csinode', want: 'ok' }],
  ['should count in-tree inline volumes if migration is enabled', { newPod: inTreeInlineVolPod, existingPods: [inTreeTwoVolPod], maxVols: 2, driverNames: inTree, limitSource: 'csinode', want: exceed }],
  ['should count in-tree and csi volumes if migration is enabled (when scheduling in-tree volumes)', { newPod: inTreeOneVolPod, existingPods: [csiEBSTwoVolPod], maxVols: 2, driverNames: inTree, limitSource: 'csinode', want: exceed }],
  ['should count in-tree, inline and csi volumes if migration is enabled (when scheduling in-tree volumes)', { newPod: inTreeInlineVolPod, existingPods: [csiEBSTwoVolPod, inTreeOneVolPod], maxVols: 3, driverNames: inTree, limitSource: 'csinode', want: exceed }],
  ['should not count in-tree, inline and csi volumes if migration is enabled (when scheduling in-tree volumes)', { newPod: inTreeInlineVolPodWithSameCSIVolumeID, existingPods: [csiEBSTwoVolPod, inTreeOneVolPod], maxVols: 3, driverNames: inTree, limitSource: 'csinode', want: 'ok' }],
  ['should count in-tree and csi volumes if migration is enabled (when scheduling csi volumes)', { newPod: csiEBSOneVolPod, existingPods: [inTreeTwoVolPod], maxVols: 2, driverNames: inTree, limitSource: 'csinode', want: exceed }],
  ['ephemeral volume missing', { newPod: ephemeralVolumePod, driverNames: [EBS], limitSource: 'csinode-with-no-limit', want: notFound }],
  ['ephemeral volume not owned', { newPod: ephemeralVolumePod, extraClaims: [conflictingClaim], driverNames: [EBS], limitSource: 'csinode-with-no-limit', want: { error: 'PVC test/abc-xyz was not created for pod test/abc (pod is not owner)' } }],
  ['ephemeral volume unbound', { newPod: ephemeralVolumePod, extraClaims: [ownedClaim], driverNames: [EBS], limitSource: 'csinode-with-no-limit', want: 'ok' }],
  ['ephemeral doesn\'t when node volume limit <= pods CSI volume', { newPod: ephemeralVolumePod, extraClaims: [ownedClaim], driverNames: [EBS], existingPods: [runningPod, csiEBSTwoVolPod], maxVols: 2, limitSource: 'csinode', want: exceed }],
  ['ephemeral doesn\'t when node volume limit <= pods ephemeral CSI volume', { newPod: csiEBSOneVolPod, extraClaims: [ephemeralClaimX, ephemeralClaimY], driverNames: [EBS], existingPods: [runningPod, ephemeralTwoVolumePod], maxVols: 2, limitSource: 'csinode', want: exceed }],
  ['persistent doesn\'t when node volume limit <= pods ephemeral CSI volume + persistent volume, ephemeral disabled', { newPod: csiEBSOneVolPod, extraClaims: [ownedClaim], driverNames: [EBS], existingPods: [runningPod, ephemeralVolumePod, csiEBSTwoVolPod], maxVols: 3, limitSource: 'csinode', want: exceed }],
  ['persistent doesn\'t when node volume limit <= pods ephemeral CSI volume + persistent volume', { newPod: csiEBSOneVolPod, extraClaims: [ownedClaim], driverNames: [EBS], existingPods: [runningPod, ephemeralVolumePod, csiEBSTwoVolPod], maxVols: 3, limitSource: 'csinode', want: exceed }],
  ['persistent okay when node volume limit > pods ephemeral CSI volume + persistent volume', { newPod: csiEBSOneVolPod, extraClaims: [ownedClaim], driverNames: [EBS], existingPods: [runningPod, ephemeralVolumePod, csiEBSTwoVolPod], maxVols: 5, limitSource: 'csinode', want: 'ok' }],
  ['skip Filter when the pod only uses secrets and configmaps', { newPod: onlyConfigmapAndSecretVolPod, maxVols: 2, driverNames: [EBS], limitSource: 'csinode', want: 'skip' }],
  ['don\'t skip Filter when the pod has pvcs', { newPod: pvcPodWithConfigmapAndSecret, maxVols: 2, driverNames: [EBS], limitSource: 'csinode', want: 'ok' }],
  ['don\'t skip Filter when the pod has ephemeral volumes', { newPod: ephemeralPodWithConfigmapAndSecret, driverNames: [EBS], limitSource: 'csinode-with-no-limit', want: notFound }],
  ['don\'t skip Filter when the pod has inline migratable volumes', { newPod: inlineMigratablePodWithConfigmapAndSecret, existingPods: [inTreeTwoVolPod], maxVols: 2, driverNames: inTree, limitSource: 'csinode', want: exceed }],
];

describe.each(KUBERNETES_VERSIONS)('NodeVolumeLimits at %s (csi_test.go TestCSILimits)', (version) => {
  test('the table has upstream\'s 33 cases', () => expect(TEST_CSI_LIMITS).toHaveLength(33));
  // upstream builds CSILimits without VolumeLimitScaling here; the release's default changes nothing (no CSIDriver objects)
  test.each(TEST_CSI_LIMITS)('%s', (_name, c) => withConfiguration({ kubernetesVersion: version }, () => run(c)));
});

// csi_test.go TestVolumeLimitScalingGate: the pod's claim is bound to a CSI PV of ebs.csi.aws.com.
const csiDriver = (prevent?: boolean): KubeObject =>
  ({ apiVersion: 'storage.k8s.io/v1', kind: 'CSIDriver', metadata: { name: EBS }, spec: prevent === undefined ? {} : { preventPodSchedulingIfMissing: prevent } }) as KubeObject;
const gateCase = (limitSource: string, limit: number, drivers: KubeObject[], want: Case['want']): Case =>
  ({ newPod: csiEBSOneVolPod, driverNames: [EBS], limitSource, maxVols: limit, csiDrivers: drivers, want });
const notInstalled = { reason: driverNotInstalled(EBS) };

describe('NodeVolumeLimits VolumeLimitScaling at 1.35 (csi_test.go TestVolumeLimitScalingGate @v1.35.4)', () => {
  test.each<[string, boolean, Case]>([
    ['gate enabled - fail when driver not installed and CSIDriver exists', true, gateCase('no-csi-driver', 0, [csiDriver()], notInstalled)],
    ['gate disabled - skip driver presence check (regardless of CSIDriver presence)', false, gateCase('no-csi-driver', 0, [csiDriver()], 'ok')],
    ['gate enabled - driver installed within limit', true, gateCase('csinode', 2, [csiDriver()], 'ok')],
    ['gate enabled - allow scheduling when CSIDriver object missing', true, gateCase('no-csi-driver', 0, [], 'ok')],
  ])('%s', (_name, gate, c) => withConfiguration({ kubernetesVersion: '1.35' }, () => run(c, { volumeLimitScaling: gate })));
});

describe.each(['1.36', '1.37'] as const)('NodeVolumeLimits VolumeLimitScaling at %s (csi_test.go TestVolumeLimitScalingGate @v1.36.3, @v1.37.2)', (version) => {
  test.each<[string, boolean, Case]>([
    ['gate enabled - allow scheduling when CSIDriver exists but PreventPodSchedulingIfMissing is not set', true, gateCase('no-csi-driver', 0, [csiDriver()], 'ok')],
    ['gate enabled - fail when driver not installed and PreventPodSchedulingIfMissing is true', true, gateCase('no-csi-driver', 0, [csiDriver(true)], notInstalled)],
    ['gate disabled - skip driver presence check (regardless of CSIDriver presence)', false, gateCase('no-csi-driver', 0, [csiDriver(true)], 'ok')],
    ['gate enabled - driver installed within limit', true, gateCase('csinode', 2, [csiDriver(true)], 'ok')],
    ['gate enabled - allow scheduling when CSIDriver object missing', true, gateCase('no-csi-driver', 0, [], 'ok')],
  ])('%s', (_name, gate, c) => withConfiguration({ kubernetesVersion: version }, () => run(c, { volumeLimitScaling: gate })));
});

describe('(ours) VolumeLimitScaling from the release table (kube_features.go: alpha off at 1.35 and 1.36, beta on at 1.37)', () => {
  const c = gateCase('no-csi-driver', 0, [csiDriver(true)], 'ok');
  test.each(KUBERNETES_VERSIONS)('%s', (version) =>
    withConfiguration({ kubernetesVersion: version }, () => run({ ...c, want: version === '1.37' ? notInstalled : 'ok' })));
});

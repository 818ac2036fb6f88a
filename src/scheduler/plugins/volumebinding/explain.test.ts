// VolumeBinding's account of a node, as users read it through scheduleOnNode: a rejection's details (the claim that
// decided, and the one-line fix where there is one) and, on a node that fits, the `VolumeBinding: …` notes (the bound
// claims, the static bindings, the claims to provision). The verdicts are binder.go FindPodVolumes'
// (kubernetes@v1.33.13 … v1.37.2): checkBoundClaims, findMatchingVolumes, checkVolumeProvisions/hasEnoughCapacity.
import type { KubeObject, Node } from '../../../core/types';
import { configure } from '../../../core/config';
import { scheduleOnNode } from '../../../engine/schedule';
import { schedule } from '../../index';
import { toSubject } from '../../../k8s/subject';
import { ErrReasonBindConflict, ErrReasonNodeConflict, ErrReasonNotEnoughSpace, fixHint } from './index';

const k = (o: object) => o as KubeObject;

const node = (name: string, labels: Record<string, string> = {}): Node => ({
  kind: 'Node', apiVersion: 'v1', metadata: { name, labels }, status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } },
});
const pod = (...claims: string[]): KubeObject => k({
  kind: 'Pod', apiVersion: 'v1', metadata: { name: 'p', namespace: 'default' },
  spec: { containers: [{ name: 'c', image: 'i' }], volumes: claims.map((c) => ({ name: c, persistentVolumeClaim: { claimName: c } })) },
});
const sc = (name: string, provisioner: string): KubeObject => k({ kind: 'StorageClass', apiVersion: 'storage.k8s.io/v1', metadata: { name }, provisioner, volumeBindingMode: 'WaitForFirstConsumer' });
interface ClaimOptions { volumeName?: string; annotations?: Record<string, string>; size?: string; vac?: string }
const claim = (name: string, cls: string | undefined, o: ClaimOptions = {}): KubeObject => k({
  kind: 'PersistentVolumeClaim', apiVersion: 'v1',
  metadata: { name, namespace: 'default', ...(o.annotations ? { annotations: o.annotations } : {}) },
  spec: {
    ...(cls !== undefined ? { storageClassName: cls } : {}), accessModes: ['ReadWriteOnce'], resources: { requests: { storage: o.size ?? '10Gi' } },
    ...(o.volumeName ? { volumeName: o.volumeName } : {}), ...(o.vac ? { volumeAttributesClassName: o.vac } : {}),
  },
});
const bound = (name: string, cls: string, pv: string) => claim(name, cls, { volumeName: pv, annotations: { 'pv.kubernetes.io/bind-completed': 'yes' } });
const zoned = (zone: string) => ({ required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'In', values: [zone] }] }] } });
const pv = (name: string, cls: string, zone: string, o: { claimRef?: string; vac?: string } = {}): KubeObject => k({
  kind: 'PersistentVolume', apiVersion: 'v1', metadata: { name },
  spec: {
    storageClassName: cls, capacity: { storage: '100Gi' }, accessModes: ['ReadWriteOnce'], csi: { driver: 'csi.example.com', volumeHandle: name }, nodeAffinity: zoned(zone),
    ...(o.claimRef ? { claimRef: { namespace: 'default', name: o.claimRef } } : {}), ...(o.vac ? { volumeAttributesClassName: o.vac } : {}),
  },
  status: { phase: o.claimRef ? 'Bound' : 'Available' },
});
const driver = k({ kind: 'CSIDriver', apiVersion: 'storage.k8s.io/v1', metadata: { name: 'csi.example.com' }, spec: { storageCapacity: true } });
const capacity = (name: string, cls: string, size: string, zone: string): KubeObject => k({
  kind: 'CSIStorageCapacity', apiVersion: 'storage.k8s.io/v1', metadata: { name, namespace: 'kube-system' }, storageClassName: cls, capacity: size, nodeTopology: { matchLabels: { zone } },
});

const on = (subject: KubeObject, n: Node, storage: KubeObject[]) => scheduleOnNode(toSubject(subject), n, { storage });
const volumeNotes = (notes: string[]) => notes.filter((n) => n.startsWith('VolumeBinding: '));
const PV_HINT = 'a bound PersistentVolume cannot move: schedule the pod where its node affinity allows, or restore the data onto a volume that reaches this node';
const SPACE_HINT = 'free capacity in the storage pool that serves this node (CSIStorageCapacity), or ask for less storage';

describe('a rejection: the claim that decided, and the fix where there is one', () => {
  test('a bound PV out of reach (NodeConflict): the claim, its PV, and that a bound PV cannot move', () => {
    const storage = [sc('fast', 'csi.example.com'), bound('data', 'fast', 'pv-data'), pv('pv-data', 'fast', 'a', { claimRef: 'data' })];
    const { status } = on(pod('data'), node('n1', { zone: 'b' }), storage);
    expect([status?.plugin, status?.code, status?.reasons]).toEqual(['VolumeBinding', 'UnschedulableAndUnresolvable', [ErrReasonNodeConflict]]);
    expect(status?.details).toStrictEqual(['PersistentVolumeClaim data (PersistentVolume pv-data): its node affinity does not match the node', PV_HINT]);
  });

  test('no PV and a class that cannot provision (BindConflict): the claim alone, no fix line', () => {
    const storage = [sc('local', 'kubernetes.io/no-provisioner'), claim('data', 'local')];
    const { status } = on(pod('data'), node('n1'), storage);
    expect(status?.reasons).toEqual([ErrReasonBindConflict]);
    expect(status?.details).toStrictEqual(['PersistentVolumeClaim data: no PersistentVolume of StorageClass local fits, and the class cannot provision (provisioner "kubernetes.io/no-provisioner")']);
  });

  test("no CSIStorageCapacity of the class holds the request (NotEnoughSpace): the claim, and the pool's fix", () => {
    const storage = [sc('fast', 'csi.example.com'), driver, claim('data', 'fast', { size: '50Gi' }), capacity('pool-a', 'fast', '20Gi', 'a')];
    const { status } = on(pod('data'), node('n1', { zone: 'a' }), storage);
    expect(status?.reasons).toEqual([ErrReasonNotEnoughSpace]);
    expect(status?.details).toStrictEqual(['PersistentVolumeClaim data: no CSIStorageCapacity of StorageClass fast reachable from the node holds 50Gi', SPACE_HINT]);
  });

  test('fixHint: nothing without a claim that decided (a node that fits)', () => {
    expect(fixHint({ reasons: [], staticBindings: [], dynamicProvisions: [] })).toBeUndefined();
  });
});

describe('a node that fits: the VolumeBinding notes', () => {
  test('a bound claim, a static binding and a claim to provision, each named', () => {
    const storage = [
      sc('fast', 'csi.example.com'), sc('local', 'kubernetes.io/no-provisioner'),
      bound('data', 'fast', 'pv-data'), pv('pv-data', 'fast', 'a', { claimRef: 'data' }),
      claim('cache', 'local'), pv('pv-local', 'local', 'a'),
      claim('scratch', 'fast'),
    ];
    const answer = on(pod('data', 'cache', 'scratch'), node('n1', { zone: 'a' }), storage);
    expect(answer.feasible).toBe(true);
    expect(volumeNotes(answer.notes)).toEqual([
      'VolumeBinding: PersistentVolumeClaim data is bound to PersistentVolume pv-data, which reaches the node',
      'VolumeBinding: PersistentVolumeClaim cache would bind PersistentVolume pv-local',
      'VolumeBinding: PersistentVolumeClaim scratch would be provisioned for the node (StorageClass fast)',
    ]);
  });

  test('a claim whose class is the beta annotation is provisioned in that class (GetPersistentVolumeClaimClass)', () => {
    const storage = [sc('fast', 'csi.example.com'), claim('scratch', undefined, { annotations: { 'volume.beta.kubernetes.io/storage-class': 'fast' } })];
    expect(volumeNotes(on(pod('scratch'), node('n1'), storage).notes)).toEqual(['VolumeBinding: PersistentVolumeClaim scratch would be provisioned for the node (StorageClass fast)']);
  });

  test('VolumeAttributesClass (on from 1.34): a claim binds the PV of its own volumeAttributesClassName', () => {
    // pv_controller.go FindMatchingVolume via binder.go findMatchingVolumes: the claim's and the PV's
    // volumeAttributesClassName must be equal with the gate on
    const storage = [sc('local', 'kubernetes.io/no-provisioner'), claim('cache', 'local', { vac: 'gold' }), pv('pv-silver', 'local', 'a', { vac: 'silver' }), pv('pv-gold', 'local', 'a', { vac: 'gold' })];
    configure({ kubernetesVersion: '1.34' });
    expect(volumeNotes(on(pod('cache'), node('n1', { zone: 'a' }), storage).notes)).toEqual(['VolumeBinding: PersistentVolumeClaim cache would bind PersistentVolume pv-gold']);
  });
});

test('a PV given without metadata still binds (the storage input takes it): the note names the claim', () => {
  const nameless = k({ kind: 'PersistentVolume', apiVersion: 'v1', spec: { storageClassName: 'local', capacity: { storage: '50Gi' }, accessModes: ['ReadWriteOnce'] }, status: { phase: 'Available' } });
  const answer = on(pod('cache'), node('n1'), [sc('local', 'kubernetes.io/no-provisioner'), claim('cache', 'local'), nameless]);
  expect(answer.feasible).toBe(true);
  expect(volumeNotes(answer.notes)).toEqual([expect.stringMatching(/^VolumeBinding: PersistentVolumeClaim cache would bind PersistentVolume /)]);
});

test('a null entry among the volumes is no volume (Go decodes it as a zero Volume): the claim beside it binds', () => {
  // the scheduler's input taken as JSON, as volumerestrictions/null-volumes.test.ts asks it (volume_binding.go podHasPVCs
  // reads only the sources)
  const withNull = k({ ...pod('cache'), spec: { containers: [{ name: 'c', image: 'i' }], volumes: [null, { name: 'cache', persistentVolumeClaim: { claimName: 'cache' } }] } });
  const storage = [sc('local', 'kubernetes.io/no-provisioner'), claim('cache', 'local'), pv('pv-local', 'local', 'a')];
  const result = schedule(toSubject(withNull), [node('n1', { zone: 'a' }), node('n2', { zone: 'b' })], undefined, undefined, undefined, storage);
  expect([result.feasible.map((v) => v.node), result.rejected.map((v) => [v.node, v.status?.reasons])]).toEqual([['n1'], [['n2', [ErrReasonBindConflict]]]]);
});

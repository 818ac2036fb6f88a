// VolumeZone's words (ours: the details of its failures and its pass lines) and the getPVbyPod / Filter cases they
// explain, from volume_zone.go (kubernetes v1.33.13 … v1.37.2): getPVbyPod's rejections in its order, Filter's
// beta-to-GA label fallback (translateToGALabel). Through the framework (schedule() with VolumeZone as the profile's
// only cluster plugin), fresh objects each test.
import type { KubeObject, Node, Pod } from '../../../core/types';
import { toSubject } from '../../../k8s/subject';
import { podInfo } from '../../framework';
import { buildSnapshot } from '../../snapshot';
import { withProfile } from '../../profile';
import { schedule } from '../..';
import { claimClass, CLAIM_HAD_NO_NAME, CLAIM_HAD_NO_PV_NOR_CLASS, ErrReasonConflict, PV_HAD_NO_NAME, VolumeZone } from '.';

const BETA_ZONE = 'failure-domain.beta.kubernetes.io/zone';
const BETA_REGION = 'failure-domain.beta.kubernetes.io/region';
const ZONE = 'topology.kubernetes.io/zone';
const REGION = 'topology.kubernetes.io/region';

const node = (name: string, labels: Record<string, string>) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels } }) as Node;
const pv = (name: string, labels: Record<string, string>) => ({ apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name, labels } }) as KubeObject;
const pvc = (name: string, spec?: Record<string, unknown>) => ({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name, namespace: 'default' }, ...(spec ? { spec } : {}) }) as KubeObject;
const sc = (name: string, volumeBindingMode?: string) => ({ apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name }, ...(volumeBindingMode ? { volumeBindingMode } : {}) }) as KubeObject;
const pod = (volumes: unknown[]): Pod =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'i' }], volumes } }) as Pod;
const claimPod = (claim: string) => pod([{ name: claim, persistentVolumeClaim: { claimName: claim } }]);
const run = (p: Pod, nodes: Node[], storage: KubeObject[]) =>
  withProfile({ clusterFilter: [VolumeZone] }, () => schedule(toSubject(p), nodes, [], undefined, undefined, storage));
const details = (r: ReturnType<typeof run>) => Object.fromEntries(r.rejected.map((v) => [v.node, v.status!.details]));

describe('the Filter\'s details', () => {
  test('each node is told its own label (nodes with the same label share the words, never another\'s)', () => {
    const nodes = [node('b1', { [ZONE]: 'us-west1-b' }), node('c1', { [ZONE]: 'us-west1-c' }), node('r1', { [REGION]: 'us-west1' }), node('a1', { [ZONE]: 'us-west1-a' })];
    const r = run(claimPod('data'), nodes, [pvc('data', { volumeName: 'pv-1' }), pv('pv-1', { [ZONE]: 'us-west1-a' })]);
    expect(r.feasible.map((v) => v.node)).toEqual(['a1']);
    const via = 'spec.volumes[0] (data) → PersistentVolumeClaim default/data is bound to PersistentVolume pv-1, labelled topology.kubernetes.io/zone=us-west1-a; ';
    const then = 'the pod can only run on nodes in us-west1-a: the volume stays where it is (labels read: topology.kubernetes.io/zone)';
    expect(details(r)).toEqual({
      b1: [`${via}the node has topology.kubernetes.io/zone=us-west1-b`, then],
      c1: [`${via}the node has topology.kubernetes.io/zone=us-west1-c`, then],
      // a GA key has no other key to fall back on
      r1: [`${via}the node has no topology.kubernetes.io/zone label, but has another zone or region label`, then],
    });
  });

  test('a multi-zone PV lists its zones; a beta key names the GA key read after it', () => {
    const nodes = [node('b1', { [ZONE]: 'us-west1-b' })];
    const r = run(claimPod('data'), nodes, [pvc('data', { volumeName: 'pv-1' }), pv('pv-1', { [BETA_ZONE]: 'us-west1-c__us-west1-a' })]);
    expect(r.rejected[0].status!.reasons).toEqual([ErrReasonConflict]);
    expect(r.rejected[0].status!.details).toEqual([
      'spec.volumes[0] (data) → PersistentVolumeClaim default/data is bound to PersistentVolume pv-1, labelled failure-domain.beta.kubernetes.io/zone=us-west1-c__us-west1-a; the node has topology.kubernetes.io/zone=us-west1-b',
      'the pod can only run on nodes in one of us-west1-c, us-west1-a: the volume stays where it is (labels read: failure-domain.beta.kubernetes.io/zone, else topology.kubernetes.io/zone)',
    ]);
  });

  test('a PV\'s beta region label matches a node\'s GA region label (translateToGALabel)', () => {
    const nodes = [node('w', { [REGION]: 'us-west1' }), node('e', { [REGION]: 'us-east1' })];
    const r = run(claimPod('data'), nodes, [pvc('data', { volumeName: 'pv-1' }), pv('pv-1', { [BETA_REGION]: 'us-west1' })]);
    expect(r.feasible.map((v) => v.node)).toEqual(['w']);
  });

  test('explainPass on a node without zone labels names the four it looked for', () => {
    const n = node('n1', {});
    const snapshot = buildSnapshot([n], new Map(), [], [], [pvc('data', { volumeName: 'pv-1' }), pv('pv-1', { [ZONE]: 'us-west1-a' })]);
    const info = podInfo(toSubject(claimPod('data')));
    const r = VolumeZone.preFilter(info, snapshot);
    if (!('state' in r)) throw new Error('no state');
    expect(VolumeZone.explainPass!(info, snapshot.nodes[0], r.state)).toEqual([
      'the node has none of failure-domain.beta.kubernetes.io/zone, failure-domain.beta.kubernetes.io/region, topology.kubernetes.io/zone, topology.kubernetes.io/region, so the PersistentVolumes\' zones are not checked (a single-zone cluster)',
    ]);
  });
});

describe('getPVbyPod\'s rejections, with their details', () => {
  const nodes = () => [node('a1', { [ZONE]: 'us-west1-a' })];
  const rejection = (p: Pod, storage: KubeObject[]) => {
    const status = run(p, nodes(), storage).rejected[0].status!;
    return { code: status.code, reasons: status.reasons, details: status.details };
  };
  const unresolvable = (reason: string, detail: string) => ({ code: 'UnschedulableAndUnresolvable', reasons: [reason], details: [detail] });

  test.each<[string, () => Pod, () => KubeObject[], string, string]>([
    ['a volume naming no claim', () => pod([{ name: 'v', persistentVolumeClaim: {} }]), () => [pvc('data', { volumeName: 'pv-1' })],
      CLAIM_HAD_NO_NAME, 'spec.volumes[0] (v) names no claim'],
    // (an unrelated object: with no storage objects at all the claims are not modelled and constrain nothing)
    ['a claim missing from the lister', () => claimPod('data'), () => [sc('other')],
      'persistentvolumeclaim "data" not found', 'spec.volumes[0] (data) uses PersistentVolumeClaim default/data, which is not among the storage objects given'],
    ['an unbound claim without a class', () => claimPod('data'), () => [pvc('data', {})],
      CLAIM_HAD_NO_PV_NOR_CLASS, 'spec.volumes[0] (data) → PersistentVolumeClaim default/data is not bound (no spec.volumeName) and has no storage class'],
    // Go reads the zero Spec of a claim without one: no volumeName, no class
    ['a claim without spec', () => claimPod('data'), () => [pvc('data')],
      CLAIM_HAD_NO_PV_NOR_CLASS, 'spec.volumes[0] (data) → PersistentVolumeClaim default/data is not bound (no spec.volumeName) and has no storage class'],
    ['an unbound claim whose class is missing', () => claimPod('data'), () => [pvc('data', { storageClassName: 'fast' })],
      'storageclass.storage.k8s.io "fast" not found', 'spec.volumes[0] (data) → PersistentVolumeClaim default/data is not bound and its StorageClass fast is not among the storage objects given'],
    ['an unbound claim whose class has no binding mode', () => claimPod('data'), () => [pvc('data', { storageClassName: 'fast' }), sc('fast')],
      'VolumeBindingMode not set for StorageClass "fast"', 'StorageClass fast has no volumeBindingMode (the API server defaults it to Immediate)'],
    ['an unbound claim whose class binds Immediate', () => claimPod('data'), () => [pvc('data', { storageClassName: 'fast' }), sc('fast', 'Immediate')],
      PV_HAD_NO_NAME, 'spec.volumes[0] (data) → PersistentVolumeClaim default/data is not bound and its StorageClass fast binds Immediate, so it should be bound before the pod is scheduled'],
  ])('%s', (_name, p, storage, reason, detail) => {
    expect(rejection(p(), storage())).toEqual(unresolvable(reason, detail));
  });
});

describe('what the PreFilter returns', () => {
  test('Skip when the bound PVs carry no zone or region label', () => {
    const snapshot = buildSnapshot([node('a1', { [ZONE]: 'us-west1-a' })], new Map(), [], [], [pvc('data', { volumeName: 'pv-1' }), pv('pv-1', { other: 'x' })]);
    expect(VolumeZone.preFilter(podInfo(toSubject(claimPod('data'))), snapshot)).toEqual({ skip: true });
  });

  test('claimClass: a claim without metadata or spec (an object built in code) has no class but its spec\'s or none', () => {
    expect(claimClass({ spec: { storageClassName: 'fast' } })).toBe('fast');
    expect(claimClass({ metadata: { name: 'x' } })).toBe('');
  });
});

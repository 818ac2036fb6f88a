// VolumeBinding's Score as the default profile runs it from 1.37 (StorageCapacityScoring on; volume_binding.go
// PreScore/Score, scorer.go, kubernetes@v1.37.2): per StorageClass the claims' requests over the capacity they would
// come from (the static bindings' PVs, else the CSIStorageCapacity that serves the node), through the default shape
// (0 → 10, 100 → 0, scaled to 0..100), and our explanation of it as schedule's scores show it.
import type { KubeObject, Node, Pod } from '../../../core/types';
import { configure } from '../../../core/config';
import { schedule } from '../../../engine/schedule';
import { toSubject } from '../../../k8s/subject';
import { podInfo, nodeInfo, Skip } from '../../framework';
import { storageListers } from '../../storage';
import { VolumeBindingScore, preFilter, DEFAULT_SHAPE } from './index';
import { preScore, score } from './scoring';

const k = (o: object) => o as KubeObject;
const GI = 1024 ** 3;
const node = (name: string, zone: string): Node => ({
  kind: 'Node', apiVersion: 'v1', metadata: { name, labels: { zone } }, status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } },
});
const pod = (...claims: string[]) => k({
  kind: 'Pod', apiVersion: 'v1', metadata: { name: 'p', namespace: 'default' },
  spec: { containers: [{ name: 'c', image: 'i' }], volumes: claims.map((c) => ({ name: c, persistentVolumeClaim: { claimName: c } })) },
});
const sc = (name: string, provisioner: string) => k({ kind: 'StorageClass', apiVersion: 'storage.k8s.io/v1', metadata: { name }, provisioner, volumeBindingMode: 'WaitForFirstConsumer' });
const claim = (name: string, cls: string, size: string, extra: object = {}) => k({
  kind: 'PersistentVolumeClaim', apiVersion: 'v1', metadata: { name, namespace: 'default' },
  spec: { storageClassName: cls, accessModes: ['ReadWriteOnce'], resources: { requests: { storage: size } } }, ...extra,
});
const zoned = (zone: string) => ({ required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'In', values: [zone] }] }] } });
const pv = (name: string, cls: string | undefined, size: string, zone: string, metadata: object = {}) => k({
  kind: 'PersistentVolume', apiVersion: 'v1', metadata: { name, ...metadata },
  spec: { ...(cls ? { storageClassName: cls } : {}), capacity: { storage: size }, accessModes: ['ReadWriteOnce'], local: { path: '/d' }, nodeAffinity: zoned(zone) },
  status: { phase: 'Available' },
});
const DRIVER = k({ kind: 'CSIDriver', apiVersion: 'storage.k8s.io/v1', metadata: { name: 'csi.example.com' }, spec: { storageCapacity: true } });
const capacity = (name: string, size: string, zone: string) => k({
  kind: 'CSIStorageCapacity', apiVersion: 'storage.k8s.io/v1', metadata: { name, namespace: 'kube-system' }, storageClassName: 'fast', capacity: size, nodeTopology: { matchLabels: { zone } },
});

/** Per feasible node, VolumeBinding's column of the scores: [score, detail]. */
function volumeScores(subject: KubeObject, nodes: Node[], storage: KubeObject[]) {
  configure({ kubernetesVersion: '1.37' });
  const answer = schedule(toSubject(subject), nodes, { storage }, { scores: true });
  return Object.fromEntries((answer.scores ?? []).map((s) => {
    const c = s.plugins.find((p) => p.plugin === 'VolumeBinding');
    return [s.node, c && [c.score, c.detail]];
  }));
}

test('static bindings: per PV class, the claims over the PVs they would bind, averaged over the classes', () => {
  // volume_binding_test.go "local volumes with close capacity are preferred (multiple pvcs)" at v1.37.2, with other sizes
  const storage = [
    sc('local', 'kubernetes.io/no-provisioner'), sc('hdd', 'kubernetes.io/no-provisioner'), claim('data', 'local', '50Gi'), claim('logs', 'hdd', '10Gi'),
    pv('pv-a', 'local', '200Gi', 'a'), pv('pv-b', 'local', '100Gi', 'b'), pv('hdd-a', 'hdd', '100Gi', 'a'), pv('hdd-b', 'hdd', '50Gi', 'b'),
  ];
  // na: 25 % → 75 and 10 % → 90, math.Round(82.5) = 83; nb: 50 % → 50 and 20 % → 80, 65. The classes in the order
  // the claims were matched (findMatchingVolumes: by requested size)
  expect(volumeScores(pod('data', 'logs'), [node('na', 'a'), node('nb', 'b')], storage)).toEqual({
    na: [83, `storage utilisation per class: hdd ${10 * GI}/${100 * GI} bytes, local ${50 * GI}/${200 * GI} bytes → 83`],
    nb: [65, `storage utilisation per class: hdd ${10 * GI}/${50 * GI} bytes, local ${50 * GI}/${100 * GI} bytes → 65`],
  });
});

test('a claim with a VolumeAttributesClass binds the PV of that class (the gate is on at 1.37)', () => {
  const vac = (name: string, size: string, cls: string) => k({ ...pv(name, 'local', size, 'a'), spec: { ...(pv(name, 'local', size, 'a') as { spec: object }).spec, volumeAttributesClassName: cls } });
  const gold = claim('data', 'local', '10Gi');
  (gold as { spec: { volumeAttributesClassName?: string } }).spec.volumeAttributesClassName = 'gold';
  const storage = [sc('local', 'kubernetes.io/no-provisioner'), gold, vac('pv-silver', '20Gi', 'silver'), vac('pv-gold', '100Gi', 'gold')];
  expect(volumeScores(pod('data'), [node('na', 'a')], storage)).toEqual({ na: [90, `storage utilisation per class: local ${10 * GI}/${100 * GI} bytes → 90`] });
});

test('a PV whose class is only the beta annotation counts under class "" (BindingInfo.StorageClassName reads spec)', () => {
  const storage = [sc('local', 'kubernetes.io/no-provisioner'), claim('data', 'local', '25Gi'), pv('pv-a', undefined, '100Gi', 'a', { annotations: { 'volume.beta.kubernetes.io/storage-class': 'local' } })];
  expect(volumeScores(pod('data'), [node('na', 'a')], storage)).toEqual({ na: [75, `storage utilisation per class: "" ${25 * GI}/${100 * GI} bytes → 75`] });
});

test('dynamic provisioning: the claim over the CSIStorageCapacity that serves the node', () => {
  // volume_binding_test.go "storage capacity score" at v1.37.2: 10Gi of 100Gi → 90, of 50Gi → 80
  const storage = [sc('fast', 'csi.example.com'), DRIVER, claim('data', 'fast', '10Gi'), capacity('cap-a', '100Gi', 'a'), capacity('cap-b', '50Gi', 'b')];
  expect(volumeScores(pod('data'), [node('na', 'a'), node('nb', 'b')], storage)).toEqual({
    na: [90, `storage utilisation per class: fast ${10 * GI}/${100 * GI} bytes → 90`],
    nb: [80, `storage utilisation per class: fast ${10 * GI}/${50 * GI} bytes → 80`],
  });
});

test('a bound claim alone uses no pool: no class, 0', () => {
  const bound = claim('data', 'local', '10Gi', { metadata: { name: 'data', namespace: 'default', annotations: { 'pv.kubernetes.io/bind-completed': 'yes' } } });
  (bound as { spec: { volumeName?: string } }).spec.volumeName = 'pv-a';
  const storage = [sc('local', 'kubernetes.io/no-provisioner'), bound, pv('pv-a', 'local', '100Gi', 'a', { })];
  expect(volumeScores(pod('data'), [node('na', 'a')], storage)).toEqual({ na: [0, 'storage utilisation per class: none → 0'] });
});

test('before 1.37 (StorageCapacityScoring off) the Score Skips; a node without volumes is explained so', () => {
  configure({ kubernetesVersion: '1.36' });
  const p = podInfo(toSubject(pod('data')));
  const n = { info: nodeInfo(node('na', 'a')) } as never;
  expect(VolumeBindingScore.preScore(p, [n], { storage: storageListers([]) } as never)).toEqual(new Skip('StorageCapacityScoring is off in this release'));
  const state = { byNode: new Map(), capacityScoring: true, scorer: () => 0 };
  expect(VolumeBindingScore.explain(state, n, 0)).toBe('no volumes to bind or provision on this node');
});

test('PreScore keeps the volumes of the nodes that fit: a node given to it that the Filter rejects scores 0', () => {
  // volume_binding.go Score: a node without podVolumesByNode (Filter stored none) scores 0. Here one claim would
  // bind a PV on node na, the other finds none and cannot be provisioned: na fails, with a static binding found.
  const storage = storageListers([sc('local', 'kubernetes.io/no-provisioner'), claim('a', 'local', '10Gi'), claim('b', 'local', '500Gi'), pv('pv-a', 'local', '100Gi', 'a')]);
  const r = preFilter(pod('a', 'b') as Pod, storage, true);
  if (!('state' in r)) throw new Error('PreFilter should pass');
  const state = preScore(r.state, ['na'], () => ({ zone: 'a' }), DEFAULT_SHAPE);
  expect(score(state, 'na')).toBe(0);
});

describe('objects the storage input takes that the API server would not', () => {
  test('a PV without spec (its class the beta annotation) that a claim of nothing binds: class "", 0 of 0', () => {
    const bare = k({ kind: 'PersistentVolume', apiVersion: 'v1', metadata: { name: 'bare', annotations: { 'volume.beta.kubernetes.io/storage-class': 'local' } }, status: { phase: 'Available' } });
    const nothing = k({ kind: 'PersistentVolumeClaim', apiVersion: 'v1', metadata: { name: 'data', namespace: 'default' }, spec: { storageClassName: 'local', resources: { requests: { storage: '0' } } } });
    const storage = [sc('local', 'kubernetes.io/no-provisioner'), nothing, bare];
    expect(volumeScores(pod('data'), [node('na', 'a')], storage)).toEqual({ na: [0, 'storage utilisation per class: "" 0/0 bytes → 0'] });
  });

  test.each([
    ['named', { metadata: { name: 'cap-a', namespace: 'kube-system' } }, 'CSIStorageCapacity cap-a capacity: '],
    ['without metadata', {}, 'CSIStorageCapacity  capacity: '],
  ])('a CSIStorageCapacity whose capacity does not parse (%s): the Score names it', (_name, meta, text) => {
    // its maximumVolumeSize holds the claim (hasEnoughCapacity reads that first); the Score reads the capacity
    const cap = k({ kind: 'CSIStorageCapacity', apiVersion: 'storage.k8s.io/v1', ...meta, storageClassName: 'fast', maximumVolumeSize: '100Gi', capacity: 'lots', nodeTopology: { matchLabels: { zone: 'a' } } });
    const storage = [sc('fast', 'csi.example.com'), DRIVER, claim('data', 'fast', '10Gi'), cap];
    expect(() => volumeScores(pod('data'), [node('na', 'a')], storage)).toThrow(text);
  });
});

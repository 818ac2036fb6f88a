// binder.go AssumePodVolumes beyond binder_test.go TestAssumePodVolumes (kubernetes@v1.37.2, the same at v1.33.13):
// GetBindVolumeToClaim (pkg/volume/util/pv_helpers.go) keeps a PV's claimRef when its name, namespace and uid are the
// claim's, and sets AnnBoundByController only on a PV that was not pre-bound and has no such annotation yet; a PV
// that is not dirty is not assumed. Then objects as the engine's `storage` list may hold them (only kinds checked).
import type { PersistentVolume, PersistentVolumeClaim, Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../../core/types';
import { placeReplicas } from '../../../placement/place';
import { storageListers } from '../../storage';
import { assumePodVolumes, findPodVolumes, getPodVolumeClaims } from './binder';

const node1 = { name: 'node1', labels: {} };
const manual = { kind: 'StorageClass', apiVersion: 'storage.k8s.io/v1', metadata: { name: 'manual' }, volumeBindingMode: 'WaitForFirstConsumer', provisioner: 'kubernetes.io/no-provisioner' };
const wffc = { kind: 'StorageClass', apiVersion: 'storage.k8s.io/v1', metadata: { name: 'wffc' }, volumeBindingMode: 'WaitForFirstConsumer', provisioner: 'csi.example.com' };
const claim = (metadata: PersistentVolumeClaim['metadata'], cls = 'manual'): PersistentVolumeClaim => ({
  kind: 'PersistentVolumeClaim', apiVersion: 'v1', ...(metadata ? { metadata } : {}), spec: { storageClassName: cls, resources: { requests: { storage: '1Gi' } } },
});
const volume = (metadata: PersistentVolume['metadata'], claimRef?: object): PersistentVolume => ({
  kind: 'PersistentVolume', apiVersion: 'v1', ...(metadata ? { metadata } : {}),
  spec: { storageClassName: 'manual', capacity: { storage: '1Gi' }, ...(claimRef ? { claimRef } : {}) }, status: { phase: 'Available' },
});
const podOf = (claimName: string, namespace = 'ns'): Pod => ({
  kind: 'Pod', apiVersion: 'v1', metadata: { name: 'p', namespace }, spec: { containers: [], volumes: [{ name: 'v', persistentVolumeClaim: { claimName } }] },
});

/** One scheduling cycle on node1 and its assume: the listers afterwards. */
function cycle(pod: Pod, objects: object[], storage = storageListers(objects as KubeObject[])) {
  const found = findPodVolumes(getPodVolumeClaims(pod, storage), node1, storage, true);
  expect(found.reasons).toEqual([]);
  assumePodVolumes(found, 'node1', storage);
  return { storage, found };
}

describe('AssumePodVolumes: GetBindVolumeToClaim', () => {
  it('a PV pre-bound to the claim (no uid on either) without AnnBoundByController: not dirty, not assumed', () => {
    const pv = volume({ name: 'pv' }, { kind: 'PersistentVolumeClaim', namespace: 'ns', name: 'data' });
    const { storage } = cycle(podOf('data'), [manual, claim({ name: 'data', namespace: 'ns' }), pv]);
    expect(storage.volume('pv')).toBe(pv);
  });

  it("a PV pre-bound without the claim's uid: the claimRef is replaced by the claim's reference, no AnnBoundByController", () => {
    const pv = volume({ name: 'pv' }, { kind: 'PersistentVolumeClaim', namespace: 'ns', name: 'data' });
    const { storage } = cycle(podOf('data'), [manual, claim({ name: 'data', namespace: 'ns', uid: 'u1', resourceVersion: '7' }), pv]);
    expect(storage.volume('pv')).toEqual({
      ...pv, metadata: { name: 'pv' },
      spec: { ...pv.spec, claimRef: { kind: 'PersistentVolumeClaim', apiVersion: 'v1', namespace: 'ns', name: 'data', uid: 'u1', resourceVersion: '7' } },
    });
  });

  it('a free PV that carries AnnBoundByController already keeps its value', () => {
    const pv = volume({ name: 'pv', annotations: { 'pv.kubernetes.io/bound-by-controller': 'no' } });
    const { storage } = cycle(podOf('data'), [manual, claim({ name: 'data', namespace: 'ns' }), pv]);
    expect(storage.volume('pv')?.metadata).toEqual({ name: 'pv', annotations: { 'pv.kubernetes.io/bound-by-controller': 'no' } });
    expect(storage.volume('pv')?.spec?.claimRef).toEqual({ kind: 'PersistentVolumeClaim', apiVersion: 'v1', namespace: 'ns', name: 'data' });
  });

  it('a claim given without a namespace: the PV is bound to it in "default", and the next pod with that claim finds it again', () => {
    const pvc = claim({ name: 'data' });
    const { storage } = cycle(podOf('data', 'default'), [manual, pvc, volume({ name: 'pv' })]);
    expect(storage.volume('pv')?.spec?.claimRef).toEqual({ kind: 'PersistentVolumeClaim', apiVersion: 'v1', namespace: 'default', name: 'data' });
    const again = findPodVolumes(getPodVolumeClaims(podOf('data', 'default'), storage), node1, storage, true);
    expect(again.staticBindings.map((b) => b.pv.metadata?.name)).toEqual(['pv']);
  });
});

test('through placement: two replicas sharing a claim given without a namespace both bind its local PV', () => {
  // the API server sets the claim's namespace; the PV bound by the first replica's Reserve names the claim in "default"
  const node = (name: string) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name } }, status: { allocatable: { cpu: '8', memory: '16Gi', pods: '110' } } });
  const pv = {
    apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'pv' }, status: { phase: 'Available' },
    spec: {
      storageClassName: 'manual', capacity: { storage: '10Gi' }, accessModes: ['ReadWriteMany'], local: { path: '/mnt' },
      nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: ['a'] }] }] } },
    },
  };
  const pvc = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'shared' }, spec: { storageClassName: 'manual', accessModes: ['ReadWriteMany'], resources: { requests: { storage: '1Gi' } } } };
  const deploy = {
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' },
    spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx' }], volumes: [{ name: 'v', persistentVolumeClaim: { claimName: 'shared' } }] } } },
  };
  const placed = placeReplicas(deploy as KubeObject, [node('a'), node('b')] as never[], { storage: [manual, pv, pvc] as KubeObject[] });
  expect(placed.pods.map((p) => p.node ?? p.fitError)).toEqual(['a', 'a']);
});

describe('AssumePodVolumes with objects lacking metadata (the storage list checks kinds only)', () => {
  it('a PV without metadata bound to a claim: annotated and bound', () => {
    const { storage } = cycle(podOf('data'), [manual, claim({ name: 'data', namespace: 'ns' }), volume(undefined)]);
    expect(storage.volume('')?.metadata).toEqual({ annotations: { 'pv.kubernetes.io/bound-by-controller': 'yes' } });
  });

  it('a PV without spec, its class the beta annotation, bound to a claim without a request', () => {
    const pv: PersistentVolume = { kind: 'PersistentVolume', apiVersion: 'v1', metadata: { name: 'pv', annotations: { 'volume.beta.kubernetes.io/storage-class': 'manual' } }, status: { phase: 'Available' } };
    const pvc: PersistentVolumeClaim = { kind: 'PersistentVolumeClaim', apiVersion: 'v1', metadata: { name: 'data', namespace: 'ns' }, spec: { storageClassName: 'manual' } };
    const { storage } = cycle(podOf('data'), [manual, pvc, pv]);
    expect(storage.volume('pv')?.spec).toEqual({ claimRef: { kind: 'PersistentVolumeClaim', apiVersion: 'v1', namespace: 'ns', name: 'data' } });
  });

  it('a claim without metadata (claimName "" in "default"): bound to a free PV, pre-bound to its PV, or provisioned', () => {
    const bound = cycle(podOf('', 'default'), [manual, claim(undefined), volume({ name: 'pv' })]).storage;
    expect(bound.volume('pv')?.spec?.claimRef).toEqual({ kind: 'PersistentVolumeClaim', apiVersion: 'v1', namespace: 'default', name: undefined });
    const pre = volume({ name: 'pv' }, { kind: 'PersistentVolumeClaim', namespace: 'default' });
    expect(cycle(podOf('', 'default'), [manual, claim(undefined), pre]).storage.volume('pv')).toBe(pre);
    const provisioned = cycle(podOf('', 'default'), [wffc, claim(undefined, 'wffc')]).storage;
    expect(provisioned.claim('default', '')?.metadata).toEqual({ annotations: { 'volume.kubernetes.io/selected-node': 'node1' } });
  });
});

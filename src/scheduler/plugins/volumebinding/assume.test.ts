// Conformance: pkg/scheduler/framework/plugins/volumebinding/binder_test.go TestAssumePodVolumes and
// TestFindAssumeVolumes (the same at v1.33.13 … v1.37.2): AssumePodVolumes binds each static binding's PV to its
// claim in the PV assume cache (GetBindVolumeToClaim) and marks each claim to provision with the node
// (AnnSelectedNode) in the PVC one. The "tmpupdate-failed" cases (an assume cache refusing an older object) have no
// counterpart: the listers hold one version of each object.
import type { PersistentVolume, PersistentVolumeClaim, Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../../core/types';
import { storageListers } from '../../storage';
import { findPodVolumes, getPodVolumeClaims } from './index';
import { assumePodVolumes } from './binder';

const nodeLabelKey = 'nodeKey';
const waitClass = { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'waitClass' }, volumeBindingMode: 'WaitForFirstConsumer', provisioner: 'kubernetes.io/no-provisioner' };
const waitClassWithProvisioner = {
  apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'waitClassWithProvisioner' }, volumeBindingMode: 'WaitForFirstConsumer', provisioner: 'test-provisioner',
  allowedTopologies: [{ matchLabelExpressions: [{ key: nodeLabelKey, values: ['node1', 'reference-value'] }] }],
};
const pvc = (name: string, size: string, className: string, extra: Partial<PersistentVolumeClaim['metadata']> = {}): PersistentVolumeClaim => ({
  kind: 'PersistentVolumeClaim', apiVersion: 'v1',
  metadata: { name, namespace: 'testns', uid: 'pvc-uid', resourceVersion: '1', ...extra },
  spec: { resources: { requests: { storage: size } }, storageClassName: className, volumeMode: 'Filesystem' },
});
const pv = (name: string, node: string, capacity: string, boundTo?: PersistentVolumeClaim): PersistentVolume => ({
  kind: 'PersistentVolume', apiVersion: 'v1',
  metadata: { name, resourceVersion: '1', ...(boundTo ? { annotations: { 'pv.kubernetes.io/bound-by-controller': 'yes' } } : {}) },
  spec: {
    capacity: { storage: capacity }, storageClassName: 'waitClass', volumeMode: 'Filesystem',
    nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: nodeLabelKey, operator: 'In', values: [node] }] }] } },
    ...(boundTo ? { claimRef: { kind: 'PersistentVolumeClaim', apiVersion: 'v1', namespace: 'testns', name: boundTo.metadata!.name, uid: 'pvc-uid', resourceVersion: '1' } } : {}),
  },
  status: { phase: 'Available' },
});
const unboundPVC = pvc('unbound-pvc', '1G', 'waitClass');
const unboundPVC2 = pvc('unbound-pvc2', '5G', 'waitClass');
const provisionedPVC = pvc('provisioned-pvc', '1Gi', 'waitClassWithProvisioner');
const boundPVC: PersistentVolumeClaim = { ...pvc('bound-pvc', '1G', 'waitClass', { annotations: { 'pv.kubernetes.io/bind-completed': 'yes' } }), spec: { ...pvc('x', '1G', 'waitClass').spec, volumeName: 'pv-bound' } };
const pvNode1a = pv('pv-node1a', 'node1', '5G');
const pvNode1b = pv('pv-node1b', 'node1', '10G');
const node1 = { name: 'node1', labels: { [nodeLabelKey]: 'node1' } };
const podWith = (claims: PersistentVolumeClaim[]): Pod => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name: 'test-pod', namespace: 'testns' },
  spec: { nodeName: 'node1', containers: [], volumes: claims.map((c) => ({ name: c.metadata!.name!, persistentVolumeClaim: { claimName: c.metadata!.name! } })) },
});

/** findPodVolumes for node1, AssumePodVolumes, and the listers afterwards. */
function assume(claims: PersistentVolumeClaim[], pvs: PersistentVolume[]) {
  const storage = storageListers([waitClass, waitClassWithProvisioner, ...claims, ...pvs] as KubeObject[]);
  const found = findPodVolumes(getPodVolumeClaims(podWith(claims), storage), node1, storage, true);
  expect(found.reasons).toEqual([]);
  assumePodVolumes(found, 'node1', storage);
  return { storage, found };
}

describe('TestAssumePodVolumes', () => {
  test('all-bound: nothing is assumed', () => {
    const pvBound = pv('pv-bound', 'node1', '1G', boundPVC);
    const { storage } = assume([boundPVC], [pvBound]);
    expect(storage.volume('pv-bound')).toBe(pvBound);
    expect(storage.claim('testns', 'bound-pvc')).toBe(boundPVC);
  });

  test('one-binding: the PV is bound to the claim (claimRef, bound-by-controller)', () => {
    const { storage } = assume([unboundPVC], [pvNode1a]);
    expect(storage.volume('pv-node1a')).toEqual(pv('pv-node1a', 'node1', '5G', unboundPVC));
    expect(storage.volumes()).toEqual([pv('pv-node1a', 'node1', '5G', unboundPVC)]);
    expect(storage.claim('testns', 'unbound-pvc')).toBe(unboundPVC);
  });

  test('two-bindings', () => {
    const { storage } = assume([unboundPVC, unboundPVC2], [pvNode1a, pvNode1b]);
    expect(storage.volumes()).toEqual([pv('pv-node1a', 'node1', '5G', unboundPVC), pv('pv-node1b', 'node1', '10G', unboundPVC2)]);
  });

  test('pv-already-bound: not dirty, the cached PV stays', () => {
    const pvNode1aBound = pv('pv-node1a', 'node1', '5G', unboundPVC);
    const { storage } = assume([unboundPVC], [pvNode1aBound]);
    expect(storage.volume('pv-node1a')).toBe(pvNode1aBound);
  });

  test('one-binding, one-pvc-provisioned: the provisioned claim gets the selected node', () => {
    const { storage } = assume([unboundPVC, provisionedPVC], [pvNode1a]);
    expect(storage.volume('pv-node1a')).toEqual(pv('pv-node1a', 'node1', '5G', unboundPVC));
    expect(storage.claim('testns', 'provisioned-pvc')).toEqual(pvc('provisioned-pvc', '1Gi', 'waitClassWithProvisioner', { annotations: { 'volume.kubernetes.io/selected-node': 'node1' } }));
  });
});

test('TestFindAssumeVolumes: after the assume, finding again returns the PV chosen, which no other claim can take', () => {
  const pvNode2 = pv('pv-node2', 'node2', '1G');
  const pvNode1c = pv('pv-node1b', 'node1', '5G');
  const { storage, found } = assume([unboundPVC], [pvNode2, pvNode1a, pvNode1c]);
  const chosen = found.staticBindings[0].pv.metadata!.name;
  const again = findPodVolumes(getPodVolumeClaims(podWith([unboundPVC]), storage), node1, storage, true);
  expect(again.staticBindings.map((b) => b.pv.metadata!.name)).toEqual([chosen]);
  // another claim of the class: the taken PV is no longer Available to it
  const other = pvc('other-pvc', '1G', 'waitClass');
  const more = storageListers([waitClass, other, ...storage.volumes()] as KubeObject[]);
  const forOther = findPodVolumes(getPodVolumeClaims(podWith([other]), more), node1, more, true);
  expect(forOther.staticBindings.map((b) => b.pv.metadata!.name)).not.toContain(chosen);
});

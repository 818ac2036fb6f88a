// Conformance: pkg/scheduler/framework/plugins/volumebinding/binder_test.go, the FindPodVolumes tables (the same
// cases at v1.33.13 … v1.37.2), each run with the three CSIDriver variants as upstream runs them. Upstream's
// `findPodVolumes` helper is GetPodVolumeClaims, an error for an unbound immediate claim, then FindPodVolumes;
// `shouldFail` is an error (our VolumeBindingError). AssumePodVolumes is ported in assume.test.ts; BindPodVolumes and
// the validatePodCache of a PV's resourceVersion are not (nothing is bound through an API server here).
import type { PersistentVolume, PersistentVolumeClaim, Pod } from 'kubernetes-types/core/v1';
import type { CSIDriver, CSIStorageCapacity, StorageClass } from 'kubernetes-types/storage/v1';
import type { KubeObject } from '../../../core/types';
import { storageListers } from '../../storage';
import {
  ErrReasonBindConflict, ErrReasonNodeConflict, ErrReasonNotEnoughSpace, ErrReasonPVNotExist, findPodVolumes, getPodVolumeClaims, VolumeBindingError,
} from './index';

const nodeLabelKey = 'nodeKey';
const provisioner = 'test-provisioner';
const [waitClass, immediateClass, waitClassWithProvisioner, topoMismatchClass] = ['waitClass', 'immediateClass', 'waitClassWithProvisioner', 'topoMismatchClass'];

// newTestBinder's classes
const classes: StorageClass[] = ([
  {
    metadata: { name: waitClassWithProvisioner }, volumeBindingMode: 'WaitForFirstConsumer', provisioner,
    allowedTopologies: [{ matchLabelExpressions: [{ key: nodeLabelKey, values: ['node1', 'reference-value'] }] }],
  },
  { metadata: { name: immediateClass }, volumeBindingMode: 'Immediate', provisioner: '' },
  { metadata: { name: waitClass }, volumeBindingMode: 'WaitForFirstConsumer', provisioner: 'kubernetes.io/no-provisioner' },
  {
    metadata: { name: topoMismatchClass }, volumeBindingMode: 'WaitForFirstConsumer', provisioner,
    allowedTopologies: [{ matchLabelExpressions: [{ key: nodeLabelKey, values: ['reference-value'] }] }],
  },
] as StorageClass[]).map((c) => ({ kind: 'StorageClass', apiVersion: 'storage.k8s.io/v1', ...c }));

type BoundState = 'unbound' | 'prebound' | 'bound' | 'selectedNode';
function makeTestPVC(name: string, size: string, node: string, state: BoundState, pvName: string, className: string): PersistentVolumeClaim {
  const pvc: PersistentVolumeClaim = {
    kind: 'PersistentVolumeClaim', apiVersion: 'v1',
    metadata: { name, namespace: 'testns', uid: 'pvc-uid', annotations: {} },
    spec: { resources: { requests: { storage: size } }, storageClassName: className, volumeMode: 'Filesystem' },
  };
  if (state === 'selectedNode') pvc.metadata!.annotations!['volume.kubernetes.io/selected-node'] = node;
  if (state === 'bound') pvc.metadata!.annotations!['pv.kubernetes.io/bind-completed'] = 'yes';
  if (state === 'bound' || state === 'prebound') pvc.spec!.volumeName = pvName;
  return pvc;
}

function makeTestPV(name: string, node: string, capacity: string, boundTo: PersistentVolumeClaim | undefined, className: string): PersistentVolume {
  const pv: PersistentVolume = {
    kind: 'PersistentVolume', apiVersion: 'v1',
    metadata: { name, annotations: {} },
    spec: { capacity: { storage: capacity }, storageClassName: className, volumeMode: 'Filesystem' },
    status: { phase: 'Available' },
  };
  if (node) pv.spec!.nodeAffinity = { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: nodeLabelKey, operator: 'In', values: [node] }] }] } };
  if (boundTo) {
    pv.spec!.claimRef = { kind: boundTo.kind, apiVersion: boundTo.apiVersion, name: boundTo.metadata?.name, namespace: boundTo.metadata?.namespace, uid: boundTo.metadata?.uid };
    pv.metadata!.annotations!['pv.kubernetes.io/bound-by-controller'] = 'yes';
  }
  return pv;
}

function makeCapacity(name: string, storageClassName: string, node: string | undefined, capacity: string, maximumVolumeSize: string): CSIStorageCapacity {
  const c: CSIStorageCapacity = { kind: 'CSIStorageCapacity', apiVersion: 'storage.k8s.io/v1', metadata: { name }, storageClassName, nodeTopology: {} };
  if (node) c.nodeTopology!.matchLabels = { [nodeLabelKey]: node };
  if (capacity) c.capacity = capacity;
  if (maximumVolumeSize) c.maximumVolumeSize = maximumVolumeSize;
  return c;
}

const makeCSIDriver = (storageCapacity: boolean): CSIDriver => ({ kind: 'CSIDriver', apiVersion: 'storage.k8s.io/v1', metadata: { name: provisioner }, spec: { storageCapacity } });

// binder_test.go's fixtures
const unboundPVC = makeTestPVC('unbound-pvc', '1G', '', 'unbound', '', waitClass);
const unboundPVC2 = makeTestPVC('unbound-pvc2', '5G', '', 'unbound', '', waitClass);
const preboundPVC = makeTestPVC('prebound-pvc', '1G', '', 'prebound', 'pv-node1a', waitClass);
const boundPVC = makeTestPVC('bound-pvc', '1G', '', 'bound', 'pv-bound', waitClass);
const immediateUnboundPVC = makeTestPVC('immediate-unbound-pvc', '1G', '', 'unbound', '', immediateClass);
const immediateBoundPVC = makeTestPVC('immediate-bound-pvc', '1G', '', 'bound', 'pv-bound-immediate', immediateClass);
const provisionedPVC = makeTestPVC('provisioned-pvc', '1Gi', '', 'unbound', '', waitClassWithProvisioner);
const noProvisionerPVC = makeTestPVC('no-provisioner-pvc', '1Gi', '', 'unbound', '', waitClass);
const topoMismatchPVC = makeTestPVC('topo-mismatch-pvc', '1Gi', '', 'unbound', '', topoMismatchClass);
const selectedNodePVC = makeTestPVC('provisioned-pvc', '1Gi', 'node1', 'selectedNode', '', waitClassWithProvisioner);
const genericPVC = (owned: boolean) => {
  const pvc = makeTestPVC('test-pod-test-volume', '1G', '', 'bound', 'pv-bound', immediateClass);
  if (owned) pvc.metadata!.ownerReferences = [{ apiVersion: '', kind: '', name: 'test-pod', uid: '', controller: true }];
  return pvc;
};
const conflictingGenericPVC = genericPVC(false);
const correctGenericPVC = genericPVC(true);
const pvBoundGeneric = makeTestPV('pv-bound', 'node1', '1G', correctGenericPVC, waitClass);
const pvNode1a = makeTestPV('pv-node1a', 'node1', '5G', undefined, waitClass);
const pvNode1b = makeTestPV('pv-node1b', 'node1', '10G', undefined, waitClass);
const pvNode2 = makeTestPV('pv-node2', 'node2', '1G', undefined, waitClass);
const pvBound = makeTestPV('pv-bound', 'node1', '1G', boundPVC, waitClass);
const pvNode1aBound = makeTestPV('pv-node1a', 'node1', '5G', unboundPVC, waitClass);
const pvBoundImmediate = makeTestPV('pv-bound-immediate', 'node1', '1G', immediateBoundPVC, immediateClass);
const pvBoundImmediateNode2 = makeTestPV('pv-bound-immediate', 'node2', '1G', immediateBoundPVC, immediateClass);

const testNode = { name: 'node1', labels: { [nodeLabelKey]: 'node1' } };

function makePod(volumes: Pod['spec'] extends infer S ? S extends { volumes?: infer V } ? V : never : never): Pod {
  return { kind: 'Pod', apiVersion: 'v1', metadata: { name: 'test-pod', namespace: 'testns' }, spec: { nodeName: 'node1', containers: [], volumes } };
}
const podWithClaims = (pvcs: PersistentVolumeClaim[]) => makePod(pvcs.map((c) => ({ name: c.metadata!.name!, persistentVolumeClaim: { claimName: c.metadata!.name! } })));

interface Scenario {
  pvs?: PersistentVolume[];
  podPVCs?: PersistentVolumeClaim[];
  cachePVCs?: PersistentVolumeClaim[];
  pod?: Pod;
  capacities?: CSIStorageCapacity[];
  bindings?: Array<[PersistentVolumeClaim, PersistentVolume]>;
  provisions?: Array<PersistentVolumeClaim | [PersistentVolumeClaim, CSIStorageCapacity]>;
  reasons?: string[];
  shouldFail?: boolean;
  needsCapacity?: boolean;
}

/** binder_test.go findPodVolumes over listers of the scenario's objects. */
function run(s: Scenario, driver: CSIDriver | undefined) {
  const objects = [...classes, ...(s.pvs ?? []), ...(s.cachePVCs ?? s.podPVCs ?? []), ...(s.capacities ?? []), ...(driver ? [driver] : [])] as KubeObject[];
  const storage = storageListers(objects);
  const pod = s.pod ?? podWithClaims(s.podPVCs ?? []);
  const claims = getPodVolumeClaims(pod, storage);
  if (claims.immediate.length > 0) throw new VolumeBindingError('pod has unbound immediate PersistentVolumeClaims');
  return findPodVolumes(claims, testNode, storage, true);
}

const drivers: Array<[string, CSIDriver | undefined]> = [
  ['no CSIDriver', undefined],
  ['CSIDriver with capacity tracking', makeCSIDriver(true)],
  ['CSIDriver without capacity tracking', makeCSIDriver(false)],
];

function check(s: Scenario, driver: CSIDriver | undefined, capacityBlocks: boolean) {
  if (s.shouldFail) {
    expect(() => run(s, driver)).toThrow(VolumeBindingError);
    return;
  }
  const got = run(s, driver);
  const reasons = [...(s.reasons ?? [])];
  let provisions = s.provisions ?? [];
  // Without CSIStorageCapacity objects, a driver with capacity tracking blocks provisioning (TestFindPodVolumesWithProvisioning's run)
  if (capacityBlocks && s.needsCapacity) {
    reasons.push(ErrReasonNotEnoughSpace);
    provisions = [];
  }
  expect(got.reasons).toEqual(reasons);
  expect(got.staticBindings.map((b) => [b.pvc.metadata?.name, b.pv.metadata?.name])).toEqual((s.bindings ?? []).map(([c, v]) => [c.metadata?.name, v.metadata?.name]));
  expect(got.dynamicProvisions.map((p) => [p.pvc.metadata?.name, p.capacity?.metadata?.name])).toEqual(
    provisions.map((p) => (Array.isArray(p) ? [p[0].metadata?.name, p[1].metadata?.name] : [p.metadata?.name, undefined])),
  );
}

// kubernetes@v1.37.2 (same cases at v1.33.13 … v1.36.3) volumebinding/binder_test.go TestFindPodVolumesWithoutProvisioning
describe('FindPodVolumes without provisioning (binder_test.go TestFindPodVolumesWithoutProvisioning)', () => {
  const scenarios: Record<string, Scenario> = {
    'no-volumes': { pod: makePod([]) },
    'no-pvcs': { pod: makePod([{ name: 'empty', emptyDir: {} }]) },
    'pvc-not-found': { cachePVCs: [], podPVCs: [boundPVC], shouldFail: true },
    'bound-pvc': { podPVCs: [boundPVC], pvs: [pvBound] },
    'bound-pvc,pv-not-exists': { podPVCs: [boundPVC], reasons: [ErrReasonPVNotExist] },
    'prebound-pvc': { podPVCs: [preboundPVC], pvs: [pvNode1aBound], shouldFail: true },
    'unbound-pvc,pv-same-node': { podPVCs: [unboundPVC], pvs: [pvNode2, pvNode1a, pvNode1b], bindings: [[unboundPVC, pvNode1a]] },
    'unbound-pvc,pv-different-node': { podPVCs: [unboundPVC], pvs: [pvNode2], reasons: [ErrReasonBindConflict] },
    'two-unbound-pvcs': { podPVCs: [unboundPVC, unboundPVC2], pvs: [pvNode1a, pvNode1b], bindings: [[unboundPVC, pvNode1a], [unboundPVC2, pvNode1b]] },
    'two-unbound-pvcs,order-by-size': { podPVCs: [unboundPVC2, unboundPVC], pvs: [pvNode1a, pvNode1b], bindings: [[unboundPVC, pvNode1a], [unboundPVC2, pvNode1b]] },
    'two-unbound-pvcs,partial-match': { podPVCs: [unboundPVC, unboundPVC2], pvs: [pvNode1a], bindings: [[unboundPVC, pvNode1a]], reasons: [ErrReasonBindConflict] },
    'one-bound,one-unbound': { podPVCs: [unboundPVC, boundPVC], pvs: [pvBound, pvNode1a], bindings: [[unboundPVC, pvNode1a]] },
    'one-bound,one-unbound,no-match': { podPVCs: [unboundPVC, boundPVC], pvs: [pvBound, pvNode2], reasons: [ErrReasonBindConflict] },
    'one-prebound,one-unbound': { podPVCs: [unboundPVC, preboundPVC], pvs: [pvNode1a, pvNode1b], shouldFail: true },
    'immediate-bound-pvc': { podPVCs: [immediateBoundPVC], pvs: [pvBoundImmediate] },
    'immediate-bound-pvc-wrong-node': { podPVCs: [immediateBoundPVC], pvs: [pvBoundImmediateNode2], reasons: [ErrReasonNodeConflict] },
    'immediate-unbound-pvc': { podPVCs: [immediateUnboundPVC], shouldFail: true },
    'immediate-unbound-pvc,delayed-mode-bound': { podPVCs: [immediateUnboundPVC, boundPVC], pvs: [pvBound], shouldFail: true },
    'immediate-unbound-pvc,delayed-mode-unbound': { podPVCs: [immediateUnboundPVC, unboundPVC], shouldFail: true },
    'generic-ephemeral,no-pvc': { pod: makePod([{ name: 'no-such-pvc', ephemeral: {} }]), shouldFail: true },
    'generic-ephemeral,with-pvc': { pod: makePod([{ name: 'test-volume', ephemeral: {} }]), cachePVCs: [correctGenericPVC], pvs: [pvBoundGeneric] },
    'generic-ephemeral,wrong-pvc': { pod: makePod([{ name: 'test-volume', ephemeral: {} }]), cachePVCs: [conflictingGenericPVC], pvs: [pvBoundGeneric], shouldFail: true },
  };
  describe.each(drivers)('%s', (_d, driver) => {
    it.each(Object.entries(scenarios))('%s', (_name, s) => check(s, driver, false));
  });
});

// kubernetes@v1.37.2 (same cases at v1.33.13 … v1.36.3) volumebinding/binder_test.go TestFindPodVolumesWithProvisioning
describe('FindPodVolumes with provisioning (binder_test.go TestFindPodVolumesWithProvisioning)', () => {
  const scenarios: Record<string, Scenario> = {
    'one-provisioned': { podPVCs: [provisionedPVC], provisions: [provisionedPVC], needsCapacity: true },
    'two-unbound-pvcs,one-matched,one-provisioned': { podPVCs: [unboundPVC, provisionedPVC], pvs: [pvNode1a], bindings: [[unboundPVC, pvNode1a]], provisions: [provisionedPVC], needsCapacity: true },
    'one-bound,one-provisioned': { podPVCs: [boundPVC, provisionedPVC], pvs: [pvBound], provisions: [provisionedPVC], needsCapacity: true },
    'one-binding,one-selected-node': { podPVCs: [boundPVC, selectedNodePVC], pvs: [pvBound], provisions: [selectedNodePVC], needsCapacity: true },
    'immediate-unbound-pvc': { podPVCs: [immediateUnboundPVC], shouldFail: true },
    'one-immediate-bound,one-provisioned': { podPVCs: [immediateBoundPVC, provisionedPVC], pvs: [pvBoundImmediate], provisions: [provisionedPVC], needsCapacity: true },
    'invalid-provisioner': { podPVCs: [noProvisionerPVC], reasons: [ErrReasonBindConflict] },
    'volume-topology-unsatisfied': { podPVCs: [topoMismatchPVC], reasons: [ErrReasonBindConflict] },
  };
  describe.each(drivers)('%s', (_d, driver) => {
    it.each(Object.entries(scenarios))('%s', (_name, s) => check(s, driver, driver?.spec?.storageCapacity === true));
  });

  // ours, from FindPodVolumes' fast path: a claim already being provisioned for another node rejects this one at once
  it('a selected-node claim for another node: BindConflict, static matching and provisioning skipped', () => {
    const elsewhere = makeTestPVC('provisioned-pvc', '1Gi', 'node2', 'selectedNode', '', waitClassWithProvisioner);
    expect(run({ podPVCs: [unboundPVC, elsewhere], pvs: [pvNode1a] }, undefined)).toMatchObject({ reasons: [ErrReasonBindConflict], staticBindings: [] });
  });
});

// kubernetes@v1.37.2 (same cases at v1.33.13 … v1.36.3) volumebinding/binder_test.go TestCapacity
describe('storage capacity (binder_test.go TestCapacity)', () => {
  const networkAttachedCapacity = makeCapacity('net', waitClassWithProvisioner, undefined, '1Gi', '');
  const node1Capacity = makeCapacity('net', waitClassWithProvisioner, 'node1', '1Gi', '');
  const node2Capacity = makeCapacity('net', waitClassWithProvisioner, 'node2', '1Gi', '');
  const scenarios: Record<string, Scenario> = {
    'network-attached': { podPVCs: [provisionedPVC], capacities: [networkAttachedCapacity], provisions: [[provisionedPVC, networkAttachedCapacity]] },
    'local-storage': { podPVCs: [provisionedPVC], capacities: [node1Capacity], provisions: [[provisionedPVC, node1Capacity]] },
    multiple: { podPVCs: [provisionedPVC], capacities: [networkAttachedCapacity, node2Capacity, node1Capacity], provisions: [[provisionedPVC, node1Capacity]] },
    'no-storage': { podPVCs: [provisionedPVC], reasons: [ErrReasonNotEnoughSpace] },
    'wrong-node': { podPVCs: [provisionedPVC], capacities: [makeCapacity('net', waitClassWithProvisioner, 'node2', '1Gi', '')], reasons: [ErrReasonNotEnoughSpace] },
    'wrong-storage-class': { podPVCs: [provisionedPVC], capacities: [makeCapacity('net', waitClass, 'node1', '1Gi', '')], reasons: [ErrReasonNotEnoughSpace] },
    'insufficient-storage': { podPVCs: [provisionedPVC], capacities: [makeCapacity('net', waitClassWithProvisioner, 'node1', '1Mi', '')], reasons: [ErrReasonNotEnoughSpace] },
    'insufficient-volume-size': { podPVCs: [provisionedPVC], capacities: [makeCapacity('net', waitClassWithProvisioner, 'node1', '1Gi', '1Mi')], reasons: [ErrReasonNotEnoughSpace] },
    'zero-storage': { podPVCs: [provisionedPVC], capacities: [makeCapacity('net', waitClassWithProvisioner, 'node1', '0Mi', '')], reasons: [ErrReasonNotEnoughSpace] },
    'zero-volume-size': { podPVCs: [provisionedPVC], capacities: [makeCapacity('net', waitClassWithProvisioner, 'node1', '', '0Mi')], reasons: [ErrReasonNotEnoughSpace] },
    'nil-storage': { podPVCs: [provisionedPVC], capacities: [makeCapacity('net', waitClassWithProvisioner, 'node1', '', '')], reasons: [ErrReasonNotEnoughSpace] },
  };
  describe.each([true, false])('CSIDriver.StorageCapacity=%s', (optIn) => {
    it.each(Object.entries(scenarios))('%s', (_name, s) => {
      const got = run(s, makeCSIDriver(optIn));
      // the driver does not opt in: no reasons, and the provisions carry no capacity
      expect(got.reasons).toEqual(optIn ? s.reasons ?? [] : []);
      if ((s.reasons ?? []).length > 0) return;
      expect(got.dynamicProvisions.map((p) => [p.pvc.metadata?.name, p.capacity])).toEqual(
        (s.provisions ?? []).map((p) => (Array.isArray(p) ? [p[0].metadata?.name, optIn ? p[1] : undefined] : [p.metadata?.name, undefined])),
      );
    });
  });
});

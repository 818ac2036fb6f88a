// VolumeBinding's PreFilter (volume_binding.go podHasPVCs and PreFilter, kubernetes@v1.33.13 … v1.37.2): the texts of
// its UnschedulableAndUnresolvable statuses, as the FitError prints them (fmt %q of the claim's and volume's names),
// and our details for the unbound immediate claims. The plugin's own function: through the engine, the claim model
// names such claims not modelled first (engine/not-modelled.ts).
import type { PersistentVolumeClaim, Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../../core/types';
import { storageListers } from '../../storage';
import { podHasPVCs, preFilter } from './index';

const k = (o: object) => o as KubeObject;

const WAIT = k({ kind: 'StorageClass', apiVersion: 'storage.k8s.io/v1', metadata: { name: 'wait' }, provisioner: 'csi.example.com', volumeBindingMode: 'WaitForFirstConsumer' });
const IMMEDIATE = k({ kind: 'StorageClass', apiVersion: 'storage.k8s.io/v1', metadata: { name: 'now' }, provisioner: 'csi.example.com', volumeBindingMode: 'Immediate' });
const pod = (volumes: object[], metadata: Pod['metadata'] = { name: 'p', namespace: 'default', uid: 'pod-uid' }): Pod => ({ kind: 'Pod', apiVersion: 'v1', metadata, spec: { containers: [{ name: 'c', image: 'i' }], volumes } as Pod['spec'] });
const pvcVolume = (claimName: string) => ({ name: claimName, persistentVolumeClaim: { claimName } });
const claim = (name: string, spec: PersistentVolumeClaim['spec'] | undefined, extra: Partial<PersistentVolumeClaim> = {}): KubeObject =>
  ({ kind: 'PersistentVolumeClaim', apiVersion: 'v1', metadata: { name, namespace: 'default' }, ...(spec ? { spec } : {}), ...extra }) as KubeObject;

/** The PreFilter's rejection: plugin, code, reasons and details. */
function rejection(p: Pod, objects: KubeObject[]) {
  const r = preFilter(p, storageListers([WAIT, IMMEDIATE, ...objects]), true);
  if (!('reject' in r)) throw new Error(`not rejected: ${JSON.stringify(r)}`);
  return { plugin: r.reject.plugin, code: r.reject.code, reasons: r.reject.reasons, details: r.reject.details };
}

test('a pod without claims Skips', () => {
  expect(preFilter(pod([{ name: 'c', configMap: { name: 'c' } }]), storageListers([]), true)).toEqual({ skip: true });
});

test.each<[string, Pod, KubeObject[], string]>([
  ['an ephemeral volume whose claim is not made yet', pod([{ name: 'scratch', ephemeral: { volumeClaimTemplate: { spec: {} } } }]), [], 'waiting for ephemeral volume controller to create the persistentvolumeclaim "p-scratch"'],
  [
    "an ephemeral volume's claim the pod does not own (ephemeral.VolumeIsForPod)", pod([{ name: 'scratch', ephemeral: { volumeClaimTemplate: { spec: {} } } }]),
    [claim('p-scratch', { storageClassName: 'wait' })], 'PVC default/p-scratch was not created for pod default/p (pod is not owner)',
  ],
  ['a Lost claim that names no volume', pod([pvcVolume('data')]), [claim('data', { storageClassName: 'wait' }, { status: { phase: 'Lost' } })], 'persistentvolumeclaim "data" bound to non-existent persistentvolume ""'],
  ['a Lost claim without spec', pod([pvcVolume('data')]), [claim('data', undefined, { status: { phase: 'Lost' } })], 'persistentvolumeclaim "data" bound to non-existent persistentvolume ""'],
])('podHasPVCs: %s', (_name, p, objects, text) => {
  // the status's one reason, and the same text as its detail
  expect(rejection(p, objects)).toEqual({ plugin: 'VolumeBinding', code: 'UnschedulableAndUnresolvable', reasons: [text], details: [text] });
});

test("a pod without a namespace (or metadata) reads its claims in 'default', as the API server defaults it", () => {
  const storage = storageListers([WAIT, claim('data', { storageClassName: 'wait' })]);
  expect(podHasPVCs(pod([pvcVolume('data')], { name: 'p' }), storage)).toBe('ok');
  expect(podHasPVCs({ spec: { containers: [], volumes: [pvcVolume('data')] } }, storage)).toBe('ok');
});

test('unbound immediate claims: the reason, and per claim why it is not the scheduler that binds it', () => {
  const p = pod([pvcVolume('named'), pvcVolume('now'), pvcVolume('beta'), pvcVolume('classless'), pvcVolume('bare')]);
  const objects = [
    claim('named', { storageClassName: 'wait', volumeName: 'pv-1' }), claim('now', { storageClassName: 'now' }),
    // the class as GetPersistentVolumeClaimClass reads it: the beta annotation first
    claim('beta', {}, { metadata: { name: 'beta', namespace: 'default', annotations: { 'volume.beta.kubernetes.io/storage-class': 'now' } } }),
    claim('classless', {}), claim('bare', undefined),
  ];
  expect(rejection(p, objects)).toEqual({
    plugin: 'VolumeBinding', code: 'UnschedulableAndUnresolvable', reasons: ['pod has unbound immediate PersistentVolumeClaims'],
    details: [
      'PersistentVolumeClaim named names PersistentVolume pv-1 but is not bound yet (no pv.kubernetes.io/bind-completed)',
      'PersistentVolumeClaim now is unbound and its StorageClass "now" binds Immediately (or is missing): the PV controller binds it, not the scheduler',
      'PersistentVolumeClaim beta is unbound and its StorageClass "now" binds Immediately (or is missing): the PV controller binds it, not the scheduler',
      'PersistentVolumeClaim classless is unbound and its StorageClass "" binds Immediately (or is missing): the PV controller binds it, not the scheduler',
      'PersistentVolumeClaim bare is unbound and its StorageClass "" binds Immediately (or is missing): the PV controller binds it, not the scheduler',
    ],
  });
});

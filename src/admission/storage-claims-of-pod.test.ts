// The claims a pod uses (admission/storage.ts claimsOfPod, workloadClaims) and the generic ephemeral volume
// controller's claim (ephemeralClaim, volumeIsForPod) beyond upstream's TestSyncHandler (storage.test.ts): Go's zero
// values for what an offline pod or claim leaves out, and the claims created for a pod found by name and namespace.
// Cited at kubernetes@v1.37.2 pkg/controller/volume/ephemeral/controller.go and component-helpers@v0.37.2
// storage/ephemeral/ephemeral.go (the same at v1.33.13 … v1.36.3).
import type { PersistentVolumeClaim, Volume } from 'kubernetes-types/core/v1';
import type { KubeObject, Pod } from '../core/types';
import { claimsOfPod, ephemeralClaim, ephemeralClaimName, volumeIsForPod, workloadClaims, type ClaimSource } from './storage';

const cluster = (claims: PersistentVolumeClaim[] = []): ClaimSource => ({
  claim: (ns, name) => claims.find((c) => c.metadata?.name === name && (c.metadata?.namespace || 'default') === ns),
  storageClasses: () => [],
});
const scratch: Volume = { name: 'scratch', ephemeral: { volumeClaimTemplate: { spec: { accessModes: ['ReadWriteOnce'] } } } };
const podRef = (name: string, uid: string) => ({ apiVersion: 'v1', kind: 'Pod', name, uid, controller: true, blockOwnerDeletion: true });

// ephemeral.VolumeClaimName (pod.Name + "-" + volume.Name) and handleVolume's claim, for a pod without metadata
// (an offline pod in the default namespace)
describe('an ephemeral volume of a pod without metadata', () => {
  test('the claim is "-<volume>" in the default namespace, owned by a pod of empty name and uid', () => {
    const pod: Pod = { apiVersion: 'v1', kind: 'Pod', spec: { containers: [], volumes: [scratch] } };
    expect(ephemeralClaimName(pod, scratch)).toBe('-scratch');
    expect(ephemeralClaim(pod, scratch)).toEqual({
      apiVersion: 'v1', kind: 'PersistentVolumeClaim',
      metadata: { name: '-scratch', namespace: 'default', ownerReferences: [podRef('', '')] },
      spec: { accessModes: ['ReadWriteOnce'] },
    });
    expect(claimsOfPod(pod, cluster()).map((c) => [c.volume, c.name, c.claim?.metadata?.name, c.created])).toEqual([['scratch', '-scratch', '-scratch', true]]);
  });
  test('a volume of another source has no claim; one without its template, an empty one', () => {
    const pod: Pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'ns', uid: 'u' }, spec: { containers: [] } };
    expect(ephemeralClaim(pod, { name: 'cm', configMap: { name: 'x' } })).toBeUndefined();
    expect(ephemeralClaim(pod, { name: 'e', ephemeral: {} })).toEqual({
      apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'p-e', namespace: 'ns', ownerReferences: [podRef('p', 'u')] }, spec: {},
    });
  });
});

// ephemeral.VolumeIsForPod: pvc.Namespace == pod.Namespace and metav1.IsControlledBy(pvc, pod), which compares the
// controller ref's UID with the pod's
describe('VolumeIsForPod', () => {
  const pod = (metadata?: Pod['metadata']): Pod => ({ apiVersion: 'v1', kind: 'Pod', ...(metadata ? { metadata } : {}), spec: { containers: [] } });
  const claim = (metadata?: PersistentVolumeClaim['metadata']): PersistentVolumeClaim => ({ ...(metadata ? { metadata } : {}), spec: {} });
  test('the pod controls the claim in its namespace; in another namespace it does not', () => {
    const owned = claim({ name: 'p-e', namespace: 'a', ownerReferences: [podRef('p', 'u')] });
    expect(volumeIsForPod(pod({ name: 'p', namespace: 'a', uid: 'u' }), owned)).toBeUndefined();
    expect(volumeIsForPod(pod({ name: 'p', namespace: 'b', uid: 'u' }), owned)).toBe('PVC a/p-e was not created for pod b/p (pod is not owner)');
    // controlled by another pod (another uid), even of the same name
    expect(volumeIsForPod(pod({ name: 'p', namespace: 'a', uid: 'other' }), owned)).toBe('PVC a/p-e was not created for pod a/p (pod is not owner)');
  });
  test('a claim without owners, or without metadata, is not the pod\'s', () => {
    expect(volumeIsForPod(pod({ name: 'p', namespace: 'a', uid: 'u' }), claim({ name: 'p-e', namespace: 'a' }))).toBe('PVC a/p-e was not created for pod a/p (pod is not owner)');
    expect(volumeIsForPod(pod(), claim())).toBe('PVC default/ was not created for pod default/ (pod is not owner)');
  });
  test('offline objects without namespace or uid: the default namespace, and the empty UIDs are equal', () => {
    expect(volumeIsForPod(pod(), claim({ name: '-e', ownerReferences: [podRef('', '')] }))).toBeUndefined();
    expect(volumeIsForPod(pod({ name: 'p' }), claim({ name: 'p-e', namespace: 'default', ownerReferences: [podRef('p', '')] }))).toBeUndefined();
    const { uid: _u, ...noUid } = podRef('p', '');
    expect(volumeIsForPod(pod({ name: 'p', namespace: 'default' }), claim({ name: 'p-e', ownerReferences: [noUid as ReturnType<typeof podRef>] }))).toBeUndefined();
  });
});

describe('claimsOfPod', () => {
  const pod = (namespace: string | undefined, volumes?: Volume[]): Pod => ({
    apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-0', ...(namespace ? { namespace } : {}) }, ...(volumes ? { spec: { containers: [], volumes } } : {}),
  });
  const pvc = (name: string, namespace?: string, storageClassName = 'gp3'): PersistentVolumeClaim => ({ metadata: { name, ...(namespace ? { namespace } : {}) }, spec: { storageClassName } });
  const data: Volume = { name: 'data', persistentVolumeClaim: { claimName: 'data-web-0' } };
  const summary = (cs: ReturnType<typeof claimsOfPod>) => cs.map((c) => [c.name, c.claim?.spec?.storageClassName, c.created]);

  test('a pod without namespace reads its claims in the default namespace; a pod without spec has none', () => {
    expect(summary(claimsOfPod(pod(undefined, [data]), cluster([pvc('data-web-0', 'default')])))).toEqual([['data-web-0', 'gp3', false]]);
    expect(claimsOfPod(pod('default'), cluster())).toEqual([]);
  });
  test('a created claim is found by its name and the pod\'s namespace (a claim without one is in default)', () => {
    expect(summary(claimsOfPod(pod('default', [data]), cluster(), [pvc('data-web-0')]))).toEqual([['data-web-0', 'gp3', true]]);
    expect(summary(claimsOfPod(pod('default', [data]), cluster(), [pvc('data-web-0', 'other')]))).toEqual([['data-web-0', undefined, false]]);
    expect(summary(claimsOfPod(pod('default', [data]), cluster(), [pvc('logs-web-0', 'default'), { spec: {} }]))).toEqual([['data-web-0', undefined, false]]);
    expect(summary(claimsOfPod(pod('ns', [data]), cluster(), [pvc('data-web-0', 'default'), pvc('data-web-0', 'ns', 'io2')]))).toEqual([['data-web-0', 'io2', true]]);
  });
  test('a claim in the cluster is the one used, not a created one of the same name', () => {
    expect(summary(claimsOfPod(pod('ns', [data]), cluster([pvc('data-web-0', 'ns', 'io2')]), [pvc('data-web-0', 'ns')]))).toEqual([['data-web-0', 'io2', false]]);
  });
});

// createPersistentVolumeClaims is the StatefulSet controller's: a workload of another kind, even one with a
// spec.volumeClaimTemplates of its own (OpenKruise's CloneSet), creates none here
test('workloadClaims: only a StatefulSet\'s templates make claims', () => {
  const templates = { volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: {} }] };
  expect(workloadClaims({ apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', metadata: { name: 'c' }, spec: templates } as KubeObject, 0, cluster())).toEqual([]);
  expect(workloadClaims({ apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'c' }, spec: templates } as KubeObject, 0, cluster()).map((c) => c.metadata?.name)).toEqual(['data-c-0']);
});

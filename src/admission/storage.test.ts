// The create path of claims (admission/storage.ts), with upstream's own tests ported. The ported files are the same
// at every supported tag for what is ported here (kubernetes@v1.33.13 … v1.37.2; cited at v1.37.2).
import type { PersistentVolumeClaim, Volume } from 'kubernetes-types/core/v1';
import type { StorageClass } from 'kubernetes-types/storage/v1';
import type { KubeObject, Pod } from '../core/types';
import {
  admitClaim, claimOwnerReferences, claimsOfPod, defaultStorageClass, ephemeralClaim, retentionPolicy, statefulSetClaims, statefulSetPodVolumes,
  storageMatches, volumeIsForPod, workloadClaims, type ClaimSource,
} from './storage';

const sc = (name: string, annotations?: Record<string, string>, creationTimestamp?: string): StorageClass => ({
  apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', provisioner: name, metadata: { name, ...(annotations ? { annotations } : {}), ...(creationTimestamp ? { creationTimestamp } : {}) },
});
const pvc = (name: string, spec: PersistentVolumeClaim['spec'] = {}, annotations?: Record<string, string>): PersistentVolumeClaim => ({
  apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name, namespace: 'ns', ...(annotations ? { annotations } : {}) }, spec,
});

// kubernetes@v1.37.2 plugin/pkg/admission/storage/storageclass/setdefault/admission_test.go TestAdmission (the same
// table at v1.33.13, v1.34.4, v1.35.4, v1.36.3)
describe('DefaultStorageClass admission (setdefault TestAdmission)', () => {
  const IS_DEFAULT = 'storageclass.kubernetes.io/is-default-class';
  const defaultClass1 = sc('default1', { [IS_DEFAULT]: 'true' });
  const defaultClass2 = sc('default2', { [IS_DEFAULT]: 'true' });
  const classWithFalseDefault = sc('nondefault1', { [IS_DEFAULT]: 'false' });
  const classWithNoDefault = sc('nondefault2');
  const classWithEmptyDefault = sc('nondefault2', { [IS_DEFAULT]: '' });
  // time.Date(2022, 1, 1, 0, 0, 0, 1 / 0, UTC): one nanosecond apart
  const classWithCreateTime1 = sc('default1', { [IS_DEFAULT]: 'true' }, '2022-01-01T00:00:00.000000001Z');
  const classWithCreateTime2 = sc('default2', { [IS_DEFAULT]: 'true' }, '2022-01-01T00:00:00Z');
  const claimWithClass = pvc('claimWithClass', { storageClassName: 'foo' });
  const claimWithEmptyClass = pvc('claimWithEmptyClass', { storageClassName: '' });
  const claimWithNoClass = pvc('claimWithNoClass');
  const nonDefaults = [classWithFalseDefault, classWithNoDefault, classWithEmptyDefault];

  test.each([
    ['no default, no modification of PVCs', nonDefaults, claimWithNoClass, ''],
    ['one default, modify PVC with class=nil', [defaultClass1, ...nonDefaults], claimWithNoClass, 'default1'],
    ["one default, no modification of PVC with class=''", [defaultClass1, ...nonDefaults], claimWithEmptyClass, ''],
    ["one default, no modification of PVC with class='foo'", [defaultClass1, ...nonDefaults], claimWithClass, 'foo'],
    ["two defaults, no modification of PVC with class=''", [defaultClass1, defaultClass2, ...nonDefaults], claimWithEmptyClass, ''],
    ["two defaults, no modification of PVC with class='foo'", [defaultClass1, defaultClass2, ...nonDefaults], claimWithClass, 'foo'],
    ['two defaults with same creation time, choose the one with smaller name', [defaultClass1, defaultClass2, ...nonDefaults], claimWithNoClass, 'default1'],
    ['two defaults, choose the one with newer creation time', [classWithCreateTime1, classWithCreateTime2, ...nonDefaults], claimWithNoClass, 'default1'],
  ])('%s', (_name, classes, claim, expected) => {
    const before = structuredClone(claim);
    expect(admitClaim(claim, classes).spec?.storageClassName ?? '').toBe(expected);
    // the claim given is never changed (upstream's test deep-copies it first)
    expect(claim).toEqual(before);
  });

  // helper.PersistentVolumeClaimHasClass and util.GetDefaultClass beyond the table (pkg/apis/core/helper/helpers.go,
  // pkg/volume/util/storageclass.go at v1.37.2)
  test('the beta annotations: a claim with volume.beta.kubernetes.io/storage-class (even "") has a class; a beta default counts', () => {
    expect(admitClaim(pvc('c', {}, { 'volume.beta.kubernetes.io/storage-class': '' }), [defaultClass1]).spec?.storageClassName).toBeUndefined();
    expect(defaultStorageClass([sc('old', { 'storageclass.beta.kubernetes.io/is-default-class': 'true' })])?.metadata?.name).toBe('old');
    // newest first whatever the order given; a class without a timestamp (a manifest) is older than any dumped one
    expect(defaultStorageClass([classWithCreateTime2, classWithCreateTime1])?.metadata?.name).toBe('default1');
    expect(defaultStorageClass([sc('a', { [IS_DEFAULT]: 'true' }), sc('z', { [IS_DEFAULT]: 'true' }, '2020-05-01T10:00:00Z')])?.metadata?.name).toBe('z');
    expect(defaultStorageClass([sc('a', { [IS_DEFAULT]: 'True' })])).toBeUndefined();
  });
});

// kubernetes@v1.37.2 pkg/controller/statefulset/stateful_set_utils_test.go (the claim functions are the same at
// v1.33.13 … v1.36.3): newStatefulSet(3) has one claim template `datadir` and a hostPath volume `home`
const newPVC = (name: string): PersistentVolumeClaim => ({ metadata: { namespace: 'default', name }, spec: { resources: { requests: { storage: '1' } } } }) as PersistentVolumeClaim;
function newStatefulSet(replicas: number, extra: Record<string, unknown> = {}) {
  return {
    apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'foo', namespace: 'default', uid: 'test' },
    spec: {
      selector: { matchLabels: { foo: 'bar' } as Record<string, string> | undefined }, replicas, serviceName: 'governingsvc',
      template: { metadata: { labels: { foo: 'bar' } }, spec: { containers: [{ name: 'nginx', image: 'nginx' }], volumes: [{ name: 'home', hostPath: { path: '/tmp/home' } }] as Volume[] } },
      volumeClaimTemplates: [newPVC('datadir')],
      persistentVolumeClaimRetentionPolicy: { whenScaled: 'Retain', whenDeleted: 'Retain' },
      ...extra,
    },
  };
}
/** newStatefulSetPod: the pod of the ordinal, with updateStorage's volumes. */
const newStatefulSetPod = (set: ReturnType<typeof newStatefulSet>, ordinal: number): Pod => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name: `foo-${ordinal}`, namespace: 'default' },
  spec: { containers: [{ name: 'nginx', image: 'nginx' }], volumes: statefulSetPodVolumes(set, ordinal, set.spec.template.spec.volumes) },
});

describe('the StatefulSet controller\'s claims', () => {
  test('TestStorageMatches', () => {
    const set = newStatefulSet(3);
    expect(storageMatches(set, newStatefulSetPod(set, 1))).toBe(true);
    const noVolumes = newStatefulSetPod(set, 1);
    noVolumes.spec!.volumes = undefined;
    expect(storageMatches(set, noVolumes)).toBe(false);
    const noClaims = newStatefulSetPod(set, 1);
    noClaims.spec!.volumes = noClaims.spec!.volumes!.map((v) => ({ name: v.name, emptyDir: {} }));
    expect(storageMatches(set, noClaims)).toBe(false);
    const foo = newStatefulSetPod(set, 1);
    foo.spec!.volumes = foo.spec!.volumes!.map((v) => (v.persistentVolumeClaim ? { ...v, persistentVolumeClaim: { claimName: 'foo' } } : v));
    expect(storageMatches(set, foo)).toBe(false);
    const bar = newStatefulSetPod(set, 1);
    bar.metadata!.name = 'bar';
    expect(storageMatches(set, bar)).toBe(false);
  });

  test('TestUpdateStorage: the claim volumes are put back (the template first, its other volumes kept)', () => {
    const set = newStatefulSet(3);
    const pod = newStatefulSetPod(set, 1);
    expect(pod.spec!.volumes).toEqual([{ name: 'datadir', persistentVolumeClaim: { claimName: 'datadir-foo-1', readOnly: false } }, { name: 'home', hostPath: { path: '/tmp/home' } }]);
    for (const broken of [undefined, [{ name: 'datadir', emptyDir: {} }], [{ name: 'datadir', persistentVolumeClaim: { claimName: 'foo' } }]] as Array<Volume[] | undefined>) {
      const p = { ...pod, spec: { ...pod.spec!, volumes: broken } };
      expect(storageMatches(set, p)).toBe(false);
      p.spec.volumes = statefulSetPodVolumes(set, 1, p.spec.volumes);
      expect(storageMatches(set, p)).toBe(true);
    }
  });

  test('TestGetPersistentVolumeClaimRetentionPolicy (and the API server\'s defaults for a field left empty)', () => {
    expect(retentionPolicy(newStatefulSet(1))).toEqual({ whenScaled: 'Retain', whenDeleted: 'Retain' });
    expect(retentionPolicy(newStatefulSet(1, { persistentVolumeClaimRetentionPolicy: { whenScaled: 'Delete', whenDeleted: 'Retain' } }))).toEqual({ whenScaled: 'Delete', whenDeleted: 'Retain' });
    expect(retentionPolicy(newStatefulSet(1, { persistentVolumeClaimRetentionPolicy: undefined }))).toEqual({ whenScaled: 'Retain', whenDeleted: 'Retain' });
    expect(retentionPolicy(newStatefulSet(1, { persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Delete' } }))).toEqual({ whenScaled: 'Retain', whenDeleted: 'Delete' });
  });

  test('TestGetPersistentVolumeClaims: <template>-<set>-<ordinal>, the set\'s namespace, labels merged with the selector winning', () => {
    const set = newStatefulSet(1);
    set.spec.selector.matchLabels = undefined;
    const expected = (labels?: Record<string, string>) => [{ template: 'datadir', claim: { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { namespace: 'default', name: 'datadir-foo-0', ...(labels ? { labels } : {}) }, spec: { resources: { requests: { storage: '1' } } } } }];
    expect(statefulSetClaims(set, 0)).toEqual(expected());
    set.spec.selector.matchLabels = { test: 'test' };
    expect(statefulSetClaims(set, 0)).toEqual(expected({ test: 'test' }));
    set.spec.selector.matchLabels = { name: 'foo' };
    set.spec.volumeClaimTemplates[0].metadata!.labels = { test: 'test' };
    expect(statefulSetClaims(set, 0)).toEqual(expected({ test: 'test', name: 'foo' }));
    set.spec.selector.matchLabels = { test: 'foo' };
    expect(statefulSetClaims(set, 0)).toEqual(expected({ test: 'foo' }));
    // the template itself is not changed
    expect(set.spec.volumeClaimTemplates[0].metadata).toEqual({ namespace: 'default', name: 'datadir', labels: { test: 'test' } });
  });

  // TestUpdateClaimOwnerRefForSetAndPod: every case, each over the 8 variations of refs already there
  test.each([
    ['retain', 'Retain', 'Retain', false, false, false, false],
    ['delete with set', 'Retain', 'Delete', false, false, true, false],
    ['delete with scaledown, not condemned', 'Delete', 'Retain', false, false, false, false],
    ['delete on scaledown, condemned', 'Delete', 'Retain', true, true, false, false],
    ['delete on both, not condemned', 'Delete', 'Delete', false, false, true, false],
    ['delete on both, condemned', 'Delete', 'Delete', true, true, false, false],
    ['unexpected controller', 'Delete', 'Delete', true, false, false, true],
  ])('TestUpdateClaimOwnerRefForSetAndPod %s', (_name, whenScaled, whenDeleted, condemned, needsPodRef, needsSetRef, unexpectedController) => {
    const set = { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'ss', uid: 'ss-123' }, spec: { replicas: 5, persistentVolumeClaimRetentionPolicy: { whenScaled, whenDeleted } } };
    const pod = { name: condemned ? 'pod-8' : 'pod-1', uid: 'pod-456' };
    for (let variations = 0; variations < 8; variations++) {
      const refs = [
        ...((variations & 1) !== 0 ? [{ apiVersion: 'v1', kind: 'Pod', name: pod.name, uid: pod.uid, controller: true, blockOwnerDeletion: true }] : []),
        ...((variations & 2) !== 0 ? [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'ss', uid: 'ss-123', controller: true, blockOwnerDeletion: true }] : []),
        // (variations & 3) as upstream writes it: the extra owner should not affect ours
        ...((variations & 3) !== 0 ? [{ apiVersion: 'custom/v1', kind: 'random', name: 'random', uid: 'abc' }] : []),
        ...(unexpectedController ? [{ apiVersion: 'custom/v1', kind: 'Unknown', name: 'unknown', uid: 'xyz', controller: true }] : []),
      ];
      const out = claimOwnerReferences(refs, set, pod);
      const check = (uid: string) => out.find((r) => r.uid === uid)?.controller === true;
      expect([variations, check(pod.uid), check('ss-123')]).toEqual([variations, needsPodRef, needsSetRef]);
    }
  });

  test('a new claim of a scaled set carries the retention policy\'s owner (metav1.NewControllerRef of the set)', () => {
    const set = newStatefulSet(2, { persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Delete', whenScaled: 'Retain' } });
    expect(statefulSetClaims(set, 1)[0].claim.metadata?.ownerReferences).toEqual([{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'foo', uid: 'test', controller: true, blockOwnerDeletion: true }]);
    // whenScaled: Delete owns an ordinal out of range by its pod (a pod without a uid offline: upstream's empty UID)
    const scaled = newStatefulSet(2, { persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Retain', whenScaled: 'Delete' } });
    expect(statefulSetClaims(scaled, 1)[0].claim.metadata?.ownerReferences).toBeUndefined();
    expect(statefulSetClaims(scaled, 2)[0].claim.metadata?.ownerReferences).toEqual([{ apiVersion: 'v1', kind: 'Pod', name: 'foo-2', uid: '', controller: true, blockOwnerDeletion: true }]);
  });

  test('workloadClaims: the claims created before the pod, through DefaultStorageClass admission; a claim of that name is reused as is', () => {
    const set = newStatefulSet(3);
    const gp3 = sc('gp3', { 'storageclass.kubernetes.io/is-default-class': 'true' });
    const cluster = (claims: PersistentVolumeClaim[]): ClaimSource => ({
      claim: (ns, name) => claims.find((c) => c.metadata?.name === name && (c.metadata?.namespace || 'default') === ns),
      storageClasses: () => [gp3],
    });
    const [created] = workloadClaims(set, 2, cluster([]));
    expect(created.metadata?.name).toBe('datadir-foo-2');
    expect(created.spec?.storageClassName).toBe('gp3');
    const existing = { ...pvc('datadir-foo-2', { storageClassName: 'io2' }), metadata: { name: 'datadir-foo-2', namespace: 'default' } };
    expect(workloadClaims(set, 2, cluster([existing]))).toEqual([existing]);
    expect(workloadClaims({ kind: 'Deployment', metadata: { name: 'd' } } as KubeObject, 0, cluster([]))).toEqual([]);
    // the pod's claims: the created one is found for the pod's volume
    const pod = newStatefulSetPod(set, 2);
    expect(claimsOfPod(pod, cluster([]), [created]).map((c) => [c.volume, c.name, c.claim?.spec?.storageClassName, c.created])).toEqual([['datadir', 'datadir-foo-2', 'gp3', true]]);
    expect(claimsOfPod(pod, cluster([existing]), [created]).map((c) => [c.name, c.claim?.spec?.storageClassName, c.created])).toEqual([['datadir-foo-2', 'io2', false]]);
    expect(claimsOfPod(pod, cluster([])).map((c) => [c.name, c.claim, c.created])).toEqual([['datadir-foo-2', undefined, false]]);
  });
});

// kubernetes@v1.37.2 pkg/controller/volume/ephemeral/controller_test.go TestSyncHandler (the same cases at
// v1.33.13 … v1.36.3). "no-such-pod" and "create-conflict" are about the informers and the API's create call, which
// have no offline counterpart.
describe('generic ephemeral volumes (ephemeral TestSyncHandler)', () => {
  const testPod = (volumes: Volume[] = [], extra: Record<string, unknown> = {}): Pod => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'test-pod', namespace: 'my-namespace', uid: 'uidpod1', ...extra }, spec: { containers: [], volumes } });
  const ephemeralVolume: Volume = { name: 'ephemeral-volume', ephemeral: { volumeClaimTemplate: { spec: {} } } };
  const testPodWithEphemeral = testPod([ephemeralVolume]);
  const makePVC = (namespace: string, owner?: boolean): PersistentVolumeClaim => ({
    metadata: {
      name: 'test-pod-ephemeral-volume', namespace,
      ...(owner ? { ownerReferences: [{ apiVersion: 'v1', kind: 'Pod', name: 'test-pod', uid: 'uidpod1', controller: true, blockOwnerDeletion: true }] } : {}),
    },
    spec: {},
  });
  const testPodEphemeralClaim = makePVC('my-namespace', true);
  const conflictingClaim = makePVC('my-namespace');
  const otherNamespaceClaim = makePVC('not-my-namespace');
  const cluster = (claims: PersistentVolumeClaim[]): ClaimSource => ({
    claim: (ns, name) => claims.find((c) => c.metadata?.name === name && c.metadata?.namespace === ns),
    storageClasses: () => [],
  });
  const { apiVersion: _a, kind: _k, ...created } = ephemeralClaim(testPodWithEphemeral, ephemeralVolume)!;

  test('create', () => {
    expect(created).toEqual(testPodEphemeralClaim);
    expect(claimsOfPod(testPodWithEphemeral, cluster([]))).toEqual([{ volume: 'ephemeral-volume', name: 'test-pod-ephemeral-volume', claim: { apiVersion: 'v1', kind: 'PersistentVolumeClaim', ...testPodEphemeralClaim }, created: true }]);
  });
  test('pod-deleted: no claim is created for a pod being deleted', () => {
    expect(claimsOfPod(testPod([ephemeralVolume], { deletionTimestamp: '2026-01-01T00:00:00Z' }), cluster([]))).toEqual([{ volume: 'ephemeral-volume', name: 'test-pod-ephemeral-volume', created: false }]);
  });
  test('no-volumes', () => {
    expect(claimsOfPod(testPod(), cluster([]))).toEqual([]);
  });
  test('create-with-other-PVC: a claim of that name in another namespace is not the pod\'s', () => {
    expect(claimsOfPod(testPodWithEphemeral, cluster([otherNamespaceClaim]))[0]).toMatchObject({ created: true, claim: testPodEphemeralClaim });
  });
  test('wrong-PVC-owner: the existing claim is kept, with upstream\'s error (ephemeral.VolumeIsForPod)', () => {
    const [c] = claimsOfPod(testPodWithEphemeral, cluster([conflictingClaim]));
    expect(c).toEqual({ volume: 'ephemeral-volume', name: 'test-pod-ephemeral-volume', claim: conflictingClaim, created: false, error: 'PVC my-namespace/test-pod-ephemeral-volume was not created for pod my-namespace/test-pod (pod is not owner)' });
    expect(volumeIsForPod(testPodWithEphemeral, testPodEphemeralClaim)).toBeUndefined();
    // an owner that is not the controller does not make the claim the pod's (metav1.IsControlledBy)
    const notController = { ...testPodEphemeralClaim, metadata: { ...testPodEphemeralClaim.metadata, ownerReferences: [{ ...testPodEphemeralClaim.metadata!.ownerReferences![0], controller: false }] } };
    expect(volumeIsForPod(testPodWithEphemeral, notController)).toMatch(/pod is not owner/);
  });
  test('the created claim carries the template\'s labels and annotations and goes through DefaultStorageClass admission', () => {
    const volume: Volume = { name: 'scratch', ephemeral: { volumeClaimTemplate: { metadata: { labels: { a: 'b' }, annotations: { c: 'd' } }, spec: { accessModes: ['ReadWriteOnce'] } } } };
    const gp3 = sc('gp3', { 'storageclass.kubernetes.io/is-default-class': 'true' });
    const [c] = claimsOfPod(testPod([volume, { name: 'cm', configMap: { name: 'x' } }]), { claim: () => undefined, storageClasses: () => [gp3] });
    expect(c.claim?.metadata).toMatchObject({ name: 'test-pod-scratch', labels: { a: 'b' }, annotations: { c: 'd' } });
    expect(c.claim?.spec).toEqual({ accessModes: ['ReadWriteOnce'], storageClassName: 'gp3' });
  });
});

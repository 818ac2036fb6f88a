// storage.ts at its edges: objects that lack a field (Go's zero values: no spec, no metadata, no name), the claim
// reference a PV is pre-bound with, the error texts of a bad quantity, whole units, and FindMatchingVolume's filters
// one at a time. Cases are ours, from component-helpers/storage (v0.33.13 … v0.37.2, the same code) as cited.
import type { PersistentVolume, PersistentVolumeClaim } from 'kubernetes-types/core/v1';
import type { StorageClass } from 'kubernetes-types/storage/v1';
import {
  checkAccessModes, findMatchingVolume, isDelayBindingMode, isFullyBound, isVolumeBoundToClaim, matchTopologySelectorTerms, requestedStorage,
  storageAmount, StorageRuleError, volumeCapacity, volumeIsForPod, volumeModeMismatch, wholeUnits,
} from './storage';

const BAD_QUANTITY = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

describe('(ours) the helpers on objects without spec or metadata (Go reads zero values)', () => {
  test('pv_helpers.go IsDelayBindingMode: no class is not delayed, whatever the lister holds', () => {
    const wait: StorageClass = { metadata: { name: '' }, provisioner: 'p', volumeBindingMode: 'WaitForFirstConsumer' };
    expect(isDelayBindingMode({ spec: {} }, () => wait)).toBe(false);
    expect(isDelayBindingMode({ spec: { storageClassName: 'x' } }, () => wait)).toBe(true);
  });
  test('binder.go isPVCFullyBound, CheckAccessModes, CheckVolumeModeMismatches', () => {
    expect(isFullyBound({})).toBe(false);
    expect(checkAccessModes({}, {})).toBe(true);
    expect(checkAccessModes({ spec: { accessModes: ['ReadWriteOnce'] } }, {})).toBe(false);
    expect(volumeModeMismatch({}, {})).toBe(false);
  });
  test('no requested storage or capacity is 0', () => {
    expect(requestedStorage({})).toBe(0n);
    expect(requestedStorage({ spec: {} })).toBe(0n);
    expect(requestedStorage({ spec: { resources: {} } })).toBe(0n);
    expect(volumeCapacity({})).toBe(0n);
    expect(volumeCapacity({ spec: {} })).toBe(0n);
    expect(volumeCapacity({ spec: { capacity: { storage: '1Gi' } } })).toBe(1073741824n * 1_000_000_000n);
  });
});

describe('(ours) a bad quantity is a StorageRuleError naming the field', () => {
  const thrown = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      return e;
    }
    return undefined;
  };
  test.each<[string, () => unknown, string]>([
    ['storageAmount', () => storageAmount('1x', 'what'), `what: ${BAD_QUANTITY}`],
    ['a claim', () => requestedStorage({ metadata: { name: 'c', namespace: 'ns' }, spec: { resources: { requests: { storage: 'x' } } } }), `PersistentVolumeClaim ns/c spec.resources.requests.storage: ${BAD_QUANTITY}`],
    ['a claim without metadata', () => requestedStorage({ spec: { resources: { requests: { storage: 'x' } } } }), `PersistentVolumeClaim default/ spec.resources.requests.storage: ${BAD_QUANTITY}`],
    ['a PV', () => volumeCapacity({ metadata: { name: 'pv1' }, spec: { capacity: { storage: 'x' } } }), `PersistentVolume pv1 spec.capacity.storage: ${BAD_QUANTITY}`],
    ['a PV without metadata', () => volumeCapacity({ spec: { capacity: { storage: 'x' } } }), `PersistentVolume  spec.capacity.storage: ${BAD_QUANTITY}`],
  ])('%s', (_name, f, message) => {
    const e = thrown(f);
    expect(e).toBeInstanceOf(StorageRuleError);
    expect((e as Error).message).toBe(message);
  });
  test('storageAmount of nothing is 0; of an amount, its nanos', () => {
    expect(storageAmount(undefined, 'what')).toBe(0n);
    expect(storageAmount('1500m', 'what')).toBe(1_500_000_000n);
  });
});

// resource.Quantity.Value(): "rounded up to the nearest integer away from 0"
describe('(ours) wholeUnits (Quantity.Value)', () => {
  test.each<[bigint, bigint]>([
    [0n, 0n],
    [1n, 1n],
    [1_000_000_000n, 1n],
    [1_000_000_001n, 2n],
    [-1n, -1n],
    [-1_500_000_000n, -2n],
    [-3_000_000_000n, -3n],
  ])('%s nanos => %s', (nanos, want) => expect(wholeUnits(nanos)).toBe(want));
});

// pv_helpers.go IsVolumeBoundToClaim: name and namespace equal, and the UID when the ref has one
describe('(ours) isVolumeBoundToClaim', () => {
  const bound = (ref: object | undefined, claim: PersistentVolumeClaim) => isVolumeBoundToClaim({ spec: { claimRef: ref } }, claim);
  test.each<[string, object | undefined, PersistentVolumeClaim, boolean]>([
    ['name, namespace', { name: 'c', namespace: 'ns' }, { metadata: { name: 'c', namespace: 'ns' } }, true],
    ['another name', { name: 'a', namespace: 'ns' }, { metadata: { name: 'b', namespace: 'ns' } }, false],
    ['a claim without a namespace is in default', { name: 'c', namespace: 'default' }, { metadata: { name: 'c' } }, true],
    ['a ref without a namespace names no claim', { name: 'c' }, { metadata: { name: 'c' } }, false],
    ['the ref\'s UID is another claim\'s', { name: 'c', namespace: 'ns', uid: 'u1' }, { metadata: { name: 'c', namespace: 'ns', uid: 'u2' } }, false],
    ['the ref\'s UID is the claim\'s', { name: 'c', namespace: 'ns', uid: 'u1' }, { metadata: { name: 'c', namespace: 'ns', uid: 'u1' } }, true],
    ['a ref without a UID: any claim of that name', { name: 'c', namespace: 'ns' }, { metadata: { name: 'c', namespace: 'ns', uid: 'u2' } }, true],
    ['no name on either side', { namespace: 'default' }, { metadata: { namespace: 'default' } }, true],
    ['a claim without metadata is nameless, in default, without a UID', { namespace: 'default', uid: 'u' }, {}, false],
    ['no claimRef', undefined, { metadata: { name: 'c' } }, false],
  ])('%s', (_name, ref, claim, want) => expect(bound(ref, claim)).toBe(want));
  test('a PV without a spec is bound to no claim', () => expect(isVolumeBoundToClaim({}, { metadata: { name: 'c' } })).toBe(false));
});

// pv_helpers.go FindMatchingVolume, each filter on its own (the scheduler's path: node labels given)
describe('(ours) findMatchingVolume: one filter at a time', () => {
  const available = (name: string, size: string, extra: Partial<NonNullable<PersistentVolume['spec']>> = {}): PersistentVolume => ({
    metadata: { name },
    spec: { capacity: { storage: size }, accessModes: ['ReadWriteOnce'], ...extra },
    status: { phase: 'Available' },
  });
  const claim = (extra: Partial<NonNullable<PersistentVolumeClaim['spec']>> = {}): PersistentVolumeClaim => ({
    metadata: { name: 'c', namespace: 'ns' },
    spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, ...extra },
  });
  const find = (c: PersistentVolumeClaim, volumes: PersistentVolume[], excluded?: string[]) =>
    findMatchingVolume(c, volumes, { nodeLabels: {}, excluded: excluded && new Set(excluded), delayBinding: true, vacEnabled: true })?.metadata?.name;

  test('the smallest that fits, whatever the order', () => {
    expect(find(claim(), [available('big', '200Gi'), available('small', '100Gi'), available('tiny', '1Mi')])).toBe('small');
    expect(find(claim(), [available('small', '100Gi'), available('big', '200Gi')])).toBe('small');
  });
  test('a PV of the other volumeMode, being deleted, or not Available does not match', () => {
    expect(find(claim({ volumeMode: 'Block' }), [available('fs', '2Gi')])).toBeUndefined();
    expect(find(claim(), [{ ...available('gone', '2Gi'), metadata: { name: 'gone', deletionTimestamp: '2026-01-01T00:00:00Z' } }])).toBeUndefined();
    expect(find(claim(), [{ ...available('new', '2Gi'), status: undefined }])).toBeUndefined();
    expect(find(claim(), [{ ...available('bound', '2Gi'), status: { phase: 'Bound' } }])).toBeUndefined();
  });
  test('a claim without a spec asks for nothing: any Available PV without a class matches', () => {
    expect(find({ metadata: { name: 'c' } }, [{ metadata: { name: 'bare' }, status: { phase: 'Available' } }], ['other'])).toBe('bare');
  });
  test('a PV without metadata: nameless (excluded by ""), unlabelled, not being deleted', () => {
    const nameless: PersistentVolume = { spec: { capacity: { storage: '2Gi' }, accessModes: ['ReadWriteOnce'] }, status: { phase: 'Available' } };
    const match = (c: PersistentVolumeClaim, excluded: string[]) => findMatchingVolume(c, [nameless], { nodeLabels: {}, excluded: new Set(excluded), delayBinding: true, vacEnabled: true });
    expect(match(claim(), ['other'])).toBe(nameless);
    expect(match(claim({ selector: {} }), ['other'])).toBe(nameless);
    expect(match(claim(), [''])).toBeUndefined();
  });
});

// pkg/apis/core/v1/helper/helpers.go MatchTopologySelectorTerms: `if len(topologySelectorTerms) == 0 { return true }`
test('(ours) matchTopologySelectorTerms: an empty list matches every node', () => {
  expect(matchTopologySelectorTerms([], {})).toBe(true);
  expect(matchTopologySelectorTerms([], { 'topology.kubernetes.io/zone': 'a' })).toBe(true);
});

// ephemeral.go VolumeIsForPod, metav1.IsControlledBy (GetControllerOf: the ownerRef with controller: true)
describe('(ours) volumeIsForPod', () => {
  const owner = (uid: string | undefined, controller: boolean) => [{ apiVersion: 'v1', kind: 'Pod', name: 'p', uid, controller }] as NonNullable<NonNullable<PersistentVolumeClaim['metadata']>['ownerReferences']>;
  test('an owner that is not the controller does not make the claim the pod\'s', () => {
    expect(volumeIsForPod({ metadata: { name: 'p', uid: 'u' } }, { metadata: { name: 'p-v', ownerReferences: owner('u', false) } }))
      .toBe('PVC default/p-v was not created for pod default/p (pod is not owner)');
  });
  test('no UID on either side is the same UID', () => {
    expect(volumeIsForPod({ metadata: { name: 'p' } }, { metadata: { name: 'p-v', ownerReferences: owner(undefined, true) } })).toBeUndefined();
  });
  test('a pod or claim without metadata: nameless, in default', () => {
    expect(volumeIsForPod({}, { metadata: { name: 'p-v', ownerReferences: owner('u', true) } })).toBe('PVC default/p-v was not created for pod default/ (pod is not owner)');
    expect(volumeIsForPod({ metadata: { name: 'p', uid: 'u' } }, {})).toBe('PVC default/ was not created for pod default/p (pod is not owner)');
  });
});

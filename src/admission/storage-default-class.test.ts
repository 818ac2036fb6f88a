// DefaultStorageClass admission (admission/storage.ts admitClaim, defaultStorageClass) beyond upstream's TestAdmission
// table (storage.test.ts): util.GetDefaultClass's order by creation time (to the nanosecond) then name, and Go's zero
// values for the fields an offline object leaves out. Cited at kubernetes@v1.37.2 (the same at v1.33.13 … v1.36.3).
import type { PersistentVolumeClaim } from 'kubernetes-types/core/v1';
import type { StorageClass } from 'kubernetes-types/storage/v1';
import { admitClaim, defaultStorageClass } from './storage';

const IS_DEFAULT = 'storageclass.kubernetes.io/is-default-class';
const defaultClass = (name: string | undefined, creationTimestamp?: unknown): StorageClass => ({
  apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', provisioner: 'p',
  metadata: { ...(name === undefined ? {} : { name }), annotations: { [IS_DEFAULT]: 'true' }, ...(creationTimestamp === undefined ? {} : { creationTimestamp }) } as StorageClass['metadata'],
});
const pick = (...classes: StorageClass[]) => defaultStorageClass(classes)?.metadata?.name;

// pkg/volume/util/storageclass.go GetDefaultClass: sort.Slice by CreationTimestamp.UnixNano(), newest first, then
// by name ascending; the first wins, whatever the order the lister gives
describe('GetDefaultClass: newest first, then the smaller name', () => {
  test('on equal times the smaller name wins in either order', () => {
    expect(pick(defaultClass('b'), defaultClass('a'))).toBe('a');
    expect(pick(defaultClass('a', '2024-01-01T00:00:00Z'), defaultClass('b', '2024-01-01T00:00:00Z'))).toBe('a');
    expect(pick(defaultClass('b', '2024-01-01T00:00:00Z'), defaultClass('a', '2024-01-01T00:00:00Z'))).toBe('a');
  });
  test('an older class with a smaller name does not win over a newer one', () => {
    expect(pick(defaultClass('z', '2024-01-01T00:00:00Z'), defaultClass('a', '2023-01-01T00:00:00Z'))).toBe('z');
    expect(pick(defaultClass('z', '2024-01-01T00:00:00Z'), defaultClass('a'))).toBe('z');
  });
  // metav1.Time holds a time.Time: UnixNano tells classes a nanosecond apart
  test('to the nanosecond: a fraction of any length up to nine digits, read as the digits after the point', () => {
    expect(pick(defaultClass('a', '2022-01-01T00:00:00Z'), defaultClass('b', '2022-01-01T00:00:00.000000001Z'))).toBe('b');
    expect(pick(defaultClass('a', '2022-01-01T00:00:00.123456788Z'), defaultClass('b', '2022-01-01T00:00:00.123456789Z'))).toBe('b');
    // .5 is half a second, later than .499999999
    expect(pick(defaultClass('b', '2022-01-01T00:00:00.499999999Z'), defaultClass('a', '2022-01-01T00:00:00.5Z'))).toBe('a');
    expect(pick(defaultClass('a', '2022-01-01T00:00:00.5Z'), defaultClass('b', '2022-01-01T00:00:00.499999999Z'))).toBe('a');
  });
  test('an offset is part of the time: 00:00-01:00 is 01:00Z', () => {
    expect(pick(defaultClass('a', '2022-01-01T00:30:00Z'), defaultClass('b', '2022-01-01T00:00:00-01:00'))).toBe('b');
    expect(pick(defaultClass('a', '2022-01-01T00:30:00Z'), defaultClass('b', '2022-01-01T01:00:00+00:01'))).toBe('b');
    expect(pick(defaultClass('a', '2022-01-01T01:30:00Z'), defaultClass('b', '2022-01-01T02:00:00+01:00'))).toBe('a');
  });
  // a creationTimestamp that is absent or not an RFC 3339 time (no API server writes one) is Go's zero time, older
  // than any real one: the other class wins, and between two such the name decides
  test.each([
    ['trailing text', '2030-01-01T00:00:00Zjunk'],
    ['text before it on another line', 'junk\n2030-01-01T00:00:00Z'],
    ['a month 13', '2030-13-01T00:00:00Z'],
    ['not a string', ['2030-01-01T00:00:00Z']],
  ])('%s reads as the zero time', (_name, unreadable) => {
    expect(pick(defaultClass('a', unreadable), defaultClass('b', '2000-01-01T00:00:00Z'))).toBe('b');
    expect(pick(defaultClass('b', unreadable), defaultClass('a'))).toBe('a');
  });
  test('a class without a name sorts first on a tie (Go\'s empty string) whichever comes first', () => {
    const nameless = defaultClass(undefined);
    expect(defaultStorageClass([defaultClass('1fast'), nameless])).toBe(nameless);
    expect(defaultStorageClass([nameless, defaultClass('1fast')])).toBe(nameless);
  });
  test('a class without metadata is not a default', () => {
    expect(defaultStorageClass([{ apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', provisioner: 'p' }])).toBeUndefined();
  });
});

// plugin/pkg/admission/storage/storageclass/setdefault/admission.go Admit and helper.PersistentVolumeClaimHasClass
describe('DefaultStorageClass admission of claims an offline manifest leaves bare', () => {
  const gp3 = defaultClass('gp3');
  test('a claim without metadata, or without spec, has no class and gets the default', () => {
    expect(admitClaim({ spec: { accessModes: ['ReadWriteOnce'] } }, [gp3]).spec).toEqual({ accessModes: ['ReadWriteOnce'], storageClassName: 'gp3' });
    expect(admitClaim({ metadata: { name: 'c' } }, [gp3])).toEqual({ metadata: { name: 'c' }, spec: { storageClassName: 'gp3' } });
  });
  test('without a default the claim given is returned, the same object', () => {
    const claim: PersistentVolumeClaim = { metadata: { name: 'c' }, spec: {} };
    expect(admitClaim(claim, [])).toBe(claim);
    expect(admitClaim(claim, [{ ...gp3, metadata: { name: 'gp3' } }])).toBe(claim);
  });
});

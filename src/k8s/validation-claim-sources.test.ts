// A claim spec's access modes, storage request, class name and data sources as ValidatePersistentVolumeClaimSpec
// checks them on create (pkg/apis/core/validation/validation.go v1.37.2: validateDataSource, validateDataSourceRef,
// isDataSourceEqualDataSourceRef), after validation_test.go testValidatePVC and TestAlphaVolumeSnapshotDataSource.
import { describe, expect, it } from '@jest/globals';
import { validateClaimSpec } from './validation-claim';

const good = { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } };
const spec = (extra: Record<string, unknown>) => validateClaimSpec({ ...good, ...extra } as never, 'spec');
const SUBDOMAIN = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const LABEL = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const DEFAULT_GROUP = "must be 'PersistentVolumeClaim' when referencing the default apiGroup";
const snapshot = { apiGroup: 'snapshot.storage.k8s.io', kind: 'VolumeSnapshot', name: 'snap' };

describe('access modes', () => {
  it('an unknown mode is only Unsupported, even beside ReadWriteOncePod', () => {
    expect(spec({ accessModes: ['bogus', 'ReadWriteOncePod'] })).toEqual([
      { field: 'spec.accessModes', message: 'Unsupported value: "bogus": supported values: "ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod"' },
    ]);
    expect(spec({ accessModes: ['ReadWriteOnce', 'ReadOnlyMany'] })).toEqual([]);
    expect(spec({ accessModes: ['ReadWriteOncePod', 'ReadWriteMany'] })).toEqual([
      { field: 'spec.accessModes', message: 'Forbidden: may not use ReadWriteOncePod with other access modes' },
    ]);
  });
});

describe('the storage request and the class name', () => {
  it('a request that does not decode; a class name that is a whole DNS subdomain', () => {
    expect(spec({ resources: { requests: { storage: '1Gx' } } })).toEqual([
      { field: 'spec.resources[storage]', message: 'Invalid value: "1Gx": quantities must match the regular expression \'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$\'' },
    ]);
    expect(spec({ storageClassName: 'fast.ssd' })).toEqual([]);
    expect(spec({ storageClassName: 'fast-' })).toEqual([{ field: 'spec.storageClassName', message: `Invalid value: "fast-": ${SUBDOMAIN}` }]);
  });
});

describe('dataSource and dataSourceRef (validateDataSource, validateDataSourceRef)', () => {
  it('a snapshot or a claim as the source is valid; either may be given alone', () => {
    expect(spec({ dataSource: snapshot })).toEqual([]);
    expect(spec({ dataSourceRef: snapshot })).toEqual([]);
    expect(spec({ dataSource: { kind: 'PersistentVolumeClaim', name: 'src' } })).toEqual([]);
    expect(spec({ dataSource: snapshot, dataSourceRef: { ...snapshot } })).toEqual([]);
  });

  it('name and kind required; without an apiGroup the kind must be PersistentVolumeClaim', () => {
    expect(spec({ dataSource: {} })).toEqual([
      { field: 'spec.dataSource.name', message: 'Required value' },
      { field: 'spec.dataSource.kind', message: 'Required value' },
      { field: 'spec.dataSource', message: `Invalid value: "": ${DEFAULT_GROUP}` },
    ]);
    expect(spec({ dataSourceRef: { apiGroup: '', kind: 'Pod', name: 'p' } })).toEqual([{ field: 'spec.dataSourceRef', message: `Invalid value: "Pod": ${DEFAULT_GROUP}` }]);
  });

  it('an apiGroup is a DNS subdomain', () => {
    expect(spec({ dataSourceRef: { ...snapshot, apiGroup: 'Snapshot_Storage' } })).toEqual([
      { field: 'spec.dataSourceRef.apiGroup', message: `Invalid value: "Snapshot_Storage": ${SUBDOMAIN}` },
    ]);
  });

  it("a ref's namespace is a whole DNS label (ValidateNamespaceName); a dataSource's namespace is not read", () => {
    expect(spec({ dataSourceRef: { ...snapshot, namespace: 'other' } })).toEqual([]);
    expect(spec({ dataSourceRef: { ...snapshot, namespace: 'other-' } })).toEqual([{ field: 'spec.dataSourceRef.namespace', message: `Invalid value: "other-": ${LABEL}` }]);
    expect(spec({ dataSource: { ...snapshot, namespace: 'Other_' } })).toEqual([]);
  });

  it('with a namespaced ref, a dataSource may not be given (the bad value is the field path: {})', () => {
    expect(spec({ dataSource: snapshot, dataSourceRef: { ...snapshot, namespace: 'other' } })).toEqual([
      { field: 'spec', message: 'Invalid value: {}: may not be specified when dataSourceRef.namespace is specified' },
    ]);
  });

  it.each([
    ['another apiGroup (an unset one differs from "")', { ...snapshot, apiGroup: '' }, { ...snapshot, apiGroup: undefined }],
    ['another kind', snapshot, { ...snapshot, kind: 'VolumeSnapshotContent' }],
    ['another name', snapshot, { ...snapshot, name: 'other' }],
  ])('both given, they must match: %s', (_what, dataSource, dataSourceRef) => {
    expect(spec({ dataSource, dataSourceRef }).filter((e) => e.field === 'spec')).toEqual([{ field: 'spec', message: 'Invalid value: {}: must match dataSourceRef' }]);
  });

  it('both given and equal but for the apiGroup being unset on both', () => {
    const pvc = { kind: 'PersistentVolumeClaim', name: 'src' };
    expect(spec({ dataSource: pvc, dataSourceRef: { ...pvc } })).toEqual([]);
  });
});

// PersistentVolumes on create and as an update of themselves (read from a cluster): pkg/registry/core/persistentvolume
// strategy.go (PrepareForCreate, PrepareForUpdate, Validate, ValidateUpdate), pkg/apis/core/validation/validation.go
// ValidatePersistentVolume, ValidatePersistentVolumeUpdate and ValidationOptionsForPersistentVolume (the same at
// v1.33.13 … v1.37.2). What the create oracle cannot ask (the update of itself, the clients) is here; the create
// answers are frozen in test/e2e/oracle-regressions-pv.test.ts.
import { describe, expect, it } from '@jest/globals';
import { decodeErrors, validate, validateInput } from '../engine/validate';
import { withConfiguration, type KubernetesVersion } from '../core/config';
import { splitsHostPort } from './validation-pv-sources';
import type { KubeObject } from '../core/types';

const at = <T>(v: KubernetesVersion, f: () => T) => withConfiguration({ kubernetesVersion: v }, f);
const terms = (values: string[]) => ({ required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values }] }] } });
const pv = (spec: Record<string, unknown>, metadata: Record<string, unknown> = {}) =>
  ({ apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'local-pv-1', ...metadata }, spec: { capacity: { storage: '10Gi' }, accessModes: ['ReadWriteOnce'], ...spec } }) as KubeObject;
const local = (extra: Record<string, unknown> = {}) => pv({ local: { path: '/mnt/disks/ssd1' }, nodeAffinity: terms(['node-1']), storageClassName: 'local-storage', ...extra });
/** What only the API server writes: the object was read from a cluster (readFromCluster). */
const stored = (o: KubeObject) => ({ ...o, metadata: { ...o.metadata, uid: 'u', resourceVersion: '7' }, status: { phase: 'Bound' } }) as KubeObject;

describe('ValidatePersistentVolume on create', () => {
  it('accepts a local PV with node affinity, and the warnings are not errors (Recycle, a deprecated zone label, CephFS)', () => {
    expect(validate(local())).toEqual([]);
    const zone = { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'failure-domain.beta.kubernetes.io/zone', operator: 'In', values: ['a'] }] }] } };
    expect(validate(pv({ nfs: { server: 'nfs', path: '/exports' }, persistentVolumeReclaimPolicy: 'Recycle', nodeAffinity: zone }))).toEqual([]);
    expect(validate(pv({ cephfs: { monitors: ['10.0.0.1:6789'] } }))).toEqual([]);
  });

  it('refuses a local PV without node affinity, empty terms, a bad operator, two sources, none', () => {
    expect(validate(pv({ local: { path: '/mnt' } }))).toEqual([{ field: 'spec.nodeAffinity', message: 'Required value: Local volume requires node affinity' }]);
    expect(validate(local({ nodeAffinity: { required: { nodeSelectorTerms: [] } } }))).toEqual([{ field: 'spec.nodeAffinity.required.nodeSelectorTerms', message: 'Required value: must have at least one node selector term' }]);
    expect(validate(local({ nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'Equals', values: ['n'] }] }] } } })))
      .toEqual([{ field: 'spec.nodeAffinity.required.nodeSelectorTerms[0].matchExpressions[0].operator', message: 'Invalid value: "Equals": not a valid selector operator' }]);
    expect(validate(pv({ hostPath: { path: '/d' }, nfs: { server: 's', path: '/x' } }))).toEqual([{ field: 'spec.nfs', message: 'Forbidden: may not specify more than 1 volume type' }]);
    expect(validate(pv({}))).toEqual([{ field: 'spec', message: 'Required value: must specify a volume type' }]);
  });

  it('refuses a bad reclaim policy, access mode and capacity; an empty policy is defaulted to Retain', () => {
    expect(validate(pv({ hostPath: { path: '/d' }, persistentVolumeReclaimPolicy: 'Keep' }))).toEqual([
      { field: 'spec.persistentVolumeReclaimPolicy', message: 'Unsupported value: "Keep": supported values: "Delete", "Recycle", "Retain"' },
    ]);
    expect(validate(pv({ hostPath: { path: '/d' }, persistentVolumeReclaimPolicy: '' }))).toEqual([]);
    expect(validate(pv({ hostPath: { path: '/d' }, accessModes: ['RWO'] }))).toEqual([
      { field: 'spec.accessModes', message: 'Unsupported value: "RWO": supported values: "ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod"' },
    ]);
    expect(validate(pv({ hostPath: { path: '/d' }, capacity: undefined }))).toEqual([
      { field: 'spec.capacity', message: 'Required value' },
      { field: 'spec.capacity', message: 'Unsupported value: null: supported values: "storage"' },
    ]);
  });

  it('a PersistentVolume is cluster-scoped: its namespace is cleared, not checked', () => {
    expect(validate(pv({ hostPath: { path: '/d' } }, { namespace: 'Not_A_Namespace' }))).toEqual([]);
  });

  it('volumeAttributesClassName: dropped by PrepareForCreate at 1.33 (gate off), validated from 1.34', () => {
    const vac = pv({ hostPath: { path: '/d' }, volumeAttributesClassName: '' });
    expect(at('1.33', () => validate(vac))).toEqual([]);
    expect(at('1.34', () => validate(vac))).toEqual([
      { field: 'spec.volumeAttributesClassName', message: 'Required value: an empty string is disallowed' },
      { field: 'spec.csi', message: 'Required value: has to be specified when using volumeAttributesClassName' },
    ]);
  });

  it('a capacity the API server cannot decode is refused before validation', () => {
    expect(decodeErrors(pv({ hostPath: { path: '/d' }, capacity: { storage: '10GB' } })).map((e) => e.field)).toEqual(['spec.capacity.storage']);
  });
});

describe('ValidatePersistentVolumeUpdate of itself (an object read from a cluster)', () => {
  it('allows the invalid label values its required node affinity already holds (AllowInvalidLabelValueInRequiredNodeAffinity)', () => {
    const odd = local({ nodeAffinity: terms(['-not-a-label-value-']) });
    expect(validate(odd).map((e) => e.field)).toEqual(['spec.nodeAffinity.required.nodeSelectorTerms[0].matchExpressions[0].values[0]']);
    expect(validateInput(stored(odd)).errors).toEqual([]);
    // the other rules still hold
    expect(validateInput(stored(pv({ local: { path: '/mnt' } }))).errors).toEqual([{ field: 'spec.nodeAffinity', message: 'Required value: Local volume requires node affinity' }]);
  });

  // each error twice: the strategy's ValidateUpdate runs ValidatePersistentVolume, then ValidatePersistentVolumeUpdate
  // runs it again (the oracle's updateSelf at v1.33.13 answers so)
  it('keeps and validates a stored volumeAttributesClassName at 1.33 (PrepareForUpdate keeps the old value; the options enable it)', () => {
    const vac = stored(pv({ hostPath: { path: '/d' }, volumeAttributesClassName: 'Bad_Class' }));
    expect(at('1.33', () => validateInput(vac).errors.map((e) => e.field))).toEqual(['spec.volumeAttributesClassName', 'spec.csi', 'spec.volumeAttributesClassName', 'spec.csi']);
  });
});

describe('net.SplitHostPort, as a Quobyte registry pair is checked', () => {
  it.each([
    ['registry:7861', true], ['a:', true], [':80', true], ['[::1]:7861', true],
    ['registry', false], ['a:b:c', false], ['[::1]', false], ['[::1]x:1', false], ['[a:1', false], ['a]:1', false], ['a[:1', false], ['', false],
  ])('%s → %s', (pair, ok) => {
    expect(splitsHostPort(pair)).toBe(ok);
  });
});

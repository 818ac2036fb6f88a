// PersistentVolumeClaims on create: pkg/apis/core/validation/validation.go ValidatePersistentVolumeClaim /
// ValidatePersistentVolumeClaimSpec (the same at v1.33.13 … v1.37.2), cases from validation_test.go testValidatePVC
// (TestValidatePersistentVolumeClaim); StatefulSet volumeClaimTemplates: pkg/apis/apps/validation/validation.go
// validateVolumeClaimTemplates, from v1.34.4 (absent at v1.33.13), cases from TestValidateStatefulSet ("invalid
// volumeClaimTemplates with no accessModes", "… with invalid VolumeAttributesClassName"). Before 1.34 the claims the
// controller creates are refused instead (stateful_set_control.go createPersistentVolumeClaims): no pod is made.
import { describe, expect, it } from '@jest/globals';
import { validate, validateInput } from '../engine/validate';
import { withConfiguration, type KubernetesVersion } from '../core/config';
import { desiredReplicas, noPodsReason } from '../placement/replicas';
import { failure } from '../../test/fixtures';

const claim = (spec: Record<string, unknown>, name = 'foo') => ({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name, namespace: 'ns' }, spec });
const good = { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '10G' } } };
const at = <T>(v: KubernetesVersion, f: () => T) => withConfiguration({ kubernetesVersion: v }, f);
const SUBDOMAIN = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

describe('ValidatePersistentVolumeClaim (testValidatePVC)', () => {
  it('accepts a good claim', () => {
    expect(validate(claim(good) as never)).toEqual([]);
  });

  it.each([
    ['no-access-modes', { resources: good.resources },
      [{ field: 'spec.accessModes', message: 'Required value: at least 1 access mode is required' }]],
    ['no-resource-requests', { accessModes: ['ReadWriteOnce'] },
      [{ field: 'spec.resources[storage]', message: 'Required value' }]],
    ['zero-storage-request', { ...good, resources: { requests: { storage: '0' } } },
      [{ field: 'spec.resources[storage]', message: 'Invalid value: "0": must be greater than zero' }]],
    ['negative-storage-request', { ...good, resources: { requests: { storage: '-10G' } } },
      [{ field: 'spec.resources[storage]', message: 'Invalid value: "-10G": must be greater than zero' }]],
    ['invalid-accessmode', { ...good, accessModes: ['fakemode'] },
      [{ field: 'spec.accessModes', message: 'Unsupported value: "fakemode": supported values: "ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod"' }]],
    ['with-read-write-once-pod-and-others', { ...good, accessModes: ['ReadWriteOncePod', 'ReadWriteMany'] },
      [{ field: 'spec.accessModes', message: 'Forbidden: may not use ReadWriteOncePod with other access modes' }]],
    ['invalid-storage-class-name', { ...good, storageClassName: '-invalid-' },
      [{ field: 'spec.storageClassName', message: `Invalid value: "-invalid-": ${SUBDOMAIN}` }]],
    ['invalid-volume-mode', { ...good, volumeMode: 'fakeVolumeMode' },
      [{ field: 'spec.volumeMode', message: 'Unsupported value: "fakeVolumeMode": supported values: "Block", "Filesystem"' }]],
    ['invalid-claim-zero-capacity', { selector: { matchExpressions: [{ key: 'key2', operator: 'Exists' }] }, accessModes: ['ReadWriteOnce', 'ReadOnlyMany'], resources: { requests: { storage: '0G' } }, storageClassName: 'valid' },
      [{ field: 'spec.resources[storage]', message: 'Invalid value: "0": must be greater than zero' }]],
    ['invalid-resource-requests (memory, no storage)', { accessModes: ['ReadWriteOnce'], resources: { requests: { memory: '10G' } } },
      [{ field: 'spec.resources[storage]', message: 'Required value' }]],
    ['invalid-label-selector', { ...good, selector: { matchExpressions: [{ key: 'key2', operator: 'InvalidOp', values: ['value1', 'value2'] }] } },
      [{ field: 'spec.selector.matchExpressions[0].operator', message: '' }]],
    ['a dataSource of another kind without apiGroup', { ...good, dataSource: { kind: 'Pod', name: 'p' } },
      [{ field: 'spec.dataSource', message: 'Invalid value: "Pod": must be \'PersistentVolumeClaim\' when referencing the default apiGroup' }]],
    ['mismatch-data-source-and-ref', { ...good, dataSource: { kind: 'PersistentVolumeClaim', name: 'a' }, dataSourceRef: { kind: 'PersistentVolumeClaim', name: 'b' } },
      [{ field: 'spec', message: 'Invalid value: {}: must match dataSourceRef' }]],
  ])('%s', (_name, spec, expected) => {
    const errors = validate(claim(spec) as never);
    // the selector's message is validation-meta.ts's (tested there); only its field is pinned here
    if (_name === 'invalid-label-selector') expect(errors.map((e) => e.field)).toEqual(expected.map((e) => e.field));
    else expect(errors).toEqual(expected);
  });

  it('a claim is named as a DNS subdomain (ValidatePersistentVolumeName)', () => {
    expect(validate(claim(good, 'Bad_Name') as never).map((e) => e.field)).toEqual(['metadata.name']);
  });

  it('volumeAttributesClassName from 1.34 (VolumeAttributesClass GA; at 1.33 the API server drops it)', () => {
    const spec = { ...good, volumeAttributesClassName: 'abc@123' };
    expect(at('1.33', () => validate(claim(spec) as never))).toEqual([]);
    expect(at('1.34', () => validate(claim(spec) as never)).map((e) => e.field)).toEqual(['spec.volumeAttributesClassName']);
  });
});

const statefulSet = (templates: unknown[]) => ({
  apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'db', namespace: 'ns' },
  spec: {
    serviceName: 'db', selector: { matchLabels: { app: 'db' } },
    template: { metadata: { labels: { app: 'db' } }, spec: { containers: [{ name: 'db', image: 'registry.example/db:1' }] } },
    volumeClaimTemplates: templates,
  },
});
// TestValidateStatefulSet's invalidVolumeClaimTemplates: a 1Gi request and no access modes
const noModes = statefulSet([{ metadata: { name: 'pvc' }, spec: { resources: { requests: { storage: '1Gi' } } } }]);

describe('StatefulSet volumeClaimTemplates (TestValidateStatefulSet)', () => {
  it.each(['1.34', '1.37'] as const)('%s refuses the StatefulSet: invalid volumeClaimTemplates with no accessModes', (v) => {
    expect(at(v, () => validate(noModes as never))).toEqual([
      { field: 'spec.volumeClaimTemplates[0].spec.accessModes', message: 'Required value: at least 1 access mode is required' },
    ]);
    expect(at(v, () => noPodsReason(noModes as never))).toBeUndefined();
  });

  it('1.34: invalid volumeClaimTemplates with invalid VolumeAttributesClassName', () => {
    const set = statefulSet([{ metadata: { name: 'pvc' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, volumeAttributesClassName: 'abc@123' } }]);
    expect(at('1.34', () => validate(set as never)).map((e) => e.field)).toEqual(['spec.volumeClaimTemplates[0].spec.volumeAttributesClassName']);
  });

  it('1.33 accepts the StatefulSet, refuses its claims, and its controller makes no pod', () => {
    expect(at('1.33', () => validate(noModes as never))).toEqual([]);
    expect(at('1.33', () => noPodsReason(noModes as never))).toBe(
      'the API server refuses the PersistentVolumeClaims of spec.volumeClaimTemplates[0] (spec.accessModes: Required value: at least 1 access mode is required): ' +
      'the StatefulSet controller creates no pods without them');
    expect(at('1.33', () => desiredReplicas(noModes as never))).toBe(0);
  });

  it('1.33: a claim that exists already (given in `storage`) is not created, so it is not refused', () => {
    const existing = claim(good, 'pvc-db-0');
    expect(at('1.33', () => noPodsReason(noModes as never, [existing as never]))).toBeUndefined();
    expect(at('1.33', () => desiredReplicas(noModes as never, [existing as never]))).toBe(1);
    // another namespace's claim of that name is not the set's
    expect(at('1.33', () => noPodsReason(noModes as never, [{ ...existing, metadata: { name: 'pvc-db-0', namespace: 'other' } } as never]))).toBeDefined();
  });

  it('a good template is accepted at every release', () => {
    const set = statefulSet([{ metadata: { name: 'data' }, spec: good }]);
    for (const v of ['1.33', '1.34', '1.37'] as const) {
      expect(at(v, () => validate(set as never))).toEqual([]);
      expect(at(v, () => noPodsReason(set as never))).toBeUndefined();
    }
  });

  // the claims the controller creates (stateful_set_utils.go getPersistentVolumeClaims, TestGetPersistentVolumeClaims:
  // `<template>-<set>-<ordinal>`, the template's labels with the selector's matchLabels over them), validated by
  // ValidatePersistentVolumeClaim's ValidateObjectMeta; the set's create looks at the templates' specs alone
  // (apps validateVolumeClaimTemplates), so the set is accepted (the create oracle, frozen in oracle-regressions-create.json)
  it('claim templates whose metadata its claims are refused for: the set accepted, no pods, at every release', () => {
    const set = statefulSet([{ metadata: { name: 'data', namespace: 'Bad_NS', labels: { '-bad': 'ok' }, annotations: { 'bad key': 'v' } }, spec: good }]);
    for (const v of ['1.33', '1.34', '1.37'] as const) {
      expect(at(v, () => validate(set as never))).toEqual([]);
      const reason = at(v, () => noPodsReason(set as never));
      expect(reason).toMatch(/^the API server refuses the PersistentVolumeClaims of spec\.volumeClaimTemplates\[0\] \(metadata\.labels: Invalid value: "-bad": name part must consist of .*; metadata\.annotations: Invalid value: "bad key": name part must consist of .*\): the StatefulSet controller creates no pods without them$/);
      // (the template's namespace is not the claim's: getPersistentVolumeClaims sets the set's)
      expect(reason).not.toContain('Bad_NS');
      expect(at(v, () => desiredReplicas(set as never))).toBe(0);
    }
  });

  it("a claim's name is <template>-<set>-<ordinal>, from ordinals.start: past 253 characters it is refused; selector labels join the template's", () => {
    const long = { ...statefulSet([{ metadata: { name: 'd'.repeat(240) }, spec: good }]), metadata: { name: 'db', namespace: 'ns' } };
    expect(at('1.37', () => noPodsReason(long as never))).toBeUndefined();
    const longer = { ...long, metadata: { name: 'x'.repeat(12), namespace: 'ns' } };
    expect(at('1.37', () => noPodsReason(longer as never))).toContain(`metadata.name: Invalid value: "${'d'.repeat(240)}-${'x'.repeat(12)}-0": must be no more than 253 characters`);
    const started = { ...long, spec: { ...long.spec, ordinals: { start: 10 }, selector: { matchLabels: { app: 'db' } } }, metadata: { name: 'x'.repeat(10), namespace: 'ns' } };
    expect(at('1.37', () => noPodsReason(started as never))).toContain(`-${'x'.repeat(10)}-10": must be no more than 253 characters`);
    // the selector's labels are valid (the set validated them); a template label's bad value is the claim's
    const labelled = statefulSet([{ metadata: { name: 'data', labels: { tier: 'a b', app: 'x' } }, spec: good }]);
    expect(at('1.37', () => noPodsReason(labelled as never))).toContain('metadata.labels: Invalid value: "a b"');
  });

  it('a StatefulSet read from a cluster is an update: its templates are not validated again (SkipValidateVolumeClaimTemplates), its claims are refused', () => {
    const stored = { ...noModes, metadata: { ...noModes.metadata, uid: 'u1', resourceVersion: '7' } };
    expect(at('1.37', () => validateInput(stored as never).errors)).toEqual([]);
    expect(at('1.37', () => noPodsReason(stored as never))).toMatch(/^the API server refuses the PersistentVolumeClaims of spec\.volumeClaimTemplates\[0\] /);
  });
});

describe('through the matchers', () => {
  const node = (name: string) => ({
    apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name } },
    status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } },
  });
  const nodes = [node('a'), node('b')];

  it('1.33: the controller creates no pod, and the matcher says why', () => {
    const message = at('1.33', () => failure(() => expect(noModes).not.toHaveAllReplicasScheduled(nodes as never)));
    expect(message).toContain('its controller creates no pod here (the API server refuses the PersistentVolumeClaims of spec.volumeClaimTemplates[0]');
  });

  it('1.37: the StatefulSet itself is refused, with upstream\'s field and text', () => {
    const message = at('1.37', () => failure(() => expect(noModes).toHaveAllReplicasScheduled(nodes as never)));
    expect(message).toContain('spec.volumeClaimTemplates[0].spec.accessModes: Required value: at least 1 access mode is required');
  });

  it('a claim given in `storage` is validated like any input', () => {
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'ns' }, spec: { containers: [{ name: 'c', image: 'registry.example/app:1' }] } };
    const message = failure(() => expect(pod).toBeSchedulableOn(nodes[0] as never, { storage: [claim({ accessModes: ['ReadWriteOnce'] })] } as never));
    expect(message).toContain('spec.resources[storage]: Required value');
  });
});

// ValidatePositiveQuantityValue reads the request as SetDefaults_ResourceList left it: rounded up to a milli-unit, away
// from zero, and printed canonically (oracle-regressions-policy: the claims domain at 1.33-1.37)
describe('a storage request finer than a milli-unit', () => {
  const claim = (storage: string | number) => ({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage } } } });
  it.each([
    ['-0.5m', '-1m'], ['-1500u', '-2m'], ['-1e-10', '-1e-3'], ['-1n', '-1m'], [-0.0001, '-1m'],
  ] as const)('%s is refused as %s', (amount, printed) => {
    expect(validate(claim(amount) as never)).toEqual([{ field: 'spec.resources[storage]', message: `Invalid value: "${printed}": must be greater than zero` }]);
  });
  it.each(['0.5m', '1500u', '1e-10', '0.1n'])('%s is accepted (at least 1m)', (amount) => {
    expect(validate(claim(amount) as never)).toEqual([]);
  });
});

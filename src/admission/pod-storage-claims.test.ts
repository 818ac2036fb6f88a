// The claim model of pod-storage.ts on each kind of claim a pod's volume can find, with the objects it gives the
// scheduler. Upstream: the StatefulSet controller's claims (pkg/controller/statefulset/stateful_set_utils.go
// getPersistentVolumeClaims, updateStorage), the ephemeral volume controller's (pkg/controller/volume/ephemeral/
// controller.go handleVolume, component-helpers/storage/ephemeral VolumeIsForPod), the PV controller's binding of a
// pre-bound claim (pkg/controller/volume/persistentvolume/pv_controller.go syncUnboundClaim, bindClaimToVolume: the
// bind-completed annotation "yes"), and the VolumeBinding plugin that reads them (pkg/scheduler/framework/plugins/
// volumebinding: a lost or deleted claim is refused whatever else holds; a class without volumeBindingMode is its error).
import type { PersistentVolume, PersistentVolumeClaim, Pod, Volume } from 'kubernetes-types/core/v1';
import type { StorageClass } from 'kubernetes-types/storage/v1';
import type { KubeObject } from '../core/types';
import { ANN_BIND_COMPLETED } from '../k8s/storage';
import { podFromTemplate } from './create';
import {
  ASSUMED_DEFAULT_CLASS, ASSUMED_PROVISIONER, modelObjects, podClaims, podUsesClaims, podUsesClaimVolumes, registerStatefulSetPod,
  sameController, type StorageLookup,
} from './pod-storage';

const isKind = (kind: string) => (o: KubeObject) => o.kind === kind;
/** The cluster's storage objects, looked up as the scheduler's listers do (by namespace and name). */
function lookup(objects: KubeObject[]): StorageLookup {
  const named = (kind: string, name: string) => objects.filter(isKind(kind)).find((o) => o.metadata?.name === name);
  return {
    claim: (ns, name) => objects.filter(isKind('PersistentVolumeClaim')).find((o) => o.metadata?.name === name && (o.metadata?.namespace || 'default') === ns) as PersistentVolumeClaim | undefined,
    storageClasses: () => objects.filter(isKind('StorageClass')) as StorageClass[],
    volume: (name) => named('PersistentVolume', name) as PersistentVolume | undefined,
    storageClass: (name) => named('StorageClass', name) as StorageClass | undefined,
  };
}

const wffc = (name: string, more: Partial<StorageClass> = {}): KubeObject => ({ apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name }, provisioner: 'ebs.csi.aws.com', volumeBindingMode: 'WaitForFirstConsumer', ...more } as KubeObject);
const claim = (name: string, spec: PersistentVolumeClaim['spec'] = {}, meta: Record<string, unknown> = {}): KubeObject =>
  ({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name, namespace: 'default', ...meta }, spec } as KubeObject);
const pv = (name: string, spec: PersistentVolume['spec'] = {}): KubeObject => ({ apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name }, spec } as KubeObject);
const pvcVolume = (name: string, claimName: string): Volume => ({ name, persistentVolumeClaim: { claimName } });
const ephemeralVolume = (name: string, storageClassName = 'fast'): Volume =>
  ({ name, ephemeral: { volumeClaimTemplate: { spec: { storageClassName, accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } } } });
const pod = (volumes: Volume[], meta: Record<string, unknown> = { name: 'web', namespace: 'default', uid: 'u-1' }): Pod =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: meta, spec: { containers: [{ name: 'c', image: 'x' }], volumes } });

const set = (more: Record<string, unknown> = {}): KubeObject => ({
  apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'db', namespace: 'default' },
  spec: { serviceName: 'db', selector: { matchLabels: { app: 'db' } }, template: { metadata: { labels: { app: 'db' } }, spec: { containers: [{ name: 'c', image: 'x' }] } },
    volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { storageClassName: 'fast', accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }], ...more },
} as KubeObject);

const one = (p: Pod, objects: KubeObject[], assumption?: 'dynamic-wait-for-first-consumer') => {
  const claims = podClaims(p, lookup(objects), assumption);
  expect(claims).toHaveLength(1);
  return claims[0]!;
};

describe('which pods use claims (VolumeBinding has nothing to do for the others)', () => {
  const subject = (kind: string, object: KubeObject, volumes?: Volume[]) => ({ kind, spec: volumes ? { volumes } : {}, object });
  it('a pod without a spec or without volumes uses none', () => {
    expect(podUsesClaimVolumes({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' } })).toBe(false);
    expect(podUsesClaimVolumes(pod([{ name: 'tmp', emptyDir: {} }]))).toBe(false);
    expect(podUsesClaimVolumes(pod([ephemeralVolume('scratch')]))).toBe(true);
    expect(podClaims(pod([{ name: 'tmp', emptyDir: {} }]), lookup([]), undefined)).toEqual([]);
  });
  it('a StatefulSet uses its volumeClaimTemplates (updateStorage gives its pods their claims); other kinds only their volumes', () => {
    expect(podUsesClaims(subject('StatefulSet', set()))).toBe(true);
    expect(podUsesClaims(subject('StatefulSet', set({ volumeClaimTemplates: [] })))).toBe(false);
    expect(podUsesClaims(subject('StatefulSet', { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'db' } } as KubeObject))).toBe(false);
    expect(podUsesClaims(subject('Deployment', { ...set(), kind: 'Deployment' } as KubeObject))).toBe(false);
    expect(podUsesClaims(subject('Deployment', { ...set(), kind: 'Deployment' } as KubeObject, [pvcVolume('d', 'c')]))).toBe(true);
  });
});

describe('a claim given, found by the pod\'s namespace and the volume\'s claimName', () => {
  it('fully bound to a volume given: used as it is', () => {
    const given = claim('data', { volumeName: 'pv-1' }, { annotations: { [ANN_BIND_COMPLETED]: 'true' } });
    const model = one(pod([pvcVolume('d', 'data')]), [given, pv('pv-1', { claimRef: { name: 'data', namespace: 'default' } })]);
    expect(model).toStrictEqual({ volume: 'd', name: 'data', ephemeral: false, claim: given });
    expect(model.claim).toBe(given);
  });

  describe('pre-bound (spec.volumeName, no bind-completed): the PV controller binds it first unless another claim has the volume', () => {
    const bound = (c: KubeObject) => ({ ...c, metadata: { ...c.metadata, annotations: { ...(c.metadata as { annotations?: object }).annotations, [ANN_BIND_COMPLETED]: 'yes' } } });
    test.each([
      ['a volume without a claimRef', { capacity: { storage: '1Gi' } }, true],
      ['a volume without a spec', undefined, true],
      ['a volume whose claimRef is this claim', { claimRef: { name: 'data', namespace: 'default' } }, true],
      ['a volume whose claimRef is another claim', { claimRef: { name: 'other', namespace: 'default' } }, false],
    ])('%s', (_name, spec, binds) => {
      const given = claim('data', { volumeName: 'pv-1' }, { labels: { a: 'b' }, annotations: { keep: 'me' } });
      const volume = spec === undefined ? { apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'pv-1' } } as KubeObject : pv('pv-1', spec);
      const model = one(pod([pvcVolume('d', 'data')]), [given, volume]);
      expect(model).toStrictEqual({ volume: 'd', name: 'data', ephemeral: false, claim: binds ? bound(given) : given });
    });
  });

  test.each([
    ['lost', claim('data', {}, {}), { status: { phase: 'Lost' } }],
    ['being deleted', claim('data', {}, { deletionTimestamp: '2026-01-01T00:00:00Z' }), {}],
  ])('%s, without a class: the scheduler refuses it whatever else holds (modelled as it is)', (_name, c, more) => {
    const given = { ...c, ...more } as KubeObject;
    expect(one(pod([pvcVolume('d', 'data')]), [given])).toStrictEqual({ volume: 'd', name: 'data', ephemeral: false, claim: given });
  });

  it('a class without volumeBindingMode is left to the scheduler (VolumeBinding\'s "VolumeBindingMode not set" error)', () => {
    const given = claim('data', { storageClassName: 'old' });
    expect(one(pod([pvcVolume('d', 'data')]), [given, wffc('old', { volumeBindingMode: undefined })]).notModelled).toBeUndefined();
    expect(one(pod([pvcVolume('d', 'data')]), [given, wffc('old', { volumeBindingMode: 'Immediate' })]).notModelled)
      .toContain('is unbound and StorageClass old binds Immediately');
  });

  it('storageClassName "" asks for no class: bound to a static volume by the PV controller, not modelled', () => {
    const given = claim('data', { storageClassName: '' });
    const model = one(pod([pvcVolume('d', 'data')]), [given, wffc('fast', { metadata: { name: 'fast', annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } } })],
      'dynamic-wait-for-first-consumer');
    expect(model.notModelled).toBe(`PersistentVolumeClaim default/data asks for no StorageClass (""): the PV controller binds it to a static PersistentVolume before scheduling; pass the bound claim (spec.volumeName, annotation ${ANN_BIND_COMPLETED}) and its PersistentVolume in \`storage\``);
    expect(model.assumed).toBeUndefined();
  });

  it('a claim without a spec has no class: the assumption gives it the assumed default', () => {
    const given = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data', namespace: 'default' } } as KubeObject;
    expect(one(pod([pvcVolume('d', 'data')]), [given]).notModelled).toContain('PersistentVolumeClaim default/data has no storageClassName');
    const assumed = one(pod([pvcVolume('d', 'data')]), [given], 'dynamic-wait-for-first-consumer');
    expect(assumed.claim.spec).toEqual({ storageClassName: ASSUMED_DEFAULT_CLASS });
    expect(assumed.assumed).toStrictEqual({ apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: ASSUMED_DEFAULT_CLASS }, provisioner: ASSUMED_PROVISIONER, volumeBindingMode: 'WaitForFirstConsumer' });
  });

  it('a pod without metadata is in the default namespace', () => {
    const p = { apiVersion: 'v1', kind: 'Pod', spec: { containers: [], volumes: [pvcVolume('d', 'data')] } } as Pod;
    expect(one(p, []).notModelled).toBe('PersistentVolumeClaim default/data is not among the storage objects given: pass it (with its StorageClass or PersistentVolume) in `storage`');
  });
});

describe('claims not modelled: bound to a placeholder volume that constrains nothing, with the objects for it', () => {
  it('a claim not given: the placeholder claim and its volume', () => {
    const claims = podClaims(pod([pvcVolume('d', 'data')], { name: 'web', namespace: 'team' }), lookup([]), undefined);
    expect(claims).toStrictEqual([{
      volume: 'd', name: 'data', ephemeral: false, notModelled: 'PersistentVolumeClaim team/data is not among the storage objects given: pass it (with its StorageClass or PersistentVolume) in `storage`',
      claim: { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data', namespace: 'team', annotations: { [ANN_BIND_COMPLETED]: 'yes' } },
        spec: { volumeName: expect.any(String) }, status: { phase: 'Bound' } },
    }]);
    expect(modelObjects(claims, lookup([]))).toStrictEqual([claims[0]!.claim,
      { apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: claims[0]!.claim.spec!.volumeName }, spec: {} }]);
  });

  it('a given claim keeps its ownerReferences on the placeholder', () => {
    const refs = [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'db', uid: 's-1', controller: true }];
    const model = one(pod([pvcVolume('d', 'data')]), [claim('data', { storageClassName: 'absent' }, { ownerReferences: refs })]);
    expect(model.claim.metadata).toStrictEqual({ name: 'data', namespace: 'default', annotations: { [ANN_BIND_COMPLETED]: 'yes' }, ownerReferences: refs });
  });

  test.each([
    ['named, with a uid', { name: 'web', namespace: 'default', uid: 'u-1', deletionTimestamp: '2026-01-01T00:00:00Z' }, 'web', 'u-1'],
    ['without a name or uid', { namespace: 'default', deletionTimestamp: '2026-01-01T00:00:00Z' }, '', ''],
  ])('a pod being deleted gets no ephemeral claim: missing, its placeholder owned by the pod (%s)', (_name, meta, name, uid) => {
    const model = one(pod([ephemeralVolume('scratch')], meta), []);
    expect(model.notModelled).toContain(`PersistentVolumeClaim default/${name}-scratch is not among the storage objects given`);
    expect(model.claim.metadata).toStrictEqual({ name: `${name}-scratch`, namespace: 'default', annotations: { [ANN_BIND_COMPLETED]: 'yes' },
      ownerReferences: [{ apiVersion: 'v1', kind: 'Pod', name, uid, controller: true }] });
  });

  it('modelled claims add no volume; an assumed class is added once, and not when a class of that name is given', () => {
    const p = pod([pvcVolume('a', 'one'), pvcVolume('b', 'two'), pvcVolume('c', 'three')]);
    const given = [claim('one', { storageClassName: 'gp' }), claim('two', { storageClassName: 'gp' }), claim('three', { storageClassName: 'fast' })];
    const claims = podClaims(p, lookup([...given, wffc('fast')]), 'dynamic-wait-for-first-consumer');
    expect(claims.map((c) => c.assumed?.metadata?.name)).toEqual(['gp', 'gp', undefined]);
    const objects = modelObjects(claims, lookup([...given, wffc('fast')]));
    expect(objects).toStrictEqual([given[0], claims[0]!.assumed, given[1], given[2]]);
    expect(modelObjects(claims, lookup([...given, wffc('fast'), wffc('gp')]))).toStrictEqual(given);
  });
});

describe('ephemeral volumes (handleVolume, VolumeIsForPod)', () => {
  it('the claim is made for the pod; its flag is its own volume\'s, not the first volume\'s', () => {
    const claims = podClaims(pod([pvcVolume('d', 'data'), ephemeralVolume('scratch')]), lookup([claim('data', { storageClassName: 'fast' }), wffc('fast')]), undefined);
    expect(claims.map((c) => [c.name, c.ephemeral, c.notModelled])).toEqual([['data', false, undefined], ['web-scratch', true, undefined]]);
    expect(claims[1]!.claim.metadata?.ownerReferences).toEqual([{ apiVersion: 'v1', kind: 'Pod', name: 'web', uid: 'u-1', controller: true, blockOwnerDeletion: true }]);
  });
  it('a pod without metadata: the claim `-<volume>` (VolumeClaimName of an empty name), in the default namespace', () => {
    const p = { apiVersion: 'v1', kind: 'Pod', spec: { containers: [], volumes: [ephemeralVolume('scratch')] } } as Pod;
    expect(one(p, [wffc('fast')])).toMatchObject({ volume: 'scratch', name: '-scratch', ephemeral: true, claim: { metadata: { name: '-scratch', namespace: 'default' } } });
  });
  it('a claim of that name the pod does not own is taken as it is (the ephemeral controller refuses it)', () => {
    const foreign = claim('web-scratch', { storageClassName: 'absent' });
    expect(one(pod([ephemeralVolume('scratch')]), [foreign])).toStrictEqual({ volume: 'scratch', name: 'web-scratch', ephemeral: true, claim: foreign });
  });
});

describe('a StatefulSet pod: the claims its controller creates from volumeClaimTemplates', () => {
  it('created: `<template>-<set>-<ordinal>`, with the template\'s index; a claim given of that name is used instead, without one', () => {
    const p = podFromTemplate(set(), 'db-2', { ordinal: 2 });
    const created = one(p, [wffc('fast')]);
    expect(created).toMatchObject({ volume: 'data', name: 'data-db-2', ephemeral: false, template: 0 });
    expect(created.claim.spec?.storageClassName).toBe('fast');
    const given = claim('data-db-2', { storageClassName: 'fast' });
    expect(one(p, [wffc('fast'), given])).toStrictEqual({ volume: 'data', name: 'data-db-2', ephemeral: false, claim: given });
  });
  it('a copy of the pod (sameController) keeps its set and ordinal; a Pod never registered has none', () => {
    const p = podFromTemplate(set(), 'db-1', { ordinal: 1 });
    const copy = sameController(p, { ...p, spec: { ...p.spec!, nodeName: 'n0' } });
    const model = one(copy, [wffc('fast')]);
    expect(model).toMatchObject({ name: 'data-db-1', template: 0 });
    expect(model.notModelled).toBeUndefined();
    const plain = sameController(pod([pvcVolume('data', 'data-db-1')]), pod([pvcVolume('data', 'data-db-1')]));
    expect(one(plain, [wffc('fast')]).notModelled).toContain('PersistentVolumeClaim default/data-db-1 is not among the storage objects given');
  });
  it('a template without a name: the claim `-<set>-<ordinal>` (getPersistentVolumeClaimName of an empty name)', () => {
    const s = set({ volumeClaimTemplates: [{ spec: { storageClassName: 'fast' } }] });
    const p = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'db-0', namespace: 'default' }, spec: { containers: [], volumes: [pvcVolume('', '-db-0')] } } as Pod;
    registerStatefulSetPod(p, s, 0);
    expect(one(p, [wffc('fast')])).toMatchObject({ volume: '', name: '-db-0', template: 0 });
  });
});

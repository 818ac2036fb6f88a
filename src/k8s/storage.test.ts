// Conformance: upstream's own tables for the storage rules (component-helpers/storage is the same at
// v0.33.13 … v0.37.2, only a test's `tc := tc` differs), ported case by case with their names.
import type { PersistentVolume, PersistentVolumeClaim, TopologySelectorTerm, VolumeNodeAffinity } from 'kubernetes-types/core/v1';
import type { StorageClass } from 'kubernetes-types/storage/v1';
import {
  checkAccessModes, checkVolumeNodeAffinity, claimClass, claimHasClass, ephemeralClaimName, findMatchingVolume, isDelayBindingMode, isFullyBound,
  matchTopologySelectorTerms, requestedStorage, StorageRuleError, volumeCapacity, volumeClass, volumeIsForPod, volumeModeMismatch,
} from './storage';

const pvWithAffinity = (nodeAffinity?: VolumeNodeAffinity): PersistentVolume => ({ metadata: { name: 'test-constraints' }, spec: { nodeAffinity } });
const inTerm = (key: string, values: string[]) => ({ matchExpressions: [{ key, operator: 'In', values }] });

// component-helpers@v0.37.2 storage/volume/helpers_test.go TestCheckVolumeNodeAffinity
describe('checkVolumeNodeAffinity (helpers_test.go TestCheckVolumeNodeAffinity)', () => {
  const nodeLabels = { 'test-key1': 'test-value1', 'test-key2': 'test-value2' };
  const cases: Array<[string, boolean, VolumeNodeAffinity | undefined]> = [
    ['valid-nil', true, undefined],
    ['valid-no-constraints', true, {}],
    ['select-nothing', false, { required: { nodeSelectorTerms: [] } }],
    ['select-nothing-empty-terms', false, { required: { nodeSelectorTerms: [{ matchExpressions: [] }] } }],
    ['valid-multiple-terms', true, { required: { nodeSelectorTerms: [inTerm('test-key3', ['test-value1', 'test-value3']), inTerm('test-key2', ['test-value0', 'test-value2'])] } }],
    ['valid-multiple-match-expressions', true, {
      required: { nodeSelectorTerms: [{ matchExpressions: [...inTerm('test-key1', ['test-value1', 'test-value3']).matchExpressions, ...inTerm('test-key2', ['test-value0', 'test-value2']).matchExpressions] }] },
    }],
    ['invalid-multiple-match-expressions-key', false, {
      required: { nodeSelectorTerms: [{ matchExpressions: [...inTerm('test-key1', ['test-value1', 'test-value3']).matchExpressions, ...inTerm('test-key3', ['test-value0', 'test-value2']).matchExpressions] }] },
    }],
    ['invalid-multiple-match-expressions-values', false, {
      required: { nodeSelectorTerms: [{ matchExpressions: [...inTerm('test-key1', ['test-value3', 'test-value4']).matchExpressions, ...inTerm('test-key2', ['test-value0', 'test-value2']).matchExpressions] }] },
    }],
    ['invalid-multiple-terms', false, { required: { nodeSelectorTerms: [inTerm('test-key3', ['test-value1', 'test-value3']), inTerm('test-key2', ['test-value0', 'test-value1'])] } }],
  ];
  it.each(cases)('%s', (_name, expectSuccess, affinity) => {
    expect(checkVolumeNodeAffinity(pvWithAffinity(affinity), nodeLabels)).toBe(expectSuccess);
  });

  // ours, from nodeaffinity.go (LazyErrorNodeSelector.Match, extractNodeFields): the node has labels only, so a
  // matchFields requirement is not checked; a term that does not parse matches nothing, the others still may
  it('ignores matchFields (the node has no name) and skips a term that does not parse', () => {
    const fields = { required: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['other-node'] }] }] } };
    expect(checkVolumeNodeAffinity(pvWithAffinity(fields), nodeLabels)).toBe(true);
    const bad = { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'test-key1', operator: 'In', values: [] }] }, inTerm('test-key2', ['test-value2'])] } };
    expect(checkVolumeNodeAffinity(pvWithAffinity(bad), nodeLabels)).toBe(true);
    expect(checkVolumeNodeAffinity(pvWithAffinity({ required: { nodeSelectorTerms: [bad.required.nodeSelectorTerms[0]] } }), nodeLabels)).toBe(false);
  });
});

// component-helpers@v0.37.2 storage/volume/helpers_test.go TestPersistentVolumeClaimHasClass
describe('claimHasClass (helpers_test.go TestPersistentVolumeClaimHasClass)', () => {
  it.each<[string, PersistentVolumeClaim, boolean]>([
    ['no storage class', {}, false],
    ['storage class set on annotation', { metadata: { annotations: { 'volume.beta.kubernetes.io/storage-class': '' } } }, true],
    ['storage class set on spec', { spec: { storageClassName: '' } }, true],
  ])('%s', (_name, pvc, want) => expect(claimHasClass(pvc)).toBe(want));
});

// ours, from helpers.go GetPersistentVolumeClaimClass / GetPersistentVolumeClass: the beta annotation wins
describe('claimClass and volumeClass', () => {
  it('read the beta annotation first, then spec.storageClassName, else ""', () => {
    expect(claimClass({ metadata: { annotations: { 'volume.beta.kubernetes.io/storage-class': 'beta' } }, spec: { storageClassName: 'ga' } })).toBe('beta');
    expect(claimClass({ spec: { storageClassName: 'ga' } })).toBe('ga');
    expect(claimClass({})).toBe('');
    expect(volumeClass({ metadata: { annotations: { 'volume.beta.kubernetes.io/storage-class': '' } }, spec: { storageClassName: 'ga' } })).toBe('');
    expect(volumeClass({ spec: { storageClassName: 'ga' } })).toBe('ga');
  });
  it('isFullyBound needs spec.volumeName and the bind-completed annotation (any value)', () => {
    expect(isFullyBound({ metadata: { annotations: { 'pv.kubernetes.io/bind-completed': '' } }, spec: { volumeName: 'pv' } })).toBe(true);
    expect(isFullyBound({ spec: { volumeName: 'pv' } })).toBe(false);
    expect(isFullyBound({ metadata: { annotations: { 'pv.kubernetes.io/bind-completed': 'yes' } }, spec: {} })).toBe(false);
  });
});

// component-helpers@v0.37.2 storage/volume/pv_helpers_test.go TestDelayBindingMode
describe('isDelayBindingMode (pv_helpers_test.go TestDelayBindingMode)', () => {
  const classes = new Map<string, StorageClass>([
    ['no-mode', { metadata: { name: 'no-mode' }, provisioner: '' }],
    ['immediate-mode', { metadata: { name: 'immediate-mode' }, provisioner: '', volumeBindingMode: 'Immediate' }],
    ['wait-mode', { metadata: { name: 'wait-mode' }, provisioner: '', volumeBindingMode: 'WaitForFirstConsumer' }],
  ]);
  const lister = (name: string) => classes.get(name);
  const pvc = (storageClassName?: string): PersistentVolumeClaim => ({ metadata: { annotations: {} }, spec: { storageClassName } });
  it.each<[string, string | undefined, boolean]>([
    ['nil-class', undefined, false],
    ['class-not-found', 'not-here', false],
    ['immediate-mode-class', 'immediate-mode', false],
    ['wait-mode-class', 'wait-mode', true],
  ])('%s', (_name, cls, shouldDelay) => expect(isDelayBindingMode(pvc(cls), lister)).toBe(shouldDelay));
  it('no-mode-class: an error', () => {
    expect(() => isDelayBindingMode(pvc('no-mode'), lister)).toThrow(new StorageRuleError('VolumeBindingMode not set for StorageClass "no-mode"'));
  });
});

// component-helpers@v0.37.2 storage/volume/pv_helpers_test.go TestFindMatchVolumeWithNode
describe('findMatchingVolume (pv_helpers_test.go TestFindMatchVolumeWithNode)', () => {
  const affinity = (key: string, value: string): VolumeNodeAffinity => ({ required: { nodeSelectorTerms: [inTerm(key, [value])] } });
  const makeTestVolume = (uid: string, name: string, capacity: string, available: boolean, mod?: (pv: PersistentVolume) => void): PersistentVolume => {
    const pv: PersistentVolume = {
      metadata: { uid, name },
      spec: { capacity: { storage: capacity }, local: { path: '' }, accessModes: ['ReadWriteOnce', 'ReadOnlyMany'], volumeMode: 'Filesystem' },
      status: available ? { phase: 'Available' } : {},
    };
    mod?.(pv);
    return pv;
  };
  const volumes = [
    makeTestVolume('local-small', 'local001', '5G', true),
    makeTestVolume('local-pd-very-large', 'local002', '200E', true, (pv) => { pv.spec!.storageClassName = 'large'; }),
    makeTestVolume('affinity-pv', 'affinity001', '100G', true, (pv) => { pv.spec!.storageClassName = 'wait'; pv.spec!.nodeAffinity = affinity('key1', 'value1'); }),
    makeTestVolume('affinity-pv2', 'affinity002', '150G', true, (pv) => { pv.spec!.storageClassName = 'wait'; pv.spec!.nodeAffinity = affinity('key1', 'value1'); }),
    makeTestVolume('affinity-prebound', 'affinity003', '100G', true, (pv) => {
      pv.spec!.storageClassName = 'wait';
      pv.spec!.claimRef = { name: 'claim02', namespace: 'myns' };
      pv.spec!.nodeAffinity = affinity('key1', 'value1');
    }),
    makeTestVolume('affinity-pv3', 'affinity003', '200G', true, (pv) => { pv.spec!.storageClassName = 'wait'; pv.spec!.nodeAffinity = affinity('key1', 'value3'); }),
    makeTestVolume('affinity-pv4', 'affinity004', '200G', false, (pv) => { pv.spec!.storageClassName = 'wait'; pv.spec!.nodeAffinity = affinity('key1', 'value4'); }),
  ];
  const withVAC = (vac: string, input: PersistentVolume[]) => input.map((pv) => ({ ...pv, spec: { ...pv.spec, volumeAttributesClassName: vac } }));
  const claim = (name: string, size: string, accessModes: string[], vac?: string): PersistentVolumeClaim => ({
    metadata: { name, namespace: 'myns' },
    spec: { accessModes, resources: { requests: { storage: size } }, storageClassName: 'wait', volumeMode: 'Filesystem', volumeAttributesClassName: vac },
  });
  const node = (v: string) => ({ key1: v });
  const scenarios: Array<{ name: string; match: string; claim: PersistentVolumeClaim; node: Record<string, string>; volumes?: PersistentVolume[]; excluded?: string[]; vac: boolean[]; err?: boolean }> = [
    { name: 'success-match', match: 'affinity-pv', claim: claim('claim01', '100G', ['ReadWriteOnce']), node: node('value1'), vac: [true, false] },
    { name: 'success-prebound', match: 'affinity-prebound', claim: claim('claim02', '100G', ['ReadWriteOnce']), node: node('value1'), vac: [true, false] },
    { name: 'success-exclusion', match: 'affinity-pv2', claim: claim('claim01', '100G', ['ReadWriteOnce']), node: node('value1'), excluded: ['affinity001'], vac: [true, false] },
    { name: 'fail-exclusion', match: '', claim: claim('claim01', '100G', ['ReadWriteOnce']), node: node('value1'), excluded: ['affinity001', 'affinity002', 'affinity002-vac'], vac: [true, false] },
    { name: 'fail-accessmode', match: '', claim: claim('claim01', '100G', ['ReadWriteMany']), node: node('value1'), vac: [true, false] },
    { name: 'fail-nodeaffinity', match: '', claim: claim('claim01', '100G', ['ReadWriteOnce']), node: node('value2'), vac: [true, false] },
    { name: 'fail-prebound-node-affinity', match: '', claim: claim('claim02', '100G', ['ReadWriteOnce']), node: node('value3'), vac: [true, false] },
    { name: 'fail-nonavaliable', match: '', claim: claim('claim04', '100G', ['ReadWriteOnce']), node: node('value4'), vac: [true, false] },
    { name: 'success-bad-and-good-node-affinity', match: 'affinity-pv3', claim: claim('claim03', '100G', ['ReadWriteOnce']), node: node('value3'), vac: [true, false] },
    { name: 'success-match-with-vac', match: 'affinity-pv', volumes: withVAC('gold', volumes), claim: claim('claim01', '100G', ['ReadWriteOnce'], 'gold'), node: node('value1'), vac: [true] },
    { name: 'fail-vac', match: '', claim: claim('claim01', '100G', ['ReadWriteOnce'], 'silver'), node: node('value1'), vac: [true] },
    { name: 'fail-prebound-vac', match: '', volumes: withVAC('gold', volumes), claim: claim('claim02', '100G', ['ReadWriteOnce'], 'silver'), node: node('value1'), vac: [true] },
    { name: 'fail-on-error', match: '', err: true, claim: claim('claim01', '100G', ['ReadWriteOnce'], 'gold'), node: node('value1'), vac: [false] },
    { name: 'fail-volumes-vac', match: '', volumes: withVAC('gold', volumes), claim: claim('claim01', '100G', ['ReadWriteOnce']), node: node('value1'), vac: [false] },
  ];
  const runs = scenarios.flatMap((s) => s.vac.map((vacEnabled) => ({ ...s, vacEnabled, title: `[VolumeAttributiesClass: ${vacEnabled}] ${s.name}` })));
  it.each(runs)('$title', (s) => {
    const find = () => findMatchingVolume(s.claim, s.volumes ?? volumes, { nodeLabels: s.node, excluded: new Set(s.excluded ?? []), delayBinding: true, vacEnabled: s.vacEnabled });
    if (s.err) {
      expect(find).toThrow(new StorageRuleError('unsupported volumeAttributesClassName is set on claim myns/claim01 when the feature-gate VolumeAttributesClass is disabled'));
      return;
    }
    expect(find()?.metadata?.uid ?? '').toBe(s.match);
  });

  // ours, from FindMatchingVolume: the PV controller's path (no node) leaves a delayed claim to the scheduler
  // (only a pre-bound PV matches), and binds an Immediate one ignoring node affinity and access modes
  it('the PV controller path: delayBinding keeps only pre-bound PVs; otherwise node affinity is not checked', () => {
    expect(findMatchingVolume(claim('claim01', '100G', ['ReadWriteOnce']), volumes, { delayBinding: true, vacEnabled: true })).toBeUndefined();
    expect(findMatchingVolume(claim('claim02', '100G', ['ReadWriteOnce']), volumes, { delayBinding: true, vacEnabled: true })?.metadata?.uid).toBe('affinity-prebound');
    expect(findMatchingVolume(claim('claim01', '100G', ['ReadWriteMany']), volumes, { delayBinding: false, vacEnabled: true })?.metadata?.uid).toBe('affinity-pv');
  });
  it('a claim selector filters on the PV labels; a bad one is an error', () => {
    const labelled = volumes.map((pv) => (pv.metadata?.uid === 'affinity-pv2' ? { ...pv, metadata: { ...pv.metadata, labels: { tier: 'gold' } } } : pv));
    const c = { ...claim('claim01', '100G', ['ReadWriteOnce']) };
    c.spec = { ...c.spec, selector: { matchLabels: { tier: 'gold' } } };
    expect(findMatchingVolume(c, labelled, { nodeLabels: node('value1'), delayBinding: true, vacEnabled: true })?.metadata?.uid).toBe('affinity-pv2');
    c.spec = { ...c.spec, selector: { matchExpressions: [{ key: 'tier', operator: 'In', values: [] }] } };
    expect(() => findMatchingVolume(c, labelled, { nodeLabels: node('value1'), delayBinding: true, vacEnabled: true })).toThrow(/^error creating internal label selector for claim: myns\/claim01: /);
  });
  it('on equal capacities the first PV in list order wins', () => {
    const twins = [volumes[2], { ...volumes[2], metadata: { uid: 'twin', name: 'twin' } }];
    expect(findMatchingVolume(claim('claim01', '1G', ['ReadWriteOnce']), twins, { nodeLabels: node('value1'), delayBinding: true, vacEnabled: true })?.metadata?.uid).toBe('affinity-pv');
    expect(findMatchingVolume(claim('claim01', '1G', ['ReadWriteOnce']), [...twins].reverse(), { nodeLabels: node('value1'), delayBinding: true, vacEnabled: true })?.metadata?.uid).toBe('twin');
  });
});

// kubernetes@v1.37.2 pkg/controller/volume/persistentvolume/index_test.go TestCheckAccessModes
describe('checkAccessModes (index_test.go TestCheckAccessModes)', () => {
  const pv: PersistentVolume = { spec: { accessModes: ['ReadWriteOnce', 'ReadWriteMany'] } };
  it.each<[string, boolean, string[]]>([
    ['success-single-mode', true, ['ReadWriteMany']],
    ['success-many-modes', true, ['ReadWriteMany', 'ReadWriteOnce']],
    ['fail-single-mode', false, ['ReadOnlyMany']],
    ['fail-many-modes', false, ['ReadWriteMany', 'ReadOnlyMany']],
  ])('%s', (_name, shouldSucceed, accessModes) => {
    expect(checkAccessModes({ metadata: { name: 'claim01', namespace: 'myns' }, spec: { accessModes, resources: { requests: { storage: '100G' } } } }, pv)).toBe(shouldSucceed);
  });
});

// kubernetes@v1.37.2 pkg/controller/volume/persistentvolume/index_test.go TestVolumeModeCheck
describe('volumeModeMismatch (index_test.go TestVolumeModeCheck)', () => {
  type Mode = 'Block' | 'Filesystem' | undefined;
  it.each<[string, boolean, Mode, Mode]>([
    ['pvc block and pv filesystem', true, 'Block', 'Filesystem'],
    ['pvc filesystem and pv block', true, 'Filesystem', 'Block'],
    ['pvc block and pv block', false, 'Block', 'Block'],
    ['pvc filesystem and pv filesystem', false, 'Filesystem', 'Filesystem'],
    ['pvc filesystem and pv nil', false, 'Filesystem', undefined],
    ['pvc nil and pv filesystem', false, undefined, 'Filesystem'],
    ['pvc nil and pv nil', false, undefined, undefined],
    ['pvc nil and pv block', true, undefined, 'Block'],
    ['pvc block and pv nil', true, 'Block', undefined],
  ])('%s', (_name, mismatch, claimMode, pvMode) => {
    expect(volumeModeMismatch({ spec: { volumeMode: claimMode, resources: { requests: { storage: '8G' } } } }, { spec: { volumeMode: pvMode } })).toBe(mismatch);
  });
});

// kubernetes@v1.37.2 pkg/apis/core/v1/helper/helpers_test.go TestMatchTopologySelectorTerms (the helper is the same at v1.33.13 … v1.37.2)
describe('matchTopologySelectorTerms (helpers_test.go TestMatchTopologySelectorTerms)', () => {
  const term = (...reqs: Array<[string, string[]]>): TopologySelectorTerm => ({ matchLabelExpressions: reqs.map(([key, values]) => ({ key, values })) });
  it.each<[string, TopologySelectorTerm[] | undefined, Record<string, string>, boolean]>([
    ['nil term list', undefined, {}, true],
    ['nil term', [{ matchLabelExpressions: [] }], {}, false],
    ['label matches MatchLabelExpressions terms', [term(['label_1', ['label_1_val']])], { label_1: 'label_1_val' }, true],
    ['label does not match MatchLabelExpressions terms', [term(['label_1', ['label_1_val']])], { label_1: 'label_1_val-failed' }, false],
    ['multi-values in one requirement, one matched', [term(['label_1', ['label_1_val1', 'label_1_val2']])], { label_1: 'label_1_val2' }, true],
    ['multi-terms was set, one matched', [term(['label_1', ['label_1_val']]), term(['label_2', ['label_2_val']])], { label_2: 'label_2_val' }, true],
    ['multi-requirement in one term, fully matched', [term(['label_1', ['label_1_val']], ['label_2', ['label_2_val']])], { label_1: 'label_1_val', label_2: 'label_2_val' }, true],
    ['multi-requirement in one term, partial matched', [term(['label_1', ['label_1_val']], ['label_2', ['label_2_val']])], { label_1: 'label_1_val-failed', label_2: 'label_2_val' }, false],
  ])('%s', (_name, terms, labels, want) => expect(matchTopologySelectorTerms(terms, labels)).toBe(want));
});

// component-helpers@v0.37.2 storage/ephemeral/ephemeral_test.go TestVolumeIsForPod
describe('volumeIsForPod (ephemeral_test.go TestVolumeIsForPod)', () => {
  const podNotOwner = { metadata: { namespace: 'kube-system', name: 'podNotOwner', uid: '1' } };
  const podOwner = { metadata: { namespace: 'kube-system', name: 'podOwner', uid: '2' } };
  const pvcNoOwner: PersistentVolumeClaim = { metadata: { namespace: 'kube-system', name: 'pvcNoOwner', uid: '3' } };
  const owner = [{ apiVersion: '', kind: '', name: '', uid: '2', controller: true }];
  const pvcWithOwner: PersistentVolumeClaim = { metadata: { namespace: 'kube-system', name: 'pvcNoOwner', uid: '4', ownerReferences: owner } };
  const userPVCWithOwner: PersistentVolumeClaim = { metadata: { namespace: 'user-namespace', name: 'userPVCWithOwner', uid: '5', ownerReferences: owner } };
  it.each<[string, typeof podOwner, PersistentVolumeClaim, string | undefined]>([
    ['owned', podOwner, pvcWithOwner, undefined],
    ['other-pod', podNotOwner, pvcWithOwner, 'PVC kube-system/pvcNoOwner was not created for pod kube-system/podNotOwner (pod is not owner)'],
    ['no-owner', podOwner, pvcNoOwner, 'PVC kube-system/pvcNoOwner was not created for pod kube-system/podOwner (pod is not owner)'],
    ['different-namespace', podOwner, userPVCWithOwner, 'PVC user-namespace/userPVCWithOwner was not created for pod kube-system/podOwner (pod is not owner)'],
  ])('%s', (_name, pod, pvc, expected) => expect(volumeIsForPod(pod, pvc)).toBe(expected));
  it('ephemeralClaimName is <pod>-<volume> (ephemeral.go VolumeClaimName)', () => expect(ephemeralClaimName('web-0', 'scratch')).toBe('web-0-scratch'));
});

// A claim's requests and a volume's capacity are resource lists: SetDefaults_ResourceList rounds an amount finer than a
// milli-unit up to one (away from zero) before anything reads it; a CSIStorageCapacity's capacity is no such list.
describe('requestedStorage and volumeCapacity: the amounts as the API server holds them', () => {
  const claim = (storage: string) => ({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data', namespace: 'default' }, spec: { resources: { requests: { storage } } } }) as PersistentVolumeClaim;
  const volume = (storage: string) => ({ apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'pv' }, spec: { capacity: { storage } } }) as PersistentVolume;
  test.each([
    ['1500u', 2_000_000n], ['1100u', 2_000_000n], ['0.5m', 1_000_000n], ['-0.5m', -1_000_000n], ['2m', 2_000_000n], ['8Gi', 8n * 1024n ** 3n * 1_000_000_000n],
  ])('%s', (amount, nanos) => {
    expect(requestedStorage(claim(amount))).toBe(nanos);
    expect(volumeCapacity(volume(amount))).toBe(nanos);
  });
  test('a claim of 1.2m fits a volume of 1.1m: both hold 2m', () => {
    expect(requestedStorage(claim('1200u')) <= volumeCapacity(volume('1100u'))).toBe(true);
  });
});

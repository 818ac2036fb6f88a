// binder.ts beyond binder_test.go's tables: the inputs the engine takes as they come (a `storage` list is checked for
// its kinds only, so a claim, volume, class or capacity may lack fields the API server would have set), the errors
// that become VolumeBinding's Error status with upstream's texts (kubernetes@v1.37.2, the same at v1.33.13,
// pkg/scheduler/framework/plugins/volumebinding/binder.go), and the culprit texts our explanations print.
import type { PersistentVolume, PersistentVolumeClaim, Pod } from 'kubernetes-types/core/v1';
import type { CSINode, CSIStorageCapacity, StorageClass } from 'kubernetes-types/storage/v1';
import type { KubeObject } from '../../../core/types';
import { storageListers, type StorageListers } from '../../storage';
import { ErrReasonBindConflict, ErrReasonNodeConflict, ErrReasonNotEnoughSpace, ErrReasonPVNotExist } from './reasons';
import { findPodVolumes, getPodVolumeClaims, hasEnoughCapacity, tryTranslatePVToCSI, volumeClaims, VolumeBindingError, type PodVolumeClaims } from './binder';

const node1: { name: string; labels: Record<string, string> } = { name: 'node1', labels: { zone: 'a' } };
const wait = (name: string, provisioner: string, extra: Partial<StorageClass> = {}): StorageClass =>
  ({ kind: 'StorageClass', apiVersion: 'storage.k8s.io/v1', metadata: { name }, volumeBindingMode: 'WaitForFirstConsumer', provisioner, ...extra }) as StorageClass;
const claim = (name: string, cls: string, size: string | undefined, namespace: string | null = 'ns'): PersistentVolumeClaim => ({
  kind: 'PersistentVolumeClaim', apiVersion: 'v1', metadata: { name, ...(namespace ? { namespace } : {}) },
  spec: { storageClassName: cls, ...(size ? { resources: { requests: { storage: size } } } : {}) },
});
const volume = (name: string, cls: string, size: string, extra: Partial<PersistentVolume['spec']> = {}): PersistentVolume => ({
  kind: 'PersistentVolume', apiVersion: 'v1', metadata: { name }, spec: { storageClassName: cls, capacity: { storage: size }, ...extra }, status: { phase: 'Available' },
});
const podOf = (claims: string[], namespace: string | null = 'ns'): Pod => ({
  kind: 'Pod', apiVersion: 'v1', metadata: { name: 'p', ...(namespace ? { namespace } : {}) },
  spec: { containers: [], volumes: claims.map((c) => ({ name: c, persistentVolumeClaim: { claimName: c } })) },
});
const driver = (name: string, spec?: object) => ({ kind: 'CSIDriver', apiVersion: 'storage.k8s.io/v1', metadata: { name }, ...(spec ? { spec } : {}) }) as KubeObject;
const capacity = (name: string | undefined, cls: string, extra: Partial<CSIStorageCapacity>): CSIStorageCapacity =>
  ({ kind: 'CSIStorageCapacity', apiVersion: 'storage.k8s.io/v1', ...(name ? { metadata: { name, namespace: 'kube-system' } } : {}), storageClassName: cls, ...extra }) as CSIStorageCapacity;

/** GetPodVolumeClaims then FindPodVolumes on `node` over fresh listers of `objects`. */
function find(pod: Pod, objects: object[], node = node1, vac = true) {
  const storage = storageListers(objects as KubeObject[]);
  return findPodVolumes(getPodVolumeClaims(pod, storage), node, storage, vac);
}

describe('the claims of a pod (isVolumeBound, GetPodVolumeClaims)', () => {
  it('passes over a null volume and a pod without volumes or spec; an ephemeral claim of a pod without metadata is "-<volume>"', () => {
    expect(volumeClaims({ spec: { containers: [], volumes: [null as never, { name: 'c', persistentVolumeClaim: { claimName: 'c' } }] } })).toEqual([{ name: 'c', ephemeral: false }]);
    expect(volumeClaims({ spec: { containers: [] } })).toEqual([]);
    expect(volumeClaims({})).toEqual([]);
    expect(volumeClaims({ spec: { containers: [], volumes: [{ name: 'scratch', ephemeral: {} }] } })).toEqual([{ name: '-scratch', ephemeral: true }]);
  });

  it('reads the claims of a pod without a namespace, or without metadata, in "default"', () => {
    const pvc = claim('data', 'wffc', '1Gi', 'default');
    const objects = [wait('wffc', 'csi.example.com'), pvc] as KubeObject[];
    expect(getPodVolumeClaims(podOf(['data'], null), storageListers(objects)).delayBinding).toEqual([pvc]);
    const { metadata: _m, ...noMetadata } = podOf(['data']);
    expect(getPodVolumeClaims(noMetadata, storageListers(objects)).delayBinding).toEqual([pvc]);
  });

  it('a missing claim is an error: error getting PVC "<namespace>/<name>" (the pod\'s namespace, "default" when it has none)', () => {
    expect(() => getPodVolumeClaims(podOf(['gone']), storageListers([]))).toThrow(/^error getting PVC "ns\/gone": /);
    expect(() => getPodVolumeClaims(podOf(['gone'], null), storageListers([]))).toThrow(/^error getting PVC "default\/gone": /);
  });

  it('a claim without spec whose class is the beta annotation is delayed (no spec.volumeName)', () => {
    const pvc: PersistentVolumeClaim = { kind: 'PersistentVolumeClaim', apiVersion: 'v1', metadata: { name: 'data', namespace: 'ns', annotations: { 'volume.beta.kubernetes.io/storage-class': 'wffc' } } };
    expect(getPodVolumeClaims(podOf(['data']), storageListers([wait('wffc', 'csi.example.com'), pvc] as KubeObject[])).delayBinding).toEqual([pvc]);
  });

  it('a class without volumeBindingMode is an Error status; a failing lister is not taken for one', () => {
    const pvc = claim('data', 'nomode', '1Gi');
    const nomode = { kind: 'StorageClass', apiVersion: 'storage.k8s.io/v1', metadata: { name: 'nomode' }, provisioner: 'x' } as KubeObject;
    expect(() => getPodVolumeClaims(podOf(['data']), storageListers([nomode, pvc as KubeObject]))).toThrow(new VolumeBindingError('VolumeBindingMode not set for StorageClass "nomode"'));
    const broken: StorageListers = { ...storageListers([pvc as KubeObject]), storageClass: () => { throw new RangeError('lister broke'); } };
    expect(() => getPodVolumeClaims(podOf(['data']), broken)).toThrow(RangeError);
  });

  it('a claim given without a namespace binds the PV whose claimRef names it in "default" (pvCache.ListPVs, FindMatchingVolume)', () => {
    const pvc = claim('data', 'manual', '1Gi', null);
    const pv = volume('pv-data', 'manual', '1Gi', { claimRef: { kind: 'PersistentVolumeClaim', namespace: 'default', name: 'data' } });
    const other = volume('pv-other', 'manual', '1Gi', { claimRef: { kind: 'PersistentVolumeClaim', namespace: '', name: 'data' } });
    const got = find(podOf(['data'], null), [wait('manual', 'kubernetes.io/no-provisioner'), pvc, other, pv]);
    expect(got.reasons).toEqual([]);
    expect(got.staticBindings.map((b) => b.pv.metadata?.name)).toEqual(['pv-data']);
  });

  it('two claims of one class, each with the PV whose claimRef names it: each binds its own', () => {
    const ref = (name: string) => ({ claimRef: { kind: 'PersistentVolumeClaim', namespace: 'ns', name } });
    const objects = [wait('manual', 'kubernetes.io/no-provisioner'), claim('a', 'manual', '1Gi'), claim('b', 'manual', '1Gi'), volume('pv-b', 'manual', '1Gi', ref('b')), volume('pv-a', 'manual', '1Gi', ref('a'))];
    const got = find(podOf(['a', 'b']), objects);
    expect(got.reasons).toEqual([]);
    expect(got.staticBindings.map((b) => [b.pvc.metadata?.name, b.pv.metadata?.name])).toEqual([['a', 'pv-a'], ['b', 'pv-b']]);
  });
});

describe('FindPodVolumes: the culprit our explanation prints', () => {
  const bound = (volumeName: string): PersistentVolumeClaim => ({ ...claim('data', 'wffc', '1Gi'), metadata: { name: 'data', namespace: 'ns', annotations: { 'pv.kubernetes.io/bind-completed': 'yes' } }, spec: { volumeName } });

  it('a bound claim whose PV does not exist', () => {
    const got = find(podOf(['data']), [bound('pv-gone')]);
    expect(got.reasons).toEqual([ErrReasonPVNotExist]);
    expect(got.culprit).toEqual({ pvc: bound('pv-gone'), why: 'PersistentVolume pv-gone does not exist' });
  });

  it.each([
    ['kubernetes.io/no-provisioner', '"kubernetes.io/no-provisioner"'],
    ['', '""'],
    [undefined, '""'],
  ])('a class that cannot provision (provisioner %j)', (provisioner, shown) => {
    const sc = { kind: 'StorageClass', apiVersion: 'storage.k8s.io/v1', metadata: { name: 'wffc' }, volumeBindingMode: 'WaitForFirstConsumer', ...(provisioner === undefined ? {} : { provisioner }) };
    const got = find(podOf(['data']), [sc, claim('data', 'wffc', '1Gi')]);
    expect(got.reasons).toEqual([ErrReasonBindConflict]);
    expect(got.culprit?.why).toBe(`no PersistentVolume of StorageClass wffc fits, and the class cannot provision (provisioner ${shown})`);
  });

  it("a class whose allowedTopologies leave the node out", () => {
    const sc = wait('wffc', 'csi.example.com', { allowedTopologies: [{ matchLabelExpressions: [{ key: 'zone', values: ['b'] }] }] });
    const got = find(podOf(['data']), [sc, claim('data', 'wffc', '1Gi')]);
    expect(got.reasons).toEqual([ErrReasonBindConflict]);
    expect(got.culprit?.why).toBe("no PersistentVolume of StorageClass wffc fits, and the class's allowedTopologies do not include the node");
  });

  it('no CSIStorageCapacity holds the request', () => {
    const objects = [wait('wffc', 'csi.example.com'), driver('csi.example.com', { storageCapacity: true }), claim('data', 'wffc', '2Gi'), capacity('small', 'wffc', { capacity: '1Gi', nodeTopology: {} })];
    const got = find(podOf(['data']), objects);
    expect(got.reasons).toEqual([ErrReasonNotEnoughSpace]);
    expect(got.culprit?.why).toBe('no CSIStorageCapacity of StorageClass wffc reachable from the node holds 2Gi');
  });

  it('the bound claim that failed first stays the culprit when a delayed claim fails too', () => {
    const pv = volume('pv-b', 'wffc', '1Gi', { nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'In', values: ['b'] }] }] } } });
    const got = find(podOf(['data', 'new']), [wait('wffc', ''), bound('pv-b'), pv, claim('new', 'wffc', '1Gi')]);
    expect(got.reasons).toEqual([ErrReasonNodeConflict, ErrReasonBindConflict]);
    expect(got.culprit).toEqual({ pvc: bound('pv-b'), pv, why: 'its node affinity does not match the node' });
  });
});

describe('FindPodVolumes over claims as a caller builds them (PodVolumeClaims)', () => {
  const claims = (pvc: PersistentVolumeClaim): PodVolumeClaims => ({ bound: [], immediate: [], delayBinding: [pvc], volumesByClass: new Map() });

  it('a delayed claim without a class: "no class for claim <namespace>/<name>" (checkVolumeProvisions)', () => {
    const storage = storageListers([]);
    expect(() => findPodVolumes(claims({ ...claim('data', 'x', '1Gi', 'ns'), spec: {} }), node1, storage, true)).toThrow(new VolumeBindingError('no class for claim "ns/data"'));
    expect(() => findPodVolumes(claims({ spec: {} }), node1, storage, true)).toThrow(new VolumeBindingError('no class for claim "default/"'));
  });

  it('a delayed claim whose class is missing: "failed to find storage class"', () => {
    expect(() => findPodVolumes(claims(claim('data', 'gone', '1Gi')), node1, storageListers([]), true)).toThrow(new VolumeBindingError('failed to find storage class "gone"'));
  });

  it('a class with no volumes listed: provisioned', () => {
    const pvc = claim('data', 'wffc', '1Gi');
    const got = findPodVolumes(claims(pvc), node1, storageListers([wait('wffc', 'csi.example.com')]), true);
    expect(got).toMatchObject({ reasons: [], staticBindings: [], dynamicProvisions: [{ pvc }] });
  });
});

describe('findMatchingVolumes', () => {
  it('claims of equal size keep their order: the first gets the smaller PV (byPVCSize, sort.Sort)', () => {
    const objects = [wait('manual', 'kubernetes.io/no-provisioner'), claim('a', 'manual', '1Gi'), claim('b', 'manual', '1Gi'), volume('big', 'manual', '5Gi'), volume('small', 'manual', '2Gi')];
    expect(find(podOf(['a', 'b']), objects).staticBindings.map((b) => [b.pvc.metadata?.name, b.pv.metadata?.name])).toEqual([['a', 'small'], ['b', 'big']]);
    expect(find(podOf(['b', 'a']), objects).staticBindings.map((b) => [b.pvc.metadata?.name, b.pv.metadata?.name])).toEqual([['b', 'small'], ['a', 'big']]);
  });

  it('a PV chosen for one claim is not chosen again, nameless or not', () => {
    const nameless = (size: string) => ({ ...volume('', 'manual', size), metadata: undefined });
    const objects = [wait('manual', 'kubernetes.io/no-provisioner'), claim('a', 'manual', '1Gi'), claim('b', 'manual', '1Gi'), nameless('2Gi')];
    // the listers hold one volume per name: a nameless one is named ""; FindMatchingVolume's chosen set holds "" then
    const got = find(podOf(['a', 'b']), objects);
    expect(got.staticBindings.map((b) => b.pvc.metadata?.name)).toEqual(['a']);
    expect(got.reasons).toEqual([ErrReasonBindConflict]);
  });

  it('the same claims on two nodes: each node its own match (a static PV reaches one of them)', () => {
    const pv = volume('local', 'manual', '1Gi', { nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] }] } } });
    const storage = storageListers([wait('manual', 'kubernetes.io/no-provisioner'), claim('data', 'manual', '1Gi'), pv] as KubeObject[]);
    const claims = getPodVolumeClaims(podOf(['data']), storage);
    expect(findPodVolumes(claims, node1, storage, true).reasons).toEqual([]);
    expect(findPodVolumes(claims, { name: 'node2', labels: { zone: 'b' } }, storage, true).reasons).toEqual([ErrReasonBindConflict]);
  });

  it('a claim being provisioned for this node beside one to match: each provisioned once', () => {
    const selected = { ...claim('sel', 'wffc', '1Gi'), metadata: { name: 'sel', namespace: 'ns', annotations: { 'volume.kubernetes.io/selected-node': 'node1' } } };
    const got = find(podOf(['sel', 'new']), [wait('wffc', 'csi.example.com'), selected, claim('new', 'wffc', '1Gi')]);
    expect(got.dynamicProvisions.map((p) => p.pvc.metadata?.name)).toEqual(['sel', 'new']);
  });

  it('a claim with a VolumeAttributesClass while the gate is off is an error on every node, with or without volumes to match', () => {
    const pvc = { ...claim('data', 'wffc', '1Gi'), spec: { ...claim('data', 'wffc', '1Gi').spec, volumeAttributesClassName: 'gold' } };
    const storage = storageListers([wait('wffc', 'csi.example.com'), pvc] as KubeObject[]);
    const claims = getPodVolumeClaims(podOf(['data']), storage);
    const text = 'unsupported volumeAttributesClassName is set on claim ns/data when the feature-gate VolumeAttributesClass is disabled';
    expect(() => findPodVolumes(claims, node1, storage, false)).toThrow(new VolumeBindingError(text));
    expect(() => findPodVolumes(claims, { name: 'node2', labels: {} }, storage, false)).toThrow(new VolumeBindingError(text));
    // the gate on: provisioned
    expect(findPodVolumes(claims, node1, storage, true).dynamicProvisions.map((p) => p.pvc)).toEqual([pvc]);
  });
});

describe('hasEnoughCapacity', () => {
  const sc = wait('wffc', 'csi.example.com');
  const tracked = () => storageListers([sc, driver('csi.example.com', { storageCapacity: true })] as KubeObject[]);

  it('a claim without a storage request needs no capacity (no CSIStorageCapacity at all)', () => {
    const got = find(podOf(['data']), [sc, driver('csi.example.com', { storageCapacity: true }), claim('data', 'wffc', undefined)]);
    expect(got).toMatchObject({ reasons: [], dynamicProvisions: [{ pvc: { metadata: { name: 'data' } } }] });
    for (const pvc of [{}, { spec: {} }, { spec: { resources: {} } }] as PersistentVolumeClaim[]) {
      expect(hasEnoughCapacity(sc, pvc, node1, tracked())).toEqual({ sufficient: true });
    }
  });

  it('a CSIDriver without spec does not track capacity', () => {
    expect(hasEnoughCapacity(sc, claim('data', 'wffc', '1Gi'), node1, storageListers([sc, driver('csi.example.com')] as KubeObject[]))).toEqual({ sufficient: true });
  });

  it('a capacity without nodeTopology, or with one that does not parse, reaches no node (nodeHasAccess)', () => {
    const objects = (c: CSIStorageCapacity) => storageListers([sc, driver('csi.example.com', { storageCapacity: true }), c] as KubeObject[]);
    expect(hasEnoughCapacity(sc, claim('data', 'wffc', '1Gi'), node1, objects(capacity('pool', 'wffc', { capacity: '10Gi' })))).toEqual({ sufficient: false });
    const bad = capacity('pool', 'wffc', { capacity: '10Gi', nodeTopology: { matchExpressions: [{ key: 'zone', operator: 'In', values: [] }] } });
    expect(hasEnoughCapacity(sc, claim('data', 'wffc', '1Gi'), node1, objects(bad))).toEqual({ sufficient: false });
    const good = capacity('pool', 'wffc', { capacity: '10Gi', nodeTopology: { matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] } });
    expect(hasEnoughCapacity(sc, claim('data', 'wffc', '1Gi'), node1, objects(good))).toEqual({ sufficient: true, capacity: good });
  });

  it('a capacity with neither capacity nor maximumVolumeSize holds nothing, not even a request of 0 (capacitySufficient)', () => {
    const storage = storageListers([sc, driver('csi.example.com', { storageCapacity: true }), capacity('pool', 'wffc', { nodeTopology: {} })] as KubeObject[]);
    expect(hasEnoughCapacity(sc, claim('data', 'wffc', '0'), node1, storage)).toEqual({ sufficient: false });
  });

  it('a capacity too small is passed over for a later one', () => {
    const small = capacity('small', 'wffc', { capacity: '1Gi', nodeTopology: {} });
    const large = capacity('large', 'wffc', { maximumVolumeSize: '5Gi', nodeTopology: {} });
    const storage = storageListers([sc, driver('csi.example.com', { storageCapacity: true }), small, large] as KubeObject[]);
    expect(hasEnoughCapacity(sc, claim('data', 'wffc', '2Gi'), node1, storage)).toEqual({ sufficient: true, capacity: large });
  });

  it('a capacity that does not parse is an Error status naming it', () => {
    const storage = (c: CSIStorageCapacity) => storageListers([sc, driver('csi.example.com', { storageCapacity: true }), c] as KubeObject[]);
    expect(() => hasEnoughCapacity(sc, claim('data', 'wffc', '1Gi'), node1, storage(capacity('pool', 'wffc', { capacity: 'lots', nodeTopology: {} })))).toThrow(/^CSIStorageCapacity pool: /);
    expect(() => hasEnoughCapacity(sc, claim('data', 'wffc', '1Gi'), node1, storage(capacity(undefined, 'wffc', { capacity: 'lots', nodeTopology: {} })))).toThrow(/^CSIStorageCapacity : /);
  });
});

describe('tryTranslatePVToCSI', () => {
  // an EBS PV whose aws:// volume ID names no vol-…: TranslateInTreePVToCSI fails (aws_ebs.go KubernetesVolumeIDToEBSVolumeID)
  const ebs: PersistentVolume = { kind: 'PersistentVolume', apiVersion: 'v1', metadata: { name: 'pv0' }, spec: { awsElasticBlockStore: { volumeID: 'aws://us-east-1a/disk-0' } } };
  const csiNode = (annotations?: Record<string, string>) => ({ kind: 'CSINode', apiVersion: 'storage.k8s.io/v1', metadata: { name: 'node1', ...(annotations ? { annotations } : {}) }, spec: { drivers: [] } }) as CSINode;

  it('a translation that fails is an Error status: "could not translate pv: …"', () => {
    expect(() => tryTranslatePVToCSI(ebs, csiNode({ 'storage.alpha.kubernetes.io/migrated-plugins': 'kubernetes.io/aws-ebs' }))).toThrow(
      new VolumeBindingError('could not translate pv: failed to translate Kubernetes ID to EBS Volume ID Invalid format for AWS volume (aws://us-east-1a/disk-0)'),
    );
  });

  it('a CSINode without annotations, or without metadata, migrates nothing', () => {
    expect(tryTranslatePVToCSI(ebs, csiNode())).toBe(ebs);
    expect(tryTranslatePVToCSI(ebs, csiNode({}))).toBe(ebs);
    expect(tryTranslatePVToCSI(ebs, { spec: { drivers: [] } })).toBe(ebs);
  });

  it('through FindPodVolumes: the bound claim of such a PV is an Error status on the node that migrated the plugin', () => {
    const pvc: PersistentVolumeClaim = { kind: 'PersistentVolumeClaim', apiVersion: 'v1', metadata: { name: 'data', namespace: 'ns', annotations: { 'pv.kubernetes.io/bind-completed': 'yes' } }, spec: { volumeName: 'pv0' } };
    const objects = [pvc, ebs, csiNode({ 'storage.alpha.kubernetes.io/migrated-plugins': 'kubernetes.io/aws-ebs' })];
    expect(() => find(podOf(['data']), objects)).toThrow(VolumeBindingError);
    expect(find(podOf(['data']), objects, { name: 'node2', labels: {} }).reasons).toEqual([]);
  });
});

// NodeVolumeLimits' count per node beyond upstream's table (csi.go CSILimits.Filter, utils.go isCSIMigrationOn):
// the pod's volumes worked out per CSINode variant within one scheduling cycle, the node's count kept per release,
// the bound that lets most nodes pass uncounted, VolumeAttachments, and objects that lack optional fields (the
// engine takes raw objects). Every test builds its own objects: nothing is shared between tests.
import type { KubeObject, Node, Pod } from '../../../core/types';
import { withConfiguration } from '../../../core/config';
import { toSubject } from '../../../k8s/subject';
import { podInfo } from '../../framework';
import { schedule } from '../../index';
import { withProfile } from '../../profile';
import { buildSnapshot, type Snapshot } from '../../snapshot';
import { isCSIMigrationOn, newCSILimits, NodeVolumeLimits, NodeVolumeLimitsError, volumeLimits, type Features } from './index';

type V = Record<string, unknown>;
const EBS = 'ebs.csi.aws.com';
const GCE = 'pd.csi.storage.gke.io';
const PXD = 'pxd.portworx.com';
const MIGRATED = 'storage.alpha.kubernetes.io/migrated-plugins';
const EXCEEDED = ['node(s) exceed max volume count'];

const node = (name: string): Node => ({ apiVersion: 'v1', kind: 'Node', metadata: { name } });
const pod = (volumes: V[], meta: V = {}): Pod => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'db', ...meta }, spec: { containers: [], volumes } as never });
const claimVol = (claim: string): V => ({ name: claim, persistentVolumeClaim: { claimName: claim } });
const claim = (name: string, spec: V, meta: V = {}): KubeObject => ({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name, namespace: 'db', ...meta }, spec }) as KubeObject;
const pv = (name: string, spec: V): KubeObject => ({ apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name }, spec }) as KubeObject;
const csiPV = (name: string, driver = EBS): KubeObject => pv(name, { csi: { driver, volumeHandle: `h-${name}` } });
/** Claims c<i> bound to CSI volumes pv<i> of `driver`. */
const bound = (n: number, driver = EBS, prefix = '') => Array.from({ length: n }, (_, i) => [claim(`${prefix}c${i}`, { volumeName: `${prefix}pv${i}` }), csiPV(`${prefix}pv${i}`, driver)]).flat();
const csiNode = (name: string, drivers: Array<[string, number?]>, annotations?: Record<string, string>): KubeObject => ({
  apiVersion: 'storage.k8s.io/v1', kind: 'CSINode', metadata: { name, annotations },
  spec: { drivers: drivers.map(([d, count]) => ({ name: d, nodeID: name, ...(count === undefined ? {} : { allocatable: { count } }) })) },
}) as KubeObject;
const va = (name: string, spec: V): KubeObject => ({ apiVersion: 'storage.k8s.io/v1', kind: 'VolumeAttachment', metadata: { name }, spec: { nodeName: 'n1', ...spec } }) as KubeObject;
const storageClass = (name: string, provisioner?: string): KubeObject =>
  ({ apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name }, ...(provisioner === undefined ? {} : { provisioner }) }) as KubeObject;

function cluster(storage: KubeObject[], pods: Record<string, Pod[]> = {}, nodes = ['n1']): { snapshot: Snapshot; nodes: Node[] } {
  const list = nodes.map(node);
  return { snapshot: buildSnapshot(list, new Map(Object.entries(pods)), [], [], storage), nodes: list };
}

function run(p: Pod, c: { snapshot: Snapshot; nodes: Node[] }, features?: Features) {
  const plugin = features ? newCSILimits(features) : NodeVolumeLimits;
  return withProfile({ filter: [], clusterFilter: [plugin], lastFilter: [] }, () => schedule(toSubject(p), c.nodes, undefined, undefined, c.snapshot));
}
const verdict = (p: Pod, c: { snapshot: Snapshot; nodes: Node[] }, features?: Features) => run(p, c, features).rejected[0]?.status;
const split = (r: ReturnType<typeof run>) => ({ feasible: r.feasible.map((v) => v.node), rejected: r.rejected.map((v) => v.node) });

describe('the pod\'s volumes per CSINode variant, within one cycle (utils.go isCSIMigrationOn per node)', () => {
  test('an in-tree claim counts on a node with a CSINode, not on one without, whichever comes first', () => {
    const storage = () => [claim('c', { volumeName: 'old' }), pv('old', { awsElasticBlockStore: { volumeID: 'vol-1' } }), csiNode('limited', [[EBS, 0]])];
    const p = () => pod([claimVol('c')]);
    expect(split(run(p(), cluster(storage(), {}, ['bare', 'limited'])))).toEqual({ feasible: ['bare'], rejected: ['limited'] });
    expect(split(run(p(), cluster(storage(), {}, ['limited', 'bare'])))).toEqual({ feasible: ['bare'], rejected: ['limited'] });
  });

  test('before v1.36 a Portworx volume counts only where the CSINode\'s migrated-plugins annotation lists it', () => withConfiguration({ kubernetesVersion: '1.35' }, () => {
    const c = cluster([
      csiNode('plain', [[PXD, 0]]), csiNode('other-annotation', [[PXD, 0]], { team: 'x' }),
      csiNode('migrated', [[PXD, 0]], { [MIGRATED]: 'kubernetes.io/aws-ebs,kubernetes.io/portworx-volume' }),
      csiNode('ebs-only', [[PXD, 0]], { [MIGRATED]: 'kubernetes.io/aws-ebs' }),
    ], {}, ['plain', 'other-annotation', 'migrated', 'ebs-only']);
    const r = run(pod([{ name: 'px', portworxVolume: { volumeID: 'v1' } }]), c);
    expect(split(r)).toEqual({ feasible: ['plain', 'other-annotation', 'ebs-only'], rejected: ['migrated'] });
  }));

  test('from v1.36 a Portworx volume counts on every node with a CSINode (the annotation no longer matters)', () => withConfiguration({ kubernetesVersion: '1.36' }, () => {
    const c = cluster([csiNode('plain', [[PXD, 0]]), csiNode('other', [[PXD, 0]], { [MIGRATED]: 'kubernetes.io/aws-ebs' })], {}, ['plain', 'other']);
    expect(split(run(pod([{ name: 'px', portworxVolume: { volumeID: 'v1' } }]), c))).toEqual({ feasible: [], rejected: ['plain', 'other'] });
  }));

  test('before v1.36 a Portworx PV, or an unbound claim of the in-tree Portworx class, counts only on an annotated CSINode', () => withConfiguration({ kubernetesVersion: '1.35' }, () => {
    const storage = () => [
      claim('bound', { volumeName: 'px' }), pv('px', { portworxVolume: { volumeID: 'v1' } }),
      claim('unbound', { storageClassName: 'px' }), storageClass('px', 'kubernetes.io/portworx-volume'),
      csiNode('plain', [[PXD, 0]]), csiNode('migrated', [[PXD, 0]], { [MIGRATED]: 'kubernetes.io/portworx-volume' }),
    ];
    for (const name of ['bound', 'unbound']) {
      expect(split(run(pod([claimVol(name)]), cluster(storage(), {}, ['plain', 'migrated'])))).toEqual({ feasible: ['plain'], rejected: ['migrated'] });
    }
  }));
});

describe('isCSIMigrationOn (utils.go)', () => {
  const withCSINode = { apiVersion: 'storage.k8s.io/v1', kind: 'CSINode', metadata: { name: 'n1' }, spec: { drivers: [] } } as never;
  // before v1.36 the CSINode's annotation decides Portworx alone: the others are on without it
  test.each(['1.35', '1.36'] as const)('at %s: the four on with a CSINode, never without one; Azure File, vSphere and the rest never', (version) => withConfiguration({ kubernetesVersion: version }, () => {
    for (const plugin of ['kubernetes.io/aws-ebs', 'kubernetes.io/gce-pd', 'kubernetes.io/azure-disk', 'kubernetes.io/cinder']) {
      expect([plugin, isCSIMigrationOn(withCSINode, plugin), isCSIMigrationOn(undefined, plugin)]).toEqual([plugin, true, false]);
    }
    for (const plugin of ['kubernetes.io/azure-file', 'kubernetes.io/vsphere-volume', 'kubernetes.io/hostpath']) {
      expect([plugin, isCSIMigrationOn(withCSINode, plugin)]).toEqual([plugin, false]);
    }
    expect(isCSIMigrationOn(withCSINode, undefined)).toBe(false);
  }));
  test('Portworx before v1.36 on a CSINode without metadata: off (no annotation)', () => withConfiguration({ kubernetesVersion: '1.35' }, () => {
    expect(isCSIMigrationOn({ spec: { drivers: [] } } as never, 'kubernetes.io/portworx-volume')).toBe(false);
  }));
});

describe('the node\'s count', () => {
  test('kept per release: the same snapshot asked at v1.35 then v1.36 counts an existing Portworx volume only at v1.36', () => {
    const c = cluster([...bound(1, PXD), csiNode('n1', [[PXD, 1]])], { n1: [pod([{ name: 'px', portworxVolume: { volumeID: 'v9' } }], { name: 'old' })] });
    withConfiguration({ kubernetesVersion: '1.35' }, () => expect(verdict(pod([claimVol('c0')]), c)).toBeUndefined());
    withConfiguration({ kubernetesVersion: '1.36' }, () => expect(verdict(pod([claimVol('c0')]), c)?.reasons).toEqual(EXCEEDED));
  });

  test('the node\'s pods\' limit is the count of the pod\'s driver, not another driver\'s (a bound per driver)', () => {
    const existing = { n1: [pod([claimVol('c0')], { name: 'old' })] };
    expect(verdict(pod([claimVol('c1')]), cluster([...bound(2), csiNode('n1', [[EBS, 1], [GCE, 5]])], existing))?.reasons).toEqual(EXCEEDED);
    expect(verdict(pod([claimVol('c1')]), cluster([...bound(2), csiNode('n1', [[GCE, 5], [EBS, 1]])], existing))?.reasons).toEqual(EXCEEDED);
    // no count for the pod's driver, one for another: no limit for the pod's volumes
    expect(verdict(pod([claimVol('c1')]), cluster([...bound(2), csiNode('n1', [[EBS], [GCE, 0]])], existing))).toBeUndefined();
    expect(verdict(pod([claimVol('c1')]), cluster([...bound(2), csiNode('n1', [[GCE, 0], [EBS]])], existing))).toBeUndefined();
  });

  test('an existing pod\'s generic ephemeral volume counts (its owned claim under the class\'s provisioner)', () => {
    const owned = claim('old-scratch', { storageClassName: 'gp3' }, { ownerReferences: [{ apiVersion: 'v1', kind: 'Pod', name: 'old', uid: 'u1', controller: true }] });
    const c = cluster([...bound(1), owned, storageClass('gp3', EBS), csiNode('n1', [[EBS, 1]])], { n1: [pod([{ name: 'scratch', ephemeral: {} }], { name: 'old', uid: 'u1' })] });
    expect(verdict(pod([claimVol('c0')]), c)?.reasons).toEqual(EXCEEDED);
  });

  test('VolumeAttachments: one per volume, whether of a pod\'s volume or the same PV twice', () => {
    const storage = () => [...bound(3), csiNode('n1', [[EBS, 3]]),
      va('a', { attacher: EBS, source: { persistentVolumeName: 'pv0' } }),
      va('b', { attacher: EBS, source: { persistentVolumeName: 'pv1' } }), va('b2', { attacher: EBS, source: { persistentVolumeName: 'pv1' } })];
    // pv0 (a pod's, also attached) and pv1 (attached twice): 2, and the new pod's pv2: 3 ≤ 3
    expect(verdict(pod([claimVol('c2')]), cluster(storage(), { n1: [pod([claimVol('c0')], { name: 'old' })] }))).toBeUndefined();
    const more = [...storage(), ...bound(1, EBS, 'x')];
    expect(verdict(pod([claimVol('c2'), claimVol('xc0')]), cluster(more, { n1: [pod([claimVol('c0')], { name: 'old' })] }))?.reasons).toEqual(EXCEEDED);
  });

  test('VolumeAttachments without a source or of a PV without a spec are not counted (no error)', () => {
    const c = cluster([...bound(1), pv('bare', {}), { apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'nospec' } } as KubeObject, csiNode('n1', [[EBS, 1]]),
      va('a', { attacher: EBS }), va('b', { attacher: EBS, source: { persistentVolumeName: 'nospec' } })], { n1: [pod([{ name: 'px', portworxVolume: { volumeID: 'v' } }], { name: 'old' })] });
    expect(verdict(pod([claimVol('c0')]), c)).toBeUndefined();
  });

  test('an existing pod\'s error fails the attempt with NodeVolumeLimitsError (csi.go Filter: framework.AsStatus)', () => {
    const foreign = claim('old-scratch', { storageClassName: 'gp3' }, { ownerReferences: [{ apiVersion: 'v1', kind: 'Pod', name: 'x', uid: 'other', controller: true }] });
    const c = cluster([...bound(1), foreign, storageClass('gp3', EBS), csiNode('n1', [[EBS, 5]])], { n1: [pod([{ name: 'scratch', ephemeral: {} }], { name: 'old', uid: 'u1' })] });
    expect(() => verdict(pod([claimVol('c0')]), c)).toThrow(NodeVolumeLimitsError);
  });

  test.each([[{ claimName: '' }], [{}]])('a claim volume without a name (%j): an existing pod\'s fails the attempt, as the incoming pod\'s does', (source) => {
    const message = 'PersistentVolumeClaim had no name';
    const c = cluster([...bound(1), csiNode('n1', [[EBS, 5]])], { n1: [pod([{ name: 'x', persistentVolumeClaim: source }], { name: 'old' })] });
    expect(() => verdict(pod([claimVol('c0')]), c)).toThrow(new NodeVolumeLimitsError(message));
    expect(() => verdict(pod([{ name: 'x', persistentVolumeClaim: source }]), cluster([csiNode('n1', [[EBS, 5]])]))).toThrow(new NodeVolumeLimitsError(message));
  });
});

describe('generic ephemeral volumes\' owner (component-helpers ephemeral.go VolumeIsForPod, metav1.IsControlledBy)', () => {
  const owner = (refs: V[]) => claim('p-scratch', { storageClassName: 'gp3' }, { ownerReferences: refs });
  const ask = (refs: V[]) => verdict(pod([{ name: 'scratch', ephemeral: {} }], { uid: 'u1' }), cluster([owner(refs), storageClass('gp3', EBS), csiNode('n1', [[EBS, 0]])]));
  test('the controller reference decides, not the first one', () => {
    expect(ask([{ apiVersion: 'v1', kind: 'Pod', name: 'x', uid: 'other' }, { apiVersion: 'v1', kind: 'Pod', name: 'p', uid: 'u1', controller: true }])?.reasons).toEqual(EXCEEDED);
    expect(() => ask([{ apiVersion: 'v1', kind: 'Pod', name: 'p', uid: 'u1', controller: false }])).toThrow('PVC db/p-scratch was not created for pod db/p (pod is not owner)');
    expect(() => ask([{ apiVersion: 'v1', kind: 'Pod', name: 'p', uid: 'u1' }])).toThrow(NodeVolumeLimitsError);
    // no owner at all (csi_test.go "ephemeral volume not owned")
    expect(() => verdict(pod([{ name: 'scratch', ephemeral: {} }], { uid: 'u1' }), cluster([claim('p-scratch', { storageClassName: 'gp3' }), storageClass('gp3', EBS), csiNode('n1', [[EBS, 0]])])))
      .toThrow(NodeVolumeLimitsError);
  });

  test('an existing pod built without metadata: its claim is "-<volume>" in default, owned when the reference has no UID either', () => {
    const noMeta = { apiVersion: 'v1', kind: 'Pod', spec: { containers: [], volumes: [{ name: 'scratch', ephemeral: {} }] } } as Pod;
    const ref = (uid?: string) => [{ apiVersion: 'v1', kind: 'Pod', name: '', controller: true, ...(uid ? { uid } : {}) }];
    const scratch = (uid?: string) => ({ ...claim('-scratch', { storageClassName: 'gp3' }, { ownerReferences: ref(uid) }), metadata: { name: '-scratch', namespace: 'default', ownerReferences: ref(uid) } }) as KubeObject;
    const storage = (extra: KubeObject[]) => [...bound(1), storageClass('gp3', EBS), csiNode('n1', [[EBS, 1]]), ...extra];
    // no claim: an existing pod's missing claim is skipped
    expect(verdict(pod([claimVol('c0')]), cluster(storage([]), { n1: [noMeta] }))).toBeUndefined();
    expect(verdict(pod([claimVol('c0')]), cluster(storage([scratch()]), { n1: [noMeta] }))?.reasons).toEqual(EXCEEDED);
    expect(() => verdict(pod([claimVol('c0')]), cluster(storage([scratch('x')]), { n1: [noMeta] }))).toThrow('PVC default/-scratch was not created for pod default/ (pod is not owner)');
  });
});

describe('objects without optional fields (raw input)', () => {
  test('a claim without a spec: counted by its beta class annotation', () => {
    const annotated = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'c', namespace: 'db', annotations: { 'volume.beta.kubernetes.io/storage-class': 'gp3' } } } as KubeObject;
    expect(verdict(pod([claimVol('c')]), cluster([annotated, storageClass('gp3', EBS), csiNode('n1', [[EBS, 0]])]))?.reasons).toEqual(EXCEEDED);
    const plain = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'c', namespace: 'db' } } as KubeObject;
    expect(verdict(pod([claimVol('c')]), cluster([plain, storageClass('gp3', EBS), csiNode('n1', [[EBS, 0]])]))).toBeUndefined();
  });

  test('the beta class annotation comes before spec.storageClassName (GetPersistentVolumeClaimClass)', () => {
    const c = (annotation: string) => claim('c', { storageClassName: 'other' }, { annotations: { 'volume.beta.kubernetes.io/storage-class': annotation } });
    expect(verdict(pod([claimVol('c')]), cluster([c('gp3'), storageClass('gp3', EBS), storageClass('other', GCE), csiNode('n1', [[EBS, 0], [GCE, 5]])]))?.reasons).toEqual(EXCEEDED);
    expect(verdict(pod([claimVol('c')]), cluster([c('gp3'), storageClass('gp3', GCE), storageClass('other', EBS), csiNode('n1', [[EBS, 0], [GCE, 5]])]))).toBeUndefined();
  });

  test('a CSI PV without a volume handle is not counted', () => {
    const c = cluster([claim('c', { volumeName: 'v' }), pv('v', { csi: { driver: EBS } }), csiNode('n1', [[EBS, 0]])]);
    expect(verdict(pod([claimVol('c')]), c)).toBeUndefined();
  });

  test('a CSINode without a spec: no limit, and no driver for VolumeLimitScaling', () => withConfiguration({ kubernetesVersion: '1.36' }, () => {
    const bare = { apiVersion: 'storage.k8s.io/v1', kind: 'CSINode', metadata: { name: 'n1' } } as KubeObject;
    expect(volumeLimits(bare as never)).toEqual(new Map());
    expect(verdict(pod([claimVol('c0')]), cluster([...bound(1), bare]))).toBeUndefined();
    const driver = { apiVersion: 'storage.k8s.io/v1', kind: 'CSIDriver', metadata: { name: EBS }, spec: { preventPodSchedulingIfMissing: true } } as KubeObject;
    expect(verdict(pod([claimVol('c0')]), cluster([...bound(1), bare, driver]), { volumeLimitScaling: true })?.reasons).toEqual([`${EBS} CSI driver is not installed on the node`]);
  }));

  test('an existing pod without a spec adds nothing', () => {
    const c = cluster([...bound(2), csiNode('n1', [[EBS, 2]])], { n1: [{ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'bare', namespace: 'db' } } as Pod, pod([{ name: 'px', portworxVolume: { volumeID: 'v' } }], { name: 'old' })] });
    expect(verdict(pod([claimVol('c0'), claimVol('c1')]), c)).toBeUndefined();
  });
});

describe('VolumeLimitScaling: the driver on the node (csi.go checkCSIDriverOnNode)', () => {
  const driver = (spec?: V) => ({ apiVersion: 'storage.k8s.io/v1', kind: 'CSIDriver', metadata: { name: EBS }, ...(spec ? { spec } : {}) }) as KubeObject;
  test('found among the CSINode\'s drivers wherever it is listed; missing when only another driver is', () => withConfiguration({ kubernetesVersion: '1.36' }, () => {
    expect(verdict(pod([claimVol('c0')]), cluster([...bound(1), driver({ preventPodSchedulingIfMissing: true }), csiNode('n1', [[GCE], [EBS]])]), { volumeLimitScaling: true })).toBeUndefined();
    expect(verdict(pod([claimVol('c0')]), cluster([...bound(1), driver({ preventPodSchedulingIfMissing: true }), csiNode('n1', [[GCE]])]), { volumeLimitScaling: true })?.reasons)
      .toEqual([`${EBS} CSI driver is not installed on the node`]);
  }));

  test('from v1.36 a CSIDriver without a spec does not opt in', () => withConfiguration({ kubernetesVersion: '1.36' }, () => {
    expect(verdict(pod([claimVol('c0')]), cluster([...bound(1), driver(), csiNode('n1', [[GCE]])]), { volumeLimitScaling: true })).toBeUndefined();
  }));
});

test('the plugin\'s name', () => {
  expect(newCSILimits().name).toBe('NodeVolumeLimits');
  const c = cluster([...bound(1), csiNode('n1', [[EBS, 0]])]);
  const state = NodeVolumeLimits.preFilter(podInfo(toSubject(pod([claimVol('c0')]))), c.snapshot);
  expect(state).toHaveProperty('state');
});

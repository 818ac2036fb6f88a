// NodeVolumeLimits beyond upstream's table: what is never counted (inline csi: volumes), the in-tree sources the
// table does not cover (utils.go isCSIMigrationOn per release), VolumeAttachments, the count after a pod is assumed,
// the Error statuses, and the words (details, explainPass).
import type { KubeObject, Node, Pod } from '../../../core/types';
import { withConfiguration } from '../../../core/config';
import { KUBERNETES_VERSIONS, releasesBefore, releasesFrom } from '../../../core/releases';
import { toSubject } from '../../../k8s/subject';
import { podInfo } from '../../framework';
import { schedule } from '../../index';
import { withProfile } from '../../profile';
import { assumePod, buildSnapshot, type Snapshot } from '../../snapshot';
import { NodeVolumeLimits, NodeVolumeLimitsError, type PreFilterState } from './index';

type V = Record<string, unknown>;
const node = (name: string): Node => ({ apiVersion: 'v1', kind: 'Node', metadata: { name } });
const pod = (volumes: V[], meta: V = {}): Pod => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'db', ...meta }, spec: { containers: [], volumes } as never });
const claimVol = (claim: string): V => ({ name: claim, persistentVolumeClaim: { claimName: claim } });
const claim = (name: string, spec: V, meta: V = {}): KubeObject => ({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name, namespace: 'db', ...meta }, spec }) as KubeObject;
const csiPV = (name: string, driver = 'ebs.csi.aws.com'): KubeObject => ({ apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name }, spec: { csi: { driver, volumeHandle: `h-${name}` } } }) as KubeObject;
const bound = (n: number) => Array.from({ length: n }, (_, i) => [claim(`c${i}`, { volumeName: `pv${i}` }), csiPV(`pv${i}`)]).flat();
const csiNode = (name: string, drivers: Array<[string, number?]>, annotations?: Record<string, string>): KubeObject => ({
  apiVersion: 'storage.k8s.io/v1', kind: 'CSINode', metadata: { name, annotations },
  spec: { drivers: drivers.map(([d, count]) => ({ name: d, nodeID: name, ...(count === undefined ? {} : { allocatable: { count } }) })) },
}) as KubeObject;

function cluster(storage: KubeObject[], pods: Record<string, Pod[]> = {}, nodes = ['n1']): { snapshot: Snapshot; nodes: Node[] } {
  const list = nodes.map(node);
  return { snapshot: buildSnapshot(list, new Map(Object.entries(pods)), [], [], storage), nodes: list };
}

function verdict(p: Pod, c: { snapshot: Snapshot; nodes: Node[] }) {
  return withProfile({ filter: [], clusterFilter: [NodeVolumeLimits], lastFilter: [] }, () => {
    const r = schedule(toSubject(p), c.nodes, undefined, undefined, c.snapshot);
    return r.rejected[0]?.status;
  });
}

function state(p: Pod, snapshot: Snapshot): PreFilterState | undefined {
  const r = NodeVolumeLimits.preFilter(podInfo(toSubject(p)), snapshot);
  return 'state' in r ? r.state : undefined;
}

describe('what NodeVolumeLimits never counts (research-34 §4.4)', () => {
  test('a pod whose only volumes are inline csi: volumes (Secrets Store CSI) is Skipped at PreFilter', () => {
    const p = pod([{ name: 'secrets', csi: { driver: 'secrets-store.csi.k8s.io', readOnly: true } }, { name: 'tmp', emptyDir: {} }]);
    expect(state(p, cluster([csiNode('n1', [['secrets-store.csi.k8s.io', 0]])]).snapshot)).toBeUndefined();
  });

  test('an inline csi: volume beside a claim adds nothing to its driver\'s count', () => {
    const c = cluster([...bound(1), csiNode('n1', [['ebs.csi.aws.com', 1], ['secrets-store.csi.k8s.io', 0]])]);
    expect(verdict(pod([claimVol('c0'), { name: 's', csi: { driver: 'secrets-store.csi.k8s.io' } }]), c)).toBeUndefined();
  });

  test('azureFile and vsphereVolume inline: not Skipped (migratable) but never counted (isCSIMigrationOn is false)', () => {
    const c = cluster([csiNode('n1', [['file.csi.azure.com', 0], ['csi.vsphere.vmware.com', 0]])]);
    const p = pod([{ name: 'f', azureFile: { secretName: 's', shareName: 'x' } }, { name: 'v', vsphereVolume: { volumePath: '/p' } }]);
    expect(state(p, c.snapshot)).toBeDefined();
    expect(verdict(p, c)).toBeUndefined();
  });
});

describe('in-tree inline volumes (utils.go isCSIMigrationOn)', () => {
  test('cinder inline is counted under cinder.csi.openstack.org when the node has a CSINode', () => {
    const c = cluster([csiNode('n1', [['cinder.csi.openstack.org', 0]])]);
    expect(verdict(pod([{ name: 'c', cinder: { volumeID: 'v1' } }]), c)?.reasons).toEqual(['node(s) exceed max volume count']);
    expect(verdict(pod([{ name: 'c', cinder: { volumeID: 'v1' } }]), cluster([]))).toBeUndefined();
  });

  const portworx = pod([{ name: 'px', portworxVolume: { volumeID: 'v1' } }]);
  test.each(releasesBefore('1.36'))('portworxVolume at %s: counted only when the CSINode lists it as migrated', (version) => withConfiguration({ kubernetesVersion: version }, () => {
    expect(verdict(portworx, cluster([csiNode('n1', [['pxd.portworx.com', 0]])]))).toBeUndefined();
    const annotated = csiNode('n1', [['pxd.portworx.com', 0]], { 'storage.alpha.kubernetes.io/migrated-plugins': 'kubernetes.io/aws-ebs,kubernetes.io/portworx-volume' });
    expect(verdict(portworx, cluster([annotated]))?.reasons).toEqual(['node(s) exceed max volume count']);
  }));
  test.each(releasesFrom('1.36'))('portworxVolume at %s: counted without the annotation (CSIMigrationPortworx removed)', (version) => withConfiguration({ kubernetesVersion: version }, () => {
    expect(verdict(portworx, cluster([csiNode('n1', [['pxd.portworx.com', 0]])]))?.reasons).toEqual(['node(s) exceed max volume count']);
  }));

  test('an azureDisk inline volume without a kind is stored as Shared, which does not translate: the attempt fails', () => {
    const p = pod([{ name: 'd', azureDisk: { diskName: 'd', diskURI: 'u' } }]);
    expect(() => verdict(p, cluster([csiNode('n1', [['disk.csi.azure.com', 8]])]))).toThrow(new NodeVolumeLimitsError('converting volume(d) from inline to csi: kind(Shared) is not supported in csi migration'));
    expect(verdict(pod([{ name: 'd', azureDisk: { diskName: 'd', diskURI: 'u', kind: 'Managed' } }]), cluster([csiNode('n1', [['disk.csi.azure.com', 0]])]))?.reasons)
      .toEqual(['node(s) exceed max volume count']);
  });
});

describe('counting on the node', () => {
  test('a claim already used by a pod on the node does not count again; a VolumeAttachment of a pod\'s volume neither', () => {
    const va = { apiVersion: 'storage.k8s.io/v1', kind: 'VolumeAttachment', metadata: { name: 'va' }, spec: { nodeName: 'n1', attacher: 'ebs.csi.aws.com', source: { persistentVolumeName: 'pv0' } } } as KubeObject;
    const c = cluster([...bound(2), va, csiNode('n1', [['ebs.csi.aws.com', 2]])], { n1: [pod([claimVol('c0')], { name: 'old' }), pod([claimVol('c1')], { name: 'old2' })] });
    expect(verdict(pod([claimVol('c0')]), c)).toBeUndefined();
  });

  test('VolumeAttachments without an attacher, without a PV, or of a PV that is not CSI are not counted', () => {
    const va = (name: string, spec: V) => ({ apiVersion: 'storage.k8s.io/v1', kind: 'VolumeAttachment', metadata: { name }, spec: { nodeName: 'n1', ...spec } }) as KubeObject;
    const inTree = { apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'old' }, spec: { awsElasticBlockStore: { volumeID: 'vol-1' } } } as KubeObject;
    const c = cluster([...bound(1), inTree, csiNode('n1', [['ebs.csi.aws.com', 1]]),
      va('a', { attacher: '', source: { persistentVolumeName: 'pv0' } }), va('b', { attacher: 'ebs.csi.aws.com', source: {} }),
      va('c', { attacher: 'ebs.csi.aws.com', source: { persistentVolumeName: 'old' } }), va('d', { attacher: 'ebs.csi.aws.com', source: { persistentVolumeName: 'gone' } })]);
    expect(verdict(pod([claimVol('c0')]), c)).toBeUndefined();
  });

  test('a pod assumed onto the node counts for the next pod (the kept count is dropped)', () => {
    const c = cluster([...bound(3), csiNode('n1', [['ebs.csi.aws.com', 2]])], { n1: [pod([claimVol('c0')], { name: 'old' })] });
    expect(verdict(pod([claimVol('c1')], { name: 'a' }), c)).toBeUndefined();
    expect(verdict(pod([claimVol('c2')], { name: 'b' }), c)).toBeUndefined();
    const a = pod([claimVol('c1')], { name: 'a' });
    assumePod(c.snapshot, 'n1', { ...a, spec: { ...a.spec!, nodeName: 'n1' } });
    expect(verdict(pod([claimVol('c2')], { name: 'b' }), c)?.reasons).toEqual(['node(s) exceed max volume count']);
  });

  test.each([3, 10])('a node with %i pods with claims: the count is exact at the limit (counted afresh for a few pods, kept for many), and an assumed pod counts', (n) => {
    const existing = Array.from({ length: n }, (_, i) => pod([claimVol(`c${i}`)], { name: `old-${i}` }));
    const ask = (limit: number) => {
      const c = cluster([...bound(n + 2), csiNode('n1', [['ebs.csi.aws.com', limit]])], { n1: existing });
      return { c, status: verdict(pod([claimVol(`c${n}`)], { name: 'new' }), c) };
    };
    expect(ask(n + 1).status).toBeUndefined();
    expect(ask(n).status?.reasons).toEqual(['node(s) exceed max volume count']);
    const { c } = ask(n + 1);
    expect(verdict(pod([claimVol(`c${n + 1}`)], { name: 'next' }), c)).toBeUndefined();
    const a = pod([claimVol(`c${n}`)], { name: 'a' });
    assumePod(c.snapshot, 'n1', { ...a, spec: { ...a.spec!, nodeName: 'n1' } });
    expect(verdict(pod([claimVol(`c${n + 1}`)], { name: 'next' }), c)?.reasons).toEqual(['node(s) exceed max volume count']);
  });

  test('each node its own CSINode: a node without one, or without a count for the driver, never constrains', () => {
    const c = cluster([...bound(1), csiNode('full', [['ebs.csi.aws.com', 0]]), csiNode('other', [['pd.csi.storage.gke.io', 0]])], {}, ['full', 'other', 'bare']);
    const r = withProfile({ filter: [], clusterFilter: [NodeVolumeLimits], lastFilter: [] }, () => schedule(toSubject(pod([claimVol('c0')])), c.nodes, undefined, undefined, c.snapshot));
    expect(r.feasible.map((v) => v.node)).toEqual(['other', 'bare']);
    expect(r.rejected.map((v) => v.node)).toEqual(['full']);
  });

  test('an existing pod\'s ephemeral claim owned by another pod fails the attempt, but only where limits are counted', () => {
    const foreign = claim('old-scratch', { storageClassName: 'gp3' }, { ownerReferences: [{ apiVersion: 'v1', kind: 'Pod', name: 'x', uid: 'other', controller: true }] });
    const existing = pod([{ name: 'scratch', ephemeral: {} }], { name: 'old', uid: 'u1' });
    const storage = [...bound(1), foreign, { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'gp3' }, provisioner: 'ebs.csi.aws.com' } as KubeObject];
    expect(verdict(pod([claimVol('c0')]), cluster([...storage, csiNode('n1', [['ebs.csi.aws.com']])], { n1: [existing] }))).toBeUndefined();
    expect(() => verdict(pod([claimVol('c0')]), cluster([...storage, csiNode('n1', [['ebs.csi.aws.com', 5]])], { n1: [existing] })))
      .toThrow('PVC db/old-scratch was not created for pod db/old (pod is not owner)');
    // a limit for another driver is enough: csi.go Filter counts the node's pods once getVolumeLimits is not empty
    expect(() => verdict(pod([claimVol('c0')]), cluster([...storage, csiNode('n1', [['ebs.csi.aws.com'], ['pd.csi.storage.gke.io', 5]])], { n1: [existing] })))
      .toThrow('PVC db/old-scratch was not created for pod db/old (pod is not owner)');
  });

  test('an existing pod\'s missing claim is skipped; the incoming pod\'s is UnschedulableAndUnresolvable', () => {
    const c = cluster([...bound(1), csiNode('n1', [['ebs.csi.aws.com', 1]])], { n1: [pod([claimVol('gone')], { name: 'old' })] });
    expect(verdict(pod([claimVol('c0')]), c)).toBeUndefined();
    const status = verdict(pod([claimVol('nope')]), c);
    expect(status && [status.code, status.reasons]).toEqual(['UnschedulableAndUnresolvable', ['looking up PVC db/nope: persistentvolumeclaim "nope" not found']]);
  });
});

describe('the words', () => {
  test('a rejection says which driver, the limit, what is attached and what the pod adds', () => {
    const va = { apiVersion: 'storage.k8s.io/v1', kind: 'VolumeAttachment', metadata: { name: 'va' }, spec: { nodeName: 'n1', attacher: 'ebs.csi.aws.com', source: { persistentVolumeName: 'pv2' } } } as KubeObject;
    const c = cluster([...bound(3), va, csiNode('n1', [['ebs.csi.aws.com', 2]])], { n1: [pod([claimVol('c0')], { name: 'old' })] });
    expect(verdict(pod([claimVol('c1')]), c)?.details).toEqual([
      'ebs.csi.aws.com: node n1\'s CSINode allows 2 volume(s) (spec.drivers[ebs.csi.aws.com].allocatable.count); 1 attached for its pods and 1 more by VolumeAttachments, ' +
        'and this pod adds 1 (claim db/c1, PersistentVolume pv1): 3 > 2',
      'a node with fewer ebs.csi.aws.com volumes attached fits; a volume already attached to the node (the same claim or volume handle) does not count again',
    ]);
  });

  test.each(KUBERNETES_VERSIONS)('explainPass at %s: the counts per driver, or why none applies', (version) => withConfiguration({ kubernetesVersion: version }, () => {
    const c = cluster([...bound(2), csiNode('n1', [['ebs.csi.aws.com', 3]])], { n1: [pod([claimVol('c0')], { name: 'old' })] }, ['n1', 'n2']);
    const p = pod([claimVol('c0'), claimVol('c1')]);
    const s = state(p, c.snapshot)!;
    const info = podInfo(toSubject(p));
    expect(NodeVolumeLimits.explainPass!(info, c.snapshot.byName.get('n1')!, s)).toEqual(['ebs.csi.aws.com: 1 attached + 1 new = 2 ≤ 3 (CSINode allocatable.count)']);
    expect(NodeVolumeLimits.explainPass!(info, c.snapshot.byName.get('n2')!, s)).toEqual(['node n2 has no CSINode: no attach limit applies']);
  }));

  test('the driver check names the driver and what is missing (VolumeLimitScaling, on at 1.37)', () => withConfiguration({ kubernetesVersion: '1.37' }, () => {
    const driver = { apiVersion: 'storage.k8s.io/v1', kind: 'CSIDriver', metadata: { name: 'ebs.csi.aws.com' }, spec: { preventPodSchedulingIfMissing: true } } as KubeObject;
    const status = verdict(pod([claimVol('c0')]), cluster([...bound(1), driver]));
    expect(status && [status.code, status.reasons, status.details[0]]).toEqual(['Unschedulable', ['ebs.csi.aws.com CSI driver is not installed on the node'],
      'the CSIDriver ebs.csi.aws.com sets spec.preventPodSchedulingIfMissing, and node n1\'s CSINode is missing']);
  }));
});

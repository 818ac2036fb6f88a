// NodeVolumeLimits' words as users read them: the details of each rejection (a missing claim, a driver not on the
// node, a limit exceeded) and the pass lines (explainPass) for each reason a node passes. Every test builds its own
// objects: nothing is shared between tests.
import type { KubeObject, Node, Pod } from '../../../core/types';
import { withConfiguration } from '../../../core/config';
import { toSubject } from '../../../k8s/subject';
import { podInfo } from '../../framework';
import { schedule } from '../../index';
import { withProfile } from '../../profile';
import { buildSnapshot, type Snapshot } from '../../snapshot';
import { newCSILimits, NodeVolumeLimits, type Features } from './index';

type V = Record<string, unknown>;
const EBS = 'ebs.csi.aws.com';
const GCE = 'pd.csi.storage.gke.io';

const node = (name: string): Node => ({ apiVersion: 'v1', kind: 'Node', metadata: { name } });
const pod = (volumes: V[], meta: V = {}): Pod => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'db', ...meta }, spec: { containers: [], volumes } as never });
const claimVol = (claim: string): V => ({ name: claim, persistentVolumeClaim: { claimName: claim } });
const claim = (name: string, spec: V): KubeObject => ({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name, namespace: 'db' }, spec }) as KubeObject;
const pv = (name: string, spec: V): KubeObject => ({ apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name }, spec }) as KubeObject;
const csiPV = (name: string, driver = EBS): KubeObject => pv(name, { csi: { driver, volumeHandle: `h-${name}` } });
const bound = (n: number, driver = EBS, prefix = '') => Array.from({ length: n }, (_, i) => [claim(`${prefix}c${i}`, { volumeName: `${prefix}pv${i}` }), csiPV(`${prefix}pv${i}`, driver)]).flat();
const csiNode = (name: string, drivers: Array<[string, number?]>): KubeObject => ({
  apiVersion: 'storage.k8s.io/v1', kind: 'CSINode', metadata: { name },
  spec: { drivers: drivers.map(([d, count]) => ({ name: d, nodeID: name, ...(count === undefined ? {} : { allocatable: { count } }) })) },
}) as KubeObject;
const va = (name: string, pvName: string, attacher = EBS): KubeObject =>
  ({ apiVersion: 'storage.k8s.io/v1', kind: 'VolumeAttachment', metadata: { name }, spec: { nodeName: 'n1', attacher, source: { persistentVolumeName: pvName } } }) as KubeObject;
const storageClass = (name: string, provisioner?: string): KubeObject =>
  ({ apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name }, ...(provisioner === undefined ? {} : { provisioner }) }) as KubeObject;
const csiDriver = (spec: V): KubeObject => ({ apiVersion: 'storage.k8s.io/v1', kind: 'CSIDriver', metadata: { name: EBS }, spec }) as KubeObject;

function cluster(storage: KubeObject[], pods: Record<string, Pod[]> = {}, nodes = ['n1']): { snapshot: Snapshot; nodes: Node[] } {
  const list = nodes.map(node);
  return { snapshot: buildSnapshot(list, new Map(Object.entries(pods)), [], [], storage), nodes: list };
}

function status(p: Pod, c: { snapshot: Snapshot; nodes: Node[] }, features?: Features) {
  const plugin = features ? newCSILimits(features) : NodeVolumeLimits;
  return withProfile({ filter: [], clusterFilter: [plugin], lastFilter: [] }, () => schedule(toSubject(p), c.nodes, undefined, undefined, c.snapshot).rejected[0]?.status);
}

/** explainPass on node `name` (PreFilter then the pass lines, as the explanation asks them). */
function passLines(p: Pod, c: { snapshot: Snapshot }, name = 'n1'): string[] {
  const r = NodeVolumeLimits.preFilter(podInfo(toSubject(p)), c.snapshot);
  if (!('state' in r)) throw new Error('skipped');
  return NodeVolumeLimits.explainPass!(podInfo(toSubject(p)), c.snapshot.byName.get(name)!, r.state!);
}

describe('rejection details', () => {
  test('the incoming pod\'s missing claim: what is missing and why the pod waits', () => {
    const s = status(pod([claimVol('nope')]), cluster([csiNode('n1', [[EBS, 1]])]));
    expect(s && [s.code, s.details]).toEqual(['UnschedulableAndUnresolvable', [
      'persistentvolumeclaim "nope" not found: the pod cannot run without its claim and stays Pending until the claim exists ' +
        '(a generic ephemeral volume\'s claim, <pod>-<volume>, is created by the ephemeral volume controller)',
    ]]);
  });

  test('the driver not on the node at v1.35: the CSIDriver exists, and the CSINode does not list the driver', () => withConfiguration({ kubernetesVersion: '1.35' }, () => {
    const s = status(pod([claimVol('c0')]), cluster([...bound(1), csiDriver({}), csiNode('n1', [[GCE, 3]])]), { volumeLimitScaling: true });
    expect(s?.details).toEqual([
      `the CSIDriver ${EBS} exists (with VolumeLimitScaling on, v1.35 needs no opt-in), and node n1's CSINode does not list that driver`,
      `a node whose CSINode lists ${EBS} (the driver's node plugin registered there) fits`,
    ]);
  }));

  test('the driver not on the node at v1.36: the CSIDriver opts in, and the node has no CSINode', () => withConfiguration({ kubernetesVersion: '1.36' }, () => {
    const s = status(pod([claimVol('c0')]), cluster([...bound(1), csiDriver({ preventPodSchedulingIfMissing: true })]), { volumeLimitScaling: true });
    expect(s?.details[0]).toBe(`the CSIDriver ${EBS} sets spec.preventPodSchedulingIfMissing, and node n1's CSINode is missing`);
  }));

  test('a limit exceeded: only the pod\'s new volumes of that driver are listed, without VolumeAttachments when there are none', () => {
    const storage = [...bound(3), ...bound(1, GCE, 'g'), claim('fresh', { storageClassName: 'gp3' }), storageClass('gp3', EBS), csiNode('n1', [[EBS, 2], [GCE, 5]])];
    const c = cluster(storage, { n1: [pod([claimVol('c0')], { name: 'old' })] });
    const s = status(pod([claimVol('c0'), claimVol('gc0'), claimVol('c1'), claimVol('fresh')]), c);
    expect(s?.details[0]).toBe(`${EBS}: node n1's CSINode allows 2 volume(s) (spec.drivers[${EBS}].allocatable.count); ` +
      '1 attached for its pods, and this pod adds 2 (claim db/c1, PersistentVolume pv1; claim db/fresh, not bound yet): 3 > 2');
  });

  test('an in-tree inline volume is named as the pod\'s volume', () => {
    const s = status(pod([{ name: 'data', awsElasticBlockStore: { volumeID: 'vol-1' } }]), cluster([csiNode('n1', [[EBS, 0]])]));
    expect(s?.details[0]).toBe(`${EBS}: node n1's CSINode allows 0 volume(s) (spec.drivers[${EBS}].allocatable.count); 0 attached for its pods, and this pod adds 1 (volume data): 1 > 0`);
  });
});

describe('pass lines (explainPass)', () => {
  test('per driver: attached by pods and VolumeAttachments, new, the limit; a driver without a limit; a volume already attached', () => {
    const storage = [...bound(3), ...bound(1, GCE, 'g'), va('a', 'pv2'), csiNode('n1', [[EBS, 5], [GCE]])];
    const c = cluster(storage, { n1: [pod([claimVol('c0')], { name: 'old' })] });
    expect(passLines(pod([claimVol('c1'), claimVol('gc0')]), c)).toEqual([`${EBS}: 2 attached + 1 new = 3 ≤ 5 (CSINode allocatable.count)`, `${GCE}: no attach limit on this node`]);
    expect(passLines(pod([claimVol('c0')]), c)).toEqual([`${EBS}: 2 attached + 0 new (already attached) = 2 ≤ 5 (CSINode allocatable.count)`]);
  });

  test('a CSINode without any count, or without a spec: no attach limit', () => {
    expect(passLines(pod([claimVol('c0')]), cluster([...bound(1), csiNode('n1', [[EBS]])]))).toEqual(['node n1\'s CSINode declares no attach limit (allocatable.count) for any driver']);
    const bare = { apiVersion: 'storage.k8s.io/v1', kind: 'CSINode', metadata: { name: 'n1' } } as KubeObject;
    expect(passLines(pod([claimVol('c0')]), cluster([...bound(1), bare]))).toEqual(['node n1\'s CSINode declares no attach limit (allocatable.count) for any driver']);
  });

  const none = ['none of the pod\'s volumes counts against a CSI driver\'s attach limit on this node'];
  test.each<[string, V[], KubeObject[]]>([
    ['an unbound claim whose class does not exist', [claimVol('c')], [claim('c', { storageClassName: 'missing' })]],
    ['an unbound claim whose class has no provisioner', [claimVol('c')], [claim('c', { storageClassName: 'gp3' }), storageClass('gp3')]],
    ['a claim bound to a CSI PV without a driver', [claimVol('c')], [claim('c', { volumeName: 'v' }), pv('v', { csi: { volumeHandle: 'h' } })]],
    ['an in-tree claim on a node without a CSINode', [claimVol('c')], [claim('c', { volumeName: 'v' }), pv('v', { awsElasticBlockStore: { volumeID: 'vol-1' } })]],
    ['an unbound claim of an in-tree class on a node without a CSINode', [claimVol('c')], [claim('c', { storageClassName: 'gp2' }), storageClass('gp2', 'kubernetes.io/aws-ebs')]],
    ['an in-tree inline volume on a node without a CSINode', [{ name: 'd', awsElasticBlockStore: { volumeID: 'vol-1' } }], []],
    ['a claim bound to a PV without a spec', [claimVol('c')], [claim('c', { volumeName: 'v' }), { apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'v' } } as KubeObject]],
    ['a PV of a source that does not migrate', [claimVol('c')], [claim('c', { volumeName: 'v' }), pv('v', { hostPath: { path: '/tmp' } })]],
  ])('%s: nothing counts', (_name, volumes, storage) => {
    expect(passLines(pod(volumes), cluster(storage))).toEqual(none);
  });

  test('a node that rejects the pod has no pass line', () => {
    expect(passLines(pod([claimVol('c0')]), cluster([...bound(1), csiNode('n1', [[EBS, 0]])]))).toEqual([]);
  });
});

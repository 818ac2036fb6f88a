// VolumeBinding's `reads`: the node label keys its verdict depends on. scheduleOn shares a node's pass with the nodes
// alike in those keys, so each case puts a passing node before a failing one that differs from it only in a key the
// verdict reads (or in what no label says: the node's name, its CSINode), and checks scheduleOn's verdicts against
// scheduleOnNode's, node by node. The verdicts are binder.go FindPodVolumes' (checkBoundClaims, the selected-node
// fast path, checkVolumeProvisions with hasEnoughCapacity/nodeHasAccess; kubernetes@v1.33.13 … v1.37.2).
import type { KubeObject, Node } from '../../../core/types';
import { scheduleOn } from '../../../engine/objects';
import { scheduleOnNode } from '../../../engine/schedule';
import { toSubject } from '../../../k8s/subject';
import { schedule } from '../../index';
import { withProfile } from '../../profile';
import { VolumeBinding } from './index';
import { ErrReasonNodeConflict, ErrReasonNotEnoughSpace, ErrReasonPVNotExist, ErrReasonBindConflict } from './reasons';

const k = (o: object) => o as KubeObject;

const node = (name: string, labels: Record<string, string>): Node => ({
  kind: 'Node', apiVersion: 'v1', metadata: { name, labels }, status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } },
});
const pod = (...claims: string[]): KubeObject => k({
  kind: 'Pod', apiVersion: 'v1', metadata: { name: 'p', namespace: 'default' },
  spec: { containers: [{ name: 'c', image: 'i' }], volumes: claims.map((c) => ({ name: c, persistentVolumeClaim: { claimName: c } })) },
});
const sc = (name: string, provisioner: string): KubeObject => k({ kind: 'StorageClass', apiVersion: 'storage.k8s.io/v1', metadata: { name }, provisioner, volumeBindingMode: 'WaitForFirstConsumer' });
const claim = (name: string, cls: string, extra: { volumeName?: string; annotations?: Record<string, string> } = {}): KubeObject => k({
  kind: 'PersistentVolumeClaim', apiVersion: 'v1',
  metadata: { name, namespace: 'default', ...(extra.annotations ? { annotations: extra.annotations } : {}) },
  spec: { storageClassName: cls, accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '10Gi' } }, ...(extra.volumeName ? { volumeName: extra.volumeName } : {}) },
});
const bound = (name: string, cls: string, pv: string) => claim(name, cls, { volumeName: pv, annotations: { 'pv.kubernetes.io/bind-completed': 'yes' } });
const driver = (name: string): KubeObject => k({ kind: 'CSIDriver', apiVersion: 'storage.k8s.io/v1', metadata: { name }, spec: { storageCapacity: true } });
const capacity = (name: string, cls: string, size: string, nodeTopology?: object): KubeObject => k({
  kind: 'CSIStorageCapacity', apiVersion: 'storage.k8s.io/v1', metadata: { name, namespace: 'kube-system' }, storageClassName: cls, capacity: size, ...(nodeTopology ? { nodeTopology } : {}),
});

/** scheduleOn's verdicts (feasible, or the reasons), and scheduleOnNode's per node, which must agree. */
function verdicts(subject: KubeObject, nodes: Node[], storage: KubeObject[]) {
  const all = scheduleOn(subject, nodes, { storage });
  const together = Object.fromEntries([...all.feasible, ...all.rejected].map((v) => [v.node, v.status?.reasons ?? 'fits']));
  const alone = Object.fromEntries(nodes.map((n) => {
    const v = scheduleOnNode(toSubject(subject), n, { nodes, storage });
    return [v.node, v.status?.reasons ?? 'fits'];
  }));
  expect(together).toEqual(alone);
  return together;
}

test('a bound in-tree PV reads the CSINode: a node that migrated its plugin matches the translated affinity, not the zone label', () => {
  // binder.go tryTranslatePVToCSI; csi-translation aws_ebs.go TranslateInTreePVToCSI replaces the zone key with
  // topology.ebs.csi.aws.com/zone: node-b, the same zone but migrated, does not have that label
  const pv = k({
    kind: 'PersistentVolume', apiVersion: 'v1', metadata: { name: 'ebs' },
    spec: {
      storageClassName: 'gp', capacity: { storage: '10Gi' }, accessModes: ['ReadWriteOnce'], awsElasticBlockStore: { volumeID: 'vol-1' },
      claimRef: { namespace: 'default', name: 'data' },
      nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'topology.kubernetes.io/zone', operator: 'In', values: ['a'] }] }] } },
    },
    status: { phase: 'Bound' },
  });
  const csiNode = k({ kind: 'CSINode', apiVersion: 'storage.k8s.io/v1', metadata: { name: 'node-b', annotations: { 'storage.alpha.kubernetes.io/migrated-plugins': 'kubernetes.io/aws-ebs' } }, spec: { drivers: [] } });
  const nodes = [node('node-a', { 'topology.kubernetes.io/zone': 'a' }), node('node-b', { 'topology.kubernetes.io/zone': 'a' })];
  expect(verdicts(pod('data'), nodes, [sc('gp', 'ebs.csi.aws.com'), bound('data', 'gp', 'ebs'), pv, csiNode])).toEqual({ 'node-a': 'fits', 'node-b': [ErrReasonNodeConflict] });
});

test('a claim bound to a missing PV fails every node alike (PVNotExist)', () => {
  // binder.go checkBoundClaims, VolumeBinding alone (VolumeZone's PreFilter refuses such a pod first in the default
  // profile, and the engine's claim model leaves the claim not modelled)
  const nodes = [node('node-a', { zone: 'a' }), node('node-b', { zone: 'b' })];
  const storage = [sc('gp', 'csi.example.com'), bound('data', 'gp', 'gone')];
  const result = withProfile({ clusterFilter: [VolumeBinding] }, () => schedule(toSubject(pod('data')), nodes, undefined, undefined, undefined, storage));
  expect(result.feasible).toEqual([]);
  expect(result.rejected.map((v) => [v.node, v.status?.reasons])).toEqual([['node-a', [ErrReasonPVNotExist]], ['node-b', [ErrReasonPVNotExist]]]);
  expect(result.rejected[0].status?.details).toEqual(['PersistentVolumeClaim data: PersistentVolume gone does not exist']);
});

test('a claim being provisioned for a selected node fits that node alone, whatever the labels', () => {
  // binder.go FindPodVolumes: a claim whose volume.kubernetes.io/selected-node names another node is a BindConflict
  const selected = claim('data', 'gp', { annotations: { 'volume.kubernetes.io/selected-node': 'node-a' } });
  const nodes = [node('node-a', { zone: 'a' }), node('node-b', { zone: 'a' })];
  expect(verdicts(pod('data'), nodes, [sc('gp', 'csi.example.com'), selected])).toEqual({ 'node-a': 'fits', 'node-b': [ErrReasonBindConflict] });
});

test.each([
  ['matchLabels', { matchLabels: { pool: 'p1' } }],
  ['matchExpressions', { matchExpressions: [{ key: 'pool', operator: 'In', values: ['p1'] }] }],
])("a class's CSIStorageCapacity reads the node labels of its nodeTopology (%s)", (_name, topology) => {
  // binder.go hasEnoughCapacity/nodeHasAccess: only the capacities of the claim's class count, and one without
  // nodeTopology reaches no node; node-b's pool has no capacity for the claim
  const storage = [
    sc('fast', 'csi.example.com'), driver('csi.example.com'), claim('data', 'fast'),
    capacity('no-topology', 'fast', '100Gi'),
    capacity('other-class', 'slow', '100Gi', { matchLabels: { rack: 'r1' } }),
    capacity('p1', 'fast', '100Gi', topology),
  ];
  const nodes = [node('node-a', { pool: 'p1', rack: 'r1' }), node('node-b', { pool: 'p2', rack: 'r1' })];
  expect(verdicts(pod('data'), nodes, storage)).toEqual({ 'node-a': 'fits', 'node-b': [ErrReasonNotEnoughSpace] });
});

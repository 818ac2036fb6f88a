// VolumeRestrictions' in-tree disk conflicts beyond upstream's tables, from volume_restrictions.go isVolumeConflict
// (kubernetes v1.33.13 … v1.37.2): each kind is compared with the same kind only, iSCSI and RBD share a disk mounted
// read-only in both pods, and an RBD image is the same only with a common monitor, the same pool and the same image.
// Through the framework (schedule() with VolumeRestrictions as the profile's only cluster plugin), fresh objects each test.
import type { Volume } from 'kubernetes-types/core/v1';
import type { Node, Pod } from '../../../core/types';
import { toSubject } from '../../../k8s/subject';
import { podInfo } from '../../framework';
import { buildSnapshot } from '../../snapshot';
import { withProfile } from '../../profile';
import { schedule } from '../..';
import { VolumeRestrictions } from '.';

const node = (name: string) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name } } }) as Node;
const pod = (name: string, volumes: Volume[], nodeName?: string): Pod =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec: { nodeName, containers: [{ name: 'c', image: 'i' }], volumes } });
/** The nodes the pod fits among n1 (which runs `existing`) and n2 (empty). */
function feasible(volume: Volume, existing: Volume[]): string[] {
  const nodes = [node('n1'), node('n2')];
  const others = [pod('o', existing, 'n1')];
  return withProfile({ clusterFilter: [VolumeRestrictions] }, () => schedule(toSubject(pod('p', [volume])), nodes, others, undefined, undefined, []))
    .feasible.map((v) => v.node);
}

const gce = (readOnly?: boolean): Volume => ({ name: 'd', gcePersistentDisk: { pdName: 'foo', readOnly } });
const ebs = (): Volume => ({ name: 'd', awsElasticBlockStore: { volumeID: 'vol-1' } });
const iscsi = (readOnly?: boolean): Volume => ({ name: 'd', iscsi: { targetPortal: '127.0.0.1:3260', iqn: 'iqn.2016-12.server:t1', lun: 0, readOnly } });
const rbd = (image: string, readOnly?: boolean): Volume => ({ name: 'd', rbd: { monitors: ['a'], pool: 'p', image, readOnly } });
const emptyDir: Volume = { name: 'e', emptyDir: {} };

describe('isVolumeConflict', () => {
  const both = ['n1', 'n2'];
  const n2 = ['n2'];
  test.each<[string, Volume, Volume[], string[]]>([
    // each kind against volumes of other kinds (and a volume with no disk at all): no conflict
    ['GCE PD beside an emptyDir and an EBS volume', gce(), [emptyDir, ebs()], both],
    ['EBS beside an emptyDir and a GCE PD', ebs(), [emptyDir, gce()], both],
    ['iSCSI beside an emptyDir and an RBD image', iscsi(), [emptyDir, rbd('img')], both],
    ['RBD beside an emptyDir and an iSCSI target', rbd('img'), [emptyDir, iscsi()], both],
    // iSCSI: `!(volume.ISCSI.ReadOnly && existingVolume.ISCSI.ReadOnly)`
    ['iSCSI read-only in both pods', iscsi(true), [iscsi(true)], both],
    ['iSCSI read-only in the new pod alone', iscsi(true), [iscsi(false)], n2],
    ['iSCSI read-only in the existing pod alone', iscsi(false), [iscsi(true)], n2],
    // RBD: haveOverlap(mon, emon) && pool == epool && image == eimage && !(both read-only)
    ['RBD: another image of the same pool', rbd('img'), [rbd('other')], both],
    ['RBD: the same image read-only in both pods', rbd('img', true), [rbd('img', true)], both],
    ['RBD: the same image read-only in the new pod alone', rbd('img', true), [rbd('img')], n2],
    ['RBD: the same image read-only in the existing pod alone', rbd('img'), [rbd('img', true)], n2],
  ])('%s', (_name, volume, existing, want) => {
    expect(feasible(volume, existing)).toEqual(want);
  });

  test('the details name the disk, the volume and the pod that uses it', () => {
    const nodes = [node('n1')];
    const r = withProfile({ clusterFilter: [VolumeRestrictions] }, () =>
      schedule(toSubject(pod('p', [emptyDir, rbd('img')])), nodes, [pod('o', [rbd('img', true)], 'n1')], undefined, undefined, []));
    expect(r.rejected[0].status!.details).toEqual(['spec.volumes[1] (d) uses RBD image p/img (not read-only in both pods), which Pod default/o on this node uses too']);
  });

  test('a nominated pod without a spec (a raw object) uses no disk: every node passes', () => {
    // the nominator holds a Pending pod with status.nominatedNodeName; Go reads its zero Spec: no volumes
    const nodes = [node('n1'), node('n2')];
    const nominated = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'nom', namespace: 'default' }, status: { nominatedNodeName: 'n1' } } as unknown as Pod;
    const r = withProfile({ clusterFilter: [VolumeRestrictions] }, () => schedule(toSubject(pod('p', [gce()])), nodes, [nominated], undefined, undefined, []));
    expect(r.feasible.map((v) => v.node)).toEqual(['n1', 'n2']);
  });
});

describe('explainPass', () => {
  test('one line per in-tree disk of the pod', () => {
    const n1 = node('n1');
    const snapshot = buildSnapshot([n1], new Map(), [], [], []);
    const info = podInfo(toSubject(pod('p', [emptyDir, gce(), { ...ebs(), name: 'e2' }])));
    const r = VolumeRestrictions.preFilter(info, snapshot);
    if (!('state' in r)) throw new Error('no state');
    expect(VolumeRestrictions.explainPass!(info, snapshot.nodes[0], r.state)).toEqual([
      'volumes[1] (d): no pod on the node uses the same disk read-write',
      'volumes[2] (e2): no pod on the node uses the same disk read-write',
    ]);
  });
});

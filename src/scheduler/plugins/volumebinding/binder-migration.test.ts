// VolumeBinding's tryTranslatePVToCSI (binder.go): a bound in-tree PV is matched as its CSI translation on a node whose
// CSINode lists the plugin in storage.alpha.kubernetes.io/migrated-plugins (csi-translation-lib
// translateTopologyFromInTreeToCSI rewrites or adds the zone on the driver's key).
// Conformance: kubernetes@v1.37.2 (same at v1.33.13) pkg/scheduler/framework/plugins/volumebinding/binder_test.go
// TestFindPodVolumesWithCSIMigration, its four cases; then the case the differential oracle found (volumes domain).
import type { PersistentVolume, PersistentVolumeClaim, Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../../core/types';
import { storageListers } from '../../storage';
import { ErrReasonNodeConflict, findPodVolumes, getPodVolumeClaims } from './index';

const MIGRATED = 'storage.alpha.kubernetes.io/migrated-plugins';

const claim = (volumeName: string): PersistentVolumeClaim => ({
  kind: 'PersistentVolumeClaim', apiVersion: 'v1',
  metadata: { name: 'pvc-migration-bound', namespace: 'testns', uid: 'pvc-uid', annotations: { 'pv.kubernetes.io/bind-completed': 'yes' } },
  spec: { resources: { requests: { storage: '1G' } }, storageClassName: 'waitClass', volumeMode: 'Filesystem', volumeName },
});
const pod: Pod = {
  kind: 'Pod', apiVersion: 'v1', metadata: { name: 'test-pod', namespace: 'testns' },
  spec: { nodeName: 'node1', containers: [], volumes: [{ name: 'pvc-migration-bound', persistentVolumeClaim: { claimName: 'pvc-migration-bound' } }] },
};
const csiNode = (migrated: string) => ({ kind: 'CSINode', apiVersion: 'storage.k8s.io/v1', metadata: { name: 'node1', annotations: { [MIGRATED]: migrated } }, spec: { drivers: [] } }) as unknown as KubeObject;

function reasons(pv: PersistentVolume, nodeLabels: Record<string, string>, csiNodes: KubeObject[]): string[] {
  const storage = storageListers([claim(pv.metadata!.name!) as KubeObject, pv as KubeObject, ...csiNodes]);
  return findPodVolumes(getPodVolumeClaims(pod, storage), { name: 'node1', labels: nodeLabels }, storage, true).reasons;
}

describe('TestFindPodVolumesWithCSIMigration (binder_test.go)', () => {
  // makeTestPVForCSIMigration(zone1Labels, boundMigrationPVC, true): a GCE PD PV without node affinity, beta zone label
  const migrationPVBound: PersistentVolume = {
    kind: 'PersistentVolume', apiVersion: 'v1',
    metadata: { name: 'pv-migration-bound', labels: { 'failure-domain.beta.kubernetes.io/zone': 'us-east-1', 'failure-domain.beta.kubernetes.io/region': 'us-east-1a' } },
    spec: {
      capacity: { storage: '1G' }, storageClassName: 'waitClass', volumeMode: 'Filesystem',
      claimRef: { kind: 'PersistentVolumeClaim', apiVersion: 'v1', name: 'pvc-migration-bound', namespace: 'testns', uid: 'pvc-uid' },
      gcePersistentDisk: { pdName: 'test-disk', fsType: 'ext4', partition: 0, readOnly: false },
    },
    status: { phase: 'Available' },
  };
  const zone1 = { 'topology.gke.io/zone': 'us-east-1' };
  const zone2 = { 'topology.gke.io/zone': 'us-east-2' };
  it.each([
    ['pvc-bound', zone1, [csiNode('kubernetes.io/gce-pd')], []],
    ['pvc-bound,csinode-not-migrated', zone1, [csiNode('')], []],
    ['pvc-bound,missing-csinode', zone1, [], []],
    ['pvc-bound,node-different-zone', zone2, [csiNode('kubernetes.io/gce-pd')], [ErrReasonNodeConflict]],
  ])('%s', (_name, labels, csiNodes, expected) => {
    expect(reasons(migrationPVBound, labels, csiNodes)).toEqual(expected);
  });
});

describe('an in-tree EBS PV on a node that migrated aws-ebs (oracle, volumes domain, 1.37)', () => {
  // The PV's affinity names the GA zone key only with Exists: translateTopologyFromInTreeToCSI finds no zone values
  // there, so it adds the PV's zone label as `topology.ebs.csi.aws.com/zone In [us-east1-a]` to every term. A node
  // with the GA zone but not the driver's key then fails upstream: "didn't match PersistentVolume's node affinity".
  const pv: PersistentVolume = {
    kind: 'PersistentVolume', apiVersion: 'v1',
    metadata: { name: 'pv0', labels: { 'topology.kubernetes.io/zone': 'us-east1-a' } },
    spec: {
      capacity: { storage: '8Gi' }, accessModes: ['ReadWriteOnce'], storageClassName: 'wffc',
      nodeAffinity: { required: { nodeSelectorTerms: [
        { matchExpressions: [{ key: 'topology.kubernetes.io/zone', operator: 'Exists' }] },
        { matchExpressions: [{ key: 'topology.ebs.csi.aws.com/zone', operator: 'Exists' }] },
      ] } },
      awsElasticBlockStore: { volumeID: 'aws://us-east1-a/vol-pv0', fsType: 'ext4' },
    },
  };
  const zoneOnly = { 'kubernetes.io/hostname': 'node1', 'topology.kubernetes.io/zone': 'us-east1-b' };

  it('is matched as translated where the CSINode lists kubernetes.io/aws-ebs', () => {
    expect(reasons(pv, zoneOnly, [csiNode('kubernetes.io/aws-ebs')])).toEqual([ErrReasonNodeConflict]);
    expect(reasons(pv, { ...zoneOnly, 'topology.ebs.csi.aws.com/zone': 'us-east1-a' }, [csiNode('kubernetes.io/aws-ebs')])).toEqual([]);
    expect(reasons(pv, { ...zoneOnly, 'topology.ebs.csi.aws.com/zone': 'us-east1-b' }, [csiNode('kubernetes.io/aws-ebs')])).toEqual([ErrReasonNodeConflict]);
  });

  it('is matched as it is where the CSINode does not list it, or there is none', () => {
    expect(reasons(pv, zoneOnly, [csiNode('kubernetes.io/gce-pd')])).toEqual([]);
    expect(reasons(pv, zoneOnly, [])).toEqual([]);
  });

  it('has a zone requirement with values moved to the driver key (replaceTopology)', () => {
    const withValues: PersistentVolume = {
      ...pv,
      spec: { ...pv.spec, nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'topology.kubernetes.io/zone', operator: 'In', values: ['us-east1-b'] }] }] } } },
    };
    expect(reasons(withValues, zoneOnly, [csiNode('kubernetes.io/aws-ebs')])).toEqual([ErrReasonNodeConflict]);
    expect(reasons(withValues, { ...zoneOnly, 'topology.ebs.csi.aws.com/zone': 'us-east1-b' }, [csiNode('kubernetes.io/aws-ebs')])).toEqual([]);
  });
});

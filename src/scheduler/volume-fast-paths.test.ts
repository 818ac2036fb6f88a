// Issue 34: the volume plugins of the default profile cost nothing to a pod whose volumes none of them reads
// (volume_binding.go podHasPVCs, volume_restrictions.go needsCheck, csi.go PreFilter, volume_zone.go getPVbyPod all
// Skip it): the fast paths leave the cluster plugins out and the answers name none of them.
import { configure, resetConfiguration } from '../core/config';
import { toSubject } from '../k8s/subject';
import { scheduleOnNode } from '../engine/schedule';
import { usesVolumes } from './snapshot';
import { node, pod } from '../../test/fixtures';

afterEach(() => resetConfiguration());

const withVolumes = (volumes: unknown[]) => ({ ...pod('p'), spec: { ...pod('p').spec, volumes } }) as ReturnType<typeof pod>;

test('configMap, secret, emptyDir and csi volumes are read by no volume plugin; claims and in-tree disks are', () => {
  expect(usesVolumes(toSubject(withVolumes([{ name: 'c', configMap: { name: 'c' } }, { name: 'e', emptyDir: {} }, { name: 's', csi: { driver: 'secrets-store.csi.k8s.io' } }])))).toBe(false);
  expect(usesVolumes(toSubject(withVolumes([{ name: 'd', persistentVolumeClaim: { claimName: 'd' } }])))).toBe(true);
  expect(usesVolumes(toSubject(withVolumes([{ name: 'd', awsElasticBlockStore: { volumeID: 'vol-1' } }])))).toBe(true);
  expect(usesVolumes(toSubject({ apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 's' }, spec: { template: { spec: { containers: [] } }, volumeClaimTemplates: [{ metadata: { name: 'data' } }] } }))).toBe(true);
});

test('the plugins named for a pod without claims leave the volume plugins out, with storage configured or not', () => {
  const names = () => scheduleOnNode(toSubject(withVolumes([{ name: 'c', configMap: { name: 'c' } }])), node('n1')).plugins;
  expect(names()).not.toContain('VolumeBinding');
  configure({ storage: [{ apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'sc' }, provisioner: 'x', volumeBindingMode: 'WaitForFirstConsumer' } as never] });
  expect(names()).not.toContain('VolumeBinding');
  expect(scheduleOnNode(toSubject(withVolumes([{ name: 'd', persistentVolumeClaim: { claimName: 'd' } }])), node('n1')).plugins)
    .toEqual(expect.arrayContaining(['VolumeRestrictions', 'NodeVolumeLimits', 'VolumeBinding', 'VolumeZone']));
});

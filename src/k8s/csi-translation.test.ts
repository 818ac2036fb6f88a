// The csi-translation-lib subset (csi-translation.ts). Conformance cases from staging/src/k8s.io/csi-translation-lib
// at v0.33.13 … v0.37.2 (the code and these tests are the same at every tag); (ours) cases pin what the scheduler
// reads of the rest.
import type { PersistentVolume, Volume } from 'kubernetes-types/core/v1';
import {
  csiNameFromInTreeName, inTreePluginNameFromSpec, isInlineMigratable, isMigratableInTreePluginByName, isPVMigratable,
  kubernetesVolumeIDToEBSVolumeID, translateInlineVolume, translatePV, TranslationError,
} from './csi-translation';
import { defaultAzureDiskKind } from './defaults';

const pv = (spec: object, labels?: Record<string, string>): PersistentVolume => ({ apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'pv', labels }, spec });
const vol = (source: object): Volume => ({ name: 'v', ...source });

// plugins/aws_ebs_test.go TestKubernetesVolumeIDToEBSVolumeID
describe('KubernetesVolumeIDToEBSVolumeID (plugins/aws_ebs_test.go TestKubernetesVolumeIDToEBSVolumeID)', () => {
  const id = 'vol-02399794d890f9375';
  test('Normal ID format', () => expect(kubernetesVolumeIDToEBSVolumeID(id)).toBe(id));
  test('aws:///{volumeId} format', () => expect(kubernetesVolumeIDToEBSVolumeID(`aws:///${id}`)).toBe(id));
  test('aws://{zone}/{volumeId} format', () => expect(kubernetesVolumeIDToEBSVolumeID(`aws://us-west-2a/${id}`)).toBe(id));
  test('fails on invalid volume ID', () =>
    expect(() => kubernetesVolumeIDToEBSVolumeID('aws://us-west-2a/02399794d890f9375')).toThrow('Invalid format for AWS volume (aws://us-west-2a/02399794d890f9375)'));
  test('(ours) the path is unescaped and a bad escape is url.Parse\'s error; query and fragment are cut off', () => {
    expect(kubernetesVolumeIDToEBSVolumeID('aws://z/vol-%41b?x=1#f')).toBe('vol-Ab');
    expect(() => kubernetesVolumeIDToEBSVolumeID('aws://z/vol-%zz')).toThrow('invalid URL escape "%zz"');
    expect(() => kubernetesVolumeIDToEBSVolumeID('aws://z/vol-1/2')).toThrow('Invalid format for AWS volume');
  });
});

// plugins/gce_pd_test.go TestTranslateInTreePVToCSIVolIDFmt
describe('GCE PD PV handle (plugins/gce_pd_test.go TestTranslateInTreePVToCSIVolIDFmt)', () => {
  test.each([
    ['beta topology key zonal', 'failure-domain.beta.kubernetes.io/zone', 'us-east1-a', 'projects/UNSPECIFIED/zones/us-east1-a/disks/pd-name'],
    ['v1 topology key zonal', 'topology.kubernetes.io/zone', 'us-east1-a', 'projects/UNSPECIFIED/zones/us-east1-a/disks/pd-name'],
    ['beta topology key regional', 'failure-domain.beta.kubernetes.io/zone', 'us-central1-a__us-central1-c', 'projects/UNSPECIFIED/regions/us-central1/disks/pd-name'],
    ['v1 topology key regional', 'topology.kubernetes.io/zone', 'us-central1-a__us-central1-c', 'projects/UNSPECIFIED/regions/us-central1/disks/pd-name'],
  ])('%s', (_name, key, value, want) => {
    expect(translatePV(pv({ gcePersistentDisk: { pdName: 'pd-name' } }, { [key]: value }))).toEqual({ driver: 'pd.csi.storage.gke.io', volumeHandle: want });
  });
  test('(ours) no zone label: zone UNSPECIFIED; zones in two regions: an error (gceGetRegionFromZones)', () => {
    expect(translatePV(pv({ gcePersistentDisk: { pdName: 'd' } }))?.volumeHandle).toBe('projects/UNSPECIFIED/zones/UNSPECIFIED/disks/d');
    expect(() => translatePV(pv({ gcePersistentDisk: { pdName: 'd' } }, { 'topology.kubernetes.io/zone': 'us-east1-a__us-west1-b' }))).toThrow(TranslationError);
    expect(() => translatePV(pv({ gcePersistentDisk: { pdName: 'd' } }, { 'topology.kubernetes.io/zone': 'a__b' }))).toThrow('zone in unexpected format');
  });
  test('(ours) an inline PD has no zone: plugins/gce_pd.go TranslateInTreeInlineVolumeToCSI', () => {
    expect(translateInlineVolume(vol({ gcePersistentDisk: { pdName: 'd' } }))).toEqual({ driver: 'pd.csi.storage.gke.io', volumeHandle: 'projects/UNSPECIFIED/zones/UNSPECIFIED/disks/d' });
  });
});

// plugins/azure_disk_test.go TestTranslateAzureDiskInTreeInlineVolumeToCSI, TestTranslateAzureDiskInTreePVToCSI
describe('Azure Disk (plugins/azure_disk_test.go TestTranslateAzureDiskInTree{InlineVolume,PV}ToCSI)', () => {
  test('azure disk volume', () => {
    expect(translateInlineVolume(vol({ azureDisk: { diskName: 'diskname', diskURI: 'datadiskuri' } }))).toEqual({ driver: 'disk.csi.azure.com', volumeHandle: 'datadiskuri' });
    expect(translatePV(pv({ azureDisk: { diskName: 'diskname', diskURI: 'datadiskuri' } }))?.volumeHandle).toBe('datadiskuri');
  });
  test('azure disk volume with non-managed kind', () => {
    expect(() => translateInlineVolume(vol({ azureDisk: { diskName: 'diskname', diskURI: 'datadiskuri', kind: 'Dedicated' } }))).toThrow('kind(Dedicated) is not supported in csi migration');
  });
  test('(ours) as stored, an unset kind is the API server\'s Shared, which does not migrate', () => {
    const stored = defaultAzureDiskKind({ diskName: 'd', diskURI: 'u' });
    expect(stored).toEqual({ diskName: 'd', diskURI: 'u', kind: 'Shared' });
    expect(() => translateInlineVolume(vol({ azureDisk: stored }))).toThrow('kind(Shared) is not supported in csi migration');
    expect(translateInlineVolume(vol({ azureDisk: defaultAzureDiskKind({ diskName: 'd', diskURI: 'u', kind: 'managed' }) }))?.volumeHandle).toBe('u');
  });
});

// translate_test.go TestPluginNameMappings
describe('plugin names (translate_test.go TestPluginNameMappings)', () => {
  test.each([
    ['GCE PD plugin name', 'kubernetes.io/gce-pd', 'pd.csi.storage.gke.io'],
    ['AWS EBS plugin name', 'kubernetes.io/aws-ebs', 'ebs.csi.aws.com'],
  ])('%s', (_name, inTree, csi) => {
    expect(csiNameFromInTreeName(inTree)).toBe(csi);
    expect(isMigratableInTreePluginByName(inTree)).toBe(true);
  });
  test('(ours) every translated plugin, and names that are not one', () => {
    expect(['kubernetes.io/cinder', 'kubernetes.io/azure-disk', 'kubernetes.io/azure-file', 'kubernetes.io/vsphere-volume', 'kubernetes.io/portworx-volume'].map(csiNameFromInTreeName))
      .toEqual(['cinder.csi.openstack.org', 'disk.csi.azure.com', 'file.csi.azure.com', 'csi.vsphere.vmware.com', 'pxd.portworx.com']);
    expect(isMigratableInTreePluginByName('ebs.csi.aws.com')).toBe(false);
    expect(isMigratableInTreePluginByName('kubernetes.io/hostpath')).toBe(false);
    expect(csiNameFromInTreeName('kubernetes.io/rbd')).toBeUndefined();
  });
});

describe('(ours) which volumes migrate (translate.go IsInlineMigratable, IsPVMigratable, GetInTreePluginNameFromSpec)', () => {
  test('the seven in-tree sources migrate; csi, hostPath, emptyDir, rbd and the others do not', () => {
    for (const field of ['gcePersistentDisk', 'awsElasticBlockStore', 'cinder', 'azureDisk', 'azureFile', 'vsphereVolume', 'portworxVolume']) {
      expect([field, isInlineMigratable(vol({ [field]: {} }))]).toEqual([field, true]);
      expect([field, isPVMigratable(pv({ [field]: {} }))]).toEqual([field, true]);
    }
    for (const field of ['csi', 'hostPath', 'emptyDir', 'rbd', 'iscsi', 'nfs', 'configMap', 'persistentVolumeClaim', 'ephemeral']) {
      expect([field, isInlineMigratable(vol({ [field]: {} }))]).toEqual([field, false]);
    }
    expect(isPVMigratable(pv({ csi: { driver: 'ebs.csi.aws.com', volumeHandle: 'h' } }))).toBe(false);
    expect(inTreePluginNameFromSpec(pv({ awsElasticBlockStore: { volumeID: 'v' } }))).toBe('kubernetes.io/aws-ebs');
    expect(inTreePluginNameFromSpec(undefined, vol({ portworxVolume: { volumeID: 'v' } }))).toBe('kubernetes.io/portworx-volume');
    expect(inTreePluginNameFromSpec(undefined, vol({ emptyDir: {} }))).toBeUndefined();
  });

  test('the handles: EBS volume ID, Cinder and Portworx volume IDs; Azure File and vSphere are not translated here', () => {
    expect(translateInlineVolume(vol({ awsElasticBlockStore: { volumeID: 'aws://us-east-1a/vol-1' } }))).toEqual({ driver: 'ebs.csi.aws.com', volumeHandle: 'vol-1' });
    expect(translatePV(pv({ awsElasticBlockStore: { volumeID: 'vol-2' } }))).toEqual({ driver: 'ebs.csi.aws.com', volumeHandle: 'vol-2' });
    expect(translateInlineVolume(vol({ cinder: { volumeID: 'c1' } }))).toEqual({ driver: 'cinder.csi.openstack.org', volumeHandle: 'c1' });
    expect(translatePV(pv({ portworxVolume: { volumeID: 'p1' } }))).toEqual({ driver: 'pxd.portworx.com', volumeHandle: 'p1' });
    expect(translateInlineVolume(vol({ azureFile: { secretName: 's', shareName: 'x' } }))).toBeUndefined();
    expect(translateInlineVolume(vol({ emptyDir: {} }))).toBeUndefined();
    expect(() => translateInlineVolume(vol({ awsElasticBlockStore: { volumeID: 'aws://z/bad' } })))
      .toThrow('failed to translate Kubernetes ID to EBS Volume ID Invalid format for AWS volume (aws://z/bad)');
  });
});

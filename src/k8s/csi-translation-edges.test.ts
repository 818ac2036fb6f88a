// csi-translation.ts at its edges: the node affinity TranslateInTreePVToCSI leaves (plugins/in_tree_volume.go
// translateTopologyFromInTreeToCSI), KubernetesVolumeIDToEBSVolumeID's url.Parse, and volumes that lack a field.
// The expected values of the (ours) cases are what csi-translation-lib v0.37.2 itself returns for the same objects
// (TranslateInTreePVToCSI, KubernetesVolumeIDToEBSVolumeID run on them; the code is the same from v0.33.13).
import type { NodeSelectorRequirement, NodeSelectorTerm, PersistentVolume, VolumeNodeAffinity } from 'kubernetes-types/core/v1';
import { inTreePluginNameFromSpec, isPVMigratable, kubernetesVolumeIDToEBSVolumeID, translatedPVNodeAffinity, translatePV } from './csi-translation';

const Z = 'topology.kubernetes.io/zone';
const R = 'topology.kubernetes.io/region';
const BZ = 'failure-domain.beta.kubernetes.io/zone';
const BR = 'failure-domain.beta.kubernetes.io/region';
const EBS = 'topology.ebs.csi.aws.com/zone';
const GKE = 'topology.gke.io/zone';
const CINDER = 'topology.cinder.csi.openstack.org/zone';
const ebs = { awsElasticBlockStore: { volumeID: 'vol-1' } };
const gce = { gcePersistentDisk: { pdName: 'd' } };
const cinder = { cinder: { volumeID: 'c' } };

const req = (key: string, values?: string[]): NodeSelectorRequirement => (values ? { key, operator: 'In', values } : { key, operator: 'Exists' });
const terms = (...t: NodeSelectorTerm[]): VolumeNodeAffinity => ({ required: { nodeSelectorTerms: t } });
const pv = (source: object, labels?: Record<string, string>, nodeAffinity?: VolumeNodeAffinity): PersistentVolume => ({ metadata: { name: 'pv', labels }, spec: { ...source, nodeAffinity } });

// plugins/in_tree_volume_test.go TestTranslateTopologyFromInTreeToCSI
describe('translatedPVNodeAffinity (in_tree_volume_test.go TestTranslateTopologyFromInTreeToCSI)', () => {
  const gaLabels = { [Z]: 'us-east1-a', [R]: 'us-east1' };
  test('Replace GA Kubernetes Zone Topology to GCE CSI Topology', () => {
    const affinity = translatedPVNodeAffinity(pv(gce, gaLabels, terms({ matchExpressions: [req(Z, ['us-east1-a']), req(R, ['us-east1'])] })));
    expect(affinity).toEqual(terms({ matchExpressions: [req(GKE, ['us-east1-a']), req(R, ['us-east1'])] }));
  });
  test('Replace Beta Kubernetes Topology to GCE CSI Topology and upgrade region label', () => {
    const affinity = translatedPVNodeAffinity(pv(gce, gaLabels, terms({ matchExpressions: [req(BZ, ['us-west2-b']), req(BR, ['us-west2'])] })));
    expect(affinity).toEqual(terms({ matchExpressions: [req(GKE, ['us-west2-b']), req(R, ['us-west2'])] }));
  });
});

describe('(ours) translatedPVNodeAffinity: which zone key, the label path, the region', () => {
  test.each<[string, PersistentVolume, VolumeNodeAffinity]>([
    ['a GA zone in the terms wins over a beta label', pv(ebs, { [BZ]: 'z2' }, terms({ matchExpressions: [req(Z, ['z1'])] })), terms({ matchExpressions: [req(EBS, ['z1'])] })],
    ['no affinity: a term from the GA zone label', pv(ebs, { [Z]: 'us-east-1a' }), terms({ matchExpressions: [req(EBS, ['us-east-1a'])] })],
    ['empty terms: one term from the label', pv(ebs, { [Z]: 'z1' }, terms()), terms({ matchExpressions: [req(EBS, ['z1'])] })],
    ['the beta label, split on __, trimmed, blanks dropped, sorted, added to every term', pv(ebs, { [BZ]: 'b__a__ a __' }, terms({ matchExpressions: [req('k', ['v'])] }, { matchFields: [req('metadata.name', ['n'])] })),
      terms({ matchExpressions: [req('k', ['v']), req(EBS, ['a', 'b'])] }, { matchExpressions: [req(EBS, ['a', 'b'])], matchFields: [req('metadata.name', ['n'])] })],
    ['a zone repeated in the label is added once', pv(ebs, { [Z]: 'a__a' }), terms({ matchExpressions: [req(EBS, ['a'])] })],
    ['the GA label wins over the beta one', pv(gce, { [Z]: 'us-east1-a', [BZ]: 'us-east1-b' }), terms({ matchExpressions: [req(GKE, ['us-east1-a'])] })],
    ['a zone requirement without values: the label is added', pv(cinder, { [Z]: 'z1' }, terms({ matchExpressions: [req(Z)] })), terms({ matchExpressions: [req(Z), req(CINDER, ['z1'])] })],
    ['a beta zone without values: only the beta region moves to GA', pv(ebs, undefined, terms({ matchExpressions: [req(BZ), req(BR, ['r1'])] })), terms({ matchExpressions: [req(BZ), req(R, ['r1'])] })],
    ['a GA zone label leaves a beta region as it is', pv(ebs, { [Z]: 'z1' }, terms({ matchExpressions: [req(BR, ['r1'])] })), terms({ matchExpressions: [req(BR, ['r1']), req(EBS, ['z1'])] })],
    ['a beta region without values stays beta', pv(ebs, { [BZ]: 'z1' }, terms({ matchExpressions: [req(BR)] })), terms({ matchExpressions: [req(BR), req(EBS, ['z1'])] })],
    ['a beta zone label moves a beta region to GA', pv(ebs, { [BZ]: 'z1' }, terms({ matchExpressions: [req(BR, ['r1'])] })), terms({ matchExpressions: [req(R, ['r1']), req(EBS, ['z1'])] })],
    ['zone values in one term (a beta label aside): only that requirement moves; other terms stay', pv(gce, { [BZ]: 'us-east1-c' }, terms({ matchExpressions: [req(Z, ['us-east1-b'])] }, { matchExpressions: [req('k', ['v'])] }, {})),
      terms({ matchExpressions: [req(GKE, ['us-east1-b'])] }, { matchExpressions: [req('k', ['v'])] }, {})],
  ])('%s', (_name, volume, want) => {
    const before = JSON.stringify(volume);
    expect(translatedPVNodeAffinity(volume)).toEqual(want);
    expect(JSON.stringify(volume)).toBe(before);
  });

  test.each<[string, PersistentVolume]>([
    ['only a beta region, no zone anywhere', pv(ebs, undefined, terms({ matchExpressions: [req(BR, ['r1'])] }))],
    ['a zone label of blanks', pv(ebs, { [Z]: ' __ ' }, terms({ matchExpressions: [req('k', ['v'])] }))],
    ['an Azure Disk PV keeps its zone key', pv({ azureDisk: { diskName: 'd', diskURI: 'u', kind: 'Managed' } }, { [Z]: 'z1' }, terms({ matchExpressions: [req(Z, ['z1'])] }))],
    ['a Portworx PV keeps its terms', pv({ portworxVolume: { volumeID: 'p' } }, { [Z]: 'z1' }, terms({ matchExpressions: [req('k', ['v'])] }))],
  ])('unchanged: %s', (_name, volume) => {
    expect(translatedPVNodeAffinity(volume)).toBe(volume.spec?.nodeAffinity);
  });

  test('no zone at all: a PV without affinity keeps none (also without labels or metadata)', () => {
    expect(translatedPVNodeAffinity(pv(cinder))).toBeUndefined();
    expect(translatedPVNodeAffinity(pv(ebs, { [Z]: '' }))).toBeUndefined();
    expect(translatedPVNodeAffinity({ spec: { ...ebs } })).toBeUndefined();
    expect(translatedPVNodeAffinity({ spec: { ...ebs, nodeAffinity: {} } })).toEqual({});
    expect(translatedPVNodeAffinity({})).toBeUndefined();
  });
});

describe('(ours) KubernetesVolumeIDToEBSVolumeID: url.Parse of the aws:// form', () => {
  test.each([
    ['aws:////vol-1', 'vol-1'],
    ['aws://z/vol-1//', 'vol-1'],
  ])('%s => %s (strings.Trim of every leading and trailing slash)', (id, want) => expect(kubernetesVolumeIDToEBSVolumeID(id)).toBe(want));
  test.each([
    ['aws://z/vol-1\n', 'Invalid disk name (aws://z/vol-1\n): parse "aws://z/vol-1\\n": net/url: invalid control character in URL'],
    ['aws://z/vol-%4', 'Invalid disk name (aws://z/vol-%4): parse "aws://z/vol-%4": invalid URL escape "%4"'],
    ['aws://z/vol-1%', 'Invalid disk name (aws://z/vol-1%): parse "aws://z/vol-1%": invalid URL escape "%"'],
    ['aws://z/xvol-1', 'Invalid format for AWS volume (aws://z/xvol-1)'],
    ['aws://vol-1', 'Invalid format for AWS volume (aws://vol-1)'],
    ['aws://z/vol-%2F1', 'Invalid format for AWS volume (aws://z/vol-%2F1)'],
  ])('%j is an error', (id, message) => expect(() => kubernetesVolumeIDToEBSVolumeID(id)).toThrow(new Error(message)));
});

describe('(ours) translatePV and the plugin of a PV that lacks a field', () => {
  test('a source without its ID or disk name translates to an empty one (Go\'s zero string)', () => {
    expect(translatePV(pv({ gcePersistentDisk: {} }))).toEqual({ driver: 'pd.csi.storage.gke.io', volumeHandle: 'projects/UNSPECIFIED/zones/UNSPECIFIED/disks/' });
    expect(translatePV(pv({ cinder: {} }))).toEqual({ driver: 'cinder.csi.openstack.org', volumeHandle: '' });
    expect(translatePV(pv({ awsElasticBlockStore: {} }))).toEqual({ driver: 'ebs.csi.aws.com', volumeHandle: '' });
  });
  test('a GCE PD PV without metadata has no zone', () => {
    expect(translatePV({ spec: { gcePersistentDisk: { pdName: 'd' } } })?.volumeHandle).toBe('projects/UNSPECIFIED/zones/UNSPECIFIED/disks/d');
  });
  test('regional zones in two regions: gceGetRegionFromZones\' error, the regions as fmt prints a set', () => {
    expect(() => translatePV(pv(gce, { [Z]: 'us-west1-a__us-east1-b' }))).toThrow(
      'failed to get region from zones: multiple or no regions gotten from zones, got: map[us-east1:{} us-west1:{}]',
    );
  });
  test('a PV no plugin translates, or one whose translation is not ported (Azure File, vSphere): undefined', () => {
    expect(translatePV(pv({ csi: { driver: 'ebs.csi.aws.com', volumeHandle: 'h' } }))).toBeUndefined();
    expect(translatePV(pv({ azureFile: { secretName: 's', shareName: 'x' } }))).toBeUndefined();
    expect(translatePV(pv({ vsphereVolume: { volumePath: 'p' } }))).toBeUndefined();
  });
  test('a PV without a spec is of no plugin', () => {
    expect(isPVMigratable({ metadata: { name: 'pv' } })).toBe(false);
    expect(inTreePluginNameFromSpec({})).toBeUndefined();
    expect(translatePV({})).toBeUndefined();
  });
});

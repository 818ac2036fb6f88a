// The part of staging/src/k8s.io/csi-translation-lib the scheduler's volume plugins read (translate.go and
// plugins/*.go, the same code from v0.33.13 to v0.37.2): which in-tree volume plugin an inline volume or a
// PersistentVolume belongs to, the CSI driver that supersedes it, and the volume handle of the CSI volume it
// translates to. StorageClass and topology translation are not here; nor is the handle of an Azure File or vSphere
// volume, which the scheduler never translates (NodeVolumeLimits' isCSIMigrationOn is false for both).
import type { PersistentVolume, Volume } from 'kubernetes-types/core/v1';

/** plugins/aws_ebs.go AWSEBSInTreePluginName, AWSEBSDriverName */
export const AWS_EBS_IN_TREE_PLUGIN = 'kubernetes.io/aws-ebs';
export const AWS_EBS_DRIVER = 'ebs.csi.aws.com';
/** plugins/gce_pd.go GCEPDInTreePluginName, GCEPDDriverName */
export const GCE_PD_IN_TREE_PLUGIN = 'kubernetes.io/gce-pd';
export const GCE_PD_DRIVER = 'pd.csi.storage.gke.io';
/** plugins/openstack_cinder.go CinderInTreePluginName, CinderDriverName */
export const CINDER_IN_TREE_PLUGIN = 'kubernetes.io/cinder';
export const CINDER_DRIVER = 'cinder.csi.openstack.org';
/** plugins/azure_disk.go AzureDiskInTreePluginName, AzureDiskDriverName */
export const AZURE_DISK_IN_TREE_PLUGIN = 'kubernetes.io/azure-disk';
export const AZURE_DISK_DRIVER = 'disk.csi.azure.com';
/** plugins/azure_file.go AzureFileInTreePluginName, AzureFileDriverName */
export const AZURE_FILE_IN_TREE_PLUGIN = 'kubernetes.io/azure-file';
export const AZURE_FILE_DRIVER = 'file.csi.azure.com';
/** plugins/vsphere_volume.go VSphereInTreePluginName, VSphereDriverName */
export const VSPHERE_IN_TREE_PLUGIN = 'kubernetes.io/vsphere-volume';
export const VSPHERE_DRIVER = 'csi.vsphere.vmware.com';
/** plugins/portworx.go PortworxVolumePluginName, PortworxDriverName */
export const PORTWORX_IN_TREE_PLUGIN = 'kubernetes.io/portworx-volume';
export const PORTWORX_DRIVER = 'pxd.portworx.com';

/** k8s.io/api core/v1 MigratedPluginsAnnotationKey: the in-tree plugins a node's CSINode says are migrated to CSI there. */
export const MIGRATED_PLUGINS_ANNOTATION = 'storage.alpha.kubernetes.io/migrated-plugins';

/** A translation that failed: the lib's error text (the scheduler reports it, or does not count the volume). */
export class TranslationError extends Error {}

/** The in-tree source fields (the same name in VolumeSource and PersistentVolumeSource). */
type SourceField = 'awsElasticBlockStore' | 'gcePersistentDisk' | 'cinder' | 'azureDisk' | 'azureFile' | 'vsphereVolume' | 'portworxVolume';
type Source = Record<string, unknown>;

interface InTreePlugin {
  inTreeName: string;
  driver: string;
  field: SourceField;
  /** TranslateInTreeInlineVolumeToCSI's volume handle; throws TranslationError. Absent: not ported (see the header). */
  inlineHandle?(source: Source): string;
  /** TranslateInTreePVToCSI's volume handle; throws TranslationError. */
  pvHandle?(source: Source, pv: PersistentVolume): string;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** plugins/aws_ebs.go TranslateInTree{InlineVolume,PV}ToCSI: the handle is the EBS volume ID. */
function ebsHandle(source: Source): string {
  try {
    return kubernetesVolumeIDToEBSVolumeID(str(source.volumeID));
  } catch (e) {
    throw new TranslationError(`failed to translate Kubernetes ID to EBS Volume ID ${(e as Error).message}`);
  }
}

// plugins/gce_pd.go volIDZonalFmt, volIDRegionalFmt, UnspecifiedValue; const.go labelMultiZoneDelimiter
const UNSPECIFIED = 'UNSPECIFIED';
const zonal = (zone: string, pd: string) => `projects/${UNSPECIFIED}/zones/${zone}/disks/${pd}`;

/** plugins/gce_pd.go gceGetRegionFromZones: every zone `{locale}-{region}-{zone}`, all in one region. */
function gceRegionFromZones(zones: string[]): string {
  const regions = new Set<string>();
  for (const zone of zones) {
    const parts = zone.split('-');
    if (parts.length !== 3) throw new TranslationError(`failed to get region from zones: zone in unexpected format, expected: {locale}-{region}-{zone}, got: ${zone}`);
    regions.add(parts.slice(0, 2).join('-'));
  }
  // fmt's %v of a sets.String: `map[a:{} b:{}]`, keys sorted (zones.length > 1, so never no region)
  if (regions.size !== 1) throw new TranslationError(`failed to get region from zones: multiple or no regions gotten from zones, got: map[${[...regions].sort().map((r) => `${r}:{}`).join(' ')}]`);
  return [...regions][0];
}

/** plugins/gce_pd.go TranslateInTreePVToCSI: zonal, regional or unspecified by the PV's zone label (beta first). */
function gcePVHandle(source: Source, pv: PersistentVolume): string {
  const pd = str(source.pdName);
  const labels = pv.metadata?.labels ?? {};
  const zones = (labels['failure-domain.beta.kubernetes.io/zone'] || labels['topology.kubernetes.io/zone'] || '').split('__');
  if (zones.length === 1 && zones[0].length !== 0) return zonal(zones[0], pd);
  if (zones.length > 1) return `projects/${UNSPECIFIED}/regions/${gceRegionFromZones(zones)}/disks/${pd}`;
  return zonal(UNSPECIFIED, pd);
}

/**
 * plugins/azure_disk.go: only managed disks migrate (an unset kind passes here; a stored volume has one, the API
 * server's default Shared: k8s/defaults.ts defaultAzureDiskKind).
 */
function azureDiskHandle(source: Source): string {
  if (typeof source.kind === 'string' && source.kind.toLowerCase() !== 'managed') throw new TranslationError(`kind(${source.kind}) is not supported in csi migration`);
  return str(source.diskURI);
}

/** translate.go inTreePlugins (a Go map: at most one source is set on a valid volume, so its order never shows). */
const IN_TREE_PLUGINS: readonly InTreePlugin[] = [
  { inTreeName: GCE_PD_IN_TREE_PLUGIN, driver: GCE_PD_DRIVER, field: 'gcePersistentDisk', inlineHandle: (s) => zonal(UNSPECIFIED, str(s.pdName)), pvHandle: gcePVHandle },
  { inTreeName: AWS_EBS_IN_TREE_PLUGIN, driver: AWS_EBS_DRIVER, field: 'awsElasticBlockStore', inlineHandle: ebsHandle, pvHandle: ebsHandle },
  { inTreeName: CINDER_IN_TREE_PLUGIN, driver: CINDER_DRIVER, field: 'cinder', inlineHandle: (s) => str(s.volumeID), pvHandle: (s) => str(s.volumeID) },
  { inTreeName: AZURE_DISK_IN_TREE_PLUGIN, driver: AZURE_DISK_DRIVER, field: 'azureDisk', inlineHandle: azureDiskHandle, pvHandle: azureDiskHandle },
  { inTreeName: AZURE_FILE_IN_TREE_PLUGIN, driver: AZURE_FILE_DRIVER, field: 'azureFile' },
  { inTreeName: VSPHERE_IN_TREE_PLUGIN, driver: VSPHERE_DRIVER, field: 'vsphereVolume' },
  { inTreeName: PORTWORX_IN_TREE_PLUGIN, driver: PORTWORX_DRIVER, field: 'portworxVolume', inlineHandle: (s) => str(s.volumeID), pvHandle: (s) => str(s.volumeID) },
];

const set = (o: object | undefined, field: SourceField) => (o as Record<string, unknown> | undefined)?.[field] != null;
const inlinePlugin = (volume: Volume) => IN_TREE_PLUGINS.find((p) => set(volume, p.field));
const pvPlugin = (pv: PersistentVolume) => IN_TREE_PLUGINS.find((p) => set(pv.spec, p.field));

/** translate.go IsInlineMigratable: an inline volume of an in-tree plugin the lib translates. */
export const isInlineMigratable = (volume: Volume): boolean => inlinePlugin(volume) !== undefined;

/** translate.go IsPVMigratable. */
export const isPVMigratable = (pv: PersistentVolume): boolean => pvPlugin(pv) !== undefined;

/** translate.go IsMigratableIntreePluginByName (a StorageClass provisioner such as kubernetes.io/aws-ebs). */
export const isMigratableInTreePluginByName = (name: string): boolean => IN_TREE_PLUGINS.some((p) => p.inTreeName === name);

/** translate.go GetInTreePluginNameFromSpec: the in-tree plugin of a PV, else of an inline volume; undefined if none. */
export function inTreePluginNameFromSpec(pv: PersistentVolume | undefined, volume?: Volume): string | undefined {
  return (pv ? pvPlugin(pv) : volume ? inlinePlugin(volume) : undefined)?.inTreeName;
}

/** translate.go GetCSINameFromInTreeName: the CSI driver that supersedes the in-tree plugin; undefined if none. */
export const csiNameFromInTreeName = (name: string): string | undefined => IN_TREE_PLUGINS.find((p) => p.inTreeName === name)?.driver;

/** A translated volume: its CSI driver and volume handle (CSIPersistentVolumeSource.driver, .volumeHandle). */
export interface CSIVolume {
  driver: string;
  volumeHandle: string;
}

/**
 * translate.go TranslateInTreeInlineVolumeToCSI, the driver and handle of the result; undefined for a volume no
 * plugin translates, or one whose translation is not ported here (Azure File, vSphere). Throws TranslationError.
 */
export function translateInlineVolume(volume: Volume): CSIVolume | undefined {
  const plugin = inlinePlugin(volume);
  if (!plugin?.inlineHandle) return undefined;
  return { driver: plugin.driver, volumeHandle: plugin.inlineHandle((volume as unknown as Record<string, unknown>)[plugin.field] as Source) };
}

/** translate.go TranslateInTreePVToCSI, the driver and handle of the result (undefined as above). Throws TranslationError. */
export function translatePV(pv: PersistentVolume): CSIVolume | undefined {
  const plugin = pvPlugin(pv);
  if (!plugin?.pvHandle) return undefined;
  return { driver: plugin.driver, volumeHandle: plugin.pvHandle((pv.spec as Record<string, unknown>)[plugin.field] as Source, pv) };
}

// Go's url.Parse as far as an `aws://` volume ID needs it: the fragment and query are cut off, the path is
// unescaped. The host is not validated (Go refuses some characters there; such an ID is not a valid volume anyway).
function awsURLPath(id: string): string {
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x1f\x7f]/.test(id)) throw new Error(`Invalid disk name (${id}): parse ${JSON.stringify(id)}: net/url: invalid control character in URL`);
  let rest = id.slice('aws://'.length);
  for (const cut of ['#', '?']) if (rest.includes(cut)) rest = rest.slice(0, rest.indexOf(cut));
  const slash = rest.indexOf('/');
  // Stryker disable next-line StringLiteral: any other text without a `%` fails the `vol-` check just as "" does, with the same error
  const path = slash < 0 ? '' : rest.slice(slash);
  const bad = /%(?![0-9A-Fa-f]{2}).{0,2}/.exec(path);
  if (bad) throw new Error(`Invalid disk name (${id}): parse ${JSON.stringify(id)}: invalid URL escape ${JSON.stringify(bad[0])}`);
  return path.replace(/%([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/**
 * plugins/aws_ebs.go KubernetesVolumeIDToEBSVolumeID: `aws://<zone>/<id>`, `aws:///<id>` or a bare `<id>` ⇒ the EBS
 * volume ID (`vol-…`); an `aws://` form whose path is not `vol-…` is an error (a bare ID is taken as it is).
 */
export function kubernetesVolumeIDToEBSVolumeID(id: string): string {
  if (!id.startsWith('aws://')) return id;
  const awsID = awsURLPath(id).replace(/^\/+|\/+$/g, '');
  if (!/^vol-[^/]*$/.test(awsID)) throw new Error(`Invalid format for AWS volume (${id})`);
  return awsID;
}

// plugins/aws_ebs.go AWSEBSTopologyKey, plugins/gce_pd.go GCEPDTopologyKey, plugins/openstack_cinder.go
// CinderTopologyKey: the CSI topology key TranslateInTreePVToCSI rewrites the PV's zone to (translateTopologyFromInTreeToCSI);
// the Azure Disk and Portworx translations leave the PV's node affinity as it is.
const CSI_TOPOLOGY_KEYS = new Map<string | undefined, string>([
  [AWS_EBS_IN_TREE_PLUGIN, 'topology.ebs.csi.aws.com/zone'],
  [GCE_PD_IN_TREE_PLUGIN, 'topology.gke.io/zone'],
  [CINDER_IN_TREE_PLUGIN, 'topology.cinder.csi.openstack.org/zone'],
]);
const ZONE = 'topology.kubernetes.io/zone';
const REGION = 'topology.kubernetes.io/region';
const BETA_ZONE = 'failure-domain.beta.kubernetes.io/zone';
const BETA_REGION = 'failure-domain.beta.kubernetes.io/region';
const GA_LABELS: readonly [zone: string, region: string] = [ZONE, REGION];
const BETA_LABELS: readonly [zone: string, region: string] = [BETA_ZONE, BETA_REGION];

type Terms = NonNullable<NonNullable<NonNullable<PersistentVolume['spec']>['nodeAffinity']>['required']>['nodeSelectorTerms'];
const has = (labels: Record<string, string>, key: string) => Object.prototype.hasOwnProperty.call(labels, key);

/** plugins/in_tree_volume.go TopologyKeyExist over the PV's required terms. */
const keyInTerms = (terms: Terms, key: string) => terms.some((t) => t.matchExpressions?.some((r) => r.key === key));

/** in_tree_volume.go getTopologyLabel: GA zone in the affinity, else beta there, else GA label, else beta label, else GA. */
function topologyLabel(labels: Record<string, string>, terms: Terms): readonly [zone: string, region: string] {
  if (keyInTerms(terms, ZONE)) return GA_LABELS;
  if (keyInTerms(terms, BETA_ZONE)) return BETA_LABELS;
  return has(labels, BETA_ZONE) && !has(labels, ZONE) ? BETA_LABELS : GA_LABELS;
}

/** in_tree_volume.go getTopologyValues is not empty: a requirement on `key` has a value. */
const hasTopologyValues = (terms: Terms, key: string) => terms.some((t) => t.matchExpressions?.some((r) => r.key === key && !!r.values?.length));

/** in_tree_volume.go replaceTopology: the key of every requirement on `from` becomes `to`. */
const replaceTopology = (terms: Terms, from: string, to: string): Terms =>
  terms.map((t) => ({ ...t, matchExpressions: t.matchExpressions?.map((r) => (r.key === from ? { ...r, key: to } : r)) }));

/**
 * The node affinity of the PV as TranslateInTreePVToCSI leaves it (in_tree_volume.go translateTopologyFromInTreeToCSI,
 * for EBS, GCE PD and Cinder): a zone requirement with values (GA key, else beta) is moved to the driver's key; else
 * the PV's zone label (split on `__`, trimmed, empty parts dropped) is added to every term as `<driver key> In
 * zones` (a PV without terms gets one); a beta region requirement with values is moved to the GA key. Other plugins'
 * PVs keep their affinity. The PV itself is not changed (translate.go works on a deep copy).
 */
export function translatedPVNodeAffinity(pv: PersistentVolume): NonNullable<PersistentVolume['spec']>['nodeAffinity'] {
  const affinity = pv.spec?.nodeAffinity;
  const key = CSI_TOPOLOGY_KEYS.get(inTreePluginNameFromSpec(pv));
  if (!key) return affinity;
  const required = affinity?.required;
  let terms: Terms = required?.nodeSelectorTerms ?? [];
  const labels = pv.metadata?.labels ?? {};
  const [zoneLabel, regionLabel] = topologyLabel(labels, terms);
  let changed = false;
  if (hasTopologyValues(terms, zoneLabel)) {
    terms = replaceTopology(terms, zoneLabel, key);
    changed = true;
  } else if (has(labels, zoneLabel)) {
    // addTopology (its "no valid zones" error is ignored by the caller)
    const zones = [...new Set(labels[zoneLabel].split('__').map((z) => z.trim()).filter((z) => z.length > 0))].sort();
    if (zones.length > 0) {
      terms = (terms.length > 0 ? terms : [{}]).map((t) => ({ ...t, matchExpressions: [...(t.matchExpressions ?? []), { key, operator: 'In', values: zones }] }));
      changed = true;
    }
  }
  if (regionLabel === BETA_REGION && hasTopologyValues(terms, BETA_REGION)) {
    terms = replaceTopology(terms, BETA_REGION, REGION);
    changed = true;
  }
  return changed ? { ...affinity, required: { ...required, nodeSelectorTerms: terms } } : affinity;
}

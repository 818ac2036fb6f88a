// PersistentVolumes as kube-apiserver creates them (pkg/registry/core/persistentvolume/strategy.go): defaulted
// (pkg/apis/core/v1/zz_generated.defaults.go SetObjectDefaults_PersistentVolume), PrepareForCreate's field dropping
// (pkg/api/persistentvolume/util.go DropDisabledSpecFields), then Validate: ValidatePersistentVolume
// (pkg/apis/core/validation/validation.go: ValidatePersistentVolumeSpec, validateVolumeNodeAffinity, each volume
// source's own checks) and pkg/volume/validation/pv_validation.go's mount-options annotation check. The same code at
// v1.33.13 … v1.37.2 but for what it calls (ValidateCSIDriverName, named values' printing) and the
// VolumeAttributesClass gate (off at 1.33: the field is dropped). The warnings (deprecated sources and labels, the
// Recycle policy) are not errors. An object read from a cluster is validated as ValidatePersistentVolumeUpdate of
// itself: the immutability checks find nothing changed, and the options come from the old object (a stored
// volumeAttributesClassName stays and is validated; invalid label values in required node affinity are allowed).
import type { FieldError } from '../core/types';
import { gateEnabled, releaseAtLeast } from '../core/config';
import { isDNS1123Label, isDNS1123Subdomain, isValidLabelValue, nameIsDNSSubdomain } from './names';
import { roundUpToMilli } from './quantity';
import { child, decodeQuantity, forbidden, goJson, index, invalid, named, notSupported, Raw, required } from './validation-field';
import { commonUpdateErrors, validateObjectMeta, type ObjectMeta } from './validation-meta';
import { validateNodeSelectorTerm } from './validation-pod';
import { validateCSIDriverName, validateHostPath, validateNFS, validatePathNoBacksteps } from './validation-volumes';
import { validateInTreeSource } from './validation-pv-sources';

type Obj = Record<string, any>;
export interface PersistentVolumeObject { kind?: string; metadata?: ObjectMeta; spec?: Obj; status?: Obj }

/** sets.List(supportedAccessModes), sets.List(supportedReclaimPolicy), sets.List(supportedVolumeModes): sorted. */
const ACCESS_MODES = ['ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOncePod'];
const RECLAIM_POLICIES = ['Delete', 'Recycle', 'Retain'];
const VOLUME_MODES = ['Block', 'Filesystem'];

/** @upstream pkg/apis/core/validation/validation.go */
const RWOP_WITH_OTHERS = 'may not use ReadWriteOncePod with other access modes';
/** @upstream pkg/apis/core/validation/validation.go */
const MORE_THAN_ONE = 'may not specify more than 1 volume type';
/** @upstream pkg/apis/core/validation/validation.go */
const NO_VOLUME_TYPE = 'must specify a volume type';
/** @upstream pkg/apis/core/validation/validation.go */
const LOCAL_NEEDS_AFFINITY = 'Local volume requires node affinity';
/** @upstream pkg/apis/core/validation/validation.go */
const REQUIRED_CONSTRAINTS = 'must specify required node constraints';
/** @upstream pkg/apis/core/validation/validation.go */
const AT_LEAST_ONE_TERM = 'must have at least one node selector term';
/** @upstream pkg/apis/core/validation/validation.go */
const RECYCLE_ROOT = "may not be 'recycle' for a hostPath mount of '/'";
/** @upstream pkg/apis/core/validation/validation.go */
const EMPTY_VAC = 'an empty string is disallowed';
/** @upstream pkg/apis/core/validation/validation.go */
const CSI_FOR_VAC = 'has to be specified when using volumeAttributesClassName';
/** @upstream pkg/apis/core/validation/validation.go */
const VALID_QUANTITY = 'must be a valid resource quantity';
/** @upstream pkg/apis/core/validation/validation.go */
const NOT_POSITIVE = 'must be greater than zero';
/** @upstream pkg/volume/validation/pv_validation.go */
const NO_MOUNT_OPTIONS = 'may not specify mount options for this volume type';
/** pdPartitionErrorMsg: validation.InclusiveRangeError(1, 255). */
const PARTITION_RANGE = 'must be between 1 and 255, inclusive';

/** api.MountOptionAnnotation. */
const MOUNT_OPTIONS_ANNOTATION = 'volume.beta.kubernetes.io/mount-options';

/**
 * core.PersistentVolumeSource's fields in ValidatePersistentVolumeSpec's order: the JSON key, where its Forbidden
 * names it otherwise that path's last element, and where its own errors sit under another name that one (upstream's
 * slips kept: `gcePersistentDisk` validated at `persistentDisk`, `cephfs` forbidden at `cephFS`). flexVolume is counted
 * but never Forbidden (upstream increments without the check).
 */
const PV_SOURCES: ReadonlyArray<{ key: string; forbiddenAt?: string; at?: string; uncounted?: boolean }> = [
  { key: 'hostPath' }, { key: 'gcePersistentDisk', at: 'persistentDisk' }, { key: 'awsElasticBlockStore' }, { key: 'glusterfs' },
  { key: 'flocker' }, { key: 'nfs' }, { key: 'rbd' }, { key: 'quobyte' }, { key: 'cephfs', forbiddenAt: 'cephFS' }, { key: 'iscsi' },
  { key: 'cinder' }, { key: 'fc' }, { key: 'flexVolume', uncounted: true }, { key: 'azureFile' }, { key: 'vsphereVolume' },
  { key: 'photonPersistentDisk' }, { key: 'portworxVolume' }, { key: 'azureDisk' }, { key: 'scaleIO' }, { key: 'local' },
  { key: 'storageos' }, { key: 'csi' },
];

/** checkMountOption: the sources that take mount options. */
const MOUNTABLE = ['gcePersistentDisk', 'awsElasticBlockStore', 'glusterfs', 'nfs', 'rbd', 'quobyte', 'iscsi', 'cinder', 'cephfs', 'azureFile', 'vsphereVolume', 'azureDisk', 'photonPersistentDisk'];

const given = (v: unknown): v is Obj => v != null;

/**
 * SetObjectDefaults_PersistentVolume's defaults that validation reads: reclaim policy Retain, volumeMode Filesystem,
 * an azureDisk's cachingMode ReadWrite and kind Shared (a hostPath's unset type is read as "" where it is checked).
 * The status is PrepareForCreate's to reset: not read.
 */
export function defaultPersistentVolume<T extends PersistentVolumeObject>(pv: T): T {
  const spec = pv.spec ?? {};
  const out: Obj = { ...spec, persistentVolumeReclaimPolicy: spec.persistentVolumeReclaimPolicy || 'Retain', volumeMode: spec.volumeMode ?? 'Filesystem' };
  if (given(spec.azureDisk)) out.azureDisk = { ...spec.azureDisk, cachingMode: spec.azureDisk.cachingMode ?? 'ReadWrite', kind: spec.azureDisk.kind ?? 'Shared' };
  return { ...pv, spec: out };
}

/** validatePVSecretReference: name a DNS-1123 subdomain, namespace a DNS-1123 label, both required. */
function validatePVSecretReference(ref: Obj, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!ref.name) errs.push(required(child(path, 'name')));
  else errs.push(...isDNS1123Subdomain(ref.name).map((m) => invalid(child(path, 'name'), ref.name, m)));
  if (!ref.namespace) errs.push(required(child(path, 'namespace')));
  else errs.push(...isDNS1123Label(ref.namespace).map((m) => invalid(child(path, 'namespace'), ref.namespace, m)));
  return errs;
}

/** validateCSIPersistentVolumeSource: the driver's name, a volume handle, each secret reference given. */
function validateCSIPersistentVolumeSource(c: Obj, path: string): FieldError[] {
  const errs = validateCSIDriverName(c.driver ?? '', child(path, 'driver'));
  if (!c.volumeHandle) errs.push(required(child(path, 'volumeHandle')));
  for (const ref of ['controllerPublishSecretRef', 'controllerExpandSecretRef', 'nodePublishSecretRef', 'nodeExpandSecretRef']) {
    if (given(c[ref])) errs.push(...validatePVSecretReference(c[ref], child(path, ref)));
  }
  return errs;
}

/** validateGCEPersistentDiskVolumeSource and validateAWSElasticBlockStoreVolumeSource: a name, a partition within 0 … 255. */
function validateDisk(d: Obj, nameKey: string, path: string): FieldError[] {
  const errs: FieldError[] = d[nameKey] ? [] : [required(child(path, nameKey))];
  const partition = d.partition ?? 0;
  if (typeof partition === 'number' && (partition < 0 || partition > 255)) errs.push(invalid(child(path, 'partition'), partition, PARTITION_RANGE));
  return errs;
}

/** sets.List of validateAzureDisk's caching modes and disk kinds; the URI forms it names. */
const CACHING_MODES = ['None', 'ReadOnly', 'ReadWrite'];
const DISK_KINDS = ['Dedicated', 'Managed', 'Shared'];
const MANAGED_URI = '/subscriptions/{sub-id}/resourcegroups/{group-name}/providers/microsoft.compute/disks/{disk-id}';
const BLOB_URI = 'https://{account-name}.blob.core.windows.net/{container-name}/{disk-name}.vhd';

/** validateAzureDisk (on the defaulted source: cachingMode and kind set). */
function validateAzureDisk(a: Obj, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const uri: string = a.diskURI ?? '';
  if (!a.diskName) errs.push(required(child(path, 'diskName')));
  if (!uri) errs.push(required(child(path, 'diskURI')));
  if (a.cachingMode != null && !CACHING_MODES.includes(a.cachingMode)) errs.push(notSupported(child(path, 'cachingMode'), named(String(a.cachingMode)), CACHING_MODES));
  if (a.kind != null && !DISK_KINDS.includes(a.kind)) errs.push(notSupported(child(path, 'kind'), named(String(a.kind)), DISK_KINDS));
  if (a.kind === 'Managed' && !uri.startsWith('/subscriptions/')) errs.push(notSupported(child(path, 'diskURI'), uri, [MANAGED_URI]));
  if (a.kind != null && a.kind !== 'Managed' && !uri.startsWith('https://')) errs.push(notSupported(child(path, 'diskURI'), uri, [BLOB_URI]));
  return errs;
}

/** validateAzureFilePV. */
function validateAzureFile(a: Obj, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!a.secretName) errs.push(required(child(path, 'secretName')));
  if (!a.shareName) errs.push(required(child(path, 'shareName')));
  if (a.secretNamespace === '') errs.push(required(child(path, 'secretNamespace')));
  return errs;
}

/** The one source's own checks (the older in-tree sources': validation-pv-sources.ts). */
function validateSource(key: string, s: Obj, pvName: string, path: string): FieldError[] {
  switch (key) {
    case 'hostPath': return validateHostPath(s, path);
    case 'gcePersistentDisk': return validateDisk(s, 'pdName', path);
    case 'awsElasticBlockStore': return validateDisk(s, 'volumeID', path);
    case 'nfs': return validateNFS(s, path);
    case 'azureFile': return validateAzureFile(s, path);
    case 'azureDisk': return validateAzureDisk(s, path);
    case 'local': return s.path ? validatePathNoBacksteps(s.path, child(path, 'path')) : [required(child(path, 'path'))];
    case 'csi': return validateCSIPersistentVolumeSource(s, path);
    default: return validateInTreeSource(key, s, pvName, path);
  }
}

/** validateVolumeNodeAffinity with ValidateNodeSelector: whether it is set, and its errors. */
function validateVolumeNodeAffinity(affinity: Obj | null | undefined, allowInvalidValues: boolean, path: string): FieldError[] {
  if (!given(affinity)) return [];
  const req = affinity.required;
  if (!given(req)) return [required(child(path, 'required'), REQUIRED_CONSTRAINTS)];
  const termsPath = child(child(path, 'required'), 'nodeSelectorTerms');
  const terms: unknown[] = Array.isArray(req.nodeSelectorTerms) ? req.nodeSelectorTerms : [];
  if (!terms.length) return [required(termsPath, AT_LEAST_ONE_TERM)];
  return terms.flatMap((t, i) => validateNodeSelectorTerm((t ?? {}) as never, allowInvalidValues, index(termsPath, i)));
}

/** The capacity: storage alone, each amount (as SetDefaults_ResourceList rounds it) not negative and above zero. */
function validateCapacity(capacity: Obj | null | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const entries = Object.entries(capacity ?? {});
  if (!entries.length) errs.push(required(path));
  const amounts = entries.map(([name, raw]) => [name, decodeQuantity(raw, `${path}[${name}]`)] as const);
  if (!capacity || !('storage' in capacity) || entries.length > 1) {
    // the bad value is the ResourceList: json.Marshal of a nil map is null, of a map its amounts by sorted name; before
    // 1.34 ErrorBody prints it with %#v (a map with amounts as Go structs: not rendered, known go-syntax-bad-values-1.33)
    const json = releaseAtLeast('1.34');
    const list = !capacity ? (json ? 'null' : 'core.ResourceList(nil)')
      : !json && !entries.length ? 'core.ResourceList{}'
        : goJson(Object.fromEntries(amounts.map(([n, q]) => [n, 'nanos' in q ? roundUpToMilli(q).canonical() : ''])), true);
    errs.push(notSupported(path, new Raw(list), ['storage']));
  }
  for (const [name, q] of amounts) {
    const at = `${path}[${name}]`;
    if (!('nanos' in q)) { errs.push(q); continue; }
    const rounded = roundUpToMilli(q);
    if (rounded.value() < 0) errs.push(invalid(at, rounded.value(), VALID_QUANTITY));
    if (rounded.nanos <= 0n) errs.push(invalid(at, rounded.canonical(), NOT_POSITIVE));
  }
  return errs;
}

/** The access modes: at least one, each supported, ReadWriteOncePod alone. */
function validateAccessModes(modes: unknown, path: string): FieldError[] {
  const list: unknown[] = Array.isArray(modes) ? modes : [];
  const errs: FieldError[] = list.length ? [] : [required(path)];
  let rwop = false;
  let other = false;
  for (const mode of list) {
    const m = String(mode ?? '');
    if (!ACCESS_MODES.includes(m)) errs.push(notSupported(path, named(m), ACCESS_MODES));
    if (m === 'ReadWriteOncePod') rwop = true;
    else if (ACCESS_MODES.includes(m)) other = true;
  }
  if (rwop && other) errs.push(forbidden(path, RWOP_WITH_OTHERS));
  return errs;
}

/** Exactly one volume source with its own checks; a local volume's node affinity. */
function validateSources(spec: Obj, affinitySet: boolean, pvName: string, path: string): FieldError[] {
  const errs: FieldError[] = [];
  let found = 0;
  for (const { key, forbiddenAt, at, uncounted } of PV_SOURCES) {
    if (!given(spec[key])) continue;
    if (found > 0 && !uncounted) {
      errs.push(forbidden(child(path, forbiddenAt ?? key), MORE_THAN_ONE));
      continue;
    }
    found++;
    errs.push(...validateSource(key, spec[key], pvName, child(path, at ?? key)));
    if (key === 'local' && !affinitySet) errs.push(required(child(path, 'nodeAffinity'), LOCAL_NEEDS_AFFINITY));
  }
  if (found === 0) errs.push(required(path, NO_VOLUME_TYPE));
  return errs;
}

/** ValidatePersistentVolumeSpec (not inline), over a defaulted spec. */
function validateSpec(spec: Obj, pvName: string, options: { attributesClass: boolean; allowInvalidValues: boolean }, path = 'spec'): FieldError[] {
  const errs = [...validateAccessModes(spec.accessModes, child(path, 'accessModes')), ...validateCapacity(spec.capacity, child(path, 'capacity'))];
  const policy = spec.persistentVolumeReclaimPolicy;
  if (policy && !RECLAIM_POLICIES.includes(policy)) errs.push(notSupported(child(path, 'persistentVolumeReclaimPolicy'), named(String(policy)), RECLAIM_POLICIES));
  errs.push(...validateVolumeNodeAffinity(spec.nodeAffinity, options.allowInvalidValues, child(path, 'nodeAffinity')));
  errs.push(...validateSources(spec, given(spec.nodeAffinity), pvName, path));
  if (given(spec.hostPath) && cleanPath(spec.hostPath.path ?? '') === '/' && policy === 'Recycle') errs.push(forbidden(child(path, 'persistentVolumeReclaimPolicy'), RECYCLE_ROOT));
  if (spec.storageClassName) errs.push(...nameIsDNSSubdomain(spec.storageClassName, false).map((m) => invalid(child(path, 'storageClassName'), spec.storageClassName, m)));
  if (spec.volumeMode != null && !VOLUME_MODES.includes(spec.volumeMode)) errs.push(notSupported(child(path, 'volumeMode'), named(String(spec.volumeMode)), VOLUME_MODES));
  const vac = spec.volumeAttributesClassName;
  if (vac != null && options.attributesClass) {
    if (vac === '') errs.push(required(child(path, 'volumeAttributesClassName'), EMPTY_VAC));
    else errs.push(...nameIsDNSSubdomain(vac, false).map((m) => invalid(child(path, 'volumeAttributesClassName'), vac, m)));
    if (!given(spec.csi)) errs.push(required(child(path, 'csi'), CSI_FOR_VAC));
  }
  return errs;
}

/** Go's path.Clean, enough to tell "/" (`//`, `/.`, `/..`, `/a/..` all clean to it). */
function cleanPath(p: string): string {
  if (!p.startsWith('/')) return p === '' ? '.' : p;
  const out: string[] = [];
  for (const part of p.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return `/${out.join('/')}`;
}

/** helper.HasInvalidLabelValueInNodeSelectorTerms over the required terms. */
function hasInvalidLabelValue(spec: Obj): boolean {
  const terms: unknown[] = Array.isArray(spec.nodeAffinity?.required?.nodeSelectorTerms) ? spec.nodeAffinity.required.nodeSelectorTerms : [];
  return terms.some((t) => ((t as Obj | null)?.matchExpressions ?? []).some((r: Obj | null) => (r?.values ?? []).some((v: unknown) => isValidLabelValue(String(v)).length > 0)));
}

/**
 * The API server's errors for a PersistentVolume: on create (`update` false) or as an update of itself (an object
 * read from a cluster).
 */
export function validatePersistentVolume(pv: PersistentVolumeObject, update = false): FieldError[] {
  const defaulted = defaultPersistentVolume(pv);
  const spec = defaulted.spec ?? {};
  const gate = gateEnabled('VolumeAttributesClass');
  // PrepareForCreate drops volumeAttributesClassName with the gate off; PrepareForUpdate keeps the old one's
  const attributesClass = gate || (update && spec.volumeAttributesClassName != null);
  // cluster-scoped: the create path clears metadata.namespace before validating
  const meta = { ...(pv.metadata ?? {}), namespace: undefined };
  const annotations = (pv.metadata?.annotations ?? {}) as Record<string, string>;
  const mountOptions = Object.prototype.hasOwnProperty.call(annotations, MOUNT_OPTIONS_ANNOTATION) && !MOUNTABLE.some((k) => given(spec[k]))
    ? [forbidden(`metadata.annotations.${MOUNT_OPTIONS_ANNOTATION}`, NO_MOUNT_OPTIONS)]
    : [];
  const validated = [
    // Stryker disable next-line BooleanLiteral: with the namespace cleared, namespaced or not reads the same
    ...validateObjectMeta(meta, false, nameIsDNSSubdomain),
    ...validateSpec(spec, pv.metadata?.name ?? '', { attributesClass, allowInvalidValues: update && hasInvalidLabelValue(spec) }),
  ];
  if (!update) return [...validated, ...mountOptions];
  // rest.BeforeUpdate's validateCommonFields, then the strategy's ValidateUpdate: ValidatePersistentVolume, the mount
  // options, and ValidatePersistentVolumeUpdate, which runs ValidatePersistentVolume again (strategy.go, validation.go
  // at v1.33.13 … v1.37.2); an error both runs find comes twice (from 1.37 once: validateObject drops repeats)
  return [...commonUpdateErrors(pv as never), ...validated, ...mountOptions, ...validated];
}

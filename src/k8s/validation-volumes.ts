// A pod's volumes and its containers' volumeMounts and volumeDevices as kube-apiserver validates them on create
// (pkg/apis/core/validation/validation.go ValidateVolumes, validateVolumeSource and the sources' own functions,
// ValidateVolumeMounts, ValidateVolumeDevices; the same code at v1.33.13 … v1.37.2 for what is ported here). The
// volumes are taken as the create path defaults them (pkg/apis/core/v1/defaults.go SetDefaults_Volume: a volume with
// no source is an emptyDir; the modes, a hostPath's type, a token's expirationSeconds and a fieldRef's apiVersion
// have defaults that validation accepts). Fully checked: emptyDir (sizeLimit), hostPath, secret, configMap,
// persistentVolumeClaim, nfs, csi, downwardAPI and projected (secret, configMap, downwardAPI, serviceAccountToken
// sources; a resourceFieldRef's divisor), ephemeral (its claim spec; of the template's metadata its labels and
// annotations) and image (with the ImageVolume gate; without it the create path drops such volumes and their mounts).
// Other sources count as a source and nothing more; fields newer than v1.33 behind gates that are off (emptyDir.mode,
// the user fields) are not checked, nor bindMountOptions but on an update that keeps them (keepsBindMountOptions).
import type { Container, FieldError, PodSpec } from '../core/types';
import { gateEnabled, releaseAtLeast } from '../core/config';
import { isDNS1123Label, isDNS1123Subdomain, isQualifiedName, nameIsDNSSubdomain } from './names';
import { child, decodeQuantity, duplicate, forbidden, index, invalid, named, notFound, notSupported, quote, Raw, required } from './validation-field';
import { validateLabels } from './validation-meta';
import { validateClaimSpec } from './validation-claim';

type Obj = Record<string, any>;
export type Volume = { name?: string } & Obj;
/** The volumes that validated, by name, as ValidateVolumes returns them (map[string]core.VolumeSource). */
export type VolumeMap = Map<string, Obj>;

/** @upstream pkg/apis/core/validation/validation.go */
const MORE_THAN_ONE = 'may not specify more than 1 volume type';
/** @upstream pkg/apis/core/validation/validation.go */
const NO_VOLUME_TYPE = 'must specify a volume type';
/** @upstream pkg/apis/core/validation/validation.go */
const EPHEMERAL_PVC = 'must not reference a PVC that gets created for an ephemeral volume';
/** @upstream pkg/apis/core/validation/validation.go */
const SIZE_LIMIT = 'SizeLimit field must be a valid resource quantity';
/** @upstream pkg/apis/core/validation/validation.go */
const FILE_MODE = 'must be a number between 0 and 0777 (octal), both inclusive';
/** @upstream pkg/apis/core/validation/validation.go */
const ABSOLUTE = 'must be an absolute path';
/** @upstream pkg/apis/core/validation/validation.go */
const RELATIVE = 'must be a relative path';
/** @upstream pkg/apis/core/validation/validation.go */
const NO_BACKSTEPS = "must not contain '..'";
/** @upstream pkg/apis/core/validation/validation.go */
const NO_LEADING_DOTS = "must not start with '..'";
/** @upstream pkg/apis/core/validation/validation.go */
const DUPLICATE_PATHS = 'conflicting duplicate paths';
/** @upstream pkg/apis/core/validation/validation.go */
const PER_SOURCE = 'may not specify more than 1 volume type per source';
/** @upstream pkg/apis/core/validation/validation.go */
const TOKEN_TOO_SHORT = 'may not specify a duration less than 10 minutes';
/** @upstream pkg/apis/core/validation/validation.go */
const TOKEN_TOO_LONG = 'may not specify a duration larger than 2^32 seconds';
/** @upstream pkg/apis/core/validation/validation.go */
const BOTH_REFS = 'fieldRef and resourceFieldRef can not be specified simultaneously';
/** @upstream pkg/apis/core/validation/validation.go */
const ONE_REF = 'one of fieldRef and resourceFieldRef is required';
/** @upstream pkg/apis/core/validation/validation.go */
const UNIQUE = 'must be unique';
/** @upstream pkg/apis/core/validation/validation.go */
const EXCLUSIVE_SUBPATH = 'subPathExpr and subPath are mutually exclusive';
/** @upstream pkg/apis/core/validation/validation.go */
const BIDIRECTIONAL = 'Bidirectional mount propagation is available only to privileged containers';
/** @upstream pkg/apis/core/validation/validation.go */
const RRO_READ_ONLY = 'may only be specified when readOnly is true';
/** @upstream pkg/apis/core/validation/validation.go */
const RRO_PROPAGATION = 'may only be specified when mountPropagation is None or not specified';
/** @upstream pkg/apis/core/validation/validation.go */
const IN_DEVICES = 'must not already exist in volumeDevices';
/** @upstream pkg/apis/core/validation/validation.go */
const PATH_IN_DEVICES = 'must not already exist as a path in volumeDevices';
/** @upstream pkg/apis/core/validation/validation.go */
const BLOCK_MODE = 'can only use volume source type of PersistentVolumeClaim or Ephemeral for block mode';
/** @upstream pkg/apis/core/validation/validation.go */
const DEVICE_BACKSTEPS = "can not contain backsteps ('..')";
/** @upstream pkg/apis/core/validation/validation.go */
const IN_MOUNTS = 'must not already exist in volumeMounts';
/** @upstream pkg/apis/core/validation/validation.go */
const CPU_DIVISOR = "only divisor's values 1m and 1 are supported with the cpu resource";
/** @upstream pkg/apis/core/validation/validation.go */
const MEMORY_DIVISOR = "only divisor's values 1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei are supported with the memory resource";
/** @upstream pkg/apis/core/validation/validation.go */
const STORAGE_DIVISOR = "only divisor's values 1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei are supported with the local ephemeral storage resource";
/** @upstream pkg/apis/core/validation/validation.go */
const HUGEPAGES_DIVISOR = "only divisor's values 1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei are supported with the hugepages resource";
/** @upstream pkg/apis/core/validation/validation.go */
const PATH_IN_MOUNTS = 'must not already exist as a path in volumeMounts';

/**
 * core.VolumeSource's fields in validateVolumeSource's order: the JSON key and, where upstream's Forbidden names it
 * otherwise, that path's last element (its typos kept: `downwarAPI`, `cephFS`).
 */
const SOURCES: ReadonlyArray<readonly [string, string?]> = [
  ['emptyDir'], ['hostPath'], ['gitRepo'], ['gcePersistentDisk'], ['awsElasticBlockStore'], ['secret'], ['nfs'], ['iscsi'],
  ['glusterfs'], ['flocker'], ['persistentVolumeClaim'], ['rbd'], ['cinder'], ['cephfs', 'cephFS'], ['quobyte'],
  ['downwardAPI', 'downwarAPI'], ['fc'], ['flexVolume'], ['configMap'], ['azureFile'], ['vsphereVolume'],
  ['photonPersistentDisk'], ['portworxVolume'], ['azureDisk'], ['storageos'], ['projected'], ['scaleIO'], ['csi'],
  ['ephemeral'], ['image'],
];

const given = (v: unknown): v is Obj => v != null;
/** A list field's items; a value of another JSON type is the decoder's to refuse, read here as no items. */
const listOf = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

const isInt = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n);

/**
 * SetDefaults_Volume: a volume with no source (every pointer nil, a null entry too) is an emptyDir. An entry of another
 * JSON type (the type check refuses it) spreads to a volume without a name or a source.
 */
export function defaultVolume(v: Volume | null | undefined): Volume {
  const vol = v ?? {};
  return SOURCES.some(([k]) => given(vol[k])) ? vol : { ...vol, emptyDir: {} };
}

// --- paths ---------------------------------------------------------------------------------------------

/** path.IsAbs: Go's, on a slash-separated path. */
const isAbs = (p: string) => p.startsWith('/');

/** A `..` element (filepath.ToSlash is the identity on Linux). */
const hasBacksteps = (target: string) => target.split('/').includes('..');

/** validatePathNoBacksteps. */
export function validatePathNoBacksteps(target: string, path: string): FieldError[] {
  return hasBacksteps(target) ? [invalid(path, target, NO_BACKSTEPS)] : [];
}

/** validateLocalDescendingPath: relative, no `..` element. */
export function validateLocalDescendingPath(target: string, path: string): FieldError[] {
  return [...(isAbs(target) ? [invalid(path, target, RELATIVE)] : []), ...validatePathNoBacksteps(target, path)];
}

/** ValidateLocalNonReservedPath: as validateLocalDescendingPath, and not starting with `..` (unless `../`, told already). */
export function validateLocalNonReservedPath(target: string, path: string): FieldError[] {
  const errs = validateLocalDescendingPath(target, path);
  if (target.startsWith('..') && !target.startsWith('../')) errs.push(invalid(path, target, NO_LEADING_DOTS));
  return errs;
}

// --- sources -------------------------------------------------------------------------------------------

/** A file mode (int32) beyond 0777 or below 0; the defaults (0644) are valid. */
const modeErrors = (mode: unknown, path: string): FieldError[] =>
  isInt(mode) && (mode > 0o777 || mode < 0) ? [invalid(path, mode, FILE_MODE)] : [];

function validateEmptyDir(e: Obj, path: string): FieldError[] {
  if (e.sizeLimit == null) return [];
  const q = decodeQuantity(e.sizeLimit, child(path, 'sizeLimit'));
  if (!('nanos' in q)) return [q];
  return q.nanos < 0n ? [forbidden(child(path, 'sizeLimit'), SIZE_LIMIT)] : [];
}

/** sets.List(supportedHostPathTypes): sorted, the unset type first. */
const HOST_PATH_TYPES = ['', 'BlockDevice', 'CharDevice', 'Directory', 'DirectoryOrCreate', 'File', 'FileOrCreate', 'Socket'];

/** validateHostPathVolumeSource, validateHostPathType (the type is a *HostPathType: json.Marshal prints it). */
export function validateHostPath(h: Obj, path: string): FieldError[] {
  if (!h.path) return [required(child(path, 'path'))];
  const errs = validatePathNoBacksteps(h.path, child(path, 'path'));
  const type = h.type ?? '';
  if (!HOST_PATH_TYPES.includes(type)) errs.push(notSupported(child(path, 'type'), named(type), HOST_PATH_TYPES));
  return errs;
}

/** validateKeyToPath. */
function validateKeyToPath(kp: Obj | null, path: string): FieldError[] {
  const k = kp ?? {};
  const errs: FieldError[] = [];
  if (!k.key) errs.push(required(child(path, 'key')));
  // an empty path is only Required (ValidateLocalNonReservedPath finds nothing in it)
  if (!k.path) errs.push(required(child(path, 'path')));
  else errs.push(...validateLocalNonReservedPath(k.path, child(path, 'path')));
  errs.push(...modeErrors(k.mode, child(path, 'mode')));
  return errs;
}

const validateItems = (items: unknown, path: string) =>
  listOf<Obj | null>(items).flatMap((kp, i) => validateKeyToPath(kp, index(child(path, 'items'), i)));

/** validateSecretVolumeSource / validateConfigMapVolumeSource: the name, the default mode, the items. */
function validateObjectSource(s: Obj, nameKey: 'secretName' | 'name', path: string): FieldError[] {
  return [
    ...(s[nameKey] ? [] : [required(child(path, nameKey))]),
    ...modeErrors(s.defaultMode, child(path, 'defaultMode')),
    ...validateItems(s.items, path),
  ];
}

/** validateNFSVolumeSource: an empty path is both required and not absolute. */
export function validateNFS(n: Obj, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const nfsPath: string = n.path ?? '';
  if (!n.server) errs.push(required(child(path, 'server')));
  if (!nfsPath) errs.push(required(child(path, 'path')));
  if (!isAbs(nfsPath)) errs.push(invalid(child(path, 'path'), nfsPath, ABSOLUTE));
  return errs;
}

/** ValidateCSIDriverName: required, at most 63 bytes (field.TooLong), a DNS-1123 subdomain once lower-cased. */
export function validateCSIDriverName(driver: string, path: string): FieldError[] {
  // before 1.35 an empty name goes on to the other checks (v1.34.4 ValidateCSIDriverName has no early return)
  if (!driver && releaseAtLeast('1.35')) return [required(path)];
  const errs: FieldError[] = driver ? [] : [required(path)];
  if (Buffer.byteLength(driver) > 63) errs.push({ field: path, message: 'Too long: may not be more than 63 bytes' });
  errs.push(...isDNS1123Subdomain(driver.toLowerCase()).map((m) => invalid(path, driver, m)));
  return errs;
}

/** validateCSIVolumeSource: a bad secret name is reported at `csi.name`, as upstream does. */
function validateCSI(c: Obj, path: string): FieldError[] {
  const errs = validateCSIDriverName(c.driver ?? '', child(path, 'driver'));
  const ref = c.nodePublishSecretRef;
  if (given(ref)) {
    if (!ref.name) errs.push(required(child(child(path, 'nodePublishSecretRef'), 'name')));
    else errs.push(...nameIsDNSSubdomain(ref.name, false).map((m) => invalid(child(path, 'name'), ref.name, m)));
  }
  return errs;
}

/** validateEphemeralVolumeSource, ValidatePersistentVolumeClaimTemplate (of ValidateTemplateObjectMeta: labels, annotations). */
function validateEphemeral(e: Obj, path: string): FieldError[] {
  const t = e.volumeClaimTemplate;
  const tPath = child(path, 'volumeClaimTemplate');
  if (!given(t)) return [required(tPath)];
  const meta = t.metadata ?? {};
  const mPath = child(tPath, 'metadata');
  return [
    ...Object.keys(meta.annotations ?? {}).flatMap((k) => isQualifiedName(k.toLowerCase()).map((m) => invalid(child(mPath, 'annotations'), k, m))),
    ...validateLabels(meta.labels, child(mPath, 'labels')),
    ...validateClaimSpec(t.spec, child(tPath, 'spec')),
  ];
}

/** sets.List(supportedPullPolicies): sorted. */
const PULL_POLICIES = ['Always', 'IfNotPresent', 'Never'];

/**
 * validateImageVolumeSource: a reference is required of a Pod (`opts.ResourceIsPod`, v1.33.13 … v1.36.3), and from 1.37
 * of a template too (`!opts.AllowEmptyImageVolumeReference`, false on create; on a pod's update of itself true when
 * any of its image volumes has an empty reference: pkg/api/pod/util.go hasEmptyImageVolumeReference, v1.37.2);
 * validatePullPolicy on a policy SetDefaults_Volume left (it defaults an empty one to Always or IfNotPresent, so only
 * a wrong one is reported; a core.PullPolicy, printed as a named string type is). With the ImageVolume gate off (1.33,
 * 1.34) the defaulting is skipped, and on update the volume is kept (dropImageVolumes keeps what the old pod uses), so
 * an empty policy is Required.
 */
function validateImageSource(s: Obj, path: string, isPod: boolean, allowEmptyReference: boolean): FieldError[] {
  const errs: FieldError[] = [];
  if (!s.reference && !allowEmptyReference && (isPod || releaseAtLeast('1.37'))) errs.push(required(child(path, 'reference')));
  const policy = s.pullPolicy ?? '';
  if (!policy && !gateEnabled('ImageVolume')) errs.push(required(child(path, 'pullPolicy')));
  else if (policy && !PULL_POLICIES.includes(policy)) errs.push(notSupported(child(path, 'pullPolicy'), named(policy), PULL_POLICIES));
  return errs;
}

/** hasEmptyImageVolumeReference (v1.37.2): what AllowEmptyImageVolumeReference is on a pod's update of itself. */
const allowsEmptyImageReference = (volumes: readonly Volume[], update: boolean): boolean =>
  update && releaseAtLeast('1.37') && volumes.some((v) => given(v.image) && !(v.image as Obj).reference);

/** The one source validateVolumeSource found, validated (`isPod`: a Pod's volume, not a template's). */
function validateOneSource(key: string, s: Obj, path: string, isPod: boolean, update: boolean, allowEmptyReference = false): FieldError[] {
  const p = child(path, key);
  switch (key) {
    case 'emptyDir': return validateEmptyDir(s, p);
    case 'hostPath': return validateHostPath(s, p);
    case 'secret': return validateObjectSource(s, 'secretName', p);
    case 'configMap': return validateObjectSource(s, 'name', p);
    case 'nfs': return validateNFS(s, p);
    case 'persistentVolumeClaim': return s.claimName ? [] : [required(child(p, 'claimName'))];
    case 'downwardAPI': return validateDownwardAPIVolumeSource(s, p);
    case 'projected': return validateProjectedVolumeSource(s, p, update);
    case 'csi': return validateCSI(s, p);
    case 'ephemeral': return validateEphemeral(s, p);
    case 'image': return validateImageSource(s, p, isPod, allowEmptyReference);
    default: return []; // the sources not ported: counted, not checked
  }
}

/**
 * validateVolumeSource: exactly one source (a second and later are Forbidden at their own path), that source's own
 * rules, and for an ephemeral volume of a named Pod the name of the claim it creates (`<pod>-<volume>`).
 */
/** `update`: a pod's update of itself (its serviceAccountToken paths as stored: AllowNonLocalProjectedTokenPath). */
export function validateVolumeSource(source: Obj, path: string, volName: string, podName: string | undefined, isPod = podName !== undefined, update = false, allowEmptyReference = false): FieldError[] {
  const errs: FieldError[] = [];
  let found = 0;
  for (const [key, forbiddenAt] of SOURCES) {
    if (!given(source[key])) continue;
    if (found > 0) {
      errs.push(forbidden(child(path, forbiddenAt ?? key), MORE_THAN_ONE));
      continue;
    }
    found++;
    errs.push(...validateOneSource(key, source[key], path, isPod, update, allowEmptyReference));
    if (key === 'ephemeral' && podName && volName) {
      const pvc = `${podName}-${volName}`;
      errs.push(...nameIsDNSSubdomain(pvc, false).map((m) => invalid(child(path, 'name'), volName, `PVC name ${JSON.stringify(pvc)}: ${m}`)));
    }
  }
  if (found === 0) errs.push(required(path, NO_VOLUME_TYPE));
  return errs;
}

/**
 * ValidateVolumes: each volume's source, its name (required, a DNS-1123 label, once). A volume with any error is left
 * out of the map the mounts are matched against, and a later volume of its name is not a duplicate. `isPod`: the
 * volumes of a Pod (a named one's by default), not of a template.
 */
export function validateVolumes(
  volumes: readonly (Volume | null)[] | undefined, podName: string | undefined, path: string, isPod = podName !== undefined, update = false,
): { vols: VolumeMap; errs: FieldError[] } {
  const list = listOf<Volume | null>(volumes).map(defaultVolume);
  // the claims the ephemeral volumes of a named Pod create (a template's are not known)
  const created = new Set<string>();
  if (podName) for (const v of list) if (given(v.ephemeral)) created.add(`${podName}-${v.name ?? ''}`);
  const vols: VolumeMap = new Map();
  const errs: FieldError[] = [];
  const allowEmptyReference = allowsEmptyImageReference(list, update);
  list.forEach((vol, i) => {
    const p = index(path, i);
    const name = vol.name ?? '';
    const el = validateVolumeSource(vol, p, name, podName, isPod, update, allowEmptyReference);
    if (!name) el.push(required(child(p, 'name')));
    else el.push(...isDNS1123Label(name).map((m) => invalid(child(p, 'name'), name, m)));
    if (vols.has(name)) el.push(duplicate(child(p, 'name'), name));
    if (el.length === 0) vols.set(name, vol);
    else errs.push(...el);
    // a claim volume naming a claim an ephemeral volume creates (no created claim is named ``)
    const claim = vol.persistentVolumeClaim?.claimName;
    if (created.has(claim ?? '')) errs.push(invalid(child(child(p, 'persistentVolumeClaim'), 'claimName'), claim, EPHEMERAL_PVC));
  });
  return { vols, errs };
}

// --- downward API and projections ----------------------------------------------------------------------

const FIELD_PATHS = ['metadata.annotations', 'metadata.labels', 'metadata.name', 'metadata.namespace', 'metadata.uid'];
/** pods.ConvertDownwardAPIFieldLabel's v1 labels. */
const CONVERTIBLE = new Set([...FIELD_PATHS, 'spec.nodeName', 'spec.restartPolicy', 'spec.serviceAccountName', 'spec.schedulerName', 'status.phase', 'status.hostIP', 'status.hostIPs', 'status.podIP', 'status.podIPs']);
const RESOURCE_FIELDS = ['limits.cpu', 'limits.ephemeral-storage', 'limits.memory', 'requests.cpu', 'requests.ephemeral-storage', 'requests.memory'];

/** fieldpath.SplitMaybeSubscriptedPath: `metadata.labels['app']` → [metadata.labels, app]. */
function splitSubscript(fieldPath: string): [string, string] | undefined {
  if (!fieldPath.endsWith("']")) return undefined;
  const s = fieldPath.slice(0, -2);
  const at = s.indexOf("['");
  return at > 0 ? [s.slice(0, at), s.slice(at + 2)] : undefined;
}

/** pods.ConvertDownwardAPIFieldLabel's error for a v1 label it cannot convert; undefined when it converts. */
function conversionError(apiVersion: string, label: string): string | undefined {
  if (apiVersion !== 'v1') return `unsupported pod version: ${apiVersion}`;
  const sub = splitSubscript(label);
  if (sub) return sub[0] === 'metadata.annotations' || sub[0] === 'metadata.labels' ? undefined : `field label does not support subscript: ${label}`;
  return CONVERTIBLE.has(label) || label === 'spec.host' ? undefined : `field label not supported: ${label}`;
}

/**
 * validateObjectFieldSelector, with the volume's expressions unless told (a container's env has its own; apiVersion
 * defaults to v1 either way, SetDefaults_ObjectFieldSelector).
 */
export function validateObjectFieldSelector(fs: Obj, path: string, expressions: readonly string[] = FIELD_PATHS): FieldError[] {
  const apiVersion: string = fs.apiVersion || 'v1';
  const fieldPath: string = fs.fieldPath ?? '';
  if (!fieldPath) return [required(child(path, 'fieldPath'))];
  const err = conversionError(apiVersion, fieldPath);
  if (err) return [invalid(child(path, 'fieldPath'), fieldPath, `error converting fieldPath: ${err}`)];
  const internal = fieldPath === 'spec.host' ? 'spec.nodeName' : fieldPath;
  const sub = splitSubscript(internal);
  if (sub) {
    // an annotation's key lower-cased, a label's as it is; the conversion refused every other subscripted path, so
    // upstream's default case ("does not support subscript") is not reached
    const [p, key] = sub;
    const k = p === 'metadata.annotations' ? key.toLowerCase() : key;
    return isQualifiedName(k).map((m) => invalid(path, k, m));
  }
  return expressions.includes(internal) ? [] : [notSupported(child(path, 'fieldPath'), internal, expressions)];
}

const BYTE_DIVISORS = ['1', '1k', '1M', '1G', '1T', '1P', '1E', '1Ki', '1Mi', '1Gi', '1Ti', '1Pi', '1Ei'];
const isHugePagesField = (resource: string) => resource.startsWith('limits.hugepages-') || resource.startsWith('requests.hugepages-');

/**
 * validateContainerResourceDivisor: an unset divisor (or one equal to zero, `unsetDivisor.Cmp(divisor) == 0`) passes;
 * else its canonical form (Quantity.String) must be one the resource allows; the bad value is the resource's name.
 * A divisor that does not decode is the decoder's refusal (k8s/decode.ts), reported here as the quantities are.
 */
function validateContainerResourceDivisor(resource: string, raw: unknown, path: string): FieldError[] {
  if (raw == null) return [];
  const q = decodeQuantity(raw, child(path, 'divisor'));
  if (!('nanos' in q)) return [q];
  if (q.nanos === 0n) return [];
  const divisor = q.canonical();
  const errs: FieldError[] = [];
  const check = (allowed: readonly string[], message: string) => {
    if (!allowed.includes(divisor)) errs.push(invalid(child(path, 'divisor'), resource, message));
  };
  if (resource === 'limits.cpu' || resource === 'requests.cpu') check(['1m', '1'], CPU_DIVISOR);
  if (resource === 'limits.memory' || resource === 'requests.memory') check(BYTE_DIVISORS, MEMORY_DIVISOR);
  if (resource === 'limits.ephemeral-storage' || resource === 'requests.ephemeral-storage') check(BYTE_DIVISORS, STORAGE_DIVISOR);
  if (isHugePagesField(resource)) check(BYTE_DIVISORS, HUGEPAGES_DIVISOR);
  return errs;
}

/**
 * validateContainerResourceFieldSelector (`volume` true: the containerName is required; a container's env passes false):
 * the first of containerName, resource, a resource it knows (or a hugepages prefix); the divisor whatever they were.
 */
export function validateResourceFieldSelector(fs: Obj, path: string, volume = true): FieldError[] {
  const resource: string = fs.resource ?? '';
  const errs: FieldError[] = [];
  if (volume && !fs.containerName) errs.push(required(child(path, 'containerName')));
  else if (!resource) errs.push(required(child(path, 'resource')));
  else if (!RESOURCE_FIELDS.includes(resource) && !isHugePagesField(resource)) errs.push(notSupported(child(path, 'resource'), resource, RESOURCE_FIELDS));
  return [...errs, ...validateContainerResourceDivisor(resource, fs.divisor, path)];
}

/** validateDownwardAPIVolumeFile: its errors at the source's path, not the item's (upstream passes no index). */
function validateDownwardAPIVolumeFile(file: Obj | null, path: string): FieldError[] {
  const f = file ?? {};
  const errs: FieldError[] = [];
  if (!f.path) errs.push(required(child(path, 'path')));
  else errs.push(...validateLocalNonReservedPath(f.path, child(path, 'path')));
  if (given(f.fieldRef)) {
    errs.push(...validateObjectFieldSelector(f.fieldRef, child(path, 'fieldRef')));
    if (given(f.resourceFieldRef)) errs.push(invalid(path, 'resource', BOTH_REFS));
  } else if (given(f.resourceFieldRef)) errs.push(...validateResourceFieldSelector(f.resourceFieldRef, child(path, 'resourceFieldRef')));
  else errs.push(required(path, ONE_REF));
  errs.push(...modeErrors(f.mode, child(path, 'mode')));
  return errs;
}

function validateDownwardAPIVolumeSource(d: Obj, path: string): FieldError[] {
  return [...modeErrors(d.defaultMode, child(path, 'defaultMode')), ...listOf<Obj | null>(d.items).flatMap((f) => validateDownwardAPIVolumeFile(f, path))];
}

/** A projected secret's or configMap's items: each validated, each path once across the volume. */
function validateProjectedObject(s: Obj, projPath: string, volPath: string, paths: Set<string>): FieldError[] {
  const errs: FieldError[] = s.name ? [] : [required(child(projPath, 'name'))];
  listOf<Obj | null>(s.items).forEach((kp, i) => {
    errs.push(...validateKeyToPath(kp, index(child(projPath, 'items'), i)));
    const p = kp?.path;
    if (p) {
      if (paths.has(p)) errs.push(invalid(volPath, s.name ?? '', DUPLICATE_PATHS));
      else paths.add(p);
    }
  });
  return errs;
}

/**
 * validateProjectionSources: each source one kind (secret, configMap, downwardAPI, serviceAccountToken; the
 * clusterTrustBundle and podCertificate sources, behind gates, are not checked nor counted).
 */
function validateProjectionSources(projection: Obj, path: string, update: boolean): FieldError[] {
  const errs: FieldError[] = [];
  const paths = new Set<string>();
  listOf<Obj | null>(projection.sources).forEach((raw, i) => {
    const source = raw ?? {};
    const srcPath = index(child(path, 'sources'), i);
    let kinds = 0;
    if (given(source.secret)) {
      kinds++;
      errs.push(...validateProjectedObject(source.secret, child(srcPath, 'secret'), path, paths));
    }
    if (given(source.configMap)) {
      kinds++;
      errs.push(...validateProjectedObject(source.configMap, child(srcPath, 'configMap'), path, paths));
    }
    if (given(source.downwardAPI)) {
      kinds++;
      for (const file of listOf<Obj | null>(source.downwardAPI.items)) {
        errs.push(...validateDownwardAPIVolumeFile(file, child(srcPath, 'downwardAPI')));
        const p = file?.path;
        if (p) {
          if (paths.has(p)) errs.push(invalid(path, p, DUPLICATE_PATHS));
          else paths.add(p);
        }
      }
    }
    if (given(source.serviceAccountToken)) {
      kinds++;
      errs.push(...validateServiceAccountToken(source.serviceAccountToken, child(srcPath, 'serviceAccountToken'), path, update));
    }
    if (kinds > 1) errs.push(forbidden(srcPath, PER_SOURCE));
  });
  return errs;
}

/**
 * A serviceAccountToken projection: expirationSeconds defaults to 3600; its path's errors at the volume's `path`.
 * `allowNonLocal`: AllowNonLocalProjectedTokenPath, set on an update of a pod one of whose token paths is not local
 * (pkg/api/pod/util.go hasNonLocalProjectedTokenPath): with the pod its own old one, always.
 */
function validateServiceAccountToken(t: Obj, projPath: string, volPath: string, allowNonLocal: boolean): FieldError[] {
  const errs: FieldError[] = [];
  const exp = t.expirationSeconds ?? 3600;
  if (isInt(exp) && exp < 600) errs.push(invalid(child(projPath, 'expirationSeconds'), exp, TOKEN_TOO_SHORT));
  if (isInt(exp) && exp > 2 ** 32) errs.push(invalid(child(projPath, 'expirationSeconds'), exp, TOKEN_TOO_LONG));
  if (!t.path) errs.push(required(child(volPath, 'path')));
  else if (!allowNonLocal) errs.push(...validateLocalNonReservedPath(t.path, child(volPath, 'path')));
  return errs;
}

function validateProjectedVolumeSource(p: Obj, path: string, update: boolean): FieldError[] {
  return [...modeErrors(p.defaultMode, child(path, 'defaultMode')), ...validateProjectionSources(p, path, update)];
}

// --- mounts and devices ----------------------------------------------------------------------------------

type Mount = { name?: string; mountPath?: string; subPath?: string; subPathExpr?: string; mountPropagation?: string; recursiveReadOnly?: string; readOnly?: boolean; bindMountOptions?: unknown };
type Device = { name?: string; devicePath?: string };

/** validateMountPropagation, validateMountRecursiveReadOnly: at `volumeMounts.<field>`, no index (upstream's). */
function validateMountModes(m: Mount, c: Container, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (m.mountPropagation != null) {
    const p = child(path, 'mountPropagation');
    if (!['Bidirectional', 'HostToContainer', 'None'].includes(m.mountPropagation)) errs.push(notSupported(p, named(m.mountPropagation), ['Bidirectional', 'HostToContainer', 'None']));
    if (m.mountPropagation === 'Bidirectional' && c.securityContext?.privileged !== true) errs.push(forbidden(p, BIDIRECTIONAL));
  }
  const rro = m.recursiveReadOnly;
  if (rro == null || rro === 'Disabled') return errs;
  const p = child(path, 'recursiveReadOnly');
  if (rro === 'Enabled' || rro === 'IfPossible') {
    if (!m.readOnly) errs.push(forbidden(p, RRO_READ_ONLY));
    if (m.mountPropagation != null && m.mountPropagation !== 'None') errs.push(forbidden(p, RRO_PROPAGATION));
  } else errs.push(notSupported(p, named(rro), ['Disabled', 'Enabled', 'IfPossible']));
  return errs;
}

/** ValidateVolumeMounts: each mount names a volume that validated, at a path of its own; subPath rules; modes. */
/** pkg/apis/core/validation/validation.go supportedBindMountOptions, as sets.List gives them (sorted). */
const BIND_MOUNT_OPTIONS = ['nodev', 'noexec', 'nosuid'];

/**
 * validateBindMountOptions and the image-volume check after it (v1.37.2): each option supported, none twice; none on
 * a mount of an image volume (printed as Go prints a []string).
 */
function validateBindMountOptions(m: Mount, vols: VolumeMap, p: string): FieldError[] {
  const options = Array.isArray(m.bindMountOptions) ? (m.bindMountOptions as unknown[]).map(String) : [];
  const path = child(p, 'bindMountOptions');
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  options.forEach((option, i) => {
    if (!BIND_MOUNT_OPTIONS.includes(option)) errs.push(notSupported(index(path, i), option, BIND_MOUNT_OPTIONS));
    if (seen.has(option)) errs.push(duplicate(index(path, i), option));
    seen.add(option);
  });
  if (options.length && given(vols.get(m.name ?? '')?.image)) {
    errs.push(invalid(path, new Raw(`[]string{${options.map(quote).join(', ')}}`), 'bindMountOptions may not be used with image volumes'));
  }
  return errs;
}

/**
 * Whether a pod spec's mounts keep their bindMountOptions (1.37's alpha VolumeBindMountOptions, off): the create path
 * drops them, a spec's update of itself keeps them when any mount uses them (pkg/api/pod/util.go dropDisabledPodFields,
 * bindMountOptionsInUse, v1.37.2; a workload's template through DropDisabledTemplateFields alike).
 */
function keepsBindMountOptions(spec: PodSpec, update: boolean): boolean {
  if (!update || !releaseAtLeast('1.37')) return false;
  return (['containers', 'initContainers', 'ephemeralContainers'] as const).some((key) =>
    listOf<Container | null>((spec as PodSpec & { ephemeralContainers?: unknown })[key]).some((c) =>
      listOf<Mount | null>(c?.volumeMounts).some((m) => Array.isArray(m?.bindMountOptions) && (m.bindMountOptions as unknown[]).length > 0)));
}

export function validateVolumeMounts(c: Container, vols: VolumeMap, path: string, bindMountOptions = false): FieldError[] {
  const errs: FieldError[] = [];
  const devices = new Map(listOf<Device | null>(c.volumeDevices).map((d) => [d?.name ?? '', d?.devicePath ?? '']));
  const devicePaths = new Set(devices.values());
  const mountPaths = new Set<string>();
  listOf<Mount | null>(c.volumeMounts).forEach((raw, i) => {
    const m = raw ?? {};
    const p = index(path, i);
    const name = m.name ?? '';
    const mountPath = m.mountPath ?? '';
    if (!name) errs.push(required(child(p, 'name')));
    if (!vols.has(name)) errs.push(notFound(child(p, 'name'), name));
    if (!mountPath) errs.push(required(child(p, 'mountPath')));
    if (mountPaths.has(mountPath)) errs.push(invalid(child(p, 'mountPath'), mountPath, UNIQUE));
    mountPaths.add(mountPath);
    if (devices.has(name)) errs.push(invalid(child(p, 'name'), name, IN_DEVICES));
    if (devicePaths.has(mountPath)) errs.push(invalid(child(p, 'mountPath'), mountPath, PATH_IN_DEVICES));
    if (m.subPath) errs.push(...validateLocalDescendingPath(m.subPath, child(path, 'subPath')));
    if (m.subPathExpr) {
      if (m.subPath) errs.push(invalid(child(p, 'subPathExpr'), m.subPathExpr, EXCLUSIVE_SUBPATH));
      errs.push(...validateLocalDescendingPath(m.subPathExpr, child(path, 'subPathExpr')));
    }
    errs.push(...validateMountModes(m, c, path));
    if (bindMountOptions) errs.push(...validateBindMountOptions(m, vols, p));
  });
  return errs;
}

/** ValidateVolumeDevices: each device names a claim-backed volume, at a path of its own, not a mount's. */
export function validateVolumeDevices(c: Container, vols: VolumeMap, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const mounts = new Map(listOf<Mount | null>(c.volumeMounts).map((m) => [m?.name ?? '', m?.mountPath ?? '']));
  const mountPaths = new Set(mounts.values());
  const names = new Set<string>();
  const paths = new Set<string>();
  listOf<Device | null>(c.volumeDevices).forEach((raw, i) => {
    const p = index(path, i);
    const name = raw?.name ?? '';
    const devicePath = raw?.devicePath ?? '';
    const source = vols.get(name);
    if (!name) errs.push(required(child(p, 'name')));
    if (names.has(name)) errs.push(invalid(child(p, 'name'), name, UNIQUE));
    if (source && !given(source.persistentVolumeClaim) && !given(source.ephemeral)) errs.push(invalid(child(p, 'name'), name, BLOCK_MODE));
    if (!source) errs.push(notFound(child(p, 'name'), name));
    if (!devicePath) errs.push(required(child(p, 'devicePath')));
    if (paths.has(devicePath)) errs.push(invalid(child(p, 'devicePath'), devicePath, UNIQUE));
    if (devicePath && hasBacksteps(devicePath)) errs.push(invalid(child(p, 'devicePath'), devicePath, DEVICE_BACKSTEPS));
    else paths.add(devicePath);
    if (mounts.has(name)) errs.push(invalid(child(p, 'name'), name, IN_MOUNTS));
    if (mountPaths.has(devicePath)) errs.push(invalid(child(p, 'devicePath'), devicePath, PATH_IN_MOUNTS));
    if (name) names.add(name);
  });
  return errs;
}

/**
 * pkg/api/pod/util.go dropImageVolumes, on create with the ImageVolume gate off (1.33, 1.34): every volume with an
 * `image` source is dropped, and every container's and init container's mount of a volume of such a name. Returns
 * `spec` itself when the gate is on or nothing is dropped, and on a pod's update of itself (`update`: the old pod is
 * the pod, so imageVolumesInUse keeps whatever it holds).
 */
export function withoutImageVolumes(spec: PodSpec, update = false): PodSpec {
  if (gateEnabled('ImageVolume') || update) return spec;
  const volumes = listOf<Volume | null>(spec.volumes);
  const names = new Set(volumes.filter((v) => given(v?.image)).map((v) => v?.name ?? ''));
  if (names.size === 0) return spec;
  const out = { ...spec, volumes: volumes.filter((v) => !given(v?.image)) } as PodSpec;
  // every kind of container's mounts of them, ephemeral containers' too (v1.33.13 dropImageVolumes)
  const all = out as PodSpec & { ephemeralContainers?: Container[] };
  for (const key of ['containers', 'initContainers', 'ephemeralContainers'] as const) {
    const list = (spec as PodSpec & { ephemeralContainers?: Container[] })[key];
    if (!Array.isArray(list)) continue;
    all[key] = list.map((c) => (c && Array.isArray(c.volumeMounts) ? { ...c, volumeMounts: c.volumeMounts.filter((m) => !names.has(m?.name ?? '')) } : c));
  }
  return out;
}

/**
 * A pod spec's volumes, then each container's and init container's mounts and devices against them; the spec as the
 * create path leaves it (withoutImageVolumes). `isPod`: a Pod's spec, not a template's.
 */
export function validatePodVolumes(podSpec: PodSpec, path: string, podName: string | undefined, isPod = podName !== undefined, update = false): FieldError[] {
  const spec = withoutImageVolumes(podSpec, update);
  const { vols, errs } = validateVolumes(spec.volumes as Array<Volume | null> | undefined, podName, child(path, 'volumes'), isPod, update);
  const bindMountOptions = keepsBindMountOptions(spec, update);
  for (const key of ['containers', 'initContainers', 'ephemeralContainers'] as const) {
    listOf<Container | null>((spec as PodSpec & { ephemeralContainers?: unknown })[key]).forEach((c, i) => {
      if (!c) return;
      const p = index(child(path, key), i);
      errs.push(...validateVolumeMounts(c, vols, child(p, 'volumeMounts'), bindMountOptions), ...validateVolumeDevices(c, vols, child(p, 'volumeDevices')));
    });
  }
  return errs;
}

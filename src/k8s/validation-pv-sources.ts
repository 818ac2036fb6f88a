// The in-tree volume sources of a PersistentVolume as ValidatePersistentVolumeSpec checks them
// (pkg/apis/core/validation/validation.go, the same at v1.33.13 … v1.37.2): iSCSI, Fibre Channel, RBD, Cinder, CephFS,
// FlexVolume, GlusterFS, Flocker, Quobyte, vSphere, Photon, Portworx, ScaleIO and StorageOS. Most are deprecated or
// non-functional (their warnings are not errors), but the API server still refuses them when malformed.
import type { FieldError } from '../core/types';
import { isDNS1123Label } from './names';
import { child, invalid, required } from './validation-field';

type Obj = Record<string, any>;

/** @upstream pkg/apis/core/validation/validation.go */
const ISCSI_TOO_LONG = 'Total length of <volume name>:<iscsi.targetPortal> must be under 64 characters if iscsi.initiatorName is specified.';
/** @upstream pkg/apis/core/validation/validation.go */
const VALID_FORMAT = 'must be valid format';
/** validation.InclusiveRangeError(0, 255). */
const LUN_RANGE = 'must be between 0 and 255, inclusive';
/** @upstream pkg/apis/core/validation/validation.go */
const FC_TARGETS = 'must specify either targetWWNs or wwids, but not both';
/** @upstream pkg/apis/core/validation/validation.go */
const FC_BOTH = 'targetWWNs and wwids can not be specified simultaneously';
/** @upstream pkg/apis/core/validation/validation.go */
const FC_LUN = 'lun is required if targetWWNs is specified';
/** @upstream pkg/apis/core/validation/validation.go */
const RESERVED_OPTION = 'kubernetes.io and k8s.io namespaces are reserved';
/** @upstream pkg/apis/core/validation/validation.go */
const ENDPOINTS_NAMESPACE = 'if the endpointnamespace is set, it must be a valid namespace name';
/** @upstream pkg/apis/core/validation/validation.go */
const FLOCKER_ONE = 'one of datasetName and datasetUUID is required';
/** @upstream pkg/apis/core/validation/validation.go */
const FLOCKER_BOTH = 'datasetName and datasetUUID can not be specified simultaneously';
/** @upstream pkg/apis/core/validation/validation.go */
const NO_SLASH = "must not contain '/'";
/** @upstream pkg/apis/core/validation/validation.go */
const QUOBYTE_REGISTRY = 'must be a host:port pair or multiple pairs separated by commas';
/** @upstream pkg/apis/core/validation/validation.go */
const QUOBYTE_TENANT = 'must be a UUID and may not exceed a length of 64 characters';

const given = (v: unknown): v is Obj => v != null;
const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
/** A field that must be a non-empty string or list. */
const need = (s: Obj, key: string, path: string, as = key): FieldError[] => (s[key] != null && s[key].length ? [] : [required(child(path, as))]);

// iscsiInitiatorIqnRegex (unanchored at its start, as MatchString searches), iscsiInitiatorEuiRegex, iscsiInitiatorNaaRegex;
// Go's \s is [\t\n\f\r ] and its `.` any character but a newline
const IQN = /iqn\.\d{4}-\d{2}\.([A-Za-z0-9\-.]+)(:[^,;*&$|\t\n\f\r ]+)$/;
const EUI = /^eui[^\n][A-Za-z0-9]{16}$/;
const NAA = /^naa[^\n][A-Za-z0-9]{32}$/;

/** The iqn/eui/naa format checks of an IQN (one error at most). */
function badIqn(v: string): boolean {
  if (v.startsWith('iqn')) return !IQN.test(v);
  if (v.startsWith('eui')) return !EUI.test(v);
  if (v.startsWith('naa')) return !NAA.test(v);
  return true;
}

/** validateISCSIPersistentVolumeSource (`pvName` for the length of `<name>:<targetPortal>`). */
function validateISCSI(s: Obj, pvName: string, path: string): FieldError[] {
  const errs: FieldError[] = need(s, 'targetPortal', path);
  const portal: string = s.targetPortal ?? '';
  if (s.initiatorName != null && Buffer.byteLength(`${pvName}:${portal}`) > 64) errs.push(invalid(child(path, 'targetportal'), portal, ISCSI_TOO_LONG));
  if (!s.iqn) errs.push(required(child(path, 'iqn')));
  else if (badIqn(s.iqn)) errs.push(invalid(child(path, 'iqn'), s.iqn, VALID_FORMAT));
  const lun = s.lun ?? 0;
  if (typeof lun === 'number' && (lun < 0 || lun > 255)) errs.push(invalid(child(path, 'lun'), lun, LUN_RANGE));
  if ((s.chapAuthDiscovery || s.chapAuthSession) && !given(s.secretRef)) errs.push(required(child(path, 'secretRef')));
  if (given(s.secretRef) && !s.secretRef.name) errs.push(required(child(child(path, 'secretRef'), 'name')));
  if (s.initiatorName != null && badIqn(s.initiatorName)) errs.push(invalid(child(path, 'initiatorname'), s.initiatorName, VALID_FORMAT));
  return errs;
}

/** validateFCVolumeSource. */
function validateFC(s: Obj, path: string): FieldError[] {
  const targets = listOf(s.targetWWNs);
  const ids = listOf(s.wwids);
  const errs: FieldError[] = [];
  if (!targets.length && !ids.length) errs.push(required(child(path, 'targetWWNs'), FC_TARGETS));
  if (targets.length && ids.length) errs.push(invalid(child(path, 'targetWWNs'), targets, FC_BOTH));
  if (targets.length) {
    if (s.lun == null) errs.push(required(child(path, 'lun'), FC_LUN));
    else if (s.lun < 0 || s.lun > 255) errs.push(invalid(child(path, 'lun'), s.lun, LUN_RANGE));
  }
  return errs;
}

/** validateFlexPersistentVolumeSource: a driver, and no option key in the kubernetes.io or k8s.io namespaces. */
function validateFlex(s: Obj, path: string): FieldError[] {
  const errs = need(s, 'driver', path);
  for (const k of Object.keys(s.options ?? {})) {
    const slash = k.indexOf('/');
    const normalized = `.${(slash >= 0 ? k.slice(0, slash) : k).toLowerCase()}`;
    if (normalized.endsWith('.kubernetes.io') || normalized.endsWith('.k8s.io')) errs.push(invalid(`${child(path, 'options')}[${k}]`, k, RESERVED_OPTION));
  }
  return errs;
}

/** validateGlusterfsPersistentVolumeSource. */
function validateGlusterfs(s: Obj, path: string): FieldError[] {
  const errs = [...need(s, 'endpoints', path), ...need(s, 'path', path)];
  const ns = s.endpointsNamespace;
  if (ns === '') errs.push(invalid(child(path, 'endpointsNamespace'), ns, ENDPOINTS_NAMESPACE));
  else if (typeof ns === 'string') errs.push(...isDNS1123Label(ns).map((m) => invalid(child(path, 'endpointsNamespace'), ns, m)));
  return errs;
}

/** validateFlockerVolumeSource. */
function validateFlocker(s: Obj, path: string): FieldError[] {
  const name: string = s.datasetName ?? '';
  const uuid: string = s.datasetUUID ?? '';
  const errs: FieldError[] = [];
  if (!name && !uuid) errs.push(required(path, FLOCKER_ONE));
  if (name && uuid) errs.push(invalid(path, 'resource', FLOCKER_BOTH));
  if (name.includes('/')) errs.push(invalid(child(path, 'datasetName'), name, NO_SLASH));
  return errs;
}

/** net.SplitHostPort's verdict: a host (bracketed for IPv6), a colon, a port (possibly empty). */
export function splitsHostPort(hp: string): boolean {
  const i = hp.lastIndexOf(':');
  if (i < 0) return false;
  let j = 0;
  let k = 0;
  if (hp[0] === '[') {
    const end = hp.indexOf(']');
    if (end < 0 || end + 1 !== i) return false;
    j = 1;
    k = end + 1;
  } else if (hp.slice(0, i).includes(':')) return false;
  return !hp.slice(j).includes('[') && !hp.slice(k).includes(']');
}

/** validateQuobyteVolumeSource: a registry of host:port pairs (an error per bad pair), a tenant of at most 64 bytes, a volume. */
function validateQuobyte(s: Obj, path: string): FieldError[] {
  const registry: string = s.registry ?? '';
  const errs: FieldError[] = [];
  if (!registry) errs.push(required(child(path, 'registry'), QUOBYTE_REGISTRY));
  else if (Buffer.byteLength(s.tenant ?? '') >= 65) errs.push(required(child(path, 'tenant'), QUOBYTE_TENANT));
  else for (const pair of registry.split(',')) if (!splitsHostPort(pair)) errs.push(invalid(child(path, 'registry'), registry, QUOBYTE_REGISTRY));
  return [...errs, ...need(s, 'volume', path)];
}

/** validateStorageOSPersistentVolumeSource. */
function validateStorageOS(s: Obj, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!s.volumeName) errs.push(required(child(path, 'volumeName')));
  else errs.push(...isDNS1123Label(s.volumeName).map((m) => invalid(child(path, 'volumeName'), s.volumeName, m)));
  if (s.volumeNamespace) errs.push(...isDNS1123Label(s.volumeNamespace).map((m) => invalid(child(path, 'volumeNamespace'), s.volumeNamespace, m)));
  if (given(s.secretRef)) errs.push(...need(s.secretRef, 'name', child(path, 'secretRef')), ...need(s.secretRef, 'namespace', child(path, 'secretRef')));
  return errs;
}

/** The in-tree source `key`'s own checks at `path` (its errors' path); [] for a source not listed here. */
export function validateInTreeSource(key: string, s: Obj, pvName: string, path: string): FieldError[] {
  switch (key) {
    case 'iscsi': return validateISCSI(s, pvName, path);
    case 'fc': return validateFC(s, path);
    case 'rbd': return [...need(s, 'monitors', path), ...need(s, 'image', path)];
    case 'cinder': {
      const ref = given(s.secretRef) ? [...need(s.secretRef, 'name', child(path, 'secretRef')), ...need(s.secretRef, 'namespace', child(path, 'secretRef'))] : [];
      return [...need(s, 'volumeID', path), ...ref];
    }
    case 'cephfs': return need(s, 'monitors', path);
    case 'flexVolume': return validateFlex(s, path);
    case 'glusterfs': return validateGlusterfs(s, path);
    case 'flocker': return validateFlocker(s, path);
    case 'quobyte': return validateQuobyte(s, path);
    case 'vsphereVolume': return need(s, 'volumePath', path);
    case 'photonPersistentDisk': return need(s, 'pdID', path);
    case 'portworxVolume': return need(s, 'volumeID', path);
    case 'scaleIO': return [...need(s, 'gateway', path), ...need(s, 'system', path), ...need(s, 'volumeName', path)];
    case 'storageos': return validateStorageOS(s, path);
    default: return [];
  }
}

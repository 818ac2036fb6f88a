// A container's env and envFrom as kube-apiserver validates them on create (pkg/apis/core/validation/validation.go
// ValidateEnv, validateEnvVarValueFrom, validateObjectFieldSelector, validateContainerResourceFieldSelector,
// validateConfigMapKeySelector, validateSecretKeySelector, validateFileKeySelector, ValidateEnvFrom,
// validateConfigMapEnvSource, validateSecretEnvSource, validateFileKeyRefVolumes; the same code at v1.34.4 … v1.37.2,
// and at v1.33.13 without fileKeyRef). The options are pkg/api/pod/util.go GetValidationOptionsFromPodSpecAndMeta's:
// RelaxedEnvironmentVariableValidation (beta and on at 1.33, GA and locked from 1.34) picks the name rule, or, on an
// update, a name the old pod already used that only the relaxed rule takes; EnvFiles (alpha and off at 1.34, beta and on
// from 1.35; no such field at 1.33) lets fileKeyRef through (dropFileKeyRefInUse drops it before validation otherwise,
// unless the old pod uses it) and names it in the "must specify one of" text.
import type { Container, FieldError, PodSpec } from '../core/types';
import { gateEnabled, settings } from '../core/config';
import { gateState } from '../core/releases';
import { isDNS1123Label, nameIsDNSSubdomain } from './names';
import { child, index, invalid, notFound, required } from './validation-field';
import type * as VolumeValidation from './validation-volumes';

type Obj = Record<string, any>;

/** @upstream pkg/apis/core/validation/validation.go */
const ONE_OF = 'must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`';
/** @upstream pkg/apis/core/validation/validation.go */
const ONE_OF_FILES = 'must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef`, `secretKeyRef` or `fileKeyRef`';
/** @upstream pkg/apis/core/validation/validation.go */
const WITH_VALUE = 'may not be specified when `value` is not empty';
/** @upstream pkg/apis/core/validation/validation.go */
const MORE_THAN_ONE = 'may not have more than one field specified at a time';
/** @upstream pkg/apis/core/validation/validation.go */
const ONE_OF_FROM = 'must specify one of: `configMapRef` or `secretRef`';
/** @upstream pkg/apis/core/validation/validation.go */
const EMPTY_DIR = 'referenced volume must be of type emptyDir';

// k8s.io/apimachinery/pkg/util/validation/validation.go (IsEnvVarName, IsRelaxedEnvVarName, IsConfigMapKey)
const ENV_VAR_NAME_FMT = '[-._a-zA-Z][-._a-zA-Z0-9]*';
const ENV_VAR_NAME_MSG = "a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit";
const RELAXED_ENV_VAR_NAME_MSG = "a valid environment variable name must consist only of printable ASCII characters other than '='";
const CONFIG_MAP_KEY_FMT = '[-._a-zA-Z0-9]+';
const CONFIG_MAP_KEY_MSG = "a valid config key must consist of alphanumeric characters, '-', '_' or '.'";

/** hasChDirPrefix. */
function chDirPrefix(value: string): string[] {
  if (value === '.') return ["must not be '.'"];
  if (value === '..') return ["must not be '..'"];
  return value.startsWith('..') ? ["must not start with '..'"] : [];
}

/** IsEnvVarName: a C-like identifier that may hold '.' and '-'. */
export function isEnvVarName(value: string): string[] {
  const errs = new RegExp(`^${ENV_VAR_NAME_FMT}$`).test(value)
    ? []
    : [`${ENV_VAR_NAME_MSG} (e.g. 'my.env-name',  or 'MY_ENV.NAME',  or 'MyEnvName1', regex used for validation is '${ENV_VAR_NAME_FMT}')`];
  return [...errs, ...chDirPrefix(value)];
}

/** IsRelaxedEnvVarName: printable ASCII (unicode.IsPrint: space to '~') other than '='. */
export function isRelaxedEnvVarName(value: string): string[] {
  const errs = value.length ? [] : ['environment variable name must be non-empty'];
  if ([...value].some((c) => c < ' ' || c > '~' || c === '=')) errs.push(RELAXED_ENV_VAR_NAME_MSG);
  return errs;
}

/** IsConfigMapKey: a Secret's or ConfigMap's key. */
export function isConfigMapKey(value: string): string[] {
  const errs = value.length > 253 ? ['must be no more than 253 characters'] : [];
  if (!new RegExp(`^${CONFIG_MAP_KEY_FMT}$`).test(value)) {
    errs.push(`${CONFIG_MAP_KEY_MSG} (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '${CONFIG_MAP_KEY_FMT}')`);
  }
  return [...errs, ...chDirPrefix(value)];
}

/** The options ValidateEnv and ValidateEnvFrom read (PodValidationOptions). */
export interface EnvOptions {
  /** AllowRelaxedEnvironmentVariableValidation. */
  relaxed: boolean;
  /** AllowEnvFilesValidation, and fileKeyRef kept (not dropped before validation). */
  envFiles: boolean;
}

const given = (v: unknown): v is Obj => v != null;
const listOf = (v: unknown): Obj[] => (Array.isArray(v) ? v.map((x) => x ?? {}) : []);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Every container's, init container's and ephemeral container's env and envFrom (VisitContainers). */
function containersOf(spec: PodSpec): Container[] {
  const s = spec as PodSpec & { ephemeralContainers?: unknown };
  return [...listOf(s.containers), ...listOf(s.initContainers), ...listOf(s.ephemeralContainers)] as Container[];
}

/**
 * GetValidationOptionsFromPodSpecAndMeta's env options for a spec (`update`: validated as an update of itself, so the old
 * spec is the same): useRelaxedEnvironmentVariableValidation, useAllowEnvFilesValidation and dropFileKeyRefInUse.
 */
export function envOptions(spec: PodSpec, update = false): EnvOptions {
  const containers = update ? containersOf(spec) : [];
  const names = containers.flatMap((c) => [...listOf(c.env).map((e) => text(e.name)), ...listOf(c.envFrom).map((e) => text(e.prefix))]);
  // relaxedEnvVarUsed: a name the strict rule refuses and the relaxed one takes, already in the old pod
  const relaxedUsed = names.some((n) => isEnvVarName(n).length > 0 && isRelaxedEnvVarName(n).length === 0);
  const fileKeyRefUsed = containers.some((c) => listOf(c.env).some((e) => given(e.valueFrom?.fileKeyRef)));
  return {
    relaxed: gateEnabled('RelaxedEnvironmentVariableValidation') || relaxedUsed,
    // v1.33.13 has no fileKeyRef field (the decoder refuses it as unknown): never kept
    envFiles: gateEnabled('EnvFiles') || (fileKeyRefUsed && gateState('EnvFiles', settings().kubernetesVersion) !== undefined),
  };
}

/** The env var name rule of the options: IsRelaxedEnvVarName or IsEnvVarName. */
const envVarNameErrors = (name: string, opts: EnvOptions) => (opts.relaxed ? isRelaxedEnvVarName(name) : isEnvVarName(name));

/** validateConfigMapKeySelector / validateSecretKeySelector: the name a DNS subdomain even when empty, the key required. */
function validateKeySelector(s: Obj, path: string): FieldError[] {
  const name = text(s.name);
  const key = text(s.key);
  const errs = nameIsDNSSubdomain(name, false).map((m) => invalid(child(path, 'name'), name, m));
  if (!key) errs.push(required(child(path, 'key')));
  else errs.push(...isConfigMapKey(key).map((m) => invalid(child(path, 'key'), key, m)));
  return errs;
}

/** validateFileKeySelector: a key the relaxed name rule takes, a volume name that is a DNS label, a path without `..`. */
function validateFileKeySelector(s: Obj, path: string): FieldError[] {
  const key = text(s.key);
  const volumeName = text(s.volumeName);
  const filePath = text(s.path);
  const errs: FieldError[] = [];
  if (!key) errs.push(required(child(path, 'key')));
  else errs.push(...isRelaxedEnvVarName(key).map((m) => invalid(child(path, 'key'), key, m)));
  if (!volumeName) errs.push(required(child(path, 'volumeName')));
  else errs.push(...isDNS1123Label(volumeName).map((m) => invalid(child(path, 'volumeName'), volumeName, m)));
  if (!filePath) errs.push(required(child(path, 'path')));
  else errs.push(...volumeValidation().validatePathNoBacksteps(filePath, child(path, 'path')));
  return errs;
}

// The downward API selectors and the volumes' defaults (validation-volumes.ts), read only for an env that uses them
const volumeValidation = (): typeof VolumeValidation => require('./validation-volumes');

/** validEnvDownwardAPIFieldPathExpressions, as sets.List sorts them. */
const ENV_FIELD_PATHS = ['metadata.name', 'metadata.namespace', 'metadata.uid', 'spec.nodeName', 'spec.serviceAccountName', 'status.hostIP', 'status.hostIPs', 'status.podIP', 'status.podIPs'];

/** validateEnvVarValueFrom: each source validated, then exactly one of them and no `value` beside it. */
function validateEnvVarValueFrom(ev: Obj, path: string, opts: EnvOptions): FieldError[] {
  const from = ev.valueFrom;
  if (!given(from)) return [];
  const errs: FieldError[] = [];
  let sources = 0;
  const source = (key: string, check: (s: Obj, p: string) => FieldError[]) => {
    if (!given(from[key])) return;
    sources++;
    errs.push(...check(from[key], child(path, key)));
  };
  source('fieldRef', (s, p) => volumeValidation().validateObjectFieldSelector(s, p, ENV_FIELD_PATHS));
  // not for a volume: the containerName is not required
  source('resourceFieldRef', (s, p) => volumeValidation().validateResourceFieldSelector(s, p, false));
  source('configMapKeyRef', validateKeySelector);
  source('secretKeyRef', validateKeySelector);
  if (opts.envFiles) source('fileKeyRef', validateFileKeySelector);
  if (sources === 0) errs.push(invalid(path, '', opts.envFiles ? ONE_OF_FILES : ONE_OF));
  else if (text(ev.value)) errs.push(invalid(path, '', WITH_VALUE));
  else if (sources > 1) errs.push(invalid(path, '', MORE_THAN_ONE));
  return errs;
}

/** ValidateEnv: each variable's name (required; the options' rule), then its valueFrom. */
export function validateEnv(vars: unknown, path: string, opts: EnvOptions): FieldError[] {
  return listOf(vars).flatMap((ev, i) => {
    const p = index(path, i);
    const name = text(ev.name);
    const errs = name ? envVarNameErrors(name, opts).map((m) => invalid(child(p, 'name'), name, m)) : [required(child(p, 'name'))];
    return [...errs, ...validateEnvVarValueFrom(ev, child(p, 'valueFrom'), opts)];
  });
}

/** validateConfigMapEnvSource / validateSecretEnvSource: the name required, a DNS subdomain (a generateName prefix may end in '-'). */
function validateEnvSource(s: Obj, path: string): FieldError[] {
  const name = text(s.name);
  if (!name) return [required(child(path, 'name'))];
  return nameIsDNSSubdomain(name, true).map((m) => invalid(child(path, 'name'), name, m));
}

/** ValidateEnvFrom: the prefix (when given) by the options' name rule, then one of configMapRef and secretRef (told at `envFrom`). */
export function validateEnvFrom(vars: unknown, path: string, opts: EnvOptions): FieldError[] {
  return listOf(vars).flatMap((ev, i) => {
    const p = index(path, i);
    const prefix = text(ev.prefix);
    const errs = prefix ? envVarNameErrors(prefix, opts).map((m) => invalid(child(p, 'prefix'), prefix, m)) : [];
    let sources = 0;
    for (const key of ['configMapRef', 'secretRef']) {
      if (!given(ev[key])) continue;
      sources++;
      errs.push(...validateEnvSource(ev[key], child(p, key)));
    }
    if (sources === 0) errs.push(invalid(path, '', ONE_OF_FROM));
    else if (sources > 1) errs.push(invalid(path, '', MORE_THAN_ONE));
    return errs;
  });
}

/**
 * validateFileKeyRefVolumes: a fileKeyRef's volume must be one of the pod's volumes (as defaulted: one without a source is
 * an emptyDir; the last of a name wins) and an emptyDir. Only with fileKeyRef kept (`opts.envFiles`).
 */
export function validateFileKeyRefVolumes(spec: PodSpec, path: string, opts: EnvOptions): FieldError[] {
  if (!opts.envFiles) return [];
  const volumes = new Map(listOf((spec as { volumes?: unknown }).volumes).map((v) => [text(v.name), volumeValidation().defaultVolume(v)] as const));
  const errs: FieldError[] = [];
  const visit = (list: unknown, field: string) => listOf(list).forEach((c, i) => listOf(c.env).forEach((ev, j) => {
    const ref = ev.valueFrom?.fileKeyRef;
    if (!given(ref)) return;
    const name = text(ref.volumeName);
    const at = `${index(child(index(child(path, field), i), 'env'), j)}.valueFrom.fileKeyRef.volumeName`;
    const volume = volumes.get(name);
    if (!volume) errs.push(notFound(at, name));
    else if (!given(volume.emptyDir)) errs.push(invalid(at, name, EMPTY_DIR));
  }));
  visit(spec.initContainers, 'initContainers');
  visit(spec.containers, 'containers');
  visit((spec as { ephemeralContainers?: unknown }).ephemeralContainers, 'ephemeralContainers');
  return errs;
}

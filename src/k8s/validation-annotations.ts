// The annotations kube-apiserver validates against a pod's spec (pkg/apis/core/validation/validation.go
// ValidatePodSpecificAnnotations, for a Pod and a pod template alike: the mirror pod annotation, the pod deletion cost,
// the deprecated seccomp and AppArmor annotations), and on create the deprecated annotations against the fields
// (validateSeccompAnnotationsAndFields, validateAppArmorAnnotationsAndFieldsMatchOnCreate). The same code at
// v1.33.13 … v1.37.2. Old charts still write `seccomp.security.alpha.kubernetes.io/pod` and
// `container.apparmor.security.beta.kubernetes.io/<container>`: a typo there, or an annotation for a container renamed
// since, and the API server refuses the object. The same for `scheduler.alpha.kubernetes.io/tolerations`
// (ValidateTolerationsInPodAnnotations), which nothing reads any more but the API server still decodes and validates:
// JSON that Go's encoding/json does not decode into tolerations (its own error text, go-json.ts), or tolerations
// ValidateTolerations refuses, and the object is refused.
import type { FieldError, PodSpec } from '../core/types';
import type * as GoJson from './go-json';
import { validateTolerations } from './validation';
import { child, forbidden, invalid, quote } from './validation-field';
import { validateAppArmorProfile, visitContainers } from './validation-security';
import type * as VolumeValidation from './validation-volumes';

// Go's encoding/json, read for a pod with the tolerations annotation only
const goJson = (): typeof GoJson => require('./go-json');

/** @upstream pkg/apis/core/annotation_key_constants.go */
const MIRROR_POD_KEY = 'kubernetes.io/config.mirror';
/** @upstream pkg/apis/core/annotation_key_constants.go */
const TOLERATIONS_KEY = 'scheduler.alpha.kubernetes.io/tolerations';
/** @upstream pkg/apis/core/annotation_key_constants.go */
const DELETION_COST_KEY = 'controller.kubernetes.io/pod-deletion-cost';
/** @upstream pkg/apis/core/annotation_key_constants.go */
const SECCOMP_POD_KEY = 'seccomp.security.alpha.kubernetes.io/pod';
/** @upstream pkg/apis/core/annotation_key_constants.go */
const SECCOMP_CONTAINER_PREFIX = 'container.seccomp.security.alpha.kubernetes.io/';
/** @upstream pkg/apis/core/annotation_key_constants.go */
const APPARMOR_CONTAINER_PREFIX = 'container.apparmor.security.beta.kubernetes.io/';

/** @upstream pkg/apis/core/validation/validation.go */
const MIRROR_NEEDS_NODE = 'must set spec.nodeName if mirror pod annotation is set';
/** @upstream pkg/apis/core/validation/validation.go */
const DELETION_COST_INT32 = 'must be a 32bit integer';
/** @upstream pkg/apis/core/validation/validation.go */
const SECCOMP_PROFILE_INVALID = 'must be a valid seccomp profile';
/** @upstream pkg/apis/core/validation/validation.go */
const CONTAINER_NOT_FOUND = 'container not found';
/** @upstream pkg/apis/core/validation/validation.go */
const SECCOMP_TYPE_MISMATCH = 'seccomp type in annotation and field must match';
/** @upstream pkg/apis/core/validation/validation.go */
const SECCOMP_PROFILE_MISMATCH = 'seccomp profile in annotation and field must match';
/** @upstream pkg/apis/core/validation/validation.go */
const APPARMOR_TYPE_MISMATCH = 'apparmor type in annotation and field must match';
/** @upstream pkg/apis/core/validation/validation.go */
const APPARMOR_PROFILE_MISMATCH = 'apparmor profile in annotation and field must match';

type Annotations = Readonly<Record<string, unknown>>;
interface Profile { type?: unknown; localhostProfile?: unknown }
interface Named { name?: unknown; securityContext?: { seccompProfile?: Profile | null; appArmorProfile?: Profile | null } | null }

const volumeValidation = (): typeof VolumeValidation => require('./validation-volumes');
const text = (v: unknown) => (typeof v === 'string' ? v : String(v ?? ''));

/** Every container of the spec (init, regular, ephemeral) with its path under `specPath`. */
function containers(spec: PodSpec, specPath: string): Array<{ c: Named; path: string }> {
  const out: Array<{ c: Named; path: string }> = [];
  visitContainers(spec as never, specPath, (c, path) => out.push({ c: c as Named, path }));
  return out;
}

/** helper.GetDeletionCostFromPodAnnotations: no leading `+` or zero (but "0"), then strconv.ParseInt(value, 10, 32). */
function deletionCostValid(value: string): boolean {
  if (!/^(-|0$|[1-9])/.test(value) || !/^-?\d+$/.test(value)) return false;
  const n = Number(value);
  return n >= -(2 ** 31) && n <= 2 ** 31 - 1;
}

/**
 * ValidateTolerationsInPodAnnotations (called for a value other than ""): helper.GetTolerationsFromPodAnnotations'
 * json.Unmarshal into []core.Toleration, whose error is reported at the annotations with the key as the bad value;
 * else ValidateTolerations over what it decoded, at `<path>.scheduler.alpha.kubernetes.io/tolerations[i]` (a Child).
 */
function tolerationsAnnotationErrors(value: string, path: string, comparisonOperators: boolean): FieldError[] {
  const decoded = goJson().unmarshalTolerations(value);
  if ('error' in decoded) return [invalid(path, TOLERATIONS_KEY, decoded.error)];
  const tolerations = decoded.tolerations.map(({ tolerationSeconds, ...t }) => ({ ...t, ...(tolerationSeconds !== undefined ? { tolerationSeconds } : {}) }));
  return validateTolerations(tolerations as never, child(path, TOLERATIONS_KEY), comparisonOperators);
}

/** ValidateSeccompProfile: runtime/default, docker/default, unconfined, or localhost/ and a relative path without `..`. */
function seccompProfileErrors(p: string, path: string): FieldError[] {
  if (p === 'runtime/default' || p === 'docker/default' || p === 'unconfined') return [];
  if (p.startsWith('localhost/')) return volumeValidation().validateLocalDescendingPath(p.slice('localhost/'.length), path);
  return [invalid(path, p, SECCOMP_PROFILE_INVALID)];
}

/** ValidateAppArmorProfileFormat's error text for a deprecated annotation's value; undefined when valid. */
function appArmorFormatError(p: string): string | undefined {
  if (p === '' || p === 'runtime/default' || p === 'unconfined' || p.startsWith('localhost/')) return undefined;
  return `invalid AppArmor profile name: ${quote(p)}`;
}

/**
 * ValidatePodSpecificAnnotations at `path` (`metadata.annotations`, or a template's `….template.annotations`): the
 * mirror pod annotation needs spec.nodeName, the deletion cost is an int32, the seccomp annotations name valid
 * profiles (their path a Child, as upstream writes it), each AppArmor annotation names a container of the pod and a
 * valid profile, the tolerations annotation decodes into valid tolerations. `update`: an object validated as an update
 * of itself, whose invalid deletion cost is allowed (GetValidationOptionsFromPodSpecAndMeta: AllowInvalidPodDeletionCost
 * when the old pod's is invalid); `comparisonOperators`: the options' AllowTaintTolerationComparisonOperators.
 */
export function podSpecificAnnotationErrors(annotations: Annotations | undefined, spec: PodSpec, path: string, update = false, comparisonOperators = false): FieldError[] {
  if (!annotations) return [];
  const errs: FieldError[] = [];
  if (Object.hasOwn(annotations, MIRROR_POD_KEY) && !spec.nodeName) errs.push(invalid(`${path}[${MIRROR_POD_KEY}]`, text(annotations[MIRROR_POD_KEY]), MIRROR_NEEDS_NODE));
  const tolerations = text(annotations[TOLERATIONS_KEY]);
  if (tolerations !== '') errs.push(...tolerationsAnnotationErrors(tolerations, path, comparisonOperators));
  if (!update && Object.hasOwn(annotations, DELETION_COST_KEY) && !deletionCostValid(text(annotations[DELETION_COST_KEY]))) {
    errs.push(invalid(`${path}[${DELETION_COST_KEY}]`, text(annotations[DELETION_COST_KEY]), DELETION_COST_INT32));
  }
  if (Object.hasOwn(annotations, SECCOMP_POD_KEY)) errs.push(...seccompProfileErrors(text(annotations[SECCOMP_POD_KEY]), child(path, SECCOMP_POD_KEY)));
  const names = new Set(containers(spec, 'spec').map(({ c }) => text(c.name)));
  for (const key of Object.keys(annotations)) {
    const value = text(annotations[key]);
    if (key.startsWith(SECCOMP_CONTAINER_PREFIX)) errs.push(...seccompProfileErrors(value, child(path, key)));
    if (!key.startsWith(APPARMOR_CONTAINER_PREFIX)) continue;
    const name = key.slice(APPARMOR_CONTAINER_PREFIX.length);
    if (!names.has(name)) errs.push(invalid(`${path}[${key}]`, name, CONTAINER_NOT_FOUND));
    const format = appArmorFormatError(value);
    if (format) errs.push(invalid(`${path}[${key}]`, value, format));
  }
  return errs;
}

/** What the annotation of a profile kind may say for RuntimeDefault, and the kind's two texts. */
interface ProfileKind { runtimeDefault: readonly string[]; typeMismatch: string; profileMismatch: string }
const SECCOMP: ProfileKind = { runtimeDefault: ['runtime/default', 'docker/default'], typeMismatch: SECCOMP_TYPE_MISMATCH, profileMismatch: SECCOMP_PROFILE_MISMATCH };
const APPARMOR: ProfileKind = { runtimeDefault: ['runtime/default'], typeMismatch: APPARMOR_TYPE_MISMATCH, profileMismatch: APPARMOR_PROFILE_MISMATCH };

/**
 * validateSeccompAnnotationsAndFieldsMatch, and the AppArmor half of validateAppArmorAnnotationsAndFieldsMatchOnCreate
 * (the same switch): the field's type, and a Localhost field's profile, against the annotation's value.
 */
function mismatch(kind: ProfileKind, annotation: string, profile: Profile, path: string): FieldError | undefined {
  switch (profile.type) {
    case 'Unconfined':
      return annotation === 'unconfined' ? undefined : forbidden(child(path, 'type'), kind.typeMismatch);
    case 'RuntimeDefault':
      return kind.runtimeDefault.includes(annotation) ? undefined : forbidden(child(path, 'type'), kind.typeMismatch);
    case 'Localhost':
      if (!annotation.startsWith('localhost/')) return forbidden(child(path, 'type'), kind.typeMismatch);
      return profile.localhostProfile == null || annotation.slice('localhost/'.length) !== profile.localhostProfile ? forbidden(child(path, 'localhostProfile'), kind.profileMismatch) : undefined;
    default:
      return undefined;
  }
}

/** podutil.ApparmorFieldForAnnotation: the profile a deprecated annotation stands for; undefined for none. */
function appArmorFieldFor(annotation: string): Profile | undefined {
  if (annotation === 'unconfined') return { type: 'Unconfined' };
  if (annotation === 'runtime/default') return { type: 'RuntimeDefault' };
  const local = annotation.startsWith('localhost/') ? annotation.slice('localhost/'.length) : '';
  return local ? { type: 'Localhost', localhostProfile: local } : undefined;
}

const sameProfile = (a: Profile | undefined, b: Profile | null | undefined) =>
  !!a && !!b && a.type === b.type && (a.localhostProfile ?? null) === (b.localhostProfile ?? null);

/**
 * On create, validateSeccompAnnotationsAndFields and validateAppArmorAnnotationsAndFieldsMatchOnCreate (the latter
 * not for a windows pod) over the spec at `specPath`. `pod`: a Pod being created, whose PrepareForCreate first copies a
 * container's AppArmor annotation to its field where it has none (pkg/registry/core/pod/strategy.go
 * applyAppArmorVersionSkew: a valid profile, and one that differs from the pod's; not for a windows pod); a template is
 * checked as written.
 */
export function annotationFieldErrors(annotations: Annotations | undefined, spec: PodSpec, specPath: string, pod: boolean): FieldError[] {
  if (!annotations) return [];
  const errs: FieldError[] = [];
  const sc = (spec.securityContext ?? undefined) as { seccompProfile?: Profile | null; appArmorProfile?: Profile | null } | undefined;
  const seccompPod = sc?.seccompProfile;
  if (seccompPod && Object.hasOwn(annotations, SECCOMP_POD_KEY)) {
    const e = mismatch(SECCOMP, text(annotations[SECCOMP_POD_KEY]), seccompPod, child(child(specPath, 'securityContext'), 'seccompProfile'));
    if (e) errs.push(e);
  }
  const windows = (spec as { os?: { name?: unknown } | null }).os?.name === 'windows';
  const podAppArmor = sc?.appArmorProfile ?? undefined;
  for (const { c, path } of containers(spec, specPath)) {
    const name = text(c.name);
    const seccomp = c.securityContext?.seccompProfile;
    const at = child(path, 'securityContext');
    if (seccomp && Object.hasOwn(annotations, SECCOMP_CONTAINER_PREFIX + name)) {
      const e = mismatch(SECCOMP, text(annotations[SECCOMP_CONTAINER_PREFIX + name]), seccomp, child(at, 'seccompProfile'));
      if (e) errs.push(e);
    }
    if (windows || !Object.hasOwn(annotations, APPARMOR_CONTAINER_PREFIX + name)) continue;
    const annotation = text(annotations[APPARMOR_CONTAINER_PREFIX + name]);
    let profile = c.securityContext?.appArmorProfile ?? undefined;
    if (!profile && pod) {
      const synced = appArmorFieldFor(annotation);
      if (synced && !validateAppArmorProfile(synced, '').length && !sameProfile(synced, podAppArmor)) profile = synced;
    }
    profile ??= podAppArmor;
    const e = profile && mismatch(APPARMOR, annotation, profile, child(at, 'appArmorProfile'));
    if (e) errs.push(e);
  }
  return errs;
}

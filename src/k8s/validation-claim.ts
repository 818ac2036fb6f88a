// PersistentVolumeClaims as kube-apiserver validates them on create (pkg/apis/core/validation/validation.go
// ValidatePersistentVolumeClaim, ValidatePersistentVolumeClaimSpec: the same code at v1.33.13 … v1.37.2), and a
// StatefulSet's volumeClaimTemplates (pkg/apis/apps/validation/validation.go validateVolumeClaimTemplates, from 1.34).
import type { PersistentVolumeClaim, PersistentVolumeClaimSpec } from 'kubernetes-types/core/v1';
import type { FieldError } from '../core/types';
import { releaseAtLeast } from '../core/config';
import { isDNS1123Subdomain, nameIsDNSLabel, nameIsDNSSubdomain } from './names';
import { child, decodeQuantity, forbidden, invalid, named, notSupported, Raw, required } from './validation-field';
import { roundUpToMilli } from './quantity';
import { validateLabelSelector, validateObjectMeta, type LabelSelector, type ObjectMeta } from './validation-meta';

/** sets.List(supportedAccessModes) and sets.List(supportedVolumeModes): sorted. */
const ACCESS_MODES = ['ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOncePod'];
const VOLUME_MODES = ['Block', 'Filesystem'];

/** @upstream pkg/apis/core/validation/validation.go */
const AT_LEAST_ONE_MODE = 'at least 1 access mode is required';
/** @upstream pkg/apis/core/validation/validation.go */
const RWOP_WITH_OTHERS = 'may not use ReadWriteOncePod with other access modes';
/** @upstream pkg/apis/core/validation/validation.go */
const DEFAULT_GROUP_KIND = "must be 'PersistentVolumeClaim' when referencing the default apiGroup";
/** @upstream pkg/apis/core/validation/validation.go */
const NOT_WITH_NAMESPACE = 'may not be specified when dataSourceRef.namespace is specified';
/** @upstream pkg/apis/core/validation/validation.go */
const MUST_MATCH_REF = 'must match dataSourceRef';

type Ref = { apiGroup?: string; kind?: string; name?: string; namespace?: string };

/** validateDataSource / validateDataSourceRef (the namespace only in a ref). */
function validateDataSource(ref: Ref, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!ref.name) errs.push(required(child(path, 'name')));
  if (!ref.kind) errs.push(required(child(path, 'kind')));
  const group = ref.apiGroup ?? '';
  if (!group && ref.kind !== 'PersistentVolumeClaim') errs.push(invalid(path, ref.kind ?? '', DEFAULT_GROUP_KIND));
  if (group) errs.push(...isDNS1123Subdomain(group).map((m) => invalid(child(path, 'apiGroup'), group, m)));
  if (ref.namespace) errs.push(...nameIsDNSLabel(ref.namespace, false).map((m) => invalid(child(path, 'namespace'), ref.namespace, m)));
  return errs;
}

const className = (name: string | undefined, path: string): FieldError[] =>
  name ? nameIsDNSSubdomain(name, false).map((m) => invalid(path, name, m)) : [];

/**
 * ValidatePersistentVolumeClaimSpec with ValidationOptionsForPersistentVolumeClaimCreate: volumeAttributesClassName
 * only with VolumeAttributesClass on (GA in 1.34; at 1.33, beta and off, the API server drops the field first).
 */
export function validateClaimSpec(spec: PersistentVolumeClaimSpec | undefined, path: string): FieldError[] {
  const s = spec ?? {};
  const errs: FieldError[] = [];
  const modesPath = child(path, 'accessModes');
  const modes = s.accessModes ?? [];
  if (modes.length === 0) errs.push(required(modesPath, AT_LEAST_ONE_MODE));
  if (s.selector) errs.push(...validateLabelSelector(s.selector as LabelSelector, child(path, 'selector')));
  let rwop = false;
  let other = false;
  for (const mode of modes) {
    if (!ACCESS_MODES.includes(mode)) errs.push(notSupported(modesPath, named(String(mode)), ACCESS_MODES));
    if (mode === 'ReadWriteOncePod') rwop = true;
    else if (ACCESS_MODES.includes(mode)) other = true;
  }
  if (rwop && other) errs.push(forbidden(modesPath, RWOP_WITH_OTHERS));
  const storagePath = `${child(path, 'resources')}[storage]`;
  const requests = s.resources?.requests as Record<string, unknown> | undefined;
  if (!requests || !Object.prototype.hasOwnProperty.call(requests, 'storage')) errs.push(required(storagePath));
  else {
    const decoded = decodeQuantity(requests.storage, storagePath);
    // ValidatePositiveQuantityValue (value.String()) on the amount as SetDefaults_ResourceList rounds it up to a
    // milli-unit (`-0.5m` prints as -1m); ValidateResourceQuantityValue adds nothing for storage after it
    if (!('nanos' in decoded)) errs.push(decoded);
    else {
      const q = roundUpToMilli(decoded);
      if (q.nanos <= 0n) errs.push(invalid(storagePath, q.canonical(), 'must be greater than zero'));
    }
  }
  errs.push(...className(s.storageClassName, child(path, 'storageClassName')));
  if (s.volumeMode != null && !VOLUME_MODES.includes(s.volumeMode)) errs.push(notSupported(child(path, 'volumeMode'), named(String(s.volumeMode)), VOLUME_MODES));
  if (s.dataSource) errs.push(...validateDataSource({ ...s.dataSource, namespace: undefined }, child(path, 'dataSource')));
  if (s.dataSourceRef) errs.push(...validateDataSource(s.dataSourceRef, child(path, 'dataSourceRef')));
  // the bad value is the *field.Path itself, which json.Marshal prints as {} (field/errors.go ErrorBody)
  if (s.dataSourceRef?.namespace) {
    if (s.dataSource) errs.push(invalid(path, new Raw('{}'), NOT_WITH_NAMESPACE));
  } else if (s.dataSource && s.dataSourceRef && !sameSource(s.dataSource, s.dataSourceRef)) {
    errs.push(invalid(path, new Raw('{}'), MUST_MATCH_REF));
  }
  if (releaseAtLeast('1.34')) errs.push(...className(s.volumeAttributesClassName, child(path, 'volumeAttributesClassName')));
  return errs;
}

/** isDataSourceEqualDataSourceRef: apiGroup (nil and "" differ), kind, name. */
const sameSource = (a: Ref, b: Ref) => a.apiGroup === b.apiGroup && a.kind === b.kind && a.name === b.name;

/** ValidatePersistentVolumeClaim: a namespaced object named as a DNS subdomain (ValidatePersistentVolumeName), then its spec. */
export function validateClaim(claim: PersistentVolumeClaim): FieldError[] {
  return [...validateObjectMeta(claim.metadata as ObjectMeta, true, nameIsDNSSubdomain), ...validateClaimSpec(claim.spec, 'spec')];
}

/** validateVolumeClaimTemplates: each template's spec, at `spec.volumeClaimTemplates[i].spec` (not their metadata). */
export function validateClaimTemplates(templates: readonly PersistentVolumeClaim[] | undefined): FieldError[] {
  // a null entry decodes to a zero-value claim (no spec)
  return (templates ?? []).flatMap((t, i) => validateClaimSpec(t?.spec, `spec.volumeClaimTemplates[${i}].spec`));
}

// A PodDisruptionBudget (policy/v1) as the API server validates it on create: the registry strategy's Validate
// (pkg/registry/policy/poddisruptionbudget/strategy.go: ValidatePodDisruptionBudget, pkg/apis/policy/validation/
// validation.go, the same body v1.33.13 … v1.37.2), then, only when that found nothing, the create path's own check of
// the object's metadata (apiserver pkg/registry/rest/create.go BeforeCreate / ValidateCreate:
// ValidateObjectMetaAccessor with validatePathSegment, so a budget's name need not be a DNS subdomain). Every client
// that takes a budget refuses what this refuses (engine/validate.ts validate, through validation-workloads.ts).
import type { FieldError } from '../core/types';
import { nameIsPathSegment } from './names';
import { goJson, invalid, named, notMoreThan100Percent, notSupported, Raw, validatePositiveIntOrPercent, type IntOrString } from './validation-field';
import { commonUpdateErrors, goLabelSelector, validateLabelSelector, validateObjectMeta, type LabelSelector, type ObjectMeta } from './validation-meta';

export interface PodDisruptionBudgetSpec {
  minAvailable?: IntOrString | null;
  maxUnavailable?: IntOrString | null;
  selector?: LabelSelector | null;
  unhealthyPodEvictionPolicy?: string | null;
}

/** The supported unhealthyPodEvictionPolicy values, sorted (sets.String.List()). */
export const UNHEALTHY_POD_EVICTION_POLICIES = ['AlwaysAllow', 'IfHealthyBudget'] as const;

/** @upstream pkg/apis/policy/validation/validation.go */
const BOTH_SET = 'minAvailable and maxUnavailable cannot be both set';

/**
 * json.Marshal of the internal policy.PodDisruptionBudgetSpec (no json tags: Go's field names, in its field order;
 * nil pointers as null), the bad value of the both-set error.
 */
function goSpec(spec: PodDisruptionBudgetSpec): Raw {
  const intstr = (v: IntOrString | null | undefined) => (v == null ? 'null' : goJson(v));
  const policy = spec.unhealthyPodEvictionPolicy == null ? 'null' : goJson(spec.unhealthyPodEvictionPolicy);
  return new Raw(`{"MinAvailable":${intstr(spec.minAvailable)},"Selector":${goLabelSelector(spec.selector).text},"MaxUnavailable":${intstr(spec.maxUnavailable)},"UnhealthyPodEvictionPolicy":${policy}}`);
}

/**
 * ValidatePodDisruptionBudgetSpec; `allowInvalidLabelValues`: AllowInvalidLabelValueInSelector, false on create, on an
 * update whether the stored budget's selector has such a value (the strategy's hasInvalidLabelValueInLabelSelector).
 */
export function validatePodDisruptionBudgetSpec(spec: PodDisruptionBudgetSpec, path = 'spec', allowInvalidLabelValues = false): FieldError[] {
  const errs: FieldError[] = [];
  if (spec.minAvailable != null && spec.maxUnavailable != null) errs.push(invalid(path, goSpec(spec), BOTH_SET));
  for (const k of ['minAvailable', 'maxUnavailable'] as const) {
    const v = spec[k];
    if (v == null) continue;
    errs.push(...validatePositiveIntOrPercent(v, `${path}.${k}`), ...notMoreThan100Percent(v, `${path}.${k}`));
  }
  errs.push(...validateLabelSelector(spec.selector, `${path}.selector`, allowInvalidLabelValues));
  const policy = spec.unhealthyPodEvictionPolicy;
  if (policy != null && !(UNHEALTHY_POD_EVICTION_POLICIES as readonly string[]).includes(policy)) {
    errs.push(notSupported(`${path}.unhealthyPodEvictionPolicy`, named(policy), UNHEALTHY_POD_EVICTION_POLICIES));
  }
  return errs;
}

/**
 * The create's field errors for a PodDisruptionBudget: the spec's, else the metadata's. `update`: a budget read from a
 * cluster, validated as an update of itself, whose selector may keep the label values it was stored with.
 */
export function validatePodDisruptionBudget(pdb: { metadata?: ObjectMeta; spec?: PodDisruptionBudgetSpec | null }, update = false): FieldError[] {
  const errs = validatePodDisruptionBudgetSpec(pdb.spec ?? {}, 'spec', update);
  // an update (rest.BeforeUpdate): validateCommonFields first, then the strategy's ValidatePodDisruptionBudget (the spec alone)
  if (update) return [...commonUpdateErrors(pdb, true), ...errs];
  return errs.length ? errs : validateObjectMeta(pdb.metadata, true, nameIsPathSegment, 'metadata', true);
}

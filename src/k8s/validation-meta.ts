// ObjectMeta, labels and label selectors as the API server validates them
// (apimachinery/pkg/api/validation/objectmeta.go ValidateObjectMetaAccessor,
// apimachinery/pkg/apis/meta/v1/validation/validation.go ValidateLabels, ValidateLabelSelector).
import { LabelSelectorError, parseLabelSelector, selectorMatches as matches } from './label-selector';
import type { FieldError } from '../core/types';
import { isQualifiedName, isValidLabelValue, nameIsDNSLabel } from './names';
import { child, forbidden, index, invalid, Raw, required } from './validation-field';

export type NameFn = (name: string, prefix: boolean) => string[];

export interface ObjectMeta {
  name?: string;
  generateName?: string;
  namespace?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

export interface LabelSelectorRequirement { key: string; operator: string; values?: string[] }
export interface LabelSelector { matchLabels?: Record<string, string>; matchExpressions?: LabelSelectorRequirement[] }

/** ValidateLabelName: a qualified name. */
export const validateLabelName = (key: string, path: string): FieldError[] => isQualifiedName(key).map((m) => invalid(path, key, m));

/** ValidateLabels: every key a qualified name, every value a label value (errors at the map's path). */
export function validateLabels(labels: Record<string, unknown> | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  for (const [k, v] of Object.entries(labels ?? {})) {
    errs.push(...validateLabelName(k, path));
    errs.push(...isValidLabelValue(String(v ?? '')).map((m) => invalid(path, v, m)));
  }
  return errs;
}

/**
 * ValidateObjectMeta on create. Name generation has happened before validation, so either a name or a
 * generateName is required. A missing namespace is not an error here: kubectl fills in the context's.
 */
export function validateObjectMeta(meta: ObjectMeta | undefined, namespaced: boolean, nameFn: NameFn, path = 'metadata'): FieldError[] {
  const errs: FieldError[] = [];
  const m = meta ?? {};
  if (m.generateName) errs.push(...nameFn(m.generateName, true).map((msg) => invalid(child(path, 'generateName'), m.generateName, msg)));
  if (!m.name) {
    if (!m.generateName) errs.push(required(child(path, 'name'), 'name or generateName is required'));
  } else errs.push(...nameFn(m.name, false).map((msg) => invalid(child(path, 'name'), m.name, msg)));
  if (m.namespace) {
    if (namespaced) errs.push(...nameIsDNSLabel(m.namespace, false).map((msg) => invalid(child(path, 'namespace'), m.namespace, msg)));
    else errs.push(forbidden(child(path, 'namespace'), 'not allowed on this type'));
  }
  errs.push(...validateLabels(m.labels, child(path, 'labels')));
  for (const k of Object.keys(m.annotations ?? {})) {
    // annotation keys are qualified names, case aside
    errs.push(...isQualifiedName(k.toLowerCase()).map((msg) => invalid(child(path, 'annotations'), k, msg)));
  }
  return errs;
}

/** ValidateLabelSelector (with AllowInvalidLabelValueInSelector as given). */
export function validateLabelSelector(sel: LabelSelector | undefined | null, path: string, allowInvalidValues = false): FieldError[] {
  if (!sel) return [];
  const errs = validateLabels(sel.matchLabels, child(path, 'matchLabels'));
  (sel.matchExpressions ?? []).forEach((r, i) => {
    const p = index(child(path, 'matchExpressions'), i);
    const values = r.values ?? [];
    switch (r.operator) {
      case 'In':
      case 'NotIn':
        if (values.length === 0) errs.push(required(child(p, 'values'), "must be specified when `operator` is 'In' or 'NotIn'"));
        break;
      case 'Exists':
      case 'DoesNotExist':
        if (values.length > 0) errs.push(forbidden(child(p, 'values'), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
        break;
      default:
        errs.push(invalid(child(p, 'operator'), r.operator ?? '', 'not a valid selector operator'));
    }
    errs.push(...validateLabelName(r.key ?? '', child(p, 'key')));
    if (!allowInvalidValues) {
      values.forEach((v, j) => errs.push(...isValidLabelValue(v).map((m) => invalid(index(child(p, 'values'), j), v, m))));
    }
  });
  return errs;
}

/**
 * metav1.LabelSelectorAsSelector, then Matches: a nil selector selects nothing, an empty one everything;
 * undefined when the selector cannot be converted (the caller reports that separately).
 */
export function selectorMatches(sel: LabelSelector | undefined | null, labels: Record<string, string> | undefined): boolean | undefined {
  try {
    return matches(parseLabelSelector(sel), labels);
  } catch (e) {
    if (e instanceof LabelSelectorError) return undefined;
    throw e;
  }
}

/** labels.Selector.Empty(): an empty (non-nil) selector, which matches everything. */
export const selectorIsEmpty = (sel: LabelSelector | undefined | null) =>
  !!sel && Object.keys(sel.matchLabels ?? {}).length + (sel.matchExpressions ?? []).length === 0;

const goStrings = (m: Record<string, string> | undefined) =>
  m === undefined || m === null
    ? 'map[string]string(nil)'
    : `map[string]string{${Object.keys(m).sort().map((k) => `${JSON.stringify(k)}:${JSON.stringify(String(m[k]))}`).join(', ')}}`;

/** Go's %#v of a metav1.LabelSelector, as an Invalid error about `spec.selector` prints it. */
export function goLabelSelector(sel: LabelSelector | undefined | null): Raw {
  const exprs = sel?.matchExpressions;
  const list = exprs === undefined || exprs === null
    ? '[]v1.LabelSelectorRequirement(nil)'
    : `[]v1.LabelSelectorRequirement{${exprs
      .map((e) => `v1.LabelSelectorRequirement{Key:${JSON.stringify(e.key ?? '')}, Operator:${JSON.stringify(e.operator ?? '')}, Values:${e.values ? `[]string{${e.values.map((v) => JSON.stringify(v)).join(', ')}}` : '[]string(nil)'}}`)
      .join(', ')}}`;
  return new Raw(sel ? `v1.LabelSelector{MatchLabels:${goStrings(sel.matchLabels)}, MatchExpressions:${list}}` : 'null');
}

// ObjectMeta, labels and label selectors as the API server validates them
// (apimachinery/pkg/api/validation/objectmeta.go ValidateObjectMetaAccessor,
// apimachinery/pkg/apis/meta/v1/validation/validation.go ValidateLabels, ValidateLabelSelector).
import { LabelSelectorError, parseLabelSelector, selectorMatches as matches } from './label-selector';
import type { FieldError } from '../core/types';
import { isQualifiedName, isValidLabelValue, nameIsDNSLabel, nameIsPathSegment } from './names';
import { child, forbidden, goJson, index, invalid, Raw, required } from './validation-field';

export type NameFn = (name: string, prefix: boolean) => string[];

export interface ObjectMeta {
  name?: string;
  generateName?: string;
  namespace?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  finalizers?: string[];
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
 * generateName is required. A missing namespace is not an error here: kubectl fills in the context's. `generic`:
 * apimachinery's ValidateObjectMeta, which the create path runs on every kind after the strategy's validation
 * (BeforeCreate's ValidateObjectMetaAccessor), without the core group's finalizer-name check (validateKubeFinalizerName).
 */
export function validateObjectMeta(meta: ObjectMeta | undefined, namespaced: boolean, nameFn: NameFn, path = 'metadata', generic = false): FieldError[] {
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
  errs.push(...validateFinalizers(m.finalizers ?? [], child(path, 'finalizers'), generic));
  return errs;
}

/** @upstream pkg/apis/core/validation/validation.go */
const NOT_STANDARD_FINALIZER = 'name is neither a standard finalizer name nor is it fully qualified';
/** The finalizers every cluster knows (pkg/apis/core/helper/helpers.go standardFinalizers). */
const STANDARD_FINALIZERS = new Set(['kubernetes', 'orphan', 'foregroundDeletion']);

/**
 * apimachinery's ValidateFinalizers (each a qualified name, at the list's path; not both orphan and
 * foregroundDeletion), then the core's validateKubeFinalizerName for each (pkg/apis/core/validation ValidateObjectMeta:
 * a name without a `/` must be a standard one, at its index). Found by the corpus pass of the e2e oracle
 * (kubernetes/api testdata's apps.v1.DaemonSet.json, `finalizers: [finalizersValue]`).
 */
function validateFinalizers(finalizers: readonly unknown[], path: string, generic: boolean): FieldError[] {
  const names = finalizers.map(String);
  const errs = names.flatMap((f) => isQualifiedName(f).map((msg) => invalid(path, f, msg)));
  // fmt.Sprintf("finalizer %s and %s cannot be both set", metav1.FinalizerOrphanDependents, metav1.FinalizerDeleteDependents)
  if (names.includes('orphan') && names.includes('foregroundDeletion')) errs.push(invalid(path, names, 'finalizer orphan and foregroundDeletion cannot be both set'));
  names.forEach((f, i) => {
    if (!generic && !f.includes('/') && !STANDARD_FINALIZERS.has(f)) errs.push(invalid(index(path, i), f, NOT_STANDARD_FINALIZER));
  });
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

/**
 * json.Marshal of a *metav1.LabelSelector, as an Invalid error about `spec.selector` prints it: its json tags and
 * field order (matchLabels, matchExpressions; key, operator, values), empty fields left out, map keys sorted.
 */
export function goLabelSelector(sel: LabelSelector | undefined | null): Raw {
  if (!sel) return new Raw('null');
  const out: Record<string, unknown> = {};
  if (sel.matchLabels && Object.keys(sel.matchLabels).length) out.matchLabels = sortedMap(sel.matchLabels);
  if (sel.matchExpressions?.length) {
    out.matchExpressions = sel.matchExpressions.map((e) => ({ key: e.key ?? '', operator: e.operator ?? '', ...(e.values?.length ? { values: e.values } : {}) }));
  }
  return new Raw(goJson(out));
}

/** A Go map as its encoder writes it: keys sorted. */
const sortedMap = (m: Record<string, string>) => Object.fromEntries(Object.keys(m).sort().map((k) => [k, m[k]]));

/**
 * ValidateObjectMetaUpdate of the metadata against itself: the labels and annotations again (apimachinery's
 * ValidateObjectMetaAccessorUpdate), and with core's (`core`) each finalizer's name (validateKubeFinalizerName).
 */
export function metaUpdateErrors(meta: ObjectMeta | undefined, core: boolean): FieldError[] {
  const { labels, annotations, finalizers } = meta ?? {};
  return validateObjectMeta({ name: 'x', labels, annotations, finalizers }, false, () => [], 'metadata', !core)
    .filter((e) => e.field === 'metadata.labels' || e.field === 'metadata.annotations' || /^metadata\.finalizers\[\d+\]$/.test(e.field));
}

/**
 * What every update validates before the strategy (apiserver pkg/registry/rest/update.go validateCommonFields):
 * apimachinery's ValidateObjectMetaAccessor with a path-segment name, then ValidateObjectMetaAccessorUpdate;
 * `namespaced` for a namespaced kind's strategy (a Pod's), whose metadata keeps its namespace.
 */
export const commonUpdateErrors = (object: { metadata?: ObjectMeta }, namespaced = false): FieldError[] =>
  [...validateObjectMeta(namespaced ? object.metadata ?? {} : { ...(object.metadata ?? {}), namespace: undefined }, namespaced, nameIsPathSegment, 'metadata', true), ...metaUpdateErrors(object.metadata, false)];

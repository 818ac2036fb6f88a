// NodeAffinityArgs' addedAffinity as nodeaffinity.NewNodeSelector and NewPreferredSchedulingTerms parse it
// (k8s.io/component-helpers/scheduling/corev1/nodeaffinity/nodeaffinity.go), with labels.NewRequirement's checks of
// each expression (k8s.io/apimachinery/pkg/labels/selector.go) and the field selector's of each matchFields entry.
import type { FieldError } from '../../core/types';
import { child, index, invalid, notSupported } from '../../k8s/validation-field';
import { isQualifiedName, isValidLabelValue } from '../../k8s/names';
import { parseGoInt64, type NodeSelectorRequirement, type NodeSelectorTerm } from '../../k8s/node-selector';

const SELECTOR_OPERATORS = ['In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt'];
const FIELD_OPERATORS = ['In', 'NotIn'];

/** labels.NewRequirement's errors for one matchExpressions entry at `p`. */
function expressionErrors(r: NodeSelectorRequirement, p: string): FieldError[] {
  if (!SELECTOR_OPERATORS.includes(r.operator)) return [notSupported(child(p, 'operator'), r.operator, SELECTOR_OPERATORS)];
  const errs: FieldError[] = [];
  const keyErrs = isQualifiedName(r.key ?? '');
  if (keyErrs.length) errs.push(invalid(child(p, 'key'), r.key ?? '', keyErrs.join('; ')));
  const values = r.values ?? [];
  const vp = child(p, 'values');
  if ((r.operator === 'In' || r.operator === 'NotIn') && values.length === 0) errs.push(invalid(vp, values, "for 'in', 'notin' operators, values set can't be empty"));
  if ((r.operator === 'Exists' || r.operator === 'DoesNotExist') && values.length !== 0) errs.push(invalid(vp, values, 'values set must be empty for exists and does not exist'));
  if (r.operator === 'Gt' || r.operator === 'Lt') {
    if (values.length !== 1) errs.push(invalid(vp, values, "for 'Gt', 'Lt' operators, exactly one value is required"));
    values.forEach((v, i) => parseGoInt64(v) === undefined && errs.push(invalid(index(vp, i), v, "for 'Gt', 'Lt' operators, the value must be an integer")));
  }
  values.forEach((v, i) => {
    const e = isValidLabelValue(v);
    // field.Path.Key: values[0][<key>]
    if (e.length) errs.push(invalid(`${index(vp, i)}[${r.key}]`, v, e.join('; ')));
  });
  return errs;
}

/** nodeSelectorRequirementsAsFieldSelector's errors for one matchFields entry at `p`. */
function fieldErrors(r: NodeSelectorRequirement, p: string): FieldError[] {
  if (!FIELD_OPERATORS.includes(r.operator)) return [notSupported(child(p, 'operator'), r.operator, FIELD_OPERATORS)];
  const values = r.values ?? [];
  return values.length === 1 ? [] : [invalid(child(p, 'values'), values, 'must have one element')];
}

/** A term's errors at `p` (an empty term is left out: it matches nothing and parses). */
export function termErrors(term: NodeSelectorTerm | undefined, p: string): FieldError[] {
  return [
    ...(term?.matchExpressions ?? []).flatMap((r, i) => expressionErrors(r, index(child(p, 'matchExpressions'), i))),
    ...(term?.matchFields ?? []).flatMap((r, i) => fieldErrors(r, index(child(p, 'matchFields'), i))),
  ];
}

type Added = {
  requiredDuringSchedulingIgnoredDuringExecution?: { nodeSelectorTerms?: NodeSelectorTerm[] };
  preferredDuringSchedulingIgnoredDuringExecution?: Array<{ preference?: NodeSelectorTerm }>;
};

/** ValidateNodeAffinityArgs: the required terms at …nodeSelectorTerms[i], the preferred ones at …[i] (the preference's own path). */
export function addedAffinityErrors(added: Added | undefined, path: string): FieldError[] {
  if (!added) return [];
  const base = child(path, 'addedAffinity');
  const req = child(base, 'requiredDuringSchedulingIgnoredDuringExecution');
  const pref = child(base, 'preferredDuringSchedulingIgnoredDuringExecution');
  return [
    ...(added.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms ?? []).flatMap((t, i) => termErrors(t, index(child(req, 'nodeSelectorTerms'), i))),
    ...(added.preferredDuringSchedulingIgnoredDuringExecution ?? []).flatMap((t, i) => termErrors(t.preference, index(pref, i))),
  ];
}

// What kube-apiserver refuses in tolerations and taints
// (pkg/apis/core/validation/validation.go: ValidateTolerations, validateNodeTaints, validateTaintEffect).
import type { FieldError, Taint, Toleration } from '../types';
import { parseCanonicalInt64 } from './toleration';
import { isQualifiedName, isValidLabelValue } from './names';

export const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'] as const;

// Upstream renders "<field>: Invalid value: <value>: <detail>"; for Invalid we keep the detail
// (the field already says where), for the other types the type's own phrase.
const invalid = (field: string, _value: unknown, detail: string): FieldError => ({ field, message: detail });
const notSupported = (field: string, value: unknown, supported: readonly string[]): FieldError => ({
  field,
  message: `Unsupported value: ${goValue(value)}: supported values: ${supported.map((s) => JSON.stringify(s)).join(', ')}`,
});
const required = (field: string): FieldError => ({ field, message: 'Required value' });

const goValue = (value: unknown): string => JSON.stringify(value ?? '');

function validateTaintEffect(effect: string | undefined, allowEmpty: boolean, field: string): FieldError[] {
  if (!allowEmpty && !effect) return [required(field)];
  return (TAINT_EFFECTS as readonly string[]).includes(effect ?? '') ? [] : [notSupported(field, effect ?? '', TAINT_EFFECTS)];
}

export function validateTolerations(
  tolerations: readonly Toleration[] | undefined,
  path: string,
  comparisonOperators: boolean,
): FieldError[] {
  const errs: FieldError[] = [];
  (tolerations ?? []).forEach((t, i) => {
    const p = `${path}[${i}]`;
    const key = t.key ?? '';
    const operator = t.operator ?? '';
    const value = t.value ?? '';
    if (key) errs.push(...isQualifiedName(key).map((m) => invalid(`${p}.key`, key, m)));
    if (!key && operator !== 'Exists') {
      errs.push(invalid(`${p}.operator`, operator, 'operator must be Exists when `key` is empty, which means "match all values and all keys"'));
    }
    if (t.tolerationSeconds != null && t.effect !== 'NoExecute') {
      errs.push(invalid(`${p}.effect`, t.effect ?? '', "effect must be 'NoExecute' when `tolerationSeconds` is set"));
    }
    switch (operator) {
      case '':
      case 'Equal': {
        const msgs = isValidLabelValue(value);
        // upstream reports a bad value at `.operator`, not `.value`
        if (msgs.length) errs.push(invalid(`${p}.operator`, value, msgs.join(';')));
        break;
      }
      case 'Exists':
        if (value) errs.push(invalid(`${p}.operator`, t, "value must be empty when `operator` is 'Exists'"));
        break;
      case 'Lt':
      case 'Gt':
        // KEP-5471: accepted only with the feature gate; the value must be a canonical decimal integer.
        if (!comparisonOperators) errs.push(notSupported(`${p}.operator`, operator, ['Equal', 'Exists']));
        else if (parseCanonicalInt64(value) === undefined) {
          errs.push(invalid(`${p}.value`, value, 'must be a valid decimal integer in canonical form'));
        }
        break;
      default:
        errs.push(notSupported(`${p}.operator`, operator, comparisonOperators ? ['Equal', 'Exists', 'Lt', 'Gt'] : ['Equal', 'Exists']));
    }
    if (t.effect) errs.push(...validateTaintEffect(t.effect, true, `${p}.effect`));
  });
  return errs;
}

/**
 * Node taints. Upstream builds these paths under `metadata` (a long-standing quirk of ValidateNode);
 * we report `spec.taints[i]`, where the taint really is.
 */
export function validateTaints(taints: readonly Taint[] | undefined, path = 'spec.taints'): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  (taints ?? []).forEach((t, i) => {
    const p = `${path}[${i}]`;
    errs.push(...isQualifiedName(t.key ?? '').map((m) => invalid(`${p}.key`, t.key ?? '', m)));
    const valueErrs = isValidLabelValue(t.value ?? '');
    if (valueErrs.length) errs.push(invalid(`${p}.value`, t.value ?? '', valueErrs.join(';')));
    errs.push(...validateTaintEffect(t.effect, false, `${p}.effect`));
    const id = `${t.effect ?? ''}\u0000${t.key ?? ''}`;
    if (seen.has(id)) {
      errs.push({ field: p, message: `Duplicate value: ${JSON.stringify(t)}: taints must be unique by key and effect pair` });
      return;
    }
    seen.add(id);
  });
  return errs;
}

// What kube-apiserver refuses in tolerations and taints
// (pkg/apis/core/validation/validation.go: ValidateTolerations, validateNodeTaints, validateTaintEffect).
import { releaseAtLeast } from '../core/config';
import type { FieldError, Taint, Toleration } from '../core/types';
import { parseCanonicalInt64 } from './toleration';
import { editDistance } from './edit-distance';
import { isQualifiedName, isValidLabelValue } from './names';
import { child, duplicate, goJson, index, invalid, named, notSupported, quote, Raw, required } from './validation-field';

export const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'] as const;

/** The taint effect a misspelt one most likely meant (`NoSchedul`, `noschedule`, `NoExecution`), if any. */
export function suggestEffect(effect: string): string | undefined {
  if (!effect) return undefined;
  const lower = effect.toLowerCase();
  // Stryker disable next-line ArrowFunction,MethodExpression: a shortcut; the edit distance (0) finds the same effect
  const exact = TAINT_EFFECTS.find((e) => e.toLowerCase() === lower);
  if (exact) return exact;
  const scored = TAINT_EFFECTS.map((e) => ({ e, d: editDistance(lower, e.toLowerCase()) })).sort((a, b) => a.d - b.d);
  // Stryker disable next-line OptionalChaining: there are always three effects to score
  return scored[0].d <= 3 && scored[0].d < (scored[1]?.d ?? Infinity) ? scored[0].e : undefined;
}

const didYouMean = (effect: string) => {
  const s = suggestEffect(effect);
  return s ? ` (did you mean ${s}?)` : '';
};

function validateTaintEffect(effect: string | undefined, allowEmpty: boolean, field: string): FieldError[] {
  if (!allowEmpty && !effect) return [required(field)];
  // (no caller passes an unset effect past the line above: tolerations only a set one)
  // Stryker disable next-line StringLiteral: the effect is set here
  if ((TAINT_EFFECTS as readonly string[]).includes(effect ?? '')) return [];
  // (a core.TaintEffect: printed as a named string type)
  // Stryker disable next-line StringLiteral: the effect is set here
  const err = notSupported(field, named(effect ?? ''), TAINT_EFFECTS);
  // Stryker disable next-line StringLiteral: the effect is set here
  return [{ ...err, message: err.message + didYouMean(effect ?? '') }];
}

export const COMPARISON_GATE_HINT =
  'Lt and Gt are accepted only with the TaintTolerationComparisonOperators feature gate (alpha); ' +
  'configure({ featureGates: { TaintTolerationComparisonOperators: true } }) turns it on';

export function validateTolerations(
  tolerations: readonly Toleration[] | undefined,
  path: string,
  comparisonOperators: boolean,
): FieldError[] {
  const errs: FieldError[] = [];
  (tolerations ?? []).forEach((t, i) => {
    const p = index(path, i);
    const key = t.key ?? '';
    const operator = t.operator ?? '';
    const value = t.value ?? '';
    if (key) errs.push(...isQualifiedName(key).map((m) => invalid(child(p, 'key'), key, m)));
    if (!key && operator !== 'Exists') {
      errs.push(invalid(child(p, 'operator'), named(operator), 'operator must be Exists when `key` is empty, which means "match all values and all keys"'));
    }
    if (t.tolerationSeconds != null && t.effect !== 'NoExecute') {
      errs.push(invalid(child(p, 'effect'), named(t.effect ?? ''), "effect must be 'NoExecute' when `tolerationSeconds` is set"));
    }
    switch (operator) {
      case '':
      case 'Equal': {
        const msgs = isValidLabelValue(value);
        // upstream reports a bad value at `.operator`, not `.value`
        if (msgs.length) errs.push(invalid(child(p, 'operator'), value, msgs.join(';')));
        break;
      }
      case 'Exists':
        if (value) errs.push(invalid(child(p, 'operator'), value, "value must be empty when `operator` is 'Exists'"));
        break;
      case 'Lt':
      case 'Gt':
        // KEP-5471: accepted only with the feature gate; the value must be a canonical decimal integer. Before
        // 1.35 (#134665) there is no gate: unknown operators, told the two of old (v1.34.4 ValidateTolerations).
        if (!releaseAtLeast('1.35')) errs.push(notSupported(child(p, 'operator'), named(operator), ['Equal', 'Exists']));
        else if (!comparisonOperators) {
          // upstream lists all four operators here, the gate's own two among them (validation.go ValidateTolerations)
          const err = notSupported(child(p, 'operator'), named(operator), ['Equal', 'Exists', 'Lt', 'Gt']);
          errs.push({ ...err, message: `${err.message} (${COMPARISON_GATE_HINT})` });
        } else {
          // content.IsDecimalInteger, then strconv.ParseInt(value, 10, 64)'s own error (both can apply to one value)
          if (parseCanonicalInt64(value) === undefined && !/^-?[1-9][0-9]*$/.test(value) && value !== '0') {
            errs.push(invalid(child(p, 'value'), value, value ? 'must be a valid decimal integer in canonical form' : 'must be non-empty'));
          }
          const parseError = goParseInt64Error(value);
          if (parseError) errs.push(invalid(child(p, 'value'), value, parseError));
        }
        break;
      default:
        // with or without the gate, an unknown operator is told the two of old
        errs.push(notSupported(child(p, 'operator'), named(operator), ['Equal', 'Exists']));
    }
    // Stryker disable next-line BooleanLiteral: allowEmpty does not matter for a set effect
    if (t.effect) errs.push(...validateTaintEffect(t.effect, true, child(p, 'effect')));
  });
  return errs;
}

/** strconv.ParseInt(value, 10, 64)'s error text, or undefined when it parses (a sign, then decimal digits). */
function goParseInt64Error(value: string): string | undefined {
  const quoted = quote(value);
  if (!/^[+-]?[0-9]+$/.test(value)) return `strconv.ParseInt: parsing ${quoted}: invalid syntax`;
  const n = BigInt(value.replace(/^\+/, ''));
  return n < -(2n ** 63n) || n > 2n ** 63n - 1n ? `strconv.ParseInt: parsing ${quoted}: value out of range` : undefined;
}

/** json.Marshal of the internal core.Taint (no json tags: Go's field names), as the Duplicate error prints it. */
const goTaint = (t: Taint) => new Raw(goJson({ Key: t.key ?? '', Value: t.value ?? '', Effect: t.effect ?? '', TimeAdded: null }));

/**
 * Node taints. Upstream builds these paths under `metadata` (ValidateNode passes its metadata path on to
 * validateNodeTaints): `metadata.taints[0].effect`, as kubectl prints it.
 */
export function validateTaints(taints: readonly Taint[] | undefined, path = 'metadata.taints'): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  (taints ?? []).forEach((t, i) => {
    const p = index(path, i);
    errs.push(...isQualifiedName(t.key ?? '').map((m) => invalid(child(p, 'key'), t.key ?? '', m)));
    const valueErrs = isValidLabelValue(t.value ?? '');
    if (valueErrs.length) errs.push(invalid(child(p, 'value'), t.value ?? '', valueErrs.join(';')));
    errs.push(...validateTaintEffect(t.effect, false, child(p, 'effect')));
    const id = `${t.effect ?? ''}\u0000${t.key ?? ''}`;
    if (seen.has(id)) {
      errs.push(duplicate(p, goTaint(t), 'taints must be unique by key and effect pair'));
      return;
    }
    seen.add(id);
  });
  return errs;
}

// Field errors as k8s.io/apimachinery/pkg/util/validation/field/errors.go renders them:
// `<field>: <ErrorBody>`, where ErrorBody is "Required value", "Invalid value: <value>: <detail>", ….
import { releaseAtLeast } from '../core/config';
import type { FieldError } from '../core/types';
import { decodeQuantity as decode, Quantity, QuantityError } from './quantity';

const GO_ESCAPES: Record<string, string> = { '\x07': '\\a', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\v': '\\v', '"': '\\"', '\\': '\\\\' };
/**
 * unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space. Made on first use: V8 builds a
 * literal's Unicode property classes when it compiles the module (a millisecond, in every Jest spec file).
 */
let goPrintable: RegExp | undefined;
const isGoPrintable = (c: string): boolean => (goPrintable ??= new RegExp('^[\\p{L}\\p{M}\\p{N}\\p{P}\\p{S} ]$', 'u')).test(c);
const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');

/**
 * Go's %q of a string (strconv.Quote): `"` and `\` escaped, printable characters as they are, \n \t and the like, other
 * control characters and DEL as \xNN, other unprintable characters as \uNNNN (\UNNNNNNNN beyond the BMP).
 */
export function quote(s: string): string {
  let out = '"';
  for (const c of s) {
    const code = c.codePointAt(0)!;
    if (GO_ESCAPES[c]) out += GO_ESCAPES[c];
    // printable ASCII (the escapes above taken out) is the common case, without the Unicode classes
    else if ((code >= 0x20 && code < 0x7f) || (code > 0x7f && isGoPrintable(c))) out += c;
    else if (code < 0x20 || code === 0x7f) out += `\\x${hex(code, 2)}`;
    else out += code < 0x10000 ? `\\u${hex(code, 4)}` : `\\U${hex(code, 8)}`;
  }
  return `${out}"`;
}

/**
 * Go's json.Marshal of a value: object keys as given (a struct's field order) unless `sortKeys` (a Go map's keys
 * are sorted), and `<`, `>`, `&`, U+2028, U+2029 escaped as Go's encoder does by default.
 */
export function goJson(value: unknown, sortKeys = false): string {
  const text = JSON.stringify(value, (_k, v) =>
    sortKeys && v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]])) : v);
  return (text ?? 'null').replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * A bad value as ErrorBody prints it (field/errors.go): strings quoted (%q), numbers and booleans bare (%v), nil as
 * `null`, anything else through json.Marshal (a map[string]string with its keys sorted; structs in their field order,
 * which callers build as Raw(goJson(…)) when the object's own key order may differ).
 */
export function goValue(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return goJson(value, true);
}

/** A value printed as-is (a fmt.Stringer such as resource.Quantity prints without quotes). */
export class Raw {
  constructor(readonly text: string) {}
}
/**
 * A value of a named string type (core.TolerationOperator, TaintEffect, HostPathType, …) as ErrorBody prints it: not
 * a `string` to its type switch, so json.Marshal from 1.34 (`"a\u003cb"`, a no-break space as it is) and %#v before
 * (strconv.Quote, as a plain string).
 */
export const named = (s: string) => new Raw(releaseAtLeast('1.34') ? goJson(s) : quote(s));
const body = (value: unknown) => (value instanceof Raw ? value.text : goValue(value));
const withDetail = (s: string, detail?: string) => (detail ? `${s}: ${detail}` : s);

export const required = (field: string, detail = ''): FieldError => ({ field, message: withDetail('Required value', detail) });
export const forbidden = (field: string, detail: string): FieldError => ({ field, message: withDetail('Forbidden', detail) });
export const invalid = (field: string, value: unknown, detail: string): FieldError => ({
  field,
  message: withDetail(`Invalid value: ${body(value)}`, detail),
});
export const duplicate = (field: string, value: unknown, detail = ''): FieldError => ({
  field,
  message: withDetail(`Duplicate value: ${body(value)}`, detail),
});
export const notSupported = (field: string, value: unknown, supported: readonly string[]): FieldError => ({
  field,
  message: withDetail(`Unsupported value: ${body(value)}`, supported.length ? `supported values: ${supported.map(quote).join(', ')}` : ''),
});

export const notFound = (field: string, value: unknown): FieldError => ({ field, message: `Not found: ${body(value)}` });

/** A quantity as the API server decodes it; the decode error otherwise (it refuses the whole object). */
export function decodeQuantity(raw: unknown, path: string): Quantity | FieldError {
  try {
    return decode(raw as string | number);
  } catch (e) {
    if (!(e instanceof QuantityError)) throw e;
    return invalid(path, typeof raw === 'string' ? raw : String(raw), e.message);
  }
}

/** field.Path helpers: `spec.containers[0]`, `metadata.labels`. */
/** @upstream k8s.io/apimachinery/pkg/api/validation/objectmeta.go */
export const FIELD_IMMUTABLE = 'field is immutable';
/** @upstream k8s.io/apimachinery/pkg/api/validation/generic.go */
export const IS_NEGATIVE = 'must be greater than or equal to 0';
/** apimachinery validation.IsValidPortNum's InclusiveRangeError(1, 65535). */
export const PORT_NUM_RANGE = 'must be between 1 and 65535, inclusive';
/** validation.IsValidPortNum. */
export const validPortNum = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 65535;

export const child = (path: string, name: string) => (path ? `${path}.${name}` : name);
export const index = (path: string, i: number) => `${path}[${i}]`;

/** At most `max` lines, then `… and 48 more`: a placeholder manifest can have dozens of field errors. */
export function capped(lines: string[], max = 10): string[] {
  return lines.length <= max ? lines : [...lines.slice(0, max), `… and ${lines.length - max} more`];
}

/** The API server's refusal of an object, one field error a line (capped). */
export function rejectedByApiServer(what: string, errors: FieldError[]): string {
  return `${what} would be rejected by the API server (set configure({ validate: false }) to check it anyway):\n` +
    capped(errors.map((e) => `${e.field}: ${e.message}`)).map((l) => `  ${l}`).join('\n');
}

// --- intstr.IntOrString fields (apps/validation: ValidatePositiveIntOrPercent, IsNotMoreThan100Percent), shared by
// the update strategies and PodDisruptionBudgets

export type IntOrString = number | string;
/** apimachinery validation.IsValidPercent's message. */
const PERCENT_MSG = "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')";
/**
 * An intstr.IntOrString as ErrorBody prints it: json.Marshal from 1.34 (an int bare, a string quoted), Go's %#v of the
 * struct before (`intstr.IntOrString{Type:1, IntVal:0, StrVal:"50"}`).
 */
export const intOrString = (v: IntOrString): unknown => {
  if (releaseAtLeast('1.34')) return v;
  const text = typeof v === 'string' ? `Type:1, IntVal:0, StrVal:${quote(v)}` : `Type:0, IntVal:${v}, StrVal:""`;
  return new Raw(`intstr.IntOrString{${text}}`);
};
const percentOf = (v: IntOrString) => (typeof v === 'string' && /^[0-9]+%$/.test(v) ? Number(v.slice(0, -1)) : undefined);
/** getIntOrPercentValue: the percent, or the int (a non-percent string reads as 0). */
export const intOrPercentValue = (v: IntOrString) => percentOf(v) ?? (typeof v === 'number' ? v : 0);

/** ValidatePositiveIntOrPercent: a percent string, or a non-negative int. */
export function validatePositiveIntOrPercent(v: IntOrString, path: string): FieldError[] {
  if (typeof v === 'string') return percentOf(v) === undefined ? [invalid(path, intOrString(v), PERCENT_MSG)] : [];
  return typeof v === 'number' && v < 0 ? [invalid(path, v, IS_NEGATIVE)] : [];
}

/** IsNotMoreThan100Percent. */
export const notMoreThan100Percent = (v: IntOrString, path: string): FieldError[] =>
  (percentOf(v) ?? 0) > 100 ? [invalid(path, intOrString(v), 'must not be greater than 100%')] : [];

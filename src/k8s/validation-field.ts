// Field errors as k8s.io/apimachinery/pkg/util/validation/field/errors.go renders them:
// `<field>: <ErrorBody>`, where ErrorBody is "Required value", "Invalid value: <value>: <detail>", ….
import type { FieldError } from '../core/types';

/** Go's %q of a string (close enough for the printable text found in manifests). */
const quote = (s: string) => JSON.stringify(s);

/**
 * A bad value as ErrorBody prints it: strings quoted (%q), numbers and booleans bare (%v),
 * nil as `null`, a map[string]string in Go syntax (%#v, keys sorted). Go prints other structs
 * with %#v (`v1.LabelSelector{…}`); we print those as JSON.
 */
export function goValue(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (typeof value === 'object' && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string')) {
    const entries = Object.keys(value).sort().map((k) => `${quote(k)}:${quote((value as Record<string, string>)[k])}`);
    return `map[string]string{${entries.join(', ')}}`;
  }
  return JSON.stringify(value);
}

/** A value printed as-is (a fmt.Stringer such as resource.Quantity prints without quotes). */
export class Raw {
  constructor(readonly text: string) {}
}
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

/** field.Path helpers: `spec.containers[0]`, `metadata.labels`. */
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

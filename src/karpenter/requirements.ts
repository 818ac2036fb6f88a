// Karpenter's requirement algebra, ported from kubernetes-sigs/karpenter pkg/scheduling/requirement.go
// (Requirement, NewRequirementWithFlexibility, Intersection, HasIntersection, Operator, String, withinBounds)
// and pkg/scheduling/requirements.go (Requirements.Add, Compatible, labelHint, Intersects, badKeyError).
import { normalizeKey } from './labels';

export type Operator = 'In' | 'NotIn' | 'Exists' | 'DoesNotExist' | 'Gt' | 'Lt' | 'Gte' | 'Lte';

/** A finite allowed set (`In`; empty = DoesNotExist) or the complement of a finite excluded set (`NotIn`; empty = Exists), plus inclusive integer bounds. */
export interface Requirement {
  key: string;
  complement: boolean;
  values: Set<string>;
  /** Go ints (64-bit): bigint, so that bounds near 2^63 stay exact. */
  gte?: bigint;
  lte?: bigint;
  minValues?: number;
}

const MAX_INT = 2n ** 63n - 1n;

/** strconv.Atoi: optional sign, decimal digits, within int64. */
export function atoi(s: string): bigint | undefined {
  if (!/^[+-]?[0-9]+$/.test(s)) return undefined;
  const n = BigInt(s);
  if (n > MAX_INT || n < -(2n ** 63n)) return undefined;
  return n;
}

export function requirement(key: string, operator: string, values: readonly string[] = [], minValues?: number): Requirement {
  key = normalizeKey(key);
  const r: Requirement = { key, complement: true, values: new Set(), minValues };
  if (operator === 'In' || operator === 'DoesNotExist') r.complement = false;
  if (operator === 'In' || operator === 'NotIn') for (const v of values) r.values.add(v);
  const bound = atoi(values[0] ?? '') ?? 0n; // prevalidated upstream
  if (operator === 'Gt') {
    if (bound === MAX_INT) return requirement(key, 'DoesNotExist'); // Gt MaxInt matches nothing (NewRequirement: minValues dropped)
    r.gte = bound + 1n;
  }
  if (operator === 'Lt') r.lte = BigInt.asIntN(64, bound - 1n); // Go's value-- wraps: Lt MinInt is <=MaxInt
  if (operator === 'Gte') r.gte = bound;
  if (operator === 'Lte') r.lte = bound;
  return r;
}

function withinBounds(value: string, gte?: bigint, lte?: bigint): boolean {
  if (gte === undefined && lte === undefined) return true;
  const n = atoi(value); // with bounds, non-integer values never match
  if (n === undefined) return false;
  return !(gte !== undefined && n < gte) && !(lte !== undefined && n > lte);
}

const maxOf = <T extends number | bigint>(a?: T, b?: T) => (a === undefined ? b : b === undefined ? a : a > b ? a : b);
const minOf = <T extends number | bigint>(a?: T, b?: T) => (a === undefined ? b : b === undefined ? a : a < b ? a : b);

export function intersection(a: Requirement, b: Requirement): Requirement {
  const complement = a.complement && b.complement;
  let gte = maxOf(a.gte, b.gte);
  let lte = minOf(a.lte, b.lte);
  const minValues = maxOf(a.minValues, b.minValues);
  if (gte !== undefined && lte !== undefined && gte > lte) return requirement(a.key, 'DoesNotExist', [], minValues);
  let values: Set<string>;
  if (a.complement && b.complement) values = new Set([...a.values, ...b.values]);
  else if (a.complement) values = new Set([...b.values].filter((v) => !a.values.has(v)));
  else if (b.complement) values = new Set([...a.values].filter((v) => !b.values.has(v)));
  else values = new Set([...a.values].filter((v) => b.values.has(v)));
  for (const v of values) if (!withinBounds(v, gte, lte)) values.delete(v);
  if (!complement) gte = lte = undefined; // concrete sets drop their bounds
  return { key: a.key, complement, values, gte, lte, minValues };
}

export function hasIntersection(a: Requirement, b: Requirement): boolean {
  const gte = maxOf(a.gte, b.gte);
  const lte = minOf(a.lte, b.lte);
  if (gte !== undefined && lte !== undefined && gte > lte) return false;
  if (a.complement && b.complement) return true;
  if (a.complement) return [...b.values].some((v) => !a.values.has(v) && withinBounds(v, gte, lte));
  if (b.complement) return [...a.values].some((v) => !b.values.has(v) && withinBounds(v, gte, lte));
  return [...a.values].some((v) => b.values.has(v) && withinBounds(v, gte, lte));
}

export function operatorOf(r: Requirement): 'In' | 'NotIn' | 'Exists' | 'DoesNotExist' {
  if (r.complement) return r.values.size > 0 ? 'NotIn' : 'Exists';
  return r.values.size > 0 ? 'In' : 'DoesNotExist';
}

/** Requirement.String: `key Op [sorted values]` (first five, then "and N others"), then ` >=N`, ` <=N`, ` minValues N`. */
export function formatRequirement(r: Requirement): string {
  const op = operatorOf(r);
  let s: string;
  if (op === 'Exists' || op === 'DoesNotExist') s = `${r.key} ${op}`;
  else {
    const values = [...r.values].sort();
    const shown = values.length > 5 ? [...values.slice(0, 5), `and ${values.length - 5} others`] : values;
    s = `${r.key} ${op} [${shown.join(' ')}]`;
  }
  if (r.gte !== undefined) s += ` >=${r.gte}`;
  if (r.lte !== undefined) s += ` <=${r.lte}`;
  if (r.minValues !== undefined) s += ` minValues ${r.minValues}`;
  return s;
}

/** Requirements: one requirement per key, several on one key ANDed (Requirements.Add). */
export type Requirements = Map<string, Requirement>;

export function addRequirement(into: Requirements, r: Requirement): void {
  const existing = into.get(r.key);
  into.set(r.key, existing ? intersection(r, existing) : r);
}

export function labelRequirements(labels: Record<string, string> | undefined, into: Requirements = new Map()): Requirements {
  for (const [k, v] of Object.entries(labels ?? {})) addRequirement(into, requirement(k, 'In', [v]));
  return into;
}

const getOrExists = (rs: Requirements, key: string) => rs.get(key) ?? requirement(key, 'Exists');
const negative = (op: string) => op === 'NotIn' || op === 'DoesNotExist';

/** One failing key of `Intersects`: `key <key>, <pod requirement> not in <pool requirement>`. */
export interface KeyConflict {
  key: string;
  incoming: Requirement;
  existing: Requirement;
  message: string;
}

/** Requirements.Intersects(existing=pool, incoming=pod): keys defined on both sides must overlap, unless both sides are NotIn/DoesNotExist. Sorted by key (upstream walks a Go map). */
export function intersects(existing: Requirements, incoming: Requirements): KeyConflict[] {
  const out: KeyConflict[] = [];
  for (const key of [...incoming.keys()].filter((k) => existing.has(k)).sort()) {
    const e = getOrExists(existing, key);
    const i = getOrExists(incoming, key);
    if (hasIntersection(e, i)) continue;
    if (negative(operatorOf(i)) && negative(operatorOf(e))) continue;
    out.push({ key, incoming: i, existing: e, message: `key ${key}, ${formatRequirement(i)} not in ${formatRequirement(e)}` });
  }
  return out;
}

/** labelHint: the first well-known label, then pool key, that contains the pod key or ends with its part after "/" (sorted, for a stable answer). */
function labelHint(existing: Requirements, key: string, wellKnown: Set<string>): string {
  const suffix = key.includes('/') ? key.slice(key.indexOf('/') + 1) : key;
  for (const candidate of [...[...wellKnown].sort(), ...[...existing.keys()].sort()]) {
    if (candidate.includes(key) || candidate.endsWith(suffix)) return ` (typo of "${candidate}"?)`;
  }
  return '';
}

export type Compatibility =
  | { ok: true }
  | { ok: false; kind: 'undefined-label'; key: string; message: string }
  | { ok: false; kind: 'conflict'; conflicts: KeyConflict[]; message: string };

/**
 * Requirements.Compatible(existing=pool, incoming=pod, AllowUndefinedWellKnownLabels): a custom key the pool does not define
 * fails (first one only, v1.3.0+) unless the pod's operator is NotIn/DoesNotExist; then Intersects.
 */
export function compatible(existing: Requirements, incoming: Requirements, wellKnown: Set<string>): Compatibility {
  for (const key of [...incoming.keys()].sort()) {
    if (wellKnown.has(key) || existing.has(key) || negative(operatorOf(getOrExists(incoming, key)))) continue;
    return { ok: false, kind: 'undefined-label', key, message: `label "${key}" does not have known values${labelHint(existing, key, wellKnown)}` };
  }
  const conflicts = intersects(existing, incoming);
  if (conflicts.length === 0) return { ok: true };
  return { ok: false, kind: 'conflict', conflicts, message: conflicts.map((c) => c.message).join('; ') };
}

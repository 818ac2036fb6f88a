// Toleration ⇄ taint matching, as `Toleration.ToleratesTaint` in
// staging/src/k8s.io/api/core/v1/toleration.go (KEP-5471 Lt/Gt included).
import type { Taint, Toleration } from '../types';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * Strict canonical decimal int64 (`content.IsDecimalInteger` + ParseInt):
 * "0" or an optional "-" then 1-9 then digits; no "+", no leading zeros, no spaces.
 */
export function parseCanonicalInt64(value: string): bigint | undefined {
  if (!/^(0|-?[1-9][0-9]*)$/.test(value)) return undefined;
  const n = BigInt(value);
  return n < INT64_MIN || n > INT64_MAX ? undefined : n;
}

/** Does one toleration tolerate one taint? Rules in upstream order; the first failing step answers no. */
export function toleratesTaint(toleration: Toleration, taint: Taint, comparisonOperators = false): boolean {
  if (toleration.effect && toleration.effect !== taint.effect) return false;
  if (toleration.key && toleration.key !== taint.key) return false;
  switch (toleration.operator ?? '') {
    case '': // empty operator means Equal
    case 'Equal':
      return (toleration.value ?? '') === (taint.value ?? '');
    case 'Exists':
      return true;
    case 'Lt':
    case 'Gt': {
      if (!comparisonOperators) return false;
      const threshold = parseCanonicalInt64(toleration.value ?? '');
      const actual = parseCanonicalInt64(taint.value ?? '');
      if (threshold === undefined || actual === undefined) return false;
      // Gt: tolerated iff the taint's value is greater than the toleration's.
      return toleration.operator === 'Gt' ? actual > threshold : actual < threshold;
    }
    default:
      return false;
  }
}

/** `Taint.ToString`: `k=v:E`, `k:E`, `k=v:`, `k`. */
export function formatTaint(taint: Taint): string {
  const value = taint.value ?? '';
  const effect = taint.effect ?? '';
  if (!effect) return value ? `${taint.key}=${value}:` : `${taint.key}`;
  return value ? `${taint.key}=${value}:${effect}` : `${taint.key}:${effect}`;
}

/** A toleration as a reader would write it in YAML flow style, keeping only set fields. */
export function formatToleration(t: Toleration): string {
  const parts: string[] = [];
  if (t.key !== undefined) parts.push(`key: ${JSON.stringify(t.key)}`);
  if (t.operator !== undefined) parts.push(`operator: ${t.operator}`);
  if (t.value !== undefined) parts.push(`value: ${JSON.stringify(t.value)}`);
  if (t.effect !== undefined) parts.push(`effect: ${t.effect}`);
  if (t.tolerationSeconds !== undefined && t.tolerationSeconds !== null) parts.push(`tolerationSeconds: ${t.tolerationSeconds}`);
  return `{${parts.join(', ')}}`;
}

/**
 * Why a toleration does not tolerate a taint, in the order upstream checks
 * (effect, key, operator/value). Empty when it does tolerate it.
 */
export function tolerationMismatches(t: Toleration, taint: Taint, comparisonOperators = false): string[] {
  const out: string[] = [];
  if (t.effect && t.effect !== taint.effect) out.push(`effect ${t.effect} ≠ taint effect ${taint.effect}`);
  if (t.key && t.key !== taint.key) out.push(`key "${t.key}" ≠ taint key "${taint.key}"`);
  const op = t.operator ?? '';
  const tv = taint.value ?? '';
  if (op === '' || op === 'Equal') {
    if ((t.value ?? '') !== tv) {
      out.push(`value "${t.value ?? ''}" ≠ taint value "${tv}" (operator ${op || 'Equal (default)'}${t.value === undefined ? ', value defaults to ""' : ''})`);
    }
  } else if (op === 'Lt' || op === 'Gt') {
    if (!comparisonOperators) out.push(`operator ${op} needs the TaintTolerationComparisonOperators feature gate (off)`);
    else if (parseCanonicalInt64(t.value ?? '') === undefined) out.push(`value "${t.value ?? ''}" is not a canonical int64`);
    else if (parseCanonicalInt64(tv) === undefined) out.push(`taint value "${tv}" is not a canonical int64`);
    else if (!toleratesTaint({ ...t, effect: undefined, key: undefined }, taint, true)) {
      out.push(`taint value ${tv} is not ${op === 'Gt' ? '>' : '<'} ${t.value}`);
    }
  } else if (op !== 'Exists') {
    out.push(`unknown operator "${op}" never matches`);
  }
  return out;
}

/**
 * The toleration that comes closest to tolerating a taint: fewest mismatches,
 * with a matching key counting more than a matching effect. Undefined if there are none.
 */
export function closestToleration(
  tolerations: readonly Toleration[],
  taint: Taint,
  comparisonOperators = false,
): { toleration: Toleration; index: number; mismatches: string[] } | undefined {
  let best: { toleration: Toleration; index: number; mismatches: string[] } | undefined;
  let bestScore = Infinity;
  tolerations.forEach((toleration, index) => {
    const mismatches = tolerationMismatches(toleration, taint, comparisonOperators);
    const keyMiss = toleration.key && toleration.key !== taint.key ? 10 : 0;
    const score = keyMiss + mismatches.length;
    if (score < bestScore) {
      best = { toleration, index, mismatches };
      bestScore = score;
    }
  });
  return best;
}

// Toleration ⇄ taint matching, as `Toleration.ToleratesTaint` in
// staging/src/k8s.io/api/core/v1/toleration.go (KEP-5471 Lt/Gt included).
import type { Taint, Toleration } from '../core/types';
import { releaseAtLeast } from '../core/config';

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
      // the TaintTolerationComparisonOperators gate is new in 1.35 (#134665): v1.34.4's ToleratesTaint(taint) has no
      // Lt/Gt case, so they never match there whatever the setting
      if (!comparisonOperators || !releaseAtLeast('1.35')) return false;
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
  // a key-less taint only gets here with validate off; print it as kubectl would see it, not as "undefined"
  const key = taint.key ?? '';
  const value = taint.value ?? '';
  const effect = taint.effect ?? '';
  if (!effect) return value ? `${key}=${value}:` : key;
  return value ? `${key}=${value}:${effect}` : `${key}:${effect}`;
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

export interface ClosestToleration {
  toleration: Toleration;
  index: number;
  mismatches: string[];
}

/** Does the toleration's key reach the taint (same key, or an empty key that matches every key)? */
const sameKey = (t: Toleration, taint: Taint) => !t.key || t.key === taint.key;

/**
 * The toleration that comes closest to tolerating a taint, or undefined if none can: only a toleration whose key
 * reaches the taint's key (the same key, or an empty key, which with operator Exists matches every key) is a
 * candidate, since comparing values or effects with a toleration of another key says nothing about this taint.
 * Among them, in order:
 * 1. the pod's own (`sources[i] === 'pod spec'`, or no `sources` given) beats one added by admission
 *    (DefaultTolerationSeconds, the DaemonSet controller): that is the one the user wrote and may fix;
 * 2. then fewest mismatches, then the first in the list.
 */
export function closestToleration(
  tolerations: readonly Toleration[],
  taint: Taint,
  comparisonOperators = false,
  sources?: readonly string[],
): ClosestToleration | undefined {
  let best: ClosestToleration | undefined;
  let bestRank: number[] = [];
  tolerations.forEach((toleration, index) => {
    if (!sameKey(toleration, taint)) return;
    const mismatches = tolerationMismatches(toleration, taint, comparisonOperators);
    const own = !sources || sources[index] === 'pod spec';
    const rank = [own ? 0 : 1, mismatches.length];
    const i = rank.findIndex((r, k) => r !== bestRank[k]);
    if (!best || (i >= 0 && rank[i] < bestRank[i])) {
      best = { toleration, index, mismatches };
      bestRank = rank;
    }
  });
  return best;
}

// YAML 1.1 words that sigs.k8s.io/yaml (go-yaml v2) would not read as a string.
const YAML_NON_STRINGS = /^(y|n|yes|no|on|off|true|false|null|~)$/i;

/** A scalar as YAML a user can paste: plain when it is unambiguously a string, double-quoted otherwise. */
function yamlScalar(s: string): string {
  return /^[A-Za-z][A-Za-z0-9._/-]*$/.test(s) && !YAML_NON_STRINGS.test(s) ? s : JSON.stringify(s);
}

/**
 * The toleration that tolerates exactly this taint, as YAML list-item lines to paste into `tolerations:`.
 * An empty-value taint gets `operator: Exists`; no tolerationSeconds is invented (without one a NoExecute
 * taint is tolerated forever).
 */
export function tolerationYaml(taint: Taint): string[] {
  const t = tolerationFor(taint);
  const lines = [`- key: ${yamlScalar(t.key ?? '')}`, `  operator: ${t.operator}`];
  if (t.value !== undefined) lines.push(`  value: ${yamlScalar(t.value)}`);
  if (t.effect) lines.push(`  effect: ${t.effect}`);
  return lines;
}

/** The toleration tolerationYaml prints, as an object (hints check it by scheduling the pod with it added). */
export function tolerationFor(taint: Taint): Toleration {
  const value = taint.value ?? '';
  return {
    key: taint.key ?? '',
    operator: value ? 'Equal' : 'Exists',
    ...(value ? { value } : {}),
    ...(taint.effect ? { effect: taint.effect } : {}),
  };
}

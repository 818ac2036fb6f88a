// An independent model of k8s.io/apimachinery/pkg/api/resource ParseQuantity, Value() and MilliValue()
// with BigInt, ported from upstream (quantity.go parseQuantityString and ParseQuantity, suffix.go
// interpret, scale_int.go scaledValue) rather than from this library's regular expression.

export type ModelResult = { ok: true; nanos: bigint; format: 'DecimalSI' | 'BinarySI' | 'DecimalExponent' } | { ok: false; error: string };

const DIGITS = '0123456789';
const SUFFIX_CHARS = 'eEinumkKMGTP';
const MAX_INT64 = 2n ** 63n - 1n;
const NANO = 10n ** 9n;

interface Scanned { positive: boolean; value: string; num: string; denom: string; suffix: string }

/** parseQuantityString, statement for statement. */
function scan(str: string): Scanned | 'ErrFormatWrong' {
  let positive = true;
  let pos = 0;
  const end = str.length;
  let value = '';
  let num = '';
  let denom = '';
  if (pos < end) {
    if (str[0] === '-') { positive = false; pos++; } else if (str[0] === '+') pos++;
  }
  // strip leading zeros
  for (let i = pos; ; i++) {
    if (i >= end) return { positive, value: '0', num: '0', denom: '', suffix: '' };
    if (str[i] === '0') pos++;
    else break;
  }
  // the numerator
  for (let i = pos; ; i++) {
    if (i >= end) return { positive, value: str.slice(0, end), num: str.slice(pos, end), denom: '', suffix: '' };
    if (!DIGITS.includes(str[i])) { num = str.slice(pos, i); pos = i; break; }
  }
  if (num.length === 0) num = '0';
  // the denominator
  if (pos < end && str[pos] === '.') {
    pos++;
    for (let i = pos; ; i++) {
      if (i >= end) return { positive, value: str.slice(0, end), num, denom: str.slice(pos, end), suffix: '' };
      if (!DIGITS.includes(str[i])) { denom = str.slice(pos, i); pos = i; break; }
    }
  }
  value = str.slice(0, pos);
  // the suffix: letters, an optional sign, digits
  const suffixStart = pos;
  for (let i = pos; ; i++) {
    if (i >= end) return { positive, value, num, denom, suffix: str.slice(suffixStart, end) };
    if (!SUFFIX_CHARS.includes(str[i])) { pos = i; break; }
  }
  if (pos < end && (str[pos] === '-' || str[pos] === '+')) pos++;
  for (let i = pos; ; i++) {
    if (i >= end) return { positive, value, num, denom, suffix: str.slice(suffixStart, end) };
    if (!DIGITS.includes(str[i])) break;
  }
  return 'ErrFormatWrong';
}

const DECIMAL: Record<string, number> = { '': 0, n: -9, u: -6, m: -3, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };

/** suffixer.interpret; Go's strconv.ParseInt(s, 10, 64) then int32(parsed). */
function interpret(suffix: string): { base: 10 | 2; exponent: number; format: 'DecimalSI' | 'BinarySI' | 'DecimalExponent' } | undefined {
  if (Object.hasOwn(DECIMAL, suffix)) return { base: 10, exponent: DECIMAL[suffix], format: 'DecimalSI' };
  if (Object.hasOwn(BINARY, suffix)) return { base: 2, exponent: BINARY[suffix], format: 'BinarySI' };
  if (suffix.length > 1 && (suffix[0] === 'e' || suffix[0] === 'E')) {
    const digits = suffix.slice(1);
    if (!/^[+-]?[0-9]+$/.test(digits)) return undefined;
    const parsed = BigInt(digits);
    if (parsed > MAX_INT64 || parsed < -MAX_INT64 - 1n) return undefined;
    return { base: 10, exponent: Number(BigInt.asIntN(32, parsed)), format: 'DecimalExponent' };
  }
  return undefined;
}

const ceilAbs = (n: bigint, d: bigint) => (n + d - 1n) / d; // n >= 0

/**
 * ParseQuantity. The fast int64 path and the inf.Dec path store the same amount (the fast path is only
 * taken when no rounding is needed); what differs is that the inf.Dec path reads `value` with
 * inf.Dec.SetString, which refuses a number part without a digit (ErrNumeric), and caps BinarySI at 2^63-1.
 * Callers keep |exponent| small enough for BigInt powers.
 */
export function modelParse(str: string): ModelResult {
  if (str.length === 0) return { ok: false, error: 'ErrFormatWrong' };
  if (str === '0') return { ok: true, nanos: 0n, format: 'DecimalSI' };
  const s = scan(str);
  if (s === 'ErrFormatWrong') return { ok: false, error: s };
  const suffix = interpret(s.suffix);
  if (!suffix) return { ok: false, error: 'ErrSuffix' };
  const { base, exponent } = suffix;
  let { format } = suffix;

  let fast: boolean;
  if (base === 10) {
    const precision = 18 - (s.num.length + s.denom.length); // maxInt64Factors (math.go) - len(num) - len(denom)
    fast = precision >= 0 && exponent - s.denom.length >= -9;
  } else {
    const precision = s.denom.length === 0 ? 15 - s.num.length - Math.trunc(Math.fround(exponent) * 3 / 10) - 1 : -1;
    fast = precision >= 0 && BigInt(s.num) * 2n ** BigInt(exponent) <= MAX_INT64; // int64Multiply overflow check
  }
  if (!fast && !/[0-9]/.test(s.value)) return { ok: false, error: 'ErrNumeric' };

  // |amount| = num.denom × base^exponent, in nano-units, rounded up away from zero
  let numerator = BigInt(s.num + s.denom) * NANO;
  let denominator = 10n ** BigInt(s.denom.length);
  if (base === 2) numerator *= 2n ** BigInt(exponent);
  else if (exponent >= 0) numerator *= 10n ** BigInt(exponent);
  else denominator *= 10n ** BigInt(-exponent);
  let nanos = ceilAbs(numerator, denominator);
  if (format === 'BinarySI' && nanos > MAX_INT64 * NANO) nanos = MAX_INT64 * NANO;
  if (format === 'BinarySI' && nanos > 0n && nanos < NANO) format = 'DecimalSI';
  return { ok: true, nanos: s.positive ? nanos : -nanos, format };
}

/** Value(): ceil(amount) — for amount >= 0 (upstream rounds negative amounts inconsistently between paths). */
export const modelValue = (nanos: bigint) => ceilAbs(nanos, NANO);
/** MilliValue(): ceil(amount × 1000), for amount >= 0. */
export const modelMilliValue = (nanos: bigint) => ceilAbs(nanos, 10n ** 6n);

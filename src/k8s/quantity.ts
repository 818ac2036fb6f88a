// resource.Quantity parsing and rounding as k8s.io/apimachinery/pkg/api/resource/quantity.go does it.
// Values are kept exactly as a count of nano-units (BigInt), never as floats.

export type QuantityFormat = 'DecimalSI' | 'BinarySI' | 'DecimalExponent';

const NANO = 10n ** 9n;
const MAX_INT64 = 2n ** 63n - 1n;

const DECIMAL_SUFFIXES: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY_SUFFIXES: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };

export class Quantity {
  constructor(
    /** The exact amount in units of 10^-9, already rounded up at parse time as upstream does. */
    readonly nanos: bigint,
    readonly format: QuantityFormat,
    readonly text: string,
    /** ParseQuantity kept `text` as the quantity's string (`s: str`): String() prints it as written. */
    private readonly keptAsWritten = false,
  ) {}

  /** Value(): the amount rounded up (away from zero) to an integer. */
  value(): number {
    return Number(ceilDiv(this.nanos, NANO));
  }

  /** MilliValue(): the amount × 1000 rounded up (away from zero). */
  milliValue(): number {
    return Number(ceilDiv(this.nanos, 10n ** 6n));
  }

  toString(): string {
    return this.text;
  }

  /**
   * String(): what the API server prints. The text as written when ParseQuantity kept it (`+1`, `1.500`, `1E3`),
   * otherwise the canonical form (CanonicalizeBytes): `1500m`, `2k`, `1Gi`, `1536`.
   */
  canonical(): string {
    if (this.keptAsWritten) return this.text;
    if (this.nanos === 0n) return '0';
    // Stryker disable next-line EqualityOperator: `<=` differs only at 0, returned above (`>=` is killed)
    const neg = this.nanos < 0n;
    const abs = neg ? -this.nanos : this.nanos;
    const sign = neg ? '-' : '';
    if (this.format === 'BinarySI' && abs % NANO === 0n && abs >= 1024n * NANO) {
      let n = abs / NANO;
      let e = 0;
      // Stryker disable next-line ConditionalExpression,EqualityOperator: `e < 6` never ends the loop: a BinarySI amount is at most 2^63-1 (parseText caps it; nothing else makes one), below 8 × 1024^6 (the other variants are killed)
      while (n % 1024n === 0n && e < 6) {
        n /= 1024n;
        e++;
      }
      return `${sign}${n}${['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'][e]}`;
    }
    // strip factors of 10, then lower the exponent to a multiple of 3
    let m = abs;
    let e = -9;
    while (m % 10n === 0n) {
      m /= 10n;
      e++;
    }
    const r = ((e % 3) + 3) % 3;
    m *= 10n ** BigInt(r);
    e -= r;
    // DecimalSI has no suffix past E (or below n, unreachable after parsing); constructBytes fails there and
    // CanonicalizeBytes ignores the failure, so upstream prints the bare mantissa: `1000E` → `1` (suffix.go).
    const suffix = this.format === 'DecimalExponent'
      ? (e === 0 ? '' : `e${e}`)
      : ({ [-9]: 'n', [-6]: 'u', [-3]: 'm', 0: '', 3: 'k', 6: 'M', 9: 'G', 12: 'T', 15: 'P', 18: 'E' } as Record<number, string>)[e] ?? '';
    return `${sign}${m}${suffix}`;
  }
}

function ceilDiv(n: bigint, d: bigint): bigint {
  // Stryker disable next-line EqualityOperator: `<=` differs only at 0, and -0n is 0n (`>=` is killed)
  const neg = n < 0n;
  const a = neg ? -n : n;
  const q = (a + d - 1n) / d;
  return neg ? -q : q;
}

export class QuantityError extends Error {}

// parseQuantityString: sign, digits, optional fraction, then a suffix made of "eEinumkKMGTP"
// characters optionally followed by a signed integer (the exponent form).
const GRAMMAR = /^([+-]?)([0-9]*)(?:\.([0-9]*))?([eEinumkKMGTP]*)([+-]?[0-9]*)$/;

// Manifests repeat a few quantities ("100m", "1Gi") many times: each distinct text is parsed once (Quantity is immutable).
const parsed = new Map<string, Quantity>();

/** Parse a quantity the way the API server does (`cpu: 500m`, `memory: 1Gi`, `32`, `1e3`). Throws on invalid input. */
export function parseQuantity(input: string | number): Quantity {
  const text = typeof input === 'number' ? numberText(input) : input;
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: only whether the cache is read: no non-string is stored (parseText refuses it), and a text parses to an equal Quantity again
  let q = typeof text === 'string' ? parsed.get(text) : undefined;
  // Stryker disable next-line ConditionalExpression: `true` parses the text again, to an equal Quantity (`false` is killed)
  if (q === undefined) {
    q = parseText(text);
    // Stryker disable next-line ConditionalExpression,EqualityOperator: a bound on the cache; a cleared text parses again to an equal Quantity
    if (parsed.size >= 10_000) parsed.clear();
    parsed.set(text, q);
  }
  return q;
}

function parseText(text: string): Quantity {
  if (typeof text !== 'string' || text.length === 0) throw new QuantityError(`quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`);
  const m = GRAMMAR.exec(text);
  if (!m) throw new QuantityError(`quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`);
  const [, sign, whole, fraction = '', suffixLetters, suffixNumber] = m;
  const suffix = suffixLetters + suffixNumber;
  let base: 10 | 2;
  let exponent: number;
  let format: QuantityFormat;
  // Stryker disable next-line ConditionalExpression: with `suffixNumber === ''` true: no DECIMAL_SUFFIXES key has a digit or sign, so a suffix with a number part is none of them (the `if` variants are killed)
  if (suffixNumber === '' && suffix in DECIMAL_SUFFIXES) {
    [base, exponent, format] = [10, DECIMAL_SUFFIXES[suffix], 'DecimalSI'];
    // Stryker disable next-line ConditionalExpression: with `suffixNumber === ''` true: no BINARY_SUFFIXES key has a digit or sign (the `if` variants are killed)
  } else if (suffixNumber === '' && suffix in BINARY_SUFFIXES) {
    [base, exponent, format] = [2, BINARY_SUFFIXES[suffix], 'BinarySI'];
    // Stryker disable next-line ConditionalExpression,EqualityOperator,Regex: the digit the regex needs after e makes `suffix.length > 1` redundant, and after e only the number part can follow, so `$` is too (the other variants are killed)
  } else if (suffix.length > 1 && (suffix[0] === 'e' || suffix[0] === 'E') && /^[+-]?[0-9]+$/.test(suffix.slice(1))) {
    // strconv.ParseInt(…, 10, 64), then int32(parsed) (suffix.go interpret)
    const parsed = BigInt(suffix.slice(1));
    if (BigInt.asIntN(64, parsed) !== parsed) throw new QuantityError(`unable to parse quantity's suffix`);
    [base, exponent, format] = [10, Number(BigInt.asIntN(32, parsed)), 'DecimalExponent'];
  } else {
    throw new QuantityError(`unable to parse quantity's suffix`);
  }
  const kept = keepsText(whole, fraction, base, exponent);
  // A number part without digits ("m", "-", "Ki") is 0 on upstream's int64 fast path and refused on its
  // inf.Dec path (ErrNumeric), which it takes below 10^-9 and above Ti (kubernetes/apimachinery#165).
  if (!/[0-9]/.test(whole + fraction) && (base === 10 ? exponent < -9 : exponent > 40)) {
    throw new QuantityError('unable to parse numeric part of quantity');
  }
  // Keep BigInt powers small: below 10^-9 any non-zero amount rounds up to 1n whatever the exponent, and
  // amounts beyond 10^1000 (far outside the int64 of Value()) are computed as if the exponent were 1000.
  // Stryker disable next-line ConditionalExpression: `true` also clamps binary exponents (10 to 60), which the clamp leaves as they are (`false` is killed)
  if (base === 10) exponent = Math.min(Math.max(exponent, -(whole.length + fraction.length + 10)), 1000);
  // amount = digits / 10^fractionLength × (10^exponent or 2^exponent), kept as a fraction num/den
  // Stryker disable next-line StringLiteral: BigInt('') is 0n, as BigInt('0') is
  let num = BigInt((whole || '0') + fraction);
  let den = 10n ** BigInt(fraction.length);
  if (base === 2) num *= 2n ** BigInt(exponent);
  // Stryker disable next-line EqualityOperator: `>` sends exponent 0 to the other branch, which multiplies den by 10^0 = 1 (`<` is killed)
  else if (exponent >= 0) num *= 10n ** BigInt(exponent);
  else den *= 10n ** BigInt(-exponent);
  // Round up to a whole nano-unit (never to 0 for a non-zero amount), then cap BinarySI at 2^63-1.
  let nanos = ceilDiv(num * NANO, den);
  // Stryker disable next-line EqualityOperator: `>=` sets an amount at the cap to the cap (`<=` is killed)
  if (format === 'BinarySI' && nanos > MAX_INT64 * NANO) nanos = MAX_INT64 * NANO;
  if (format === 'BinarySI' && nanos > 0n && nanos < NANO) format = 'DecimalSI';
  return new Quantity(sign === '-' ? -nanos : nanos, format, text, kept);
}

/**
 * Does ParseQuantity keep the text as the quantity's string? Only on its int64 fast path, for a text already in
 * canonical shape (quantity.go ParseQuantity: `s: str`): a binary amount whose digits are not a multiple of 8, or a
 * decimal one with a scale that is a multiple of 3, no trailing "000" and no leading zero in its digits.
 */
function keepsText(whole: string, fraction: string, base: 10 | 2, exponent: number): boolean {
  const num = whole.replace(/^0+/, '') || '0';
  const shifted = num + fraction;
  if (base === 2) {
    // precision = 15 - len(num) - exponent*3/10 - 1; fractions never take the fast path
    if (fraction !== '' || 15 - num.length - Math.trunc((exponent * 3) / 10) - 1 < 0) return false;
    return (BigInt(num) & 7n) !== 0n;
  }
  const scale = exponent - fraction.length;
  if (18 - shifted.length < 0 || scale < -9) return false;
  return scale % 3 === 0 && !shifted.endsWith('000') && shifted[0] !== '0';
}

/**
 * A quantity as the API server decodes it from a manifest: resource.Quantity.UnmarshalJSON trims surrounding
 * spaces before ParseQuantity (apimachinery pkg/api/resource/quantity.go), so `cpu: "1 "` is 1.
 */
export function decodeQuantity(input: string | number): Quantity {
  return parseQuantity(typeof input === 'string' ? input.trim() : input);
}

const MILLI_NANOS = 10n ** 6n;

/**
 * Quantity.RoundUp(-3), as SetDefaults_ResourceList (pkg/apis/core/v1/defaults.go) applies it to every amount of a
 * resource list the API server decodes (a Pod's or template's containers, pod-level resources and overhead, a
 * LimitRange's items, a ResourceQuota's hard): an amount finer than a milli-unit is rounded away from zero to one
 * (`0.5m` is 1m, `1500u` is 2m) and then prints canonically (RoundUp clears the string ParseQuantity kept). A whole
 * number of milli-units is left as it is, text and all.
 */
export function roundUpToMilli(q: Quantity): Quantity {
  const rem = q.nanos % MILLI_NANOS;
  if (rem === 0n) return q;
  const nanos = q.nanos - rem + (q.nanos > 0n ? MILLI_NANOS : -MILLI_NANOS);
  return new Quantity(nanos, q.format, new Quantity(nanos, q.format, '').canonical());
}

/**
 * A resource list's amount as the API server holds it once decoded and defaulted: decodeQuantity, then
 * roundUpToMilli (SetDefaults_ResourceList). Throws a QuantityError when it does not decode.
 */
export function decodeResourceAmount(input: string | number): Quantity {
  return roundUpToMilli(decodeQuantity(input));
}

/** A YAML number (`cpu: 32`, `cpu: 0.5`) as the API server would read it back as a quantity string. */
function numberText(n: number): string {
  if (!Number.isFinite(n)) throw new QuantityError(`quantities must be finite numbers, received ${n}`);
  return String(n);
}

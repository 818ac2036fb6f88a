// Property: parseQuantity agrees with an independent BigInt model of apimachinery's resource.Quantity
// (./quantity-model.ts, ported from quantity.go ParseQuantity/parseQuantityString, suffix.go interpret,
// scale_int.go scaledValue): the same inputs are accepted, the amount (in nano-units, rounded up at parse
// time) and format are the same, and Value()/MilliValue() are the amount rounded up.
import fc from 'fast-check';
import { parseQuantity } from './quantity';
import { modelMilliValue, modelParse, modelValue } from '../../test/property/quantity-model';

const digits = (max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: max });
const SUFFIXES = ['', 'n', 'u', 'm', 'k', 'M', 'G', 'T', 'P', 'E', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'];

/** Well-formed quantities, canonical or not: sign, digits (leading zeros too), fraction, any suffix or exponent. */
const wellFormed = fc
  .record({
    sign: fc.constantFrom('', '', '+', '-'),
    whole: fc.oneof(digits(20), fc.constantFrom('', '0', '00')),
    // small fractions too: sub-unit binary amounts change format, sub-nano ones round up
    fraction: fc.option(fc.oneof(digits(12), digits(8).map((d) => `000${d}`), digits(4).map((d) => `0000000000${d}`)), { nil: undefined }),
    suffix: fc.oneof(
      fc.constantFrom(...SUFFIXES),
      fc.tuple(fc.constantFrom('e', 'E'), fc.constantFrom('', '+', '-'), fc.integer({ min: 0, max: 30 }), fc.boolean()).map(
        ([e, s, n, pad]) => `${e}${s}${pad ? '0' : ''}${n}`,
      ),
    ),
  })
  .filter(({ whole, fraction }) => /[0-9]/.test(whole + (fraction ?? '')))
  .map(({ sign, whole, fraction, suffix }) => `${sign}${whole}${fraction === undefined ? '' : `.${fraction}`}${suffix}`);

/** Canonical ones, as people write them: 500m, 2, 1Gi, 3e3. */
const canonical = fc
  .tuple(fc.integer({ min: 1, max: 999999 }), fc.constantFrom('', 'm', 'k', 'M', 'G', 'Ki', 'Mi', 'Gi', 'Ti', 'e3', 'E6'))
  .map(([n, s]) => `${n}${s}`);

/** Anything made of the characters the grammar uses, and a few it does not. No exponent above 3 digits (see below). */
const arbitraryText = fc
  .string({ unit: fc.constantFrom(...'0123456789.+-eEinumkKMGTPi x'), maxLength: 12 })
  .filter((s) => !/[eE][+-]?[0-9]{4,}/.test(s));

function agree(text: string) {
  const model = modelParse(text);
  let actual: ReturnType<typeof parseQuantity> | undefined;
  let error: unknown;
  try {
    actual = parseQuantity(text);
  } catch (e) {
    error = e;
  }
  if (!model.ok) {
    expect({ text, accepted: actual !== undefined }).toEqual({ text, accepted: false });
    return;
  }
  expect({ text, error: error === undefined ? undefined : String(error) }).toEqual({ text, error: undefined });
  expect({ text, nanos: actual!.nanos, format: actual!.format }).toEqual({ text, nanos: model.nanos, format: model.format });
  if (model.nanos >= 0n) {
    const value = modelValue(model.nanos);
    const milli = modelMilliValue(model.nanos);
    if (value <= BigInt(Number.MAX_SAFE_INTEGER)) expect(actual!.value()).toBe(Number(value));
    if (milli <= BigInt(Number.MAX_SAFE_INTEGER)) expect(actual!.milliValue()).toBe(Number(milli));
  }
}

describe('parseQuantity agrees with the BigInt model of resource.Quantity', () => {
  test('well-formed quantities (decimal SI, binary SI, exponents, signs, fractions, leading zeros)', () => {
    fc.assert(fc.property(wellFormed, agree), { numRuns: 500 });
  });

  test('canonical quantities', () => {
    fc.assert(fc.property(canonical, agree), { numRuns: 300 });
  });

  test('arbitrary strings over the grammar’s characters: both refuse the same ones', () => {
    fc.assert(fc.property(arbitraryText, agree), { numRuns: 500 });
  });
});

describe('exponents far outside the generated range', () => {
  // The model computes exact BigInt powers, so the properties keep exponents small; these are the large ones.
  test('are answered at once, as upstream reads them (ParseInt to int64, then int32)', () => {
    expect(parseQuantity('1e99999999').value()).toBeGreaterThan(Number.MAX_SAFE_INTEGER);
    expect(parseQuantity('1e-99999999').nanos).toBe(1n);
    expect(parseQuantity('0e99999999').nanos).toBe(0n);
    expect(parseQuantity('1e4294967296').nanos).toBe(10n ** 9n); // int32(2^32) = 0
    expect(parseQuantity('1e9223372036854775807').nanos).toBe(10n ** 8n); // int32(2^63-1) = -1
    expect(() => parseQuantity('1e9223372036854775808')).toThrow("unable to parse quantity's suffix");
  });
});

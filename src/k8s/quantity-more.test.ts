// resource.Quantity as k8s.io/apimachinery/pkg/api/resource reads and prints it (quantity.go ParseQuantity,
// CanonicalizeBytes, suffix.go), with cases of quantity_test.go (TestQuantityParse, TestQuantityString,
// TestQuantityParseEmit, TestParseQuantity, TestQuantityRoundUp). Added for the mutation run.
import { decodeQuantity, parseQuantity, Quantity, QuantityError } from './quantity';

const ERR_FORMAT = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
const ERR_SUFFIX = "unable to parse quantity's suffix";
const ERR_NUMERIC = 'unable to parse numeric part of quantity';

describe('String(): canonical form (CanonicalizeBytes)', () => {
  test.each([
    // TestQuantityString: alternate input → expected String()
    ['1024Mi', '1Gi'], ['307200Ki', '300Mi'], ['1025024Mi', '1001Gi'], ['1024Gi', '1Ti'], ['5000m', '5'], ['0.5', '500m'],
    ['1000M', '1G'], ['0.001T', '1G'], ['1000u', '1m'], ['1.08', '1080m'], ['1080000000n', '1080m'],
    ['.001e12', '1e9'], ['0.001e0', '1e-3'], ['1000e-12', '1e-9'], ['00', '0'],
    // TestQuantityParse values printed: 5Ti, 4Pi, 3Ei; a BinarySI amount under 1024 prints as DecimalSI
    ['5Ti', '5Ti'], ['4Pi', '4Pi'], ['3Ei', '3Ei'], ['0Ki', '0'], ['0.9765625Ki', '1k'],
    // TestQuantityParseEmit
    ['1Ki', '1Ki'], ['.001Ki', '1024m'], ['.000001Ki', '1024u'], ['.000000001Ki', '1024n'], ['.000000000001Ki', '2n'],
    // BinarySI ≥ 1024: base-1024 only when whole (AsScale(0) exact), with no suffix for 2^0; else DecimalSI
    ['1.5Ki', '1536'], ['1.5Mi', '1536Ki'], ['100.035Ki', '102435840m'],
    // TestParseQuantity (canonical column)
    ['999999999999999999.1', '999999999999999999100m'], ['1000000000000000000', '1E'], ['10000000000000000000', '10E'],
    ['10.0E', '10E'], ['9223372036854775807000m', '9223372036854775807'],
    // DecimalExponent with a canonical exponent of 0: constructBytes returns no suffix
    ['10e-1', '1'],
    // DecimalSI past E: constructBytes has no suffix and CanonicalizeBytes ignores that, printing the mantissa only
    ['1000E', '1'], ['10000E', '10'],
  ])('%s → %s', (input, expected) => {
    expect(parseQuantity(input).canonical()).toBe(expected);
    // quantity_test.go negates every case: "-" + expected (TestQuantityString, TestQuantityParseEmit)
    if (expected !== '0') expect(parseQuantity(`-${input}`).canonical()).toBe(`-${expected}`);
  });

  // ParseQuantity keeps the text as written (`s: str`) when its int64 fast path finds it canonical; String() then
  // returns it unchanged (TestQuantityString: "did not copy canonical string on parse"). Conditions of quantity.go
  // ParseQuantity: precision = 18 - digits ≥ 0 (binary: 15 - digits - exponent*3/10 - 1), scale ≥ -9, then
  // decimal: scale % 3 == 0, digits not ending in "000", not starting with "0"; binary: value & 7 != 0.
  test.each([
    '+1', '1.500', '1E3', '1e0', '1e+3', '01', '0010m', '1.250', '1.5e1', '+1.000000001', '+100000000000000001', '1234E',
    '+1Ti', '+10Ti', '+9Ki', '1023Ki',
  ])('%s is kept as written', (input) => {
    expect(parseQuantity(input).canonical()).toBe(input);
  });
  test.each([
    ['+1.5', '1500m'], ['+1000', '1k'], ['+0.5', '500m'], ['0.500', '500m'], ['1.0', '1'], ['1.000', '1'],
    ['+1.0000000001', '1000000001n'], ['+1.5e-11', '1e-9'], ['+1000000000000000001', '1000000000000000001'],
    ['+8Ki', '8Ki'], ['+100Ti', '100Ti'], ['+1Pi', '1Pi'], ['+0.5Ki', '512'], ['+1.5Ki', '1536'], ['0.0009765625Mi', '1Ki'],
  ])('%s is not kept: %s', (input, expected) => expect(parseQuantity(input).canonical()).toBe(expected));
  test('a Quantity built from an amount prints canonically', () => {
    expect(new Quantity(1_500_000_000n, 'DecimalSI', '1.5').canonical()).toBe('1500m');
  });
});

const spellings = globalThis as { quantitySpellings?: number };
const freshSpelling = (text: string) => {
  const n = (spellings.quantitySpellings = (spellings.quantitySpellings ?? 0) + 1);
  return text.replace(/^[+-]?/, (sign) => sign + '0'.repeat(n));
};

describe('TestQuantityParse: amount and Format', () => {
  test.each([
    ['0Ki', 0n, 'BinarySI'], ['1', 10n ** 9n, 'DecimalSI'], ['4u', 4000n, 'DecimalSI'], ['1Ki', 1024n * 10n ** 9n, 'BinarySI'],
    ['1E-3', 10n ** 6n, 'DecimalExponent'], ['1e3', 10n ** 12n, 'DecimalExponent'], ['1E12', 10n ** 21n, 'DecimalExponent'],
    ['1.3E+6', 13n * 10n ** 14n, 'DecimalExponent'], ['.000000000001Ki', 2n, 'DecimalSI'],
    // TestParseQuantity: only BinarySI is capped at 2^63-1
    ['10E', 10n ** 28n, 'DecimalSI'],
    // exactly 1 stays BinarySI: quantity.go switches to DecimalSI only for 0 < amount < 1
    ['0.0009765625Ki', 10n ** 9n, 'BinarySI'],
    // a digitless number on the int64 fast path (scale ≥ -9) is 0 (kubernetes/apimachinery#165)
    ['n', 0n, 'DecimalSI'],
  ])('%s', (input, nanos, format) => {
    // and spelt with leading zeros no test has parsed yet in this process (parseQuantityString strips them): parseQuantity
    // keeps each text it parsed, and the mutation run's Vitest runs every test file in one process, again and again
    for (const text of [input, freshSpelling(input)]) {
      const q = parseQuantity(text);
      expect(q.nanos).toBe(nanos);
      expect(q.format).toBe(format);
    }
  });

  test('exponents are int32 (suffix.go interpret: int32(ParseInt(…, 64))), huge ones still parse', () => {
    expect(parseQuantity('1e2147483647').nanos > 10n ** 1000n).toBe(true);
    expect(parseQuantity('1e-2147483647').nanos).toBe(1n); // rounded up to 1n
  });

  test('toString() is the text as written', () => {
    expect(`${parseQuantity('1.5Gi')}`).toBe('1.5Gi');
  });
});

describe('Value() and MilliValue() round away from zero (TestQuantityRoundUp)', () => {
  test.each([['-9.01', -10, -9010], ['-1.5', -2, -1500], ['-0.5m', -1, -1], ['-3m', -1, -3]])('%s → %d, %d', (input, value, milli) => {
    const q = parseQuantity(input);
    expect(q.value()).toBe(value);
    expect(q.milliValue()).toBe(milli);
  });
});

describe('ParseQuantity errors (ErrFormatWrong, ErrSuffix, ErrNumeric)', () => {
  test.each([
    ['', ERR_FORMAT], ['aoeu', ERR_FORMAT], ['1.1.M', ERR_FORMAT],
    ['0.1mi', ERR_SUFFIX], ['1i', ERR_SUFFIX], ['1ee3', ERR_SUFFIX], ['1e9223372036854775808', ERR_SUFFIX],
    ['Pi', ERR_NUMERIC], ['-Ei', ERR_NUMERIC],
  ])('%j: %s', (input, message) => {
    expect(() => parseQuantity(input)).toThrow(new QuantityError(message));
  });

  test('a YAML list is not a quantity (UnmarshalJSON → ParseQuantity of the JSON text `["1"]`)', () => {
    expect(() => decodeQuantity(['1'] as never)).toThrow(new QuantityError(ERR_FORMAT));
  });

  // sigs.k8s.io/yaml cannot turn .inf into JSON (json: unsupported value: +Inf); the message is the library's own
  test('a non-finite YAML number', () => {
    expect(() => parseQuantity(Infinity)).toThrow(new QuantityError('quantities must be finite numbers, received Infinity'));
  });
});

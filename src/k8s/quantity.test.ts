// Cases from staging/src/k8s.io/apimachinery/pkg/api/resource/quantity_test.go (TestQuantityParse,
// TestQuantityParseZero, TestQuantityParseNonNumericPanic and the invalid list), Value()/MilliValue() as upstream.
import { parseQuantity, roundUpToMilli } from './quantity';

describe('TestQuantityParse: Value() and MilliValue()', () => {
  test.each([
    ['1Ki', 1024, 1024000],
    ['0.5Mi', 524288, 524288000],
    ['100.035Ki', 102436, 102435840],
    ['0.05Gi', 53687092, 53687091200],
    ['100.035k', 100035, 100035000],
    ['0.0005k', 1, 500],
    ['1.3E+6', 1300000, 1300000000],
    ['3m', 1, 3],
    ['5n', 1, 1],
    ['0.00000012345', 1, 1],
    ['.0001k', 1, 100],
    ['1.G', 1000000000, 1000000000000],
    ['.', 0, 0],
    ['0', 0, 0],
    ['1e3', 1000, 1000000],
    ['1E-3', 1, 1],
    ['0.1m', 1, 1],
    ['500m', 1, 500],
    ['2', 2, 2000],
    ['256M', 256000000, 256000000000],
    ['1Ti', 1099511627776, 1099511627776000],
    ['+1', 1, 1000],
  ])('%s → Value %d, MilliValue %d', (text, value, milli) => {
    const q = parseQuantity(text);
    expect(q.value()).toBe(value);
    expect(q.milliValue()).toBe(milli);
  });
  test('parse-time rounding up to a nano-unit: 3.001n → 4n, 0.0000000001 → 1n', () => {
    expect(parseQuantity('3.001n').nanos).toBe(4n);
    expect(parseQuantity('0.0000000001').nanos).toBe(1n);
  });
  test('BinarySI is capped at 2^63-1 (9Ei)', () => {
    expect(parseQuantity('9Ei').nanos).toBe((2n ** 63n - 1n) * 10n ** 9n);
  });
  test('sub-unit binary values become DecimalSI', () => {
    expect(parseQuantity('0.000000000001Ki').format).toBe('DecimalSI');
  });
  test('bare YAML numbers', () => {
    expect(parseQuantity(32).milliValue()).toBe(32000);
    expect(parseQuantity(0.5).milliValue()).toBe(500);
  });
});

describe('TestQuantityParse invalid inputs', () => {
  test.each(['', '1.1.M', '1+1.0M', '0.1mi', '0.1am', 'aoeu', '.5i', '1i', '-3.01i', '-3.01e-', ' 1', '1 ', '1K', 'ki', 'Non-Numeric', '1e', '1.5.5', '10m0', '1Mi1', 'Pi', '-Ei', 'e-10']) ('%j is rejected', (text) => {
    expect(() => parseQuantity(text)).toThrow();
  });
});

// parseQuantityString reads a number part without digits as 0 and the int64 fast path keeps it;
// only the inf.Dec path (below 10^-9, above Ti) refuses it (kubernetes/apimachinery#165).
test.each(['+', '-', 'Mi', 'm', 'k', 'e5', '-Ti'])('%j parses as 0, as upstream', (text) => {
  expect(parseQuantity(text).nanos).toBe(0n);
});

// SetDefaults_ResourceList (pkg/apis/core/v1/defaults.go): Quantity.RoundUp(-3) on every amount of a decoded resource
// list. quantity_test.go TestQuantityRoundUp's scale -3 rows (9.01 and -9.01 unchanged), then amounts finer than a
// milli-unit, rounded away from zero and printed canonically (RoundUp clears the string ParseQuantity kept), as the
// oracle's create domain prints them (`Invalid value: "2m"` for 1500u).
describe('roundUpToMilli (Quantity.RoundUp(-3))', () => {
  test.each<[string, string, bigint]>([
    ['9.01', '9010m', 9_010_000_000n],
    ['-9.01', '-9010m', -9_010_000_000n],
    ['0.5m', '1m', 1_000_000n],
    ['1500u', '2m', 2_000_000n],
    ['1001u', '2m', 2_000_000n],
    ['999u', '1m', 1_000_000n],
    ['5u', '1m', 1_000_000n],
    ['1n', '1m', 1_000_000n],
    ['-0.5m', '-1m', -1_000_000n],
    ['1.0005', '1001m', 1_001_000_000n],
    ['0.5', '500m', 500_000_000n],
    ['1000u', '1m', 1_000_000n],
  ])('%s', (text, canonical, nanos) => {
    const q = roundUpToMilli(parseQuantity(text));
    expect([q.canonical(), q.nanos]).toEqual([canonical, nanos]);
  });

  test('a whole number of milli-units is the same quantity, its text kept as ParseQuantity kept it', () => {
    for (const text of ['100m', '1', '1Gi', '+1', '1.500']) {
      const q = parseQuantity(text);
      expect(roundUpToMilli(q)).toBe(q);
    }
  });
});

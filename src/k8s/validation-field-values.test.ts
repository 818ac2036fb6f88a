// How field errors print bad values (k8s.io/apimachinery pkg/util/validation/field/errors.go ErrorBody, v0.37.2): Go's
// json.Marshal escapes <, >, & and U+2028/U+2029; strings are quoted (%q), numbers and booleans bare (%v); nil is null.
// And our own rendering: a quantity that does not decode, the capped list of errors a refusal shows.
import { describe, expect, it } from '@jest/globals';
import { capped, decodeQuantity, goJson, goValue, invalid } from './validation-field';

describe('goJson / goValue (ErrorBody)', () => {
  it('json.Marshal escapes <, >, & and the line and paragraph separators as \\u00XX', () => {
    expect(goJson('<a&b>')).toBe('"\\u003ca\\u0026b\\u003e"');
    expect(goJson('\u2028\u2029')).toBe('"\\u2028\\u2029"');
    expect(goJson({ k: 'x>y' })).toBe('{"k":"x\\u003ey"}');
    expect(goJson(undefined)).toBe('null');
  });

  it('a map prints with sorted keys; scalars bare; nil as null', () => {
    expect(goValue({ b: 1, a: '<' })).toBe('{"a":"\\u003c","b":1}');
    expect(goValue(null)).toBe('null');
    expect(goValue(undefined)).toBe('null');
    expect(goValue(7)).toBe('7');
    expect(goValue(false)).toBe('false');
    expect(goValue(12345678901234567890n)).toBe('12345678901234567890');
    expect(goValue('a"b')).toBe('"a\\"b"');
    expect(invalid('f', 10n, 'd')).toEqual({ field: 'f', message: 'Invalid value: 10: d' });
  });
});

describe('decodeQuantity', () => {
  it('a value that does not decode is Invalid with its text quoted, a number too', () => {
    expect(decodeQuantity('1Gx', 'p')).toEqual({ field: 'p', message: 'Invalid value: "1Gx": quantities must match the regular expression \'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$\'' });
    // YAML's .inf
    expect(decodeQuantity(Infinity, 'p')).toEqual({ field: 'p', message: 'Invalid value: "Infinity": quantities must be finite numbers, received Infinity' });
  });
});

describe('capped', () => {
  it('ten lines are shown as they are; from eleven, ten and a count of the rest', () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i}`);
    expect(capped(lines(10))).toEqual(lines(10));
    expect(capped(lines(11))).toEqual([...lines(10), '… and 1 more']);
    expect(capped(lines(3), 2)).toEqual(['line 0', 'line 1', '… and 1 more']);
  });
});

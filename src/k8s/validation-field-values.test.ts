// How field errors print bad values (k8s.io/apimachinery pkg/util/validation/field/errors.go ErrorBody, v0.37.2): Go's
// json.Marshal escapes <, >, & and U+2028/U+2029; strings are quoted (%q), numbers and booleans bare (%v); nil is null.
// And our own rendering: a quantity that does not decode, the capped list of errors a refusal shows.
import { describe, expect, it } from '@jest/globals';
import { capped, decodeQuantity, goJson, goValue, invalid, quote } from './validation-field';

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

describe('quote (strconv.Quote)', () => {
  // Go's strconv/quote_test.go quotetests (the ones a JavaScript string can hold: no invalid UTF-8)
  it.each([
    ['\x07\b\f\r\n\t\v', '"\\a\\b\\f\\r\\n\\t\\v"'],
    ['\\', '"\\\\"'],
    ['\u263a', '"\u263a"'],
    ['\u{10ffff}', '"\\U0010ffff"'],
    ['\x04', '"\\x04"'],
    ['!\u00a0!\u2000!\u3000!', '"!\\u00a0!\\u2000!\\u3000!"'],
    ['\x7f', '"\\x7f"'],
  ])('%j quotes as %s', (input, quoted) => {
    expect(quote(input)).toBe(quoted);
  });

  it('printable ASCII stays as it is; a C1 control and a soft hyphen are escaped, an accented letter is not', () => {
    const ascii = Array.from({ length: 0x5f }, (_, i) => String.fromCharCode(0x20 + i)).join('');
    expect(quote(ascii)).toBe(`"${ascii.replace(/["\\]/g, (c) => `\\${c}`)}"`);
    expect(quote('\u0085\u00ad\u00e9')).toBe('"\\u0085\\u00ad\u00e9"');
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

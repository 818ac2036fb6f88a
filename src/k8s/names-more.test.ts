// More name rules of k8s.io/apimachinery: IsDNS1123Label (pkg/util/validation/validation.go, cases of
// validation_test.go TestIsDNS1123Label) and maskTrailingDash (pkg/api/validation/generic.go, cases of
// generic_test.go TestMaskTrailingDash), reached through NameIsDNSSubdomain / NameIsDNSLabel with prefix
// (a generateName). Added to kill mutants the mutation run found alive.
import { isDNS1123Label, isDNS1123Subdomain, nameIsDNSLabel, nameIsDNSSubdomain } from './names';

// RegexError(dns1123LabelErrMsg, dns1123LabelFmt, "my-name", "123-abc")
const LABEL_REGEX = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";

describe('TestIsDNS1123Label', () => {
  test.each(['a', 'ab', 'abc', 'a1', 'a-1', 'a--1--2--b', '0', '01', '012', '1a', '1-a', '1--a--b--2', 'a'.repeat(63)])('%s is valid', (v) =>
    expect(isDNS1123Label(v)).toEqual([]));
  test.each([
    '', 'A', 'ABC', 'aBc', 'A1', 'A-1', '1-A', '-', 'a-', '-a', '1-', '-1', '_', 'a_', '_a', 'a_b', '1_', '_1', '1_2',
    '.', 'a.', '.a', '1.', '.1', ' ', 'a ', ' a', 'a b', '1 ', ' 1', '1 2',
  ])('"%s" is invalid', (v) => expect(isDNS1123Label(v)).toEqual([LABEL_REGEX]));
  // IsDNS1123Label: "It was a valid subdomain and not a valid label. Since we already checked length, it must be dots."
  test.each(['a.b', '1.2', 'my.app'])('%s: must not contain dots', (v) => expect(isDNS1123Label(v)).toEqual(['must not contain dots']));
  test('over 63 characters (MaxLenError), with the pattern checked as well', () => {
    expect(isDNS1123Label('a'.repeat(64))).toEqual(['must be no more than 63 characters']);
    expect(isDNS1123Label(`${'a'.repeat(62)}.b`)).toEqual(['must be no more than 63 characters', 'must not contain dots']);
    expect(isDNS1123Label(`${'a'.repeat(63)}-`)).toEqual(['must be no more than 63 characters', LABEL_REGEX]);
  });
});

// maskTrailingDash: `name[:len(name)-2] + "a"` when len(name) > 1 and it ends in '-' (the upstream quirk drops two
// characters); a generateName is validated masked, a name as it is.
describe('TestMaskTrailingDash, through NameIsDNSSubdomain / NameIsDNSLabel with prefix', () => {
  test.each<[string, string, boolean]>([
    // generic_test.go TestMaskTrailingDash
    ['', '', false], ['-', '-', false], ['-foo', '-foo', false], ['-foo-', '-foa', false], ['b-', 'a', true], ['ab', 'ab', true],
    // the same rule on names whose validity depends on it
    ['ab.', 'ab.', false], ['b.-', 'ba', true], ['ab_cd-', 'ab_ca', false], ['web-', 'wa', true],
  ])('%s is validated as %s', (before, after, valid) => {
    expect(nameIsDNSSubdomain(before, true)).toEqual(isDNS1123Subdomain(after));
    expect(nameIsDNSLabel(before, true)).toEqual(isDNS1123Label(after));
    expect(nameIsDNSSubdomain(before, true).length === 0).toBe(valid);
  });
  test('a generateName may end in a dash, a name may not', () => {
    expect(nameIsDNSSubdomain('web-', false)).not.toEqual([]);
    expect(nameIsDNSLabel('web-', false)).toEqual([LABEL_REGEX]);
  });
  test('the masked name is what is measured: 254 characters ending in a dash are 253 after masking', () => {
    expect(nameIsDNSSubdomain(`${'a'.repeat(253)}-`, true)).toEqual([]);
    expect(nameIsDNSSubdomain(`${'a'.repeat(254)}-`, true)).toEqual(['must be no more than 253 characters']);
  });
});

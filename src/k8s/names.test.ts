// Name rules of k8s.io/apimachinery/pkg/util/validation/validation.go, with the upstream cases of
// validation_test.go (TestIsQualifiedName, TestIsValidLabelValue, TestIsDNS1123Subdomain) and the exact
// messages validation.go builds (RegexError, MaxLenError, EmptyError). Added for the mutation run.
import { isDNS1123Subdomain, isQualifiedName, isValidLabelValue } from './names';

const QN_REGEX = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const DNS_REGEX = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const LABEL_REGEX = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

describe('TestIsQualifiedName', () => {
  test.each([
    'simple', 'now-with-dashes', '1-starts-with-num', '1234', 'simple/simple', 'now-with-dashes/simple',
    'now-with-dashes/now-with-dashes', 'now.with.dots/simple', 'now-with.dashes-and.dots/simple', '1-num.2-num/3-num',
    '1234/5678', '1.2.3.4/5678', 'Uppercase_Is_OK_123', 'example.com/Uppercase_Is_OK_123', 'requests.storage-foo',
    'a'.repeat(63), `${'a'.repeat(253)}/${'b'.repeat(63)}`,
  ])('%s is valid', (v) => expect(isQualifiedName(v)).toEqual([]));
  test.each([
    'nospecialchars%^=@', 'cantendwithadash-', '-cantstartwithadash-', 'only/one/slash', 'Example.com/abc',
    'example_com/abc', 'example.com/', '/simple', 'a'.repeat(64), `${'a'.repeat(254)}/abc`,
  ])('%s is invalid', (v) => expect(isQualifiedName(v)).not.toEqual([]));
  test('messages, as IsQualifiedName builds them', () => {
    expect(isQualifiedName('a/b/c')).toEqual([`a valid label key ${QN_REGEX} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`]);
    expect(isQualifiedName('/simple')).toEqual(['prefix part must be non-empty']);
    expect(isQualifiedName('Example.com/abc')).toEqual([`prefix part ${DNS_REGEX}`]);
    expect(isQualifiedName(`${'a'.repeat(254)}/abc`)).toEqual(['prefix part must be no more than 253 bytes']);
    expect(isQualifiedName('example.com/')).toEqual(['name part must be non-empty', `name part ${QN_REGEX}`]);
    expect(isQualifiedName('')).toEqual(['name part must be non-empty', `name part ${QN_REGEX}`]);
    expect(isQualifiedName('a'.repeat(64))).toEqual(['name part must be no more than 63 bytes']);
    expect(isQualifiedName(`-${'a'.repeat(64)}`)).toEqual(['name part must be no more than 63 bytes', `name part ${QN_REGEX}`]);
    expect(isQualifiedName('-x')).toEqual([`name part ${QN_REGEX}`]);
  });
});

describe('TestIsValidLabelValue', () => {
  test.each(['simple', 'now-with-dashes', '1-starts-with-num', 'end-with-num-1', '1234', 'a'.repeat(63), ''])('"%s" is valid', (v) =>
    expect(isValidLabelValue(v)).toEqual([]));
  test.each(['nospecialchars%^=@', 'Tama-nui-te-rā.is.Māori.sun', '\\backslashes\\are\\bad', '-starts-with-dash', 'ends-with-dash-', '.starts.with.dot', 'ends.with.dot.'])(
    '%s is invalid', (v) => expect(isValidLabelValue(v)).toEqual([LABEL_REGEX]));
  test('over 63 characters', () => {
    expect(isValidLabelValue('a'.repeat(64))).toEqual(['must be no more than 63 bytes']);
    expect(isValidLabelValue(`${'a'.repeat(63)}-`)).toEqual(['must be no more than 63 bytes', LABEL_REGEX]);
  });
});

describe('TestIsDNS1123Subdomain', () => {
  test.each([
    'a', 'ab', 'abc', 'a1', 'a-1', 'a--1--2--b', '0', '01', '012', '1a', '1-a', '1--a--b--2', 'a.a', 'ab.a', 'a--1--2--b.a',
    'a.1', 'a--1--2--b.1', '0.a', '1-a.a', '0.1', '1--a--b--2.1', 'a.b.c.d.e', 'aa.bb.cc.dd.ee', '1.2.3.4.5', '11.22.33.44.55', 'a'.repeat(253),
  ])('%s is valid', (v) => expect(isDNS1123Subdomain(v)).toEqual([]));
  test.each([
    '', 'A', 'ABC', 'aBc', 'A1', 'A-1', '1-A', '-', 'a-', '-a', '1-', '-1', '_', 'a_', '_a', 'a_b', '1_', '_1', '1_2',
    '.', 'a.', '.a', 'a..b', '1.', '.1', '1..2', ' ', 'a ', ' a', 'a b', 'A.a', 'aB.a', 'ab.A', 'a.B.c.d.e', 'aa.bB.cc.dd.ee',
    'a@b', 'a,b', 'a;b', 'a:b', 'a%b', 'a?b', 'a$b',
  ])('"%s" is invalid', (v) => expect(isDNS1123Subdomain(v)).toEqual([DNS_REGEX]));
  test('over 253 characters', () => expect(isDNS1123Subdomain('a'.repeat(254))).toEqual(['must be no more than 253 characters']));
});

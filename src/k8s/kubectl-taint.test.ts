// Conformance cases from staging/src/k8s.io/kubectl/pkg/cmd/taint/utils_test.go and taint_test.go.
import type { Node } from '../core/types';
import { parseTaint, taint } from './kubectl-taint';

const node = (taints: object[] = []): Node => ({ kind: 'Node', metadata: { name: 'node-1' }, spec: { taints: taints as never } });

describe('TestParseTaints', () => {
  test.each(['', 'foo=abc', 'foo=abc=xyz:NoSchedule', 'foo=abc:xyz:NoSchedule', 'foo', 'foo=abc:invalid_effect', 'foo:invalid_effect-'])(
    'invalid spec format %j',
    (spec) => expect(() => parseTaint(spec)).toThrow(),
  );
  test('add new taints', () => {
    expect(['foo=abc:NoSchedule', 'bar=abc:NoSchedule', 'baz:NoSchedule', 'qux:NoSchedule', 'foobar=:NoSchedule'].map(parseTaint)).toEqual([
      { key: 'foo', value: 'abc', effect: 'NoSchedule' },
      { key: 'bar', value: 'abc', effect: 'NoSchedule' },
      { key: 'baz', value: '', effect: 'NoSchedule' },
      { key: 'qux', value: '', effect: 'NoSchedule' },
      { key: 'foobar', value: '', effect: 'NoSchedule' },
    ]);
  });
  test('delete taints', () => {
    expect(['foo:NoSchedule-', 'bar:NoSchedule-', 'qux=:NoSchedule-', 'dedicated-'].map(parseTaint)).toEqual([
      { key: 'foo', effect: 'NoSchedule', remove: true },
      { key: 'bar', effect: 'NoSchedule', remove: true },
      { key: 'qux', effect: 'NoSchedule', remove: true },
      { key: 'dedicated', remove: true },
    ]);
  });
  test('taint() and parseTaint() give the matchers\' hint after kubectl\'s text (a missing effect leads)', () => {
    const n = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n' } } as const;
    expect(() => taint(n, 'dedicated=gpu:NoSchedul' as never)).toThrow('invalid taint effect: NoSchedul, unsupported taint effect; did you mean NoSchedule?');
    expect(() => parseTaint('dedicated=gpu')).toThrow(/^"dedicated=gpu": missing ":Effect" \(NoSchedule, PreferNoSchedule or NoExecute\); kubectl taint says: invalid taint spec: dedicated=gpu, name part must consist/);
  });
  test("kubectl's messages", () => {
    expect(() => parseTaint('foo=abc:invalid_effect')).toThrow('invalid taint effect: invalid_effect, unsupported taint effect');
    expect(() => parseTaint('foo=abc=xyz:NoSchedule')).toThrow(/^invalid taint spec: foo=abc=xyz:NoSchedule$/);
    expect(() => parseTaint('foo')).toThrow(/^"foo": missing ":Effect" \(NoSchedule, PreferNoSchedule or NoExecute\); kubectl taint says: invalid taint spec: foo$/);
    expect(() => parseTaint('foo=a b:NoSchedule')).toThrow('invalid taint spec: foo=a b:NoSchedule, a valid label must be an empty string');
    expect(() => parseTaint('bad key:NoSchedule')).toThrow("invalid taint spec: bad key:NoSchedule, name part must consist of alphanumeric characters");
  });
});

describe('TestReorganizeTaints / TestTaint (taint_test.go)', () => {
  const foo = { key: 'foo', value: 'bar', effect: 'NoSchedule' };
  test('add new taint: new taints come first', () => {
    expect(taint(node([foo]), 'foo_1:NoExecute').spec?.taints).toEqual([{ key: 'foo_1', value: '', effect: 'NoExecute' }, foo]);
  });
  test('delete taint with effect', () => expect(taint(node([foo]), 'foo:NoSchedule-').spec?.taints).toEqual([]));
  test('delete taint with no effect', () => expect(taint(node([foo, { key: 'foo', effect: 'NoExecute' }]), 'foo-').spec?.taints).toEqual([]));
  test('delete non-exist taint', () => expect(() => taint(node([foo]), 'foo_1:NoSchedule-')).toThrow('taint "foo_1:NoSchedule" not found'));
  test('add new taint and delete old one', () => {
    expect(taint(node([foo]), 'foo_1:NoSchedule', 'foo:NoSchedule-').spec?.taints).toEqual([{ key: 'foo_1', value: '', effect: 'NoSchedule' }]);
  });
  test('existing key and effect without --overwrite (TestCheckIfTaintsAlreadyExists)', () => {
    expect(() => taint(node([foo]), 'foo=baz:NoSchedule')).toThrow('node node-1 already has foo taint(s) with same effect(s) and --overwrite is false');
  });
  test('with overwrite the value is replaced', () => {
    expect(taint(node([foo]), 'foo=baz:NoSchedule', { overwrite: true }).spec?.taints).toEqual([{ key: 'foo', value: 'baz', effect: 'NoSchedule' }]);
  });
  test('duplicated taints', () => {
    expect(() => taint(node(), 'a=1:NoSchedule', 'a=2:NoSchedule')).toThrow('duplicated taints with the same key and effect: {a 2 NoSchedule <nil>}');
  });
  test('modify and remove the same taint', () => {
    expect(() => taint(node(), 'a=1:NoSchedule', 'a-')).toThrow('can not both modify and remove the following taint(s) in the same command: {"a":""}');
  });
  test('same key, other effect is a separate taint', () => {
    expect(taint(node([foo]), 'foo=bar:NoExecute').spec?.taints).toHaveLength(2);
  });
  test('the input node is not mutated', () => {
    const n = node([foo]);
    taint(n, 'x:NoSchedule');
    expect(n.spec?.taints).toEqual([foo]);
  });
});

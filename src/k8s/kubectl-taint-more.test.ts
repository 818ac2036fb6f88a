// `kubectl taint` as staging/src/k8s.io/kubectl/pkg/cmd/taint/utils.go (parseTaints, parseTaint, reorganizeTaints,
// deleteTaints, checkIfTaintsAlreadyExists) and taint.go (Complete, Validate, updateTaints) give it; cases after
// utils_test.go TestParseTaints / TestReorganizeTaints and taint_test.go TestTaint.
import type { Node, Taint } from '../core/types';
import { parseTaint, parseTaintSpec, taint, taintSpecHint, type TaintOptions } from './kubectl-taint';
import { isValidLabelValue } from './names';

const NAME_PART =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const LABEL_VALUE =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

const node = (taints: Taint[] = [], spec: Node['spec'] = {}): Node => ({ kind: 'Node', metadata: { name: 'node-1' }, spec: { ...spec, taints } });
const run = (n: Node, ...args: Array<string | TaintOptions>) => taint(n, ...args);
const thrown = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('no error');
};

describe('parseTaint (utils.go)', () => {
  test.each([
    // the error names the spec without its trailing "-" (parseTaint gets strings.TrimSuffix(spec, "-"))
    ['k=a b:NoSchedule-', `invalid taint spec: k=a b:NoSchedule, ${LABEL_VALUE}`],
    ['bad key-', `invalid taint spec: bad key, ${NAME_PART}`],
    ['k=a=b:NoSchedule-', 'invalid taint spec: k=a=b:NoSchedule'],
    ['a:b:NoSchedule-', 'invalid taint spec: a:b:NoSchedule'],
    ['k:Bogus-', 'invalid taint effect: Bogus, unsupported taint effect'],
    // the effect is checked before key=value is split
    // kubectl's text, then the library's hint (the cause first when kubectl's text misleads: a missing effect)
    ['a=b=c:Bogus', 'invalid taint effect: Bogus, unsupported taint effect; the effect must be NoSchedule, PreferNoSchedule or NoExecute'],
    ['k=v', '"k=v": missing ":Effect" (NoSchedule, PreferNoSchedule or NoExecute); kubectl taint says: invalid taint spec: k=v, ' + NAME_PART],
    ['k=v:', 'invalid taint effect: , unsupported taint effect; the effect must be NoSchedule, PreferNoSchedule or NoExecute'],
    ['k=v:NoSchedul', 'invalid taint effect: NoSchedul, unsupported taint effect; did you mean NoSchedule?'],
    ['a b=v:NoSchedule', `invalid taint spec: a b=v:NoSchedule, ${NAME_PART}`],
  ])('%j → %s', (spec, message) => {
    expect(thrown(() => parseTaint(spec))).toBe(message);
  });
  test('a value failing both IsValidLabelValue checks: its errors joined with "; " (utils.go parseTaint)', () => {
    const value = `-${'x'.repeat(63)}`;
    const errs = isValidLabelValue(value);
    expect(errs).toHaveLength(2);
    expect(thrown(() => parseTaint(`k=${value}:NoSchedule`))).toBe(`invalid taint spec: k=${value}:NoSchedule, ${errs.join('; ')}`);
  });
  test('an empty key is not a qualified name', () => {
    expect(thrown(() => parseTaint(':NoSchedule'))).toMatch(/^invalid taint spec: :NoSchedule, name part must be non-empty; name part must consist/);
  });
  test('a removal keeps no effect when it names none, and ignores the value', () => {
    expect(parseTaint('dedicated-')).toStrictEqual({ key: 'dedicated', remove: true });
    expect(parseTaint('k=v:NoExecute-')).toStrictEqual({ key: 'k', effect: 'NoExecute', remove: true });
    expect(parseTaint('k=:PreferNoSchedule')).toStrictEqual({ key: 'k', value: '', effect: 'PreferNoSchedule' });
  });
  test('every effect is accepted', () => {
    expect(['NoSchedule', 'PreferNoSchedule', 'NoExecute'].map((e) => parseTaint(`k:${e}`))).toStrictEqual([
      { key: 'k', value: '', effect: 'NoSchedule' },
      { key: 'k', value: '', effect: 'PreferNoSchedule' },
      { key: 'k', value: '', effect: 'NoExecute' },
    ]);
  });
  test('a spec that is not a string', () => {
    expect(thrown(() => parseTaint(5 as never))).toBe('invalid taint spec: 5 (expected a string such as "dedicated=gpu:NoSchedule")');
  });
});

describe('parseTaintSpec with validate: false keeps the grammar only', () => {
  test('key and value formats are not checked', () => {
    expect(parseTaintSpec('a b=c d:NoSchedule', { validate: false })).toStrictEqual({ key: 'a b', value: 'c d', effect: 'NoSchedule' });
    expect(parseTaintSpec('a b-', { validate: false })).toStrictEqual({ key: 'a b', remove: true });
  });
  test('the grammar and the effect still are', () => {
    expect(thrown(() => parseTaintSpec('k=a=b:NoSchedule', { validate: false }))).toBe('invalid taint spec: k=a=b:NoSchedule');
    expect(thrown(() => parseTaintSpec('k', { validate: false }))).toBe('"k": missing ":Effect" (NoSchedule, PreferNoSchedule or NoExecute); kubectl taint says: invalid taint spec: k');
    expect(thrown(() => parseTaintSpec('k:NoSchedul', { validate: false }))).toBe('invalid taint effect: NoSchedul, unsupported taint effect; did you mean NoSchedule?');
  });
  test('validate: true (or unset) checks them', () => {
    expect(thrown(() => parseTaintSpec('a b:NoSchedule', { validate: true }))).toBe(`invalid taint spec: a b:NoSchedule, ${NAME_PART}`);
    expect(thrown(() => parseTaintSpec('k=c d:NoSchedule', {}))).toBe(`invalid taint spec: k=c d:NoSchedule, ${LABEL_VALUE}`);
  });
});

describe('taintSpecHint (the library’s follow-up to kubectl’s message)', () => {
  test.each([
    ['foo', '"foo": missing ":Effect" (NoSchedule, PreferNoSchedule or NoExecute)'],
    ['', '"": missing ":Effect" (NoSchedule, PreferNoSchedule or NoExecute)'],
    ['k=v:noschedule', 'did you mean NoSchedule?'],
    ['k:NoExecut', 'did you mean NoExecute?'],
    ['k:Bogus', 'the effect must be NoSchedule, PreferNoSchedule or NoExecute'],
    ['k:', 'the effect must be NoSchedule, PreferNoSchedule or NoExecute'],
  ])('%j → %s', (spec, hint) => expect(taintSpecHint(spec)).toBe(hint));
  test.each(['k:NoSchedule', 'k=v:PreferNoSchedule', 'k:NoExecute', 'a:b:c'])('%j: no hint', (spec) => expect(taintSpecHint(spec)).toBeUndefined());
  test('not a string: no hint', () => expect(taintSpecHint(undefined as never)).toBeUndefined());
});

describe('taint (taint.go Complete/Validate/updateTaints, utils.go reorganizeTaints)', () => {
  const a = (effect: Taint['effect'], value?: string): Taint => ({ key: 'a', ...(value === undefined ? {} : { value }), effect });
  test('no taint argument', () => {
    expect(thrown(() => run(node(), { overwrite: true }))).toBe('at least one taint update is required');
    expect(thrown(() => run(node()))).toBe('at least one taint update is required');
  });
  test('uniqueness is by key and effect together', () => {
    expect(run(node(), 'a=1:NoSchedule', 'a=2:NoExecute', 'b=1:NoSchedule').spec?.taints).toEqual([
      { key: 'a', value: '1', effect: 'NoSchedule' }, { key: 'a', value: '2', effect: 'NoExecute' }, { key: 'b', value: '1', effect: 'NoSchedule' },
    ]);
    expect(thrown(() => run(node(), 'a:NoExecute', 'b:NoSchedule', 'a=x:NoExecute'))).toBe('duplicated taints with the same key and effect: {a x NoExecute <nil>}');
  });
  test('add and remove conflict only on the same key and (the removal’s) effect', () => {
    expect(run(node([a('NoExecute')]), 'a=1:NoSchedule', 'a:NoExecute-').spec?.taints).toEqual([{ key: 'a', value: '1', effect: 'NoSchedule' }]);
    expect(thrown(() => run(node(), 'a=1:NoSchedule', 'a:NoSchedule-'))).toBe('can not both modify and remove the following taint(s) in the same command: {"a":"NoSchedule"}');
    expect(thrown(() => run(node(), 'a:NoSchedule', 'b:NoSchedule', 'a-', 'b:NoSchedule-', 'c-')))
      .toBe('can not both modify and remove the following taint(s) in the same command: {"a":""}, {"b":"NoSchedule"}');
  });
  test('existing key+effect without --overwrite names every such key', () => {
    const n = node([a('NoSchedule'), { key: 'b', effect: 'NoExecute' }]);
    expect(thrown(() => run(n, 'a=1:NoSchedule', 'b=2:NoExecute', 'c:NoSchedule'))).toBe('node node-1 already has a,b taint(s) with same effect(s) and --overwrite is false');
    expect(thrown(() => run({ ...n, metadata: {} } as Node, 'b:NoExecute'))).toBe('node  already has b taint(s) with same effect(s) and --overwrite is false');
    // node.Name of a node without metadata is "" too
    expect(thrown(() => run({ kind: 'Node', spec: n.spec } as Node, 'b:NoExecute'))).toBe('node  already has b taint(s) with same effect(s) and --overwrite is false');
  });
  test('--overwrite: new taints first, then the old ones not replaced, in their order', () => {
    const n = node([{ key: 'x', effect: 'NoSchedule' }, a('NoSchedule', 'old'), { key: 'y', effect: 'NoExecute' }]);
    expect(run(n, 'a=new:NoSchedule', { overwrite: true }).spec?.taints).toEqual([
      { key: 'a', value: 'new', effect: 'NoSchedule' }, { key: 'x', effect: 'NoSchedule' }, { key: 'y', effect: 'NoExecute' },
    ]);
    expect(run(n, 'z:NoExecute', { overwrite: false }).spec?.taints?.map((t) => t.key)).toEqual(['z', 'x', 'a', 'y']);
  });
  test('removal: by key alone every effect, by key:effect only that one; a value is ignored', () => {
    const n = node([a('NoSchedule', 'v'), a('NoExecute'), { key: 'b', effect: 'NoSchedule' }]);
    expect(run(n, 'a:NoExecute-').spec?.taints).toEqual([a('NoSchedule', 'v'), { key: 'b', effect: 'NoSchedule' }]);
    expect(run(n, 'a-').spec?.taints).toEqual([{ key: 'b', effect: 'NoSchedule' }]);
    expect(run(n, 'a=other:NoSchedule-').spec?.taints).toEqual([a('NoExecute'), { key: 'b', effect: 'NoSchedule' }]);
  });
  test('removals not found: one error alone, several aggregated (utilerrors.NewAggregate)', () => {
    expect(thrown(() => run(node([a('NoSchedule')]), 'a-', 'a-'))).toBe('taint "a" not found');
    expect(thrown(() => run(node([a('NoSchedule')]), 'b-', 'a:NoSchedule-', 'c:NoExecute-'))).toBe('[taint "b" not found, taint "c:NoExecute" not found]');
  });
  test('the result shares nothing with the input and keeps the rest of the spec', () => {
    const old: Taint = { key: 'x', effect: 'NoSchedule', timeAdded: '2024-01-01T00:00:00Z' };
    const n = node([old], { unschedulable: true, podCIDR: '10.0.0.0/24' });
    const out = run(n, 'y:NoExecute');
    expect(out.spec).toEqual({ unschedulable: true, podCIDR: '10.0.0.0/24', taints: [{ key: 'y', value: '', effect: 'NoExecute' }, old] });
    expect(out.spec?.taints?.[1]).not.toBe(old);
    expect(out.metadata).not.toBe(n.metadata);
    expect(n.spec?.taints).toEqual([old]);
  });
  test('a node without spec gets one', () => {
    expect(run({ kind: 'Node', metadata: { name: 'n' } }, 'k=v:NoSchedule').spec).toEqual({ taints: [{ key: 'k', value: 'v', effect: 'NoSchedule' }] });
  });
});

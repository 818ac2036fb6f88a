// metav1.LabelSelectorAsSelector (apimachinery pkg/apis/meta/v1/helpers.go) and labels.NewRequirement / Matches /
// String (pkg/labels/selector.go; cases after selector_test.go TestRequirementConstructor, TestRequirementMatches,
// TestToString, and helpers_test.go TestLabelSelectorAsSelector). Messages are Go's: field.Error's
// "<path>: Invalid value: <%#v of the value>: <detail>", several errors of one requirement aggregated as "[a, b]".
import { EVERYTHING, formatSelector, LabelSelectorError, NOTHING, parseLabelSelector, selectorMatches, withLabelKeys } from './label-selector';
import type { LabelSelector } from './label-selector';
import { invalidateCaches } from '../core/config';

// Each test validates its requirements afresh: the module keeps each validated requirement until the settings change,
// and a run of every test file in one process (the mutation run's Vitest) would otherwise answer from another's.
beforeEach(() => invalidateCaches());

// validation.IsQualifiedName / IsValidLabelValue details (apimachinery pkg/util/validation/validation.go)
const NAME_PART =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const LABEL_VALUE =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
const EMPTY_IN = "values: Invalid value: null: for 'in', 'notin' operators, values set can't be empty";

const message = (selector: LabelSelector): string => {
  try {
    parseLabelSelector(selector);
  } catch (e) {
    expect(e).toBeInstanceOf(LabelSelectorError);
    return (e as Error).message;
  }
  throw new Error('parsed');
};
const expr = (key: string, operator: string, values?: string[]) => ({ matchExpressions: [{ key, operator, ...(values ? { values } : {}) }] });

describe('NewRequirement errors, as LabelSelectorAsSelector returns them', () => {
  test.each([
    // field.Invalid json-marshals the slice (field/errors.go ErrorBody; oracle labelSelector): append([]string(nil), values...)
    // of no values is a nil slice, `null`
    ['In without values', expr('x1', 'In', []), EMPTY_IN],
    ['NotIn with values unset', expr('x2', 'NotIn'), EMPTY_IN],
    ['Exists with a value', expr('x6', 'Exists', ['x']), 'values: Invalid value: ["x"]: values set must be empty for exists and does not exist'],
    ['DoesNotExist with two values', expr('x7', 'DoesNotExist', ['a', 'b']), 'values: Invalid value: ["a","b"]: values set must be empty for exists and does not exist'],
    ['an invalid key', { matchLabels: { 'bad key': 'v' } }, `key: Invalid value: "bad key": ${NAME_PART}`],
    ['an invalid matchLabels value: path values[0][key]', { matchLabels: { app: 'not valid' } }, `values[0][app]: Invalid value: "not valid": ${LABEL_VALUE}`],
    ['the index of the invalid value', expr('tier', 'In', ['ok', 'no way']), `values[1][tier]: Invalid value: "no way": ${LABEL_VALUE}`],
    // field.Invalid prints a string bad value with %q (field/errors.go ErrorBody): quotes and backslashes escaped
    ['a value with quotes, as %q prints it', { matchLabels: { app: 'say "hi"' } }, `values[0][app]: Invalid value: "say \\"hi\\"": ${LABEL_VALUE}`],
    ['a key with a backslash, as %q prints it', expr('a\\b', 'Exists'), `key: Invalid value: "a\\\\b": ${NAME_PART}`],
    // helpers.go checks the operator before NewRequirement runs, so the bad key is not reported
    ['an unknown operator comes first', expr('bad key', 'Gt', ['1']), '"Gt" is not a valid label selector operator'],
    ['an unknown operator, even with no values', expr('k', 'in', []), '"in" is not a valid label selector operator'],
    ['no operator: the empty string in Go', { matchExpressions: [{ key: 'k' }] } as never, '"" is not a valid label selector operator'],
    // NewRequirement collects every error of the requirement
    ['a bad key and no values', expr('bad key', 'In', []), `[key: Invalid value: "bad key": ${NAME_PART}, ${EMPTY_IN}]`],
    ['two bad values', expr('k', 'NotIn', ['a b', 'c d']), `[values[0][k]: Invalid value: "a b": ${LABEL_VALUE}, values[1][k]: Invalid value: "c d": ${LABEL_VALUE}]`],
    ['values given to Exists that are also invalid', expr('k', 'Exists', ['a b']), `[values: Invalid value: ["a b"]: values set must be empty for exists and does not exist, values[0][k]: Invalid value: "a b": ${LABEL_VALUE}]`],
    // json.Marshal escapes <, > and & in the slice (encoding/json's default HTML escaping); %q of the value does not
    ['<, > and & in values given to DoesNotExist', expr('k', 'DoesNotExist', ['<a&b>']), `[values: Invalid value: ["\\u003ca\\u0026b\\u003e"]: values set must be empty for exists and does not exist, values[0][k]: Invalid value: "<a&b>": ${LABEL_VALUE}]`],
  ] as Array<[string, LabelSelector, string]>)('%s', (_name, selector, expected) => {
    expect(message(selector)).toBe(expected);
    expect(message(selector)).toBe(expected); // the second answer comes from the cache of validated requirements
  });

  test('valid requirements of every operator parse', () => {
    for (const [op, values] of [['In', ['a']], ['NotIn', ['a', '']], ['Exists', undefined], ['DoesNotExist', []]] as const) {
      expect(parseLabelSelector(expr('k', op, values as string[] | undefined)).kind).toBe('requirements');
    }
  });
});

// selector.go Requirement.Matches
describe('Matches', () => {
  const matches = (selector: LabelSelector, labels: Record<string, string> | undefined) => selectorMatches(parseLabelSelector(selector), labels);
  test.each([
    [expr('k', 'In', ['a', 'b']), { k: 'c' }, false],
    [expr('k', 'In', ['a', 'b']), { k: 'b' }, true],
    [expr('k', 'NotIn', ['a']), { k: 'b' }, true],
    [expr('k', 'NotIn', ['a']), undefined, true],
    [expr('k', 'In', ['a']), undefined, false],
    [expr('k', 'Exists'), {}, false],
    [expr('k', 'Exists'), { k: 'x' }, true],
    [expr('k', 'DoesNotExist'), {}, true],
    [expr('k', 'DoesNotExist'), { k: 'x' }, false],
    // labels are own keys only: an inherited property is not a label
    [expr('constructor', 'Exists'), {}, false],
    [expr('toString', 'DoesNotExist'), {}, true],
    [{ matchLabels: { a: '1', b: '2' } }, { a: '1', b: '3' }, false],
    [{ matchLabels: { a: '1', b: '2' } }, { a: '1', b: '2' }, true],
  ] as Array<[LabelSelector, Record<string, string> | undefined, boolean]>)('%j on %j → %s', (selector, labels, want) => {
    expect(matches(selector, labels)).toBe(want);
  });
  test('nothing matches nothing, everything matches even no labels', () => {
    expect(selectorMatches(NOTHING, {})).toBe(false);
    expect(selectorMatches(EVERYTHING, undefined)).toBe(true);
    expect(parseLabelSelector({})).toBe(EVERYTHING);
    expect(parseLabelSelector(undefined)).toBe(NOTHING);
  });
});

// matchLabelKeys / mismatchLabelKeys (pkg/scheduler/framework/types.go, KEP-3633): key In/NotIn [the pod's value]
describe('withLabelKeys', () => {
  const sel = parseLabelSelector({ matchLabels: { app: 'web' } });
  test('no keys, or none present in the labels: the selector itself', () => {
    expect(withLabelKeys(sel, { app: 'web' }, undefined)).toBe(sel);
    expect(withLabelKeys(sel, { app: 'web' }, ['zone'])).toBe(sel);
    expect(withLabelKeys(EVERYTHING, { zone: 'a' }, [])).toBe(EVERYTHING);
  });
  test('an empty selector becomes the added requirements alone', () => {
    const s = withLabelKeys(EVERYTHING, { zone: 'a', app: 'x' }, ['zone']);
    expect(formatSelector(s)).toBe('zone=a');
    expect(selectorMatches(s, { zone: 'b' })).toBe(false);
  });
  test('the added requirements follow the selector’s own; mismatchLabelKeys adds NotIn', () => {
    expect(formatSelector(withLabelKeys(sel, { zone: 'a', rack: 'r1' }, ['zone', 'rack']))).toBe('app=web,zone=a,rack=r1');
    expect(formatSelector(withLabelKeys(sel, { zone: 'a' }, ['zone'], 'NotIn'))).toBe('app=web,zone notin (a)');
  });
  test('a pod label value that is not a label value fails as NewRequirement does', () => {
    expect(() => withLabelKeys(sel, { zone: 'a b' }, ['zone'])).toThrow(new LabelSelectorError(`values[0][zone]: Invalid value: "a b": ${LABEL_VALUE}`));
  });
});

// selector.go Requirement.String (TestToString): "!k", "k", "k=v", "k in (a,b)", "k notin (a)"
describe('formatSelector', () => {
  test.each([
    [expr('k', 'Exists'), 'k'],
    [expr('k', 'DoesNotExist'), '!k'],
    [expr('k', 'In', ['v']), 'k=v'],
    [expr('k', 'In', ['a', 'b']), 'k in (a,b)'],
    [expr('k', 'NotIn', ['a']), 'k notin (a)'],
    [expr('k', 'NotIn', ['a', 'b']), 'k notin (a,b)'],
    [{ matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'Exists' }] }, 'app=web,tier'],
  ] as Array<[LabelSelector, string]>)('%j → %s', (selector, text) => {
    expect(formatSelector(parseLabelSelector(selector))).toBe(text);
  });
  test('the two special selectors', () => {
    expect(formatSelector(NOTHING)).toBe('<matches nothing>');
    expect(formatSelector(EVERYTHING)).toBe('<everything>');
  });
});

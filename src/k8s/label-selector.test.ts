// metav1.LabelSelectorAsSelector and labels.Selector.Matches
// (apimachinery pkg/apis/meta/v1/helpers_test.go TestLabelSelectorAsSelector; pkg/labels/selector_test.go TestRequirementMatches).
import { formatSelector, LabelSelectorError, parseLabelSelector, selectorMatches, withLabelKeys } from './label-selector';
import { isValidLabelValue } from './names';
import { invalidateCaches } from '../core/config';

// Each test validates its requirements afresh (the module keeps validated requirements until the settings change).
beforeEach(() => invalidateCaches());

describe('LabelSelectorAsSelector', () => {
  test('absent matches nothing, empty matches everything', () => {
    expect(selectorMatches(parseLabelSelector(undefined), { a: 'b' })).toBe(false);
    expect(selectorMatches(parseLabelSelector(null), {})).toBe(false);
    expect(selectorMatches(parseLabelSelector({}), {})).toBe(true);
    expect(selectorMatches(parseLabelSelector({ matchLabels: {}, matchExpressions: [] }), { x: 'y' })).toBe(true);
  });
  test.each([
    [{ matchLabels: { app: 'web' } }, { app: 'web', tier: 'x' }, true],
    [{ matchLabels: { app: 'web' } }, { app: 'db' }, false],
    [{ matchExpressions: [{ key: 'app', operator: 'In', values: ['a', 'b'] }] }, { app: 'b' }, true],
    [{ matchExpressions: [{ key: 'app', operator: 'In', values: ['a', 'b'] }] }, {}, false],
    [{ matchExpressions: [{ key: 'app', operator: 'NotIn', values: ['a'] }] }, {}, true],
    [{ matchExpressions: [{ key: 'app', operator: 'NotIn', values: ['a'] }] }, { app: 'a' }, false],
    [{ matchExpressions: [{ key: 'app', operator: 'Exists' }] }, { app: '' }, true],
    [{ matchExpressions: [{ key: 'app', operator: 'DoesNotExist' }] }, { app: '' }, false],
    [{ matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'Exists' }] }, { app: 'web' }, false],
  ])('%j matches %j: %s', (selector, labels, want) => {
    expect(selectorMatches(parseLabelSelector(selector), labels)).toBe(want);
  });
  test.each([
    [{ matchExpressions: [{ key: 'app', operator: 'In', values: [] }] }, "values set can't be empty"],
    [{ matchExpressions: [{ key: 'app', operator: 'Exists', values: ['x'] }] }, 'values set must be empty'],
    [{ matchExpressions: [{ key: 'app', operator: 'Gt', values: ['1'] }] }, 'is not a valid label selector operator'],
    [{ matchLabels: { 'bad key!': 'x' } }, 'Invalid value: "bad key!"'],
  ])('%j does not parse', (selector, message) => {
    expect(() => parseLabelSelector(selector)).toThrow(LabelSelectorError);
    expect(() => parseLabelSelector(selector)).toThrow(message);
  });
  test('matchLabelKeys add the pod’s own values; an absent selector stays nothing', () => {
    const s = withLabelKeys(parseLabelSelector({ matchLabels: { app: 'web' } }), { app: 'web', 'pod-template-hash': 'abc' }, ['pod-template-hash', 'missing']);
    expect(formatSelector(s)).toBe('app=web,pod-template-hash=abc');
    expect(selectorMatches(s, { app: 'web', 'pod-template-hash': 'old' })).toBe(false);
    expect(withLabelKeys(parseLabelSelector(undefined), { a: 'b' }, ['a']).kind).toBe('nothing');
    const mismatch = withLabelKeys(parseLabelSelector({}), { team: 'x' }, ['team'], 'NotIn');
    expect(selectorMatches(mismatch, { team: 'x' })).toBe(false);
    expect(selectorMatches(mismatch, { team: 'y' })).toBe(true);
  });
});

test('a requirement is validated on its own, whatever was validated before (the cache cannot confuse two)', () => {
  // selector.go NewRequirement validates each value: "a\u0000b" is not a label value, "a" and "b" are.
  expect(parseLabelSelector({ matchExpressions: [{ key: 'k', operator: 'In', values: ['a', 'b'] }] }).kind).toBe('requirements');
  expect(() => parseLabelSelector({ matchExpressions: [{ key: 'k', operator: 'In', values: ['a\u0000b'] }] })).toThrow(/values\[0\]\[k\]: Invalid value/);
  // the same requirement twice gives the same answer (the second from the cache)
  for (let i = 0; i < 2; i++) expect(() => parseLabelSelector({ matchLabels: { app: 'not valid' } })).toThrow(/values\[0\]\[app\]: Invalid value: "not valid"/);
});

test('a value taken as plain without asking IsValidLabelValue is one it accepts, at each length and edge', () => {
  // the last two fail both checks: validateLabelValue joins IsValidLabelValue's errors with "; " (selector.go)
  const values = ['', 'a', 'A9', 'a-b_c.d', '-a', 'a-', '.a', 'a.', '_a', 'a_', 'a b', 'é', 'x'.repeat(63), 'x'.repeat(64), `a${'-'.repeat(61)}b`, 'a\n', `-${'x'.repeat(63)}`, 'é'.repeat(40)];
  for (const v of values) {
    const errs = isValidLabelValue(v);
    const parse = () => parseLabelSelector({ matchLabels: { k: v } });
    if (errs.length === 0) expect(parse().kind).toBe('requirements');
    else expect(parse).toThrow(`values[0][k]: Invalid value: ${JSON.stringify(v)}: ${errs.join('; ')}`); // %q of the value
  }
});

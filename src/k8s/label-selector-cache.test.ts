// Requirements are validated once and remembered by their key, operator and values joined with NUL
// (label-selector.ts). Whatever was validated before, each requirement must get the answer
// metav1.LabelSelectorAsSelector gives it alone (apimachinery pkg/apis/meta/v1/helpers.go; pkg/labels/selector.go
// NewRequirement): these pairs would share one remembered answer if a NUL in a key, operator or value were joined in.
import { LabelSelectorError, parseLabelSelector } from './label-selector';
import type { LabelSelector } from './label-selector';
import { invalidateCaches } from '../core/config';

beforeEach(() => invalidateCaches());

const expr = (key: string, operator: string, values?: string[]): LabelSelector => ({ matchExpressions: [{ key, operator, ...(values ? { values } : {}) }] });
const outcome = (selector: LabelSelector): string => {
  try {
    parseLabelSelector(selector);
    return 'parsed';
  } catch (e) {
    expect(e).toBeInstanceOf(LabelSelectorError);
    return (e as Error).message;
  }
};
// Go's %q prints NUL as \x00, JSON as \u0000: either is taken where the expected message holds one
const NUL = String.raw`\\(?:x00|u0000)`;

describe('each requirement gets its own answer, whatever was validated before it', () => {
  test.each([
    [
      // helpers.go refuses the operator "c" before NewRequirement sees the key
      'a key with NUL, then a key that ends where the operator of the first begins',
      expr('a\u0000b', 'In', ['c']),
      expr('a\u0000b\u0000In', 'c'),
      /^"c" is not a valid label selector operator$/,
    ],
    [
      'an operator with NUL, then one that takes in the first one’s value',
      expr('k', 'In\u0000x', ['y']),
      expr('k', 'In\u0000x\u0000y'),
      new RegExp(`^"In${NUL}x${NUL}y" is not a valid label selector operator$`),
    ],
    [
      // NewRequirement reports each invalid value at its index; one value, one error (no aggregate brackets)
      'two values with NUL, then one value that joins them',
      expr('k', 'In', ['a\u0000b', 'c\u0000d']),
      expr('k', 'In', ['a\u0000b\u0000c\u0000d']),
      new RegExp(`^values\\[0\\]\\[k\\]: Invalid value: "a${NUL}b${NUL}c${NUL}d": a valid label must be`),
    ],
    [
      'a value with NUL, then the two values it would split into',
      expr('k', 'In', ['a\u0000b']),
      expr('k', 'In', ['a', 'b']),
      /^parsed$/,
    ],
    [
      // a value with NUL must not be skipped either: the values after it are no requirement of their own
      'a valid requirement on the key "undefined", then a value with NUL followed by that operator',
      expr('undefined', 'Exists'),
      expr('k', 'In', ['a\u0000b', 'Exists']),
      new RegExp(`^values\\[0\\]\\[k\\]: Invalid value: "a${NUL}b": a valid label must be`),
    ],
  ])('%s', (_name, first, second, expected) => {
    outcome(first);
    expect(outcome(second)).toMatch(expected);
    // and the same answer again
    expect(outcome(second)).toMatch(expected);
  });

  test('two different requirements with NUL each get their own message', () => {
    // neither can be remembered under one id: each names its own value
    expect(outcome(expr('k', 'In', ['x\u0000'])).startsWith('values[0][k]: Invalid value: "x')).toBe(true);
    expect(outcome(expr('k', 'In', ['y\u0000'])).startsWith('values[0][k]: Invalid value: "y')).toBe(true);
    expect(outcome(expr('k\u0000', 'Exists'))).toMatch(/^key: Invalid value: "k/);
  });
});

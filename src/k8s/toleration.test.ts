// Conformance cases from staging/src/k8s.io/api/core/v1/toleration_test.go (TestTolerationToleratesTaint)
// and component-helpers scheduling/corev1/helpers_test.go; each case names its upstream test.
import { toleratesTaint, parseCanonicalInt64, formatTaint, closestToleration } from './toleration';
import type { Taint, Toleration } from '../core/types';

type Case = [string, Toleration, Taint, boolean, boolean?];
const NS = 'NoSchedule';
const cases: Case[] = [
  ['TestTolerationToleratesTaint: same key and effect, Exists, taint has no value', { key: 'foo', operator: 'Exists', effect: NS }, { key: 'foo', effect: NS }, true],
  ['TestTolerationToleratesTaint: same key and effect, Exists, taint has some value', { key: 'foo', operator: 'Exists', effect: NS }, { key: 'foo', value: 'bar', effect: NS }, true],
  ['TestTolerationToleratesTaint: same effect, empty key and Exists matches all taints', { key: '', operator: 'Exists', effect: NS }, { key: 'foo', value: 'bar', effect: NS }, true],
  ['TestTolerationToleratesTaint: same key, effect and value, Equal', { key: 'foo', operator: 'Equal', value: 'bar', effect: NS }, { key: 'foo', value: 'bar', effect: NS }, true],
  ['TestTolerationToleratesTaint: same key and effect, different values, Equal', { key: 'foo', operator: 'Equal', value: 'value1', effect: NS }, { key: 'foo', value: 'value2', effect: NS }, false],
  ['TestTolerationToleratesTaint: same key and value, different effects, Equal', { key: 'foo', operator: 'Equal', value: 'bar', effect: NS }, { key: 'foo', value: 'bar', effect: 'NoExecute' }, false],
  ['TestTolerationToleratesTaint: Gt, taint value less than toleration value', { key: 'node.kubernetes.io/sla', operator: 'Gt', value: '950', effect: NS }, { key: 'node.kubernetes.io/sla', value: '800', effect: NS }, false, true],
  ['TestTolerationToleratesTaint: Gt, taint value greater than toleration value', { key: 'node.kubernetes.io/sla', operator: 'Gt', value: '750', effect: NS }, { key: 'node.kubernetes.io/sla', value: '950', effect: NS }, true, true],
  ['TestTolerationToleratesTaint: Lt, taint value greater than toleration value', { key: 'node.kubernetes.io/sla', operator: 'Lt', value: '800', effect: NS }, { key: 'node.kubernetes.io/sla', value: '950', effect: NS }, false, true],
  ['TestTolerationToleratesTaint: Lt, taint value less than toleration value', { key: 'node.kubernetes.io/sla', operator: 'Lt', value: '950', effect: NS }, { key: 'node.kubernetes.io/sla', value: '800', effect: NS }, true, true],
  ['TestTolerationToleratesTaint: Gt with equal numeric value', { key: 'node.kubernetes.io/sla', operator: 'Gt', value: '950', effect: NS }, { key: 'node.kubernetes.io/sla', value: '950', effect: NS }, false, true],
  ['TestTolerationToleratesTaint: Gt with non-numeric taint value', { key: 'node.kubernetes.io/sla', operator: 'Gt', value: '950', effect: NS }, { key: 'node.kubernetes.io/sla', value: 'high', effect: NS }, false, true],
  ['TestTolerationToleratesTaint: Gt with negative values, taint below threshold', { key: 'test-key', operator: 'Gt', value: '-100', effect: NS }, { key: 'test-key', value: '-200', effect: NS }, false, true],
  ['TestTolerationToleratesTaint: Gt with large int64 values, taint below threshold', { key: 'test-key', operator: 'Gt', value: '9223372036854775806', effect: NS }, { key: 'test-key', value: '100', effect: NS }, false, true],
  // ToleratesTaint doc comment rule 1 and 5; component-helpers TestFindMatchingUntoleratedTaint uses the same rules
  ['ToleratesTaint rule 1: empty effect matches every effect', { key: 'foo', operator: 'Exists' }, { key: 'foo', effect: 'NoExecute' }, true],
  ['ToleratesTaint rule 5: Lt/Gt never match with the gate off', { key: 'node.kubernetes.io/sla', operator: 'Gt', value: '750', effect: NS }, { key: 'node.kubernetes.io/sla', value: '950', effect: NS }, false, false],
  ['ToleratesTaint: missing operator means Equal, missing value means ""', { key: 'foo', effect: NS }, { key: 'foo', effect: NS }, true],
  ['ToleratesTaint: missing operator and value do not match a valued taint', { key: 'foo', effect: NS }, { key: 'foo', value: 'bar', effect: NS }, false],
  ['ToleratesTaint: unknown operator never matches', { key: 'foo', operator: 'In', value: 'bar' }, { key: 'foo', value: 'bar', effect: NS }, false],
  ['ToleratesTaint: matching is case-sensitive', { key: 'foo', operator: 'Exists', effect: 'noschedule' }, { key: 'foo', effect: NS }, false],
  ['compareNumericValues (IsDecimalInteger): leading zeros are not canonical', { key: 'k', operator: 'Gt', value: '0750', effect: NS }, { key: 'k', value: '950', effect: NS }, false, true],
  ['compareNumericValues (IsDecimalInteger): "+" is not canonical', { key: 'k', operator: 'Lt', value: '1000', effect: NS }, { key: 'k', value: '+950', effect: NS }, false, true],
  ['compareNumericValues: 0 is canonical', { key: 'k', operator: 'Gt', value: '-1', effect: NS }, { key: 'k', value: '0', effect: NS }, true, true],
];

describe('Toleration.ToleratesTaint', () => {
  test.each(cases)('%s', (_name, toleration, taint, expected, gate = false) => {
    expect(toleratesTaint(toleration, taint, gate)).toBe(expected);
  });
});

describe('IsDecimalInteger + ParseInt (apimachinery content/decimal_int.go)', () => {
  test.each([
    ['0', 0n], ['123', 123n], ['-456', -456n], ['9223372036854775807', 9223372036854775807n], ['-9223372036854775808', -9223372036854775808n],
  ])('accepts %s', (s, n) => expect(parseCanonicalInt64(s)).toBe(n));
  test.each(['', '-', '-0', '007', '+1', ' 1', '1.0', '0x10', '9223372036854775808', '1e3'])('rejects %j', (s) => {
    expect(parseCanonicalInt64(s)).toBeUndefined();
  });
});

test('Taint.ToString forms (staging/src/k8s.io/api/core/v1/taint_test.go TestTaintToString)', () => {
  expect(formatTaint({ key: 'foo', value: 'bar', effect: NS })).toBe('foo=bar:NoSchedule');
  expect(formatTaint({ key: 'foo', effect: NS })).toBe('foo:NoSchedule');
  expect(formatTaint({ key: 'foo', value: 'bar', effect: '' })).toBe('foo=bar:');
  expect(formatTaint({ key: 'foo', effect: '' })).toBe('foo');
});

test('closestToleration prefers the same key and explains the value difference', () => {
  const closest = closestToleration(
    [{ key: 'other', operator: 'Exists' }, { key: 'dedicated', operator: 'Equal', value: 'cpu', effect: NS }],
    { key: 'dedicated', value: 'gpu', effect: NS },
  );
  expect(closest?.index).toBe(1);
  expect(closest?.mismatches).toEqual(['value "cpu" ≠ taint value "gpu" (operator Equal)']);
});

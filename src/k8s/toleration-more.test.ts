// Toleration ⇄ taint matching (staging/src/k8s.io/api/core/v1/toleration.go ToleratesTaint, compareNumericValues;
// toleration_test.go TestTolerationToleratesTaint, TestCompareNumericValues), Taint.ToString (taint.go), and the
// explanation helpers the matchers print. Added for the mutation run: the helpers are called directly here.
import {
  closestToleration, formatTaint, formatToleration, parseCanonicalInt64, toleratesTaint, tolerationMismatches, tolerationYaml,
} from './toleration';
import type { Taint, Toleration } from '../core/types';

const NS = 'NoSchedule';
const SLA = 'node.kubernetes.io/sla';
const sla = (value: string): Taint => ({ key: SLA, value, effect: NS });
const cmp = (operator: 'Lt' | 'Gt', value: string): Toleration => ({ key: SLA, operator, value, effect: NS });

describe('ToleratesTaint with Lt/Gt (TestCompareNumericValues)', () => {
  test.each([
    ['Lt operator - taint value equal to toleration value', cmp('Lt', '100'), sla('100'), false],
    ['Lt operator - both zero', cmp('Lt', '0'), sla('0'), false],
    ['Lt operator - min int64 as taint', cmp('Lt', '0'), sla('-9223372036854775808'), true],
    ['Gt operator - max int64 as taint', cmp('Gt', '0'), sla('9223372036854775807'), true],
    ['Gt operator - invalid toleration value (empty string)', { key: SLA, operator: 'Gt', effect: NS } as Toleration, sla('1'), false],
    ['Lt operator - invalid taint value (empty string)', cmp('Lt', '1'), { key: SLA, effect: NS }, false],
  ])('%s', (_name, toleration, taint, expected) => {
    expect(toleratesTaint(toleration, taint, true)).toBe(expected);
  });
  test('the TaintTolerationComparisonOperators gate is off unless asked for (alpha, default off)', () => {
    expect(toleratesTaint(cmp('Gt', '100'), sla('200'))).toBe(false);
    expect(toleratesTaint(cmp('Gt', '100'), sla('200'), true)).toBe(true);
  });
  test('values below int64 are not integers (ParseInt range error)', () => {
    expect(parseCanonicalInt64('-9223372036854775809')).toBeUndefined();
    expect(toleratesTaint(cmp('Lt', '0'), sla('-9223372036854775809'), true)).toBe(false);
  });
});

test('Taint.ToString with unset fields (taint.go: empty key, empty effect)', () => {
  expect(formatTaint({ effect: NS } as Taint)).toBe(':NoSchedule');
  expect(formatTaint({ key: 'foo' } as Taint)).toBe('foo');
  expect(formatTaint({ key: 'foo', value: 'bar' } as Taint)).toBe('foo=bar:');
});

test('formatToleration prints only the fields that are set', () => {
  expect(formatToleration({ operator: 'Exists' })).toBe('{operator: Exists}');
  expect(formatToleration({ key: 'foo' })).toBe('{key: "foo"}');
  expect(formatToleration({ key: 'foo', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: null } as unknown as Toleration))
    .toBe('{key: "foo", operator: Exists, effect: NoExecute}');
  expect(formatToleration({ key: 'foo', operator: 'Equal', value: 'bar', effect: 'NoExecute', tolerationSeconds: 0 }))
    .toBe('{key: "foo", operator: Equal, value: "bar", effect: NoExecute, tolerationSeconds: 0}');
});

describe('tolerationMismatches: why ToleratesTaint says no, in its order', () => {
  const taint: Taint = { key: 'dedicated', value: 'gpu', effect: NS };
  // every row has the gate column (undefined: the default) so Jest does not read the last parameter as `done`
  test.each<[string, Toleration, Taint, string[], boolean | undefined]>([
    ['Exists ignores the value', { key: 'dedicated', operator: 'Exists' }, taint, [], undefined],
    ['Equal with the same value', { key: 'dedicated', operator: 'Equal', value: 'gpu', effect: NS }, taint, [], undefined],
    ['missing operator and value match a value-less taint', { key: 'dedicated', effect: NS }, { key: 'dedicated', effect: NS }, [], undefined],
    ['missing operator and value', { key: 'dedicated', effect: NS }, taint,
      ['value "" ≠ taint value "gpu" (operator Equal (default), value defaults to "")'], undefined],
    ['explicit Equal, value-less taint', { key: 'dedicated', operator: 'Equal', value: 'cpu' }, { key: 'dedicated', effect: NS },
      ['value "cpu" ≠ taint value "" (operator Equal)'], undefined],
    ['effect and key', { key: 'other', operator: 'Exists', effect: 'NoExecute' }, taint,
      ['effect NoExecute ≠ taint effect NoSchedule', 'key "other" ≠ taint key "dedicated"'], undefined],
    ['unknown operator', { key: 'dedicated', operator: 'In' as never, value: 'gpu' }, taint, ['unknown operator "In" never matches'], undefined],
    ['empty-string operator means Equal', { key: 'dedicated', operator: '' as never, value: 'gpu' }, taint, [], undefined],
    ['Gt with the gate off', cmp('Gt', '100'), sla('200'), ['operator Gt needs the TaintTolerationComparisonOperators feature gate (off)'], undefined],
    ['Lt with the gate off', cmp('Lt', '300'), sla('200'), ['operator Lt needs the TaintTolerationComparisonOperators feature gate (off)'], undefined],
    ['Gt satisfied', cmp('Gt', '100'), sla('200'), [], true],
    ['Lt satisfied', cmp('Lt', '300'), sla('200'), [], true],
    ['Gt not satisfied', cmp('Gt', '200'), sla('200'), ['taint value 200 is not > 200'], true],
    ['Lt not satisfied', cmp('Lt', '200'), sla('200'), ['taint value 200 is not < 200'], true],
    ['Gt satisfied, other effect', { ...cmp('Gt', '100'), effect: 'NoExecute' }, sla('200'), ['effect NoExecute ≠ taint effect NoSchedule'], true],
    ['toleration value not an integer', cmp('Gt', '0100'), sla('200'), ['value "0100" is not a canonical int64'], true],
    ['toleration value missing', { key: SLA, operator: 'Gt', effect: NS }, sla('200'), ['value "" is not a canonical int64'], true],
    ['taint value not an integer', cmp('Gt', '100'), sla('high'), ['taint value "high" is not a canonical int64'], true],
    ['taint value missing', cmp('Gt', '100'), { key: SLA, effect: NS }, ['taint value "" is not a canonical int64'], true],
  ])('%s', (_name, toleration, t, expected, gate) => {
    expect(tolerationMismatches(toleration, t, gate)).toEqual(expected);
    // empty exactly when ToleratesTaint says yes
    expect(expected.length === 0).toBe(toleratesTaint(toleration, t, gate));
  });
});

describe('closestToleration', () => {
  const taint: Taint = { key: 'dedicated', value: 'gpu', effect: NS };
  const exists: Toleration = { key: 'dedicated', operator: 'Exists', effect: 'NoExecute' }; // 1 mismatch (effect)
  const wrongValue: Toleration = { key: 'dedicated', operator: 'Equal', value: 'cpu', effect: 'NoExecute' }; // 2 mismatches
  const otherKey: Toleration = { key: 'other', operator: 'Exists' };

  test('fewest mismatches among same-key tolerations, first on a tie', () => {
    expect(closestToleration([wrongValue, exists], taint)?.index).toBe(1);
    expect(closestToleration([exists, wrongValue], taint)?.index).toBe(0);
    // only tolerations with the taint's key (or an empty key) are candidates (issue 18)
    expect(closestToleration([otherKey, { key: 'another', operator: 'Exists' }], taint)).toBeUndefined();
    expect(closestToleration([exists, otherKey], taint)?.index).toBe(0);
    expect(closestToleration([], taint)).toBeUndefined();
  });
  test("the pod's own toleration beats one added by admission with the same key", () => {
    expect(closestToleration([exists, wrongValue], taint, false, ['DefaultTolerationSeconds', 'pod spec'])?.index).toBe(1);
    expect(closestToleration([wrongValue, exists], taint, false, ['pod spec', 'DefaultTolerationSeconds'])?.index).toBe(0);
  });
  test('mismatches are computed with the gate off unless asked for', () => {
    expect(closestToleration([cmp('Gt', '100')], sla('200'))?.mismatches)
      .toEqual(['operator Gt needs the TaintTolerationComparisonOperators feature gate (off)']);
    expect(closestToleration([cmp('Gt', '100')], sla('200'), true)?.mismatches).toEqual([]);
  });
});

describe('tolerationYaml: a toleration to paste, readable by sigs.k8s.io/yaml as strings', () => {
  test('a value YAML would read as a number is quoted', () => {
    expect(tolerationYaml({ key: SLA, value: '1e3', effect: NS })).toEqual([`- key: ${SLA}`, '  operator: Equal', '  value: "1e3"', '  effect: NoSchedule']);
  });
  // invalid taints (validation off): still pasteable, never "undefined"
  test('invalid taints', () => {
    expect(tolerationYaml({ key: 'foo', value: 'x: y', effect: NS })).toEqual(['- key: foo', '  operator: Equal', '  value: "x: y"', '  effect: NoSchedule']);
    expect(tolerationYaml({ effect: NS } as Taint)).toEqual(['- key: ""', '  operator: Exists', '  effect: NoSchedule']);
    expect(tolerationYaml({ key: 'foo' } as Taint)).toEqual(['- key: foo', '  operator: Exists']);
  });
});

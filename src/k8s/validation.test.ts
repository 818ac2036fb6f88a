// Cases after pkg/apis/core/validation/validation_test.go TestValidateTolerations (successCases/errorCases)
// and TestValidateNode/TestValidateNodeUpdate taint cases.
import { withConfiguration, type KubernetesVersion } from '../core/config';
import { validateTaints, validateTolerations } from './validation';

const v = (t: object[], gate = false) => validateTolerations(t as never, 'spec.tolerations', gate);

describe('ValidateTolerations', () => {
  test.each([
    [{ key: 'foo', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 }],
    [{ key: 'foo', operator: 'Equal', value: 'bar', effect: 'NoSchedule' }],
    [{ operator: 'Exists' }],
    [{ key: 'foo', effect: 'NoSchedule' }],
    [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: -1 }],
  ])('accepts %j', (t) => expect(v([t])).toEqual([]));

  test.each([
    ['invalid toleration key', { key: 'nospecialchars^=@', operator: 'Equal', value: 'bar', effect: 'NoSchedule' }, 'spec.tolerations[0].key'],
    ['invalid toleration operator', { key: 'foo', operator: 'In', value: 'bar', effect: 'NoSchedule' }, 'spec.tolerations[0].operator'],
    ['value must be empty when `operator` is \'Exists\'', { key: 'foo', operator: 'Exists', value: 'bar', effect: 'NoSchedule' }, 'spec.tolerations[0].operator'],
    ['operator must be \'Exists\' when `key` is empty', { operator: 'Equal', value: 'bar', effect: 'NoSchedule' }, 'spec.tolerations[0].operator'],
    ['effect must be \'NoExecute\' when `TolerationSeconds` is set', { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoSchedule', tolerationSeconds: 20 }, 'spec.tolerations[0].effect'],
    ['invalid effect', { key: 'foo', operator: 'Exists', effect: 'NoScheduleNoAdmit' }, 'spec.tolerations[0].effect'],
    ['invalid value (reported at .operator, as upstream does)', { key: 'foo', operator: 'Equal', value: 'a b' }, 'spec.tolerations[0].operator'],
  ])('%s', (_name, t, field) => {
    expect(v([t]).map((e) => e.field)).toContain(field);
  });

  test('messages are upstream’s', () => {
    expect(v([{ key: 'foo', operator: 'Exists', value: 'bar' }])).toEqual([
      { field: 'spec.tolerations[0].operator', message: 'Invalid value: "bar": value must be empty when `operator` is \'Exists\'' },
    ]);
    expect(v([{ key: 'foo', operator: 'In' }])).toEqual([
      { field: 'spec.tolerations[0].operator', message: 'Unsupported value: "In": supported values: "Equal", "Exists"' },
    ]);
  });

  test('Lt/Gt: NotSupported with the gate off; canonical integer required with it on (KEP-5471, PR #134665)', () => {
    expect(v([{ key: 'sla', operator: 'Gt', value: '950', effect: 'NoSchedule' }]).map((e) => e.field)).toEqual(['spec.tolerations[0].operator']);
    expect(v([{ key: 'sla', operator: 'Gt', value: '950', effect: 'NoSchedule' }], true)).toEqual([]);
    expect(v([{ key: 'sla', operator: 'Gt', value: '0950', effect: 'NoSchedule' }], true).map((e) => e.field)).toEqual(['spec.tolerations[0].value']);
  });
});

describe('validateNodeTaints', () => {
  test('taints must be unique by key and effect pair', () => {
    expect(validateTaints([{ key: 'a', effect: 'NoSchedule' }, { key: 'a', value: 'x', effect: 'NoSchedule' }])).toEqual([
      { field: 'metadata.taints[1]', message: 'Duplicate value: {"Key":"a","Value":"x","Effect":"NoSchedule","TimeAdded":null}: taints must be unique by key and effect pair' },
    ]);
  });
  test('same key with different effects is allowed', () => {
    expect(validateTaints([{ key: 'a', effect: 'NoSchedule' }, { key: 'a', effect: 'NoExecute' }])).toEqual([]);
  });
  test('effect is required and must be supported; key is required', () => {
    expect(validateTaints([{ key: 'a', effect: '' }])).toEqual([{ field: 'metadata.taints[0].effect', message: 'Required value' }]);
    expect(validateTaints([{ key: 'a', effect: 'effectValue' }])[0].message).toBe('Unsupported value: "effectValue": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"');
    expect(validateTaints([{ key: '', effect: 'NoSchedule' }]).map((e) => e.field)).toContain('metadata.taints[0].key');
  });
  test('value must be a label value', () => {
    expect(validateTaints([{ key: 'a', value: '-1', effect: 'NoSchedule' }]).map((e) => e.field)).toEqual(['metadata.taints[0].value']);
  });
});

// A core.TolerationOperator or TaintEffect is a named string type: field.ErrorBody does not take it for a `string`
// (apimachinery pkg/util/validation/field/errors.go), so it prints through json.Marshal from 1.34 (`<`, `>`, `&`
// escaped, a no-break space as it is) and %#v (strconv.Quote) at 1.33; the oracle's create domain answers so.
describe('a toleration\'s operator and effect print as named string types', () => {
  test.each<[KubernetesVersion, string[]]>([
    ['1.33', ['t[0].operator: Unsupported value: "Ex<\\u00a0": supported values: "Equal", "Exists"', 't[0].effect: Unsupported value: "No&Schedule": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute" (did you mean NoSchedule?)']],
    ['1.37', ['t[0].operator: Unsupported value: "Ex\\u003c\u00a0": supported values: "Equal", "Exists"', 't[0].effect: Unsupported value: "No\\u0026Schedule": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute" (did you mean NoSchedule?)']],
  ])('at %s', (version, want) => {
    const errs = withConfiguration({ kubernetesVersion: version }, () => validateTolerations([{ key: 'k', operator: 'Ex<\u00a0' as never, effect: 'No&Schedule' as never }], 't', false));
    expect(errs.map((e) => `${e.field}: ${e.message}`)).toEqual(want);
  });
});

// ValidatePodDisruptionBudget and the create path's metadata check (validation-pdb.ts), with upstream's texts:
// pkg/apis/policy/validation/validation_test.go TestValidateMinAvailablePodDisruptionBudgetSpec,
// TestValidateMinAvailablePodAndMaxUnavailableDisruptionBudgetSpec, TestValidateUnhealthyPodEvictionPolicy (the same at
// v1.33.13 … v1.37.2), and what the create oracle answered (test/e2e/oracle-regressions-policy.test.ts).
import { withConfiguration } from '../core/config';
import { validate } from '../engine/validate';
import { nameIsPathSegment } from './names';
import { validatePodDisruptionBudget, validatePodDisruptionBudgetSpec } from './validation-pdb';

const PERCENT = "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')";
const sel = { matchLabels: { app: 'web' } };

describe('ValidatePodDisruptionBudgetSpec', () => {
  test.each([
    ['minAvailable 1', { minAvailable: 1 }],
    ['minAvailable 0', { minAvailable: 0 }],
    ['minAvailable "50%"', { minAvailable: '50%' }],
    ['minAvailable "100%"', { minAvailable: '100%' }],
    ['maxUnavailable "0%"', { maxUnavailable: '0%' }],
    ['an empty selector', { minAvailable: 1, selector: {} }],
    ['no selector', { maxUnavailable: 1 }],
    ['unhealthyPodEvictionPolicy AlwaysAllow', { minAvailable: 1, unhealthyPodEvictionPolicy: 'AlwaysAllow' }],
    ['unhealthyPodEvictionPolicy IfHealthyBudget', { minAvailable: 1, unhealthyPodEvictionPolicy: 'IfHealthyBudget' }],
  ])('%s is valid', (_, spec) => {
    expect(validatePodDisruptionBudgetSpec({ selector: sel, ...spec })).toEqual([]);
  });
  test.each([
    ['minAvailable "50"', { minAvailable: '50' }, [{ field: 'spec.minAvailable', message: `Invalid value: "50": ${PERCENT}` }]],
    ['minAvailable "1.5%"', { minAvailable: '1.5%' }, [{ field: 'spec.minAvailable', message: `Invalid value: "1.5%": ${PERCENT}` }]],
    ['minAvailable -1', { minAvailable: -1 }, [{ field: 'spec.minAvailable', message: 'Invalid value: -1: must be greater than or equal to 0' }]],
    ['maxUnavailable "101%"', { maxUnavailable: '101%' }, [{ field: 'spec.maxUnavailable', message: 'Invalid value: "101%": must not be greater than 100%' }]],
    ['unhealthyPodEvictionPolicy "Always"', { minAvailable: 1, unhealthyPodEvictionPolicy: 'Always' },
      [{ field: 'spec.unhealthyPodEvictionPolicy', message: 'Unsupported value: "Always": supported values: "AlwaysAllow", "IfHealthyBudget"' }]],
    ['both minAvailable and maxUnavailable', { minAvailable: '50%', maxUnavailable: 1 }, [{ field: 'spec',
      message: 'Invalid value: {"MinAvailable":"50%","Selector":{"matchLabels":{"app":"web"}},"MaxUnavailable":1,"UnhealthyPodEvictionPolicy":null}: minAvailable and maxUnavailable cannot be both set' }]],
    ['a selector with In and no values', { minAvailable: 1, selector: { matchExpressions: [{ key: 'app', operator: 'In' }] } },
      [{ field: 'spec.selector.matchExpressions[0].values', message: "Required value: must be specified when `operator` is 'In' or 'NotIn'" }]],
  ])('%s', (_, spec, errors) => {
    expect(validatePodDisruptionBudgetSpec({ selector: sel, ...spec })).toEqual(errors);
  });
  test('at 1.33 an IntOrString prints in Go syntax (%#v), as ErrorBody did before 1.34', () => {
    expect(withConfiguration({ kubernetesVersion: '1.33' }, () => validatePodDisruptionBudgetSpec({ minAvailable: '50' }))).toEqual([
      { field: 'spec.minAvailable', message: `Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"50"}: ${PERCENT}` }]);
    expect(withConfiguration({ kubernetesVersion: '1.33' }, () => validatePodDisruptionBudgetSpec({ minAvailable: '150%' }))).toEqual([
      { field: 'spec.minAvailable', message: 'Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"150%"}: must not be greater than 100%' }]);
  });
});

describe('the metadata: checked by the create path only when the spec is valid, as a path segment', () => {
  const budget = (metadata: object, spec: object = { minAvailable: 1, selector: sel }) => ({ apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata, spec });
  test('any name that is a path segment is accepted; a finalizer need not be a standard one', () => {
    expect(validatePodDisruptionBudget(budget({ name: 'Bad_Name', finalizers: ['custom'] }))).toEqual([]);
    expect(validatePodDisruptionBudget(budget({ name: 'a/b' }))).toEqual([{ field: 'metadata.name', message: 'Invalid value: "a/b": may not contain \'/\'' }]);
    expect(validatePodDisruptionBudget(budget({ name: '..' }))).toEqual([{ field: 'metadata.name', message: 'Invalid value: "..": may not be \'..\'' }]);
    expect(validatePodDisruptionBudget(budget({}))).toEqual([{ field: 'metadata.name', message: 'Required value: name or generateName is required' }]);
  });
  test('a bad label is reported only when the spec is valid (BeforeCreate stops at the strategy\'s errors)', () => {
    expect(validatePodDisruptionBudget(budget({ name: 'web', labels: { '-bad': 'x' } }))).toHaveLength(1);
    expect(validatePodDisruptionBudget(budget({ name: 'web', labels: { '-bad': 'x' } }, { minAvailable: '50' })).map((e) => e.field)).toEqual(['spec.minAvailable']);
  });
  test('validate() reaches it, after the decoder\'s type check (an IntOrString is an int32 or a string)', () => {
    expect(validate(budget({ name: 'web' }, { minAvailable: '50' }) as never)).toHaveLength(1);
    expect(validate(budget({ name: 'web' }, { minAvailable: 1.5 }) as never)).toEqual([{ field: 'spec.minAvailable', message: 'expected an integer, got the number 1.5' }]);
    expect(validate(budget({ name: 'web' }, { minAvailable: 3000000000 }) as never)[0].message).toContain('beyond int32');
    expect(validate(budget({ name: 'web' }, { minAvailable: true }) as never)).toEqual([{ field: 'spec.minAvailable', message: 'expected an integer or a string, got the boolean true' }]);
  });
  test('a budget read from a cluster (an update of itself) keeps the selector label values it was stored with', () => {
    const stored = budget({ name: 'web' }, { minAvailable: 1, selector: { matchExpressions: [{ key: 'app', operator: 'In', values: ['-x'] }] } });
    expect(validatePodDisruptionBudget(stored)).toHaveLength(1);
    expect(validatePodDisruptionBudget(stored, true)).toEqual([]);
  });
  test('nameIsPathSegment: prefix (generateName) names are not held to the exact `.` and `..`', () => {
    expect(nameIsPathSegment('.', true)).toEqual([]);
    expect(nameIsPathSegment('a%b/', false)).toEqual(["may not contain '/'", "may not contain '%'"]);
  });
});

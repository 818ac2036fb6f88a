// Release delta (issue 21): Gt/Lt tolerations, the TaintTolerationComparisonOperators gate, alpha and off from 1.35
// (kubernetes/kubernetes #134665, KEP-5471). staging/src/k8s.io/api/core/v1/toleration.go compareNumericValues: Lt
// matches when the taint's value is below the toleration's, Gt when it is above; pkg/apis/core/validation
// validateTolerations refuses Lt/Gt while the gate is off (NotSupported), as 1.34 always does.
import { configure, resetConfiguration, validate, withConfiguration } from '../../src';
import { failure, node, pod } from '../fixtures';

afterEach(() => resetConfiguration());

const lt = pod('batch', [{ key: 'slo', operator: 'Lt' as never, value: '100', effect: 'NoSchedule' }]);
const slo = (value: string) => node('n', [{ key: 'slo', value, effect: 'NoSchedule' }]);
// 1.34 knows two operators; 1.35 lists all four while its gate is off (validation.go validateTolerations at each tag)
const refused134 = 'spec.tolerations[0].operator: Unsupported value: "Lt": supported values: "Equal", "Exists"';
const refused135 = 'spec.tolerations[0].operator: Unsupported value: "Lt": supported values: "Equal", "Exists", "Lt", "Gt" (Lt and Gt are accepted only with the TaintTolerationComparisonOperators feature gate (alpha); configure({ featureGates: { TaintTolerationComparisonOperators: true } }) turns it on)';
const errors = (o: object) => validate(o as never).map((e) => `${e.field}: ${e.message}`);

test('1.34: Lt is refused, and the gate does not exist to turn on', () => {
  withConfiguration({ kubernetesVersion: '1.34' }, () => {
    expect(errors(lt)).toEqual([refused134]);
    const message = failure(() => expect(lt).toBeSchedulableOn(slo('50')));
    expect(message).toContain(refused134);
    expect(message).not.toContain('feature gate');
  });
  expect(() => configure({ kubernetesVersion: '1.34', featureGates: { TaintTolerationComparisonOperators: true } })).toThrow(
    'configure: unrecognized feature gate TaintTolerationComparisonOperators in Kubernetes 1.34 (it exists from 1.35)');
  configure({ kubernetesVersion: '1.35', featureGates: { TaintTolerationComparisonOperators: true } });
  expect(() => configure({ kubernetesVersion: '1.34' })).toThrow('unrecognized feature gate TaintTolerationComparisonOperators in Kubernetes 1.34');
});

test('1.35: refused while the alpha gate is off; with it on, Lt tolerates a smaller taint value only', () => {
  withConfiguration({ kubernetesVersion: '1.35' }, () => expect(errors(lt)).toEqual([refused135]));
  withConfiguration({ kubernetesVersion: '1.35', featureGates: { TaintTolerationComparisonOperators: true } }, () => {
    expect(validate(lt)).toEqual([]);
    expect(lt).toBeSchedulableOn(slo('50'));
    expect(lt).not.toBeSchedulableOn(slo('150'));
  });
});

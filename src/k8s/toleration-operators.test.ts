// Lt/Gt tolerations (KEP-5471, kubernetes#134665) are new in 1.35, behind TaintTolerationComparisonOperators
// (alpha, off). Before 1.35 they are unknown operators: v1.34.4's ValidateTolerations answers NotSupported with the two
// operators of old, and its Toleration.ToleratesTaint(taint) has no Lt/Gt case, so they never match, even with the
// setting on. 1.33 is the same as 1.34 (it is out of range below). Checked against oracle/k8s-1.34 and k8s-1.35.
import { describe, expect, it } from '@jest/globals';
import { configure, resetConfiguration, withConfiguration } from '../core/config';
import { toleratesTaint } from './toleration';
import { validate } from '../engine/validate';
import { failure, node, pod } from '../../test/fixtures';

const lt = { key: 'generation', operator: 'Lt', value: '5', effect: 'NoSchedule' } as const;
const taint = { key: 'generation', value: '3', effect: 'NoSchedule' } as const;

describe('Lt/Gt tolerations before and after 1.35', () => {
  it('1.34: an unknown operator, never tolerating', () => {
    withConfiguration({ kubernetesVersion: '1.34' }, () => {
      expect(validate([lt]).map((e) => `${e.field}: ${e.message}`)).toEqual(['tolerations[0].operator: Unsupported value: "Lt": supported values: "Equal", "Exists"']);
      expect(toleratesTaint(lt, taint, true)).toBe(false);
    });
  });
  it('1.35: the gated pair, matching with the gate on (taint 3 < 5)', () => {
    withConfiguration({ kubernetesVersion: '1.35' }, () => {
      expect(validate([lt])[0].message).toMatch(/^Unsupported value: "Lt": supported values: "Equal", "Exists", "Lt", "Gt"/);
      expect(toleratesTaint(lt, taint, true)).toBe(true);
    });
  });
});

describe('the TaintTolerationComparisonOperators gate', () => {
  afterEach(() => resetConfiguration());
  it('does not exist before 1.35: configure refuses it, as kube-apiserver refuses an unrecognized gate', () => {
    expect(() => configure({ kubernetesVersion: '1.34', featureGates: { TaintTolerationComparisonOperators: true } })).toThrow(
      'configure: unrecognized feature gate TaintTolerationComparisonOperators in Kubernetes 1.34 (it exists from 1.35)');
    configure({ kubernetesVersion: '1.35', featureGates: { TaintTolerationComparisonOperators: true } });
    expect(() => configure({ kubernetesVersion: '1.34' })).toThrow('unrecognized feature gate TaintTolerationComparisonOperators in Kubernetes 1.34');
  });
  it('a matcher at 1.34 says the operator is unknown, with no gate to suggest', () => {
    const batch = pod('batch', [{ ...lt }]);
    const message = withConfiguration({ kubernetesVersion: '1.34' }, () => failure(() => expect(batch).toBeSchedulableOn(node('n', [taint]))));
    expect(message).toContain('spec.tolerations[0].operator: Unsupported value: "Lt": supported values: "Equal", "Exists"');
    expect(message).not.toContain('feature gate');
  });
  it('at 1.35 with the gate on, Lt tolerates a smaller taint value only', () => {
    withConfiguration({ kubernetesVersion: '1.35', featureGates: { TaintTolerationComparisonOperators: true } }, () => {
      expect(pod('batch', [{ ...lt }])).toBeSchedulableOn(node('n', [taint]));
      expect(pod('batch', [{ ...lt }])).not.toBeSchedulableOn(node('n', [{ ...taint, value: '7' }]));
    });
  });
});

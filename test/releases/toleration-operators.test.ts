// Lt/Gt tolerations (KEP-5471, kubernetes#134665) are new in 1.35, behind TaintTolerationComparisonOperators
// (alpha, off). Before 1.35 they are unknown operators: v1.34.4's ValidateTolerations answers NotSupported with the two
// operators of old, and its Toleration.ToleratesTaint(taint) has no Lt/Gt case, so they never match, even with the
// setting on. 1.33 is the same as 1.34 (it is out of range below). Checked against oracle/k8s-1.34 and k8s-1.35.
import { describe, expect, it } from '@jest/globals';
import { toleratesTaint, validate, withConfiguration } from '../../src';

const lt = { key: 'generation', operator: 'Lt', value: '5', effect: 'NoSchedule' } as const;
const taint = { key: 'generation', value: '3', effect: 'NoSchedule' } as const;

describe('Lt/Gt tolerations before and after 1.35', () => {
  it('1.34: an unknown operator, never tolerating', () => {
    withConfiguration({ kubernetesVersion: '1.34', featureGates: { TaintTolerationComparisonOperators: true } }, () => {
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

// PriorityClass validation and the system classes. Conformance: pkg/apis/scheduling/validation/validation_test.go
// TestValidatePriorityClass (the same cases at v1.33.13, v1.34.4, v1.35.4, v1.36.3 and v1.37.2) and
// pkg/apis/scheduling/v1/helpers.go (identical at those tags).
import { KUBERNETES_VERSIONS, withConfiguration } from '../core/config';
import { validateObject } from './validation-workloads';
import { podPriority, SYSTEM_PRIORITY_CLASSES, validatePriorityClass, type PriorityClass } from './priority';

const pc = (name: string, value: number, extra: Partial<PriorityClass> = {}, namespace?: string): PriorityClass =>
  ({ apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name, ...(namespace ? { namespace } : {}) }, value, ...extra });

describe.each(KUBERNETES_VERSIONS)('TestValidatePriorityClass at %s', (release) => {
  const errors = (o: PriorityClass) => withConfiguration({ kubernetesVersion: release }, () => validateObject(o as never, false));
  test('successCases', () => {
    expect(errors(pc('tier1', 100))).toEqual([]); // no description
    expect(errors(pc('tier1', 200, { globalDefault: false, description: 'Used for the highest priority pods.' }))).toEqual([]);
    expect(errors(pc('system-node-critical', 2000001000, { description: 'system priority class 0' }))).toEqual([]);
  });
  test('errorCases', () => {
    expect(errors(pc('tier&1', 100))).toEqual([{ field: 'metadata.name', message: expect.stringMatching(/^Invalid value: "tier&1": a lowercase RFC 1123 subdomain/) }]);
    // "incorrect system class name": a system name with another value
    expect(errors(pc('system-node-critical', 0))).toEqual([{ field: 'metadata.name',
      message: "Forbidden: priority class names with 'system-' prefix are reserved for system use only. error: value of system-node-critical PriorityClass must be 2000001000" }]);
    // "incorrect system class value": the system value under another system- name
    expect(errors(pc('system-something', 2000001000))).toEqual([{ field: 'metadata.name',
      message: "Forbidden: priority class names with 'system-' prefix are reserved for system use only. error: system-something is not a known system priority class" }]);
  });
  test('"with namespace": ValidatePriorityClass alone refuses it, the create path clears it first (rest/meta.go EnsureObjectNamespaceMatchesRequestNamespace)', () => {
    expect(errors(pc('tier1', 100, {}, 'foo'))).toEqual([]);
  });
});

// validation.go ValidatePriorityClass: the rest of its branches, texts byte for byte
describe('ValidatePriorityClass: value, globalDefault of a system class, preemptionPolicy', () => {
  test('a user value above 1000000000 is forbidden; negative values are allowed (the overprovisioning pattern)', () => {
    expect(validatePriorityClass(pc('huge', 1000000001))).toEqual([{ field: 'value', message: 'Forbidden: maximum allowed value of a user defined priority is 1000000000' }]);
    expect(validatePriorityClass(pc('max', 1000000000))).toEqual([]);
    expect(validatePriorityClass(pc('overprovisioning', -10))).toEqual([]);
  });
  test('a system class marked globalDefault is forbidden', () => {
    expect(validatePriorityClass(pc('system-cluster-critical', 2000000000, { globalDefault: true }))).toEqual([{ field: 'metadata.name',
      message: "Forbidden: priority class names with 'system-' prefix are reserved for system use only. error: globalDefault of system-cluster-critical PriorityClass must be false" }]);
  });
  test('preemptionPolicy: the two policies; "" required; another unsupported (ValidatePreemptionPolicy)', () => {
    expect(validatePriorityClass(pc('a', 1, { preemptionPolicy: 'Never' }))).toEqual([]);
    expect(validatePriorityClass(pc('a', 1, { preemptionPolicy: 'PreemptLowerPriority' }))).toEqual([]);
    expect(validatePriorityClass(pc('a', 1, { preemptionPolicy: '' }))).toEqual([{ field: 'preemptionPolicy', message: 'Required value' }]);
    expect(validatePriorityClass(pc('a', 1, { preemptionPolicy: 'Always' }))).toEqual([{ field: 'preemptionPolicy',
      message: 'Unsupported value: "Always": supported values: "PreemptLowerPriority", "Never"' }]);
  });
});

describe('the system classes (pkg/apis/scheduling/v1/helpers.go systemPriorityClasses)', () => {
  test('names, values, descriptions; valid as they are', () => {
    expect(SYSTEM_PRIORITY_CLASSES.map((c) => [c.metadata?.name, c.value, c.globalDefault ?? false])).toEqual([
      ['system-node-critical', 2000001000, false],
      ['system-cluster-critical', 2000000000, false],
    ]);
    for (const c of SYSTEM_PRIORITY_CLASSES) expect(validatePriorityClass(c)).toEqual([]);
  });
});

// component-helpers scheduling/corev1/helpers.go PodPriority
test('a pod\'s priority is spec.priority, 0 when unset', () => {
  expect(podPriority({ spec: { containers: [], priority: 7 } })).toBe(7);
  expect(podPriority({ spec: { containers: [] } })).toBe(0);
  expect(podPriority({})).toBe(0);
});

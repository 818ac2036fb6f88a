// The annotations the API server checks against a pod's spec (validation-annotations.ts): cases after validation_test.go
// TestValidatePod ("AppArmor profile must apply to a container", "AppArmor profile format must be valid", "only default
// AppArmor profile may start with runtime/", "mismatched AppArmor field and annotation types", "must match seccomp
// profile type and pod annotation", "must be a non-empty container profile in seccomp annotation", the
// pod-deletion-cost cases), TestValidateSeccompAnnotationsAndFieldsMatch and TestValidateAppArmorProfileFormat; the same
// code at v1.33.13 … v1.37.2. Reached by the create oracle through test/oracle/generators-podfields.ts.
import { withConfiguration, type KubernetesVersion } from '../core/config';
import { validateObject } from './validation-workloads';

const lines = (errs: Array<{ field: string; message: string }>) => errs.map((e) => `${e.field}: ${e.message}`);
const at = <T>(version: KubernetesVersion, f: () => T) => withConfiguration({ kubernetesVersion: version }, f);
const APPARMOR = 'container.apparmor.security.beta.kubernetes.io/';
const SECCOMP = 'container.seccomp.security.alpha.kubernetes.io/';

const pod = (annotations: Record<string, string>, spec: Record<string, unknown> = {}) => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default', annotations },
  spec: { containers: [{ name: 'ctr', image: 'app:1' }], ...spec },
});
const deployment = (annotations: Record<string, string>, spec: Record<string, unknown> = {}) => ({
  apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' },
  spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' }, annotations }, spec: { containers: [{ name: 'ctr', image: 'app:1' }], ...spec } } },
});
const errors = (object: object, version: KubernetesVersion = '1.37') => at(version, () => lines(validateObject(object as never, false)));

describe('ValidatePodSpecificAnnotations', () => {
  test.each<[string, Record<string, string>, Record<string, unknown>, string[]]>([
    ['an AppArmor annotation for each container', { [`${APPARMOR}ctr`]: 'runtime/default', [`${APPARMOR}init-ctr`]: 'localhost/prof' }, { initContainers: [{ name: 'init-ctr', image: 'i' }] }, []],
    ['one for a container the pod lacks', { [`${APPARMOR}fake-ctr`]: 'runtime/default' }, {},
      [`metadata.annotations[${APPARMOR}fake-ctr]: Invalid value: "fake-ctr": container not found`]],
    ['a bad profile name', { [`${APPARMOR}ctr`]: 'bad-name' }, {},
      [`metadata.annotations[${APPARMOR}ctr]: Invalid value: "bad-name": invalid AppArmor profile name: "bad-name"`]],
    ['runtime/ other than runtime/default', { [`${APPARMOR}ctr`]: 'runtime/foo' }, {},
      [`metadata.annotations[${APPARMOR}ctr]: Invalid value: "runtime/foo": invalid AppArmor profile name: "runtime/foo"`]],
    ['seccomp annotations with valid profiles', { 'seccomp.security.alpha.kubernetes.io/pod': 'docker/default', [`${SECCOMP}ctr`]: 'localhost/audit.json' }, {}, []],
    // the seccomp annotations' paths are a Child of the annotations, not a Key (ValidateSeccompPodAnnotations)
    ['an empty container seccomp profile', { [`${SECCOMP}foo`]: '' }, {},
      [`metadata.annotations.${SECCOMP}foo: Invalid value: "": must be a valid seccomp profile`]],
    ['a localhost seccomp profile with a backstep', { 'seccomp.security.alpha.kubernetes.io/pod': 'localhost/../x' }, {},
      [`metadata.annotations.seccomp.security.alpha.kubernetes.io/pod: Invalid value: "../x": must not contain '..'`]],
    ['a pod deletion cost', { 'controller.kubernetes.io/pod-deletion-cost': '-2147483648' }, {}, []],
    ...['text', '008', '+10', '2147483648'].map((v): [string, Record<string, string>, Record<string, unknown>, string[]] =>
      [`a pod deletion cost of ${v}`, { 'controller.kubernetes.io/pod-deletion-cost': v }, {},
        [`metadata.annotations[controller.kubernetes.io/pod-deletion-cost]: Invalid value: "${v}": must be a 32bit integer`]]),
    ['a mirror pod annotation without spec.nodeName', { 'kubernetes.io/config.mirror': 'abc' }, {},
      ['metadata.annotations[kubernetes.io/config.mirror]: Invalid value: "abc": must set spec.nodeName if mirror pod annotation is set']],
    ['a mirror pod annotation with spec.nodeName', { 'kubernetes.io/config.mirror': 'abc' }, { nodeName: 'n1' }, []],
  ])('a Pod with %s', (_, annotations, spec, want) => {
    expect(errors(pod(annotations, spec))).toEqual(want);
  });

  test('a template: the same checks under spec.template.annotations', () => {
    expect(errors(deployment({ [`${APPARMOR}fake-ctr`]: 'runtime/default', 'controller.kubernetes.io/pod-deletion-cost': 'x' }))).toEqual([
      'spec.template.annotations[controller.kubernetes.io/pod-deletion-cost]: Invalid value: "x": must be a 32bit integer',
      `spec.template.annotations[${APPARMOR}fake-ctr]: Invalid value: "fake-ctr": container not found`,
    ]);
  });
});

describe('the deprecated annotations against the fields, on create', () => {
  test.each<[string, Record<string, string>, Record<string, unknown>, string[]]>([
    ['an AppArmor annotation the container field contradicts', { [`${APPARMOR}ctr`]: 'runtime/default' },
      { containers: [{ name: 'ctr', image: 'app:1', securityContext: { appArmorProfile: { type: 'Unconfined' } } }] },
      ['spec.containers[0].securityContext.appArmorProfile.type: Forbidden: apparmor type in annotation and field must match']],
    ['a Localhost profile other than the annotation\'s', { [`${APPARMOR}ctr`]: 'localhost/a' },
      { containers: [{ name: 'ctr', image: 'app:1', securityContext: { appArmorProfile: { type: 'Localhost', localhostProfile: 'b' } } }] },
      ['spec.containers[0].securityContext.appArmorProfile.localhostProfile: Forbidden: apparmor profile in annotation and field must match']],
    // PrepareForCreate copies a valid annotation to the container's field (applyAppArmorVersionSkew): no mismatch
    ['an AppArmor annotation other than the pod\'s profile, the container without one', { [`${APPARMOR}ctr`]: 'runtime/default' },
      { securityContext: { appArmorProfile: { type: 'Unconfined' } } }, []],
    // an invalid annotation is not copied: the pod's profile is the container's, and the two differ
    ['a bad AppArmor annotation under a pod profile', { [`${APPARMOR}ctr`]: 'bogus' },
      { securityContext: { appArmorProfile: { type: 'RuntimeDefault' } } },
      [`metadata.annotations[${APPARMOR}ctr]: Invalid value: "bogus": invalid AppArmor profile name: "bogus"`,
        'spec.containers[0].securityContext.appArmorProfile.type: Forbidden: apparmor type in annotation and field must match']],
    ['a windows pod: the AppArmor match is not checked', { [`${APPARMOR}ctr`]: 'runtime/default' },
      { os: { name: 'windows' }, containers: [{ name: 'ctr', image: 'app:1' }] }, []],
    ['the pod seccomp annotation against the pod field', { 'seccomp.security.alpha.kubernetes.io/pod': 'unconfined' },
      { securityContext: { seccompProfile: { type: 'RuntimeDefault' } } },
      ['spec.securityContext.seccompProfile.type: Forbidden: seccomp type in annotation and field must match']],
    ['docker/default for RuntimeDefault', { 'seccomp.security.alpha.kubernetes.io/pod': 'docker/default' },
      { securityContext: { seccompProfile: { type: 'RuntimeDefault' } } }, []],
    ['a container seccomp annotation against the container field', { [`${SECCOMP}ctr`]: 'localhost/a.json' },
      { containers: [{ name: 'ctr', image: 'app:1', securityContext: { seccompProfile: { type: 'Localhost', localhostProfile: 'b.json' } } }] },
      ['spec.containers[0].securityContext.seccompProfile.localhostProfile: Forbidden: seccomp profile in annotation and field must match']],
  ])('a Pod with %s', (_, annotations, spec, want) => {
    expect(errors(pod(annotations, spec))).toEqual(want);
  });

  test('a template is checked as written: no annotation is copied to a field', () => {
    expect(errors(deployment({ [`${APPARMOR}ctr`]: 'runtime/default' }, { securityContext: { appArmorProfile: { type: 'Unconfined' } } }))).toEqual([
      'spec.template.spec.containers[0].securityContext.appArmorProfile.type: Forbidden: apparmor type in annotation and field must match',
    ]);
  });

  test('at 1.33 the field is copied to a missing annotation first (withAppArmorAnnotations): it matches', () => {
    const spec = { containers: [{ name: 'ctr', image: 'app:1', securityContext: { appArmorProfile: { type: 'Localhost', localhostProfile: 'p' } } }] };
    expect(errors(pod({}, spec), '1.33')).toEqual([]);
  });
});

// Before 1.34 a StatefulSet's template spec is not validated on create (the oracle's create domain: accepted), so the
// annotation is checked against the field when the controller creates each Pod (ValidatePodCreate), which is refused
test("a StatefulSet's template at 1.33: its Pods are refused, the set is not", () => {
  const sts = {
    apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'web', namespace: 'default' },
    spec: { serviceName: 'web', selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' }, annotations: { 'seccomp.security.alpha.kubernetes.io/pod': 'unconfined' } },
      spec: { securityContext: { seccompProfile: { type: 'RuntimeDefault' } }, containers: [{ name: 'ctr', image: 'app:1' }] } } },
  };
  expect(errors(sts, '1.33')).toEqual([
    'spec.template.spec.securityContext.seccompProfile.type: Forbidden: seccomp type in annotation and field must match (the API server accepts the StatefulSet but refuses every Pod it creates)',
  ]);
  expect(errors(sts, '1.34')).toEqual(['spec.template.spec.securityContext.seccompProfile.type: Forbidden: seccomp type in annotation and field must match']);
});

// ValidateTolerationsInPodAnnotations (pkg/apis/core/validation/validation.go, the same at v1.33.13 … v1.37.2; upstream
// has no test of its own for it): the annotation decoded by helper.GetTolerationsFromPodAnnotations (json.Unmarshal,
// go-json.ts), its error at the annotations with the key as the value, else ValidateTolerations under a Child path.
describe('the scheduler.alpha.kubernetes.io/tolerations annotation', () => {
  const KEY = 'scheduler.alpha.kubernetes.io/tolerations';
  test.each<[string, string, string[]]>([
    ['a valid list', '[{"key":"dedicated","operator":"Equal","value":"gpu","effect":"NoSchedule"}]', []],
    ['an empty value (not checked)', '', []],
    ['null', 'null', []],
    ['an Equals operator', '[{"key":"dedicated","operator":"Equals","value":"gpu"}]',
      [`metadata.annotations.${KEY}[0].operator: Unsupported value: "Equals": supported values: "Equal", "Exists"`]],
    ['a misspelt effect (the hint is the library\'s)', '[{"operator":"Exists","effect":"NoSchedul"}]',
      [`metadata.annotations.${KEY}[0].effect: Unsupported value: "NoSchedul": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute" (did you mean NoSchedule?)`]],
    ['a null item (a zero Toleration)', '[null]',
      [`metadata.annotations.${KEY}[0].operator: Invalid value: "": operator must be Exists when \`key\` is empty, which means "match all values and all keys"`]],
    ['a trailing comma', '[{"key":"a","operator":"Exists",}]',
      [`metadata.annotations: Invalid value: "${KEY}": invalid character '}' looking for beginning of object key string`]],
    ['an object instead of a list', '{"key":"a","operator":"Exists"}',
      [`metadata.annotations: Invalid value: "${KEY}": json: cannot unmarshal object into Go value of type []core.Toleration`]],
    ['tolerationSeconds as a string', '[{"key":"a","operator":"Exists","effect":"NoExecute","tolerationSeconds":"30"}]',
      [`metadata.annotations: Invalid value: "${KEY}": json: cannot unmarshal string into Go struct field Toleration.TolerationSeconds of type int64`]],
  ])('a Pod with %s', (_, value, want) => {
    expect(errors(pod({ [KEY]: value }))).toEqual(want);
  });

  test('a template: under spec.template.annotations, at every release', () => {
    for (const version of ['1.33', '1.34', '1.35', '1.36', '1.37'] as const) {
      expect(errors(deployment({ [KEY]: '[{"key":"a","operator":"Equals"}]' }), version)).toEqual([
        `spec.template.annotations.${KEY}[0].operator: Unsupported value: "Equals": supported values: "Equal", "Exists"`,
      ]);
    }
  });

  test('Lt and Gt: refused without the gate (the annotation gets the same options as spec.tolerations)', () => {
    const [e] = errors(pod({ [KEY]: '[{"key":"a","operator":"Lt","value":"5"}]' }));
    expect(e).toMatch(new RegExp(`^metadata\\.annotations\\.${KEY.replace(/\./g, '\\.')}\\[0\\]\\.operator: Unsupported value: "Lt": supported values: "Equal", "Exists", "Lt", "Gt"`));
    expect(at('1.37', () => lines(validateObject(pod({ [KEY]: '[{"key":"a","operator":"Lt","value":"5"}]' }) as never, true)))).toEqual([]);
  });
});

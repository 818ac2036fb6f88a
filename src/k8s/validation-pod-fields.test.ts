// dnsConfig, resizePolicy, readinessGates (validation-pod-fields.ts), a sleep action's seconds (validation-handlers.ts)
// and ephemeral containers (validation-pod.ts validateEphemeralContainers), with the exact lists the API server
// returns; cases after validation_test.go TestValidatePodDNSConfig, TestValidatePodDNSConfigWithRelaxedSearchDomain,
// TestValidateResizePolicy, TestValidateInitContainers ("RestartContainer" for a non-sidecar), TestValidateSleepAction,
// TestValidatePodReadinessGates and TestValidateEphemeralContainers.
import { withConfiguration, type KubernetesVersion } from '../core/config';
import { validatePodSpec, validatePodTemplateSpec } from './validation-pod';
import { validatePodDNSConfig, validateResizePolicy } from './validation-pod-fields';

const lines = (errs: Array<{ field: string; message: string }>) => errs.map((e) => `${e.field}: ${e.message}`);
const at = <T>(version: KubernetesVersion, f: () => T) => withConfiguration({ kubernetesVersion: version }, f);
const POD = { isPod: true, comparisonOperators: false };
const c = (x: object = {}) => ({ name: 'c', image: 'nginx', ...x });
const pod = (spec: object) => lines(validatePodSpec({ containers: [c()], ...spec } as never, 'spec', POD));

describe('validatePodDNSConfig', () => {
  const run = (spec: object) => lines(validatePodDNSConfig(spec, 'spec'));
  test.each<[string, object, string[]]>([
    ['valid: empty DNSConfig', { dnsConfig: {} }, []],
    ['valid: DNSNone with 1 nameserver', { dnsPolicy: 'None', dnsConfig: { nameservers: ['1.2.3.4'] } }, []],
    ['valid: 1 search path with trailing period, an underscore, a dot alone', { dnsConfig: { searches: ['custom.', '_sip._tcp.abc_d.example.com', '.'] } }, []],
    ['invalid: DNSNone without a dnsConfig', { dnsPolicy: 'None' }, ['spec.dnsConfig: Required value: must provide `dnsConfig` when `dnsPolicy` is None']],
    ['invalid: DNSNone with 0 nameserver (nothing else checked)', { dnsPolicy: 'None', dnsConfig: { searches: ['Bad'] } },
      ['spec.dnsConfig.nameservers: Required value: must provide at least one DNS nameserver when `dnsPolicy` is None']],
    ['invalid: 4 nameservers', { dnsConfig: { nameservers: ['1.2.3.4', '1.2.3.5', '1.2.3.6', '1.2.3.7'] } },
      ['spec.dnsConfig.nameservers: Invalid value: ["1.2.3.4","1.2.3.5","1.2.3.6","1.2.3.7"]: must not have more than 3 nameservers']],
    ['invalid nameserver', { dnsConfig: { nameservers: ['invalid'] } }, ['spec.dnsConfig.nameservers[0]: Invalid value: "invalid": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)']],
    ['invalid empty option name', { dnsConfig: { options: [{ value: '2' }] } }, ['spec.dnsConfig.options[0]: Required value: must not be empty']],
  ])('%s', (_n, spec, expected) => expect(run(spec)).toEqual(expected));

  test('invalid: 33 search paths, 2049 characters', () => {
    const searches = Array.from({ length: 33 }, (_, i) => `s${i}`);
    expect(run({ dnsConfig: { searches } })).toEqual([`spec.dnsConfig.searches: Invalid value: ${JSON.stringify(searches)}: must not have more than 32 search paths`]);
    const long = ['a'.repeat(63), 'a'.repeat(63)].join('.');
    const many = Array.from({ length: 17 }, () => long); // 17 × 127 + 16 spaces
    expect(run({ dnsConfig: { searches: many } })).toEqual([`spec.dnsConfig.searches: Invalid value: ${JSON.stringify(many)}: must not have more than 2048 characters (including spaces) in the search list`]);
  });

  // v0.33.13's IsDNS1123SubdomainWithUnderscore quotes the regex without the underscore
  test.each<[KubernetesVersion, string]>([
    ['1.33', '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*'],
    ['1.34', '_?[a-z0-9]([-_a-z0-9]*[a-z0-9])?(\\._?[a-z0-9]([-_a-z0-9]*[a-z0-9])?)*'],
    ['1.37', '_?[a-z0-9]([-_a-z0-9]*[a-z0-9])?(\\._?[a-z0-9]([-_a-z0-9]*[a-z0-9])?)*'],
  ])('invalid search path at %s', (version, regex) => {
    expect(at(version, () => run({ dnsConfig: { searches: ['Example.COM.'] } }))).toEqual([
      `spec.dnsConfig.searches[0]: Invalid value: "Example.COM": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '_', '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '${regex}')`,
    ]);
  });

  test('through validatePodSpec', () => {
    expect(pod({ dnsPolicy: 'None' })).toEqual(['spec.dnsConfig: Required value: must provide `dnsConfig` when `dnsPolicy` is None']);
  });
});

describe('validateResizePolicy', () => {
  const run = (resizePolicy: object[], restartPolicy = 'Always') => lines(validateResizePolicy({ resizePolicy }, 'c', restartPolicy));
  test.each<[string, object[], string[]]>([
    ['ValidCPUandMemoryPolicies', [{ resourceName: 'cpu', restartPolicy: 'NotRequired' }, { resourceName: 'memory', restartPolicy: 'RestartContainer' }], []],
    ['ValidCPUandInvalidMemoryPolicy', [{ resourceName: 'cpu', restartPolicy: 'NotRequired' }, { resourceName: 'memory', restartPolicy: 'Restarrrt' }],
      ['c.resizePolicy: Unsupported value: "Restarrrt": supported values: "NotRequired", "RestartContainer"']],
    ['InvalidResourceNameValidPolicy', [{ resourceName: 'cpuuu', restartPolicy: 'NotRequired' }], ['c.resizePolicy: Unsupported value: "cpuuu": supported values: "cpu", "memory"']],
    ['ValidResourceNameMissingPolicy', [{ resourceName: 'memory', restartPolicy: '' }], ['c.resizePolicy: Required value']],
    ['InvalidResourceNameMissingPolicy (both)', [{}], ['c.resizePolicy: Required value', 'c.resizePolicy: Required value']],
    ['RepeatedPolicies', [{ resourceName: 'cpu', restartPolicy: 'NotRequired' }, { resourceName: 'cpu', restartPolicy: 'RestartContainer' }], ['c.resizePolicy[1]: Duplicate value: "cpu"']],
  ])('%s', (_n, policies, expected) => expect(run(policies)).toEqual(expected));

  // a Stringer before 1.34 (unquoted), "pod `restartPolicy`" from 1.36
  test.each<[KubernetesVersion, string[]]>([
    ['1.33', ['c.resizePolicy: Unsupported value: gpu: supported values: "cpu", "memory"', "c.resizePolicy: Invalid value: \"RestartContainer\": must be 'NotRequired' when `restartPolicy` is 'Never'"]],
    ['1.35', ['c.resizePolicy: Unsupported value: "gpu": supported values: "cpu", "memory"', "c.resizePolicy: Invalid value: \"RestartContainer\": must be 'NotRequired' when `restartPolicy` is 'Never'"]],
    ['1.36', ['c.resizePolicy: Unsupported value: "gpu": supported values: "cpu", "memory"', "c.resizePolicy: Invalid value: \"RestartContainer\": must be 'NotRequired' when pod `restartPolicy` is 'Never'"]],
  ])('by release: %s', (version, expected) => {
    expect(at(version, () => run([{ resourceName: 'gpu', restartPolicy: 'RestartContainer' }], 'Never'))).toEqual(expected);
  });

  // validateInitContainers: a classic init container may not restart on resize (new in v1.36), a sidecar may
  test.each<[KubernetesVersion, string[]]>([
    ['1.35', []],
    ['1.36', ["spec.initContainers[0].resizePolicy[0].restartPolicy: Invalid value: \"RestartContainer\": must not be set to 'RestartContainer' for non-sidecar initContainers"]],
  ])('a non-sidecar init container at %s', (version, expected) => {
    const init = (restartPolicy?: string) => [c({ name: 'i', restartPolicy, resizePolicy: [{ resourceName: 'cpu', restartPolicy: 'RestartContainer' }] })];
    expect(at(version, () => pod({ initContainers: init() }))).toEqual(expected);
    expect(at(version, () => pod({ initContainers: init('Always') }))).toEqual([]);
  });
});

describe('validateSleepAction', () => {
  const hook = (seconds: number, grace?: number) => pod({ terminationGracePeriodSeconds: grace, containers: [c({ lifecycle: { preStop: { sleep: { seconds } } } })] });
  test.each<[string, number, number | undefined, string[]]>([
    ['valid setting', 5, undefined, []],
    ['sleep duration of zero', 0, 30, []],
    ['zero grace period duration', 0, 0, []],
    ['negative seconds', -1, 30, ['spec.containers[0].lifecycle.preStop.sleep: Invalid value: -1: must be non-negative and less than terminationGracePeriodSeconds (30)']],
    ['longer than gracePeriod', 5, 3, ['spec.containers[0].lifecycle.preStop.sleep: Invalid value: 5: must be non-negative and less than terminationGracePeriodSeconds (3)']],
    // SetDefaults_PodSpec: an unset grace period is 30
    ['longer than the default grace period', 45, undefined, ['spec.containers[0].lifecycle.preStop.sleep: Invalid value: 45: must be non-negative and less than terminationGracePeriodSeconds (30)']],
  ])('%s', (_n, seconds, grace, expected) => expect(hook(seconds, grace)).toEqual(expected));
});

describe('validateReadinessGates', () => {
  test('a conditionType is a qualified name', () => {
    expect(pod({ readinessGates: [{ conditionType: 'example.com/feature-1' }, { conditionType: 'bad gate' }] })).toEqual([
      "spec.readinessGates[1].conditionType: Invalid value: \"bad gate\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
    ]);
  });
});

describe('validateEphemeralContainers', () => {
  const E = 'spec.ephemeralContainers[0]';
  const debug = (x: object = {}) => ({ name: 'debug', image: 'busybox', ...x });
  test.each<[string, object, string[]]>([
    ['Single Container with Target', debug({ targetContainerName: 'c' }), []],
    ['Name Collision with Container.Containers', debug({ name: 'c' }), [`${E}.name: Duplicate value: "c"`]],
    ['TargetContainerName doesn\'t exist', debug({ targetContainerName: 'bogus' }), [`${E}.targetContainerName: Not found: "bogus"`]],
    ['whitespace padded image name', debug({ image: ' busybox' }), [`${E}.image: Invalid value: " busybox": must not have leading or trailing whitespace`]],
    ['Container uses disallowed field: Ports', debug({ ports: [{ containerPort: 80 }] }), [`${E}.ports: Forbidden: cannot be set for an Ephemeral Container`]],
    ['Container uses disallowed field: Resources', debug({ resources: { limits: { cpu: '1' } } }), [`${E}.resources: Forbidden: cannot be set for an Ephemeral Container`]],
    ['an empty resources is the zero value', debug({ resources: {} }), []],
    ['Disallowed field with other errors should only return a single Forbidden', debug({ lifecycle: { preStop: { exec: { command: [] } } } }),
      [`${E}.lifecycle: Forbidden: cannot be set for an Ephemeral Container`]],
    ['Container uses disallowed field: ResizePolicy', debug({ resizePolicy: [{ resourceName: 'cpu', restartPolicy: 'NotRequired' }] }),
      [`${E}.resizePolicy: Forbidden: cannot be set for an Ephemeral Container`]],
  ])('%s', (_n, ec, expected) => {
    // on create a Pod may not have any (ValidatePodCreate), after the containers' own errors
    expect(pod({ ephemeralContainers: [ec] })).toEqual([...expected, 'spec.ephemeralContainers: Forbidden: cannot be set on create']);
  });
  test('in a pod template: validated, then refused', () => {
    expect(lines(validatePodTemplateSpec({ spec: { containers: [c()], ephemeralContainers: [debug({ name: 'c', ports: [{ containerPort: 80 }] })] } } as never, 'template', { isPod: false, comparisonOperators: false }))).toEqual([
      'template.spec.ephemeralContainers[0].name: Duplicate value: "c"',
      'template.spec.ephemeralContainers[0].ports: Forbidden: cannot be set for an Ephemeral Container',
      'template.spec.ephemeralContainers: Forbidden: ephemeral containers not allowed in pod template',
    ]);
  });
});

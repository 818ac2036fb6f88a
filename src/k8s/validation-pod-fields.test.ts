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

// TestValidatePodSpec's resourceClaims cases and TestValidateResourceRequirements' claims; validatePodResources
describe('resourceClaims and resources.claims (DynamicResourceAllocation, on from 1.34)', () => {
  const claims = { resourceClaims: [{ name: 'gpu', resourceClaimTemplateName: 'gpu-template' }, { name: 'Bad', resourceClaimName: 'a', resourceClaimTemplateName: 'b' }, { name: 'gpu' }] };
  test('the pod\'s claims', () => {
    expect(pod(claims)).toEqual([
      "spec.resourceClaims[1].name: Invalid value: \"Bad\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
      'spec.resourceClaims[1]: Invalid value: {"Name":"Bad","ResourceClaimName":"a","ResourceClaimTemplateName":"b"}: at most one of `resourceClaimName` or `resourceClaimTemplateName` may be specified',
      'spec.resourceClaims[2].name: Duplicate value: "gpu"',
      'spec.resourceClaims[2]: Invalid value: {"Name":"gpu","ResourceClaimName":null,"ResourceClaimTemplateName":null}: must specify one of: `resourceClaimName`, `resourceClaimTemplateName`',
    ]);
  });
  test('a container\'s claims name the pod\'s', () => {
    const spec = { resourceClaims: [{ name: 'gpu', resourceClaimTemplateName: 't' }], containers: [c({ resources: { claims: [{ name: 'gpu', request: 'Big' }, { name: 'gpu' }, { name: 'tpu' }, {}] } })] };
    expect(pod(spec)).toEqual([
      "spec.containers[0].resources.claims[0].request: Invalid value: \"Big\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
      'spec.containers[0].resources.claims[1]: Duplicate value: "gpu"',
      'spec.containers[0].resources.claims[2]: Not found: "tpu": must be one of the names in pod.spec.resourceClaims: gpu',
      'spec.containers[0].resources.claims[3]: Required value',
    ]);
    expect(pod({ containers: [c({ resources: { claims: [{ name: 'gpu' }] } })] })).toEqual(['spec.containers[0].resources.claims[0]: Not found: "gpu": must be one of the names in pod.spec.resourceClaims which is empty']);
  });
  test('dropped at 1.33', () => expect(at('1.33', () => pod(claims))).toEqual([]));
  test('pod-level resources: no claims, pod-level names, request ≤ limit; a windows pod none', () => {
    // (as a multiset: upstream walks the resource maps in Go's random order)
    expect(pod({ resources: { claims: [], limits: { cpu: '1', 'example.com/gpu': '1' }, requests: { cpu: '2', widgets: '1' } } }).sort()).toEqual([
      'spec.resources.claims: Forbidden: claims may not be set for Resources at pod-level',
      'spec.resources.limits[example.com/gpu]: Unsupported value: "example.com/gpu": supported values: "cpu", "hugepages-", "memory"',
      'spec.resources.requests[widgets]: Invalid value: "widgets": must be a standard resource type or fully qualified',
      'spec.resources.requests: Invalid value: "2": must be less than or equal to cpu limit of 1',
    ].sort());
    expect(pod({ os: { name: 'windows' }, resources: { limits: { cpu: '1' } } })).toEqual(['spec.resources: Forbidden: may not be set for a windows pod']);
  });
});

describe('validateContainerRestartPolicy (ContainerRestartRules, on from 1.35)', () => {
  const rules = (restartPolicy: string | undefined, restartPolicyRules: object[]) => pod({ containers: [c({ restartPolicy, restartPolicyRules })] });
  test('rules need a policy, a known action and exit codes', () => {
    expect(rules(undefined, [{ action: 'Restart', exitCodes: { operator: 'In', values: [42] } }])).toEqual(['spec.containers[0].restartPolicy: Required value: must specify restartPolicy when restart rules are used']);
    expect(rules('Never', [{ action: 'Retry', exitCodes: { operator: 'Is', values: [1] } }, { action: 'Restart' }])).toEqual([
      'spec.containers[0].restartPolicyRules[0].action: Unsupported value: "Retry": supported values: "Restart", "RestartAllContainers"',
      'spec.containers[0].restartPolicyRules[0].exitCodes.operator: Unsupported value: "Is": supported values: "In", "NotIn"',
      'spec.containers[0].restartPolicyRules[1].exitCodes: Required value: must be specified',
    ]);
  });
  // RestartAllContainersOnContainerExits: alpha and off at 1.35
  test('RestartAllContainers before 1.36; a sidecar\'s rules', () => {
    expect(at('1.35', () => rules('Never', [{ action: 'RestartAllContainers', exitCodes: { operator: 'In', values: [1] } }])))
      .toEqual(['spec.containers[0].restartPolicyRules[0].action: Unsupported value: "RestartAllContainers": supported values: "Restart"']);
    const sidecar = { initContainers: [c({ name: 'proxy', restartPolicy: 'Always', restartPolicyRules: [{ action: 'Restart', exitCodes: { operator: 'In', values: [1] } }] })] };
    expect(at('1.35', () => pod(sidecar))).toEqual(['spec.initContainers[0].restartPolicyRules: Forbidden: restartPolicyRules are not allowed for init containers with restart policy Always']);
    expect(at('1.36', () => pod(sidecar))).toEqual([]);
  });
});

describe('ValidatePodSpec: names, preemptionPolicy, shareProcessNamespace, hostnameOverride', () => {
  test('the named fields', () => {
    expect(pod({ serviceAccount: 'Builder', runtimeClassName: 'gVisor', preemptionPolicy: 'never' })).toEqual([
      "spec.serviceAccountName: Invalid value: \"Builder\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
      "spec.runtimeClassName: Invalid value: \"gVisor\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
      'spec.preemptionPolicy: Unsupported value: "never": supported values: "PreemptLowerPriority", "Never"',
    ]);
  });
  // the path moved with the host fields out of the internal pod securityContext at 1.37
  test.each<[KubernetesVersion, string]>([['1.36', 'spec.securityContext.shareProcessNamespace'], ['1.37', 'spec.shareProcessNamespace']])('shareProcessNamespace with hostPID at %s', (version, field) => {
    expect(at(version, () => pod({ shareProcessNamespace: true, hostPID: true }))).toEqual([`${field}: Invalid value: true: ShareProcessNamespace and HostPID cannot both be enabled`]);
  });
  test.each<[KubernetesVersion, number]>([['1.34', 0], ['1.35', 3]])('hostnameOverride at %s', (version, count) => {
    expect(at(version, () => pod({ hostnameOverride: 'Web_1', hostNetwork: true, setHostnameAsFQDN: true }))).toHaveLength(count);
  });
});

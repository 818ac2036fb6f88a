// ValidatePodSpec and friends, table-driven. Each case names the upstream function it follows
// (pkg/apis/core/validation/validation.go) and, where ported, the case in validation_test.go.
import { validate } from '../engine/validate';
import { resetConfiguration, withConfiguration } from '../core/config';

afterEach(resetConfiguration);

const pod = (spec: Record<string, unknown>, metadata: Record<string, unknown> = { name: 'p' }) =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata, spec: { containers: [{ name: 'c', image: 'nginx' }], ...spec } }) as never;
const errors = (o: never) => validate(o).map((e) => `${e.field}: ${e.message}`);
const c = (extra: Record<string, unknown>) => ({ name: 'c', image: 'nginx', ...extra });
const gpu = (resources: Record<string, unknown>) => pod({ containers: [c({ resources })] });

test('a complete minimal Pod is accepted', () => expect(errors(pod({}))).toEqual([]));

describe('validateContainers / validateContainerCommon', () => {
  test.each([
    // TestValidateContainers errorCases "zero-length name"
    ['name is required', pod({ containers: [{ image: 'nginx' }] }), 'spec.containers[0].name: Required value'],
    // TestValidateContainers errorCases "zero-length-image"
    ['image is required', pod({ containers: [{ name: 'c' }] }), 'spec.containers[0].image: Required value'],
    ['a name must be a DNS-1123 label', pod({ containers: [c({ name: 'Web' })] }), 'spec.containers[0].name: Invalid value: "Web": a lowercase RFC 1123 label'],
    // validateContainers: names unique
    ['names are unique', pod({ containers: [c({}), c({})] }), 'spec.containers[1].name: Duplicate value: "c"'],
    // validateContainers: len(containers) == 0
    ['containers are required', pod({ containers: [] }), 'spec.containers: Required value'],
    // validateContainerOnlyForPod
    ['a Pod image has no surrounding spaces', pod({ containers: [c({ image: ' nginx' })] }), 'spec.containers[0].image: Invalid value: " nginx": must not have leading or trailing whitespace'],
    ['containerPort is required', pod({ containers: [c({ ports: [{ hostPort: 80 }] })] }), 'spec.containers[0].ports[0].containerPort: Required value'],
    ['hostPort is a port number', pod({ containers: [c({ ports: [{ containerPort: 80, hostPort: 70000 }] })] }), 'spec.containers[0].ports[0].hostPort: Invalid value: 70000: must be between 1 and 65535, inclusive'],
    ['protocol', pod({ containers: [c({ ports: [{ containerPort: 80, protocol: 'tcp' }] })] }), 'spec.containers[0].ports[0].protocol: Unsupported value: "tcp": supported values: "SCTP", "TCP", "UDP"'],
    // checkHostPortConflicts
    ['a host port is used once', pod({ containers: [c({ ports: [{ containerPort: 80, hostPort: 80 }] }), c({ name: 'd', ports: [{ containerPort: 81, hostPort: 80 }] })] }), 'spec.containers[1].ports[0].hostPort: Duplicate value: "TCP//80"'],
    // validatePodHostNetworkDeps
    ['hostNetwork hostPort must equal containerPort', pod({ hostNetwork: true, containers: [c({ ports: [{ containerPort: 80, hostPort: 81 }] })] }), 'spec.containers[0].ports[0].hostPort: Invalid value: 81: must match `containerPort` when `hostNetwork` is true'],
    // ContainerRestartRules, beta (on) from 1.35; the 1.34 answers are tested below
    ['a regular container restartPolicy is Always, Never or OnFailure', pod({ containers: [c({ restartPolicy: 'always' })] }), 'spec.containers[0].restartPolicy: Unsupported value: "always": supported values: "Always", "Never", "OnFailure"'],
    // validateInitContainers
    ['init container restartPolicy is a container restart policy', pod({ initContainers: [c({ name: 'i', restartPolicy: 'onfailure' })] }), 'spec.initContainers[0].restartPolicy: Unsupported value: "onfailure": supported values: "Always", "Never", "OnFailure"'],
    ['init container names do not repeat container names', pod({ initContainers: [c({})] }), 'spec.initContainers[0].name: Duplicate value: "c"'],
  ])('%s', (_name, object, expected) => {
    expect(errors(object).join('\n')).toContain(expected);
  });
  test('1.33 (no ContainerRestartRules gate): no restartPolicy on regular containers, Always only on init containers', () => {
    withConfiguration({ kubernetesVersion: '1.33' }, () => {
      expect(errors(pod({ containers: [c({ restartPolicy: 'Always' })] }))).toContain('spec.containers[0].restartPolicy: Forbidden: may not be set for non-init containers');
      expect(errors(pod({ initContainers: [c({ name: 'i', restartPolicy: 'OnFailure' })] }))).toContain('spec.initContainers[0].restartPolicy: Unsupported value: "OnFailure": supported values: "Always"');
    });
  });
  test('1.34 (ContainerRestartRules alpha, off): the API server drops those restartPolicies before validating (dropContainerRestartRules; the 1.34 oracle)', () => {
    withConfiguration({ kubernetesVersion: '1.34' }, () => {
      expect(errors(pod({ containers: [c({ restartPolicy: 'Always' })] }))).toEqual([]);
      expect(errors(pod({ initContainers: [c({ name: 'i', restartPolicy: 'OnFailure' })] }))).toEqual([]);
    });
  });
});

describe('validateResourceRequirements / ValidateResourceQuantityValue', () => {
  test.each([
    // TestValidateResourceRequirements errorCase "Resources with Requests Larger Than Limits"
    ['requests ≤ limits', gpu({ requests: { cpu: '2' }, limits: { cpu: '1' } }), 'spec.containers[0].resources.requests: Invalid value: "2": must be less than or equal to cpu limit of 1'],
    ['requests ≤ limits, canonical quantities', gpu({ requests: { memory: '1.5Gi' }, limits: { memory: '1Gi' } }), 'spec.containers[0].resources.requests: Invalid value: "1536Mi": must be less than or equal to memory limit of 1Gi'],
    // helper.IsOvercommitAllowed: extended resources may not overcommit
    ['extended resources: requests == limits', gpu({ requests: { 'nvidia.com/gpu': 1 }, limits: { 'nvidia.com/gpu': 2 } }), 'spec.containers[0].resources.requests: Invalid value: "1": must be equal to nvidia.com/gpu limit of 2'],
    ['extended resources need a limit', gpu({ requests: { 'nvidia.com/gpu': 1 } }), 'spec.containers[0].resources.limits: Required value: Limit must be set for non overcommitable resources'],
    // helper.IsIntegerResourceName: extended resources
    ['extended resources are whole numbers', gpu({ limits: { 'nvidia.com/gpu': '500m' } }), 'spec.containers[0].resources.limits[nvidia.com/gpu]: Invalid value: \"500m\": must be an integer'],
    ['quantities are not negative', gpu({ requests: { cpu: '-1' } }), 'spec.containers[0].resources.requests[cpu]: Invalid value: "-1": must be greater than or equal to 0'],
    ['unqualified names are standard resources', gpu({ requests: { gpu: 1 } }), 'spec.containers[0].resources.requests[gpu]: Invalid value: "gpu": must be a standard resource for containers'],
    ['hugepages come in whole pages', gpu({ limits: { 'hugepages-2Mi': '3Mi', memory: '1Gi' } }), 'spec.containers[0].resources.limits[hugepages-2Mi]: Invalid value: "3Mi": 3Mi is not positive integer multiple of hugepages-2Mi'],
    ['hugepages need cpu or memory', gpu({ limits: { 'hugepages-2Mi': '4Mi' } }), 'spec.containers[0].resources: Forbidden: HugePages require cpu or memory'],
    ['an invalid quantity is a decode error', gpu({ limits: { cpu: '1K' } }), `spec.containers[0].resources.limits.cpu: Invalid value: "1K": unable to parse quantity's suffix`],
    // SetDefaults_ResourceList rounds each amount up to milli-units as the API server decodes it: printed so
    ['amounts as rounded up to milli-units', gpu({ requests: { cpu: '2.5m' }, limits: { cpu: '1500u' } }), 'spec.containers[0].resources.requests: Invalid value: "3m": must be less than or equal to cpu limit of 2m'],
    ['an extended resource of 0.5m is 1m', gpu({ limits: { 'example.com/gpu': '0.5m' } }), 'spec.containers[0].resources.limits[example.com/gpu]: Invalid value: "1m": must be an integer'],
  ])('%s', (_name, object, expected) => {
    expect(errors(object).join('\n')).toContain(expected);
  });

  test.each([
    ['a limits-only GPU (requests default to limits)', gpu({ limits: { 'nvidia.com/gpu': 1 } })],
    ['requests == limits', gpu({ requests: { cpu: '500m', 'example.com/foo': '2' }, limits: { cpu: '0.5', 'example.com/foo': 2 } })],
    ['hugepages with memory', gpu({ limits: { 'hugepages-2Mi': '4Mi', memory: '1Gi' } })],
    // resource.Quantity.UnmarshalJSON trims spaces (apimachinery pkg/api/resource/quantity.go)
    ['a quoted quantity with surrounding spaces', gpu({ requests: { cpu: '1 ' }, limits: { cpu: ' 1' } })],
    // 1.9m and 1.5m are both 2m once rounded up (the oracle's create domain accepts the Pod at 1.33-1.37)
    ['a request above its limit by less than a milli-unit', gpu({ requests: { cpu: '1.9m' }, limits: { cpu: '1.5m' } })],
  ])('accepts %s', (_name, object) => expect(errors(object)).toEqual([]));
});

describe('node selection: ValidateLabels(nodeSelector), validateNodeAffinity, validatePodAffinityTerm', () => {
  const required = (expr: object) => ({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [expr] }] } } } });
  const at = 'spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0]';
  test.each([
    ['a nodeSelector value must be a label value', pod({ nodeSelector: { pool: 'gpu pool' } }), 'spec.nodeSelector: Invalid value: "gpu pool": a valid label must be an empty string or consist of alphanumeric characters'],
    // the decoder-level check names the cause before ValidateLabels would refuse the value
    ['an unrendered Helm value is named as such', pod({ nodeSelector: { pool: '{{ .Values.pool }}' } }), 'spec.nodeSelector.pool: unrendered Helm template: render it with helm template first'],
    ['nodeSelector keys are qualified names', pod({ nodeSelector: { 'bad key': 'x' } }), 'spec.nodeSelector: Invalid value: "bad key": name part must consist of alphanumeric characters'],
    // ValidateNodeSelectorRequirement
    ['In needs values', pod(required({ key: 'pool', operator: 'In' })), `${at}.values: Required value: must be specified when \`operator\` is 'In' or 'NotIn'`],
    ['Exists takes no values', pod(required({ key: 'pool', operator: 'Exists', values: ['a'] })), `${at}.values: Forbidden: may not be specified when \`operator\` is 'Exists' or 'DoesNotExist'`],
    ['Gt takes one value', pod(required({ key: 'n', operator: 'Gt', values: ['1', '2'] })), `${at}.values: Required value: must be specified single value when \`operator\` is 'Lt' or 'Gt'`],
    ['unknown operator', pod(required({ key: 'pool', operator: 'Equals', values: ['a'] })), `${at}.operator: Invalid value: "Equals": not a valid selector operator`],
    ['required values are label values', pod(required({ key: 'pool', operator: 'In', values: ['a b'] })), `${at}.values[0]: Invalid value: "a b"`],
    // TestValidatePod "invalid requiredDuringSchedulingIgnoredDuringExecution node selector, nodeSelectorTerms must have at least one term"
    ['at least one term', pod({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [] } } } }), 'spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms: Required value: must have at least one node selector term'],
    ['matchFields: only metadata.name', pod({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.namespace', operator: 'In', values: ['a'] }] }] } } } }), 'matchFields[0].key: Invalid value: "metadata.namespace": not a valid field selector key'],
    ['matchFields: exactly one value', pod({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['a', 'b'] }] }] } } } }), "matchFields[0].values: Required value: must be only one value when `operator` is 'In' or 'NotIn' for node field selector"],
    // TestValidatePod "invalid preferredSchedulingTerm in node affinity, weight should be in range 1-100"
    ['preferred weight 1..100', pod({ affinity: { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 199, preference: { matchExpressions: [{ key: 'a', operator: 'Exists' }] } }] } } }), 'spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid value: 199: must be in the range 1-100'],
    ['pod anti-affinity needs a topologyKey', pod({ affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'x' } } }] } } }), 'spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey: Required value: can not be empty'],
    ['pod affinity weights 1..100', pod({ affinity: { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 0, podAffinityTerm: { topologyKey: 'zone' } }] } } }), 'spec.affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid value: 0: must be in the range 1-100'],
  ])('%s', (_name, object, expected) => {
    expect(errors(object).join('\n')).toContain(expected);
  });

  test('preferred terms may carry invalid label values ("as they can success when cluster has only one node")', () => {
    expect(errors(pod({ affinity: { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, preference: { matchExpressions: [{ key: 'a', operator: 'In', values: ['a b'] }] } }] } } }))).toEqual([]);
  });
});

describe('validateTopologySpreadConstraints', () => {
  const tsc = (extra: object) => pod({ topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', ...extra }] });
  test.each([
    ['maxSkew > 0', tsc({ maxSkew: 0 }), 'spec.topologySpreadConstraints[0].maxSkew: Invalid value: 0: must be greater than zero'],
    ['topologyKey', tsc({ topologyKey: '' }), 'spec.topologySpreadConstraints[0].topologyKey: Required value: can not be empty'],
    ['whenUnsatisfiable', tsc({ whenUnsatisfiable: 'Never' }), 'spec.topologySpreadConstraints[0].whenUnsatisfiable: Unsupported value: "Never": supported values: "DoNotSchedule", "ScheduleAnyway"'],
    ['minDomains only with DoNotSchedule', tsc({ minDomains: 2, whenUnsatisfiable: 'ScheduleAnyway' }), 'can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ScheduleAnyway'],
    ['no repeated {topologyKey, whenUnsatisfiable}', pod({ topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule' }, { maxSkew: 2, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule' }] }), 'spec.topologySpreadConstraints[0].{topologyKey, whenUnsatisfiable}: Duplicate value: "{zone, DoNotSchedule}"'],
  ])('%s', (_name, object, expected) => expect(errors(object).join('\n')).toContain(expected));
});

describe('the rest of ValidatePodSpec / ValidatePodCreate', () => {
  test.each([
    ['restartPolicy', pod({ restartPolicy: 'Sometimes' }), 'spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"'],
    ['nodeName is a DNS subdomain', pod({ nodeName: 'Node_1' }), 'spec.nodeName: Invalid value: "Node_1"'],
    // ValidatePodCreate: "cannot be set until all schedulingGates have been cleared"
    ['nodeName with scheduling gates', pod({ nodeName: 'n', schedulingGates: [{ name: 'example.com/wait' }] }), 'spec.nodeName: Forbidden: cannot be set until all schedulingGates have been cleared'],
    ['scheduling gates are unique', pod({ schedulingGates: [{ name: 'a' }, { name: 'a' }] }), 'spec.schedulingGates[1]: Duplicate value: "a"'],
    ['tolerations are validated', pod({ tolerations: [{ key: 'a', operator: 'Exists', value: 'b' }] }), 'spec.tolerations[0].operator: Invalid value: "b": value must be empty when `operator` is \'Exists\''],
    ['a misspelt effect gets a hint', pod({ tolerations: [{ key: 'a', operator: 'Exists', effect: 'NoSchedul' }] }), 'spec.tolerations[0].effect: Unsupported value: "NoSchedul": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute" (did you mean NoSchedule?)'],
    ['Lt/Gt with the gate off name the gate', pod({ tolerations: [{ key: 'a', operator: 'Gt', value: '5', effect: 'NoSchedule' }] }), 'spec.tolerations[0].operator: Unsupported value: "Gt": supported values: "Equal", "Exists", "Lt", "Gt" (Lt and Gt are accepted only with the TaintTolerationComparisonOperators feature gate (alpha); configure({ featureGates: { TaintTolerationComparisonOperators: true } }) turns it on)'],
    // ValidateObjectMeta
    ['name or generateName', pod({}, {}), 'metadata.name: Required value: name or generateName is required'],
    ['a Pod name is a DNS subdomain', pod({}, { name: 'Web_1' }), 'metadata.name: Invalid value: "Web_1": a lowercase RFC 1123 subdomain'],
    ['metadata labels', pod({}, { name: 'p', labels: { app: 'a b' } }), 'metadata.labels: Invalid value: "a b"'],
  ])('%s', (_name, object, expected) => expect(errors(object).join('\n')).toContain(expected));

  test('generateName stands in for a name', () => expect(errors(pod({}, { generateName: 'web-' }))).toEqual([]));
});

// validatePodResources' validatePodResourceConsistency (pkg/apis/core/validation/validation.go, v1.34.4 … v1.37.2),
// over a Pod as SetDefaults_Pod (up to 1.36) or PrepareForCreate's DefaultPodLevelResources (1.37) leaves it, over a
// template as written; the oracle's create cases are frozen in test/e2e/oracle-regressions-create.test.ts
describe('validatePodResourceConsistency', () => {
  const deployment = (spec: Record<string, unknown>) => ({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' },
    spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [c({})], ...spec } } } }) as never;
  const limitOnly = { containers: [c({ resources: { limits: { memory: '1G' } } })], resources: { limits: { memory: '128Mi' } } };

  test.each(['1.34', '1.35', '1.36', '1.37'] as const)('%s: a Pod\'s container limit above the pod\'s, and the pod request defaulted from it', (release) => {
    withConfiguration({ kubernetesVersion: release }, () => expect(errors(pod(limitOnly))).toEqual([
      'spec.resources.requests: Invalid value: "1G": must be less than or equal to memory limit of 128Mi',
      'spec.resources.containers[0][memory].limits: Invalid value: "1G": must be less than or equal to pod limits of 128Mi',
    ]));
  });

  test('a template is validated as written: no request from its limits (SetDefaults_Pod is the Pod\'s); the Pods it creates are not', () => {
    expect(errors(deployment(limitOnly))).toEqual([
      'spec.template.spec.resources.containers[0][memory].limits: Invalid value: "1G": must be less than or equal to pod limits of 128Mi',
      'spec.template.spec.resources.requests: Invalid value: "1G": must be less than or equal to memory limit of 128Mi (the API server accepts the Deployment but refuses every Pod it creates)',
    ]);
    // the template itself passes; each Pod its controller creates has a cpu request of 2
    expect(errors(deployment({ containers: [c({ resources: { limits: { cpu: '2' } } })], resources: { requests: { cpu: '1' } } }))).toEqual([
      'spec.template.spec.resources.requests[cpu]: Invalid value: "1": must be greater than or equal to aggregate container requests of 2 (the API server accepts the Deployment but refuses every Pod it creates)',
    ]);
    expect(errors(pod({ containers: [c({ resources: { limits: { cpu: '2' } } })], resources: { requests: { cpu: '1' } } }))).toEqual([
      'spec.resources.requests[cpu]: Invalid value: "1": must be greater than or equal to aggregate container requests of 2',
    ]);
  });

  test('not at 1.33 (PodLevelResources off: dropped), nor for a windows pod, nor past an amount that does not decode', () => {
    withConfiguration({ kubernetesVersion: '1.33' }, () => expect(errors(pod(limitOnly))).toEqual([]));
    expect(errors(pod({ ...limitOnly, os: { name: 'windows' } })).filter((e) => e.includes('resources'))).toEqual(['spec.resources: Forbidden: may not be set for a windows pod']);
    expect(errors(pod({ ...limitOnly, resources: { limits: { memory: '128Mi', cpu: 'abc' } } })).join('\n')).not.toContain('pod limits');
  });
});

// An enum field's bad value is of a named string type (core.RestartPolicy, DNSPolicy, PullPolicy, Protocol, …), which
// field.ErrorBody prints with json.Marshal from 1.34 (`<`, `>`, `&` escaped, a no-break space as it is) and with %#v
// (strconv.Quote) at 1.33 (apimachinery pkg/util/validation/field/errors.go); the oracle's create domain answers so.
test.each([
  ['1.33', 'spec.dnsPolicy: Unsupported value: "a<\\u00a0": supported values: "ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"'],
  ['1.37', 'spec.dnsPolicy: Unsupported value: "a\\u003c\u00a0": supported values: "ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"'],
] as const)('an enum value prints as a named string type at %s', (version, want) => {
  expect(withConfiguration({ kubernetesVersion: version }, () => errors(pod({ dnsPolicy: 'a<\u00a0' })))).toEqual([want]);
});

// ValidatePodSpec and friends, with the exact error lists the API server returns
// (pkg/apis/core/validation/validation.go; function named on each case). Added for the mutation run: every
// case pins the whole list (field path, error type, bad value, detail), so a changed message, path, bound or
// dropped condition fails. Go map order is random upstream; our lists keep the manifest's key order.
import { validatePodSpec, validatePodTemplateSpec } from './validation-pod';

const QN = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const QN_SLASHES = `a valid label key ${QN} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`;
const LABEL = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
const DNS_SUB = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const DNS_LABEL = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const EMPTY_KEY = (p: string) => [`${p}: Invalid value: "": name part must be non-empty`, `${p}: Invalid value: "": name part ${QN}`];

const POD = { isPod: true, comparisonOperators: false };
const TEMPLATE = { isPod: false, comparisonOperators: false };
const c = (x: object = {}) => ({ name: 'c', image: 'nginx', ...x });
/** A spec with one valid container unless the case brings its own containers. */
const spec = (s: object) => ('containers' in s ? s : { containers: [c()], ...s });
const run = (s: object, opts = POD) => validatePodSpec(spec(s) as never, 'spec', opts).map((e) => `${e.field}: ${e.message}`);
type Case = [string, object, string[]] | [string, object, string[], typeof POD];
const check = (cases: Case[]) =>
  test.each(cases)('%s', (_n, s, expected, opts = POD) => expect(run(s, opts)).toEqual(expected));

const R = 'spec.containers[0].resources';
const res = (resources: object) => ({ containers: [c({ resources })] });

describe('validateResourceRequirements / validateContainerResourceName / ValidateResourceQuantityValue', () => {
  check([
    // ValidateNonnegativeQuantity (value.String(), quoted) and IsIntegerResourceName (the Quantity, unquoted); a template is not defaulted
    ['template: negative cpu request, fractional GPU limit', res({ requests: { cpu: '-1' }, limits: { 'nvidia.com/gpu': '500m' } }), [
      `${R}.limits[nvidia.com/gpu]: Invalid value: "500m": must be an integer`,
      `${R}.requests[cpu]: Invalid value: "-1": must be greater than or equal to 0`,
    ], TEMPLATE],
    // SetDefaults_Pod (pkg/apis/core/v1/defaults.go) copies the limit into requests before validation
    ['Pod: the defaulted request is validated too', res({ limits: { 'nvidia.com/gpu': '1500m' } }), [
      `${R}.limits[nvidia.com/gpu]: Invalid value: "1500m": must be an integer`,
      `${R}.requests[nvidia.com/gpu]: Invalid value: "1500m": must be an integer`,
    ]],
    // helper.IsIntegerResourceName: integerResources (pods, services, ...) as well as extended resources
    ['pods is an integer resource (and not a container resource)', res({ limits: { pods: '500m' } }), [
      `${R}.limits[pods]: Invalid value: "pods": must be a standard resource for containers`,
      `${R}.limits[pods]: Invalid value: "500m": must be an integer`,
      `${R}.requests[pods]: Invalid value: "pods": must be a standard resource for containers`,
      `${R}.requests[pods]: Invalid value: "500m": must be an integer`,
    ]],
    // validateResourceName: a bad qualified name stops there; validateContainerResourceName goes on
    ['bad unqualified name', res({ limits: { bad_: '1' } }, ), [
      `${R}.limits[bad_]: Invalid value: "bad_": name part ${QN}`,
      `${R}.limits[bad_]: Invalid value: "bad_": must be a standard resource for containers`,
      `${R}.requests[bad_]: Invalid value: "bad_": name part ${QN}`,
      `${R}.requests[bad_]: Invalid value: "bad_": must be a standard resource for containers`,
    ]],
    ['bad prefixed name', res({ requests: { 'example.com/bad_': '1' }, limits: { 'example.com/bad_': '1' } }), [
      `${R}.limits[example.com/bad_]: Invalid value: "example.com/bad_": name part ${QN}`,
      `${R}.limits[example.com/bad_]: Invalid value: "example.com/bad_": doesn't follow extended resource name standard`,
      `${R}.requests[example.com/bad_]: Invalid value: "example.com/bad_": name part ${QN}`,
      `${R}.requests[example.com/bad_]: Invalid value: "example.com/bad_": doesn't follow extended resource name standard`,
    ]],
    // helper.IsStandardResourceName (standardResources has "storage"; IsQuotaHugePageResourceName) vs IsStandardContainerResourceName
    ['storage is standard, not for containers', res({ requests: { storage: '1' } }), [`${R}.requests[storage]: Invalid value: "storage": must be a standard resource for containers`], TEMPLATE],
    ['requests.hugepages-2Mi is standard, not for containers', res({ requests: { 'requests.hugepages-2Mi': '2Mi' } }), [
      `${R}.requests[requests.hugepages-2Mi]: Invalid value: "requests.hugepages-2Mi": must be a standard resource for containers`,
    ], TEMPLATE],
    ['an unknown unqualified name', res({ requests: { gpu: '1' } }), [
      `${R}.requests[gpu]: Invalid value: "gpu": must be a standard resource type or fully qualified`,
      `${R}.requests[gpu]: Invalid value: "gpu": must be a standard resource for containers`,
    ], TEMPLATE],
    // helper.IsStandardResourceName knows the quota names; helper.IsIntegerResourceName the countable ones
    ...([
      ['requests.cpu', false], ['requests.memory', false], ['requests.ephemeral-storage', false], ['limits.cpu', false], ['limits.memory', false],
      ['limits.ephemeral-storage', false], ['requests.storage', false], ['pods', true], ['services', true], ['replicationcontrollers', true],
      ['resourcequotas', true], ['secrets', true], ['configmaps', true], ['persistentvolumeclaims', true], ['services.nodeports', true], ['services.loadbalancers', true],
    ] as Array<[string, boolean]>).map(([name, integer]) => [`${name}: standard, not for containers${integer ? ', an integer' : ''}`, res({ requests: { [name]: '500m' } }), [
      `${R}.requests[${name}]: Invalid value: "${name}": must be a standard resource for containers`,
      ...(integer ? [`${R}.requests[${name}]: Invalid value: "500m": must be an integer`] : []),
    ], TEMPLATE] as Case),
    // helper.IsExtendedResourceName: not for names starting with "requests."
    ['requests.foo/bar is not an extended resource name', res({ requests: { 'requests.foo/bar': '1' }, limits: { 'requests.foo/bar': '1' } }), [
      `${R}.limits[requests.foo/bar]: Invalid value: "requests.foo/bar": doesn't follow extended resource name standard`,
      `${R}.requests[requests.foo/bar]: Invalid value: "requests.foo/bar": doesn't follow extended resource name standard`,
    ]],
    // helper.IsNativeResource: kubernetes.io/ prefixed names are native, may overcommit and need no integer
    ['kubernetes.io/ names are native', res({ requests: { 'kubernetes.io/foo': '500m' } }), []],
    // helper.IsHugePageResourceValueDivisible: page size must parse, be positive and whole
    ...(['x', '0', '500m'].map((size) => [`hugepages-${size}: no valid page size`, res({ limits: { [`hugepages-${size}`]: '2', memory: '1Gi' } }), [
      `${R}.limits[hugepages-${size}]: Invalid value: "2": 2 is not positive integer multiple of hugepages-${size}`,
      `${R}.requests[hugepages-${size}]: Invalid value: "2": 2 is not positive integer multiple of hugepages-${size}`,
    ]]) as Case[]),
    ['hugepages: request and limit checked', res({ requests: { 'hugepages-2Mi': '3Mi', memory: '1Gi' }, limits: { 'hugepages-2Mi': '3Mi' } }), [
      `${R}.limits[hugepages-2Mi]: Invalid value: "3Mi": 3Mi is not positive integer multiple of hugepages-2Mi`,
      `${R}.requests[hugepages-2Mi]: Invalid value: "3Mi": 3Mi is not positive integer multiple of hugepages-2Mi`,
    ]],
    ['hugepages: whole pages pass', res({ requests: { 'hugepages-2Mi': '4Mi', memory: '1Gi' }, limits: { 'hugepages-2Mi': '4Mi' } }), []],
    // IsOvercommitAllowed is false for hugepages: "must be equal to", checked before the page size
    ['hugepages: request must equal limit', res({ requests: { 'hugepages-2Mi': '2Mi', cpu: '1' }, limits: { 'hugepages-2Mi': '4Mi' } }), [
      `${R}.requests: Invalid value: "2Mi": must be equal to hugepages-2Mi limit of 4Mi`,
    ]],
    ['hugepages requested without a limit or cpu/memory', res({ requests: { 'hugepages-2Mi': '4Mi' } }), [
      `${R}.limits: Required value: Limit must be set for non overcommitable resources`,
      `${R}: Forbidden: HugePages require cpu or memory`,
    ], TEMPLATE],
    ['template: hugepages limited without cpu/memory', res({ limits: { 'hugepages-2Mi': '4Mi' } }), [`${R}: Forbidden: HugePages require cpu or memory`], TEMPLATE],
    ['hugepages limited with memory requested only', res({ requests: { memory: '1Gi' }, limits: { 'hugepages-2Mi': '2Mi' } }), [], TEMPLATE],
    ['hugepages limited with cpu limited only', res({ limits: { 'hugepages-2Mi': '2Mi', cpu: '1' } }), [], TEMPLATE],
    ['requests equal to limits', res({ requests: { cpu: '1' }, limits: { cpu: '1000m' } }), [], TEMPLATE],
    // ValidateNonnegativeQuantity: Cmp(0) < 0, so zero is fine
    ['zero quantities', res({ requests: { cpu: '0', 'example.com/x': 0 }, limits: { 'example.com/x': '0' } }), [], TEMPLATE],
    // IsHugePageResourceValueDivisible: pageSize.Sign() <= 0 is refused
    ['hugepages with a negative page size', res({ limits: { 'hugepages--2Mi': '4Mi', memory: '1Gi' } }), [`${R}.limits[hugepages--2Mi]: Invalid value: "4Mi": 4Mi is not positive integer multiple of hugepages--2Mi`], TEMPLATE],
    ['hugepages limited with memory limited only', res({ limits: { 'hugepages-2Mi': '2Mi', memory: '1Gi' } }), [], TEMPLATE],
    // quantities given as numbers are decoded too (resource.Quantity.UnmarshalJSON)
    ['number quantities, request above limit', res({ limits: { cpu: 0.5 }, requests: { cpu: 1 } }), [`${R}.requests: Invalid value: "1": must be less than or equal to cpu limit of 500m`]],
    ['ephemeral-storage request above limit', res({ limits: { 'ephemeral-storage': '1Gi' }, requests: { 'ephemeral-storage': '2Gi' } }), [
      `${R}.requests: Invalid value: "2Gi": must be less than or equal to ephemeral-storage limit of 1Gi`,
    ], TEMPLATE],
    // resource.ParseQuantity: a quantity the decoder refuses is reported at the entry (upstream: a decode error for the object)
    ['undecodable quantities', res({ requests: { cpu: '1K' }, limits: { memory: '1Q' } }), [
      `${R}.limits.memory: Invalid value: "1Q": quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`,
      `${R}.requests.cpu: Invalid value: "1K": unable to parse quantity's suffix`,
    ]],
    // (validatePodResources: validation-pod-fields.test.ts; a quantity that does not decode stops there)
    ['pod-level resources: decoding', { resources: { requests: { cpu: 'abc', memory: '1Gi' }, limits: { memory: '1Q' } } }, [
      `spec.resources.limits.memory: Invalid value: "1Q": quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`,
      `spec.resources.requests.cpu: Invalid value: "abc": quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`,
    ]],
    // validateOverhead reuses the container rules on {Limits: overhead}
    ['overhead', { overhead: { cpu: '-1', 'example.com/x': '1' } }, ['spec.overhead.limits[cpu]: Invalid value: "-1": must be greater than or equal to 0']],
  ]);
});

const P = 'spec.containers[0].ports';
describe('validateContainers / validateContainerCommon / validateContainerPorts / checkHostPortConflicts', () => {
  check([
    ['containers: missing', { containers: undefined }, ['spec.containers: Required value']],
    // ValidateDNS1123Label
    ['a name of 64 characters', { containers: [c({ name: 'a'.repeat(64) })] }, [`spec.containers[0].name: Invalid value: "${'a'.repeat(64)}": must be no more than 63 characters`]],
    ['a name of 63 characters', { containers: [c({ name: 'a'.repeat(63) })] }, []],
    ['a name with capitals', { containers: [c({ name: 'Web' })] }, [`spec.containers[0].name: Invalid value: "Web": ${DNS_LABEL}`]],
    // validateContainerOnlyForPod; a template may carry " " (validateContainerCommon's TODO)
    ['template image " "', { containers: [c({ image: ' ' })] }, [], TEMPLATE],
    ['Pod image with a trailing space', { containers: [c({ image: 'nginx ' })] }, ['spec.containers[0].image: Invalid value: "nginx ": must not have leading or trailing whitespace']],
    ['two unnamed containers', { containers: [{ image: 'a' }, { image: 'b' }] }, [
      'spec.containers[0].name: Required value', 'spec.containers[1].name: Required value', 'spec.containers[1].name: Duplicate value: ""',
    ]],
    // ContainerRestartRules (beta, on from 1.35): a regular container's restartPolicy is a container restart policy
    ['restartPolicy "" on a regular container', { containers: [c({ restartPolicy: '' })] }, ['spec.containers[0].restartPolicy: Unsupported value: "": supported values: "Always", "Never", "OnFailure"']],
    // validation.IsValidPortNum
    ['containerPort bounds', { containers: [c({ ports: [{ containerPort: 1 }, { containerPort: 65535 }, { containerPort: 65536 }, { containerPort: -1 }, { containerPort: 0 }] })] }, [
      `${P}[2].containerPort: Invalid value: 65536: must be between 1 and 65535, inclusive`,
      `${P}[3].containerPort: Invalid value: -1: must be between 1 and 65535, inclusive`,
      `${P}[4].containerPort: Required value`,
    ]],
    ['hostPort bounds', { containers: [c({ ports: [{ containerPort: 1, hostPort: 1 }, { containerPort: 1, hostPort: 65535 }, { containerPort: 1, hostPort: 65536 }, { containerPort: 1, hostPort: -5 }] })] }, [
      `${P}[2].hostPort: Invalid value: 65536: must be between 1 and 65535, inclusive`,
      `${P}[3].hostPort: Invalid value: -5: must be between 1 and 65535, inclusive`,
    ]],
    ['protocols', { containers: [c({ ports: ['SCTP', 'UDP', 'TCP', 'ICMP'].map((protocol, i) => ({ containerPort: i + 1, protocol })) })] }, [
      `${P}[3].protocol: Unsupported value: "ICMP": supported values: "SCTP", "TCP", "UDP"`,
    ]],
    // AccumulateUniqueHostPorts: the key is "<protocol>/<hostIP>/<hostPort>"
    ['host port conflicts', { containers: [c({ ports: [
      { containerPort: 80, hostPort: 80 }, { containerPort: 81, hostPort: 80, protocol: 'UDP' }, { containerPort: 82, hostPort: 80, hostIP: '10.0.0.1' }, { containerPort: 83, hostPort: 80, protocol: 'TCP' },
    ] }), c({ name: 'd', ports: [{ containerPort: 84, hostPort: 80, hostIP: '10.0.0.1' }] })] }, [
      `${P}[3].hostPort: Duplicate value: "TCP//80"`,
      'spec.containers[1].ports[0].hostPort: Duplicate value: "TCP/10.0.0.1/80"',
    ]],
    // validatePodHostNetworkDeps
    ['hostNetwork: hostPort must equal containerPort', { hostNetwork: true, containers: [c({ name: 'e' }), c({ ports: [{ containerPort: 80 }, { containerPort: 81, hostPort: 81 }, { containerPort: 82, hostPort: 83 }] })] }, [
      'spec.containers[1].ports[2].hostPort: Invalid value: 83: must match `containerPort` when `hostNetwork` is true',
    ]],
    ['hostNetwork: one container', { hostNetwork: true, containers: [c({ ports: [{ containerPort: 82, hostPort: 83 }] })] }, [
      `${P}[0].hostPort: Invalid value: 83: must match \`containerPort\` when \`hostNetwork\` is true`,
    ]],
    ['no hostNetwork: any hostPort', { hostNetwork: false, containers: [c({ ports: [{ containerPort: 82, hostPort: 83 }] })] }, []],
  ]);
});

describe('validateInitContainers', () => {
  check([
    // init containers are checked one by one for host ports, at index 0 of the list (checkHostPortConflicts([]core.Container{ctr}, fldPath))
    ['names, restartPolicy, host ports', { containers: [c()], initContainers: [
      c({ name: 'i', restartPolicy: 'Always', ports: [{ containerPort: 1, hostPort: 5 }] }),
      c({ name: 'j', ports: [{ containerPort: 1, hostPort: 5 }, { containerPort: 2, hostPort: 5 }] }),
      c({ name: 'i', restartPolicy: 'Never' }), c({ name: 'c' }), { image: 'x' }, { image: 'y' },
    ] }, [
      'spec.initContainers[0].ports[1].hostPort: Duplicate value: "TCP//5"',
      'spec.initContainers[2].name: Duplicate value: "i"',
      'spec.initContainers[3].name: Duplicate value: "c"',
      'spec.initContainers[4].name: Required value',
      'spec.initContainers[5].name: Required value',
    ]],
    ['init containers without containers', { containers: undefined, initContainers: [c(), { image: 'x' }] }, ['spec.containers: Required value', 'spec.initContainers[1].name: Required value']],
    // validateInitContainers: an empty name is not remembered (len(ctr.Name) > 0)
    ['two init containers named ""', { initContainers: [{ name: '', image: 'x' }, { name: '', image: 'y' }] }, ['spec.initContainers[0].name: Required value', 'spec.initContainers[1].name: Required value']],
    ['an unnamed init container next to an unnamed container', { containers: [{ image: 'a' }], initContainers: [{ image: 'b' }] }, [
      'spec.containers[0].name: Required value', 'spec.initContainers[0].name: Required value', 'spec.initContainers[0].name: Duplicate value: ""',
    ]],
  ]);
});

const NA = 'spec.affinity.nodeAffinity';
const REQ = `${NA}.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms`;
const nodeReq = (...matchExpressions: object[]) => ({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions }] } } } });
const nodeFields = (...matchFields: object[]) => ({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields }] } } } });
const preferred = (weight: unknown, matchExpressions: object[]) => ({ affinity: { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight, preference: { matchExpressions } }] } } });

describe('validateNodeAffinity: ValidateNodeSelector, ValidateNodeSelectorRequirement, ValidateNodeFieldSelectorRequirement, ValidatePreferredSchedulingTerms', () => {
  check([
    ['operator arity', nodeReq(
      { key: 'a', operator: 'NotIn' }, { key: 'b', operator: 'DoesNotExist', values: ['x'] }, { key: 'c', operator: 'Lt', values: [] },
      { key: 'd', operator: 'Gt', values: ['1'] }, { key: 'e', operator: 'In', values: ['1'] }, { key: 'f', operator: 'Exists' }, { key: 'g', operator: 'Lt', values: ['1', '2'] },
    ), [
      `${REQ}[0].matchExpressions[0].values: Required value: must be specified when \`operator\` is 'In' or 'NotIn'`,
      `${REQ}[0].matchExpressions[1].values: Forbidden: may not be specified when \`operator\` is 'Exists' or 'DoesNotExist'`,
      `${REQ}[0].matchExpressions[2].values: Required value: must be specified single value when \`operator\` is 'Lt' or 'Gt'`,
      `${REQ}[0].matchExpressions[6].values: Required value: must be specified single value when \`operator\` is 'Lt' or 'Gt'`,
    ]],
    ['no operator, no key', nodeReq({}), [
      `${REQ}[0].matchExpressions[0].operator: Invalid value: "": not a valid selector operator`, ...EMPTY_KEY(`${REQ}[0].matchExpressions[0].key`),
    ]],
    ['bad key and value', nodeReq({ key: 'a/b/c', operator: 'In', values: ['ok', '-x'] }), [
      `${REQ}[0].matchExpressions[0].key: Invalid value: "a/b/c": ${QN_SLASHES}`,
      `${REQ}[0].matchExpressions[0].values[1]: Invalid value: "-x": ${LABEL}`,
    ]],
    ['matchFields', nodeFields(
      { key: 'metadata.name', operator: 'NotIn', values: ['Bad_Node'] }, { key: 'metadata.name', operator: 'Exists' }, { key: 'metadata.name', operator: 'In' }, { operator: 'In', values: ['a'] },
    ), [
      `${REQ}[0].matchFields[0].values[0]: Invalid value: "Bad_Node": ${DNS_SUB}`,
      `${REQ}[0].matchFields[1].operator: Invalid value: "Exists": not a valid selector operator`,
      `${REQ}[0].matchFields[2].values: Required value: must be only one value when \`operator\` is 'In' or 'NotIn' for node field selector`,
      `${REQ}[0].matchFields[3].key: Invalid value: "": not a valid field selector key`,
    ]],
    // ValidateNodeName(v, false): no prefix, so no trailing dash
    ['matchFields: a node name with a trailing dash', nodeFields({ key: 'metadata.name', operator: 'In', values: ['node-'] }), [`${REQ}[0].matchFields[0].values[0]: Invalid value: "node-": ${DNS_SUB}`]],
    ['nodeSelectorTerms empty', { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [] } } } }, [`${REQ}: Required value: must have at least one node selector term`]],
    ['nodeSelectorTerms missing', { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: {} } } }, [`${REQ}: Required value: must have at least one node selector term`]],
    ['an empty term', { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{}] } } } }, []],
    // TestValidatePod "invalid preferredSchedulingTerm in node affinity, weight should be in range 1-100"
    ...([0, 101].map((w) => [`preferred weight ${w}`, preferred(w, [{ key: 'a', operator: 'Exists' }]), [
      `${NA}.preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid value: ${w}: must be in the range 1-100`,
    ]]) as Case[]),
    ...([1, 100].map((w) => [`preferred weight ${w}`, preferred(w, [{ key: 'a', operator: 'In', values: ['-bad'] }]), []]) as Case[]),
    ['preferred term without a preference', { affinity: { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 5 }] } } }, []],
    ['matchFields without an operator', nodeFields({ key: 'metadata.name', values: ['n1'] }), [`${REQ}[0].matchFields[0].operator: Invalid value: "": not a valid selector operator`]],
    ['preferred weight missing (0)', { affinity: { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ preference: {} }] } } }, [
      `${NA}.preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid value: 0: must be in the range 1-100`,
    ]],
    ['preferred: keys are still checked', preferred(1, [{ key: 'a b', operator: 'Exists' }]), [
      `${NA}.preferredDuringSchedulingIgnoredDuringExecution[0].preference.matchExpressions[0].key: Invalid value: "a b": name part ${QN}`,
    ]],
  ]);
});

const PA = 'spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0]';
const podReq = (t: object) => ({ affinity: { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [t] } } });
describe('validatePodAffinityTerm / validateWeightedPodAffinityTerms / validateMatchLabelKeysAndMismatchLabelKeys', () => {
  check([
    ['selectors and namespaces', podReq({
      labelSelector: { matchLabels: { app: '-x' }, matchExpressions: [{ key: 'k', operator: 'Foo' }] },
      namespaceSelector: { matchExpressions: [{ key: 'n', operator: 'In' }] }, namespaces: ['Bad_NS', 'ok'], topologyKey: 'zone',
    }), [
      `${PA}.labelSelector.matchLabels: Invalid value: "-x": ${LABEL}`,
      `${PA}.labelSelector.matchExpressions[0].operator: Invalid value: "Foo": not a valid selector operator`,
      `${PA}.namespaceSelector.matchExpressions[0].values: Required value: must be specified when \`operator\` is 'In' or 'NotIn'`,
      `${PA}.namespace: Invalid value: "Bad_NS": ${DNS_LABEL}`,
    ]],
    ['a namespace with a trailing dash', podReq({ namespaces: ['ns-'], topologyKey: 'zone' }), [`${PA}.namespace: Invalid value: "ns-": ${DNS_LABEL}`]],
    ['a bad topologyKey', podReq({ labelSelector: {}, topologyKey: 'a/b/c' }), [`${PA}.topologyKey: Invalid value: "a/b/c": ${QN_SLASHES}`]],
    // validateLabelKeys
    ['label keys without a labelSelector', podReq({ matchLabelKeys: ['app'], mismatchLabelKeys: ['x'], topologyKey: 'zone' }), [
      `${PA}.matchLabelKeys: Forbidden: must not be specified when labelSelector is not set`,
      `${PA}.mismatchLabelKeys: Forbidden: must not be specified when labelSelector is not set`,
    ]],
    ['label keys: names, and no key in both lists', podReq({ labelSelector: {}, matchLabelKeys: ['app', 'a/b/c'], mismatchLabelKeys: ['app', '-y'], topologyKey: 'zone' }), [
      `${PA}.matchLabelKeys[1]: Invalid value: "a/b/c": ${QN_SLASHES}`,
      `${PA}.mismatchLabelKeys[1]: Invalid value: "-y": name part ${QN}`,
      `${PA}.matchLabelKeys[0]: Invalid value: "app": exists in both matchLabelKeys and mismatchLabelKeys`,
    ]],
    ['empty label keys without a labelSelector', podReq({ matchLabelKeys: [], mismatchLabelKeys: [], topologyKey: 'zone' }), []],
    ['valid label keys', podReq({ labelSelector: {}, matchLabelKeys: ['app'], mismatchLabelKeys: ['tenant'], topologyKey: 'zone' }), []],
    ['anti-affinity weight 101, no topologyKey', { affinity: { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 101, podAffinityTerm: { topologyKey: '' } }] } } }, [
      'spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid value: 101: must be in the range 1-100',
      'spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm.topologyKey: Required value: can not be empty',
      ...EMPTY_KEY('spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm.topologyKey'),
    ]],
    ['anti-affinity weight 100 and 1', { affinity: { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [100, 1].map((weight) => ({ weight, podAffinityTerm: { topologyKey: 'zone' } })) } } }, []],
    ['a weighted term without podAffinityTerm', { affinity: { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1 }] } } }, [
      'spec.affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm.topologyKey: Required value: can not be empty',
      ...EMPTY_KEY('spec.affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm.topologyKey'),
    ]],
    ['required anti-affinity', { affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'zone', namespaces: ['-a'] }] } } }, [
      `spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].namespace: Invalid value: "-a": ${DNS_LABEL}`,
    ]],
  ]);
});

const T = 'spec.topologySpreadConstraints[0]';
const tsc = (x: object) => ({ topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', ...x }] });
describe('validateTopologySpreadConstraints', () => {
  check([
    ['maxSkew, topologyKey, whenUnsatisfiable', tsc({ maxSkew: -1, topologyKey: undefined, whenUnsatisfiable: undefined }), [
      `${T}.maxSkew: Invalid value: -1: must be greater than zero`,
      `${T}.topologyKey: Required value: can not be empty`,
      `${T}.whenUnsatisfiable: Unsupported value: "": supported values: "DoNotSchedule", "ScheduleAnyway"`,
    ]],
    ['no whenUnsatisfiable, repeated, with minDomains', { topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'zone', minDomains: 2 }, { maxSkew: 1, topologyKey: 'zone' }] }, [
      `${T}.whenUnsatisfiable: Unsupported value: "": supported values: "DoNotSchedule", "ScheduleAnyway"`,
      `${T}.{topologyKey, whenUnsatisfiable}: Duplicate value: "{zone, }"`,
      `${T}.minDomains: Invalid value: 2: can only use minDomains if whenUnsatisfiable=DoNotSchedule, not `,
      'spec.topologySpreadConstraints[1].whenUnsatisfiable: Unsupported value: "": supported values: "DoNotSchedule", "ScheduleAnyway"',
    ]],
    ['maxSkew 1, ScheduleAnyway', tsc({ whenUnsatisfiable: 'ScheduleAnyway' }), []],
    ['maxSkew 0', tsc({ maxSkew: 0 }), [`${T}.maxSkew: Invalid value: 0: must be greater than zero`]],
    ['maxSkew missing (0)', tsc({ maxSkew: undefined }), [`${T}.maxSkew: Invalid value: 0: must be greater than zero`]],
    ['repeated with no topologyKey', { topologySpreadConstraints: [{ maxSkew: 1, whenUnsatisfiable: 'DoNotSchedule' }, { maxSkew: 1, whenUnsatisfiable: 'DoNotSchedule' }] }, [
      `${T}.topologyKey: Required value: can not be empty`,
      'spec.topologySpreadConstraints[0].{topologyKey, whenUnsatisfiable}: Duplicate value: "{, DoNotSchedule}"',
      'spec.topologySpreadConstraints[1].topologyKey: Required value: can not be empty',
    ]],
    ['minDomains 0', tsc({ minDomains: 0 }), [`${T}.minDomains: Invalid value: 0: must be greater than zero`]],
    ['minDomains 1', tsc({ minDomains: 1 }), []],
    ['minDomains with ScheduleAnyway', tsc({ minDomains: -1, whenUnsatisfiable: 'ScheduleAnyway' }), [
      `${T}.minDomains: Invalid value: -1: must be greater than zero`,
      `${T}.minDomains: Invalid value: -1: can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ScheduleAnyway`,
    ]],
    // validateNodeInclusionPolicy
    ['nodeAffinityPolicy', tsc({ nodeAffinityPolicy: 'honor', nodeTaintsPolicy: 'Ignore' }), [`${T}.nodeAffinityPolicy: Unsupported value: "honor": supported values: "Honor", "Ignore"`]],
    ['nodeTaintsPolicy', tsc({ nodeAffinityPolicy: 'Honor', nodeTaintsPolicy: 'Never' }), [`${T}.nodeTaintsPolicy: Unsupported value: "Never": supported values: "Honor", "Ignore"`]],
    // ValidateMatchLabelKeysAndMismatchLabelKeys (MatchLabelKeysInPodTopologySpreadSelectorMerge on; the legacy
    // ValidateMatchLabelKeysInTopologySpread also checked the names without a selector and refused any key in it)
    ['empty matchLabelKeys without labelSelector', tsc({ matchLabelKeys: [] }), []],
    ['matchLabelKeys without labelSelector', tsc({ matchLabelKeys: ['app', 'a/b/c'] }), [
      `${T}.matchLabelKeys: Forbidden: must not be specified when labelSelector is not set`,
    ]],
    ['matchLabelKeys in a selector as written (a template) are accepted', tsc({ labelSelector: { matchLabels: { app: 'x' }, matchExpressions: [{ key: 'tier', operator: 'Exists' }] }, matchLabelKeys: ['app', 'tier', 'rev'] }), []],
    ['matchLabelKeys met again in the merged selector (a Pod)', tsc({ labelSelector: { matchLabels: { app: 'x' }, matchExpressions: [{ key: 'tier', operator: 'Exists' }, { key: 'app', operator: 'In', values: ['x'] }, { key: 'tier', operator: 'In', values: ['y'] }] }, matchLabelKeys: ['app', 'tier', 'rev'] }), [
      `${T}[0]: Invalid value: "app": exists in both matchLabelKeys and labelSelector`,
      `${T}[1]: Invalid value: "tier": exists in both matchLabelKeys and labelSelector`,
    ]],
    ['labelSelector', tsc({ labelSelector: { matchExpressions: [{ key: 'tier', operator: 'In' }] } }), [
      `${T}.labelSelector.matchExpressions[0].values: Required value: must be specified when \`operator\` is 'In' or 'NotIn'`,
    ]],
    // ValidateSpreadConstraintNotRepeat: against the constraints after this one
    ['repeated {topologyKey, whenUnsatisfiable}', { topologySpreadConstraints: [['zone', 'DoNotSchedule'], ['zone', 'ScheduleAnyway'], ['host', 'ScheduleAnyway'], ['zone', 'ScheduleAnyway']].map(([topologyKey, whenUnsatisfiable]) => ({ maxSkew: 1, topologyKey, whenUnsatisfiable })) }, [
      'spec.topologySpreadConstraints[1].{topologyKey, whenUnsatisfiable}: Duplicate value: "{zone, ScheduleAnyway}"',
    ]],
  ]);
});

describe('the rest of ValidatePodSpec and ValidatePodCreate', () => {
  check([
    // validateDNSPolicy / validateRestartPolicy
    ['dnsPolicy', { dnsPolicy: 'Cluster', restartPolicy: 'OnFailure' }, ['spec.dnsPolicy: Unsupported value: "Cluster": supported values: "ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"']],
    // (None needs a dnsConfig with a nameserver: validatePodDNSConfig, validation-pod-fields.test.ts)
    ['dnsPolicy None, restartPolicy Never', { dnsPolicy: 'None', dnsConfig: { nameservers: ['10.0.0.10'] }, restartPolicy: 'Never' }, []],
    ['restartPolicy', { restartPolicy: 'always' }, ['spec.restartPolicy: Unsupported value: "always": supported values: "Always", "OnFailure", "Never"']],
    // activeDeadlineSeconds: validation.InclusiveRangeError(1, math.MaxInt32)
    ...([0, 2147483648].map((v) => [`activeDeadlineSeconds ${v}`, { activeDeadlineSeconds: v }, [`spec.activeDeadlineSeconds: Invalid value: ${v}: must be between 1 and 2147483647, inclusive`]]) as Case[]),
    ...([1, 2147483647].map((v) => [`activeDeadlineSeconds ${v}`, { activeDeadlineSeconds: v }, []]) as Case[]),
    // ValidateDNS1123Label on hostname and subdomain; ValidatePriorityClassName; ValidateNodeName
    ['hostname and subdomain', { hostname: 'Web', subdomain: 'a.b' }, [`spec.hostname: Invalid value: "Web": ${DNS_LABEL}`, 'spec.subdomain: Invalid value: "a.b": must not contain dots']],
    ['priorityClassName', { priorityClassName: 'High_Prio' }, [`spec.priorityClassName: Invalid value: "High_Prio": ${DNS_SUB}`]],
    ['nodeName', { nodeName: 'Node_1' }, [`spec.nodeName: Invalid value: "Node_1": ${DNS_SUB}`]],
    ['nodeName with a trailing dash', { nodeName: 'node-' }, [`spec.nodeName: Invalid value: "node-": ${DNS_SUB}`]],
    // validateOS
    ['os without a name', { os: {} }, ['spec.os.name: Required value']],
    ['os darwin', { os: { name: 'darwin' } }, ['spec.os: Unsupported value: "darwin": supported values: "linux", "windows"']],
    ['os windows', { os: { name: 'windows' } }, []],
    ['os linux', { os: { name: 'linux' } }, []],
    // validateSchedulingGates
    ['scheduling gates', { schedulingGates: [{ name: 'a/b/c' }, { name: 'x' }, { name: 'x' }, {}] }, [
      `spec.schedulingGates[0]: Invalid value: "a/b/c": ${QN_SLASHES}`,
      'spec.schedulingGates[2]: Duplicate value: "x"',
      ...EMPTY_KEY('spec.schedulingGates[3]'),
    ]],
    // ValidatePodCreate
    ['Pod: nodeName with gates', { nodeName: 'n1', schedulingGates: [{ name: 'g' }] }, ['spec.nodeName: Forbidden: cannot be set until all schedulingGates have been cleared']],
    ['template: nodeName with gates', { nodeName: 'n1', schedulingGates: [{ name: 'g' }] }, [], TEMPLATE],
    ['Pod: ephemeral containers', { ephemeralContainers: [{ name: 'e', image: 'x' }] }, ['spec.ephemeralContainers: Forbidden: cannot be set on create']],
    // len(...) > 0: empty lists are no lists
    ['Pod: empty ephemeralContainers, nodeName with empty schedulingGates', { ephemeralContainers: [], nodeName: 'n1', schedulingGates: [] }, []],
    // unversionedvalidation.ValidateLabels(spec.NodeSelector)
    ['nodeSelector', { nodeSelector: { 'a/b/c': 'x', ok: '-bad' } }, [`spec.nodeSelector: Invalid value: "a/b/c": ${QN_SLASHES}`, `spec.nodeSelector: Invalid value: "-bad": ${LABEL}`]],
    ['tolerations: Gt with the gate on', { tolerations: [{ key: 'a', operator: 'Gt', value: '5', effect: 'NoSchedule' }] }, [], { isPod: true, comparisonOperators: true }],
    ['tolerations: Gt with the gate off', { tolerations: [{ key: 'a', operator: 'Lt', value: '5', effect: 'NoSchedule' }] }, [
      'spec.tolerations[0].operator: Unsupported value: "Lt": supported values: "Equal", "Exists", "Lt", "Gt" (Lt and Gt are accepted only with the TaintTolerationComparisonOperators feature gate (alpha); configure({ featureGates: { TaintTolerationComparisonOperators: true } }) turns it on)',
    ]],
  ]);
});

describe('ValidatePodTemplateSpec', () => {
  const tmpl = (metadata: object, s: object = {}) => validatePodTemplateSpec({ metadata, spec: spec(s) } as never, 'spec.template', TEMPLATE).map((e) => `${e.field}: ${e.message}`);
  test('labels, annotations (keys lower-cased), ephemeral containers', () => {
    expect(tmpl({ labels: { app: '-x' }, annotations: { 'Example.COM/Note': 'ok', 'a/b/c': 'x' } }, { ephemeralContainers: [{ name: 'e', image: 'x' }] })).toEqual([
      `spec.template.labels: Invalid value: "-x": ${LABEL}`,
      `spec.template.annotations: Invalid value: "a/b/c": ${QN_SLASHES}`,
      'spec.template.spec.ephemeralContainers: Forbidden: ephemeral containers not allowed in pod template',
    ]);
  });
  test('an empty ephemeralContainers list', () => expect(tmpl({}, { ephemeralContainers: [] })).toEqual([]));
  test('no template at all', () => {
    expect(validatePodTemplateSpec(undefined, 'spec.template', TEMPLATE).map((e) => `${e.field}: ${e.message}`)).toEqual(['spec.template.spec.containers: Required value']);
  });
});

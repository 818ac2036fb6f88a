// ValidatePodSpec from the affinity rules down (src/k8s/validation-pod.ts, lines 280+): validatePodAffinityTerm,
// validatePodAffinity/validatePodAntiAffinity, validateNodeAffinity, validateTopologySpreadConstraints, the tail
// of ValidatePodSpec, ValidatePodCreate and ValidatePodTemplateSpec. Expected texts and paths are upstream's
// (kubernetes/kubernetes pkg/apis/core/validation/validation.go, validation_test.go); every list is compared
// whole, so an extra or missing error fails. Added to kill mutants the mutation run found alive.
import { validatePodSpec, validatePodTemplateSpec } from './validation-pod';
import type { PodSpec } from '../core/types';

const containers = [{ name: 'c', image: 'nginx' }];
const pod = { isPod: true, comparisonOperators: false };
const template = { isPod: false, comparisonOperators: false };
/** Every error of a pod's spec (path `spec`), as `<field>: <ErrorBody>` (field/errors.go). */
const errors = (spec: Record<string, unknown>, opts = pod) =>
  validatePodSpec({ containers, ...spec } as unknown as PodSpec, 'spec', opts).map((e) => `${e.field}: ${e.message}`);

// apimachinery pkg/util/validation/validation.go: the messages of IsQualifiedName, IsDNS1123Label, IsDNS1123Subdomain
const QN = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const QN_EMPTY = 'name part must be non-empty';
const LABEL = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const SUBDOMAIN = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

describe('validatePodAffinityTerm (validatePodAffinity, validatePodAntiAffinity, validateWeightedPodAffinityTerms)', () => {
  const req = 'spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0]';
  const pref = 'spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0]';
  const required = (term: object) => ({ affinity: { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term] } } });
  const preferred = (term: object, weight = 10) => ({ affinity: { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight, podAffinityTerm: term }] } } });
  const app = { matchLabels: { app: 'web' } };
  const badOperator = { matchExpressions: [{ key: 'app', operator: 'Equals', values: ['web'] }] };

  test.each([
    // TestValidateAffinity / TestValidatePod success cases: a term with a selector, namespaces and a topologyKey
    ['a full required term', required({ labelSelector: app, namespaces: ['team-a'], namespaceSelector: app, topologyKey: 'topology.kubernetes.io/zone' })],
    ['a term without a labelSelector', required({ topologyKey: 'kubernetes.io/hostname' })],
    ['matchLabelKeys and mismatchLabelKeys with a labelSelector', required({ labelSelector: app, matchLabelKeys: ['pod-template-hash'], mismatchLabelKeys: ['tenant'], topologyKey: 'zone' })],
    ['a preferred term only', preferred({ labelSelector: app, topologyKey: 'zone' })],
    ['a required term only, anti-affinity', { affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: app, topologyKey: 'zone' }] } } }],
  ])('accepts %s', (_name, spec) => expect(errors(spec)).toEqual([]));

  test.each([
    // validatePodAffinityTerm: ValidatePodAffinityTermSelector(labelSelector, namespaceSelector)
    ['labelSelector is validated', required({ labelSelector: badOperator, topologyKey: 'zone' }), [`${req}.labelSelector.matchExpressions[0].operator: Invalid value: "Equals": not a valid selector operator`]],
    ['namespaceSelector is validated', required({ namespaceSelector: badOperator, topologyKey: 'zone' }), [`${req}.namespaceSelector.matchExpressions[0].operator: Invalid value: "Equals": not a valid selector operator`]],
    // ValidateNamespaceName(name, false): no generateName prefix allowance; the path is `namespace`, not `namespaces[i]`
    ['namespaces are DNS labels', required({ namespaces: ['team-'], topologyKey: 'zone' }), [`${req}.namespace: Invalid value: "team-": ${LABEL}`]],
    // validateLabelKeys: "must not be specified when labelSelector is not set"
    ['matchLabelKeys need a labelSelector', required({ matchLabelKeys: ['pod-template-hash'], topologyKey: 'zone' }), [`${req}.matchLabelKeys: Forbidden: must not be specified when labelSelector is not set`]],
    ['mismatchLabelKeys need a labelSelector', required({ mismatchLabelKeys: ['tenant'], topologyKey: 'zone' }), [`${req}.mismatchLabelKeys: Forbidden: must not be specified when labelSelector is not set`]],
    // validateLabelKeys: ValidateLabelName(key, fldPath.Index(i))
    ['matchLabelKeys are label names', required({ labelSelector: app, matchLabelKeys: ['ok', 'a b'], topologyKey: 'zone' }), [`${req}.matchLabelKeys[1]: Invalid value: "a b": ${QN}`]],
    ['mismatchLabelKeys are label names', required({ labelSelector: app, mismatchLabelKeys: ['a b'], topologyKey: 'zone' }), [`${req}.mismatchLabelKeys[0]: Invalid value: "a b": ${QN}`]],
    // TestValidatePod "invalid ... pod affinity, empty topologyKey is not allowed": Required, then ValidateLabelName("")
    ['topologyKey is required', required({ labelSelector: app }), [`${req}.topologyKey: Required value: can not be empty`, `${req}.topologyKey: Invalid value: "": ${QN_EMPTY}`, `${req}.topologyKey: Invalid value: "": ${QN}`]],
    ['topologyKey is a label name', required({ topologyKey: 'a b' }), [`${req}.topologyKey: Invalid value: "a b": ${QN}`]],
    // validateWeightedPodAffinityTerms: fldPath.Index(j).Child("podAffinityTerm")
    ['a preferred term is validated under podAffinityTerm', preferred({ labelSelector: app }, 100), [`${pref}.podAffinityTerm.topologyKey: Required value: can not be empty`, `${pref}.podAffinityTerm.topologyKey: Invalid value: "": ${QN_EMPTY}`, `${pref}.podAffinityTerm.topologyKey: Invalid value: "": ${QN}`]],
    ['preferred weight and term', preferred({ topologyKey: 'a b' }, 101), [`${pref}.weight: Invalid value: 101: must be in the range 1-100`, `${pref}.podAffinityTerm.topologyKey: Invalid value: "a b": ${QN}`]],
  ])('%s', (_name, spec, expected) => expect(errors(spec)).toEqual(expected));
});

describe('validateNodeAffinity (ValidateNodeSelector, ValidatePreferredSchedulingTerms)', () => {
  const na = 'spec.affinity.nodeAffinity';
  const term = { matchExpressions: [{ key: 'pool', operator: 'In', values: ['gpu'] }] };
  test.each([
    ['required terms only', { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [term] } } } }],
    ['preferred terms only', { affinity: { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, preference: term }] } } }],
  ])('accepts %s', (_name, spec) => expect(errors(spec)).toEqual([]));

  test.each([
    // ValidateNodeSelector: len(nodeSelector.NodeSelectorTerms) == 0, also when the list is absent
    ['nodeSelectorTerms absent', { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: {} } } }, [`${na}.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms: Required value: must have at least one node selector term`]],
    // ValidatePreferredSchedulingTerms: fldPath.Index(i).Child("preference")
    ['a preference is validated under preference', { affinity: { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, preference: { matchExpressions: [{ key: 'pool', operator: 'Equals', values: ['gpu'] }] } }] } } }, [`${na}.preferredDuringSchedulingIgnoredDuringExecution[0].preference.matchExpressions[0].operator: Invalid value: "Equals": not a valid selector operator`]],
  ])('%s', (_name, spec, expected) => expect(errors(spec)).toEqual(expected));
});

describe('validateTopologySpreadConstraints', () => {
  const at = 'spec.topologySpreadConstraints[0]';
  const tsc = (...list: object[]) => ({ topologySpreadConstraints: list });
  const zone = (extra: object = {}) => ({ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', ...extra });
  const app = { matchLabels: { app: 'web' } };

  test.each([
    ['DoNotSchedule, no selector', tsc(zone())],
    ['ScheduleAnyway', tsc(zone({ whenUnsatisfiable: 'ScheduleAnyway' }))],
    // TestValidateTopologySpreadConstraints "supported policies": Honor and Ignore
    ['nodeAffinityPolicy Honor, nodeTaintsPolicy Ignore', tsc(zone({ nodeAffinityPolicy: 'Honor', nodeTaintsPolicy: 'Ignore' }))],
    ['nodeAffinityPolicy Ignore, nodeTaintsPolicy Honor', tsc(zone({ nodeAffinityPolicy: 'Ignore', nodeTaintsPolicy: 'Honor' }))],
    // TestValidateTopologySpreadConstraints "valid minDomains"
    ['minDomains 1 with DoNotSchedule', tsc(zone({ minDomains: 1 }))],
    // ValidateSpreadConstraintNotRepeat: the tuple, not either field alone
    ['the same key, another action', tsc(zone(), zone({ whenUnsatisfiable: 'ScheduleAnyway' }))],
    ['another key, the same action', tsc(zone(), zone({ topologyKey: 'kubernetes.io/hostname' }))],
    // validateMatchLabelKeysInTopologySpread: keys that are not in the selector
    ['matchLabelKeys outside the selector', tsc(zone({ labelSelector: { ...app, matchExpressions: [{ key: 'tier', operator: 'Exists' }] }, matchLabelKeys: ['pod-template-hash'] }))],
    // ValidateMatchLabelKeysAndMismatchLabelKeys (gate MatchLabelKeysInPodTopologySpreadSelectorMerge on): a key named once is
    // accepted as written; the Pod is refused only once the API server's merge names it again (src/k8s/validation-match-label-keys.test.ts)
    ['a matchLabelKey in matchLabels, as written', tsc(zone({ labelSelector: app, matchLabelKeys: ['pod-template-hash', 'app'] }))],
    ['a matchLabelKey in matchExpressions, as written', tsc(zone({ labelSelector: { matchExpressions: [{ key: 'tier', operator: 'Exists' }] }, matchLabelKeys: ['tier'] }))],
  ])('accepts %s', (_name, spec) => expect(errors(spec)).toEqual([]));

  test.each([
    // ValidateMaxSkew: field.Invalid(fldPath, maxSkew, isNotPositiveErrorMsg)
    ['maxSkew negative', tsc(zone({ maxSkew: -1 })), [`${at}.maxSkew: Invalid value: -1: must be greater than zero`]],
    ['maxSkew absent (0)', tsc({ topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule' }), [`${at}.maxSkew: Invalid value: 0: must be greater than zero`]],
    // TestValidateTopologySpreadConstraints "missing whenUnsatisfiable" / "unsupported whenUnsatisfiable"
    ['whenUnsatisfiable absent', tsc(zone({ whenUnsatisfiable: undefined })), [`${at}.whenUnsatisfiable: Unsupported value: "": supported values: "DoNotSchedule", "ScheduleAnyway"`]],
    ['whenUnsatisfiable unknown', tsc(zone({ whenUnsatisfiable: 'DoNotScheduleAnyway' })), [`${at}.whenUnsatisfiable: Unsupported value: "DoNotScheduleAnyway": supported values: "DoNotSchedule", "ScheduleAnyway"`]],
    // ValidateSpreadConstraintNotRepeat: fmt.Sprintf("{%v, %v}") of empty fields
    ['a repeated pair without a topologyKey', tsc(zone({ topologyKey: undefined }), zone({ topologyKey: undefined })), [
      `${at}.topologyKey: Required value: can not be empty`,
      `${at}.{topologyKey, whenUnsatisfiable}: Duplicate value: "{, DoNotSchedule}"`,
      'spec.topologySpreadConstraints[1].topologyKey: Required value: can not be empty',
    ]],
    ['a repeated pair without whenUnsatisfiable', tsc(zone({ whenUnsatisfiable: undefined }), zone({ whenUnsatisfiable: undefined })), [
      `${at}.whenUnsatisfiable: Unsupported value: "": supported values: "DoNotSchedule", "ScheduleAnyway"`,
      `${at}.{topologyKey, whenUnsatisfiable}: Duplicate value: "{zone, }"`,
      'spec.topologySpreadConstraints[1].whenUnsatisfiable: Unsupported value: "": supported values: "DoNotSchedule", "ScheduleAnyway"',
    ]],
    // validateMinDomains; TestValidateTopologySpreadConstraints "invalid minDomains (0|-1)" and "minDomains with ScheduleAnyway"
    ['minDomains 0', tsc(zone({ minDomains: 0 })), [`${at}.minDomains: Invalid value: 0: must be greater than zero`]],
    ['minDomains -1', tsc(zone({ minDomains: -1 })), [`${at}.minDomains: Invalid value: -1: must be greater than zero`]],
    ['minDomains without whenUnsatisfiable', tsc(zone({ minDomains: 2, whenUnsatisfiable: undefined })), [
      `${at}.whenUnsatisfiable: Unsupported value: "": supported values: "DoNotSchedule", "ScheduleAnyway"`,
      `${at}.minDomains: Invalid value: 2: can only use minDomains if whenUnsatisfiable=DoNotSchedule, not `,
    ]],
    ['minDomains 0 with ScheduleAnyway', tsc(zone({ minDomains: 0, whenUnsatisfiable: 'ScheduleAnyway' })), [
      `${at}.minDomains: Invalid value: 0: must be greater than zero`,
      `${at}.minDomains: Invalid value: 0: can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ScheduleAnyway`,
    ]],
    // validateNodeInclusionPolicy: NotSupported with sets.List (sorted) of Honor, Ignore
    ['nodeAffinityPolicy unknown', tsc(zone({ nodeAffinityPolicy: 'Always' })), [`${at}.nodeAffinityPolicy: Unsupported value: "Always": supported values: "Honor", "Ignore"`]],
    ['nodeTaintsPolicy unknown', tsc(zone({ nodeTaintsPolicy: 'honor' })), [`${at}.nodeTaintsPolicy: Unsupported value: "honor": supported values: "Honor", "Ignore"`]],
    // ValidateMatchLabelKeysAndMismatchLabelKeys(subFldPath, matchLabelKeys, nil, labelSelector)
    ['matchLabelKeys without a labelSelector', tsc(zone({ matchLabelKeys: ['pod-template-hash'] })), [`${at}.matchLabelKeys: Forbidden: must not be specified when labelSelector is not set`]],
    ['matchLabelKeys are label names', tsc(zone({ labelSelector: app, matchLabelKeys: ['a b'] })), [`${at}.matchLabelKeys[0]: Invalid value: "a b": ${QN}`]],
    ['a matchLabelKey in matchLabels, merged', tsc(zone({ labelSelector: { ...app, matchExpressions: [{ key: 'app', operator: 'In', values: ['web'] }] }, matchLabelKeys: ['pod-template-hash', 'app'] })), [`${at}[1]: Invalid value: "app": exists in both matchLabelKeys and labelSelector`]],
    ['a matchLabelKey in matchExpressions, merged', tsc(zone({ labelSelector: { matchExpressions: [{ key: 'tier', operator: 'Exists' }, { key: 'tier', operator: 'In', values: ['a'] }] }, matchLabelKeys: ['tier'] })), [`${at}[0]: Invalid value: "tier": exists in both matchLabelKeys and labelSelector`]],
    // ValidateLabelSelector(constraint.LabelSelector, …, subFldPath.Child("labelSelector"))
    ['labelSelector is validated', tsc(zone({ labelSelector: { matchExpressions: [{ key: 'app', operator: 'Equals', values: ['web'] }] } })), [`${at}.labelSelector.matchExpressions[0].operator: Invalid value: "Equals": not a valid selector operator`]],
  ])('%s', (_name, spec, expected) => expect(errors(spec)).toEqual(expected));
});

describe('the tail of ValidatePodSpec', () => {
  const port = (containerPort: number, hostPort?: number) => [{ name: 'c', image: 'nginx', ports: [{ containerPort, ...(hostPort == null ? {} : { hostPort }) }] }];
  test.each([
    // validatePodHostNetworkDeps: a hostPort of 0 is defaulted to containerPort (SetDefaults_PodSpec), an equal one is fine
    ['hostNetwork without hostPort', { hostNetwork: true, containers: port(8080) }],
    ['hostNetwork with hostPort == containerPort', { hostNetwork: true, containers: port(8080, 8080) }],
    ['a different hostPort without hostNetwork', { containers: port(8080, 80) }],
    // validateDNSPolicy
    ['dnsPolicy Default', { dnsPolicy: 'Default' }],
    ['dnsPolicy ClusterFirstWithHostNet', { dnsPolicy: 'ClusterFirstWithHostNet' }],
    // validateSchedulingGates
    ['distinct scheduling gates', { schedulingGates: [{ name: 'example.com/quota' }, { name: 'example.com/wait' }] }],
    // activeDeadlineSeconds: 1..math.MaxInt32, inclusive
    ['activeDeadlineSeconds 1', { activeDeadlineSeconds: 1 }],
    ['activeDeadlineSeconds MaxInt32', { activeDeadlineSeconds: 2 ** 31 - 1 }],
    ['hostname and subdomain', { hostname: 'web-0', subdomain: 'web' }],
    ['priorityClassName', { priorityClassName: 'system-node-critical' }],
    ['overhead', { overhead: { cpu: '250m', memory: '120Mi' } }],
    ['pod-level resources', { resources: { requests: { cpu: '1' }, limits: { cpu: '2' } } }],
    // validateOS: validOS = {linux, windows}
    ['os linux', { os: { name: 'linux' } }],
    ['os windows', { os: { name: 'windows' } }],
    // ValidatePodCreate: nodeName is forbidden only together with scheduling gates
    ['scheduling gates without nodeName', { schedulingGates: [{ name: 'example.com/wait' }] }],
    ['nodeName without scheduling gates', { nodeName: 'node-1' }],
  ])('accepts %s', (_name, spec) => expect(errors(spec)).toEqual([]));

  test.each([
    ['hostNetwork with another hostPort', { hostNetwork: true, containers: port(8080, 80) }, ['spec.containers[0].ports[0].hostPort: Invalid value: 80: must match `containerPort` when `hostNetwork` is true']],
    ['dnsPolicy unknown', { dnsPolicy: 'ClusterFirstWithHostNetwork' }, ['spec.dnsPolicy: Unsupported value: "ClusterFirstWithHostNetwork": supported values: "ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"']],
    // validateSchedulingGates: ValidateQualifiedName(name, fldPath.Index(i)); "" fails both IsQualifiedName checks
    ['a scheduling gate without a name', { schedulingGates: [{}] }, [`spec.schedulingGates[0]: Invalid value: "": ${QN_EMPTY}`, `spec.schedulingGates[0]: Invalid value: "": ${QN}`]],
    // ValidateNodeName(name, false): a trailing dash is not a generateName prefix here
    ['nodeName with a trailing dash', { nodeName: 'node-' }, [`spec.nodeName: Invalid value: "node-": ${SUBDOMAIN}`]],
    // TestValidatePod "bad activeDeadlineSeconds": validation.InclusiveRangeError(1, math.MaxInt32)
    ['activeDeadlineSeconds 0', { activeDeadlineSeconds: 0 }, ['spec.activeDeadlineSeconds: Invalid value: 0: must be between 1 and 2147483647, inclusive']],
    ['activeDeadlineSeconds MaxInt32 + 1', { activeDeadlineSeconds: 2 ** 31 }, ['spec.activeDeadlineSeconds: Invalid value: 2147483648: must be between 1 and 2147483647, inclusive']],
    ['hostname', { hostname: 'Web_0' }, [`spec.hostname: Invalid value: "Web_0": ${LABEL}`]],
    ['subdomain', { subdomain: 'Web' }, [`spec.subdomain: Invalid value: "Web": ${LABEL}`]],
    // IsDNS1123Label: a valid subdomain that is not a label "must not contain dots"
    ['subdomain with dots', { subdomain: 'web.internal' }, ['spec.subdomain: Invalid value: "web.internal": must not contain dots']],
    // ValidatePriorityClassName = NameIsDNSSubdomain
    ['priorityClassName', { priorityClassName: 'High_Priority' }, [`spec.priorityClassName: Invalid value: "High_Priority": ${SUBDOMAIN}`]],
    // validateOverhead: ValidateContainerResourceRequirements(&ResourceRequirements{Limits: overhead}, …)
    ['overhead is validated as limits', { overhead: { cpu: '-1' } }, ['spec.overhead.limits[cpu]: Invalid value: "-1": must be greater than or equal to 0']],
    // pod-level resources: quantities that do not decode (resource.ParseQuantity)
    ['pod-level requests decode', { resources: { requests: { cpu: '1K' } } }, [`spec.resources.requests.cpu: Invalid value: "1K": unable to parse quantity's suffix`]],
    // quantity.go parseQuantityString: a letter outside the suffix alphabet is ErrFormatWrong
    ['pod-level limits decode', { resources: { limits: { memory: '1Gb' } } }, [`spec.resources.limits.memory: Invalid value: "1Gb": quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`]],
    // validateOS: Required on the name, NotSupported on the os path itself
    ['os without a name', { os: {} }, ['spec.os.name: Required value']],
    ['os unknown', { os: { name: 'darwin' } }, ['spec.os: Unsupported value: "darwin": supported values: "linux", "windows"']],
    // ValidatePodCreate
    ['ephemeralContainers on create', { ephemeralContainers: [{ name: 'debug', image: 'busybox' }] }, ['spec.ephemeralContainers: Forbidden: cannot be set on create']],
  ])('%s', (_name, spec, expected) => expect(errors(spec)).toEqual(expected));

  test('the ValidatePodCreate checks are not applied to a pod template spec', () => {
    expect(errors({ nodeName: 'node-1', schedulingGates: [{ name: 'example.com/wait' }] }, template)).toEqual([]);
    expect(errors({ nodeName: 'node-1', schedulingGates: [{ name: 'example.com/wait' }] }, pod)).toEqual(['spec.nodeName: Forbidden: cannot be set until all schedulingGates have been cleared']);
  });
});

describe('validatePodTemplateSpec (ValidatePodTemplateSpec)', () => {
  const errs = (t: object) => validatePodTemplateSpec(t as never, 'spec.template', template).map((e) => `${e.field}: ${e.message}`);
  const spec = { containers };
  test.each([
    ['labels and annotations', { metadata: { labels: { app: 'web' }, annotations: { 'example.com/owner': 'team-a' } }, spec }],
    // ValidateAnnotations checks strings.ToLower(k): an upper-case prefix is fine
    ['an annotation key with an upper-case prefix', { metadata: { annotations: { 'Example.com/Owner': 'team-a' } }, spec }],
  ])('accepts %s', (_name, t) => expect(errs(t)).toEqual([]));

  test.each([
    ['labels are validated under labels', { metadata: { labels: { 'app name': 'web' } }, spec }, [`spec.template.labels: Invalid value: "app name": ${QN}`]],
    ['annotation keys are qualified names', { metadata: { annotations: { 'owner name': 'x' } }, spec }, [`spec.template.annotations: Invalid value: "owner name": ${QN}`]],
    ['the spec is validated under spec', { spec: { containers, dnsPolicy: 'Sometimes' } }, ['spec.template.spec.dnsPolicy: Unsupported value: "Sometimes": supported values: "ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"']],
    ['no ephemeral containers', { spec: { containers, ephemeralContainers: [{ name: 'debug', image: 'busybox' }] } }, ['spec.template.spec.ephemeralContainers: Forbidden: ephemeral containers not allowed in pod template']],
  ])('%s', (_name, t, expected) => expect(errs(t)).toEqual(expected));
});

// validateMatchLabelKeysAndMismatchLabelKeys (validation.go) step 3: a key in both lists.
test('a pod affinity key in both matchLabelKeys and mismatchLabelKeys is refused', () => {
  const term = { labelSelector: { matchLabels: { app: 'web' } }, matchLabelKeys: ['tenant'], mismatchLabelKeys: ['tenant'], topologyKey: 'zone' };
  expect(errors({ affinity: { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term] } } })).toEqual([
    'spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].matchLabelKeys[0]: Invalid value: "tenant": exists in both matchLabelKeys and mismatchLabelKeys',
  ]);
});

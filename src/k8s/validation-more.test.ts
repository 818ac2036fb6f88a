// The API server's validation outside the pod spec, with exact error lists: tolerations and node taints
// (pkg/apis/core/validation/validation.go ValidateTolerations, validateNodeTaints, validateTaintEffect), the
// field error rendering (apimachinery pkg/util/validation/field/errors.go), ObjectMeta and label selectors
// (apimachinery pkg/api/validation/objectmeta.go, pkg/apis/meta/v1/validation/validation.go), workloads
// (pkg/apis/apps/validation/validation.go, pkg/apis/batch/validation/validation.go) and cron schedules
// (github.com/robfig/cron/v3 parser.go, as validateScheduleFormat uses it). Added for the mutation run.
import { suggestEffect, validateTaints, validateTolerations } from './validation';
import { child, duplicate, forbidden, goValue, index, invalid, notSupported, Raw, required } from './validation-field';
import { goLabelSelector, selectorIsEmpty, selectorMatches, validateLabelSelector, validateObjectMeta } from './validation-meta';
import { validateObject } from './validation-workloads';
import { configure } from '../core/config';

// The expected lists are v1.35's (from 1.37 duplicate errors collapse: test/e2e/oracle-regressions-o137.test.ts).
configure({ kubernetesVersion: '1.35' });
import { parseStandardError } from './validation-cron';
import { nameIsDNSLabel, nameIsDNSSubdomain } from './names';

const QN = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const QN_SLASHES = `a valid label key ${QN} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`;
const LABEL = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
const DNS_SUB = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const DNS_LABEL = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const PERCENT = "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')";
const EFFECTS = 'supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"';
const lines = (errs: Array<{ field: string; message: string }>) => errs.map((e) => `${e.field}: ${e.message}`);

describe('field errors (field/errors.go ErrorBody, field.Path)', () => {
  test.each([
    [null, 'null'], [undefined, 'null'], ['a"b', '"a\\"b"'], [0, '0'], [-1.5, '-1.5'], [false, 'false'],
    [{ b: '2', a: '1' }, '{"a":"1","b":"2"}'], [{}, '{}'], [['a'], '["a"]'], [{ a: 1 }, '{"a":1}'],
  ])('goValue(%j) is %s', (value, printed) => expect(goValue(value)).toBe(printed));
  test('goValue of a bigint', () => expect(goValue(10n)).toBe('10'));
  test('error types', () => {
    expect([
      required('a'), required('a', 'why'), forbidden('a', 'why'), invalid('a', 'v', 'why'), invalid('a', new Raw('500m'), ''), duplicate('a', 'v'), duplicate('a', 1, 'why'),
      notSupported('a', 'v', ['x', 'y']), notSupported('a', 'v', []),
    ]).toEqual([
      { field: 'a', message: 'Required value' }, { field: 'a', message: 'Required value: why' }, { field: 'a', message: 'Forbidden: why' },
      { field: 'a', message: 'Invalid value: "v": why' }, { field: 'a', message: 'Invalid value: 500m' }, { field: 'a', message: 'Duplicate value: "v"' },
      { field: 'a', message: 'Duplicate value: 1: why' }, { field: 'a', message: 'Unsupported value: "v": supported values: "x", "y"' }, { field: 'a', message: 'Unsupported value: "v"' },
    ]);
  });
  test('paths', () => expect([child('', 'spec'), child('spec', 'x'), index('spec.x', 0)]).toEqual(['spec', 'spec.x', 'spec.x[0]']));
});

describe('ValidateTolerations (validation.go; TestValidateTolerations cases)', () => {
  const tol = (t: object[], gate = false) => lines(validateTolerations(t as never, 'spec.tolerations', gate));
  test.each([
    ['bad key and bad value (reported at .operator)', [{ key: 'a b', operator: 'Equal', value: 'x y', effect: 'NoExecute', tolerationSeconds: 5 }], [
      `spec.tolerations[0].key: Invalid value: "a b": name part ${QN}`, `spec.tolerations[0].operator: Invalid value: "x y": ${LABEL}`,
    ]],
    ['empty key needs Exists; tolerationSeconds needs NoExecute', [{ operator: 'Equal', effect: 'NoSchedule', tolerationSeconds: 0 }], [
      'spec.tolerations[0].operator: Invalid value: "Equal": operator must be Exists when `key` is empty, which means "match all values and all keys"',
      'spec.tolerations[0].effect: Invalid value: "NoSchedule": effect must be \'NoExecute\' when `tolerationSeconds` is set',
    ]],
    // TestValidateTolerations successCases: an empty key with Exists matches all taints
    ['empty key with Exists', [{ operator: 'Exists' }, { operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 10 }], []],
    // the IsValidLabelValue messages joined with ";"
    ['a value with two problems', [{ key: 'a', value: `${'a'.repeat(63)}-` }], [`spec.tolerations[0].operator: Invalid value: "${'a'.repeat(63)}-": must be no more than 63 bytes;${LABEL}`]],
    ['an empty toleration', [{}], ['spec.tolerations[0].operator: Invalid value: "": operator must be Exists when `key` is empty, which means "match all values and all keys"']],
    ['tolerationSeconds without an effect', [{ key: 'a', operator: 'Exists', tolerationSeconds: 1 }], ['spec.tolerations[0].effect: Invalid value: "": effect must be \'NoExecute\' when `tolerationSeconds` is set']],
    ['Exists with a value', [{ key: 'a', operator: 'Exists', value: 'v' }], ['spec.tolerations[0].operator: Invalid value: "v": value must be empty when `operator` is \'Exists\'']],
    ['an empty effect is "all effects"; effects are checked', [{ key: 'a', operator: 'Exists', effect: '' }, { key: 'b', effect: 'Foo' }, { key: 'c', effect: 'NoExecute' }], [
      `spec.tolerations[1].effect: Unsupported value: "Foo": ${EFFECTS}`,
    ]],
    ['unknown operator', [{ key: 'a', operator: 'In' }], ['spec.tolerations[0].operator: Unsupported value: "In": supported values: "Equal", "Exists"']],
  ] as Array<[string, object[], string[]]>)('%s', (_n, t, expected) => expect(tol(t)).toEqual(expected));

  test('Lt/Gt with the TaintTolerationComparisonOperators gate (KEP-5471)', () => {
    // an unknown operator is told the two of old, gate or not (ValidateTolerations' default branch)
    expect(tol([{ key: 'a', operator: 'In' }], true)).toEqual(['spec.tolerations[0].operator: Unsupported value: "In": supported values: "Equal", "Exists"']);
    expect(tol([{ key: 'a', operator: 'Lt', value: '-0' }, { key: 'a', operator: 'Gt', value: '' }, { key: 'a', operator: 'Gt', value: '10' }], true)).toEqual([
      'spec.tolerations[0].value: Invalid value: "-0": must be a valid decimal integer in canonical form',
      // content.IsDecimalInteger's own text for an empty value, then strconv.ParseInt's error (the updateSelf oracle at 1.35-1.37)
      'spec.tolerations[1].value: Invalid value: "": must be non-empty',
      'spec.tolerations[1].value: Invalid value: "": strconv.ParseInt: parsing "": invalid syntax',
    ]);
    expect(tol([{ key: 'a', operator: 'Gt', value: '+5' }, { key: 'a', operator: 'Lt', value: '99999999999999999999' }], true)).toEqual([
      'spec.tolerations[0].value: Invalid value: "+5": must be a valid decimal integer in canonical form',
      'spec.tolerations[1].value: Invalid value: "99999999999999999999": strconv.ParseInt: parsing "99999999999999999999": value out of range',
    ]);
  });

  // our hint after the upstream text: the effect a misspelling most likely meant (edit distance ≤ 3, unique best)
  test.each([
    ['', undefined], ['NoSchedul', 'NoSchedule'], ['noexecute', 'NoExecute'], ['prefernoschedule', 'PreferNoSchedule'], ['xyz', undefined],
    ['PreferNoSched', 'PreferNoSchedule'], ['noscecdute', undefined /* 3 from NoSchedule and from NoExecute: no unique best */], ['NoExecution', 'NoExecute'], ['Schedule', 'NoSchedule'], ['NoSchedulexxx', 'NoSchedule'], ['NoSchedulexxxx', undefined],
  ])('suggestEffect(%j) is %s', (effect, meant) => expect(suggestEffect(effect)).toBe(meant));
  test('the hint is appended to the upstream message', () => {
    expect(tol([{ key: 'a', effect: 'NoExecution' }])).toEqual([`spec.tolerations[0].effect: Unsupported value: "NoExecution": ${EFFECTS} (did you mean NoExecute?)`]);
  });
});

describe('validateNodeTaints', () => {
  test('value, uniqueness by key and effect, required effect', () => {
    expect(lines(validateTaints([{ key: 'a', value: 'b c', effect: 'NoExecute' }, { key: 'a', effect: 'NoExecute' }, { key: 'a', effect: 'NoExecute' }, {}] as never))).toEqual([
      `metadata.taints[0].value: Invalid value: "b c": ${LABEL}`,
      'metadata.taints[1]: Duplicate value: {"Key":"a","Value":"","Effect":"NoExecute","TimeAdded":null}: taints must be unique by key and effect pair',
      'metadata.taints[2]: Duplicate value: {"Key":"a","Value":"","Effect":"NoExecute","TimeAdded":null}: taints must be unique by key and effect pair',
      'metadata.taints[3].key: Invalid value: "": name part must be non-empty', `metadata.taints[3].key: Invalid value: "": name part ${QN}`,
      'metadata.taints[3].effect: Required value',
    ]);
  });
  test('taints without a key are unique by effect too', () => {
    expect(lines(validateTaints([{ effect: 'NoSchedule' }, { effect: 'NoSchedule' }] as never)).slice(-1)).toEqual([
      'metadata.taints[1]: Duplicate value: {"Key":"","Value":"","Effect":"NoSchedule","TimeAdded":null}: taints must be unique by key and effect pair',
    ]);
  });
  test('uniqueness is by key and effect; a value with two problems', () => {
    expect(validateTaints([{ key: 'a', effect: 'NoSchedule' }, { key: 'b', effect: 'NoSchedule' }] as never)).toEqual([]);
    expect(lines(validateTaints([{ key: '', effect: 'NoSchedule' }, { effect: 'NoSchedule' }] as never)).slice(-1)).toEqual([
      'metadata.taints[1]: Duplicate value: {"Key":"","Value":"","Effect":"NoSchedule","TimeAdded":null}: taints must be unique by key and effect pair',
    ]);
    expect(lines(validateTaints([{ key: 'a', effect: '' }, { key: 'a' }] as never))).toEqual([
      'metadata.taints[0].effect: Required value', 'metadata.taints[1].effect: Required value',
      'metadata.taints[1]: Duplicate value: {"Key":"a","Value":"","Effect":"","TimeAdded":null}: taints must be unique by key and effect pair',
    ]);
    expect(lines(validateTaints([{ key: 'a', value: `${'a'.repeat(63)}-`, effect: 'NoSchedule' }] as never))).toEqual([
      `metadata.taints[0].value: Invalid value: "${'a'.repeat(63)}-": must be no more than 63 bytes;${LABEL}`,
    ]);
  });
  test('same key, other effect; the path can be given', () => {
    expect(validateTaints([{ key: 'a', effect: 'NoSchedule' }, { key: 'a', effect: 'PreferNoSchedule' }] as never, 'metadata.taints')).toEqual([]);
    expect(lines(validateTaints([{ key: 'a', effect: 'x' }] as never, 'metadata.taints'))).toEqual([`metadata.taints[0].effect: Unsupported value: "x": ${EFFECTS}`]);
  });
});

describe('ValidateObjectMeta, ValidateLabelSelector', () => {
  test('generateName, name, namespace, labels, annotations', () => {
    expect(lines(validateObjectMeta({ name: 'Bad_Name', generateName: '-x', namespace: 'Bad_NS', labels: { 'a/b/c': 'ok' }, annotations: { 'Example.com/Ok': '', 'A/B/C': 'x' } }, true, nameIsDNSSubdomain))).toEqual([
      `metadata.generateName: Invalid value: "-x": ${DNS_SUB}`,
      `metadata.name: Invalid value: "Bad_Name": ${DNS_SUB}`,
      `metadata.namespace: Invalid value: "Bad_NS": ${DNS_LABEL}`,
      `metadata.labels: Invalid value: "a/b/c": ${QN_SLASHES}`,
      `metadata.annotations: Invalid value: "A/B/C": ${QN_SLASHES}`,
    ]);
  });
  test('names: generateName is a prefix (trailing dash allowed), name is not; a null label value decodes to ""', () => {
    expect(validateObjectMeta({ generateName: 'web-', labels: { a: null } } as never, true, nameIsDNSSubdomain)).toEqual([]);
    expect(lines(validateObjectMeta({ name: 'web-', namespace: 'team-' }, true, nameIsDNSSubdomain))).toEqual([
      `metadata.name: Invalid value: "web-": ${DNS_SUB}`, `metadata.namespace: Invalid value: "team-": ${DNS_LABEL}`,
    ]);
  });
  test('cluster-scoped objects take no namespace; generateName stands in for a name', () => {
    expect(lines(validateObjectMeta({ generateName: 'n-', namespace: 'default' }, false, nameIsDNSLabel, 'meta'))).toEqual(['meta.namespace: Forbidden: not allowed on this type']);
    expect(lines(validateObjectMeta(undefined, true, nameIsDNSLabel))).toEqual(['metadata.name: Required value: name or generateName is required']);
  });
  test('selector requirements; invalid values allowed when asked', () => {
    const sel = { matchLabels: { app: '-x' }, matchExpressions: [{ key: 'a', operator: 'In', values: ['ok', 'b c'] }, { key: 'b', operator: 'NotIn', values: [] }, { key: 'c', operator: 'DoesNotExist', values: ['x'] }, { key: '', operator: 'Equals' }] };
    expect(lines(validateLabelSelector(sel, 'spec.selector'))).toEqual([
      `spec.selector.matchLabels: Invalid value: "-x": ${LABEL}`,
      `spec.selector.matchExpressions[0].values[1]: Invalid value: "b c": ${LABEL}`,
      "spec.selector.matchExpressions[1].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
      "spec.selector.matchExpressions[2].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
      'spec.selector.matchExpressions[3].operator: Invalid value: "Equals": not a valid selector operator',
      'spec.selector.matchExpressions[3].key: Invalid value: "": name part must be non-empty', `spec.selector.matchExpressions[3].key: Invalid value: "": name part ${QN}`,
    ]);
    expect(lines(validateLabelSelector({ matchExpressions: [{ key: 'a', operator: 'Exists' }, { key: 'a', operator: 'In', values: ['b c'] }] }, 's', true))).toEqual([]);
    expect(validateLabelSelector(null, 's')).toEqual([]);
    expect(lines(validateLabelSelector({ matchExpressions: [{ key: 'a' }, { operator: 'Exists' }] } as never, 's'))).toEqual([
      's.matchExpressions[0].operator: Invalid value: "": not a valid selector operator',
      's.matchExpressions[1].key: Invalid value: "": name part must be non-empty', `s.matchExpressions[1].key: Invalid value: "": name part ${QN}`,
    ]);
  });
  test('LabelSelectorAsSelector: nil selects nothing, empty everything, broken is undefined', () => {
    expect([selectorMatches(null, { a: 'b' }), selectorMatches({}, { a: 'b' }), selectorMatches({ matchLabels: { a: 'b' } }, { a: 'b' }), selectorMatches({ matchExpressions: [{ key: 'a', operator: 'In' }] }, {})]).toEqual([false, true, true, undefined]);
    expect([selectorIsEmpty(null), selectorIsEmpty({}), selectorIsEmpty({ matchLabels: {} , matchExpressions: [] }), selectorIsEmpty({ matchLabels: { a: 'b' } }), selectorIsEmpty({ matchExpressions: [{ key: 'a', operator: 'Exists' }] }), selectorIsEmpty({ matchLabels: { a: 'b' }, matchExpressions: [{ key: 'c', operator: 'Exists' }] })]).toEqual([false, true, true, false, false, false]);
  });
  test("json.Marshal of a LabelSelector (ErrorBody), as the create oracle showed it", () => {
    // JSON null decodes to Go's nil map and slice; empty fields are left out (omitempty)
    expect(goLabelSelector({ matchExpressions: [{}] } as never).text).toBe('{"matchExpressions":[{"key":"","operator":""}]}');
    expect(goLabelSelector({ matchLabels: null, matchExpressions: null } as never).text).toBe('{}');
    expect([goLabelSelector(null).text, goLabelSelector({ matchLabels: { b: '1', a: '2' }, matchExpressions: [{ key: 'k', operator: 'In', values: ['x', 'y'] }, { key: 'e', operator: 'Exists' }] }).text]).toEqual([
      'null',
      '{"matchLabels":{"a":"2","b":"1"},"matchExpressions":[{"key":"k","operator":"In","values":["x","y"]},{"key":"e","operator":"Exists"}]}',
    ]);
  });
});

const containers = [{ name: 'c', image: 'nginx' }];
const workload = (kind: string, spec: object = {}, name = 'web') =>
  ({ kind, metadata: { name }, spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers } }, ...spec } });
const job = (templateSpec: object = { restartPolicy: 'Never' }, spec: object = {}, name = 'train') => ({ kind: 'Job', metadata: { name }, spec: { template: { spec: { containers, ...templateSpec } }, ...spec } });
const cronJob = (spec: object, name = 'nightly') =>
  ({ kind: 'CronJob', metadata: { name }, spec: { schedule: '0 2 * * *', jobTemplate: { spec: { template: { spec: { containers, restartPolicy: 'OnFailure' } } } }, ...spec } });
const v = (o: object) => lines(validateObject(o as never, false));
const RU = 'spec.strategy.rollingUpdate';
const DRU = 'spec.updateStrategy.rollingUpdate';
const NN = 'must be greater than or equal to 0';

describe('apps/validation: ValidateDeploymentSpec, ValidateReplicaSetSpec, ValidateStatefulSetSpec, ValidateDaemonSetSpec', () => {
  test.each([
    ['Deployment: counts', workload('Deployment', { replicas: -1, minReadySeconds: -1, revisionHistoryLimit: -1, progressDeadlineSeconds: -1 }), [
      `spec.replicas: Invalid value: -1: ${NN}`, `spec.minReadySeconds: Invalid value: -1: ${NN}`, `spec.revisionHistoryLimit: Invalid value: -1: ${NN}`,
      `spec.progressDeadlineSeconds: Invalid value: -1: ${NN}`, 'spec.progressDeadlineSeconds: Invalid value: -1: must be greater than minReadySeconds',
    ]],
    ['Deployment: progressDeadlineSeconds == minReadySeconds', workload('Deployment', { minReadySeconds: 10, progressDeadlineSeconds: 10 }), ['spec.progressDeadlineSeconds: Invalid value: 10: must be greater than minReadySeconds']],
    ['Deployment: progressDeadlineSeconds 0', workload('Deployment', { progressDeadlineSeconds: 0 }), ['spec.progressDeadlineSeconds: Invalid value: 0: must be greater than minReadySeconds']],
    ['Deployment: progressDeadlineSeconds > minReadySeconds', workload('Deployment', { minReadySeconds: 10, progressDeadlineSeconds: 11 }), []],
    ['Deployment: unknown strategy', workload('Deployment', { strategy: { type: 'BlueGreen' } }), [
      'spec.strategy: Unsupported value: {"Type":"BlueGreen","RollingUpdate":null}: supported values: "Recreate", "RollingUpdate"',
    ]],
    ['Deployment: 100% unavailable, no surge', workload('Deployment', { strategy: { rollingUpdate: { maxUnavailable: '100%', maxSurge: 0 } } }), []],
    // ValidateRollingUpdateDeployment: both values, the zero check, then IsNotMoreThan100Percent(maxUnavailable)
    ['Deployment: 101% and -1', workload('Deployment', { strategy: { rollingUpdate: { maxUnavailable: '101%', maxSurge: -1 } } }), [
      `${RU}.maxSurge: Invalid value: -1: ${NN}`, `${RU}.maxUnavailable: Invalid value: \"101%\": must not be greater than 100%`,
    ]],
    ['Deployment: 0% and 0%', workload('Deployment', { strategy: { rollingUpdate: { maxUnavailable: '0%', maxSurge: '0%' } } }), [`${RU}.maxUnavailable: Invalid value: \"0%\": may not be 0 when \`maxSurge\` is 0`]],
    ['Deployment: a non-percent string reads as 0', workload('Deployment', { strategy: { rollingUpdate: { maxUnavailable: 'x', maxSurge: 0 } } }), [
      `${RU}.maxUnavailable: Invalid value: \"x\": ${PERCENT}`, `${RU}.maxUnavailable: Invalid value: \"x\": may not be 0 when \`maxSurge\` is 0`,
    ]],
    ['Deployment: Recreate with rollingUpdate', workload('Deployment', { strategy: { type: 'Recreate', rollingUpdate: {} } }), ["spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate'"]],
    ['Deployment: Recreate', workload('Deployment', { strategy: { type: 'Recreate' } }), []],
    // SetDefaults_Deployment: 25% for the one not given
    ['Deployment: maxSurge 0 (maxUnavailable 25%)', workload('Deployment', { strategy: { rollingUpdate: { maxSurge: 0 } } }), []],
    ['Deployment: maxUnavailable 0 (maxSurge 25%)', workload('Deployment', { strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0 } } }), []],
    // "empty selector is invalid for <kind>" (ReplicaSets say deployment)
    ...([['Deployment', 'deployment'], ['ReplicaSet', 'deployment'], ['StatefulSet', 'statefulset'], ['DaemonSet', 'daemonset']].map(([kind, word]) => [`${kind}: empty selector`, workload(kind, { selector: {} }, 'db'), [
      `spec.selector: Invalid value: {}: empty selector is invalid for ${word}`,
    ]]) as Array<[string, object, string[]]>),
    ['StatefulSet: podManagementPolicy', workload('StatefulSet', { podManagementPolicy: 'Random' }, 'db'), ['spec.podManagementPolicy: Invalid value: "Random": must be \'OrderedReady\' or \'Parallel\'']],
    ['Deployment: maxSurge over 100% is fine', workload('Deployment', { strategy: { rollingUpdate: { maxSurge: '200%' } } }), []],
    ['ReplicaSet: counts, selector', workload('ReplicaSet', { replicas: -1, minReadySeconds: -1, selector: { matchLabels: { app: 'api' } } }), [
      `spec.replicas: Invalid value: -1: ${NN}`, `spec.minReadySeconds: Invalid value: -1: ${NN}`,
      'spec.template.metadata.labels: Invalid value: {"app":"web"}: `selector` does not match template `labels`',
    ]],
    ['ReplicaSet: a selector that cannot be converted', workload('ReplicaSet', { selector: { matchExpressions: [{ key: 'app', operator: 'In' }] } }), [
      "spec.selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
      'spec.selector: Invalid value: {"matchExpressions":[{"key":"app","operator":"In"}]}: invalid label selector',
    ]],
    ['ReplicaSet: template restartPolicy and activeDeadlineSeconds', workload('ReplicaSet', { template: { metadata: { labels: { app: 'web' } }, spec: { containers, restartPolicy: 'OnFailure', activeDeadlineSeconds: 1 } } }), [
      'spec.template.spec.restartPolicy: Unsupported value: "OnFailure": supported values: "Always"',
      'spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in ReplicaSet is not Supported',
    ]],
    ['StatefulSet: a selector that cannot be converted ("" detail)', workload('StatefulSet', { selector: { matchExpressions: [{ key: 'app', operator: 'In' }] } }, 'db'), [
      "spec.selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
      'spec.selector: Invalid value: {"matchExpressions":[{"key":"app","operator":"In"}]}',
    ]],
    ['StatefulSet: rollingUpdate with OnDelete', workload('StatefulSet', { updateStrategy: { type: 'OnDelete', rollingUpdate: { partition: 1 } }, podManagementPolicy: 'Parallel' }, 'db'), [
      `spec.updateStrategy.rollingUpdate: Invalid value: {"Partition":1,"MaxUnavailable":null}: only allowed for updateStrategy 'RollingUpdate'`,
    ]],
    ['StatefulSet: OnDelete alone', workload('StatefulSet', { updateStrategy: { type: 'OnDelete' }, podManagementPolicy: 'OrderedReady' }, 'db'), []],
    ['StatefulSet: partition', workload('StatefulSet', { updateStrategy: { rollingUpdate: { partition: -1 } } }, 'db'), [`${DRU}.partition: Invalid value: -1: ${NN}`]],
    ['StatefulSet: unknown strategy', workload('StatefulSet', { updateStrategy: { type: 'Canary' } }, 'db'), [
      "spec.updateStrategy: Invalid value: {\"Type\":\"Canary\",\"RollingUpdate\":null}: must be 'RollingUpdate' or 'OnDelete'",
    ]],
    ['StatefulSet: template', workload('StatefulSet', { replicas: -2, minReadySeconds: -1, template: { metadata: { labels: { app: 'web', bad: '-x' } }, spec: { containers: [{ name: 'c' }], restartPolicy: 'Never', activeDeadlineSeconds: 5 } } }, 'db'), [
      // since 1.34 the template's spec is validated at create, and ValidatePodTemplateSpecForStatefulSet checks its labels twice
      `spec.replicas: Invalid value: -2: ${NN}`, `spec.minReadySeconds: Invalid value: -1: ${NN}`, `spec.template.labels: Invalid value: "-x": ${LABEL}`,
      'spec.template.spec.containers[0].image: Required value', `spec.template.labels: Invalid value: "-x": ${LABEL}`,
      'spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"',
      'spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in StatefulSet is not Supported',
    ]],
    ['DaemonSet: counts around an unknown strategy', workload('DaemonSet', { minReadySeconds: -1, revisionHistoryLimit: -1, updateStrategy: { type: 'Surge' } }), [
      `spec.minReadySeconds: Invalid value: -1: ${NN}`,
      'spec.updateStrategy: Unsupported value: {"Type":"Surge","RollingUpdate":null}: supported values: "RollingUpdate", "OnDelete"',
      `spec.revisionHistoryLimit: Invalid value: -1: ${NN}`,
    ]],
    ['DaemonSet: OnDelete ignores rollingUpdate', workload('DaemonSet', { updateStrategy: { type: 'OnDelete', rollingUpdate: { maxSurge: 5 } } }), []],
    ['DaemonSet: surge with 0 unavailable', workload('DaemonSet', { updateStrategy: { rollingUpdate: { maxUnavailable: 0, maxSurge: '10%' } } }), []],
    ['DaemonSet: both 0%', workload('DaemonSet', { updateStrategy: { rollingUpdate: { maxUnavailable: '0%', maxSurge: '0%' } } }), [`${DRU}.maxUnavailable: Required value: cannot be 0 when maxSurge is 0`]],
    ['DaemonSet: both set', workload('DaemonSet', { updateStrategy: { rollingUpdate: { maxUnavailable: '100%', maxSurge: '100%' } } }), [`${DRU}.maxSurge: Invalid value: \"100%\": may not be set when maxUnavailable is non-zero`]],
    // ValidateRollingUpdateDaemonSet: both values, then both IsNotMoreThan100Percent
    ['DaemonSet: 101% and a bad string', workload('DaemonSet', { updateStrategy: { rollingUpdate: { maxUnavailable: '101%', maxSurge: 'x' } } }), [
      `${DRU}.maxSurge: Invalid value: \"x\": ${PERCENT}`, `${DRU}.maxUnavailable: Invalid value: \"101%\": must not be greater than 100%`,
    ]],
    ['DaemonSet: maxSurge over 100%', workload('DaemonSet', { updateStrategy: { rollingUpdate: { maxUnavailable: 0, maxSurge: '101%' } } }), [`${DRU}.maxSurge: Invalid value: \"101%\": must not be greater than 100%`]],
    ['DaemonSet: negative maxUnavailable', workload('DaemonSet', { updateStrategy: { rollingUpdate: { maxUnavailable: -1 } } }), [
      `${DRU}.maxUnavailable: Invalid value: -1: ${NN}`,
    ]],
    ['DaemonSet: no selector (selects nothing)', workload('DaemonSet', { selector: undefined }), ['spec.template.metadata.labels: Invalid value: {"app":"web"}: `selector` does not match template `labels`']],
    ['DaemonSet: a selector that cannot be converted', workload('DaemonSet', { selector: { matchExpressions: [{ key: 'app', operator: 'In' }] } }), ["spec.selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'"]],
    ['Deployment: no selector', workload('Deployment', { selector: undefined }), ['spec.selector: Required value', 'spec.template.metadata.labels: Invalid value: {"app":"web"}: `selector` does not match template `labels`']],
    ['DaemonSet: selector mismatch', workload('DaemonSet', { selector: { matchLabels: { app: 'x' } } }), ['spec.template.metadata.labels: Invalid value: {"app":"web"}: `selector` does not match template `labels`']],
  ] as Array<[string, object, string[]]>)('%s', (_n, o, expected) => expect(v(o)).toEqual(expected));
});

describe('every kind: namespaced metadata, template paths, missing parts', () => {
  const bare = { containers: [{ name: 'c' }] };
  const noImage = (p: string) => `${p}.containers[0].image: Required value`;
  test.each([
    ...(['Deployment', 'ReplicaSet', 'StatefulSet', 'DaemonSet'].map((kind) => [`${kind} in a namespace`, { ...workload(kind, {}, 'db'), metadata: { name: 'db', namespace: 'team-a' } }, []])),
    ['Pod in a namespace', { kind: 'Pod', metadata: { name: 'p', namespace: 'team-a' }, spec: { containers } }, []],
    ['PodTemplate in a namespace', { kind: 'PodTemplate', metadata: { name: 't', namespace: 'team-a' }, template: { spec: { containers } } }, []],
    ['ReplicationController in a namespace', { kind: 'ReplicationController', metadata: { name: 'rc', namespace: 'team-a' }, spec: { template: { metadata: { labels: { a: 'b' } }, spec: { containers } } } }, []],
    ['Job in a namespace', { ...job(), metadata: { name: 'j', namespace: 'team-a' } }, []],
    ['CronJob in a namespace', { ...cronJob({}), metadata: { name: 'c', namespace: 'team-a' } }, []],
    // templates are not Pods (ValidatePodTemplateSpec runs no validateContainersOnlyForPod): the Deployment is
    // accepted with an image with spaces around it, and every Pod made from it is refused (validatePodMetadataAndSpec)
    ...(['Deployment', 'ReplicaSet', 'DaemonSet'].map((kind) => [`${kind}: template image with a trailing space`, workload(kind, { template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx ' }] } } }), [
      `spec.template.spec.containers[0].image: Invalid value: "nginx ": must not have leading or trailing whitespace (the API server accepts the ${kind} but refuses every Pod it creates)`,
    ]]) as Array<[string, object, string[]]>),
    ['Job: template image with a leading space', { ...job(), spec: { template: { spec: { containers: [{ name: 'c', image: ' busybox' }], restartPolicy: 'Never' } } } }, [
      'spec.template.spec.containers[0].image: Invalid value: " busybox": must not have leading or trailing whitespace (the API server accepts the Job but refuses every Pod it creates)',
    ]],
    // ValidatePodCreate: a Pod may not name its node while it has scheduling gates; a template may
    ['Deployment: template with nodeName and schedulingGates', workload('Deployment', { template: { metadata: { labels: { app: 'web' } }, spec: { containers, nodeName: 'n1', schedulingGates: [{ name: 'example.com/wait' }] } } }), [
      'spec.template.spec.nodeName: Forbidden: cannot be set until all schedulingGates have been cleared (the API server accepts the Deployment but refuses every Pod it creates)',
    ]],
    ['Deployment: template spec errors', workload('Deployment', { template: { metadata: { labels: { app: 'web' } }, spec: bare } }), [noImage('spec.template.spec')]],
    ['DaemonSet: template spec errors and activeDeadlineSeconds', workload('DaemonSet', { template: { metadata: { labels: { app: 'web' } }, spec: { ...bare, activeDeadlineSeconds: 5 } } }), [
      noImage('spec.template.spec'), 'spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in DaemonSet is not Supported',
    ]],
    ['ReplicationController: template spec errors', { kind: 'ReplicationController', metadata: { name: 'rc' }, spec: { template: { metadata: { labels: { a: 'b' } }, spec: bare } } }, [noImage('spec.template.spec')]],
    // the Pods a StatefulSet creates are Pods
    ['StatefulSet: Pod image with a trailing space', workload('StatefulSet', { template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx ' }] } } }, 'db'), [
      'spec.template.spec.containers[0].image: Invalid value: "nginx ": must not have leading or trailing whitespace (the API server accepts the StatefulSet but refuses every Pod it creates)',
    ]],
    ...(['Deployment', 'DaemonSet'].map((kind) => [`${kind}: template without metadata`, workload(kind, { template: { spec: { containers } } }), [
      'spec.template.metadata.labels: Invalid value: null: `selector` does not match template `labels`',
    ]])),
    ['StatefulSet: template without metadata', workload('StatefulSet', { template: { spec: { containers } } }, 'db'), ['spec.template.metadata.labels: Invalid value: null: `selector` does not match template `labels`']],
    ['ReplicationController: template without metadata', { kind: 'ReplicationController', metadata: { name: 'rc' }, spec: { selector: { a: 'b' }, template: { spec: { containers } } } }, [
      'spec.template.metadata.labels: Invalid value: null: `selector` does not match template `labels`',
    ]],
    ['Deployment: template without spec', workload('Deployment', { template: { metadata: { labels: { app: 'web' } } } }), ['spec.template.spec.containers: Required value']],
    ['Deployment: no template', workload('Deployment', { template: undefined }), [
      'spec.template.metadata.labels: Invalid value: null: `selector` does not match template `labels`', 'spec.template.spec.containers: Required value',
    ]],
    ['StatefulSet: no template', workload('StatefulSet', { template: undefined }, 'db'), [
      'spec.template.metadata.labels: Invalid value: null: `selector` does not match template `labels`', 'spec.template.spec.containers: Required value',
    ]],
    ['Deployment: RollingUpdate without rollingUpdate', workload('Deployment', { strategy: { type: 'RollingUpdate' } }), []],
    ['DaemonSet: RollingUpdate without rollingUpdate', workload('DaemonSet', { updateStrategy: { type: 'RollingUpdate' } }), []],
    ...(['5%x', 'x5%'].map((v) => [`Deployment: maxSurge ${v}`, workload('Deployment', { strategy: { rollingUpdate: { maxSurge: v } } }), [`${RU}.maxSurge: Invalid value: "${v}": ${PERCENT}`]])),
    ['Job: NonIndexed needs no hostname', job(undefined, { completionMode: 'NonIndexed', completions: 3 }, 'a'.repeat(62)), []],
  ] as Array<[string, object, string[]]>)('%s', (_n, o, expected) => expect(v(o)).toEqual(expected));
});

test('the TaintTolerationComparisonOperators gate reaches template tolerations too', () => {
  const d = workload('Deployment', { template: { metadata: { labels: { app: 'web' } }, spec: { containers, tolerations: [{ key: 'sla', operator: 'Gt', value: '5', effect: 'NoSchedule' }] } } });
  expect(validateObject(d as never, true)).toEqual([]);
});

describe('core: ReplicationController, PodTemplate, Node; other kinds', () => {
  test.each([
    ['ReplicationController', { kind: 'ReplicationController', metadata: { name: 'rc' }, spec: { replicas: -1, selector: { app: 'x' }, template: { metadata: { labels: { app: 'y' } }, spec: { containers, restartPolicy: 'Never', activeDeadlineSeconds: 1 } } } }, [
      `spec.replicas: Invalid value: -1: ${NN}`,
      'spec.template.metadata.labels: Invalid value: {"app":"y"}: `selector` does not match template `labels`',
      'spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"',
      'spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in ReplicationController is not Supported',
    ]],
    ['ReplicationController without a template', { kind: 'ReplicationController', metadata: { name: 'rc' }, spec: { selector: { app: 'x' } } }, ['spec.template: Required value']],
    // SetDefaults_ReplicationController: the selector defaults to the template's labels
    ['ReplicationController: selector from the labels', { kind: 'ReplicationController', metadata: { name: 'rc' }, spec: { template: { metadata: { labels: { app: 'rc' } }, spec: { containers } } } }, []],
    ['ReplicationController with nothing', { kind: 'ReplicationController', metadata: { name: 'rc' }, spec: {} }, ['spec.selector: Required value', 'spec.template: Required value']],
    ['PodTemplate', { kind: 'PodTemplate', metadata: { name: 't' }, template: { metadata: { labels: { a: '-' } }, spec: { containers } } }, [`template.labels: Invalid value: "-": ${LABEL}`]],
    // ValidateNode clears the namespace; ValidateNodeResources: status.capacity.<name> (Child, not Key)
    ['Node', { kind: 'Node', metadata: { name: 'n', namespace: 'default' }, spec: { taints: [{ key: 'a', effect: 'NoSchedule' }] }, status: { capacity: { pods: '110', cpu: '-2' }, allocatable: { 'example.com/x': '1500m', pods: '1500m' } } }, [
      'status.capacity.cpu: Invalid value: "-2": must be greater than or equal to 0',
      'status.allocatable.example.com/x: Invalid value: \"1500m\": must be an integer',
      'status.allocatable.pods: Invalid value: \"1500m\": must be an integer',
    ]],
    ['Pod', { kind: 'Pod', metadata: { name: 'Web' }, spec: { containers: [{ name: 'c', image: 'nginx ' }] } }, [
      `metadata.name: Invalid value: "Web": ${DNS_SUB}`, 'spec.containers[0].image: Invalid value: "nginx ": must not have leading or trailing whitespace',
    ]],
    ['Node: an undecodable capacity; no status', { kind: 'Node', metadata: { name: 'n' }, status: { capacity: { cpu: '1K' } } }, [`status.capacity.cpu: Invalid value: "1K": unable to parse quantity's suffix`]],
    ['Node without status', { kind: 'Node', metadata: { name: 'n' } }, []],
    ['a kind not validated', { kind: 'Service', metadata: {} }, []],
  ] as Array<[string, object, string[]]>)('%s', (_n, o, expected) => expect(v(o)).toEqual(expected));
});

describe('batch/validation: ValidateJob, ValidateCronJobCreate', () => {
  test.each([
    ['Job: counts', job(undefined, { parallelism: -1, completions: -1, activeDeadlineSeconds: -1, backoffLimit: -1, ttlSecondsAfterFinished: -1 }), [
      `spec.parallelism: Invalid value: -1: ${NN}`, `spec.completions: Invalid value: -1: ${NN}`, `spec.activeDeadlineSeconds: Invalid value: -1: ${NN}`,
      `spec.backoffLimit: Invalid value: -1: ${NN}`, `spec.ttlSecondsAfterFinished: Invalid value: -1: ${NN}`,
    ]],
    ['Job: manual selector not matching', job(undefined, { manualSelector: true, selector: { matchLabels: { a: 'b' } } }), ['spec.template.metadata.labels: Invalid value: null: `selector` does not match template `labels`']],
    ['Job: manual selector matching', { ...job(), spec: { manualSelector: true, selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers, restartPolicy: 'Never' } } } }, []],
    ['Job: manual selector invalid', job(undefined, { manualSelector: true, selector: { matchExpressions: [{ key: 'a', operator: 'In' }] } }), ["spec.selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'"]],
    // validateJobSpec: the defaulted Always is "Required"; others NotSupported; podFailurePolicy needs Never
    ...(['', 'Always'].map((rp) => [`Job: restartPolicy ${JSON.stringify(rp)}`, job({ restartPolicy: rp }), ['spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"']]) as Array<[string, object, string[]]>),
    ['Job: restartPolicy Sometimes (refused by the pod spec too)', job({ restartPolicy: 'Sometimes' }), [
      'spec.template.spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"',
      'spec.template.spec.restartPolicy: Unsupported value: "Sometimes": supported values: "OnFailure", "Never"',
    ]],
    ['Job: podFailurePolicy with OnFailure', job({ restartPolicy: 'OnFailure' }, { podFailurePolicy: { rules: [] } }), ['spec.template.spec.restartPolicy: Invalid value: "OnFailure": only "Never" is supported when podFailurePolicy is specified']],
    ['Job: OnFailure', job({ restartPolicy: 'OnFailure' }), []],
    ['Job: podFailurePolicy with Never', job(undefined, { podFailurePolicy: { rules: [] } }), []],
    ['Job: name of 63 characters', job(undefined, {}, 'j'.repeat(63)), []],
    // the generated batch.kubernetes.io/job-name label must be a label value
    // generateSelectorIfNeeded adds job-name and batch.kubernetes.io/job-name (unless given): one error for each
    ['Job: name of 64 characters', job(undefined, {}, 'j'.repeat(64)), Array(2).fill(`spec.template.labels: Invalid value: "${'j'.repeat(64)}": must be no more than 63 bytes`)],
    ['Job: name of 64 characters, job-name given', { ...job(undefined, {}, 'j'.repeat(64)), spec: { template: { metadata: { labels: { 'job-name': 'short' } }, spec: { containers, restartPolicy: 'Never' } } } }, [
      `spec.template.labels: Invalid value: "${'j'.repeat(64)}": must be no more than 63 bytes`,
    ]],
    ['Job: name of 64 characters, manualSelector (no generated labels)', { ...job(undefined, {}, 'j'.repeat(64)), spec: { manualSelector: true, selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers, restartPolicy: 'Never' } } } }, []],
    ['Job: manualSelector without a selector', job(undefined, { manualSelector: true }), ['spec.selector: Required value', 'spec.template.metadata.labels: Invalid value: null: `selector` does not match template `labels`']],
    // validateJobSpec with completionMode Indexed: the last Pod's hostname must be a DNS label
    ['Job: Indexed, hostname too long', job(undefined, { completionMode: 'Indexed', completions: 3 }, 'a'.repeat(62)), [
      `metadata.name: Invalid value: "${'a'.repeat(62)}": will not able to create pod with invalid DNS label: ${'a'.repeat(62)}-2`,
    ]],
    ['Job: Indexed, hostname of 63', job(undefined, { completionMode: 'Indexed', completions: 3 }, 'a'.repeat(61)), []],
    ['Job: Indexed, no completions', job(undefined, { completionMode: 'Indexed', completions: 0 }, 'a'.repeat(62)), []],
    ['CronJob: counts', cronJob({ startingDeadlineSeconds: -1, successfulJobsHistoryLimit: -1, failedJobsHistoryLimit: -1 }), [
      `spec.startingDeadlineSeconds: Invalid value: -1: ${NN}`, `spec.successfulJobsHistoryLimit: Invalid value: -1: ${NN}`, `spec.failedJobsHistoryLimit: Invalid value: -1: ${NN}`,
    ]],
    ['CronJob: no jobTemplate', cronJob({ jobTemplate: undefined }), [
      'spec.jobTemplate.spec.template.spec.containers: Required value', 'spec.jobTemplate.spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"',
    ]],
    ['Job: no template', { kind: 'Job', metadata: { name: 'j' }, spec: {} }, ['spec.template.spec.containers: Required value', 'spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"']],
    ['CronJob: empty timeZone', cronJob({ timeZone: '' }), ['spec.timeZone: Invalid value: "": timeZone must be nil or non-empty string']],
    // time.LoadLocation: a well-formed name that is no IANA zone is unknown too
    ...(['Europe/../x', 'Abcdefghijklmno', '-UTC', 'Europe/./Paris', 'Bad Zone', 'Abcdefghijklmn'].map((tz) => [`CronJob: timeZone ${tz}`, cronJob({ timeZone: tz }), [`spec.timeZone: Invalid value: "${tz}": unknown time zone ${tz}`]]) as Array<[string, object, string[]]>),
    ...(['America/Argentina/Buenos_Aires', 'Etc/GMT+5', 'UTC'].map((tz) => [`CronJob: timeZone ${tz}`, cronJob({ timeZone: tz }), []]) as Array<[string, object, string[]]>),
    // validateTimeZone: strings.EqualFold(tz, "Local"), then time.LoadLocation, which returns time.Local for "Local" only
    ['CronJob: timeZone local', cronJob({ timeZone: 'local' }), ['spec.timeZone: Invalid value: "local": timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones', 'spec.timeZone: Invalid value: "local": unknown time zone local']],
    ['CronJob: timeZone Local', cronJob({ timeZone: 'Local' }), ['spec.timeZone: Invalid value: "Local": timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones']],
    // time.LoadLocation reads tzdata case-sensitively (Intl does not)
    ...(['europe/paris', 'utc', 'etc/gmt+5', 'us/eastern', 'US/EASTERN'].map((tz) => [`CronJob: timeZone ${tz}`, cronJob({ timeZone: tz }), [`spec.timeZone: Invalid value: "${tz}": unknown time zone ${tz}`]]) as Array<[string, object, string[]]>),
    ...(['US/Eastern', 'Etc/UTC', 'Asia/Kolkata', 'Asia/Calcutta', 'UTC'].map((tz) => [`CronJob: timeZone ${tz}`, cronJob({ timeZone: tz }), []]) as Array<[string, object, string[]]>),
    ['CronJob: selector and manualSelector in the job template', cronJob({ jobTemplate: { spec: { selector: { matchLabels: { a: 'b' } }, manualSelector: true, template: { spec: { containers, restartPolicy: 'Never' } } } } }), [
      'spec.jobTemplate.spec.selector: Invalid value: {"matchLabels":{"a":"b"}}: `selector` will be auto-generated',
      'spec.jobTemplate.spec.manualSelector: Unsupported value: true: supported values: "nil", "false"',
    ]],
    ['CronJob: manualSelector false', cronJob({ jobTemplate: { spec: { manualSelector: false, template: { spec: { containers, restartPolicy: 'Never' } } } } }), []],
    ['CronJob: name of 52 characters', cronJob({}, 'c'.repeat(52)), []],
    ['CronJob: name of 53 characters', cronJob({}, 'c'.repeat(53)), [`metadata.name: Invalid value: "${'c'.repeat(53)}": must be no more than 52 characters`]],
    ['CronJob: no schedule', cronJob({ schedule: undefined }), ['spec.schedule: Required value']],
    ['CronJob: a bad schedule', cronJob({ schedule: '* * *' }), ['spec.schedule: Invalid value: "* * *": expected exactly 5 fields, found 3: [* * *]']],
    ['CronJob: concurrencyPolicy', cronJob({ concurrencyPolicy: 'Sometimes' }), ['spec.concurrencyPolicy: Unsupported value: "Sometimes": supported values: "Allow", "Forbid", "Replace"']],
    ...(['Allow', 'Replace'].map((cp) => [`CronJob: concurrencyPolicy ${cp}`, cronJob({ concurrencyPolicy: cp }), []]) as Array<[string, object, string[]]>),
    ['CronJob: TZ= in the schedule', cronJob({ schedule: 'TZ=UTC 0 * * * *' }), ['spec.schedule: Invalid value: "TZ=UTC 0 * * * *": cannot use TZ or CRON_TZ in schedule, use timeZone field instead']],
    ['CronJob: concurrencyPolicy Forbid', cronJob({ concurrencyPolicy: 'Forbid', suspend: true }), []],
  ] as Array<[string, object, string[]]>)('%s', (_n, o, expected) => expect(v(o)).toEqual(expected));
});

describe('cron.ParseStandard (robfig/cron v3 parser.go)', () => {
  test.each([
    '0-59 0-23 1-31 1-12 0-6', '1/5 * * * *', '@every 0', '@every -1h', '@every 1.5h', '@every 1µs', '@every +2m', '@yearly', '@daily', '@weekly', '@monthly', '@midnight',
    '@hourly', '@annually', '  0   2 * * *  ', '1,,2 * * * *', '0 0 ? * ?', '+5 * * * *', '0 0 1 JAN-mar SUN',
    '@every 1.25h', '@every 1ns', '@every 1us', '@every 1μs', '@every 1ms', '@every 1s', '@every 1m', '@every 1h',
  ])('accepts %j', (spec) => expect(parseStandardError(spec)).toBeUndefined());
  test.each([
    ['', 'empty spec string'],
    ['* * * * 7', 'end of range (7) above maximum (6): 7'],
    ['*/5/2 * * * *', 'too many slashes: */5/2'],
    ['0 0 32 * *', 'end of range (32) above maximum (31): 32'],
    ['0 24 * * *', 'end of range (24) above maximum (23): 24'],
    ['0 0 * 13 *', 'end of range (13) above maximum (12): 13'],
    ['0 0 * 0 *', 'beginning of range (0) below minimum (1): 0'],
    ['50-70 * * * *', 'end of range (70) above maximum (59): 50-70'],
    ['0 0 * foo *', 'failed to parse int from foo: strconv.Atoi: parsing "foo": invalid syntax'],
    ['-1 * * * *', 'failed to parse int from : strconv.Atoi: parsing "": invalid syntax'],
    ['99999999999999999999 * * * *', 'failed to parse int from 99999999999999999999: strconv.Atoi: parsing "99999999999999999999": value out of range'],
    ['9223372036854775807 * * * *', 'end of range (9223372036854775807) above maximum (59): 9223372036854775807'],
    ['*/-1 * * * *', 'negative number (-1) not allowed: -1'],
    ['1-x * * * *', 'failed to parse int from x: strconv.Atoi: parsing "x": invalid syntax'],
    ['0 0 L * *', 'failed to parse int from L: strconv.Atoi: parsing "L": invalid syntax'],
    ['@every', 'unrecognized descriptor: @every'],
    ['@every h', 'failed to parse duration @every h: time: invalid duration "h"'],
    ['@every ', 'failed to parse duration @every : time: invalid duration ""'],
    ['@every 1', 'failed to parse duration @every 1: time: missing unit in duration "1"'],
    ['@every .', 'failed to parse duration @every .: time: invalid duration "."'],
    ['@every 1h30', 'failed to parse duration @every 1h30: time: missing unit in duration "1h30"'],
    ['@every 1h1x', 'failed to parse duration @every 1h1x: time: unknown unit "x" in duration "1h1x"'],
    ['0 2 * *', 'expected exactly 5 fields, found 4: [0 2 * *]'],
    ['1-2-3 * * * *', 'too many hyphens: 1-2-3'],
    ['9223372036854775808 * * * *', 'failed to parse int from 9223372036854775808: strconv.Atoi: parsing "9223372036854775808": value out of range'],
    ['*/-9223372036854775808 * * * *', 'negative number (-9223372036854775808) not allowed: -9223372036854775808'],
    ['*/-9223372036854775809 * * * *', 'failed to parse int from -9223372036854775809: strconv.Atoi: parsing "-9223372036854775809": value out of range'],
    ['x1 * * * *', 'failed to parse int from x1: strconv.Atoi: parsing "x1": invalid syntax'],
    ['1x * * * *', 'failed to parse int from 1x: strconv.Atoi: parsing "1x": invalid syntax'],
    // "N/step" means "N-max/step"; "N-M/step" keeps M
    ['70/5 * * * *', 'beginning of range (70) beyond end of range (59): 70/5'],
    ['1-70/2 * * * *', 'end of range (70) above maximum (59): 1-70/2'],
    ['5-1 * * * *', 'beginning of range (5) beyond end of range (1): 5-1'],
    ['*/0 * * * *', 'step of range should be a positive number: */0'],
  ])('refuses %j', (spec, message) => expect(parseStandardError(spec)).toBe(message));
});

// The loader's type checks field by field: each field placement reads is decoded by the API server into the Go
// type of k8s.io/api (core/v1, apps/v1, batch/v1, scheduling/v1 types.go; Karpenter's NodePool in
// kubernetes-sigs/karpenter pkg/apis/v1/nodepool.go), and a value of another JSON type is refused.
// Written to kill the mutants of src/loader/typecheck.ts that survived the mutation run (npm run mutation).
import { exactInteger, formatPath, NODE_POOL_SHAPE, parsePath, SHAPES, typeProblems, type Shape } from './typecheck';

type GoType = 'string' | 'int32' | 'int64' | 'bool' | 'quantity' | 'map[string]string' | '[]string';

/** A value of the wrong JSON type for a Go type, and the start of the message it gets. */
const WRONG: Record<GoType, [unknown, string]> = {
  string: [7, 'expected a string, got the number 7 (unquoted numbers are numbers: quote the value)'],
  int32: ['7', 'expected an integer, got the string "7" (quoted numbers are strings: remove the quotes)'],
  int64: ['7', 'expected an integer, got the string "7" (quoted numbers are strings: remove the quotes)'],
  bool: ['true', 'expected a boolean, got the string "true"'],
  quantity: [true, 'expected a quantity (string or number), got the boolean true'],
  'map[string]string': [['a'], 'expected a mapping, got a list'],
  '[]string': [{ a: 'b' }, 'expected a list, got a mapping'],
};

/** An object with `value` at `path` (`spec.tolerations[0].tolerationSeconds`). */
function at(path: string, value: unknown): Record<string, unknown> {
  const steps = parsePath(path);
  const root: Record<string, unknown> = {};
  let cur: Record<string, unknown> = root;
  steps.forEach((step, i) => {
    const key = /^\d+$/.test(step) ? Number(step) : step;
    if (i === steps.length - 1) cur[key] = value;
    else cur = (cur[key] = /^\d+$/.test(steps[i + 1]) ? [] : {}) as Record<string, unknown>;
  });
  return root;
}

const check = (shape: Shape, rows: Array<[string, GoType]>) =>
  test.each(rows)('%s is %s', (path, goType) => {
    const [value, message] = WRONG[goType];
    expect(typeProblems(at(path, value), shape)).toEqual([{ path: parsePath(path).map((s) => (/^\d+$/.test(s) ? Number(s) : s)), message }]);
  });

const POD_SPEC: Array<[string, GoType]> = [
  ['nodeName', 'string'], ['nodeSelector', 'map[string]string'], ['nodeSelector.pool', 'string'], ['hostNetwork', 'bool'],
  ['priorityClassName', 'string'], ['priority', 'int32'], ['schedulerName', 'string'], ['preemptionPolicy', 'string'],
  ['runtimeClassName', 'string'], ['restartPolicy', 'string'], ['terminationGracePeriodSeconds', 'int64'], ['activeDeadlineSeconds', 'int64'],
  ['tolerations[0].key', 'string'], ['tolerations[0].operator', 'string'], ['tolerations[0].value', 'string'],
  ['tolerations[0].effect', 'string'], ['tolerations[0].tolerationSeconds', 'int64'],
  ['containers[0].name', 'string'], ['containers[0].image', 'string'], ['containers[0].restartPolicy', 'string'],
  ['containers[0].resources.requests.cpu', 'quantity'], ['containers[0].resources.limits.memory', 'quantity'],
  ['containers[0].ports[0].containerPort', 'int32'], ['containers[0].ports[0].hostPort', 'int32'], ['containers[0].ports[0].hostIP', 'string'],
  ['containers[0].ports[0].protocol', 'string'], ['containers[0].ports[0].name', 'string'],
  ['initContainers[0].name', 'string'], ['overhead.cpu', 'quantity'], ['resources.requests.cpu', 'quantity'], ['resources.limits.cpu', 'quantity'],
  ['schedulingGates[0].name', 'string'],
  ['affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].key', 'string'],
  ['affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].operator', 'string'],
  ['affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values', '[]string'],
  ['affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchFields[0].values[0]', 'string'],
  ['affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight', 'int32'],
  ['affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].preference.matchExpressions[0].key', 'string'],
  ['affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey', 'string'],
  ['affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].namespaces', '[]string'],
  ['affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].matchLabelKeys[0]', 'string'],
  ['affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].mismatchLabelKeys[0]', 'string'],
  ['affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].labelSelector.matchLabels.app', 'string'],
  ['affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].labelSelector.matchExpressions[0].values[0]', 'string'],
  ['affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].namespaceSelector.matchLabels.team', 'string'],
  ['affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight', 'int32'],
  ['affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm.topologyKey', 'string'],
  ['affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey', 'string'],
  ['topologySpreadConstraints[0].maxSkew', 'int32'], ['topologySpreadConstraints[0].minDomains', 'int32'],
  ['topologySpreadConstraints[0].topologyKey', 'string'], ['topologySpreadConstraints[0].whenUnsatisfiable', 'string'],
  ['topologySpreadConstraints[0].labelSelector.matchLabels.app', 'string'], ['topologySpreadConstraints[0].nodeAffinityPolicy', 'string'],
  ['topologySpreadConstraints[0].nodeTaintsPolicy', 'string'], ['topologySpreadConstraints[0].matchLabelKeys[0]', 'string'],
];
const METADATA: Array<[string, GoType]> = [
  ['metadata.name', 'string'], ['metadata.namespace', 'string'], ['metadata.generateName', 'string'],
  ['metadata.labels.app', 'string'], ['metadata.annotations.note', 'string'],
];
const prefixed = (prefix: string, rows: Array<[string, GoType]>): Array<[string, GoType]> => rows.map(([p, t]) => [`${prefix}${p}`, t]);

describe('Pod (core/v1 PodSpec, ObjectMeta)', () => {
  check(SHAPES.Pod, [...METADATA, ...prefixed('spec.', POD_SPEC), ['status.phase', 'string']]);
});
describe('PodTemplate', () => {
  check(SHAPES.PodTemplate, [...METADATA, ['template.metadata.labels.app', 'string'], ['template.spec.nodeName', 'string']]);
});
describe('Deployment (apps/v1 DeploymentSpec)', () => {
  check(SHAPES.Deployment, [
    ...METADATA, ['spec.replicas', 'int32'], ['spec.minReadySeconds', 'int32'], ['spec.revisionHistoryLimit', 'int32'],
    ['spec.progressDeadlineSeconds', 'int32'], ['spec.paused', 'bool'], ['spec.selector.matchLabels.app', 'string'],
    ['spec.selector.matchExpressions[0].key', 'string'], ['spec.template.metadata.labels.app', 'string'],
    ...prefixed('spec.template.spec.', POD_SPEC.slice(0, 6)),
  ]);
});
describe('StatefulSet, DaemonSet, ReplicaSet (apps/v1)', () => {
  check(SHAPES.StatefulSet, [['spec.serviceName', 'string'], ['spec.ordinals.start', 'int32'], ['spec.replicas', 'int32'], ['spec.template.spec.hostNetwork', 'bool']]);
  check(SHAPES.DaemonSet, [['spec.minReadySeconds', 'int32'], ['spec.selector.matchLabels.app', 'string'], ['spec.template.spec.hostNetwork', 'bool']]);
  check(SHAPES.ReplicaSet, [['spec.replicas', 'int32'], ['spec.template.spec.priority', 'int32']]);
});
describe('ReplicationController (core/v1: selector is map[string]string)', () => {
  check(SHAPES.ReplicationController, [
    ...METADATA, ['spec.replicas', 'int32'], ['spec.minReadySeconds', 'int32'], ['spec.selector', 'map[string]string'],
    ['spec.selector.app', 'string'], ['spec.template.spec.nodeName', 'string'],
  ]);
});
const JOB_SPEC: Array<[string, GoType]> = [
  ['parallelism', 'int32'], ['completions', 'int32'], ['backoffLimit', 'int32'], ['backoffLimitPerIndex', 'int32'],
  ['maxFailedIndexes', 'int32'], ['ttlSecondsAfterFinished', 'int32'], ['activeDeadlineSeconds', 'int64'], ['suspend', 'bool'],
  ['selector.matchLabels.app', 'string'], ['template.metadata.labels.app', 'string'], ['template.spec.restartPolicy', 'string'],
];
describe('Job and CronJob (batch/v1)', () => {
  check(SHAPES.Job, [...METADATA, ...prefixed('spec.', JOB_SPEC)]);
  check(SHAPES.CronJob, [
    ...METADATA, ['spec.schedule', 'string'], ['spec.timeZone', 'string'], ['spec.startingDeadlineSeconds', 'int64'], ['spec.suspend', 'bool'],
    ['spec.successfulJobsHistoryLimit', 'int32'], ['spec.failedJobsHistoryLimit', 'int32'], ['spec.jobTemplate.metadata.labels.app', 'string'],
    ...prefixed('spec.jobTemplate.spec.', JOB_SPEC),
  ]);
});
describe('Node (core/v1 NodeSpec, NodeStatus)', () => {
  check(SHAPES.Node, [
    ...METADATA, ['spec.unschedulable', 'bool'], ['spec.taints[0].key', 'string'], ['spec.taints[0].value', 'string'],
    ['spec.taints[0].effect', 'string'], ['status.allocatable.cpu', 'quantity'], ['status.capacity.memory', 'quantity'],
    ['status.conditions[0].type', 'string'], ['status.conditions[0].status', 'string'],
  ]);
});
describe('Namespace and PriorityClass (scheduling/v1: value int32, globalDefault bool)', () => {
  check(SHAPES.Namespace, [['metadata.labels.team', 'string']]);
  check(SHAPES.PriorityClass, [...METADATA, ['value', 'int32'], ['globalDefault', 'bool'], ['preemptionPolicy', 'string']]);
});
describe('Karpenter NodePool (karpenter.sh/v1)', () => {
  check(NODE_POOL_SHAPE, [
    ...METADATA, ['spec.weight', 'int32'], ['spec.limits.cpu', 'quantity'], ['spec.template.metadata.labels.pool', 'string'],
    ['spec.template.metadata.annotations.note', 'string'], ['spec.template.spec.taints[0].key', 'string'],
    ['spec.template.spec.startupTaints[0].effect', 'string'], ['spec.template.spec.requirements[0].key', 'string'],
    ['spec.template.spec.requirements[0].operator', 'string'], ['spec.template.spec.requirements[0].values[0]', 'string'],
    ['spec.template.spec.requirements[0].minValues', 'int64'],
  ]);
});

describe('JSON types', () => {
  const pod = SHAPES.Pod;
  test('null leaves a field unset, at any depth', () => {
    expect(typeProblems({ metadata: null, spec: { nodeName: null, tolerations: [null], nodeSelector: { a: null } } }, pod)).toEqual([]);
    expect(typeProblems(undefined, pod)).toEqual([]);
  });
  test('a mapping, list or string where another kind is expected', () => {
    expect(typeProblems({ spec: { tolerations: { key: 'a' } } }, pod)).toEqual([{ path: ['spec', 'tolerations'], message: 'expected a list, got a mapping' }]);
    expect(typeProblems({ spec: [] }, pod)).toEqual([{ path: ['spec'], message: 'expected a mapping, got a list' }]);
    expect(typeProblems({ spec: 'x' }, pod)).toEqual([{ path: ['spec'], message: 'expected a mapping, got the string "x"' }]);
    expect(typeProblems({ spec: { nodeSelector: 'a=b' } }, pod)).toEqual([{ path: ['spec', 'nodeSelector'], message: 'expected a mapping, got the string "a=b"' }]);
    expect(typeProblems({ spec: { nodeSelector: [] } }, pod)[0].message).toBe('expected a mapping, got a list');
    expect(typeProblems({ spec: { nodeName: { a: 1 } } }, pod)[0].message).toBe('expected a string, got a mapping');
    expect(typeProblems({ spec: { nodeName: ['a'] } }, pod)[0].message).toBe('expected a string, got a list');
    expect(typeProblems({ spec: { hostNetwork: 1 } }, pod)[0].message).toBe('expected a boolean, got the number 1');
  });
  test('an unquoted boolean in a string field gets the YAML hint', () => {
    expect(typeProblems({ spec: { nodeSelector: { gpu: true } } }, pod)).toEqual([{
      path: ['spec', 'nodeSelector', 'gpu'],
      message: 'expected a string, got the boolean true (unquoted yes/no/on/off/true/false are booleans in the YAML Kubernetes reads: quote the value)',
    }]);
  });
  test('integers: a fraction is refused without a hint, numbers and numeric strings are quantities', () => {
    expect(typeProblems({ spec: { priority: 1.5 } }, pod)[0].message).toBe('expected an integer, got the number 1.5');
    expect(typeProblems({ spec: { priority: true } }, pod)[0].message).toBe('expected an integer, got the boolean true');
    expect(typeProblems({ spec: { overhead: { cpu: 1, memory: '1Gi' } } }, pod)).toEqual([]);
  });
  test('only the fields placement reads are checked; unknown fields pass', () => {
    expect(typeProblems({ spec: { dnsPolicy: 7, containers: [{ args: 7 }] } }, pod)).toEqual([]);
  });
  test('every problem is reported, in document order', () => {
    expect(typeProblems({ spec: { nodeName: 1, tolerations: [{ key: 1 }, { tolerationSeconds: '1' }] } }, pod).map((p) => formatPath(p.path)))
      .toEqual(['spec.nodeName', 'spec.tolerations[0].key', 'spec.tolerations[1].tolerationSeconds']);
  });
});

// Go's JSON decoder refuses a number that overflows the field (encoding/json UnmarshalTypeError).
describe('integer ranges', () => {
  const pod = SHAPES.Pod;
  test('int32 limits are inclusive', () => {
    expect(typeProblems({ spec: { priority: 2147483647 } }, pod)).toEqual([]);
    expect(typeProblems({ spec: { priority: -2147483648 } }, pod)).toEqual([]);
    expect(typeProblems({ spec: { priority: 2147483648 } }, pod)).toEqual([{
      path: ['spec', 'priority'],
      message: "expected an integer, got the number 2147483648, beyond int32 (-2147483648…2147483647): the API server's decoder refuses it",
    }]);
    expect(typeProblems({ spec: { priority: -2147483649 } }, pod)).toHaveLength(1);
  });
  test('int64 beyond 2^53: the source text decides, else the double', () => {
    const big = { spec: { activeDeadlineSeconds: 9223372036854775807 } };
    // as a double, 2^63-1 is 2^63: beyond int64 without the text
    expect(typeProblems(big, pod)).toHaveLength(1);
    expect(typeProblems(big, pod, [], [], { sourceOf: () => '9223372036854775807' })).toEqual([]);
    expect(typeProblems(big, pod, [], [], { sourceOf: () => '9223372036854775808' })[0].message)
      .toBe("expected an integer, got the number 9223372036854775808, beyond int64 (-9223372036854775808…9223372036854775807): the API server's decoder refuses it");
    expect(typeProblems({ spec: { activeDeadlineSeconds: -9223372036854775808 } }, pod, [], [], { sourceOf: () => '-9223372036854775808' })).toEqual([]);
    expect(typeProblems({ spec: { activeDeadlineSeconds: 2 ** 60 } }, pod)).toEqual([]);
    expect(typeProblems({ spec: { activeDeadlineSeconds: 2 ** 60 } }, pod, [], [], { sourceOf: (p) => (formatPath(p) === 'spec.activeDeadlineSeconds' ? '1152921504606846976' : undefined) })).toEqual([]);
  });
  test('a float form beyond 2^53 is judged by its double (1e19 > int64)', () => {
    expect(typeProblems({ spec: { activeDeadlineSeconds: 1e19 } }, pod, [], [], { sourceOf: () => '1e19' })[0].message).toContain('got the number 1e19, beyond int64');
    expect(typeProblems({ spec: { activeDeadlineSeconds: 1e18 } }, pod, [], [], { sourceOf: () => '1e18' })).toEqual([]);
  });
  test('integers as go-yaml v2 reads their text', () => {
    expect(exactInteger('+12')).toBe(12n);
    expect(exactInteger(' 12 ')).toBe(12n);
    expect(exactInteger('0b101')).toBe(5n);
    expect(exactInteger('0o17')).toBe(15n);
    expect(exactInteger('017')).toBe(15n);
    expect(exactInteger('0x1F')).toBe(31n);
    expect(exactInteger('0')).toBe(0n);
    expect(exactInteger('-1_000')).toBe(-1000n);
    expect(exactInteger('12a')).toBeUndefined();
    expect(exactInteger('a12')).toBeUndefined();
    expect(exactInteger('300.0')).toBeUndefined();
  });
});

describe('unrendered Helm templates in strings', () => {
  const pod = SHAPES.Pod;
  const helm = 'unrendered Helm template: render it with helm template first';
  test('in a string field, a map key and a quantity; not in annotations', () => {
    expect(typeProblems({ spec: { nodeName: '{{ .Values.node }}' } }, pod)).toEqual([{ path: ['spec', 'nodeName'], message: `${helm} ("{{ .Values.node }}")` }]);
    expect(typeProblems({ spec: { nodeSelector: { '{{ k }}': 'v' } } }, pod)).toEqual([{ path: ['spec', 'nodeSelector', '{{ k }}'], message: `${helm} ("{{ k }}")` }]);
    expect(typeProblems({ spec: { overhead: { cpu: '{{ c }}' } } }, pod)).toEqual([{ path: ['spec', 'overhead', 'cpu'], message: `${helm} ("{{ c }}")` }]);
    expect(typeProblems({ metadata: { annotations: { '{{ k }}': '{{ v }}' } } }, pod)).toEqual([]);
    expect(typeProblems({ spec: { nodeName: 'a{b}' }, metadata: { labels: { 'a{': '}' } } }, pod)).toEqual([]);
  });
});

describe('field paths as field.Path prints them', () => {
  test('formatPath', () => {
    expect(formatPath(['spec', 'tolerations', 0, 'key'])).toBe('spec.tolerations[0].key');
    expect(formatPath(['metadata', 'labels', 'kubernetes.io/os'])).toBe('metadata.labels["kubernetes.io/os"]');
    expect(formatPath(['a_b-C9'])).toBe('a_b-C9');
    expect(formatPath([0, 'x'])).toBe('[0].x');
    expect(formatPath(['x y'])).toBe('["x y"]');
    expect(formatPath([])).toBe('');
  });
  test('parsePath reads them back', () => {
    expect(parsePath('spec.tolerations[0].key')).toEqual(['spec', 'tolerations', '0', 'key']);
    expect(parsePath('metadata.labels["kubernetes.io/os"].x')).toEqual(['metadata', 'labels', 'kubernetes.io/os', 'x']);
    expect(parsePath('labels["a\\"b"]')).toEqual(['labels', 'a"b']);
    expect(parsePath('labels[kubernetes.io/os]')).toEqual(['labels', 'kubernetes.io/os']);
    expect(parsePath('labels["unterminated')).toEqual(['labels', '"unterminated']);
    expect(parsePath('a[b')).toEqual(['a', 'b']);
    expect(parsePath('')).toEqual([]);
  });
});

// The Priority admission plugin (priority.ts). Conformance: plugin/pkg/admission/priority/admission_test.go
// TestPodAdmission and TestDefaultPriority (the same rows at v1.33.13, v1.34.4, v1.35.4, v1.36.3 and v1.37.2; 1.37's
// PodGroup/CompositePodGroup tables are behind gates that are off), run through the library's create path.
import type { KubeObject, Pod, PodSpec } from '../core/types';
import { configure, KUBERNETES_VERSIONS, resetConfiguration, withConfiguration, type KubernetesVersion } from '../core/config';
import { toSubject } from '../k8s/subject';
import { ApiServerRefusal } from '../k8s/decode';
import { admissionRefusedOnce } from '../engine/validate';
import { admitPod, podAdmissionRefusal } from '.';
import { podFromTemplate } from './create';
import { parseManifests } from '../loader';
import { clusterPriorityClasses, defaultPriorityClass, PriorityClassInputError } from './priority';
import type { PriorityClass } from '../k8s/priority';

afterEach(() => resetConfiguration());

const pc = (name: string, value: number, extra: object = {}): KubeObject =>
  ({ apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name }, value, ...extra }) as KubeObject;
// admission_test.go's classes
const defaultClass1 = pc('default1', 1000, { globalDefault: true });
const defaultClass2 = pc('default2', 2000, { globalDefault: true });
const nondefaultClass1 = pc('nondefault1', 2000, { description: 'Just a test priority class' });
const preemptionPolicyClass = pc('nopreemptionpolicy', 2000, { description: 'Just a test priority class', globalDefault: true, preemptionPolicy: 'PreemptLowerPriority' });

const pod = (name: string, namespace: string, spec: Partial<PodSpec> = {}, annotations?: Record<string, string>): Pod =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace, ...(annotations ? { annotations } : {}) }, spec: { containers: [{ name: 'container' }], ...spec } }) as Pod;
const MIRROR = { 'kubernetes.io/config.mirror': '' };
// TestPodAdmission's pods
const pods = [
  pod('pod-w-priorityclass', 'namespace', { priorityClassName: 'default1' }),
  pod('pod-wo-priorityclass', 'namespace'),
  pod('pod-w-non-existing-priorityclass', 'namespace', { priorityClassName: 'non-existing' }),
  pod('pod-w-integer-priority', 'namespace', { priorityClassName: 'default1', priority: 1000 }),
  pod('pod-w-system-priority', 'kube-system', { priorityClassName: 'system-cluster-critical' }),
  pod('mirror-pod-w-system-priority', 'kube-system', { priorityClassName: 'system-cluster-critical' }, MIRROR),
  pod('mirror-pod-w-integer-priority', 'namespace', { priorityClassName: 'default1', priority: 1000 }, MIRROR),
  pod('pod-w-system-priority-in-nonsystem-namespace', 'non-system-namespace', { priorityClassName: 'system-cluster-critical' }),
  pod('pod-w-zero-priority-in-nonsystem-namespace', 'non-system-namespace', { priority: 0 }),
  pod('pod-w-priority-matching-default-priority', 'non-system-namespace', { priority: 2000 }),
  pod('pod-w-priority-matching-resolved-default-priority', 'kube-system', { priorityClassName: 'system-cluster-critical', priority: 2000000000 }),
  pod('pod-never-preemption-policy-matching-resolved-preemption-policy', 'kube-system', { priorityClassName: 'nopreemptionpolicy', priority: 2000 }),
  pod('pod-preemption-policy-matching-resolved-preemption-policy', 'kube-system', { priorityClassName: 'nopreemptionpolicy', priority: 2000, preemptionPolicy: 'PreemptLowerPriority' }),
  pod('pod-preemption-policy-not-matching-resolved-preemption-policy', 'kube-system', { priorityClassName: 'nopreemptionpolicy', priority: 2000, preemptionPolicy: 'Never' }),
];

const notFound = (p: Pod) => `pods "${p.metadata!.name}" is forbidden: no PriorityClass with name ${p.spec!.priorityClassName} was found`;
// [name, existing classes, pod, expected priority or the refusal's message, expected preemptionPolicy ('' refused)]. The rows that
// list the test's systemClusterCritical class give none here: the API server creates it at start, so the library
// always has it (the test's copy says globalDefault, which validation forbids a real one).
const ROWS: Array<[string, KubeObject[], Pod, number | string, string]> = [
  ['Pod with priority class', [defaultClass1, nondefaultClass1], pods[0], 1000, 'PreemptLowerPriority'],
  ['Pod without priority class', [defaultClass1], pods[1], 1000, 'PreemptLowerPriority'],
  ['pod without priority class and no existing priority class', [], pods[1], 0, 'PreemptLowerPriority'],
  ['pod without priority class and no default class', [nondefaultClass1], pods[1], 0, 'PreemptLowerPriority'],
  ['pod with a system priority class', [], pods[4], 2000000000, 'PreemptLowerPriority'],
  ['Pod with non-existing priority class', [defaultClass1, nondefaultClass1], pods[2], notFound(pods[2]), ''],
  ['pod with integer priority', [], pods[3], notFound(pods[3]), ''],
  ['mirror pod with system priority class', [], pods[5], 2000000000, 'PreemptLowerPriority'],
  ['mirror pod with integer priority', [], pods[6], notFound(pods[6]), ''],
  ['pod with system critical priority in non-system namespace', [], pods[7], 2000000000, 'PreemptLowerPriority'],
  ['pod with priority that matches computed priority', [nondefaultClass1], pods[8], 0, 'PreemptLowerPriority'],
  ['pod with priority that matches default priority', [defaultClass2], pods[9], 2000, 'PreemptLowerPriority'],
  ['pod with priority that matches resolved priority', [], pods[10], 2000000000, 'PreemptLowerPriority'],
  ['pod with nil preemtpion policy', [preemptionPolicyClass], pods[11], 2000, 'PreemptLowerPriority'],
  ['pod with preemtpion policy that matches resolved preemtpion policy', [preemptionPolicyClass], pods[12], 2000, 'PreemptLowerPriority'],
  ["pod with preemtpion policy that does't matches resolved preemtpion policy", [preemptionPolicyClass], pods[13],
    'pods "pod-preemption-policy-not-matching-resolved-preemption-policy" is forbidden: the string value of PreemptionPolicy (Never) must not be provided in pod spec; priority admission controller computed PreemptLowerPriority from the given PriorityClass name', ''],
];

const admitted = (release: KubernetesVersion, classes: KubeObject[], p: Pod) =>
  withConfiguration({ kubernetesVersion: release, priorityClasses: classes }, () => admitPod(toSubject(structuredClone(p))).spec);
const refused = (release: KubernetesVersion, classes: KubeObject[], p: Pod) =>
  withConfiguration({ kubernetesVersion: release, priorityClasses: classes }, () => admissionRefusedOnce(structuredClone(p))?.message);

describe.each(KUBERNETES_VERSIONS)('TestPodAdmission at %s', (release) => {
  test.each(ROWS)('%s', (_, classes, p, expected, policy) => {
    if (typeof expected === 'string') {
      expect(refused(release, classes, p)).toBe(expected);
      expect(() => admitted(release, classes, p)).toThrow(new ApiServerRefusal(expected));
      return;
    }
    expect(refused(release, classes, p)).toBeUndefined();
    const spec = admitted(release, classes, p);
    expect(spec.priority).toBe(expected);
    // a stored class always has a preemptionPolicy (SetDefaults_PriorityClass), which the pod gets
    expect(spec.preemptionPolicy).toBe(policy);
  });
});

describe('admitPod: the fields it sets, the refusal of a differing priority', () => {
  test('a pod without a class gets the default class\'s name; without a default class no name', () => {
    expect(admitted('1.37', [defaultClass1], pods[1])).toMatchObject({ priorityClassName: 'default1', priority: 1000 });
    expect(admitted('1.37', [], pods[1]).priorityClassName).toBeUndefined();
  });
  test('a priority the pod gives that differs from its class\'s is refused; an equal one is accepted', () => {
    expect(refused('1.37', [defaultClass1], { ...pods[3], spec: { ...pods[3].spec!, priority: 5 } })).toBe(
      'pods "pod-w-integer-priority" is forbidden: the integer value of priority (5) must not be provided in pod spec; priority admission controller computed 1000 from the given PriorityClass name');
    expect(refused('1.37', [defaultClass1], pods[3])).toBeUndefined();
  });
  test('a class\'s preemptionPolicy Never reaches the pod; the plugin is first, before RuntimeClass', () => {
    const never = pc('batch', 10, { preemptionPolicy: 'Never' });
    expect(admitted('1.37', [never], pod('p', 'ns', { priorityClassName: 'batch' }))).toMatchObject({ priority: 10, preemptionPolicy: 'Never' });
    const both = pod('p', 'ns', { priorityClassName: 'missing', runtimeClassName: 'missing' });
    expect(withConfiguration({ priorityClasses: [] }, () => podAdmissionRefusal(toSubject(both)))).toMatchObject({ plugin: 'Priority', phase: 'admit' });
  });
  test('admission: { priority: false } turns the plugin off', () => {
    expect(withConfiguration({ admission: { priority: false } }, () => admissionRefusedOnce(pods[2]))).toBeUndefined();
    expect(withConfiguration({ admission: { priority: false } }, () => admitPod(toSubject(pods[1])).spec.priority)).toBeUndefined();
  });
});

// TestDefaultPriority: the default before and after the class list changes (a create, a delete, an update)
describe.each(KUBERNETES_VERSIONS)('TestDefaultPriority at %s', (release) => {
  const updatedDefaultClass1 = { ...defaultClass1, globalDefault: false } as KubeObject;
  const def = (classes: KubeObject[]) => {
    const spec = admitted(release, classes, pods[1]);
    return [spec.priorityClassName ?? '', spec.priority];
  };
  test.each([
    ['simple resolution with a default class', [defaultClass1], [defaultClass1], ['default1', 1000], ['default1', 1000]],
    ['add a default class', [nondefaultClass1], [nondefaultClass1, defaultClass1], ['', 0], ['default1', 1000]],
    ['delete default priority class', [defaultClass1], [], ['default1', 1000], ['', 0]],
    ['update default class and remove its global default', [defaultClass1], [updatedDefaultClass1], ['default1', 1000], ['', 0]],
  ] as const)('%s', (_, before, after, expectedBefore, expectedAfter) => {
    expect(def([...before])).toEqual(expectedBefore);
    expect(def([...after])).toEqual(expectedAfter);
  });
  // a lister holding two default classes (racing creates): the configured classes cannot, admission refuses the second
  test('multiple default classes resolves to the minimum value among them', () => {
    expect(defaultPriorityClass([defaultClass1, defaultClass2] as PriorityClass[])?.metadata?.name).toBe('default1');
    expect(defaultPriorityClass([defaultClass2, defaultClass1] as PriorityClass[])?.metadata?.name).toBe('default1');
    expect(defaultPriorityClass([defaultClass2] as PriorityClass[])?.metadata?.name).toBe('default2');
  });
});

describe('the cluster\'s classes (configure({ priorityClasses }))', () => {
  test('the two system classes are always there; a dumped copy of one is the same class; other kinds are left out', () => {
    configure({ priorityClasses: [pc('system-node-critical', 2000001000), pc('high', 1000000), { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } } as KubeObject] });
    expect(clusterPriorityClasses().map((c) => c.metadata?.name)).toEqual(['system-node-critical', 'system-cluster-critical', 'high']);
    expect(clusterPriorityClasses().find((c) => c.metadata?.name === 'high')?.preemptionPolicy).toBe('PreemptLowerPriority');
  });
  test('a class the API server would refuse is an error naming it and the field', () => {
    configure({ priorityClasses: [pc('huge', 2000000000)] });
    expect(() => admitPod(toSubject(pods[1]))).toThrow(PriorityClassInputError);
    expect(() => clusterPriorityClasses()).toThrow('configure({ priorityClasses }): PriorityClass huge would be rejected by the API server:\n  value: Forbidden: maximum allowed value of a user defined priority is 1000000000');
    configure({ priorityClasses: [pc('a', 1), pc('a', 2)] });
    expect(() => clusterPriorityClasses()).toThrow('priorityclasses.scheduling.k8s.io "a" already exists');
  });
  test('a second globalDefault class is refused as the Priority admission plugin refuses its create (validatePriorityClass)', () => {
    configure({ priorityClasses: [defaultClass2, nondefaultClass1, defaultClass1] });
    expect(() => clusterPriorityClasses()).toThrow('configure({ priorityClasses }): PriorityClass default1: priorityclasses.scheduling.k8s.io "default1" is forbidden: ' +
      'PriorityClass default2 is already marked as default. Only one default can exist');
    configure({ priorityClasses: [defaultClass1, nondefaultClass1] });
    expect(clusterPriorityClasses().map((c) => c.metadata?.name)).toEqual(['system-node-critical', 'system-cluster-critical', 'default1', 'nondefault1']);
  });
  test('a system class exists in every cluster: one given with another preemptionPolicy is an update the API server refuses', () => {
    configure({ priorityClasses: [pc('system-node-critical', 2000001000, { preemptionPolicy: 'Never' })] });
    expect(() => clusterPriorityClasses()).toThrow('PriorityClass system-node-critical: PriorityClass.scheduling.k8s.io "system-node-critical" is invalid: ' +
      'preemptionPolicy: Invalid value: "Never": field is immutable (it exists in every cluster: the API server creates it at start)');
    configure({ priorityClasses: [pc('system-node-critical', 2000001000, { preemptionPolicy: 'PreemptLowerPriority', description: 'mine' })] });
    expect(clusterPriorityClasses().find((c) => c.metadata?.name === 'system-node-critical')?.preemptionPolicy).toBe('PreemptLowerPriority');
  });
  test('a class read from a cluster (a dump) is the update of itself: a value above 1e9, a system- name, an empty policy load; a bad label does not', () => {
    const stored = { uid: '00000000-0000-4000-8000-000000000001', resourceVersion: '7' };
    const dumped = (name: string, value: number, extra: object = {}) => ({ ...pc(name, value, extra), metadata: { name, ...stored } }) as KubeObject;
    configure({ priorityClasses: [dumped('huge', 2000001000), dumped('system-custom', 5), dumped('empty-policy', 1, { preemptionPolicy: '' })] });
    expect(clusterPriorityClasses().map((c) => [c.metadata?.name, c.value])).toEqual(expect.arrayContaining([['huge', 2000001000], ['system-custom', 5], ['empty-policy', 1]]));
    // the same classes as manifests (a create) are refused
    configure({ priorityClasses: [pc('huge', 2000001000)] });
    expect(() => clusterPriorityClasses()).toThrow(/maximum allowed value of a user defined priority/);
    configure({ priorityClasses: [{ ...dumped('labelled', 1), metadata: { name: 'labelled', labels: { app: '-x' }, ...stored } } as KubeObject] });
    expect(() => clusterPriorityClasses()).toThrow(/metadata\.labels: Invalid value: "-x"/);
  });
  test('a class the decoder refuses (a value that is a string, or beyond int32)', () => {
    configure({ priorityClasses: [{ ...pc('high', 0), value: '1000' } as KubeObject] });
    expect(() => clusterPriorityClasses()).toThrow('configure({ priorityClasses }): PriorityClass high would be rejected by the API server:\n  value: expected an integer, got the string "1000"');
    configure({ priorityClasses: [pc('high', 2147483648)] });
    expect(() => clusterPriorityClasses()).toThrow('value: expected an integer, got the number 2147483648, beyond int32');
  });
  test('a loaded class is named with its file and line', () => {
    configure({ priorityClasses: parseManifests('apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: system-high}\nvalue: 10\n', 'classes.yaml') });
    expect(() => clusterPriorityClasses()).toThrow("configure({ priorityClasses }): PriorityClass system-high (classes.yaml:1) would be rejected by the API server:\n" +
      "  metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only. error: system-high is not a known system priority class");
  });
  test('configure refuses a value that is not a list', () => {
    expect(() => configure({ priorityClasses: 3 as never })).toThrow('configure: priorityClasses must be an array (or iterable, e.g. a loadManifests collection) of PriorityClass objects');
  });
});

describe('pods from a dump are not admitted again: they keep their spec.priority', () => {
  test('a Pod read from a cluster keeps its priority and class, even one the inputs do not have', () => {
    const dumped = { ...pod('web-1', 'ns', { priorityClassName: 'high', priority: 1000000, preemptionPolicy: 'Never' }), metadata: { name: 'web-1', namespace: 'ns', uid: 'u1', creationTimestamp: '2026-01-01T00:00:00Z' } } as Pod;
    expect(admissionRefusedOnce(dumped)).toBeUndefined();
    expect(admitPod(toSubject(dumped)).spec).toMatchObject({ priorityClassName: 'high', priority: 1000000, preemptionPolicy: 'Never' });
  });
});

describe('the Pods a controller creates carry the admitted fields, and are refused with its name', () => {
  const deployment = (spec: Partial<PodSpec>) => ({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'ns' },
    spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'x' }], ...spec } } } }) as KubeObject;
  test('podFromTemplate: the class\'s priority and preemptionPolicy', () => {
    configure({ priorityClasses: [pc('high', 1000000, { preemptionPolicy: 'Never' })] });
    expect(podFromTemplate(deployment({ priorityClassName: 'high' }), 'web-0').spec).toMatchObject({ priorityClassName: 'high', priority: 1000000, preemptionPolicy: 'Never' });
  });
  test('a Deployment naming a class the cluster does not have: every Pod refused, named by its ReplicaSet\'s generateName', () => {
    const message = 'pods "web-<pod-template-hash>-" is forbidden: no PriorityClass with name high was found';
    expect(admissionRefusedOnce(deployment({ priorityClassName: 'high' }))).toBeUndefined(); // the cluster's classes unknown
    configure({ priorityClasses: [] });
    expect(admissionRefusedOnce(deployment({ priorityClassName: 'high' }))).toEqual({ plugin: 'Priority', phase: 'admit', reason: 'no PriorityClass with name high was found', message });
    expect(() => podFromTemplate(deployment({ priorityClassName: 'high' }), 'web-3')).toThrow(new ApiServerRefusal(message));
  });
});

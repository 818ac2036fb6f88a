// The RuntimeClass admission plugin: plugin/pkg/admission/runtimeclass/admission_test.go (TestSetScheduling,
// TestValidateOverhead, case names verbatim) and pkg/util/tolerations/tolerations_test.go (TestMergeTolerations);
// then the plugin on the one create path: admitPod, the Pods a controller creates, the matchers and the scheduler.
import type { KubeObject, Node, PodSpec, Toleration } from '../core/types';
import { resetConfiguration, withConfiguration } from '../core/config';
import { toSubject } from '../k8s/subject';
import { admitPod } from '.';
import { admitRuntimeClass, mergeTolerations } from './runtime-class';
import { podFromTemplate } from './create';
import { scheduleOn } from '../engine/objects';
import { admissionRefusedOnce } from '../engine/validate';

afterEach(resetConfiguration);

const rc = (more: Record<string, unknown> = {}): KubeObject => ({ apiVersion: 'node.k8s.io/v1', kind: 'RuntimeClass', metadata: { name: 'foo' }, handler: 'bar', ...more } as KubeObject);
const withClasses = <T>(classes: KubeObject[], fn: () => T) => withConfiguration({ runtimeClasses: classes }, fn);
const spec = (more: Partial<PodSpec> = {}): PodSpec => ({ runtimeClassName: 'foo', containers: [{ name: 'c', image: 'x' }], ...more });
const tol = (key: string, value: string): Toleration => ({ key, operator: 'Equal', value, effect: 'NoSchedule' });

describe('TestSetScheduling', () => {
  test.each([
    ['scheduling, nil scheduling', rc(), { foo: 'bar' }, [], { nodeSelector: { foo: 'bar' }, tolerations: [] }],
    ['scheduling, conflict node selector', rc({ scheduling: { nodeSelector: { foo: 'conflict' } } }), { foo: 'bar' }, [],
      { refused: { phase: 'admit', reason: 'conflict: runtimeClass.scheduling.nodeSelector[foo] = conflict; pod.spec.nodeSelector[foo] = bar' } }],
    ['scheduling, nil node selector', rc({ scheduling: { nodeSelector: { foo: 'bar' } } }), undefined, [], { nodeSelector: { foo: 'bar' }, tolerations: [] }],
    ['scheduling, node selector with the same key value', rc({ scheduling: { nodeSelector: { foo: 'bar' } } }), { foo: 'bar' }, [], { nodeSelector: { foo: 'bar' }, tolerations: [] }],
    ['scheduling, node selector with different key value', rc({ scheduling: { nodeSelector: { foo: 'bar', fizz: 'buzz' } } }), { foo: 'bar' }, [],
      { nodeSelector: { foo: 'bar', fizz: 'buzz' }, tolerations: [] }],
    ['scheduling, multiple tolerations', rc({ scheduling: { tolerations: [tol('foo', 'bar'), tol('fizz', 'buzz')] } }), { foo: 'bar' }, [tol('foo', 'bar')],
      { nodeSelector: { foo: 'bar' }, tolerations: [tol('foo', 'bar'), tol('fizz', 'buzz')] }],
  ])('%s', (_name, runtimeClass, nodeSelector, tolerations, expected) => {
    const answer = withClasses([runtimeClass], () => admitRuntimeClass(spec(nodeSelector ? { nodeSelector } : {}), tolerations));
    expect(answer).toEqual({ overhead: undefined, ...expected });
  });
});

describe('TestValidateOverhead (and setOverhead before it)', () => {
  const fixed = (cpu: string, memory: string) => ({ overhead: { podFixed: { cpu, memory } } });
  const WITHOUT = { phase: 'validate', reason: 'pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead' };
  const MISMATCH = { phase: 'admit', reason: "pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead" };
  test.each([
    // the mutating phase gives the pod the class's overhead, so the validating one finds them equal
    ['Overhead part of RuntimeClass, no Overhead defined in pod', [rc(fixed('100m', '1'))], spec(), undefined],
    ['No Overhead in RunntimeClass, Overhead set in pod', [rc()], spec({ overhead: { cpu: '100m', memory: '1' } }), WITHOUT],
    ['No RunntimeClass, Overhead set in pod', [], spec({ runtimeClassName: undefined, overhead: { cpu: '100m', memory: '1' } }), WITHOUT],
    ['Non-matching Overheads', [rc(fixed('10', '10G'))], spec({ overhead: { cpu: '100m', memory: '1' } }), MISMATCH],
    ['Matching Overheads', [rc(fixed('100m', '1'))], spec({ overhead: { cpu: '100m', memory: '1' } }), undefined],
    // apiequality.Semantic compares quantities by amount
    ['Matching Overheads written otherwise', [rc(fixed('0.1', '1'))], spec({ overhead: { cpu: '100m', memory: '1' } }), undefined],
  ])('%s', (_name, classes, podSpec, refused) => {
    expect(withClasses(classes, () => admitRuntimeClass(podSpec, [])).refused).toEqual(refused);
  });

  it('prepareObjects: a RuntimeClass the cluster does not have', () => {
    expect(admitRuntimeClass(spec({ runtimeClassName: 'gvisor' }), []).refused).toEqual({ phase: 'admit', reason: 'pod rejected: RuntimeClass "gvisor" not found' });
  });
});

describe('MergeTolerations (pkg/util/tolerations/tolerations_test.go)', () => {
  const exists = (key: string): Toleration => ({ key, operator: 'Exists', effect: 'NoSchedule' });
  it('a superset replaces what it covers; equal ones are kept once, the first', () => {
    expect(mergeTolerations([tol('foo', 'bar')], [exists('foo')])).toEqual([exists('foo')]);
    expect(mergeTolerations([tol('foo', 'bar'), exists('fizz')], [tol('foo', 'bar')])).toEqual([tol('foo', 'bar'), exists('fizz')]);
    expect(mergeTolerations([tol('foo', 'bar'), exists('fizz')], [{ operator: 'Exists' }])).toEqual([{ operator: 'Exists' }]);
  });
  it('NoExecute with tolerationSeconds covers only shorter ones', () => {
    const ne = (s?: number): Toleration => ({ key: 'k', operator: 'Exists', effect: 'NoExecute', ...(s === undefined ? {} : { tolerationSeconds: s }) });
    expect(mergeTolerations([ne(300)], [ne(60)])).toEqual([ne(300)]);
    expect(mergeTolerations([ne(60)], [ne()])).toEqual([ne()]);
  });
});

describe('on the create path', () => {
  const node: Node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n0', labels: { pool: 'general' } }, spec: {},
    status: { allocatable: { cpu: '2', memory: '4Gi', pods: '110' }, conditions: [{ type: 'Ready', status: 'True' }] } } as Node;
  const gvisor = rc({ metadata: { name: 'gvisor' }, handler: 'runsc', overhead: { podFixed: { cpu: '250m', memory: '120Mi' } },
    scheduling: { nodeSelector: { pool: 'sandboxed' }, tolerations: [{ key: 'sandbox', operator: 'Exists', effect: 'NoSchedule' }] } });
  const pod = (cpu: string): KubeObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web' },
    spec: { runtimeClassName: 'gvisor', containers: [{ name: 'c', image: 'x', resources: { requests: { cpu } } }] } } as KubeObject);

  it('admitPod: the class\'s overhead and node selector on the spec, its tolerations last, by the plugin', () => {
    const admitted = withClasses([gvisor], () => admitPod(toSubject(pod('1'))));
    expect(admitted.spec.overhead).toEqual({ cpu: '250m', memory: '120Mi' });
    expect(admitted.spec.nodeSelector).toEqual({ pool: 'sandboxed' });
    expect(admitted.tolerations.at(-1)).toEqual({ key: 'sandbox', operator: 'Exists', effect: 'NoSchedule' });
    expect(admitted.sources.at(-1)).toBe('RuntimeClass admission');
  });

  it('NodeResourcesFit counts the overhead; NodeAffinity reads the merged node selector', () => {
    const noSelector = rc({ metadata: { name: 'gvisor' }, overhead: { podFixed: { cpu: '250m' } } });
    // 1.9 cpu fits a 2-cpu node; with 250m of overhead it does not
    expect(withClasses([noSelector], () => scheduleOn(pod('1900m'), [node]).rejected[0]?.status?.reasons)).toEqual(['Insufficient cpu']);
    expect(withClasses([noSelector], () => scheduleOn(pod('1700m'), [node]).feasible.map((v) => v.node))).toEqual(['n0']);
    expect(withClasses([gvisor], () => scheduleOn(pod('1'), [node]).rejected[0]?.status?.plugin)).toBe('NodeAffinity');
  });

  it('the Pods a controller creates are stored with the overhead (a bound replica uses it)', () => {
    const deployment = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' },
      spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { runtimeClassName: 'gvisor', containers: [{ name: 'c', image: 'x' }] } } } } as KubeObject;
    expect(withClasses([gvisor], () => podFromTemplate(deployment, 'web-0').spec?.overhead)).toEqual({ cpu: '250m', memory: '120Mi' });
    expect(withClasses([], () => admissionRefusedOnce(deployment))).toEqual({ phase: 'admit', reason: 'pod rejected: RuntimeClass "gvisor" not found',
      plugin: 'RuntimeClass',
      // a Deployment's pod is created with its ReplicaSet's name as generateName (controller_utils.go GetPodFromTemplate)
      message: 'pods "web-<pod-template-hash>-" is forbidden: pod rejected: RuntimeClass "gvisor" not found' });
  });

  it('a Pod read from a cluster was admitted when created: not again', () => {
    const dumped = { ...pod('1'), metadata: { name: 'web', uid: 'u1' }, spec: { ...(pod('1') as { spec: PodSpec }).spec, overhead: { cpu: '250m' } } } as KubeObject;
    expect(admissionRefusedOnce(dumped)).toBeUndefined();
    expect(admitPod(toSubject(dumped)).spec.overhead).toEqual({ cpu: '250m' });
  });

  it('admission: { runtimeClass: false } turns the plugin off', () => {
    expect(withConfiguration({ admission: { runtimeClass: false } }, () => admissionRefusedOnce(pod('1')))).toBeUndefined();
  });
});

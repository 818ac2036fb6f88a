// Conformance cases for NodeAffinity, NodePorts, NodeResourcesFit, pod requests and the FitError,
// from kube-scheduler's plugin tests and component-helpers; each case names its upstream test.
import type { Node, Pod } from '../core/types';
import { toSubject } from '../k8s/subject';
import { configure, resetConfiguration } from '../core/config';
import { nodeInfo, nodeUsage, podInfo } from './framework';
import { runFilters, schedule } from '.';
import { scoreNodes } from './score';
import { podRequests } from '../k8s/resources';

beforeEach(() => configure({ admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } }));
afterEach(() => resetConfiguration());

type Spec = NonNullable<Pod['spec']>;
const pod = (spec: Partial<Spec> = {}, extra: Partial<Pod> = {}): Pod => ({ kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers: [], ...spec }, ...extra });
const node = (name: string, labels: Record<string, string> = {}, allocatable?: Record<string, string>): Node => ({
  kind: 'Node', metadata: { name, labels }, spec: {}, ...(allocatable ? { status: { allocatable } } : {}),
});
const verdict = (p: Pod, n: Node, existing: Pod[] = []) => runFilters(podInfo(toSubject(p)), nodeInfo(n), nodeUsage(existing));
const required = (...terms: object[]): Partial<Spec> => ({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: terms as never } } } });
const expr = (key: string, operator: string, values?: string[]) => ({ matchExpressions: [{ key, operator, values }] });
const field = (...names: string[]) => ({ matchFields: names.map((n) => ({ key: 'metadata.name', operator: 'In', values: [n] })) });

const POD_REASON = "node(s) didn't match Pod's node affinity/selector";

// pkg/scheduler/framework/plugins/nodeaffinity/node_affinity_test.go TestNodeAffinity
describe('TestNodeAffinity', () => {
  const cases: Array<[string, Partial<Spec>, Record<string, string>, boolean, string?]> = [
    ['missing labels', { nodeSelector: { foo: 'bar' } }, {}, false],
    ['same labels', { nodeSelector: { foo: 'bar' } }, { foo: 'bar' }, true],
    ['node labels are superset', { nodeSelector: { foo: 'bar' } }, { foo: 'bar', baz: 'blah' }, true],
    ['node labels are subset', { nodeSelector: { foo: 'bar', baz: 'blah' } }, { foo: 'bar' }, false],
    ['Pod with matchExpressions using In operator that matches the existing node', required(expr('foo', 'In', ['bar', 'value2'])), { foo: 'bar' }, true],
    ['Pod with matchExpressions using Gt operator that matches the existing node', required(expr('kernel-version', 'Gt', ['0204'])), { 'kernel-version': '0206' }, true],
    ['Pod with matchExpressions using NotIn operator that matches the existing node', required(expr('mem-type', 'NotIn', ['DDR', 'DDR2'])), { 'mem-type': 'DDR3' }, true],
    ['Pod with matchExpressions using Exists operator that matches the existing node', required(expr('GPU', 'Exists')), { GPU: 'NVIDIA-GRID-K1' }, true],
    ["Pod with affinity that don't match node's labels won't schedule onto the node", required(expr('foo', 'In', ['value1', 'value2'])), { foo: 'bar' }, false],
    ['Pod with empty MatchExpressions is not a valid value will match no objects and won\'t schedule onto the node', required({ matchExpressions: [] }), { foo: 'bar' }, false],
    ['Pod with no Affinity will schedule onto a node', {}, { foo: 'bar' }, true],
    ['Pod with Affinity but nil NodeSelector will schedule onto a node', { affinity: { nodeAffinity: {} } }, { foo: 'bar' }, true],
    ['Pod with multiple matchExpressions ANDed that matches the existing node', required({ matchExpressions: [{ key: 'GPU', operator: 'Exists' }, { key: 'GPU', operator: 'NotIn', values: ['AMD', 'INTER'] }] }), { GPU: 'NVIDIA-GRID-K1' }, true],
    ["Pod with multiple matchExpressions ANDed that doesn't match the existing node", required({ matchExpressions: [{ key: 'GPU', operator: 'Exists' }, { key: 'GPU', operator: 'In', values: ['AMD', 'INTER'] }] }), { GPU: 'NVIDIA-GRID-K1' }, false],
    ["Pod with multiple NodeSelectorTerms ORed in affinity, matches the node's labels and will schedule onto the node", required(expr('foo', 'In', ['bar', 'value2']), expr('diffkey', 'In', ['wrong', 'value2'])), { foo: 'bar' }, true],
    ['Pod with an Affinity and a PodSpec.NodeSelector both are satisfied, will schedule onto the node', { nodeSelector: { foo: 'bar' }, ...required(expr('foo', 'Exists')) }, { foo: 'bar' }, true],
    ['Pod with an Affinity matches node\'s labels but the PodSpec.NodeSelector is not satisfied, won\'t schedule onto the node', { nodeSelector: { foo: 'bar' }, ...required(expr('foo', 'Exists')) }, { foo: 'barrrrrr' }, false],
    ['Pod with an invalid value in Affinity term won\'t be scheduled onto the node', required(expr('foo', 'NotIn', ['invalid value: ___@#$%^'])), { foo: 'bar' }, false],
  ];
  test.each(cases)('%s', (_name, spec, labels, fits) => {
    const v = verdict(pod(spec), node('node1', labels));
    expect(v.feasible).toBe(fits);
    if (!fits) expect(v.status?.reasons).toEqual([POD_REASON]);
  });

  test('Pod with matchFields using In operator that matches the existing node', () => {
    expect(verdict(pod(required(field('node1'))), node('node1')).feasible).toBe(true);
  });
  test('Pod with matchFields using In operator that does not match the existing node (PreFilterResult {node1})', () => {
    // Upstream's unit test calls Filter directly (ErrReasonPod); in a scheduling cycle node2 is outside the
    // PreFilterResult and is reported as not satisfying the plugin, which is what a cluster shows.
    const v = verdict(pod(required(field('node1'))), node('node2'));
    expect(v.status?.reasons).toEqual(["node(s) didn't satisfy plugin(s) [NodeAffinity]"]);
  });
  test('Pod with two terms: matchFields does not match, but matchExpressions matches', () => {
    expect(verdict(pod(required({ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node1'] }, { key: 'metadata.name', operator: 'In', values: ['node2'] }] }, expr('foo', 'In', ['bar']))), node('node2', { foo: 'bar' })).feasible).toBe(true);
  });
  test('Pod with one term: both matchFields and matchExpressions match', () => {
    expect(verdict(pod(required({ ...field('node1'), ...expr('foo', 'In', ['bar']) })), node('node1', { foo: 'bar' })).feasible).toBe(true);
  });
  test('Pod with two terms: both matchFields and matchExpressions do not match', () => {
    const v = verdict(pod(required(field('node1'), expr('foo', 'In', ['not-match-to-bar']))), node('node2', { foo: 'bar' }));
    expect(v.status?.reasons).toEqual([POD_REASON]);
  });
  test('Pod with two terms of node.Name affinity (PreFilterResult {node1, node2})', () => {
    expect(verdict(pod(required(field('node1'), field('node2'))), node('node2')).feasible).toBe(true);
  });
  test('Pod with two conflicting mach field requirements (PreFilter: pod affinity terms conflict)', () => {
    const v = verdict(pod(required(field('node1', 'node2'))), node('node2', { foo: 'bar' }));
    expect(v.status?.reasons).toEqual(['pod affinity terms conflict']);
    expect(schedule(toSubject(pod(required(field('node1', 'node2')))), [node('node1'), node('node2'), node('node3')]).fitError).toBe(
      '0/3 nodes are available: pod affinity terms conflict. not found',
    );
  });
});

// staging/src/k8s.io/component-helpers/scheduling/corev1/nodeaffinity/nodeaffinity_test.go and
// apimachinery labels selector_test.go (TestRequirementMatches-style cases)
describe('node selector requirements', () => {
  const fits = (spec: Partial<Spec>, labels: Record<string, string>) => verdict(pod(spec), node('n', labels)).feasible;
  test('In with a missing key does not match, even In [""]', () => expect(fits(required(expr('k', 'In', [''])), {})).toBe(false));
  test('NotIn and DoesNotExist match a missing key', () => {
    expect(fits(required(expr('k', 'NotIn', ['a'])), {})).toBe(true);
    expect(fits(required(expr('k', 'DoesNotExist')), {})).toBe(true);
  });
  test('Exists matches an empty value', () => expect(fits(required(expr('k', 'Exists')), { k: '' })).toBe(true));
  test('Gt/Lt: missing key and non-integer node values do not match; strict comparison', () => {
    expect(fits(required(expr('k', 'Gt', ['5'])), {})).toBe(false);
    expect(fits(required(expr('k', 'Gt', ['5'])), { k: 'abc' })).toBe(false);
    expect(fits(required(expr('k', 'Gt', ['5'])), { k: '5' })).toBe(false);
    expect(fits(required(expr('k', 'Lt', ['5'])), { k: '-1' })).toBe(true);
  });
  test('a term with an invalid requirement never matches, other terms still count', () => {
    expect(fits(required(expr('k', 'Gt', ['x'])), { k: '9' })).toBe(false);
    expect(fits(required(expr('k', 'In', [])), { k: 'a' })).toBe(false);
    expect(fits(required(expr('k', 'Exists', ['a'])), { k: 'a' })).toBe(false);
    expect(fits(required(expr('bad key', 'Exists')), {})).toBe(false);
    expect(fits(required(expr('k', 'Foo', ['a'])), { k: 'a' })).toBe(false);
    expect(fits(required(expr('k', 'Gt', ['x']), expr('k', 'Exists')), { k: '9' })).toBe(true);
  });
  test('a required selector with no terms matches no node; an empty term is dropped', () => {
    expect(fits(required(), {})).toBe(false);
    expect(fits(required({}, expr('k', 'Exists')), { k: 'v' })).toBe(true);
  });
});

// pkg/scheduler/framework/plugins/nodeports/node_ports_test.go TestNodePorts
describe('TestNodePorts', () => {
  const p = (...ports: Array<[string, string, number]>) =>
    pod({ containers: [{ name: 'c', ports: ports.map(([proto, ip, port]) => ({ containerPort: port, hostPort: port, hostIP: ip, protocol: proto })) }] });
  const fits = (want: Pod, ...existing: Pod[]) => verdict(want, node('m1'), existing).feasible;
  test('nothing running', () => expect(fits(p())).toBe(true));
  test('other port', () => expect(fits(p(['UDP', '127.0.0.1', 8080]), p(['UDP', '127.0.0.1', 9090]))).toBe(true));
  test('same udp port', () => expect(fits(p(['UDP', '127.0.0.1', 8080]), p(['UDP', '127.0.0.1', 8080]))).toBe(false));
  test('same tcp port', () => expect(fits(p(['TCP', '127.0.0.1', 8080]), p(['TCP', '127.0.0.1', 8080]))).toBe(false));
  test('different host ip', () => expect(fits(p(['TCP', '127.0.0.1', 8080]), p(['TCP', '127.0.0.2', 8080]))).toBe(true));
  test('different protocol', () => expect(fits(p(['UDP', '127.0.0.1', 8080]), p(['TCP', '127.0.0.1', 8080]))).toBe(true));
  test('second udp port conflict', () => expect(fits(p(['UDP', '127.0.0.1', 8000], ['UDP', '127.0.0.1', 8080]), p(['UDP', '127.0.0.1', 8001], ['UDP', '127.0.0.1', 8080]))).toBe(false));
  test('first tcp port conflict', () => expect(fits(p(['TCP', '127.0.0.1', 8001], ['UDP', '127.0.0.1', 8080]), p(['TCP', '127.0.0.1', 8001], ['UDP', '127.0.0.1', 8081]))).toBe(false));
  test('first tcp port conflict due to 0.0.0.0 hostIP', () => expect(fits(p(['TCP', '0.0.0.0', 8001]), p(['TCP', '127.0.0.1', 8001]))).toBe(false));
  test('TCP hostPort conflict due to 0.0.0.0 hostIP', () => expect(fits(p(['TCP', '10.0.10.10', 8001], ['TCP', '0.0.0.0', 8001]), p(['TCP', '127.0.0.1', 8001]))).toBe(false));
  test('second tcp port conflict to 0.0.0.0 hostIP', () => expect(fits(p(['TCP', '127.0.0.1', 8001]), p(['TCP', '0.0.0.0', 8001]))).toBe(false));
  test('second different protocol', () => expect(fits(p(['UDP', '0.0.0.0', 8001]), p(['TCP', '0.0.0.0', 8001]))).toBe(true));
  test('UDP hostPort conflict due to 0.0.0.0 hostIP', () => expect(fits(p(['UDP', '0.0.0.0', 8001]), p(['TCP', '0.0.0.0', 8001], ['UDP', '0.0.0.0', 8001]))).toBe(false));
  test(':: is not a wildcard', () => expect(fits(p(['TCP', '::', 8001]), p(['TCP', '10.0.0.1', 8001]))).toBe(true));
  test('terminal pods hold no ports', () => {
    const done = { ...p(['TCP', '0.0.0.0', 80]), status: { phase: 'Succeeded' } };
    expect(fits(p(['TCP', '0.0.0.0', 80]), done)).toBe(true);
  });
  test('reason string', () => {
    expect(verdict(p(['TCP', '0.0.0.0', 80]), node('m1'), [p(['TCP', '0.0.0.0', 80])]).status?.reasons).toEqual(["node(s) didn't have free ports for the requested pod ports"]);
  });
});

// staging/src/k8s.io/component-helpers/resource/helpers_test.go TestPodRequests / TestPodResourceRequests
describe('PodRequests', () => {
  const c = (requests: Record<string, string>, extra: object = {}) => ({ name: 'c', resources: { requests }, ...extra });
  const cpu = (spec: Partial<Spec>) => podRequests({ containers: [], ...spec } as Spec, 'spec').get('cpu');
  const milli = (n: number) => BigInt(n) * 1_000_000n;
  test('two container no overhead - should just be sum of containers', () => {
    expect(cpu({ containers: [c({ cpu: '1' }), c({ cpu: '2' })] })).toBe(milli(3000));
  });
  test('two container with overhead - shold include overhead', () => {
    expect(cpu({ containers: [c({ cpu: '1' }), c({ cpu: '2' })], overhead: { cpu: '1' } })).toBe(milli(4000));
  });
  test('init container larger than the containers: the max, not the sum', () => {
    expect(cpu({ containers: [c({ cpu: '1' })], initContainers: [c({ cpu: '2' })] })).toBe(milli(2000));
  });
  test('restartable init container is added; a plain init container counts only the sidecars before it', () => {
    // "multiple restartable and regular init containers" style: sidecar 1, init 5, sidecar 2, containers 1
    const spec: Partial<Spec> = {
      containers: [c({ cpu: '1' })],
      initContainers: [c({ cpu: '1' }, { restartPolicy: 'Always' }), c({ cpu: '5' }), c({ cpu: '2' }, { restartPolicy: 'Always' })],
    };
    // regular: 1 + 1 + 2 = 4; init peak: 1 + 5 = 6
    expect(cpu(spec)).toBe(milli(6000));
  });
  test('pod-level resources replace the container aggregate for cpu/memory', () => {
    expect(cpu({ containers: [c({ cpu: '1' })], resources: { requests: { cpu: '3' } } })).toBe(milli(3000));
  });
  test('requests default from limits (SetDefaults_Pod): limits-only GPU requests one GPU', () => {
    const r = podRequests({ containers: [{ name: 'c', resources: { limits: { 'nvidia.com/gpu': '1', cpu: '1' } } }] } as Spec, 'spec');
    expect(r.get('nvidia.com/gpu')).toBe(1_000_000_000n);
    expect(r.get('cpu')).toBe(milli(1000));
  });
  // pkg/apis/core/v1 zz_generated.defaults.go SetObjectDefaults_Pod: SetDefaults_ResourceList rounds each container's
  // list up to milli scale as the Pod is stored, before PodRequests sums them (v1.33.13–v1.37.2)
  test('round first, as the API server stores the pod, then sum: two 0.5m containers make 2m', () => {
    const info = podInfo(toSubject(pod({ containers: [c({ cpu: '0.5m' }), c({ cpu: '0.5m' })] })));
    expect(info.requests.milliCPU).toBe(2);
  });
});

// pkg/scheduler/framework/plugins/noderesources/fit_test.go TestEnoughRequests (node: 10m cpu, 20 memory, 32 pods, 5 example.com/aaa, 20 ephemeral)
describe('TestEnoughRequests', () => {
  const alloc = { cpu: '10m', memory: '20', pods: '32', 'example.com/aaa': '5', 'ephemeral-storage': '20', 'hugepages-2Mi': '5' };
  const req = (cpuM: number, mem: number, extra: Record<string, string> = {}) => ({ name: 'c', resources: { requests: { cpu: `${cpuM}m`, memory: `${mem}`, ...extra } } });
  const existing = (cpuM: number, mem: number) => pod({ containers: [req(cpuM, mem)] });
  const check = (spec: Partial<Spec>, used: Pod[] = []) => verdict(pod(spec), node('n', {}, alloc), used);
  test('no resources requested always fits', () => expect(check({ containers: [{ name: 'c' }] }, [existing(10, 20)]).feasible).toBe(true));
  test('too many resources fails', () => {
    expect(check({ containers: [req(1, 1)] }, [existing(10, 20)]).status?.reasons).toEqual(['Insufficient cpu', 'Insufficient memory']);
  });
  test('too many resources fails due to init container cpu', () => {
    expect(check({ containers: [req(1, 1)], initContainers: [req(3, 1)] }, [existing(8, 19)]).status?.reasons).toEqual(['Insufficient cpu']);
  });
  test('init container fits because it\'s the max, not sum, of containers and init containers', () => {
    expect(check({ containers: [req(1, 1)], initContainers: [req(1, 1)] }, [existing(9, 19)]).feasible).toBe(true);
  });
  test('both resources fit', () => expect(check({ containers: [req(1, 1)] }, [existing(5, 5)]).feasible).toBe(true));
  test('one resource memory fits', () => expect(check({ containers: [req(2, 1)] }, [existing(9, 5)]).status?.reasons).toEqual(['Insufficient cpu']));
  test('one resource cpu fits', () => expect(check({ containers: [req(1, 2)] }, [existing(5, 19)]).status?.reasons).toEqual(['Insufficient memory']));
  test('equal edge case', () => expect(check({ containers: [req(5, 1)] }, [existing(5, 19)]).feasible).toBe(true));
  test('extended resource fits', () => expect(check({ containers: [req(0, 0, { 'example.com/aaa': '1' })] }).feasible).toBe(true));
  test('extended resource capacity enforced', () => {
    expect(check({ containers: [req(0, 0, { 'example.com/aaa': '10' })] }).status?.reasons).toEqual(['Insufficient example.com/aaa']);
  });
  test('extended resource not in allocatable counts as 0', () => {
    const v = check({ containers: [req(0, 0, { 'example.com/bbb': '1' })] });
    expect(v.status?.reasons).toEqual(['Insufficient example.com/bbb']);
    expect(v.status?.details[0]).toContain('has no "example.com/bbb" entry in status.allocatable');
  });
  test('hugepages are scalar resources', () => expect(check({ containers: [req(0, 0, { 'hugepages-2Mi': '6' })] }).status?.reasons).toEqual(['Insufficient hugepages-2Mi']));
  test('ephemeral-storage', () => expect(check({ containers: [req(0, 0, { 'ephemeral-storage': '25' })] }).status?.reasons).toEqual(['Insufficient ephemeral-storage']));
  test('names without a domain are not scheduler resources', () => expect(check({ containers: [req(0, 0, { nvidia: '100' })] }).feasible).toBe(true));
  test('Too many pods, even for a pod that requests nothing', () => {
    const v = verdict(pod({ containers: [{ name: 'c' }] }), node('n', {}, { ...alloc, pods: '1' }), [existing(0, 0)]);
    expect(v.status?.reasons).toEqual(['Too many pods']);
  });
  test('allocatable without pods means no pod fits', () => {
    const v = verdict(pod({ containers: [{ name: 'c' }] }), node('n', {}, { cpu: '4' }));
    expect(v.status?.reasons).toEqual(['Too many pods']);
    expect(v.status?.details[0]).toContain('has no "pods" entry in status.allocatable');
  });
  test('a node with no allocatable at all is unconstrained (documented deviation)', () => {
    expect(verdict(pod({ containers: [req(1_000_000, 1)] }), node('n')).feasible).toBe(true);
  });
  test('terminal pods use nothing', () => {
    const done = { ...existing(10, 20), status: { phase: 'Failed' } };
    expect(check({ containers: [req(1, 1)] }, [done]).feasible).toBe(true);
  });
});

// pkg/scheduler/framework/types_test.go TestFitError_Error / schedule_one_test.go FitError messages
describe('FitError', () => {
  test('reasons counted per node and sorted as strings', () => {
    const p = pod({ nodeSelector: { pool: 'a' }, containers: [{ name: 'c', resources: { requests: { cpu: '2' } } }] });
    const nodes = [
      node('n1', { pool: 'b' }),
      { ...node('n2', { pool: 'a' }, { cpu: '1', pods: '10' }) },
      { ...node('n3', { pool: 'a' }), spec: { taints: [{ key: 'x', effect: 'NoSchedule' }] } },
      node('n4', { pool: 'a' }, { cpu: '1', pods: '10' }),
    ] as Node[];
    expect(schedule(toSubject(p), nodes).fitError).toBe(
      "0/4 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 1 node(s) had untolerated taint(s), 2 Insufficient cpu. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling.",
    );
  });
  test('a node failing two resources counts twice; "10 …" sorts before "2 …"', () => {
    const p = pod({ containers: [{ name: 'c', resources: { requests: { cpu: '2', memory: '2Gi' } } }] });
    const small = Array.from({ length: 10 }, (_, i) => node(`s${i}`, {}, { cpu: '1', memory: '1Gi', pods: '10' }));
    const cordoned = [1, 2].map((i) => ({ ...node(`c${i}`), spec: { unschedulable: true } })) as Node[];
    expect(schedule(toSubject(p), [...small, ...cordoned]).fitError).toBe(
      '0/12 nodes are available: 10 Insufficient cpu, 10 Insufficient memory, 2 node(s) were unschedulable. preemption: 0/12 nodes are available: 12 Preemption is not helpful for scheduling.',
    );
  });
  test('nodes outside the PreFilterResult', () => {
    const p = pod(required(field('n1')));
    const n1 = { ...node('n1'), spec: { unschedulable: true } } as Node;
    expect(schedule(toSubject(p), [n1, node('n2'), node('n3')]).fitError).toBe(
      "0/3 nodes are available: 1 node(s) were unschedulable, 2 node(s) didn't satisfy plugin(s) [NodeAffinity]. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.",
    );
  });
});

// pkg/scheduler/framework/plugins/nodeaffinity/node_affinity_test.go TestNodeAffinityPriority
describe('TestNodeAffinityPriority', () => {
  const pref = (weight: number, ...reqs: Array<[string, string]>) => ({ weight, preference: { matchExpressions: reqs.map(([key, v]) => ({ key, operator: 'In', values: [v] })) } });
  const affinity2 = { affinity: { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [pref(2, ['foo', 'bar']), pref(4, ['key', 'value']), pref(5, ['foo', 'bar'], ['key', 'value'], ['az', 'az1'])] } } };
  const scores = (spec: Partial<Spec>, nodes: Node[]) => scoreNodes(podInfo(toSubject(pod(spec))), nodes.map(nodeInfo)).map((s) => s.nodeAffinity.normalized);
  test('all nodes matches the preferred scheduling requirements of pod but with different priorities', () => {
    expect(scores(affinity2, [node('node1', { foo: 'bar' }), node('node5', { foo: 'bar', key: 'value', az: 'az1' }), node('node2', { key: 'value' })])).toEqual([18, 100, 36]);
  });
  test('all nodes are same priority as NodeAffinity is nil', () => {
    expect(scores({}, [node('node1', { foo: 'bar' }), node('node2', { key: 'value' })])).toEqual([0, 0]);
  });
  test('only node1 matches the preferred scheduling requirements of pod', () => {
    expect(scores({ affinity: { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [pref(2, ['foo', 'bar'])] } } }, [node('node1', { foo: 'bar' }), node('node2', { key: 'value' }), node('node3', { az: 'az1' })])).toEqual([100, 0, 0]);
  });
});

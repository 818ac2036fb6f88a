// Node-local Filter plugins and the pod/node preparation they read (pkg/scheduler/framework/plugins/*,
// pkg/scheduler/framework/types.go), pinned where the mutation run found them untested.
import type { Node, Pod } from '../../core/types';
import { toSubject } from '../../k8s/subject';
import { configure, resetConfiguration } from '../../core/config';
import { failure, nodeInfo, nodeUsage, podInfo, type NodeUsage } from '../framework';
import { NodePorts, portsConflict } from './nodeports';
import { NodeName } from './nodename';
import { NodeUnschedulable } from './nodeunschedulable';
import { findUntoleratedTaint, normalizeTaintTolerationScores, TaintToleration, untoleratedPreferNoSchedule } from './tainttoleration';
import { scoreNodes, SCORE_WEIGHTS } from '../score';
import { NodeAffinity, preFilterReason } from './nodeaffinity';
import { NodeResourcesFit } from './noderesources/fit';

beforeEach(() => configure({ admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } }));
afterEach(() => resetConfiguration());

type Spec = NonNullable<Pod['spec']>;
const pod = (name: string, spec: Partial<Spec> = {}, extra: Partial<Pod> = {}): Pod =>
  ({ kind: 'Pod', metadata: { name, namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'i' }], ...spec }, ...extra });
const node = (name: string, spec: Node['spec'] = {}, labels: Record<string, string> = {}): Node => ({ kind: 'Node', metadata: { name, labels }, spec });
const noUsage: NodeUsage = { pods: 0, requested: { milliCPU: 0, memory: 0, ephemeralStorage: 0, scalars: new Map() }, ports: [] };
const info = (p: Pod) => podInfo(toSubject(p));
const port = (hostPort: number, extra: object = {}) => ({ containerPort: 80, hostPort, ...extra });

// node_ports.go getContainerPorts and framework HostPortInfo (sanitize: "" IP → 0.0.0.0, "" protocol → TCP)
describe('host ports of a pod', () => {
  test('only ports with a hostPort > 0; defaults for IP and protocol; where in the spec', () => {
    const p = pod('p', { containers: [{ name: 'c', image: 'i', ports: [port(0), { containerPort: 81 }, port(8080), port(53, { protocol: 'UDP', hostIP: '10.0.0.1' })] }] });
    expect(info(p).hostPorts).toEqual([
      { ip: '0.0.0.0', protocol: 'TCP', port: 8080, where: 'containers[0].ports[2]' },
      { ip: '10.0.0.1', protocol: 'UDP', port: 53, where: 'containers[0].ports[3]' },
    ]);
    expect(info(pod('q', { containers: [{ name: 'c', image: 'i', ports: [port(-1)] }] })).hostPorts).toEqual([]);
  });
  test('init containers count only when restartable (sidecars)', () => {
    const p = pod('p', { initContainers: [
      { name: 'init', image: 'i', ports: [port(9000)] },
      { name: 'sidecar', image: 'i', restartPolicy: 'Always', ports: [port(9001)] },
    ] });
    expect(info(p).hostPorts).toEqual([{ ip: '0.0.0.0', protocol: 'TCP', port: 9001, where: 'initContainers[1].ports[0]' }]);
  });
  test('CheckConflict', () => {
    const hp = (ip: string, port: number, protocol = 'TCP') => ({ ip, port, protocol, where: 'x' });
    expect(portsConflict(hp('0.0.0.0', 80), hp('10.0.0.1', 80))).toBe(true);
    expect(portsConflict(hp('10.0.0.1', 80), hp('0.0.0.0', 80))).toBe(true);
    expect(portsConflict(hp('10.0.0.1', 80), hp('10.0.0.1', 80))).toBe(true);
    expect(portsConflict(hp('10.0.0.1', 80), hp('10.0.0.2', 80))).toBe(false);
    expect(portsConflict(hp('0.0.0.0', 80), hp('0.0.0.0', 81))).toBe(false);
    expect(portsConflict(hp('0.0.0.0', 80), hp('0.0.0.0', 80, 'UDP'))).toBe(false);
  });
  test('NodePorts names every clash and the pod holding the port', () => {
    const want = pod('web', { containers: [{ name: 'c', image: 'i', ports: [port(80), port(443), port(8080)] }] });
    const other = pod('other', { nodeName: 'n1', containers: [{ name: 'c', image: 'i', ports: [port(80, { hostIP: '10.0.0.1' }), port(443)] }] });
    const s = NodePorts.filter(info(want), nodeInfo(node('n1')), nodeUsage([other]));
    expect(s?.code).toBe('Unschedulable');
    expect(s?.reasons).toEqual(["node(s) didn't have free ports for the requested pod ports"]);
    expect(s?.details).toEqual([
      'spec.containers[0].ports[0] hostPort 80/TCP on 0.0.0.0 collides with Pod default/other (containers[0].ports[0], 10.0.0.1:80/TCP) on node n1',
      'spec.containers[0].ports[1] hostPort 443/TCP on 0.0.0.0 collides with Pod default/other (containers[0].ports[1], 0.0.0.0:443/TCP) on node n1',
    ]);
    expect(NodePorts.filter(info(pod('x', { containers: [{ name: 'c', image: 'i', ports: [port(9)] }] })), nodeInfo(node('n1')), nodeUsage([other]))).toBeUndefined();
  });
});

describe('NodeName (node_name.go)', () => {
  test('spec.nodeName must be the node; unset fits every node', () => {
    const s = NodeName.filter(info(pod('p', { nodeName: 'a' })), nodeInfo(node('b')), noUsage);
    expect(s).toMatchObject({ plugin: 'NodeName', code: 'UnschedulableAndUnresolvable', reasons: ["node(s) didn't match the requested node name"] });
    expect(s?.details).toEqual(['spec.nodeName is "a", not "b"']);
    expect(NodeName.filter(info(pod('q', { nodeName: 'b' })), nodeInfo(node('b')), noUsage)).toBeUndefined();
    expect(NodeName.filter(info(pod('r', { nodeName: '' })), nodeInfo(node('b')), noUsage)).toBeUndefined();
  });
});

describe('NodeUnschedulable (node_unschedulable.go)', () => {
  test('a cordoned node: reason, code and explanation', () => {
    const s = NodeUnschedulable.filter(info(pod('p')), nodeInfo(node('n', { unschedulable: true })), noUsage);
    expect(s).toMatchObject({ plugin: 'NodeUnschedulable', code: 'UnschedulableAndUnresolvable', reasons: ['node(s) were unschedulable'] });
    expect(s?.details).toEqual(['node n is cordoned (spec.unschedulable: true) and the pod does not tolerate node.kubernetes.io/unschedulable:NoSchedule']);
  });
  test('tolerating the unschedulable taint (key and NoSchedule, or an Equal toleration with an empty value) lets the pod in', () => {
    const cordoned = nodeInfo(node('n', { unschedulable: true }));
    expect(NodeUnschedulable.filter(info(pod('a', { tolerations: [{ key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' }] })), cordoned, noUsage)).toBeUndefined();
    expect(NodeUnschedulable.filter(info(pod('b', { tolerations: [{ key: 'node.kubernetes.io/unschedulable', operator: 'Equal', value: '' }] })), cordoned, noUsage)).toBeUndefined();
    expect(NodeUnschedulable.filter(info(pod('c', { tolerations: [{ key: 'node.kubernetes.io/unschedulable', operator: 'Equal', value: 'x' }] })), cordoned, noUsage)).toBeDefined();
    expect(NodeUnschedulable.filter(info(pod('d', { tolerations: [{ key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'PreferNoSchedule' }] })), cordoned, noUsage)).toBeDefined();
  });
  test('a node without spec or with unschedulable: false is not cordoned', () => {
    expect(NodeUnschedulable.filter(info(pod('p')), nodeInfo({ kind: 'Node', metadata: { name: 'n' } }), noUsage)).toBeUndefined();
    expect(NodeUnschedulable.filter(info(pod('p')), nodeInfo(node('m', { unschedulable: false })), noUsage)).toBeUndefined();
  });
});

// taint_toleration.go: Filter uses DoNotScheduleTaintsFilterFunc; Score counts intolerable PreferNoSchedule taints.
describe('TaintToleration', () => {
  test('the first untolerated NoSchedule or NoExecute taint; PreferNoSchedule never filters', () => {
    const taints = [
      { key: 'soft', effect: 'PreferNoSchedule' as const }, { key: 'a', effect: 'NoSchedule' as const }, { key: 'b', effect: 'NoExecute' as const },
    ];
    expect(findUntoleratedTaint(taints, [], false)).toEqual({ key: 'a', effect: 'NoSchedule' });
    expect(findUntoleratedTaint(taints, [{ key: 'a', operator: 'Exists' }], false)).toEqual({ key: 'b', effect: 'NoExecute' });
    expect(findUntoleratedTaint(taints, [{ key: 'a', operator: 'Exists' }, { key: 'b', operator: 'Exists' }], false)).toBeUndefined();
    expect(findUntoleratedTaint([{ key: 'x', effect: 'Bogus' as never }], [], false)).toBeUndefined();
  });
  test('the Filter status', () => {
    const s = TaintToleration.filter(info(pod('p')), nodeInfo(node('n', { taints: [{ key: 'a', value: 'b', effect: 'NoSchedule' }] })), noUsage);
    expect(s).toMatchObject({ plugin: 'TaintToleration', code: 'UnschedulableAndUnresolvable', reasons: ['node(s) had untolerated taint(s)'] });
    expect(s?.details.join('\n')).toContain('a=b:NoSchedule');
  });
  test('Score: only empty-effect and PreferNoSchedule tolerations count', () => {
    const n = nodeInfo(node('n', { taints: [{ key: 'a', effect: 'PreferNoSchedule' }, { key: 'b', effect: 'PreferNoSchedule' }, { key: 'c', effect: 'NoSchedule' }] }));
    const keys = (tolerations: Spec['tolerations']) => untoleratedPreferNoSchedule(info(pod(JSON.stringify(tolerations), { tolerations })), n).map((t) => t.key);
    expect(keys([])).toEqual(['a', 'b']);
    expect(keys([{ key: 'a', operator: 'Exists' }])).toEqual(['b']);
    expect(keys([{ key: 'a', operator: 'Exists', effect: 'PreferNoSchedule' }])).toEqual(['b']);
    expect(keys([{ key: 'a', operator: 'Exists', effect: 'NoSchedule' }])).toEqual(['a', 'b']);
  });
  test('NormalizeScore reversed: 100 - raw*100/max, integer division; all 100 when no node has any', () => {
    expect(normalizeTaintTolerationScores([0, 1, 3])).toEqual([100, 67, 0]);
    expect(normalizeTaintTolerationScores([0, 0])).toEqual([100, 100]);
  });
});

describe('scoreNodes: TaintToleration (weight 3) and NodeAffinity (weight 2) of the default profile', () => {
  test('raw and normalised scores, the untolerated taints and matched terms', () => {
    expect(SCORE_WEIGHTS).toMatchObject({ TaintToleration: 3, NodeAffinity: 2 });
    const p = pod('p', { affinity: { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, preference: { matchExpressions: [{ key: 'fast', operator: 'Exists' }] } }] } } });
    const nodes = [node('a', { taints: [{ key: 'soft', value: 'x', effect: 'PreferNoSchedule' }] }, { fast: '' }), node('b')];
    const scores = scoreNodes(info(p), nodes.map(nodeInfo));
    expect(scores.map(({ node, taintToleration, nodeAffinity }) => ({ node, taintToleration, nodeAffinity }))).toEqual([
      { node: 'a', taintToleration: { raw: 1, normalized: 0, untolerated: ['soft=x:PreferNoSchedule'] }, nodeAffinity: { raw: 1, normalized: 100, matchedTerms: [0] } },
      { node: 'b', taintToleration: { raw: 0, normalized: 100, untolerated: [] }, nodeAffinity: { raw: 0, normalized: 0, matchedTerms: [] } },
    ]);
    const part = (i: number, plugin: string) => scores[i].plugins.find((x) => x.plugin === plugin);
    expect(part(0, 'TaintToleration')).toMatchObject({ weight: 3, score: 0, raw: 1 });
    expect(part(1, 'TaintToleration')).toMatchObject({ weight: 3, score: 100, raw: 0 });
    expect(part(0, 'NodeAffinity')).toMatchObject({ weight: 2, score: 100, raw: 1 });
    expect(part(1, 'NodeAffinity')).toMatchObject({ weight: 2, score: 0, raw: 0 });
  });
});

describe('pod and node preparation (framework)', () => {
  test('preferred terms with weight 0 or no requirements are dropped', () => {
    const p = pod('p', { affinity: { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [
      { weight: 0, preference: { matchExpressions: [{ key: 'a', operator: 'Exists' }] } },
      { weight: 5, preference: {} },
      { weight: 7, preference: { matchExpressions: [{ key: 'b', operator: 'Exists' }] } },
    ] } } });
    expect(info(p).preferredTerms.map((t) => t.weight)).toEqual([7]);
  });
  test('PreFilter node names: intersection within a term, union across terms, no narrowing when a term has none', () => {
    const names = (...terms: object[]) => info(pod(JSON.stringify(terms), { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: terms as never } } } })).nodeNames;
    const f = (op: string, ...values: string[]) => ({ key: 'metadata.name', operator: op, values });
    expect(names({ matchFields: [f('In', 'a', 'b'), f('In', 'b', 'c')] })).toEqual(new Set(['b']));
    expect(names({ matchFields: [f('In', 'a')] }, { matchFields: [f('In', 'b')] })).toEqual(new Set(['a', 'b']));
    expect(names({ matchFields: [f('In', 'a')] }, { matchExpressions: [{ key: 'k', operator: 'Exists' }] })).toBeUndefined();
    expect(names({ matchFields: [f('NotIn', 'a')] })).toBeUndefined();
    expect(names({ matchFields: [{ key: 'metadata.uid', operator: 'In', values: ['a'] }] })).toBeUndefined();
    expect(names({ matchFields: [f('In', 'a'), f('In', 'b')] })).toEqual(new Set());
    // sets.New(r.Values...) of no values is an empty set: a conflict, not "no narrowing"
    expect(names({ matchFields: [{ key: 'metadata.name', operator: 'In' }] })).toEqual(new Set());
    expect(info(pod('none')).nodeNames).toBeUndefined();
  });
  test('node labels and name default to empty', () => {
    const n = nodeInfo({ kind: 'Node' } as Node);
    expect(n.name).toBe('');
    expect(n.labels).toEqual({});
    expect(n.allocatable).toBeUndefined();
  });
  test('allocatable: pods as a count, resources as the scheduler’s integers; a bad quantity refuses the node', () => {
    const n = nodeInfo({ kind: 'Node', metadata: { name: 'n' }, status: { allocatable: { cpu: '1500m', memory: '1Ki', pods: '110', 'ephemeral-storage': '1k', 'example.com/gpu': '2' } } });
    expect(n.allocatable).toMatchObject({ milliCPU: 1500, memory: 1024, ephemeralStorage: 1000, pods: 110 });
    expect(n.allocatable?.scalars.get('example.com/gpu')).toBe(2);
    expect([...(n.allocatable?.has ?? [])]).toEqual(['cpu', 'memory', 'pods', 'ephemeral-storage', 'example.com/gpu']);
    expect(nodeInfo({ kind: 'Node', metadata: { name: 'm' }, status: { allocatable: { cpu: '1' } } }).allocatable?.pods).toBe(0);
    // the API server's decoder refuses the Node (k8s/decode.ts): no verdict treats it as unconstrained
    expect(() => nodeInfo({ kind: 'Node', metadata: { name: 'b' }, status: { allocatable: { cpu: 'lots' } } })).toThrow(/^Node b is refused by the API server: Node in version "" cannot be handled as a Node: quantities must match/);
  });
  test('node usage: running pods count, terminal ones do not; scalar requests add up', () => {
    const req = (name: string, phase?: string) => pod(name, { containers: [{ name: 'c', image: 'i', resources: { requests: { cpu: '100m', memory: '1Mi', 'ephemeral-storage': '1', 'example.com/gpu': '1' } } }] }, phase ? { status: { phase } } : {});
    const u = nodeUsage([req('a'), req('b', 'Running'), req('c', 'Succeeded'), req('d', 'Failed'), req('e', 'Pending')]);
    expect(u.pods).toBe(3);
    expect(u.requested).toEqual({ milliCPU: 300, memory: 3 * 1024 * 1024, ephemeralStorage: 3, scalars: new Map([['example.com/gpu', 3]]) });
    expect(nodeUsage(undefined).pods).toBe(0);
    expect(nodeUsage([]).ports).toEqual([]);
  });
  test('a pod whose requests the API server would refuse gets no PodInfo: the refusal, never requests of 0', () => {
    expect(() => info(pod('bad', { containers: [{ name: 'c', image: 'i', resources: { requests: { cpu: 'lots' } } }] })))
      .toThrow(/cannot be handled as a Pod: quantities must match the regular expression .*\n  spec\.containers\[0\]\.resources\.requests\.cpu: Invalid value: "lots"/);
    expect(info(pod('good')).requests.milliCPU).toBe(0);
  });
  test('plugin names as kube-scheduler prints them; the PreFilter reason lists plugins sorted (sets.List)', () => {
    expect([NodeUnschedulable, NodeName, TaintToleration, NodeAffinity, NodePorts, NodeResourcesFit].map((p) => p.name))
      .toEqual(['NodeUnschedulable', 'NodeName', 'TaintToleration', 'NodeAffinity', 'NodePorts', 'NodeResourcesFit']);
    expect(preFilterReason(['TaintToleration', 'NodeAffinity'])).toBe("node(s) didn't satisfy plugin(s) [NodeAffinity TaintToleration]");
  });
  test('a failure’s details are worked out once, on first read', () => {
    let calls = 0;
    const s = failure('P', 'Unschedulable', ['r'], () => [`detail ${++calls}`]);
    expect(calls).toBe(0);
    expect(s.details).toEqual(['detail 1']);
    expect(s.details).toEqual(['detail 1']);
    expect(calls).toBe(1);
  });
});

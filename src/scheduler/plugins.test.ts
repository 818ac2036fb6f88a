// Conformance cases from kube-scheduler's plugin tests; each case names its upstream test.
import type { Node, Pod, Taint, Toleration } from '../core/types';
import { toSubject } from '../k8s/subject';
import { configure, resetConfiguration } from '../core/config';
import { nodeInfo, nodeUsage, podInfo } from './framework';
import { runFilters } from '.';
import { TaintToleration, untoleratedPreferNoSchedule, normalizeTaintTolerationScores } from './plugins/tainttoleration';
import { NodeUnschedulable } from './plugins/nodeunschedulable';
import { NodeName } from './plugins/nodename';

// Upstream unit tests build bare pods, so admission (DefaultTolerationSeconds) is off here.
beforeEach(() => configure({ admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } }));
afterEach(() => resetConfiguration());

const pod = (tolerations: Toleration[], extra: Partial<NonNullable<Pod['spec']>> = {}): Pod => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name: 'pod1' }, spec: { containers: [], tolerations, ...extra },
});
const node = (name: string, taints: Taint[], unschedulable?: boolean): Node => ({
  apiVersion: 'v1', kind: 'Node', metadata: { name }, spec: { taints, unschedulable },
});
const filter = (p: Pod, n: Node, plugin = TaintToleration) => plugin.filter(podInfo(toSubject(p)), nodeInfo(n), nodeUsage([]));

describe('TaintToleration Filter (taint_toleration_test.go TestTaintTolerationFilter)', () => {
  const NS = 'NoSchedule';
  const cases: Array<[string, Toleration[], Taint[], boolean, boolean?]> = [
    ["A pod having no tolerations can't be scheduled onto a node with nonempty taints", [], [{ key: 'dedicated', value: 'user1', effect: NS }], false],
    ['A pod which can be scheduled on a dedicated node assigned to user1 with effect NoSchedule', [{ key: 'dedicated', value: 'user1', effect: NS }], [{ key: 'dedicated', value: 'user1', effect: NS }], true],
    ["A pod which can't be scheduled on a dedicated node assigned to user2 with effect NoSchedule", [{ key: 'dedicated', operator: 'Equal', value: 'user2', effect: NS }], [{ key: 'dedicated', value: 'user1', effect: NS }], false],
    ['A pod can be scheduled onto the node, with a toleration uses operator Exists that tolerates the taints on the node', [{ key: 'foo', operator: 'Exists', effect: NS }], [{ key: 'foo', value: 'bar', effect: NS }], true],
    ['A pod has multiple tolerations, node has multiple taints, all the taints are tolerated', [{ key: 'dedicated', operator: 'Equal', value: 'user2', effect: NS }, { key: 'foo', operator: 'Exists', effect: NS }], [{ key: 'dedicated', value: 'user2', effect: NS }, { key: 'foo', value: 'bar', effect: NS }], true],
    ["A pod has a toleration that keys and values match the taint on the node, but (non-empty) effect doesn't match", [{ key: 'foo', operator: 'Equal', value: 'bar', effect: 'PreferNoSchedule' }], [{ key: 'foo', value: 'bar', effect: NS }], false],
    ['The pod has a toleration that keys and values match the taint on the node, the effect of toleration is empty', [{ key: 'foo', operator: 'Equal', value: 'bar' }], [{ key: 'foo', value: 'bar', effect: NS }], true],
    ["The pod has a toleration that key and value don't match the taint on the node, but the effect of taint on node is PreferNoSchedule", [{ key: 'dedicated', operator: 'Equal', value: 'user2', effect: NS }], [{ key: 'dedicated', value: 'user1', effect: 'PreferNoSchedule' }], true],
    ['The pod has no toleration, but the effect of taint on node is PreferNoSchedule', [], [{ key: 'dedicated', value: 'user1', effect: 'PreferNoSchedule' }], true],
    ['Pod with Gt toleration cannot be scheduled on node when taint value is lower than threshold', [{ key: 'node.example.com/priority-level', operator: 'Gt', value: '950', effect: NS }], [{ key: 'node.example.com/priority-level', value: '800', effect: NS }], false, true],
    ['Pod with Gt toleration can be scheduled on node when taint value is higher than threshold', [{ key: 'node.kubernetes.io/sla', operator: 'Gt', value: '750', effect: NS }], [{ key: 'node.kubernetes.io/sla', value: '950', effect: NS }], true, true],
    ['Pod with Lt toleration cannot be scheduled on node when taint value is higher than threshold', [{ key: 'node.example.com/priority-level', operator: 'Lt', value: '800', effect: NS }], [{ key: 'node.example.com/priority-level', value: '950', effect: NS }], false, true],
    // TestTaintTolerationFilterWithFeatureGate: with the gate off, Lt/Gt tolerations match nothing
    ['TestTaintTolerationFilterWithFeatureGate: Gt toleration with the gate disabled', [{ key: 'node.kubernetes.io/sla', operator: 'Gt', value: '750', effect: NS }], [{ key: 'node.kubernetes.io/sla', value: '950', effect: NS }], false, false],
    // FindMatchingUntoleratedTaint with DoNotScheduleTaintsFilterFunc: NoExecute taints block scheduling too
    ['NoExecute taints block scheduling too', [], [{ key: 'evict', effect: 'NoExecute' }], false],
  ];
  test.each(cases)('%s', (_name, tolerations, taints, fits, gate = false) => {
    configure({ featureGates: { TaintTolerationComparisonOperators: gate } });
    const status = filter(pod(tolerations), node('nodeA', taints));
    if (fits) expect(status).toBeUndefined();
    else {
      expect(status?.code).toBe('UnschedulableAndUnresolvable');
      expect(status?.reasons).toEqual(['node(s) had untolerated taint(s)']);
    }
  });
});

describe('TaintToleration Score (taint_toleration_test.go TestTaintTolerationScore)', () => {
  const PNS = 'PreferNoSchedule';
  const score = (tolerations: Toleration[], nodes: Node[]) => {
    const p = podInfo(toSubject(pod(tolerations)));
    return normalizeTaintTolerationScores(nodes.map((n) => untoleratedPreferNoSchedule(p, nodeInfo(n)).length));
  };
  test('node with taints tolerated by the pod, gets a higher score than those node with intolerable taints', () => {
    expect(score([{ key: 'foo', operator: 'Equal', value: 'bar', effect: PNS }], [
      node('nodeA', [{ key: 'foo', value: 'bar', effect: PNS }]), node('nodeB', [{ key: 'foo', value: 'blah', effect: PNS }]),
    ])).toEqual([100, 0]);
  });
  test('the more intolerable taints a node has, the lower score it gets.', () => {
    expect(score([{ key: 'foo', operator: 'Equal', value: 'bar', effect: PNS }], [
      node('nodeA', []),
      node('nodeB', [{ key: 'cpu-type', value: 'arm64', effect: PNS }]),
      node('nodeC', [{ key: 'cpu-type', value: 'arm64', effect: PNS }, { key: 'disk-type', value: 'ssd', effect: PNS }]),
    ])).toEqual([100, 50, 0]);
  });
  test('only taints and tolerations that have effect PreferNoSchedule are checked by taints-tolerations priority function', () => {
    expect(score([
      { key: 'cpu-type', operator: 'Equal', value: 'arm64', effect: 'NoSchedule' },
      { key: 'disk-type', operator: 'Equal', value: 'ssd', effect: 'NoSchedule' },
    ], [
      node('nodeA', []),
      node('nodeB', [{ key: 'cpu-type', value: 'arm64', effect: 'NoSchedule' }]),
      node('nodeC', [{ key: 'cpu-type', value: 'arm64', effect: PNS }, { key: 'disk-type', value: 'ssd', effect: PNS }]),
    ])).toEqual([100, 100, 0]);
  });
  test('Numeric Gt operator: pod with Gt toleration prefers nodes with matching SLA taint', () => {
    configure({ featureGates: { TaintTolerationComparisonOperators: true } });
    expect(score([{ key: 'node.kubernetes.io/sla', operator: 'Gt', value: '950', effect: PNS }], [
      node('nodeA', [{ key: 'node.kubernetes.io/sla', value: '800', effect: PNS }]),
      node('nodeB', [{ key: 'node.kubernetes.io/sla', value: '999', effect: PNS }]),
    ])).toEqual([0, 100]);
  });
});

describe('NodeUnschedulable (node_unschedulable_test.go TestNodeUnschedulable)', () => {
  test('Does not schedule pod to unschedulable node (node.spec.unschedulable==true)', () => {
    const status = filter(pod([]), node('n', [], true), NodeUnschedulable);
    expect(status?.reasons).toEqual(['node(s) were unschedulable']);
    expect(status?.code).toBe('UnschedulableAndUnresolvable');
  });
  test('Schedule pod to normal node', () => {
    expect(filter(pod([]), node('n', [], false), NodeUnschedulable)).toBeUndefined();
  });
  test('Schedule pod with toleration to unschedulable node (node.spec.unschedulable==true)', () => {
    const t: Toleration = { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' };
    expect(filter(pod([t]), node('n', [], true), NodeUnschedulable)).toBeUndefined();
  });
  test('a toleration with effect NoExecute does not help', () => {
    const t: Toleration = { key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoExecute' };
    expect(filter(pod([t]), node('n', [], true), NodeUnschedulable)).toBeDefined();
  });
});

describe('NodeName (node_name_test.go TestNodeName)', () => {
  test('no host specified', () => expect(filter(pod([]), node('foo', []), NodeName)).toBeUndefined());
  test('host matches', () => expect(filter(pod([], { nodeName: 'foo' }), node('foo', []), NodeName)).toBeUndefined());
  test('host doesn\'t match', () => {
    expect(filter(pod([], { nodeName: 'bar' }), node('foo', []), NodeName)?.reasons).toEqual(["node(s) didn't match the requested node name"]);
  });
});

test('default profile order: a cordoned node with an untolerated taint reports NodeUnschedulable first', () => {
  const verdict = runFilters(podInfo(toSubject(pod([]))), nodeInfo(node('n', [{ key: 'a', effect: 'NoSchedule' }], true)));
  expect(verdict.status?.plugin).toBe('NodeUnschedulable');
});

// The exported engine functions take Kubernetes objects as the README documents (issue 10): a workload's pod
// template is used, not ignored, and anything that is not a Pod, a workload or a Node is refused with a TypeError.
import { admitPod, schedulingVerdict } from './objects';
import { resetConfiguration } from '../core/config';
// the framework's internals are not exported by the package; their wrappers check their inputs all the same
import { fitError, nodeInfo, podInfo, runFilters, schedule, scoreNodes, taintEviction, untoleratedPreferNoSchedule } from './objects';
import { toSubject } from '../k8s/subject';
import type { Node, Pod } from '../core/types';
import { deployment, node } from '../../test/fixtures';

afterEach(() => resetConfiguration());

const labelled = (name: string, labels: Record<string, string>, extra: Partial<Node> = {}): Node => {
  const n = node(name);
  return { ...n, metadata: { ...n.metadata, labels: { ...n.metadata!.labels, ...labels } }, ...extra };
};
const selecting = deployment('web', undefined, { nodeSelector: { a: 'zzz' } });
const nodeAB = labelled('n1', { a: 'b' });

describe('schedulingVerdict takes a workload and uses its pod template', () => {
  test('the issue\'s case: nodeSelector a=zzz against a node labelled a=b is rejected by NodeAffinity', () => {
    const v = schedulingVerdict(selecting, nodeAB);
    expect(v.feasible).toBe(false);
    expect(v.status?.plugin).toBe('NodeAffinity');
    expect(v.status?.reasons).toEqual(["node(s) didn't match Pod's node affinity/selector"]);
    expect(v.status?.details).toEqual(['nodeSelector a=zzz: node has a="b"']);
  });

  test('a matching node is feasible', () => {
    expect(schedulingVerdict(selecting, labelled('n2', { a: 'zzz' })).feasible).toBe(true);
  });

  test('a Subject from toSubject gives the same verdict as the object', () => {
    expect(schedulingVerdict(toSubject(selecting), nodeAB).status?.details).toEqual(schedulingVerdict(selecting, nodeAB).status?.details);
  });

  test('existing pods count on the node', () => {
    const full = labelled('full', {}, { status: { allocatable: { pods: '1' } } });
    const there: Pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'there' }, spec: { nodeName: 'full', containers: [{ name: 'c', image: 'nginx' }] } };
    const v = schedulingVerdict(deployment('web'), full, [there]);
    expect(v.status?.reasons).toEqual(['Too many pods']);
  });

  test.each([
    ['a ConfigMap', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } }, /expected a Pod or a workload/],
    ['a string', 'web', /expected a Pod or a workload/],
  ])('refuses %s as the subject', (_what, subject, message) => {
    expect(() => schedulingVerdict(subject as never, nodeAB)).toThrow(TypeError);
    expect(() => schedulingVerdict(subject as never, nodeAB)).toThrow(message);
  });

  test('refuses a workload in place of the node, and existing pods that are not Pods', () => {
    expect(() => schedulingVerdict(selecting, selecting as never)).toThrow(/expected a node \(a v1 Node object with kind: Node\), received Deployment default\/web/);
    expect(() => schedulingVerdict(selecting, nodeAB, [selecting] as never)).toThrow(/expected existingPods\[0\] to be a Pod/);
  });
});

describe('the other engine functions take objects too', () => {
  test('schedule uses the template and gives the FitError', () => {
    const r = schedule(selecting, [nodeAB, labelled('n2', { a: 'y' })]);
    expect(r.feasible).toEqual([]);
    expect(r.fitError).toBe("0/2 nodes are available: 2 node(s) didn't match Pod's node affinity/selector. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.");
    expect(() => schedule(selecting, [selecting] as never)).toThrow(/nodes\[0\]/);
  });

  test('runFilters and fitError take a workload and Nodes', () => {
    const v = runFilters(selecting, nodeAB);
    expect(v.status?.plugin).toBe('NodeAffinity');
    expect(fitError(1, selecting, [v])).toBe("0/1 nodes are available: 1 node(s) didn't match Pod's node affinity/selector.");
    // the internal forms still work
    expect(runFilters(podInfo(selecting), nodeInfo(nodeAB)).status?.plugin).toBe('NodeAffinity');
  });

  test('podInfo and admitPod read the template (tolerations after DefaultTolerationSeconds)', () => {
    const d = deployment('tol', [{ key: 'k', operator: 'Exists', effect: 'NoSchedule' }]);
    expect(podInfo(d).tolerations.map((t) => t.key)).toEqual(['k', 'node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable']);
    expect(admitPod(d).sources).toEqual(['pod spec', 'DefaultTolerationSeconds admission', 'DefaultTolerationSeconds admission']);
    expect(() => podInfo({ kind: 'Service' } as never)).toThrow(TypeError);
  });

  test('scoreNodes, untoleratedPreferNoSchedule and taintEviction take a workload and Nodes', () => {
    const soft = node('soft', [{ key: 'spot', value: 'true', effect: 'PreferNoSchedule' }]);
    const plain = node('plain');
    expect(untoleratedPreferNoSchedule(selecting, soft).map((t) => t.key)).toEqual(['spot']);
    expect(scoreNodes(selecting, [soft, plain]).map((s) => s.taintToleration.normalized)).toEqual([0, 100]);
    const evicting = node('evicting', [{ key: 'gone', effect: 'NoExecute' }]);
    expect(taintEviction(selecting, evicting).after).toBe(0);
    expect(() => taintEviction(selecting, { kind: 'Pod' } as never)).toThrow(/expected a node/);
  });
});

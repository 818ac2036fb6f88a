// A DaemonSet's pods exist only on the nodes its controller picks (pkg/controller/daemon/daemon_controller.go
// NodeShouldRunDaemonPod, from the template with the controller's tolerations, before admission): the per-node
// questions ask it first. A RuntimeClass's scheduling.tolerations (admitted on by default) or ExtendedResourceToleration
// let kube-scheduler's filters take the pod, yet the controller makes none there: kubernetes/kubernetes#111590 ("Pods
// never created, due to a toleration marked in RuntimeClass but not in the spec.template"). Before, toBeSchedulableOn
// and toBeSchedulableOnAllOf said such a DaemonSet ran on the tainted GPU node.
import type { KubeObject, Node } from '../core/types';
import { configure, resetConfiguration } from '../core/config';
import { toSubject } from '../k8s/subject';
import { failure } from '../../test/fixtures';
import { rankNodes, scheduleOn } from './objects';
import { schedule, scheduleOnNode } from './schedule';
import { toBeSchedulableOn } from '../matchers/toBeSchedulableOn';
import { toRecord } from '../matchers/record';
import { placementMatrix } from '../report/matrix';

afterEach(() => resetConfiguration());

const node = (name: string, taints: object[] = []): Node => ({
  apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name } }, spec: { taints } as Node['spec'],
  status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110', 'nvidia.com/gpu': '1' } } as Node['status'],
});
const GPU_TAINT = { key: 'nvidia.com/gpu', effect: 'NoSchedule' };
const gpu1 = node('gpu-1', [GPU_TAINT]);
const gpu2 = node('gpu-2', [GPU_TAINT]);
const cpu1 = node('cpu-1');
const nvidia = {
  apiVersion: 'node.k8s.io/v1', kind: 'RuntimeClass', metadata: { name: 'nvidia' }, handler: 'nvidia',
  scheduling: { tolerations: [{ key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' }] },
} as KubeObject;
const workload = (kind: 'DaemonSet' | 'Deployment', spec: object = { runtimeClassName: 'nvidia' }): KubeObject => ({
  apiVersion: 'apps/v1', kind, metadata: { name: 'dcgm', namespace: 'gpu' },
  spec: { selector: { matchLabels: { app: 'dcgm' } }, template: { metadata: { labels: { app: 'dcgm' } }, spec: { containers: [{ name: 'c', image: 'nvcr.io/dcgm:3' }], ...spec } } },
} as KubeObject);
const daemonSet = (spec?: object) => workload('DaemonSet', spec);
const tolerating = { runtimeClassName: 'nvidia', tolerations: [{ key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' }] };
const ctx = { utils: { matcherHint: (m: string) => m, printReceived: String, printExpected: String }, isNot: false } as never;

describe("a toleration admission adds (RuntimeClass's) is not the controller's", () => {
  beforeEach(() => configure({ runtimeClasses: [nvidia] }));

  test('toBeSchedulableOn: no pod for the GPU node; the message says why, that the filters would take it, and the fix', () => {
    const msg = failure(() => expect(daemonSet()).toBeSchedulableOn(gpu1));
    expect(msg).toContain('Expected DaemonSet gpu/dcgm to be schedulable on Node gpu-1, but the DaemonSet controller makes no pod for it ' +
      '(NodeShouldRunDaemonPod: untolerated taint nvidia.com/gpu:NoSchedule), so no pod of it is there to schedule:\n' +
      "  kube-scheduler's filters would take its pod: tolerations[6] (added by RuntimeClass admission) {key: \"nvidia.com/gpu\", operator: Exists, effect: NoSchedule}; " +
      "but that toleration is added when a pod is created, and the controller decides from the template's own tolerations and those it adds itself (kubernetes/kubernetes#111590)\n" +
      '  To tolerate it, add to spec.template.spec.tolerations:\n    - key: nvidia.com/gpu\n      operator: Exists\n      effect: NoSchedule');
    expect(daemonSet()).not.toBeSchedulableOn(gpu1);
    expect(daemonSet()).toBeSchedulableOn(cpu1);
  });

  test('the fix it suggests fixes it: with the toleration in the template the controller makes the pod', () => {
    expect(daemonSet(tolerating)).toBeSchedulableOn(gpu1);
    expect(daemonSet(tolerating)).toBeSchedulableOnAllOf([gpu1, gpu2, cpu1]);
  });

  test('a Deployment with the same RuntimeClass is scheduled there: only a DaemonSet has the controller decide per node', () => {
    expect(workload('Deployment')).toBeSchedulableOn(gpu1);
    expect(scheduleOnNode(toSubject(workload('Deployment')), gpu1).noPod).toBeUndefined();
  });

  test('toBeSchedulableOnAllOf fails, the nodes without a pod folded; toBeSchedulableOnAnyOf over them has no FitError to quote', () => {
    const all = failure(() => expect(daemonSet()).toBeSchedulableOnAllOf([gpu1, gpu2, cpu1]));
    expect(all).toContain('Expected DaemonSet gpu/dcgm to be schedulable on all of 3 node(s), but the DaemonSet controller makes no pod for 2 of them (NodeShouldRunDaemonPod):\n' +
      '2 nodes (gpu-1, gpu-2):\n  untolerated taint nvidia.com/gpu:NoSchedule\n');
    expect(all.match(/untolerated taint/g)).toHaveLength(1);
    const any = failure(() => expect(daemonSet()).toBeSchedulableOnAnyOf([gpu1, gpu2]));
    expect(any).toContain('Expected DaemonSet gpu/dcgm to be schedulable on one of 2 node(s), but the DaemonSet controller makes no pod for 2 of them (NodeShouldRunDaemonPod):\n');
    expect(any).not.toContain('kube-scheduler would report');
    expect(daemonSet()).toBeSchedulableOnAnyOf([gpu1, cpu1]);
  });

  test('the engine answers: noPod, in neither feasible nor rejected; no FitError or preemption with no pod left', () => {
    const answer = schedule(toSubject(daemonSet()), [gpu1, cpu1, gpu2]);
    expect(answer.feasible.map((v) => v.node)).toEqual(['cpu-1']);
    expect(answer.rejected).toEqual([]);
    expect(answer.noPod?.map((n) => [n.node, n.why])).toEqual([['gpu-1', 'untolerated taint nvidia.com/gpu:NoSchedule'], ['gpu-2', 'untolerated taint nvidia.com/gpu:NoSchedule']]);
    // scheduleOn's public answer lists every node in feasible or rejected (jkp-matrix.js counts on it): a node the filters
    // would take but the controller makes no pod for is rejected by the DaemonSet controller
    const none = scheduleOn(daemonSet(), [gpu1, gpu2]);
    expect([none.feasible, none.fitError, none.preemption, none.noPod?.length]).toEqual([[], undefined, undefined, 2]);
    expect(none.rejected.map((v) => [v.node, v.status?.plugin, v.status?.details[0]])).toEqual([
      ['gpu-1', 'DaemonSet controller', 'untolerated taint nvidia.com/gpu:NoSchedule'], ['gpu-2', 'DaemonSet controller', 'untolerated taint nvidia.com/gpu:NoSchedule'],
    ]);
    const both = scheduleOn(daemonSet({}), [cpu1, gpu1]);
    expect([both.feasible.map((v) => v.node), both.rejected.map((v) => [v.node, v.status?.plugin]), both.noPod?.map((n) => n.node)]).toEqual([['cpu-1'], [['gpu-1', 'TaintToleration']], ['gpu-1']]);
    expect(rankNodes(daemonSet(), [gpu1, cpu1]).map((s) => s.node)).toEqual(['cpu-1']);
  });

  test("the run report's row and the placement matrix name the controller", () => {
    const result = toBeSchedulableOn.call(ctx, daemonSet(), gpu1);
    expect(result.pass).toBe(false);
    expect(toRecord(ctx, result, result.placement!)).toMatchObject({
      verdict: 'no DaemonSet pod', reason: 'DaemonSet controller: no pod for this node (NodeShouldRunDaemonPod)', detail: 'untolerated taint nvidia.com/gpu:NoSchedule',
    });
    const [row] = placementMatrix([daemonSet()], [gpu1, cpu1], { groupBy: 'kubernetes.io/hostname' }).rows;
    expect(row.cells.map((c) => [c.group, c.accepted, c.reason])).toEqual([
      ['cpu-1', 1, undefined], ['gpu-1', 0, 'DaemonSet controller: no pod for this node (NodeShouldRunDaemonPod)'],
    ]);
  });
});

test('ExtendedResourceToleration: the same (the controller decides before admission adds it)', () => {
  configure({ admission: { extendedResourceToleration: true } });
  const dcgm = daemonSet({ containers: [{ name: 'c', image: 'nvcr.io/dcgm:3', resources: { limits: { 'nvidia.com/gpu': '1' } } }] });
  expect(failure(() => expect(dcgm).toBeSchedulableOn(gpu1))).toContain('(added by ExtendedResourceToleration admission)');
  expect(dcgm).not.toBeSchedulableOnAnyOf([gpu1]);
});

test('a node both reject: the controller first, then the filters\' own rejection and fix', () => {
  const msg = failure(() => expect(daemonSet({})).toBeSchedulableOn(gpu1));
  expect(msg).toContain('but the DaemonSet controller makes no pod for it (NodeShouldRunDaemonPod: untolerated taint nvidia.com/gpu:NoSchedule), so no pod of it is there to schedule:\n' +
    "  kube-scheduler's filters would reject its pod too: TaintToleration: node(s) had untolerated taint(s)\n    taint nvidia.com/gpu:NoSchedule is not tolerated\n");
  expect(msg).toContain('    With it added, every filter accepts this node.');
  // a node the controller picks but the filters reject is kube-scheduler's: its pod is Pending there
  const big = daemonSet({ containers: [{ name: 'c', image: 'nvcr.io/dcgm:3', resources: { requests: { cpu: '8' } } }] });
  expect(failure(() => expect(big).toBeSchedulableOn(cpu1))).toContain('but kube-scheduler would reject it:\n  NodeResourcesFit: Insufficient cpu');
  // the pod for cpu-1 is the one Pending (pinned there): its FitError, not the template's over both nodes
  expect(failure(() => expect(big).toBeSchedulableOnAnyOf([cpu1, gpu1]))).toContain('kube-scheduler would report for its pod for cpu-1:\n' +
    "  0/2 nodes are available: 1 Insufficient cpu, 1 node(s) didn't satisfy plugin(s) [NodeAffinity].");
});

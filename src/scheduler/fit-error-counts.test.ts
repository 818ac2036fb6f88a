// FitError.Error() (pkg/scheduler/framework/types.go): "0/N nodes are available: " and each reason with the number of
// nodes it rejected, sorted. A pod listed among the cluster's own pods is left out of its cluster, which is then built
// for this question alone and filtered node by node: the counts are the same (nodes in a row rejected for one reason
// are counted as a run).
import type { Node, Pod } from '../core/types';
import { configure } from '../core/config';
import { toSubject } from '../k8s/subject';
import { schedule } from '.';

const node = (name: string, spec: object = {}): Node =>
  ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name } }, spec, status: { allocatable: { cpu: '2', memory: '8Gi', pods: '110' } } }) as Node;
const pod = (name: string, nodeName?: string): Pod =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', uid: name }, spec: { containers: [{ name: 'c', image: 'i', resources: { requests: { cpu: '1' } } }], ...(nodeName ? { nodeName } : {}) }, status: { phase: nodeName ? 'Running' : 'Pending' } }) as Pod;

test('the pod among the existing pods: three cordoned nodes in a row and a tainted one, counted', () => {
  configure({ admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } });
  const p = pod('p');
  const nodes = [node('a', { unschedulable: true }), node('b', { unschedulable: true }), node('c', { unschedulable: true }), node('d', { taints: [{ key: 'k', effect: 'NoSchedule' }] })];
  const r = schedule(toSubject(p), nodes, [p, pod('x', 'd')]);
  expect(r.fitError).toBe('0/4 nodes are available: 1 node(s) had untolerated taint(s), 3 node(s) were unschedulable. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling.');
});

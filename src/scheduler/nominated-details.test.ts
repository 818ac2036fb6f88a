// The details a node rejected with pods nominated to it carries (scheduler/index.ts withNominatedPods): kube-scheduler's
// RunFilterPluginsWithNominatedPods (pkg/scheduler/framework/runtime/framework.go) filters the node with the Pending
// pods nominated to it added (for a pod of lower or equal priority), then without them; the details say which pods
// were counted and whether the node would pass without them, in the singular or the plural.
import type { Node, Pod } from '../core/types';
import { toSubject } from '../k8s/subject';
import { configure } from '../core/config';
import { schedule } from '.';

const node = (name: string, cpu: string, spec: object = {}): Node =>
  ({ kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name } }, spec, status: { allocatable: { cpu, memory: '4Gi', pods: '110' } } }) as Node;
interface P { cpu?: string; priority?: number; node?: string; nominated?: string; spec?: object }
const pod = (name: string, o: P = {}): Pod => ({
  kind: 'Pod', metadata: { name, namespace: 'default', uid: name },
  spec: { containers: [{ name: 'c', image: 'i', resources: { requests: { cpu: o.cpu ?? '1' } } }], priority: o.priority ?? 0, ...(o.node ? { nodeName: o.node } : {}), ...o.spec },
  status: { phase: o.node ? 'Running' : 'Pending', ...(o.nominated ? { nominatedNodeName: o.nominated } : {}) },
}) as Pod;

const WHY = 'kube-scheduler counts a Pending pod nominated to a node (status.nominatedNodeName, set when its preemption chose the node) as running there for every pod of lower or equal priority (RunFilterPluginsWithNominatedPods)';
const nominated = (...names: string[]) => names.map((name) => pod(name, { priority: 1000, nominated: 'n' }));

/** The details of node n (`cpu` allocatable, one 1-cpu pod running) for a pod requesting `cpu`, with `pods` nominated. */
function details(cpu: string, request: string, pods: Pod[]): string[] {
  configure({ admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } });
  const r = schedule(toSubject(pod('p', { cpu: request })), [node('n', cpu)], [pod('e', { node: 'n' }), ...pods]);
  expect(r.feasible).toEqual([]);
  return r.rejected[0].status!.details;
}

test.each([
  ['one nominated pod, the node passes without it', '2', '1', ['nom'],
    ['Insufficient cpu: requested 1, allocatable 2, already requested by 2 pod(s) 2, free 0',
      `the node is rejected because of the pod nominated to n: default/nom (priority 1000); ${WHY}. Without it the node would pass`]],
  ['two nominated pods, the node passes without them', '3', '1', ['nom1', 'nom2'],
    ['Insufficient cpu: requested 1, allocatable 3, already requested by 3 pod(s) 3, free 0',
      `the node is rejected because of the pods nominated to n: default/nom1 (priority 1000), default/nom2 (priority 1000); ${WHY}. Without them the node would pass`]],
  ['one nominated pod, the node rejected without it too', '2', '2', ['nom'],
    ['Insufficient cpu: requested 2, allocatable 2, already requested by 2 pod(s) 2, free 0',
      `counted with the pod nominated to n: default/nom (priority 1000) (${WHY}); the node is rejected without it too`]],
  ['two nominated pods, the node rejected without them too', '3', '3', ['nom1', 'nom2'],
    ['Insufficient cpu: requested 3, allocatable 3, already requested by 3 pod(s) 3, free 0',
      `counted with the pods nominated to n: default/nom1 (priority 1000), default/nom2 (priority 1000) (${WHY}); the node is rejected without them too`]],
])('%s', (_name, cpu, request, names, expected) => {
  expect(details(cpu, request, nominated(...names))).toEqual(expected);
});

test('a rejection with the nominated pods counted names them instead of the plugin\'s fix hint ("With it added, …")', () => {
  configure({ admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } });
  const tolerant = { tolerations: [{ operator: 'Exists' }] };
  const tainted = node('n', '2', { taints: [{ key: 'k', value: 'v', effect: 'NoSchedule' }] });
  const r = schedule(toSubject(pod('p')), [tainted], [pod('e', { node: 'n', spec: tolerant }), pod('nom', { priority: 1000, nominated: 'n', spec: tolerant })]);
  const toleration = ['taint k=v:NoSchedule is not tolerated', 'the pod has no tolerations', 'To tolerate it, add to spec.tolerations:', '  - key: k', '    operator: Equal', '    value: v', '    effect: NoSchedule'];
  expect(r.rejected[0].status!.details).toEqual([...toleration, `counted with the pod nominated to n: default/nom (priority 1000) (${WHY}); the node is rejected without it too`]);
  // without a nominated pod the same rejection carries the hint's retry
  const alone = schedule(toSubject(pod('p')), [tainted], [pod('e', { node: 'n', spec: tolerant })]);
  expect(alone.rejected[0].status!.details).toEqual([...toleration, 'With it added, every filter accepts this node.']);
});

test('a nominated pod built in code without metadata is named by its namespace alone', () => {
  configure({ admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } });
  const nameless = pod('x', { priority: 1000, nominated: 'n' });
  delete (nameless as { metadata?: object }).metadata;
  const r = schedule(toSubject(pod('p')), [node('n', '2')], [pod('e', { node: 'n' }), nameless]);
  expect(r.rejected[0].status!.details.at(-1)).toBe(`the node is rejected because of the pod nominated to n: default/ (priority 1000); ${WHY}. Without it the node would pass`);
});

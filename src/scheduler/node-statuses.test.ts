// The PostFilter reads each node's Filter status as upstream's NodeToStatus holds it (by node name; with a name
// repeated, the last node's): DefaultPreemption leaves out the nodes an UnschedulableAndUnresolvable status rejected
// (preemption.go nodesWherePreemptionMightHelp), and its message counts them as "Preemption is not helpful for
// scheduling" (default_preemption_test.go TestPostFilter).
import type { Node, Pod } from '../core/types';
import { configure } from '../core/config';
import { toSubject } from '../k8s/subject';
import { schedule } from '.';

const node = (name: string, labels: Record<string, string> = {}): Node =>
  ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name, ...labels } }, status: { allocatable: { cpu: '2', memory: '8Gi', pods: '110' } } }) as Node;
const pod = (name: string, nodeName: string | undefined, priority: number, cpu: string, extra: object = {}): Pod =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'i', resources: { requests: { cpu } } }], priority, ...(nodeName ? { nodeName } : {}), ...extra }, status: { phase: 'Running' } }) as Pod;
const ssd = { nodeSelector: { disk: 'ssd' } };
const setup = () => configure({ admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } });

test('an Unschedulable node with no victim to take and an UnschedulableAndUnresolvable one, each counted as its status says', () => {
  setup();
  // a: full with a pod of higher priority (no victim); b: no disk=ssd label (the selector rejects it, unresolvable)
  const r = schedule(toSubject(pod('p', undefined, 1000, '1', ssd)), [node('a', { disk: 'ssd' }), node('b')], [pod('ha', 'a', 2000, '2'), pod('lb', 'b', 0, '2')]);
  expect(r.fitError).toBe("0/2 nodes are available: 1 Insufficient cpu, 1 node(s) didn't match Pod's node affinity/selector. preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling.");
});

test('the same with the unresolvable node first', () => {
  setup();
  const r = schedule(toSubject(pod('p', undefined, 1000, '1', ssd)), [node('b'), node('a', { disk: 'ssd' })], [pod('ha', 'a', 2000, '2'), pod('lb', 'b', 0, '2')]);
  expect(r.fitError).toBe("0/2 nodes are available: 1 Insufficient cpu, 1 node(s) didn't match Pod's node affinity/selector. preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling.");
});

test('a node name given twice: both nodes read the last one\'s status, as a map by name holds it', () => {
  setup();
  const resolvableLast = schedule(toSubject(pod('p', undefined, 1000, '1', ssd)), [node('a'), node('a', { disk: 'ssd' })], [pod('la', 'a', 0, '2')]);
  expect(resolvableLast.preemption).toMatchObject({ nominatedNodes: ['a'], candidates: [{ node: 'a', victims: ['default/la'] }] });
  const unresolvableLast = schedule(toSubject(pod('p', undefined, 1000, '1', ssd)), [node('a', { disk: 'ssd' }), node('a')], [pod('la', 'a', 0, '2')]);
  expect(unresolvableLast.fitError).toBe("0/2 nodes are available: 1 Insufficient cpu, 1 node(s) didn't match Pod's node affinity/selector. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.");
});

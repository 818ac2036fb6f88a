// DefaultPreemption through schedule(): upstream's TestPostFilter table (pkg/scheduler/framework/plugins/
// defaultpreemption/default_preemption_test.go, the same cases and messages at v1.33.13–v1.37.2 but for the 1.37
// success message), each case's filteredNodesStatuses made by real filters (a node with room for one pod is
// "Too many pods", Unschedulable; a tainted node UnschedulableAndUnresolvable), and the full FitError.
import type { KubeObject, Node, Pod } from '../../../core/types';
import { configure, resetConfiguration, releaseAtLeast } from '../../../core/config';
import { KUBERNETES_VERSIONS } from '../../../core/releases';
import { toSubject } from '../../../k8s/subject';
import { schedule } from '../..';
import { withProfile } from '../../profile';
import { DefaultPreemption } from '.';

afterEach(() => resetConfiguration());

// default_preemption_test.go's priorities and resources
const lowPriority = 0, midPriority = 100, highPriority = 1000, veryHighPriority = 10000;
type Res = Record<string, string>;
const onePodRes: Res = { pods: '1' };
const nodeRes: Res = { cpu: '200m', memory: '400' };
const largeRes: Res = { cpu: '300m', memory: '300' };

/** st.MakePod().Name(n).UID(n).Namespace("default"): a pod with a uid was created by the API server (its spec.priority stands). */
function pod(name: string, o: { priority?: number; node?: string; req?: Res; labels?: Record<string, string>; startTime?: string } = {}): Pod {
  return {
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name, uid: name, namespace: 'default', ...(o.labels ? { labels: o.labels } : {}) },
    spec: {
      containers: [{ name: 'c', image: 'registry.k8s.io/pause', ...(o.req ? { resources: { requests: o.req } } : {}) }],
      ...(o.node ? { nodeName: o.node } : {}),
      ...(o.priority !== undefined ? { priority: o.priority } : {}),
    },
    ...(o.startTime ? { status: { startTime: o.startTime } } : {}),
  } as Pod;
}

/** st.MakeNode().Name(n).Capacity(res): 32 pods unless the resources say otherwise; `unresolvable` adds a NoSchedule taint. */
function node(name: string, res: Res, unresolvable = false): Node {
  const capacity = { pods: '32', ...res };
  return { apiVersion: 'v1', kind: 'Node', metadata: { name }, spec: unresolvable ? { taints: [{ key: 'x', value: 'y', effect: 'NoSchedule' }] } : {}, status: { capacity, allocatable: capacity } } as Node;
}

const pdb = (name: string, labels: Record<string, string>, disruptionsAllowed?: number): KubeObject =>
  ({ apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name, namespace: 'default' }, spec: { selector: { matchLabels: labels } }, ...(disruptionsAllowed !== undefined ? { status: { disruptionsAllowed } } : {}) }) as KubeObject;

// upstream's TestPostFilter registers DefaultPreemption alone as the PostFilter (no DynamicResources before it)
const run = (incoming: Pod, nodes: Node[], pods: Pod[], pdbs: KubeObject[] = []) =>
  withProfile({ postFilter: [DefaultPreemption] }, () => schedule(toSubject(incoming), nodes, pods, undefined, undefined, undefined, pdbs));

describe.each(KUBERNETES_VERSIONS)('TestPostFilter at %s', (version) => {
  beforeEach(() => configure({ kubernetesVersion: version, admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } }));
  const success = (node: string, victims: number) => (releaseAtLeast('1.37') ? ` preemption: found a potential placement for pod on node ${node}, preempting ${victims} victims` : '');

  test('pod with higher priority can be made schedulable', () => {
    const r = run(pod('p', { priority: highPriority }), [node('node1', onePodRes)], [pod('p1', { node: 'node1' })]);
    expect(r.preemption).toEqual({ message: success('node1', 1).trim(), nominatedNodes: ['node1'], candidates: [{ node: 'node1', victims: ['default/p1'], numPDBViolations: 0 }] });
    expect(r.fitError).toBe(`0/1 nodes are available: 1 Too many pods.${success('node1', 1)}`);
  });

  test('pod with tied priority is still unschedulable', () => {
    const r = run(pod('p'), [node('node1', onePodRes)], [pod('p1', { node: 'node1' })]);
    expect(r.preemption).toEqual({ message: 'preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.', nominatedNodes: [], candidates: [] });
    expect(r.fitError).toBe('0/1 nodes are available: 1 Too many pods. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.');
  });

  test('preemption should respect filteredNodesStatuses (an UnschedulableAndUnresolvable node is not a candidate)', () => {
    const r = run(pod('p', { priority: highPriority }), [node('node1', onePodRes, true)], [pod('p1', { node: 'node1' })]);
    expect(r.fitError).toMatch(/^0\/1 nodes are available: 1 node\(s\) had untolerated taint.*\. preemption: 0\/1 nodes are available: 1 Preemption is not helpful for scheduling\.$/);
  });

  test('pod can be made schedulable on one node', () => {
    const r = run(pod('p', { priority: midPriority }), [node('node1', onePodRes), node('node2', onePodRes)],
      [pod('p1', { priority: highPriority, node: 'node1' }), pod('p2', { priority: lowPriority, node: 'node2' })]);
    expect(r.preemption).toMatchObject({ nominatedNodes: ['node2'], candidates: [{ node: 'node2', victims: ['default/p2'], numPDBViolations: 0 }] });
  });

  test('pod can be made schedulable on minHighestPriority node', () => {
    const violating = { 'is-violating': 'violating' };
    const nonViolating = { 'is-violating': 'non-violating' };
    const r = run(pod('p', { priority: veryHighPriority }), [node('node1', onePodRes), node('node2', onePodRes)], [
      pod('p1', { labels: nonViolating, priority: highPriority, node: 'node1' }),
      pod('p2', { labels: violating, priority: lowPriority, node: 'node1' }),
      pod('p3', { labels: violating, priority: midPriority, node: 'node2' }),
    ], [pdb('violating-pdb', violating), pdb('non-violating-pdb', nonViolating, 2147483647)]);
    expect(r.preemption).toMatchObject({ nominatedNodes: ['node2'] });
    // node1 must lose both pods (it holds 1): p1 (non-violating) and p2 (violating); node2 loses p3 (violating)
    expect((r.preemption as { candidates: unknown }).candidates).toEqual([
      { node: 'node1', victims: ['default/p1', 'default/p2'], numPDBViolations: 1 },
      { node: 'node2', victims: ['default/p3'], numPDBViolations: 1 },
    ]);
  });

  // Upstream's table gives these nodes' statuses as Unschedulable. The real NodeResourcesFit says so at 1.33 only: from
  // 1.34 a request beyond the node's allocatable is UnschedulableAndUnresolvable (fit.go InsufficientResource.Unresolvable),
  // so preemption does not try those nodes. The same nodes with room for the request but for a pod of higher
  // priority (`held`) are Unschedulable at every release: the table's messages.
  const unresolvable = () => !releaseAtLeast('1.34');
  const held = (n: string) => pod(`${n}-held`, { node: n, priority: veryHighPriority, req: { cpu: '200m' } });
  const roomy: Res = { cpu: '400m', memory: '400' };

  test('no candidate nodes found, no enough resource after removing low priority pods', () => {
    const r = run(pod('p', { priority: highPriority, req: largeRes }), [node('node1', nodeRes), node('node2', nodeRes)],
      [pod('p1', { node: 'node1' }), pod('p2', { node: 'node2' })]);
    const message = unresolvable() ? 'preemption: 0/2 nodes are available: 2 Insufficient cpu.' : 'preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.';
    expect(r.preemption).toEqual({ message, nominatedNodes: [], candidates: [] });
    expect(r.fitError).toBe(`0/2 nodes are available: 2 Insufficient cpu. ${message}`);
    const roomier = run(pod('p', { priority: highPriority, req: largeRes }), [node('node1', roomy), node('node2', roomy)],
      [pod('p1', { node: 'node1' }), held('node1'), pod('p2', { node: 'node2' }), held('node2')]);
    expect(roomier.fitError).toBe('0/2 nodes are available: 2 Insufficient cpu. preemption: 0/2 nodes are available: 2 Insufficient cpu.');
  });

  test('no candidate nodes found with mixed reasons, no lower priority pod and no enough CPU resource', () => {
    const r = run(pod('p', { priority: highPriority, req: largeRes }), [node('node1', { ...roomy, ...onePodRes }), node('node2', roomy), node('node3', { ...roomy, ...onePodRes })],
      [pod('p1', { node: 'node1', priority: highPriority }), pod('p2', { node: 'node2' }), held('node2'), pod('p3', { node: 'node3', priority: highPriority })]);
    expect((r.preemption as { message: string }).message).toBe('preemption: 0/3 nodes are available: 1 Insufficient cpu, 2 No preemption victims found for incoming pod.');
  });

  test('no candidate nodes found with mixed reason, 2 UnschedulableAndUnresolvable nodes and 2 nodes don\'t have enough CPU resource', () => {
    const r = run(pod('p', { priority: highPriority, req: largeRes }),
      [node('node1', roomy), node('node2', roomy), node('node3', nodeRes, true), node('node4', nodeRes, true)],
      [pod('p1', { node: 'node1' }), held('node1'), pod('p2', { node: 'node2' }), held('node2')]);
    expect((r.preemption as { message: string }).message).toBe('preemption: 0/4 nodes are available: 2 Insufficient cpu, 2 Preemption is not helpful for scheduling.');
  });
});

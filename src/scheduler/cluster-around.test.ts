// The cluster a pod is filtered in: the snapshot shared while the same nodes, pods, namespaces and storage objects
// are passed again (clusterAround), the Namespace objects of a cluster with no pods, and the pods bound to a node.
// Each test builds its own objects: the snapshots are kept per node array and per first node.
import type { KubeObject, Node, Pod } from '../core/types';
import { toSubject } from '../k8s/subject';
import { podsOnNode, schedule } from '.';
import { scheduleOnNode } from '../engine';

const node = (name: string, labels: Record<string, string> = {}): Node => ({
  apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name, ...labels } },
  status: { allocatable: { cpu: '1', memory: '1Gi', pods: '110' } },
});
const pod = (name: string, cpu: string, nodeName?: string): Pod => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' },
  spec: { ...(nodeName ? { nodeName } : {}), containers: [{ name: 'c', image: 'i', resources: { requests: { cpu } } }] },
});

// NodeResourcesFit (noderesources/fit.go fitsRequest): 600m on a 1-CPU node that runs 600m does not fit.
describe('a node checked among the same nodes again sees the pods passed this time', () => {
  test('pods, then none', () => {
    const n1 = node('n1');
    const nodes = [n1, node('n2')];
    const web = toSubject(pod('web', '600m'));
    const busy = scheduleOnNode(web, n1, { nodes, existingPods: [pod('db', '600m', 'n1')] });
    expect([busy.feasible, busy.status?.reasons]).toEqual([false, ['Insufficient cpu']]);
    expect(scheduleOnNode(web, n1, { nodes }).feasible).toBe(true);
    // and with (empty) namespace and storage lists given, each call its own
    expect(scheduleOnNode(web, n1, { nodes, existingPods: [pod('db', '600m', 'n1')], namespaces: [], storage: [] }).feasible).toBe(false);
    expect(scheduleOnNode(web, n1, { nodes, existingPods: [], namespaces: [], storage: [] }).feasible).toBe(true);
  });

  test('none, then pods, then other pods', () => {
    const n1 = node('n1');
    const nodes = [n1, node('n2')];
    const web = toSubject(pod('web', '600m'));
    expect(scheduleOnNode(web, n1, { nodes }).feasible).toBe(true);
    expect(scheduleOnNode(web, n1, { nodes: [...nodes] }).feasible).toBe(true);
    expect(scheduleOnNode(web, n1, { nodes, existingPods: [pod('db', '600m', 'n1')] }).feasible).toBe(false);
    expect(scheduleOnNode(web, n1, { nodes, existingPods: [pod('db', '600m', 'n2')] }).feasible).toBe(true);
  });
});

// interpodaffinity/filtering.go: PreFilter merges the namespaces its namespaceSelector selects into the term
// (mergeAffinityTermNamespacesIfNotEmpty, from the Namespace lister); satisfyPodAffinity lets the first pod of a
// series that matches its own term in, when no pod matches anywhere (`!podsExist`).
// A pod with a required pod-affinity term to its own kind in the namespaces labelled team=a.
const seriesPod = (): Pod => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'shop', labels: { app: 'web' } },
  spec: {
    containers: [{ name: 'c', image: 'i' }],
    affinity: { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{
      labelSelector: { matchLabels: { app: 'web' } }, namespaceSelector: { matchLabels: { team: 'a' } }, topologyKey: 'kubernetes.io/hostname',
    }] } },
  },
});
const shop = (): KubeObject[] => [{ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop', labels: { team: 'a' } } } as KubeObject];

test('a cluster of nodes alone reads the Namespace objects: the first pod of a series matches its own term through them', () => {
  const web = toSubject(seriesPod());
  expect(schedule(web, [node('n1'), node('n2')], undefined, shop()).feasible.map((v) => v.node)).toEqual(['n1', 'n2']);
  // without them the selector selects no namespace, so the pod does not match its own term
  const alone = schedule(web, [node('n1'), node('n2')]);
  expect(alone.feasible).toEqual([]);
  expect(alone.fitError).toBe("0/2 nodes are available: 2 node(s) didn't match pod affinity rules. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.");
});

test('a node checked among the same nodes again sees the Namespace objects passed this time', () => {
  const web = toSubject(seriesPod());
  const n1 = node('n1');
  const nodes = [n1, node('n2')];
  expect(scheduleOnNode(web, n1, { nodes, namespaces: shop() }).feasible).toBe(true);
  expect(scheduleOnNode(web, n1, { nodes, namespaces: [] }).status?.reasons).toEqual(["node(s) didn't match pod affinity rules"]);
});

// eventhandlers.go assignedPod: `len(pod.Spec.NodeName) != 0`; a pod with no spec at all is on no node either.
test('a pod without a spec is on no node', () => {
  const bare = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'bare' } } as Pod;
  expect(podsOnNode('n1', [bare, pod('db', '1', 'n1'), pod('x', '1', 'n2')])).toMatchObject({ unbound: 1, elsewhere: 1, here: [{ metadata: { name: 'db' } }] });
});

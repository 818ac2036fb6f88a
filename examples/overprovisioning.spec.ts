// Overprovisioning (issue 35): low-priority placeholder pods that a real workload preempts. The placeholders run
// first; the checkout replicas, placed one at a time, preempt them as they need room, and the preempted
// placeholders' ReplicaSet is left with a Pending pod (where an autoscaler would add a node).
import { configure, loadManifests, type KubeObject, type Pod } from 'jest-k8s-placement';

const manifests = loadManifests('overprovisioning/manifests.yaml', { cwd: __dirname });
const nodes = manifests.nodes();
const placeholders = manifests.get('deployment/overprovisioning') as KubeObject;
const checkout = manifests.get('deployment/checkout') as KubeObject;

// the cluster's PriorityClasses: without them the classes' values are unknown and preemption is "not modelled"
beforeEach(() => configure({ priorityClasses: manifests }));

/** The placeholders as they run: one per node, as the ReplicaSet created them (a pod per replica, bound). */
const runningPlaceholders = ['worker-1', 'worker-2'].map((node, i): Pod => {
  const spec = (placeholders as { spec: { template: { spec: Pod['spec'] } } }).spec.template.spec!;
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: `overprovisioning-${i}`, namespace: 'default', labels: { app: 'overprovisioning' } }, spec: { ...spec, nodeName: node } };
});

test('the placeholders fill the nodes: checkout fits nowhere as the nodes are', () => {
  expect(placeholders).toHaveAllReplicasScheduled(nodes);
  expect(checkout).not.toBeSchedulableOnAnyOf(nodes, { existingPods: runningPlaceholders });
});

test('a checkout pod gets a node only by preempting a placeholder', () => {
  expect(checkout).toPreempt({ nodes, existingPods: runningPlaceholders });
  // the two nodes are alike: kube-scheduler may nominate either, so no single victim is certain
  expect(checkout).not.toPreempt(['default/overprovisioning-0'], { nodes, existingPods: runningPlaceholders });
  expect(() => expect(checkout).toPreempt(['default/overprovisioning-0'], { nodes, existingPods: runningPlaceholders }))
    .toThrow('DefaultPreemption would nominate one of 2 nodes');
});

test('every checkout replica is scheduled: the first preempts a placeholder, the second fits the room it freed', () => {
  expect(checkout).toHaveAllReplicasScheduled(nodes, { existingPods: runningPlaceholders });
  expect(() => expect(checkout).not.toHaveAllReplicasScheduled(nodes, { existingPods: runningPlaceholders }))
    .toThrow('all 2 are placed: checkout-0 → worker-1 (by preempting default/overprovisioning-0), checkout-1 → worker-1');
});

test('a placeholder never preempts anything: its class is the lowest', () => {
  expect(placeholders).not.toPreempt({ nodes, existingPods: runningPlaceholders });
});

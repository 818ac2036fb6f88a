// Preemption's dry runs (SelectVictimsOnNode, pkg/scheduler/framework/preemption/preemption.go DryRunPreemption) are
// shared between nodes the Filter plugins read alike and that hold alike pods (scheduler/index.ts alikeShapes) only
// when no other plugin tells them apart: a cluster plugin that reads the cluster (PodTopologySpread here) or a last
// Filter plugin (NodeDeclaredFeatures, 1.37) is run on each node's dry run, so two such nodes get answers of their own.
import type { Node, Pod } from '../core/types';
import { configure } from '../core/config';
import { toSubject } from '../k8s/subject';
import { schedule } from '.';

const node = (name: string, zone: string, declaredFeatures: string[] = []): Node =>
  ({
    apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name, 'topology.kubernetes.io/zone': zone } },
    status: { allocatable: { cpu: '2', memory: '64Gi', pods: '110' }, declaredFeatures },
  }) as Node;
function pod(name: string, nodeName: string | undefined, priority: number, cpu: string, app: string, extra: object = {}): Pod {
  return {
    apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', labels: { app } },
    spec: { containers: [{ name: 'c', image: 'registry.example/app:1', resources: { requests: { cpu } } }], priority, ...(nodeName ? { nodeName } : {}), ...extra },
    status: { phase: 'Running' },
  } as Pod;
}
const setup = () => configure({ kubernetesVersion: '1.37', admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } });

test('PodTopologySpread: of two alike full nodes, only the one in the emptier zone is a candidate', () => {
  setup();
  const spread = { topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'web' } } }] };
  // a1 and b1 alike (2 cpu, one 2-cpu pod of priority 0); zone a already holds a web pod on a2
  const nodes = [node('a1', 'a'), node('b1', 'b'), node('a2', 'a')];
  const pods = [pod('la', 'a1', 0, '2', 'other'), pod('lb', 'b1', 0, '2', 'other'), pod('web-a', 'a2', 2000, '2', 'web')];
  const r = schedule(toSubject(pod('p', undefined, 1000, '1', 'web', spread)), nodes, pods);
  // on a1, zone a would hold 2 web pods against zone b's 0 (skew 2 > maxSkew 1) even with la evicted
  expect(r.preemption).toEqual({
    message: 'preemption: found a potential placement for pod on node b1, preempting 1 victims', nominatedNodes: ['b1'],
    candidates: [{ node: 'b1', victims: ['default/lb'], numPDBViolations: 0 }],
  });
});

test('NodeDeclaredFeatures: of two alike full nodes, only the one that declares the feature is a candidate', () => {
  setup();
  const restartAll = { name: 'c', image: 'registry.example/app:1', resources: { requests: { cpu: '1' } }, restartPolicy: 'Never', restartPolicyRules: [{ action: 'RestartAllContainers', exitCodes: { operator: 'In', values: [42] } }] };
  const nodes = [node('a1', 'a'), node('b1', 'b', ['RestartAllContainersOnContainerExits'])];
  const pods = [pod('la', 'a1', 0, '2', 'other'), pod('lb', 'b1', 0, '2', 'other')];
  const r = schedule(toSubject(pod('p', undefined, 1000, '1', 'web', { containers: [restartAll] })), nodes, pods);
  expect(r.preemption).toEqual({
    message: 'preemption: found a potential placement for pod on node b1, preempting 1 victims', nominatedNodes: ['b1'],
    candidates: [{ node: 'b1', victims: ['default/lb'], numPDBViolations: 0 }],
  });
});

test('a node with a pod nominated to it is dry-run on its own, with that pod counted (RunFilterPluginsWithNominatedPods)', () => {
  setup();
  // three nodes the pod's node affinity reads apart (tier x, y, z), alike otherwise, each full with one 2-cpu pod
  const tiered = (name: string, tier: string): Node => ({ ...node(name, 'a'), metadata: { name, labels: { 'kubernetes.io/hostname': name, tier } } });
  const nodes = [tiered('n1', 'x'), tiered('n2', 'y'), tiered('n3', 'z')];
  const nominated = (name: string, on: string, cpu: string) => ({ ...pod(name, undefined, 2000, cpu, 'other'), status: { phase: 'Pending', nominatedNodeName: on } }) as Pod;
  const pods = [pod('l1', 'n1', 0, '2', 'other'), pod('l2', 'n2', 0, '2', 'other'), pod('l3', 'n3', 0, '2', 'other'), nominated('nom1', 'n1', '2'), nominated('nom3', 'n3', '1')];
  const affinity = { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'tier', operator: 'In', values: ['x', 'y', 'z'] }] }] } } } };
  const r = schedule(toSubject(pod('p', undefined, 1000, '1', 'web', affinity)), nodes, pods);
  // n1: nom1's 2 cpu leave no room even with l1 evicted; n3: nom3's 1 cpu and the pod's 1 fit once l3 is evicted
  expect(r.preemption).toMatchObject({ candidates: [{ node: 'n2', victims: ['default/l2'] }, { node: 'n3', victims: ['default/l3'] }] });
});

// The replica matchers: verdicts and messages.
import type { KubeObject, Node } from '../core/types';
import { failure } from '../../test/fixtures';
import { placeReplicas } from '../placement/place';

const ZONE = 'topology.kubernetes.io/zone';
const node = (name: string, zone: string, cpu = '4', extra: Record<string, unknown> = {}): Node => ({
  apiVersion: 'v1', kind: 'Node',
  metadata: { name, labels: { 'kubernetes.io/hostname': name, [ZONE]: zone, ...((extra.labels as object) ?? {}) } },
  status: { allocatable: { cpu, memory: '8Gi', pods: '110' } },
} as Node);
const nodes = [node('a1', 'zone-a'), node('b1', 'zone-b'), node('c1', 'zone-c')];
function deployment(name: string, replicas: number, spec: Record<string, unknown> = {}, cpu = '1'): KubeObject {
  return {
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name, namespace: 'default' },
    spec: { replicas, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name, image: 'nginx', resources: { requests: { cpu, memory: '1Gi' } } }], ...spec } } },
  } as KubeObject;
}
const awayFrom = (app: string, weight = 100) => ({ affinity: { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight, podAffinityTerm: { topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { app } } } }] } } });

describe('toHaveAllReplicasScheduled', () => {
  test('passes when every replica finds a node; .not says where they went', () => {
    expect(deployment('web', 3)).toHaveAllReplicasScheduled(nodes);
    expect(failure(() => expect(deployment('web', 3)).not.toHaveAllReplicasScheduled(nodes))).toBe(
      'expect(received).not.toHaveAllReplicasScheduled(nodes)\n\n' +
      'Expected Deployment default/web not to have all its replicas scheduled on 3 node(s), but all 3 are placed: web-0 → a1, web-1 → b1, web-2 → c1\n' +
      'Ties: web-0: a1, b1, c1; web-1: b1, c1. kube-scheduler picks any of the best-scored nodes; this library takes the first in the order the nodes were given, so a real cluster may place these replicas elsewhere and the outcome can differ. Picking the last tied node each time instead gives the same verdict.',
    );
  });
  test('lists the pending replicas with kube-scheduler\'s message and where the others went', () => {
    const msg = failure(() => expect(deployment('web', 5, {}, '3')).toHaveAllReplicasScheduled(nodes));
    expect(msg).toContain('Expected Deployment default/web to have all its replicas scheduled on 3 node(s), but 2 of 5 stay Pending:\n' +
      '  web-3 stays Pending: 0/3 nodes are available: 3 Insufficient cpu. preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod.\n' +
      '    3 nodes (a1, b1, c1):\n');
    expect(msg).toContain('  web-4 stays Pending: 0/3 nodes are available: 3 Insufficient cpu. preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod.');
    expect(msg).toContain('Placed: web-0 → a1, web-1 → b1, web-2 → c1');
  });
  test('bad input fails with a clear message, with and without .not', () => {
    expect(failure(() => expect({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'x' } }).toHaveAllReplicasScheduled(nodes))).toContain('expected a Pod or a workload');
    expect(failure(() => expect(deployment('web', 1)).not.toHaveAllReplicasScheduled([]))).toContain('expected at least one node');
    expect(failure(() => expect(deployment('web', 1)).toHaveAllReplicasScheduled(nodes, { existingPod: [] } as never))).toContain('unknown option(s) existingPod');
  });
  test('existing pods take room first', () => {
    const hog = (n: string) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: `hog-${n}` }, spec: { nodeName: n, containers: [{ name: 'h', image: 'h', resources: { requests: { cpu: '4' } } }] } });
    // a1 and b1 are full; c1 (4 cpu) takes one replica of 3 cpu, not two
    expect(deployment('web', 2, {}, '3')).not.toHaveAllReplicasScheduled(nodes, { existingPods: [hog('a1'), hog('b1')] });
    expect(deployment('web', 1, {}, '3')).toHaveAllReplicasScheduled(nodes, { existingPods: [hog('a1'), hog('b1')] });
  });
});

// Issue 31: replicas are the pods the controller creates and the API server defaults (admission/create.ts).
describe('replicas as created: hostNetwork host ports and capacity-only nodes', () => {
  const hostNetwork = (replicas: number) => deployment('agent', replicas, { hostNetwork: true, containers: [{ name: 'agent', image: 'x', ports: [{ containerPort: 8125, protocol: 'UDP' }] }] }, '100m');
  const six = ['a1', 'a2', 'b1', 'b2', 'c1', 'c2'].map((n) => node(n, `zone-${n[0]}`));
  test('8 hostNetwork replicas on 6 nodes: 2 stay Pending on NodePorts (SetDefaults_Pod defaultHostNetworkPorts)', () => {
    expect(hostNetwork(6)).toHaveAllReplicasScheduled(six);
    const msg = failure(() => expect(hostNetwork(8)).toHaveAllReplicasScheduled(six));
    expect(msg).toContain('but 2 of 8 stay Pending:\n' +
      "  agent-6 stays Pending: 0/6 nodes are available: 6 node(s) didn't have free ports for the requested pod ports.");
    expect(msg).toContain("  agent-7 stays Pending: 0/6 nodes are available: 6 node(s) didn't have free ports for the requested pod ports.");
    expect(msg).toContain('hostPort 8125/UDP (hostNetwork: hostPort is containerPort) on 0.0.0.0 collides with Pod default/agent-');
    // the pods placed carry the host port as the API server stores them; the manifest is left as written
    const placed = placeReplicas(hostNetwork(8), six);
    expect(new Set(placed.pods.slice(0, 6).map((p) => p.node))).toEqual(new Set(six.map((n) => n.metadata!.name))); // one per node
    expect(placed.pods.slice(6).map((p) => p.node)).toEqual([undefined, undefined]);
    expect(placed.pods[0].pod.spec!.containers[0].ports).toEqual([{ containerPort: 8125, protocol: 'UDP', hostPort: 8125 }]);
    expect((hostNetwork(1) as { spec: { template: { spec: { containers: Array<{ ports: object[] }> } } } }).spec.template.spec.containers[0].ports).toEqual([{ containerPort: 8125, protocol: 'UDP' }]);
  });
  test('nodes with status.capacity and no allocatable hold what their capacity holds (SetDefaults_NodeStatus)', () => {
    const capacityOnly = (name: string): Node => ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name } }, status: { capacity: { cpu: '4', memory: '8Gi', pods: '110' } } });
    const msg = failure(() => expect(deployment('web', 3, {}, '3')).toHaveAllReplicasScheduled([capacityOnly('x1'), capacityOnly('x2')]));
    expect(msg).toContain('but 1 of 3 stay Pending:\n  web-2 stays Pending: 0/2 nodes are available: 2 Insufficient cpu.');
  });
  test('a StatefulSet’s and a Job’s pods carry the labels their controllers give them (stateful_set_utils.go updateIdentity, job strategy.go generateSelector)', () => {
    const sts = { ...deployment('db', 2), kind: 'StatefulSet', spec: { ...(deployment('db', 2) as { spec: object }).spec, serviceName: 'db' } } as KubeObject;
    expect(placeReplicas(sts, nodes).pods.map((p) => p.pod.metadata!.labels)).toEqual([
      { app: 'db', 'statefulset.kubernetes.io/pod-name': 'db-0', 'apps.kubernetes.io/pod-index': '0' },
      { app: 'db', 'statefulset.kubernetes.io/pod-name': 'db-1', 'apps.kubernetes.io/pod-index': '1' },
    ]);
    // a Job's pods keep apart by the job-name label the API server adds to its template
    const spreadJob = {
      apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'etl', namespace: 'default' },
      spec: { parallelism: 3, completions: 3, template: { spec: { restartPolicy: 'Never', containers: [{ name: 'etl', image: 'x' }], affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [
        { topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { 'batch.kubernetes.io/job-name': 'etl' } } }] } } } } },
    } as KubeObject;
    expect(placeReplicas(spreadJob, nodes.slice(0, 2)).pods.map((p) => p.node ?? 'Pending')).toEqual(['a1', 'b1', 'Pending']);
  });
});

describe('toSpreadReplicasAcross', () => {
  test('6 replicas over 3 zones land 2/2/2', () => {
    expect(deployment('web', 6)).toSpreadReplicasAcross(ZONE, nodes);
  });
  test('a domain-count table when the skew is too large', () => {
    // zone-b's only node has room for one replica, so zone-a takes the other three
    const lopsided = [node('a1', 'zone-a'), node('a2', 'zone-a'), node('b1', 'zone-b', '1')];
    const msg = failure(() => expect(deployment('web', 4)).toSpreadReplicasAcross(ZONE, lopsided, { maxSkew: 1 }));
    expect(msg).toContain('Expected Deployment default/web to spread its replicas across topology.kubernetes.io/zone with maxSkew 1, but the 4 replica(s) land with skew 2:\n' +
      '  topology.kubernetes.io/zone  replicas  nodes\n' +
      '  zone-a                              3  a1 (2), a2 (1)\n' +
      '  zone-b                              1  b1 (1)\n' +
      '  skew 2 (max 3 − min 1) > maxSkew 1');
    expect(deployment('web', 4)).toSpreadReplicasAcross(ZONE, lopsided, { maxSkew: 2 });
  });
  test('pending replicas fail the spread and are listed', () => {
    const msg = failure(() => expect(deployment('web', 4, {}, '3')).toSpreadReplicasAcross(ZONE, nodes));
    expect(msg).toContain('but 1 of 4 replica(s) stay Pending:\n  web-3 stays Pending: 0/3 nodes are available: 3 Insufficient cpu.');
  });
  test('domains are the nodes the template allows; maxSkew is checked', () => {
    const pinned = deployment('web', 2, { nodeSelector: { [ZONE]: 'zone-a' } });
    expect(pinned).toSpreadReplicasAcross(ZONE, nodes);
    expect(() => expect(deployment('web', 1)).toSpreadReplicasAcross(ZONE, nodes, { maxSkew: 0 })).toThrow('maxSkew must be an integer ≥ 1');
    expect(() => expect(deployment('web', 1)).toSpreadReplicasAcross('', nodes)).toThrow('topologyKey must be a node label key');
  });
});

describe('toShareNodesWith', () => {
  test('soft anti-affinity keeps two workloads apart while room lasts', () => {
    const ingress = deployment('ingress', 2, awayFrom('logs'));
    const logs = deployment('logs', 1, awayFrom('ingress'));
    expect(ingress).not.toShareNodesWith(logs, nodes);
  });
  test('names the shared nodes and both orders', () => {
    const a = deployment('a', 3);
    const b = deployment('b', 1);
    const msg = failure(() => expect(a).not.toShareNodesWith(b, nodes));
    expect(msg).toContain('Expected Deployment default/a not to share a node with Deployment default/b, but with Deployment default/a created first 1 node(s) hold pods of both:\n  a1: a-0 and b-0');
    expect(msg).toContain('Where every pod went:\n  Deployment default/a: a-0 → a1, a-1 → b1, a-2 → c1\n  Deployment default/b: b-0 → a1');
  });
  test('says when a tie decides the verdict', () => {
    // web-0 ties on n1 and n2 and takes n1 (first given); the pinned pod then joins it there. Had the scheduler
    // picked n2, and with the pinned pod created first (web-0 then prefers the emptier n2), nothing is shared.
    const two = [node('n1', 'z'), node('n2', 'z')];
    const pinned = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'pinned', namespace: 'default' }, spec: { nodeName: 'n1', containers: [{ name: 'p', image: 'p' }] } };
    const msg = failure(() => expect(deployment('web', 1)).not.toShareNodesWith(pinned, two));
    expect(msg).toContain('but with Deployment default/web created first 1 node(s) hold pods of both:\n  n1: web-0 and pinned');
    expect(msg).toContain('A tie decides this: with the last of the tied nodes picked instead of the first, no node holds pods of both.');
  });
});

// A Pending pod of the dump nominated to a node (status.nominatedNodeName) keeps its room there for replicas of lower
// or equal priority (RunFilterPluginsWithNominatedPods in each replica's cycle), and the Pending replica says why.
test('a nominated pod takes its room from the replicas placed one at a time', () => {
  const small = [node('a1', 'zone-a', '2')];
  const web = deployment('web', 2);
  const nominee = {
    apiVersion: 'v1', kind: 'Pod', metadata: { name: 'agent', namespace: 'kube-system', uid: 'agent' },
    spec: { priority: 1000, containers: [{ name: 'c', image: 'i', resources: { requests: { cpu: '1' } } }] },
    status: { phase: 'Pending', nominatedNodeName: 'a1' },
  } as KubeObject;
  expect(web).toHaveAllReplicasScheduled(small);
  const msg = failure(() => expect(web).toHaveAllReplicasScheduled(small, { existingPods: [nominee] }));
  expect(msg).toContain('but 1 of 2 stay Pending');
  expect(msg).toContain('the node is rejected because of the pod nominated to a1: kube-system/agent (priority 1000)');
});

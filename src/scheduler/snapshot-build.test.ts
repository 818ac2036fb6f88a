// The snapshot snapshotFor builds in one pass over the pods (the kept pods per node, each node's usage, the
// namespaces, the pods with required anti-affinity, those with volumes) is the snapshot buildSnapshot builds from the same pods grouped by
// node, read for read; and a node's usage (NodeInfo.AddPod, pkg/scheduler/framework/types.go: Requested and
// UsedPorts) is the sum of its pods' podUsage whether a pod takes the common pod's fast path or not.
import fc from 'fast-check';
import type { Node, Pod } from '../core/types';
import { ApiServerRefusal } from '../k8s/decode';
import { addResources, nodeUsage, podUsage, type NodeUsage } from './framework';
import { buildSnapshot, groupByNode, podIndex, snapshotFor, type PodRef, type Snapshot } from './snapshot';
import { toSubject } from '../k8s/subject';

const node = (name: string): Node => ({
  apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name } }, status: { allocatable: { cpu: '8', memory: '16Gi', pods: '110' } },
});
const anti = { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'a' } }, topologyKey: 'kubernetes.io/hostname' }] } };

const amount = fc.constantFrom('100m', '1', '250m', '1Gi', '128Mi', '0.5', '9007199254740993', '3');
const requests = fc.dictionary(fc.constantFrom('cpu', 'memory', 'ephemeral-storage', 'example.com/gpu'), amount, { maxKeys: 3 });
const port = fc.record({ containerPort: fc.integer({ min: 1, max: 3 }), hostPort: fc.constantFrom(undefined, 0, 80, 81) }, { requiredKeys: ['containerPort'] });
const container = fc.record({ requests, ports: fc.array(port, { maxLength: 2 }), sidecar: fc.boolean() }).map(({ requests: r, ports, sidecar }) => ({
  name: 'c', image: 'i', ...(sidecar ? { restartPolicy: 'Always' } : {}), resources: { requests: r }, ...(ports.length ? { ports } : {}),
}));
const names = ['n0', 'n1', 'n2', 'n3'];
const podArb = fc.record({
  node: fc.constantFrom(...names, 'elsewhere', ''),
  namespace: fc.constantFrom('default', 'other', 'third'),
  app: fc.constantFrom('a', 'b', undefined),
  anti: fc.boolean(),
  phase: fc.constantFrom(undefined, 'Running', 'Succeeded', 'Failed'),
  hostNetwork: fc.boolean(),
  containers: fc.array(container, { minLength: 1, maxLength: 2 }),
  inits: fc.array(container, { maxLength: 2 }),
  resize: fc.boolean(),
  volumes: fc.constantFrom(undefined, [], [{ name: 'data', persistentVolumeClaim: { claimName: 'c' } }]),
});
const pods = fc.array(podArb, { maxLength: 14 }).map((list) => list.map((p, i): Pod => ({
  apiVersion: 'v1', kind: 'Pod',
  metadata: { name: `p${i}`, namespace: p.namespace, labels: p.app ? { app: p.app } : {} },
  spec: {
    ...(p.node ? { nodeName: p.node } : {}), containers: p.containers, ...(p.inits.length ? { initContainers: p.inits } : {}),
    ...(p.hostNetwork ? { hostNetwork: true } : {}), ...(p.anti ? { affinity: anti } : {}), ...(p.volumes ? { volumes: p.volumes } : {}),
  },
  ...(p.phase || p.resize ? { status: { ...(p.phase ? { phase: p.phase } : {}), ...(p.resize ? { containerStatuses: [{ name: 'c', allocatedResources: { cpu: '2' } }] } : {}) } } : {}),
} as Pod)));
// node names may repeat: each node of a name holds the pods bound to that name
const nodeLists = fc.array(fc.constantFrom(...names), { minLength: 1, maxLength: 5 }).map((list) => list.map(node));

const refs = (list: readonly PodRef[]) => list.map((r) => `${r.pod.metadata!.name}@${r.position}:${r.seq}`);
function reads(snapshot: Snapshot) {
  return {
    nodes: snapshot.nodes.map((n) => ({ name: n.info.name, pods: n.pods.map((p) => p.metadata!.name), usage: n.usage, withVolumes: n.podsWithVolumes?.map((p) => p.metadata!.name) })),
    namespaces: [...snapshot.namespaceLabels],
    anti: refs(podIndex(snapshot).withRequiredAntiAffinity),
    all: refs(podIndex(snapshot).all),
  };
}

/** NodeInfo.AddPod's sum over the pods, each through podUsage (the per-pod path every pod can take). */
function summed(list: readonly Pod[]): NodeUsage {
  const usage: NodeUsage = { pods: 0, requested: { milliCPU: 0, memory: 0, ephemeralStorage: 0, scalars: new Map() }, ports: [] };
  for (const pod of list) {
    if (pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed') continue;
    const used = podUsage(pod);
    usage.pods++;
    addResources(usage.requested, used.requests);
    for (const p of used.hostPorts) usage.ports.push({ ...p, pod: toSubject(pod).label });
  }
  return usage;
}

test('snapshotFor reads as buildSnapshot over the same pods', () => {
  fc.assert(fc.property(nodeLists, pods, (nodes, given) => {
    expect(reads(snapshotFor(nodes, given))).toEqual(reads(buildSnapshot(nodes, groupByNode(given))));
  }), { numRuns: 150 });
});

test('the pod index made from `all` first lists the anti-affinity pods as snapshotFor found them', () => {
  fc.assert(fc.property(nodeLists, pods, (nodes, given) => {
    // a fresh array of the same objects would hit the shared snapshot: a copy of each node gives a new one
    const snapshot = snapshotFor(nodes.map((n) => ({ ...n })), given);
    const all = refs(podIndex(snapshot).all);
    const anti = refs(podIndex(snapshot).withRequiredAntiAffinity);
    expect(anti).toEqual(all.filter((r) => given.find((p) => p.metadata!.name === r.split('@')[0])!.spec!.affinity));
  }), { numRuns: 60 });
});

test("a node's usage is the sum of its pods' podUsage, fast path or not", () => {
  fc.assert(fc.property(pods, (given) => {
    expect(nodeUsage(given)).toEqual(summed(given));
  }), { numRuns: 200 });
});

// The one pass does not work out a usage that throws: a Pod the API server refuses (an undecodable quantity) is
// refused when its node's usage is first read, as buildSnapshot's lazy usage refuses it.
test("an undecodable existing pod is refused when its node's usage is read, not when the snapshot is built", () => {
  const bad: Pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'sb-bad' }, spec: { nodeName: 'n0', containers: [{ name: 'c', image: 'i', resources: { requests: { cpu: 'sb-bogus' } } }] } };
  const snapshot = snapshotFor([node('n0'), node('n1')], [bad]);
  expect(snapshot.nodes[1].usage.pods).toBe(0);
  expect(() => snapshot.nodes[0].usage).toThrow(ApiServerRefusal);
});

test('usages share nothing that is written: a pod\'s scalar requests and host ports stay on its own node', () => {
  const plain: Pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'plain' }, spec: { nodeName: 'n1', containers: [{ name: 'c', image: 'i', resources: { requests: { cpu: '1' } } }] } };
  const gpu: Pod = {
    apiVersion: 'v1', kind: 'Pod', metadata: { name: 'gpu' },
    spec: { nodeName: 'n0', containers: [{ name: 'c', image: 'i', resources: { requests: { 'example.com/gpu': '1' } }, ports: [{ containerPort: 80, hostPort: 80 }] }] },
  };
  const snapshot = snapshotFor([node('n0'), node('n1'), node('n2')], [plain, gpu]);
  const [n0, n1, n2] = snapshot.nodes.map((n) => n.usage);
  expect([...n0.requested.scalars]).toEqual([['example.com/gpu', 1]]);
  expect(n0.ports.map((p) => p.port)).toEqual([80]);
  for (const u of [n1, n2, nodeUsage([plain]), nodeUsage([])]) expect([u.requested.scalars.size, u.ports.length]).toEqual([0, 0]);
});

// The property above draws these arrangements only now and then; written out, every run covers them: a namespace's
// pods out of node order (its first pod in walk order comes later in the list, in a row or not), and namespaces
// only seen on pods, in the order a walk over the nodes meets them.
test('the namespaces as a walk over the nodes meets them, whatever order the pods are given in', () => {
  const pod = (name: string, namespace: string, nodeName: string): Pod =>
    ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace }, spec: { nodeName, containers: [{ name: 'c', image: 'i' }] } }) as Pod;
  const nodes = ['n0', 'n1', 'n2', 'n3'].map(node);
  const given = [pod('a2', 'a', 'n2'), pod('a0', 'a', 'n0'), pod('b1', 'b', 'n1'), pod('c3', 'c', 'n3'), pod('b0', 'b', 'n0'), pod('c2', 'c', 'n2'), pod('d3', 'd', 'n3')];
  const snapshot = snapshotFor(nodes, given);
  expect([...snapshot.namespaceLabels.keys()]).toEqual(['a', 'b', 'c', 'd']);
  expect(snapshot.namespaceLabels.get('c')).toEqual({ 'kubernetes.io/metadata.name': 'c' });
  expect(reads(snapshot)).toEqual(reads(buildSnapshot(nodes, groupByNode(given))));
  // a namespace met again after another's, with a pod later in the list but earlier in the walk than its last
  const again = [pod('a0', 'a', 'n0'), pod('b1', 'b', 'n1'), pod('a2', 'a', 'n2'), pod('a1', 'a', 'n1')];
  expect([...snapshotFor(nodes, again).namespaceLabels.keys()]).toEqual(['a', 'b']);
  // a namespace met again later in the list, not in a row, with a pod earlier in the walk
  const later = [pod('b2', 'b', 'n2'), pod('c1', 'c', 'n1'), pod('a3', 'a', 'n3'), pod('b0', 'b', 'n0')];
  expect([...snapshotFor(nodes, later).namespaceLabels.keys()]).toEqual(['b', 'c', 'a']);
  // a repeated node name: each entry of that name holds the pods bound to it
  const twice = [node('n0'), node('n1'), node('n0')];
  const repeated = snapshotFor(twice, [pod('x', 'a', 'n0'), pod('y', 'b', 'n1')]);
  expect(repeated.nodes.map((n) => n.pods.map((p) => p.metadata!.name))).toEqual([['x'], ['y'], ['x']]);
  expect(repeated.nodes[2].usage).toEqual(repeated.nodes[0].usage);
  expect(reads(repeated)).toEqual(reads(buildSnapshot(twice, groupByNode([pod('x', 'a', 'n0'), pod('y', 'b', 'n1')]))));
});

// Preemption's dry run on a node (postfilter.ts DryRun, upstream's nodeInfo.Snapshot() with RemovePod/AddPodInfo in
// SelectVictimsOnNode): the usage it keeps pod by pod is what NodeInfo would sum over the pods it holds then, and the
// pods keep their order (the victim removed, a reprieved pod last).
import fc from 'fast-check';
import type { Node, Pod } from '../core/types';
import { configure, resetConfiguration } from '../core/config';
import { toSubject } from '../k8s/subject';
import { nodeUsage, podInfo, type NodeUsage } from './framework';
import { buildSnapshot, groupByNode, snapshotFor, type NodeSnapshot } from './snapshot';
import { nodeDryRun, type FilterOnEntry } from './postfilter';
import type { CycleState } from './cycle';

beforeEach(() => configure({ kubernetesVersion: '1.37', admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } }));
afterEach(() => resetConfiguration());

const node: Node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' }, status: { allocatable: { cpu: '64', memory: '256Gi', pods: '110', 'ephemeral-storage': '1Ti' } } } as Node;

interface P { cpu: string; memory: string; storage?: string; hostPort?: boolean; gpu?: boolean; phase?: string; overhead?: boolean }
const podArb: fc.Arbitrary<P> = fc.record({
  cpu: fc.constantFrom('100m', '1', '2500m'),
  memory: fc.constantFrom('128Mi', '1Gi', '3G'),
  storage: fc.option(fc.constantFrom('1Gi', '10G'), { nil: undefined }),
  // pods whose requests are not plain numbers, or that hold host ports: the usage is summed again for them
  hostPort: fc.integer({ min: 0, max: 7 }).map((n) => n === 0),
  gpu: fc.integer({ min: 0, max: 7 }).map((n) => n === 0),
  overhead: fc.integer({ min: 0, max: 7 }).map((n) => n === 0),
  phase: fc.constantFrom('Running', 'Running', 'Running', 'Pending', 'Succeeded'),
});
function pod(name: string, p: P): Pod {
  const requests: Record<string, string> = { cpu: p.cpu, memory: p.memory, ...(p.storage ? { 'ephemeral-storage': p.storage } : {}), ...(p.gpu ? { 'nvidia.com/gpu': '1' } : {}) };
  return {
    apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' },
    spec: {
      nodeName: 'n1', priority: 0, ...(p.overhead ? { overhead: { cpu: '250m' } } : {}),
      containers: [{ name: 'c', image: 'registry.example/app:1', resources: { requests, ...(p.gpu ? { limits: { 'nvidia.com/gpu': '1' } } : {}) }, ...(p.hostPort ? { ports: [{ containerPort: 80, hostPort: 8080 }] } : {}) }],
    },
    status: { phase: p.phase },
  } as Pod;
}

/** What a test compares of a usage: the pod count, the amounts, the scalars and the host ports. */
const seen = (u: NodeUsage) => ({ pods: u.pods, requested: { ...u.requested, scalars: [...u.requested.scalars] }, ports: u.ports.map((p) => [p.ip, p.protocol, p.port]) });

test.each([
  ['a snapshot built for one question (its entries read each pod again)', false],
  ['the shared snapshot (its entries keep each pod\'s numbers)', true],
])('a dry run removing and adding pods one at a time keeps the usage NodeInfo would sum: %s', (_, shared) => {
  fc.assert(fc.property(fc.array(podArb, { minLength: 1, maxLength: 6 }), fc.array(fc.tuple(fc.boolean(), fc.nat(5)), { maxLength: 12 }), (drawn, steps) => {
    const pods = drawn.map((p, i) => pod(`p${i}`, p));
    const snapshot = shared ? snapshotFor([node], pods) : buildSnapshot([node], groupByNode(pods));
    const entry: NodeSnapshot = snapshot.nodes[0];
    const incoming = podInfo(toSubject(pod('incoming', { cpu: '1', memory: '1Gi' })));
    const cycle: CycleState = { snapshot, active: [], narrowedBy: [] };
    let last: NodeSnapshot | undefined;
    const run: FilterOnEntry = (_pod, e) => ((last = e), undefined);
    const dryRun = nodeDryRun(incoming, entry, cycle, run, [], (_p, active) => active);
    const held = [...entry.pods];
    for (const [remove, k] of steps) {
      // removing a pod the copy holds, or adding back one it removed (the dry run only ever adds back its victims)
      const from = remove ? held : entry.pods.filter((p) => !held.includes(p));
      if (from.length === 0) continue;
      const p = from[k % from.length];
      if (remove) {
        dryRun.removePod(p);
        held.splice(held.indexOf(p), 1);
      } else {
        dryRun.addPod(p);
        held.push(p);
      }
      expect(dryRun.filter()).toBeUndefined();
      expect(last!.pods).toEqual(held);
      expect(seen(last!.usage)).toEqual(seen(nodeUsage(held)));
    }
  }), { numRuns: 200 });
});

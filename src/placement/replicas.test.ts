// Properties of placing identical replicas one at a time, over random node pools.
import fc from 'fast-check';
import type { KubeObject, Node } from '../core/types';
import { placeReplicas } from './place';

const pool = fc.array(fc.record({ cpu: fc.integer({ min: 0, max: 8 }), zone: fc.constantFrom('a', 'b', 'c') }), { minLength: 1, maxLength: 8 });
const nodesOf = (specs: Array<{ cpu: number; zone: string }>): Node[] => specs.map((s, i) => ({
  apiVersion: 'v1', kind: 'Node',
  metadata: { name: `n${i}`, labels: { 'kubernetes.io/hostname': `n${i}`, 'topology.kubernetes.io/zone': s.zone } },
  status: { allocatable: { cpu: String(s.cpu), memory: '64Gi', pods: '110' } },
} as Node));
const deployment = (replicas: number, cpu: number): KubeObject => ({
  apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'w', namespace: 'default' },
  spec: { replicas, selector: { matchLabels: { app: 'w' } }, template: { metadata: { labels: { app: 'w' } }, spec: { containers: [{ name: 'w', image: 'w', resources: { requests: { cpu: String(cpu), memory: '1Gi' } } }] } } },
} as KubeObject);

test('identical replicas fill exactly the room there is, never more than a node holds, the same way every time', () => {
  fc.assert(fc.property(pool, fc.integer({ min: 0, max: 20 }), fc.integer({ min: 1, max: 3 }), (specs, replicas, cpu) => {
    const nodes = nodesOf(specs);
    const w = deployment(replicas, cpu);
    const p = placeReplicas(w, nodes);
    expect(p.pods).toHaveLength(replicas);
    const room = specs.reduce((sum, s) => sum + Math.floor(s.cpu / cpu), 0);
    expect(p.pods.filter((x) => x.node)).toHaveLength(Math.min(replicas, room));
    specs.forEach((s, i) => expect(p.pods.filter((x) => x.node === `n${i}`).length * cpu).toBeLessThanOrEqual(s.cpu));
    // a pod that stays Pending has kube-scheduler's message; a placed one none
    p.pods.forEach((x) => expect(x.node ? x.fitError : x.fitError?.startsWith(`0/${nodes.length} nodes are available:`)).toBe(x.node ? undefined : true));
    expect(placeReplicas(w, nodes).pods.map((x) => x.node)).toEqual(p.pods.map((x) => x.node));
  }), { numRuns: 60 });
});

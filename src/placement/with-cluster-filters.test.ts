// Hand-worked placements where the cluster filters (PodTopologySpread, InterPodAffinity) decide.
import type { KubeObject, Node } from '../core/types';
import { placeReplicas } from './place';
import { failure } from '../../test/fixtures';

const ZONE = 'topology.kubernetes.io/zone';
const node = (name: string, zone: string, cpu = '4'): Node => ({
  apiVersion: 'v1', kind: 'Node',
  metadata: { name, labels: { 'kubernetes.io/hostname': name, [ZONE]: zone } },
  status: { allocatable: { cpu, memory: '8Gi', pods: '110' } },
} as Node);

/*
 * DoNotSchedule, maxSkew 1 over 3 zones; a1 and b1 have 4 cpu, c1 only 1; 7 replicas of 1 cpu / 1Gi.
 * The pod has its own constraint, so no system defaults, and its only constraint is DoNotSchedule: PodTopologySpread
 * does not score. Scores: LeastAllocated a1/b1 81 vs c1 43, Balanced 93 vs 56 → a1/b1 first while they pass.
 * r0: all pass → a1 (ties b1). r1: a 1, min 0 → a1 skew 2 > 1 → b1. r2: a1 and b1 skew 2 → c1 alone.
 * r3: min 1 → a1 and b1 skew 1 pass; c1 is full (Insufficient cpu) → a1 (ties b1). r4: a1 skew 2 → b1.
 * r5, r6: a1 and b1 skew 2, c1 full → Pending with both reasons.
 */
test('spread with maxSkew 1 over 3 zones (DoNotSchedule): a small zone caps the others', () => {
  const nodes = [node('a1', 'zone-a'), node('b1', 'zone-b'), node('c1', 'zone-c', '1')];
  const web: KubeObject = {
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' },
    spec: { replicas: 7, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: {
      containers: [{ name: 'web', image: 'nginx', resources: { requests: { cpu: '1', memory: '1Gi' } } }],
      topologySpreadConstraints: [{ maxSkew: 1, topologyKey: ZONE, whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'web' } } }],
    } } },
  } as KubeObject;
  const p = placeReplicas(web, nodes);
  expect(p.pods.map((x) => x.node ?? 'Pending')).toEqual(['a1', 'b1', 'c1', 'a1', 'b1', 'Pending', 'Pending']);
  expect(p.pods[5].fitError).toBe("0/3 nodes are available: 1 Insufficient cpu, 2 node(s) didn't match pod topology spread constraints. preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod.");
  expect(p.pods[0].scores![0].skipped.map((s) => s.plugin)).toContain('PodTopologySpread');
  expect(web).not.toHaveAllReplicasScheduled(nodes);
  expect(failure(() => expect(web).toSpreadReplicasAcross(ZONE, nodes))).toContain('but 2 of 7 replica(s) stay Pending');
});

/*
 * Required hostname anti-affinity against its own pods, 4 members over 3 nodes: pg-0..pg-2 each take a node no member
 * holds yet (the others fail "didn't match pod anti-affinity rules"); pg-3 finds none.
 */
test('required anti-affinity with more replicas than nodes', () => {
  const nodes = ['a', 'b', 'c'].map((n) => node(n, 'z'));
  const pg: KubeObject = {
    apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'pg', namespace: 'db' },
    spec: { replicas: 4, serviceName: 'pg', selector: { matchLabels: { app: 'pg' } }, template: { metadata: { labels: { app: 'pg' } }, spec: {
      containers: [{ name: 'pg', image: 'postgres' }],
      affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { app: 'pg' } } }] } },
    } } },
  } as KubeObject;
  const p = placeReplicas(pg, nodes);
  expect(p.pods.map((x) => [x.name, x.node ?? 'Pending'])).toEqual([['pg-0', 'a'], ['pg-1', 'b'], ['pg-2', 'c'], ['pg-3', 'Pending']]);
  expect(p.pods[3].fitError).toBe("0/3 nodes are available: 3 node(s) didn't match pod anti-affinity rules. preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod.");
  const msg = failure(() => expect(pg).toHaveAllReplicasScheduled(nodes));
  expect(msg).toContain("pg-3 stays Pending: 0/3 nodes are available: 3 node(s) didn't match pod anti-affinity rules.");
  expect(msg).toContain('Placed: pg-0 → a, pg-1 → b, pg-2 → c');
});

test('an add-on kept away from another by required anti-affinity, and namespaces for namespaceSelector', () => {
  const nodes = ['a', 'b'].map((n) => node(n, 'z'));
  const mk = (name: string, namespace: string, replicas: number, spec: object = {}): KubeObject => ({
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name, namespace },
    spec: { replicas, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name, image: name }], ...spec } } },
  } as KubeObject);
  const awayFromLogs = { affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{
    topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { app: 'logs' } }, namespaceSelector: { matchLabels: { team: 'observability' } },
  }] } } };
  const ingress = mk('ingress', 'ingress', 1, awayFromLogs);
  const logs = mk('logs', 'logging', 1);
  const namespaces = [{ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'logging', labels: { team: 'observability' } } }];
  expect(ingress).not.toShareNodesWith(logs, nodes, { namespaces });
  // without the Namespace object the selector matches no namespace, so nothing keeps them apart… and they may meet
  expect(failure(() => expect(mk('ingress', 'ingress', 2, awayFromLogs)).not.toShareNodesWith(logs, nodes))).toContain('hold pods of both');
});

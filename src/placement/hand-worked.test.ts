// Placements of N replicas checked against cases worked out by hand, one scheduling cycle at a time.
import type { KubeObject, Node, Pod } from '../core/types';
import { placeReplicas } from './place';
import { configure } from '../core/config';

// Worked out by hand with v1.35's BalancedAllocation formula (from 1.36 it scores the change in balance, #135573).
configure({ kubernetesVersion: '1.35' });

const ZONE = 'topology.kubernetes.io/zone';
function node(name: string, zone: string, extra: { cpu?: string; memory?: string; unschedulable?: boolean; taints?: object[] } = {}): Node {
  return {
    apiVersion: 'v1', kind: 'Node',
    metadata: { name, labels: { 'kubernetes.io/hostname': name, [ZONE]: zone } },
    spec: { ...(extra.unschedulable ? { unschedulable: true } : {}), ...(extra.taints ? { taints: extra.taints } : {}) } as Node['spec'],
    status: { allocatable: { cpu: extra.cpu ?? '4', memory: extra.memory ?? '8Gi', pods: '110' }, conditions: [{ type: 'Ready', status: 'True' }] } as Node['status'],
  };
}
function deployment(name: string, replicas: number, spec: Record<string, unknown> = {}, requests = { cpu: '1', memory: '1Gi' }): KubeObject {
  return {
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name, namespace: 'default' },
    spec: { replicas, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name, image: 'nginx', resources: { requests } }], ...spec } } },
  } as KubeObject;
}
const where = (w: KubeObject, nodes: Node[], existingPods?: Pod[]) => placeReplicas(w, nodes, { existingPods }).pods.map((p) => p.node ?? 'Pending');

/*
 * Spread, ScheduleAnyway, maxSkew 1 over 3 zones, 2 identical nodes per zone (4 cpu / 8Gi), 6 replicas of 1 cpu / 1Gi.
 * Weights: TaintToleration 3 (100 everywhere), NodeResourcesFit 1, BalancedAllocation 1, PodTopologySpread 2
 * (NodeAffinity and InterPodAffinity skip). Spread weight ln(3 zones + 2) = 1.609; raw = round(count·1.609 + 0);
 * normalised 100·(max + min − raw)/max, all 100 when max is 0.
 * An empty node scores LeastAllocated (75 + 87)/2 = 81 and Balanced int((1 − |.25 − .125|/2)·100) = 93;
 *   a node with one replica 62 and 87.
 * r0: every zone 0 → spread 100 everywhere; all six tie → a1 (first given).
 * r1: zone a 1 → a-nodes raw 2 → 0, others 100 → b1 (ties b1, b2, c1, c2: first).
 * r2: a 1, b 1, c 0 → c-nodes 100 → c1 (tie c1, c2).
 * r3: 1/1/1 → spread 100 everywhere; the empty nodes win on resources → a2 (tie a2, b2, c2).
 * r4: a 2 (raw 3), b 1, c 1 (raw 2) → a 66, b/c 100; b2 and c2 are empty → b2 (tie with c2).
 * r5: a 2, b 2, c 1 → c2.
 */
test('spread with maxSkew 1 over 3 zones (ScheduleAnyway): 2/2/2', () => {
  const nodes = ['a1', 'a2', 'b1', 'b2', 'c1', 'c2'].map((n) => node(n, `zone-${n[0]}`));
  const web = deployment('web', 6, { topologySpreadConstraints: [{ maxSkew: 1, topologyKey: ZONE, whenUnsatisfiable: 'ScheduleAnyway', labelSelector: { matchLabels: { app: 'web' } } }] });
  const p = placeReplicas(web, nodes);
  expect(p.pods.map((x) => x.node)).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'c2']);
  expect(p.pods.map((x) => x.tiedWith)).toEqual([['a2', 'b1', 'b2', 'c1', 'c2'], ['b2', 'c1', 'c2'], ['c2'], ['b2', 'c2'], ['c2'], []]);
  const r4 = p.pods[4].scores!;
  const spread = (n: string) => r4.find((s) => s.node === n)!.plugins.find((x) => x.plugin === 'PodTopologySpread')!;
  expect([spread('a1').raw, spread('b2').raw, spread('a1').score, spread('b2').score]).toEqual([3, 2, 66, 100]);
});

/*
 * Resources running out: a has 4 cpu, b 2 cpu, both 8Gi, both in zone z; replicas ask 1.5 cpu / 1Gi. A Deployment's
 * pods get the system default spreading (hostname maxSkew 3, zone maxSkew 5, selector app=batch).
 * r0: LeastAllocated a (4000−1500)/4000 = 62, mem 87 → 74; b 25, 87 → 56. Balanced a |.375−.125|/2 → 87, b → 68.
 *     Spread: no replica yet → 100 both. a wins.
 * r1: LeastAllocated a cpu 3000/4000 → 25, mem 2Gi/8Gi → 75 → 50; b 25, 87 → 56. Balanced a 75, b 68.
 *     Spread: hostname weight ln(2+2) = 1.386, zone weight ln(1+2) = 1.099 (one zone, count 1):
 *     raw a = round(1.386 + 2 + 1.099 + 4) = 8, b = round(0 + 2 + 1.099 + 4) = 7 → a 100·(8+7−8)/8 = 87, b 100.
 *     a 300 + 50 + 2·87 + 75 = 599, b 300 + 56 + 2·100 + 68 = 624 → b.
 * r2: b would need 3000m of 2000m: Insufficient cpu; a alone fits → a (no scoring with one feasible node).
 * r3: a 4500m > 4000m, b 3000m > 2000m → Pending: 0/2 nodes are available: 2 Insufficient cpu.
 */
test('resources that run out mid-way', () => {
  const nodes = [node('a', 'z', { cpu: '4' }), node('b', 'z', { cpu: '2' })];
  const p = placeReplicas(deployment('batch', 4, {}, { cpu: '1500m', memory: '1Gi' }), nodes);
  expect(p.pods.map((x) => x.node ?? 'Pending')).toEqual(['a', 'b', 'a', 'Pending']);
  expect(p.pods[1].scores!.map((s) => [s.node, s.total])).toEqual([['b', 624], ['a', 599]]);
  expect(p.pods[2].scores).toBeUndefined();
  expect(p.pods[3].fitError).toBe('0/2 nodes are available: 2 Insufficient cpu. no new claims to deallocate, preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod.');
  expect(p.existingPods.filter((x) => x.spec?.nodeName === 'a')).toHaveLength(2);
});

/*
 * Preferred (soft) hostname anti-affinity, 4 replicas over 3 nodes: each placed replica makes its node −100 for the
 * next (InterPodAffinity min-max normalisation: that node 0, the others 100; the system default spreading and
 * LeastAllocated point the same way), so r0..r2 take a, b, c; r3 sees one replica on every node → every plugin
 * scores the three alike → tie → a, the first given.
 */
test('preferred anti-affinity with more replicas than nodes doubles up only when it must', () => {
  const nodes = ['a', 'b', 'c'].map((n) => node(n, 'z'));
  const anti = { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 100, podAffinityTerm: { topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { app: 'db' } } } }] } };
  expect(where(deployment('db', 4, { affinity: anti }), nodes)).toEqual(['a', 'b', 'c', 'a']);
});

/*
 * A DaemonSet over a pool: n1 plain, n2 cordoned (spec.unschedulable), n3 tainted dedicated=batch:NoSchedule, n4
 * labelled for another pool. The controller (NodeShouldRunDaemonPod) skips n3 (untolerated NoSchedule taint) and n4
 * (nodeSelector); it runs on the cordoned n2 because daemon pods tolerate node.kubernetes.io/unschedulable. Each pod
 * is pinned to its node by matchFields, so scoring never moves it.
 */
test('a DaemonSet over a pool with a cordoned and a tainted node', () => {
  const pool = (n: Node, p: string) => ({ ...n, metadata: { ...n.metadata, labels: { ...n.metadata!.labels, pool: p } } });
  const nodes = [
    pool(node('n1', 'z'), 'general'),
    pool(node('n2', 'z', { unschedulable: true }), 'general'),
    pool(node('n3', 'z', { taints: [{ key: 'dedicated', value: 'batch', effect: 'NoSchedule' }] }), 'general'),
    pool(node('n4', 'z'), 'gpu'),
  ];
  const ds = { apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'agent', namespace: 'kube-system' },
    spec: { selector: { matchLabels: { app: 'agent' } }, template: { metadata: { labels: { app: 'agent' } }, spec: { nodeSelector: { pool: 'general' }, containers: [{ name: 'agent', image: 'agent' }] } } } };
  const p = placeReplicas(ds as KubeObject, nodes);
  expect(p.pods.map((x) => [x.name, x.node])).toEqual([['agent-n1', 'n1'], ['agent-n2', 'n2']]);
  // with a toleration for the taint the controller adds n3 too
  const tolerant = { ...ds, spec: { ...ds.spec, template: { ...ds.spec.template, spec: { ...ds.spec.template.spec, tolerations: [{ key: 'dedicated', operator: 'Exists' }] } } } };
  expect(placeReplicas(tolerant as KubeObject, nodes).pods.map((x) => x.node)).toEqual(['n1', 'n2', 'n3']);
});

test('replica counts: StatefulSet ordinals, Job parallelism, CronJob jobTemplate, defaults of 1', () => {
  const nodes = [node('a', 'z')];
  const tpl = { metadata: { labels: { app: 'x' } }, spec: { containers: [{ name: 'x', image: 'x' }], restartPolicy: 'Never' } };
  const sts = { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'pg' }, spec: { replicas: 3, serviceName: 'pg', selector: { matchLabels: { app: 'x' } }, template: tpl } };
  const job = { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'j' }, spec: { parallelism: 4, completions: 2, template: tpl } };
  const cron = { apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'c' }, spec: { schedule: '* * * * *', jobTemplate: { spec: { parallelism: 2, template: tpl } } } };
  const deploy = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { selector: { matchLabels: { app: 'x' } }, template: tpl } };
  const names = (w: object) => placeReplicas(w as KubeObject, nodes).pods.map((p) => p.name);
  expect(names(sts)).toEqual(['pg-0', 'pg-1', 'pg-2']);
  expect(names(job)).toEqual(['j-0', 'j-1']); // min(parallelism 4, completions 2)
  expect(names(cron)).toEqual(['c-0', 'c-1']);
  expect(names(deploy)).toEqual(['d-0']);
  const placed = placeReplicas(sts as KubeObject, nodes).pods[0].pod;
  expect(placed.metadata).toMatchObject({ name: 'pg-0', namespace: 'default', labels: { app: 'x' } });
  expect(placed.spec?.nodeName).toBe('a');
});

test('workloads are placed in the order given; the earlier ones are existing pods for the later', () => {
  const nodes = [node('a', 'z', { cpu: '2' }), node('b', 'z', { cpu: '2' })];
  const big = deployment('big', 2, {}, { cpu: '2', memory: '1Gi' });
  const small = deployment('small', 1, {}, { cpu: '1', memory: '1Gi' });
  const p = placeReplicas([big, small], nodes);
  expect(p.of(big).map((x) => x.node)).toEqual(['a', 'b']);
  expect(p.of(small)[0].fitError).toBe('0/2 nodes are available: 2 Insufficient cpu. no new claims to deallocate, preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod.');
});

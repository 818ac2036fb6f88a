// Placement at cluster scale: one snapshot per placement, updated as each pod is assumed (schedule_one.go assume),
// and only the best few NodeScores kept per pod. Verdicts must be those of a fresh cycle per pod
// (the hand-worked and property suites check them); these tests pin the bookkeeping.
import type { KubeObject, Node, Pod } from '../core/types';
import { placeReplicas, SCORES_KEPT, scheduleOne } from './place';
import { assumePod, buildSnapshot } from '../scheduler/snapshot';
import { podsByNode } from '../scheduler';
import { nodeRequested } from '../scheduler/plugins/noderesources/requests';
import { replicasOf } from './replicas';

const node = (name: string, cpu = '4'): Node => ({
  apiVersion: 'v1', kind: 'Node',
  metadata: { name, labels: { 'kubernetes.io/hostname': name, 'topology.kubernetes.io/zone': `z${name.length % 3}` } },
  spec: {},
  status: { allocatable: { cpu, memory: '8Gi', pods: '110' }, conditions: [{ type: 'Ready', status: 'True' }] } as Node['status'],
});
const web = (replicas: number): KubeObject => ({
  apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' },
  spec: { replicas, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx', resources: { requests: { cpu: '1', memory: '1Gi' } } }] } } },
} as KubeObject);
const bound = (name: string, nodeName: string): Pod => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'other' },
  spec: { nodeName, containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu: '2', memory: '1Gi' } } }] },
});

test('a placement keeps the best SCORES_KEPT NodeScores per pod, best first; tiedWith still names every tied node', () => {
  const nodes = Array.from({ length: 40 }, (_, i) => node(`n${i}`));
  const p = placeReplicas(web(3), nodes);
  for (const x of p.pods) {
    expect(x.feasible).toBe(40);
    expect(x.scores).toHaveLength(SCORES_KEPT);
    expect(x.scores![0].node).toBe(x.node);
    const totals = x.scores!.map((s) => s.total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect(x.scores![0].plugins.map((s) => s.detail).join('\n')).toMatch(/LeastAllocated: cpu \d+m\/4000m/);
  }
  // r0: every node empty and alike → a 40-way tie, the first given wins
  expect(p.pods[0].node).toBe('n0');
  expect(p.pods[0].tiedWith).toHaveLength(39);
});

test('tieBreak last: the chosen node is among the kept scores even when ties fill the first SCORES_KEPT', () => {
  const nodes = Array.from({ length: 40 }, (_, i) => node(`n${i}`));
  const p = placeReplicas(web(1), nodes, { tieBreak: 'last' });
  expect(p.pods[0].node).toBe('n39');
  expect(p.pods[0].scores!.map((s) => s.node)).toContain('n39');
  expect(p.pods[0].scores).toHaveLength(SCORES_KEPT + 1);
});

test('assumePod: the pod joins its node in the snapshot and the node usage is worked out again', () => {
  const nodes = [node('a'), node('b')];
  const snapshot = buildSnapshot(nodes, podsByNode([bound('x', 'a')]));
  expect(snapshot.byName.get('a')!.usage.requested.milliCPU).toBe(2000);
  expect(snapshot.byName.get('b')!.usage.requested.milliCPU).toBe(0);
  assumePod(snapshot, 'b', bound('y', 'b'));
  assumePod(snapshot, 'a', bound('z', 'a'));
  expect(snapshot.byName.get('a')!.pods.map((p) => p.metadata!.name)).toEqual(['x', 'z']);
  expect(snapshot.byName.get('a')!.usage.requested.milliCPU).toBe(4000);
  expect(snapshot.byName.get('b')!.usage.requested.milliCPU).toBe(2000);
  expect(snapshot.byName.get('b')!.memo(nodeRequested).requested.milliCPU).toBe(2000);
  // a node without pods shares no list with another: b's pod is on b only
  expect(buildSnapshot(nodes, new Map()).byName.get('a')!.pods).toEqual([]);
});

test('one snapshot per placement: the cycles see the pods placed before them exactly as a fresh snapshot would', () => {
  const nodes = [node('a', '2'), node('b', '3'), node('c', '2')];
  const existing = [bound('x', 'b')];
  const p = placeReplicas(web(5), nodes, { existingPods: existing });
  // replay: every cycle over a snapshot built from scratch with the pods placed so far
  const placed: Pod[] = [...existing];
  const replicas = replicasOf(web(5), nodes);
  p.pods.forEach((x, i) => {
    const fresh = scheduleOne(replicas[i].pod, nodes, placed);
    expect(fresh.node).toBe(x.node);
    expect(fresh.fitError).toBe(x.fitError);
    expect(fresh.scores?.map((s) => [s.node, s.total])).toEqual(x.scores?.map((s) => [s.node, s.total]));
    if (x.node) placed.push(x.pod);
  });
  expect(p.pods.map((x) => x.node ?? 'Pending')).toEqual(['a', 'c', 'b', 'a', 'c']);
});

// PodTopologySpread Score, edges of scoring.go/common.go that the ported tables leave out, through rankNodes:
// countPodsMatchSelector counts nothing for an empty selector (`{}`), only pods of the pod's namespace, and the system
// defaults (requireAllTopologies false) count a node without the zone label in the domain "" (initPreScoreState and
// PreScore read `node.Labels[key]`, "" when absent). Same in kubernetes v1.33.13–v1.37.2.
import type { TopologySpreadConstraint } from 'kubernetes-types/core/v1';
import type { KubeObject, Node, Pod } from '../../../core/types';
import { rankNodes } from '../../../engine/objects';

const H = 'kubernetes.io/hostname';
const Z = 'topology.kubernetes.io/zone';
const node = (name: string, labels: Record<string, string>): Node => ({
  apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { [H]: name, ...labels } },
  status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } },
});
const running = (name: string, on: string, labels: Record<string, string>, namespace = 'default'): Pod => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace, labels }, spec: { nodeName: on, containers: [{ name: 'c', image: 'x' }] }, status: { phase: 'Running' },
});
const pod = (constraints: TopologySpreadConstraint[]): Pod => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default', labels: { app: 'web' } },
  spec: { containers: [{ name: 'c', image: 'x' }], topologySpreadConstraints: constraints },
});
const soft = (topologyKey: string, labelSelector: object): TopologySpreadConstraint =>
  ({ maxSkew: 1, topologyKey, whenUnsatisfiable: 'ScheduleAnyway', labelSelector }) as TopologySpreadConstraint;

/** PodTopologySpread's raw score and detail per node, in the nodes' order. */
function spread(subject: KubeObject, nodes: Node[], existingPods: Pod[]) {
  const scores = rankNodes(subject, nodes, { existingPods });
  return nodes.map((n) => {
    const p = scores.find((s) => s.node === n.metadata!.name)!.plugins.find((x) => x.plugin === 'PodTopologySpread')!;
    return { raw: p.raw, detail: p.detail };
  });
}

describe('countPodsMatchSelector: an empty labelSelector counts no pod (selector.Empty())', () => {
  const nodes = () => [node('n0', { [Z]: 'a' }), node('n1', { [Z]: 'b' })];
  const pods = () => [running('w1', 'n0', { app: 'web' }), running('w2', 'n0', { app: 'web' })];
  test.each([[H], [Z]])('a ScheduleAnyway constraint on %s with labelSelector {}', (key) => {
    const got = spread(pod([soft(key, {})]), nodes(), pods());
    // every node: 0 pods · weight + (maxSkew − 1) = 0
    expect(got.map((g) => g.raw)).toEqual([0, 0]);
    expect(got[0].detail).toBe(`${key === H ? H : `${Z} a`}: 0 matching (ScheduleAnyway constraints)`);
  });
});

test('a zone constraint counts only the pods in the pod\'s namespace', () => {
  const nodes = [node('n0', { [Z]: 'a' }), node('n1', { [Z]: 'b' })];
  const pods = [running('t1', 'n0', { app: 'web' }, 'team'), running('t2', 'n0', { app: 'web' }, 'team'), running('w1', 'n1', { app: 'web' })];
  const got = spread(pod([soft(Z, { matchLabels: { app: 'web' } })]), nodes, pods);
  expect(got.map((g) => g.detail)).toEqual([`${Z} a: 0 matching (ScheduleAnyway constraints)`, `${Z} b: 1 matching (ScheduleAnyway constraints)`]);
  // zone weight ln(2 + 2): a 0, b round(1.386) = 1
  expect(got.map((g) => g.raw)).toEqual([0, 1]);
});

test('system defaults: a node without the zone label counts in the domain "" of a node labelled zone=""', () => {
  const rs = {
    apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'web', namespace: 'default' },
    spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'x' }] } } },
  } as KubeObject;
  const nodes = [node('n1', { [Z]: '' }), node('n2', {}), node('n3', { [Z]: 'z3' })];
  const pods = Array.from({ length: 10 }, (_, i) => running(`web-${i}`, 'n2', { app: 'web' }));
  const got = spread(rs, nodes, pods);
  // zone domains "" (n1, n2) and z3: weight ln(2 + 2); hostname weight ln(3 + 2); maxSkew 3 and 5 add 2 and 4
  // n1: 0·ln5 + 2 + 10·ln4 + 4 = 19.86 → 20; n2 (no zone label: hostname only): 10·ln5 + 2 = 18.09 → 18; n3: 2 + 4
  expect(got.map((g) => g.raw)).toEqual([20, 18, 6]);
  expect(got[0].detail).toBe(`${H}: 0 matching, ${Z} : 10 matching (system default constraints, selector app=web)`);
});

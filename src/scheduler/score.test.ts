// Scoring (score.ts: the default profile's Score plugins, Σ weight × score as schedule_one.go prioritizeNodes), the
// resource scorers (noderesources/least_allocated.go, balanced_allocation.go as released up to v1.35, so the file pins 1.35), the
// NodeResourcesFit Filter (fit.go fitsRequest) and the PodInfo/NodeInfo preparation (framework.ts) — the parts the
// mutation run found unpinned. Expected numbers are worked out by hand from the upstream formulas cited per test.
import type { Node, Pod } from '../core/types';
import { toSubject } from '../k8s/subject';
import { configure, resetConfiguration } from '../core/config';
import { nodeInfo, nodeUsage, podInfo } from './framework';
import { scoreNodes } from './score';
import { scoreCluster } from './score-cluster';
import { NodeResourcesFit } from './plugins/noderesources/fit';
import { balancedResourceScorer } from './plugins/noderesources/balanced-allocation';
import { leastResourceScorer } from './plugins/noderesources/least-allocated';
import { scheduleMatrix } from './matrix';
import { failure } from '../../test/fixtures';

beforeEach(() => configure({ kubernetesVersion: '1.35', admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } }));
afterEach(() => resetConfiguration());

type Spec = NonNullable<Pod['spec']>;
let seq = 0;
const pod = (spec: Partial<Spec> = {}, nodeName?: string): Pod =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: `p${++seq}`, namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'i' }], ...(nodeName ? { nodeName } : {}), ...spec } });
const requesting = (requests: Record<string, string>, nodeName?: string, limits?: Record<string, string>) =>
  pod({ containers: [{ name: 'c', image: 'i', resources: { requests, ...(limits ? { limits } : {}) } }] }, nodeName);
const sized = (name: string, allocatable: Record<string, string> | undefined, extra: Partial<Node> = {}): Node =>
  ({ apiVersion: 'v1', kind: 'Node', metadata: { name, ...(extra.metadata ?? {}) }, spec: extra.spec ?? {}, ...(allocatable ? { status: { allocatable } } : {}) });
const score = (p: Pod, nodes: Node[], existing?: Pod[]) =>
  scoreNodes(podInfo(toSubject(p)), nodes.map(nodeInfo), existing ? scoreCluster(nodes, existing) : undefined);
const column = (p: Pod, nodes: Node[], plugin: string, existing?: Pod[]) =>
  score(p, nodes, existing).map((s) => s.plugins.find((c) => c.plugin === plugin)?.score ?? 'skipped');
const fit = (p: Pod, node: Node, existing: Pod[] = []) => NodeResourcesFit.filter(podInfo(toSubject(p)), nodeInfo(node), nodeUsage(existing));

// A pod with 500m/512Mi and one preferred term (weight 5, zone=a); n1 (2 cpu, 1Gi, zone a, one PreferNoSchedule
// taint), n2 (4 cpu, 2Gi, zone b).
//   TaintToleration (taint_toleration.go NormalizeScore, reverse over max 1): n1 0, n2 100.
//   NodeAffinity (node_affinity.go NormalizeScore, max 5): n1 100, n2 0.
//   NodeResourcesFit LeastAllocated ((cap − req)·100/cap per resource, averaged, integer division):
//     n1 cpu 1500·100/2000 = 75, memory 512·100/1024 = 50 → 62; n2 cpu 3500·100/4000 = 87, memory 1536·100/2048 = 75 → 81.
//   BalancedAllocation (int((1 − |f_cpu − f_mem|/2)·100)): n1 0.25/0.5 → 87; n2 0.125/0.25 → 93.
//   Totals (default_plugins.go weights 3, 2, 1, 1): n1 0 + 200 + 62 + 87 = 349; n2 300 + 0 + 81 + 93 = 474.
const preferZoneA: Partial<Spec> = {
  affinity: { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 5, preference: { matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] } }] } },
};
const incoming = () => pod({ ...preferZoneA, containers: [{ name: 'c', image: 'i', resources: { requests: { cpu: '500m', memory: '512Mi' } } }] });
const n1 = sized('n1', { cpu: '2', memory: '1Gi', pods: '110' }, { metadata: { name: 'n1', labels: { zone: 'a' } }, spec: { taints: [{ key: 'k', value: 'v', effect: 'PreferNoSchedule' }] } });
const n2 = sized('n2', { cpu: '4', memory: '2Gi', pods: '110' }, { metadata: { name: 'n2', labels: { zone: 'b' } } });
const skippedBoth = [
  { plugin: 'PodTopologySpread', reason: 'no ScheduleAnyway constraint; system defaults need a ReplicaSet/StatefulSet/RC owner' },
  { plugin: 'InterPodAffinity', reason: 'no pod affinity term applies' },
];

describe('scoreNodes: every plugin column, normalised, weighted and summed', () => {
  test('totals are Σ weight × normalised score (prioritizeNodes), with raw scores and the details', () => {
    const [a, b] = score(incoming(), [n1, n2]);
    expect(a).toEqual({
      node: 'n1', total: 349,
      taintToleration: { raw: 1, normalized: 0, untolerated: ['k=v:PreferNoSchedule'] },
      nodeAffinity: { raw: 5, normalized: 100, matchedTerms: [0] },
      plugins: [
        { plugin: 'TaintToleration', weight: 3, score: 0, raw: 1, detail: '1 untolerated PreferNoSchedule taint(s) (k=v:PreferNoSchedule)' },
        { plugin: 'NodeAffinity', weight: 2, score: 100, raw: 5, detail: 'preferred weight 5 from preferredDuringSchedulingIgnoredDuringExecution[0]' },
        { plugin: 'NodeResourcesFit', weight: 1, score: 62, raw: 62, detail: 'LeastAllocated: cpu 500m/2000m, memory 512Mi/1024Mi requested with this pod' },
        { plugin: 'NodeResourcesBalancedAllocation', weight: 1, score: 87, raw: 87, detail: 'cpu 25%, memory 50% of allocatable requested with this pod' },
        { plugin: 'ImageLocality', weight: 1, score: 0, raw: 0, detail: 'the node lists no status.images' },
      ],
      skipped: skippedBoth,
    });
    expect(b).toEqual({
      node: 'n2', total: 474,
      taintToleration: { raw: 0, normalized: 100, untolerated: [] },
      nodeAffinity: { raw: 0, normalized: 0, matchedTerms: [] },
      plugins: [
        { plugin: 'TaintToleration', weight: 3, score: 100, raw: 0, detail: '0 untolerated PreferNoSchedule taint(s)' },
        { plugin: 'NodeAffinity', weight: 2, score: 0, raw: 0, detail: 'preferred weight 0 (no preferred term matches)' },
        { plugin: 'NodeResourcesFit', weight: 1, score: 81, raw: 81, detail: 'LeastAllocated: cpu 500m/4000m, memory 512Mi/2048Mi requested with this pod' },
        { plugin: 'NodeResourcesBalancedAllocation', weight: 1, score: 93, raw: 93, detail: 'cpu 12.5%, memory 25% of allocatable requested with this pod' },
        { plugin: 'ImageLocality', weight: 1, score: 0, raw: 0, detail: 'the node lists no status.images' },
      ],
      skipped: skippedBoth,
    });
  });

  test('the higher total wins toPrefer, and its message spells out each node\'s sum and details', () => {
    expect(incoming()).toPrefer(n2).over(n1);
    const msg = failure(() => expect(incoming()).toPrefer(n1).over(n2));
    expect(msg).toContain('the scores (normalised over these two nodes) are 349 and 474:\n' +
      '  Node n1: 349 = 3 × TaintToleration 0 + 2 × NodeAffinity 100 + 1 × NodeResourcesFit 62 + 1 × NodeResourcesBalancedAllocation 87 + 1 × ImageLocality 0\n' +
      '    TaintToleration: 1 untolerated PreferNoSchedule taint(s) (k=v:PreferNoSchedule)\n' +
      '    NodeAffinity: preferred weight 5 from preferredDuringSchedulingIgnoredDuringExecution[0]\n' +
      '    NodeResourcesFit: LeastAllocated: cpu 500m/2000m, memory 512Mi/1024Mi requested with this pod\n' +
      '    NodeResourcesBalancedAllocation: cpu 25%, memory 50% of allocatable requested with this pod\n' +
      '    ImageLocality: the node lists no status.images\n' +
      '  Node n2: 474 = ');
    expect(msg).toContain('Skipped (PreScore): PodTopologySpread (no ScheduleAnyway constraint; system defaults need a ReplicaSet/StatefulSet/RC owner); InterPodAffinity (no pod affinity term applies)');
  });

  // node_affinity.go PreScore returns Skip without preferred terms; balanced_allocation.go PreScore Skips a pod
  // requesting no cpu and no memory. ImageLocality has no PreScore: it always scores.
  test('NodeAffinity and BalancedAllocation Skip at PreScore: no column, listed as skipped', () => {
    const [s] = score(pod(), [n2]);
    expect(s.plugins.map((p) => p.plugin)).toEqual(['TaintToleration', 'NodeResourcesFit', 'ImageLocality']);
    expect(s.skipped).toEqual([
      { plugin: 'NodeAffinity', reason: 'no preferred node affinity' },
      ...skippedBoth,
      { plugin: 'NodeResourcesBalancedAllocation', reason: 'best-effort pod' },
    ]);
  });

  test('a cpu-only request is not best-effort: BalancedAllocation scores (cpu 1/4, memory 0 → int((1 − 0.125)·100) = 87)', () => {
    expect(column(requesting({ cpu: '1' }), [n2], 'NodeResourcesBalancedAllocation')).toEqual([87]);
  });

  test('memory that is not a whole number of Mi is printed in bytes', () => {
    const [s] = score(requesting({ cpu: '1', memory: '1000' }), [sized('odd', { cpu: '4', memory: '1000000', pods: '10' })]);
    expect(s.plugins.find((p) => p.plugin === 'NodeResourcesFit')?.detail).toBe('LeastAllocated: cpu 1000m/4000m, memory 1000/1000000 requested with this pod');
  });

  test('a node declaring no cpu/memory allocatable: LeastAllocated 0 (weightSum 0), BalancedAllocation 100 (no fraction)', () => {
    const [none, podsOnly, memOnly] = score(requesting({ cpu: '500m', memory: '512Mi' }), [
      sized('none', undefined), sized('pods-only', { pods: '10' }), sized('mem-only', { memory: '1Gi', pods: '10' })]);
    for (const s of [none, podsOnly]) {
      expect(s.plugins.find((p) => p.plugin === 'NodeResourcesFit')).toMatchObject({ score: 0, detail: 'LeastAllocated: the node declares no cpu/memory allocatable (scores 0)' });
      expect(s.plugins.find((p) => p.plugin === 'NodeResourcesBalancedAllocation')?.score).toBe(100);
    }
    // cpu allocatable 0 is left out of the weight sum (leastResourceScorer `if allocable[i] == 0 { continue }`): memory 50
    expect(memOnly.plugins.find((p) => p.plugin === 'NodeResourcesFit')).toMatchObject({ score: 50, detail: 'LeastAllocated: cpu 500m/0m, memory 512Mi/1024Mi requested with this pod' });
    // and out of the fractions (balancedResourceScorer): one fraction, std 0
    expect(memOnly.plugins.find((p) => p.plugin === 'NodeResourcesBalancedAllocation')?.score).toBe(100);
  });

  test('several untolerated taints and several matched preferred terms are listed comma-separated', () => {
    const tainted = sized('t', { cpu: '4', memory: '2Gi', pods: '110' }, { metadata: { name: 't', labels: { zone: 'a', disk: 'ssd' } }, spec: { taints: [
      { key: 'a', value: '1', effect: 'PreferNoSchedule' }, { key: 'b', effect: 'PreferNoSchedule' }] } });
    const p = pod({ affinity: { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [
      { weight: 5, preference: { matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] } },
      { weight: 3, preference: { matchExpressions: [{ key: 'disk', operator: 'Exists' }] } }] } } });
    const [s] = score(p, [tainted]);
    expect(s.plugins.find((c) => c.plugin === 'TaintToleration')?.detail).toBe('2 untolerated PreferNoSchedule taint(s) (a=1:PreferNoSchedule, b:PreferNoSchedule)');
    expect(s.plugins.find((c) => c.plugin === 'NodeAffinity')?.detail).toBe('preferred weight 8 from preferredDuringSchedulingIgnoredDuringExecution[0, 1]');
  });

  test('a node declaring cpu but no memory is scored on cpu alone (50), with both figures in the detail', () => {
    const [s] = score(requesting({ cpu: '2', memory: '512Mi' }), [sized('cpu-only', { cpu: '4', pods: '10' })]);
    expect(s.plugins.find((p) => p.plugin === 'NodeResourcesFit')).toMatchObject({ score: 50, detail: 'LeastAllocated: cpu 2000m/4000m, memory 512Mi/0Mi requested with this pod' });
  });

  test('a memory-only request is not best-effort either: BalancedAllocation scores (memory 1Gi/2Gi, cpu 0 → 75)', () => {
    expect(column(requesting({ memory: '1Gi' }), [n2], 'NodeResourcesBalancedAllocation')).toEqual([75]);
  });

  test('InterPodAffinity column: the preferred (anti-)affinity sum', () => {
    const web = sized('web', { cpu: '4', memory: '2Gi', pods: '110' }, { metadata: { name: 'web', labels: { 'kubernetes.io/hostname': 'web' } } });
    const other = sized('other', { cpu: '4', memory: '2Gi', pods: '110' }, { metadata: { name: 'other', labels: { 'kubernetes.io/hostname': 'other' } } });
    const existing = { ...pod({}, 'web'), metadata: { name: 'db', namespace: 'default', labels: { app: 'db' } } } as Pod;
    const p = pod({ affinity: { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 7, podAffinityTerm: { labelSelector: { matchLabels: { app: 'db' } }, topologyKey: 'kubernetes.io/hostname' } }] } } });
    const [a, b] = score(p, [web, other], [existing]);
    expect(a.plugins.find((c) => c.plugin === 'InterPodAffinity')).toEqual({ plugin: 'InterPodAffinity', weight: 2, score: 100, raw: 7, detail: 'preferred (anti-)affinity sum 7' });
    expect(b.plugins.find((c) => c.plugin === 'InterPodAffinity')).toEqual({ plugin: 'InterPodAffinity', weight: 2, score: 0, raw: 0, detail: 'preferred (anti-)affinity sum 0' });
  });

  test('PodTopologySpread column has a detail string', () => {
    const z = (name: string, zone: string) => sized(name, { cpu: '4', memory: '2Gi', pods: '110' }, { metadata: { name, labels: { zone } } });
    const existing = { ...pod({}, 'a'), metadata: { name: 'w', namespace: 'default', labels: { app: 'w' } } } as Pod;
    const p = { ...pod({ topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'ScheduleAnyway', labelSelector: { matchLabels: { app: 'w' } } }] }), metadata: { name: 'w2', namespace: 'default', labels: { app: 'w' } } } as Pod;
    const [a, b] = score(p, [z('a', 'za'), z('b', 'zb')], [existing]);
    const col = (s: typeof a) => s.plugins.find((c) => c.plugin === 'PodTopologySpread')!;
    expect([col(a).raw, col(b).raw]).toEqual([1, 0]);
    expect(typeof col(a).detail).toBe('string');
    expect(col(a).detail).toMatch(/1/);
  });
});

// pkg/scheduler/framework/plugins/noderesources/least_allocated.go leastRequestedScore / leastResourceScorer.
describe('LeastAllocated', () => {
  test('a resource requested beyond capacity scores 0 for that resource, not below (node overcommitted by bound pods)', () => {
    // cpu 3 + 2 > 4 → 0; memory explicit 0 of 10000 → 100; (0 + 100) / 2 = 50
    const node = sized('n', { cpu: '4', memory: '10000', pods: '10' });
    expect(column(requesting({ cpu: '2', memory: '0' }), [node], 'NodeResourcesFit', [requesting({ cpu: '3', memory: '0' }, 'n')])).toEqual([50]);
  });
  test('requests copied from limits count as the request, not the 100m/200Mi non-zero default', () => {
    // cpu limit 2 (no request) on 4 cores → 50; memory limit 1Gi on 2Gi → 50
    const node = sized('n', { cpu: '4', memory: '2Gi', pods: '10' });
    const p = pod({ containers: [{ name: 'c', image: 'i', resources: { limits: { cpu: '2', memory: '1Gi' } } }] });
    expect(score(p, [node])[0].plugins.find((c) => c.plugin === 'NodeResourcesFit')).toMatchObject({ score: 50, detail: 'LeastAllocated: cpu 2000m/4000m, memory 1024Mi/2048Mi requested with this pod' });
  });
  // least_allocated_test.go TestLeastAllocatedScoringStrategy "nothing scheduled, nothing requested": MakePod() has
  // no containers, so no non-zero default applies and both nodes score 100
  test('a pod without containers requests nothing (no non-zero default)', () => {
    const bare = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'bare', namespace: 'default' }, spec: {} } as Pod;
    expect(column(bare, [sized('node1', { cpu: '4000', memory: '10000', pods: '110' }), sized('node2', { cpu: '4000', memory: '10000', pods: '110' })], 'NodeResourcesFit')).toEqual([100, 100]);
  });
  // A cluster view a caller builds (ScoreCluster, no snapshot's byName): each node's pods are the view's entry for
  // that node, and a node the view does not list has none (NodeInfo of a node without pods).
  //   nA: 2 cpu, 1Gi, a bound pod of 1 cpu/256Mi: cpu (2000 − 1500)·100/2000 = 25, memory (1024 − 768)·100/1024 = 25 → 25
  //   nB: not in the view: cpu (2000 − 500)·100/2000 = 75, memory (1024 − 512)·100/1024 = 50 → 62
  test('a cluster view without byName: pods by node name, none for a node it does not list', () => {
    const nA = sized('viewA', { cpu: '2', memory: '1Gi', pods: '110' });
    const nB = sized('viewB', { cpu: '2', memory: '1Gi', pods: '110' });
    const bound = requesting({ cpu: '1', memory: '256Mi' }, 'viewA');
    const view = { nodes: [{ info: nodeInfo(nA), pods: [bound] }], namespaceLabels: new Map() };
    const p = requesting({ cpu: '500m', memory: '512Mi' });
    const scores = scoreNodes(podInfo(toSubject(p)), [nodeInfo(nA), nodeInfo(nB)], view);
    expect(scores.map((s) => s.plugins.find((c) => c.plugin === 'NodeResourcesFit')?.score)).toEqual([25, 62]);
  });
  test('leastResourceScorer skips resources with allocatable 0', () => {
    expect(leastResourceScorer([500, 500], [0, 1000])).toBe(50);
  });
});

// balanced_allocation.go balancedResourceScorer: fractions of the resources with allocatable > 0, capped at 1;
// std = |f1 − f2|/2 for two, the population standard deviation for more (NodeResourcesBalancedAllocationArgs with
// scalar resources, as in balanced_allocation_test.go's "include scalar resource" cases).
describe('balancedResourceScorer', () => {
  test('three resources: population standard deviation', () => {
    // fractions 0.5, 0.25, 0.75: mean 0.5, variance 0.125/3, std 0.2041 → int(79.58) = 79
    expect(balancedResourceScorer([50, 25, 75], [100, 100, 100])).toBe(79);
    // fractions 0.1, 0.2, 0.6: mean 0.3, variance (0.04 + 0.01 + 0.09)/3, std 0.216 → 78
    expect(balancedResourceScorer([1, 2, 6], [10, 10, 10])).toBe(78);
  });
  test('resources with allocatable 0 are left out; fewer than two fractions is perfectly balanced', () => {
    expect(balancedResourceScorer([500, 250], [0, 1000])).toBe(100);
    expect(balancedResourceScorer([500, 250], [0, 0])).toBe(100);
    expect(balancedResourceScorer([300, 100], [200, 100])).toBe(100); // both capped at 1
  });
});

// fit.go fitsRequest: insufficient when podRequest > allocatable − requested, unresolvable when podRequest >
// allocatable; Filter returns UnschedulableAndUnresolvable when any insufficient resource is unresolvable.
describe('NodeResourcesFit Filter', () => {
  test('an unresolvable extended resource makes the status UnschedulableAndUnresolvable, even beside a resolvable one', () => {
    const node = sized('n1', { cpu: '2', 'example.com/foo': '1', pods: '10' });
    const s = fit(requesting({ cpu: '2', 'example.com/foo': '2' }), node, [requesting({ cpu: '1' }, 'n1')]);
    expect(s).toMatchObject({ code: 'UnschedulableAndUnresolvable', reasons: ['Insufficient cpu', 'Insufficient example.com/foo'] });
    const only = fit(requesting({ 'example.com/foo': '2' }), node);
    expect(only).toMatchObject({ code: 'UnschedulableAndUnresolvable', reasons: ['Insufficient example.com/foo'] });
    const resolvable = fit(requesting({ 'example.com/foo': '1' }), node, [requesting({ 'example.com/foo': '1' }, 'n1')]);
    expect(resolvable).toMatchObject({ code: 'Unschedulable', reasons: ['Insufficient example.com/foo'] });
  });
  test('Too many pods beside an extended resource: only when existing + 1 exceeds allocatable pods', () => {
    const full = sized('n1', { 'example.com/foo': '1', pods: '1' });
    expect(fit(requesting({ 'example.com/foo': '2' }), full, [pod({}, 'n1')])?.reasons).toEqual(['Too many pods', 'Insufficient example.com/foo']);
    const room = sized('n1', { 'example.com/foo': '1', pods: '2' });
    expect(fit(requesting({ 'example.com/foo': '2' }), room, [pod({}, 'n1')])?.reasons).toEqual(['Insufficient example.com/foo']);
  });
  test('the details name Too many pods only when the pod count is exceeded', () => {
    const room = sized('n1', { cpu: '1', pods: '2' });
    expect(fit(requesting({ cpu: '2' }), room, [pod({}, 'n1')])?.details).toEqual(['Insufficient cpu: requested 2, allocatable 1, already requested by 1 pod(s) 0, free 1']);
  });
  test('a fractional byte quantity rounds up as Quantity.Value() (1.5 → 2 bytes)', () => {
    const node = sized('n1', { memory: '1', pods: '10' });
    expect(fit(requesting({ memory: '1.5' }), node)?.reasons).toEqual(['Insufficient memory']);
    expect(fit(requesting({ memory: '0.5' }), node)).toBeUndefined();
  });

  // Amounts beyond 2^53 are compared exactly (int64 in Go): 2^53 + 1 is not a float64.
  const big = (n: bigint, unit: string) => `${n}${unit}`;
  const P53 = 2n ** 53n;
  describe.each([
    ['cpu', 'm'],
    ['memory', ''],
    ['ephemeral-storage', ''],
  ] as const)('%s beyond 2^53', (resource, unit) => {
    const node = (amount: bigint) => sized('n1', { [resource]: big(amount, unit), pods: '10' });
    const req = (amount: bigint, nodeName?: string) => requesting({ [resource]: big(amount, unit) }, nodeName);
    test('free = allocatable − requested, exactly', () => {
      // allocatable 2^53 + 1, used 2^53 − 1: free 2 exactly (1 as float64)
      expect(fit(req(2n), node(P53 + 1n), [req(P53 - 1n, 'n1')])).toBeUndefined();
      expect(fit(req(3n), node(P53 + 1n), [req(P53 - 1n, 'n1')])).toMatchObject({ code: 'Unschedulable', reasons: [`Insufficient ${resource}`] });
    });
    test('the used amount is summed exactly (2^53 + 1)', () => {
      // allocatable 2^53 + 2, used 2^53 + 1 by two pods: free 1
      expect(fit(req(1n), node(P53 + 2n), [req(P53, 'n1'), req(1n, 'n1')])).toBeUndefined();
      expect(fit(req(2n), node(P53 + 2n), [req(P53, 'n1'), req(1n, 'n1')])).toMatchObject({ code: 'Unschedulable' });
    });
    test('more than allocatable is unresolvable, exactly', () => {
      expect(fit(req(P53 + 1n), node(P53))).toMatchObject({ code: 'UnschedulableAndUnresolvable', reasons: [`Insufficient ${resource}`] });
      // equal to allocatable but 1 already used: insufficient, resolvable
      expect(fit(req(P53 + 1n), node(P53 + 1n), [req(1n, 'n1')])).toMatchObject({ code: 'Unschedulable', reasons: [`Insufficient ${resource}`] });
      expect(fit(req(P53 + 1n), node(P53 + 1n))).toBeUndefined();
    });
  });
});

describe('NodeInfo preparation: allocatable read per node', () => {
  test('a node after one with an empty or a different allocatable reads its own', () => {
    const empty = nodeInfo(sized('e', {}));
    expect(empty.allocatable).toMatchObject({ milliCPU: 0, memory: 0, pods: 0 });
    expect(nodeInfo(sized('c', { cpu: '1', pods: '10' })).allocatable).toMatchObject({ milliCPU: 1000, pods: 10 });
    expect(nodeInfo(sized('c4', { cpu: '4' })).allocatable).toMatchObject({ milliCPU: 4000, memory: 0 });
    expect(nodeInfo(sized('m4', { memory: '4' })).allocatable).toMatchObject({ milliCPU: 0, memory: 4 });
    expect(nodeInfo(sized('c2', { cpu: '2', pods: '10' })).allocatable).toMatchObject({ milliCPU: 2000, pods: 10 });
    expect(nodeInfo(sized('c3', { cpu: '3', pods: '10' })).allocatable).toMatchObject({ milliCPU: 3000, pods: 10 });
  });
});

describe('a Filter status as JSON carries its details', () => {
  test('JSON.stringify shows plugin, code, reasons and details', () => {
    const s = fit(requesting({ cpu: '2' }), sized('n1', { cpu: '1', pods: '10' }));
    expect(JSON.parse(JSON.stringify(s))).toEqual({
      plugin: 'NodeResourcesFit', code: 'UnschedulableAndUnresolvable', reasons: ['Insufficient cpu'],
      details: ['Insufficient cpu: requested 2, allocatable 1, already requested by 0 pod(s) 0, free 1'],
    });
  });
});

// NodeResourcesFit reads the node's usage (NodeInfo.Requested, pod count): two nodes of the same allocatable but
// different bound pods must not share a verdict in scheduleMatrix's node shapes.
describe('scheduleMatrix: NodeResourcesFit depends on what is bound to the node', () => {
  test('the full node rejects, its twin with room accepts', () => {
    const twins = [sized('full', { cpu: '1', memory: '1Gi', pods: '10' }), sized('free', { cpu: '1', memory: '1Gi', pods: '10' })];
    const m = scheduleMatrix([requesting({ cpu: '500m' })], twins, { existingPods: [requesting({ cpu: '1' }, 'full')] });
    expect([m.plugins[m.code(0, 0)], m.plugins[m.code(0, 1)]]).toEqual(['NodeResourcesFit', 'Feasible']);
  });
});

// PodTopologySpread Filter and Score called through the engine (schedule(), preFilterState, the scoring functions),
// without the matchers. Tables from pkg/scheduler/framework/plugins/podtopologyspread/filtering_test.go
// (TestPreFilterState; TestSingleConstraint and TestMultipleConstraints shared with the plugin's matcher tests in
// test/cluster/podtopologyspread-filtering.cases.ts) and scoring_test.go; the rules they pin are
// filtering.go calPreFilterState/minMatchNum/Filter and common.go. Every filter runs here, so where upstream notes
// "in real case, it's false" the row expects the plugin that rejects the node in a real cluster.
import type { Node, Pod } from '../../../core/types';
import { toSubject } from '../../../k8s/subject';
import { podInfo } from '../../framework';
import { buildSnapshot } from '../../snapshot';
import { podsByNode, schedule } from '../../index';
import { minMatch, preFilterState, PodTopologySpreadError, PodTopologySpread } from '.';
import { explainPass, filter } from './filter';
import { defaultSelectorOf, describeCounts, preScore, score, softConstraints } from './scoring';
import { scoreNodes } from '../../score';
import { nodeInfo } from '../../framework';
import { scoreCluster } from '../../score-cluster';
import { formatSelector } from '../../../k8s/label-selector';
import { barSelector, fooSelector, makeNode, makePod, podsOn, spread } from '../../../../test/cluster/builders';
import {
  LABEL, SKEW, foo, fooBar, fourNodes, multipleConstraints, nodeOnly, p, singleConstraint, unschedulableTaint, zoneNode,
} from '../../../../test/cluster/podtopologyspread-filtering.cases';

const nodeIn = (key: string, operator: string, values: string[]) =>
  ({ requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key, operator, values }] }] } });

function verdicts(pod: Pod, nodes: Node[], existing: Pod[]): Record<string, string> {
  const result = schedule(toSubject(pod), nodes, existing);
  return Object.fromEntries(nodes.map((n) => {
    const name = n.metadata!.name!;
    const status = result.rejected.find((v) => v.node === name)?.status;
    const got = !status ? 'ok'
      : status.plugin !== 'PodTopologySpread' ? status.plugin
        : status.reasons.length === 1 && status.reasons[0] === LABEL && status.code === 'UnschedulableAndUnresolvable' ? 'label'
          : status.reasons.length === 1 && status.reasons[0] === SKEW && status.code === 'Unschedulable' ? 'skew' : `${status.code}: ${status.reasons}`;
    return [name, got];
  }));
}

describe('PodTopologySpread Filter through schedule() (filtering_test.go TestSingleConstraint)', () => {
  test.each(singleConstraint)('%s', (_n, pod, nodes, existing, want) => expect(verdicts(pod, nodes, existing)).toEqual(want));
});
describe('PodTopologySpread Filter through schedule() (filtering_test.go TestMultipleConstraints)', () => {
  test.each(multipleConstraints)('%s', (_n, pod, nodes, existing, want) => expect(verdicts(pod, nodes, existing)).toEqual(want));
});

function state(pod: Pod, nodes: Node[], existing: Pod[]) {
  return preFilterState(podInfo(toSubject(pod)), buildSnapshot(nodes, podsByNode(existing)));
}
const countsOf = (pod: Pod, nodes: Node[], existing: Pod[]) => state(pod, nodes, existing)!.counts.map((m) => Object.fromEntries(m));

// filtering_test.go TestPreFilterState: TpValueToMatchNum per constraint, and the minimum (CriticalPaths[i][0]).
describe('PodTopologySpread PreFilter state (filtering_test.go TestPreFilterState)', () => {
  const fivePods = podsOn('node-a:2 node-b:1 node-y:2', foo);
  test.each([
    ['clean cluster with one spreadConstraint', p(foo, spread(5, 'zone', { matchLabels: { foo: 'bar' } })), fourNodes(), [], [{ zone1: 0, zone2: 0 }], [0]],
    ['normal case with one spreadConstraint', p(foo, spread(1, 'zone', fooSelector)), fourNodes(), fivePods, [{ zone1: 3, zone2: 2 }], [2]],
    ['normal case with null label selector', p(foo, spread(1, 'zone', undefined)), fourNodes(), fivePods, [{ zone1: 0, zone2: 0 }], [0]],
    ['normal case with one spreadConstraint, on a 3-zone cluster', p(foo, spread(1, 'zone', fooSelector)),
      [...fourNodes(), zoneNode('node-o', 'zone3'), zoneNode('node-p', 'zone3')], fivePods, [{ zone1: 3, zone2: 2, zone3: 0 }], [0]],
    ["namespace mismatch doesn't count", p(foo, spread(1, 'zone', fooSelector)), fourNodes(),
      [...podsOn('node-a', foo), makePod('p-a2', { namespace: 'ns1', nodeName: 'node-a', labels: foo }), ...podsOn('node-b', foo),
        makePod('p-y1', { namespace: 'ns2', nodeName: 'node-y', labels: foo }), ...podsOn('node-y', foo)], [{ zone1: 2, zone2: 1 }], [1]],
    ['normal case with two spreadConstraints', p(foo, spread(1, 'zone', fooSelector), spread(1, 'node', fooSelector)), fourNodes(),
      podsOn('node-a:2 node-b:1 node-y:4', foo), [{ zone1: 3, zone2: 4 }, { 'node-a': 2, 'node-b': 1, 'node-x': 0, 'node-y': 4 }], [3, 0]],
    ['soft spreadConstraints should be bypassed',
      makePod('p', { labels: foo, spread: [spread(1, 'zone', fooSelector, { whenUnsatisfiable: 'ScheduleAnyway' }), spread(1, 'zone', fooSelector),
        spread(1, 'node', fooSelector, { whenUnsatisfiable: 'ScheduleAnyway' }), spread(1, 'node', fooSelector)] }),
      [zoneNode('node-a', 'zone1'), zoneNode('node-b', 'zone1'), zoneNode('node-y', 'zone2')], podsOn('node-a:2 node-b:1 node-y:4', foo),
      [{ zone1: 3, zone2: 4 }, { 'node-a': 2, 'node-b': 1, 'node-y': 4 }], [3, 1]],
    ['different labelSelectors - simple version', p(fooBar, spread(1, 'zone', fooSelector), spread(1, 'node', barSelector)),
      [zoneNode('node-a', 'zone1'), zoneNode('node-b', 'zone1'), zoneNode('node-y', 'zone2')], [...podsOn('node-a', foo), ...podsOn('node-b', { bar: '' })],
      [{ zone1: 1, zone2: 0 }, { 'node-a': 0, 'node-b': 1, 'node-y': 0 }], [0, 0]],
    // nodes without every hard topologyKey are left out of all the counts (common.go nodeLabelsMatchSpreadConstraints)
    ['(ours) a node lacking one hard topologyKey counts for no constraint', p(foo, spread(1, 'zone', fooSelector), spread(1, 'node', fooSelector)),
      [zoneNode('node-a', 'zone1'), makeNode('node-b', { zone: 'zone1' }), zoneNode('node-y', 'zone2')], podsOn('node-a:1 node-b:2 node-y:3', foo),
      [{ zone1: 1, zone2: 3 }, { 'node-a': 1, 'node-y': 3 }], [1, 1]],
    // TestPreFilterState "NodeAffinityPolicy honored with labelSelectors" / "... ignored ...": node-y (no foo label) leaves the counts when honored
    ['NodeAffinityPolicy honored with labelSelectors', makePod('p', { labels: foo, nodeSelector: foo, spread: [spread(1, 'node', fooSelector)] }),
      [nodeOnly('node-a', foo), nodeOnly('node-b', foo), nodeOnly('node-x', foo), nodeOnly('node-y')], podsOn('node-a node-b node-y:2', foo),
      [{ 'node-a': 1, 'node-b': 1, 'node-x': 0 }], [0]],
    ['NodeAffinityPolicy ignored with labelSelectors', makePod('p', { labels: foo, nodeSelector: foo, spread: [spread(1, 'node', fooSelector, { nodeAffinityPolicy: 'Ignore' })] }),
      [nodeOnly('node-a', foo), nodeOnly('node-b', foo), nodeOnly('node-x', foo), nodeOnly('node-y')], podsOn('node-a node-b node-y:2', foo),
      [{ 'node-a': 1, 'node-b': 1, 'node-x': 0, 'node-y': 2 }], [0]],
    ['NodeTaintsPolicy honored', p(foo, spread(1, 'node', fooSelector, { nodeTaintsPolicy: 'Honor' })),
      [nodeOnly('node-a'), nodeOnly('node-b'), nodeOnly('node-x'), nodeOnly('node-y', {}, unschedulableTaint)], podsOn('node-a node-b node-y:2', foo),
      [{ 'node-a': 1, 'node-b': 1, 'node-x': 0 }], [0]],
    ['NodeTaintsPolicy honored with tolerated taints', makePod('p', { labels: foo, spread: [spread(1, 'node', fooSelector, { nodeTaintsPolicy: 'Honor' })] }),
      [nodeOnly('node-a'), nodeOnly('node-b'), nodeOnly('node-x'), nodeOnly('node-y', {}, [{ key: 'foo', value: '', effect: 'NoSchedule' as never }])], podsOn('node-a node-b node-y:2', foo),
      [{ 'node-a': 1, 'node-b': 1, 'node-x': 0 }], [0]],
    ['NodeTaintsPolicy ignored', p(foo, spread(1, 'node', fooSelector)),
      [nodeOnly('node-a'), nodeOnly('node-b'), nodeOnly('node-x'), nodeOnly('node-y', {}, unschedulableTaint)], podsOn('node-a node-b node-y:2', foo),
      [{ 'node-a': 1, 'node-b': 1, 'node-x': 0, 'node-y': 2 }], [0]],
    // common.go countPodsMatchSelector: an empty selector ({}) counts no pod
    ['(ours) an empty labelSelector {} counts no pod', p(foo, spread(1, 'node', {})), [nodeOnly('node-a'), nodeOnly('node-b')], podsOn('node-a:2', foo),
      [{ 'node-a': 0, 'node-b': 0 }], [0]],
    // terminating pods are not counted (common.go countPodsMatchSelector)
    ['(ours) terminating pods do not count', p(foo, spread(1, 'node', fooSelector)), [nodeOnly('node-a'), nodeOnly('node-b')],
      [makePod('p-a', { nodeName: 'node-a', labels: foo, terminating: true }), ...podsOn('node-b', foo)], [{ 'node-a': 0, 'node-b': 1 }], [0]],
    // matchLabelKeys: `key In (value)` is ANDed to the selector for each key the pod has (plugin.go getConstraints)
    ['(ours) matchLabelKeys narrows the selector to the pod\'s own value', makePod('p', { labels: { foo: '', app: 'a' }, spread: [spread(1, 'node', fooSelector, { matchLabelKeys: ['app'] })] }),
      [nodeOnly('node-a'), nodeOnly('node-b')], [...podsOn('node-a', { foo: '', app: 'a' }), ...podsOn('node-b:2', { foo: '', app: 'b' })],
      [{ 'node-a': 1, 'node-b': 0 }], [0]],
  ] as Array<[string, Pod, Node[], Pod[], Array<Record<string, number>>, number[]]>)('%s', (_n, pod, nodes, existing, want, mins) => {
    expect(countsOf(pod, nodes, existing)).toEqual(want);
    const s = state(pod, nodes, existing)!;
    expect(s.constraints.map((_c, i) => minMatch(s, i))).toEqual(mins);
  });

  test('minDomains: fewer eligible domains than minDomains make the minimum 0; as many keep the real one (filtering.go minMatchNum)', () => {
    const nodes = [nodeOnly('node-a'), nodeOnly('node-b')];
    const existing = podsOn('node-a:2 node-b:3', foo);
    const min = (minDomains: number) => { const s = state(p(foo, spread(1, 'node', fooSelector, { minDomains })), nodes, existing)!; return minMatch(s, 0); };
    expect([min(1), min(2), min(3)]).toEqual([2, 2, 0]);
  });

  test('no DoNotSchedule constraint: PreFilter skips (filtering.go PreFilter, len(Constraints) == 0)', () => {
    const soft = makePod('p', { labels: foo, spread: [spread(1, 'zone', fooSelector, { whenUnsatisfiable: 'ScheduleAnyway' })] });
    expect(state(soft, fourNodes(), [])).toBeUndefined();
    expect(state(makePod('p', { labels: foo }), fourNodes(), [])).toBeUndefined();
    expect(PodTopologySpread.preFilter(podInfo(toSubject(soft)), buildSnapshot(fourNodes(), new Map()))).toEqual({ skip: true });
  });

  test('an unparsable labelSelector fails PreFilter with an error (filtering.go calPreFilterState "get constraints from pod")', () => {
    const bad = p(foo, spread(1, 'zone', { matchExpressions: [{ key: 'foo', operator: 'In', values: [] }] }));
    expect(() => state(bad, fourNodes(), [])).toThrow(PodTopologySpreadError);
    expect(() => state(bad, fourNodes(), [])).toThrow("PodTopologySpread PreFilter: get constraints from pod: values: Invalid value: null: for 'in', 'notin' operators, values set can't be empty");
  });

  test('the plugin reads the hard constraints\' topologyKeys of a node', () => {
    const s = state(p(foo, spread(1, 'zone', fooSelector), spread(1, 'node', fooSelector)), fourNodes(), [])!;
    expect(PodTopologySpread.reads!(s)).toEqual(['zone', 'node']);
  });
});

// The explanations: the numbers are filtering.go Filter's (matchNum + selfMatchNum − minMatchNum vs maxSkew).
describe('PodTopologySpread Filter messages', () => {
  function run(pod: Pod, nodes: Node[], existing: Pod[], node: string) {
    const snapshot = buildSnapshot(nodes, podsByNode(existing));
    const info = podInfo(toSubject(pod));
    const s = preFilterState(info, snapshot)!;
    const entry = snapshot.byName.get(node)!;
    return { status: filter(info, entry, s), pass: () => explainPass(info, entry, s) };
  }

  test('skew failure: counts, min, placing, counted pods', () => {
    // nodes given in reverse order: the domains are listed by name
    const { status } = run(p(foo, spread(1, 'node', fooSelector)), fourNodes().reverse(), podsOn('node-a:2 node-b:1 node-y:3', foo), 'node-a');
    expect(status).toMatchObject({ plugin: 'PodTopologySpread', code: 'Unschedulable', reasons: [SKEW] });
    expect(status!.details).toEqual([
      'spec.topologySpreadConstraints[0] (topologyKey node, maxSkew 1, labelSelector foo):',
      '  node: node-a 2, node-b 1, node-x 0, node-y 3 (min 0); placing here makes node-a 3 → skew 3 > maxSkew 1',
      "  counted: pods in namespace default matching the selector, not terminating, on nodes with every DoNotSchedule topologyKey that match the pod's node affinity/selector (nodeAffinityPolicy Honor)",
    ]);
  });

  test('skew failure without self-match, minDomains, nodeTaintsPolicy Honor, nodeAffinityPolicy Ignore, unused matchLabelKeys', () => {
    const pod = p({ bar: '' }, spread(1, 'node', fooSelector, { minDomains: 5, nodeAffinityPolicy: 'Ignore', nodeTaintsPolicy: 'Honor', matchLabelKeys: ['pod-template-hash'] }));
    const { status } = run(pod, fourNodes(), podsOn('node-a:2 node-b:1 node-y:3', foo), 'node-a');
    expect(status!.details).toEqual([
      'spec.topologySpreadConstraints[0] (topologyKey node, maxSkew 1, labelSelector foo, minDomains 5):',
      '  node: node-a 2, node-b 1, node-x 0, node-y 3 (min 0: 4 eligible domain(s) < minDomains 5); node-a has 2 and the pod does not match its own labelSelector, so it adds nothing → skew 2 > maxSkew 1',
      "  counted: pods in namespace default matching the selector, not terminating, on nodes with every DoNotSchedule topologyKey whose NoSchedule/NoExecute taints it tolerates (nodeTaintsPolicy Honor)",
      "  matchLabelKeys pod-template-hash: the pod has no such label, so nothing is added to the selector (a Deployment's ReplicaSet adds pod-template-hash to its pods; in a cluster only pods of the same ReplicaSet would count)",
    ]);
  });

  test('an unused matchLabelKeys key other than pod-template-hash gets no Deployment note', () => {
    const pod = p({ bar: '' }, spread(1, 'node', fooSelector, { matchLabelKeys: ['app'] }));
    const { status } = run(pod, fourNodes(), podsOn('node-a:2 node-b:1 node-y:3', foo), 'node-a');
    expect(status!.details[3]).toBe('  matchLabelKeys app: the pod has no such label, so nothing is added to the selector');
    const two = run(p({ bar: '' }, spread(1, 'node', fooSelector, { matchLabelKeys: ['app', 'tier'] })), fourNodes(), podsOn('node-a:2 node-b:1 node-y:3', foo), 'node-a');
    expect(two.status!.details[3]).toBe('  matchLabelKeys app, tier: the pod has no such label, so nothing is added to the selector');
    // a key the pod has narrows the selector and is not listed
    const web = { foo: '', app: 'web' };
    const mixed = run(p(web, spread(1, 'node', fooSelector, { matchLabelKeys: ['app', 'tier'] })), fourNodes(), podsOn('node-a:2 node-b:1 node-y:3', web), 'node-a');
    expect(mixed.status!.details[0]).toBe('spec.topologySpreadConstraints[0] (topologyKey node, maxSkew 1, labelSelector foo,app=web):');
    expect(mixed.status!.details[3]).toBe('  matchLabelKeys tier: the pod has no such label, so nothing is added to the selector');
  });

  test('missing topologyKey: UnschedulableAndUnresolvable with the missing-label reason', () => {
    const nodes = [makeNode('node-a', { node: 'node-a' }), makeNode('node-b', { 'kubernetes.io/hostname': 'node-b' })];
    const zone = run(p(foo, spread(1, 'zone', fooSelector)), nodes, [], 'node-a').status!;
    expect(zone).toMatchObject({ plugin: 'PodTopologySpread', code: 'UnschedulableAndUnresolvable', reasons: [LABEL] });
    expect(zone.details).toEqual(['node node-a has no label zone, which spec.topologySpreadConstraints[0] (topologyKey zone, maxSkew 1, labelSelector foo) spreads over ' +
      '(nodes without a DoNotSchedule topologyKey are left out of the counts and never chosen)']);
    const host = run(p(foo, spread(2, 'kubernetes.io/hostname', fooSelector)), nodes, [], 'node-a').status!;
    expect(host.details[0]).toMatch(/spreads over \(nodes without .*never chosen\); the kubelet sets kubernetes.io\/hostname on every real node, so add it to the Node fixture$/);
  });

  test('a long domain list keeps the node\'s domain and the five emptiest', () => {
    const nodes = Array.from({ length: 14 }, (_, i) => nodeOnly(`n${i + 1}`));
    // n1–n8 run 2 matching pods, n9–n13 one, n14 five: the five emptiest are n9–n13, not the first five by name
    const existing = nodes.flatMap((n, i) => podsOn(`${n.metadata!.name}:${i < 8 ? 2 : 1}`, foo)).concat(podsOn('n14:4', foo));
    const { status } = run(p(foo, spread(1, 'node', fooSelector)), nodes, existing, 'n14');
    expect(status!.details[1]).toBe('  node: n9 1, n10 1, n11 1, n12 1, n13 1, n14 5, … (14 domains) (min 1); placing here makes n14 6 → skew 5 > maxSkew 1');
    const twelve = run(p(foo, spread(1, 'node', fooSelector)), nodes.slice(0, 12), podsOn('n12:3', foo), 'n12').status!;
    expect(twelve.details[1]).toBe('  node: n1 0, n2 0, n3 0, n4 0, n5 0, n6 0, n7 0, n8 0, n9 0, n10 0, n11 0, n12 3 (min 0); placing here makes n12 4 → skew 4 > maxSkew 1');
  });

  test('a node left out of the counts: "no eligible domain", "not an eligible domain"', () => {
    // node-a fails the pod's node selector, so it is not counted (nodeAffinityPolicy Honor): 0 + 1 − 0 = 1 ≤ maxSkew 1
    const pod = makePod('p', { labels: foo, nodeSelector: { gpu: 'yes' }, spread: [spread(1, 'node', fooSelector)] });
    const passing = run(pod, [nodeOnly('node-a')], podsOn('node-a:2', foo), 'node-a');
    expect(passing.status).toBeUndefined();
    expect(passing.pass()).toEqual(['topologySpreadConstraints[0] node: no eligible domain (min 0: 0 eligible domain(s) < minDomains 1); placing here makes node-a 1 → skew 1 ≤ maxSkew 1']);
    // with a valid maxSkew (≥ 1) a node outside the counts always passes; maxSkew 0 (refused by the API server) shows the wording
    const zero = makePod('p', { labels: foo, nodeSelector: { gpu: 'yes' }, spread: [spread(0, 'node', fooSelector)] });
    expect(run(zero, [nodeOnly('node-a'), nodeOnly('node-b', { gpu: 'yes' })], [], 'node-a').status!.details[1])
      .toBe('  node: node-b 0 (min 0); placing here makes node-a (not an eligible domain) 1 → skew 1 > maxSkew 0');
  });

  test('explainPass: each constraint\'s counts and the skew', () => {
    const pod = p(fooBar, spread(1, 'zone', fooSelector), spread(2, 'node', { matchLabels: { other: 'x' } }));
    const { status, pass } = run(pod, fourNodes(), podsOn('node-a:2 node-b:1 node-y:3', foo), 'node-x');
    expect(status).toBeUndefined();
    expect(pass()).toEqual([
      'topologySpreadConstraints[0] zone: zone1 3, zone2 3 (min 3); placing here makes zone2 4 → skew 1 ≤ maxSkew 1',
      'topologySpreadConstraints[1] node: node-a 0, node-b 0, node-x 0, node-y 0 (min 0); node-x stays 0 (the pod does not match its own labelSelector) → skew 0 ≤ maxSkew 2',
    ]);
  });
});

// scoring.go initPreScoreState / helper/spread.go DefaultSelector
describe('PodTopologySpread Score: which constraints', () => {
  const template = { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'x' }] } };
  const workload = (kind: string, apiVersion: string, selector: object) => ({ apiVersion, kind, metadata: { name: 'w', namespace: 'default' }, spec: { selector, template } });

  test.each([
    ['ReplicaSet', workload('ReplicaSet', 'apps/v1', { matchLabels: { app: 'web' } }), 'app=web'],
    // its ReplicaSet's selector adds pod-template-hash (sync.go getNewReplicaSet): the stand-in for this revision's
    ['Deployment', workload('Deployment', 'apps/v1', { matchLabels: { app: 'web' } }), 'app=web,pod-template-hash in (<this revision>)'],
    ['StatefulSet', workload('StatefulSet', 'apps/v1', { matchExpressions: [{ key: 'app', operator: 'Exists' }] }), 'app'],
    ['ReplicationController (a map selector)', workload('ReplicationController', 'v1', { app: 'web' }), 'app=web'],
  ])('%s: DefaultSelector is its selector', (_k, object, want) => {
    expect(formatSelector(defaultSelectorOf(object as never)!)).toBe(want);
    const soft = softConstraints(podInfo(toSubject(object)));
    expect(soft.systemDefaulted).toBe(true);
    expect(soft.constraints.map((c) => [c.topologyKey, c.maxSkew, c.index, c.nodeAffinityPolicy, c.nodeTaintsPolicy])).toEqual([
      ['kubernetes.io/hostname', 3, -1, 'Honor', 'Ignore'], ['topology.kubernetes.io/zone', 5, -1, 'Honor', 'Ignore']]);
  });

  test.each([
    ['DaemonSet', { apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'd' }, spec: { selector: { matchLabels: { app: 'web' } }, template } }],
    ['Job', { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'j' }, spec: { template: { ...template, spec: { ...template.spec, restartPolicy: 'Never' } } } }],
    ['bare Pod', makePod('p', { labels: { app: 'web' } })],
    ['ReplicaSet whose selector cannot be parsed', workload('ReplicaSet', 'apps/v1', { matchExpressions: [{ key: 'app', operator: 'In', values: [] }] })],
    ['ReplicaSet without a selector (DefaultSelector undefined)', { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'r' }, spec: { template } }],
    ['ReplicaSet with an empty selector (matches everything: no defaults)', workload('ReplicaSet', 'apps/v1', {})],
  ])('%s: no system default constraints', (_k, object) => {
    const soft = softConstraints(podInfo(toSubject(object)));
    expect(soft).toEqual({ constraints: [], systemDefaulted: true });
    const nodes = fourNodes();
    expect(preScore(podInfo(toSubject(object)), scoreCluster(nodes).nodes, scoreCluster(nodes))).toBeUndefined();
  });

  test('DefaultSelector is undefined for a kind without one, a ReplicaSet without a selector, or one that does not parse', () => {
    expect(defaultSelectorOf({ apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'r' }, spec: { template } } as never)).toBeUndefined();
    expect(defaultSelectorOf(workload('ReplicaSet', 'apps/v1', { matchExpressions: [{ key: 'app', operator: 'In', values: [] }] }) as never)).toBeUndefined();
    expect(defaultSelectorOf(makePod('p', { labels: { app: 'web' } }))).toBeUndefined();
  });

  test('own soft constraints replace the defaults; an unparsable one drops them (the Filter reports it)', () => {
    const own = makePod('p', { labels: foo, spread: [spread(1, 'zone', fooSelector), spread(2, 'node', fooSelector, { whenUnsatisfiable: 'ScheduleAnyway' })] });
    expect(softConstraints(podInfo(toSubject(own)))).toMatchObject({ systemDefaulted: false, constraints: [{ index: 1, topologyKey: 'node', maxSkew: 2 }] });
    const bad = makePod('p', { labels: foo, spread: [spread(1, 'node', { matchExpressions: [{ key: 'foo', operator: 'In', values: [] }] }, { whenUnsatisfiable: 'ScheduleAnyway' })] });
    expect(softConstraints(podInfo(toSubject(bad)))).toEqual({ constraints: [], systemDefaulted: false });
  });

  test('no nodes: PreScore skips (scoring.go PreScore, len(filteredNodes) == 0)', () => {
    const own = makePod('p', { labels: foo, spread: [spread(1, 'node', fooSelector, { whenUnsatisfiable: 'ScheduleAnyway' })] });
    expect(preScore(podInfo(toSubject(own)), [], scoreCluster([]))).toBeUndefined();
  });
});

// scoring_test.go TestPodTopologySpreadScore: every node is a candidate (upstream passes them all to PreScore).
describe('PodTopologySpread Score (scoring_test.go TestPodTopologySpreadScore)', () => {
  const soft = (o: Parameters<typeof makePod>[1], ...c: ReturnType<typeof spread>[]) =>
    makePod('p', { labels: foo, ...o, spread: c.map((x) => ({ ...x, whenUnsatisfiable: 'ScheduleAnyway' as const })) });
  const three = (taint = false) => [nodeOnly('node-a', foo), nodeOnly('node-b', foo), nodeOnly('node-c', {}, taint ? unschedulableTaint : undefined)];
  const plain = (taint = false) => [nodeOnly('node-a'), nodeOnly('node-b'), nodeOnly('node-c', {}, taint ? unschedulableTaint : undefined)];
  const existing = podsOn('node-a:2 node-b:1 node-c:1', foo);
  const hz = (n: string, zone: string) => makeNode(n, { zone, 'kubernetes.io/hostname': n });
  const zoned = [hz('node-a', 'zone1'), hz('node-b', 'zone1'), hz('node-c', 'zone2'), hz('node-d', 'zone2')];
  const mlkPods = [makePod('p-a1', { nodeName: 'node-a', labels: foo }), makePod('p-b1', { nodeName: 'node-b', labels: fooBar }),
    makePod('p-y1', { nodeName: 'node-c', labels: foo }), makePod('p-y2', { nodeName: 'node-c', labels: { bar: '' } })];
  test.each([
    ['minDomains has no effect when ScheduleAnyway', soft({}, spread(2, 'node', fooSelector, { minDomains: 10 })), plain(), podsOn('node-a:2 node-b:2 node-c:1', foo), [75, 75, 100]],
    ['NodeAffinityPolicy honoed with labelSelectors', soft({ nodeSelector: foo }, spread(1, 'node', fooSelector)), three(), existing, [0, 33, 100]],
    ['NodeAffinityPolicy ignored with labelSelectors', soft({ nodeSelector: foo }, spread(1, 'node', fooSelector, { nodeAffinityPolicy: 'Ignore' })), three(), existing, [66, 100, 100]],
    ['NodeAffinityPolicy honoed with nodeAffinity', soft({ nodeAffinity: nodeIn('foo', 'In', ['']) }, spread(1, 'node', fooSelector)), three(), existing, [0, 33, 100]],
    ['NodeAffinityPolicy ignored with nodeAffinity', soft({ nodeAffinity: nodeIn('foo', 'In', ['']) }, spread(1, 'node', fooSelector, { nodeAffinityPolicy: 'Ignore' })), three(), existing, [66, 100, 100]],
    ['NodeTaintsPolicy honored', soft({}, spread(1, 'node', fooSelector, { nodeTaintsPolicy: 'Honor' })), plain(true), existing, [0, 33, 100]],
    ['NodeTaintsPolicy ignored', soft({}, spread(1, 'node', fooSelector)), plain(true), existing, [66, 100, 100]],
    // common.go countPodsMatchSelector: an empty selector counts no pod
    ['(ours) an empty labelSelector {} counts no pod', soft({}, spread(1, 'node', {})), plain(), existing, [100, 100, 100]],
    ['matchLabelKeys ANDed with LabelSelector when LabelSelector is empty',
      soft({ labels: fooBar }, spread(1, 'zone', {}, { matchLabelKeys: ['foo'] }), spread(1, 'kubernetes.io/hostname', {}, { matchLabelKeys: ['bar'] })), zoned, mlkPods, [60, 20, 60, 100]],
  ] as Array<[string, Pod, Node[], Pod[], number[]]>)('%s', (_n, pod, nodes, pods, want) => {
    const s = scoreNodes(podInfo(toSubject(pod)), nodes.map(nodeInfo), scoreCluster(nodes, pods));
    expect(s.map((x) => x.plugins.find((q) => q.plugin === 'PodTopologySpread')?.score)).toEqual(want);
  });

  // scoring.go initPreScoreState/PreScore: with the pod's own soft constraints, a node lacking any of their
  // topologyKeys is ignored: it scores 0 and its pods count for no domain.
  test('a node lacking one of the soft topologyKeys scores 0 and its pods count nowhere', () => {
    const pod = soft({}, spread(1, 'zone', fooSelector), spread(1, 'rack', fooSelector));
    const a = makeNode('node-a', { zone: 'zone1', rack: 'r1' });
    const b = makeNode('node-b', { zone: 'zone2', rack: 'r2' });
    const noRack = makeNode('node-c', { zone: 'zone1' });
    const scores = (candidates: Node[]) => scoreNodes(podInfo(toSubject(pod)), candidates.map(nodeInfo), scoreCluster([a, b, noRack], podsOn('node-a:2 node-c:3', foo)))
      .map((x) => x.plugins.find((q) => q.plugin === 'PodTopologySpread'));
    // zone1 2 and r1 2 (node-c's pods not counted), weights ln(2 + 2): node-a raw round(2·1.386 + 2·1.386) = 6
    expect(scores([a, b]).map((x) => [x?.raw, x?.score])).toEqual([[6, 0], [0, 100]]);
    expect(scores([a, b, noRack]).map((x) => [x?.raw, x?.score])).toEqual([[6, 0], [0, 100], [0, 0]]);
  });

  test('describeCounts names each constraint\'s count, or the missing label, and where the constraints come from', () => {
    const nodes = [hz('node-a', 'zone1'), makeNode('node-b', { 'kubernetes.io/hostname': 'node-b' })];
    const pod = soft({}, spread(1, 'zone', fooSelector), spread(1, 'kubernetes.io/hostname', fooSelector));
    const cluster = scoreCluster(nodes, podsOn('node-a:2', foo));
    const st = preScore(podInfo(toSubject(pod)), cluster.nodes, cluster)!;
    const [a, b] = cluster.nodes;
    expect(describeCounts(st, a, score(st, a).counts)).toBe('zone zone1: 2 matching, kubernetes.io/hostname: 2 matching (ScheduleAnyway constraints)');
    expect(describeCounts(st, b, score(st, b).counts)).toBe('node lacks a topologyKey of the soft constraints (scores 0)');
    const rs = { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'web', namespace: 'default' },
      spec: { selector: { matchLabels: { foo: '' } }, template: { metadata: { labels: foo }, spec: { containers: [{ name: 'c', image: 'x' }] } } } };
    const sd = preScore(podInfo(toSubject(rs)), cluster.nodes, cluster)!;
    expect(describeCounts(sd, b, score(sd, b).counts)).toBe('kubernetes.io/hostname: 0 matching, topology.kubernetes.io/zone: no label (system default constraints, selector foo=)');
  });
});

// InterPodAffinity Filter and Score called through the engine (schedule(), preFilterState, filter, the scoring
// functions), without the matchers. The Filter tables (filtering_test.go TestRequiredAffinitySingleNode,
// TestRequiredAffinityMultipleNodes) are shared with the plugin's matcher tests: test/cluster/interpodaffinity-filtering.cases.ts.
import type { KubeObject, Node, Pod } from '../../../core/types';
import type { PodAffinityTerm } from 'kubernetes-types/core/v1';
import { toSubject } from '../../../k8s/subject';
import { podInfo } from '../../framework';
import { assumePod, buildSnapshot } from '../../snapshot';
import { podsByNode, schedule } from '../../index';
import { InterPodAffinity, preFilterState, type PreFilterState } from '.';
import { explainPass, filter } from './filter';
import { normalize, preScore, score } from './scoring';
import { scoreCluster } from '../../score-cluster';
import { makeNode, makePod, type PodOptions } from '../../../../test/cluster/builders';
import {

  REASONS, existsT, inT, namespaces, node1, on, pod, podLabel, requiredAffinityMultipleNodes, requiredAffinitySingleNode, term, type Want,
} from '../../../../test/cluster/interpodaffinity-filtering.cases';
// the PostFilter part of the FitError: a PreFilter rejection leaves every node UnschedulableAndUnresolvable
// the PostFilter part at 1.37: RunPreFilterPlugins stopped at InterPodAffinity's UnschedulableAndUnresolvable, so
// DynamicResources' PreFilter never ran and its PostFilter fails with CycleState's 'not found' (DefaultPreemption never runs)
const NOT_HELPFUL = ' not found';

function verdicts(incoming: Pod, nodes: Node[], existingPods: Pod[]): string[] {
  const result = schedule(toSubject(incoming), nodes, existingPods, namespaces);
  return nodes.map((node) => {
    const status = result.rejected.find((v) => v.node === node.metadata!.name)?.status;
    if (!status) return 'ok';
    const hit = Object.entries(REASONS).find(([, [reason, code]]) => status.reasons.length === 1 && status.reasons[0] === reason && status.code === code);
    return status.plugin === 'InterPodAffinity' ? hit?.[0] ?? `${status.code}: ${status.reasons}` : status.plugin;
  });
}

describe('InterPodAffinity Filter through schedule() (filtering_test.go TestRequiredAffinitySingleNode)', () => {
  test.each(requiredAffinitySingleNode)('%s', (_name, incoming, existingPods, want) => expect(verdicts(incoming, [node1], existingPods)).toEqual([want]));

  // filtering.go PreFilter: framework.NewPodInfo's error → UnschedulableAndUnresolvable "parsing pod: <err>"
  const bad = '{{.bad-value.}}';
  const message = (list: string) => `0/1 nodes are available: parsing pod: ${list}: values[0][service]: Invalid value: "${bad}": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?').`;
  test.each([
    ['PodAffinity fails PreFilter with an invalid affinity label syntax', { podAffinity: [inT('service', 'region', [bad]), inT('service', 'node', ['antivirusscan', 'value2'])] }, 'requiredAffinityTerms'],
    ['(ours) required anti-affinity', { podAntiAffinity: [inT('service', 'node', [bad])] }, 'requiredAntiAffinityTerms'],
  ] as Array<[string, PodOptions, string]>)('%s', (_name, o, list) => {
    const p = pod({ labels: podLabel, ...o });
    const result = schedule(toSubject(p), [node1]);
    expect(result.fitError).toBe(message(list) + NOT_HELPFUL);
    expect(result.feasible).toEqual([]);
    const r = InterPodAffinity.preFilter(podInfo(toSubject(p)), buildSnapshot([node1], new Map()));
    expect(r).toMatchObject({ reject: { plugin: 'InterPodAffinity', code: 'UnschedulableAndUnresolvable', reasons: [message(list).slice('0/1 nodes are available: '.length, -1)] } });
    expect((r as { reject: { details: string[] } }).reject.details).toEqual(['a required pod (anti-)affinity term has a labelSelector or namespaceSelector the scheduler cannot parse']);
  });

  test('(ours) preferred terms are parsed too; two errors are an aggregate [a, b] (framework/types.go NewPodInfo)', () => {
    const affinity = {
      podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, podAffinityTerm: inT('service', 'zone', []) }] },
      podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, podAffinityTerm: inT('service', 'zone', []) }] },
    };
    const p = { ...pod({ labels: podLabel }), spec: { containers: [{ name: 'c', image: 'x' }], affinity } } as Pod;
    const empty = "values: Invalid value: null: for 'in', 'notin' operators, values set can't be empty";
    expect(schedule(toSubject(p), [node1]).fitError).toBe(`0/1 nodes are available: parsing pod: [preferredAffinityTerms: ${empty}, preferredAntiAffinityTerms: ${empty}].${NOT_HELPFUL}`);
  });
});

describe('InterPodAffinity Filter through schedule() (filtering_test.go TestRequiredAffinityMultipleNodes)', () => {
  test.each(requiredAffinityMultipleNodes)('%s', (_name, incoming, existingPods, nodes, want) => expect(verdicts(incoming, nodes, existingPods)).toEqual(want));
});

const snapshotOf = (nodes: Node[], existing: Pod[], ns: KubeObject[] = namespaces) => buildSnapshot(nodes, podsByNode(existing), ns);
function stateOf(incoming: Pod, nodes: Node[], existing: Pod[], ns?: KubeObject[]) {
  return preFilterState(podInfo(toSubject(incoming)), snapshotOf(nodes, existing, ns)) as PreFilterState | undefined;
}
const counts = (m: Map<string, unknown[]>) => Object.fromEntries([...m].map(([k, v]) => [k.replace('\u0000', '='), v.length]));

// filtering_test.go TestGetTPMapMatchingIncomingAffinityAntiAffinity: topologyToMatchedAffinityTerms (one per term
// of a pod matching all of them) and topologyToMatchedAntiAffinityTerms (one per matching term).
describe('InterPodAffinity PreFilter counts (filtering_test.go TestGetTPMapMatchingIncomingAffinityAntiAffinity)', () => {
  const hostTerms = (...keys: string[]) => keys.map((k) => existsT(k, 'hostname'));
  const nodeA = makeNode('node-a', { hostname: 'node-a' });
  const labelled = (...keys: string[]) => on('node-a', { labels: Object.fromEntries(keys.map((k) => [k, ''])) });
  test.each([
    ['nil test', pod({}), [], undefined],
    ['incoming pod without affinity/anti-affinity causes a no-op', pod({}), [labelled('aaa')], undefined],
    ["no pod has label that violates incoming pod's affinity and anti-affinity", pod({ podAffinity: hostTerms('aaa'), podAntiAffinity: hostTerms('aaa') }), [labelled('bbb')], [{}, {}]],
    ["existing pod matches incoming pod's affinity and anti-affinity - single term case", pod({ podAffinity: hostTerms('aaa'), podAntiAffinity: hostTerms('aaa') }),
      [labelled('aaa')], [{ 'hostname=node-a': 1 }, { 'hostname=node-a': 1 }]],
    ["existing pod matches incoming pod's affinity and anti-affinity - multiple terms case", pod({ podAffinity: hostTerms('aaa', 'bbb'), podAntiAffinity: hostTerms('aaa') }),
      [labelled('aaa', 'bbb')], [{ 'hostname=node-a': 2 }, { 'hostname=node-a': 1 }]],
    ["existing pod not match incoming pod's affinity but matches anti-affinity", pod({ podAffinity: hostTerms('aaa', 'bbb'), podAntiAffinity: hostTerms('aaa', 'bbb') }),
      [labelled('aaa')], [{}, { 'hostname=node-a': 1 }]],
    ["incoming pod's anti-affinity has more than one term - existing pod violates partial term - case 1", pod({ podAffinity: hostTerms('aaa', 'ccc'), podAntiAffinity: hostTerms('aaa', 'ccc') }),
      [labelled('aaa', 'bbb')], [{}, { 'hostname=node-a': 1 }]],
    ["incoming pod's anti-affinity has more than one term - existing pod violates partial term - case 2", pod({ podAffinity: hostTerms('aaa', 'bbb'), podAntiAffinity: hostTerms('aaa', 'bbb') }),
      [labelled('bbb')], [{}, { 'hostname=node-a': 1 }]],
  ] as Array<[string, Pod, Pod[], [object, object] | undefined]>)('%s', (_name, incoming, existing, want) => {
    const s = stateOf(incoming, [nodeA], existing);
    // PreFilter skips when there is nothing to check (filtering.go PreFilter)
    if (!want) {
      expect(s).toBeUndefined();
      expect(InterPodAffinity.preFilter(podInfo(toSubject(incoming)), snapshotOf([nodeA], existing))).toEqual({ skip: true });
      return;
    }
    expect([counts(s!.affinity), counts(s!.antiAffinity)]).toEqual(want);
    expect(s!.existingAntiAffinity.size).toBe(0);
  });

  test('existing pods\' anti-affinity: counted per (topologyKey, value) of their node, matched with the incoming pod\'s namespace labels', () => {
    const nodes = [makeNode('node-a', { zone: 'z1', region: 'r1' }), makeNode('node-b', { region: 'r1' })];
    const byTeam = { ...existsT('app', 'zone'), namespaceSelector: { matchLabels: { team: 'team1' } } } as PodAffinityTerm;
    const existing = [on('node-a', { podAntiAffinity: [byTeam, existsT('app', 'region')] }), on('node-b', { podAntiAffinity: [byTeam] })];
    const incoming = makePod('p', { namespace: 'subteam1-team1', labels: { app: 'x' } });
    expect(counts(stateOf(incoming, nodes, existing)!.existingAntiAffinity)).toEqual({ 'zone=z1': 1 });
    const team2 = makePod('p', { namespace: 'subteam1-team2', labels: { app: 'x' } });
    expect(stateOf(team2, nodes, existing)).toBeUndefined();
    expect(InterPodAffinity.reads!(stateOf(incoming, nodes, existing)!)).toEqual(['zone']);
  });

  // A real namespace always carries kubernetes.io/metadata.name (set by the API server), Namespace object given or not.
  test('(ours) the incoming pod\'s own namespace has kubernetes.io/metadata.name without a Namespace object or pods', () => {
    const nodes = [makeNode('node-a', { zone: 'z1' })];
    const byName = { ...existsT('app', 'zone'), namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'lonely' } } } as PodAffinityTerm;
    // an existing pod elsewhere whose anti-affinity selects the namespace by name
    const guard = [on('node-a', { podAntiAffinity: [byName] })];
    const incoming = makePod('p', { namespace: 'lonely', labels: { app: 'x' } });
    expect(counts(stateOf(incoming, nodes, guard, [])!.existingAntiAffinity)).toEqual({ 'zone=z1': 1 });
    // the first pod of its group: its own term selects its namespace by name, so it matches itself
    const first = makePod('p', { namespace: 'lonely', labels: { app: 'x' }, podAffinity: [byName] });
    expect(verdicts(first, nodes, [])).toEqual(['ok']);
    expect(schedule(toSubject(first), nodes, [], []).feasible.map((v) => v.node)).toEqual(['node-a']);
  });
});

// pkg/registry/core/pod/strategy.go mutatePodAffinity: the API server ANDs `key In (pod's value)` for each
// matchLabelKeys key and `key NotIn (pod's value)` for each mismatchLabelKeys key the pod has, to a term with a labelSelector.
describe('InterPodAffinity matchLabelKeys / mismatchLabelKeys (Filter)', () => {
  const nodes = [makeNode('node-a', { zone: 'z1' }), makeNode('node-b', { zone: 'z2' })];
  test.each([
    ['(ours) anti-affinity with matchLabelKeys: only pods of the same version repel', { app: 'web', version: 'v2' },
      { podAntiAffinity: [{ ...inT('app', 'zone', ['web']), matchLabelKeys: ['version'] }] },
      [on('node-a', { labels: { app: 'web', version: 'v1' } }), on('node-b', { labels: { app: 'web', version: 'v2' } })], ['ok', 'anti']],
    ['(ours) anti-affinity with mismatchLabelKeys: pods of other tenants repel', { tenant: 'a' },
      { podAntiAffinity: [{ ...existsT('tenant', 'zone'), mismatchLabelKeys: ['tenant'] }] },
      [on('node-a', { labels: { tenant: 'a' } }), on('node-b', { labels: { tenant: 'b' } })], ['ok', 'anti']],
    ['(ours) affinity with matchLabelKeys: only pods of the same version attract', { app: 'web', version: 'v2' },
      { podAffinity: [{ ...inT('app', 'zone', ['web']), matchLabelKeys: ['version'] }] },
      [on('node-a', { labels: { app: 'web', version: 'v1' } }), on('node-b', { labels: { app: 'web', version: 'v2' } })], ['affinity', 'ok']],
  ] as Array<[string, Record<string, string>, PodOptions, Pod[], Want[]]>)('%s', (_name, labels, o, existing, want) => {
    expect(verdicts(pod({ labels, ...o }), nodes, existing)).toEqual(want);
  });
});

// The explanations: which term, which domain, which pods (filtering.go satisfyPodAffinity, satisfyPodAntiAffinity,
// satisfyExistingPodsAntiAffinity decide; the wording is ours).
describe('InterPodAffinity Filter messages', () => {
  const AFF = 'spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution';
  const ANTI = 'spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution';
  const nodes = [
    makeNode('node-a', { region: 'r1', zone: 'z1', 'kubernetes.io/hostname': 'node-a' }),
    makeNode('node-b', { region: 'r1', zone: 'z2', 'kubernetes.io/hostname': 'node-b' }),
    makeNode('node-c', { region: 'r2', zone: 'z3', 'kubernetes.io/hostname': 'node-c' }),
  ];
  const named = (name: string, nodeName: string, o: PodOptions) => makePod(name, { nodeName, ...o });
  function run(incoming: Pod, existing: Pod[], node: string, cluster = nodes) {
    const snapshot = snapshotOf(cluster, existing);
    const info = podInfo(toSubject(incoming));
    const s = preFilterState(info, snapshot) as PreFilterState;
    const entry = snapshot.byName.get(node)!;
    return { status: filter(info, entry, s), pass: () => explainPass(info, entry, s) };
  }

  test('podAffinity: the node lacks the topologyKey', () => {
    const { status } = run(pod({ labels: { app: 'web' }, podAffinity: [inT('app', 'rack', ['db'])] }), [], 'node-a');
    expect(status).toMatchObject({ plugin: 'InterPodAffinity', code: 'UnschedulableAndUnresolvable', reasons: ["node(s) didn't match pod affinity rules"] });
    expect(status!.details).toEqual([`node node-a has no label rack, which ${AFF}[0] (topologyKey rack, labelSelector app=db, namespaces [default]) needs (the node must carry every required podAffinity topologyKey)`]);
    const bare = [makeNode('node-x', { zone: 'z1' })];
    const host = run(pod({ podAffinity: [inT('app', 'zone', ['db']), inT('app', 'kubernetes.io/hostname', ['db'])] }), [], 'node-x', bare).status!;
    expect(host).toMatchObject({ code: 'UnschedulableAndUnresolvable' });
    expect(host.details).toEqual([`node node-x has no label kubernetes.io/hostname, which ${AFF}[1] (topologyKey kubernetes.io/hostname, labelSelector app=db, namespaces [default]) needs ` +
      '(the node must carry every required podAffinity topologyKey); the kubelet sets kubernetes.io/hostname on every real node, so add it to the Node fixture']);
  });

  test('podAffinity: matching pods run in other domains (only the failing term\'s topologyKey is listed)', () => {
    const dbs = ['db-1', 'db-2', 'db-3', 'db-4'].map((name) => named(name, 'node-c', { labels: { app: 'db' } }));
    const incoming = pod({ labels: { app: 'web' }, podAffinity: [inT('app', 'zone', ['db']), inT('app', 'region', ['db'])] });
    expect(run(incoming, dbs.slice(0, 1), 'node-a').status!.details).toEqual([
      `${AFF}[0] (topologyKey zone, labelSelector app=db, namespaces [default]): no pod matching every required podAffinity term runs in zone=z1`,
      '  matching pods run elsewhere: Pod default/db-1 on node-c',
    ]);
    expect(run(incoming, dbs, 'node-b').status!.details[1]).toBe('  matching pods run elsewhere: Pod default/db-1 on node-c, Pod default/db-2 on node-c, Pod default/db-3 on node-c and 1 more');
    expect(run(incoming, dbs.slice(0, 3), 'node-b').status!.details[1]).toBe('  matching pods run elsewhere: Pod default/db-1 on node-c, Pod default/db-2 on node-c, Pod default/db-3 on node-c');
    expect(run(incoming, dbs, 'node-c').status).toBeUndefined();
  });

  test('podAffinity: no matching pod anywhere and the pod cannot start the group', () => {
    const labels = run(pod({ labels: { app: 'db' }, podAffinity: [inT('app', 'zone', ['db']), inT('tier', 'zone', ['front', 'back'])] }), [], 'node-a').status!;
    expect(labels.details).toEqual([
      `${AFF}[0] (topologyKey zone, labelSelector app=db, namespaces [default]): no pod matching every required podAffinity term runs in zone=z1`,
      "  no pod in the cluster matches every term, and the pod cannot be the first of its group: its labels {app=db} do not match term [1]'s labelSelector tier in (front,back)",
    ]);
    const two = run(pod({ labels: { app: 'web', tier: 'front' }, podAffinity: [inT('app', 'zone', ['db'])] }), [], 'node-a').status!;
    expect(two.details[1]).toBe("  no pod in the cluster matches every term, and the pod cannot be the first of its group: its labels {app=web, tier=front} do not match term [0]'s labelSelector app=db");
    const ns = run(pod({ labels: { app: 'db' }, podAffinity: [{ ...inT('app', 'zone', ['db']), namespaces: ['other'] }] }), [], 'node-a').status!;
    expect(ns.details[1]).toBe("  no pod in the cluster matches every term, and the pod cannot be the first of its group: its namespace default is outside term [0]'s namespaces");
    // namespaceSelector {} (all namespaces): the namespace is never the reason
    const all = run(pod({ labels: { app: 'web' }, podAffinity: [{ ...inT('app', 'zone', ['db']), namespaceSelector: {} }] }), [], 'node-a').status!;
    expect(all.details).toEqual([
      `${AFF}[0] (topologyKey zone, labelSelector app=db, all namespaces): no pod matching every required podAffinity term runs in zone=z1`,
      "  no pod in the cluster matches every term, and the pod cannot be the first of its group: its labels {app=web} do not match term [0]'s labelSelector app=db",
    ]);
    // the pod matching all its terms, with no matching pod anywhere, may start the group (filtering.go satisfyPodAffinity)
    expect(run(pod({ labels: { app: 'db' }, podAffinity: [inT('app', 'zone', ['db'])] }), [], 'node-a').status).toBeUndefined();
  });

  test('podAntiAffinity: the domain already runs matching pods (terms sharing the topologyKey are named)', () => {
    const incoming = pod({ labels: { app: 'web' }, podAntiAffinity: [inT('app', 'region', ['cache']), inT('app', 'zone', ['db']), existsT('tier', 'zone')] });
    const existing = [named('db-1', 'node-a', { labels: { app: 'db', tier: 'x' } })];
    const { status } = run(incoming, existing, 'node-a');
    expect(status).toMatchObject({ plugin: 'InterPodAffinity', code: 'Unschedulable', reasons: ["node(s) didn't match pod anti-affinity rules"] });
    expect(status!.details).toEqual([
      `${ANTI}[1] (topologyKey zone, labelSelector app=db, namespaces [default]): zone=z1 already runs Pod default/db-1 on node-a, Pod default/db-1 on node-a (matching term(s) [1], [2] with the same topologyKey)`,
    ]);
    const single = run(pod({ podAntiAffinity: [inT('app', 'zone', ['db'])] }), existing, 'node-a').status!;
    expect(single.details).toEqual([`${ANTI}[0] (topologyKey zone, labelSelector app=db, namespaces [default]): zone=z1 already runs Pod default/db-1 on node-a`]);
    expect(run(incoming, existing, 'node-b').status).toBeUndefined();
  });

  test('podAntiAffinity: a node without the topologyKey is never rejected by that term (filtering.go satisfyPodAntiAffinity)', () => {
    // "undefined" is a valid label value: a node lacking the key must not be taken for one carrying that value
    const cluster = [makeNode('node-u', { rack: 'undefined' }), makeNode('node-v', { zone: 'z1' })];
    const incoming = pod({ podAntiAffinity: [inT('app', 'rack', ['db'])] });
    const existing = [named('db-1', 'node-u', { labels: { app: 'db' } })];
    expect(run(incoming, existing, 'node-u', cluster).status).toMatchObject({ reasons: ["node(s) didn't match pod anti-affinity rules"] });
    expect(run(incoming, existing, 'node-v', cluster).status).toBeUndefined();
  });

  test('existing pods\' anti-affinity: up to three pods, then a count', () => {
    const guard = (i: number) => named(`guard-${i}`, 'node-a', { podAntiAffinity: [inT('app', 'zone', ['web'])] });
    const incoming = pod({ labels: { app: 'web' } });
    const four = run(incoming, [1, 2, 3, 4].map(guard), 'node-a').status!;
    expect(four).toMatchObject({ plugin: 'InterPodAffinity', code: 'Unschedulable', reasons: ["node(s) didn't satisfy existing pods anti-affinity rules"] });
    const line = (i: number) => `Pod default/guard-${i} on node-a has ${ANTI}[0] (topologyKey zone, labelSelector app=web, namespaces [default]), which this pod matches, in zone=z1`;
    expect(four.details).toEqual([line(1), line(2), line(3), '… and 1 more']);
    expect(run(incoming, [1, 2, 3].map(guard), 'node-a').status!.details).toEqual([line(1), line(2), line(3)]);
    expect(run(incoming, [1, 2, 3, 4].map(guard), 'node-b').status).toBeUndefined();
  });

  test('an existing pod\'s term with a namespaceSelector is described with it; an unparsable required anti-affinity list is dropped', () => {
    const byTeam = { ...inT('app', 'zone', ['web']), namespaceSelector: { matchLabels: { team: 'team1' } } } as PodAffinityTerm;
    const incoming = makePod('p', { namespace: 'subteam1-team1', labels: { app: 'web' } });
    const status = run(incoming, [named('guard', 'node-a', { podAntiAffinity: [byTeam] })], 'node-a').status!;
    expect(status.details).toEqual([`Pod default/guard on node-a has ${ANTI}[0] (topologyKey zone, labelSelector app=web, namespaces [] or namespaceSelector team=team1), which this pod matches, in zone=z1`]);
    // framework/types.go NewPodInfo: a term that does not parse drops the existing pod's whole list (the API server refuses such a pod)
    const broken = named('broken', 'node-a', { podAntiAffinity: [inT('app', 'zone', ['web']), inT('app', 'zone', [])] });
    expect(stateOf(incoming, nodes, [broken])).toBeUndefined();
    expect(schedule(toSubject(incoming), nodes, [broken], namespaces).feasible.map((v) => v.node)).toEqual(['node-a', 'node-b', 'node-c']);
  });

  test('explainPass: existing pods\' domains are listed up to five', () => {
    const many = Array.from({ length: 7 }, (_, i) => makeNode(`h${i}`, { 'kubernetes.io/hostname': `h${i}` }));
    const guards = many.slice(1).map((nd, i) => named(`g${i}`, nd.metadata!.name!, { podAntiAffinity: [inT('app', 'kubernetes.io/hostname', ['web'])] }));
    const { status, pass } = run(pod({ labels: { app: 'web' } }), guards, 'h0', many);
    expect(status).toBeUndefined();
    expect(pass()).toEqual(["existing pods' required podAntiAffinity matches this pod only in other domains " +
      '(kubernetes.io/hostname=h1, kubernetes.io/hostname=h2, kubernetes.io/hostname=h3, kubernetes.io/hostname=h4, kubernetes.io/hostname=h5)']);
  });

  test('explainPass', () => {
    const incoming = pod({ labels: { app: 'web' }, podAffinity: [inT('app', 'zone', ['db'])],
      podAntiAffinity: [inT('app', 'region', ['cache']), inT('app', 'rack', ['cache']), inT('app', 'kubernetes.io/hostname', ['cache'])] });
    const existing = [named('db-1', 'node-a', { labels: { app: 'db' } }), named('db-2', 'node-a', { labels: { app: 'db' } }),
      named('guard', 'node-c', { podAntiAffinity: [inT('app', 'zone', ['web'])] })];
    const { status, pass } = run(incoming, existing, 'node-a');
    expect(status).toBeUndefined();
    expect(pass()).toEqual([
      'required podAffinity met: term [0] by Pod default/db-1 on node-a and 1 more in zone=z1',
      "required podAntiAffinity: no matching pod in this node's region, kubernetes.io/hostname domain(s)",
      'required podAntiAffinity term [1] cannot reject this node: it has no label rack',
      "existing pods' required podAntiAffinity matches this pod only in other domains (zone=z3)",
    ]);
    const both = run(pod({ podAffinity: [inT('app', 'zone', ['db']), inT('app', 'region', ['db'])] }), existing.slice(0, 1), 'node-a');
    expect(both.pass()).toEqual(['required podAffinity met: term [0] by Pod default/db-1 on node-a in zone=z1; term [1] by Pod default/db-1 on node-a in region=r1']);
    const first = run(pod({ labels: { app: 'db' }, podAffinity: [inT('app', 'zone', ['db'])], podAntiAffinity: [inT('app', 'kubernetes.io/hostname', ['x'])] }),
      [], 'node-a');
    expect(first.pass()).toEqual([
      'required podAffinity: no pod in the cluster matches every term and the pod matches them itself, so it may start the group here',
      "required podAntiAffinity: no matching pod in this node's kubernetes.io/hostname domain(s)",
    ]);
    const noHost = run(pod({ podAntiAffinity: [inT('app', 'kubernetes.io/hostname', ['x'])] }), [], 'node-a');
    expect(noHost.pass()).toEqual(["required podAntiAffinity: no matching pod in this node's kubernetes.io/hostname domain(s)"]);
    const noRack = run(pod({ podAntiAffinity: [inT('app', 'rack', ['x'])] }), [], 'node-a');
    expect(noRack.pass()).toEqual(['required podAntiAffinity term [0] cannot reject this node: it has no label rack']);
    const bare = [makeNode('node-x', { zone: 'z1' })];
    expect(run(pod({ podAntiAffinity: [inT('app', 'kubernetes.io/hostname', ['x'])] }), [], 'node-x', bare).pass()).toEqual([
      'required podAntiAffinity term [0] cannot reject this node: it has no label kubernetes.io/hostname; the kubelet sets kubernetes.io/hostname on every real node, so add it to the Node fixture']);
  });
});

// scoring.go PreScore/Score/NormalizeScore
describe('InterPodAffinity Score', () => {
  const S1 = { security: 'S1' };
  const nodes = [makeNode('node1', { region: 'China' }), makeNode('node2', { region: 'India' }), makeNode('node3', {})];
  const pref = (weight: number, t: PodAffinityTerm) => ({ weight, podAffinityTerm: t });
  const withAffinity = (p: Pod, affinity: object) => ({ ...p, spec: { ...p.spec, affinity } }) as Pod;
  function raw(incoming: Pod, existing: Pod[]) {
    const cluster = scoreCluster(nodes, existing, namespaces);
    const s = preScore(podInfo(toSubject(incoming)), cluster);
    return s && cluster.nodes.map((n) => score(s, n));
  }

  test('(ours) the incoming pod\'s preferred namespaceSelector is resolved to the namespaces it selects (plugin.go mergeAffinityTermNamespacesIfNotEmpty)', () => {
    const team1 = { ...inT('security', 'region', ['S1']), namespaceSelector: { matchLabels: { team: 'team1' } } } as PodAffinityTerm;
    const incoming = withAffinity(pod({ labels: S1 }), { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [pref(5, team1)] } });
    const existing = [on('node1', { namespace: 'subteam2-team1', labels: S1 }), on('node2', { namespace: 'subteam1-team2', labels: S1 })];
    expect(raw(incoming, existing)).toEqual([5, 0, 0]);
    const everywhere = withAffinity(pod({ labels: S1 }), { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [pref(3, { ...inT('security', 'region', ['S1']), namespaceSelector: {} } as PodAffinityTerm)] } });
    expect(raw(everywhere, existing)).toEqual([-3, -3, 0]);
  });

  test('(ours) an existing pod\'s list that does not parse is dropped; its other lists still score', () => {
    const existing = withAffinity(on('node1', { labels: { app: 'x' } }), {
      podAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: [inT('security', 'region', ['S1'])],
        preferredDuringSchedulingIgnoredDuringExecution: [pref(5, inT('security', 'region', ['S1'])), pref(7, inT('security', 'region', []))],
      },
    });
    expect(raw(pod({ labels: S1 }), [existing])).toEqual([1, 0, 0]);
  });

  // A real namespace always carries kubernetes.io/metadata.name (set by the API server), Namespace object given or not.
  test('(ours) an existing pod\'s namespaceSelector sees kubernetes.io/metadata.name of a namespace without a Namespace object', () => {
    const byName = { ...inT('security', 'region', ['S1']), namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'lonely' } } } as PodAffinityTerm;
    const existing = withAffinity(on('node2', {}), { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [pref(4, byName)] } });
    expect(raw(makePod('p', { namespace: 'lonely', labels: S1 }), [existing])).toEqual([0, 4, 0]);
  });

  test('(ours) preferred terms: listed namespaces, matchLabelKeys and mismatchLabelKeys (strategy.go mutatePodAffinity)', () => {
    const listed = withAffinity(pod({ labels: S1 }), { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [pref(5, { ...inT('security', 'region', ['S1']), namespaces: ['other'] } as PodAffinityTerm)] } });
    expect(raw(listed, [on('node1', { namespace: 'other', labels: S1 }), on('node2', { labels: S1 })])).toEqual([5, 0, 0]);
    const v2 = { ...S1, version: 'v2' };
    const keyed = withAffinity(pod({ labels: v2 }), { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [
      pref(5, { ...inT('security', 'region', ['S1']), matchLabelKeys: ['version'] } as PodAffinityTerm),
      pref(2, { ...inT('security', 'region', ['S1']), mismatchLabelKeys: ['version'] } as PodAffinityTerm)] } });
    expect(raw(keyed, [on('node1', { labels: { ...S1, version: 'v1' } }), on('node2', { labels: v2 })])).toEqual([2, 5, 0]);
    // an existing pod's terms get the same merge with its own labels
    const existing = withAffinity(on('node1', { labels: { version: 'v1' } }), { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [
      pref(3, { ...inT('security', 'region', ['S1']), matchLabelKeys: ['version'] } as PodAffinityTerm),
      pref(4, { ...inT('security', 'region', ['S1']), mismatchLabelKeys: ['version'] } as PodAffinityTerm)] } });
    expect(raw(pod({ labels: v2 }), [existing])).toEqual([4, 0, 0]);
    expect(raw(pod({ labels: { ...S1, version: 'v1' } }), [existing])).toEqual([3, 0, 0]);
  });

  test('only terms whose topologyKey the existing pod\'s node carries, and only required terms the incoming pod matches, score (scoring.go processExistingPod)', () => {
    const byZone = withAffinity(pod({ labels: S1 }), { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [pref(5, inT('security', 'zone', ['S1']))] } });
    expect(raw(byZone, [on('node1', { labels: S1 })])).toBeUndefined();
    const hardS2 = withAffinity(on('node1', {}), { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [inT('security', 'region', ['S2'])] } });
    expect(raw(pod({ labels: S1 }), [hardS2])).toBeUndefined();
    expect(raw(pod({ labels: { security: 'S2' } }), [hardS2])).toEqual([1, 0, 0]);
  });

  test('a node without labels contributes nothing; nothing contributed → PreScore skips', () => {
    const hard = withAffinity(on('node3', {}), { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [inT('security', 'region', ['S1'])] } });
    expect(raw(pod({ labels: S1 }), [hard])).toBeUndefined();
  });

  test('NormalizeScore: 100·(s − min)/(max − min), truncated; all 0 when max = min', () => {
    expect(normalize([1, 2, 4])).toEqual([0, 33, 100]);
    expect(normalize([-5, 0, 5])).toEqual([0, 50, 100]);
    expect(normalize([-3, -3])).toEqual([0, 0]);
    expect(normalize([2, 0, 2])).toEqual([100, 0, 100]);
    expect(normalize([])).toEqual([]);
  });
});

describe('existing pods assumed into an indexed snapshot (placeReplicas\' path)', () => {
  test('their required anti-affinity terms count for the next pod: In-bucketed, always-checked and never-matching terms', () => {
    const host = 'kubernetes.io/hostname';
    const nodes = ['n1', 'n2', 'n3', 'n4'].map((n) => makeNode(n, { [host]: n }));
    const snapshot = buildSnapshot(nodes, podsByNode([makePod('first', { nodeName: 'n1', podAntiAffinity: [{ labelSelector: { matchLabels: { app: 'db' } }, topologyKey: host }] })]));
    const ask = () => schedule(toSubject(makePod('db', { labels: { app: 'db' } })), nodes, undefined, undefined, snapshot).rejected.map((v) => v.node);
    expect(ask()).toEqual(['n1']);
    assumePod(snapshot, 'n2', makePod('in', { nodeName: 'n2', podAntiAffinity: [{ labelSelector: { matchExpressions: [{ key: 'app', operator: 'In', values: ['db', 'db'] }] }, topologyKey: host }] }));
    assumePod(snapshot, 'n3', makePod('exists', { nodeName: 'n3', podAntiAffinity: [{ labelSelector: { matchExpressions: [{ key: 'app', operator: 'Exists' }] }, topologyKey: host }] }));
    assumePod(snapshot, 'n4', makePod('none', { nodeName: 'n4', podAntiAffinity: [{ labelSelector: { matchLabels: { app: 'web' } }, topologyKey: host }] }));
    expect(ask()).toEqual(['n1', 'n2', 'n3']);
    // each pod's term counted once, in walk order
    const state = preFilterState(podInfo(toSubject(makePod('db', { labels: { app: 'db' } }))), snapshot) as PreFilterState;
    expect([...state.existingAntiAffinity].map(([pair, list]) => [pair.split('\u0000')[1], list.map((c) => c.pod.metadata!.name)])).toEqual([['n1', ['first']], ['n2', ['in']], ['n3', ['exists']]]);
  });
});

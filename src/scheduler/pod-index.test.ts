// The snapshot's pod index (issue 23 item 3) must give exactly what upstream's walk gives: PodTopologySpread's
// calPreFilterState walks every node and countPodsMatchSelector every pod on it (podtopologyspread/filtering.go,
// common.go); InterPodAffinity's PreFilter walks every node's pods (interpodaffinity/filtering.go
// getExistingAntiAffinityCounts, getIncomingAffinityAntiAffinityCounts) and its PreScore the pods with affinity
// (scoring.go PreScore, HavePodsWithAffinityList). The walks are written out here, over the same snapshot, and the
// states compared exactly — counts, the order domains and contributions come in (messages list them), and after
// pods are assumed into an indexed snapshot one at a time (placeReplicas), as a fresh snapshot of all the pods.
import fc from 'fast-check';
import type { KubeObject, Node, Pod } from '../core/types';
import { configure, resetConfiguration } from '../core/config';
import { nodeInfo, podInfo, type PodInfo } from './framework';
import { toSubject } from '../k8s/subject';
import { assumePod, buildSnapshot, groupByNode, isTerminating, podIndex, podLabels, podNamespace, snapshotFor, type Snapshot } from './snapshot';
import { preFilterState as spreadState } from './plugins/podtopologyspread/state';
import { preFilterState as affinityState, matchesAll, pair, type PreFilterState as AffinityState } from './plugins/interpodaffinity/state';
import { existingPodTerms, termMatches } from './plugins/interpodaffinity/terms';
import { NodeAffinity } from './plugins/nodeaffinity';
import { findUntoleratedTaint } from './plugins/tainttoleration';
import { selectorMatches } from '../k8s/label-selector';
import { preScore as affinityPreScore } from './plugins/interpodaffinity/scoring';
import { preScore as spreadPreScore } from './plugins/podtopologyspread/scoring';
import { makeNode, makePod } from '../../test/cluster/builders';

const ZONE = 'topology.kubernetes.io/zone';
const HOST = 'kubernetes.io/hostname';

// ---- the walks, as upstream writes them

function walkSpread(pod: PodInfo, snapshot: Snapshot, constraints: NonNullable<ReturnType<typeof spreadState>>['constraints']) {
  const counts = constraints.map(() => new Map<string, number>());
  const { namespace } = { namespace: podNamespace(pod.subject.object) };
  for (const node of snapshot.nodes) {
    const labels = node.info.labels;
    if (!constraints.every((c) => Object.prototype.hasOwnProperty.call(labels, c.topologyKey))) continue;
    constraints.forEach((c, i) => {
      if (c.nodeAffinityPolicy === 'Honor' && NodeAffinity.filter(pod, node.info, undefined as never)) return;
      if (c.nodeTaintsPolicy === 'Honor' && findUntoleratedTaint(node.info.taints, pod.tolerations, pod.comparisonOperators)) return;
      let n = 0;
      if (c.selector.kind !== 'everything') {
        for (const p of node.pods) if (!isTerminating(p) && podNamespace(p) === namespace && selectorMatches(c.selector, podLabels(p))) n++;
      }
      counts[i].set(labels[c.topologyKey], (counts[i].get(labels[c.topologyKey]) ?? 0) + n);
    });
  }
  return counts.map((m) => [...m]);
}

function walkAffinity(s: AffinityState, snapshot: Snapshot, nsLabels: Record<string, string>) {
  const maps = { existing: new Map<string, string[]>(), affinity: new Map<string, string[]>(), anti: new Map<string, string[]>() };
  const add = (m: Map<string, string[]>, k: string, v: string, who: string) => m.set(pair(k, v), [...(m.get(pair(k, v)) ?? []), who]);
  for (const node of snapshot.nodes) {
    const labels = node.info.labels;
    const has = (k: string) => Object.prototype.hasOwnProperty.call(labels, k);
    for (const p of node.pods) {
      const e = existingPodTerms(p);
      const who = (t: number) => `${p.metadata!.name}@${node.info.name}#${t}`;
      for (const t of e.requiredAntiAffinity) if (has(t.topologyKey) && termMatches(t, s.namespace, s.labels, nsLabels)) add(maps.existing, t.topologyKey, labels[t.topologyKey], who(t.index));
      if (matchesAll(s.affinityTerms, e.namespace, e.labels)) for (const t of s.affinityTerms) if (has(t.topologyKey)) add(maps.affinity, t.topologyKey, labels[t.topologyKey], who(t.index));
      for (const t of s.antiAffinityTerms) if (has(t.topologyKey) && termMatches(t, e.namespace, e.labels, undefined)) add(maps.anti, t.topologyKey, labels[t.topologyKey], who(t.index));
    }
  }
  return [maps.existing, maps.affinity, maps.anti].map((m) => [...m]);
}

const affinityMaps = (s: AffinityState) => [s.existingAntiAffinity, s.affinity, s.antiAffinity]
  .map((m) => [...m].map(([k, list]) => [k, list.map((c) => `${c.pod.metadata!.name}@${c.node}#${c.term}`)]));

// ---- generated clusters: few label values, so that selectors, domains and namespaces collide

const app = fc.constantFrom('a', 'b', 'c');
const selector = fc.oneof(
  app.map((a) => ({ matchLabels: { app: a } })),
  fc.subarray(['a', 'b', 'c'], { minLength: 1 }).map((values) => ({ matchExpressions: [{ key: 'app', operator: 'In', values }] })),
  fc.constant({ matchExpressions: [{ key: 'tier', operator: 'Exists' }] }),
  app.map((a) => ({ matchExpressions: [{ key: 'app', operator: 'NotIn', values: [a] }] })),
  fc.constant({}),
  fc.constant(undefined),
);
const topologyKey = fc.constantFrom(ZONE, HOST);
const term = fc.record({ labelSelector: selector, topologyKey, namespaces: fc.constantFrom(undefined, ['other'], ['default', 'other']) })
  .map((t) => Object.fromEntries(Object.entries(t).filter(([, v]) => v !== undefined)) as never);
const labels = fc.record({ app: fc.option(app, { nil: undefined }), tier: fc.option(fc.constantFrom('web', 'db'), { nil: undefined }) })
  .map((l) => Object.fromEntries(Object.entries(l).filter(([, v]) => v !== undefined)) as Record<string, string>);

const cluster = fc.record({
  nodes: fc.array(fc.record({ zone: fc.option(fc.constantFrom('z1', 'z2', 'z3'), { nil: undefined }), host: fc.boolean(), tainted: fc.boolean(), pool: fc.constantFrom('x', 'y') }), { minLength: 1, maxLength: 7 }),
  pods: fc.array(fc.record({ node: fc.nat(8), labels, other: fc.boolean(), terminating: fc.boolean(), anti: fc.option(term, { nil: undefined }), assumed: fc.boolean() }), { maxLength: 24 }),
  incoming: fc.record({
    labels,
    spread: fc.array(fc.record({ topologyKey, labelSelector: selector, maxSkew: fc.constant(1), whenUnsatisfiable: fc.constant('DoNotSchedule'), nodeAffinityPolicy: fc.constantFrom(undefined, 'Ignore'), nodeTaintsPolicy: fc.constantFrom(undefined, 'Honor') }), { maxLength: 2 }),
    soft: fc.array(fc.record({ topologyKey, labelSelector: selector, maxSkew: fc.constant(1), whenUnsatisfiable: fc.constant('ScheduleAnyway') }), { maxLength: 1 }),
    affinity: fc.array(term, { maxLength: 2 }),
    anti: fc.array(term, { maxLength: 2 }),
    preferred: fc.array(term, { maxLength: 1 }),
    nodeSelector: fc.option(fc.constantFrom({ pool: 'x' }), { nil: undefined }),
  }),
});

type Generated = typeof cluster extends fc.Arbitrary<infer T> ? T : never;

function objects(g: Generated) {
  const nodes: Node[] = g.nodes.map((n, i) => makeNode(`n${i}`, {
    ...(n.zone ? { [ZONE]: n.zone } : {}), ...(n.host ? { [HOST]: `n${i}` } : {}), pool: n.pool,
  }, n.tainted ? [{ key: 'dedicated', value: 'x', effect: 'NoSchedule' }] : undefined));
  const pods: Pod[] = g.pods.map((p, i) => makePod(`p${i}`, {
    nodeName: p.node < nodes.length ? `n${p.node}` : 'ghost', labels: p.labels, namespace: p.other ? 'other' : 'default',
    terminating: p.terminating, ...(p.anti ? { podAntiAffinity: [p.anti] } : {}),
  }));
  const i = g.incoming;
  const pod = makePod('incoming', {
    labels: i.labels, spread: [...i.spread, ...i.soft] as never, nodeSelector: i.nodeSelector,
    ...(i.affinity.length ? { podAffinity: i.affinity } : {}), ...(i.anti.length ? { podAntiAffinity: i.anti } : {}),
  });
  if (i.preferred.length) {
    pod.spec!.affinity = { ...pod.spec!.affinity, podAffinity: { ...pod.spec!.affinity?.podAffinity, preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 5, podAffinityTerm: i.preferred[0] }] } };
  }
  pod.spec!.tolerations = [{ key: 'dedicated', operator: 'Exists', effect: 'NoSchedule' }];
  return { nodes, pods, pod };
}

const namespaces = [{ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'other', labels: { team: 'o' } } }] as unknown as KubeObject[];

/** The states over `snapshot` equal the walks over it; returns them for comparing two snapshots. */
function checkAgainstWalks(pod: PodInfo, snapshot: Snapshot) {
  let spread: ReturnType<typeof spreadState>;
  try {
    spread = spreadState(pod, snapshot);
  } catch {
    return 'unparsable';
  }
  if (spread) expect(spread.counts.map((m) => [...m])).toEqual(walkSpread(pod, snapshot, spread.constraints));
  const affinity = affinityState(pod, snapshot);
  if (affinity && !('plugin' in affinity)) {
    const ns = podNamespace(pod.subject.object);
    expect(affinityMaps(affinity)).toEqual(walkAffinity(affinity, snapshot, snapshot.namespaceLabels.get(ns) ?? { 'kubernetes.io/metadata.name': ns }));
  }
  const infos = snapshot.nodes.map((n) => snapshot.byName.get(n.info.name)!);
  return {
    spread: spread && spread.counts.map((m) => [...m]),
    affinity: affinity && !('plugin' in affinity) ? affinityMaps(affinity) : affinity,
    spreadScore: spreadPreScore(pod, infos, snapshot)?.counts.map((m) => [...m]),
    affinityScore: [...(affinityPreScore(pod, snapshot)?.topologyScore ?? [])].map(([k, m]) => [k, [...m]]),
  };
}

test('PreFilter and PreScore states from the pod index equal the walks over every node, before and after pods are assumed', () => {
  fc.assert(fc.property(cluster, (g) => {
    const { nodes, pods, pod } = objects(g);
    const info = podInfo(toSubject(pod));
    const fresh = buildSnapshot(nodes, groupByNode(pods), namespaces);
    checkAgainstWalks(info, fresh);
    // a second pod over the same snapshot, with and without a nodeSelector (eligible nodes are shared per snapshot
    // only when no constraint's inclusion depends on the pod)
    const other = { ...pod, metadata: { ...pod.metadata, name: 'second' }, spec: { ...pod.spec!, nodeSelector: pod.spec!.nodeSelector ? undefined : { pool: 'y' } } } as Pod;
    checkAgainstWalks(podInfo(toSubject(other)), fresh);
    checkAgainstWalks(podInfo(toSubject({ ...pod, metadata: { ...pod.metadata, name: 'third' } } as Pod)), fresh);
    // the same pods, some of them assumed one at a time into an already indexed snapshot (placeReplicas' path)
    const before = pods.filter((_, i) => !g.pods[i].assumed);
    const incremental = buildSnapshot(nodes, groupByNode(before), namespaces);
    podIndex(incremental);
    pods.forEach((p, i) => g.pods[i].assumed && assumePod(incremental, p.spec!.nodeName!, p));
    // assumed pods go last on their node, so compare with a fresh snapshot holding them in that order
    const reordered = buildSnapshot(nodes, groupByNode([...before, ...pods.filter((_, i) => g.pods[i].assumed)]), namespaces);
    expect(checkAgainstWalks(podInfo(toSubject(pod)), incremental)).toEqual(checkAgainstWalks(podInfo(toSubject(pod)), reordered));
  }), { numRuns: 300 });
});

describe('snapshotFor: one snapshot per cluster, and when it is built again', () => {
  const nodes = [makeNode('a', { [HOST]: 'a' }), makeNode('b', { [HOST]: 'b' })];
  const pods = [makePod('x', { nodeName: 'a', labels: { app: 'web' } })];
  afterEach(() => resetConfiguration());

  test('the same objects, in the same or a fresh array, give the same snapshot', () => {
    const s = snapshotFor(nodes, pods, namespaces);
    expect(snapshotFor(nodes, pods, namespaces)).toBe(s);
    expect(snapshotFor([...nodes], [...pods], [...namespaces])).toBe(s);
  });

  test('a pod added, removed or replaced, a node replaced, or other namespaces: a fresh snapshot', () => {
    const list = [...pods];
    const s = snapshotFor(nodes, list);
    list.push(makePod('y', { nodeName: 'b', labels: { app: 'web' } }));
    const pushed = snapshotFor(nodes, list);
    expect(pushed).not.toBe(s);
    expect(pushed.byName.get('b')!.pods.map((p) => p.metadata!.name)).toEqual(['y']);
    list[1] = makePod('z', { nodeName: 'b' });
    expect(snapshotFor(nodes, list)).not.toBe(pushed);
    expect(snapshotFor(nodes, [])).not.toBe(s);
    expect(snapshotFor([nodes[0], makeNode('b', { [HOST]: 'b', zone: 'z' })], pods)).not.toBe(s);
    expect(snapshotFor(nodes, pods, [])).not.toBe(snapshotFor(nodes, pods, namespaces));
  });

  test('configure() and resetConfiguration() drop it: the documented reset after changing an object in place', () => {
    const node = makeNode('c', { [HOST]: 'c' });
    const s = snapshotFor([node], pods);
    // an in-place edit of the same object is not detected (the snapshot keeps what it read) ...
    node.metadata!.name = 'renamed';
    expect(snapshotFor([node], pods)).toBe(s);
    // ... until the settings change (configure, resetConfiguration, withConfiguration)
    configure({});
    const again = snapshotFor([node], pods);
    expect(again).not.toBe(s);
    expect([...again.byName.keys()]).toEqual(['renamed']);
    resetConfiguration();
    expect(snapshotFor([node], pods)).not.toBe(again);
    expect(nodeInfo(node).name).toBe('renamed');
  });
});

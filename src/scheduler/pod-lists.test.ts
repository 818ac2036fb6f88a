// The pod index makes its lists from `all` when first read (a pod's first answer reads the pods with required
// anti-affinity alone, not the label indexes). Pods assumed since join the lists made already and are found by those
// made later: every list is what an index of a snapshot built with those pods holds, whichever was read first.
import type { Node, Pod } from '../core/types';
import { assumePod, buildSnapshot, groupByNode, podIndex, snapshotFor, type PodIndex, type PodRef } from './snapshot';

const node = (name: string): Node => ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name } } });
const anti = { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'a' } }, topologyKey: 'kubernetes.io/hostname' }] } };
const soft = { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, podAffinityTerm: { labelSelector: { matchLabels: { app: 'b' } }, topologyKey: 'kubernetes.io/hostname' } }] } };
const pod = (name: string, nodeName: string, namespace: string, labels: Record<string, string>, affinity?: object): Pod => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace, labels }, spec: { nodeName, containers: [], ...(affinity ? { affinity } : {}) },
});

const nodes = [node('n0'), node('n1'), node('n2')];
const given = [
  pod('a', 'n1', 'default', { app: 'a' }, anti), pod('b', 'n0', 'other', { app: 'b', tier: 'x' }),
  pod('c', 'n2', 'default', { app: 'b' }, soft), pod('d', 'n1', 'other', {}),
];
const assumed = [pod('e', 'n0', 'default', { app: 'a', tier: 'y' }, anti), pod('f', 'n2', 'other', { tier: 'x' }, soft), pod('g', 'n1', 'default', { app: 'b', only: 'g' })];

/** Each list as pod names (refs compared by what they point at), in the order the index holds them. */
function lists(index: PodIndex) {
  const names = (refs: readonly PodRef[]) => refs.map((r) => `${r.pod.metadata!.name}@${r.node.info.name}:${r.seq}`);
  const map = <V, W>(m: Map<string, V>, f: (v: V) => W) => Object.fromEntries([...m].map(([k, v]) => [k, f(v)]));
  return {
    all: names(index.all),
    byNamespace: map(index.byNamespace, names),
    byKey: map(index.byKey, names),
    byLabel: map(index.byLabel, (values) => map(values, names)),
    withAffinity: names(index.withAffinity),
    withRequiredAntiAffinity: names(index.withRequiredAntiAffinity),
  };
}

// assumed pods go last on their node, as a snapshot built with them after the others holds them
const expected = () => lists(podIndex(buildSnapshot(nodes, groupByNode([...given, ...assumed]))));
const readers: Array<[string, (index: PodIndex) => unknown]> = [
  ['nothing', () => undefined],
  ['the pods with required anti-affinity', (i) => i.withRequiredAntiAffinity],
  ['the label indexes', (i) => i.byLabel],
  ['the label keys', (i) => i.byKey],
  ['the namespaces', (i) => i.byNamespace],
  ['the pods with pod affinity', (i) => i.withAffinity],
  // one key's lists before the whole index, and a key only an assumed pod has
  ['some keys\' lists', (i) => [i.valuesOf('app'), i.withKey('tier'), i.withKey('only'), i.valuesOf('only')]],
  ['every list', (i) => lists(i)],
];

test.each(readers)('lists read before pods are assumed (%s) hold them after, as a fresh index does', (_, read) => {
  const snapshot = buildSnapshot(nodes, groupByNode(given));
  read(podIndex(snapshot));
  for (const p of assumed) assumePod(snapshot, p.spec!.nodeName!, p);
  const index = podIndex(snapshot);
  // one key's lists (made per key before the whole index, or from it) agree with a fresh index's
  const fresh = podIndex(buildSnapshot(nodes, groupByNode([...given, ...assumed])));
  const seen = (refs: readonly PodRef[] | undefined) => refs?.map((r) => `${r.pod.metadata!.name}@${r.node.info.name}:${r.seq}`);
  for (const key of ['app', 'tier', 'only', 'none']) {
    expect(seen(index.withKey(key))).toEqual(seen(fresh.withKey(key)));
    expect([...(index.valuesOf(key) ?? [])].map(([v, refs]) => [v, seen(refs)])).toEqual([...(fresh.valuesOf(key) ?? [])].map(([v, refs]) => [v, seen(refs)]));
  }
  // the whole label index read first, then each list (lists() reads byKey before byLabel)
  const byLabel = Object.fromEntries([...index.byLabel].map(([k, v]) => [k, Object.fromEntries([...v].map(([value, refs]) => [value, refs.map((r) => `${r.pod.metadata!.name}@${r.node.info.name}:${r.seq}`)]))]));
  expect(byLabel).toEqual(expected().byLabel);
  expect(lists(index)).toEqual(expected());
  expect(podIndex(snapshot).withRequiredAntiAffinity.map((r) => r.pod.metadata!.name)).toEqual(['e', 'a']);
});

test.each([['`all` first', false], ['the pods with required anti-affinity first', true]])('every list holds the refs of `all`, the same objects (%s)', (_, antiFirst) => {
  const snapshot = buildSnapshot(nodes, groupByNode(given));
  const index = podIndex(snapshot);
  const anti = antiFirst ? index.withRequiredAntiAffinity : undefined;
  assumePod(snapshot, 'n0', assumed[0]);
  const all = new Set(index.all);
  expect(all.size).toBe(given.length + 1);
  for (const ref of [...index.withAffinity, ...index.withRequiredAntiAffinity, ...[...index.byNamespace.values()].flat(), ...[...index.byKey.values()].flat()]) expect(all.has(ref)).toBe(true);
  if (anti) expect(index.withRequiredAntiAffinity).toBe(anti);
});

test("a shared snapshot's anti-affinity list (its seqs found while building) read after `all` holds the refs of `all`", () => {
  const index = podIndex(snapshotFor(nodes.map((n) => ({ ...n })), [...given, ...assumed]));
  const all = new Set(index.all);
  const anti = index.withRequiredAntiAffinity;
  expect(anti.map((r) => r.pod.metadata!.name)).toEqual(['e', 'a']);
  for (const r of anti) expect(all.has(r)).toBe(true);
});

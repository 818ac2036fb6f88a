// InterPodAffinity's PreFilter state (state.ts) at its edges: the order existing pods' anti-affinity terms are met
// (one pod's terms in order, pods assumed out of node order), the pods matching every affinity term, and AddPod /
// RemovePod (filtering.go updateWithPod). Each test builds its own nodes, pods and snapshot.
import type { Node, Pod } from '../../../core/types';
import type { PodAffinityTerm } from 'kubernetes-types/core/v1';
import { toSubject } from '../../../k8s/subject';
import { podInfo } from '../../framework';
import { assumePod, buildSnapshot, podIndex } from '../../snapshot';
import { podsByNode, schedule } from '../../index';
import { InterPodAffinity, preFilterState, type PreFilterState } from '.';
import { makeNode, makePod } from '../../../../test/cluster/builders';

const ANTI = 'spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution';
const inT = (key: string, topologyKey: string, values: string[]): PodAffinityTerm => ({ topologyKey, labelSelector: { matchExpressions: [{ key, operator: 'In', values }] } });
const existsT = (key: string, topologyKey: string): PodAffinityTerm => ({ topologyKey, labelSelector: { matchExpressions: [{ key, operator: 'Exists' }] } });
const counts = (m: Map<string, unknown[]>) => Object.fromEntries([...m].map(([k, v]) => [k.replace('\u0000', '='), v.length]));
const details = (incoming: Pod, nodes: Node[], existing: Pod[], node: string) =>
  schedule(toSubject(incoming), nodes, existing).rejected.find((v) => v.node === node)?.status?.details;

// filtering.go getExistingAntiAffinityCounts walks the nodes, each node's PodsWithRequiredAntiAffinity, and each
// pod's terms in order: a topology pair lists them so, and the message names them so.
describe('existing pods\' required anti-affinity: the order the walk meets them', () => {
  test('one pod\'s terms in order, one bucketed by its In requirement and one checked always', () => {
    const nodes = [makeNode('node-a', { zone: 'z1' })];
    const guard = makePod('guard', { nodeName: 'node-a', podAntiAffinity: [inT('app', 'zone', ['web']), existsT('app', 'zone')] });
    expect(details(makePod('p', { labels: { app: 'web' } }), nodes, [guard], 'node-a')).toEqual([
      `Pod default/guard on node-a has ${ANTI}[0] (topologyKey zone, labelSelector app=web, namespaces [default]), which this pod matches, in zone=z1`,
      `Pod default/guard on node-a has ${ANTI}[1] (topologyKey zone, labelSelector app, namespaces [default]), which this pod matches, in zone=z1`,
    ]);
  });

  test('the term named is the one the pod matches', () => {
    const nodes = [makeNode('node-a', { zone: 'z1' })];
    const guard = makePod('guard', { nodeName: 'node-a', podAntiAffinity: [inT('app', 'zone', ['db']), inT('app', 'zone', ['web'])] });
    expect(details(makePod('p', { labels: { app: 'web' } }), nodes, [guard], 'node-a')).toEqual([
      `Pod default/guard on node-a has ${ANTI}[1] (topologyKey zone, labelSelector app=web, namespaces [default]), which this pod matches, in zone=z1`,
    ]);
  });

  test('a pod assumed on an earlier node after the buckets were made is met in node order', () => {
    const nodes = [makeNode('n1', { zone: 'z' }), makeNode('n2', { zone: 'z' }), makeNode('n3', { zone: 'y' })];
    const guard = (name: string, node: string) => makePod(name, { nodeName: node, podAntiAffinity: [inT('app', 'zone', ['web'])] });
    const snapshot = buildSnapshot(nodes, podsByNode([guard('g2', 'n2')]));
    const ask = () => schedule(toSubject(makePod('p', { labels: { app: 'web' } })), nodes, undefined, undefined, snapshot).rejected;
    expect(ask().map((v) => v.node)).toEqual(['n1', 'n2']);
    assumePod(snapshot, 'n1', guard('g1', 'n1'));
    const line = (name: string, node: string) => `Pod default/${name} on ${node} has ${ANTI}[0] (topologyKey zone, labelSelector app=web, namespaces [default]), which this pod matches, in zone=z`;
    expect(ask().find((v) => v.node === 'n2')!.status!.details).toEqual([line('g1', 'n1'), line('g2', 'n2')]);
  });
});

// filtering.go getIncomingAffinityAntiAffinityCounts: a pod is counted for the affinity terms only when it matches
// all of them (podInfo.RequiredAffinityTerms, framework.AffinityTerm.Matches each).
test('affinity: only the pods matching every term are counted', () => {
  const nodes = [makeNode('node-a', { zone: 'z1' }), makeNode('node-b', { zone: 'z2' })];
  const existing = [
    makePod('db-only', { nodeName: 'node-a', labels: { app: 'db' } }),
    makePod('db-back', { nodeName: 'node-b', labels: { app: 'db', tier: 'back' } }),
    makePod('x-back', { nodeName: 'node-a', labels: { app: 'x', tier: 'back' } }),
  ];
  const incoming = makePod('p', { podAffinity: [inT('app', 'zone', ['db']), inT('tier', 'zone', ['back'])] });
  const s = preFilterState(podInfo(toSubject(incoming)), buildSnapshot(nodes, podsByNode(existing))) as PreFilterState;
  expect(counts(s.affinity)).toEqual({ 'zone=z2': 2 });
  expect(schedule(toSubject(incoming), nodes, existing).feasible.map((v) => v.node)).toEqual(['node-b']);
});

// filtering.go PreFilterExtensions AddPod / RemovePod (updateWithPod): the pod added or removed is counted as
// PreFilter would count it, in its node's pair of each term's topologyKey; a pair whose count reaches 0 is deleted.
describe('AddPod / RemovePod', () => {
  const setup = (existing: Pod[] = []) => {
    const nodes = [makeNode('node-a', { zone: 'z1', region: 'r1' }), makeNode('node-b', { region: 'r1' }), makeNode('node-c', { zone: 'z2', region: 'r2' })];
    const snapshot = buildSnapshot(nodes, podsByNode(existing));
    const info = podInfo(toSubject(makePod('p', { labels: { app: 'db' }, podAffinity: [inT('app', 'zone', ['db'])],
      podAntiAffinity: [inT('app', 'zone', ['cache']), inT('app', 'region', ['cache'])] })));
    const state = preFilterState(info, snapshot) as PreFilterState;
    const node = (name: string) => snapshot.byName.get(name)!;
    return { info, state, node };
  };

  test('a pod matching two anti-affinity terms is counted for both, with itself, its node and the term', () => {
    const { info, state, node } = setup();
    const cache = makePod('cache', { nodeName: 'node-a', labels: { app: 'cache' } });
    const s = InterPodAffinity.addPod!(info, state, cache, node('node-a'));
    expect(counts(s.antiAffinity)).toEqual({ 'zone=z1': 1, 'region=r1': 1 });
    expect([...s.antiAffinity.values()]).toEqual([[{ pod: cache, node: 'node-a', term: 0 }], [{ pod: cache, node: 'node-a', term: 1 }]]);
    expect(state.antiAffinity.size).toBe(0);
    expect(InterPodAffinity.filter(info, node('node-a'), s)).toMatchObject({ reasons: ["node(s) didn't match pod anti-affinity rules"] });
  });

  test('a node without a term\'s topologyKey counts nothing for it', () => {
    const { info, state, node } = setup();
    const s = InterPodAffinity.addPod!(info, state, makePod('cache', { nodeName: 'node-b', labels: { app: 'cache' } }), node('node-b'));
    expect(counts(s.antiAffinity)).toEqual({ 'region=r1': 1 });
  });

  test('a pod matching nothing leaves the state as it was; one matching the affinity term is counted', () => {
    const { info, state, node } = setup();
    expect(InterPodAffinity.addPod!(info, state, makePod('other', { nodeName: 'node-c', labels: { app: 'other' } }), node('node-c'))).toBe(state);
    const s = InterPodAffinity.addPod!(info, state, makePod('db', { nodeName: 'node-c', labels: { app: 'db' } }), node('node-c'));
    expect([counts(s.affinity), counts(s.antiAffinity)]).toEqual([{ 'zone=z2': 1 }, {}]);
  });

  test('removing a pod takes only its own contributions; the last one deletes the pair', () => {
    const c1 = makePod('c1', { nodeName: 'node-a', labels: { app: 'cache' } });
    const c2 = makePod('c2', { nodeName: 'node-a', labels: { app: 'cache' } });
    const { info, state, node } = setup([c1, c2]);
    expect(counts(state.antiAffinity)).toEqual({ 'zone=z1': 2, 'region=r1': 2 });
    const one = InterPodAffinity.removePod!(info, state, c1, node('node-a'));
    expect([...one.antiAffinity.values()]).toEqual([[{ pod: c2, node: 'node-a', term: 0 }], [{ pod: c2, node: 'node-a', term: 1 }]]);
    const none = InterPodAffinity.removePod!(info, one, c2, node('node-a'));
    expect(none.antiAffinity.size).toBe(0);
    // (the pod matches its own affinity term, and no pod anywhere does: it may start the group)
    expect(InterPodAffinity.filter(info, node('node-a'), none)).toBeUndefined();
  });
});

// A pod without required terms of its own, in a cluster whose pods have required anti-affinity, reads those pods'
// terms alone: the list of every pod is not made for it (at 20,000 pods that walk was a tenth of the first answer).
test('a pod without terms of its own does not make the list of every pod', () => {
  const nodes = [makeNode('node-a', { zone: 'z1' }), makeNode('node-b', { zone: 'z2' })];
  const existing = [
    makePod('guard', { nodeName: 'node-a', labels: { app: 'db' }, podAntiAffinity: [inT('app', 'zone', ['web'])] }),
    makePod('plain', { nodeName: 'node-b', labels: { app: 'db' } }),
  ];
  const snapshot = buildSnapshot(nodes, podsByNode(existing));
  const all = jest.spyOn(podIndex(snapshot), 'all', 'get');
  const state = preFilterState(podInfo(toSubject(makePod('p', { labels: { app: 'web' } }))), snapshot) as PreFilterState;
  expect(counts(state.existingAntiAffinity)).toEqual({ 'zone=z1': 1 });
  expect(all).not.toHaveBeenCalled();
});

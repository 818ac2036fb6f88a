// The pod index's narrowing (snapshot.ts candidates, union): the cluster plugins check each candidate in full, so a
// wider list gives the same verdicts and only costs time. What is checked here is the contract the plugins' speed
// rests on: the shortest list an In or Exists requirement, or the namespace, allows, in seq (node, then pod) order,
// each pod once; nothing for a selector that matches nothing; every pod when nothing narrows.
import type { Pod } from '../core/types';
import { EVERYTHING, NOTHING, parseLabelSelector, POD_TEMPLATE_HASH, THIS_REVISION, withRevision } from '../k8s/label-selector';
import { buildSnapshot, candidates, groupByNode, podIndex, union, type PodRef } from './snapshot';
import { makeNode, makePod } from '../../test/cluster/builders';

// node-a: a1 (app=web, tier=front), a2 (app=db), a3 (other ns, app=web); node-b: b1 (app=web), b2 (tier=back), b3 (no labels)
const PODS: Pod[] = [
  makePod('a1', { nodeName: 'node-a', labels: { app: 'web', tier: 'front' } }),
  makePod('a2', { nodeName: 'node-a', labels: { app: 'db' } }),
  makePod('a3', { nodeName: 'node-a', labels: { app: 'web' }, namespace: 'other' }),
  makePod('b1', { nodeName: 'node-b', labels: { app: 'web' } }),
  makePod('b2', { nodeName: 'node-b', labels: { tier: 'back' } }),
  makePod('b3', { nodeName: 'node-b' }),
];
const names = (refs: readonly PodRef[]) => refs.map((r) => r.pod.metadata!.name);
const fresh = () => podIndex(buildSnapshot([makeNode('node-a', {}), makeNode('node-b', {})], groupByNode(PODS)));
const sel = (s: object) => parseLabelSelector(s);

describe('candidates', () => {
  test('nothing for a selector that matches nothing, every pod when nothing narrows', () => {
    expect(candidates(fresh(), NOTHING)).toEqual([]);
    expect(names(candidates(fresh(), EVERYTHING))).toEqual(['a1', 'a2', 'a3', 'b1', 'b2', 'b3']);
    expect(names(candidates(fresh(), sel({ matchExpressions: [{ key: 'app', operator: 'NotIn', values: ['db'] }] })))).toEqual(['a1', 'a2', 'a3', 'b1', 'b2', 'b3']);
    expect(names(candidates(fresh(), sel({ matchExpressions: [{ key: 'app', operator: 'DoesNotExist' }] })))).toEqual(['a1', 'a2', 'a3', 'b1', 'b2', 'b3']);
  });

  test('In narrows to the pods with one of the values, Exists to the pods with the key, in seq order', () => {
    expect(names(candidates(fresh(), sel({ matchLabels: { app: 'web' } })))).toEqual(['a1', 'a3', 'b1']);
    expect(names(candidates(fresh(), sel({ matchExpressions: [{ key: 'app', operator: 'In', values: ['db', 'web', 'db'] }] })))).toEqual(['a1', 'a2', 'a3', 'b1']);
    expect(names(candidates(fresh(), sel({ matchExpressions: [{ key: 'app', operator: 'In', values: ['db', 'none'] }] })))).toEqual(['a2']);
    expect(names(candidates(fresh(), sel({ matchExpressions: [{ key: 'tier', operator: 'Exists' }] })))).toEqual(['a1', 'b2']);
    expect(candidates(fresh(), sel({ matchLabels: { app: 'none' } }))).toEqual([]);
    expect(candidates(fresh(), sel({ matchLabels: { nokey: 'x' } }))).toEqual([]);
  });

  test('of several requirements, the shortest list; an empty one ends the search', () => {
    // app=web: 3 pods, tier exists: 2 pods, the later and shorter wins (and the earlier when it is shorter)
    expect(names(candidates(fresh(), sel({ matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'Exists' }] })))).toEqual(['a1', 'b2']);
    expect(names(candidates(fresh(), sel({ matchLabels: { tier: 'front' }, matchExpressions: [{ key: 'app', operator: 'Exists' }] })))).toEqual(['a1']);
    // two lists of one length: the first (in the order written) stays
    expect(names(candidates(fresh(), sel({ matchLabels: { tier: 'back', app: 'db' } })))).toEqual(['b2']);
    expect(names(candidates(fresh(), sel({ matchLabels: { app: 'db', tier: 'back' } })))).toEqual(['a2']);
    expect(candidates(fresh(), sel({ matchLabels: { app: 'none', tier: 'front' } }))).toEqual([]);
  });

  test('the namespace narrows when no requirement does, or when its list is shorter', () => {
    expect(names(candidates(fresh(), EVERYTHING, 'other'))).toEqual(['a3']);
    expect(names(candidates(fresh(), EVERYTHING, 'none'))).toEqual([]);
    // app=web (3) then the namespace's list, made by the first call (1 pod, shorter)
    const index = fresh();
    candidates(index, EVERYTHING, 'other');
    expect(names(candidates(index, sel({ matchLabels: { app: 'web' } }), 'other'))).toEqual(['a3']);
    // the namespace's list (5 in default) is longer than tier=front's (1)
    expect(names(candidates(index, sel({ matchLabels: { tier: 'front' } }), 'default'))).toEqual(['a1']);
    // and a list of one length as the namespace's: the requirement's stays
    expect(names(candidates(index, sel({ matchLabels: { app: 'web' } }), 'default'))).toEqual(['a1', 'a3', 'b1']);
    // before the namespace's list is made, a requirement's list is not narrowed by it (made only when nothing narrows)
    expect(names(candidates(fresh(), sel({ matchLabels: { app: 'web' } }), 'other'))).toEqual(['a1', 'a3', 'b1']);
  });

  test('a pod-template-hash stand-in (this revision) reads the pods with the key, whatever the value', () => {
    const pods = [
      makePod('h1', { nodeName: 'node-a', labels: { [POD_TEMPLATE_HASH]: 'abc', app: 'x' } }),
      makePod('h2', { nodeName: 'node-a', labels: { app: 'x' } }),
      makePod('h3', { nodeName: 'node-b', labels: { [POD_TEMPLATE_HASH]: 'def' } }),
    ];
    const index = podIndex(buildSnapshot([makeNode('node-a', {}), makeNode('node-b', {})], groupByNode(pods)));
    const revision = { namespace: 'default', selector: sel({ matchLabels: { app: 'x' } }) };
    expect(names(candidates(index, withRevision(EVERYTHING, revision)))).toEqual(['h1', 'h3']);
    // written as a plain value, THIS_REVISION is a value no pod carries
    expect(candidates(index, sel({ matchLabels: { [POD_TEMPLATE_HASH]: THIS_REVISION } }))).toEqual([]);
  });
});

describe('union', () => {
  const index = fresh();
  const web = candidates(index, sel({ matchLabels: { app: 'web' } }));
  const tier = candidates(index, sel({ matchExpressions: [{ key: 'tier', operator: 'Exists' }] }));

  test('each pod once, in seq order', () => {
    expect(names(union([web, tier]))).toEqual(['a1', 'a3', 'b1', 'b2']);
    expect(names(union([tier, [], web]))).toEqual(['a1', 'a3', 'b1', 'b2']);
  });

  test('one non-empty list is itself; none is empty', () => {
    expect(union([[], tier, []])).toBe(tier);
    expect(union([])).toEqual([]);
    expect(union([[], []])).toEqual([]);
  });
});

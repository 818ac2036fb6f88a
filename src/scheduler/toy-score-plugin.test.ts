// Issue 33: a Score plugin is its folder plus one line in the profile, as a Filter plugin is (toy-plugin.test.ts).
// The toy Score plugin (./toyprefer) is added with that one line and nothing else, and shows up everywhere a built-in
// Score plugin does: rankNodes' totals, plugins and PreScore skips, and toPrefer's message.
import { DEFAULT_PROFILE, withProfile } from './profile';
import { rankNodes } from '../engine/objects';
import { failure } from '../../test/fixtures';
import { deployment, zonedNode } from '../../test/outage/cluster';
import { INDIFFERENT_LABEL, PREFERENCE_LABEL, ToyPrefer } from '../../test/plugins/toyprefer';

// the one line
const withToy = <T>(fn: () => T) => withProfile({ score: [...DEFAULT_PROFILE.score, { plugin: ToyPrefer, weight: 5 }] }, fn);

const web = deployment('web', 1, '500m');
const a1 = zonedNode('a1', 'a');
const b1 = zonedNode('b1', 'b', '4', { [PREFERENCE_LABEL]: '40' });
const totals = () => rankNodes(web, [a1, b1]).map((s) => [s.node, s.total]);

test('without the line, the toy plugin is nowhere: the two alike nodes tie', () => {
  const ranked = rankNodes(web, [a1, b1]);
  expect(ranked.map((s) => s.total)).toEqual([ranked[0].total, ranked[0].total]);
  expect(ranked.flatMap((s) => s.plugins.map((p) => p.plugin))).not.toContain('ToyPrefer');
});

test('rankNodes: its weighted, normalised score is in the totals, and it is listed last, at its weight, with its detail', () => {
  const before = rankNodes(web, [a1, b1]);
  const base = before.find((s) => s.node === 'b1')!;
  withToy(() => {
    expect(totals()).toEqual([['b1', base.total + 5 * 100], ['a1', base.total]]);
    const [b, a] = rankNodes(web, [a1, b1]);
    expect(b.plugins.at(-1)).toEqual({ plugin: 'ToyPrefer', weight: 5, score: 100, raw: 40, detail: `node b1 is labelled ${PREFERENCE_LABEL}=40` });
    expect(a.plugins.at(-1)).toEqual({ plugin: 'ToyPrefer', weight: 5, score: 0, raw: 0, detail: `node a1 is labelled ${PREFERENCE_LABEL}=0` });
    // the built-in plugins and their own fields of the answer are as before
    expect(b.plugins.slice(0, -1)).toEqual(base.plugins);
    expect(b.taintToleration).toEqual(base.taintToleration);
  });
});

test('its PreScore Skip is listed with its reason, and it adds nothing', () => {
  const indifferent = deployment('web', 1, '500m');
  (indifferent.spec.template.metadata.labels as Record<string, string>)[INDIFFERENT_LABEL] = 'true';
  withToy(() => {
    const [first] = rankNodes(indifferent, [a1, b1]);
    expect(first.skipped).toContainEqual({ plugin: 'ToyPrefer', reason: 'the pod is indifferent' });
    expect(first.plugins.map((p) => p.plugin)).not.toContain('ToyPrefer');
  });
});

test("toPrefer: the toy plugin's score decides, and its line is in the message", () => {
  expect(failure(() => expect(web).toPrefer(b1).over(a1))).toContain('(a tie: the scheduler picks either)');
  withToy(() => {
    expect(web).toPrefer(b1).over(a1);
    const message = failure(() => expect(web).toPrefer(a1).over(b1));
    expect(message).toContain(' + 5 × ToyPrefer 0\n');
    expect(message).toContain(' + 5 × ToyPrefer 100\n');
    expect(message).toContain(`    ToyPrefer: node b1 is labelled ${PREFERENCE_LABEL}=40`);
  });
});

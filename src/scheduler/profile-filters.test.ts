// The Filter plugins of a changed profile, as the framework runs them (pkg/scheduler/framework/runtime/framework.go
// RunFilterPlugins): a plugin its PreFilter Skipped is not run (state.SkipFilterPlugins), the others run in the
// profile's order and the first that does not return Success decides the node's status. Each test builds its own
// pods and nodes: the framework keeps per-object caches (PodInfo, prepared node arrays).
import type { Node, Pod } from '../core/types';
import { toSubject } from '../k8s/subject';
import { filterPlugin, rejection, type FilterPlugin } from './framework';
import { DEFAULT_PROFILE, withProfile } from './profile';
import { schedule } from '.';
import { scheduleOnNode } from '../engine';

const node = (name: string, labels: Record<string, string> = {}): Node => ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels } });
const pod = (labels: Record<string, string> = {}): Pod =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default', labels }, spec: { containers: [{ name: 'c', image: 'i' }] } });

/** A test plugin that rejects the nodes labelled `label`=true, or every node when no label is given. */
const rejecter = (name: string, label: string | undefined, extras: Parameters<typeof filterPlugin>[4] = {}): FilterPlugin => {
  const REJECTED = rejection(name, 'UnschedulableAndUnresolvable', [`node(s) were rejected by ${name}`]);
  return filterPlugin(
    name,
    { node: [], labels: () => (label ? [label] : []) },
    (_pod, n) => (label === undefined || n.labels[label] === 'true' ? REJECTED : undefined),
    (_pod, n) => [`${name} rejects ${n.name}`],
    extras,
  );
};
// Skips every pod at PreFilter; it would reject every node if run.
const Skipped = rejecter('Skipped', undefined, { skips: () => true });
// Never Skips (no skips at all) and never rejects.
const Passes = filterPlugin('Passes', { node: [] }, () => undefined, () => []);
// No skips: runs for every pod; rejects the nodes labelled example.com/bad=true.
const Bad = rejecter('Bad', 'example.com/bad');

describe('the Filter plugins after the cluster plugins (the profile’s lastFilter)', () => {
  test('a Skipped plugin is not run, a plugin without PreFilter runs, and one that passes does not end the run', () =>
    withProfile({ lastFilter: [Skipped, Passes, Bad] }, () => {
      const nodes = [node('good'), node('bad', { 'example.com/bad': 'true' })];
      const { feasible, rejected, fitError } = schedule(toSubject(pod()), nodes);
      expect(feasible.map((v) => v.node)).toEqual(['good']);
      expect(rejected.map((v) => [v.node, v.status!.plugin, v.status!.reasons])).toEqual([['bad', 'Bad', ['node(s) were rejected by Bad']]]);
      expect(fitError).toBeUndefined();
      // one node alone, through runFilters
      const one = scheduleOnNode(toSubject(pod()), node('bad', { 'example.com/bad': 'true' }));
      expect([one.feasible, one.status?.plugin]).toEqual([false, 'Bad']);
      expect(scheduleOnNode(toSubject(pod()), node('good')).feasible).toBe(true);
    }));

  test('with every last plugin Skipped but one, that one still runs', () =>
    withProfile({ lastFilter: [Skipped, Bad] }, () => {
      const { feasible, rejected } = schedule(toSubject(pod()), [node('good'), node('bad', { 'example.com/bad': 'true' })]);
      expect(feasible.map((v) => v.node)).toEqual(['good']);
      expect(rejected.map((v) => v.status!.plugin)).toEqual(['Bad']);
    }));
});

test('the plugins named for a pod leave out those its PreFilter Skipped', () =>
  withProfile({ filter: [...DEFAULT_PROFILE.filter, Passes, rejecter('SkippedToo', 'example.com/x', { skips: () => true })], lastFilter: [Skipped, Bad] }, () => {
    expect(scheduleOnNode(toSubject(pod()), node('n1')).plugins).toEqual([
      'NodeUnschedulable', 'NodeName', 'TaintToleration', 'NodeAffinity', 'NodePorts', 'NodeResourcesFit', 'Passes', 'PodTopologySpread', 'InterPodAffinity', 'Bad',
    ]);
  }));

test('a fix hint the plugin has none of for this pod adds nothing to the details', () => {
  const Hinted = rejecter('Hinted', undefined, { fixHint: () => undefined });
  withProfile({ filter: [...DEFAULT_PROFILE.filter, Hinted] }, () => {
    const answer = scheduleOnNode(toSubject(pod()), node('n1'));
    expect(answer.status?.details).toEqual(['Hinted rejects n1']);
    const { rejected } = schedule(toSubject(pod()), [node('a'), node('b')]);
    expect(rejected.map((v) => v.status!.details)).toEqual([['Hinted rejects a'], ['Hinted rejects b']]);
  });
});

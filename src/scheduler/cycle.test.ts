// The cluster plugins' cycle (pkg/scheduler/framework/runtime/framework.go RunPreFilterPlugins, RunFilterPlugins):
// the plugin names kube-scheduler uses, their order in the default profile, and the `Plugin: …` prefix every account
// of a passing node carries. Added to kill the plugin-name mutants the mutation run found alive.
import { toSubject } from '../k8s/subject';
import { podInfo } from './framework';
import { buildSnapshot } from './snapshot';
import { podsByNode } from './index';
import { DEFAULT_PROFILE } from './profile';

const CLUSTER_PLUGINS = DEFAULT_PROFILE.clusterFilter;
import { explainPasses, runClusterFilters, runPreFilters } from './cycle';
import { makeNode, makePod, spread } from '../../test/cluster/builders';

const anti = { labelSelector: { matchLabels: { app: 'web' } }, topologyKey: 'zone' };

test('the default profile runs the volume plugins, then PodTopologySpread before InterPodAffinity (plugins/registry.go, default_plugins.go)', () => {
  expect(CLUSTER_PLUGINS.map((p) => p.name)).toEqual(['VolumeRestrictions', 'NodeVolumeLimits', 'VolumeBinding', 'VolumeZone', 'PodTopologySpread', 'InterPodAffinity']);
});

test('a passing node is explained by each active plugin, its name first', () => {
  const nodes = [makeNode('node-a', { zone: 'z1' }), makeNode('node-b', { zone: 'z2' })];
  const existing = [makePod('web-1', { nodeName: 'node-a', labels: { app: 'web' } })];
  const incoming = makePod('web-2', { labels: { app: 'web' }, spread: [spread(1, 'zone', { matchLabels: { app: 'web' } })], podAntiAffinity: [anti] });
  const snapshot = buildSnapshot(nodes, podsByNode(existing));
  const pod = podInfo(toSubject(incoming));
  const cycle = runPreFilters(pod, snapshot, CLUSTER_PLUGINS);
  expect(cycle.active.map((a) => a.plugin.name)).toEqual(['PodTopologySpread', 'InterPodAffinity']);
  // node-a: the spread check rejects it first (one matching pod in z1, none in z2)
  expect(runClusterFilters(pod, snapshot.byName.get('node-a')!, cycle)?.plugin).toBe('PodTopologySpread');
  const lines = explainPasses(pod, snapshot.byName.get('node-b')!, cycle);
  expect(lines.length).toBeGreaterThanOrEqual(2);
  expect(lines[0]).toMatch(/^PodTopologySpread: /);
  expect(lines[lines.length - 1]).toMatch(/^InterPodAffinity: /);
  expect(lines.every((l) => /^(PodTopologySpread|InterPodAffinity): \S/.test(l))).toBe(true);
});

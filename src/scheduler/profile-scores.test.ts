// The default profile lists NodeResourcesFit's, NodeResourcesBalancedAllocation's and ImageLocality's Score through a
// lazy entry (profile.ts scorePlugin): their code is loaded when a pod is first scored. Checked here: each entry bears
// its plugin's name and gives its plugin's answers (PreScore, Score, NormalizeScore, the explanation), and an entry
// whose plugin has no NormalizeScore keeps the raw scores, as score.ts does for such a plugin.
import type { Node, Pod } from '../core/types';
import { toSubject } from '../k8s/subject';
import { nodeInfo, podInfo, Skip, type ScorePlugin, type ScoreNode } from './framework';
import { DEFAULT_PROFILE } from './profile';
import { NodeResourcesBalancedAllocation, NodeResourcesFitScore } from './plugins/noderesources/scoring';
import { ImageLocality } from './plugins/imagelocality';

const plugins: Record<string, ScorePlugin<unknown>> = {
  NodeResourcesFit: NodeResourcesFitScore as ScorePlugin<unknown>,
  NodeResourcesBalancedAllocation: NodeResourcesBalancedAllocation as ScorePlugin<unknown>,
  ImageLocality: ImageLocality as ScorePlugin<unknown>,
};
const entries = DEFAULT_PROFILE.score.map((s) => s.plugin).filter((p) => p.name in plugins);

test('the profile lists the three, each under its plugin\'s name', () => {
  expect(entries.map((p) => p.name)).toEqual(['NodeResourcesFit', 'NodeResourcesBalancedAllocation', 'ImageLocality']);
  for (const entry of entries) expect(entry.name).toBe(plugins[entry.name].name);
});

test('each entry answers as its plugin', () => {
  const images = [{ names: ['registry.example/app:1'], sizeBytes: 300 * 1024 * 1024 }];
  const node = (name: string, cpu: string, memory: string, withImage: boolean): Node =>
    ({ apiVersion: 'v1', kind: 'Node', metadata: { name }, status: { allocatable: { cpu, memory, pods: '110' }, ...(withImage ? { images } : {}) } }) as Node;
  const nodes = [node('a', '4', '8Gi', true), node('b', '8', '16Gi', false)];
  const feasible: ScoreNode[] = nodes.map((n) => ({ info: nodeInfo(n), pods: [] }));
  const p: Pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'registry.example/app:1', resources: { requests: { cpu: '1', memory: '1Gi' } } }] } };
  const pod = podInfo(toSubject(p));
  const cluster = { nodes: feasible, namespaceLabels: new Map() };
  for (const entry of entries) {
    const plugin = plugins[entry.name];
    const state = entry.preScore(pod, feasible, cluster);
    expect(state).not.toBeInstanceOf(Skip);
    expect(state).toEqual(plugin.preScore(pod, feasible, cluster));
    const raw = feasible.map((n) => entry.score(state, n));
    expect(raw).toEqual(feasible.map((n) => plugin.score(state, n)));
    expect(entry.normalizeScore!(state, raw, feasible)).toEqual(plugin.normalizeScore ? plugin.normalizeScore(state, raw, feasible) : raw);
    expect(feasible.map((n, i) => entry.explain(state, n, raw[i]))).toEqual(feasible.map((n, i) => plugin.explain(state, n, raw[i])));
  }
});

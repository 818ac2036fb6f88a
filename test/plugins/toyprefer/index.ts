// A test-only Score plugin, laid out as a real one is (src/scheduler/plugins/<name>/index.ts): it scores nodes by the
// number in their toy.example.com/preference label (0–100), and Skips pods labelled toy.example.com/indifferent.
// The toy-score-plugin test adds it to the profile with one line and nothing else.
import { Skip, type ScorePlugin } from '../../../src/scheduler/framework';
import { podMeta } from '../../../src/scheduler/score-cluster';

export const PREFERENCE_LABEL = 'toy.example.com/preference';
export const INDIFFERENT_LABEL = 'toy.example.com/indifferent';

const preference = (labels: Record<string, string>) => Number(labels[PREFERENCE_LABEL] ?? 0);

export const ToyPrefer: ScorePlugin<number> = {
  name: 'ToyPrefer',
  // the state is the highest preference among the feasible nodes, for NormalizeScore
  preScore: (pod, feasible) =>
    podMeta(pod.subject).labels[INDIFFERENT_LABEL] === 'true' ? new Skip('the pod is indifferent') : Math.max(0, ...feasible.map((n) => preference(n.info.labels))),
  score: (_max, node) => preference(node.info.labels),
  normalizeScore: (max, raw) => raw.map((r) => (max === 0 ? 0 : Math.trunc((r * 100) / max))),
  explain: (_max, node, raw) => `node ${node.info.name} is labelled ${PREFERENCE_LABEL}=${raw}`,
};

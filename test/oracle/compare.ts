// Exact comparison of two scheduling answers: strings byte for byte, numbers equal, sets as sorted lists.
import type { SchedulingOutput } from './adapter';

/**
 * Score plugins of the default profile that the library does not model, with why they score every generated node
 * alike. Upstream must give each of them 0 on every node: the comparison checks that, then leaves them out.
 */
export const UNMODELLED_SCORE_PLUGINS: Record<string, string> = {
  DynamicResources: 'the generated pods have no resource claims',
};

/**
 * Score plugins whose column of 0 on every node the library leaves out of its answers for some pods: VolumeBinding
 * from 1.37 scores a pod without claims 0 everywhere (src/scheduler/profile.ts volumeBindingScore). Where ours has no
 * such column, upstream's must be 0 on the node; where ours has one, it is compared as any other.
 */
export const HIDDEN_ZERO_SCORE_PLUGINS: Record<string, string> = {
  VolumeBinding: 'a pod without claims scores 0 on every node (1.37), a column the library does not show',
};

export interface Difference { field: string; ours: unknown; upstream: unknown }

/** A tally of the run: upstream's ImageLocality scored some node (how often the generated images exercise it). */
export const imageLocalityTally = (upstream: SchedulingOutput | undefined): string[] =>
  (upstream?.scores?.some((n) => (n.plugins.ImageLocality ?? 0) !== 0) ? ['ImageLocality scored'] : []);

const json = (x: unknown) => JSON.stringify(x);

export function compareScheduling(ours: SchedulingOutput, upstream: SchedulingOutput): Difference[] {
  // a Score plugin's panic: kube-scheduler exits, whatever the Filter verdicts were (the library throws before it
  // answers them); only whether it panics is compared
  if (ours.panic !== undefined || upstream.panic !== undefined) {
    return (ours.panic !== undefined) === (upstream.panic !== undefined) ? [] : [{ field: 'panic', ours: ours.panic ?? ours.feasible, upstream: upstream.panic ?? upstream.feasible }];
  }
  const diffs: Difference[] = [];
  const same = (field: string, a: unknown, b: unknown) => {
    if (json(a) !== json(b)) diffs.push({ field, ours: a, upstream: b });
  };
  same('gated', ours.gated, upstream.gated);
  same('feasible', ours.feasible, upstream.feasible);
  same('fitError', ours.fitError, upstream.fitError);
  const theirs = new Map(upstream.nodes.map((n) => [n.node, n]));
  same('nodes', ours.nodes.map((n) => n.node), upstream.nodes.map((n) => n.node));
  for (const n of ours.nodes) {
    const u = theirs.get(n.node);
    if (!u) continue;
    same(`node ${n.node} code`, n.code, u.code);
    same(`node ${n.node} plugin`, n.plugin, u.plugin);
    // as multisets: NodeResourcesFit lists several insufficient extended resources in Go map order (fit.go
    // fitsRequest ranges over the pod's ScalarResources map), so upstream's own order is not stable
    same(`node ${n.node} reasons`, [...n.reasons].sort(), [...u.reasons].sort());
  }
  const upstreamScores = new Map((upstream.scores ?? []).map((s) => [s.node, s]));
  same('scored nodes', (ours.scores ?? []).map((s) => s.node), (upstream.scores ?? []).map((s) => s.node));
  for (const s of ours.scores ?? []) {
    const u = upstreamScores.get(s.node);
    if (!u) continue;
    const theirPlugins: Record<string, number> = {};
    for (const [p, v] of Object.entries(u.plugins)) {
      if (p in UNMODELLED_SCORE_PLUGINS || (p in HIDDEN_ZERO_SCORE_PLUGINS && !(p in s.plugins))) {
        if (v !== 0) diffs.push({ field: `node ${s.node} score ${p} (not modelled)`, ours: undefined, upstream: v });
      } else theirPlugins[p] = v;
    }
    const sorted = (o: Record<string, number>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1)));
    same(`node ${s.node} plugin scores`, sorted(s.plugins), sorted(theirPlugins));
    same(`node ${s.node} total`, s.total, u.total);
  }
  same('top', ours.top, upstream.top);
  return diffs;
}

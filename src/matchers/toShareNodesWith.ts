// expect(workload).toShareNodesWith(other, nodes, { existingPods?, namespaces? }): with both workloads' pods placed
// one at a time, some node holds a pod of each. Usually negated: `.not.toShareNodesWith(other, nodes)` — no node
// holds both. Both creation orders are tried (received first, then other first), as either may come first in a
// real cluster; sharing in either order counts.
import { hint, type MatcherContext, type MatcherResult } from './context';
import { guarded, labelOf, subjectOf } from './inputs';
import { describePlaced, describeTies, place, replicaInputs, sampledNote, workloadOf } from './replicas';
import type { Placement } from '../placement/place';
import type { KubeObject } from '../core/types';
import { describeSeparation, separation } from '../explain/apart';

function shared(p: Placement, a: KubeObject, b: KubeObject): Array<{ node: string; mine: string[]; theirs: string[] }> {
  const out: Array<{ node: string; mine: string[]; theirs: string[] }> = [];
  const theirs = new Map<string, string[]>();
  for (const x of p.of(b)) if (x.node) theirs.set(x.node, [...(theirs.get(x.node) ?? []), x.name]);
  const mine = new Map<string, string[]>();
  for (const x of p.of(a)) if (x.node) mine.set(x.node, [...(mine.get(x.node) ?? []), x.name]);
  for (const [node, names] of mine) if (theirs.has(node)) out.push({ node, mine: names, theirs: theirs.get(node)! });
  return out;
}

export function toShareNodesWith(this: MatcherContext, received: unknown, otherArg: unknown, nodesArg: unknown, options?: unknown): MatcherResult {
  const header = () => hint(this, 'toShareNodesWith', 'other, nodes');
  return guarded(this, header, () => {
    const a = workloadOf(received);
    const b = workloadOf(otherArg, 'other');
    const inputs = replicaInputs(nodesArg, options, [a, b]);
    const orders = [
      { first: labelOf(a), placement: place([a, b], inputs) },
      { first: labelOf(b), placement: place([b, a], inputs) },
    ].map((o) => ({ ...o, shared: shared(o.placement, a, b) }));
    const hit = orders.find((o) => o.shared.length);
    // do the ties decide it? replay both orders with the last tied node winning
    const decided = () => {
      if (!orders.some((o) => o.placement.pods.some((p) => p.tiedWith.length))) return '';
      const replays = [place([a, b], inputs, 'last'), place([b, a], inputs, 'last')];
      const hitThere = replays.findIndex((p) => shared(p, a, b).length);
      if ((hitThere >= 0) === (hit !== undefined)) return ' Picking the last tied node each time instead gives the same verdict.';
      return hitThere >= 0
        ? `\nA tie decides this: with the last of the tied nodes picked instead of the first, ${orders[hitThere].first} created first shares ${shared(replays[hitThere], a, b).map((s) => s.node).join(', ')}.`
        : '\nA tie decides this: with the last of the tied nodes picked instead of the first, no node holds pods of both.';
    };
    const [la, lb] = [labelOf(a), labelOf(b)];
    // a separation in this placement is not a promise: say whether a constraint forbids sharing, or only the placement
    const guarantee = () => {
      const s = separation(a, b, inputs.nodes, inputs.namespaces);
      return s.guaranteed
        ? describeSeparation(s, la, lb)
        : `Only this simulated placement separates them. ${describeSeparation(s, la, lb)}\n` +
          `Use expect(…).toBeKeptApartFrom(other, nodes) to require a constraint that keeps them apart.`;
    };
    const intro = `Expected ${la} ${this.isNot ? 'not ' : ''}to share a node with ${lb}`;
    const where = (o: (typeof orders)[number]) =>
      `  ${la}: ${describePlaced(o.placement.of(a))}\n  ${lb}: ${describePlaced(o.placement.of(b))}` +
      (o.placement.pods.some((p) => !p.node) ? `\n  Pending: ${o.placement.pods.filter((p) => !p.node).map((p) => `${p.name} (${p.fitError})`).join('; ')}` : '');
    return {
      pass: hit !== undefined,
      // accepted: the two may run on one node (that is what the placement found)
      placement: {
        matcher: 'toShareNodesWith', subject: subjectOf(a), target: b, accepted: hit !== undefined,
        verdict: hit ? `shares ${hit.shared.map((s) => s.node).join(', ')}` : 'no shared node',
      },
      message: () => hit
        ? `${header()}\n\n${intro}, but with ${hit.first} created first ${hit.shared.length} node(s) hold pods of both:\n` +
          hit.shared.map((s) => `  ${s.node}: ${s.mine.join(', ')} and ${s.theirs.join(', ')}`).join('\n') + `\nWhere every pod went:\n${where(hit)}${describeTies(hit.placement.pods)}${decided()}${sampledNote(hit.placement)}`
        : `${header()}\n\n${intro}, but no node holds pods of both, whichever is created first:\n${where(orders[0])}${describeTies(orders[0].placement.pods)}${decided()}${sampledNote(orders[0].placement)}` +
          `\n${guarantee()}`,
    };
  });
}

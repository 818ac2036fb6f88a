// expect(workload).toShareNodesWith(other, nodes, { existingPods?, namespaces? }): with both workloads' pods placed
// one at a time, some node holds a pod of each. Usually negated: `.not.toShareNodesWith(other, nodes)` — no node
// holds both. Both creation orders are tried (received first, then other first), as either may come first in a
// real cluster; sharing in either order counts.
import { share, unknownShare } from '../engine';
import { explainUnknownVerdict, notModelledSummary } from '../explain/not-modelled';
import { explainShare } from '../explain/replicas';
import { assumptionsNote } from '../explain/schedule';
import { assumedFacts } from './record';
import { failBoth, hint, type MatcherContext, type MatcherResult } from './context';
import { guarded, subjectOf } from './inputs';
import { replicaInputs, workloadOf } from './replicas';
import { underPolicy } from './inputs-nodes';

export function toShareNodesWith(this: MatcherContext, received: unknown, otherArg: unknown, nodesArg: unknown, options?: unknown): MatcherResult {
  const header = () => hint(this, 'toShareNodesWith', 'other, nodes');
  return guarded(this, header, () => underPolicy(options, () => {
    const a = workloadOf(received);
    const b = workloadOf(otherArg, 'other');
    const answer = share(a, b, replicaInputs(nodesArg, options, [a, b]));
    const hit = answer.orders[answer.hit];
    if (unknownShare(answer)) {
      // only a modelled constraint that keeps them apart is a verdict; any placement is the modelled filters' guess
      const negated = this.isNot === true;
      const items = answer.orders[0].placement.notModelled!.flatMap((w) => w.items.map((n) => ({ what: n.what, detail: `${w.workload}: ${n.detail}` })));
      return {
        ...failBoth(this, () => `${header()}\n\n${explainUnknownVerdict(`Expected ${answer.labels[0]} ${negated ? 'not ' : ''}to share a node with ${answer.labels[1]}`, negated, items, explainShare(answer).replace(/^, but /, ', '))}`),
        placement: { matcher: 'toShareNodesWith', subject: subjectOf(a), target: b, accepted: false, verdict: 'unknown', reason: notModelledSummary(items) },
      };
    }
    // what either creation order's placement rests on, once each
    const assumed = { assumptions: [...new Set(answer.orders.flatMap((o) => o.placement.assumptions ?? []))] };
    return {
      pass: hit !== undefined,
      // accepted: the two may run on one node (that is what the placement found)
      placement: {
        ...assumedFacts(assumed),
        matcher: 'toShareNodesWith', subject: subjectOf(a), target: b, accepted: hit !== undefined,
        verdict: hit ? `shares ${hit.shared.map((s) => s.node).join(', ')}` : 'no shared node',
      },
      message: () => `${header()}\n\nExpected ${answer.labels[0]} ${this.isNot ? 'not ' : ''}to share a node with ${answer.labels[1]}${explainShare(answer)}${assumptionsNote(assumed)}`,
    };
  }));
}

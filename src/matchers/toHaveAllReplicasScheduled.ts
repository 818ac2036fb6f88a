// expect(workload).toHaveAllReplicasScheduled(nodes, { existingPods?, namespaces? }): every pod its controller
// creates finds a node, placed one at a time as kube-scheduler does (each placed pod counts for the next).
import { allScheduled, unknownPlacement } from '../engine';
import { explainAllScheduled } from '../explain/replicas';
import { describeNotModelled, notModelledSummary } from '../explain/not-modelled';
import { assumptionsNote } from '../explain/schedule';
import { failBoth, hint, type MatcherContext, type MatcherResult } from './context';
import { assumedFacts } from './record';
import { guarded, subjectOf } from './inputs';
import { replicaInputs, workloadOf } from './replicas';
import { underPolicy } from './inputs-nodes';

export function toHaveAllReplicasScheduled(this: MatcherContext, received: unknown, nodesArg: unknown, options?: unknown): MatcherResult {
  const header = () => hint(this, 'toHaveAllReplicasScheduled', 'nodes');
  return guarded(this, header, () => underPolicy(options, () => {
    const workload = workloadOf(received);
    const cluster = replicaInputs(nodesArg, options, [workload]);
    const answer = allScheduled(workload, cluster);
    const pods = answer.placement.pods;
    const pending = pods.filter((p) => !p.node);
    const notModelled = answer.placement.notModelled?.[0]?.items;
    // With what is not modelled, only a first replica that every node certainly rejects is a verdict (nothing placed
    // before it could have gone elsewhere); any other placement is the modelled filters' guess.
    if (notModelled && unknownPlacement(answer.placement)) {
      const negated = this.isNot === true;
      return {
        ...failBoth(this, () => `${header()}\n\nExpected ${answer.workload} ${negated ? 'not ' : ''}to have all its replicas scheduled on ${cluster.nodes.length} node(s), ` +
          `but ${negated ? 'that cannot be proved' : 'the verdict is unknown'}: ${describeNotModelled(notModelled)}\n` +
          `By the modelled filters and scores alone${explainAllScheduled(answer).replace(/^, but /, ', ')}`),
        placement: { matcher: 'toHaveAllReplicasScheduled', ...assumedFacts(answer.placement), subject: subjectOf(workload), target: cluster.nodes, accepted: false, verdict: 'unknown', reason: notModelledSummary(notModelled) },
      };
    }
    return {
      pass: pending.length === 0,
      placement: {
        ...assumedFacts(answer.placement),
        matcher: 'toHaveAllReplicasScheduled', subject: subjectOf(workload), target: cluster.nodes, accepted: pending.length === 0,
        verdict: pods.length === 0 ? 'no pods created' : pending.length ? `${pending.length} of ${pods.length} Pending` : `all ${pods.length} scheduled`,
        ...(pending[0]?.fitError ? { reason: pending[0].fitError } : {}),
      },
      message: () =>
        `${header()}\n\nExpected ${answer.workload} ${this.isNot ? 'not ' : ''}to have all its replicas scheduled on ${cluster.nodes.length} node(s)` +
        explainAllScheduled(answer) + assumptionsNote(answer.placement),
    };
  }));
}

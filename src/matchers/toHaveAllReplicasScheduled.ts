// expect(workload).toHaveAllReplicasScheduled(nodes, { existingPods?, namespaces? }): every pod its controller
// creates finds a node, placed one at a time as kube-scheduler does (each placed pod counts for the next).
import { hint, type MatcherContext, type MatcherResult } from './context';
import { guarded, subjectOf } from './inputs';
import { describePending, describePlaced, describeTies, place, replicaInputs, sampledNote, tieProbe, workloadOf } from './replicas';
import type { Placement } from '../placement/place';
import { noPodsReason } from '../placement/replicas';
import { labelOf } from './inputs';

export function toHaveAllReplicasScheduled(this: MatcherContext, received: unknown, nodesArg: unknown, options?: unknown): MatcherResult {
  const header = () => hint(this, 'toHaveAllReplicasScheduled', 'nodes');
  return guarded(this, header, () => {
    const workload = workloadOf(received);
    const inputs = replicaInputs(nodesArg, options, [workload]);
    const placement = place([workload], inputs);
    const pods = placement.pods;
    const pending = pods.filter((p) => !p.node);
    const label = labelOf(workload);
    const allPlaced = (p: Placement) => p.pods.every((x) => x.node);
    const decided = () => tieProbe(placement, allPlaced, () => place([workload], inputs, 'last'));
    const intro = `Expected ${label} ${this.isNot ? 'not ' : ''}to have all its replicas scheduled on ${inputs.nodes.length} node(s)`;
    return {
      pass: pending.length === 0,
      placement: {
        matcher: 'toHaveAllReplicasScheduled', subject: subjectOf(workload), target: inputs.nodes, accepted: pending.length === 0,
        verdict: pods.length === 0 ? 'no pods created' : pending.length ? `${pending.length} of ${pods.length} Pending` : `all ${pods.length} scheduled`,
        ...(pending[0]?.fitError ? { reason: pending[0].fitError } : {}),
      },
      message: () =>
        pending.length
          ? `${header()}\n\n${intro}, but ${pending.length} of ${pods.length} stay Pending:\n${describePending(pods)}\nPlaced: ${describePlaced(pods)}${describeTies(pods)}${decided()}${sampledNote(placement)}`
          : `${header()}\n\n${intro}, but ${pods.length === 0 ? `its controller creates no pod here (${noPodsReason(workload) ?? 'no node it would run on, or 0 replicas'})` : `all ${pods.length} are placed: ${describePlaced(pods)}`}${describeTies(pods)}${decided()}${sampledNote(placement)}`,
    };
  });
}

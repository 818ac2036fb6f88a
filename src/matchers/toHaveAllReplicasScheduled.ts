// expect(workload).toHaveAllReplicasScheduled(nodes, { existingPods?, namespaces? }): every pod its controller
// creates finds a node, placed one at a time as kube-scheduler does (each placed pod counts for the next).
import { allScheduled } from '../engine';
import { explainAllScheduled } from '../explain/replicas';
import { hint, type MatcherContext, type MatcherResult } from './context';
import { guarded, subjectOf } from './inputs';
import { replicaInputs, workloadOf } from './replicas';

export function toHaveAllReplicasScheduled(this: MatcherContext, received: unknown, nodesArg: unknown, options?: unknown): MatcherResult {
  const header = () => hint(this, 'toHaveAllReplicasScheduled', 'nodes');
  return guarded(this, header, () => {
    const workload = workloadOf(received);
    const cluster = replicaInputs(nodesArg, options, [workload]);
    const answer = allScheduled(workload, cluster);
    const pods = answer.placement.pods;
    const pending = pods.filter((p) => !p.node);
    return {
      pass: pending.length === 0,
      placement: {
        matcher: 'toHaveAllReplicasScheduled', subject: subjectOf(workload), target: cluster.nodes, accepted: pending.length === 0,
        verdict: pods.length === 0 ? 'no pods created' : pending.length ? `${pending.length} of ${pods.length} Pending` : `all ${pods.length} scheduled`,
        ...(pending[0]?.fitError ? { reason: pending[0].fitError } : {}),
      },
      message: () =>
        `${header()}\n\nExpected ${answer.workload} ${this.isNot ? 'not ' : ''}to have all its replicas scheduled on ${cluster.nodes.length} node(s)` +
        explainAllScheduled(answer),
    };
  });
}

// expect(workload).toSpreadReplicasAcross(topologyKey, nodes, { maxSkew = 1, existingPods?, namespaces? }): with the
// replicas placed one at a time, every replica is scheduled and the replica counts per topology domain differ by
// at most maxSkew. The domains are the key's values on the nodes the pod template's nodeSelector and required node
// affinity allow (as PodTopologySpread counts with nodeAffinityPolicy Honor); only this workload's pods count.
import { spread, unknownPlacement } from '../engine';
import { explainUnknownVerdict, notModelledSummary } from '../explain/not-modelled';
import { explainSpread } from '../explain/replicas';
import { assumptionsNote } from '../explain/schedule';
import { assumedFacts } from './record';
import { failBoth, hint, type MatcherContext, type MatcherResult } from './context';
import { guarded, subjectOf, UsageError } from './inputs';
import { replicaInputs, workloadOf } from './replicas';
import { underPolicy } from './inputs-nodes';

export function toSpreadReplicasAcross(this: MatcherContext, received: unknown, topologyKey: unknown, nodesArg: unknown, options?: unknown): MatcherResult {
  const header = () => hint(this, 'toSpreadReplicasAcross', 'topologyKey, nodes');
  return guarded(this, header, () => underPolicy(options, () => {
    if (typeof topologyKey !== 'string' || topologyKey === '') throw new UsageError(`topologyKey must be a node label key such as "topology.kubernetes.io/zone", received ${JSON.stringify(topologyKey)}`);
    const workload = workloadOf(received);
    const cluster = replicaInputs(nodesArg, options, [workload], ['maxSkew']);
    const maxSkew = (options as { maxSkew?: unknown } | undefined)?.maxSkew ?? 1;
    if (typeof maxSkew !== 'number' || !Number.isInteger(maxSkew) || maxSkew < 1) throw new UsageError(`maxSkew must be an integer ≥ 1, received ${JSON.stringify(maxSkew)}`);
    const answer = spread(workload, topologyKey, cluster, maxSkew);
    const expected = (negated: boolean) => `Expected ${answer.workload} ${negated ? 'not ' : ''}to spread its replicas across ${topologyKey} with maxSkew ${maxSkew}`;
    // the domains are certain (node labels, NodeAffinity); where the replicas land is the modelled filters' guess
    if (answer.counts.length && unknownPlacement(answer.placement)) {
      const negated = this.isNot === true;
      const items = answer.placement.notModelled![0].items;
      return {
        ...failBoth(this, () => `${header()}\n\n${explainUnknownVerdict(expected(negated), negated, items, `, ${explainSpread(answer)}`)}`),
        placement: { matcher: 'toSpreadReplicasAcross', subject: subjectOf(workload), target: cluster.nodes, accepted: false, verdict: 'unknown', reason: notModelledSummary(items) },
      };
    }
    const pods = answer.placement.pods;
    const pending = pods.filter((x) => !x.node);
    const none = pods.length === 0 ? answer.placement.noPods[0]?.reason : undefined;
    return {
      pass: answer.pass,
      placement: {
        ...assumedFacts(answer.placement),
        matcher: 'toSpreadReplicasAcross', subject: subjectOf(workload), target: cluster.nodes, accepted: answer.pass,
        verdict: none ? 'no pods created' : pending.length ? `${pending.length} of ${pods.length} Pending` : answer.counts.length ? `skew ${answer.skew} across ${topologyKey} (maxSkew ${maxSkew})` : `no ${topologyKey} domain`,
        ...(pending[0]?.fitError ? { reason: pending[0].fitError } : none ? { reason: none } : {}),
      },
      message: () => `${header()}\n\n${expected(this.isNot === true)}, but ${explainSpread(answer)}${assumptionsNote(answer.placement)}`,
    };
  }));
}

// expect(workload).toSpreadReplicasAcross(topologyKey, nodes, { maxSkew = 1, existingPods?, namespaces? }): with the
// replicas placed one at a time, every replica is scheduled and the replica counts per topology domain differ by
// at most maxSkew. The domains are the key's values on the nodes the pod template's nodeSelector and required node
// affinity allow (as PodTopologySpread counts with nodeAffinityPolicy Honor); only this workload's pods count.
import { toSubject } from '../k8s/subject';
import { nodeInfo, podInfo } from '../scheduler/framework';
import { NodeAffinity } from '../scheduler/plugins/nodeaffinity';
import { hint, type MatcherContext, type MatcherResult } from './context';
import { guarded, labelOf, subjectOf, UsageError } from './inputs';
import { describePending, describeTies, place, replicaInputs, sampledNote, tieProbe, workloadOf } from './replicas';
import type { Placement } from '../placement/place';

export function toSpreadReplicasAcross(this: MatcherContext, received: unknown, topologyKey: unknown, nodesArg: unknown, options?: unknown): MatcherResult {
  const header = () => hint(this, 'toSpreadReplicasAcross', 'topologyKey, nodes');
  return guarded(this, header, () => {
    if (typeof topologyKey !== 'string' || topologyKey === '') throw new UsageError(`topologyKey must be a node label key such as "topology.kubernetes.io/zone", received ${JSON.stringify(topologyKey)}`);
    const workload = workloadOf(received);
    const inputs = replicaInputs(nodesArg, options, [workload], ['maxSkew']);
    const maxSkew = (options as { maxSkew?: unknown } | undefined)?.maxSkew ?? 1;
    if (typeof maxSkew !== 'number' || !Number.isInteger(maxSkew) || maxSkew < 1) throw new UsageError(`maxSkew must be an integer ≥ 1, received ${JSON.stringify(maxSkew)}`);
    const placement = place([workload], inputs);
    const pods = placement.pods;
    const template = podInfo(toSubject(workload));
    // the domains: the key's values on the nodes the template allows
    const allowed = new Map<string, string>(); // node → domain
    let unlabelled = 0;
    for (const n of inputs.nodes) {
      const info = nodeInfo(n);
      if (NodeAffinity.filter(template, info, undefined as never)) continue;
      if (!Object.prototype.hasOwnProperty.call(info.labels, topologyKey)) unlabelled++;
      else allowed.set(info.name, info.labels[topologyKey]);
    }
    const analyse = (p: Placement) => {
      const domains = new Map<string, Map<string, number>>(); // domain → node → replicas
      for (const [n, d] of allowed) {
        if (!domains.has(d)) domains.set(d, new Map());
        domains.get(d)!.set(n, 0);
      }
      const elsewhere: string[] = [];
      for (const x of p.pods) {
        if (!x.node) continue;
        const m = allowed.has(x.node) ? domains.get(allowed.get(x.node)!) : undefined;
        if (m) m.set(x.node, m.get(x.node)! + 1);
        else elsewhere.push(`${x.name} → ${x.node}`);
      }
      const counts = [...domains].map(([d, m]) => ({ domain: d, total: [...m.values()].reduce((a, b) => a + b, 0), nodes: m }));
      const max = counts.reduce((m, c) => Math.max(m, c.total), counts.length ? -Infinity : 0);
      const min = counts.reduce((m, c) => Math.min(m, c.total), counts.length ? Infinity : 0);
      const pending = p.pods.filter((x) => !x.node);
      return { counts, max, min, skew: max - min, elsewhere, pending, pass: pending.length === 0 && max - min <= maxSkew && counts.length > 0 };
    };
    const { counts, max, min, skew, elsewhere, pending, pass } = analyse(placement);
    const decided = () => tieProbe(placement, (p) => analyse(p).pass, () => place([workload], inputs, 'last'));
    const label = labelOf(workload);
    const table = () => {
      const width = Math.max(topologyKey.length, ...counts.map((c) => c.domain.length));
      const rows = counts.map((c) => `  ${c.domain.padEnd(width)}  ${String(c.total).padStart(8)}  ${[...c.nodes].filter(([, k]) => k).map(([n, k]) => `${n} (${k})`).join(', ') || '-'}`);
      return [`  ${topologyKey.padEnd(width)}  replicas  nodes`, ...rows].join('\n') +
        `\n  skew ${skew} (max ${max} − min ${min}) ${skew <= maxSkew ? '≤' : '>'} maxSkew ${maxSkew}` +
        (unlabelled ? `\n  ${unlabelled} allowed node(s) have no ${topologyKey} label and form no domain` : '') +
        (elsewhere.length ? `\n  outside these domains: ${elsewhere.join(', ')}` : '');
    };
    const none = pods.length === 0 ? placement.noPods[0]?.reason : undefined;
    const why = none
      ? `its controller creates no pod (${none})`
      : counts.length === 0
      ? `no node the pod template allows has the label ${topologyKey}`
      : pending.length
        ? `${pending.length} of ${pods.length} replica(s) stay Pending:\n${describePending(pods)}\n\n${table()}`
        : skew > maxSkew ? `the ${pods.length} replica(s) land with skew ${skew}:\n${table()}` : `the ${pods.length} replica(s) land with skew ${skew}:\n${table()}`;
    return {
      pass,
      placement: {
        matcher: 'toSpreadReplicasAcross', subject: subjectOf(workload), target: inputs.nodes, accepted: pass,
        verdict: none ? 'no pods created' : pending.length ? `${pending.length} of ${pods.length} Pending` : counts.length ? `skew ${skew} across ${topologyKey} (maxSkew ${maxSkew})` : `no ${topologyKey} domain`,
        ...(pending[0]?.fitError ? { reason: pending[0].fitError } : none ? { reason: none } : {}),
      },
      message: () => `${header()}\n\nExpected ${label} ${this.isNot ? 'not ' : ''}to spread its replicas across ${topologyKey} with maxSkew ${maxSkew}, but ${why}${describeTies(pods)}${decided()}${sampledNote(placement)}`,
    };
  });
}

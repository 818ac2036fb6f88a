// Replica answers in words: where every pod went, why the Pending ones wait (kube-scheduler's FitError, then each
// node's reason), the tie rule, and what a placement does or does not promise.
import type { AllScheduledAnswer, KeepApartAnswer, PlacedPodAnswer, PlacementAnswer, ShareAnswer, SpreadAnswer, TieProbe } from '../engine';
import { describeSeparation } from './apart';
import { describeRejections } from './schedule';

/** `web-0 → node-a, web-1 → node-b` */
export function describePlaced(pods: readonly PlacedPodAnswer[]): string {
  const placed = pods.filter((p) => p.node);
  return placed.length ? placed.map((p) => `${p.name} → ${p.node}${p.preempted ? ` (by preempting ${p.preempted.victims.join(', ')})` : ''}`).join(', ') : 'none';
}

/** Each pending pod with kube-scheduler's message, then its nodes' reasons. */
export function describePending(pods: readonly PlacedPodAnswer[], indent = '  '): string {
  return pods.filter((p) => !p.node).map((p) =>
    // a replica the API server refused (a ResourceQuota) is never created: the controller's FailedCreate event
    `${indent}${p.name} ${p.fitError?.startsWith('Error creating: ') ? 'is never created' : 'stays Pending'}: ${p.fitError}` + (p.rejected.length && !p.fitError?.startsWith('Scheduling is blocked') ? `\n${describeRejections(p.rejected).split('\n').map((l) => `${indent}  ${l}`).join('\n')}` : ''),
  ).join('\n');
}

/** The tie rule, spelled out where a placement had tied nodes (upstream picks any of them). */
export function describeTies(pods: readonly PlacedPodAnswer[]): string {
  return describeScoreTies(pods) + describePreemptionTies(pods);
}

/** Pods placed by preempting where pickOneNodeForPreemption could not tell nodes apart ('' when none). */
function describePreemptionTies(pods: readonly PlacedPodAnswer[]): string {
  const tied = pods.filter((p) => p.preempted?.tiedWith.length);
  if (!tied.length) return '';
  return `\nPreemption ties: ${tied.slice(0, 5).map((p) => `${p.name}: ${[p.preempted!.node, ...p.preempted!.tiedWith].join(', ')}`).join('; ')}` +
    `${tied.length > 5 ? `; and ${tied.length - 5} more` : ''}. kube-scheduler nominates any of them (pickOneNodeForPreemption's last criterion); this library takes the first by name.`;
}

function describeScoreTies(pods: readonly PlacedPodAnswer[]): string {
  const tied = pods.filter((p) => p.node && p.tiedWith.length);
  if (!tied.length) return '';
  const list = tied.slice(0, 5).map((p) => `${p.name}: ${[p.node, ...p.tiedWith].join(', ')}`).join('; ');
  return `\nTies: ${list}${tied.length > 5 ? `; and ${tied.length - 5} more` : ''}. kube-scheduler picks any of the best-scored nodes; ` +
    'this library takes the first in the order the nodes were given, so a real cluster may place these replicas elsewhere and the outcome can differ.';
}

/** Whether the ties decide the verdict ('' when nothing tied). */
export function describeTieProbe(ties: TieProbe | undefined): string {
  if (!ties) return '';
  if (ties.same) return ' Picking the last tied node each time instead gives the same verdict.';
  return `\nA tie decides this: with the last of the tied nodes picked instead of the first, the verdict is the opposite (${describePlaced(ties.other)}).`;
}

export function sampledNote(p: PlacementAnswer): string {
  if (!p.sampled) return '';
  const most = p.pods.reduce((m, x) => Math.max(m, x.feasible), 0);
  return `\nNote: kube-scheduler stops filtering once it has found ${p.feasibleNodesToFind} feasible nodes in a cluster of this size (numFeasibleNodesToFind, ` +
    `with the profile's percentageOfNodesToScore) and scores only those, starting where the last cycle stopped; here up to ${most} nodes were feasible and all were scored, so a real cluster may pick another node.`;
}

/** toHaveAllReplicasScheduled, after `Expected … to have all its replicas scheduled on N node(s)`. */
export function explainAllScheduled(a: AllScheduledAnswer): string {
  const pods = a.placement.pods;
  const pending = pods.filter((p) => !p.node);
  const tail = `${describeTies(pods)}${describeTieProbe(a.ties)}${sampledNote(a.placement)}`;
  if (pending.length) return `, but ${pending.length} of ${pods.length} ${pending.some((p) => p.fitError?.startsWith('Error creating: ')) ? 'are not running' : 'stay Pending'}:\n${describePending(pods)}\nPlaced: ${describePlaced(pods)}${tail}`;
  return `, but ${pods.length === 0 ? `its controller creates no pod here (${a.noPodsReason ?? 'no node it would run on, or 0 replicas'})` : `all ${pods.length} are placed: ${describePlaced(pods)}`}${tail}`;
}

function spreadTable(a: SpreadAnswer): string {
  const width = Math.max(a.topologyKey.length, ...a.counts.map((c) => c.domain.length));
  const rows = a.counts.map((c) => `  ${c.domain.padEnd(width)}  ${String(c.total).padStart(8)}  ${c.nodes.filter(([, k]) => k).map(([n, k]) => `${n} (${k})`).join(', ') || '-'}`);
  return [`  ${a.topologyKey.padEnd(width)}  replicas  nodes`, ...rows].join('\n') +
    `\n  skew ${a.skew} (max ${a.max} − min ${a.min}) ${a.skew <= a.maxSkew ? '≤' : '>'} maxSkew ${a.maxSkew}` +
    (a.unlabelled ? `\n  ${a.unlabelled} allowed node(s) have no ${a.topologyKey} label and form no domain` : '') +
    (a.elsewhere.length ? `\n  outside these domains: ${a.elsewhere.join(', ')}` : '');
}

/** toSpreadReplicasAcross, after `Expected … to spread its replicas across KEY with maxSkew N, but `. */
export function explainSpread(a: SpreadAnswer): string {
  const pods = a.placement.pods;
  const pending = pods.filter((x) => !x.node);
  const none = pods.length === 0 ? a.placement.noPods[0]?.reason : undefined;
  const why = none
    ? `its controller creates no pod (${none})`
    : a.counts.length === 0
      ? `no node the pod template allows has the label ${a.topologyKey}`
      : pending.length
        ? `${pending.length} of ${pods.length} replica(s) stay Pending:\n${describePending(pods)}\n\n${spreadTable(a)}`
        : `the ${pods.length} replica(s) land with skew ${a.skew}:\n${spreadTable(a)}`;
  return `${why}${describeTies(pods)}${describeTieProbe(a.ties)}${sampledNote(a.placement)}`;
}

/** toShareNodesWith, after `Expected A (not) to share a node with B`. */
export function explainShare(a: ShareAnswer): string {
  const [la, lb] = a.labels;
  const where = (o: ShareAnswer['orders'][number]) => {
    const mine = o.placement.pods.filter((p) => p.owner === o.mine);
    const theirs = o.placement.pods.filter((p) => p.owner !== o.mine);
    const pending = o.placement.pods.filter((p) => !p.node);
    return `  ${la}: ${describePlaced(mine)}\n  ${lb}: ${describePlaced(theirs)}` +
      (pending.length ? `\n  Pending: ${pending.map((p) => `${p.name} (${p.fitError})`).join('; ')}` : '');
  };
  const decided = !a.ties ? '' : a.ties.sameVerdict ? ' Picking the last tied node each time instead gives the same verdict.'
    : a.ties.hitThere >= 0
      ? `\nA tie decides this: with the last of the tied nodes picked instead of the first, ${a.orders[a.ties.hitThere].first} created first shares ${a.ties.shared.join(', ')}.`
      : '\nA tie decides this: with the last of the tied nodes picked instead of the first, no node holds pods of both.';
  if (a.hit >= 0) {
    const hit = a.orders[a.hit];
    return `, but with ${hit.first} created first ${hit.shared.length} node(s) hold pods of both:\n` +
      hit.shared.map((s) => `  ${s.node}: ${s.mine.join(', ')} and ${s.theirs.join(', ')}`).join('\n') +
      `\nWhere every pod went:\n${where(hit)}${describeTies(hit.placement.pods)}${decided}${sampledNote(hit.placement)}`;
  }
  const first = a.orders[0];
  // a separation in this placement is not a promise: say whether a constraint forbids sharing, or only the placement
  const s = a.separation!;
  const guarantee = s.guaranteed
    ? describeSeparation(s, la, lb)
    : `Only this simulated placement separates them. ${describeSeparation(s, la, lb)}\n` +
      `Use expect(…).toBeKeptApartFrom(other, nodes) to require a constraint that keeps them apart.`;
  return `, but no node holds pods of both, whichever is created first:\n${where(first)}${describeTies(first.placement.pods)}${decided}${sampledNote(first.placement)}` +
    `\n${guarantee}`;
}

/** toBeKeptApartFrom: the constraint that keeps them apart (for `.not`), or that none does and the fix. */
export function explainKeepApart(a: KeepApartAnswer): string {
  const [la, lb] = a.labels;
  const s = a.separation;
  const scope = a.nodes !== undefined ? ` on these ${a.nodes} node(s)` : '';
  if (s.guaranteed) return `Expected ${la} not to be kept apart from ${lb}${scope}, but ${describeSeparation(s, la, lb).replace(/^A/, 'a')}`;
  const quote = (v: string) => JSON.stringify(v);
  const fix = a.fix;
  return [
    `Expected ${la} to be kept apart from ${lb}${scope} by a constraint, but ${describeSeparation(s, la, lb).replace(/^No/, 'no')}`,
    ...(a.nodes !== undefined ? [] : ['Without nodes, only constraints that hold on any node count (anti-affinity on kubernetes.io/hostname, host ports).']),
    ...(fix ? [
      `To keep them apart whatever the placement, add to ${fix.path}:`,
      `  - topologyKey: ${fix.topologyKey}`,
      '    labelSelector:',
      '      matchLabels:',
      ...Object.entries(fix.matchLabels).map(([k, v]) => `        ${k}: ${quote(v)}`),
      ...(fix.namespaces ? [`    namespaces: [${fix.namespaces.map(quote).join(', ')}]`] : []),
      ...(fix.pending ? [`But on these nodes ${fix.pending.length} pod(s) would then stay Pending (${fix.pending.slice(0, 3).map((p) => `${p.name}: ${p.fitError}`).join('; ')}): more nodes are needed.`] : []),
    ] : []),
  ].join('\n');
}

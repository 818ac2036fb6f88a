// Scheduling answers in words: kube-scheduler's plugin and reasons first, then our details; nodes whose
// explanation is identical fold into one entry. The same text serves the matchers, the CLI and the report.
import type { NodeAnswer, NodeScore, NodeVerdict, NoDaemonPod, PreferAnswer, ScheduleAnswer } from '../engine';
import { describeGated, describeScore } from '../engine';

/** At most this many entries (a node, or nodes with the same explanation) are listed; the rest are counted. */
export const MAX_ENTRIES = 10;
/** A folded entry names this many nodes, then "and N more". */
export const NAMED_NODES = 3;

export const indent = (lines: string[], by = '  ') => lines.map((l) => by + l).join('\n');

/** `a, b, c and 9 more` — never "and 1 more": one more name costs no more than saying so. */
export function nodeNames(names: readonly string[], max: number): string {
  return names.length > max + 1 ? `${names.slice(0, max).join(', ')} and ${names.length - max} more` : names.join(', ');
}

export function describeRejection(v: NodeVerdict, by = '  '): string {
  const s = v.status!;
  return `${by}${s.plugin}: ${s.reasons.join(', ')}\n${indent(s.details, `${by}  `)}`;
}

/**
 * The rejected nodes, each with kube-scheduler's plugin and reason and our detail; nodes whose explanation is
 * identical are folded into one entry (`12 nodes (gpu-1, gpu-2, gpu-3 and 9 more):`), in the order of first appearance.
 */
export function describeRejections(rejected: readonly NodeVerdict[]): string {
  return folded(rejected.map((v) => [v.node, describeRejection(v, '  ')]));
}

/** Nodes with their explanations, those with the same one folded into one entry, at most MAX_ENTRIES entries. */
function folded(explained: ReadonlyArray<[node: string, text: string]>): string {
  const groups = new Map<string, string[]>();
  for (const [node, text] of explained) {
    const names = groups.get(text);
    if (names) names.push(node);
    else groups.set(text, [node]);
  }
  const entries = [...groups].map(([text, names]) => {
    if (names.length === 1) return `Node ${names[0]}:\n${text}`;
    return `${names.length} nodes (${nodeNames(names, NAMED_NODES)}):\n${text}`;
  });
  if (entries.length <= MAX_ENTRIES) return entries.join('\n');
  const left = [...groups.values()].slice(MAX_ENTRIES).reduce((n, names) => n + names.length, 0);
  return [...entries.slice(0, MAX_ENTRIES), `… and ${left} more node(s) with ${entries.length - MAX_ENTRIES} other explanation(s), not shown`].join('\n');
}

/** A node without a DaemonSet's pod: the controller's failing check, then what the filters would say and the fix. */
const describeNoPod = (n: NoDaemonPod, by = '  ') => `${by}${n.why}${n.details.length ? `\n${indent(n.details, `${by}  `)}` : ''}`;

/**
 * The nodes a DaemonSet's controller makes no pod for, folded as describeRejections folds nodes alike. The controller
 * records no event for them (it has no words of its own): ours name its check, NodeShouldRunDaemonPod.
 */
export function noPodEntries(noPod: readonly NoDaemonPod[]): string {
  return folded(noPod.map((n) => [n.node, describeNoPod(n)]));
}

/** `The DaemonSet controller makes no pod for N node(s) …:` and the nodes; '' when none. */
export function describeNoPods(noPod: readonly NoDaemonPod[] | undefined): string {
  if (!noPod?.length) return '';
  return `The DaemonSet controller makes no pod for ${noPod.length} node(s) (NodeShouldRunDaemonPod), so no pod of it is there to schedule:\n${noPodEntries(noPod)}`;
}

/** The answer's assumptions, once, after its message: `\nAssumed: …`. */
export const assumptionsNote = (a: { assumptions?: string[] }) => (a.assumptions ?? []).map((x) => `\nAssumed: ${x}`).join('');

/** toBeSchedulableOn: the gate, no DaemonSet pod, what let the pod through (for `.not`), or the rejecting plugin; then the notes. */
export function explainNodeAnswer(a: NodeAnswer): string {
  const notes = a.notes.map((n) => `\n${n}`).join('') + assumptionsNote(a);
  if (a.gates.length) return `Expected ${a.pod} to be schedulable on ${a.nodeLabel}, but ${describeGated(a.pod, a.gates)}`;
  if (a.noPod) {
    return `Expected ${a.pod} to be schedulable on ${a.nodeLabel}, but the DaemonSet controller makes no pod for it (NodeShouldRunDaemonPod: ${a.noPod.why}), so no pod of it is there to schedule:\n${indent(a.noPod.details, '  ')}${notes}`;
  }
  if (a.feasible) {
    return `Expected ${a.pod} not to be schedulable on ${a.nodeLabel}, but every filter passes (${a.plugins.join(', ')}):\n${indent(a.passes, '  ')}${notes}`;
  }
  return `Expected ${a.pod} to be schedulable on ${a.nodeLabel}, but kube-scheduler would reject it:\n${describeRejection(a as NodeVerdict)}${notes}`;
}

/** What let the pod through on the first node that fits, for `.not` failures. */
export function whyFirstFits(a: ScheduleAnswer): string {
  return `On ${a.firstFit!.node}:\n${indent(a.firstFit!.passes, '  ')}`;
}

/** toBeSchedulableOnAnyOf: gated, fits some (for `.not`), or kube-scheduler's FitError and every node's reason. */
export function explainAnyOf(a: ScheduleAnswer): string {
  if (a.gated) return `Expected ${a.pod} to be schedulable on one of ${a.nodes} node(s), but ${describeGated(a.pod, a.gated.gates)}`;
  if (a.feasible.length) {
    return `Expected ${a.pod} not to be schedulable on any of ${a.nodes} node(s), but it fits ${a.feasible.length}: ${nodeNames(a.feasible.map((v) => v.node), MAX_ENTRIES)}\n` +
      whyFirstFits(a) + assumptionsNote(a);
  }
  const noPods = a.noPod?.length ? `\n${describeNoPods(a.noPod)}` : '';
  if (a.fitError === undefined && a.noPod?.length) {
    // no daemon pod is Pending for kube-scheduler to report on (engine/daemon.ts): the controller's nodes, then the filters'
    const rest = a.rejected.length ? `, and kube-scheduler's filters reject its pod on the other ${a.rejected.length}:\n${describeRejections(a.rejected)}\nWithout a pod:` : ' (NodeShouldRunDaemonPod):';
    return `Expected ${a.pod} to be schedulable on one of ${a.nodes} node(s), but the DaemonSet controller makes no pod for ${a.noPod.length} of them${rest}\n${noPodEntries(a.noPod)}` + assumptionsNote(a);
  }
  return `Expected ${a.pod} to be schedulable on one of ${a.nodes} node(s), but ${reporter(a)}:\n  ${a.fitError}\n\n` + describeRejections(a.rejected) + noPods + assumptionsNote(a);
}

/** Whose FitError is quoted: the pod's, or a DaemonSet's first Pending pod's (each is pinned to its node: engine/daemon.ts). */
export function reporter(a: Pick<ScheduleAnswer, 'daemonPods'>): string {
  const first = a.daemonPods?.[0];
  return first ? `kube-scheduler would report for its pod for ${first.node}${a.daemonPods!.length > 1 ? ` (and ${a.daemonPods!.length - 1} more Pending)` : ''}` : 'kube-scheduler would report';
}

/** toBeSchedulableOnAllOf: gated, every node fits (for `.not`), or the nodes that reject the pod. */
export function explainAllOf(a: ScheduleAnswer): string {
  if (a.gated) return `Expected ${a.pod} to be schedulable on all of ${a.nodes} node(s), but ${describeGated(a.pod, a.gated.gates)}`;
  if (!a.rejected.length && !a.noPod?.length) return `Expected ${a.pod} not to be schedulable on all of ${a.nodes} node(s), but every one accepts it.\n` + whyFirstFits(a) + assumptionsNote(a);
  if (!a.rejected.length) {
    return `Expected ${a.pod} to be schedulable on all of ${a.nodes} node(s), but the DaemonSet controller makes no pod for ${a.noPod!.length} of them (NodeShouldRunDaemonPod):\n${noPodEntries(a.noPod!)}` + assumptionsNote(a);
  }
  return `Expected ${a.pod} to be schedulable on all of ${a.nodes} node(s), but ${a.rejected.length} reject it:\n` + describeRejections(a.rejected) + (a.noPod?.length ? `\n${describeNoPods(a.noPod)}` : '') + assumptionsNote(a);
}

const skippedNote = (s: NodeScore) => (s.skipped.length ? `\n  Skipped (PreScore): ${s.skipped.map((k) => `${k.plugin} (${k.reason})`).join('; ')}` : '');

/** toPrefer: a node that does not fit, or both nodes' scores. */
export function explainPrefer(a: PreferAnswer, negated: boolean): string {
  return `Expected ${a.pod} ${negated ? 'not ' : ''}to prefer ${a.labels[0]} over ${a.labels[1]}, but ${describePreference(a)}`;
}

/** toPrefer's answer, after `Expected … to prefer A over B, but `: the rejection, or both nodes' scores. */
export function describePreference(a: PreferAnswer): string {
  const [la, lb] = a.labels;
  if (!a.preferred.feasible) return `it cannot be scheduled on ${la} at all:\n${describeRejection(a.preferred)}`;
  if (!a.other.feasible) return `only ${la} is feasible; ${lb} is rejected:\n${describeRejection(a.other)}`;
  const [sa, sb] = a.scores!;
  return `the scores (normalised over these two nodes) are ${sa.total} and ${sb.total}` +
    `${sa.total === sb.total ? ' (a tie: the scheduler picks either)' : ''}:\n${describeScore(sa)}\n${describeScore(sb)}${skippedNote(sa)}`;
}

/** kube-scheduler's words for a filter status (`TaintToleration: node(s) had untolerated taint(s)`), and our first line about it. */
export const statusFacts = (status: NodeVerdict['status']) =>
  status ? { reason: `${status.plugin}: ${status.reasons.join(', ')}`, ...(status.details[0] ? { detail: status.details[0] } : {}) } : {};

/** The run report's words for a node without a DaemonSet's pod. */
export const noPodFacts = (n: NoDaemonPod) => ({ reason: `DaemonSet controller: no pod for this node (NodeShouldRunDaemonPod)`, detail: n.why });

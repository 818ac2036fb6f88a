// expect(subject).toBeSchedulableOnAnyOf(nodes, { existingPods?, namespaces? }) — the scheduler would find a node.
import type { Node } from '../core/types';
import { describeGated, schedule, type NodeVerdict } from '../scheduler';
import { hint, indent, type MatcherContext, type MatcherResult } from './context';
import { nodeInfo, podInfo } from '../scheduler/framework';
import { explainNodePass } from '../explain/pass';
import type { Subject } from '../k8s/subject';
import { apiServerErrors, guarded, labelOf, subjectOf, UsageError } from './inputs';
import { nodesOf, schedulingOptionsOf } from './inputs-nodes';
import { describeRejection, schedulerErrorsAsUsage } from './toBeSchedulableOn';

/** At most this many entries (a node, or nodes with the same explanation) are listed; the rest are counted. */
export const MAX_ENTRIES = 10;
/** A folded entry names this many nodes, then "and N more". */
export const NAMED_NODES = 3;

/** `a, b, c and 9 more` — never "and 1 more": one more name costs no more than saying so. */
export function nodeNames(names: readonly string[], max: number): string {
  return names.length > max + 1 ? `${names.slice(0, max).join(', ')} and ${names.length - max} more` : names.join(', ');
}

/**
 * The rejected nodes, each with kube-scheduler's plugin and reason and our detail; nodes whose explanation is
 * identical are folded into one entry (`12 nodes (gpu-1, gpu-2, gpu-3 and 9 more):`), in the order of first appearance.
 */
export function describeRejections(rejected: readonly NodeVerdict[]): string {
  const groups = new Map<string, string[]>();
  for (const v of rejected) {
    const text = describeRejection(v, '  ');
    const names = groups.get(text);
    if (names) names.push(v.node);
    else groups.set(text, [v.node]);
  }
  const entries = [...groups].map(([text, names]) => {
    if (names.length === 1) return `Node ${names[0]}:\n${text}`;
    return `${names.length} nodes (${nodeNames(names, NAMED_NODES)}):\n${text}`;
  });
  if (entries.length <= MAX_ENTRIES) return entries.join('\n');
  const left = [...groups.values()].slice(MAX_ENTRIES).reduce((n, names) => n + names.length, 0);
  return [...entries.slice(0, MAX_ENTRIES), `… and ${left} more node(s) with ${entries.length - MAX_ENTRIES} other explanation(s), not shown`].join('\n');
}

/** What let the pod through on the first node that fits (explainNodePass), for `.not` failures. */
export function whyFirstFits(subject: Subject, nodes: readonly Node[], name: string): string {
  const node = nodes.find((n) => nodeInfo(n).name === name)!;
  return `On ${name}:\n${indent(explainNodePass(podInfo(subject), nodeInfo(node)), '  ')}`;
}

export function checkedSchedule(received: unknown, nodesArg: unknown, options: unknown) {
  const subject = subjectOf(received);
  const nodes: Node[] = nodesOf(nodesArg);
  const { existingPods, namespaces } = schedulingOptionsOf(options, false);
  const rejected = apiServerErrors([
    { object: subject.object, label: subject.label },
    ...nodes.map((n) => ({ object: n, label: labelOf(n) })),
    ...(existingPods ?? []).map((p) => ({ object: p, label: labelOf(p) })),
  ]);
  if (rejected) throw new UsageError(rejected);
  return { subject, nodes, result: schedulerErrorsAsUsage(() => schedule(subject, nodes, existingPods, namespaces)) };
}

export function toBeSchedulableOnAnyOf(this: MatcherContext, received: unknown, nodesArg: unknown, options?: unknown): MatcherResult {
  const header = () => hint(this, 'toBeSchedulableOnAnyOf', 'nodes');
  return guarded(this, header, () => {
    const { subject, nodes, result } = checkedSchedule(received, nodesArg, options);
    return {
      pass: result.feasible.length > 0,
      placement: { matcher: 'toBeSchedulableOnAnyOf', subject, target: nodes, verdict: result.gated ? 'gated' : `schedulable on ${result.feasible.length} of ${nodes.length}`, accepted: result.feasible.length > 0, reason: result.fitError },
      message: () =>
        result.gated
          ? `${header()}\n\nExpected ${subject.label} to be schedulable on one of ${nodes.length} node(s), but ${describeGated(subject.label, result.gated.gates)}`
          : result.feasible.length > 0
          ? `${header()}\n\nExpected ${subject.label} not to be schedulable on any of ${nodes.length} node(s), but it fits ${result.feasible.length}: ${nodeNames(result.feasible.map((v) => v.node), MAX_ENTRIES)}\n` +
            whyFirstFits(subject, nodes, result.feasible[0].node)
          : `${header()}\n\nExpected ${subject.label} to be schedulable on one of ${nodes.length} node(s), but kube-scheduler would report:\n  ${result.fitError}\n\n` +
            describeRejections(result.rejected),
    };
  });
}

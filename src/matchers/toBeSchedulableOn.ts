// expect(subject).toBeSchedulableOn(node, { existingPods? })
import type { Pod } from '../types';
import { describeGated, FILTER_PLUGINS, podsOnNode, runFilters, schedulingGates, type NodeVerdict } from '../scheduler';
import { nodeInfo, nodeUsage, podInfo } from '../scheduler/framework';
import { resourcesNotChecked } from '../scheduler/node-resources-fit';
import { hint, indent, type MatcherContext, type MatcherResult } from './context';
import { apiServerErrors, guarded, labelOf, nodeOf, subjectOf, UsageError } from './inputs';
import { checkAllocatable, existingPodsOf } from './inputs-nodes';

export function describeRejection(v: NodeVerdict, by = '  '): string {
  const s = v.status!;
  return `${by}${s.plugin}: ${s.reasons.join(', ')}\n${indent(s.details, `${by}  `)}`;
}

export function toBeSchedulableOn(this: MatcherContext, received: unknown, nodeArg: unknown, options?: unknown): MatcherResult {
  const header = () => hint(this, 'toBeSchedulableOn', 'node');
  return guarded(this, header, () => {
    const subject = subjectOf(received);
    const node = checkAllocatable(nodeOf(nodeArg));
    const existingPods = existingPodsOf(options);
    const nodeLabel = labelOf(node);
    const rejected = apiServerErrors([
      { object: subject.object, label: subject.label },
      { object: node, label: nodeLabel },
      ...(existingPods ?? []).map((p) => ({ object: p, label: labelOf(p) })),
    ]);
    if (rejected) throw new UsageError(rejected);
    const info = nodeInfo(node);
    const onNode = podsOnNode(info.name, existingPods);
    const verdict = runFilters(podInfo(subject), info, nodeUsage(onNode.here));
    const gates = schedulingGates(subject);
    const notes = () => [
      ...(existingPods ? [existingPodsNote(info.name, onNode)] : []),
      ...(verdict.feasible ? [resourcesNotChecked(info)].filter((n) => n !== undefined) : []),
    ].map((n) => `\n${n}`).join('');
    return {
      pass: verdict.feasible,
      message: () =>
        gates.length
          ? `${header()}\n\nExpected ${subject.label} to be schedulable on ${nodeLabel}, but ${describeGated(subject.label, gates)}`
          : verdict.feasible
            ? `${header()}\n\nExpected ${subject.label} not to be schedulable on ${nodeLabel}, but every filter passes (${FILTER_PLUGINS.map((p) => p.name).join(', ')}).${notes()}`
            : `${header()}\n\nExpected ${subject.label} to be schedulable on ${nodeLabel}, but kube-scheduler would reject it:\n${describeRejection(verdict)}${notes()}`,
    };
  });
}

/** What was done with `existingPods`: which were counted on the node and which ignored. */
function existingPodsNote(node: string, on: { here: Pod[]; unbound: number; elsewhere: number }): string {
  const terminal = on.here.filter((p) => p.status?.phase === 'Succeeded' || p.status?.phase === 'Failed').length;
  const counted = on.here.length - terminal;
  const ignored = [
    ...(on.elsewhere ? [`${on.elsewhere} bound to other nodes`] : []),
    ...(terminal ? [`${terminal} Succeeded/Failed`] : []),
  ];
  return `existingPods: counted ${counted} on ${node}` +
    (on.unbound ? ` (${on.unbound} without spec.nodeName, taken as already here)` : '') +
    (ignored.length ? `; ignored ${ignored.join(', ')}` : '');
}

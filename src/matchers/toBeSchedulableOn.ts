// expect(subject).toBeSchedulableOn(node, { existingPods?, nodes?, namespaces? })
import type { Pod } from '../core/types';
import { CLUSTER_PLUGINS, clusterAround, cycleFor, describeGated, FILTER_PLUGINS, podsOnNode, runFilters, schedulingGates, type NodeVerdict } from '../scheduler';
import { explainPasses, SchedulerError } from '../scheduler/cycle';
import { withoutSubject, type Snapshot } from '../scheduler/snapshot';
import { nodeInfo, podInfo } from '../scheduler/framework';
import { resourcesNotChecked } from '../scheduler/plugins/noderesources/fit';
import { hint, indent, type MatcherContext, type MatcherResult } from './context';
import { apiServerErrors, guarded, labelOf, nodeOf, subjectOf, UsageError } from './inputs';
import { checkAllocatable, clusterErrors, schedulingOptionsOf } from './inputs-nodes';
import { statusFacts } from '../report/record';
import { explainNodePass } from '../explain/pass';

export function describeRejection(v: NodeVerdict, by = '  '): string {
  const s = v.status!;
  return `${by}${s.plugin}: ${s.reasons.join(', ')}\n${indent(s.details, `${by}  `)}`;
}

export function toBeSchedulableOn(this: MatcherContext, received: unknown, nodeArg: unknown, options?: unknown): MatcherResult {
  const header = () => hint(this, 'toBeSchedulableOn', 'node');
  return guarded(this, header, () => {
    const subject = subjectOf(received);
    const node = checkAllocatable(nodeOf(nodeArg));
    const { existingPods: given, nodes, namespaces } = schedulingOptionsOf(options, true);
    const { pods: existingPods, left: itself } = withoutSubject(subject, given);
    const nodeLabel = labelOf(node);
    const rejected = [
      apiServerErrors([{ object: subject.object, label: subject.label }, { object: node, label: nodeLabel }]),
      clusterErrors([...(nodes ?? []).filter((n) => n !== node), ...(existingPods ?? [])]),
    ].filter(Boolean);
    if (rejected.length) throw new UsageError(rejected.join('\n'));
    const info = nodeInfo(node);
    const onNode = podsOnNode(info.name, existingPods);
    const snapshot = clusterAround(node, existingPods, { nodes, namespaces });
    const pod = podInfo(subject);
    const entry = snapshot.byName.get(info.name)!;
    const cycle = schedulerErrorsAsUsage(() => cycleFor(pod, snapshot));
    const verdict = runFilters(pod, info, entry.usage, cycle);
    const gates = schedulingGates(subject);
    const notes = () => [
      ...(verdict.feasible ? explainPasses(pod, entry, cycle) : []),
      ...(existingPods ? [existingPodsNote(info.name, existingPods, nodes && snapshot, itself)] : []),
      ...(verdict.feasible ? [resourcesNotChecked(info)].filter((n) => n !== undefined) : []),
    ].map((n) => `\n${n}`).join('');
    return {
      pass: verdict.feasible,
      placement: { matcher: 'toBeSchedulableOn', subject, target: node, verdict: gates.length ? 'gated' : verdict.feasible ? 'schedulable' : 'rejected', accepted: verdict.feasible, ...statusFacts(verdict.status) },
      message: () =>
        gates.length
          ? `${header()}\n\nExpected ${subject.label} to be schedulable on ${nodeLabel}, but ${describeGated(subject.label, gates)}`
          : verdict.feasible
            ? `${header()}\n\nExpected ${subject.label} not to be schedulable on ${nodeLabel}, but every filter passes (${[...FILTER_PLUGINS, ...CLUSTER_PLUGINS].map((p) => p.name).join(', ')}):\n${indent(explainNodePass(pod, info), '  ')}${notes()}`
            : `${header()}\n\nExpected ${subject.label} to be schedulable on ${nodeLabel}, but kube-scheduler would reject it:\n${describeRejection(verdict)}${notes()}`,
    };
  });
}

/** A PreFilter Error (e.g. an unparsable topology spread selector) gives no verdict: the matcher fails either way. */
export function schedulerErrorsAsUsage<T>(run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof SchedulerError) throw new UsageError(`kube-scheduler would fail with an error (PodScheduled=False, reason SchedulerError): ${e.message}`);
    throw e;
  }
}

/** What was done with `existingPods`: counted on the node, on the cluster's other nodes, or ignored. */
// kube-scheduler's cache holds only pods bound to a node (spec.nodeName) that are not Succeeded/Failed; a Pending
// pod without spec.nodeName waits in the scheduling queue and uses nothing yet (see podsOnNode).
function existingPodsNote(node: string, existingPods: readonly Pod[], cluster: Snapshot | undefined, itself: number): string {
  const terminal = (p: Pod) => p.status?.phase === 'Succeeded' || p.status?.phase === 'Failed';
  let here = 0, unbound = 0, others = 0, outside = 0, done = 0;
  for (const p of existingPods) {
    const bound = p.spec?.nodeName;
    if (!bound) unbound++;
    else if (bound !== node && !cluster?.byName.has(bound)) outside++;
    else if (terminal(p)) done++;
    else if (bound === node) here++;
    else others++;
  }
  const ignored = [
    ...(unbound ? [`${unbound} without spec.nodeName (Pending, on no node yet; kube-scheduler counts only pods bound to a node)`] : []),
    ...(outside ? [`${outside} bound to ${cluster ? 'nodes not in options.nodes' : 'other nodes'}`] : []),
    ...(done ? [`${done} Succeeded/Failed`] : []),
    ...(itself ? ['the pod itself (same uid or namespace/name)'] : []),
  ];
  return `existingPods: counted ${here} on ${node}` +
    (others ? `, ${others} on the cluster's other nodes` : '') +
    (ignored.length ? `; ignored ${ignored.join(', ')}` : '');
}

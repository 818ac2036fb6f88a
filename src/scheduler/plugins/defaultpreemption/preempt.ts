// Evaluator.Preempt (pkg/scheduler/framework/preemption/preemption.go): PodEligibleToPreemptOthers, findCandidates
// over the nodes whose status preemption may resolve, DryRunPreemption, SelectCandidate; the status message the
// FitError appends.
import type { Pod } from '../../../core/types';
import { releaseAtLeast } from '../../../core/config';
import { POD_NUMBERS, type Status } from '../../framework';
import type { PostFilterHandle, PostFilterNode, PostFilterPlugin, PreemptionAnswer, PreemptionOutcome } from '../../cycle';
import { pdbOrderFacts } from './pdb';
import { existingPriority, incomingPriority, podKey, priorityUnknown } from './priority';
import { selectVictimsOnNode } from './victims';
import { alikeDryRuns } from './alike';
import { pickOneNodeForPreemption, type Candidate } from './pick';
import { ErrNoVictimOnNode, ErrReasonNotHelpful, FOUND_PLACEMENT, NotEligibleNever, NotEligibleTerminating, PREEMPTION_PREFIX } from './reasons';
import { aggregate } from '../../../k8s/limit-range';

type Outcome = ReturnType<PostFilterPlugin['postFilter']>;

const failed = (code: Outcome['code'], message: string): Outcome => ({ code, answer: { message: PREEMPTION_PREFIX + message, nominatedNodes: [], candidates: [] } });
// Stryker disable next-line StringLiteral: the framework reads Success, UnschedulableAndUnresolvable and Error (runPostFilterPlugins); any other code goes on alike
const unknown = (why: string): Outcome => ({ code: 'Unschedulable', answer: { unknown: why } });

/** v1.PodReasonPreemptionByScheduler, the DisruptionTarget condition's reason on a pod the scheduler preempts. */
const PREEMPTION_BY_SCHEDULER = 'PreemptionByScheduler';

/** PodTerminatingByPreemption: deleted, with DisruptionTarget=True for PreemptionByScheduler. */
function terminatingByPreemption(pod: Pod): boolean {
  if (pod.metadata?.deletionTimestamp == null) return false;
  const c = (pod.status?.conditions ?? []).find((x) => x.type === 'DisruptionTarget');
  return !!c && c.status === 'True' && c.reason === PREEMPTION_BY_SCHEDULER;
}

/**
 * PodEligibleToPreemptOthers: not with preemptionPolicy Never; not while a lower-priority pod on the pod's
 * nominated node (status.nominatedNodeName, as a dump holds it) is terminating by preemption, unless the filters
 * found that node UnschedulableAndUnresolvable. Undefined: eligible.
 */
function notEligible(pod: Pod | undefined, policy: string | undefined | null, priority: number | undefined, handle: PostFilterHandle): string | undefined {
  if (policy === 'Never') return NotEligibleNever;
  const nominated = (pod?.status as { nominatedNodeName?: string } | undefined)?.nominatedNodeName;
  // Stryker disable next-line ConditionalExpression: no node is named undefined: the find below gives none
  if (!nominated) return undefined;
  const node = handle.nodes.find((n) => n.entry.info.name === nominated);
  // Stryker disable next-line OptionalChaining: PostFilter runs only when every node has a failing status
  if (!node || node.status?.code === 'UnschedulableAndUnresolvable') return undefined;
  const terminating = node.entry.pods.some((p) => {
    const pr = existingPriority(p);
    return pr.unknown === undefined && priority !== undefined && pr.value < priority && terminatingByPreemption(p);
  });
  return terminating ? NotEligibleTerminating : undefined;
}

/**
 * DefaultPreemption.PostFilter. An answer the inputs cannot decide (the pod's or a potential victim's priority
 * unknown) is `unknown`; the nodes preemption cannot help are decided whatever the priorities.
 */
export function preempt(pod: Parameters<PostFilterPlugin['postFilter']>[0], handle: PostFilterHandle): Outcome {
  const { priority, policy } = incomingPriority(pod);
  if (policy === null) return unknown(priority.unknown!);
  const known = priority.unknown === undefined ? priority.value : undefined;
  const object = pod.subject.kind === 'Pod' ? (pod.subject.object as Pod) : undefined;
  const why = notEligible(object, policy, known, handle);
  // Stryker disable next-line StringLiteral: the framework reads Success, UnschedulableAndUnresolvable and Error (runPostFilterPlugins); any other code goes on alike
  if (why) return failed('Unschedulable', why);
  // findCandidates: the nodes whose status is Unschedulable (NodesForStatusCode); never UnschedulableAndUnresolvable
  // ones, nor those a PreFilterResult left out (their status is UnschedulableAndUnresolvable too)
  const potential = handle.nodes.filter((n) => n.status?.code === 'Unschedulable');
  // Stryker disable next-line StringLiteral: the framework reads Success, UnschedulableAndUnresolvable and Error (runPostFilterPlugins); any other code goes on alike
  if (potential.length === 0) return failed('Unschedulable', notHelpful(handle.nodes.length, new Map()));
  if (known === undefined) return unknown(priority.unknown!);
  const victimUnknown = potentialVictimUnknown(potential);
  if (victimUnknown) return unknown(victimUnknown);
  const { candidates, statuses, errors } = dryRunPreemption(known, potential, handle);
  // evaluate: findCandidates' aggregate error stops preemption when no candidate is left (an Error status)
  if (candidates.length === 0 && errors.length) return failed('Error', aggregate(errors)!);
  // Stryker disable next-line StringLiteral: the framework reads Success, UnschedulableAndUnresolvable and Error (runPostFilterPlugins); any other code goes on alike
  if (candidates.length === 0) return failed('Unschedulable', notHelpful(handle.nodes.length, statuses));
  const nominatedNodes = pickOneNodeForPreemption(candidates);
  const answer: PreemptionAnswer = {
    message: successMessage(nominatedNodes[0], candidates),
    nominatedNodes,
    candidates: candidates.map((c) => ({ node: c.node, victims: c.victims.map(podKey), numPDBViolations: c.numPDBViolations })),
  };
  const pdbOrder = pdbOrderFacts(candidates);
  if (pdbOrder.length) answer.pdbOrder = pdbOrder;
  return { code: 'Success', answer };
}

/** Some pod on a potential node has a priority the inputs leave unknown: whether it is a victim is unknown. */
function potentialVictimUnknown(nodes: readonly PostFilterNode[]): string | undefined {
  for (let n = 0; n < nodes.length; n++) {
    const { pods, podNumbers } = nodes[n].entry;
    for (let i = 0; i < pods.length; i++) {
      // a spec.priority the snapshot kept (podNumbers) is known without reading the pod again
      // Stryker disable next-line ConditionalExpression,ArithmeticOperator: a shortcut; priorityUnknown reads spec.priority too
      if (podNumbers && !Number.isNaN(podNumbers[i * POD_NUMBERS + 3])) continue;
      const unknown = priorityUnknown(pods[i]);
      if (unknown !== undefined) return unknown;
    }
  }
  return undefined;
}

/**
 * Preempt's success status: no message up to 1.36; from 1.37 'found a potential placement …' (preemption.go
 * Preempt at v1.37.2), which DefaultPreemption prefixes and the FitError appends. With tied nodes the message names the first
 * of nominatedNodes (upstream: whichever it picked).
 */
function successMessage(node: string, candidates: readonly Candidate[]): string {
  if (!releaseAtLeast('1.37')) return '';
  const victims = candidates.find((c) => c.node === node)!.victims.length;
  return PREEMPTION_PREFIX + FOUND_PLACEMENT.replace('%v', node).replace('%d', String(victims));
}

/**
 * DryRunPreemption over every potential node, in node order: a node where SelectVictimsOnNode finds victims is a
 * candidate, else its status is recorded; where it succeeds without a victim (the pod fits as the node is), the
 * status is an Error, `expected at least one victim pod on node "<node>"`, and joins `errors` (the aggregate error
 * findCandidates returns). Upstream checks the nodes in parallel, so its errors come in the order its goroutines
 * finish: this answer lists them in node order. Upstream evaluates a sample when there are more than 100 potential
 * nodes (GetOffsetAndNumCandidates: max(10%, 100) nodes from a random offset, stopping once enough candidates are
 * found); this answer assumes every potential node is evaluated. Alike nodes share one dry run (alike.ts).
 */
function dryRunPreemption(priority: number, potential: readonly PostFilterNode[], handle: PostFilterHandle): { candidates: Candidate[]; statuses: Map<string, Status>; errors: string[] } {
  const candidates: Candidate[] = [];
  const statuses = new Map<string, Status>();
  const errors: string[] = [];
  const dryRun = alikeDryRuns(handle.podDisruptionBudgets, (entry) => selectVictimsOnNode(priority, entry, handle.podDisruptionBudgets, handle));
  for (const node of potential) {
    const name = node.entry.info.name;
    const r = dryRun(node);
    if (r.status) statuses.set(name, r.status);
    else if (r.victims.length === 0) errors.push(ErrNoVictimOnNode.replace('%q', JSON.stringify(name)));
    else candidates.push({ node: name, victims: r.victims, numPDBViolations: r.numPDBViolations, shared: r.shared, pdbOrder: r.pdbOrder });
  }
  // Stryker disable next-line EqualityOperator,ConditionalExpression: the same order for distinct names (a node's name is its key)
  candidates.sort((a, b) => (a.node < b.node ? -1 : a.node > b.node ? 1 : 0));
  return { candidates, statuses, errors };
}

/**
 * evaluate's FitError when no candidate is found: the dry run's statuses, every other node "Preemption is not
 * helpful for scheduling" (SetAbsentNodesStatus), as FitError.Error() prints them: `0/N nodes are available: ` and
 * the reasons' histogram sorted as strings.
 */
function notHelpful(numAllNodes: number, statuses: ReadonlyMap<string, Status>): string {
  const counts = new Map<string, number>();
  for (const s of statuses.values()) for (const r of s.reasons) counts.set(r, (counts.get(r) ?? 0) + 1);
  const absent = numAllNodes - statuses.size;
  if (absent > 0) counts.set(ErrReasonNotHelpful, (counts.get(ErrReasonNotHelpful) ?? 0) + absent);
  // (sort() with no comparator orders strings by UTF-16 code units, as `<` does)
  const histogram = [...counts].map(([reason, n]) => `${n} ${reason}`).sort();
  return `0/${numAllNodes} nodes are available: ${histogram.join(', ')}.`;
}

export type { PreemptionOutcome };

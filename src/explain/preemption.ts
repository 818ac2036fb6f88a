// DefaultPreemption's answer in words: kube-scheduler's FitError with its ` preemption:` part first (the
// FailedScheduling event's text), then the nominated node and each victim with its priority, what it frees and
// whether its eviction violates a PodDisruptionBudget.
import type { NodeAnswer, NodePreemption, NodeVerdict, PendingDaemonPod, PreemptAnswer, VictimFact } from '../engine';
import { describeGated } from '../engine';
import { assumptionsNote, describeNoPods, describeRejection, describeRejections, explainNodeAnswer, MAX_ENTRIES, nodeNames, whyFirstFits } from './schedule';

/** `default/web-1 (priority 0; frees cpu: 1500m; its eviction violates a PodDisruptionBudget)`. */
export function describeVictim(v: VictimFact): string {
  const parts = [`priority ${v.priority}`, ...(v.frees ? [`frees ${v.frees}`] : []), ...(v.violatesPDB ? ['its eviction violates a PodDisruptionBudget'] : [])];
  return `${v.pod} (${parts.join('; ')})`;
}

const victimLines = (victims: readonly VictimFact[]) => victims.map((v) => `    - ${describeVictim(v)}`).join('\n');

/** The nominated node(s) and their victims: `It would nominate node a and preempt 2 pod(s) there:` (ties: "one of"). */
export function describeNomination(a: PreemptAnswer): string {
  const victims = a.victims ?? {};
  const nodes = Object.keys(victims);
  const head = a.daemonPods
    ? "DefaultPreemption would nominate its Pending pods' own nodes"
    : nodes.length > 1
    ? `DefaultPreemption would nominate one of ${nodes.length} nodes (pickOneNodeForPreemption ties on them; kube-scheduler picks one): ${nodes.join(', ')}`
    : `DefaultPreemption would nominate node ${nodes[0]}`;
  const each = nodes.map((n) => {
    const vs = victims[n];
    const pdb = vs.filter((v) => v.violatesPDB).length;
    return `  On ${n}, preempting ${vs.length} pod(s)${pdb ? ` (${pdb} of them violating a PodDisruptionBudget)` : ''}:\n${victimLines(vs)}`;
  });
  return `${head}:\n${each.join('\n')}`;
}

const quoted = (names: readonly string[]) => (names.length ? names.join(', ') : 'no pod');

/** The FailedScheduling event's text, as kube-scheduler reports it. */
const event = (a: PreemptAnswer) => `kube-scheduler would report:\n  ${a.fitError}`;

/**
 * toPreempt: why the pod does not get a node by preempting (it fits as is, is gated, or preemption finds no node), or
 * preempts other pods than `expected` on some node it may nominate; with `.not`, whom it preempts.
 */
export function explainPreempt(a: PreemptAnswer, expected: readonly string[] | undefined, negated: boolean): string {
  const wanted = expected ? `to preempt ${quoted(expected)}` : 'to get a node only by preempting';
  if (a.gated) return `Expected ${a.pod} ${wanted}, but ${describeGated(a.pod, a.gated.gates)}`;
  if (a.daemonPods) return explainDaemonPreempt(a, a.daemonPods, expected, negated);
  if (a.feasible.length) {
    return `Expected ${a.pod} ${wanted}, but it fits ${a.feasible.length} of ${a.nodes} node(s) as they are, so it preempts nobody: ${nodeNames(a.feasible.map((v) => v.node), MAX_ENTRIES)}\n` +
      whyFirstFits(a) + assumptionsNote(a);
  }
  if (!a.victims) {
    // a DaemonSet with no pod Pending (engine/daemon.ts): no FitError, nothing to preempt for
    const why = a.fitError === undefined ? 'no pod of it is Pending' : `preemption finds no node for it; ${event(a)}`;
    const noPods = a.noPod?.length ? `${a.rejected.length ? '\n' : ''}${describeNoPods(a.noPod)}` : '';
    return `Expected ${a.pod} ${wanted}, but ${why}\n\n${describeRejections(a.rejected)}${noPods}${assumptionsNote(a)}`;
  }
  if (negated) {
    const which = expected ? `to preempt other pods than ${quoted(expected)}` : 'to preempt nobody';
    return `Expected ${a.pod} ${which}, but it gets a node only by preempting; ${event(a)}\n\n${describeNomination(a)}\n\n${describeRejections(a.rejected)}${assumptionsNote(a)}`;
  }
  return `Expected ${a.pod} ${wanted}, but on the node DefaultPreemption nominates it preempts other pods; ${event(a)}\n\n${describeNomination(a)}${assumptionsNote(a)}`;
}

/**
 * explainPreempt for a DaemonSet with Pending pods: each is scheduled on its own, pinned to its node, and preempts
 * there or nowhere; the FailedScheduling event quoted is the first preempting pod's, else the first Pending one's.
 */
function explainDaemonPreempt(a: PreemptAnswer, pods: readonly PendingDaemonPod[], expected: readonly string[] | undefined, negated: boolean): string {
  const nodes = Object.keys(a.victims ?? {});
  const quotedPod = pods.find((p) => p.node === nodes[0]) ?? pods[0];
  const report = `kube-scheduler would report for its pod for ${quotedPod.node}:\n  ${quotedPod.fitError}`;
  const fit = a.feasible.length ? ` (its pods for ${a.feasible.length} node(s) fit as they are: ${nodeNames(a.feasible.map((v) => v.node), MAX_ENTRIES)})` : '';
  const wanted = expected ? `to preempt ${quoted(expected)}` : 'to get a node only by preempting';
  if (!nodes.length) {
    const noPods = a.noPod?.length ? `\n${describeNoPods(a.noPod)}` : '';
    return `Expected ${a.pod} ${wanted}, but none of its ${pods.length} Pending pod(s) gets its node by preempting${fit}; ${report}\n\n` +
      `${describeRejections(a.rejected)}${noPods}${assumptionsNote(a)}`;
  }
  const all = Object.values(a.victims!).flat().map((v) => v.pod);
  const which = negated ? (expected ? `to preempt other pods than ${quoted(expected)}` : 'to preempt nobody') : wanted;
  const but = negated ? `its pods for ${nodes.length} node(s) get them only by preempting` : `its pods preempt ${quoted(all)}`;
  return `Expected ${a.pod} ${which}, but ${but}${fit}; ${report}\n\n${describeNomination(a)}${assumptionsNote(a)}`;
}

/** toBeSchedulableOn, after a rejection: what preemption would do on that node (the verdict stands). */
export function describeNodePreemption(p: NodePreemption | undefined): string {
  if (!p) return '';
  if ('unknown' in p) return `\nWhether preemption would let it in there is not modelled: ${p.unknown}`;
  // preemption that cannot help adds nothing to the rejection
  if ('none' in p) return '';
  const pdb = p.numPDBViolations ? ` (${p.numPDBViolations} of them violating a PodDisruptionBudget)` : '';
  return `\nIt gets this node only by preempting ${p.victims.length} pod(s)${pdb} (DefaultPreemption, SelectVictimsOnNode):\n${p.victims.map((v) => `  - ${describeVictim(v)}`).join('\n')}`;
}

/**
 * toBeSchedulableOn's message: "only by preempting …" (the victims named) when the node rejects the pod for a reason
 * preemption resolves there, then the filters' rejection as it stands; otherwise explainNodeAnswer with what
 * preemption would not do.
 */
export function explainNodeWithPreemption(a: NodeAnswer): string {
  const p = a.preemption;
  if (a.feasible || a.gates.length || !p || !('victims' in p)) return explainNodeAnswer(a) + describeNodePreemption(p);
  const pdb = p.numPDBViolations ? ` (${p.numPDBViolations} of them violating a PodDisruptionBudget)` : '';
  const notes = a.notes.map((n) => `\n${n}`).join('') + assumptionsNote(a);
  return `Expected ${a.pod} to be schedulable on ${a.nodeLabel}, but only by preempting ${p.victims.length} pod(s) there${pdb} ` +
    `(DefaultPreemption, SelectVictimsOnNode):\n${p.victims.map((v) => `  - ${describeVictim(v)}`).join('\n')}\n` +
    `As the node is, kube-scheduler's filters reject it:\n${describeRejection(a as NodeVerdict)}${notes}`;
}

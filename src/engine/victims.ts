// DefaultPreemption's victims in the clients' terms: each victim's priority, what it frees and whether its eviction
// violates a PodDisruptionBudget; and SelectVictimsOnNode asked of one node (toBeSchedulableOn's "only by preempting").
import type { KubeObject, Node, Pod } from '../core/types';
import type { Subject } from '../k8s/subject';
import { podRequests } from '../k8s/resources';
import { podInfo, type PodInfo } from '../scheduler/framework';
import { postFilterHandle, type NodeVerdict } from '../scheduler';
import type { CycleState, PDBOrderFact, PreemptionAnswer } from '../scheduler/cycle';
import type { NodeSnapshot, Snapshot } from '../scheduler/snapshot';
import { formatBytes, formatMilliCPU } from '../scheduler/plugins/noderesources/fit';
import { ErrNoVictimOnNode, existingPriority, filterPodsWithPDBViolation, incomingPriority, moreImportant, pdbOrderFacts, selectVictimsOnNode } from '../scheduler/plugins/defaultpreemption';
import { podNamespace } from '../scheduler/snapshot';

/** One pod DefaultPreemption would preempt, as the messages name it. */
export interface VictimFact {
  /** 'namespace/name', as the preemption answer names it. */
  pod: string;
  node: string;
  priority: number;
  /** The victim's requests (PodRequests), formatted: `cpu: 1500m, memory: 1Gi`; '' when it requests nothing. */
  frees: string;
  /** Its eviction would take a matching PodDisruptionBudget below zero disruptions allowed (filterPodsWithPDBViolation). */
  violatesPDB: boolean;
}

/** The preemption SelectVictimsOnNode finds on one node, or why there is none. */
export type NodePreemption =
  /** `pdbOrder`: from 1.37, the pods whose PDB count rested on the PDBs' order (absent when none). */
  | { victims: VictimFact[]; numPDBViolations: number; pdbOrder?: PDBOrderFact[] }
  | { unknown: string }
  | { none: string };

const key = (pod: Pod) => `${podNamespace(pod)}/${pod.metadata?.name ?? ''}`;

/** The pod's requests in the words of NodeResourcesFit's details (cpu in milli-units, bytes with binary suffixes). */
export function describeRequests(pod: Pod): string {
  let reqs: Map<string, bigint>;
  try {
    reqs = podRequests(pod.spec ?? ({} as never), 'spec', pod.status as never);
  } catch {
    return '';
  }
  const parts: string[] = [];
  for (const [name, nano] of reqs) {
    if (nano === 0n) continue;
    if (name === 'cpu') parts.push(`cpu: ${formatMilliCPU(nano / 1_000_000n)}`);
    else if (name === 'memory' || name === 'ephemeral-storage' || name.startsWith('hugepages-')) parts.push(`${name}: ${formatBytes(nano / 1_000_000_000n)}`);
    else parts.push(`${name}: ${nano / 1_000_000_000n}`);
  }
  return parts.join(', ');
}

/**
 * The facts of `victims` (pods of `node`, the PreemptionAnswer's names) for a pod of `priority`: the PDB violations
 * as SelectVictimsOnNode counts them, over the node's lower-priority pods in order of importance.
 */
export function victimFacts(node: string, victims: readonly string[], nodePods: readonly Pod[], priority: number, pdbs: readonly KubeObject[]): VictimFact[] {
  const byKey = new Map(nodePods.map((p) => [key(p), p]));
  const potential = nodePods.filter((p) => {
    const pr = existingPriority(p);
    return pr.unknown === undefined && pr.value < priority;
  }).sort(moreImportant);
  const violating = new Set(filterPodsWithPDBViolation(potential, pdbs).violating);
  return victims.map((v) => {
    const pod = byKey.get(v);
    const pr = pod ? existingPriority(pod) : undefined;
    return { pod: v, node, priority: pr && pr.unknown === undefined ? pr.value : 0, frees: pod ? describeRequests(pod) : '', violatesPDB: !!pod && violating.has(pod) };
  });
}

/** The victims on each nominated node of an answer, from the snapshot the scheduler filtered. */
export function nominatedVictims(subject: Subject, answer: PreemptionAnswer, podsOn: (node: string) => readonly Pod[], pdbs: readonly KubeObject[]): Record<string, VictimFact[]> {
  const { priority } = incomingPriority(podInfo(subject));
  const value = priority.unknown === undefined ? priority.value : 0;
  const out: Record<string, VictimFact[]> = {};
  for (const node of answer.nominatedNodes) {
    const c = answer.candidates.find((x) => x.node === node)!;
    out[node] = victimFacts(node, c.victims, podsOn(node), value, pdbs);
  }
  return out;
}

/**
 * SelectVictimsOnNode for a node the filters reject with a status preemption may resolve (Unschedulable): the pod's
 * priority and preemptionPolicy as admission leaves them, the node's lower-priority pods, and the filters re-run as
 * the victims leave the node. Undefined when preemption cannot help there (an UnschedulableAndUnresolvable status).
 */
export function preemptionOnNode(
  pod: PodInfo, nodes: readonly Node[], verdict: NodeVerdict, snapshot: Snapshot, cycle: CycleState | undefined, pdbs: readonly KubeObject[],
): NodePreemption | undefined {
  if (verdict.feasible || verdict.status?.code !== 'Unschedulable') return undefined;
  const { priority, policy } = incomingPriority(pod);
  if (policy === null || priority.unknown !== undefined) return { unknown: priority.unknown! };
  if (policy === 'Never') return { none: 'its preemptionPolicy is Never' };
  const entry: NodeSnapshot = snapshot.byName.get(verdict.node)!;
  for (const p of entry.pods) {
    const pr = existingPriority(p);
    if (pr.unknown !== undefined) return { unknown: pr.unknown };
  }
  const handle = postFilterHandle(pod, nodes, [verdict], snapshot, cycle, pdbs);
  const r = selectVictimsOnNode(priority.value, entry, pdbs, handle);
  if (r.status) return { none: `${r.status.plugin}: ${r.status.reasons.join(', ')}` };
  // DryRunPreemption's Error for a node the pod fits without evicting anyone
  if (r.victims.length === 0) return { none: `DefaultPreemption: ${ErrNoVictimOnNode.replace('%q', JSON.stringify(verdict.node))}` };
  const victims = victimFacts(verdict.node, r.victims.map(key), entry.pods, priority.value, pdbs);
  if (!r.pdbOrder) return { victims, numPDBViolations: r.numPDBViolations };
  return { victims, numPDBViolations: r.numPDBViolations, pdbOrder: pdbOrderFacts([{ node: verdict.node, pdbOrder: r.pdbOrder }]) };
}

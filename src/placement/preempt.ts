// A replica that fits no node but preempts (issue 35): kube-scheduler's PostFilter nominates a node and deletes the
// victims (preemption.go prepareCandidate: DeletePod of each victim, status.nominatedNodeName set); the pod goes back
// to the queue and its next cycle tries the nominated node first (schedule_one.go findNodesThatFitPod,
// evaluateNominatedNode), where the victims are gone. Their own controllers recreate them later; this placement
// models that they are gone from the cluster and named, not where their replacements land.
import type { KubeObject, Node, Pod } from '../core/types';
import type { NotModelled } from '../k8s/not-modelled';
import { podsByNode } from '../scheduler';
import type { PDBOrderFact, PreemptionAnswer, PreemptionOutcome } from '../scheduler/cycle';
import { buildSnapshot, podNamespace, type Snapshot } from '../scheduler/snapshot';

/** What a placed pod preempted to get its node: the victims ('namespace/name') and the event of its first cycle. */
export interface Preemption {
  /** The nominated node (the first of pickOneNodeForPreemption's ties, sorted by name). */
  node: string;
  victims: string[];
  /** The FailedScheduling event of the cycle that nominated the node (the FitError with its ` preemption:` part). */
  event: string;
  /** Other nodes pickOneNodeForPreemption tied with: kube-scheduler could have nominated any of them. */
  tiedWith: string[];
  /** From 1.37, the PodDisruptionBudgets' order the victims rest on (the cycle's PreemptionAnswer.pdbOrder); absent when none. */
  pdbOrder?: PDBOrderFact[];
}

/** The nominating answer of a cycle, when preemption nominated a node. */
export function nomination(outcome: PreemptionOutcome | undefined): PreemptionAnswer | undefined {
  return outcome && !('unknown' in outcome) && outcome.nominatedNodes.length ? outcome : undefined;
}

const key = (pod: Pod) => `${podNamespace(pod)}/${pod.metadata?.name ?? ''}`;

/**
 * The victims on the nominated node deleted: taken out of `existing` (in place) and a snapshot rebuilt without them,
 * keeping the storage listers the placement has assumed volumes into and the PodDisruptionBudgets.
 */
export function deleteVictims(
  snapshot: Snapshot, nodes: readonly Node[], existing: Pod[], node: string, victims: readonly string[],
  options: { namespaces?: readonly KubeObject[]; services?: readonly KubeObject[] },
): Snapshot {
  const gone = new Set(victims);
  for (let i = existing.length - 1; i >= 0; i--) {
    const p = existing[i];
    if (p.spec?.nodeName === node && gone.has(key(p))) existing.splice(i, 1);
  }
  const rebuilt = buildSnapshot(nodes, podsByNode(existing), options.namespaces, options.services);
  rebuilt.storage = snapshot.storage;
  if (snapshot.podDisruptionBudgets) rebuilt.podDisruptionBudgets = snapshot.podDisruptionBudgets;
  return rebuilt;
}

/** `preempted by Pod x (on node n)`: a placed pod that a later one preempted, as its Pending reason. */
export const preemptedBy = (by: string, node: string) => `preempted by ${by} on ${node} (DefaultPreemption); its controller recreates it, and where the new pod lands is not modelled`;

/** A Pending pod's preemption rests on a priority the inputs leave unknown: its workload names DefaultPreemption once. */
export function preemptionUnknown(notModelled: Array<{ workload: string; items: NotModelled[] }>, workload: string, detail: string): void {
  let entry = notModelled.find((x) => x.workload === workload);
  if (!entry) notModelled.push((entry = { workload, items: [] }));
  if (!entry.items.some((i) => i.what === 'DefaultPreemption')) entry.items.push({ what: 'DefaultPreemption', detail });
}

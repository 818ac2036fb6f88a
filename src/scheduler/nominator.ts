// The pods nominated to a node, as a scheduling cycle counts them (issue 35). kube-scheduler's queue keeps a nominator
// (pkg/scheduler/backend/queue/nominator.go): every Pending pod of its profiles with status.nominatedNodeName — a
// pod a past cycle's preemption nominated — is added when the queue takes the pod (scheduling_queue.go: up to 1.36
// when the pod enters the active queue, so a pod gated at PreEnqueue is not nominated; from 1.37 addPod nominates it
// unconditionally, gated or not), unless the pod lister holds it bound (spec.nodeName). RunFilterPluginsWithNominatedPods
// (framework/runtime/framework.go, the same at v1.33.13–v1.37.2) then filters a node twice when addGENominatedPods finds
// pods of priority at least the incoming pod's nominated to it (never the pod itself, by UID): once with them added
// to the node and to the cluster plugins' state (AddPod), and, when that passes, once without them.
import type { Pod } from '../core/types';
import { releaseAtLeast } from '../core/config';
import type { PodInfo } from './framework';
import type { Snapshot } from './snapshot';
import { groupByNode, isSubjectPod, nominatedIn, podNamespace } from './snapshot';
import { existingPriority, incomingPriority } from './pod-priority';
import { configuredProfiles } from './config/select';
import { DEFAULT_SCHEDULER_NAME } from './config/types';

const NONE: readonly Pod[] = [];

/** What the nominator holds for a pod and snapshot: the pods counted per node, and why others are unknown. */
interface Nominated {
  byNode: Map<string, Pod[]>;
  /** Why some nominated pod may or may not count (a priority the inputs leave unknown); undefined when none. */
  unknown?: string;
}

const memo = new WeakMap<Snapshot, WeakMap<PodInfo, Nominated>>();

/** The queue of this scheduler takes the pod: one of its profiles serves the pod's schedulerName (responsibleForPod). */
function served(pod: Pod): boolean {
  const name = pod.spec?.schedulerName || DEFAULT_SCHEDULER_NAME;
  const configured = configuredProfiles();
  return configured ? configured.profiles.has(name) : name === DEFAULT_SCHEDULER_NAME;
}

/** The nominator holds the pod: its queue takes it, and up to 1.36 only when it passes PreEnqueue (no scheduling gates). */
const inNominator = (pod: Pod): boolean => served(pod) && (!(pod.spec?.schedulingGates?.length) || releaseAtLeast('1.37'));

function nominatedFor(pod: PodInfo, snapshot: Snapshot): Nominated {
  let perPod = memo.get(snapshot);
  // Stryker disable next-line ConditionalExpression: a memo; computed again, the same
  if (!perPod) memo.set(snapshot, (perPod = new WeakMap()));
  let hit = perPod.get(pod);
  // Stryker disable next-line ConditionalExpression: a memo; computed again, the same
  if (!hit) perPod.set(pod, (hit = compute(pod, snapshot.nominated ?? new Map(), snapshot.byName)));
  return hit;
}

/** The nominated pods that count for `pod`, of those nominated to the nodes `nodes` holds. */
function compute(pod: PodInfo, nominated: ReadonlyMap<string, readonly Pod[]>, nodes: { has(name: string): boolean }): Nominated {
  const out: Nominated = { byNode: new Map() };
  const own = incomingPriority(pod).priority;
  for (const [node, pods] of nominated) {
    if (!nodes.has(node)) continue;
    for (const p of pods) {
      if (isSubjectPod(pod.subject, p) || !inNominator(p)) continue;
      const theirs = existingPriority(p);
      // (a nominated pod is read from a cluster, its status says so: its own priority is never unknown)
      // Stryker disable next-line ConditionalExpression,LogicalOperator: see above
      if (own.unknown !== undefined || theirs.unknown !== undefined) {
        out.unknown ??= nominationUnknown(p, node, own.unknown ?? theirs.unknown!);
        continue;
      }
      // addGENominatedPods: corev1.PodPriority(nominated) >= corev1.PodPriority(pod)
      if (theirs.value < own.value) continue;
      const list = out.byNode.get(node);
      if (list) list.push(p);
      else out.byNode.set(node, [p]);
    }
  }
  return out;
}

const nominationUnknown = (p: Pod, node: string, why: string) =>
  `pod ${podNamespace(p)}/${p.metadata?.name ?? ''} is nominated to node ${node} (status.nominatedNodeName); kube-scheduler counts it there as running when its priority is at least the pod's (RunFilterPluginsWithNominatedPods), which is unknown: ${why}. The verdicts leave it out, so a node that fits might not`;

/**
 * addGENominatedPods: the pods nominated to `node` whose priority is at least the pod's, in the nominator's order
 * (the order the inputs give them); the pod itself never. Pods whose priority or the pod's is unknown are left out
 * (nominationUnknownAmong names them).
 */
export function nominatedPodsFor(pod: PodInfo, snapshot: Snapshot, node: string): readonly Pod[] {
  // Stryker disable next-line ConditionalExpression: a shortcut; no nominated pods give none
  if (!snapshot.nominated) return NONE;
  return nominatedFor(pod, snapshot).byNode.get(node) ?? NONE;
}

/** The nodes with pods nominated to them that count for the pod (a cycle filters those twice). */
export function nominatedNodesFor(pod: PodInfo, snapshot: Snapshot): readonly string[] {
  // Stryker disable next-line ConditionalExpression: a shortcut; no nominated pods give none
  if (!snapshot.nominated) return [];
  return [...nominatedFor(pod, snapshot).byNode.keys()];
}

/**
 * Why a pod nominated to one of `nodes` (by name), of the pods given, may count for the pod or not (a priority the
 * inputs leave unknown); undefined when none.
 */
export function nominationUnknownAmong(pod: PodInfo, pods: readonly Pod[] | undefined, nodes: ReadonlySet<string>): string | undefined {
  const nominated = nominatedIn(groupByNode(pods));
  return nominated ? compute(pod, nominated, nodes).unknown : undefined;
}

// The priorities preemption compares (component-helpers scheduling/corev1 PodPriority: spec.priority, 0 when unset),
// as admission sets them (admission/priority.ts), and the start times MoreImportantPod breaks ties with.
import type { Pod, PodSpec } from '../core/types';
import { settings, settingsGeneration } from '../core/config';
import { admitPod } from '../admission';
import { admitPriority } from '../admission/priority';
import { readFromCluster } from '../k8s/subject';
import { podNamespace } from './snapshot';
import type { PodInfo } from './framework';

/** A pod's priority, or why the inputs leave it unknown. */
export type Priority = { value: number; unknown?: undefined } | { unknown: string };

const CLASS_UNKNOWN = (who: string, name: string) =>
  `${who} names PriorityClass ${name}, which is not among the cluster's classes given, so its priority is unknown (give the cluster's PriorityClasses: configure({ priorityClasses }))`;

/**
 * The incoming pod's priority and preemptionPolicy as the Priority admission plugin leaves its spec (admitPod). A pod
 * read from a cluster was admitted when it was created: spec.priority, 0 when unset. `policy` is unknown with the
 * priority unless the pod gives its own (admission refuses one that differs from its class's).
 */
export function incomingPriority(pod: PodInfo): { priority: Priority; policy: string | undefined | null } {
  const spec = admitPod(pod.subject).spec;
  // admission runs on the Pod a workload's controller creates, and on a Pod unless it was read from a cluster
  const created = pod.subject.kind !== 'Pod' || !readFromCluster(pod.subject.object);
  if (spec.priority != null || !spec.priorityClassName || !settings().admission.priority || !created) {
    return { priority: { value: spec.priority ?? 0 }, policy: spec.preemptionPolicy };
  }
  return { priority: { unknown: CLASS_UNKNOWN(`The pod ${pod.subject.label}`, spec.priorityClassName) }, policy: spec.preemptionPolicy ?? null };
}

/** Admission ran on the pod: the Priority plugin is on and the pod was created here, not read from a cluster. */
const admitted = (pod: Pod) => settings().admission.priority && !readFromCluster(pod);

// per pod and settings (admission and the PriorityClasses given decide a manifest's priority)
const existing = new WeakMap<Pod, { generation: number; priority: Priority }>();

/**
 * An existing pod's priority: a pod read from a cluster carries spec.priority (PodPriority: 0 when unset); a pod
 * given as a manifest gets what admission would have set when it was created.
 */
export function existingPriority(pod: Pod): Priority {
  const hit = existing.get(pod);
  // Stryker disable next-line ConditionalExpression: a memo; computed again, the same
  if (hit && hit.generation === settingsGeneration()) return hit.priority;
  const priority = computeExisting(pod);
  // Stryker disable next-line ObjectLiteral: a memo entry of no generation is never read: computed again, the same
  existing.set(pod, { generation: settingsGeneration(), priority });
  return priority;
}

function computeExisting(pod: Pod): Priority {
  const spec: PodSpec = pod.spec ?? ({} as PodSpec);
  if (spec.priority != null || !admitted(pod)) return { value: spec.priority ?? 0 };
  const who = `The existing pod ${podNamespace(pod)}/${pod.metadata?.name ?? ''}`;
  const admission = admitPriority(spec);
  if (admission.refused) return { unknown: `${who} would be refused by the API server (${admission.refused.reason}), so its priority is unknown` };
  if (admission.priority === undefined) return { unknown: CLASS_UNKNOWN(who, spec.priorityClassName ?? '') };
  return { value: admission.priority };
}

/**
 * GetPodStartTime: status.startTime, else "now" (time.Now(), a different instant at each call upstream). The
 * answer assumes a pod without a start time started after every pod that has one (+Infinity here), and that two
 * such pods started at once.
 */
export function startTime(pod: Pod): number {
  const t = (pod.status as { startTime?: string } | undefined)?.startTime;
  const ms = t ? Date.parse(t) : NaN;
  return Number.isNaN(ms) ? Infinity : ms;
}

/** The assumption startTime states, for answers whose pods have no start time. */
export const START_TIME_ASSUMPTION = 'a pod without status.startTime is taken as started after every pod that has one (kube-scheduler takes the time of the comparison)';

/**
 * MoreImportantPod (pkg/scheduler/util/utils.go; 1.37 MoreImportantVictim for single pods): the higher priority,
 * then the earlier start time.
 */
export function moreImportant(a: Pod, b: Pod): number {
  const pa = priorityValue(a);
  const pb = priorityValue(b);
  if (pa !== pb) return pb - pa;
  const sa = startTime(a);
  const sb = startTime(b);
  // Stryker disable next-line EqualityOperator: past sa === sb, <= is <
  return sa === sb ? 0 : sa < sb ? -1 : 1;
}

/**
 * The priority of a pod whose priority is known (checked before preemption runs). A pod carrying spec.priority has
 * it whatever the settings (computeExisting): read at once, without the per-pod cache (a dry run over a large cluster
 * reads every pod's several times).
 */
export const priorityValue = (pod: Pod): number => {
  const given = pod.spec?.priority;
  // Stryker disable next-line ConditionalExpression: existingPriority gives spec.priority whenever it is set
  return given != null ? given : (existingPriority(pod) as { value: number }).value;
};

/** The pod's priority is one the inputs leave unknown: why, else undefined. */
// Stryker disable next-line ConditionalExpression: existingPriority is known whenever spec.priority is set
export const priorityUnknown = (pod: Pod): string | undefined => (pod.spec?.priority != null ? undefined : existingPriority(pod).unknown);

/** 'namespace/name', as the answer names a victim. */
export const podKey = (pod: Pod): string => `${podNamespace(pod)}/${pod.metadata?.name ?? ''}`;

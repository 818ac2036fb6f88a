// PodDisruptionBudgets (policy/v1): which budgets select a pod, the status the disruption controller computes for a
// budget (pkg/controller/disruption/disruption.go: getExpectedPodCount, getExpectedScale, countHealthyPods,
// buildDisruptedPodMap, updatePdbStatus, failSafe) and the Eviction API's decision for one pod
// (pkg/registry/core/pod/storage/eviction.go: Create, canIgnorePDB, checkAndDecrement, createTooManyRequestsError).
// Pure rules: the outage's disruption controller (controllers/disruption.ts) and the scheduler's preemption call them.
import type { PodDisruptionBudget, PodDisruptionBudgetStatus } from 'kubernetes-types/policy/v1';
import type { Condition } from 'kubernetes-types/meta/v1';
import type { KubeObject, Pod } from '../core/types';
import { LabelSelectorError, parseLabelSelector, selectorMatches } from './label-selector';
import { releaseAtLeast } from '../core/config';

export type { PodDisruptionBudget, PodDisruptionBudgetStatus };

/** disruption.go DeletionTimeout: an eviction the API approved counts the pod as disrupted for this long at most. */
export const DELETION_TIMEOUT = 120;
/** eviction.go MaxDisruptedPodSize. */
export const MAX_DISRUPTED_POD_SIZE = 2000;

/** @upstream pkg/registry/core/pod/storage/eviction.go */
export const EVICTION_REFUSED = "Cannot evict pod as it would violate the pod's disruption budget.";
/** @upstream pkg/registry/core/pod/storage/eviction.go */
export const MORE_THAN_ONE_PDB = 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.';
/** @upstream pkg/registry/core/pod/storage/eviction.go */
export const PDB_DISRUPTIONS_NEGATIVE = 'pdb disruptions allowed is negative';
/** @upstream pkg/registry/core/pod/storage/eviction.go */
export const PDB_DISRUPTED_PODS_TOO_BIG = 'DisruptedPods map too big - too many evictions not confirmed by PDB controller';
/** The DisruptionAllowed condition and its reasons (k8s.io/api/policy/v1 types.go). */
export const DISRUPTION_ALLOWED_CONDITION = 'DisruptionAllowed';
export const SYNC_FAILED_REASON = 'SyncFailed';
export const SUFFICIENT_PODS_REASON = 'SufficientPods';
export const INSUFFICIENT_PODS_REASON = 'InsufficientPods';

const nsOf = (o: KubeObject) => o.metadata?.namespace || 'default';

/**
 * The budget selects the pod: same namespace, and its selector matches the pod's labels (LabelSelectorAsSelector:
 * policy/v1 lets an empty selector `{}` select every pod of the namespace, an absent one none; a selector that does
 * not parse selects nothing: eviction.go getPodDisruptionBudgets, the lister's GetPodPodDisruptionBudgets).
 */
export function pdbSelects(pdb: PodDisruptionBudget, pod: Pod): boolean {
  if (nsOf(pdb as KubeObject) !== nsOf(pod)) return false;
  try {
    return selectorMatches(parseLabelSelector(pdb.spec?.selector), pod.metadata?.labels ?? {});
  } catch (e) {
    if (e instanceof LabelSelectorError) return false;
    throw e;
  }
}

/** LabelSelectorAsSelector's error for the budget's selector, if it does not parse. */
function selectorError(pdb: PodDisruptionBudget): string | undefined {
  try {
    parseLabelSelector(pdb.spec?.selector);
    return undefined;
  } catch (e) {
    if (e instanceof LabelSelectorError) return e.message;
    throw e;
  }
}

/** The budgets, of those given, that select the pod, in the order given. */
export const pdbsOf = (pod: Pod, pdbs: readonly PodDisruptionBudget[]): PodDisruptionBudget[] => pdbs.filter((b) => pdbSelects(b, pod));

/** IsPodReady: the pod's Ready condition is True. A pod without any status (written by hand) is read as Ready. */
export function isPodReady(pod: Pod): boolean {
  if (pod.status === undefined) return true;
  return (pod.status.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True');
}

/** intstr.GetScaledValueFromIntOrPercent with roundUp: an int as is, `N%` of total rounded up; else an error text. */
export function scaledValue(value: number | string, total: number): number | { error: string } {
  if (typeof value === 'number') return value;
  if (!value.endsWith('%')) return { error: 'invalid value for IntOrString: invalid type: string is not a percentage' };
  const digits = value.slice(0, -1);
  // strconv.Atoi: an optional sign and decimal digits only
  if (!/^[+-]?\d+$/.test(digits)) return { error: `invalid value for IntOrString: invalid value ${JSON.stringify(value)}: strconv.Atoi: parsing ${JSON.stringify(digits)}: invalid syntax` };
  return Math.ceil((Number(digits) * total) / 100);
}

/** A pod's controller and its scale (the finders of disruption.go: its `spec.replicas`), or why there is none. */
export type ControllerScale = { controller: string; scale: number } | { error: string } | undefined;

/**
 * The scales getExpectedScale reads, from the controllers given as objects: a pod's controller (its
 * ownerReference with controller: true) found by kind, name and namespace; a ReplicaSet owned by a Deployment counts
 * as that Deployment (getPodDeployment). Kinds without a scale subresource (DaemonSet, Job) give upstream's error
 * (getScaleController); a controller not among those given: "found no controllers".
 */
export function scalesFrom(controllers: readonly KubeObject[]): (pod: Pod) => ControllerScale {
  const find = (kind: string, name: string, ns: string) => controllers.find((c) => c.kind === kind && c.metadata?.name === name && nsOf(c) === ns);
  return (pod) => {
    const ref = pod.metadata?.ownerReferences?.find((r) => r.controller === true);
    if (!ref) return undefined;
    const ns = nsOf(pod);
    const noScale = NO_SCALE[ref.kind];
    if (noScale) return { error: `${noScale} does not implement the scale subresource` };
    let owner = find(ref.kind, ref.name, ns);
    if (owner?.kind === 'ReplicaSet') {
      const up = (owner.metadata as { ownerReferences?: Array<{ kind: string; name: string; controller?: boolean }> }).ownerReferences?.find((r) => r.controller === true);
      if (up?.kind === 'Deployment') owner = find('Deployment', up.name, ns);
    }
    if (!owner || !SCALED.includes(owner.kind ?? '')) return { error: `found no controllers for pod ${JSON.stringify(pod.metadata?.name ?? '')}` };
    return { controller: `${owner.kind}/${ns}/${owner.metadata?.name}`, scale: (owner as { spec?: { replicas?: number } }).spec?.replicas ?? 1 };
  };
}
const SCALED = ['ReplicationController', 'Deployment', 'ReplicaSet', 'StatefulSet'];
/** Kinds that own pods but have no scale subresource: getScaleController's error names their resource. */
const NO_SCALE: Record<string, string> = { DaemonSet: 'daemonsets.apps', Job: 'jobs.batch' };

/** getExpectedPodCount: the pods the budget expects and how many must be healthy; or the sync's error. */
export function expectedPodCount(pdb: PodDisruptionBudget, pods: readonly Pod[], scaleOf: (pod: Pod) => ControllerScale):
  { expectedCount: number; desiredHealthy: number; unmanagedPods: string[] } | { error: string } {
  const { maxUnavailable, minAvailable } = pdb.spec ?? {};
  if (maxUnavailable != null) {
    const scale = expectedScale(pods, scaleOf);
    // Stryker disable next-line ConditionalExpression,StringLiteral: a shortcut; the result spreads `scale`, so its error is kept either way
    if ('error' in scale) return scale;
    const max = scaledValue(maxUnavailable, scale.expectedCount);
    if (typeof max !== 'number') return max;
    return { ...scale, desiredHealthy: Math.max(0, scale.expectedCount - max) };
  }
  if (minAvailable != null) {
    if (typeof minAvailable === 'number') return { expectedCount: pods.length, desiredHealthy: minAvailable, unmanagedPods: [] };
    const scale = expectedScale(pods, scaleOf);
    // Stryker disable next-line ConditionalExpression,StringLiteral: a shortcut; the result spreads `scale`, so its error is kept either way
    if ('error' in scale) return scale;
    const min = scaledValue(minAvailable, scale.expectedCount);
    if (typeof min !== 'number') return min;
    return { ...scale, desiredHealthy: min };
  }
  return { expectedCount: 0, desiredHealthy: 0, unmanagedPods: [] };
}

/** getExpectedScale: the sum of the scales of the pods' controllers, each counted once; pods without one are unmanaged. */
function expectedScale(pods: readonly Pod[], scaleOf: (pod: Pod) => ControllerScale): { expectedCount: number; unmanagedPods: string[] } | { error: string } {
  const scales = new Map<string, number>();
  const unmanagedPods: string[] = [];
  for (const pod of pods) {
    const s = scaleOf(pod);
    if (s === undefined) {
      unmanagedPods.push(pod.metadata?.name ?? '');
      continue;
    }
    if ('error' in s) return s;
    scales.set(s.controller, s.scale);
  }
  let expectedCount = 0;
  for (const n of scales.values()) expectedCount += n;
  return { expectedCount, unmanagedPods };
}

const seconds = (t: string) => Date.parse(t) / 1000;
const rfc3339 = (t: number) => new Date(t * 1000).toISOString().replace('.000Z', 'Z');

/** buildDisruptedPodMap: the entries of pods not yet deleting whose DeletionTimeout has not passed, and when to recheck. */
export function disruptedPodMap(pdb: PodDisruptionBudget, pods: readonly Pod[], now: number): { disruptedPods: Record<string, string>; recheckAt?: number } {
  const before = pdb.status?.disruptedPods ?? {};
  const disruptedPods: Record<string, string> = {};
  let recheckAt: number | undefined;
  for (const pod of pods) {
    const name = pod.metadata?.name ?? '';
    if (pod.metadata?.deletionTimestamp || !Object.prototype.hasOwnProperty.call(before, name)) continue;
    const expected = seconds(before[name]) + DELETION_TIMEOUT;
    if (expected < now) continue; // "Pod was expected by PDB … to be deleted but it wasn't"
    // Stryker disable next-line EqualityOperator: an equal time is the same recheck
    if (recheckAt === undefined || expected < recheckAt) recheckAt = expected;
    disruptedPods[name] = before[name];
  }
  return { disruptedPods, ...(recheckAt !== undefined ? { recheckAt } : {}) };
}

/** countHealthyPods: Ready pods, not deleting, not disrupted within DeletionTimeout. */
export function countHealthyPods(pods: readonly Pod[], disruptedPods: Record<string, string>, now: number): number {
  let healthy = 0;
  for (const pod of pods) {
    if (pod.metadata?.deletionTimestamp) continue;
    const at = disruptedPods[pod.metadata?.name ?? ''];
    if (at !== undefined && seconds(at) + DELETION_TIMEOUT > now) continue;
    if (isPodReady(pod)) healthy++;
  }
  return healthy;
}

/** pdbhelper.UpdateDisruptionAllowedCondition (component-helpers/apps/poddisruptionbudget). */
function allowedCondition(status: PodDisruptionBudgetStatus, now: number): Condition[] {
  const allowed = status.disruptionsAllowed > 0;
  return setCondition(status.conditions, {
    type: DISRUPTION_ALLOWED_CONDITION, status: allowed ? 'True' : 'False', reason: allowed ? SUFFICIENT_PODS_REASON : INSUFFICIENT_PODS_REASON,
    message: '', observedGeneration: status.observedGeneration, lastTransitionTime: rfc3339(now),
  });
}

/**
 * apimeta.SetStatusCondition: the condition of that type updated in place (its lastTransitionTime kept when the
 * status is the same), or appended.
 */
function setCondition(conditions: readonly Condition[] | undefined, c: Condition): Condition[] {
  const list = conditions ?? [];
  const at = list.findIndex((x) => x.type === c.type);
  if (at < 0) return [...list, c];
  const old = list[at];
  return list.map((x, i) => (i !== at ? x : old.status === c.status ? { ...c, lastTransitionTime: old.lastTransitionTime } : c));
}

export interface PdbStatusResult {
  status: PodDisruptionBudgetStatus;
  /** When the controller syncs the budget again by itself (an approved eviction's DeletionTimeout ends). */
  recheckAt?: number;
  /** Pods without a controller under a percentage or maxUnavailable budget (the UnmanagedPods event). */
  unmanagedPods: string[];
  /** The sync's error, when it failed (failSafe: disruptionsAllowed 0, condition SyncFailed). */
  error?: string;
}

/**
 * The status the disruption controller writes for `pdb` (trySync → updatePdbStatus; on an error, failSafe).
 * - `pods`: the pods of the budget's namespace as the API server holds them (every phase, deleting ones too), the
 *   budget's selector picks its own; a pod is healthy when Ready (`isPodReady`: a pod with no status at all reads as
 *   Ready), not deleting, and not in `status.disruptedPods` for less than DeletionTimeout.
 * - `scales`: the controllers whose `spec.replicas` a percentage or `maxUnavailable` budget reads (Deployments,
 *   ReplicaSets, StatefulSets, ReplicationControllers; pods find theirs by their controller ownerReference), or a
 *   function giving a pod's controller and scale. Without it, a pod's controller is never found: such a budget's
 *   sync fails as upstream's does when the controller is missing ("found no controllers for pod"), so
 *   disruptionsAllowed is 0.
 * - `now`: seconds since the Unix epoch (default: the wall clock), for the disruptedPods entries.
 */
export function pdbStatus(pdb: PodDisruptionBudget, pods: readonly Pod[], scales?: readonly KubeObject[] | ((pod: Pod) => ControllerScale), now = Date.now() / 1000): PdbStatusResult {
  const selector = selectorError(pdb);
  const selected = selector === undefined ? pods.filter((p) => pdbSelects(pdb, p)) : [];
  const scaleOf = typeof scales === 'function' ? scales : scalesFrom(scales ?? []);
  const generation = pdb.metadata?.generation ?? 0;
  // getPodsForPdb fails on a selector that does not parse: the sync fails
  const expected = selector !== undefined ? { error: selector } : expectedPodCount(pdb, selected, scaleOf);
  if ('error' in expected) {
    // failSafe: the old status with disruptionsAllowed 0 and the SyncFailed condition
    const old = pdb.status ?? { currentHealthy: 0, desiredHealthy: 0, expectedPods: 0, disruptionsAllowed: 0 };
    const conditions = setCondition(old.conditions, {
      type: DISRUPTION_ALLOWED_CONDITION, status: 'False', reason: SYNC_FAILED_REASON, message: expected.error, observedGeneration: old.observedGeneration, lastTransitionTime: rfc3339(now),
    });
    return { status: { ...old, disruptionsAllowed: 0, conditions }, unmanagedPods: [], error: expected.error };
  }
  const { disruptedPods, recheckAt } = disruptedPodMap(pdb, selected, now);
  const currentHealthy = countHealthyPods(selected, disruptedPods, now);
  let disruptionsAllowed = currentHealthy - expected.desiredHealthy;
  // "We require expectedCount to be > 0 so that PDBs which currently match no pods are in a safe state"
  // Stryker disable next-line EqualityOperator: 0 allowed set to 0 is the same
  if (expected.expectedCount <= 0 || disruptionsAllowed <= 0) disruptionsAllowed = 0;
  const status: PodDisruptionBudgetStatus = {
    currentHealthy, desiredHealthy: expected.desiredHealthy, expectedPods: expected.expectedCount, disruptionsAllowed,
    disruptedPods, observedGeneration: generation, conditions: pdb.status?.conditions,
  };
  status.conditions = allowedCondition(status, now);
  return { status, unmanagedPods: expected.unmanagedPods, ...(recheckAt !== undefined ? { recheckAt } : {}) };
}

/** The Eviction API's answer for one pod. */
export type EvictionDecision =
  | {
    allowed: true;
    /** Why: the pod is terminal, Pending or deleting (canIgnorePDB); no budget; an unhealthy pod the policy lets go; or the budget's decrement. */
    why: 'ignoresPdb' | 'noPdb' | 'unhealthyPod' | 'decremented';
    pdb?: string;
    /** The budget's status after the decrement (`decremented` only): the API server writes it. */
    status?: PodDisruptionBudgetStatus;
  }
  | {
    allowed: false;
    /** 429 TooManyRequests (kubectl drain retries), 403 Forbidden, 500 (more than one budget). */
    code: 429 | 403 | 500;
    /** The error's message, as the client prints it. */
    message: string;
    /** The DisruptionBudget cause the API adds (status.details.causes). */
    cause?: string;
    pdb?: string;
  };

/**
 * EvictionREST.Create for `pod` against the budgets of the cluster (`pdbs`: every budget, their statuses as the
 * disruption controller last wrote them). `now` in seconds since the Unix epoch: the time the API records in
 * disruptedPods.
 */
export function evictionDecision(pod: Pod, pdbs: readonly PodDisruptionBudget[], now = Date.now() / 1000): EvictionDecision {
  const phase = pod.status?.phase;
  // canIgnorePDB: "Evicting a terminal pod should result in direct deletion of pod"
  if (phase === 'Succeeded' || phase === 'Failed' || phase === 'Pending' || pod.metadata?.deletionTimestamp) return { allowed: true, why: 'ignoresPdb' };
  const matching = pdbsOf(pod, pdbs);
  if (matching.length > 1) return { allowed: false, code: 500, message: MORE_THAN_ONE_PDB };
  if (matching.length === 0) return { allowed: true, why: 'noPdb' };
  const pdb = matching[0];
  const name = pdb.metadata?.name ?? '';
  const status = pdb.status ?? { currentHealthy: 0, desiredHealthy: 0, expectedPods: 0, disruptionsAllowed: 0 };
  if (!isPodReady(pod)) {
    if (pdb.spec?.unhealthyPodEvictionPolicy === 'AlwaysAllow') return { allowed: true, why: 'unhealthyPod', pdb: name };
    // IfHealthyBudget (the default): the application guarded by the budget is not disrupted now
    if (status.currentHealthy >= status.desiredHealthy && status.desiredHealthy > 0) return { allowed: true, why: 'unhealthyPod', pdb: name };
  }
  return checkAndDecrement(pod, pdb, status, now);
}

/** checkAndDecrement: refuse, or take one disruption and record the pod in disruptedPods. */
function checkAndDecrement(pod: Pod, pdb: PodDisruptionBudget, status: PodDisruptionBudgetStatus, now: number): EvictionDecision {
  const name = pdb.metadata?.name ?? '';
  const forbidden = (text: string, cause: string): EvictionDecision => ({
    allowed: false, code: 403, pdb: name, message: `poddisruptionbudget.policy ${JSON.stringify(name)} is forbidden: ${text}`,
    // a 403's DisruptionBudget cause arrived in 1.37 (after the 429's, kubernetes/kubernetes#133097 in 1.35; the
    // oracle's evictionApi domain found the release)
    ...(releaseAtLeast('1.37') ? { cause: `The disruption budget ${name} does not allow evicting pods currently: ${cause}` } : {}),
  });
  if ((status.observedGeneration ?? 0) < (pdb.metadata?.generation ?? 0)) {
    return { allowed: false, code: 429, pdb: name, message: EVICTION_REFUSED, cause: `The disruption budget ${name} is still being processed by the server.` };
  }
  if (status.disruptionsAllowed < 0) return forbidden(PDB_DISRUPTIONS_NEGATIVE, 'pdb disruptions allowed is negative');
  if (Object.keys(status.disruptedPods ?? {}).length > MAX_DISRUPTED_POD_SIZE) return forbidden(PDB_DISRUPTED_PODS_TOO_BIG, 'too many pending evictions not confirmed by PDB controller');
  if (status.disruptionsAllowed === 0) return { allowed: false, code: 429, pdb: name, message: EVICTION_REFUSED, cause: refusalCause(name, status) };
  const next: PodDisruptionBudgetStatus = { ...status, disruptionsAllowed: status.disruptionsAllowed - 1 };
  if (next.disruptionsAllowed === 0) next.conditions = allowedCondition(next, now);
  next.disruptedPods = { ...(status.disruptedPods ?? {}), [pod.metadata?.name ?? '']: rfc3339(now) };
  return { allowed: true, why: 'decremented', pdb: name, status: next };
}

/** The DisruptionBudget cause of a 429 at disruptionsAllowed 0 (1.35 on: by the DisruptionAllowed condition, kubernetes/kubernetes#133097). */
function refusalCause(name: string, status: PodDisruptionBudgetStatus): string {
  const needs = `The disruption budget ${name} needs ${status.desiredHealthy} healthy pods and has ${status.currentHealthy} currently`;
  if (!releaseAtLeast('1.35')) return needs;
  const c = status.conditions?.find((x) => x.type === DISRUPTION_ALLOWED_CONDITION);
  if (c && c.status === 'False' && c.message && c.reason === SYNC_FAILED_REASON) return `The disruption budget ${name} does not allow evicting pods currently because it failed sync: ${c.message}`;
  if (status.currentHealthy <= status.desiredHealthy) return needs;
  if (c && c.status === 'False' && c.message) return `The disruption budget ${name} does not allow evicting pods currently (${c.reason}): ${c.message}`;
  return `The disruption budget ${name} does not allow evicting pods currently`;
}

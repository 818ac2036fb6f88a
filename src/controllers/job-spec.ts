// What the Job controller reads from a Job's (or a CronJob's jobTemplate's) spec
// (pkg/controller/job/job_controller.go, backoff_utils.go; pkg/apis/batch/v1/defaults.go).
import type { KubeObject } from '../core/types';

/** pkg/apis/batch batch.kubernetes.io/job-tracking: the Job controller's finalizer on every pod it creates. */
export const JOB_TRACKING_FINALIZER = 'batch.kubernetes.io/job-tracking';
/** pkg/controller/job/job_controller.go DefaultJobPodFailureBackOff and MaxJobPodFailureBackOff (10 min; older releases capped at 6 min, MaxJobBackOff). */
export const JOB_POD_FAILURE_BACKOFF = 10;
export const MAX_JOB_POD_FAILURE_BACKOFF = 600;
/** The API server's default spec.backoffLimit (pkg/apis/batch/v1/defaults.go SetDefaults_Job). */
export const DEFAULT_BACKOFF_LIMIT = 6;

export const isJobKind = (kind: string | undefined) => kind === 'Job' || kind === 'CronJob';

export const jobSpecOf = (workload: KubeObject): Record<string, unknown> => {
  const s = (workload as { spec?: Record<string, unknown> }).spec ?? {};
  return workload.kind === 'CronJob' ? (((s.jobTemplate as { spec?: Record<string, unknown> } | undefined)?.spec) ?? {}) : s;
};

/**
 * Job pods with a deletionTimestamp count as failed and are replaced at once under podReplacementPolicy
 * TerminatingOrFailed, the default without podFailurePolicy; with `Failed` (the default, and only value, with a
 * podFailurePolicy) the controller waits for the pod to be Failed (job_controller.go onlyReplaceFailedPods).
 */
export function replacesTerminatingPods(workload: KubeObject): boolean {
  if (!isJobKind(workload.kind)) return true;
  const js = jobSpecOf(workload);
  const policy = js.podReplacementPolicy ?? (js.podFailurePolicy ? 'Failed' : 'TerminatingOrFailed');
  return policy !== 'Failed';
}

/** spec.backoffLimit (default 6); with backoffLimitPerIndex the default is MaxInt32 and limits are per index (not modelled: no global limit). */
export function backoffLimitOf(workload: KubeObject): number {
  const js = jobSpecOf(workload);
  if (js.backoffLimitPerIndex != null && js.backoffLimit == null) return Infinity;
  return typeof js.backoffLimit === 'number' && Number.isInteger(js.backoffLimit) && js.backoffLimit >= 0 ? js.backoffLimit : DEFAULT_BACKOFF_LIMIT;
}

/** backoff_utils.go getRemainingTimeForFailuresCount: 10 s, doubled per further failure, at most 10 min. */
export function jobBackoff(failures: number): number {
  let d = JOB_POD_FAILURE_BACKOFF;
  for (let i = 1; i < failures; i++) {
    d *= 2;
    if (d >= MAX_JOB_POD_FAILURE_BACKOFF) return MAX_JOB_POD_FAILURE_BACKOFF;
  }
  return d;
}

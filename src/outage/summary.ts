// A workload's state at one second of an outage, in a few words (the placement matrix's outage columns and the
// run report's verdicts), and a failure's title (`zone eu-west-1a down`).
import type { KubeObject } from '../core/types';
import type { Failure } from './types';
import { replacesTerminatingPods, type Outage, type WorkloadState } from './simulate';

export interface OutageOutcome {
  desired: number;
  running: number;
  /** Pods not bound to a node (the scheduler left them Pending). */
  pending: number;
  /** Pods with a deletionTimestamp that still hold a replica's place (StatefulSet ordinal, bare Pod, Job waiting for Failed). */
  terminating: number;
  /** Pods not deleted on a node that is down: tolerated for ever (DaemonSet), or never tainted NoExecute (disrupted zone). */
  onDownNodes: number;
  /** Every replica runs (running ≥ desired, none Pending), as toSurvive decides. */
  survived: boolean;
  /** When survived: every replica has run continuously since this second. */
  since?: number;
  /** `3/3 running after 350s`, `3/3 running throughout`, a DaemonSet's `2/2 surviving nodes running, 1 stays on a down node`, `2/3 running, 1 Terminating until out-of-service`, `1/3 running, 2 Pending` */
  text: string;
  /** kube-scheduler's FitError for a Pending replica, as its FailedScheduling event gives it. */
  reason?: string;
}

const full = (s: WorkloadState) => s.running >= s.desired && s.pending === 0;
const stays = (n: number) => (n === 1 ? '1 stays on a down node' : `${n} stay on down nodes`);

/** The workload (one of the outage's) at second `t` (default: the end of the outage). */
export function outcomeOf(outage: Outage, workload: KubeObject, t = outage.end): OutageOutcome {
  const s = outage.stateOf(workload, t);
  const down = outage.condition === 'unreachable' || outage.condition === 'notReady' ? new Set(outage.failedNodes) : new Set<string>();
  const mine = outage.pods.filter((p) => p.workload === s.workload && p.createdAt <= t && (p.removedAt === undefined || t < p.removedAt));
  const deleted = (p: (typeof mine)[number]) => p.deletedAt !== undefined && p.deletedAt <= t;
  // a Deployment's (and a default Job's) Terminating pods are already replaced: they hold no replica's place
  const holdsPlace = workload.kind === 'StatefulSet' || workload.kind === 'Pod' || !replacesTerminatingPods(workload);
  const terminating = holdsPlace ? mine.filter(deleted).length : 0;
  const onDownNodes = mine.filter((p) => !deleted(p) && p.boundAt !== undefined && p.boundAt <= t && p.node !== undefined && down.has(p.node)).length;
  // A DaemonSet survives when each node still up that it should run on (NodeShouldRunDaemonPod) runs its pod.
  const coverage = workload.kind === 'DaemonSet' ? outage.daemonCoverage(workload, t) : undefined;
  const survived = coverage ? coverage.missing.length === 0 : full(s);
  const base = { desired: s.desired, running: s.running, pending: s.pending, terminating, onDownNodes, survived };
  const count = `${s.running}/${s.desired} running`;
  if (coverage && survived) {
    const left = onDownNodes ? `, ${stays(onDownNodes)}` : '';
    return { ...base, text: `${coverage.shouldRun.length}/${coverage.shouldRun.length} surviving nodes running${left}` };
  }
  if (coverage) {
    const left = onDownNodes ? `, ${stays(onDownNodes)}` : '';
    const n = coverage.shouldRun.length;
    return { ...base, text: `${n - coverage.missing.length}/${n} surviving nodes running, not on ${coverage.missing.join(', ')}${left}` };
  }
  if (survived) {
    // the state changes only at events: walk back over them while every replica ran
    const steps = outage.history(workload, t);
    let since = t;
    for (let i = steps.length - 1; i >= 0; i--) {
      if (!full(steps[i].state)) break;
      since = steps[i].at;
    }
    // `throughout` only when the failure did not touch the workload: no pod on a failed node, none deleted
    const failed = new Set(outage.failedNodes);
    const touched = outage.pods.some((p) => p.workload === s.workload && p.createdAt <= t && ((p.deletedAt !== undefined && p.deletedAt <= t) || (p.node !== undefined && failed.has(p.node))));
    // a DaemonSet pod left on a node that no longer counts (its NoSchedule taint is not tolerated) is still there
    const left = onDownNodes ? `, ${stays(onDownNodes)}` : '';
    return { ...base, since, text: `${since === 0 && !touched ? `${count} throughout` : `${count} after ${since}s`}${left}` };
  }
  // job_controller.go: a Job past its backoffLimit is Failed and creates no more pods
  const jobFailed = outage.events.find((e) => e.reason === 'BackoffLimitExceeded' && e.workload === s.workload && e.at <= t);
  if (jobFailed) return { ...base, text: `${count}, Job failed at ${jobFailed.at}s (BackoffLimitExceeded)`, reason: `BackoffLimitExceeded: ${jobFailed.message}` };
  const parts = [count];
  if (s.pending) parts.push(`${s.pending} Pending`);
  if (terminating) {
    parts.push(workload.kind === 'StatefulSet' ? `${terminating} Terminating until out-of-service`
      : workload.kind === 'Pod' ? `${terminating} Terminating, not recreated` : `${terminating} Terminating`);
  }
  if (onDownNodes) parts.push(stays(onDownNodes));
  const missing = s.desired - s.running - s.pending - terminating - onDownNodes;
  if (missing > 0) parts.push(workload.kind === 'Pod' ? 'deleted, not recreated' : `${missing} not created`);
  const fitError = mine.find((p) => p.boundAt === undefined && !deleted(p) && p.fitError)?.fitError;
  return { ...base, text: parts.join(', '), ...(s.pending && fitError ? { reason: `FailedScheduling: ${fitError}` } : {}) };
}

/** A column or target title: `zone eu-west-1a down`, `node a1 NotReady`, `nodes pool=batch tainted drain=now:NoExecute, out-of-service at 600s`. */
export function failureTitle(failure: Failure): string {
  const what: string[] = [];
  if (failure.zone !== undefined) what.push(`zone ${failure.zone}`);
  if (failure.nodes !== undefined) {
    const names = failure.nodes.map((n) => (typeof n === 'string' ? n : (n.metadata?.name ?? '?')));
    what.push(`${names.length === 1 ? 'node' : 'nodes'} ${names.length > 4 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ')}`);
  }
  if (failure.selector !== undefined) {
    const labels = Object.keys(failure.selector).sort().map((k) => `${k}=${failure.selector![k]}`).join(',');
    what.push(failure.zone === undefined && failure.nodes === undefined ? `nodes ${labels}` : labels);
  }
  const c = failure.condition ?? 'unreachable';
  const how = c === 'unreachable' ? 'down' : c === 'notReady' ? 'NotReady' : c === 'drain' ? 'drained' : `tainted ${c}`;
  return `${what.join(' ')} ${how}${failure.outOfServiceAt === undefined ? '' : `, out-of-service at ${failure.outOfServiceAt}s`}`;
}

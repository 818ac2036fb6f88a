// expect(workload).toSurvive(failure, cluster)              every replica runs again once the outage has played out
// expect(workload).toSurvive(failure, cluster).within(350)  … and already at second 350 after the failure
// expect(workload).toSurvive(failure, cluster, { within: 350 }) the same, without the chain
import type { KubeObject } from '../core/types';
import { simulateOutage, OutageError, type Outage } from '../outage/simulate';
import { InputError } from '../placement/inputs';
import { failureTitle, outcomeOf } from '../outage/summary';
import type { Subject } from '../k8s/subject';
import type { Cluster, Failure } from '../outage/types';
import { failBoth, hint, indent, type MatcherContext, type MatcherResult } from './context';
import { chainResult, checkSeconds, type Chain } from './chain';
import { apiServerErrors, guarded, labelOf, subjectOf, UsageError } from './inputs';

/** Run the outage with the subject among the cluster's workloads; misuse becomes a UsageError. */
export function outageFor(received: unknown, failure: unknown, cluster: unknown): { outage: Outage; workload: KubeObject; label: string; subject: Subject; target: string } {
  const subject = subjectOf(received);
  if (subject.kind === 'PodTemplate') throw new UsageError(`${subject.label} runs no pods: an outage is about a Pod or a workload's replicas`);
  if (typeof cluster !== 'object' || cluster === null || !Array.isArray((cluster as Cluster).nodes)) {
    throw new UsageError(`expected the cluster as { nodes, workloads?, existingPods?, namespaces? }, received ${JSON.stringify(cluster)?.slice(0, 80)}`);
  }
  const c = cluster as Cluster;
  const rejected = apiServerErrors([
    { object: subject.object, label: subject.label },
    ...c.nodes.map((n) => ({ object: n as KubeObject, label: labelOf(n as KubeObject) })),
  ]);
  if (rejected) throw new UsageError(rejected);
  const workloads = [...(c.workloads ?? [])];
  if (!workloads.includes(subject.object)) workloads.push(subject.object);
  try {
    const outage = simulateOutage({ ...c, workloads }, failure as Failure);
    return { outage, workload: subject.object, label: subject.label, subject, target: failureTitle(failure as Failure) };
  } catch (e) {
    // only the engine's own refusals of bad input: any other error is a bug in the library and must surface as one
    if (e instanceof OutageError || e instanceof InputError) throw new UsageError(e.message);
    throw e;
  }
}

export function describeFailure(outage: Outage): string {
  const condition = outage.condition === 'unreachable' ? `unreachable (grace period ${outage.gracePeriod}s)` : outage.condition;
  return `${outage.failedNodes.join(', ')} ${outage.failedNodes.length === 1 ? 'fails' : 'fail'}: ${condition}`;
}

export function stateLine(outage: Outage, workload: KubeObject, t: number): string {
  const s = outage.stateOf(workload, t);
  return `${s.running}/${s.desired} running, ${s.pending} pending, ${s.terminating} terminating at ${t}s`;
}

export function toSurvive(
  this: MatcherContext,
  received: unknown,
  failure: unknown,
  cluster: unknown,
  options?: { within?: number },
): MatcherResult | Chain<'within', number> {
  const ctx = this;
  const build = (within: number | undefined): MatcherResult => {
    const suffix = within === undefined ? '' : `.within(${within})`;
    const header = () => hint(ctx, 'toSurvive', 'failure, cluster', suffix);
    return guarded(ctx, header, () => {
      const { outage, workload, label, subject, target } = outageFor(received, failure, cluster);
      const t = within === undefined ? outage.end : within;
      const outcome = outcomeOf(outage, workload, t);
      if (subject.kind === 'DaemonSet') return daemonSetResult(ctx, header, outage, workload, label, subject, target, t, within, outcome);
      const s = outage.stateOf(workload, t);
      const pass = s.running >= s.desired && s.pending === 0;
      // when does every replica run again (after having been short)?
      // the first event second from which every later one has every replica running: one pass from the end
      const eventTimes = new Set(outage.events.map((e) => e.at));
      const steps = outage.history(workload).filter((h) => eventTimes.has(h.at));
      let recovered: number | undefined;
      for (let i = steps.length - 1; i >= 0; i--) {
        const st = steps[i].state;
        if (st.running < st.desired || st.pending !== 0) break;
        recovered = steps[i].at;
      }
      const why = outage.why(workload, t);
      return {
        pass,
        placement: { matcher: 'toSurvive', subject, target, verdict: within === undefined ? outcome.text : `at ${t}s: ${outcome.text}`, accepted: pass, ...(why[0] ? { reason: why[0] } : {}) },
        message: () =>
          `${header()}\n\nExpected ${label} ${ctx.isNot ? 'not ' : ''}to run all its replicas again${within === undefined ? ' once the outage has played out' : ` within ${within}s`} when ${describeFailure(outage)}` +
          `\nReceived: ${stateLine(outage, workload, t)}` +
          (recovered !== undefined ? `; every replica runs from ${recovered}s` : '; not every replica runs again') +
          (why.length ? `\n\nWhy:\n${indent(why, '  - ')}` : '') +
          `\n\nTimeline (virtual seconds after the failure):\n${outage.format(workload)}` +
          (outage.truncated ? `\n  … events were still coming after ${outage.end}s; the simulation stopped there` : ''),
      };
    });
  };
  if (options !== undefined) {
    const within = (options as { within?: unknown } | null)?.within;
    const problem = typeof options !== 'object' || options === null
      ? 'toSurvive(failure, cluster, options): options must be { within: seconds }'
      : within === undefined ? undefined : checkSeconds('toSurvive(failure, cluster, { within })')(within);
    if (problem) return failBoth(this, () => `${hint(this, 'toSurvive', 'failure, cluster, options')}\n\n${problem}`);
    return build(within as number | undefined);
  }
  return chainResult<'within', number>(this, 'within', checkSeconds('within'), build);
}

/**
 * toSurvive for a DaemonSet: its pod runs on every node still up that it should run on (daemon_controller.go
 * NodeShouldRunDaemonPod: node selector and affinity, taints). Pods on the failed nodes do not count either way:
 * the controller never moves a pod, and whether a down node stays in desiredNumberScheduled only depends on
 * which NoSchedule taints the DaemonSet tolerates.
 */
function daemonSetResult(
  ctx: MatcherContext, header: () => string, outage: Outage, workload: KubeObject, label: string, subject: Subject,
  target: string, t: number, within: number | undefined, outcome: ReturnType<typeof outcomeOf>,
): MatcherResult {
  const { shouldRun, missing } = outage.daemonCoverage(workload, t);
  const pass = missing.length === 0;
  const why = outage.why(workload, t).filter((line) => missing.some((n) => line.includes(` on ${n}`) || line.includes(`-${n} `)));
  const down = outage.condition === 'unreachable' || outage.condition === 'notReady' ? outage.failedNodes : [];
  return {
    pass,
    placement: { matcher: 'toSurvive', subject, target, verdict: within === undefined ? outcome.text : `at ${t}s: ${outcome.text}`, accepted: pass, ...(why[0] ? { reason: why[0] } : {}) },
    message: () =>
      `${header()}\n\nExpected ${label} ${ctx.isNot ? 'not ' : ''}to run its pod on every surviving node it should run on (NodeShouldRunDaemonPod)${within === undefined ? ' once the outage has played out' : ` within ${within}s`} when ${describeFailure(outage)}` +
      `\nReceived: ${shouldRun.length - missing.length} of ${shouldRun.length} such node(s) run it at ${t}s${missing.length ? `; not on ${missing.join(', ')}` : ''}` +
      (down.length ? `\n(down, and not counted: ${down.join(', ')})` : '') +
      (why.length ? `\n\nWhy:\n${indent(why, '  - ')}` : '') +
      `\n\nTimeline (virtual seconds after the failure):\n${outage.format(workload)}`,
  };
}

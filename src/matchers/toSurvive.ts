// expect(workload).toSurvive(failure, cluster)              every replica runs again once the outage has played out
// expect(workload).toSurvive(failure, cluster).within(350)  … and already at second 350 after the failure
// expect(workload).toSurvive(failure, cluster, { within: 350 }) the same, without the chain
import type { KubeObject } from '../core/types';
import { OutageError, OutageInputError, STORAGE_KINDS, survive, unknownOutage, type Cluster, type Failure, type Subject } from '../engine';
import { explainUnknownVerdict, notModelledSummary } from '../explain/not-modelled';
import { explainSurvival } from '../explain/outage';
import { failBoth, hint, type MatcherContext, type MatcherResult } from './context';
import { chainResult, checkSeconds, type Chain } from './chain';
import { apiServerErrors, guarded, labelOf, subjectOf, UsageError } from './inputs';

/** The subject, failure and cluster of the outage matchers, checked; the question asked with misuse as a UsageError. */
export function outageQuestion<T>(received: unknown, cluster: unknown, ask: (subject: Subject, cluster: Cluster) => T): { subject: Subject; answer: T } {
  const subject = subjectOf(received);
  if (subject.kind === 'PodTemplate') throw new UsageError(`${subject.label} runs no pods: an outage is about a Pod or a workload's replicas`);
  if (typeof cluster !== 'object' || cluster === null || !Array.isArray((cluster as Cluster).nodes)) {
    throw new UsageError(`expected the cluster as { nodes, workloads?, existingPods?, namespaces?, services?, storage? }, received ${JSON.stringify(cluster)?.slice(0, 80)}`);
  }
  const c = cluster as Cluster;
  // storage objects of another kind: the outage's own check names them (cluster.storage[i]); these are validated
  const storage = Array.isArray(c.storage) ? c.storage.filter((o) => (STORAGE_KINDS as readonly unknown[]).includes((o as KubeObject | null)?.kind)) : [];
  const rejected = apiServerErrors([
    { object: subject.object, label: subject.label },
    ...c.nodes.map((n) => ({ object: n, label: () => labelOf(n) })),
    ...storage.map((o) => ({ object: o, label: () => labelOf(o) })),
  ]);
  if (rejected) throw new UsageError(rejected);
  try {
    return { subject, answer: ask(subject, c) };
  } catch (e) {
    // only the engine's own refusals of bad input: any other error is a bug in the library and must surface as one
    if (e instanceof OutageError || e instanceof OutageInputError) throw new UsageError(e.message);
    throw e;
  }
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
      const { subject, answer } = outageQuestion(received, cluster, (sub, c) => survive(sub, failure as Failure, c, within));
      if (unknownOutage(answer)) {
        // every replica is placed by the modelled filters: never "survives", nor "does not" on their word alone
        const negated = ctx.isNot === true;
        const [first, ...rest] = explainSurvival(answer, within).split('\n');
        const items = answer.notModelled!;
        return {
          ...failBoth(ctx, () => `${header()}\n\n${explainUnknownVerdict(`Expected ${answer.workload} ${negated ? 'not ' : ''}${first}`, negated, items, `:\n${rest.join('\n')}`)}`),
          placement: { matcher: 'toSurvive', subject, target: answer.failure.title, verdict: 'unknown', accepted: false, reason: notModelledSummary(items) },
        };
      }
      return {
        pass: answer.pass,
        placement: {
          matcher: 'toSurvive', subject, target: answer.failure.title, verdict: within === undefined ? answer.outcome.text : `at ${answer.at}s: ${answer.outcome.text}`,
          accepted: answer.pass, ...(answer.why[0] ? { reason: answer.why[0] } : {}),
        },
        message: () => `${header()}\n\nExpected ${answer.workload} ${ctx.isNot ? 'not ' : ''}${explainSurvival(answer, within)}`,
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

// expect(workload).toBeKeptApartFrom(other, nodes?, { namespaces?, schedulerConfiguration?, limitRanges?, … }): a
// constraint guarantees that no node ever holds pods of both — required pod anti-affinity (either way), the same host
// port, or node selection on the nodes given — whatever order they are created in and however the scores fall, each
// workload's pods judged under the scheduler profile of their schedulerName. `.not.toShareNodesWith` only reports one
// simulated placement; this is the form to use when the separation is the policy. Rules in src/engine/apart.ts.
import type { KeepApartCluster } from '../engine';
import type { Node } from '../core/types';
import { keepApart } from '../engine';
import { explainKeepApart } from '../explain/replicas';
import { hint, type MatcherContext, type MatcherResult } from './context';
import { apiServerErrors, guarded, labelOf, subjectOf, UsageError } from './inputs';
import { nodesOf, objectsOf, POLICY_OPTIONS, policyOf, schedulerConfigurationOf, underPolicy } from './inputs-nodes';
import { workloadOf } from './replicas';

const KEYS = ['namespaces', 'schedulerConfiguration', ...POLICY_OPTIONS];
const SHAPE = `{ ${KEYS.map((k) => `${k}?`).join(', ')} }`;

function inputs(nodesArg: unknown, options: unknown): { nodes?: Node[]; cluster: KeepApartCluster } {
  const nodes = nodesArg === undefined ? undefined : nodesOf(nodesArg);
  if (options !== undefined && (typeof options !== 'object' || options === null || Array.isArray(options))) throw new UsageError(`options must be ${SHAPE}`);
  const o = (options ?? {}) as Record<string, unknown>;
  const unknown = Object.keys(o).filter((k) => !KEYS.includes(k));
  if (unknown.length) throw new UsageError(`unknown option(s) ${unknown.join(', ')}: options are ${SHAPE}`);
  const ns = o.namespaces as Iterable<unknown> | undefined | null;
  if (ns !== undefined && (!ns || typeof ns !== 'object' || !(Symbol.iterator in ns))) {
    throw new UsageError('options.namespaces must be an array (or iterable, e.g. a loadManifests collection) of Namespace objects');
  }
  return {
    nodes,
    cluster: {
      ...(ns ? { namespaces: objectsOf(ns, 'namespaces', 'Namespace') } : {}),
      ...(o.schedulerConfiguration !== undefined ? { schedulerConfiguration: schedulerConfigurationOf(o.schedulerConfiguration) } : {}),
      ...policyOf(o),
    },
  };
}

export function toBeKeptApartFrom(this: MatcherContext, received: unknown, otherArg: unknown, nodesArg?: unknown, options?: unknown): MatcherResult {
  const header = () => hint(this, 'toBeKeptApartFrom', nodesArg === undefined ? 'other' : 'other, nodes');
  return guarded(this, header, () => underPolicy(options, () => {
    const a = workloadOf(received);
    const b = workloadOf(otherArg, 'other');
    const { nodes, cluster } = inputs(nodesArg, options);
    const rejected = apiServerErrors([a, b, ...(nodes ?? [])].map((o) => ({ object: o, label: labelOf(o) })));
    if (rejected) throw new UsageError(rejected);
    const answer = keepApart(a, b, nodes, cluster);
    const s = answer.separation;
    return {
      pass: s.guaranteed,
      // accepted: a constraint keeps them apart (for the run report)
      placement: {
        matcher: 'toBeKeptApartFrom', subject: subjectOf(a), target: b, accepted: s.guaranteed,
        verdict: s.guaranteed ? 'kept apart by a constraint' : s.open.length ? `no constraint on ${s.open.join(', ')}` : 'no constraint',
      },
      message: () => `${header()}\n\n${explainKeepApart(answer)}`,
    };
  }));
}

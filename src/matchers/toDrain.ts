// expect(node).toDrain(cluster)                     `kubectl drain <node> --ignore-daemonsets` completes
// expect([a1, a2]).toDrain(cluster, { within: 600 }) … every node drained by second 600
// expect('a1').not.toDrain(cluster)                 the drain never completes (a PodDisruptionBudget blocks it)
// The drain goes through the Eviction API, which honours the cluster's PodDisruptionBudgets (outage/drain.ts).
import type { Cluster } from '../engine';
import type { DrainMatcherOptions } from './types';
import { drainCompletes, OutageError, OutageInputError } from '../engine';
import { explainDrain, drainCommand } from '../explain/drain';
import { failBoth, hint, type MatcherContext, type MatcherResult } from './context';
import { guarded, UsageError } from './inputs';

const OPTIONS = ['within', 'timeout', 'force', 'deleteEmptyDirData', 'readyAfter'];

/** The received nodes: a Node, a node name, or an array of them. */
function nodesOf(received: unknown): Array<string | object> {
  const list = Array.isArray(received) ? received : [received];
  if (!list.length) throw new UsageError('expected a node, a node name or an array of them to drain, received an empty array');
  for (const n of list) {
    if (typeof n === 'string') continue;
    if (typeof n !== 'object' || n === null || (n as { kind?: unknown }).kind !== 'Node') throw new UsageError(`expected a node, a node name or an array of them to drain, received ${JSON.stringify(n)?.slice(0, 80)}`);
  }
  return list as Array<string | object>;
}

function checkOptions(options: unknown): DrainMatcherOptions {
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null || Array.isArray(options)) throw new UsageError(`toDrain(cluster, options): options must be { within?, timeout?, force?, deleteEmptyDirData?, readyAfter? }, received ${JSON.stringify(options)}`);
  const unknown = Object.keys(options).filter((k) => !OPTIONS.includes(k));
  if (unknown.length) throw new UsageError(`toDrain(cluster, options): unknown option ${unknown.join(', ')} (known: ${OPTIONS.join(', ')})`);
  const within = (options as { within?: unknown }).within;
  if (within !== undefined && (typeof within !== 'number' || !Number.isFinite(within) || within < 0)) throw new UsageError(`toDrain(cluster, { within }): within must be a number of seconds ≥ 0, received ${JSON.stringify(within)}`);
  return options as DrainMatcherOptions;
}

export function toDrain(this: MatcherContext, received: unknown, cluster: unknown, options?: DrainMatcherOptions): MatcherResult {
  const header = () => hint(this, 'toDrain', 'cluster, options');
  return guarded(this, header, () => {
    let answer;
    let opts: DrainMatcherOptions;
    try {
      const nodes = nodesOf(received);
      opts = checkOptions(options);
      if (typeof cluster !== 'object' || cluster === null || !Array.isArray((cluster as Cluster).nodes)) {
        throw new UsageError(`expected the cluster as { nodes, workloads?, existingPods?, podDisruptionBudgets?, … }, received ${JSON.stringify(cluster)?.slice(0, 80)}`);
      }
      answer = drainCompletes(nodes as never, cluster as Cluster, opts);
    } catch (e) {
      // only the engine's own refusals of bad input: any other error is a bug in the library and must surface as one
      if (e instanceof OutageError || e instanceof OutageInputError) return failBoth(this, () => `${header()}\n\n${e.message}`);
      throw e;
    }
    const a = answer;
    return { pass: a.pass, message: () => `${header()}\n\n${explainDrain(a, drainCommand(a, opts), this.isNot === true)}` };
  });
}

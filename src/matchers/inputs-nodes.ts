// Matcher inputs for the many-node and existing-pod forms.
import type { Node, Pod } from '../types';
import { nodeOf, UsageError } from './inputs';

export function nodesOf(x: unknown): Node[] {
  const list = x && typeof x === 'object' && Symbol.iterator in x ? [...(x as Iterable<unknown>)] : undefined;
  if (!list) throw new UsageError(`expected an array (or iterable) of Node objects, received ${JSON.stringify(x)?.slice(0, 80)}`);
  if (list.length === 0) throw new UsageError('expected at least one node, received an empty list');
  return list.map((n, i) => nodeOf(n, `node at index ${i}`));
}

export function existingPodsOf(options: unknown): Pod[] | undefined {
  if (options === undefined) return undefined;
  const pods = (options as { existingPods?: Pod[] } | null)?.existingPods;
  if (typeof options !== 'object' || options === null || (pods !== undefined && !Array.isArray(pods))) {
    throw new UsageError('options must be { existingPods?: Pod[] }');
  }
  pods?.forEach((p, i) => {
    if ((p as { kind?: string })?.kind !== 'Pod') throw new UsageError(`existingPods[${i}] is not a Pod (kind: Pod)`);
  });
  return pods;
}

// Matcher inputs for the many-node and existing-pod forms.
import type { Node, Pod } from '../types';
import { settings } from '../config';
import { labelOf, nodeOf, UsageError } from './inputs';

/** With configure({ requireAllocatable: true }), a node without status.allocatable is an error, not "unconstrained". */
export function checkAllocatable(node: Node): Node {
  if (settings().requireAllocatable && !node.status?.allocatable) {
    throw new UsageError(
      `${labelOf(node)} declares no status.allocatable, so its resources cannot be checked; ` +
      'configure({ requireAllocatable: true }) makes that an error (add status.allocatable, e.g. from kubectl get node -o yaml)',
    );
  }
  return node;
}

export function nodesOf(x: unknown): Node[] {
  const list = x && typeof x === 'object' && Symbol.iterator in x ? [...(x as Iterable<unknown>)] : undefined;
  if (!list) throw new UsageError(`expected an array (or iterable) of Node objects, received ${JSON.stringify(x)?.slice(0, 80)}`);
  if (list.length === 0) throw new UsageError('expected at least one node, received an empty list');
  return list.map((n, i) => checkAllocatable(nodeOf(n, `node at index ${i}`)));
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

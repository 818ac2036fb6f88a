// NodePool arguments of the matchers and helpers: a clear error for anything else.
import { preview } from '../k8s/subject';
import { settings } from '../core/config';
import { rejectedByApiServer } from '../k8s/validation-field';
import { isNodePool, type NodePool } from '../k8s/nodepool';
import { validateNodePool } from './validation';
import { typeErrors } from '../loader/typecheck';
import { describeObject } from '../k8s/subject';
import type { KubeObject } from '../core/types';

export class NodePoolInputError extends Error {}

export function nodePoolOf(x: unknown, what = 'a NodePool'): NodePool {
  if (!isNodePool(x)) throw new NodePoolInputError(`expected ${what} (kind: NodePool, apiVersion: karpenter.sh/v1 or v1beta1), received ${preview(x)}`);
  if (!x.metadata?.name) throw new NodePoolInputError(`expected ${what} with metadata.name, received ${preview(x)}`);
  // Wrong JSON types are refused by the decoder, whatever `validate` says; the model could not read them.
  const wrongType = typeErrors(x);
  if (wrongType.length) throw new NodePoolInputError(rejectedByApiServer(describeObject(x), wrongType));
  if (settings().validate) {
    const errors = validateNodePool(x);
    if (errors.length) throw new NodePoolInputError(rejectedByApiServer(describeObject(x), errors));
  }
  return x;
}

/**
 * The `daemonSets` option: the cluster's DaemonSets, from any iterable (a loadManifests collection works as is: its
 * other objects are left out, as `namespaces` and `services` take theirs).
 */
export function daemonSetsOf(x: unknown, what = 'options.daemonSets'): KubeObject[] {
  if (typeof x !== 'object' || x === null || !(Symbol.iterator in x)) {
    throw new NodePoolInputError(`expected ${what} to be an array (or iterable) of DaemonSets, received ${preview(x)}`);
  }
  return [...(x as Iterable<unknown>)].filter((o): o is KubeObject => typeof o === 'object' && o !== null && (o as KubeObject).kind === 'DaemonSet'
    && typeof (o as KubeObject).apiVersion === 'string' && (o as KubeObject).apiVersion!.startsWith('apps/'));
}

export function nodePoolsOf(x: unknown): NodePool[] {
  if (typeof x !== 'object' || x === null || !(Symbol.iterator in x)) {
    throw new NodePoolInputError(`expected an array (or iterable) of NodePools, received ${preview(x)}`);
  }
  const pools = [...(x as Iterable<unknown>)].map((p, i) => nodePoolOf(p, `NodePools[${i}] to be a NodePool`));
  if (pools.length === 0) throw new NodePoolInputError('expected at least one NodePool, received none');
  return pools;
}

// The checks at the engine's entry points (placeReplicas, simulateOutage): bad input is refused here with a message
// naming the argument, never met later as a TypeError from inside. Worded as src/matchers/inputs*.ts words them.
import type { KubeObject, Node, Pod } from '../core/types';
import { assertNode, preview } from '../k8s/subject';
import { structureMessage, structureProblem } from '../loader/structure';
import { storageProblem } from '../core/storage-kinds';

/** A caller's input the engine refuses (a TypeError, as the library's other usage errors). */
export class InputError extends TypeError {}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** `what` must be an array or another iterable object, e.g. a loadManifests collection (undefined allowed when `optional`). */
export function listOf<T = unknown>(x: unknown, what: string, optional = true): T[] | undefined {
  if (x === undefined && optional) return undefined;
  if (Array.isArray(x)) return x as T[];
  if (typeof x === 'object' && x !== null && Symbol.iterator in x) return [...(x as Iterable<T>)];
  throw new InputError(`${what} must be an array, received ${preview(x)}`);
}

/**
 * A Pod (`kind: Pod`): an existing pod, whose structure is looked at when the engine fails (loader/structure.ts
 * diagnosed).
 */
export function assertPod(x: unknown, what: string): Pod {
  if (!isObject(x) || x.kind !== 'Pod') throw new InputError(`${what} is not a Pod (kind: Pod), received ${preview(x)}`);
  return x as Pod;
}

/** A v1 Node (`kind: Node`), its structure looked at as an existing pod's is. */
export function assertNodeInput(x: unknown, what: string): Node {
  try {
    return assertNode(x, what);
  } catch (e) {
    throw new InputError((e as Error).message);
  }
}

/**
 * The object with the fields the engine reads of the JSON structure it reads (loader/structure.ts: a mapping, a list
 * without null items, …), checked once per object; else an InputError naming the argument, the object and the field.
 */
export function readable<T extends KubeObject>(x: T, what: string): T {
  const problem = structureProblem(x);
  if (problem) throw new InputError(structureMessage(x, what, problem));
  return x;
}

/** An object of one of `kinds`, its structure checked too unless `structure` is false (the caller checks it). */
export function assertWorkload(x: unknown, what: string, kinds: readonly string[], structure = true): KubeObject {
  if (!isObject(x) || typeof x.kind !== 'string' || !kinds.includes(x.kind)) {
    throw new InputError(`${what}: expected one of ${kinds.join(', ')}, received ${preview(x)}`);
  }
  return structure ? readable(x as KubeObject, what) : (x as KubeObject);
}

/** Kubernetes objects (anything with a kind; only the Namespaces are used). */
export function assertObjects(x: unknown, what: string): KubeObject[] | undefined {
  const list = listOf(x, what);
  list?.forEach((o, i) => {
    if (!isObject(o) || typeof o.kind !== 'string') throw new InputError(`${what}[${i}] is not a Kubernetes object (expected ${what.endsWith('services') ? 'Service' : 'Namespace'} objects, e.g. from loadManifests), received ${preview(o)}`);
  });
  return list as KubeObject[] | undefined;
}

/** The storage objects (STORAGE_KINDS, in any order); an object of another kind is refused, named with its origin. */
export function assertStorage(x: unknown, what: string): KubeObject[] | undefined {
  const list = listOf(x, what);
  const problem = list && storageProblem(list, what);
  if (problem) throw new InputError(problem);
  return list as KubeObject[] | undefined;
}

/** The options object itself: undefined or a plain object. */
export function assertOptions(x: unknown, what: string, shape: string): Record<string, unknown> {
  if (x === undefined) return {};
  if (!isObject(x)) throw new InputError(`${what} must be ${shape}, received ${preview(x)}`);
  return x;
}

// Turning matcher arguments into engine inputs, with usage errors that fail the assertion.
import type { FieldError, KubeObject, Node, Taint, Toleration } from '../types';
import { settings } from '../config';
import { assertNode, describeObject, isToleration, toSubject, type Subject } from '../subject';
import { parseTaint } from '../k8s/kubectl-taint';
import { validateTaints } from '../k8s/validation';
import { validate } from '../validate';
import { failBoth, rejectedByApiServer, type MatcherContext, type MatcherResult } from './context';
import { recordResult } from '../report/record';

/** Thrown for misuse; matchers turn it into a failing result. */
export class UsageError extends Error {}

export function subjectOf(received: unknown): Subject {
  try {
    return toSubject(received);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

export function nodeOf(x: unknown, what = 'node'): Node {
  try {
    return assertNode(x, what);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

export function taintOf(x: unknown): Taint {
  if (typeof x === 'string') {
    let parsed;
    try {
      parsed = parseTaint(x);
    } catch (e) {
      throw new UsageError(`${(e as Error).message} (taints are written as kubectl taint does: key=value:Effect or key:Effect)`);
    }
    if ('remove' in parsed) throw new UsageError(`"${x}" removes a taint; give the taint itself, e.g. "${x.slice(0, -1)}"`);
    return parsed;
  }
  if (typeof x === 'object' && x !== null && !Array.isArray(x)) {
    const errors = validateTaints([x as Taint], 'taint').map((e) => ({ ...e, field: e.field.replace('taint[0]', 'taint') }));
    if (errors.length) throw new UsageError(rejectedByApiServer('The expected taint', errors));
    return x as Taint;
  }
  throw new UsageError(`expected a taint such as "dedicated=gpu:NoSchedule" or {key, value, effect}, received ${JSON.stringify(x)}`);
}

/** Tolerations given directly (a Toleration or an array of them) rather than through a pod. */
export function tolerationsOf(x: unknown): Toleration[] | undefined {
  if (Array.isArray(x) && x.every((t) => isToleration(t) || (typeof t === 'object' && t !== null && Object.keys(t).length === 0))) return x;
  if (isToleration(x)) return [x];
  return undefined;
}

/** With `validate` on, objects the API server would refuse get no verdict. */
export function apiServerErrors(objects: Array<{ object: KubeObject | Toleration[]; label: string }>): string | undefined {
  if (!settings().validate) return undefined;
  const parts: string[] = [];
  for (const { object, label } of objects) {
    const errors: FieldError[] = validate(object as KubeObject);
    if (errors.length) parts.push(rejectedByApiServer(label, errors));
  }
  return parts.length ? parts.join('\n') : undefined;
}

export function labelOf(object: KubeObject): string {
  return describeObject(object);
}

/** Run a matcher body; misuse and rejected objects fail both with and without `.not`. */
export function guarded(ctx: MatcherContext, header: () => string, body: () => MatcherResult): MatcherResult {
  try {
    return recordResult(ctx, body());
  } catch (e) {
    if (e instanceof UsageError) return failBoth(ctx, () => `${header()}\n\n${e.message}`);
    throw e;
  }
}

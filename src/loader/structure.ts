// The engine API's check of the objects it is given: the JSON structure of the fields placement reads (typecheck.ts
// SHAPES) — a mapping where a mapping belongs, a list where a list belongs, no null item in a list, scalars of their
// JSON type — so that a null or a string where the engine reads an object is an error naming the argument, the object
// and the field, not a TypeError from inside (issue: `requiredDuringSchedulingIgnoredDuringExecution: [null]` in an
// existing pod was one, from the hot InterPodAffinity path). The pod or workload asked about is checked up front
// (assertStructure: one object); the bulk inputs (existing Pods, Nodes: 20,000 objects cost some 30 ms to walk) only
// when the engine fails (diagnosed), so that the question costs nothing more when they are sound. Where the engine
// would read a malformed bulk input silently wrong instead of failing (a node's taints as a string, by its characters),
// its readers fail on purpose (scheduler/framework.ts unreadable). The loader's objects pass: it decodes null items to
// their zero values and refuses wrong types itself; the full API server validation is the matchers'
// (engine/validate.ts validateInput), which this does not replace.
import type { FieldError, KubeObject } from '../core/types';
import { describeObject, preview } from '../k8s/subject';
import { expected, describe, formatPath, SHAPES, type Shape } from './typecheck';

/** A Shape compiled for the walk: an object's fields in a Map (no prototype keys such as `constructor`). */
type Compiled =
  | { k: 'obj'; fields: Map<string, Compiled>; required: readonly string[]; shape: Shape }
  | { k: 'arr'; item: Compiled; shape: Shape }
  | { k: 'map'; value: Compiled; shape: Shape }
  | { k: 'string' | 'number' | 'boolean' | 'quantity'; shape: Shape };

/**
 * Fields of a struct type, not a pointer (k8s.io/api core/v1 WeightedPodAffinityTerm.PodAffinityTerm,
 * PreferredSchedulingTerm.Preference): absent or null, Go decodes an empty struct, which the API server's validation
 * refuses (a topologyKey, a term required); the engine reads them without a guard, so a term without one is refused here.
 */
const REQUIRED = new Set(['podAffinityTerm', 'preference']);

const SCALAR = { string: 'string', text: 'string', int32: 'number', int64: 'number', bool: 'boolean', quantity: 'quantity', intOrString: 'quantity' } as const;

function compile(shape: Shape): Compiled {
  if (typeof shape === 'string') return { k: SCALAR[shape], shape };
  if ('obj' in shape) {
    const fields = new Map(Object.entries(shape.obj).map(([key, s]) => [key, compile(s)]));
    return { k: 'obj', fields, required: [...fields.keys()].filter((key) => REQUIRED.has(key)), shape };
  }
  if ('arr' in shape) return { k: 'arr', item: compile(shape.arr), shape };
  return { k: 'map', value: compile(shape.map), shape };
}

const compiled = new Map<string, Compiled>();
function compiledFor(kind: string): Compiled | undefined {
  let c = compiled.get(kind);
  if (!c && Object.prototype.hasOwnProperty.call(SHAPES, kind)) compiled.set(kind, (c = compile(SHAPES[kind])));
  return c;
}

interface Problem {
  /** Built on the way out, innermost step first. */
  steps: Array<string | number>;
  message: string;
}

const wrong = (value: unknown, c: Compiled): Problem => ({ steps: [], message: `expected ${expected(c.shape)}, got ${describe(value)}` });

function item(value: unknown, c: Compiled, step: string | number): Problem | undefined {
  // a null list item: what JSON decodes to a zero value (an empty term, which validation refuses) is no value here
  const p = value === null || value === undefined ? wrong(value, c) : walk(value, c);
  if (p) p.steps.push(step);
  return p;
}

/** The first value in `value` of another JSON structure than `c`; a field set to null or undefined is unset. */
function walk(value: unknown, c: Compiled): Problem | undefined {
  switch (c.k) {
    case 'obj': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return wrong(value, c);
      for (let i = 0; i < c.required.length; i++) {
        const key = c.required[i];
        const v = (value as Record<string, unknown>)[key];
        if (v === null || v === undefined) return item(v, c.fields.get(key)!, key);
      }
      for (const key in value) {
        const field = c.fields.get(key);
        const v = field && (value as Record<string, unknown>)[key];
        if (v === null || v === undefined) continue;
        // a string field (most of them) is checked here, without a call
        if (field!.k === 'string' && typeof v === 'string') continue;
        const p = walk(v, field!);
        if (p) return p.steps.push(key), p;
      }
      return undefined;
    }
    case 'arr': {
      if (!Array.isArray(value)) return wrong(value, c);
      for (let i = 0; i < value.length; i++) {
        const p = item(value[i], c.item, i);
        if (p) return p;
      }
      return undefined;
    }
    case 'map': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return wrong(value, c);
      for (const key in value) {
        const v = (value as Record<string, unknown>)[key];
        // a null map value is its type's zero value to Go's decoder (a label "", a quantity 0), and the engine reads it so
        if (v === null || (c.value.k === 'string' && typeof v === 'string')) continue;
        const p = item(v, c.value, key);
        if (p) return p;
      }
      return undefined;
    }
    case 'quantity':
      return typeof value === 'string' || typeof value === 'number' ? undefined : wrong(value, c);
    default:
      return typeof value === c.k ? undefined : wrong(value, c);
  }
}

/** The objects that passed (the walk reads an object once; a kind without a shape passes). */
const sound = new WeakSet<object>();

/** The first field of `object` (a Pod, Node or workload) whose JSON structure the engine cannot read; undefined if none. */
export function structureProblem(object: KubeObject): FieldError | undefined {
  if (sound.has(object)) return undefined;
  const c = typeof object.kind === 'string' ? compiledFor(object.kind) : undefined;
  const p = c && walk(object, c);
  if (!p) {
    sound.add(object);
    return undefined;
  }
  return { field: formatPath(p.steps.reverse()), message: p.message };
}

/**
 * Throws a TypeError naming the argument (`options.existingPods[3]`), the object (`Pod default/web`, with its file
 * and line when loaded) and the field when `object` holds a field the engine cannot read.
 */
export function assertStructure(object: KubeObject, what: string): void {
  const problem = structureProblem(object);
  if (problem) throw new TypeError(structureMessage(object, what, problem));
}

/**
 * `options.existingPods[3] (Pod default/web): spec.tolerations[0]: expected a mapping, got null`; without `what` (the
 * pod or workload asked about) the object alone: `Deployment default/web: spec.template.spec.…`.
 */
export function structureMessage(object: KubeObject, what: string, problem: FieldError): string {
  return `${what ? `${what} (${describeObject(object)})` : describeObject(object)}: ${problem.field}: ${problem.message}`;
}

/** The built-in error classes: one of them thrown (not a subclass) is a crash inside, not one of the library's own errors. */
const BUILT_IN: ReadonlySet<unknown> = new Set([Error, TypeError, RangeError, ReferenceError, SyntaxError, EvalError, URIError]);

/**
 * The errors `diagnosed` threw: one from a call inside another's (the outage's placeReplicas) is diagnosed again by the
 * outer call, which names the object as its own caller gave it (`cluster.nodes[0]`, not `node at index 0`).
 */
const readableErrors = new WeakSet<object>();

/**
 * A bulk input as the caller names it: a list of objects of a kind (`options.existingPods`, its items
 * `options.existingPods[3]` or as `what(3)` names them), or one object (`node`).
 */
export type Bulk = readonly [value: unknown, what: string | ((i: number) => string), kind: 'Pod' | 'Node', one?: 'one'];

/** The first object of the bulk inputs whose structure the engine cannot read, named; undefined if none. */
function bulkProblem(bulk: readonly Bulk[]): string | undefined {
  for (const [value, what, kind, one] of bulk) {
    const items = one ? [value] : Array.isArray(value) ? value : [];
    for (let i = 0; i < items.length; i++) {
      const o = items[i] as KubeObject;
      const name = typeof what === 'function' ? what(i) : one ? what : `${what}[${i}]`;
      if (typeof o !== 'object' || o === null || Array.isArray(o) || o.kind !== kind) return `expected ${name} to be a ${kind} (kind: ${kind}), received ${preview(o)}`;
      const problem = structureProblem(o);
      if (problem) return structureMessage(o, name, problem);
    }
  }
  return undefined;
}

/**
 * `run()`, the bulk inputs (existing pods, nodes: thousands of objects) checked only when it fails: an error that is
 * not one of the library's own (a TypeError or RangeError from inside the engine, a null where it reads an object)
 * has the first object of the bulk inputs whose structure the engine cannot read named instead, by `refuse` (a
 * TypeError unless given), with the error as its cause; without such an object the error is thrown as it came. The
 * pod or workload asked about is checked up front (assertStructure): one object, cheap.
 */
export function diagnosed<T>(run: () => T, bulk: () => readonly Bulk[], refuse: (message: string, cause: unknown) => Error = (m, cause) => new TypeError(m, { cause })): T {
  try {
    return run();
  } catch (e) {
    const inner = readableErrors.has(e as object);
    if (e instanceof Error && !BUILT_IN.has(e.constructor) && !inner) throw e;
    let message: string | undefined;
    try {
      message = bulkProblem(bulk());
    } catch {
      // a walk that throws (a getter): the error as it came
    }
    if (message === undefined) throw e;
    const error = refuse(message, inner ? (e as Error).cause : e);
    readableErrors.add(error);
    throw error;
  }
}

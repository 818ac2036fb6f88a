// The engine API's entry check of the objects it is given (existing Pods, Nodes, the pod or workload asked about): the
// JSON structure of the fields placement reads (typecheck.ts SHAPES) — a mapping where a mapping belongs, a list where
// a list belongs, no null item in a list, scalars of their JSON type — so that nothing inside the
// engine meets a null or a string where it reads an object (issue: `requiredDuringSchedulingIgnoredDuringExecution:
// [null]` in an existing pod was a TypeError from the hot InterPodAffinity path). Cheap on purpose: one walk of an
// object's own keys, no field path built unless a problem is found, and each object that passed is remembered
// (a later call over the same 20,000 existing pods looks each up once). The loader's objects pass: it decodes null
// items to their zero values and refuses wrong types itself; the full API server validation is the matchers'
// (engine/validate.ts validateInput), which this does not replace.
import type { FieldError, KubeObject } from '../core/types';
import { describeObject } from '../k8s/subject';
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

const SCALAR = { string: 'string', text: 'string', int32: 'number', int64: 'number', bool: 'boolean', quantity: 'quantity' } as const;

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

// The lists whose items were all checked, with their items then: a later call over the same 20,000 existing pods
// compares the items by identity instead of looking each up (an item added or replaced since is checked again).
const checkedLists = new WeakMap<readonly unknown[], readonly unknown[]>();

/**
 * `check(item, i)` over the list's items, skipped when the list was checked already with these items; `check` throws
 * for an item it refuses (the kind checks of the entry, then assertStructure).
 */
export function checkItems(list: readonly unknown[], check: (item: unknown, i: number) => void): void {
  const was = checkedLists.get(list);
  if (was && was.length === list.length) {
    let same = true;
    for (let i = 0; i < list.length && same; i++) same = was[i] === list[i];
    if (same) return;
  }
  for (let i = 0; i < list.length; i++) check(list[i], i);
  checkedLists.set(list, list.slice());
}

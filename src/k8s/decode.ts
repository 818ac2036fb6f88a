// What the API server refuses before defaulting, admission or validation run: a quantity its decoder cannot parse
// (resource.Quantity UnmarshalJSON, apimachinery pkg/api/resource/quantity.go). The request fails as a whole
// (apiserver pkg/endpoints/handlers/create.go → rest.go transformDecodeError), so no Pod exists to place: the one
// create path (admission/create.ts) refuses the object rather than read the amount as 0 or a node as unconstrained.
import type { FieldError, KubeObject, PodSpec } from '../core/types';
import { decodeQuantity, QuantityError } from './quantity';
import { capped, invalid } from './validation-field';
import { describeObject, POD_SPEC_PATHS, toSubject } from './subject';

/** A quantity the decoder refuses: where, as written, and resource.Quantity's own error (ErrFormatWrong, ErrSuffix…). */
export interface Undecodable {
  field: string;
  raw: unknown;
  error: string;
}

type Lists = Array<[unknown, string]>;

function podSpecLists(object: KubeObject): Lists {
  const { spec, specPath } = toSubject(object);
  // Stryker disable next-line ArrayDeclaration: a non-tuple entry is skipped by undecodableQuantities' type check, as a missing list is
  const lists: Lists = [];
  for (const field of ['containers', 'initContainers'] as const) {
    const containers = spec[field];
    if (!Array.isArray(containers)) continue;
    containers.forEach((c, i) => {
      lists.push([c?.resources?.requests, `${specPath}.${field}[${i}].resources.requests`], [c?.resources?.limits, `${specPath}.${field}[${i}].resources.limits`]);
    });
  }
  lists.push([spec.overhead, `${specPath}.overhead`], [spec.resources?.requests, `${specPath}.resources.requests`], [spec.resources?.limits, `${specPath}.resources.limits`]);
  for (const [divisor, path] of divisors(spec, specPath)) lists.push([{ divisor }, path]);
  return lists;
}

type Item = { resourceFieldRef?: { divisor?: unknown } | null } | null;
const itemsOf = (v: unknown): Item[] => (Array.isArray(v) ? v : []);

/**
 * The resourceFieldRef divisors of a pod spec's containers' and init containers' env, downwardAPI volumes and projected
 * downwardAPI sources (a resource.Quantity each), with the path of their resourceFieldRef.
 */
function divisors(spec: PodSpec, specPath = 'spec'): Array<[unknown, string]> {
  const out: Array<[unknown, string]> = [];
  const add = (items: unknown, path: string) => itemsOf(items).forEach((item, j) => {
    const divisor = item?.resourceFieldRef?.divisor;
    if (divisor != null) out.push([divisor, `${path}.items[${j}].resourceFieldRef`]);
  });
  for (const field of ['containers', 'initContainers'] as const) {
    itemsOf(spec[field]).forEach((c, i) => itemsOf((c as { env?: unknown } | null)?.env).forEach((e, j) => {
      const divisor = (e as { valueFrom?: Item } | null)?.valueFrom?.resourceFieldRef?.divisor;
      if (divisor != null) out.push([divisor, `${specPath}.${field}[${i}].env[${j}].valueFrom.resourceFieldRef`]);
    }));
  }
  const volumes = (spec as { volumes?: unknown }).volumes;
  itemsOf(volumes).forEach((raw, i) => {
    const v = raw as { downwardAPI?: { items?: unknown } | null; projected?: { sources?: unknown } | null } | null;
    add(v?.downwardAPI?.items, `${specPath}.volumes[${i}].downwardAPI`);
    itemsOf(v?.projected?.sources).forEach((src, k) => {
      add((src as { downwardAPI?: { items?: unknown } | null } | null)?.downwardAPI?.items, `${specPath}.volumes[${i}].projected.sources[${k}].downwardAPI`);
    });
  });
  return out;
}

/**
 * The quantities of a Node (status.capacity, status.allocatable), of a PersistentVolume (spec.capacity: VolumeBinding
 * reads it) or of a pod spec (requests, limits, overhead) that do not decode.
 */
export function undecodableQuantities(object: KubeObject): Undecodable[] {
  // Stryker disable next-line ArrayDeclaration: a non-tuple entry is skipped by the type check below, as a missing list is
  let lists: Lists = [];
  if (object.kind === 'Node') {
    const status = (object as { status?: Record<string, unknown> }).status;
    lists = [[status?.capacity, 'status.capacity'], [status?.allocatable, 'status.allocatable']];
  } else if (object.kind === 'PersistentVolume') {
    lists = [[(object as { spec?: Record<string, unknown> }).spec?.capacity, 'spec.capacity']];
  } else if (object.kind === 'RuntimeClass') {
    lists = [[(object as { overhead?: { podFixed?: unknown } }).overhead?.podFixed, 'overhead.podFixed']];
  } else if (object.kind && POD_SPEC_PATHS[object.kind]) {
    lists = podSpecLists(object);
  }
  const out: Undecodable[] = [];
  for (const [list, path] of lists) {
    // Stryker disable next-line ConditionalExpression: for…in over null reads nothing, so the null test only saves a loop (the string case is killed)
    if (typeof list !== 'object' || list === null) continue;
    for (const name in list) {
      const raw = (list as Record<string, unknown>)[name];
      const error = decodeError(raw);
      if (error) out.push({ field: `${path}.${name}`, raw, error });
    }
  }
  return out;
}

// resource.Quantity's error for an amount as written, '' when it decodes; per amount: workloads repeat a few
// ("100m", "1Gi"), and the common object is checked with one lookup per amount, nothing built.
const errorOfAmount = new Map<string | number, string>();

function decodeError(raw: unknown): string {
  let error = errorOfAmount.get(raw as string | number);
  // Stryker disable next-line ConditionalExpression: a cache hit; parsing again gives the same error
  if (error !== undefined) return error;
  try {
    decodeQuantity(raw as string | number);
    error = '';
  } catch (e) {
    // Stryker disable next-line ConditionalExpression: decodeQuantity throws only QuantityError, whatever value it is given
    if (!(e instanceof QuantityError)) throw e;
    error = e.message;
  }
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a bound on the cache; a cleared amount is decoded again to the same error
  if (errorOfAmount.size >= 10_000) errorOfAmount.clear();
  // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator,StringLiteral: which amounts are cached; an amount's error depends on its value alone (objects by identity)
  if (typeof raw === 'string' || typeof raw === 'number') errorOfAmount.set(raw, error);
  return error;
}

/** The same as field errors (`Invalid value: "5K": unable to parse quantity's suffix`), as validation reports them. */
export const asFieldErrors = (found: readonly Undecodable[]): FieldError[] =>
  // Stryker disable next-line ConditionalExpression,StringLiteral: `false`/`""` run String() on a string too, which returns it (`true` and `!==` are killed)
  found.map((u) => invalid(u.field, typeof u.raw === 'string' ? u.raw : String(u.raw), u.error));

/** The API server's refusal of an object on create; thrown by the engine's entry points (a TypeError, as bad input). */
export class ApiServerRefusal extends TypeError {}

/**
 * transformDecodeError's text for the first quantity (`Deployment in version "v1" cannot be handled as a Deployment:
 * unable to parse quantity's suffix`), byte for byte; then, ours, every field that does not decode.
 */
export function decodeRefusal(object: KubeObject, found: readonly Undecodable[]): ApiServerRefusal {
  // Stryker disable next-line StringLiteral: every caller passes a Node or a pod-bearing kind (undecodableQuantities finds nothing for other objects)
  const kind = object.kind ?? '';
  const version = (object.apiVersion ?? '').split('/').pop();
  const upstream = `${kind} in version ${JSON.stringify(version)} cannot be handled as a ${kind}: ${found[0].error}`;
  const fields = capped(asFieldErrors(found).map((e) => `${e.field}: ${e.message}`)).map((l) => `  ${l}`).join('\n');
  return new ApiServerRefusal(`${describeObject(object)} is refused by the API server: ${upstream}\n${fields}`);
}

// Stryker disable next-line BlockStatement: fast path: a wrong `false` only defers to undecodableQuantities, which finds nothing either
function listDecodes(list: unknown): boolean {
  // Stryker disable next-line ConditionalExpression,LogicalOperator,BooleanLiteral: fast path: a wrong `false` only defers to undecodableQuantities, which finds nothing either (for…in over a string reads its characters, which do not all decode)
  if (typeof list !== 'object' || list === null) return true; // nothing to decode (a wrong type is typecheck's)
  // Stryker disable next-line ConditionalExpression: fast path: a wrong `false` only defers to undecodableQuantities, which finds nothing either
  for (const name in list) if (decodeError((list as Record<string, unknown>)[name])) return false;
  // Stryker disable next-line BooleanLiteral: fast path: a wrong `false` only defers to undecodableQuantities, which finds nothing either
  return true;
}

// Stryker disable next-line BlockStatement: fast path: a wrong `false` only defers to undecodableQuantities, which finds nothing either
function containersDecode(containers: unknown): boolean {
  // Stryker disable next-line BooleanLiteral: fast path: a wrong `false` only defers to undecodableQuantities, which finds nothing either
  if (!Array.isArray(containers)) return true;
  // Stryker disable next-line EqualityOperator: containers[length] is undefined, which has no resources
  for (let i = 0; i < containers.length; i++) {
    const r = (containers[i] as { resources?: { requests?: unknown; limits?: unknown } } | null)?.resources;
    // Stryker disable next-line ConditionalExpression: fast path: a wrong `false` only defers to undecodableQuantities, which finds nothing either (the BooleanLiteral on limits is killed)
    if (r && (!listDecodes(r.requests) || !listDecodes(r.limits))) return false;
  }
  // Stryker disable next-line BooleanLiteral: fast path: a wrong `false` only defers to undecodableQuantities, which finds nothing either
  return true;
}

/** Every list undecodableQuantities reads decodes, checked without building anything (`spec`: the object's pod spec). */
// Stryker disable next-line BlockStatement: fast path: a wrong `false` only defers to undecodableQuantities, which finds nothing either
function decodesQuickly(object: KubeObject, spec: PodSpec | undefined): boolean {
  if (object.kind === 'Node') {
    const status = (object as { status?: Record<string, unknown> }).status;
    // Stryker disable next-line ConditionalExpression: fast path: a wrong `false` only defers to undecodableQuantities, which finds nothing either (`true` is killed)
    return listDecodes(status?.capacity) && listDecodes(status?.allocatable);
  }
  // Stryker disable next-line BooleanLiteral: fast path: a wrong `false` only defers to undecodableQuantities, which finds nothing either
  if (!spec) return true;
  // Stryker disable next-line ConditionalExpression: fast path: a wrong `false` only defers to undecodableQuantities, which finds nothing either
  return containersDecode(spec.containers) && containersDecode(spec.initContainers) && listDecodes(spec.overhead) &&
    // Stryker disable next-line ConditionalExpression: fast path: a wrong `false` only defers to undecodableQuantities, which finds nothing either
    (!spec.resources || (listDecodes(spec.resources.requests) && listDecodes(spec.resources.limits))) &&
    divisors(spec).every(([divisor]) => !decodeError(divisor));
}

/**
 * Throws decodeRefusal when a quantity of the object does not decode. `spec`: its pod spec when the caller holds it
 * (toSubject's), else looked up.
 */
export function assertDecodes(object: KubeObject, spec?: PodSpec): void {
  // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: Node is not in POD_SPEC_PATHS, so only whether the lookup runs for a Node or another kind matters (that `true` and `||` are killed)
  const podSpec = spec ?? (object.kind !== 'Node' && object.kind && POD_SPEC_PATHS[object.kind] ? toSubject(object).spec : undefined);
  // Stryker disable next-line ConditionalExpression: fast path: a wrong `false` only defers to undecodableQuantities, which finds nothing either
  if (decodesQuickly(object, podSpec)) return;
  const found = undecodableQuantities(object);
  // Stryker disable next-line ConditionalExpression: decodesQuickly and undecodableQuantities read the same lists (the spec is the object's own), so found is never empty here
  if (found.length) throw decodeRefusal(object, found);
}

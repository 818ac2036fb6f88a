// validate(object): what the API server would refuse in an object, as `[{ field, message }]`.
import type { FieldError, KubeObject, Toleration } from '../core/types';
import { settings } from '../core/config';
import { cachedPerObject } from '../core/cache';
import { POD_SPEC_PATHS, toSubject } from '../k8s/subject';
import { validateTolerations } from '../k8s/validation';
import { validateObject } from '../k8s/validation-workloads';
import { decodeQuantity } from '../k8s/validation-pod';
import { Quantity } from '../k8s/quantity';
import { typeErrors } from '../loader/typecheck';

export { typeErrors };

/** Every field error the API server would report on create (an array of tolerations is checked as `tolerations`). */
export function validate(object: KubeObject | Toleration[]): FieldError[] {
  const gate = settings().featureGates.TaintTolerationComparisonOperators;
  if (Array.isArray(object)) return validateTolerations(object, 'tolerations', gate);
  if (typeof object !== 'object' || object === null) return [];
  const wrongType = typeErrors(object);
  if (wrongType.length) return wrongType;
  return validateObject(object as never, gate);
}

/**
 * Quantities the API server cannot even decode (`cpu: 1K`). These are refused before validation runs,
 * so `configure({ validate: false })` does not make them acceptable: they would otherwise read as 0 or
 * as an unconstrained node.
 */
export function decodeErrors(object: KubeObject | Toleration[]): FieldError[] {
  if (Array.isArray(object) || typeof object !== 'object' || object === null) return [];
  const wrongType = typeErrors(object);
  if (wrongType.length) return wrongType;
  const lists: Array<[unknown, string]> = [];
  if (object.kind === 'Node') {
    const status = (object as { status?: Record<string, unknown> }).status;
    lists.push([status?.capacity, 'status.capacity'], [status?.allocatable, 'status.allocatable']);
  } else if (object.kind && POD_SPEC_PATHS[object.kind]) {
    const { spec, specPath } = toSubject(object);
    const containers = (field: 'containers' | 'initContainers') =>
      (spec[field] ?? []).forEach((c, i) => {
        lists.push([c.resources?.requests, `${specPath}.${field}[${i}].resources.requests`]);
        lists.push([c.resources?.limits, `${specPath}.${field}[${i}].resources.limits`]);
      });
    containers('containers');
    containers('initContainers');
    lists.push([spec.overhead, `${specPath}.overhead`], [spec.resources?.requests, `${specPath}.resources.requests`], [spec.resources?.limits, `${specPath}.resources.limits`]);
  }
  return lists.flatMap(([list, path]) =>
    Object.entries((list as Record<string, unknown>) ?? {}).flatMap(([name, raw]) => {
      const q = decodeQuantity(raw, `${path}.${name}`);
      return q instanceof Quantity ? [] : [q];
    }),
  );
}

// Once per object (and settings): a test.each over workloads checks the same nodes again and again, and a spec
// checking every node of a 5,000-node cluster in turn validates each node and pod once.
export const validatedOnce = cachedPerObject((o: object) => validate(o as KubeObject));
export const decodedOnce = cachedPerObject((o: object) => decodeErrors(o as KubeObject));

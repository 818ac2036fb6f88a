// validate(object): what the API server would refuse in an object, as `[{ field, message }]`.
import type { FieldError, KubeObject, Toleration } from '../core/types';
import { settings } from '../core/config';
import { cachedPerObject } from '../core/cache';
import { validateTolerations } from '../k8s/validation';
import { validateObject } from '../k8s/validation-workloads';
import { asFieldErrors, undecodableQuantities } from '../k8s/decode';
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
  return asFieldErrors(undecodableQuantities(object));
}

// Once per object (and settings): a test.each over workloads checks the same nodes again and again, and a spec
// checking every node of a 5,000-node cluster in turn validates each node and pod once.
export const validatedOnce = cachedPerObject((o: object) => validate(o as KubeObject));
export const decodedOnce = cachedPerObject((o: object) => decodeErrors(o as KubeObject));

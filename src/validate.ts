// validate(object): what the API server would refuse in an object's tolerations or taints.
import type { FieldError, KubeObject, Node } from './types';
import { settings } from './config';
import { POD_SPEC_PATHS, toSubject } from './subject';
import { validateTaints, validateTolerations } from './k8s/validation';
import { podRequests, ResourceError } from './k8s/resources';
import { parseQuantity, QuantityError } from './k8s/quantity';

/** Quantities the API server could not decode. */
function quantityErrors(check: () => void): FieldError[] {
  try {
    check();
    return [];
  } catch (e) {
    if (!(e instanceof ResourceError || e instanceof QuantityError)) throw e;
    const [field, ...rest] = e.message.split(': ');
    return [{ field, message: rest.join(': ') }];
  }
}

export function validate(object: KubeObject): FieldError[] {
  const gate = settings().featureGates.TaintTolerationComparisonOperators;
  if (object?.kind === 'Node') {
    const node = object as Node;
    const allocatable = Object.entries(node.status?.allocatable ?? {});
    return [
      ...validateTaints(node.spec?.taints),
      ...allocatable.flatMap(([name, raw]) =>
        quantityErrors(() => {
          try {
            parseQuantity(raw as string);
          } catch (e) {
            throw new QuantityError(`status.allocatable.${name}: Invalid value: ${JSON.stringify(raw)}: ${(e as Error).message}`);
          }
        }),
      ),
    ];
  }
  if (object?.kind && POD_SPEC_PATHS[object.kind]) {
    const subject = toSubject(object);
    return [
      ...validateTolerations(subject.spec.tolerations, `${subject.specPath}.tolerations`, gate),
      ...quantityErrors(() => podRequests(subject.spec, subject.specPath)),
    ];
  }
  if (Array.isArray(object)) return validateTolerations(object, 'tolerations', gate);
  return [];
}

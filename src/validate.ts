// validate(object): what the API server would refuse in an object's tolerations or taints.
import type { FieldError, KubeObject, Node } from './types';
import { settings } from './config';
import { POD_SPEC_PATHS, toSubject } from './subject';
import { validateTaints, validateTolerations } from './k8s/validation';

export function validate(object: KubeObject): FieldError[] {
  const gate = settings().featureGates.TaintTolerationComparisonOperators;
  if (object?.kind === 'Node') return validateTaints((object as Node).spec?.taints);
  if (object?.kind && POD_SPEC_PATHS[object.kind]) {
    const subject = toSubject(object);
    return validateTolerations(subject.spec.tolerations, `${subject.specPath}.tolerations`, gate);
  }
  if (Array.isArray(object)) return validateTolerations(object, 'tolerations', gate);
  return [];
}

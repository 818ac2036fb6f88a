// The library functions the oracle's create-path and YAML domains ask, in one place so that moves inside src/ touch
// only this file.
export { decodeErrors, validate, typeErrors } from '../../src/engine/validate';
export { admitPod } from '../../src/admission';
export { toSubject } from '../../src/k8s/subject';
export { withConfiguration, type KubernetesVersion } from '../../src/core/config';
export { COMPARISON_GATE_HINT } from '../../src/k8s/validation';
export { parseManifests, ManifestError } from '../../src/loader';
export type { FieldError, Toleration } from '../../src/core/types';

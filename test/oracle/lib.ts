// Everything the oracle's TypeScript side takes from the library, in one place: when src/ moves, only this file's
// paths change.
export type { FieldError, KubeObject, Node, Pod, Taint, Toleration } from '../../src/core/types';
export { toSubject } from '../../src/k8s/subject';
export { nodeInfo, podInfo } from '../../src/scheduler/framework';
export { schedule } from '../../src/scheduler';
export { scoreNodes } from '../../src/scheduler/score';
export { scoreCluster } from '../../src/scheduler/score-cluster';
export { toleratesTaint } from '../../src/k8s/toleration';
export { parseQuantity } from '../../src/k8s/quantity';
export { parseTaint } from '../../src/k8s/kubectl-taint';
export { configure, withConfiguration, KUBERNETES_VERSIONS, type KubernetesVersion } from '../../src/core/config';
// the create-path and YAML domains
export { decodeErrors, validate, typeErrors } from '../../src/engine/validate';
export { admitPod } from '../../src/admission';
export { COMPARISON_GATE_HINT } from '../../src/k8s/validation';
export { parseManifests, ManifestError } from '../../src/loader';

// The library code the oracle's domains call, in one place: when src/ moves, only these paths change.
export { toSubject } from '../../src/k8s/subject';
export type { Taint, Toleration, Node } from '../../src/core/types';
export {
  requirement, addRequirement, labelRequirements, compatible, intersects, formatRequirement, type Requirements,
} from '../../src/karpenter/requirements';
export { vocabulary } from '../../src/karpenter/labels';
export { provision, podRequirements, ignoredBecause } from '../../src/karpenter/provision';
export { poolModel } from '../../src/karpenter/pool';
export { addDaemonSetTolerations } from '../../src/admission/daemonset-tolerations';
export { taintEviction, minTolerationNanos } from '../../src/controllers/taint-eviction';
export { mergeConditionTaints } from '../../src/k8s/node-condition-taints';
export { parseLabelSelector, selectorMatches, formatSelector } from '../../src/k8s/label-selector';
export { settings, configure } from '../../src/core/config';

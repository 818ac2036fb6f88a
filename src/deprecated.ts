// Written by scripts/exports.mjs from src/exports.ts (npm run exports): edit the list, not this file.
// The deprecated functions of the main entry, each wrapped once so that index.ts and index.mts export the same
// object, which warns on its first call (a DeprecationWarning; --no-deprecation silences it, as any of Node's).
import { deprecate } from 'node:util';
import * as admissionDefaultTolerationSeconds from './admission/default-toleration-seconds';
import * as admissionDaemonsetTolerations from './admission/daemonset-tolerations';
import * as admissionExtendedResourceToleration from './admission/extended-resource-toleration';
import * as admission from './admission';

/** @deprecated Leaves the main entry in the next minor release: admitPod(subject) gives the tolerations after every admission step, with their sources. */
export const addDefaultTolerationSeconds = deprecate(admissionDefaultTolerationSeconds.addDefaultTolerationSeconds, "jest-k8s-placement: addDefaultTolerationSeconds leaves the main entry in the next minor release; admitPod(subject) gives the tolerations after every admission step, with their sources.", 'JEST_K8S_PLACEMENT_ADD_DEFAULT_TOLERATION_SECONDS');
/** @deprecated Leaves the main entry in the next minor release: admitPod(daemonSet) gives the tolerations after every admission step, with their sources. */
export const addDaemonSetTolerations = deprecate(admissionDaemonsetTolerations.addDaemonSetTolerations, "jest-k8s-placement: addDaemonSetTolerations leaves the main entry in the next minor release; admitPod(daemonSet) gives the tolerations after every admission step, with their sources.", 'JEST_K8S_PLACEMENT_ADD_DAEMON_SET_TOLERATIONS');
/** @deprecated Leaves the main entry in the next minor release: admitPod(subject) gives the tolerations after every admission step, with their sources. */
export const addExtendedResourceTolerations = deprecate(admissionExtendedResourceToleration.addExtendedResourceTolerations, "jest-k8s-placement: addExtendedResourceTolerations leaves the main entry in the next minor release; admitPod(subject) gives the tolerations after every admission step, with their sources.", 'JEST_K8S_PLACEMENT_ADD_EXTENDED_RESOURCE_TOLERATIONS');
/** @deprecated Leaves the main entry in the next minor release: the engine's verdicts read a node's condition taints themselves; notReady, unreachable and withCondition give a node in such a state. */
export const admitNode = deprecate(admission.admitNode, "jest-k8s-placement: admitNode leaves the main entry in the next minor release; the engine's verdicts read a node's condition taints themselves; notReady, unreachable and withCondition give a node in such a state.", 'JEST_K8S_PLACEMENT_ADMIT_NODE');

// DynamicResources' PostFilter (pkg/scheduler/framework/plugins/dynamicresources/dynamicresources.go), which the
// default profile runs before DefaultPreemption where DRA is enabled (default_plugins.go applyDynamicResources: from
// 1.34). Pods with resource claims are not modelled (k8s/not-modelled.ts); for a pod without claims it only adds
// its status to the FitError's PostFilter part, which the oracle's preemption domain holds byte for byte.
import { gateEnabled, releaseAtLeast } from '../../../core/config';
import type { PostFilterPlugin } from '../../cycle';

/**
 * CycleState.Read's error for a key no PreFilter wrote (getStateData): DynamicResources' PreFilter never ran because
 * RunPreFilterPlugins stopped at an earlier plugin's UnschedulableAndUnresolvable status. Upstream's ErrNotFound
 * (k8s.io/kube-scheduler framework/cycle_state.go; not marked as upstream's text: scripts/upstream-texts.mjs does not resolve
 * that staging module's replaced version), checked by the oracle's scheduling and volumes domains from 1.34.
 */
export const ErrNotFound = 'not found';

// PostFilter's status for a pod without claims, 1.34–1.36 (v1.36.3 dynamicresources.go); from 1.37 the status has no
// reason. Not marked as upstream's text: the newest pinned release no longer has the literal (scripts/upstream-texts.mjs reads
// only that one); the oracle checks it at 1.34–1.36.
const NO_NEW_CLAIMS = 'no new claims to deallocate';

export const DynamicResources: PostFilterPlugin = {
  name: 'DynamicResources',
  postFilter(_pod, handle) {
    // RunPostFilterPlugins stops at an Error: DefaultPreemption does not run, the error's text is the PostFilter part
    if (handle.preFilterStopped) return { code: 'Error', answer: { message: ErrNotFound, nominatedNodes: [], candidates: [] } };
    return { code: 'Unschedulable', answer: { message: releaseAtLeast('1.37') ? '' : NO_NEW_CLAIMS, nominatedNodes: [], candidates: [] } };
  },
};

/** Whether the default profile has the plugin: applyFeatureGates adds it when DynamicResourceAllocation is on. */
export const dynamicResourcesEnabled = (): boolean => gateEnabled('DynamicResourceAllocation');

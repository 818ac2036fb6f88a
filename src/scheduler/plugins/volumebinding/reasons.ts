// VolumeBinding's texts (pkg/scheduler/framework/plugins/volumebinding/binder.go ConflictReasons, the same at
// v1.33.13 … v1.37.2, and volume_binding.go PreFilter). Filter reports them in this order, one status for all.

/**
 * ErrReasonNodeConflict since v1.33 (kubernetes PR #129887); before: "node(s) had volume node affinity conflict".
 * @upstream pkg/scheduler/framework/plugins/volumebinding/binder.go
 */
export const ErrReasonNodeConflict = "node(s) didn't match PersistentVolume's node affinity";
/** @upstream pkg/scheduler/framework/plugins/volumebinding/binder.go */
export const ErrReasonBindConflict = "node(s) didn't find available persistent volumes to bind";
/** @upstream pkg/scheduler/framework/plugins/volumebinding/binder.go */
export const ErrReasonNotEnoughSpace = 'node(s) did not have enough free storage';
/** @upstream pkg/scheduler/framework/plugins/volumebinding/binder.go */
export const ErrReasonPVNotExist = 'node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s)';
/** PreFilter's reason when a claim is unbound and not WaitForFirstConsumer. @upstream pkg/scheduler/framework/plugins/volumebinding/volume_binding.go */
export const ErrReasonUnboundImmediate = 'pod has unbound immediate PersistentVolumeClaims';

/** podHasPVCs' texts (volume_binding.go), with the claim's and volume's names as Go's %q prints them. */
export const claimNotFound = (name: string) => `persistentvolumeclaim ${JSON.stringify(name)} not found`;
export const ephemeralClaimPending = (name: string) => `waiting for ephemeral volume controller to create the persistentvolumeclaim ${JSON.stringify(name)}`;
export const claimLost = (name: string, volume: string) => `persistentvolumeclaim ${JSON.stringify(name)} bound to non-existent persistentvolume ${JSON.stringify(volume)}`;
export const claimDeleting = (name: string) => `persistentvolumeclaim ${JSON.stringify(name)} is being deleted`;

// pkg/scheduler/framework/plugins/volumezone/volume_zone.go: the Filter's reason and the PreFilter's messages (all
// UnschedulableAndUnresolvable). The same text at every release the library models (v1.33.13 … v1.37.2).
/** @upstream pkg/scheduler/framework/plugins/volumezone/volume_zone.go */
export const ErrReasonConflict = 'node(s) had no available volume zone';
/** @upstream pkg/scheduler/framework/plugins/volumezone/volume_zone.go */
export const CLAIM_HAD_NO_NAME = 'PersistentVolumeClaim had no name';
/** @upstream pkg/scheduler/framework/plugins/volumezone/volume_zone.go */
export const CLAIM_HAD_NO_PV_NOR_CLASS = 'PersistentVolumeClaim had no pv name and storageClass name';
/** @upstream pkg/scheduler/framework/plugins/volumezone/volume_zone.go */
export const PV_HAD_NO_NAME = 'PersistentVolume had no name';

/** getPVbyPod's `VolumeBindingMode not set for StorageClass %q` (a class the API server did not default). */
export const bindingModeNotSet = (className: string) => `VolumeBindingMode not set for StorageClass ${JSON.stringify(className)}`;

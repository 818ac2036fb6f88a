// pkg/scheduler/framework/plugins/volumerestrictions/volume_restrictions.go: the Filter's reasons, both Unschedulable
// (preemption may free the disk or the claim).
import { releaseAtLeast } from '../../../core/config';

/** @upstream pkg/scheduler/framework/plugins/volumerestrictions/volume_restrictions.go */
export const ErrReasonDiskConflict = 'node(s) had no available disk';
/**
 * The ReadWriteOncePod text from v1.34 (volume_restrictions.go:59 @v1.34.4 … :61 @v1.37.2).
 * @upstream pkg/scheduler/framework/plugins/volumerestrictions/volume_restrictions.go
 */
export const ErrReasonReadWriteOncePodConflict = 'node(s) unavailable due to PersistentVolumeClaim with ReadWriteOncePod access mode already in-use by another pod';
/**
 * The ReadWriteOncePod text at v1.33 (volume_restrictions.go:58 @v1.33.13). Not marked: the marked texts are checked
 * against the newest release's source, which no longer has it.
 */
const READ_WRITE_ONCE_POD_CONFLICT_1_33 = 'node has pod using PersistentVolumeClaim with the same name and ReadWriteOncePod access mode';

/** ErrReasonReadWriteOncePodConflict in the modelled release (the release table: the text changed at 1.34). */
export const readWriteOncePodConflict = (): string => (releaseAtLeast('1.34') ? ErrReasonReadWriteOncePodConflict : READ_WRITE_ONCE_POD_CONFLICT_1_33);

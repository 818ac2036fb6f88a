// kube-scheduler's own texts for an invalid configuration: the details of validation.go's and
// validation_pluginargs.go's field errors (pkg/scheduler/apis/config/validation), byte for byte.

/** @upstream pkg/scheduler/apis/config/validation/validation.go */
export const PARALLELISM_DETAIL = 'should be an integer value greater than zero';
/** @upstream pkg/scheduler/apis/config/validation/validation.go */
export const PERCENTAGE_DETAIL = 'not in valid range [0-100]';
/** @upstream pkg/scheduler/apis/config/validation/validation.go */
export const BACKOFF_INITIAL_DETAIL = 'must be greater than 0';
/** @upstream pkg/scheduler/apis/config/validation/validation.go */
export const BACKOFF_MAX_DETAIL = 'must be greater than or equal to PodInitialBackoffSeconds';
/** @upstream pkg/scheduler/apis/config/validation/validation.go */
export const ARGS_MISMATCH_DETAIL = 'has to match plugin args';
/** @upstream pkg/scheduler/apis/config/validation/validation.go */
export const ONE_QUEUE_SORT_DETAIL = 'only one queue sort plugin can be enabled';
/** @upstream pkg/scheduler/apis/config/validation/validation.go */
export const SAME_QUEUE_SORT_DETAIL = 'must be the same for all profiles';
/** @upstream pkg/scheduler/apis/config/validation/validation.go */
export const SAME_QUEUE_SORT_ARGS_DETAIL = 'queueSort must be the same for all profiles';
/** @upstream pkg/scheduler/apis/config/validation/validation.go */
export const EXTENDER_WEIGHT_DETAIL = 'must have a positive weight applied to it';
/** @upstream pkg/scheduler/apis/config/validation/validation.go */
export const ONE_BINDER_DETAIL = 'only one extender can implement bind';

/** @upstream pkg/scheduler/apis/config/validation/validation_pluginargs.go */
export const PERCENTAGE_RANGE_DETAIL = 'not in valid range [0, 100]';
/** @upstream pkg/scheduler/apis/config/validation/validation_pluginargs.go */
export const ABSOLUTE_RANGE_DETAIL = 'not in valid range [0, inf)';
/** @upstream pkg/scheduler/apis/config/validation/validation_pluginargs.go */
export const PERCENTAGE_ZERO_DETAIL = 'cannot be zero at the same time as minCandidateNodesAbsolute';
/** @upstream pkg/scheduler/apis/config/validation/validation_pluginargs.go */
export const ABSOLUTE_ZERO_DETAIL = 'cannot be zero at the same time as minCandidateNodesPercentage';
/** @upstream pkg/scheduler/apis/config/validation/validation_pluginargs.go */
export const MAX_SKEW_DETAIL = 'not in valid range (0, inf)';
/** @upstream pkg/scheduler/apis/config/validation/validation_pluginargs.go */
export const SELECTOR_FORBIDDEN_DETAIL = 'constraint must not define a selector, as they deduced for each pod';
/** @upstream pkg/scheduler/apis/config/validation/validation_pluginargs.go */
export const SYSTEM_WITH_CONSTRAINTS_DETAIL = 'when .defaultConstraints are not empty';
/** @upstream pkg/scheduler/apis/config/validation/validation_pluginargs.go */
export const CAN_NOT_BE_EMPTY = 'can not be empty';
/** @upstream pkg/scheduler/apis/config/validation/validation_pluginargs.go */
export const SHAPE_REQUIRED_DETAIL = 'at least one point must be specified';
/** @upstream pkg/scheduler/apis/config/validation/validation_pluginargs.go */
export const SHAPE_SORTED_DETAIL = 'values must be sorted in increasing order';
/** @upstream pkg/scheduler/apis/config/validation/validation_pluginargs.go */
export const WEIGHT_MUST_BE_ONE = 'must be 1';
/** @upstream pkg/scheduler/apis/config/validation/validation_pluginargs.go */
export const GROUP_SLASH_DETAIL = "resource group name can't contain '/'";
/** @upstream pkg/scheduler/apis/config/validation/validation_pluginargs.go */
export const RTCR_REQUIRED_DETAIL = 'must be specified when type is RequestedToCapacityRatio';
/** @upstream pkg/scheduler/apis/config/validation/validation_pluginargs.go */
export const RTCR_FORBIDDEN_DETAIL = 'must be nil when type is not RequestedToCapacityRatio';
/** @upstream pkg/scheduler/apis/config/validation/validation_pluginargs.go */
export const STRATEGY_REQUIRED_DETAIL = 'ScoringStrategy field is required';
/** @upstream pkg/scheduler/apis/config/validation/validation_pluginargs.go */
export const BIND_TIMEOUT_DETAIL = 'invalid BindTimeoutSeconds, should not be a negative value';
/** @upstream pkg/scheduler/apis/config/validation/validation_pluginargs.go */
export const SHAPE_WITHOUT_GATE_DETAIL = 'unexpected field `shape`, remove it or turn on the feature gate StorageCapacityScoring';

/** @upstream pkg/scheduler/framework/runtime/framework.go */
export const SCORE_OVERFLOW = 'total score of Score plugins could overflow';

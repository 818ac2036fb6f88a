// pkg/scheduler/framework/plugins/interpodaffinity/filtering.go
/** @upstream pkg/scheduler/framework/plugins/interpodaffinity/filtering.go */
export const ErrReasonAffinityRulesNotMatch = "node(s) didn't match pod affinity rules";
/** @upstream pkg/scheduler/framework/plugins/interpodaffinity/filtering.go */
export const ErrReasonAntiAffinityRulesNotMatch = "node(s) didn't match pod anti-affinity rules";
/** @upstream pkg/scheduler/framework/plugins/interpodaffinity/filtering.go */
export const ErrReasonExistingAntiAffinityRulesNotMatch = "node(s) didn't satisfy existing pods anti-affinity rules";

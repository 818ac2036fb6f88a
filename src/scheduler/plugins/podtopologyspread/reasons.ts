// pkg/scheduler/framework/plugins/podtopologyspread/plugin.go
/** @upstream pkg/scheduler/framework/plugins/podtopologyspread/plugin.go */
export const ErrReasonConstraintsNotMatch = "node(s) didn't match pod topology spread constraints";
export const ErrReasonNodeLabelNotMatch = ErrReasonConstraintsNotMatch + ' (missing required label)';

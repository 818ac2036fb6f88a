package main

// nodeConditionTaints: spec.taints after the node lifecycle controller reconciled the node once, the same
// conditionTaints (admit.go) the scheduling domain applies to every node: doNoScheduleTaintingPass's NoSchedule
// taints from nodeConditionToTaintKeyStatusMap (copied, drift-checked) and spec.unschedulable, stale ones removed
// (taints.TaintSetDiff), then the NoExecute taint of the first Ready condition (taint-based eviction's steady state).

import (
	"fmt"

	sigsjson "sigs.k8s.io/json"

	v1 "k8s.io/api/core/v1"
)

type conditionsInput struct {
	Node v1.Node `json:"node"`
}

func conditionsAnswer(raw []byte) (any, error) {
	var in conditionsInput
	if err := sigsjson.UnmarshalCaseSensitivePreserveInts(raw, &in); err != nil {
		return nil, fmt.Errorf("input: %w", err)
	}
	conditionTaints(&in.Node)
	if in.Node.Spec.Taints == nil {
		in.Node.Spec.Taints = []v1.Taint{}
	}
	return map[string]any{"taints": in.Node.Spec.Taints}, nil
}

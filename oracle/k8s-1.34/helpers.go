package main

// The helper domains: one upstream function per question.
//   toleration: (v1.Toleration).ToleratesTaint (staging/src/k8s.io/api/core/v1/toleration.go), the signature before 1.35
//               (no Lt/Gt; the TaintTolerationComparisonOperators gate is new in 1.35, so comparisonOperators is not read);
//   quantity:   resource.ParseQuantity, then String(), Value() and MilliValue() (apimachinery/pkg/api/resource).

import (
	"context"
	"fmt"
	"strconv"

	sigsjson "sigs.k8s.io/json"

	appsv1 "k8s.io/api/apps/v1"
	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	"k8s.io/kubernetes/pkg/controller/daemon"
)

type tolerationInput struct {
	Toleration          v1.Toleration `json:"toleration"`
	Taint               v1.Taint      `json:"taint"`
	ComparisonOperators bool          `json:"comparisonOperators"`
}

func tolerationAnswer(_ context.Context, raw []byte) (any, error) {
	var in tolerationInput
	if err := sigsjson.UnmarshalCaseSensitivePreserveInts(raw, &in); err != nil {
		return nil, fmt.Errorf("input: %w", err)
	}
	return map[string]bool{"tolerates": in.Toleration.ToleratesTaint(&in.Taint)}, nil
}

type quantityInput struct {
	Text string `json:"text"`
}

type quantityOutput struct {
	Error      string `json:"error,omitempty"`
	String     string `json:"string,omitempty"`
	Value      string `json:"value,omitempty"`
	MilliValue string `json:"milliValue,omitempty"`
}

func quantityAnswer(raw []byte) (any, error) {
	var in quantityInput
	if err := sigsjson.UnmarshalCaseSensitivePreserveInts(raw, &in); err != nil {
		return nil, fmt.Errorf("input: %w", err)
	}
	q, err := resource.ParseQuantity(in.Text)
	if err != nil {
		return quantityOutput{Error: err.Error()}, nil
	}
	return quantityOutput{String: q.String(), Value: strconv.FormatInt(q.Value(), 10), MilliValue: strconv.FormatInt(q.MilliValue(), 10)}, nil
}

// nodeShouldRunDaemonPod is the DaemonSet controller's NodeShouldRunDaemonPod (daemon_controller.go; no logger
// before 1.35): does the controller make a pod for this node.
func nodeShouldRunDaemonPod(_ context.Context, node *v1.Node, ds *appsv1.DaemonSet) bool {
	run, _ := daemon.NodeShouldRunDaemonPod(node, ds)
	return run
}

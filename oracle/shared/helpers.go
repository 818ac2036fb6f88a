package main

// The helper domains: one upstream function per question.
//   toleration: (v1.Toleration).ToleratesTaint (staging/src/k8s.io/api/core/v1/toleration.go), through the
//               release's toleratesTaint (release.go): from 1.35 with enableComparisonOperators (the
//               TaintTolerationComparisonOperators gate, alpha, off by default); before 1.35 the taint alone (no
//               Lt/Gt: comparisonOperators is not read);
//   quantity:   resource.ParseQuantity, then String(), Value() and MilliValue() (apimachinery/pkg/api/resource).

import (
	"context"
	"fmt"
	"strconv"

	sigsjson "sigs.k8s.io/json"

	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
)

type tolerationInput struct {
	Toleration          v1.Toleration `json:"toleration"`
	Taint               v1.Taint      `json:"taint"`
	ComparisonOperators bool          `json:"comparisonOperators"`
}

func tolerationAnswer(ctx context.Context, raw []byte) (any, error) {
	var in tolerationInput
	if err := sigsjson.UnmarshalCaseSensitivePreserveInts(raw, &in); err != nil {
		return nil, fmt.Errorf("input: %w", err)
	}
	return map[string]bool{"tolerates": toleratesTaint(ctx, &in.Toleration, &in.Taint, in.ComparisonOperators)}, nil
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

package main

// karpenterValidate: (*Provisioner).Validate (pkg/controllers/provisioning/provisioner.go), the pod checks Karpenter
// applies before it schedules: the karpenter.sh/nodepool DoesNotExist check, each nodeSelector entry and each
// required nodeSelectorTerm through v1.ValidateRequirement, and the pod's PVCs. The real Provisioner is built with a
// controller-runtime fake client (no PVCs exist: the generated pods have no volumes) and nothing else: Validate uses
// only the client.
//
// validateNodeSelector walks the nodeSelector map (lo.MapToSlice), so the order of its errors is a map walk's: the
// oracle returns the parts in upstream's order as `parts` and the library's text is compared part by part as a
// multiset, and as text where the order is fixed (at most one nodeSelector entry).

import (
	"context"
	"fmt"

	"go.uber.org/multierr"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	sigsjson "sigs.k8s.io/json"

	"sigs.k8s.io/karpenter/pkg/controllers/provisioning"
)

type validateOracle struct{ provisioner *provisioning.Provisioner }

func newValidateOracle() *validateOracle {
	kube := fake.NewClientBuilder().Build()
	return &validateOracle{provisioner: provisioning.NewProvisioner(kube, nil, nil, nil, nil, nil, nil)}
}

type validateInput struct {
	Pod corev1.Pod `json:"pod"`
}

type validateOutput struct {
	Error string   `json:"error"`
	Parts []string `json:"parts"`
}

func (o *validateOracle) answer(ctx context.Context, raw []byte) (any, error) {
	var in validateInput
	if err := sigsjson.UnmarshalCaseSensitivePreserveInts(raw, &in); err != nil {
		return nil, fmt.Errorf("input: %w", err)
	}
	err := o.provisioner.Validate(ctx, &in.Pod)
	out := validateOutput{Parts: []string{}}
	if err != nil {
		out.Error = err.Error()
		for _, e := range multierr.Errors(err) {
			out.Parts = append(out.Parts, e.Error())
		}
	}
	return out, nil
}

package main

// daemonSetTolerations: the tolerations the DaemonSet controller writes into every daemon pod's template,
// daemonutil.AddOrUpdateDaemonPodTolerations (pkg/controller/daemon/util/daemonset_util.go), which calls
// v1helper.AddOrUpdateTolerationInPodSpec once per toleration (network-unavailable only with hostNetwork).

import (
	"fmt"

	sigsjson "sigs.k8s.io/json"

	v1 "k8s.io/api/core/v1"
	daemonutil "k8s.io/kubernetes/pkg/controller/daemon/util"
)

type daemonSetInput struct {
	Tolerations []v1.Toleration `json:"tolerations"`
	HostNetwork bool            `json:"hostNetwork"`
}

func daemonSetAnswer(raw []byte) (any, error) {
	var in daemonSetInput
	if err := sigsjson.UnmarshalCaseSensitivePreserveInts(raw, &in); err != nil {
		return nil, fmt.Errorf("input: %w", err)
	}
	spec := v1.PodSpec{Tolerations: in.Tolerations, HostNetwork: in.HostNetwork}
	daemonutil.AddOrUpdateDaemonPodTolerations(&spec)
	if spec.Tolerations == nil {
		spec.Tolerations = []v1.Toleration{}
	}
	return map[string]any{"tolerations": spec.Tolerations}, nil
}

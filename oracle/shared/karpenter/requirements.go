package main

// karpenterRequirements: a NodePool's requirements and labels (existing) against a pod's (incoming), through
// pkg/scheduling: NewNodeSelectorRequirementsWithMinValues + NewLabelRequirements (as NewNodeClaimTemplate builds a
// pool's), NewPodRequirements (nodeSelector ∧ heaviest preference ∧ required term[0]), then
// Requirements.Compatible(incoming, AllowUndefinedWellKnownLabels) and Requirements.Intersects.
//
// Upstream walks Go maps there: Compatible reports the first undefined key of a map walk, labelHint names the first
// match of a set walk, and Intersects appends one error per key in map order. So one question has several right
// answers; the oracle asks Compatible `tries` times and returns every distinct answer (multierr parts sorted, since
// their order is the map's), and the library's answer must be one of them.

import (
	"fmt"
	"sort"
	"strings"

	"go.uber.org/multierr"
	corev1 "k8s.io/api/core/v1"
	sigsjson "sigs.k8s.io/json"

	v1 "sigs.k8s.io/karpenter/pkg/apis/v1"
	"sigs.k8s.io/karpenter/pkg/scheduling"
)

const tries = 1024

type requirementsInput struct {
	Requirements []v1.NodeSelectorRequirementWithMinValues `json:"requirements"`
	Labels       map[string]string                         `json:"labels"`
	Pod          corev1.Pod                                `json:"pod"`
}

type requirementsOutput struct {
	// Existing and Incoming: Requirement.String() of each key, sorted.
	Existing []string `json:"existing"`
	Incoming []string `json:"incoming"`
	// Compatible: every distinct answer of Compatible ("" when compatible), multierr parts sorted.
	Compatible []string `json:"compatible"`
	// Intersects: Intersects' error parts, sorted (one per key).
	Intersects []string `json:"intersects"`
}

// canonical is an error's text with its multierr parts sorted: the parts' order is a map walk's.
func canonical(err error) string {
	if err == nil {
		return ""
	}
	parts := []string{}
	for _, e := range multierr.Errors(err) {
		parts = append(parts, e.Error())
	}
	sort.Strings(parts)
	return strings.Join(parts, "; ")
}

func strs(rs scheduling.Requirements) []string {
	out := []string{}
	for _, r := range rs {
		out = append(out, r.String())
	}
	sort.Strings(out)
	return out
}

func requirementsAnswer(raw []byte) (any, error) {
	var in requirementsInput
	if err := sigsjson.UnmarshalCaseSensitivePreserveInts(raw, &in); err != nil {
		return nil, fmt.Errorf("input: %w", err)
	}
	existing := scheduling.NewNodeSelectorRequirementsWithMinValues(in.Requirements...)
	existing.Add(scheduling.NewLabelRequirements(in.Labels).Values()...)
	incoming := scheduling.NewPodRequirements(&in.Pod)
	seen := map[string]bool{}
	out := requirementsOutput{Existing: strs(existing), Incoming: strs(incoming), Compatible: []string{}}
	for i := 0; i < tries; i++ {
		c := canonical(existing.Compatible(incoming, scheduling.AllowUndefinedWellKnownLabels))
		if !seen[c] {
			seen[c] = true
			out.Compatible = append(out.Compatible, c)
		}
	}
	sort.Strings(out.Compatible)
	out.Intersects = []string{}
	for _, e := range multierr.Errors(existing.Intersects(incoming)) {
		out.Intersects = append(out.Intersects, e.Error())
	}
	sort.Strings(out.Intersects)
	return out, nil
}

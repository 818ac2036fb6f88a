package main

// labelSelector: metav1.LabelSelectorAsSelector (apimachinery pkg/apis/meta/v1/helpers.go) — its error text, or
// Matches on each label set — and labels.Parse (pkg/labels/selector.go) of a selector string: its error text, or
// Matches on the same label sets. The TypeScript side sends the library's own kubectl-style text of the selector
// (formatSelector), so the second half asks whether that text means to kubectl what the selector means.
// LabelSelectorAsSelector walks matchLabels, a Go map, and returns the first error: with two bad entries either can
// be the answer, so it is asked `tries` times and every distinct error is returned (Errors, sorted).

import (
	"fmt"
	"sort"

	sigsjson "sigs.k8s.io/json"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
)

const tries = 32

type selectorInput struct {
	Selector *metav1.LabelSelector `json:"selector"`
	Labels   []map[string]string   `json:"labels"`
	Text     *string               `json:"text"`
}

type selectorOutput struct {
	Errors      []string `json:"errors,omitempty"`
	Matches     []bool   `json:"matches,omitempty"`
	TextError   string   `json:"textError,omitempty"`
	TextMatches []bool   `json:"textMatches,omitempty"`
}

func selectorAnswer(raw []byte) (any, error) {
	var in selectorInput
	if err := sigsjson.UnmarshalCaseSensitivePreserveInts(raw, &in); err != nil {
		return nil, fmt.Errorf("input: %w", err)
	}
	var out selectorOutput
	seen := map[string]bool{}
	for i := 0; i < tries; i++ {
		if _, err := metav1.LabelSelectorAsSelector(in.Selector); err != nil && !seen[err.Error()] {
			seen[err.Error()] = true
			out.Errors = append(out.Errors, err.Error())
		}
	}
	sort.Strings(out.Errors)
	if s, err := metav1.LabelSelectorAsSelector(in.Selector); err == nil {
		for _, l := range in.Labels {
			out.Matches = append(out.Matches, s.Matches(labels.Set(l)))
		}
	}
	if in.Text != nil {
		if s, err := labels.Parse(*in.Text); err != nil {
			out.TextError = err.Error()
		} else {
			for _, l := range in.Labels {
				out.TextMatches = append(out.TextMatches, s.Matches(labels.Set(l)))
			}
		}
	}
	return out, nil
}

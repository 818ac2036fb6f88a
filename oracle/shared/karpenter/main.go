// The Karpenter oracle: reads one JSON question per line on stdin and writes one JSON answer per line on stdout,
// computed by Karpenter's own packages: the sigs.k8s.io/karpenter that the module linking this file pins
// (oracle/karpenter-<minor>; these files compile unchanged against each). Same protocol as ../main.go.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/go-logr/logr"
	"sigs.k8s.io/controller-runtime/pkg/log"
)

type question struct {
	ID     string          `json:"id"`
	Domain string          `json:"domain"`
	Input  json.RawMessage `json:"input"`
}

type answer struct {
	ID     string `json:"id"`
	Output any    `json:"output,omitempty"`
	Error  string `json:"error,omitempty"`
}

func main() {
	log.SetLogger(logr.Discard())
	ctx := log.IntoContext(context.Background(), logr.Discard())
	validator := newValidateOracle()
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 64<<20)
	out := bufio.NewWriter(os.Stdout)
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	for in.Scan() {
		var q question
		var a answer
		if err := json.Unmarshal(in.Bytes(), &q); err != nil {
			a.Error = "question: " + err.Error()
		} else {
			var err error
			a.ID = q.ID
			a.Output, err = dispatch(ctx, validator, q)
			if err != nil {
				a.Error = err.Error()
			}
		}
		if err := enc.Encode(a); err != nil {
			fmt.Fprintln(os.Stderr, "oracle:", err)
			os.Exit(2)
		}
		out.Flush()
	}
	if err := in.Err(); err != nil {
		fmt.Fprintln(os.Stderr, "oracle: stdin:", err)
		os.Exit(2)
	}
}

func dispatch(ctx context.Context, validator *validateOracle, q question) (any, error) {
	switch q.Domain {
	case "karpenterRequirements":
		return requirementsAnswer(q.Input)
	case "karpenterValidate":
		return validator.answer(ctx, q.Input)
	case "karpenterVolumes":
		return volumesAnswer(ctx, q.Input)
	case "karpenterProvision":
		return provisionAnswer(ctx, q.Input)
	case "version":
		return versionInfo(), nil
	}
	return nil, fmt.Errorf("unknown domain %q", q.Domain)
}

// The oracle for one Kubernetes release: reads one JSON question per line on stdin and writes one JSON answer per line
// on stdout, computed by upstream's own packages (the k8s.io/kubernetes tag and staging modules the module's go.mod
// pins). This file lives once in oracle/shared/ and is linked into every oracle/k8s-<minor>/; what differs by release
// is that module's release.go. See ../README.md.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/go-logr/logr"
	"k8s.io/kubernetes/pkg/capabilities"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/klog/v2"
	_ "k8s.io/kubernetes/pkg/features" // init(): registers the kube feature gates with the release's defaults
)

// question is one line of input; Domain picks the handler, the rest is the domain's own payload.
type question struct {
	ID     string          `json:"id"`
	Domain string          `json:"domain"`
	Input  json.RawMessage `json:"input"`
}

type answer struct {
	ID     string `json:"id"`
	Output any    `json:"output,omitempty"`
	// Error is set when the oracle could not answer (bad input, upstream returned an error status).
	Error string `json:"error,omitempty"`
}

func main() {
	klog.SetLogger(logr.Discard())
	recordPanics()
	// Feature gates are process-wide and captured when the scheduler is built, so they are set once, here (the
	// release's gates, release.go).
	if err := utilfeature.DefaultMutableFeatureGate.SetFromMap(gates); err != nil {
		fmt.Fprintln(os.Stderr, "oracle: feature gates:", err)
		os.Exit(2)
	}
	// The API server of a cluster allows privileged containers: kube-apiserver calls capabilities.Setup with its
	// --allow-privileged flag (cmd/kube-apiserver/app/server.go), which kubeadm's manifest sets to true
	// (cmd/kubeadm/app/phases/controlplane/manifests.go), as kind, k3s and the managed clusters do; left unset, pod
	// validation refuses `privileged: true` ("disallowed by cluster policy"), which no cluster running calico,
	// kube-proxy or a CSI node plugin does (the corpus pass met it: corpus.ts).
	capabilities.Setup(true, 0)
	ctx := klog.NewContext(context.Background(), logr.Discard())
	sched, err := newSchedulingOracle(ctx)
	if err != nil {
		fmt.Fprintln(os.Stderr, "oracle: scheduler:", err)
		os.Exit(2)
	}
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
			a.ID = q.ID
			a.Output, err = dispatch(ctx, sched, q)
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

func dispatch(ctx context.Context, sched *schedulingOracle, q question) (any, error) {
	switch q.Domain {
	case "scheduling", "volumes": // volumes: the scheduling question with storage objects (storage.go)
		return sched.answer(ctx, q.Input)
	case "toleration":
		return tolerationAnswer(ctx, q.Input)
	case "quantity":
		return quantityAnswer(q.Input)
	case "kubectlTaint":
		return kubectlTaintAnswer(q.Input)
	case "create":
		return createAnswer(ctx, q.Input)
	case "updateSelf": // an object read from a cluster, written back unchanged (update_self.go)
		return updateSelfAnswer(ctx, q.Input)
	case "yaml":
		return yamlAnswer(q.Input)
	case "daemonSetTolerations":
		return daemonSetAnswer(q.Input)
	case "taintEviction":
		return evictionAnswer(ctx, q.Input)
	case "nodeConditionTaints":
		return conditionsAnswer(q.Input)
	case "labelSelector":
		return selectorAnswer(q.Input)
	case "evictionApi":
		return evictionAPIAnswer(q.Input)
	case "e2e":
		return sched.e2eAnswer(ctx, q.Input)
	case "preemption": // the scheduling question with priorities and PDBs, through the PostFilter (preemption.go)
		return sched.preemptionAnswer(ctx, q.Input)
	case "schedulerConfig": // the scheduling question under a KubeSchedulerConfiguration's profiles (schedulerconfig.go)
		return schedulerConfigAnswer(ctx, q.Input)
	case "version":
		return versionInfo(), nil
	}
	return nil, fmt.Errorf("unknown domain %q", q.Domain)
}

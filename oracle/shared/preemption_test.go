package main

// The preemption domain on three questions from issue 35 (run with -v to see the texts): a system-node-critical pod
// on full nodes of priority-0 pods is nominated and names its victims; a pod every node's taint rejects gets the
// PostFilter's "Preemption is not helpful for scheduling"; preemptionPolicy Never stops at PodEligibleToPreemptOthers.
// The scheduler's NodeDeclaredFeatures plugin (1.36+) needs the release's version stamped (scripts/oracle.mjs
// versionLdflags): without it the test is skipped there.

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"k8s.io/component-base/version"
)

// preemptionQuestion: nodes a and b (2 cpu each) full of low-priority pods with distinct start times, node c (and with
// taintAll a and b) tainted.
func preemptionQuestion(podSpec string, pdbs string, taintAll bool) string {
	taint := `"taints":[{"key":"dedicated","value":"gpu","effect":"NoSchedule"}]`
	ab := ""
	if taintAll {
		ab = taint
	}
	node := func(name, spec string) string {
		return fmt.Sprintf(`{"metadata":{"name":%q,"labels":{"kubernetes.io/hostname":%q}},"spec":{%s},"status":{"allocatable":{"cpu":"2","memory":"4Gi","pods":"110"}}}`, name, name, spec)
	}
	bound := func(name, node, start string, priority int) string {
		return fmt.Sprintf(`{"metadata":{"name":%q,"namespace":"default","labels":{"app":"web"}},"spec":{"nodeName":%q,"priority":%d,"containers":[{"name":"c","image":"x","resources":{"requests":{"cpu":"1"}}}]},"status":{"phase":"Running","startTime":%q}}`, name, node, priority, start)
	}
	return `{"pod":{"metadata":{"name":"agent","namespace":"default"},"spec":` + podSpec + `},
"nodes":[` + node("a", ab) + `,` + node("b", ab) + `,` + node("c", taint) + `],
"pods":[` + bound("a1", "a", "2026-01-01T00:00:00Z", 0) + `,` + bound("a2", "a", "2026-01-01T00:00:00Z", 0) + `,` +
		bound("b1", "b", "2026-01-02T00:00:00Z", 0) + `,` + bound("b2", "b", "2026-01-01T00:00:00Z", 1000) + `],
"namespaces":[{"metadata":{"name":"default"}}],
"podDisruptionBudgets":` + pdbs + `}`
}

const criticalSpec = `{"priority":2000001000,"priorityClassName":"system-node-critical","containers":[{"name":"c","image":"x","resources":{"requests":{"cpu":"1"}}}]}`

// testSchedulingOracle is the oracle the preemption tests ask; skipped where the binary has no version stamped.
func testSchedulingOracle(t *testing.T) (context.Context, *schedulingOracle) {
	t.Helper()
	ctx := benchContext()
	o, err := newSchedulingOracle(ctx)
	if err != nil && strings.HasPrefix(version.Get().GitVersion, "v0.0.0") {
		t.Skipf("no version stamped (scripts/oracle.mjs versionLdflags), which scheduler.New needs from 1.36: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	return ctx, o
}

func TestPreemptionAnswers(t *testing.T) {
	ctx, o := testSchedulingOracle(t)
	ask := func(name, question string) *preemptionOutput {
		t.Helper()
		out, err := o.preemptionAnswer(ctx, []byte(question))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		text, _ := json.Marshal(out)
		t.Logf("%s (%s): %s", name, version.Get().GitVersion, text)
		return out
	}
	pdb := `[{"metadata":{"name":"web","namespace":"default"},"spec":{"selector":{"matchLabels":{"app":"web"}}},"status":{"disruptionsAllowed":1}}]`

	// (a) the critical pod: a and b are both candidates; b's victims are lower (b1 alone, 0 < a's two 0s by count)
	a := ask("critical", preemptionQuestion(criticalSpec, `[]`, false))
	if a.Preemption == nil || len(a.Preemption.NominatedNodes) == 0 || a.NominatedNode == "" || len(a.Preemption.Candidates) != 2 {
		t.Errorf("critical: want a nomination among 2 candidates, got %+v", a.Preemption)
	}
	// (a') the same with a PDB allowing one disruption of app=web
	ask("critical with PDB", preemptionQuestion(criticalSpec, pdb, false))
	// (a'') a second question on the same scheduler: the asynchronous preemption of the first must be over
	ask("critical again", preemptionQuestion(criticalSpec, `[]`, false))

	// (b) every node tainted: TaintToleration's UnschedulableAndUnresolvable everywhere, no potential node
	b := ask("taint", preemptionQuestion(criticalSpec, `[]`, true))
	if !strings.HasSuffix(b.FitError, "preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.") {
		t.Errorf("taint: %q", b.FitError)
	}

	// (c) preemptionPolicy Never
	never := strings.Replace(criticalSpec, `"priority":`, `"preemptionPolicy":"Never","priority":`, 1)
	c := ask("never", preemptionQuestion(never, `[]`, false))
	if !strings.HasSuffix(c.FitError, "preemption: not eligible due to preemptionPolicy=Never.") || c.NominatedNode != "" {
		t.Errorf("never: %q", c.FitError)
	}
}

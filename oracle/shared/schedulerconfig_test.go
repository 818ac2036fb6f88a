package main

// The schedulerConfig domain on the questions issue 36 names (run with -v to see the answers): a MostAllocated profile
// prefers the fuller node; a `defaultingType: List` DoNotSchedule default constraint rejects a node for a pod a Service
// selects; TaintToleration disabled at filter lets a tainted node pass; a pod naming no profile is answered so; and
// invalid configurations are answered with ValidateKubeSchedulerConfiguration's texts. Skipped without the version
// stamp scheduler.New needs from 1.36 (preemption_test.go).

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"k8s.io/component-base/version"
)

// configQuestion: nodes a and b (2 cpu each; b tainted when taintB), a holding one bound app=web pod of 1 cpu, with
// service a Service selecting app=web (the system default spread then prefers b); the incoming app=web pod asks 500m.
func configQuestion(configuration, schedulerName string, taintB, service bool) string {
	taint := ""
	if taintB {
		taint = `"taints":[{"key":"dedicated","value":"gpu","effect":"NoSchedule"}]`
	}
	node := func(name, spec string) string {
		return fmt.Sprintf(`{"metadata":{"name":%q,"labels":{"kubernetes.io/hostname":%q}},"spec":{%s},"status":{"allocatable":{"cpu":"2","memory":"4Gi","pods":"110"}}}`, name, name, spec)
	}
	sched := ""
	if schedulerName != "" {
		sched = fmt.Sprintf(`"schedulerName":%q,`, schedulerName)
	}
	services := `[]`
	if service {
		services = `[{"metadata":{"name":"web","namespace":"default"},"spec":{"selector":{"app":"web"},"ports":[{"port":80}]}}]`
	}
	return `{"pod":{"metadata":{"name":"p","namespace":"default","labels":{"app":"web"}},"spec":{` + sched + `"containers":[{"name":"c","image":"x","resources":{"requests":{"cpu":"500m"}}}]}},
"nodes":[` + node("a", "") + `,` + node("b", taint) + `],
"pods":[{"metadata":{"name":"a1","namespace":"default","labels":{"app":"web"}},"spec":{"nodeName":"a","containers":[{"name":"c","image":"x","resources":{"requests":{"cpu":"1"}}}]},"status":{"phase":"Running"}}],
"namespaces":[{"metadata":{"name":"default","labels":{"kubernetes.io/metadata.name":"default"}}}],
"services":` + services + `,
"configuration":` + configuration + `}`
}

func profiles(ps ...string) string {
	return `{"apiVersion":"kubescheduler.config.k8s.io/v1","kind":"KubeSchedulerConfiguration","profiles":[` + strings.Join(ps, ",") + `]}`
}

const mostAllocated = `{"schedulerName":"default-scheduler","pluginConfig":[{"name":"NodeResourcesFit","args":{"scoringStrategy":{"type":"MostAllocated","resources":[{"name":"cpu","weight":1},{"name":"memory","weight":1}]}}}]}`

func TestSchedulerConfigAnswers(t *testing.T) {
	ctx := benchContext()
	if _, err := newSchedulingOracle(ctx); err != nil && strings.HasPrefix(version.Get().GitVersion, "v0.0.0") {
		t.Skipf("no version stamped (scripts/oracle.mjs versionLdflags), which scheduler.New needs from 1.36: %v", err)
	}
	ask := func(name, question string) *schedulerConfigOutput {
		t.Helper()
		out, err := schedulerConfigAnswer(ctx, []byte(question))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		text, _ := json.Marshal(out)
		t.Logf("%s (%s): %s", name, version.Get().GitVersion, text)
		return out
	}

	// MostAllocated (the bin-packing strategy): a, the fuller node, scores higher on NodeResourcesFit and is the top
	// (no Service: the system default spread would prefer b by more)
	most := ask("MostAllocated", configQuestion(profiles(mostAllocated), "", false, false))
	if most.schedulingOutput == nil || !reflect.DeepEqual(most.Top, []string{"a"}) {
		t.Errorf("MostAllocated: want top [a], got %+v", most.schedulingOutput)
	}
	least := ask("LeastAllocated (defaults)", configQuestion(profiles(`{"schedulerName":"default-scheduler"}`), "", false, false))
	if least.schedulingOutput == nil || !reflect.DeepEqual(least.Top, []string{"b"}) {
		t.Errorf("LeastAllocated: want top [b], got %+v", least.schedulingOutput)
	}

	// a List default constraint, DoNotSchedule by hostname: a holds the one app=web pod, b none; the pod fits only b
	spread := `{"schedulerName":"default-scheduler","pluginConfig":[{"name":"PodTopologySpread","args":{"defaultingType":"List","defaultConstraints":[{"maxSkew":1,"topologyKey":"kubernetes.io/hostname","whenUnsatisfiable":"DoNotSchedule"}]}}]}`
	// with maxSkew 1 and counts a=1, b=0 the pod on a makes skew 2: rejected there
	s := ask("List DoNotSchedule", configQuestion(profiles(spread), "", false, true))
	if s.schedulingOutput == nil || !reflect.DeepEqual(s.Feasible, []string{"b"}) || s.Nodes[0].Plugin != "PodTopologySpread" {
		t.Errorf("List DoNotSchedule: want only b feasible, a rejected by PodTopologySpread, got %+v", s.schedulingOutput)
	}

	// TaintToleration disabled at filter: the tainted b is feasible
	noTaint := `{"schedulerName":"default-scheduler","plugins":{"filter":{"disabled":[{"name":"TaintToleration"}]}}}`
	nt := ask("TaintToleration disabled", configQuestion(profiles(noTaint), "", true, false))
	if nt.schedulingOutput == nil || !reflect.DeepEqual(nt.Feasible, []string{"a", "b"}) {
		t.Errorf("TaintToleration disabled: want a and b feasible, got %+v", nt.schedulingOutput)
	}
	tainted := ask("TaintToleration enabled", configQuestion(profiles(`{"schedulerName":"default-scheduler"}`), "", true, false))
	if tainted.schedulingOutput == nil || !reflect.DeepEqual(tainted.Feasible, []string{"a"}) {
		t.Errorf("TaintToleration enabled: want a feasible, got %+v", tainted.schedulingOutput)
	}

	// two profiles: the pod naming the second is answered by it; a name no profile has is answered so
	two := profiles(`{"schedulerName":"default-scheduler"}`, strings.Replace(mostAllocated, `"default-scheduler"`, `"bin-packing"`, 1))
	if bp := ask("bin-packing profile", configQuestion(two, "bin-packing", false, false)); bp.schedulingOutput == nil || !reflect.DeepEqual(bp.Top, []string{"a"}) {
		t.Errorf("bin-packing: want top [a], got %+v", bp)
	}
	if none := ask("no profile", configQuestion(two, "other", false, false)); none.NoProfile != "other" || none.schedulingOutput != nil {
		t.Errorf("no profile: %+v", none)
	}

	// invalid configurations: upstream's validation texts (validation.go, validation_pluginargs.go)
	invalid := map[string]string{
		// refused by scheduler.New, not by validation: "total score of Score plugins could overflow" (1.37)
		"negative weight":         profiles(`{"schedulerName":"default-scheduler","plugins":{"score":{"enabled":[{"name":"NodeResourcesFit","weight":-1}]}}}`),
		"System with constraints": profiles(`{"schedulerName":"default-scheduler","pluginConfig":[{"name":"PodTopologySpread","args":{"defaultingType":"System","defaultConstraints":[{"maxSkew":1,"topologyKey":"zone","whenUnsatisfiable":"ScheduleAnyway"}]}}]}`),
		"bad shape":               profiles(`{"schedulerName":"default-scheduler","pluginConfig":[{"name":"NodeResourcesFit","args":{"scoringStrategy":{"type":"RequestedToCapacityRatio","resources":[{"name":"cpu","weight":1}],"requestedToCapacityRatio":{"shape":[{"utilization":50,"score":5},{"utilization":10,"score":1}]}}}}]}`),
		"duplicate name":          profiles(`{"schedulerName":"a"}`, `{"schedulerName":"a"}`),
	}
	for name, cfg := range invalid {
		if out := ask(name, configQuestion(cfg, "", false, false)); len(out.Invalid) == 0 && out.NewError == "" {
			t.Errorf("%s: want it refused, got %+v", name, out)
		}
	}
}

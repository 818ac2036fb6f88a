package main

// How to drive the scheduler, measured: `go test -run XXX -bench . -benchtime 200x`. BenchmarkNewScheduler is the
// cost the recipe's "scheduler.New per question" route would pay on every question; BenchmarkAnswer is one question
// answered on the long-lived scheduler (load into its cache, probe, SchedulePod).

import (
	"context"
	"testing"

	"github.com/go-logr/logr"
	"k8s.io/klog/v2"
)

const benchQuestion = `{"pod":{"metadata":{"name":"p"},"spec":{"containers":[{"name":"c","image":"x","resources":{"requests":{"cpu":"1"}}}],"topologySpreadConstraints":[{"maxSkew":1,"topologyKey":"kubernetes.io/hostname","whenUnsatisfiable":"ScheduleAnyway","labelSelector":{"matchLabels":{"app":"a"}}}]}},
"nodes":[{"metadata":{"name":"a","labels":{"kubernetes.io/hostname":"a"}},"status":{"allocatable":{"cpu":"2","memory":"4Gi","pods":"110"}}},
{"metadata":{"name":"b","labels":{"kubernetes.io/hostname":"b"}},"status":{"allocatable":{"cpu":"4","memory":"4Gi","pods":"110"}}},
{"metadata":{"name":"c","labels":{"kubernetes.io/hostname":"c"}},"spec":{"taints":[{"key":"k","effect":"NoSchedule"}]},"status":{"allocatable":{"cpu":"4","memory":"4Gi","pods":"110"}}}],
"pods":[{"metadata":{"name":"e","labels":{"app":"a"}},"spec":{"nodeName":"a","containers":[{"name":"c","image":"x"}]}}]}`

func benchContext() context.Context {
	klog.SetLogger(logr.Discard())
	return klog.NewContext(context.Background(), logr.Discard())
}

func BenchmarkNewScheduler(b *testing.B) {
	ctx := benchContext()
	for i := 0; i < b.N; i++ {
		c, cancel := context.WithCancel(ctx)
		if _, err := newSchedulingOracle(c); err != nil {
			b.Fatal(err)
		}
		cancel()
	}
}

func BenchmarkAnswer(b *testing.B) {
	ctx := benchContext()
	o, err := newSchedulingOracle(ctx)
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		if _, err := o.answer(ctx, []byte(benchQuestion)); err != nil {
			b.Fatal(err)
		}
	}
}

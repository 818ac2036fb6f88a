// What the Kubernetes 1.35 oracle (k8s.io/kubernetes v1.35.4, pinned in go.mod) does differently from the other
// releases: its feature gates and the upstream signatures that moved. Every other file of the module is a link into
// ../shared/ (see ../README.md, "Layout").
package main

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/client-go/informers"
	clientset "k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/events"
	"k8s.io/klog/v2"
	fwk "k8s.io/kube-scheduler/framework"
	api "k8s.io/kubernetes/pkg/apis/core"
	v1helper "k8s.io/kubernetes/pkg/apis/core/v1/helper"
	"k8s.io/kubernetes/pkg/controller/daemon"
	"k8s.io/kubernetes/pkg/scheduler"
	"k8s.io/kubernetes/pkg/scheduler/framework"
	"k8s.io/kubernetes/pkg/scheduler/framework/plugins/defaultpreemption"
	"k8s.io/kubernetes/pkg/scheduler/framework/preemption"
	"k8s.io/kubernetes/pkg/scheduler/profile"
	"k8s.io/kubernetes/plugin/pkg/admission/defaulttolerationseconds"
)

// Feature gates are set once, in main. OpportunisticBatching (beta, on in 1.35) reuses a previous cycle's result for
// pods of the same signature: the questions are independent clusters, so a hint from the previous question must not
// leak into the next.
var gates = map[string]bool{"OpportunisticBatching": false}

// observedGates are the 1.35 gates whose defaults decide what the generated questions meet (read at v1.35.4
// pkg/features/kube_features.go): reported by the version answer, not set.
var observedGates = []string{
	"PodLevelResources",                  // beta, on from 1.34: spec.resources replaces the containers' sum
	"DynamicResourceAllocation",          // GA, locked on: the DynamicResources plugin is in the default profile
	"DRAExtendedResource",                // alpha, off
	"ContainerRestartRules",              // beta, on from 1.35: restartPolicy on regular containers is accepted
	"NodeDeclaredFeatures",               // alpha, off: no NodeDeclaredFeatures plugin in the default profile
	"StorageCapacityScoring",             // alpha, off
	"TaintTolerationComparisonOperators", // alpha, off: Gt/Lt never match in the scheduler
}

// The scheduler framework's types, in k8s.io/kube-scheduler/framework from 1.34.
type nodeInfo = fwk.NodeInfo
type status = fwk.Status

const unschedulableAndUnresolvable, errorCode = fwk.UnschedulableAndUnresolvable, fwk.Error

var newStatus = fwk.NewStatus

// newInformerFactory: NewInformerFactory takes an informer name only from 1.37.
func newInformerFactory(client clientset.Interface) informers.SharedInformerFactory {
	return scheduler.NewInformerFactory(client, 0)
}

// recorderFactory: the profile's recorder factory returns an events.EventRecorder (an EventRecorderLogger from 1.36).
func recorderFactory() profile.RecorderFactory {
	recorder := events.NewFakeRecorder(0)
	return profile.RecorderFactory(func(string) events.EventRecorder { return recorder })
}

// schedulePod: SchedulePod takes the pod (the queue's *framework.QueuedPodInfo from 1.36).
func schedulePod(ctx context.Context, sched *scheduler.Scheduler, fw framework.Framework, state *framework.CycleState, pod *v1.Pod) (scheduler.ScheduleResult, error) {
	return sched.SchedulePod(ctx, fw, state, pod)
}

// newDefaultTolerationSeconds: the plugin as the API server's admission chain initialises it (InspectFeatureGates
// from 1.34).
func newDefaultTolerationSeconds() *defaulttolerationseconds.Plugin {
	p := defaulttolerationseconds.NewDefaultTolerationSeconds()
	p.InspectFeatureGates(utilfeature.DefaultFeatureGate)
	return p
}

// prepareForCreate: nothing before 1.37 (pod-level resources are defaulted in SetObjectDefaults_Pod).
func prepareForCreate(*api.Pod) {}

// ToleratesTaint, GetMatchingTolerations and NodeShouldRunDaemonPod take a logger from 1.35, and ToleratesTaint the
// comparison-operators switch (the TaintTolerationComparisonOperators gate, alpha, off by default).
func toleratesTaint(ctx context.Context, t *v1.Toleration, taint *v1.Taint, comparisonOperators bool) bool {
	return t.ToleratesTaint(klog.FromContext(ctx), taint, comparisonOperators)
}

func getMatchingTolerations(logger klog.Logger, taints []v1.Taint, tolerations []v1.Toleration) (bool, []v1.Toleration) {
	return v1helper.GetMatchingTolerations(logger, taints, tolerations)
}

// nodeShouldRunDaemonPod: does the DaemonSet controller make a pod for this node (daemon_controller.go).
func nodeShouldRunDaemonPod(ctx context.Context, node *v1.Node, ds *appsv1.DaemonSet) bool {
	run, _ := daemon.NodeShouldRunDaemonPod(klog.FromContext(ctx), node, ds)
	return run
}

// unschedulableCode is the Unschedulable status code (preemption.go: findCandidates' potential nodes).
const unschedulableCode = fwk.Unschedulable

// hookPreemption replaces DefaultPreemption's API calls for each victim (Evaluator.PreemptPod up to 1.35) by record,
// and returns whether the plugin still runs an asynchronous preemption for a pod (Evaluator.IsPodRunningPreemption).
func hookPreemption(pl *defaultpreemption.DefaultPreemption, record func(victim *v1.Pod)) func(types.UID) bool {
	pl.Evaluator.PreemptPod = func(_ context.Context, _ preemption.Candidate, _, victim *v1.Pod, _ string) error {
		record(victim)
		return nil
	}
	return pl.Evaluator.IsPodRunningPreemption
}

// queueAdd and queueDelete: the scheduling queue's Add takes a logger up to 1.35 (a context from 1.36), its Delete no
// logger up to 1.36.
func queueAdd(ctx context.Context, sched *scheduler.Scheduler, pod *v1.Pod) {
	sched.SchedulingQueue.Add(klog.FromContext(ctx), pod)
}

func queueDelete(_ context.Context, sched *scheduler.Scheduler, pod *v1.Pod) {
	sched.SchedulingQueue.Delete(pod)
}

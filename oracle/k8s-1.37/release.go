// What the Kubernetes 1.37 oracle (k8s.io/kubernetes v1.37.2, pinned in go.mod) does differently from the other
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
	podutil "k8s.io/kubernetes/pkg/api/pod"
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

// Feature gates are set once, in main. OpportunisticBatching (beta, on since 1.35, still on at 1.37.2) reuses a
// previous cycle's result for pods of the same signature: the questions are independent clusters, so a hint from the
// previous question must not leak into the next. Every other gate keeps its 1.37 default.
var gates = map[string]bool{"OpportunisticBatching": false}

// observedGates are the 1.37 gates whose defaults decide what the generated questions meet (read at v1.37.2
// pkg/features/kube_features.go): reported by the version answer, not set.
var observedGates = []string{
	"NodeDeclaredFeatures",                         // GA, locked on: the NodeDeclaredFeatures plugin is in the default profile
	"DRAExtendedResource",                          // GA, locked on: extended resources a DeviceClass maps go to DRA
	"DynamicResourceAllocation",                    // GA: the DynamicResources plugin is in the default profile
	"StorageCapacityScoring",                       // beta, on from 1.37: VolumeBinding scores (the volumes domain compares it)
	"GenericWorkload",                              // beta, off: no GangScheduling plugin
	"TopologyAwareWorkloadScheduling",              // alpha, off
	"InPlacePodVerticalScalingSchedulerPreemption", // alpha, off: no DeferredPodScheduling plugin
	"InterPodAffinityHostnameFastPath",             // alpha, off
	"TaintTolerationComparisonOperators",           // alpha, off: Gt/Lt never match in the scheduler
}

// The scheduler framework's types, in k8s.io/kube-scheduler/framework from 1.34.
type nodeInfo = fwk.NodeInfo
type status = fwk.Status

const unschedulableAndUnresolvable, errorCode = fwk.UnschedulableAndUnresolvable, fwk.Error

var newStatus = fwk.NewStatus

// newInformerFactory: from 1.37 NewInformerFactory takes an informer name (nil: the informers are never started).
func newInformerFactory(client clientset.Interface) informers.SharedInformerFactory {
	return scheduler.NewInformerFactory(client, 0, nil)
}

// recorderFactory: the profile's recorder factory returns an events.EventRecorderLogger (from 1.36).
func recorderFactory() profile.RecorderFactory {
	recorder := events.NewFakeRecorder(0)
	return profile.RecorderFactory(func(string) events.EventRecorderLogger { return recorder })
}

// schedulePod: from 1.36 SchedulePod takes the queue's *framework.QueuedPodInfo instead of the pod.
func schedulePod(ctx context.Context, sched *scheduler.Scheduler, fw framework.Framework, state *framework.CycleState, pod *v1.Pod) (scheduler.ScheduleResult, error) {
	podInfo, err := framework.NewPodInfo(pod)
	if err != nil {
		return scheduler.ScheduleResult{}, err
	}
	// what the scheduling queue hands scheduleOne (PodSignature stays nil: OpportunisticBatching is off)
	return sched.SchedulePod(ctx, fw, state, &framework.QueuedPodInfo{PodInfo: podInfo})
}

// newDefaultTolerationSeconds: the plugin as the API server's admission chain initialises it (InspectFeatureGates
// from 1.34).
func newDefaultTolerationSeconds() *defaulttolerationseconds.Plugin {
	p := defaulttolerationseconds.NewDefaultTolerationSeconds()
	p.InspectFeatureGates(utilfeature.DefaultFeatureGate)
	return p
}

// prepareForCreate is what the pod strategy's PrepareForCreate (pkg/registry/core/pod/strategy.go) does after admission
// that admitPod models: with PodLevelResourcesFixDefaulting (beta, on from 1.37) the pod-level requests and limits are
// defaulted here instead of in SetObjectDefaults_Pod.
func prepareForCreate(pod *api.Pod) {
	podutil.DefaultPodLevelResources(pod)
}

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

// hookPreemption replaces DefaultPreemption's API calls for each victim (the Executor's PreemptPod, which from 1.37
// also says whether it preempted in the scheduler's memory: never here) by record, and returns whether the plugin
// still runs an asynchronous preemption for a pod (Executor.IsPodRunningPreemption).
func hookPreemption(pl *defaultpreemption.DefaultPreemption, record func(victim *v1.Pod)) func(types.UID) bool {
	pl.Executor.PreemptPod = func(_ context.Context, _ preemption.Candidate, _ preemption.ExecutorPreemptor, victim *v1.Pod, _ string) (bool, error) {
		record(victim)
		return false, nil
	}
	return pl.Executor.IsPodRunningPreemption
}

// queueAdd and queueDelete: the scheduling queue's Add takes a context from 1.36, its Delete a logger from 1.37.
func queueAdd(ctx context.Context, sched *scheduler.Scheduler, pod *v1.Pod) {
	sched.SchedulingQueue.Add(ctx, pod)
}

func queueDelete(ctx context.Context, sched *scheduler.Scheduler, pod *v1.Pod) {
	sched.SchedulingQueue.Delete(klog.FromContext(ctx), pod)
}

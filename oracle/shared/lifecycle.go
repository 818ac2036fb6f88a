package main

// The node lifecycle controller's own code over the question's nodes (pkg/controller/nodelifecycle): a real
// Controller from NewNodeLifecycleController on a fake clientset, and its passes called as Run calls them. The
// passes are unexported methods; they are reached through //go:linkname (not copied), so the code that runs is the
// tag's (TestLinknamesMatchTheTag checks the declared signatures against the tag's source).
//
// What Run does, step by step, without its timers: the node informer's Add handler queues every node for
// doNodeProcessingPassWorker (doNoScheduleTaintingPass, then reconcileNodeLabels); monitorNodeHealth observes the
// nodes (a node that never posted a Ready condition is past its startup grace period, measured from its
// creationTimestamp, and gets Ready=Unknown written back; its Update event queues it again), marks NotReady and
// unreachable nodes for NoExecute tainting and sets each zone's rate limiter from its disruption state
// (handleDisruption: a small zone in partial disruption stops tainting, every zone fully disrupted removes the
// NoExecute taints); doNoExecuteTaintingPass taints what is marked. The passes are repeated until the nodes stop
// changing: the controller's steady state after a (re)start with these nodes. The eviction rate is set high so that
// the token bucket lets every marked node through at once: that is time passing, not another decision (a zone whose
// limiter handleDisruption set to 0 stays untainted).

import (
	"context"
	"fmt"
	"reflect"
	"time"
	"unsafe"

	v1 "k8s.io/api/core/v1"
	apiequality "k8s.io/apimachinery/pkg/api/equality"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes/fake"
	"k8s.io/kubernetes/pkg/controller/nodelifecycle"
)

//go:linkname doNoScheduleTaintingPass k8s.io/kubernetes/pkg/controller/nodelifecycle.(*Controller).doNoScheduleTaintingPass
func doNoScheduleTaintingPass(nc *nodelifecycle.Controller, ctx context.Context, nodeName string) error

//go:linkname reconcileNodeLabels k8s.io/kubernetes/pkg/controller/nodelifecycle.(*Controller).reconcileNodeLabels
func reconcileNodeLabels(nc *nodelifecycle.Controller, ctx context.Context, nodeName string) error

//go:linkname monitorNodeHealth k8s.io/kubernetes/pkg/controller/nodelifecycle.(*Controller).monitorNodeHealth
func monitorNodeHealth(nc *nodelifecycle.Controller, ctx context.Context) error

//go:linkname doNoExecuteTaintingPass k8s.io/kubernetes/pkg/controller/nodelifecycle.(*Controller).doNoExecuteTaintingPass
func doNoExecuteTaintingPass(nc *nodelifecycle.Controller, ctx context.Context)

// kube-controller-manager's defaults (cmd/kube-controller-manager/app/options/nodelifecyclecontroller.go), but for
// the eviction rates (see above).
const (
	nodeMonitorPeriod      = 5 * time.Second
	nodeStartupGracePeriod = time.Minute
	nodeMonitorGracePeriod = 50 * time.Second
	largeClusterThreshold  = 50
	unhealthyZoneThreshold = 0.55
	evictionQPS            = 1e9
	lifecycleRounds        = 8
)

// reconcileNodes returns the nodes as the node lifecycle controller leaves them (spec.taints, conditions, labels),
// in the input's order.
func reconcileNodes(ctx context.Context, nodes []*v1.Node) ([]*v1.Node, error) {
	ctx, cancel := context.WithCancel(ctx) // the event broadcaster stops with the context
	defer cancel()
	objects := make([]runtime.Object, len(nodes))
	for i, n := range nodes {
		objects[i] = n.DeepCopy()
	}
	// the plain object tracker: the field-managed one (NewClientset) builds a REST mapper on every patch
	client := fake.NewSimpleClientset(objects...) //nolint:staticcheck // SA1019: deprecated for the field management this does not need
	factory := informers.NewSharedInformerFactory(client, 0)
	nc, err := nodelifecycle.NewNodeLifecycleController(ctx, factory.Coordination().V1().Leases(), factory.Core().V1().Pods(),
		factory.Core().V1().Nodes(), factory.Apps().V1().DaemonSets(), client, nodeMonitorPeriod, nodeStartupGracePeriod,
		nodeMonitorGracePeriod, evictionQPS, evictionQPS, largeClusterThreshold, unhealthyZoneThreshold)
	if err != nil {
		return nil, err
	}
	defer shutDownQueues(nc)
	// the informers are not started: the node store is filled from the client as a watch would
	store := factory.Core().V1().Nodes().Informer().GetStore()
	current := func() ([]*v1.Node, error) {
		out := make([]*v1.Node, len(nodes))
		for i, n := range nodes {
			got, err := client.CoreV1().Nodes().Get(ctx, n.Name, metav1.GetOptions{})
			if err != nil {
				return nil, err
			}
			out[i] = got
			if err := store.Update(got); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	before, err := current()
	if err != nil {
		return nil, err
	}
	// doNodeProcessingPassWorker's pass over every queued node (each node at the start, then the ones monitorNodeHealth wrote)
	noSchedulePasses := func() error {
		for _, n := range nodes {
			if err := doNoScheduleTaintingPass(nc, ctx, n.Name); err != nil {
				return fmt.Errorf("doNoScheduleTaintingPass %s: %w", n.Name, err)
			}
			if err := reconcileNodeLabels(nc, ctx, n.Name); err != nil {
				return fmt.Errorf("reconcileNodeLabels %s: %w", n.Name, err)
			}
		}
		_, err := current()
		return err
	}
	for round := 0; round < lifecycleRounds; round++ {
		if err := noSchedulePasses(); err != nil {
			return nil, err
		}
		if err := monitorNodeHealth(nc, ctx); err != nil {
			return nil, fmt.Errorf("monitorNodeHealth: %w", err)
		}
		// the Update events of what monitorNodeHealth wrote come back to the worker before the next 100 ms tick of
		// doNoExecuteTaintingPass
		if err := noSchedulePasses(); err != nil {
			return nil, err
		}
		doNoExecuteTaintingPass(nc, ctx)
		after, err := current()
		if err != nil {
			return nil, err
		}
		if apiequality.Semantic.DeepEqual(before, after) && round > 0 {
			return after, nil
		}
		before = after
	}
	return nil, fmt.Errorf("the node lifecycle controller did not settle in %d rounds", lifecycleRounds)
}

// shutDownQueues stops the work queues NewNodeLifecycleController made (Run would on return): the rate-limited pod
// queue runs a goroutine of its own, one per controller, one controller per question. The fields are unexported.
func shutDownQueues(nc *nodelifecycle.Controller) {
	v := reflect.ValueOf(nc).Elem()
	for _, name := range []string{"nodeUpdateQueue", "podUpdateQueue"} {
		f := v.FieldByName(name)
		if q, ok := reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem().Interface().(interface{ ShutDown() }); ok {
			q.ShutDown()
		}
	}
}

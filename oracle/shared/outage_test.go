//go:build go1.25

// (go1.25: synctest.Test and sync.WaitGroup.Go; the constraint sets this file's language version in the 1.33 and 1.34
// modules, whose go.mod says go 1.24.0, so that go vet accepts them)

package main

// The outageTimeline domain (test/oracle/outage.ts): upstream's real NodeLifecycleController
// (pkg/controller/nodelifecycle) and taint eviction Controller (pkg/controller/tainteviction), unmodified, run against a
// fake clientset with shared informers inside a testing/synctest bubble, so that their clocks (metav1.Now, time.Now,
// the rate limiters' and workqueues' timers, AfterFunc) are virtual: hours of controller time take milliseconds.
//
// synctest.Test needs a *testing.T, so this answer is a test binary (`go test -c -o bin/oracle-outage`, built by
// scripts/oracle.mjs beside bin/oracle): TestOutageOracle speaks the oracle's line protocol on stdin/stdout when
// ORACLE_OUTAGE=1, and skips under a plain `go test ./...`.
//
// The timeline of one question (T0 = the bubble's start; every object is created at T0):
//   - the controllers start at T0 with kube-controller-manager's defaults: --node-monitor-period 5 s,
//     --node-startup-grace-period 60 s, --node-eviction-rate 0.1, --secondary-node-eviction-rate 0.01,
//     --large-cluster-size-threshold 50, --unhealthy-zone-threshold 0.55, and --node-monitor-grace-period (the input's,
//     50 s by default) less passDrift (below); the taint eviction controller as a separate controller
//     (SeparateTaintEvictionController, on at every release modelled). Monitor passes fall on T0 + 5k s and tainting
//     passes (NodeEvictionPeriod) on T0 + 0.1k s.
//   - a kubelet per node renews its Lease every 10 s at T0 + 2.5 + 10j s (off the passes' grid, so no pass and renewal
//     share an instant).
//   - the failure: unreachable, the failed nodes' kubelets renew for the last time at T0 + 62.5 s, and the monitor pass
//     at O = T0 + 65 s is the last to see them alive; notReady, they post Ready=False at O - 1 ms (their NoSchedule
//     taint follows at once, on the node's update) and keep renewing, and the pass at O is the first to see it. O is
//     second 0 of the answer, the instant the library's model calls the failure (every failed node stops at once and
//     is seen at once).
//   - passDrift: in a cluster each monitor pass takes time (milliseconds), and the next starts --node-monitor-period
//     after it ends (wait.UntilWithContext, sliding), so the pass 50 s after the probe is strictly after
//     probeTimestamp + grace and sets Ready=Unknown. In the bubble a pass takes no time, the tie `now.After(probe +
//     grace)` fails and Unknown would wait one more pass (55 s). The grace period given to the controller is the
//     input's less 1 ms: the limit of a real cluster's drift, not a tolerance (the answer stays a virtual instant).
//
// Output, in seconds after O (rounded to the millisecond): per node the first instant each taint (key:effect)
// appears, per pod the instant the taint eviction controller deletes it (absent: never, within the horizon).

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"os"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/go-logr/logr"
	coordinationv1 "k8s.io/api/coordination/v1"
	v1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/client-go/informers"
	clientset "k8s.io/client-go/kubernetes"
	"k8s.io/client-go/kubernetes/fake"
	"k8s.io/client-go/kubernetes/scheme"
	corev1client "k8s.io/client-go/kubernetes/typed/core/v1"
	"k8s.io/client-go/rest"
	restfake "k8s.io/client-go/rest/fake"
	clienttesting "k8s.io/client-go/testing"
	"k8s.io/client-go/tools/cache"
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/pkg/controller/nodelifecycle"
	"k8s.io/kubernetes/pkg/controller/tainteviction"
	"k8s.io/utils/ptr"
)

type outageInput struct {
	Nodes []*v1.Node `json:"nodes"`
	// Pods bound by spec.nodeName, as written (admitted here: defaulting and DefaultTolerationSeconds).
	Pods []*v1.Pod `json:"pods"`
	// Failed node names.
	Failed []string `json:"failed"`
	// unreachable (the kubelet stops) or notReady (it posts Ready=False and keeps its Lease).
	Condition string `json:"condition"`
	// Seconds after the failure to run (default 1000; the run goes one second further).
	Horizon float64 `json:"horizon"`
	// --node-monitor-grace-period in seconds (default 50).
	GracePeriod float64 `json:"gracePeriod"`
}

type outageOutput struct {
	// node -> "key:effect" -> second it first appears
	Taints map[string]map[string]float64 `json:"taints"`
	// pod name -> second deleted (pods never deleted are absent)
	Deleted map[string]float64 `json:"deleted"`
}

const (
	passDrift      = time.Millisecond
	apiLatency     = time.Millisecond
	failureAt      = 65*time.Second + apiLatency // O: the monitor pass that last sees the failed kubelets (see the clock node)
	clockNode      = "oracle-outage-clock"
	lastRenewal    = 62.5 * 1000      // R, in ms after T0
	renewPeriod    = 10 * time.Second // nodeLeaseRenewIntervalFraction 0.25 × 40 s
	renewPhase     = 2500 * time.Millisecond
	defaultHorizon = 1000.0
)

// eventSink answers the node lifecycle controller's event POSTs (it records through CoreV1().RESTClient(), which the
// fake clientset leaves nil): 201 with the event written back.
var eventSink = &restfake.RESTClient{
	NegotiatedSerializer: scheme.Codecs.WithoutConversion(),
	Client: restfake.CreateHTTPClient(func(r *http.Request) (*http.Response, error) {
		body, _ := io.ReadAll(r.Body)
		h := http.Header{}
		h.Set("Content-Type", runtime.ContentTypeJSON)
		return &http.Response{StatusCode: http.StatusCreated, Header: h, Body: io.NopCloser(bytes.NewReader(body))}, nil
	}),
}

type outageClient struct{ *fake.Clientset }
type outageCore struct{ corev1client.CoreV1Interface }

func (c outageClient) CoreV1() corev1client.CoreV1Interface { return outageCore{c.Clientset.CoreV1()} }
func (outageCore) RESTClient() rest.Interface               { return eventSink }
func (c outageCore) Nodes() corev1client.NodeInterface      { return outageNodes{c.CoreV1Interface.Nodes()} }

// outageNodes: a status write of Ready=Unknown (the node lifecycle controller's) takes apiLatency, slept before the
// fake's call (a sleep inside a reactor holds the fake's Invokes lock, and goroutines waiting on a sync.Mutex are not
// durably blocked: the bubble deadlocks). Without it the tainting pass that shares the monitor pass's instant may read
// the node lister before the informer has the write: it still reads Ready=True, drops the node from the queue, spends
// the zone's token, and the taint comes 10 s later (60 s instead of 50.1 s, 3 to 13 times in 20 in the bubble); with
// it every queue entry and handleDisruption are done before the next tainting pass, as in a cluster, where that race
// needs the pass to fall inside the write's round trip.
type outageNodes struct{ corev1client.NodeInterface }

func (n outageNodes) UpdateStatus(ctx context.Context, node *v1.Node, opts metav1.UpdateOptions) (*v1.Node, error) {
	for _, c := range node.Status.Conditions {
		if c.Type == v1.NodeReady && c.Status == v1.ConditionUnknown {
			time.Sleep(apiLatency)
		}
	}
	return n.NodeInterface.UpdateStatus(ctx, node, opts)
}

var _ clientset.Interface = outageClient{}

func TestOutageOracle(t *testing.T) {
	if os.Getenv("ORACLE_OUTAGE") != "1" {
		t.Skip("the outage oracle answers on stdin/stdout with ORACLE_OUTAGE=1 (bin/oracle-outage)")
	}
	klog.SetLogger(logr.Discard())
	if err := utilfeature.DefaultMutableFeatureGate.SetFromMap(gates); err != nil {
		fmt.Fprintln(os.Stderr, "oracle-outage: feature gates:", err)
		os.Exit(2)
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 64<<20), 64<<20)
	enc := json.NewEncoder(os.Stdout)
	enc.SetEscapeHTML(false)
	// the answers own stdout: the test framework's own lines (PASS) go to stderr
	os.Stdout = os.Stderr
	for in.Scan() {
		var q struct {
			ID     string          `json:"id"`
			Domain string          `json:"domain"`
			Input  json.RawMessage `json:"input"`
		}
		if err := json.Unmarshal(in.Bytes(), &q); err != nil {
			_ = enc.Encode(map[string]string{"id": "", "error": err.Error()})
			continue
		}
		var out any
		var err error
		switch q.Domain {
		case "version":
			out = versionInfo()
		case "outageTimeline":
			out, err = outageAnswer(t, q.Input)
		default:
			err = fmt.Errorf("unknown domain %q (bin/oracle-outage answers outageTimeline)", q.Domain)
		}
		if err != nil {
			_ = enc.Encode(map[string]string{"id": q.ID, "error": err.Error()})
		} else {
			_ = enc.Encode(map[string]any{"id": q.ID, "output": out})
		}
	}
}

func outageAnswer(t *testing.T, raw json.RawMessage) (out *outageOutput, err error) {
	var input outageInput
	if err := json.Unmarshal(raw, &input); err != nil {
		return nil, err
	}
	if input.Horizon <= 0 {
		input.Horizon = defaultHorizon
	}
	if input.GracePeriod <= 0 {
		input.GracePeriod = 50
	}
	if input.Condition == "" {
		input.Condition = "unreachable"
	}
	if input.Condition != "unreachable" && input.Condition != "notReady" {
		return nil, fmt.Errorf("condition %q: unreachable or notReady", input.Condition)
	}
	ok := t.Run("outage", func(t *testing.T) {
		synctest.Test(t, func(t *testing.T) {
			out, err = runOutage(t, &input)
		})
	})
	if !ok && err == nil {
		err = fmt.Errorf("the synctest bubble failed (deadlock or leaked goroutine)")
	}
	return out, err
}

func runOutage(t *testing.T, input *outageInput) (*outageOutput, error) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	t0 := time.Now()
	failed := map[string]bool{}
	for _, n := range input.Failed {
		failed[n] = true
	}

	var objects []runtime.Object
	for _, n := range input.Nodes {
		n = n.DeepCopy()
		n.CreationTimestamp = metav1.NewTime(t0.Add(-time.Hour))
		n.Status.Conditions = []v1.NodeCondition{{
			Type: v1.NodeReady, Status: v1.ConditionTrue, Reason: "KubeletReady",
			LastHeartbeatTime: metav1.NewTime(t0), LastTransitionTime: metav1.NewTime(t0.Add(-time.Hour)),
		}}
		objects = append(objects, n, &coordinationv1.Lease{
			ObjectMeta: metav1.ObjectMeta{Name: n.Name, Namespace: v1.NamespaceNodeLease},
			Spec: coordinationv1.LeaseSpec{
				HolderIdentity: ptr.To(n.Name), LeaseDurationSeconds: ptr.To[int32](40),
				RenewTime: &metav1.MicroTime{Time: t0},
			},
		})
	}
	// the clock node: never posted status, left out of every zone's counts (node.kubernetes.io/exclude-disruption), in
	// a zone of its own. The first monitor pass (T0) marks it Unknown, and that write's apiLatency moves every later
	// monitor pass 1 ms after the tainting passes' grid (T0 + 0.1k s), as a cluster's pass durations do: no monitor
	// pass shares an instant with a tainting pass, whose order would be the goroutines'. (With a notReady failure no
	// pass writes, and a whole-cluster notReady failure got a NoExecute taint at 0 s in one run of several: the
	// tainting pass ran between the pass's queueing and its handleDisruption.) Its taints are not reported.
	objects = append(objects, &v1.Node{ObjectMeta: metav1.ObjectMeta{
		Name: clockNode, CreationTimestamp: metav1.NewTime(t0.Add(-time.Hour)),
		Labels: map[string]string{"node.kubernetes.io/exclude-disruption": "", "topology.kubernetes.io/zone": clockNode},
	}})
	for i, p := range input.Pods {
		admitted, err := admitPod(ctx, p.DeepCopy(), fmt.Sprintf("uid-%d", i))
		if err != nil {
			return nil, err
		}
		admitted.CreationTimestamp = metav1.NewTime(t0.Add(-time.Hour))
		admitted.Status.Phase = v1.PodRunning
		admitted.Status.Conditions = []v1.PodCondition{{Type: v1.PodReady, Status: v1.ConditionTrue}}
		objects = append(objects, admitted)
	}
	// NewSimpleClientset: the plain object tracker (NewClientset's field-managed tracker builds a REST mapper on every
	// update: 90 % of the time of a 60-node question went to the kubelets' Lease renewals)
	base := fake.NewSimpleClientset(objects...) //nolint:staticcheck
	client := outageClient{base}

	out := &outageOutput{Taints: map[string]map[string]float64{}, Deleted: map[string]float64{}}
	var mu sync.Mutex
	origin := t0.Add(failureAt)
	since := func() float64 {
		return math.Round(float64(time.Since(origin))/float64(time.Millisecond)) / 1000
	}
	base.PrependReactor("delete", "pods", func(a clienttesting.Action) (bool, runtime.Object, error) {
		name := a.(clienttesting.DeleteAction).GetName()
		mu.Lock()
		if _, seen := out.Deleted[name]; !seen {
			out.Deleted[name] = since()
		}
		mu.Unlock()
		return false, nil, nil
	})

	// a resync period longer than any question (none happens): with 0, client-go before v0.35 parks each reflector's
	// resync goroutine on a package-level channel (reflector.go neverExitWatch, made outside the bubble), which is not
	// durably blocking, and the bubble never advances (fatal error: all goroutines are asleep) at 1.33 and 1.34
	factory := informers.NewSharedInformerFactory(client, 24*time.Hour)
	leases, pods, nodes := factory.Coordination().V1().Leases(), factory.Core().V1().Pods(), factory.Core().V1().Nodes()
	daemonSets := factory.Apps().V1().DaemonSets()
	record := func(obj any) {
		n, ok := obj.(*v1.Node)
		if !ok || n.Name == clockNode {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		for _, taint := range n.Spec.Taints {
			key := taint.Key + ":" + string(taint.Effect)
			if out.Taints[n.Name] == nil {
				out.Taints[n.Name] = map[string]float64{}
			}
			if _, seen := out.Taints[n.Name][key]; !seen {
				out.Taints[n.Name][key] = since()
			}
		}
	}
	if _, err := nodes.Informer().AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc: record, UpdateFunc: func(_, n any) { record(n) },
	}); err != nil {
		return nil, err
	}
	grace := time.Duration(input.GracePeriod*float64(time.Second)) - passDrift
	nlc, err := nodelifecycle.NewNodeLifecycleController(ctx, leases, pods, nodes, daemonSets, client,
		5*time.Second, 60*time.Second, grace, 0.1, 0.01, 50, 0.55)
	if err != nil {
		return nil, err
	}
	tec, err := tainteviction.New(ctx, client, pods, nodes, "taint-eviction-controller")
	if err != nil {
		return nil, err
	}
	factory.Start(ctx.Done())
	synctest.Wait()
	for typ, synced := range factory.WaitForCacheSync(ctx.Done()) {
		if !synced {
			return nil, fmt.Errorf("informer %v did not sync", typ)
		}
	}
	if !time.Now().Equal(t0) {
		return nil, fmt.Errorf("informers synced at T0+%v, not T0", time.Since(t0))
	}

	var wg sync.WaitGroup
	wg.Go(func() { nlc.Run(ctx) })
	wg.Go(func() { tec.Run(ctx) })
	// the kubelets
	wg.Go(func() {
		timer := time.NewTimer(renewPhase)
		defer timer.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-timer.C:
			}
			now := time.Now()
			afterFailure := now.Sub(t0) > time.Duration(lastRenewal)*time.Millisecond
			for _, n := range input.Nodes {
				if failed[n.Name] && input.Condition == "unreachable" && afterFailure {
					continue
				}
				lease, err := client.CoordinationV1().Leases(v1.NamespaceNodeLease).Get(ctx, n.Name, metav1.GetOptions{})
				if err != nil {
					t.Errorf("kubelet %s: %v", n.Name, err)
					continue
				}
				lease.Spec.RenewTime = &metav1.MicroTime{Time: now}
				if _, err := client.CoordinationV1().Leases(v1.NamespaceNodeLease).Update(ctx, lease, metav1.UpdateOptions{}); err != nil {
					t.Errorf("kubelet %s: %v", n.Name, err)
				}
			}
			timer.Reset(renewPeriod)
		}
	})

	if input.Condition == "notReady" {
		// the failed kubelets post Ready=False 1 ms before the pass at O (and keep renewing their Leases)
		wg.Go(func() {
			time.Sleep(failureAt - passDrift)
			for _, n := range input.Nodes {
				if failed[n.Name] {
					if err := postNotReady(ctx, client, n.Name, time.Now()); err != nil {
						t.Errorf("kubelet %s: %v", n.Name, err)
					}
				}
			}
		})
	}

	// a second past the horizon: a taint or deletion the library places at the horizon may come up to 0.1 s later here
	time.Sleep(failureAt + time.Duration(input.Horizon*float64(time.Second)) + time.Second)
	synctest.Wait()
	mu.Lock()
	result := &outageOutput{Taints: out.Taints, Deleted: out.Deleted}
	mu.Unlock()
	cancel()
	wg.Wait()
	factory.Shutdown()
	return result, nil
}

// postNotReady: the live kubelet's status update with Ready=False (KubeletNotReady) and a fresh heartbeat.
func postNotReady(ctx context.Context, client clientset.Interface, name string, now time.Time) error {
	node, err := client.CoreV1().Nodes().Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	for i := range node.Status.Conditions {
		c := &node.Status.Conditions[i]
		if c.Type == v1.NodeReady {
			c.Status, c.Reason, c.Message = v1.ConditionFalse, "KubeletNotReady", "container runtime is down"
			c.LastHeartbeatTime, c.LastTransitionTime = metav1.NewTime(now), metav1.NewTime(now)
		}
	}
	_, err = client.CoreV1().Nodes().UpdateStatus(ctx, node, metav1.UpdateOptions{})
	return err
}

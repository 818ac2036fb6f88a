package main

// The scheduling domain: one pod against a cluster (nodes, pods bound to them, namespaces), decided by the real
// kube-scheduler of the module's release, built by scheduler.New with the default profile. Each question loads its
// cluster into the scheduler's own cache (AddNode/AddPod, as the informer event handlers do), then
//   - runs the profile's PreEnqueue plugins (SchedulingGates) as the scheduling queue does;
//   - probes every node: RunPreFilterPlugins, then RunFilterPluginsWithNominatedPods per node, with the
//     PreFilterResult narrowing of findNodesThatFitPod (schedule_one.go), and RunPreScorePlugins/RunScorePlugins
//     over the feasible nodes, as prioritizeNodes does;
//   - runs the real algorithm, sched.SchedulePod (schedulePod: findNodesThatFitPod, prioritizeNodes, then the host:
//     selectHost up to 1.35, the top of framework.NewSortedScoredNodes from 1.36), whose *framework.FitError gives
//     the FitError text (FitError.Error()).
// The probe's statuses are checked against the FitError's Diagnosis, and its top-scored set against the host the
// algorithm picked, so that the probe cannot drift from what schedulePod decides. What the framework API moved between
// releases (the types' package, the informer factory, the recorder, SchedulePod's argument) is in release.go.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"sync/atomic"
	"time"

	sigsjson "sigs.k8s.io/json"

	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/client-go/kubernetes/fake"
	"k8s.io/client-go/tools/cache"
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/pkg/scheduler"
	internalcache "k8s.io/kubernetes/pkg/scheduler/backend/cache"
	"k8s.io/kubernetes/pkg/scheduler/framework"
	"k8s.io/utils/ptr"
)

type schedulingInput struct {
	Pod        v1.Pod         `json:"pod"`
	Nodes      []v1.Node      `json:"nodes"`
	Pods       []v1.Pod       `json:"pods"`
	Namespaces []v1.Namespace `json:"namespaces"`
	// Storage: PersistentVolumes, PersistentVolumeClaims, StorageClasses, CSINodes, CSIDrivers, CSIStorageCapacities
	// and VolumeAttachments, in any order (storage.go)
	Storage []json.RawMessage `json:"storage"`
	// reconciled: the nodes already carry the node lifecycle controller's taints (the e2e domain ran the controller).
	reconciled bool
}

// NodeStatus is one node's Filter verdict: the status code, the plugin that returned it and its reasons.
type NodeStatus struct {
	Node    string   `json:"node"`
	Code    string   `json:"code"`
	Plugin  string   `json:"plugin"`
	Reasons []string `json:"reasons"`
}

type NodeScore struct {
	Node    string           `json:"node"`
	Plugins map[string]int64 `json:"plugins"`
	Total   int64            `json:"total"`
}

type schedulingOutput struct {
	// Gated is the PreEnqueue status message when a PreEnqueue plugin keeps the pod out of the queue.
	Gated    string       `json:"gated,omitempty"`
	Nodes    []NodeStatus `json:"nodes"`
	Feasible []string     `json:"feasible"`
	FitError string       `json:"fitError,omitempty"`
	// Scores are given only when schedulePod scores: two or more feasible nodes.
	Scores []NodeScore `json:"scores,omitempty"`
	Top    []string    `json:"top,omitempty"`
	// Panic is what a Score plugin panicked with (v1.33–v1.37 VolumeBinding dereferences a provisioned claim's nil
	// spec.storageClassName): kube-scheduler, whose parallelizer re-panics (HandleCrash, ReallyCrash), exits; no scores.
	Panic string `json:"panic,omitempty"`
}

// scorePanic is the last panic a Score goroutine recovered (recordPanics): the oracle keeps running where
// kube-scheduler would exit, so that the answer can say so.
var scorePanic atomic.Value

// recordPanics makes HandleCrash record a panic and return instead of re-panicking (ReallyCrash), process-wide: every
// goroutine the framework's parallelizer starts runs under it.
func recordPanics() {
	utilruntime.ReallyCrash = false
	utilruntime.PanicHandlers = append(utilruntime.PanicHandlers, func(_ context.Context, r interface{}) { scorePanic.Store(fmt.Sprint(r)) })
}

type schedulingOracle struct {
	sched    *scheduler.Scheduler
	fw       framework.Framework
	snapshot *internalcache.Snapshot
	// factory holds the informers the plugins list from (namespaces, and for the e2e domain services and owners)
	factory *recordingFactory
	// what the previous question loaded, to unload it
	nodes      []*v1.Node
	pods       []*v1.Pod
	namespaces storedObjects
	// nominated: the Pending pods with status.nominatedNodeName, in the pod informer's store and (queued) the
	// scheduling queue, whose nominator NominatedPodsForNode reads (nominate)
	nominated storedObjects
	queued    []*v1.Pod
	storage   storedObjects
	// hooked: each profile's DefaultPreemption with its API calls recorded (preemption.go hooks), by profile name
	hooked map[string]*preemptionHooks
}

// storedObjects are objects put straight into informer stores (the informers are never started), remembered so that
// they can be taken out again.
type storedObjects []storedObject

type storedObject struct {
	store cache.Store
	obj   any
	// handlers: the informer whose recorded event handlers saw the object added (storage.go), told of its deletion
	handlers *recordingInformer
}

func (s *storedObjects) add(store cache.Store, obj any) error {
	*s = append(*s, storedObject{store: store, obj: obj})
	return store.Add(obj)
}

func (s *storedObjects) unload() {
	for _, a := range *s {
		_ = a.store.Delete(a.obj)
		if a.handlers != nil {
			for _, h := range a.handlers.registered() {
				h.OnDelete(a.obj)
			}
		}
	}
	*s = nil
}

func newSchedulingOracle(ctx context.Context) (*schedulingOracle, error) {
	o, err := newSchedulingOracleWith(ctx,
		// every node is filtered and scored, whatever the cluster size (numFeasibleNodesToFind)
		scheduler.WithPercentageOfNodesToScore(ptr.To[int32](100)))
	if err != nil {
		return nil, err
	}
	if o.fw = o.sched.Profiles[v1.DefaultSchedulerName]; o.fw == nil {
		return nil, errors.New("no default-scheduler profile")
	}
	return o, nil
}

// newSchedulingOracleWith builds the scheduler with the options (the schedulerConfig domain's profiles,
// schedulerconfig.go); fw is the default-scheduler profile when there is one, else set per question. Every profile
// reads the one snapshot scheduler.New makes (frameworkruntime.WithSnapshotSharedLister).
func newSchedulingOracleWith(ctx context.Context, opts ...scheduler.Option) (*schedulingOracle, error) {
	client := fake.NewClientset()
	base := newInformerFactory(client)
	pinPDBOrder(base) // before the plugins take the PDB lister (pdborder.go)
	factory := newRecordingFactory(base)
	sched, err := scheduler.New(ctx, client, factory, nil, recorderFactory(), opts...)
	if err != nil {
		return nil, err
	}
	var first framework.Framework
	for _, fw := range sched.Profiles {
		first = fw
		break
	}
	if first == nil {
		return nil, errors.New("no profile")
	}
	snapshot, ok := first.SnapshotSharedLister().(*internalcache.Snapshot)
	if !ok {
		return nil, fmt.Errorf("snapshot lister is %T", first.SnapshotSharedLister())
	}
	return &schedulingOracle{sched: sched, fw: sched.Profiles[v1.DefaultSchedulerName], snapshot: snapshot, factory: factory}, nil
}

func (o *schedulingOracle) load(ctx context.Context, in *schedulingInput) error {
	logger := klog.FromContext(ctx)
	for _, p := range o.pods {
		if err := o.sched.Cache.RemovePod(logger, p); err != nil {
			return fmt.Errorf("unloading pod %s: %w", p.Name, err)
		}
	}
	for _, n := range o.nodes {
		if err := o.sched.Cache.RemoveNode(logger, n); err != nil {
			return fmt.Errorf("unloading node %s: %w", n.Name, err)
		}
	}
	for _, p := range o.queued {
		queueDelete(ctx, o.sched, p)
	}
	o.nominated.unload()
	o.namespaces.unload()
	o.storage.unload()
	o.nodes, o.pods, o.queued = nil, nil, nil
	for i := range in.Nodes {
		n := in.Nodes[i].DeepCopy()
		n.UID = types.UID(fmt.Sprintf("node-%d", i))
		if !in.reconciled {
			conditionTaints(n)
		}
		o.sched.Cache.AddNode(logger, n)
		o.nodes = append(o.nodes, n)
	}
	for i := range in.Pods {
		p, err := admitPod(ctx, in.Pods[i].DeepCopy(), fmt.Sprintf("pod-%d", i))
		if err != nil {
			return fmt.Errorf("pods[%d]: %w", i, err)
		}
		// scheduler.NewInformerFactory's pod informer lists only non-terminal pods (field selector
		// status.phase!=Succeeded,status.phase!=Failed), so these never reach the cache.
		if p.Status.Phase == v1.PodSucceeded || p.Status.Phase == v1.PodFailed {
			continue
		}
		if p.Spec.NodeName == "" {
			if p.Status.NominatedNodeName == "" {
				return fmt.Errorf("pods[%d] %s: spec.nodeName and status.nominatedNodeName are empty (only bound and nominated pods are part of the cluster)", i, p.Name)
			}
			if err := o.nominate(ctx, p); err != nil {
				return fmt.Errorf("pods[%d]: %w", i, err)
			}
			continue
		}
		if err := o.sched.Cache.AddPod(logger, p); err != nil {
			return fmt.Errorf("pods[%d]: %w", i, err)
		}
		o.pods = append(o.pods, p)
	}
	// Namespaces reach InterPodAffinity through the informer's lister.
	for i := range in.Namespaces {
		if err := o.namespaces.add(o.factory.Core().V1().Namespaces().Informer().GetStore(), in.Namespaces[i].DeepCopy()); err != nil {
			return err
		}
	}
	return o.loadStorage(in.Storage)
}

// nominate puts a Pending pod with status.nominatedNodeName where the scheduler's informer handlers put an unassigned
// pod (eventhandlers.go addPodToSchedulingQueue): the pod informer's store, which the nominator's pod lister reads,
// and, when one of the scheduler's profiles serves its schedulerName (responsibleForPod), the scheduling queue. The
// queue's Add nominates it as the release does (up to 1.36 only when the pod passes PreEnqueue and enters the active
// queue; from 1.37 whatever PreEnqueue says), so NominatedPodsForNode gives it to RunFilterPluginsWithNominatedPods.
// The queue is never popped (the scheduler does not run); the pod is deleted from it when the next question loads.
func (o *schedulingOracle) nominate(ctx context.Context, p *v1.Pod) error {
	if err := o.nominated.add(o.factory.Core().V1().Pods().Informer().GetStore(), p); err != nil {
		return err
	}
	if _, served := o.sched.Profiles[p.Spec.SchedulerName]; served {
		queueAdd(ctx, o.sched, p)
		o.queued = append(o.queued, p)
	}
	return nil
}

func (o *schedulingOracle) answer(ctx context.Context, raw []byte) (*schedulingOutput, error) {
	var in schedulingInput
	if err := sigsjson.UnmarshalCaseSensitivePreserveInts(raw, &in); err != nil {
		return nil, fmt.Errorf("input: %w", err)
	}
	return o.decide(ctx, &in)
}

// decide loads the question's cluster and answers for its pod.
func (o *schedulingOracle) decide(ctx context.Context, in *schedulingInput) (*schedulingOutput, error) {
	if err := o.load(ctx, in); err != nil {
		return nil, err
	}
	pod, err := admitPod(ctx, in.Pod.DeepCopy(), "incoming")
	if err != nil {
		return nil, fmt.Errorf("pod: %w", err)
	}
	out := &schedulingOutput{Nodes: []NodeStatus{}, Feasible: []string{}}
	for _, pl := range o.fw.PreEnqueuePlugins() {
		if st := pl.PreEnqueue(ctx, pod); !st.IsSuccess() {
			out.Gated = st.Message()
			return out, nil
		}
	}
	if err := o.sched.Cache.UpdateSnapshot(klog.FromContext(ctx), o.snapshot); err != nil {
		return nil, err
	}
	feasible, err := o.probe(ctx, pod, out)
	if err != nil {
		return nil, err
	}
	state := newCycleState()
	result, err := schedulePod(ctx, o.sched, o.fw, state, pod)
	var fitErr *framework.FitError
	switch {
	case errors.As(err, &fitErr):
		// the event's text: with the PostFilter's part, as schedulingCycle sets PostFilterMsg (preemption.go)
		if out.FitError, err = o.fitErrorWithPostFilter(ctx, state, pod, fitErr); err != nil {
			return nil, err
		}
		return out, o.checkDiagnosis(fitErr, out)
	case err != nil:
		return nil, fmt.Errorf("schedulePod: %w", err)
	}
	if len(feasible) == 0 {
		return nil, fmt.Errorf("probe found no feasible node, schedulePod chose %s", result.SuggestedHost)
	}
	if len(out.Top) > 0 && !sets.New(out.Top...).Has(result.SuggestedHost) {
		return nil, fmt.Errorf("schedulePod chose %s, outside the probe's top-scored %v", result.SuggestedHost, out.Top)
	}
	return out, nil
}

// probe fills every node's Filter status, the feasible set and the scores.
func (o *schedulingOracle) probe(ctx context.Context, pod *v1.Pod, out *schedulingOutput) ([]nodeInfo, error) {
	state := newCycleState()
	all, err := o.snapshot.NodeInfos().List()
	if err != nil {
		return nil, err
	}
	preRes, preStatus, unschedulable := o.fw.RunPreFilterPlugins(ctx, state, pod)
	if !preStatus.IsSuccess() && !preStatus.IsRejected() {
		return nil, fmt.Errorf("PreFilter: %w", preStatus.AsError())
	}
	var feasible []nodeInfo
	for _, ni := range all {
		var st *status
		switch {
		case !preStatus.IsSuccess():
			st = preStatus
		case !preRes.AllNodes() && !preRes.NodeNames.Has(ni.Node().Name):
			// findNodesThatFitPod's status for the nodes the PreFilterResult leaves out
			st = newStatus(unschedulableAndUnresolvable, fmt.Sprintf("node(s) didn't satisfy plugin(s) %v", sets.List(unschedulable)))
		default:
			st = o.fw.RunFilterPluginsWithNominatedPods(ctx, state, pod, ni)
		}
		if st.Code() == errorCode {
			return nil, fmt.Errorf("Filter on %s: %w", ni.Node().Name, st.AsError())
		}
		out.Nodes = append(out.Nodes, nodeStatus(ni.Node().Name, st))
		if st.IsSuccess() {
			feasible = append(feasible, ni)
			out.Feasible = append(out.Feasible, ni.Node().Name)
		}
	}
	sort.Slice(out.Nodes, func(i, j int) bool { return out.Nodes[i].Node < out.Nodes[j].Node })
	sort.Strings(out.Feasible)
	if len(feasible) < 2 {
		return feasible, nil
	}
	if st := o.fw.RunPreScorePlugins(ctx, state, pod, feasible); !st.IsSuccess() {
		return nil, fmt.Errorf("PreScore: %w", st.AsError())
	}
	scorePanic.Store("")
	scores, st := o.fw.RunScorePlugins(ctx, state, pod, feasible)
	// A worker that panicked wrote no entry for its node (RunScorePlugins sets allNodePluginScores[index] last), and
	// it calls wg.Done before its deferred HandleCrash runs the handlers (workqueue.ParallelizeUntil), so
	// RunScorePlugins may return before the panic is recorded: with an entry missing, wait for it (counting
	// goroutines instead missed it in about 2 % of asks).
	incomplete := false
	for _, s := range scores {
		incomplete = incomplete || s.Name == ""
	}
	for deadline := time.Now().Add(10 * time.Second); incomplete && st.IsSuccess() && scorePanic.Load().(string) == "" && time.Now().Before(deadline); {
		time.Sleep(time.Millisecond)
	}
	if p := scorePanic.Load().(string); p != "" {
		out.Panic = p
		return feasible, nil
	}
	if !st.IsSuccess() {
		return nil, fmt.Errorf("Score: %w", st.AsError())
	}
	best := int64(-1)
	for _, s := range scores {
		ns := NodeScore{Node: s.Name, Plugins: map[string]int64{}, Total: s.TotalScore}
		for _, p := range s.Scores {
			ns.Plugins[p.Name] = p.Score
		}
		out.Scores = append(out.Scores, ns)
		if s.TotalScore > best {
			best, out.Top = s.TotalScore, nil
		}
		if s.TotalScore == best {
			out.Top = append(out.Top, s.Name)
		}
	}
	sort.Slice(out.Scores, func(i, j int) bool { return out.Scores[i].Node < out.Scores[j].Node })
	sort.Strings(out.Top)
	return feasible, nil
}

// newCycleState is a scheduling cycle's state as scheduleOne starts it.
func newCycleState() *framework.CycleState {
	state := framework.NewCycleState()
	state.Write(framework.PodsToActivateKey, framework.NewPodsToActivate())
	return state
}

func nodeStatus(name string, st *status) NodeStatus {
	ns := NodeStatus{Node: name, Code: st.Code().String(), Reasons: []string{}}
	if st != nil { // Plugin() and Reasons() are not nil-safe; a nil status is Success
		ns.Plugin = st.Plugin()
		ns.Reasons = append(ns.Reasons, st.Reasons()...)
	}
	return ns
}

// checkDiagnosis holds the probe's per-node statuses against the Diagnosis that schedulePod returned.
func (o *schedulingOracle) checkDiagnosis(fitErr *framework.FitError, out *schedulingOutput) error {
	if len(out.Feasible) > 0 {
		return fmt.Errorf("FitError %q, but the probe found %v feasible", fitErr.Error(), out.Feasible)
	}
	for _, n := range out.Nodes {
		got := nodeStatus(n.Node, fitErr.Diagnosis.NodeToStatus.Get(n.Node))
		// reasons as multisets: NodeResourcesFit lists several insufficient extended resources in map order
		if got.Code != n.Code || sortedText(got.Reasons) != sortedText(n.Reasons) {
			return fmt.Errorf("node %s: probe %s %v, schedulePod's Diagnosis %s %v", n.Node, n.Code, n.Reasons, got.Code, got.Reasons)
		}
	}
	return nil
}

func sortedText(xs []string) string {
	ys := append([]string(nil), xs...)
	sort.Strings(ys)
	return fmt.Sprint(ys)
}

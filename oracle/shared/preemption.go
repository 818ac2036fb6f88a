package main

// The preemption domain (issue 35): the scheduling question with priorities and PodDisruptionBudgets, answered as
// scheduleOne answers it (schedule_one.go schedulingCycle): the real algorithm, sched.SchedulePod, and on its
// *framework.FitError the profile's PostFilter plugins, fw.RunPostFilterPlugins(ctx, state, pod,
// fitError.Diagnosis.NodeToStatus), whose status message becomes fitError.Diagnosis.PostFilterMsg, so that
// FitError.Error() is the full text of the FailedScheduling event (`… preemption: …`).
//
// DefaultPreemption reads the preemptor from the pod informer's lister (Evaluator.Preempt fetches it first) and the
// PodDisruptionBudgets from the PDB informer's lister: both are put into those informers' stores for the question and
// taken out after it, as scheduling.go does with Namespaces. Its API calls (the victims' DisruptionTarget condition
// and deletion, PreemptPod, a field "exposed to be replaced during tests") are replaced by a recorder (release.go
// hookPreemption), and with SchedulerAsyncPreemption (beta and on from 1.33) the answer waits until the plugin's
// goroutine has preempted every victim and no longer counts the pod as preempting, so nothing outlives the question
// (the incoming pod's UID is the same in every question, and DefaultPreemption's PreEnqueue gates a pod whose
// preemption is still running).
//
// Beside the real PostFilter's answer the oracle gives what the library must reproduce deterministically:
//   - candidates: Evaluator.DryRunPreemption over every potential node (offset 0, all of them as the number of
//     candidates), where the PostFilter samples from a random offset (GetOffsetAndNumCandidates: all nodes when there
//     are at most 100 potential nodes, which the generated questions never exceed);
//   - nominatedNodes: every node pickOneNodeForPreemption may return, whose last tie break is Go's map order: the
//     candidates whose criteria equal the best candidate's, confirmed by calling the real function (go:linkname)
//     until it has returned each of them and nothing else.
// The real PostFilter's own pick must be among them, with the victims of that candidate.

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"
	"sync"
	"time"
	_ "unsafe" // go:linkname

	sigsjson "sigs.k8s.io/json"

	v1 "k8s.io/api/core/v1"
	policyv1 "k8s.io/api/policy/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/sets"
	corev1helpers "k8s.io/component-helpers/scheduling/corev1"
	"k8s.io/klog/v2"
	extenderv1 "k8s.io/kube-scheduler/extender/v1"
	"k8s.io/kubernetes/pkg/scheduler/framework"
	"k8s.io/kubernetes/pkg/scheduler/framework/plugins/defaultpreemption"
	"k8s.io/kubernetes/pkg/scheduler/util"
)

//go:linkname pickOneNodeForPreemption k8s.io/kubernetes/pkg/scheduler/framework/preemption.pickOneNodeForPreemption
func pickOneNodeForPreemption(logger klog.Logger, nodesToVictims map[string]*extenderv1.Victims, scoreFuncs []func(node string) int64) string

type preemptionInput struct {
	schedulingInput
	// PodDisruptionBudgets with their status (disruptionsAllowed, disruptedPods) as the disruption controller wrote it
	PodDisruptionBudgets []policyv1.PodDisruptionBudget `json:"podDisruptionBudgets"`
}

type preemptionCandidate struct {
	Node string `json:"node"`
	// Victims as namespace/name, in SelectVictimsOnNode's order
	Victims          []string `json:"victims"`
	NumPDBViolations int64    `json:"numPDBViolations"`
}

type preemptionResult struct {
	// Message is the PostFilter status message that FitError appends (PostFilterMsg)
	Message        string                `json:"message"`
	NominatedNodes []string              `json:"nominatedNodes"`
	Candidates     []preemptionCandidate `json:"candidates"`
}

type preemptionOutput struct {
	Gated string `json:"gated,omitempty"`
	// Host is the node schedulePod picked when the pod fits without preemption (a random one of the top-scored)
	Host     string `json:"host,omitempty"`
	FitError string `json:"fitError,omitempty"`
	// Preemption is present when no node is feasible (a FitError), as the library's ScheduleResult.preemption
	Preemption *preemptionResult `json:"preemption,omitempty"`
	// NominatedNode is the real PostFilter's own pick (one of Preemption.NominatedNodes; 1.37's message names it)
	NominatedNode string `json:"nominatedNode,omitempty"`
}

// preemptionHooks is the profile's DefaultPreemption plugin with its API calls replaced by a recorder.
type preemptionHooks struct {
	plugin  *defaultpreemption.DefaultPreemption
	running func(types.UID) bool
	mu      sync.Mutex
	victims []string
}

func (h *preemptionHooks) record(victim *v1.Pod) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.victims = append(h.victims, victim.Namespace+"/"+victim.Name)
}

func (h *preemptionHooks) take() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := h.victims
	h.victims = nil
	return out
}

func (h *preemptionHooks) recorded() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.victims)
}

// hooks finds DefaultPreemption among the profile's PreEnqueue plugins (it is one at every release) and hooks it, once
// per profile (the schedulerConfig domain's schedulers have their own plugin instances).
func (o *schedulingOracle) hooks() (*preemptionHooks, error) {
	name := o.fw.ProfileName()
	if h := o.hooked[name]; h != nil {
		return h, nil
	}
	for _, pl := range o.fw.PreEnqueuePlugins() {
		if dp, ok := pl.(*defaultpreemption.DefaultPreemption); ok {
			h := &preemptionHooks{plugin: dp}
			h.running = hookPreemption(dp, h.record)
			if o.hooked == nil {
				o.hooked = map[string]*preemptionHooks{}
			}
			o.hooked[name] = h
			return h, nil
		}
	}
	return nil, fmt.Errorf("no DefaultPreemption plugin among profile %s's PreEnqueue plugins", name)
}

func (o *schedulingOracle) preemptionAnswer(ctx context.Context, raw []byte) (*preemptionOutput, error) {
	var in preemptionInput
	if err := sigsjson.UnmarshalCaseSensitivePreserveInts(raw, &in); err != nil {
		return nil, fmt.Errorf("input: %w", err)
	}
	h, err := o.hooks()
	if err != nil {
		return nil, err
	}
	if err := o.load(ctx, &in.schedulingInput); err != nil {
		return nil, err
	}
	pod, err := admitPod(ctx, in.Pod.DeepCopy(), "incoming")
	if err != nil {
		return nil, fmt.Errorf("pod: %w", err)
	}
	var stored storedObjects
	defer stored.unload()
	if err := stored.add(o.factory.Core().V1().Pods().Informer().GetStore(), pod); err != nil {
		return nil, err
	}
	for i := range in.PodDisruptionBudgets {
		if err := stored.add(o.factory.Policy().V1().PodDisruptionBudgets().Informer().GetStore(), in.PodDisruptionBudgets[i].DeepCopy()); err != nil {
			return nil, fmt.Errorf("podDisruptionBudgets[%d]: %w", i, err)
		}
	}
	out := &preemptionOutput{}
	for _, pl := range o.fw.PreEnqueuePlugins() {
		if st := pl.PreEnqueue(ctx, pod); !st.IsSuccess() {
			out.Gated = st.Message()
			return out, nil
		}
	}
	if err := o.sched.Cache.UpdateSnapshot(klog.FromContext(ctx), o.snapshot); err != nil {
		return nil, err
	}
	state := newCycleState()
	result, err := schedulePod(ctx, o.sched, o.fw, state, pod)
	var fitErr *framework.FitError
	switch {
	case errors.As(err, &fitErr):
	case err != nil:
		return nil, fmt.Errorf("schedulePod: %w", err)
	default:
		out.Host = result.SuggestedHost
		return out, nil
	}
	return out, o.postFilter(ctx, h, state, pod, fitErr, out)
}

// postFilter runs the profile's PostFilter plugins as schedulingCycle does and fills the answer.
func (o *schedulingOracle) postFilter(ctx context.Context, h *preemptionHooks, state *framework.CycleState, pod *v1.Pod, fitErr *framework.FitError, out *preemptionOutput) error {
	h.take()
	pfResult, st := o.fw.RunPostFilterPlugins(ctx, state, pod, fitErr.Diagnosis.NodeToStatus)
	// schedulingCycle sets PostFilterMsg whatever the code (and logs an Error status)
	fitErr.Diagnosis.PostFilterMsg = st.Message()
	out.FitError = fitErr.Error()
	out.Preemption = &preemptionResult{Message: st.Message(), NominatedNodes: []string{}, Candidates: []preemptionCandidate{}}
	if st.Code() == errorCode {
		// From 1.34 DynamicResources (in the default profile, ordered just before DefaultPreemption) runs its
		// PostFilter first; when a PreFilter plugin before it rejected the pod (VolumeBinding's unbound immediate
		// claims, NodeAffinity, VolumeRestrictions), its PreFilter never wrote its cycle state, getStateData fails
		// with the CycleState's ErrNotFound, and RunPostFilterPlugins returns that Error at once: the event ends in
		// " not found" and DefaultPreemption does not run. Any other Error is the oracle's.
		// DefaultPreemption's own Error: DryRunPreemption found a node where the pod fits without victims
		// ("expected at least one victim pod on node %q") and no candidate elsewhere (evaluate returns the aggregate).
		if st.Plugin() != "DynamicResources" && !(st.Plugin() == defaultpreemption.Name && strings.Contains(st.Message(), "expected at least one victim pod on node")) {
			return fmt.Errorf("PostFilter (%s): %s", st.Plugin(), st.Message())
		}
		return nil
	}
	if pfResult != nil && pfResult.NominatingInfo != nil {
		out.NominatedNode = pfResult.NominatedNodeName
	}
	candidates, err := o.allCandidates(ctx, h, state, pod, fitErr)
	if err != nil {
		return err
	}
	byNode := map[string]*extenderv1.Victims{}
	for _, c := range candidates {
		byNode[c.Name()] = c.Victims()
		out.Preemption.Candidates = append(out.Preemption.Candidates, preemptionCandidate{
			Node: c.Name(), Victims: podKeys(c.Victims().Pods), NumPDBViolations: c.Victims().NumPDBViolations})
	}
	sort.Slice(out.Preemption.Candidates, func(i, j int) bool {
		return out.Preemption.Candidates[i].Node < out.Preemption.Candidates[j].Node
	})
	if out.NominatedNode == "" {
		if len(candidates) > 0 && isEligible(pod) {
			return fmt.Errorf("PostFilter nominated no node (%q), but the dry run found %d candidates", st.Message(), len(candidates))
		}
		return nil
	}
	ties, err := tiedNodes(klog.FromContext(ctx), byNode)
	if err != nil {
		return err
	}
	out.Preemption.NominatedNodes = ties
	victims := byNode[out.NominatedNode]
	if victims == nil || !sets.New(ties...).Has(out.NominatedNode) {
		return fmt.Errorf("PostFilter nominated %s, outside the tie set %v", out.NominatedNode, ties)
	}
	return h.awaitVictims(pod.UID, podKeys(victims.Pods))
}

// allCandidates is DryRunPreemption over every node the FitError left Unschedulable (findCandidates' potential
// nodes), from offset 0, asking for all of them; none when the pod may not preempt (preemptionPolicy Never: the
// PostFilter stops at PodEligibleToPreemptOthers).
func (o *schedulingOracle) allCandidates(ctx context.Context, h *preemptionHooks, state *framework.CycleState, pod *v1.Pod, fitErr *framework.FitError) ([]candidate, error) {
	if !isEligible(pod) {
		return nil, nil
	}
	potential, err := fitErr.Diagnosis.NodeToStatus.NodesForStatusCode(o.snapshot.NodeInfos(), unschedulableCode)
	if err != nil || len(potential) == 0 {
		return nil, err
	}
	pdbs, err := o.factory.Policy().V1().PodDisruptionBudgets().Lister().List(labels.Everything())
	if err != nil {
		return nil, err
	}
	ev := h.plugin.Evaluator
	cs, _, err := ev.DryRunPreemption(ctx, state, pod, potential, pdbs, 0, int32(len(potential)))
	if err != nil {
		return nil, fmt.Errorf("DryRunPreemption: %w", err)
	}
	out := make([]candidate, 0, len(cs))
	for _, c := range cs {
		out = append(out, c)
	}
	return out, nil
}

// candidate is what preemption.Candidate gives at every release.
type candidate interface {
	Victims() *extenderv1.Victims
	Name() string
}

func isEligible(pod *v1.Pod) bool {
	return pod.Spec.PreemptionPolicy == nil || *pod.Spec.PreemptionPolicy != v1.PreemptNever
}

func podKeys(pods []*v1.Pod) []string {
	keys := make([]string, 0, len(pods))
	for _, p := range pods {
		keys = append(keys, p.Namespace+"/"+p.Name)
	}
	return keys
}

// pickCriteria are pickOneNodeForPreemption's default score functions for one node, in their order (preemption.go):
// fewest PDB violations, lowest highest-priority victim, lowest sum of priorities (each + MaxInt32+1), fewest victims,
// latest earliest start time among the victims.
func pickCriteria(v *extenderv1.Victims) [5]int64 {
	var sum int64
	for _, p := range v.Pods {
		sum += int64(corev1helpers.PodPriority(p)) + int64(math.MaxInt32+1)
	}
	earliest := int64(math.MinInt64)
	if t := util.GetEarliestPodStartTime(v); t != nil {
		earliest = t.UnixNano()
	}
	return [5]int64{-v.NumPDBViolations, -int64(corev1helpers.PodPriority(v.Pods[0])), -sum, -int64(len(v.Pods)), earliest}
}

// tiedNodes is every node pickOneNodeForPreemption may return: the candidates whose criteria equal the best ones,
// checked against the real function, called until it has returned each of them (and only them).
func tiedNodes(logger klog.Logger, byNode map[string]*extenderv1.Victims) ([]string, error) {
	var best [5]int64
	var ties []string
	for node, v := range byNode {
		c := pickCriteria(v)
		switch {
		case ties == nil || greater(c, best):
			best, ties = c, []string{node}
		case c == best:
			ties = append(ties, node)
		}
	}
	sort.Strings(ties)
	want, seen := sets.New(ties...), sets.New[string]()
	for i := 0; i < 200 && seen.Len() < want.Len(); i++ {
		got := pickOneNodeForPreemption(logger, byNode, nil)
		if !want.Has(got) {
			return nil, fmt.Errorf("pickOneNodeForPreemption returned %s, outside the computed tie set %v", got, ties)
		}
		seen.Insert(got)
	}
	if !seen.Equal(want) {
		return nil, fmt.Errorf("pickOneNodeForPreemption returned only %v of the computed tie set %v in 200 calls", sets.List(seen), ties)
	}
	return ties, nil
}

func greater(a, b [5]int64) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] > b[i]
		}
	}
	return false
}

// awaitVictims waits until DefaultPreemption has preempted every victim of its pick (asynchronously from 1.33) and no
// longer counts the pod as preempting, then checks that it preempted exactly the candidate's victims.
func (h *preemptionHooks) awaitVictims(uid types.UID, want []string) error {
	deadline := time.Now().Add(10 * time.Second)
	for h.running(uid) || h.recorded() < len(want) {
		if time.Now().After(deadline) {
			return fmt.Errorf("preemption of %v still running after 10s (%d preempted)", want, h.recorded())
		}
		time.Sleep(50 * time.Microsecond)
	}
	got := h.take()
	if sortedText(got) != sortedText(want) {
		return fmt.Errorf("PostFilter preempted %v, the candidate's victims are %v", got, want)
	}
	return nil
}

// fitErrorWithPostFilter is schedulingCycle's PostFilter step for the scheduling question's FitError (scheduling.go):
// the text the FailedScheduling event prints, with the PostFilter's part. The pod is in the pod informer for the
// question, as Evaluator.Preempt fetches it; the PDB informer holds none.
func (o *schedulingOracle) fitErrorWithPostFilter(ctx context.Context, state *framework.CycleState, pod *v1.Pod, fitErr *framework.FitError) (string, error) {
	if !o.postFilterPreempts() {
		// a configured profile without DefaultPreemption at PostFilter (schedulerconfig.go): what its PostFilter
		// plugins say (none: schedulingCycle leaves PostFilterMsg empty, as RunPostFilterPlugins' empty message does)
		_, st := o.fw.RunPostFilterPlugins(ctx, state, pod, fitErr.Diagnosis.NodeToStatus)
		fitErr.Diagnosis.PostFilterMsg = st.Message()
		return fitErr.Error(), nil
	}
	h, err := o.hooks()
	if err != nil {
		return "", err
	}
	var stored storedObjects
	defer stored.unload()
	if err := stored.add(o.factory.Core().V1().Pods().Informer().GetStore(), pod); err != nil {
		return "", err
	}
	out := &preemptionOutput{}
	if err := o.postFilter(ctx, h, state, pod, fitErr, out); err != nil {
		return "", err
	}
	return out.FitError, nil
}

// postFilterPreempts: DefaultPreemption is among the profile's PostFilter plugins (the default profile's only one).
func (o *schedulingOracle) postFilterPreempts() bool {
	for _, p := range o.fw.ListPlugins().PostFilter.Enabled {
		if p.Name == defaultpreemption.Name {
			return true
		}
	}
	return false
}

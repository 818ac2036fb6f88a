package main

// karpenterProvision: Karpenter's provisioning decision for a pending pod, end to end, by its own scheduler. The
// NodePools are served by a controller-runtime fake client (each Ready unless RuntimeValidate refuses it, as the
// nodepool validation controller would leave it), the instance types by a cloud provider that returns the generated
// ones for every pool, and the cluster state (state.NewCluster) holds no nodes and no in-flight NodeClaims. The
// generated DaemonSets are in the fake client, with the pods given for some of them (the pods their controller made,
// owned by them); state.Cluster.UpdateDaemonSet (what the DaemonSet informer controller calls) records each one's newest
// pod, so that Provisioner.getDaemonSetPods counts that pod (its required node affinity replaced by the template's), and
// daemonset.PodForDaemonSet's template pod for a DaemonSet without one: scheduling.NewScheduler's daemon overhead
// groups (buildDaemonOverheadGroups, isDaemonPodCompatible) are upstream's own. The pod goes through (*Provisioner).Validate, then (*Provisioner).NewScheduler (ListManaged, the
// static/not-Ready filter, OrderByWeight, GetInstanceTypes, volume topology, the default-spread injector, NewTopology,
// scheduling.NewScheduler: the templates' instance types pre-filtered, pools left with none dropped) and
// (*Scheduler).Solve with the options Provisioner.Schedule passes (DisableReservedCapacityFallback, one worker,
// MinValuesPolicy Strict). Answer: the NodePool of the NodeClaim the pod lands on and its instance type options, in
// OrderByPrice's order with each one's price; or the pod's error (Results.PodErrors), whose event text is
// `Failed to schedule pod, <error>`.
//
// Instance types are built as the fake provider builds them (pkg/cloudprovider/fake NewInstanceType): requirements
// instance-type In [name], each label In [value], zone and capacity type In the values of the available offerings;
// capacity as given, no overhead (the library's `capacity` is what a node holds). The fake package itself is not
// imported: its init adds its own labels to v1.WellKnownLabels, which the other domains of this binary read.
//
// Upstream walks Go maps: in the error texts (Compatible's first undefined key, Intersects' one part per key) and in
// the topology spread's choice of a domain among those with the fewest pods (topologygroup.go: with nothing counted,
// any zone the pod may take, narrowing the NodeClaim before its instance types are filtered, so that the pod may land
// or fail by the zone drawn). So the pod is solved on fresh schedulers until `solveTries` solves in a row bring no new
// outcome (at most `maxSolves`), and every distinct outcome is returned; the library's outcome must be among them. OrderByPrice is sort.Slice by price alone, so equal prices come in no defined order: each type's
// price is returned (the cheapest launchable compatible offering's, as OrderByPrice reads it) and the comparison
// orders equal prices by name.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sort"

	"github.com/awslabs/operatorpkg/status"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/tools/record"
	"k8s.io/utils/clock"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	sigsjson "sigs.k8s.io/json"

	v1 "sigs.k8s.io/karpenter/pkg/apis/v1"
	"sigs.k8s.io/karpenter/pkg/cloudprovider"
	"sigs.k8s.io/karpenter/pkg/controllers/provisioning"
	pscheduling "sigs.k8s.io/karpenter/pkg/controllers/provisioning/scheduling"
	"sigs.k8s.io/karpenter/pkg/controllers/state"
	"sigs.k8s.io/karpenter/pkg/events"
	karpopts "sigs.k8s.io/karpenter/pkg/operator/options"
	"sigs.k8s.io/karpenter/pkg/scheduling"
)

const (
	solveTries = 6
	maxSolves  = 48
)

// kwokNodeClass stands for the KWOK provider's node class (karpenter.kwok.sh/KWOKNodeClass), registered under that
// kind so that nodepoolutils.IsManaged (object.GVK against the pool's nodeClassRef) finds it; only its type is read.
// kwok/apis is not imported: its init adds the KWOK labels to v1.WellKnownLabels (the library reads KWOK pools with
// core's vocabulary).
type kwokNodeClass struct{ status.Object }

func init() {
	gv := schema.GroupVersion{Group: "karpenter.kwok.sh", Version: "v1alpha1"}
	scheme.Scheme.AddKnownTypeWithName(gv.WithKind("KWOKNodeClass"), &kwokNodeClass{})
}

// oracleCloud: the generated instance types for every pool; nothing else of the interface is called by NewScheduler.
type oracleCloud struct {
	cloudprovider.CloudProvider
	its []*cloudprovider.InstanceType
}

func (c *oracleCloud) GetInstanceTypes(context.Context, *v1.NodePool) ([]*cloudprovider.InstanceType, error) {
	return c.its, nil
}
func (c *oracleCloud) GetSupportedNodeClasses() []status.Object { return []status.Object{&kwokNodeClass{}} }
func (c *oracleCloud) Name() string                             { return "oracle" }

type offeringInput struct {
	Zone         string  `json:"zone"`
	CapacityType string  `json:"capacityType"`
	Available    *bool   `json:"available"`
	Price        float64 `json:"price"`
}

type instanceTypeInput struct {
	Name      string            `json:"name"`
	Capacity  map[string]string `json:"capacity"`
	Labels    map[string]string `json:"labels"`
	Offerings []offeringInput   `json:"offerings"`
}

type provisionInput struct {
	NodePools     []v1.NodePool       `json:"nodePools"`
	InstanceTypes []instanceTypeInput `json:"instanceTypes"`
	Pod           corev1.Pod          `json:"pod"`
	// DaemonSets: the cluster's DaemonSets; DaemonPods: pods some of them own (ownerReferences by uid).
	DaemonSets []appsv1.DaemonSet `json:"daemonSets"`
	DaemonPods []corev1.Pod       `json:"daemonPods"`
}

type pricedType struct {
	Name  string  `json:"name"`
	Price float64 `json:"price"`
}

// provisionOutcome: one solve's answer for the pod.
type provisionOutcome struct {
	// NodePool: the pool of the new NodeClaim the pod landed on ("" when it failed).
	NodePool string `json:"nodePool"`
	// InstanceTypes: that NodeClaim's instance type options in OrderByPrice's order, each with its price.
	InstanceTypes []pricedType `json:"instanceTypes"`
	// Error: the pod's error (Results.PodErrors), "" when it landed.
	Error string `json:"error"`
}

type provisionOutput struct {
	// Ignored: (*Provisioner).Validate's error; the pod is then never scheduled.
	Ignored string `json:"ignored"`
	// NoNodePools: NewScheduler found no candidate pool (ErrNodePoolsNotFound, "no dynamic nodepools found").
	NoNodePools bool `json:"noNodePools"`
	// Outcomes: every distinct outcome of the solves, sorted (see above).
	Outcomes []provisionOutcome `json:"outcomes"`
}

type solved struct {
	Ignored     string
	NoNodePools bool
	outcome     provisionOutcome
}

func newInstanceType(in instanceTypeInput) (*cloudprovider.InstanceType, error) {
	capacity := corev1.ResourceList{}
	for k, v := range in.Capacity {
		q, err := resource.ParseQuantity(v)
		if err != nil {
			return nil, fmt.Errorf("instance type %s: %w", in.Name, err)
		}
		capacity[corev1.ResourceName(k)] = q
	}
	offerings := cloudprovider.Offerings{}
	for _, o := range in.Offerings {
		offerings = append(offerings, &cloudprovider.Offering{
			Requirements: scheduling.NewLabelRequirements(map[string]string{v1.CapacityTypeLabelKey: o.CapacityType, corev1.LabelTopologyZone: o.Zone}),
			Price:        o.Price,
			Available:    o.Available == nil || *o.Available,
		})
	}
	available := offerings.Available()
	reqs := scheduling.NewRequirements(scheduling.NewRequirement(corev1.LabelInstanceTypeStable, corev1.NodeSelectorOpIn, in.Name))
	for k, v := range in.Labels {
		reqs.Add(scheduling.NewRequirement(k, corev1.NodeSelectorOpIn, v))
	}
	reqs.Add(
		scheduling.NewRequirement(corev1.LabelTopologyZone, corev1.NodeSelectorOpIn, values(available, (*cloudprovider.Offering).Zone)...),
		scheduling.NewRequirement(v1.CapacityTypeLabelKey, corev1.NodeSelectorOpIn, values(available, (*cloudprovider.Offering).CapacityType)...),
	)
	return &cloudprovider.InstanceType{
		Name: in.Name, Requirements: reqs, Offerings: offerings, Capacity: capacity,
		Overhead: &cloudprovider.InstanceTypeOverhead{},
	}, nil
}

func values(ofs cloudprovider.Offerings, of func(*cloudprovider.Offering) string) []string {
	out := sets.New[string]()
	for _, o := range ofs {
		out.Insert(of(o))
	}
	return sets.List(out)
}

// cheapest: the price OrderByPrice sorts a type by (its cheapest launchable offering compatible with reqs; v1.14 reads
// Available, v1.15 Launchable, the same for offerings without a reservation, the only ones generated).
func cheapest(it *cloudprovider.InstanceType, reqs scheduling.Requirements) float64 {
	p := math.MaxFloat64
	for _, of := range it.Offerings {
		if of.Available && reqs.IsCompatible(of.Requirements, scheduling.AllowUndefinedWellKnownLabels) && of.Price < p {
			p = of.Price
		}
	}
	return p
}

// solveOnce builds the cluster, the provisioner and its scheduler afresh and solves the pod.
func solveOnce(ctx context.Context, in *provisionInput) (solved, error) {
	out := solved{outcome: provisionOutcome{InstanceTypes: []pricedType{}}}
	objs := []client.Object{}
	for i := range in.NodePools {
		np := in.NodePools[i].DeepCopy()
		// the nodepool validation and node class readiness controllers' conditions; Ready follows from them
		conditions := np.StatusConditions()
		if err := np.RuntimeValidate(ctx); err != nil {
			conditions.SetFalse(v1.ConditionTypeValidationSucceeded, "NodePoolValidationFailed", err.Error())
		} else {
			conditions.SetTrue(v1.ConditionTypeValidationSucceeded)
		}
		conditions.SetTrue(v1.ConditionTypeNodeClassReady)
		objs = append(objs, np)
	}
	its := []*cloudprovider.InstanceType{}
	for _, it := range in.InstanceTypes {
		t, err := newInstanceType(it)
		if err != nil {
			return out, err
		}
		its = append(its, t)
	}
	for i := range in.DaemonSets {
		objs = append(objs, in.DaemonSets[i].DeepCopy())
	}
	for i := range in.DaemonPods {
		objs = append(objs, in.DaemonPods[i].DeepCopy())
	}
	kube := fake.NewClientBuilder().WithObjects(objs...).Build()
	cloud := &oracleCloud{its: its}
	clk := clock.RealClock{}
	cluster := state.NewCluster(clk, kube, cloud)
	for i := range in.DaemonSets {
		if err := cluster.UpdateDaemonSet(ctx, in.DaemonSets[i].DeepCopy()); err != nil {
			return out, err
		}
	}
	prov := provisioning.NewProvisioner(kube, events.NewRecorder(&record.FakeRecorder{}), cloud, cluster, clk, nil, nil)
	pod := in.Pod.DeepCopy()
	if pod.UID == "" {
		pod.UID = types.UID("pod-uid")
	}
	if err := prov.Validate(ctx, pod); err != nil {
		out.Ignored = err.Error()
		return out, nil
	}
	s, err := prov.NewScheduler(ctx, []*corev1.Pod{pod}, nil, sets.New[types.UID](),
		pscheduling.DisableReservedCapacityFallback, pscheduling.NumConcurrentReconciles(1), pscheduling.MinValuesPolicy(karpopts.MinValuesPolicyStrict))
	if errors.Is(err, provisioning.ErrNodePoolsNotFound) {
		out.NoNodePools = true
		return out, nil
	}
	if err != nil {
		return out, err
	}
	results, err := s.Solve(ctx, []*corev1.Pod{pod})
	if err != nil {
		return out, err
	}
	for p, e := range results.PodErrors {
		if p.UID == pod.UID {
			out.outcome.Error = e.Error()
		}
	}
	for _, nc := range results.NewNodeClaims {
		out.outcome.NodePool = nc.NodePoolName
		for _, it := range nc.InstanceTypeOptions.OrderByPrice(nc.Requirements) {
			out.outcome.InstanceTypes = append(out.outcome.InstanceTypes, pricedType{Name: it.Name, Price: cheapest(it, nc.Requirements)})
		}
	}
	if len(results.NewNodeClaims) > 1 || len(results.ExistingNodes) > 0 {
		return out, fmt.Errorf("one pod gave %d new NodeClaims and %d existing nodes", len(results.NewNodeClaims), len(results.ExistingNodes))
	}
	return out, nil
}

func provisionAnswer(ctx context.Context, raw []byte) (any, error) {
	var in provisionInput
	if err := sigsjson.UnmarshalCaseSensitivePreserveInts(raw, &in); err != nil {
		return nil, fmt.Errorf("input: %w", err)
	}
	ctx = karpopts.ToContext(ctx, &karpopts.Options{IgnoreDRARequests: true, MinValuesPolicy: karpopts.MinValuesPolicyStrict, CPURequests: 1000})
	out := provisionOutput{Outcomes: []provisionOutcome{}}
	seen := sets.New[string]()
	// at least solveTries solves, and on until solveTries in a row bring nothing new (at most maxSolves)
	for i, lastNew := 0, 0; i < maxSolves && i-lastNew < solveTries; i++ {
		next, err := solveOnce(ctx, &in)
		if err != nil {
			return nil, err
		}
		out.Ignored, out.NoNodePools = next.Ignored, next.NoNodePools
		if next.Ignored != "" || next.NoNodePools {
			return out, nil // decided before any map walk
		}
		key, _ := json.Marshal(next.outcome)
		if !seen.Has(string(key)) {
			seen.Insert(string(key))
			lastNew = i
			out.Outcomes = append(out.Outcomes, next.outcome)
		}
	}
	sort.Slice(out.Outcomes, func(i, j int) bool {
		a, _ := json.Marshal(out.Outcomes[i])
		b, _ := json.Marshal(out.Outcomes[j])
		return string(a) < string(b)
	})
	return out, nil
}

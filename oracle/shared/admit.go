package main

// What the API server and the node lifecycle controller do to objects before the scheduler sees them: the Pod's
// defaulting and the DefaultTolerationSeconds admission plugin (kube-apiserver's defaults, 300 s), and the taints
// the node lifecycle controller derives from node conditions and spec.unschedulable.

import (
	"context"
	"encoding/json"
	"fmt"

	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/apiserver/pkg/admission/plugin/resourcequota"
	quota "k8s.io/apiserver/pkg/quota/v1"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes/fake"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
	api "k8s.io/kubernetes/pkg/apis/core"
	corev1 "k8s.io/kubernetes/pkg/apis/core/v1"
	"k8s.io/kubernetes/pkg/quota/v1/evaluator/core"
	"k8s.io/kubernetes/pkg/util/taints"
	"k8s.io/kubernetes/plugin/pkg/admission/limitranger"
	"k8s.io/utils/clock"
)

var defaultTolerationSeconds = newDefaultTolerationSeconds()

// admitPod runs the create path's defaulting (SetObjectDefaults_Pod, as the decoder does) and the
// DefaultTolerationSeconds admission plugin on the internal object, then converts back to v1. It sets the UID the
// API server would assign (the scheduler cache keys pods by UID).
func admitPod(ctx context.Context, pod *v1.Pod, uid string) (*v1.Pod, error) {
	corev1.SetObjectDefaults_Pod(pod)
	if pod.Namespace == "" {
		pod.Namespace = v1.NamespaceDefault
	}
	internal := &api.Pod{}
	if err := corev1.Convert_v1_Pod_To_core_Pod(pod, internal, nil); err != nil {
		return nil, fmt.Errorf("pod %s/%s: %w", pod.Namespace, pod.Name, err)
	}
	attrs := admission.NewAttributesRecord(internal, nil, api.Kind("Pod").WithVersion("version"), internal.Namespace, internal.Name,
		api.Resource("pods").WithVersion("version"), "", admission.Create, nil, false, nil)
	if err := defaultTolerationSeconds.Admit(ctx, attrs, nil); err != nil {
		return nil, fmt.Errorf("pod %s/%s: DefaultTolerationSeconds: %w", pod.Namespace, pod.Name, err)
	}
	prepareForCreate(internal)
	out := &v1.Pod{}
	if err := corev1.Convert_core_Pod_To_v1_Pod(internal, out, nil); err != nil {
		return nil, fmt.Errorf("pod %s/%s: %w", pod.Namespace, pod.Name, err)
	}
	out.UID = types.UID(uid)
	return out, nil
}

// Copied from k8s.io/kubernetes pkg/controller/nodelifecycle/node_lifecycle_controller.go, where it is
// unexported; drift_test.go fails when the text at the module's tag differs from this copy.
// BEGIN COPY nodeConditionToTaintKeyStatusMap
var nodeConditionToTaintKeyStatusMap = map[v1.NodeConditionType]map[v1.ConditionStatus]string{
	v1.NodeReady: {
		v1.ConditionFalse:   v1.TaintNodeNotReady,
		v1.ConditionUnknown: v1.TaintNodeUnreachable,
	},
	v1.NodeMemoryPressure: {
		v1.ConditionTrue: v1.TaintNodeMemoryPressure,
	},
	v1.NodeDiskPressure: {
		v1.ConditionTrue: v1.TaintNodeDiskPressure,
	},
	v1.NodeNetworkUnavailable: {
		v1.ConditionTrue: v1.TaintNodeNetworkUnavailable,
	},
	v1.NodePIDPressure: {
		v1.ConditionTrue: v1.TaintNodePIDPressure,
	},
}

// END COPY

// conditionTaints is the node as it stands after the node lifecycle controller reconciled it once:
// doNoScheduleTaintingPass (the NoSchedule taint per condition, in condition order, plus unschedulable; stale
// condition taints are removed) and taint-based eviction's NoExecute taint from the Ready condition
// (processTaintBaseEviction, which reads nodeutil.GetNodeCondition: the first Ready condition). The NoExecute step
// is the controller's steady state, not its rate-limited queue: a NotReady node carries not-ready:NoExecute.
func conditionTaints(node *v1.Node) {
	var want []v1.Taint
	for _, condition := range node.Status.Conditions {
		if taintMap, found := nodeConditionToTaintKeyStatusMap[condition.Type]; found {
			if taintKey, found := taintMap[condition.Status]; found {
				want = append(want, v1.Taint{Key: taintKey, Effect: v1.TaintEffectNoSchedule})
			}
		}
	}
	if node.Spec.Unschedulable {
		want = append(want, v1.Taint{Key: v1.TaintNodeUnschedulable, Effect: v1.TaintEffectNoSchedule})
	}
	have := taints.TaintSetFilter(node.Spec.Taints, func(t *v1.Taint) bool {
		if t.Effect != v1.TaintEffectNoSchedule {
			return false
		}
		if t.Key == v1.TaintNodeUnschedulable {
			return true
		}
		for _, m := range nodeConditionToTaintKeyStatusMap {
			for _, k := range m {
				if k == t.Key {
					return true
				}
			}
		}
		return false
	})
	add, del := taints.TaintSetDiff(want, have)
	node.Spec.Taints = swap(node.Spec.Taints, add, del)
	for i := range node.Status.Conditions {
		c := node.Status.Conditions[i]
		if c.Type != v1.NodeReady {
			continue
		}
		notReady := v1.Taint{Key: v1.TaintNodeNotReady, Effect: v1.TaintEffectNoExecute}
		unreachable := v1.Taint{Key: v1.TaintNodeUnreachable, Effect: v1.TaintEffectNoExecute}
		switch c.Status {
		case v1.ConditionFalse:
			node.Spec.Taints = swap(node.Spec.Taints, []*v1.Taint{&notReady}, []*v1.Taint{&unreachable})
		case v1.ConditionUnknown:
			node.Spec.Taints = swap(node.Spec.Taints, []*v1.Taint{&unreachable}, []*v1.Taint{&notReady})
		case v1.ConditionTrue:
			node.Spec.Taints = swap(node.Spec.Taints, nil, []*v1.Taint{&notReady, &unreachable})
		}
		break
	}
}

// swap is what controllerutil.SwapNodeControllerTaint does to spec.taints: taints.AddOrUpdateTaint for each taint
// to add, then taints.RemoveTaint for each to delete (pkg/controller/util/node/controller_utils.go:194, through
// controller.AddOrUpdateTaintOnNode and RemoveTaintOffNode). TimeAdded is left unset: no domain here reads it.
func swap(list []v1.Taint, add, del []*v1.Taint) []v1.Taint {
	node := &v1.Node{Spec: v1.NodeSpec{Taints: list}}
	for _, t := range add {
		if n, ok, _ := taints.AddOrUpdateTaint(node, t); ok {
			node = n
		}
	}
	for _, t := range del {
		if n, ok, _ := taints.RemoveTaint(node, t); ok {
			node = n
		}
	}
	return node.Spec.Taints
}

// limitRanger is the LimitRanger admission plugin (on by default; plugin/pkg/admission/limitranger) over a case's
// LimitRanges, as the API server stores them (decoded and defaulted: SetDefaults_LimitRangeItem). A fresh plugin per
// case: its live-lookup cache keeps a namespace's list for 30 s. Its informer's store and its client both hold them.
func limitRanger(raw []json.RawMessage) (*limitranger.LimitRanger, error) {
	var objects []runtime.Object
	for _, r := range raw {
		lr := &v1.LimitRange{}
		if err := json.Unmarshal(r, lr); err != nil {
			return nil, fmt.Errorf("limitRanges: %w", err)
		}
		legacyscheme.Scheme.Default(lr)
		objects = append(objects, lr)
	}
	client := fake.NewClientset(objects...)
	factory := informers.NewSharedInformerFactory(client, 0)
	p, err := limitranger.NewLimitRanger(&limitranger.DefaultLimitRangerActions{})
	if err != nil {
		return nil, err
	}
	p.SetExternalKubeClientSet(client)
	p.SetExternalKubeInformerFactory(factory)
	store := factory.Core().V1().LimitRanges().Informer().GetStore()
	for _, o := range objects {
		if err := store.Add(o); err != nil {
			return nil, err
		}
	}
	return p, p.ValidateInitialization()
}

// The pod evaluator the ResourceQuota plugin and the quota controller use (pkg/quota/v1/evaluator/core).
var podQuotaEvaluator = core.NewPodEvaluator(nil, clock.RealClock{})

// quotaCheck is the ResourceQuota admission plugin's check of a pod's create: CheckRequest (apiserver
// admission/plugin/resourcequota/controller.go, what the plugin's evaluator runs for each request) over the pod
// evaluator and the case's quotas of the pod's namespace. Without the plugin's work queue and status updates: the
// case creates one pod.
type quotaCheck struct{ quotas []v1.ResourceQuota }

func (q *quotaCheck) Handles(op admission.Operation) bool { return op == admission.Create }

func (q *quotaCheck) Validate(ctx context.Context, a admission.Attributes, _ admission.ObjectInterfaces) error {
	var inNamespace []v1.ResourceQuota
	for _, rq := range q.quotas {
		if rq.Namespace == a.GetNamespace() {
			inNamespace = append(inNamespace, rq)
		}
	}
	if len(inNamespace) == 0 {
		return nil
	}
	_, err := resourcequota.CheckRequest(inNamespace, a, podQuotaEvaluator, nil)
	return err
}

// resourceQuotas reads a case's quotas as the quota controller leaves them: status.hard from spec.hard (unless
// given), status.used as given, else the usage of an empty namespace (0 for each resource the pod evaluator tracks).
func resourceQuotas(raw []json.RawMessage) (*quotaCheck, error) {
	out := &quotaCheck{}
	for _, r := range raw {
		q := v1.ResourceQuota{}
		if err := json.Unmarshal(r, &q); err != nil {
			return nil, fmt.Errorf("resourceQuotas: %w", err)
		}
		legacyscheme.Scheme.Default(&q)
		if q.Namespace == "" {
			q.Namespace = v1.NamespaceDefault
		}
		if q.Status.Hard == nil {
			q.Status.Hard = q.Spec.Hard.DeepCopy()
		}
		if q.Status.Used == nil {
			q.Status.Used = v1.ResourceList{}
			for _, name := range podQuotaEvaluator.MatchingResources(quota.ResourceNames(q.Status.Hard)) {
				q.Status.Used[name] = resource.Quantity{Format: resource.DecimalSI}
			}
		}
		out.quotas = append(out.quotas, q)
	}
	return out, nil
}

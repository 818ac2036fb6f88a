package main

// evictionApi: the Eviction API's decision for one pod (pkg/registry/core/pod/storage/eviction.go EvictionREST.Create:
// canIgnorePDB, the budgets selecting the pod, unhealthyPodEvictionPolicy, checkAndDecrement), run by upstream's own
// EvictionREST (reached through //go:linkname: newEvictionStorage is unexported) over a pod store holding the one pod
// and a fake clientset holding the budgets. The answer: whether the pod was deleted, else the error's code, message
// and DisruptionBudget causes; and each budget's status after the call (the decrement, disruptedPods' keys).

import (
	"context"
	"fmt"
	"sort"
	_ "unsafe" // go:linkname

	policyv1 "k8s.io/api/policy/v1"
	v1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	genericapirequest "k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/apiserver/pkg/registry/rest"
	policyclient "k8s.io/client-go/kubernetes/typed/policy/v1"
	"k8s.io/client-go/kubernetes/fake"
	sigsjson "sigs.k8s.io/json"

	api "k8s.io/kubernetes/pkg/apis/core"
	corev1 "k8s.io/kubernetes/pkg/apis/core/v1"
	"k8s.io/kubernetes/pkg/apis/policy"
	podstore "k8s.io/kubernetes/pkg/registry/core/pod/storage"
)

//go:linkname newEvictionStorage k8s.io/kubernetes/pkg/registry/core/pod/storage.newEvictionStorage
func newEvictionStorage(store rest.StandardStorage, podDisruptionBudgetClient policyclient.PodDisruptionBudgetsGetter) *podstore.EvictionREST

// onePodStore is the pod storage the eviction subresource reads and writes: Get, the conditionAppender's Update, Delete.
// Every other method is the nil embedded interface's (the eviction path never calls them).
type onePodStore struct {
	rest.StandardStorage
	pod     *api.Pod
	deleted bool
}

func (s *onePodStore) Get(_ context.Context, name string, _ *metav1.GetOptions) (runtime.Object, error) {
	if s.deleted || name != s.pod.Name {
		return nil, apierrors.NewNotFound(api.Resource("pods"), name)
	}
	return s.pod.DeepCopy(), nil
}

func (s *onePodStore) Update(ctx context.Context, name string, objInfo rest.UpdatedObjectInfo, _ rest.ValidateObjectFunc, _ rest.ValidateObjectUpdateFunc, _ bool, _ *metav1.UpdateOptions) (runtime.Object, bool, error) {
	old, err := s.Get(ctx, name, nil)
	if err != nil {
		return nil, false, err
	}
	updated, err := objInfo.UpdatedObject(ctx, old)
	if err != nil {
		return nil, false, err
	}
	s.pod = updated.(*api.Pod)
	return s.pod.DeepCopy(), false, nil
}

func (s *onePodStore) Delete(ctx context.Context, name string, _ rest.ValidateObjectFunc, _ *metav1.DeleteOptions) (runtime.Object, bool, error) {
	old, err := s.Get(ctx, name, nil)
	if err != nil {
		return nil, false, err
	}
	s.deleted = true
	return old, true, nil
}

type evictionAPIInput struct {
	Pod  v1.Pod                         `json:"pod"`
	Pdbs []policyv1.PodDisruptionBudget `json:"pdbs"`
}

type budgetAfter struct {
	Name               string   `json:"name"`
	DisruptionsAllowed int32    `json:"disruptionsAllowed"`
	DisruptedPods      []string `json:"disruptedPods,omitempty"`
}

type evictionAPIOutput struct {
	Deleted bool          `json:"deleted"`
	Code    int32         `json:"code,omitempty"`
	Message string        `json:"message,omitempty"`
	Causes  []string      `json:"causes,omitempty"`
	Budgets []budgetAfter `json:"budgets"`
}

func evictionAPIAnswer(raw []byte) (any, error) {
	var in evictionAPIInput
	if err := sigsjson.UnmarshalCaseSensitivePreserveInts(raw, &in); err != nil {
		return nil, fmt.Errorf("input: %w", err)
	}
	pod := &api.Pod{}
	if err := corev1.Convert_v1_Pod_To_core_Pod(&in.Pod, pod, nil); err != nil {
		return nil, fmt.Errorf("pod: %w", err)
	}
	objects := make([]runtime.Object, len(in.Pdbs))
	for i := range in.Pdbs {
		objects[i] = &in.Pdbs[i]
	}
	client := fake.NewSimpleClientset(objects...)
	store := &onePodStore{pod: pod}
	ctx := genericapirequest.WithNamespace(context.Background(), pod.Namespace)
	eviction := &policy.Eviction{ObjectMeta: metav1.ObjectMeta{Name: pod.Name, Namespace: pod.Namespace}}
	var out evictionAPIOutput
	result, err := newEvictionStorage(store, client.PolicyV1()).Create(ctx, pod.Name, eviction, nil, &metav1.CreateOptions{})
	if status, ok := err.(apierrors.APIStatus); ok {
		out.Code, out.Message = status.Status().Code, status.Status().Message
		if d := status.Status().Details; d != nil {
			for _, c := range d.Causes {
				out.Causes = append(out.Causes, c.Message)
			}
		}
	} else if err != nil {
		return nil, err
	} else if s, ok := result.(*metav1.Status); ok && s.Status != metav1.StatusSuccess {
		out.Code, out.Message = s.Code, s.Message
	}
	out.Deleted = store.deleted
	for _, b := range in.Pdbs {
		got, err := client.PolicyV1().PodDisruptionBudgets(b.Namespace).Get(context.Background(), b.Name, metav1.GetOptions{})
		if err != nil {
			return nil, err
		}
		after := budgetAfter{Name: b.Name, DisruptionsAllowed: got.Status.DisruptionsAllowed}
		for name := range got.Status.DisruptedPods {
			after.DisruptedPods = append(after.DisruptedPods, name)
		}
		sort.Strings(after.DisruptedPods)
		out.Budgets = append(out.Budgets, after)
	}
	return out, nil
}

package main

// The e2e domain: from what a user passes to what the cluster does with it, each step by upstream's own code.
//  1. The workload as written goes through the API server's create path (create.go createObject: strict decoding,
//     defaulting, the mutating admission plugins DefaultTolerationSeconds, ExtendedResourceToleration when asked and
//     RuntimeClass, the registry strategy's PrepareForCreate and validation, RuntimeClass's validating admission).
//  2. Its controller builds the pod (workloads.go), which goes through the same create path (SetDefaults_Pod gives a
//     hostNetwork pod's ports their hostPort; the strategy merges matchLabelKeys into pod affinity and topology spread
//     selectors); a pod the API server refuses is the answer.
//  3. The nodes as dumped are decoded and defaulted (SetObjectDefaults_Node: allocatable from capacity), then the node
//     lifecycle controller's own passes give them their condition taints (lifecycle.go). Existing pods are defaulted
//     and admitted as the scheduling domain does (admit.go admitPod). Namespaces are defaulted (their
//     kubernetes.io/metadata.name label).
//  4. The scheduler (scheduling.go, the long-lived one) decides, with the Services and the pod's owner (ReplicaSet,
//     StatefulSet) in its informers, so that PodTopologySpread's system default constraints select as in a cluster.
//     A DaemonSet's pod per node is decided on its own node, where NodeShouldRunDaemonPod wants one.

import (
	"context"
	"encoding/json"
	"fmt"

	sigsjson "sigs.k8s.io/json"

	appsv1 "k8s.io/api/apps/v1"
	v1 "k8s.io/api/core/v1"
	nodev1 "k8s.io/api/node/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes/fake"
	clienttesting "k8s.io/client-go/testing"
	"k8s.io/client-go/tools/cache"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
	daemonutil "k8s.io/kubernetes/pkg/controller/daemon/util"
	"k8s.io/kubernetes/plugin/pkg/admission/runtimeclass"
	"k8s.io/kubernetes/plugin/pkg/admission/serviceaccount"
)

type e2eInput struct {
	Workload json.RawMessage   `json:"workload"`
	Nodes    []json.RawMessage `json:"nodes"`
	// Pods are the cluster's other pods as dumped (bound by spec.nodeName; Succeeded/Failed ones are not scheduled against).
	Pods []v1.Pod `json:"pods"`
	// Replicas are pods the workload's controller made before, bound to these nodes.
	Replicas       []string              `json:"replicas"`
	Namespaces     []v1.Namespace        `json:"namespaces"`
	Services       []v1.Service          `json:"services"`
	RuntimeClasses []nodev1.RuntimeClass `json:"runtimeClasses"`
	// ExtendedResourceToleration turns that (default-off) admission plugin on, as some clouds' presets do.
	ExtendedResourceToleration bool `json:"extendedResourceToleration"`
	// Storage: the cluster's storage objects as dumped (storage.go), given to the scheduler with the claims a
	// StatefulSet's controller creates (claims.go); its StorageClasses feed DefaultStorageClass admission.
	Storage []json.RawMessage `json:"storage"`
}

type e2eRefusal struct {
	// Object is what the API server refuses: workload, job (a CronJob's), claim (a StatefulSet's), pod, nodes[i] (a
	// quantity it cannot decode).
	Object string `json:"object"`
	*createOutput
}

// daemonNode is a DaemonSet's answer for one node: whether the controller makes a pod for it, that pod's status
// on the node, and when it stays Pending its own FitError (pinned to the node, every other node is NodeAffinity's).
type daemonNode struct {
	Node     string      `json:"node"`
	Run      bool        `json:"run"`
	Status   *NodeStatus `json:"status,omitempty"`
	FitError string      `json:"fitError,omitempty"`
}

type e2eOutput struct {
	// Rejected: the API server refuses an object (not "refused", which the run reads as the library throwing).
	Rejected *e2eRefusal `json:"rejected,omitempty"`
	// NoPods says why the controller creates no pod (a suspended Job or CronJob).
	NoPods     string            `json:"noPods,omitempty"`
	Scheduling *schedulingOutput `json:"scheduling,omitempty"`
	Daemon     []daemonNode      `json:"daemon,omitempty"`
	// Taints and Labels are what the scheduler was given (the nodes' taints after the node lifecycle controller, the
	// pod's labels after its controller and the create path), for reading a difference; not compared.
	Taints map[string][]v1.Taint `json:"taints,omitempty"`
	Labels map[string]string     `json:"labels,omitempty"`
	// Claims are the PersistentVolumeClaims the StatefulSet's controller created for the pod in question (claims.go).
	Claims []*v1.PersistentVolumeClaim `json:"claims,omitempty"`
}

// The RuntimeClass admission plugin (on by default), its lister fed per question; a name its informer does not hold
// is looked up on an empty fake clientset (not found).
var runtimeClassAdmission, runtimeClassStore = func() (*runtimeclass.RuntimeClass, cache.Store) {
	client := fake.NewClientset()
	factory := informers.NewSharedInformerFactory(client, 0)
	p := runtimeclass.NewRuntimeClass()
	p.SetExternalKubeClientSet(client)
	p.SetExternalKubeInformerFactory(factory)
	if err := p.ValidateInitialization(); err != nil {
		panic(err)
	}
	return p, factory.Node().V1().RuntimeClasses().Informer().GetStore()
}()

// The ServiceAccount admission plugin (on by default): it gives a pod without serviceAccountName the namespace's
// `default` and mounts its token (a projected volume), before validation, which refuses a serviceAccountToken projection
// in a pod without a serviceAccountName (linkerd's injected pods carry one). Every ServiceAccount a pod names exists
// (the ServiceAccount controller makes `default` in every namespace; a manifest applies its own): its lister is empty
// and the fake clientset answers every lookup with one, as the plugin falls back to the API (getServiceAccount).
var serviceAccountAdmission = func() *serviceaccount.Plugin {
	client := fake.NewClientset()
	client.PrependReactor("get", "serviceaccounts", func(action clienttesting.Action) (bool, runtime.Object, error) {
		get := action.(clienttesting.GetAction)
		return true, &v1.ServiceAccount{ObjectMeta: metav1.ObjectMeta{Name: get.GetName(), Namespace: get.GetNamespace()}}, nil
	})
	p := serviceaccount.NewServiceAccount()
	p.SetExternalKubeClientSet(client)
	p.SetExternalKubeInformerFactory(informers.NewSharedInformerFactory(client, 0))
	if err := p.ValidateInitialization(); err != nil {
		panic(err)
	}
	return p
}()

func toVersioned(internal runtime.Object, gvk *schema.GroupVersionKind) (runtime.Object, error) {
	return legacyscheme.Scheme.ConvertToVersion(internal, gvk.GroupVersion())
}

func (o *schedulingOracle) e2eAnswer(ctx context.Context, raw []byte) (*e2eOutput, error) {
	var in e2eInput
	if err := sigsjson.UnmarshalCaseSensitivePreserveInts(raw, &in); err != nil {
		return nil, fmt.Errorf("input: %w", err)
	}
	for _, rc := range in.RuntimeClasses {
		if err := runtimeClassStore.Add(rc.DeepCopy()); err != nil {
			return nil, err
		}
	}
	defer runtimeClassStore.Replace(nil, "")
	unloadClasses, err := storageClassesLoaded(in.Storage)
	if err != nil {
		return nil, err
	}
	defer unloadClasses()
	opts := createOptions{
		mutating:   append(admissionPlugins(in.ExtendedResourceToleration), runtimeClassAdmission, serviceAccountAdmission),
		validating: []admission.ValidationInterface{runtimeClassAdmission, serviceAccountAdmission},
	}
	workloadOpts := createOptions{mutating: opts.mutating, validating: opts.validating, uid: "e2e-workload"}
	if readFromCluster(in.Workload) {
		// the library validates a workload read from a cluster (a dump: uid, status, …) as the update of itself
		// (engine/validate.ts validateInput); its controller then makes pods from it as stored
		refused, err := updateSelfRefusal(ctx, in.Workload)
		if err != nil || refused != nil {
			return &e2eOutput{Rejected: refusedAs("workload", refused)}, err
		}
		workloadOpts.stored = true
	}
	internal, gvk, refused, err := createObject(ctx, in.Workload, workloadOpts)
	if err != nil || refused != nil {
		return &e2eOutput{Rejected: refusedAs("workload", refused)}, err
	}
	workload, err := toVersioned(internal, gvk)
	if err != nil {
		return nil, err
	}
	nodes, refusedNode, err := e2eNodes(ctx, in.Nodes)
	if err != nil || refusedNode != nil {
		return &e2eOutput{Rejected: refusedNode}, err
	}
	made, refusedJob, err := controllerPods(ctx, workload, nodes, opts)
	if err != nil || refusedJob != nil {
		return &e2eOutput{Rejected: refusedJob}, err
	}
	if made.noPods != "" {
		return &e2eOutput{NoPods: made.noPods}, nil
	}
	out := &e2eOutput{Taints: map[string][]v1.Taint{}}
	for _, n := range nodes {
		out.Taints[n.Name] = n.Spec.Taints
	}
	cluster := &schedulingInput{Namespaces: in.Namespaces, Pods: in.Pods, Storage: in.Storage, reconciled: true}
	if made.daemon != nil && !daemonutil.AllowsSurge(made.daemon) {
		// a DaemonSet's rollout deletes a node's old pod before it creates the new one unless it surges
		// (pkg/controller/daemon/update.go rollingUpdate; OnDelete waits for the deletion): its pods never meet the pods it
		// controls, which a dump of the cluster holds
		cluster.Pods = withoutControlledBy(cluster.Pods, made.daemon)
	}
	for i := range cluster.Namespaces {
		legacyscheme.Scheme.Default(&cluster.Namespaces[i])
	}
	for _, n := range nodes {
		cluster.Nodes = append(cluster.Nodes, *n)
	}
	unload, err := o.loadObjects(in.Services, made.owners)
	if err != nil {
		return nil, err
	}
	defer unload()
	if made.daemon != nil {
		out.Daemon, out.Rejected, err = o.daemonAnswer(ctx, made, nodes, cluster, opts)
		return out, err
	}
	// a StatefulSet's controller creates the claims of the pod in question before the pod (those of the replicas made
	// before are not in the question: their claims would be bound by now)
	set, _ := workload.(*appsv1.StatefulSet)
	var claims []*v1.PersistentVolumeClaim
	if set != nil && len(set.Spec.VolumeClaimTemplates) > 0 {
		built, err := made.pod(0)
		if err != nil {
			return &e2eOutput{Rejected: &e2eRefusal{Object: "pod", createOutput: &createOutput{Refused: err.Error()}}}, nil
		}
		given, err := givenClaims(in.Storage)
		if err != nil {
			return nil, err
		}
		var refusal *e2eRefusal
		if claims, refusal, err = createClaims(ctx, set, built, given, opts); err != nil || refusal != nil {
			return &e2eOutput{Rejected: refusal}, err
		}
	}
	// the replicas made before (ordinals or indexes 1, 2, …), and the pod in question: 0, as the library's subject
	for i, node := range in.Replicas {
		pod, refusal, err := createPod(ctx, made, i+1, opts)
		if err != nil || refusal != nil {
			return &e2eOutput{Rejected: refusal}, err
		}
		// running: bound, and its scheduling gates long removed (the API server refuses a nodeName before that)
		pod.Spec.NodeName, pod.Spec.SchedulingGates, pod.Status.Phase = node, nil, v1.PodRunning
		cluster.Pods = append(cluster.Pods, *pod)
	}
	pod, refusal, err := createPod(ctx, made, 0, opts)
	if err != nil || refusal != nil {
		return &e2eOutput{Rejected: refusal}, err
	}
	cluster.Pod, out.Labels = *pod, pod.Labels
	if claims != nil {
		claimsOwned(ctx, set, pod, claims)
		created, err := claimsAsStorage(claims)
		if err != nil {
			return nil, err
		}
		cluster.Storage, out.Claims = append(append([]json.RawMessage{}, in.Storage...), created...), claims
	}
	out.Scheduling, err = o.decide(ctx, cluster)
	return out, err
}

func refusedAs(object string, refused *createOutput) *e2eRefusal {
	if refused == nil {
		return nil
	}
	return &e2eRefusal{Object: object, createOutput: refused}
}

// createPod builds the controller's pod i and creates it through the API server; the answer is the stored pod.
func createPod(ctx context.Context, made *workloadPods, i int, opts createOptions) (*v1.Pod, *e2eRefusal, error) {
	if made.created != nil {
		return made.created.DeepCopy(), nil, nil
	}
	pod, err := made.pod(i)
	if err != nil {
		return nil, &e2eRefusal{Object: "pod", createOutput: &createOutput{Refused: err.Error()}}, nil
	}
	pod.APIVersion, pod.Kind = "v1", "Pod"
	body, err := json.Marshal(pod)
	if err != nil {
		return nil, nil, err
	}
	// controllers create through client-go, which does not ask for strict field validation
	internal, gvk, refused, err := createObject(ctx, body, createOptions{lenient: true, mutating: opts.mutating, validating: opts.validating, uid: fmt.Sprintf("e2e-pod-%d", i)})
	if err != nil || refused != nil {
		return nil, refusedAs("pod", refused), err
	}
	versioned, err := toVersioned(internal, gvk)
	if err != nil {
		return nil, nil, err
	}
	return versioned.(*v1.Pod), nil, nil
}

// e2eNodes decodes the nodes as a cluster holds them (leniently: a dump is not a create) and defaults them, then
// runs the node lifecycle controller over them.
func e2eNodes(ctx context.Context, raws []json.RawMessage) ([]*v1.Node, *e2eRefusal, error) {
	nodes := make([]*v1.Node, len(raws))
	for i, raw := range raws {
		obj, _, err := lenientDeserializer.Decode(raw, nil, nil)
		if err != nil {
			return nil, &e2eRefusal{Object: fmt.Sprintf("nodes[%d]", i), createOutput: &createOutput{Decode: err.Error()}}, nil
		}
		node, ok := obj.(*v1.Node)
		if !ok {
			return nil, nil, fmt.Errorf("nodes[%d] is a %T", i, obj)
		}
		legacyscheme.Scheme.Default(node)
		node.UID = types.UID(fmt.Sprintf("node-%d", i))
		nodes[i] = node
	}
	reconciled, err := reconcileNodes(ctx, nodes)
	return reconciled, nil, err
}

// loadObjects puts the Services and the pod's owners into the scheduler's informers (PodTopologySpread lists them
// for its system default constraints: helper.DefaultSelector); the returned func takes them out again.
func (o *schedulingOracle) loadObjects(services []v1.Service, owners []runtime.Object) (func(), error) {
	var added storedObjects
	add, unload := added.add, added.unload
	for i := range services {
		if err := add(o.factory.Core().V1().Services().Informer().GetStore(), services[i].DeepCopy()); err != nil {
			unload()
			return nil, err
		}
	}
	for _, owner := range owners {
		var err error
		switch w := owner.(type) {
		case *appsv1.ReplicaSet:
			err = add(o.factory.Apps().V1().ReplicaSets().Informer().GetStore(), w)
		case *appsv1.StatefulSet:
			err = add(o.factory.Apps().V1().StatefulSets().Informer().GetStore(), w)
		}
		if err != nil {
			unload()
			return nil, err
		}
	}
	return unload, nil
}

// daemonAnswer: per node, NodeShouldRunDaemonPod (on the reconciled node, as the daemon controller's lister holds
// it), then that node's pod through the create path and the scheduler; its status on its own node.
func (o *schedulingOracle) daemonAnswer(ctx context.Context, made *workloadPods, nodes []*v1.Node, cluster *schedulingInput, opts createOptions) ([]daemonNode, *e2eRefusal, error) {
	out := []daemonNode{}
	for i, node := range nodes {
		if !nodeShouldRunDaemonPod(ctx, node, made.daemon) {
			out = append(out, daemonNode{Node: node.Name})
			continue
		}
		pod, refusal, err := createPod(ctx, made, i, opts)
		if err != nil || refusal != nil {
			return nil, refusal, err
		}
		cluster.Pod = *pod
		answer, err := o.decide(ctx, cluster)
		if err != nil {
			return nil, nil, err
		}
		status := statusOn(answer, node.Name)
		out = append(out, daemonNode{Node: node.Name, Run: true, Status: &status, FitError: answer.FitError})
	}
	return out, nil, nil
}

func statusOn(answer *schedulingOutput, node string) NodeStatus {
	for _, n := range answer.Nodes {
		if n.Node == node {
			return n
		}
	}
	// a gated pod is never filtered
	return NodeStatus{Node: node, Code: "Gated", Reasons: []string{answer.Gated}}
}

// withoutControlledBy: the pods whose controller reference is not the DaemonSet's (by kind and name, in its namespace:
// a dump's pods carry no uid the question's DaemonSet has).
func withoutControlledBy(pods []v1.Pod, ds *appsv1.DaemonSet) []v1.Pod {
	out := []v1.Pod{}
	for _, p := range pods {
		ref := metav1.GetControllerOfNoCopy(&p)
		ns := p.Namespace
		if ns == "" {
			ns = metav1.NamespaceDefault
		}
		if ref != nil && ref.Kind == "DaemonSet" && ref.Name == ds.Name && ns == ds.Namespace {
			continue
		}
		out = append(out, p)
	}
	return out
}

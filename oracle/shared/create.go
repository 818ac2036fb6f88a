package main

// The API server's create path for one object, as kube-apiserver runs it (staging apiserver
// pkg/endpoints/handlers/create.go, then pkg/registry/generic/registry/store.go Store.create): strict decoding
// (kubectl's default fieldValidation=Strict), defaulting, conversion to the internal type, the mutating admission
// plugins of the preset (DefaultTolerationSeconds on by default; ExtendedResourceToleration when asked), the
// system metadata, then rest.BeforeCreate (namespace check, the registry strategy's PrepareForCreate and Validate,
// ValidateObjectMetaAccessor). Its answer is the refusal (decode text, strict errors, or the field.ErrorList of the
// Invalid status: type, field, detail, body) or the admitted object converted back to its version.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	schedulingv1 "k8s.io/api/scheduling/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/apiserver/pkg/authentication/user"
	genericapirequest "k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/apiserver/pkg/registry/rest"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/kubernetes/fake"
	"k8s.io/client-go/tools/cache"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
	_ "k8s.io/kubernetes/pkg/apis/apps/install"
	_ "k8s.io/kubernetes/pkg/apis/batch/install"
	_ "k8s.io/kubernetes/pkg/apis/core/install"
	_ "k8s.io/kubernetes/pkg/apis/node/install"
	_ "k8s.io/kubernetes/pkg/apis/policy/install"
	_ "k8s.io/kubernetes/pkg/apis/scheduling/install"
	_ "k8s.io/kubernetes/pkg/apis/storage/install"
	"k8s.io/kubernetes/pkg/registry/apps/daemonset"
	"k8s.io/kubernetes/pkg/registry/apps/deployment"
	"k8s.io/kubernetes/pkg/registry/apps/replicaset"
	"k8s.io/kubernetes/pkg/registry/apps/statefulset"
	"k8s.io/kubernetes/pkg/registry/batch/cronjob"
	"k8s.io/kubernetes/pkg/registry/batch/job"
	"k8s.io/kubernetes/pkg/registry/core/namespace"
	"k8s.io/kubernetes/pkg/registry/core/node"
	"k8s.io/kubernetes/pkg/registry/core/persistentvolume"
	"k8s.io/kubernetes/pkg/registry/core/persistentvolumeclaim"
	"k8s.io/kubernetes/pkg/registry/core/pod"
	"k8s.io/kubernetes/pkg/registry/node/runtimeclass"
	"k8s.io/kubernetes/pkg/registry/policy/poddisruptionbudget"
	"k8s.io/kubernetes/pkg/registry/scheduling/priorityclass"
	"k8s.io/kubernetes/pkg/registry/storage/csidriver"
	"k8s.io/kubernetes/pkg/registry/storage/csinode"
	"k8s.io/kubernetes/pkg/registry/storage/storageclass"
	"k8s.io/kubernetes/plugin/pkg/admission/extendedresourcetoleration"
	"k8s.io/kubernetes/plugin/pkg/admission/priority"
)

type createInput struct {
	Object json.RawMessage `json:"object"`
	// ExtendedResourceToleration turns that (default-off) admission plugin on, as some clouds' presets do.
	ExtendedResourceToleration bool `json:"extendedResourceToleration"`
	// StorageClasses are the cluster's, for the DefaultStorageClass admission plugin (a PersistentVolumeClaim's create).
	StorageClasses []json.RawMessage `json:"storageClasses"`
	// LimitRanges are the namespaces' (v1), for the LimitRanger admission plugin (on by default): its Admit runs
	// first of the mutating plugins, its Validate after the strategy's validation.
	LimitRanges []json.RawMessage `json:"limitRanges"`
	// ResourceQuotas are the namespaces' (v1), for the ResourceQuota admission plugin (on by default, the last
	// validating plugin).
	ResourceQuotas []json.RawMessage `json:"resourceQuotas"`
	// PriorityClasses are the cluster's (scheduling.k8s.io/v1), for the Priority admission plugin's Validate (on by
	// default) on a PriorityClass's create: a second globalDefault class is refused.
	PriorityClasses []json.RawMessage `json:"priorityClasses"`
}

type fieldError struct {
	Type  string `json:"type"`
	Field string `json:"field"`
	// Body is ErrorBody(): what `kubectl` prints after the field (`Invalid value: "x": detail`), BadValue rendered.
	Body string `json:"body"`
}

type createOutput struct {
	// Decode is the decoder's error for a body it cannot read into the type (wrong JSON types, bad quantities).
	Decode string `json:"decode,omitempty"`
	// Strict lists the strict decoding errors (unknown and duplicate fields) that fieldValidation=Strict refuses.
	Strict []string `json:"strict,omitempty"`
	// Refused is any other error status (namespace mismatch, internal errors).
	Refused string       `json:"refused,omitempty"`
	Errors  []fieldError `json:"errors,omitempty"`
	// Object is the admitted object, converted back to the body's version.
	Object json.RawMessage `json:"object,omitempty"`
}

type createKind struct {
	strategy rest.RESTCreateStrategy
	resource string
}

// The registry strategies of the kinds the library validates (pkg/registry/*/strategy.go: var Strategy).
var createKinds = map[schema.GroupKind]createKind{
	{Group: "", Kind: "Pod"}:                   {pod.Strategy, "pods"},
	{Group: "", Kind: "Node"}:                  {node.Strategy, "nodes"},
	{Group: "", Kind: "Namespace"}:             {namespace.Strategy, "namespaces"},
	{Group: "", Kind: "PersistentVolumeClaim"}: {persistentvolumeclaim.Strategy, "persistentvolumeclaims"},
	{Group: "apps", Kind: "Deployment"}:        {deployment.Strategy, "deployments"},
	{Group: "apps", Kind: "ReplicaSet"}:        {replicaset.Strategy, "replicasets"},
	{Group: "apps", Kind: "StatefulSet"}:       {statefulset.Strategy, "statefulsets"},
	{Group: "apps", Kind: "DaemonSet"}:         {daemonset.Strategy, "daemonsets"},
	{Group: "batch", Kind: "Job"}:              {job.Strategy, "jobs"},
	{Group: "batch", Kind: "CronJob"}:          {cronjob.Strategy, "cronjobs"},
	// cluster-scoped (the strategy's NamespaceScoped is false: kubectl sends it without a namespace)
	{Group: "scheduling.k8s.io", Kind: "PriorityClass"}: {priorityclass.Strategy, "priorityclasses"},
	{Group: "policy", Kind: "PodDisruptionBudget"}:      {poddisruptionbudget.Strategy, "poddisruptionbudgets"},
	{Group: "", Kind: "PersistentVolume"}:               {persistentvolume.Strategy, "persistentvolumes"},
	// storage.k8s.io and node.k8s.io, cluster-scoped too
	{Group: "storage.k8s.io", Kind: "StorageClass"}: {storageclass.Strategy, "storageclasses"},
	{Group: "storage.k8s.io", Kind: "CSINode"}:      {csinode.Strategy, "csinodes"},
	{Group: "storage.k8s.io", Kind: "CSIDriver"}:    {csidriver.Strategy, "csidrivers"},
	{Group: "node.k8s.io", Kind: "RuntimeClass"}:    {runtimeclass.Strategy, "runtimeclasses"},
}

// The apiserver's strict serializers (CodecFactory with EnableStrict), built once.
var strictDeserializer = serializer.NewCodecFactory(legacyscheme.Scheme, serializer.EnableStrict).UniversalDeserializer()

var extendedResourceToleration = func() admission.MutationInterface {
	plugins := admission.NewPlugins()
	extendedresourcetoleration.Register(plugins)
	p, err := plugins.InitPlugin("ExtendedResourceToleration", nil, admission.PluginInitializers{})
	if err != nil {
		panic(err)
	}
	return p.(admission.MutationInterface)
}()

// The UID FillObjectMetaSystemFields would draw at random; fixed so that answers (a Job's generated
// controller-uid selector) are reproducible.
const createUID = "00000000-0000-4000-8000-000000000000"

func createAnswer(ctx context.Context, raw json.RawMessage) (*createOutput, error) {
	var in createInput
	if err := json.Unmarshal(raw, &in); err != nil {
		return nil, err
	}
	unload, err := storageClassesLoaded(in.StorageClasses)
	if err != nil {
		return nil, err
	}
	defer unload()
	opts := createOptions{mutating: admissionPlugins(in.ExtendedResourceToleration), uid: createUID}
	if len(in.LimitRanges) > 0 {
		lr, err := limitRanger(in.LimitRanges)
		if err != nil {
			return nil, err
		}
		// LimitRanger comes before the other mutating plugins modelled (AllOrderedPlugins)
		opts.mutating = append([]admission.MutationInterface{lr}, opts.mutating...)
		opts.validating = append(opts.validating, lr)
	}
	if len(in.PriorityClasses) > 0 {
		unloadClasses, err := priorityClassesLoaded(in.PriorityClasses)
		if err != nil {
			return nil, err
		}
		defer unloadClasses()
		opts.validating = append(opts.validating, priorityAdmission)
	}
	if len(in.ResourceQuotas) > 0 {
		rq, err := resourceQuotas(in.ResourceQuotas)
		if err != nil {
			return nil, err
		}
		opts.validating = append(opts.validating, rq)
	}
	internal, gvk, refused, err := createObject(ctx, in.Object, opts)
	if err != nil || refused != nil {
		return refused, err
	}
	out, err := legacyscheme.Scheme.ConvertToVersion(internal, gvk.GroupVersion())
	if err != nil {
		return nil, err
	}
	text, err := json.Marshal(out)
	if err != nil {
		return nil, err
	}
	return &createOutput{Object: text}, nil
}

// createOptions say how one object is created: the admission plugins in force and the UID the server assigns.
type createOptions struct {
	// lenient: decode without fieldValidation=Strict, as client-go sends the objects controllers create.
	lenient    bool
	mutating   []admission.MutationInterface
	validating []admission.ValidationInterface
	uid        string
	// stored: a body read from a cluster, whose update of itself was asked already (updateSelfRefusal): the strategy
	// prepares it as for a create, without the create's validation.
	stored bool
}

// The decoder the create path reads a body with (the strict one unless lenient).
var lenientDeserializer = legacyscheme.Codecs.UniversalDeserializer()

// createObject runs the create path on one body: the admitted internal object and its kind, or the refusal.
func createObject(ctx context.Context, body []byte, opts createOptions) (runtime.Object, *schema.GroupVersionKind, *createOutput, error) {
	decoder := strictDeserializer
	if opts.lenient {
		decoder = lenientDeserializer
	}
	versioned, gvk, err := decoder.Decode(body, nil, nil)
	if err != nil {
		if strict, ok := err.(interface{ Errors() []error }); ok && runtime.IsStrictDecodingError(err) {
			out := &createOutput{Strict: []string{}}
			for _, e := range strict.Errors() {
				out.Strict = append(out.Strict, e.Error())
			}
			return nil, nil, out, nil
		}
		return nil, nil, &createOutput{Decode: err.Error()}, nil
	}
	kind, ok := createKinds[gvk.GroupKind()]
	if !ok {
		return nil, nil, nil, fmt.Errorf("create: kind %s is not modelled", gvk)
	}
	legacyscheme.Scheme.Default(versioned)
	internal, err := legacyscheme.Scheme.ConvertToVersion(versioned, schema.GroupVersion{Group: gvk.Group, Version: runtime.APIVersionInternal})
	if err != nil {
		return nil, nil, &createOutput{Decode: err.Error()}, nil
	}
	objectMeta, err := meta.Accessor(internal)
	if err != nil {
		return nil, nil, nil, err
	}
	// kubectl sends a namespaced object to its own namespace, or to the context's ("default")
	ns := ""
	if kind.strategy.NamespaceScoped() {
		ns = objectMeta.GetNamespace()
		if ns == "" {
			ns = metav1.NamespaceDefault
		}
	}
	ctx = genericapirequest.WithNamespace(ctx, ns)
	ctx = genericapirequest.WithRequestInfo(ctx, &genericapirequest.RequestInfo{IsResourceRequest: true, Verb: "create",
		APIPrefix: "apis", APIGroup: gvk.Group, APIVersion: gvk.Version, Namespace: ns, Resource: kind.resource, Name: objectMeta.GetName()})
	if err := rest.EnsureObjectNamespaceMatchesRequestNamespace(rest.ExpectedNamespaceForScope(ns, kind.strategy.NamespaceScoped()), objectMeta); err != nil {
		return nil, nil, &createOutput{Refused: err.Error()}, nil
	}
	// The create handler's field manager runs before admission (apiserver pkg/endpoints/handlers/create.go:
	// scope.FieldManager.UpdateNoErrors): it keeps the request's managedFields only when they decode
	// (managedfields/internal fieldmanager.go decodeLiveOrNew, else the live object's: none on create) and writes its
	// own entry, so what validation meets always validates. The request's entries are dropped here, which validation
	// cannot tell apart (kubernetes/api testdata's objects carry `fieldsType: fieldsTypeValue`).
	objectMeta.SetManagedFields(nil)
	attrs := admissionAttributes(internal, gvk, ns, objectMeta.GetName(), kind.resource)
	if err := admitCreate(ctx, attrs, opts.mutating); err != nil {
		return nil, nil, &createOutput{Refused: err.Error()}, nil
	}
	rest.FillObjectMetaSystemFields(objectMeta)
	objectMeta.SetUID(types.UID(opts.uid))
	if opts.stored {
		kind.strategy.PrepareForCreate(ctx, internal)
	} else if err := rest.BeforeCreate(kind.strategy, ctx, internal); err != nil {
		return nil, nil, refusal(err), nil
	}
	// the validating admission plugins run after the strategy (registry/generic/registry/store.go Store.create: createValidation)
	for _, p := range opts.validating {
		if !p.Handles(admission.Create) {
			continue
		}
		if err := p.Validate(ctx, attrs, nil); err != nil {
			return nil, nil, &createOutput{Refused: err.Error()}, nil
		}
	}
	return internal, gvk, nil, nil
}

// admissionPlugins are the mutating plugins of the preset: DefaultTolerationSeconds and ExtendedResourceToleration
// when the case asks (both look at pods only), and DefaultStorageClass (on by default; PersistentVolumeClaims only,
// over the StorageClasses storageClassesLoaded put in its lister). Each handles one kind, so their order
// (AllOrderedPlugins, pkg/kubeapiserver/options/plugins.go) does not matter here.
func admissionPlugins(ert bool) []admission.MutationInterface {
	plugins := []admission.MutationInterface{defaultTolerationSeconds}
	if ert {
		plugins = append(plugins, extendedResourceToleration)
	}
	return append(plugins, defaultStorageClass)
}

func admissionAttributes(obj runtime.Object, gvk *schema.GroupVersionKind, ns, name, resource string) admission.Attributes {
	return admission.NewAttributesRecord(obj, nil, gvk.GroupKind().WithVersion(runtime.APIVersionInternal), ns, name,
		schema.GroupResource{Group: gvk.Group, Resource: resource}.WithVersion(runtime.APIVersionInternal), "", admission.Create,
		&metav1.CreateOptions{}, false, &user.DefaultInfo{Name: "oracle"})
}

// admitCreate runs the mutating admission plugins in order.
func admitCreate(ctx context.Context, attrs admission.Attributes, plugins []admission.MutationInterface) error {
	for _, p := range plugins {
		if !p.Handles(admission.Create) {
			continue
		}
		if err := p.Admit(ctx, attrs, nil); err != nil {
			return err
		}
	}
	return nil
}

// refusal turns BeforeCreate's error into the answer: the causes of an Invalid status are the field.ErrorList
// (NewInvalid: Type, Field, ErrorBody()).
func refusal(err error) *createOutput {
	var status *apierrors.StatusError
	if !errors.As(err, &status) || status.ErrStatus.Reason != metav1.StatusReasonInvalid || status.ErrStatus.Details == nil {
		return &createOutput{Refused: err.Error()}
	}
	out := &createOutput{Errors: []fieldError{}}
	for _, c := range status.ErrStatus.Details.Causes {
		out.Errors = append(out.Errors, fieldError{Type: string(c.Type), Field: c.Field, Body: c.Message})
	}
	return out
}

// The Priority admission plugin (plugin/pkg/admission/priority), its PriorityClass lister fed per question
// (priorityClassesLoaded). Only its Validate is run: on a PriorityClass's create it refuses a second globalDefault class.
var priorityAdmission, priorityClassStore = func() (admission.ValidationInterface, cache.Store) {
	factory := informers.NewSharedInformerFactory(fake.NewClientset(), 0)
	plugins := admission.NewPlugins()
	priority.Register(plugins)
	p, err := plugins.InitPlugin(priority.PluginName, nil, admission.PluginInitializers{informerFactoryInitializer{factory}, clientInitializer{fake.NewClientset()}})
	if err != nil {
		panic(err)
	}
	return p.(admission.ValidationInterface), factory.Scheduling().V1().PriorityClasses().Informer().GetStore()
}()

// clientInitializer hands a plugin a client, as the API server's generic initializer does (the Priority plugin
// requires one; the create path never calls it).
type clientInitializer struct {
	client kubernetes.Interface
}

func (i clientInitializer) Initialize(p admission.Interface) {
	if w, ok := p.(interface{ SetExternalKubeClientSet(kubernetes.Interface) }); ok {
		w.SetExternalKubeClientSet(i.client)
	}
}

// priorityClassesLoaded puts the cluster's PriorityClasses into the Priority plugin's lister; the returned func
// empties it again.
func priorityClassesLoaded(raws []json.RawMessage) (func(), error) {
	unload := func() { _ = priorityClassStore.Replace(nil, "") }
	for i, raw := range raws {
		pc := &schedulingv1.PriorityClass{}
		if err := json.Unmarshal(raw, pc); err != nil {
			unload()
			return nil, fmt.Errorf("priorityClasses[%d]: %w", i, err)
		}
		if err := priorityClassStore.Add(pc); err != nil {
			unload()
			return nil, err
		}
	}
	return unload, nil
}

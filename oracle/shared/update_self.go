package main

// The API server's verdict on an object read from a cluster and written back unchanged (`kubectl apply` of a dump):
// the update path of one object against itself as the stored one (apiserver pkg/registry/generic/registry/store.go
// Store.Update: decoding, defaulting, then rest.BeforeUpdate with the registry strategy's PrepareForUpdate and
// ValidateUpdate, and from 1.37 declarative validation with its ratcheting of unchanged fields). No admission plugin
// runs. The library asks its validateInput of an object read from a cluster (`update`: validation-workloads.ts).
// The answer has createOutput's form (decode, strict, errors, refused; accepted: the object's kind only).

import (
	"context"
	"encoding/json"
	"fmt"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	genericapirequest "k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/apiserver/pkg/registry/rest"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
)

func updateSelfAnswer(ctx context.Context, raw json.RawMessage) (*createOutput, error) {
	var in createInput
	if err := json.Unmarshal(raw, &in); err != nil {
		return nil, err
	}
	versioned, gvk, err := strictDeserializer.Decode(in.Object, nil, nil)
	if err != nil {
		if strict, ok := err.(interface{ Errors() []error }); ok && runtime.IsStrictDecodingError(err) {
			out := &createOutput{Strict: []string{}}
			for _, e := range strict.Errors() {
				out.Strict = append(out.Strict, e.Error())
			}
			return out, nil
		}
		return &createOutput{Decode: err.Error()}, nil
	}
	kind, ok := createKinds[gvk.GroupKind()]
	if !ok {
		return nil, fmt.Errorf("updateSelf: kind %s is not modelled", gvk)
	}
	strategy, ok := kind.strategy.(rest.RESTUpdateStrategy)
	if !ok {
		return nil, fmt.Errorf("updateSelf: kind %s has no update strategy", gvk)
	}
	legacyscheme.Scheme.Default(versioned)
	internal, err := legacyscheme.Scheme.ConvertToVersion(versioned, schema.GroupVersion{Group: gvk.Group, Version: runtime.APIVersionInternal})
	if err != nil {
		return &createOutput{Decode: err.Error()}, nil
	}
	objectMeta, err := meta.Accessor(internal)
	if err != nil {
		return nil, err
	}
	ns := ""
	if strategy.NamespaceScoped() {
		ns = objectMeta.GetNamespace()
		if ns == "" {
			ns = metav1.NamespaceDefault
		}
	}
	// the stored object: the same, as etcd gives it back (a namespace a cluster-scoped object names is not stored; a
	// namespaced one is in the request's namespace), with a resourceVersion (every stored object has one: a dump
	// without it is still what the cluster holds) and managedFields the API server wrote (the update handler's field
	// manager keeps the live object's when the body's do not decode, fieldmanager.go decodeLiveOrNew: the library
	// ignores them, as createObject drops them)
	objectMeta.SetNamespace(ns)
	if objectMeta.GetResourceVersion() == "" {
		objectMeta.SetResourceVersion("1")
	}
	objectMeta.SetManagedFields(nil)
	old := internal.DeepCopyObject()
	ctx = genericapirequest.WithNamespace(ctx, ns)
	ctx = genericapirequest.WithRequestInfo(ctx, &genericapirequest.RequestInfo{IsResourceRequest: true, Verb: "update",
		APIPrefix: "apis", APIGroup: gvk.Group, APIVersion: gvk.Version, Namespace: ns, Resource: kind.resource, Name: objectMeta.GetName()})
	if err := rest.BeforeUpdate(strategy, ctx, internal, old); err != nil {
		return refusal(err), nil
	}
	text, err := json.Marshal(map[string]string{"kind": gvk.Kind})
	if err != nil {
		return nil, err
	}
	return &createOutput{Object: text}, nil
}

// readFromCluster is the library's test for an object a cluster holds (src/k8s/subject.ts readFromCluster): a uid,
// resourceVersion or creationTimestamp, or a status with any field. The library validates such an object as the
// update of itself, so the e2e domain asks that of a dumped workload (e2eAnswer).
func readFromCluster(body []byte) bool {
	var o struct {
		Metadata struct {
			UID               any `json:"uid"`
			ResourceVersion   any `json:"resourceVersion"`
			CreationTimestamp any `json:"creationTimestamp"`
		} `json:"metadata"`
		Status any `json:"status"`
	}
	if json.Unmarshal(body, &o) != nil {
		return false
	}
	truthy := func(v any) bool { return v != nil && v != "" && v != false && v != float64(0) }
	status, _ := o.Status.(map[string]any)
	return truthy(o.Metadata.UID) || truthy(o.Metadata.ResourceVersion) || truthy(o.Metadata.CreationTimestamp) || len(status) > 0
}

// updateSelfRefusal is the update of itself's refusal of a body read from a cluster, or nil when it is accepted.
func updateSelfRefusal(ctx context.Context, body []byte) (*createOutput, error) {
	raw, err := json.Marshal(createInput{Object: body})
	if err != nil {
		return nil, err
	}
	out, err := updateSelfAnswer(ctx, raw)
	if err != nil || out == nil || out.Object != nil {
		return nil, err
	}
	return out, nil
}

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
	// the stored object: the same, as etcd gives it back (a namespace a cluster-scoped object names is not stored)
	if !strategy.NamespaceScoped() {
		objectMeta.SetNamespace("")
	}
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

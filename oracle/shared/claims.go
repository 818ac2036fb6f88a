package main

// The claims of the create path (issue 34): a StatefulSet's volumeClaimTemplates made into the claims its controller
// creates before each pod (pkg/controller/statefulset stateful_pod_control.go createPersistentVolumeClaims: the
// claims getPersistentVolumeClaims builds, each created unless a claim of that name exists), each through the API
// server's create path (create.go createObject, with the DefaultStorageClass admission plugin, on by default, over
// the question's StorageClasses: plugin/pkg/admission/storage/storageclass/setdefault), then, once the pod exists,
// the ownerReferences of the retention policy (CreateStatefulPod's UpdatePodClaimForRetentionPolicy:
// updateClaimOwnerRefForSetAndPod). The created claims join the question's storage objects for the scheduler.

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	_ "unsafe" // go:linkname

	appsv1 "k8s.io/api/apps/v1"
	v1 "k8s.io/api/core/v1"
	storagev1 "k8s.io/api/storage/v1"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes/fake"
	"k8s.io/client-go/tools/cache"
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/plugin/pkg/admission/storage/storageclass/setdefault"
)

//go:linkname getPersistentVolumeClaims k8s.io/kubernetes/pkg/controller/statefulset.getPersistentVolumeClaims
func getPersistentVolumeClaims(set *appsv1.StatefulSet, pod *v1.Pod) map[string]v1.PersistentVolumeClaim

//go:linkname updateClaimOwnerRefForSetAndPod k8s.io/kubernetes/pkg/controller/statefulset.updateClaimOwnerRefForSetAndPod
func updateClaimOwnerRefForSetAndPod(logger klog.Logger, claim *v1.PersistentVolumeClaim, set *appsv1.StatefulSet, pod *v1.Pod)

// informerFactoryInitializer hands a plugin the informer factory, as the API server's generic initializer does.
type informerFactoryInitializer struct {
	factory informers.SharedInformerFactory
}

func (i informerFactoryInitializer) Initialize(p admission.Interface) {
	if w, ok := p.(interface {
		SetExternalKubeInformerFactory(informers.SharedInformerFactory)
	}); ok {
		w.SetExternalKubeInformerFactory(i.factory)
	}
}

// The DefaultStorageClass admission plugin, its StorageClass lister fed per question (storageClassesLoaded).
var defaultStorageClass, storageClassStore = func() (admission.MutationInterface, cache.Store) {
	factory := informers.NewSharedInformerFactory(fake.NewClientset(), 0)
	plugins := admission.NewPlugins()
	setdefault.Register(plugins)
	p, err := plugins.InitPlugin(setdefault.PluginName, nil, admission.PluginInitializers{informerFactoryInitializer{factory}})
	if err != nil {
		panic(err)
	}
	return p.(admission.MutationInterface), factory.Storage().V1().StorageClasses().Informer().GetStore()
}()

// storageClassesLoaded puts the StorageClasses among the storage objects into the DefaultStorageClass plugin's
// lister; the returned func empties it again.
func storageClassesLoaded(raws []json.RawMessage) (func(), error) {
	unload := func() { _ = storageClassStore.Replace(nil, "") }
	for i, raw := range raws {
		obj, err := storageObject(raw)
		if err != nil {
			unload()
			return nil, fmt.Errorf("storage[%d]: %w", i, err)
		}
		if sc, ok := obj.(*storagev1.StorageClass); ok {
			if err := storageClassStore.Add(sc); err != nil {
				unload()
				return nil, err
			}
		}
	}
	return unload, nil
}

// claimKey is namespace/name.
func claimKey(ns, name string) string { return ns + "/" + name }

// givenClaims are the namespace/name of the PersistentVolumeClaims among the storage objects.
func givenClaims(raws []json.RawMessage) (map[string]bool, error) {
	out := map[string]bool{}
	for i, raw := range raws {
		obj, err := storageObject(raw)
		if err != nil {
			return nil, fmt.Errorf("storage[%d]: %w", i, err)
		}
		if c, ok := obj.(*v1.PersistentVolumeClaim); ok {
			ns := c.Namespace
			if ns == "" {
				ns = "default"
			}
			out[claimKey(ns, c.Name)] = true
		}
	}
	return out, nil
}

// createClaims: the claims the StatefulSet controller creates before `pod` (built, not yet created), in template
// name order (upstream walks a map), each through the create path; those of a name the storage objects hold are
// used as they are. The answer is the created claims, or the refusal of the first the API server refuses.
func createClaims(ctx context.Context, set *appsv1.StatefulSet, pod *v1.Pod, given map[string]bool, opts createOptions) ([]*v1.PersistentVolumeClaim, *e2eRefusal, error) {
	claims := getPersistentVolumeClaims(set, pod)
	names := make([]string, 0, len(claims))
	for name := range claims {
		names = append(names, name)
	}
	sort.Strings(names)
	var out []*v1.PersistentVolumeClaim
	for _, name := range names {
		claim := claims[name]
		if given[claimKey(claim.Namespace, claim.Name)] {
			continue
		}
		claim.APIVersion, claim.Kind = "v1", "PersistentVolumeClaim"
		body, err := json.Marshal(&claim)
		if err != nil {
			return nil, nil, err
		}
		// the controller creates through client-go (no strict field validation)
		internal, gvk, refused, err := createObject(ctx, body, createOptions{lenient: true, mutating: opts.mutating, validating: opts.validating, uid: "e2e-claim-" + claim.Name})
		if err != nil || refused != nil {
			return nil, refusedAs("claim", refused), err
		}
		versioned, err := toVersioned(internal, gvk)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, versioned.(*v1.PersistentVolumeClaim))
	}
	return out, nil, nil
}

// claimsOwned gives the created claims the retention policy's ownerReferences once their pod exists
// (CreateStatefulPod: UpdatePodClaimForRetentionPolicy, for a claim whose owners are not up to date).
func claimsOwned(ctx context.Context, set *appsv1.StatefulSet, pod *v1.Pod, claims []*v1.PersistentVolumeClaim) {
	for _, c := range claims {
		updateClaimOwnerRefForSetAndPod(klog.FromContext(ctx), c, set, pod)
	}
}

// claimsAsStorage: the created claims as storage objects for the scheduler.
func claimsAsStorage(claims []*v1.PersistentVolumeClaim) ([]json.RawMessage, error) {
	var out []json.RawMessage
	for _, c := range claims {
		c.APIVersion, c.Kind = "v1", "PersistentVolumeClaim"
		raw, err := json.Marshal(c)
		if err != nil {
			return nil, err
		}
		out = append(out, raw)
	}
	return out, nil
}

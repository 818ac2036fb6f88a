package main

// The storage objects of a scheduling question (PersistentVolumes, PersistentVolumeClaims, StorageClasses, CSINodes,
// CSIDrivers, CSIStorageCapacities, VolumeAttachments), as the four volume plugins (VolumeRestrictions,
// NodeVolumeLimits, VolumeBinding, VolumeZone) read them: from the informers' listers, and for VolumeBinding's PV and
// PVC assume caches up to 1.34 (pkg/scheduler/util/assumecache) from their own stores, which only the informers'
// event handlers fill. The informers are never started, so each object is put into its informer's store and, for PVs
// and PVCs, handed to every handler registered on that informer (recordingFactory), as a started informer would; the
// next question takes them out again with delete events. From 1.35 the passive assume cache reads the informer's
// indexer directly, where the store already holds the object; the handlers are then the scheduler's queue's only.
//
// The objects are taken as given: the API server's defaulting (a StorageClass's volumeBindingMode, …) is not applied,
// as the library's plugins read them as given too (the generators write them as a dump shows them).

import (
	"encoding/json"
	"fmt"
	"sync"
	"time"

	sigsjson "sigs.k8s.io/json"

	v1 "k8s.io/api/core/v1"
	storagev1 "k8s.io/api/storage/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/informers/core"
	"k8s.io/client-go/informers/internalinterfaces"
	"k8s.io/client-go/tools/cache"
)

// recordingFactory is the informer factory given to scheduler.New: the real one, except that the PersistentVolume and
// PersistentVolumeClaim informers record the event handlers registered on them, so that loading an object can call
// them (Core() is rebuilt on this factory so that every informer of the core group comes through InformerFor here).
type recordingFactory struct {
	informers.SharedInformerFactory
	mu        sync.Mutex
	recording map[string]*recordingInformer
}

func newRecordingFactory(f informers.SharedInformerFactory) *recordingFactory {
	return &recordingFactory{SharedInformerFactory: f, recording: map[string]*recordingInformer{}}
}

func (f *recordingFactory) Core() core.Interface {
	return core.New(f, metav1.NamespaceAll, nil)
}

func (f *recordingFactory) InformerFor(obj runtime.Object, newFunc internalinterfaces.NewInformerFunc) cache.SharedIndexInformer {
	inf := f.SharedInformerFactory.InformerFor(obj, newFunc)
	var kind string
	switch obj.(type) {
	case *v1.PersistentVolume:
		kind = "PersistentVolume"
	case *v1.PersistentVolumeClaim:
		kind = "PersistentVolumeClaim"
	default:
		return inf
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if r := f.recording[kind]; r != nil && r.SharedIndexInformer == inf {
		return r
	}
	r := &recordingInformer{SharedIndexInformer: inf}
	f.recording[kind] = r
	return r
}

// recorder is the recording informer of the object's kind, nil for the kinds nothing needs recorded.
func (f *recordingFactory) recorder(obj runtime.Object) *recordingInformer {
	f.mu.Lock()
	defer f.mu.Unlock()
	switch obj.(type) {
	case *v1.PersistentVolume:
		return f.recording["PersistentVolume"]
	case *v1.PersistentVolumeClaim:
		return f.recording["PersistentVolumeClaim"]
	}
	return nil
}

// recordingInformer is a never-started informer that keeps the handlers registered on it (they are registered on the
// real informer too, whose processor never runs).
type recordingInformer struct {
	cache.SharedIndexInformer
	mu       sync.Mutex
	handlers []cache.ResourceEventHandler
}

func (r *recordingInformer) record(h cache.ResourceEventHandler) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.handlers = append(r.handlers, h)
}

func (r *recordingInformer) AddEventHandler(h cache.ResourceEventHandler) (cache.ResourceEventHandlerRegistration, error) {
	r.record(h)
	return r.SharedIndexInformer.AddEventHandler(h)
}

func (r *recordingInformer) AddEventHandlerWithResyncPeriod(h cache.ResourceEventHandler, resync time.Duration) (cache.ResourceEventHandlerRegistration, error) {
	r.record(h)
	return r.SharedIndexInformer.AddEventHandlerWithResyncPeriod(h, resync)
}

func (r *recordingInformer) AddEventHandlerWithOptions(h cache.ResourceEventHandler, options cache.HandlerOptions) (cache.ResourceEventHandlerRegistration, error) {
	r.record(h)
	return r.SharedIndexInformer.AddEventHandlerWithOptions(h, options)
}

func (r *recordingInformer) registered() []cache.ResourceEventHandler {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]cache.ResourceEventHandler(nil), r.handlers...)
}

// storageObject decodes one object of the question's `storage` list by its kind.
func storageObject(raw json.RawMessage) (runtime.Object, error) {
	var head metav1.TypeMeta
	if err := json.Unmarshal(raw, &head); err != nil {
		return nil, err
	}
	var obj runtime.Object
	switch head.Kind {
	case "PersistentVolume":
		obj = &v1.PersistentVolume{}
	case "PersistentVolumeClaim":
		obj = &v1.PersistentVolumeClaim{}
	case "StorageClass":
		obj = &storagev1.StorageClass{}
	case "CSINode":
		obj = &storagev1.CSINode{}
	case "CSIDriver":
		obj = &storagev1.CSIDriver{}
	case "CSIStorageCapacity":
		obj = &storagev1.CSIStorageCapacity{}
	case "VolumeAttachment":
		obj = &storagev1.VolumeAttachment{}
	default:
		return nil, fmt.Errorf("kind %q is not a storage object", head.Kind)
	}
	if err := sigsjson.UnmarshalCaseSensitivePreserveInts(raw, obj); err != nil {
		return nil, fmt.Errorf("%s: %w", head.Kind, err)
	}
	return obj, nil
}

// informerOf is the informer the scheduler's plugins list objects of this kind from.
func (o *schedulingOracle) informerOf(obj runtime.Object) cache.SharedIndexInformer {
	switch obj.(type) {
	case *v1.PersistentVolume:
		return o.factory.Core().V1().PersistentVolumes().Informer()
	case *v1.PersistentVolumeClaim:
		return o.factory.Core().V1().PersistentVolumeClaims().Informer()
	case *storagev1.StorageClass:
		return o.factory.Storage().V1().StorageClasses().Informer()
	case *storagev1.CSINode:
		return o.factory.Storage().V1().CSINodes().Informer()
	case *storagev1.CSIDriver:
		return o.factory.Storage().V1().CSIDrivers().Informer()
	case *storagev1.CSIStorageCapacity:
		return o.factory.Storage().V1().CSIStorageCapacities().Informer()
	case *storagev1.VolumeAttachment:
		return o.factory.Storage().V1().VolumeAttachments().Informer()
	}
	return nil
}

// loadStorage puts the question's storage objects into their informers (store, then the recorded add handlers).
func (o *schedulingOracle) loadStorage(raw []json.RawMessage) error {
	for i, r := range raw {
		obj, err := storageObject(r)
		if err != nil {
			return fmt.Errorf("storage[%d]: %w", i, err)
		}
		// the 1.33/1.34 assume cache compares resource versions as integers (an empty one fails to parse)
		if m, ok := obj.(metav1.Object); ok && m.GetResourceVersion() == "" {
			m.SetResourceVersion("1")
		}
		inf := o.informerOf(obj)
		if err := o.storage.add(inf.GetStore(), obj); err != nil {
			return fmt.Errorf("storage[%d]: %w", i, err)
		}
		// (from 1.37 the informer the group hands out wraps ours in a typed one: ask the factory)
		if r := o.factory.recorder(obj); r != nil {
			o.storage[len(o.storage)-1].handlers = r
			for _, h := range r.registered() {
				h.OnAdd(obj, false)
			}
		}
	}
	return nil
}

package main

// The PodDisruptionBudgets in the question's order. From 1.37 the preemption answer depends on the PDBs' order:
// FilterVictimsWithPDBViolation (pkg/scheduler/framework/preemption/util.go) stops counting a victim down the budgets
// at the first one it takes below zero. Upstream takes them from the PDB lister (preemption.go
// getPodDisruptionBudgets: pdbLister.List, which cache.ListAll reads from the informer's indexer.List(), a Go map: another
// order at each List). The PostFilter lists once and the oracle's own DryRunPreemption (preemption.go allCandidates)
// lists again, so with a random order each the two could disagree and the oracle's self-check fail at random. The
// factory's PDB informer is therefore registered before scheduler.New builds the plugins (InformerFor keeps the first
// informer of a type: DefaultPreemption's Policy().V1().PodDisruptionBudgets().Lister() and allCandidates' read this
// one) with an indexer whose List() gives the PDBs in the order they were added: the question's order
// (preemptionAnswer adds in.PodDisruptionBudgets in order), which is the library's model (the PDBs in the order given).

import (
	"sort"
	"sync"
	"time"

	policyv1 "k8s.io/api/policy/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/informers"
	policyinformers "k8s.io/client-go/informers/policy/v1"
	clientset "k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/cache"
)

// pinPDBOrder registers the factory's PDB informer as one that lists in insertion order (before anything else asks
// the factory for it).
func pinPDBOrder(f informers.SharedInformerFactory) {
	f.InformerFor(&policyv1.PodDisruptionBudget{}, func(c clientset.Interface, resync time.Duration) cache.SharedIndexInformer {
		// the factory's default: all namespaces, the namespace index (informers/policy/v1 defaultInformer)
		inf := policyinformers.NewPodDisruptionBudgetInformer(c, metav1.NamespaceAll, resync, cache.Indexers{cache.NamespaceIndex: cache.MetaNamespaceIndexFunc})
		return &insertionOrderInformer{SharedIndexInformer: inf, indexer: &insertionOrderIndexer{Indexer: inf.GetIndexer(), added: map[string]int{}}}
	})
}

// insertionOrderInformer is a never-started informer whose store and indexer are the insertion-ordered one.
type insertionOrderInformer struct {
	cache.SharedIndexInformer
	indexer *insertionOrderIndexer
}

func (i *insertionOrderInformer) GetStore() cache.Store     { return i.indexer }
func (i *insertionOrderInformer) GetIndexer() cache.Indexer { return i.indexer }

// insertionOrderIndexer is the informer's indexer, whose List() is in the order the objects were first added.
type insertionOrderIndexer struct {
	cache.Indexer
	mu    sync.Mutex
	added map[string]int // key → position of its first Add
	next  int
}

func (x *insertionOrderIndexer) Add(obj any) error {
	if key, err := cache.MetaNamespaceKeyFunc(obj); err == nil {
		x.mu.Lock()
		if _, ok := x.added[key]; !ok {
			x.added[key] = x.next
			x.next++
		}
		x.mu.Unlock()
	}
	return x.Indexer.Add(obj)
}

func (x *insertionOrderIndexer) Delete(obj any) error {
	if key, err := cache.MetaNamespaceKeyFunc(obj); err == nil {
		x.mu.Lock()
		delete(x.added, key)
		x.mu.Unlock()
	}
	return x.Indexer.Delete(obj)
}

func (x *insertionOrderIndexer) List() []any {
	items := x.Indexer.List()
	x.mu.Lock()
	defer x.mu.Unlock()
	position := func(obj any) int {
		key, _ := cache.MetaNamespaceKeyFunc(obj)
		return x.added[key]
	}
	sort.SliceStable(items, func(i, j int) bool { return position(items[i]) < position(items[j]) })
	return items
}

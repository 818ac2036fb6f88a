package main

// The PDB lister DefaultPreemption reads (its Evaluator's PdbLister, from the scheduler's informer factory) lists the
// PodDisruptionBudgets in the order they were put into the store (pdborder.go), every time; a budget taken out and put
// back comes last.

import (
	"fmt"
	"strings"
	"testing"

	policyv1 "k8s.io/api/policy/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
)

func TestPDBListerKeepsTheInputOrder(t *testing.T) {
	_, o := testSchedulingOracle(t)
	h, err := o.hooks()
	if err != nil {
		t.Fatal(err)
	}
	lister := h.plugin.Evaluator.PdbLister
	var stored storedObjects
	defer stored.unload()
	store := o.factory.Policy().V1().PodDisruptionBudgets().Informer().GetStore()
	keys := []string{"team/z", "default/m", "default/a", "team/b", "default/q", "default/c", "team/a", "default/zz"}
	for _, k := range keys {
		ns, name, _ := strings.Cut(k, "/")
		if err := stored.add(store, &policyv1.PodDisruptionBudget{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: name}}); err != nil {
			t.Fatal(err)
		}
	}
	listed := func() string {
		pdbs, err := lister.List(labels.Everything())
		if err != nil {
			t.Fatal(err)
		}
		out := make([]string, 0, len(pdbs))
		for _, p := range pdbs {
			out = append(out, p.Namespace+"/"+p.Name)
		}
		return fmt.Sprint(out)
	}
	for i := 0; i < 50; i++ {
		if got := listed(); got != fmt.Sprint(keys) {
			t.Fatalf("list %d: %s, want %v", i, got, keys)
		}
	}
	readded := stored[1].obj
	if err := store.Delete(readded); err != nil {
		t.Fatal(err)
	}
	if err := store.Add(readded); err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprint(append(append(append([]string{}, keys[0]), keys[2:]...), keys[1]))
	if got := listed(); got != want {
		t.Fatalf("after taking %s out and back: %s, want %s", keys[1], got, want)
	}
}

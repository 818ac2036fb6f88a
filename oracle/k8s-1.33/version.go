package main

import (
	"runtime/debug"

	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/component-base/featuregate"
)

// versionInfo names the upstream module versions the binary was built from and the gates in force, so that every
// run records exactly which code answered.
func versionInfo() map[string]any {
	mods := map[string]string{}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			if d.Path == "k8s.io/kubernetes" || d.Path == "k8s.io/kube-scheduler" || d.Path == "k8s.io/api" {
				v := d.Version
				if d.Replace != nil {
					v = d.Replace.Version
				}
				mods[d.Path] = v
			}
		}
	}
	enabled := map[string]bool{}
	for g := range gates {
		enabled[g] = utilfeature.DefaultFeatureGate.Enabled(featuregate.Feature(g))
	}
	return map[string]any{"modules": mods, "gates": enabled}
}

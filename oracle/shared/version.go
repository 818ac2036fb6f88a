package main

import (
	"runtime/debug"

	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/component-base/featuregate"
	"k8s.io/component-base/version"
)

// versionInfo names the upstream module versions the binary was built from, the version it reports as its own
// (component-base/version, stamped by scripts/oracle.mjs as upstream's build does) and the gates in force (the
// release's gates and observedGates, release.go), so that every run records exactly which code answered.
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
	defaults := map[string]bool{}
	for _, g := range observedGates {
		defaults[g] = utilfeature.DefaultFeatureGate.Enabled(featuregate.Feature(g))
	}
	return map[string]any{"modules": mods, "binary": version.Get().GitVersion, "gates": enabled, "defaults": defaults}
}

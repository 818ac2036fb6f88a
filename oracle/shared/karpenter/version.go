package main

import "runtime/debug"

// versionInfo: the module versions this binary was built with, from its build info.
func versionInfo() map[string]string {
	out := map[string]string{}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, m := range bi.Deps {
			switch m.Path {
			case "sigs.k8s.io/karpenter", "k8s.io/api", "k8s.io/apimachinery", "sigs.k8s.io/controller-runtime":
				out[m.Path] = m.Version
			}
		}
	}
	return out
}

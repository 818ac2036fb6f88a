package main

// The drift check for the code copied from unexported upstream identifiers: each copy must still equal the text at
// the module's pinned tag (one copy in oracle/shared/, checked against every release's tag). scripts/oracle.mjs runs
// `go test` before every build (Go caches the result).

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var space = regexp.MustCompile(`\s+`)

func normalize(s string) string { return strings.TrimSpace(space.ReplaceAllString(s, " ")) }

// between returns the text from the line holding start up to the first later line equal to end.
func between(t *testing.T, text, start, end string) string {
	t.Helper()
	i := strings.Index(text, start)
	if i < 0 {
		t.Fatalf("%q not found", start)
	}
	j := strings.Index(text[i:], end)
	if j < 0 {
		t.Fatalf("end %q after %q not found", end, start)
	}
	return text[i : i+j+len(end)]
}

// kubernetesDir is the module cache directory of the pinned k8s.io/kubernetes.
func kubernetesDir(t *testing.T) string {
	t.Helper()
	dir, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "k8s.io/kubernetes").Output()
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(dir))
}

// moduleDir is the module cache directory of a k8s.io module at the staging version this oracle pins (the replace
// of k8s.io/api), downloading it when needed: the copied code's module need not be a dependency.
func moduleDir(t *testing.T, module string) string {
	t.Helper()
	v, err := exec.Command("go", "list", "-m", "-f", "{{if .Replace}}{{.Replace.Version}}{{else}}{{.Version}}{{end}}", "k8s.io/api").Output()
	if err != nil {
		t.Fatal(err)
	}
	dir, err := exec.Command("go", "mod", "download", "-json", module+"@"+strings.TrimSpace(string(v))).Output()
	if err != nil {
		t.Fatalf("go mod download %s: %v", module, err)
	}
	m := regexp.MustCompile(`"Dir": "([^"]+)"`).FindSubmatch(dir)
	if m == nil {
		t.Fatalf("no Dir for %s", module)
	}
	return string(m[1])
}

func TestKubectlTaintCopyMatchesTheTag(t *testing.T) {
	upstream, err := os.ReadFile(filepath.Join(moduleDir(t, "k8s.io/kubectl"), "pkg/cmd/taint/utils.go"))
	if err != nil {
		t.Fatal(err)
	}
	ours, err := os.ReadFile("kubectl_taint.go")
	if err != nil {
		t.Fatal(err)
	}
	start := "// parseTaints takes"
	want := between(t, between(t, string(upstream), start, "func validateTaintEffect"), start, "func validateTaintEffect")
	want += between(t, string(upstream), "func validateTaintEffect", "\n}\n")[len("func validateTaintEffect"):]
	copied := between(t, between(t, string(ours), "// BEGIN COPY kubectl parseTaints", "// END COPY"), start, "// END COPY")
	copied = strings.TrimSuffix(copied, "// END COPY")
	if normalize(want) != normalize(copied) {
		t.Errorf("kubectl parseTaints drifted from the tag:\nupstream: %s\ncopy:     %s", normalize(want), normalize(copied))
	}
}

func TestCopiesMatchTheTag(t *testing.T) {
	upstream, err := os.ReadFile(filepath.Join(kubernetesDir(t), "pkg/controller/nodelifecycle/node_lifecycle_controller.go"))
	if err != nil {
		t.Fatal(err)
	}
	ours, err := os.ReadFile("admit.go")
	if err != nil {
		t.Fatal(err)
	}
	want := between(t, string(upstream), "nodeConditionToTaintKeyStatusMap = map", "\n\t}\n")
	copied := between(t, between(t, string(ours), "// BEGIN COPY nodeConditionToTaintKeyStatusMap", "// END COPY"), "nodeConditionToTaintKeyStatusMap = map", "\n}\n")
	if normalize(want) != normalize(copied) {
		t.Errorf("nodeConditionToTaintKeyStatusMap drifted from the tag:\nupstream: %s\ncopy:     %s", normalize(want), normalize(copied))
	}
}

// matchingTolerationsCall is upstream's call that the eviction copy makes through the release's getMatchingTolerations
// (release.go): GetMatchingTolerations takes a logger from 1.35 only.
var matchingTolerationsCall = regexp.MustCompile(`v1helper\.GetMatchingTolerations\((logger, )?taints, tolerations\)`)

// The taint-eviction copies (eviction.go): getNoExecuteTaints, getMinTolerationTime and processPodOnNode.
func TestTaintEvictionCopyMatchesTheTag(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(kubernetesDir(t), "pkg/controller/tainteviction/taint_eviction.go"))
	if err != nil {
		t.Fatal(err)
	}
	if len(matchingTolerationsCall.FindAll(raw, -1)) != 1 {
		t.Fatalf("the tag's taint_eviction.go calls GetMatchingTolerations otherwise than %s", matchingTolerationsCall)
	}
	upstream := matchingTolerationsCall.ReplaceAllString(string(raw), "getMatchingTolerations(logger, taints, tolerations)")
	ours, err := os.ReadFile("eviction.go")
	if err != nil {
		t.Fatal(err)
	}
	copied := between(t, string(ours), "// BEGIN COPY tainteviction", "// END COPY")
	for _, start := range []string{"func getNoExecuteTaints(", "// getMinTolerationTime returns", "func (tc *Controller) processPodOnNode("} {
		want := between(t, upstream, start, "\n}\n")
		got := between(t, copied, start, "\n}\n")
		if normalize(want) != normalize(got) {
			t.Errorf("%s drifted from the tag:\nupstream: %s\ncopy:     %s", start, normalize(want), normalize(got))
		}
	}
}

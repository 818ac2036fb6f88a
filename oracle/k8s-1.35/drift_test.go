package main

// The drift check for the code copied from unexported upstream identifiers: each copy must still equal the text at
// the pinned tag. scripts/oracle.mjs runs `go test` before every build (Go caches the result).

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

func TestCopiesMatchTheTag(t *testing.T) {
	dir, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "k8s.io/kubernetes").Output()
	if err != nil {
		t.Fatal(err)
	}
	upstream, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(dir)), "pkg/controller/nodelifecycle/node_lifecycle_controller.go"))
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

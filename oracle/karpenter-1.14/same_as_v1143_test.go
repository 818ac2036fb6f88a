package main

// The module pins v1.14.1 because v1.14.3 asks for Go 1.26.10; the files the domains read must be the same in both.
// `go mod download sigs.k8s.io/karpenter@v1.14.3` stores the zip before it refuses the go line, so the check reads
// it from the module cache and skips when it is not there.

import (
	"archive/zip"
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

var usedFiles = []string{
	"pkg/scheduling/requirements.go", "pkg/scheduling/requirement.go", "pkg/scheduling/taints.go",
	"pkg/apis/v1/labels.go", "pkg/apis/v1/nodeclaim_validation.go", "pkg/controllers/provisioning/provisioner.go",
	"pkg/controllers/provisioning/scheduling/volumetopology.go", "pkg/utils/volume/volume.go",
	// what the library models beyond the two domains
	"pkg/controllers/provisioning/scheduling/nodeclaim.go", "pkg/controllers/provisioning/scheduling/scheduler.go",
	"pkg/controllers/provisioning/scheduling/preferences.go",
}

func TestUsedFilesSameAsV1143(t *testing.T) {
	cache, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	zipPath := filepath.Join(strings.TrimSpace(string(cache)), "cache/download/sigs.k8s.io/karpenter/@v/v1.14.3.zip")
	z, err := zip.OpenReader(zipPath)
	if err != nil {
		t.Skipf("v1.14.3 not in the module cache (%v): go mod download -json sigs.k8s.io/karpenter@v1.14.3 stores it", err)
	}
	defer z.Close()
	dir, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "sigs.k8s.io/karpenter").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range usedFiles {
		ours, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(dir)), f))
		if err != nil {
			t.Fatal(err)
		}
		r, err := z.Open("sigs.k8s.io/karpenter@v1.14.3/" + f)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		theirs, _ := io.ReadAll(r)
		r.Close()
		if !bytes.Equal(ours, theirs) {
			t.Errorf("%s differs between v1.14.1 and v1.14.3", f)
		}
	}
}

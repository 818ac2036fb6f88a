package main

// The linkname check: every function this module reaches through //go:linkname (unexported upstream functions and
// methods: the node lifecycle controller's passes, the StatefulSet, Job and CronJob controllers' helpers) must still
// exist at the pinned tag with the signature declared here. The linker binds by name only, so a changed signature
// would otherwise fail at run time, not at build time.

import (
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var qualifier = regexp.MustCompile(`\b[A-Za-z_][A-Za-z0-9_]*\.`)

// typeText is a type expression without package qualifiers (upstream's `apps.StatefulSet` is our `appsv1.StatefulSet`).
func typeText(fset *token.FileSet, e ast.Expr) string {
	var b strings.Builder
	if err := printer.Fprint(&b, fset, e); err != nil {
		return "?"
	}
	return qualifier.ReplaceAllString(b.String(), "")
}

func fieldTypes(fset *token.FileSet, fl *ast.FieldList) []string {
	var out []string
	if fl == nil {
		return out
	}
	for _, f := range fl.List {
		n := len(f.Names)
		if n == 0 {
			n = 1
		}
		for i := 0; i < n; i++ {
			out = append(out, typeText(fset, f.Type))
		}
	}
	return out
}

func TestLinknamesMatchTheTag(t *testing.T) {
	kubernetes := kubernetesDir(t)
	linkname := regexp.MustCompile(`^//go:linkname (\w+) k8s\.io/kubernetes/([\w/]+)\.(?:\(\*(\w+)\)\.)?(\w+)$`)
	fset := token.NewFileSet()
	checked := 0
	for _, file := range []string{"lifecycle.go", "workloads.go", "claims.go", "preemption.go"} {
		ours, err := parser.ParseFile(fset, file, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range ours.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body != nil || fn.Doc == nil {
				continue
			}
			var m []string
			for _, c := range fn.Doc.List {
				if m = linkname.FindStringSubmatch(c.Text); m != nil {
					break
				}
			}
			if m == nil || m[1] != fn.Name.Name {
				t.Errorf("%s: %s has no body and no matching //go:linkname", file, fn.Name.Name)
				continue
			}
			pkg, recv, name := m[2], m[3], m[4]
			want := fieldTypes(fset, fn.Type.Params)
			if recv != "" {
				if len(want) == 0 || want[0] != "*"+recv {
					t.Errorf("%s: %s must take the receiver *%s first", file, fn.Name.Name, recv)
					continue
				}
				want = want[1:]
			}
			up := findFunc(t, fset, filepath.Join(kubernetes, pkg), recv, name)
			if up == nil {
				t.Errorf("%s: %s.%s not found at the tag", file, pkg, name)
				continue
			}
			checked++
			if got := fieldTypes(fset, up.Type.Params); strings.Join(got, ", ") != strings.Join(want, ", ") {
				t.Errorf("%s: %s parameters: tag (%s), declared (%s)", file, name, strings.Join(got, ", "), strings.Join(want, ", "))
			}
			if got, decl := fieldTypes(fset, up.Type.Results), fieldTypes(fset, fn.Type.Results); strings.Join(got, ", ") != strings.Join(decl, ", ") {
				t.Errorf("%s: %s results: tag (%s), declared (%s)", file, name, strings.Join(got, ", "), strings.Join(decl, ", "))
			}
		}
	}
	if checked == 0 {
		t.Fatal("no //go:linkname declarations found")
	}
}

// findFunc is the function (or the method of *recv) named name in the package directory's non-test files.
func findFunc(t *testing.T, fset *token.FileSet, dir, recv, name string) *ast.FuncDecl {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Name.Name != name {
				continue
			}
			if recv == "" && fn.Recv == nil {
				return fn
			}
			if recv != "" && fn.Recv != nil && len(fn.Recv.List) == 1 && typeText(fset, fn.Recv.List[0].Type) == "*"+recv {
				return fn
			}
		}
	}
	return nil
}

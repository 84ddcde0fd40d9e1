package engine

import (
	"go/parser"
	gotoken "go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

var forbiddenImports = []string{"fyne.io/", "github.com/fogleman/gg", "github.com/mattn/go-sqlite3",
	"database/sql", "net", "os/exec", "dipdesk/app", "dipdesk/ui", "dipdesk/render"}

func isStd(p string) bool {
	return !strings.Contains(strings.Split(p, "/")[0], ".") && !strings.HasPrefix(p, "dipdesk")
}

// importViolations lists the imports of non-test Go files under root
// that are forbidden or not allowed.
func importViolations(root string, allowed func(string) bool, forbidden []string) ([]string, int, error) {
	var bad []string
	n := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(gotoken.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		n++
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			ok := allowed(p)
			for _, f := range forbidden {
				if p == f || strings.HasPrefix(p, strings.TrimSuffix(f, "/")+"/") {
					ok = false
				}
			}
			if !ok {
				bad = append(bad, path+" imports "+p)
			}
		}
		return nil
	})
	return bad, n, err
}

// TestPurity keeps the engine and the variants free of screens, save
// files and the network: engine/ imports only the standard library,
// variants/ only the standard library, engine and resources.
func TestPurity(t *testing.T) {
	engineOK := func(p string) bool { return isStd(p) || strings.HasPrefix(p, "dipdesk/engine") }
	variantOK := func(p string) bool {
		return isStd(p) || strings.HasPrefix(p, "dipdesk/engine") || p == "dipdesk/resources" || strings.HasPrefix(p, "dipdesk/variants")
	}
	for root, ok := range map[string]func(string) bool{".": engineOK, "../variants": variantOK} {
		bad, n, err := importViolations(root, ok, forbiddenImports)
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			t.Errorf("no Go files under %s", root)
		}
		for _, b := range bad {
			t.Error(b)
		}
	}
}

// TestPurityCatches shows the check would fail on a forbidden import.
func TestPurityCatches(t *testing.T) {
	dir := t.TempDir()
	src := "package x\n\nimport (\n\t\"net/http\"\n\t\"fyne.io/fyne/v2\"\n\t\"strings\"\n)\n"
	if err := os.WriteFile(filepath.Join(dir, "x.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	bad, _, err := importViolations(dir, isStd, forbiddenImports)
	if err != nil {
		t.Fatal(err)
	}
	if len(bad) != 2 {
		t.Fatalf("violations %q, want net/http and fyne", bad)
	}
}

// TestUINeedsNoDisplay keeps ui/ free of fyne.io/fyne/v2/app, which only
// main.go may import, so the widget tests run headless (STYLE.md), and
// free of the save-file and network layers below the session.
func TestUINeedsNoDisplay(t *testing.T) {
	forbidden := []string{"fyne.io/fyne/v2/app", "github.com/mattn/go-sqlite3", "database/sql", "net"}
	bad, n, err := importViolations("../ui", func(string) bool { return true }, forbidden)
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatal("no Go files under ../ui")
	}
	for _, b := range bad {
		t.Error(b)
	}
}

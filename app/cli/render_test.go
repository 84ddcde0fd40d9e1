package cli

import (
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func decodePNG(t *testing.T, path string) (int, int) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return img.Bounds().Dx(), img.Bounds().Dy()
}

func TestRenderCaseFile(t *testing.T) {
	out := filepath.Join(t.TempDir(), "board.png")
	code, stdout, errs := run("render", "testdata/position.txt", "--out", out, "--width", "800")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if w, h := decodePNG(t, out); w != 800 || h != 600 {
		t.Errorf("image %dx%d, want 800x600", w, h)
	}
	if !strings.Contains(stdout, "Fall 1901 example") {
		t.Errorf("output %q", stdout)
	}
	if code, _, errs := run("render", "testdata/position.txt", "--out", out, "--width", "5"); code == 0 || !strings.Contains(errs, "--width 5") {
		t.Errorf("tiny width accepted: %s", errs)
	}
}

func TestRenderSaveFile(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "g.dipdesk")
	if code, _, errs := run("new", "--seed", "1", "--out", file); code != 0 {
		t.Fatal(errs)
	}
	orders := filepath.Join(dir, "o.txt")
	os.WriteFile(orders, []byte("A par - bur\nA mar - bur\nF bre - mao"), 0o644)
	if code, _, errs := run("orders", file, "--phase", "S1901M", "--power", "france", orders); code != 0 {
		t.Fatal(errs)
	}
	out := filepath.Join(dir, "open.png")
	if code, _, errs := run("render", file, "--out", out, "--as", "france", "--width", "640"); code != 0 {
		t.Fatalf("render of an open phase: %s", errs)
	}
	if code, _, errs := run("process", file, "--phase", "S1901M"); code != 0 {
		t.Fatal(errs)
	}
	out2 := filepath.Join(dir, "done.png")
	code, stdout, errs := run("render", file, "--out", out2, "--width", "640")
	if code != 0 || !strings.Contains(stdout, "Spring 1901 Movement") {
		t.Fatalf("render of the adjudicated phase: %s %s", stdout, errs)
	}
	if w, _ := decodePNG(t, out2); w != 640 {
		t.Errorf("width %d", w)
	}
}

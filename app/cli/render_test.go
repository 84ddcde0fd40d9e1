package cli

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func decodePNG(t *testing.T, path string) (int, int) {
	t.Helper()
	img := readImage(t, path)
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

// TestRenderDrawsSpecialOrders: render draws a card's special order as
// the window does (a Double Mover's move through Burgundy to Munich, with
// its second leg), not nothing: the board with orders differs from the
// board without them along the move.
func TestRenderDrawsSpecialOrders(t *testing.T) {
	dir := t.TempDir()
	with, without := filepath.Join(dir, "with.png"), filepath.Join(dir, "without.png")
	if code, _, errs := run("render", "testdata/doublemove.txt", "--out", with, "--width", "800"); code != 0 {
		t.Fatal(errs)
	}
	if code, _, errs := run("render", "testdata/doublemove.txt", "--out", without, "--width", "800", "--no-orders"); code != 0 {
		t.Fatal(errs)
	}
	a, b := readImage(t, with), readImage(t, without)
	diff := 0
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				diff++
			}
		}
	}
	if diff < 800 {
		t.Errorf("the double move changes %d pixels of the board: it is not drawn", diff)
	}
}

func readImage(t *testing.T, path string) image.Image {
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
	return img
}

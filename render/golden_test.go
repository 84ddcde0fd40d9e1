package render

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"dipdesk/engine"
)

// Golden images are compared with a tolerance, never by hash: a pixel
// counts as different when a channel moves by more than pixelTolerance,
// and an image fails when more than budget of its pixels differ. Small
// changes of anti-aliasing pass; a moved piece, arrow or label does not.
const (
	pixelTolerance = 24
	budget         = 0.0002 // of the pixels: 96 at 800x600
	goldenW        = 800
	goldenH        = 600
)

// TestGolden draws every scene at 800x600 and compares it with
// testdata/<scene>.png. On a mismatch the image drawn and a map of the
// differing pixels go to testdata/failed/. Refresh the golden images
// with go test ./render -update (and look at them before committing).
func TestGolden(t *testing.T) {
	b, m := load(t)
	r := New(b, m)
	for _, sc := range scenes(t, goldenW, goldenH) {
		t.Run(sc.name, func(t *testing.T) {
			got := r.Render(sc.view, sc.orders, sc.results, sc.opts)
			path := filepath.Join("testdata", sc.name+".png")
			if *update {
				writePNG(t, path, got)
				return
			}
			want, err := readPNG(path)
			if err != nil {
				t.Fatalf("%v (run go test ./render -update to create it)", err)
			}
			if n, diff := compare(want, got); n > int(budget*float64(goldenW*goldenH)) {
				writePNG(t, filepath.Join("testdata", "failed", sc.name+".png"), got)
				writePNG(t, filepath.Join("testdata", "failed", sc.name+"-diff.png"), diff)
				t.Errorf("%d pixels differ from %s (budget %d); see testdata/failed/", n, path, int(budget*float64(goldenW*goldenH)))
			}
		})
	}
}

// TestGoldenCatchesChanges checks that the comparison fails for changes
// a player would notice: one unit moved, one order more, a tint gone.
func TestGoldenCatchesChanges(t *testing.T) {
	b, m := load(t)
	r := New(b, m)
	sc := scenes(t, goldenW, goldenH)[0] // the start
	want := r.Render(sc.view, nil, nil, sc.opts)
	moved := sc.view.State.Clone()
	moved.Units[0].Loc = moved.Units[len(moved.Units)-1].Loc // two pieces in one place, one gone
	unowned := sc.view.State.Clone()
	for i := range unowned.Owners {
		if unowned.Owners[i] == "russia" {
			unowned.Owners[i] = ""
		}
	}
	hold, _ := engine.ParseOrders(m, "", "Austria: A vie H")
	for _, c := range []struct {
		name   string
		v      engine.View
		orders []engine.Order
		opts   Options
	}{
		{"a unit moved", view(moved), nil, sc.opts},
		{"an order drawn", sc.view, hold, Options{Width: goldenW, Height: goldenH, ShowOrders: true, Legend: true}},
		{"Russia's tint gone", view(unowned), nil, sc.opts},
	} {
		got := r.Render(c.v, c.orders, nil, c.opts)
		if n, _ := compare(want, got); n <= int(budget*float64(goldenW*goldenH)) {
			t.Errorf("%s: only %d pixels differ; the golden test would not notice", c.name, n)
		}
	}
	if n, _ := compare(want, r.Render(sc.view, nil, nil, sc.opts)); n != 0 {
		t.Errorf("the same scene drawn twice differs in %d pixels", n)
	}
}

// compare counts the pixels of got that differ from want by more than
// pixelTolerance in some channel, and returns a picture of them (red on
// a faded copy of want). Images of different sizes differ everywhere.
func compare(want, got image.Image) (int, *image.RGBA) {
	wb, gb := want.Bounds(), got.Bounds()
	diff := image.NewRGBA(image.Rect(0, 0, wb.Dx(), wb.Dy()))
	if wb.Size() != gb.Size() {
		return wb.Dx() * wb.Dy(), diff
	}
	n := 0
	for y := 0; y < wb.Dy(); y++ {
		for x := 0; x < wb.Dx(); x++ {
			a := color.RGBAModel.Convert(want.At(wb.Min.X+x, wb.Min.Y+y)).(color.RGBA)
			b := color.RGBAModel.Convert(got.At(gb.Min.X+x, gb.Min.Y+y)).(color.RGBA)
			if far(a, b, pixelTolerance) {
				n++
				diff.SetRGBA(x, y, color.RGBA{0xff, 0, 0, 0xff})
			} else {
				diff.SetRGBA(x, y, mix(a, colWhite, 0.7))
			}
		}
	}
	return n, diff
}

// far reports whether a and b differ by more than tol in some channel.
func far(a, b color.RGBA, tol int) bool {
	d := func(x, y uint8) int {
		if x > y {
			return int(x - y)
		}
		return int(y - x)
	}
	return d(a.R, b.R) > tol || d(a.G, b.G) > tol || d(a.B, b.B) > tol || d(a.A, b.A) > tol
}

func readPNG(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("golden image: %w", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return nil, fmt.Errorf("golden image %s: %w", path, err)
	}
	return img, nil
}

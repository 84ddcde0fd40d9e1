package main

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"dipdesk/app/session"
	"dipdesk/engine"
	"dipdesk/render"
	"dipdesk/render/geometry"
	"dipdesk/variants/standard"
)

// TestDesktopEndToEnd starts the real program under Xvfb (software GL from
// Mesa), opens a saved game as France, drags the army in Paris onto
// Burgundy with xdotool, and checks that the order "A par - bur" is
// stored in the save file. A screenshot of the window is kept in
// e2e-screenshots/ (git-ignored).
func TestDesktopEndToEnd(t *testing.T) {
	for _, tool := range []string{"Xvfb", "xdotool"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is missing: make test installs it (tools/install-deps.sh)", tool)
		}
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "dipdesk")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	save := filepath.Join(dir, "e2e.dipdesk")
	if out, err := exec.Command(bin, "new", "--seed", "1", "--out", save).CombinedOutput(); err != nil {
		t.Fatalf("new: %v\n%s", err, out)
	}
	display, fbdir := startXvfb(t, dir)
	layoutFile := filepath.Join(dir, "layout.json")
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	app := exec.CommandContext(ctx, bin, "gui", save, "--seat", "france")
	app.Env = append(os.Environ(), "DISPLAY="+display, "XDG_RUNTIME_DIR="+dir, "DIPDESK_E2E_LAYOUT="+layoutFile,
		"FYNE_SCALE=1", "LIBGL_ALWAYS_SOFTWARE=1")
	var appOut bytes.Buffer
	app.Stdout, app.Stderr = &appOut, &appOut
	started := time.Now()
	if err := app.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		app.Process.Kill()
		app.Wait()
		if t.Failed() {
			t.Logf("program output:\n%s", appOut.String())
		}
	}()
	lay := waitLayout(t, layoutFile, &appOut)
	// The layout is written when the board is first drawn: from launch to
	// an interactive board (target 1.5 s on a warm build, docs/performance.md).
	t.Logf("launch to board on screen: %v", lay.shown.Sub(started).Round(time.Millisecond))
	wx, wy := windowOrigin(t, display, app.Process.Pid)
	lay.X, lay.Y = lay.X+wx, lay.Y+wy
	from, to := provincePixel(t, lay, "par"), provincePixel(t, lay, "bur")
	xdo(t, display, "mousemove", strconv.Itoa(from.X), strconv.Itoa(from.Y))
	xdo(t, display, "mousedown", "1")
	for i := 1; i <= 8; i++ {
		x := from.X + (to.X-from.X)*i/8
		y := from.Y + (to.Y-from.Y)*i/8
		xdo(t, display, "mousemove", strconv.Itoa(x), strconv.Itoa(y))
		time.Sleep(40 * time.Millisecond)
	}
	xdo(t, display, "mouseup", "1")
	stored := waitOrder(t, save, "A par - bur")
	keepScreenshot(t, fbdir)
	if !stored {
		t.Fatalf("the order A par - bur was not stored after the drag (drag from %v to %v)", from, to)
	}
}

// windowOrigin asks the X server where the program's window is.
func windowOrigin(t *testing.T, display string, pid int) (int, int) {
	t.Helper()
	find := exec.Command("xdotool", "search", "--sync", "--onlyvisible", "--pid", strconv.Itoa(pid))
	find.Env = append(os.Environ(), "DISPLAY="+display)
	ids, err := find.Output()
	if err != nil {
		t.Fatalf("xdotool search: %v", err)
	}
	id := strings.Fields(string(ids))
	if len(id) == 0 {
		t.Fatal("xdotool found no window of the program")
	}
	cmd := exec.Command("xdotool", "getwindowgeometry", "--shell", id[len(id)-1])
	cmd.Env = append(os.Environ(), "DISPLAY="+display)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("xdotool getwindowgeometry: %v", err)
	}
	var x, y int
	for _, line := range strings.Split(string(out), "\n") {
		if v, ok := strings.CutPrefix(line, "X="); ok {
			x, _ = strconv.Atoi(v)
		}
		if v, ok := strings.CutPrefix(line, "Y="); ok {
			y, _ = strconv.Atoi(v)
		}
	}
	return x, y
}

// layout is what the program writes when DIPDESK_E2E_LAYOUT is set: where
// the board is drawn inside the window, and its size, in pixels.
type layout struct {
	X, Y, W, H int
	shown      time.Time // when the file appeared
}

func startXvfb(t *testing.T, dir string) (string, string) {
	t.Helper()
	fbdir := filepath.Join(dir, "fb")
	if err := os.Mkdir(fbdir, 0o755); err != nil {
		t.Fatal(err)
	}
	// Xvfb picks a free display itself and writes its number to the pipe
	// (-displayfd): a display left behind by a killed run (its socket and
	// lock file still in /tmp) is never mistaken for a free one, and a
	// stale lock whose server is gone is taken over by Xvfb.
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	x := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", "1280x900x24", "-fbdir", fbdir, "-nolisten", "tcp")
	x.ExtraFiles = []*os.File{w}
	if err := x.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	t.Cleanup(func() { x.Process.Kill(); x.Wait() })
	got := make(chan string, 1)
	go func() {
		b, _ := io.ReadAll(io.LimitReader(r, 16))
		got <- strings.TrimSpace(string(b))
	}()
	select {
	case n := <-got:
		if _, err := strconv.Atoi(n); err != nil {
			t.Fatalf("Xvfb gave no display number (%q)", n)
		}
		return ":" + n, fbdir
	case <-time.After(20 * time.Second):
		t.Fatal("Xvfb did not start within 20 s")
	}
	return "", ""
}

func waitLayout(t *testing.T, path string, out *bytes.Buffer) layout {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		if b, err := os.ReadFile(path); err == nil {
			var l layout
			if json.Unmarshal(b, &l) == nil && l.W > 100 && l.H > 100 {
				l.shown = time.Now()
				time.Sleep(500 * time.Millisecond) // let the window settle
				return l
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("the program never showed the board (no %s)\n%s", path, out.String())
	return layout{}
}

// provincePixel finds the screen pixel at the middle of a province's
// largest run of pixels, by asking the renderer's own hit test.
func provincePixel(t *testing.T, l layout, abbr string) image.Point {
	t.Helper()
	b, err := geometry.Load()
	if err != nil {
		t.Fatal(err)
	}
	m := standardMap(t)
	r := render.New(b, m)
	want, _ := m.Lookup(abbr)
	o := render.Options{Width: l.W, Height: l.H}
	var sx, sy, n int
	for y := 0; y < l.H; y += 3 {
		for x := 0; x < l.W; x += 3 {
			if loc, ok := r.HitTest(x, y, o); ok && loc.P == want {
				sx, sy, n = sx+x, sy+y, n+1
			}
		}
	}
	if n == 0 {
		t.Fatalf("%s not found on a %dx%d board", abbr, l.W, l.H)
	}
	return image.Pt(l.X+sx/n, l.Y+sy/n)
}

func xdo(t *testing.T, display string, args ...string) {
	t.Helper()
	cmd := exec.Command("xdotool", args...)
	cmd.Env = append(os.Environ(), "DISPLAY="+display)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("xdotool %v: %v\n%s", args, err, out)
	}
}

func waitOrder(t *testing.T, save, want string) bool {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if g, err := session.OpenReadOnly(save); err == nil {
			cur, err := g.Current()
			var orders []engine.Order
			if err == nil {
				orders, _ = g.Orders(cur.Phase)
			}
			for _, o := range orders {
				if o.Format(g.Map()) == want {
					g.Close()
					return true
				}
			}
			g.Close()
		}
		time.Sleep(200 * time.Millisecond)
	}
	return false
}

// keepScreenshot converts Xvfb's frame buffer (an XWD file) to a PNG in
// e2e-screenshots/.
func keepScreenshot(t *testing.T, fbdir string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(fbdir, "Xvfb_screen0"))
	if err != nil {
		t.Errorf("screenshot: %v", err)
		return
	}
	img, err := decodeXWD(b)
	if err != nil {
		t.Errorf("screenshot: %v", err)
		return
	}
	if err := os.MkdirAll("e2e-screenshots", 0o755); err != nil {
		t.Error(err)
		return
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Error(err)
		return
	}
	path := filepath.Join("e2e-screenshots", "game-window.png")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Error(err)
	}
	t.Logf("screenshot: %s", path)
}

// decodeXWD reads the 24-bit TrueColor ZPixmap dump Xvfb writes with
// -fbdir: a big-endian header, the colour map, then the pixels.
func decodeXWD(b []byte) (*image.RGBA, error) {
	if len(b) < 100 {
		return nil, errors.New("xwd: file too short")
	}
	field := func(i int) int { return int(binary.BigEndian.Uint32(b[i*4:])) }
	headerSize, depth, w, h := field(0), field(3), field(4), field(5)
	byteOrder, bpp, stride, ncolors := field(7), field(11), field(12), field(19)
	if depth != 24 || bpp != 32 || w <= 0 || h <= 0 {
		return nil, fmt.Errorf("xwd: depth %d, %d bits per pixel: not a 24-bit dump", depth, bpp)
	}
	off := headerSize + ncolors*12
	if off+stride*h > len(b) {
		return nil, errors.New("xwd: truncated pixels")
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		row := b[off+y*stride:]
		for x := 0; x < w; x++ {
			p := row[x*4 : x*4+4]
			var v uint32
			if byteOrder == 0 {
				v = binary.LittleEndian.Uint32(p)
			} else {
				v = binary.BigEndian.Uint32(p)
			}
			img.SetRGBA(x, y, color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255})
		}
	}
	return img, nil
}

func standardMap(t *testing.T) *engine.Map {
	t.Helper()
	m, err := standard.Map()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

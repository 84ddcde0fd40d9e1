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
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"dipdesk/app/session"
	"dipdesk/engine"
	"dipdesk/render"
	"dipdesk/render/geometry"
	"dipdesk/variants/standard"
)

// TestDesktopEndToEnd plays a hot-seat year as seven people at one
// laptop would, in the real program under Xvfb (software GL from Mesa),
// driven with xdotool: every seat has a PIN; England drags two moves and
// undoes a slip with Ctrl+Z; France types an impossible order, sees it
// marked, drags a move and presses Done without saving, and finds her
// orders kept; Germany follows its fleet out of Kiel with a drag and
// supports France's move from the unit's menu; the table adjudicates
// after the confirmation; England convoys an army to Norway by two drags;
// in Winter England and Germany build by tapping their home centres.
// Every order is checked in the save file, and a screenshot of each step
// is kept in e2e-screenshots/ (git-ignored). Last, the game is opened as
// France's seat alone, which asks for her PIN before showing anything.
func TestDesktopEndToEnd(t *testing.T) {
	for _, tool := range []string{"Xvfb", "xdotool"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is missing: make test installs it (tools/install-deps.sh)", tool)
		}
	}
	dir := t.TempDir()
	bin := buildProgram(t)
	save := filepath.Join(dir, "e2e.dipdesk")
	args := []string{"new", "--seed", "1", "--out", save}
	for _, p := range []string{"austria", "england", "france", "germany", "italy", "russia", "turkey"} {
		args = append(args, "--seat", p+":"+pins[p])
	}
	if out, err := exec.Command(bin, args...).CombinedOutput(); err != nil {
		t.Fatalf("new: %v\n%s", err, out)
	}
	display, fbdir := startXvfb(t, dir)
	started := time.Now()
	d := launchWindow(t, bin, display, fbdir, dir, "gui", save)
	t.Logf("launch to board on screen: %v", d.shown.Sub(started).Round(time.Millisecond))

	// Spring 1901.
	d.seat("england")
	d.drag("lon", "nth")
	d.drag("lvp", "wal")
	d.xdo("key", "ctrl+z") // a slip: Wales was meant to be Yorkshire
	d.wantStored(save, "england", "F lon - nth")
	d.drag("lvp", "yor")
	d.wantStored(save, "england", "F lon - nth\nA lvp - yor")
	d.done()

	d.seat("france")
	d.typeLine("A bel - mos")
	d.waitFor("the impossible order marked", func(l layout) bool { return strings.Contains(l.Problems, "no unit in Belgium") })
	d.drag("par", "bur")
	d.shot("france-marked.png")
	d.wantStored(save, "france", "A bel - mos\nA par - bur")
	d.typeLine("F bre - mao") // typed, never saved with Ctrl+S
	d.click("done")
	d.waitFor("the question about the impossible order", func(l layout) bool { _, ok := l.Widgets["ask.1"]; return ok })
	d.shot("france-done.png")
	d.click("ask.1") // "Hide my orders"
	d.waitFor("the table", func(l layout) bool { return l.Active == "" && !l.Curtain })
	d.wantStored(save, "france", "A bel - mos\nA par - bur\nF bre - mao")

	d.seat("germany")
	d.typeLine("F kie - den")
	d.drag("ber", "kie") // follows the fleet out of Kiel: a move, not a support
	d.wantStored(save, "germany", "F kie - den\nA ber - kie")
	d.menuShot = "germany-support-menu.png"
	d.menu("mun", "Support a move", "into Burgundy", "Support army in Paris into Burgundy")
	d.wantStored(save, "germany", "F kie - den\nA ber - kie\nA mun S A par - bur")
	d.shot("germany-support.png")
	d.done()

	d.xdo("key", "ctrl+Return")
	d.waitFor("the confirmation", func(l layout) bool { _, ok := l.Widgets["ask.0"]; return ok })
	d.shot("confirm-adjudicate.png")
	d.click("ask.0") // "Adjudicate anyway"
	d.wantPhase(save, "F1901M")
	d.shot("spring-1901-results.png")

	// Fall 1901: England convoys the army in Yorkshire to Norway.
	d.seat("england")
	d.drag("yor", "nwy")
	d.drag("nth", "yor")
	d.wantStored(save, "england", "A yor - nwy via convoy\nF nth C A yor - nwy")
	d.shot("england-convoy.png")
	d.done()
	d.xdo("key", "ctrl+Return")
	d.waitFor("the confirmation", func(l layout) bool { _, ok := l.Widgets["ask.0"]; return ok })
	d.click("ask.0")
	d.wantPhase(save, "W1901A")

	// Winter 1901: builds in the home centres left empty.
	d.seat("england")
	d.tapMenu("lon", "Build a fleet")
	d.wantStored(save, "england", "build F lon")
	d.shot("england-build.png")
	d.done()
	d.seat("germany")
	d.tapMenu("ber", "Build an army")
	d.wantStored(save, "germany", "build A ber")
	d.done()
	d.xdo("key", "ctrl+Return")
	d.wantPhase(save, "S1902M")
	d.wantUnits(save, map[string]string{"lon": "england F", "nwy": "england A", "ber": "germany A", "kie": "germany A",
		"den": "germany F", "bur": "france A", "mao": "france F"})
	d.shot("spring-1902.png")
	d.shot("game-window.png")
	d.quit()

	// France's seat alone: nothing shows before her PIN.
	f := launchWindow(t, bin, display, fbdir, dir, "gui", save, "--seat", "france")
	f.waitFor("the curtain", func(l layout) bool { return l.Curtain })
	f.shot("seat-pin.png")
	f.typeLine(pins["france"])
	f.waitFor("France's seat", func(l layout) bool { return !l.Curtain })
	f.quit()
	t.Logf("the whole year took %v", time.Since(started).Round(time.Millisecond))
}

// built is the program the end-to-end tests run, built once for all of
// them into a folder TestMain removes.
var built struct {
	once     sync.Once
	dir, bin string
	err      error
	out      []byte
}

// buildProgram builds the program once and returns its path.
func buildProgram(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "dipdesk-e2e-"); built.err != nil {
			return
		}
		built.bin = filepath.Join(built.dir, "dipdesk")
		built.out, built.err = exec.Command("go", "build", "-o", built.bin, ".").CombinedOutput()
	})
	if built.err != nil {
		t.Fatalf("build: %v\n%s", built.err, built.out)
	}
	return built.bin
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// pins are the seats' PINs of the end-to-end game.
var pins = map[string]string{"austria": "1111", "england": "2222", "france": "3333", "germany": "4444",
	"italy": "5555", "russia": "6666", "turkey": "7777"}

// window is the program's window under test.
type window struct {
	t          *testing.T
	display    string
	fbdir      string
	layoutFile string
	app        *exec.Cmd
	out        *bytes.Buffer
	shown      time.Time
	wx, wy     int
	lay        layout
	scans      map[[2]int]map[string][]image.Point // per board size: pixels of each province
	menuShot   string                              // a screenshot to take of the next menu, opened to its choice
	pins       map[string]string                   // the seats' PINs ("" none); nil: the standard game's pins
}

// launchWindow starts the program with args and waits for its board.
func launchWindow(t *testing.T, bin, display, fbdir, dir string, args ...string) *window {
	t.Helper()
	w := &window{t: t, display: display, fbdir: fbdir, layoutFile: filepath.Join(dir, fmt.Sprintf("layout-%d.json", time.Now().UnixNano())),
		out: &bytes.Buffer{}, scans: map[[2]int]map[string][]image.Point{}}
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	t.Cleanup(cancel)
	w.app = exec.CommandContext(ctx, bin, args...)
	// Its own config folder: the test's games never reach the user's
	// recent games.
	w.app.Env = append(os.Environ(), "DISPLAY="+display, "XDG_RUNTIME_DIR="+dir, "XDG_CONFIG_HOME="+filepath.Join(dir, "config"),
		"HOME="+dir, "DIPDESK_E2E_LAYOUT="+w.layoutFile,
		"FYNE_SCALE=1", "LIBGL_ALWAYS_SOFTWARE=1")
	w.app.Stdout, w.app.Stderr = w.out, w.out
	if err := w.app.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		w.app.Process.Kill()
		w.app.Wait()
		if t.Failed() {
			t.Logf("program output:\n%s", w.out.String())
		}
	})
	w.lay = waitLayout(t, w.layoutFile, w.out)
	w.shown = time.Now()
	w.wx, w.wy = windowOrigin(t, display, w.app.Process.Pid)
	return w
}

// read reads the layout file as the program last wrote it.
func (w *window) read() layout {
	b, err := os.ReadFile(w.layoutFile)
	if err != nil {
		return w.lay
	}
	var l layout
	if json.Unmarshal(b, &l) != nil {
		return w.lay
	}
	w.lay = l
	return l
}

// fresh waits for a layout written after now, so that it shows what the
// last action did.
func (w *window) fresh() layout {
	seq := w.read().Seq
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		if l := w.read(); l.Seq > seq+1 {
			return l
		}
		time.Sleep(40 * time.Millisecond)
	}
	return w.read()
}

// waitFor waits until the layout satisfies ok.
func (w *window) waitFor(what string, ok func(layout) bool) layout {
	w.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if l := w.read(); ok(l) {
			return l
		}
		time.Sleep(50 * time.Millisecond)
	}
	w.shot("failed.png")
	w.t.Fatalf("waiting for %s: layout %+v", what, w.read())
	return layout{}
}

func (w *window) xdo(args ...string) {
	w.t.Helper()
	xdo(w.t, w.display, args...)
}

// click clicks the middle of the named control.
func (w *window) click(name string) {
	w.t.Helper()
	l := w.waitFor(name+" on screen", func(l layout) bool { _, ok := l.Widgets[name]; return ok })
	r := l.Widgets[name]
	w.xdo("mousemove", strconv.Itoa(w.wx+r[0]+r[2]/2), strconv.Itoa(w.wy+r[1]+r[3]/2), "click", "1")
	w.fresh()
}

// seat passes the laptop to power: its button at the table, its PIN.
func (w *window) seat(power string) {
	w.t.Helper()
	w.waitFor("the table", func(l layout) bool { return l.Active == "" && !l.Curtain })
	w.click("table." + power)
	w.waitFor("the curtain for "+power, func(l layout) bool { return l.Curtain })
	pin := pins[power]
	if w.pins != nil {
		pin = w.pins[power]
	}
	if pin == "" {
		w.click("pass")
	} else {
		w.typeLine(pin)
	}
	w.waitFor(power+" ordering", func(l layout) bool { return l.Active == power && !l.Curtain })
	w.fresh()
}

// done presses "Done: hide my orders".
func (w *window) done() {
	w.t.Helper()
	w.click("done")
	w.waitFor("the table", func(l layout) bool { return l.Active == "" && !l.Curtain })
}

// typeLine types text and Return where the keyboard is: the PIN entry,
// or the order panel (clicked first).
func (w *window) typeLine(text string) {
	w.t.Helper()
	if l := w.read(); !l.Curtain {
		if r, ok := l.Widgets["entry"]; ok {
			w.xdo("mousemove", strconv.Itoa(w.wx+r[0]+r[2]-30), strconv.Itoa(w.wy+r[1]+r[3]-20), "click", "1")
			w.xdo("key", "ctrl+End")
		}
	}
	w.xdo("type", "--delay", "8", text)
	w.xdo("key", "Return")
	w.fresh()
}

// at is the screen pixel in the middle of province abbr on the board.
func (w *window) at(abbr string) image.Point {
	w.t.Helper()
	l := w.read()
	key := [2]int{l.W, l.H}
	scan, ok := w.scans[key]
	if !ok {
		scan = scanBoard(w.t, l.W, l.H)
		w.scans[key] = scan
	}
	pts := scan[abbr]
	if len(pts) == 0 {
		w.t.Fatalf("%s not on a %dx%d board", abbr, l.W, l.H)
	}
	var sx, sy int
	for _, p := range pts {
		sx, sy = sx+p.X, sy+p.Y
	}
	c := image.Pt(sx/len(pts), sy/len(pts))
	best, bd := pts[0], 1<<30
	for _, p := range pts {
		if d := (p.X-c.X)*(p.X-c.X) + (p.Y-c.Y)*(p.Y-c.Y); d < bd {
			best, bd = p, d
		}
	}
	return image.Pt(w.wx+l.X+best.X, w.wy+l.Y+best.Y)
}

// drag drags the unit in from onto to, as a hand does: press, several
// moves, release.
func (w *window) drag(from, to string) {
	w.t.Helper()
	a, b := w.at(from), w.at(to)
	w.xdo("mousemove", strconv.Itoa(a.X), strconv.Itoa(a.Y))
	w.xdo("mousedown", "1")
	for i := 1; i <= 6; i++ {
		w.xdo("mousemove", strconv.Itoa(a.X+(b.X-a.X)*i/6), strconv.Itoa(a.Y+(b.Y-a.Y)*i/6))
		time.Sleep(25 * time.Millisecond)
	}
	w.xdo("mouseup", "1")
	w.fresh()
}

// menu right-clicks the unit in abbr and chooses the item reached by
// path (each a label's start), with the keyboard, as the menu lists it.
func (w *window) menu(abbr string, path ...string) {
	w.t.Helper()
	p := w.at(abbr)
	w.xdo("mousemove", strconv.Itoa(p.X), strconv.Itoa(p.Y), "click", "3")
	w.choose(path)
}

// tapMenu clicks province abbr (a Winter's build menu) and chooses.
func (w *window) tapMenu(abbr string, path ...string) {
	w.t.Helper()
	p := w.at(abbr)
	w.xdo("mousemove", strconv.Itoa(p.X), strconv.Itoa(p.Y), "click", "1")
	w.choose(path)
}

// choose walks the menu on screen to path: Down to each item (separators
// are skipped, as the menu does), Right into its submenu, Return on the
// last.
func (w *window) choose(path []string) {
	w.t.Helper()
	l := w.waitFor("the menu", func(l layout) bool { return len(l.Menu) > 0 })
	items := l.Menu
	for depth, want := range path {
		k, n := -1, 0
		for _, it := range items {
			if it.Label == "---" {
				continue
			}
			if strings.HasPrefix(strings.TrimPrefix(it.Label, "✓ "), want) {
				k = n
				break
			}
			n++
		}
		if k < 0 {
			w.t.Fatalf("no %q in the menu %v", want, items)
		}
		downs := k
		if depth == 0 {
			downs = k + 1 // nothing is active when the menu opens
		}
		for i := 0; i < downs; i++ {
			w.xdo("key", "Down")
		}
		var next []menuItem
		for _, it := range items {
			if it.Label != "---" && strings.HasPrefix(strings.TrimPrefix(it.Label, "✓ "), want) {
				next = it.Sub
				break
			}
		}
		if depth < len(path)-1 {
			w.xdo("key", "Right")
			items = next
		}
	}
	if w.menuShot != "" {
		w.shot(w.menuShot)
		w.menuShot = ""
	}
	w.xdo("key", "Return")
	w.fresh()
}

// shot keeps a screenshot of the screen in e2e-screenshots/.
func (w *window) shot(name string) {
	time.Sleep(150 * time.Millisecond)
	keepScreenshot(w.t, w.fbdir, name)
}

// quit closes the program.
func (w *window) quit() {
	w.app.Process.Kill()
	w.app.Wait()
}

// wantStored waits until power's orders stored for the current phase read
// want (one a line, in the order given).
func (w *window) wantStored(save, power, want string) {
	w.t.Helper()
	var got string
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if g, err := session.OpenReadOnly(save); err == nil {
			if cur, err := g.Current(); err == nil {
				orders, _ := g.Orders(cur.Phase)
				var lines []string
				for _, o := range orders {
					if string(o.Power) == power {
						lines = append(lines, o.Format(g.Map()))
					}
				}
				got = strings.Join(lines, "\n")
			}
			g.Close()
			if got == want {
				return
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	w.shot("failed.png")
	w.t.Fatalf("%s's orders stored:\n%s\nwant:\n%s", power, got, want)
}

// wantPhase waits until the game is in phase.
func (w *window) wantPhase(save, phase string) {
	w.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	got := ""
	for time.Now().Before(deadline) {
		if g, err := session.OpenReadOnly(save); err == nil {
			if cur, err := g.Current(); err == nil {
				got = cur.Phase.Name
			}
			g.Close()
			if got == phase {
				w.fresh()
				return
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	w.shot("failed.png")
	w.t.Fatalf("the game is in %s, want %s", got, phase)
}

// wantUnits checks who stands where in the current phase.
func (w *window) wantUnits(save string, want map[string]string) {
	w.t.Helper()
	g, err := session.OpenReadOnly(save)
	if err != nil {
		w.t.Fatal(err)
	}
	defer g.Close()
	cur, err := g.Current()
	if err != nil {
		w.t.Fatal(err)
	}
	for abbr, who := range want {
		p, _ := g.Map().Lookup(abbr)
		got := ""
		if i := cur.State.UnitAt(p); i >= 0 {
			got = string(cur.State.Units[i].Power) + " " + cur.State.Units[i].Type.String()
		}
		if got != who {
			w.t.Errorf("%s holds %q, want %q", abbr, got, who)
		}
	}
}

// scanBoard finds, with the renderer's own hit test, the pixels of every
// province on a w x h board.
func scanBoard(t *testing.T, w, h int) map[string][]image.Point {
	t.Helper()
	b, err := geometry.Load()
	if err != nil {
		t.Fatal(err)
	}
	m := standardMap(t)
	r := render.New(b, m)
	o := render.Options{Width: w, Height: h}
	out := map[string][]image.Point{}
	for y := 0; y < h; y += 3 {
		for x := 0; x < w; x += 3 {
			if loc, ok := r.HitTest(x, y, o); ok {
				abbr := m.Provinces[loc.P].Abbr
				out[abbr] = append(out[abbr], image.Pt(x, y))
			}
		}
	}
	return out
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
	Widgets    map[string][4]int
	Menu       []menuItem
	Seq        int
	Status     string
	Curtain    bool
	Active     string
	Phase      string
	Problems   string
	Dialog     string
	DialogText string
	Results    []string
}

// menuItem is an item of the menu on screen, as the program writes it.
type menuItem struct {
	Label string
	Sub   []menuItem
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
				time.Sleep(300 * time.Millisecond) // let the window settle
				return l
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("the program never showed the board (no %s)\n%s", path, out.String())
	return layout{}
}

func xdo(t *testing.T, display string, args ...string) {
	t.Helper()
	cmd := exec.Command("xdotool", args...)
	cmd.Env = append(os.Environ(), "DISPLAY="+display)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("xdotool %v: %v\n%s", args, err, out)
	}
}

// keepScreenshot converts Xvfb's frame buffer (an XWD file) to a PNG in
// e2e-screenshots/name.
func keepScreenshot(t *testing.T, fbdir, name string) {
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
	path := filepath.Join("e2e-screenshots", name)
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

// TestDesktopShapes plays the first year of the test-only variant
// (variants/shapetest: eleven seats with four roles, Summer turns, the
// Borg, dice a game master enters, an end with points) hot seat in the
// real program, as TestDesktopEndToEnd does for the standard game: the
// Jester jests from its panel's Seat orders menu; on Germany's turn
// Germany musters in Berlin from the menu; on Austria's turn Austria
// musters and Italy, which may answer, objects; the Borg's step, which
// nobody orders, is played with one click and its die entered in the
// dialog; the last Winter ends the game with two winners. Each step is
// checked in the save file and screenshots are kept.
func TestDesktopShapes(t *testing.T) {
	for _, tool := range []string{"Xvfb", "xdotool"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is missing: make test installs it (tools/install-deps.sh)", tool)
		}
	}
	dir := t.TempDir()
	bin := buildProgram(t)
	save := filepath.Join(dir, "shape.dipdesk")
	shapePins := map[string]string{"jester": "1234", "germany": "4444", "austria": "1111", "italy": "5555"}
	args := []string{"new", "--variant", "shapetest", "--seed", "3", "--option", "dice=entered", "--option", "end_year=1901", "--out", save}
	for _, p := range []string{"austria", "england", "france", "germany", "italy", "russia", "turkey", "jester", "mastermind", "doctor", "soothsayer"} {
		seat := p
		if pin := shapePins[p]; pin != "" {
			seat += ":" + pin
		}
		args = append(args, "--seat", seat)
	}
	if out, err := exec.Command(bin, args...).CombinedOutput(); err != nil {
		t.Fatalf("new: %v\n%s", err, out)
	}
	display, fbdir := startXvfb(t, dir)
	started := time.Now()
	d := launchWindow(t, bin, display, fbdir, dir, "gui", save)
	d.pins = shapePins
	adjudicateAnyway := func(next string) {
		t.Helper()
		d.xdo("key", "ctrl+Return")
		d.waitFor("the confirmation", func(l layout) bool { return strings.HasPrefix(l.Dialog, "Adjudicate") })
		d.click("ask.0")
		d.wantPhase(save, next)
	}

	// Spring 1901: the Jester, which may act, orders France's army.
	d.shot("shape-table.png")
	d.seat("jester")
	d.click("seatorders.jester")
	d.choose([]string{"Jest"}) // "Jest… (write it)": the panel, the cursor after "jest "
	d.typeLine("A par - pic")
	d.xdo("key", "ctrl+s")
	d.wantStored(save, "jester", "jest a par - pic")
	d.shot("shape-jester.png")
	d.done()
	adjudicateAnyway("SU1901.muster@germany")
	d.wantShape(save, map[string][]string{"pic": {"france A"}, "lon": {"doctor B", "england F"}})

	// Germany's turn: a muster from the menu, in a home centre it owns.
	d.seat("germany")
	d.click("seatorders.germany")
	d.menuShot = "shape-muster-menu.png"
	d.choose([]string{"Muster", "Berlin"})
	d.wantStored(save, "germany", "muster ber")
	d.done()
	d.xdo("key", "ctrl+Return") // every seat awaited has ordered: no question
	d.wantPhase(save, "SU1901.muster@austria")
	d.wantShape(save, map[string][]string{"ber": {"germany A", "germany B"}})

	// Austria's turn: Austria musters; Italy answers with an objection.
	d.seat("austria")
	d.click("seatorders.austria")
	d.choose([]string{"Muster", "Vienna"})
	d.wantStored(save, "austria", "muster vie")
	d.done()
	d.waitFor("the table", func(l layout) bool { return l.Active == "" && !l.Curtain })
	d.click("table.italy")
	d.waitFor("Italy's curtain", func(l layout) bool { return l.Curtain })
	d.shot("shape-italy-curtain.png")
	d.typeLine(shapePins["italy"])
	d.waitFor("Italy ordering", func(l layout) bool { return l.Active == "italy" && !l.Curtain })
	d.click("seatorders.italy")
	d.choose([]string{"Object"})
	d.wantStored(save, "italy", "object")
	d.done()
	d.xdo("key", "ctrl+Return")
	d.wantPhase(save, "SU1901.muster@england")
	d.wantShape(save, map[string][]string{"vie": {"austria A"}}) // Italy objected: no birds
	d.shot("shape-objection-results.png")

	// England's turn passes without a muster; in the Autumn France, which
	// has no PIN, drags its army from Picardy into Belgium.
	adjudicateAnyway("AU1901M")
	d.seat("france")
	d.drag("pic", "bel")
	d.wantStored(save, "france", "A pic - bel")
	d.done()
	adjudicateAnyway("AU1901.borg")

	// The Borg's step: nobody orders; one click, and the die entered.
	d.waitFor("the Play button", func(l layout) bool { _, ok := l.Widgets["play"]; return ok })
	d.click("play")
	d.waitFor("the die's dialog", func(l layout) bool { return l.Dialog == "Roll the die" })
	d.shot("shape-borg-die.png")
	d.click("ask.2") // a 3: the Borg's ways from Bohemia by name are gal, mun, sil, tyr, vie
	d.wantPhase(save, "W1901A")
	d.wantShape(save, map[string][]string{"sil": {" BORG"}, "boh": nil})
	d.waitFor("what happened", func(l layout) bool {
		return strings.Contains(l.Status, "the Borg rolled 3 and went from Bohemia to Silesia")
	})
	d.shot("shape-borg-played.png")

	// The last Winter: Germany and the Doctor disband nothing (civil
	// disorder does), and the game ends with points and two winners.
	d.xdo("key", "ctrl+Return")
	d.waitFor("the confirmation", func(l layout) bool { return strings.HasPrefix(l.Dialog, "Adjudicate") })
	d.click("ask.0")
	d.waitFor("the game's end", func(l layout) bool { return l.Dialog == "The game is over" })
	d.shot("shape-game-over.png")
	d.click("ask.0")
	d.wantPhase(save, "S1902M")
	g, err := session.OpenReadOnly(save)
	if err != nil {
		t.Fatal(err)
	}
	end, err := g.End()
	g.Close()
	if err != nil || end == nil || !slices.Equal(end.Winners, []engine.Power{"france", "russia"}) || end.Points["jester"] != 3 {
		t.Errorf("the game's end: %+v %v (France with Belgium and Russia, 4 points each)", end, err)
	}
	d.quit()
	t.Logf("the year took %v", time.Since(started).Round(time.Millisecond))
}

// wantShape checks which pieces stand in some provinces of the current
// phase: "power CODE", sorted; nil for none.
func (w *window) wantShape(save string, want map[string][]string) {
	w.t.Helper()
	g, err := session.OpenReadOnly(save)
	if err != nil {
		w.t.Fatal(err)
	}
	defer g.Close()
	cur, err := g.Current()
	if err != nil {
		w.t.Fatal(err)
	}
	m := g.Map()
	for abbr, who := range want {
		p, _ := m.Lookup(abbr)
		var got []string
		for _, i := range cur.State.UnitsAt(p) {
			u := cur.State.Units[i]
			got = append(got, string(u.Power)+" "+m.UnitCode(u.Type, u.Kind))
		}
		slices.Sort(got)
		if !slices.Equal(got, who) {
			w.t.Errorf("%s holds %q, want %q", abbr, got, who)
		}
	}
}

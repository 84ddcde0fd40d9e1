package cli

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"io"
	"os"

	"dipdesk/app/session"
	"dipdesk/engine"
	"dipdesk/render"
	"dipdesk/render/geometry"
	"dipdesk/variants"
)

// renderJob is what to draw: a seat's view with orders and results.
type renderJob struct {
	variant *engine.Variant
	m       *engine.Map
	view    engine.View
	orders  []engine.Order
	results []engine.Result
	title   string
}

func runRender(c *CLI, args []string) int {
	fs := newFlags(c, "render")
	out := fs.String("out", "", "the PNG file to write")
	width := fs.Int("width", 1600, "image width in pixels")
	height := fs.Int("height", 0, "image height in pixels (default: three quarters of the width)")
	noOrders := fs.Bool("no-orders", false, "draw the position only")
	phase := fs.String("phase", "", "save files: the phase to draw (default: the last adjudicated one, else the current one)")
	as := fs.String("as", "gm", "save files: the seat whose view is drawn: gm, public or a power")
	legend := fs.Bool("legend", true, "draw the legend of powers")
	rest, err := splitArgs(fs, args)
	if err != nil || len(rest) != 1 || *out == "" {
		fmt.Fprintln(c.Stderr, "usage: dipdesk render FILE --out board.png [--width 1600] [--no-orders] [--phase P] [--as SEAT]")
		return 2
	}
	if *width < 200 || *width > 8000 {
		return c.fail("render", fmt.Errorf("--width %d: want 200 to 8000 pixels", *width))
	}
	if *height == 0 {
		*height = *width * 3 / 4
	}
	if *height < 150 || *height > 8000 {
		return c.fail("render", fmt.Errorf("--height %d: want 150 to 8000 pixels", *height))
	}
	var job *renderJob
	if isSave(rest[0]) {
		job, err = saveJob(c, rest[0], *phase, *as)
	} else {
		job, err = caseJob(c, rest[0])
	}
	if err != nil {
		return c.fail("render", err)
	}
	b, err := geometry.Load()
	if err != nil {
		return c.fail("render", err)
	}
	r := render.New(b, job.m)
	// A card's special order is drawn as the window draws it: the order
	// the engine adjudicates it as, and its signs (a double move's second
	// leg, a mine laid on the way).
	orders, results, signs := session.BoardOrders(job.variant, job.view, job.orders, job.results)
	o := render.Options{Width: *width, Height: *height, ShowOrders: !*noOrders, ShowResults: !*noOrders, Legend: *legend,
		Marks: session.BoardMarks(job.view), Signs: signs}
	img := r.Render(job.view, orders, results, o)
	if err := writePNG(*out, img); err != nil {
		return c.fail("render", err)
	}
	fmt.Fprintf(c.Stdout, "wrote %s (%dx%d): %s\n", *out, *width, *height, job.title)
	return 0
}

// isSave reports whether path begins like an SQLite file (a save).
func isSave(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 16)
	n, _ := io.ReadFull(f, head)
	return bytes.Equal(head[:n], []byte("SQLite format 3\x00"))
}

// caseJob draws the last step of a case file's first case: the position
// before it, its orders and their results.
func caseJob(c *CLI, name string) (*renderJob, error) {
	f, err := readCaseFile(c, name)
	if err != nil {
		return nil, err
	}
	if len(f.Cases) == 0 {
		return nil, fmt.Errorf("%s: no CASE in the file", name)
	}
	cs := f.Cases[0]
	su, err := setup("", cs.Variant)
	if err != nil {
		return nil, err
	}
	rep := su.Run(name, cs)
	if rep.Err != nil {
		return nil, rep.Err
	}
	if len(rep.Steps) == 0 {
		return nil, errors.New(name + ": the case has no orders")
	}
	st := rep.Steps[len(rep.Steps)-1]
	id := cs.Variant
	if id == "" {
		id = "standard"
	}
	v, _ := variants.Lookup(id) // found by setup
	return &renderJob{variant: v, m: su.Map, view: engine.ViewFor(st.Before, nil, engine.Seat{GM: true}, su.Rules),
		orders: st.Orders, results: st.Outcome.Results,
		title: fmt.Sprintf("%s, %s", cs.Name, st.Before.Phase)}, nil
}

// saveJob draws a phase of a saved game as a seat sees it. An adjudicated
// phase is drawn with its orders and results (adjudicated again from the
// stored orders, which gives exactly the stored outcome); a phase still
// open with the orders the seat may see.
func saveJob(c *CLI, path, phase, seatName string) (*renderJob, error) {
	g, err := session.OpenReadOnly(path)
	if err != nil {
		return nil, err
	}
	defer g.Close()
	seat, err := g.ParseSeat(seatName)
	if err != nil {
		return nil, err
	}
	if err := c.checkSeatPIN(g, seat); err != nil {
		return nil, err
	}
	ps, err := g.Phase(phase)
	if err != nil {
		return nil, err
	}
	if phase == "" {
		if last, ok, err := lastAdjudicated(g); err != nil {
			return nil, err
		} else if ok {
			ps = last
		}
	}
	job := &renderJob{variant: g.Variant(), m: g.Map(), title: fmt.Sprintf("%s, %s, as %s", baseName(path), ps.State.Phase, seat)}
	orders, err := g.Orders(ps.Phase)
	if err != nil {
		return nil, err
	}
	if !ps.Phase.Adjudicated {
		job.view = engine.ViewFor(ps.State, orders, seat, g.Variant().Rules)
		job.orders = job.view.Pending
		return job, nil
	}
	// The seat's outcome: orders and results as the seat may know them
	// (a variant's ConcealOutcome applied).
	out, err := g.SeatOutcome(ps, seat)
	if err != nil {
		return nil, err
	}
	job.view = engine.ViewFor(ps.State, nil, seat, g.Variant().Rules)
	job.orders, job.results = nil, out.Results
	for _, r := range out.Results {
		job.orders = append(job.orders, r.Order)
	}
	return job, nil
}

func lastAdjudicated(g *session.Game) (session.PhaseState, bool, error) {
	phases, err := g.History(false)
	if err != nil {
		return session.PhaseState{}, false, err
	}
	for i := len(phases) - 1; i >= 0; i-- {
		if phases[i].Adjudicated {
			ps, err := g.Phase(phases[i].Name)
			return ps, err == nil, err
		}
	}
	return session.PhaseState{}, false, nil
}

func baseName(p string) string {
	for i := len(p) - 1; i >= 0; i-- {
		if p[i] == '/' || p[i] == '\\' {
			return p[i+1:]
		}
	}
	return p
}

func writePNG(path string, img image.Image) error {
	var buf bytes.Buffer
	if err := render.EncodePNG(&buf, img); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, buf.Bytes(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

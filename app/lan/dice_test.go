package lan

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"dipdesk/app/session"
	"dipdesk/engine"
	"dipdesk/variants/shapetest"
	"dipdesk/variants/standard"
)

// playSession plays a game's steps through the session alone, before a
// host serves it: for each step, its key and each power's orders.
func playSession(t *testing.T, g *session.Game, steps []struct {
	key    string
	orders map[engine.Power]string
}) {
	t.Helper()
	for _, st := range steps {
		for p, text := range st.orders {
			if _, errs, err := g.SubmitOrders(st.key, p, text); err != nil || len(errs) > 0 {
				t.Fatalf("%s's orders in %s: %v %v", p, st.key, err, errs)
			}
		}
		if _, _, err := g.Process(st.key); err != nil {
			t.Fatalf("processing %s: %v", st.key, err)
		}
	}
}

// shapeToAutumn is the shapetest year up to its Autumn movement, whose
// next step is the Borg's.
var shapeToAutumn = []struct {
	key    string
	orders map[engine.Power]string
}{
	{"S1901M", map[engine.Power]string{"france": "A par - bur", "germany": "A mun - bur", "jester": "jest A par - pic"}},
	{"SU1901.muster@germany", map[engine.Power]string{"germany": "muster ber"}},
	{"SU1901.muster@austria", map[engine.Power]string{"austria": "muster vie", "italy": "object"}},
	{"SU1901.muster@england", map[engine.Power]string{"england": "muster lon"}},
}

// drawStored returns the draws stored for an adjudicated step of the
// host's game.
func drawStored(t *testing.T, h *Host, key string) []engine.Draw {
	t.Helper()
	h.gmu.Lock()
	defer h.gmu.Unlock()
	ps, err := h.g.Phase(key)
	if err != nil {
		t.Fatal(err)
	}
	draws, err := h.g.PhaseDraws(ps)
	if err != nil {
		t.Fatal(err)
	}
	return draws
}

// TestShapeBorgDiceEnteredOverLAN: in a game whose dice a game master
// rolls at the table, the Borg's step (nobody acts) stops at its die; the
// host asks its person (PendingDraw, OnDraw), refuses values that do not
// fit with nothing changed, and with a 3 the Borg goes to Silesia and
// every seat gets the results; the stored draw says it was entered. No
// seat is told the roll before the results.
func TestShapeBorgDiceEnteredOverLAN(t *testing.T) {
	g, err := session.Create(filepath.Join(t.TempDir(), "shape.dipdesk"), session.Options{Variant: "shapetest", Seed: 5,
		Options: map[string]string{shapetest.OptionEndYear: "1901", session.OptionDice: session.DiceEntered}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	playSession(t, g, shapeToAutumn)
	tb := newTable(t, g, HostConfig{})
	h, s := tb.h, tb.seats
	asked := make(chan PendingDraw, 4)
	h.OnDraw(func(d PendingDraw) { asked <- d })
	const autumn, borg = "AU1901M", "AU1901.borg"
	if _, ok := h.PendingDraw(); ok {
		t.Fatal("a roll is asked for before the Borg's step")
	}
	for _, p := range h.Step().Must {
		ready(t, s[p], autumn)
	}
	var d PendingDraw
	select {
	case d = <-asked:
	case <-ctxT(t).Done():
		t.Fatal("the host never asked for the Borg's die")
	}
	if d.Phase != borg || d.Title != "Autumn 1901 Borg" || d.Index != 0 || !d.Die || d.N != 6 || d.Why != "the Borg's way from Bohemia" || d.Range() != "a d6: 1 to 6" {
		t.Fatalf("the roll asked for: %+v", d)
	}
	if st := h.Step(); st.Phase != borg {
		t.Fatalf("the host is in %s while the Borg's die is awaited", st.Phase)
	}
	for _, bad := range []struct{ index, value int }{{0, 7}, {0, 0}, {1, 3}} {
		if err := h.EnterDraw(borg, bad.index, bad.value); err == nil {
			t.Errorf("draw %d entered as %d", bad.index, bad.value)
		}
	}
	if err := h.EnterDraw(autumn, 0, 3); !errors.Is(err, ErrNoDrawAwaited) {
		t.Errorf("a roll for another step: %v", err)
	}
	if p, ok := h.PendingDraw(); !ok || p.Index != 0 {
		t.Fatalf("after refused values the roll is no longer awaited: %+v %v", p, ok)
	}
	// A seat learns nothing of the roll before the results.
	for _, e := range s["austria"].in.messages() {
		if strings.Contains(string(e.Body), "Borg's way") {
			t.Fatalf("a seat was told of the roll: %s", e.Body)
		}
	}
	if err := h.EnterDraw(borg, 0, 3); err != nil {
		t.Fatal(err)
	}
	for _, sc := range s {
		r := resultsOf(t, sc, borg)
		if len(r.Events) != 1 || !strings.Contains(r.Events[0], "the Borg rolled 3 and went from Bohemia to Silesia") {
			t.Fatalf("%s's results of the Borg's step: %+v", sc.seat, r)
		}
	}
	if draws := drawStored(t, h, borg); len(draws) != 1 || !draws[0].Entered || draws[0].Shown() != 3 {
		t.Errorf("the stored draws of the Borg's step: %+v", draws)
	}
	if _, ok := h.PendingDraw(); ok || h.Step().Phase != "W1901A" {
		t.Errorf("after the roll: %+v", h.Step())
	}
	if err := h.EnterDraw(borg, 0, 3); !errors.Is(err, ErrNoDrawAwaited) {
		t.Errorf("a roll entered twice: %v", err)
	}
	tb.h.Close()
	tb.checkAll(t)
}

// TestOrdersClosedWhileRolling: when the adjudication of a step in which
// seats act stops at a die, their orders and ready are refused (the
// values entered belong to the orders they were entered with) and change
// nothing, until the game master has entered the roll. A host restarted
// meanwhile asks for the next roll at once.
func TestOrdersClosedWhileRolling(t *testing.T) {
	v := *standard.Variant
	v.Rules = &engine.Rules{Phase: func(s *engine.State, _ []engine.Order, rng *engine.Rand) (*engine.Outcome, bool) {
		if s.Phase.Type == engine.Movement {
			rng.Die(6, "the weather")
			rng.Die(6, "the wind")
		}
		return nil, false // the standard adjudication
	}}
	path := filepath.Join(t.TempDir(), "roll.dipdesk")
	g, err := session.CreateWith(path, &v, session.Options{Seed: 1, Options: map[string]string{session.OptionDice: session.DiceEntered}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	h := startHost(t, g, HostConfig{MessageRate: -1})
	seats := map[engine.Power]*seatClient{}
	for _, p := range g.Map().PowerIDs() {
		seats[p] = join(t, h, string(p), false)
	}
	asked := make(chan PendingDraw, 4)
	h.OnDraw(func(d PendingDraw) { asked <- d })
	orders(t, seats["france"], "S1901M", "A par - bur")
	for _, sc := range seats {
		ready(t, sc, "S1901M")
	}
	// The last ready's ack comes before the adjudication it starts.
	select {
	case <-asked:
	case <-ctxT(t).Done():
		t.Fatal("no roll asked for")
	}
	d, ok := h.PendingDraw()
	if !ok || d.Phase != "S1901M" || d.Why != "the weather" {
		t.Fatalf("the roll awaited: %+v %v", d, ok)
	}
	msg := refused(t, h, seats["france"], CodeRejected, TypeOrders, OrdersMsg{Phase: "S1901M", Text: "A par - pic"})
	if !strings.Contains(msg, "the game master is entering the dice") {
		t.Errorf("the refusal says %q", msg)
	}
	refused(t, h, seats["france"], CodeRejected, TypeReady, ReadyMsg{Phase: "S1901M", Ready: false})
	if err := h.EnterDraw("S1901M", 0, 2); err != nil {
		t.Fatal(err)
	}
	if d, ok := h.PendingDraw(); !ok || d.Index != 1 || d.Why != "the wind" {
		t.Fatalf("the second roll: %+v %v", d, ok)
	}
	// The host stops and starts again: the game master goes on with the
	// second roll, the first kept.
	h.Close()
	h2 := startHost(t, g, HostConfig{})
	if d, ok := h2.PendingDraw(); !ok || d.Index != 1 {
		t.Fatalf("a restarted host asks for %+v (%v)", d, ok)
	}
	if err := h2.EnterDraw("S1901M", 1, 5); err != nil {
		t.Fatal(err)
	}
	if st := h2.Step(); st.Phase != "F1901M" {
		t.Fatalf("after the rolls: %+v", st)
	}
	draws := drawStored(t, h2, "S1901M")
	if len(draws) != 2 || draws[0].Shown() != 2 || draws[1].Shown() != 5 || !draws[0].Entered || !draws[1].Entered {
		t.Errorf("the stored draws: %+v", draws)
	}
	h2.gmu.Lock()
	out, err := h2.g.Phase("S1901M")
	h2.gmu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	if r := resultOf(t, h2, out, "france"); r != "A par - bur" {
		t.Errorf("France's order as adjudicated: %q", r)
	}
}

// resultOf returns the order of power's first result in an adjudicated
// step of the host's game.
func resultOf(t *testing.T, h *Host, ps session.PhaseState, power string) string {
	t.Helper()
	h.gmu.Lock()
	defer h.gmu.Unlock()
	rs, err := h.g.Results(ps.Phase)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rs {
		if r.Power == power && strings.HasPrefix(r.Order, "A par") {
			return r.Order
		}
	}
	return ""
}

package lan

import (
	"errors"
	"maps"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"dipdesk/app/session"
	"dipdesk/engine"
	"dipdesk/variants/shapetest"
	"dipdesk/variants/standard"
)

// newShapeGame creates a game of the test-only variant with every shape
// of game at once (variants/shapetest), ending after the year's
// adjustments.
func newShapeGame(t *testing.T, seed uint64) *session.Game {
	t.Helper()
	g, err := session.Create(filepath.Join(t.TempDir(), "shape.dipdesk"), session.Options{Variant: "shapetest", Seed: seed,
		Options: map[string]string{shapetest.OptionEndYear: "1901"}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	return g
}

// lastView returns the seat's latest view of phase, waiting for one.
func lastView(t *testing.T, sc *seatClient, phase string) View {
	t.Helper()
	sc.in.waitFor(t, 0, sc.seat+"'s view of "+phase, isView(phase))
	var v View
	for _, e := range sc.in.messages() {
		if isView(phase)(e) {
			v, _ = Decode[View](e)
		}
	}
	return v
}

// resultsOf waits for the seat's results of phase.
func resultsOf(t *testing.T, sc *seatClient, phase string) Results {
	t.Helper()
	i := sc.in.waitFor(t, 0, sc.seat+"'s results of "+phase, func(e Envelope) bool {
		r, _ := Decode[Results](e)
		return e.Type == TypeResults && r.Phase == phase
	})
	r, _ := Decode[Results](sc.in.messages()[i])
	return r
}

// resultLine finds the result of an order in r.
func resultLine(t *testing.T, r Results, power, order string) ResultLine {
	t.Helper()
	for _, x := range r.Results {
		if x.Power == power && x.Order == order {
			return x
		}
	}
	t.Fatalf("no result for %s %q in %s: %+v", power, order, r.Phase, r.Results)
	return ResultLine{}
}

// refused sends a request the host must refuse with code, and checks the
// save's orders did not change.
func refused(t *testing.T, h *Host, sc *seatClient, code, typ string, body any) string {
	t.Helper()
	before := storedOrders(t, h)
	_, err := sc.c.Request(ctxT(t), typ, body)
	var he *HostError
	if !errors.As(err, &he) || he.Code != code {
		t.Fatalf("%s's %s %+v: %v, want %s", sc.seat, typ, body, err, code)
	}
	if after := storedOrders(t, h); !slices.Equal(before, after) {
		t.Fatalf("a refused %s changed the orders: %q, then %q", typ, before, after)
	}
	return he.Message
}

// orders submits a seat's orders and checks the ack names the step.
func orders(t *testing.T, sc *seatClient, phase, text string) Ack {
	t.Helper()
	ack, err := sc.c.Orders(ctxT(t), phase, text)
	if err != nil {
		t.Fatalf("%s's orders for %s: %v", sc.seat, phase, err)
	}
	if ack.Phase != phase || len(ack.Errors) > 0 {
		t.Fatalf("%s's orders for %s: ack %+v", sc.seat, phase, ack)
	}
	return ack
}

func ready(t *testing.T, sc *seatClient, phase string) {
	t.Helper()
	if err := sc.c.Ready(ctxT(t), phase, true); err != nil {
		t.Fatalf("%s ready for %s: %v", sc.seat, phase, err)
	}
}

// TestShapeGameOverLAN plays the test-only variant's year over the LAN
// with its eleven seats and an observer connected: each step by its key,
// the host waiting for the seats the session's WhoActs says must act and
// taking orders and ready from those that may (the Jester's seat order in
// Spring, Italy's objection on Austria's Summer turn), refusing the seats
// that may not act with nothing changed, playing the Borg's step (nobody
// acts) at once, and ending with points and two winners; every message
// every seat received is then checked against what it may know.
func TestShapeGameOverLAN(t *testing.T) {
	g := newShapeGame(t, 5)
	tb := newTable(t, g, HostConfig{})
	h, s := tb.h, tb.seats
	if n := len(h.Info().Seats); n != 11 {
		t.Fatalf("%d seats", n)
	}
	for _, si := range h.Info().Seats {
		if want := slices.Contains([]string{"jester", "mastermind", "doctor", "soothsayer"}, si.Power); si.Role != want || si.Free || !si.Connected {
			t.Errorf("seat %+v", si)
		}
	}

	// Spring: the powers with units must act (the Doctor for its birds),
	// the Jester may; the Mastermind does not act.
	const spring = "S1901M"
	if v := lastView(t, s["france"], spring); !v.Due || v.Title != "Spring 1901 Movement" {
		t.Errorf("France's view of Spring: %+v", v)
	}
	if v := lastView(t, s["doctor"], spring); !v.Due {
		t.Error("the Doctor, with birds, is not due in Spring")
	}
	if v := lastView(t, s["jester"], spring); v.Due || !v.May {
		t.Errorf("the Jester's view of Spring: due %v may %v", v.Due, v.May)
	}
	if v := lastView(t, s["mastermind"], spring); v.Due || v.May {
		t.Errorf("the Mastermind's view of Spring: due %v may %v", v.Due, v.May)
	}
	msg := refused(t, h, s["mastermind"], CodeNotActing, TypeOrders, OrdersMsg{Phase: spring, Text: "jest A par - pic"})
	if !strings.Contains(msg, "Mastermind does not act in Spring 1901 Movement") {
		t.Errorf("the refusal says %q", msg)
	}
	refused(t, h, s["mastermind"], CodeNotActing, TypeReady, ReadyMsg{Phase: spring, Ready: true})
	if ack := orders(t, s["jester"], spring, "jest A par - pic"); !reflect.DeepEqual(ack.Accepted, []string{"jest a par - pic"}) {
		t.Errorf("the Jester's ack %+v", ack)
	}
	ready(t, s["jester"], spring)
	// Every seat's ready list names the role that is ready.
	s["turkey"].in.waitFor(t, 0, "the Jester in Turkey's ready list", func(e Envelope) bool {
		st, _ := Decode[Status](e)
		return e.Type == TypeStatus && st.Phase == spring && st.Title == "Spring 1901 Movement" && slices.Equal(st.Ready, []string{"jester"})
	})
	orders(t, s["france"], spring, "A par - bur")
	orders(t, s["germany"], spring, "A mun - bur")
	for _, p := range []engine.Power{"austria", "england", "france", "germany", "italy", "russia", "turkey"} {
		ready(t, s[p], spring)
	}
	if st := h.Step(); st.Phase != spring {
		t.Fatalf("the host moved on to %s before the Doctor, who must act, was ready", st.Phase)
	}
	ready(t, s["doctor"], spring)
	r := resultsOf(t, s["france"], spring)
	if x := resultLine(t, r, "jester", "jest a par - pic"); !x.OK {
		t.Errorf("the Jester's order: %+v", x)
	}
	if r.Next != "SU1901.muster@germany" || r.NextTitle != "Summer 1901 Muster (Germany)" {
		t.Errorf("after Spring: %s (%s)", r.Next, r.NextTitle)
	}

	// Germany's Summer turn: Germany must, the other great powers may, the
	// Jester may not; a key another step would share is not this step's.
	const gerTurn, ausTurn, engTurn = "SU1901.muster@germany", "SU1901.muster@austria", "SU1901.muster@england"
	if v := lastView(t, s["italy"], gerTurn); v.Due || !v.May {
		t.Errorf("Italy on Germany's turn: due %v may %v", v.Due, v.May)
	}
	refused(t, h, s["jester"], CodeNotActing, TypeOrders, OrdersMsg{Phase: gerTurn, Text: "object"})
	for _, stale := range []string{"SU1901", "SU1901.muster", ausTurn, spring} {
		refused(t, h, s["germany"], CodeStalePhase, TypeOrders, OrdersMsg{Phase: stale, Text: "muster ber"})
	}
	orders(t, s["germany"], gerTurn, "muster ber")
	ready(t, s["germany"], gerTurn)

	// Austria's turn: Italy objects (a seat that may act, not waited
	// for), then Austria musters and is ready.
	lastView(t, s["italy"], ausTurn)
	orders(t, s["italy"], ausTurn, "object")
	ready(t, s["italy"], ausTurn)
	if st := h.Step(); st.Phase != ausTurn || !reflect.DeepEqual(st.Must, []engine.Power{"austria"}) || len(st.May) != 6 {
		t.Fatalf("Austria's turn: %+v", st)
	}
	orders(t, s["austria"], ausTurn, "muster vie")
	ready(t, s["austria"], ausTurn)
	r = resultsOf(t, s["austria"], ausTurn)
	if x := resultLine(t, r, "austria", "muster vie"); x.OK || !strings.Contains(x.Reason, "Italy objected") {
		t.Errorf("Austria's muster under Italy's objection: %+v", x)
	}
	lastView(t, s["england"], engTurn)
	orders(t, s["england"], engTurn, "muster lon")
	ready(t, s["england"], engTurn)

	// Autumn, then the Borg's step, which nobody acts in: the host plays
	// it at once and goes on to the Winter.
	const autumn, borg, winter = "AU1901M", "AU1901.borg", "W1901A"
	lastView(t, s["france"], autumn)
	orders(t, s["france"], autumn, "A pic - bel")
	for _, p := range lastStep(t, h, autumn).Must {
		ready(t, s[p], autumn)
	}
	r = resultsOf(t, tb.watcher, borg)
	if r.Title != "Autumn 1901 Borg" || len(r.Events) != 1 || !strings.Contains(r.Events[0], "the Borg rolled") || r.Next != winter {
		t.Errorf("the Borg's step: %+v", r)
	}
	// Lastly the Winter: France builds, the powers with birds beyond
	// their centres leave their removals to the rules, and the game ends
	// with points.
	st := lastStep(t, h, winter)
	if !reflect.DeepEqual(st.Must, []engine.Power{"doctor", "england", "france", "germany"}) {
		t.Errorf("who must act in the Winter: %+v", st)
	}
	lastView(t, s["france"], winter)
	orders(t, s["france"], winter, "build A par")
	for _, p := range st.Must {
		ready(t, s[p], winter)
	}
	for _, sc := range append(slices.Collect(maps.Values(s)), tb.watcher) {
		r := resultsOf(t, sc, winter)
		if r.End == nil || !reflect.DeepEqual(r.End.Winners, []string{"france", "russia"}) || r.End.Points["jester"] != 3 || r.End.Points["france"] != 4 || r.Winner != "" {
			t.Fatalf("%s's end of the game: %+v", sc.seat, r.End)
		}
	}
	if e := h.End(); e == nil || len(e.Winners) != 2 || h.Winner() != "" {
		t.Errorf("the host's end %+v, winner %q", e, h.Winner())
	}
	// The game is over: nobody acts, and nothing more is taken.
	if v := lastView(t, s["france"], "S1902M"); !v.Over || v.Due || v.May {
		t.Errorf("France's view after the end: over %v due %v may %v", v.Over, v.Due, v.May)
	}
	refused(t, h, s["france"], CodeRejected, TypeOrders, OrdersMsg{Phase: winter, Text: "build A par"})
	tb.h.Close()
	tb.checkAll(t, CodeNotActing, CodeStalePhase, CodeRejected)
}

// lastStep waits for the host to reach phase and returns who acts in it.
func lastStep(t *testing.T, h *Host, phase string) Step {
	t.Helper()
	done := make(chan struct{})
	var once sync.Once
	h.OnPhase(func(p string) {
		if p == phase {
			once.Do(func() { close(done) })
		}
	})
	if st := h.Step(); st.Phase == phase {
		return st
	}
	select {
	case <-done:
	case <-ctxT(t).Done():
		t.Fatalf("the host never reached %s (it is in %s)", phase, h.Step().Phase)
	}
	return h.Step()
}

// actingGame is a standard game whose variant answers who acts with f.
func actingGame(t *testing.T, f func(s *engine.State) engine.Acting) *session.Game {
	t.Helper()
	v := *standard.Variant
	v.Rules = &engine.Rules{Acting: f}
	g, err := session.CreateWith(filepath.Join(t.TempDir(), "acting.dipdesk"), &v, session.Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	return g
}

// TestHostPlaysStepNobodyActsIn: a host started on a step in which nobody
// must act plays it at once and goes on; so does one reaching such a step.
// Before, the host waited for the powers with units.
func TestHostPlaysStepNobodyActsIn(t *testing.T) {
	g := actingGame(t, func(s *engine.State) engine.Acting {
		if s.Phase.Season == engine.Spring {
			return engine.Acting{} // the engine's step: nobody acts
		}
		return engine.StandardActing(s)
	})
	h := startHost(t, g, HostConfig{})
	if st := h.Step(); st.Phase != "F1901M" || len(st.Must) != 7 {
		t.Fatalf("the host started on a step nobody acts in and is in %+v", st)
	}
	fr := join(t, h, "france", false)
	if v := lastView(t, fr, "F1901M"); !v.Due {
		t.Error("France is not due in the Fall")
	}
}

// TestHostWaitsForGameMaster: a step in which the game master must act
// (Acting.GM) is not adjudicated when every seat that must act is ready;
// the game master's adjudicate moves it on.
func TestHostWaitsForGameMaster(t *testing.T) {
	g := actingGame(t, func(s *engine.State) engine.Acting {
		a := engine.StandardActing(s)
		a.GM = s.Phase.Season == engine.Spring
		return a
	})
	h := startHost(t, g, HostConfig{})
	var seats []*seatClient
	for _, p := range g.Map().PowerIDs() {
		sc := join(t, h, string(p), false)
		ready(t, sc, "S1901M")
		seats = append(seats, sc)
	}
	if st := h.Step(); st.Phase != "S1901M" || !st.GM || len(st.Ready) != 7 {
		t.Fatalf("every seat ready, the game master not: %+v", st)
	}
	if err := h.Adjudicate(); err != nil {
		t.Fatal(err)
	}
	if st := h.Step(); st.Phase != "F1901M" {
		t.Fatalf("after the game master's adjudicate: %+v", st)
	}
	resultsOf(t, seats[0], "S1901M")
}

package lan

import (
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"dipdesk/app/session"
	"dipdesk/engine"
)

// awaitRoll waits for the host to ask its person for a roll.
func awaitRoll(t *testing.T, asked chan PendingDraw) PendingDraw {
	t.Helper()
	select {
	case d := <-asked:
		return d
	case <-ctxT(t).Done():
		t.Fatal("the host never asked for a roll")
	}
	return PendingDraw{}
}

// readyAll says every seat that must act in the host's step is ready.
func (tb *table) readyAll(t *testing.T, phase string) {
	t.Helper()
	for _, p := range lastStep(t, tb.h, phase).Must {
		ready(t, tb.seats[p], phase)
	}
}

// results returns the lines of r as "power order ok reason".
func resultWords(r Results) string {
	var b strings.Builder
	for _, x := range r.Results {
		b.WriteString(x.Power + " " + x.Order + " " + x.Reason + "\n")
	}
	return b.String()
}

// TestQuestionableOverLAN is issue 15's done-when over the LAN: a game of
// Questionable Character Diplomacy with the dice rolled at the table and
// the characters' reports private, every seat on its own client. In the
// characters' step each seat orders its characters; when all are ready
// the host asks its person for each roll, naming it (PendingDraw, OnDraw),
// refuses a value out of range, and no seat can enter a roll, change its
// orders or adjudicate meanwhile; each seat then reads only what ruling
// Q12 lets it (France not Germany's theft). A seat cannot order another
// power's character nor the unit stolen from it; a character ordered in
// the moves does nothing. The game master then stops hosting, sets France
// a centre short, and hosts again: the Fall's moves give France its
// eighteenth centre, every seat and the observer are told the game is
// over, and nothing more is taken. Every message every seat received is
// checked against what it may know.
func TestQuestionableOverLAN(t *testing.T) {
	g, err := session.Create(filepath.Join(t.TempDir(), "q.dipdesk"), session.Options{Variant: "questionable", Seed: 3,
		Options: map[string]string{session.OptionDice: session.DiceEntered, "character_reports": "private"}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	tb := newTable(t, g, HostConfig{})
	h, s := tb.h, tb.seats
	asked := make(chan PendingDraw, 8)
	h.OnDraw(func(d PendingDraw) { asked <- d })

	const chars1, moves1, chars2, moves2 = "S1901.characters", "S1901M", "F1901.characters", "F1901M"
	if st := h.Step(); st.Phase != chars1 || len(st.Must) != 7 {
		t.Fatalf("the first step: %+v", st)
	}
	if v := lastView(t, s["france"], chars1); !v.Due || v.Title != "Spring 1901 Characters" {
		t.Errorf("France's view of the characters' step: %+v", v)
	}
	checkHand(t, s["france"], "france")

	// A seat orders only its own characters.
	msg := refused(t, h, s["germany"], CodeRejected, TypeOrders, OrdersMsg{Phase: chars1, Text: "Russia: embezzle A ber"})
	if !strings.Contains(msg, "must be sent as Russia's orders") {
		t.Errorf("Germany ordering Russia's Embezzler: %q", msg)
	}
	refused(t, h, s["germany"], CodeWrongSeat, TypeOrders, OrdersMsg{Phase: chars1, Seat: "russia", Text: "embezzle A ber"})
	orders(t, s["germany"], chars1, "embezzle A war")
	orders(t, s["england"], chars1, "bribe F stp/sc - bot")
	orders(t, s["france"], chars1, "protect A par")
	orders(t, s["turkey"], chars1, "seduce F sev")
	tb.readyAll(t, chars1)

	// The host asks its person for each roll; no seat enters one.
	d := awaitRoll(t, asked)
	if d.Phase != chars1 || d.Index != 0 || !d.Die || d.N != 6 || d.Why != "Germany's Embezzler on Russia's A war (1-3 succeeds, 6 caught)" {
		t.Fatalf("the first roll asked for: %+v", d)
	}
	refused(t, h, s["germany"], CodeRejected, TypeOrders, OrdersMsg{Phase: chars1, Text: "embezzle A mos"})
	refused(t, h, s["russia"], CodeRejected, TypeReady, ReadyMsg{Phase: chars1, Ready: false})
	refused(t, h, s["russia"], CodeWrongSeat, TypeAdjudicate, AdjudicateMsg{Phase: chars1})
	if err := h.EnterDraw(chars1, 0, 9); err == nil {
		t.Error("a roll of 9 entered")
	}
	for _, sc := range s {
		for _, e := range sc.in.messages() {
			if strings.Contains(string(e.Body), "Embezzler on") {
				t.Fatalf("%s was told of the roll asked for: %s", sc.seat, e.Body)
			}
		}
	}
	if err := h.EnterDraw(chars1, 0, 2); err != nil {
		t.Fatal(err)
	}
	if d = awaitRoll(t, asked); d.Index != 1 || !strings.HasPrefix(d.Why, "England's Briber on Russia's F stp/sc") {
		t.Fatalf("the second roll asked for: %+v", d)
	}
	if err := h.EnterDraw(chars1, 1, 6); err != nil {
		t.Fatal(err)
	}
	if d = awaitRoll(t, asked); d.Index != 2 || !strings.HasPrefix(d.Why, "Turkey's Hooker on Russia's F sev") {
		t.Fatalf("the third roll asked for: %+v", d)
	}
	if err := h.EnterDraw(chars1, 2, 3); err != nil {
		t.Fatal(err)
	}

	// Each seat reads what ruling Q12 lets it.
	fr := resultWords(resultsOf(t, s["france"], chars1))
	if !strings.Contains(fr, "france protect a par") || strings.Contains(fr, "germany") || strings.Contains(fr, "england") {
		t.Errorf("France's results of the characters:\n%s", fr)
	}
	ru := resultWords(resultsOf(t, s["russia"], chars1))
	if !strings.Contains(ru, "germany embezzle a war rolled 2: stole Russia's A war") || !strings.Contains(ru, "england bribe f stp/sc - bot rolled 6: caught") ||
		strings.Contains(ru, "france") {
		t.Errorf("Russia's results of the characters:\n%s", ru)
	}
	if en := resultWords(resultsOf(t, s["england"], chars1)); strings.Contains(en, "germany") || !strings.Contains(en, "rolled 6: caught") {
		t.Errorf("England's results of the characters:\n%s", en)
	}
	if pub := resultWords(resultsOf(t, tb.watcher, chars1)); pub != "" {
		t.Errorf("the observer reads characters' results:\n%s", pub)
	}

	// Between the two steps only Russia's view holds that its fleet is
	// seduced (ruling Q12, private).
	for _, sc := range append(slices.Collect(maps.Values(s)), tb.watcher) {
		i := sc.in.waitFor(t, 0, sc.seat+"'s view of "+moves1, isView(moves1))
		if got := strings.Contains(string(sc.in.messages()[i].Body), `"seduced"`); got != (sc.seat == "russia") {
			t.Errorf("%s's view of the moves holds the seduction: %v", sc.seat, got)
		}
	}

	// The moves: the stolen army is Germany's; Russia cannot order it, and
	// a character ordered in the moves does nothing.
	lastView(t, s["russia"], moves1)
	orders(t, s["russia"], moves1, "A war - sil\nA mos - lvn")
	orders(t, s["germany"], moves1, "A war - ukr\nseduce A mos")
	tb.readyAll(t, moves1)
	r := resultsOf(t, s["germany"], moves1)
	if x := resultLine(t, r, "russia", "A war - sil"); x.OK || x.Code != engine.NotOwner.String() {
		t.Errorf("Russia's order for the army stolen from it: %+v", x)
	}
	if x := resultLine(t, r, "germany", "seduce a mos"); x.OK {
		t.Errorf("a character ordered in the moves: %+v", x)
	}
	if x := resultLine(t, r, "germany", "A war - ukr"); !x.OK {
		t.Errorf("the stolen army's move: %+v", x)
	}
	if x := resultLine(t, r, "russia", "A mos - lvn"); !x.OK {
		t.Errorf("Russia's army seduced by a character ordered in the moves: %+v", x)
	}
	// The Fall's characters: nobody orders any; no roll is asked.
	lastView(t, s["france"], chars2)
	tb.readyAll(t, chars2)
	lastView(t, s["france"], moves2)
	if _, ok := h.PendingDraw(); ok {
		t.Error("a roll is asked for in a step no character acted in")
	}
	h.Close()
	tb.checkAll(t, CodeRejected, CodeWrongSeat)

	// The game master corrects the position between two sessions at the
	// table: France a centre short.
	for _, e := range []string{"remove bud", "remove tri", "remove vie", "add france A gal",
		"owner bud france", "owner tri france", "owner vie france", "owner bel france", "owner bul france", "owner den france",
		"owner gre france", "owner hol france", "owner nwy france", "owner por france", "owner rum france", "owner ser france",
		"owner swe france", "owner tun france"} {
		ed, err := g.ParseEdit(strings.Fields(e))
		if err != nil {
			t.Fatal(err)
		}
		if err := g.ApplyEdit(moves2, ed); err != nil {
			t.Fatalf("%s: %v", e, err)
		}
	}
	tb2 := rehost(t, g, tb)
	h, s = tb2.h, tb2.seats
	if st := h.Step(); st.Phase != moves2 || slices.Contains(st.Must, "austria") {
		t.Fatalf("hosting again: %+v", st)
	}
	orders(t, s["france"], moves2, "A mar - spa\nA gal H")
	tb2.readyAll(t, moves2)
	for _, sc := range append(slices.Collect(maps.Values(s)), tb2.watcher) {
		r := resultsOf(t, sc, moves2)
		if r.End == nil || !slices.Equal(r.End.Winners, []string{"france"}) || r.Winner != "france" {
			t.Errorf("%s's end of the game: %+v %q", sc.seat, r.End, r.Winner)
		}
	}
	if e := h.End(); e == nil || h.Winner() != "france" {
		t.Fatalf("the host's end: %+v", e)
	}
	next := h.Step().Phase
	if v := lastView(t, s["germany"], next); !v.Over || v.Due || v.May {
		t.Errorf("Germany's view after the end: %+v", v)
	}
	refused(t, h, s["germany"], CodeRejected, TypeOrders, OrdersMsg{Phase: next, Text: "embezzle A spa"})
	refused(t, h, s["germany"], CodeRejected, TypeReady, ReadyMsg{Phase: next, Ready: true})
	h.Close()
	tb2.checkAll(t, CodeRejected)
}

// checkHand checks the seat's hand of characters: every country's seven,
// public, each with its state; the seat's own offer their orders, no
// other country's does.
func checkHand(t *testing.T, sc *seatClient, power string) {
	t.Helper()
	i := sc.in.waitFor(t, 0, sc.seat+"'s hand", func(e Envelope) bool { return e.Type == TypeHand })
	h, err := Decode[Hand](sc.in.messages()[i])
	if err != nil {
		t.Fatal(err)
	}
	own := 0
	for _, c := range h.Cards {
		if !c.Seat || len(c.Notes) == 0 || c.Unit != "" {
			t.Errorf("%s's hand: a character %+v", sc.seat, c)
		}
		if c.Power == power {
			own++
			if len(c.Orders) == 0 && c.Name != "Killer" {
				t.Errorf("%s's own %s offers no order", sc.seat, c.Name)
			}
		} else if len(c.Orders) > 0 {
			t.Errorf("%s is offered %s's %s's orders", sc.seat, c.Power, c.Name)
		}
	}
	if len(h.Cards) != 49 || own != 7 {
		t.Errorf("%s's hand holds %d characters, %d its own", sc.seat, len(h.Cards), own)
	}
}

// rehost serves g again after old's host closed: every seat rejoins with
// the token it was given (kept in the save), the observer with its code.
func rehost(t *testing.T, g *session.Game, old *table) *table {
	t.Helper()
	tb := &table{h: startHost(t, g, HostConfig{MessageRate: -1}), g: g, seats: map[engine.Power]*seatClient{}}
	for p, sc := range old.seats {
		tok := sc.c.Token()
		if tok == "" {
			t.Fatalf("%s has no seat token", p)
		}
		tb.seats[p] = joinWith(t, ClientConfig{Addr: tb.h.Addr(), Seat: string(p), Token: tok, Fingerprint: tb.h.Fingerprint()})
	}
	tb.watcher = join(t, tb.h, ObserverSeat, false)
	return tb
}

// embezzleNearest is France's Embezzler's order in a characters' step:
// the unit of another country next to one of France's, else any.
func embezzleNearest(s *engine.State, p engine.Power) []string {
	m := s.Map
	var any string
	for _, u := range s.Units {
		if u.Power == p {
			continue
		}
		name := "embezzle " + m.UnitCode(u.Type, u.Kind) + " " + m.LocString(u.Loc)
		if any == "" {
			any = name
		}
		for _, mine := range s.Units {
			if mine.Power == p && (m.Adjacent(engine.Army, mine.Loc, u.Loc.P) || m.Adjacent(engine.Fleet, mine.Loc, u.Loc.P)) {
				return []string{name}
			}
		}
	}
	if any == "" {
		return nil
	}
	return []string{any}
}

// TestQuestionableSoloOverLAN plays Questionable Character Diplomacy over
// the LAN with the engine's dice from the first Spring to a solo: every
// seat on its own client; France's Embezzler steals a neighbour's unit in
// every characters' step and its units march greedily, from what France's
// client receives; Germany's Thug guards Berlin; the others only say they
// are ready. The host rolls every die itself (no roll is ever asked for),
// France wins, every seat and the observer are told, and every message
// every seat received is checked against what it may know.
func TestQuestionableSoloOverLAN(t *testing.T) {
	g := newGame(t, "questionable", 5)
	t.Cleanup(func() { g.Close() })
	tb := newTable(t, g, HostConfig{})
	tb.h.OnDraw(func(d PendingDraw) { t.Errorf("the host asked for a roll of the engine's: %+v", d) })
	ber, _ := g.Map().Lookup("ber")
	tb.play(t, 1960, 1, func(s *engine.State, p engine.Power, _ *engine.Rand) []string {
		characters := s.Phase.Type == engine.Custom
		switch {
		case p == "france" && characters:
			return embezzleNearest(s, p)
		case p == "france":
			return greedy(s, p)
		case p == "germany" && characters:
			if i := s.UnitAt(ber); i >= 0 && s.Units[i].Power == p {
				u := s.Units[i]
				return []string{"protect " + s.Map.UnitCode(u.Type, u.Kind) + " " + s.Map.LocString(u.Loc)}
			}
		}
		return nil
	})
	var winner string
	tb.watcher.in.waitFor(t, 0, "the observer's results with a winner", func(e Envelope) bool {
		r, _ := Decode[Results](e)
		winner = r.Winner
		return e.Type == TypeResults && r.Winner != ""
	})
	if winner != "france" {
		t.Fatalf("the game ended in %s without France winning (winner %q)", tb.h.Step().Phase, winner)
	}
	for p, sc := range tb.seats {
		sc.in.waitFor(t, 0, string(p)+"'s results with the winner", func(e Envelope) bool {
			r, _ := Decode[Results](e)
			return e.Type == TypeResults && r.End != nil && slices.Equal(r.End.Winners, []string{"france"})
		})
	}
	tb.h.Close()
	tb.checkAll(t)
	// The characters acted: France stole units on the way.
	phases, err := g.History(false)
	if err != nil {
		t.Fatal(err)
	}
	stolen := 0
	for _, ph := range phases {
		ps, err := g.Phase(ph.Name)
		if err != nil || !ps.Phase.Adjudicated || ps.State.Phase.Type != engine.Custom {
			continue
		}
		rs, err := g.Results(ps.Phase)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rs {
			if r.Power == "france" && strings.Contains(r.Reason, "stole") {
				stolen++
			}
		}
	}
	if stolen == 0 {
		t.Error("France's Embezzler never stole a unit")
	}
	t.Logf("France won in %s with %d units stolen", phases[len(phases)-1].Name, stolen)
}

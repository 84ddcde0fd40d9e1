package session

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"dipdesk/app/store"
	"dipdesk/engine"
	"dipdesk/variants"
)

// TestHandSeatToStandby: the game master hands France to a standby (Galt's
// Rules Clarifications: "If a standby is called, s/he will be told the
// nature of every unit s/he controls"): the brief names every French unit
// with its card and no other power's card; the seat's player and PIN
// change, its LAN token is revoked, the audit log keeps it; an unknown
// seat is refused and changes nothing.
func TestHandSeatToStandby(t *testing.T) {
	v, ok := variants.Lookup("character2")
	if !ok {
		t.Fatal("no character2")
	}
	path := filepath.Join(t.TempDir(), "galt.dipdesk")
	g, err := CreateWith(path, v, Options{Seed: 11, Now: fixedClock(),
		Seats: []store.Seat{{Power: "france", Player: "Ann", PinHash: HashPIN("1111")}, {Power: "germany", Player: "Bob"}}})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	if err := g.SetSeatToken("france", "somehash"); err != nil {
		t.Fatal(err)
	}
	brief, err := g.HandSeat("france", "Sam the standby", "2222")
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("the brief:\n%s", brief)
	gmHands, _, err := g.Hands(engine.Seat{GM: true}, "")
	if err != nil {
		t.Fatal(err)
	}
	var french int
	for _, c := range gmHands.Cards {
		line := c.Unit.Type.String() + " " + c.Space + "  " + c.Label + ": " + c.Name
		if c.Unit.Power == "france" {
			french++
			if !strings.Contains(brief, line) {
				t.Errorf("the brief lacks %q:\n%s", line, brief)
			}
		} else if strings.Contains(brief, " "+c.Space+" ") {
			t.Errorf("the brief names another power's unit in %s:\n%s", c.Space, brief)
		}
	}
	if french != 3 || !strings.Contains(brief, "You now play France") || !strings.Contains(brief, "Paris") {
		t.Fatalf("%d French cards; brief:\n%s", french, brief)
	}
	for _, p := range []string{"Germany", "german"} {
		if strings.Contains(brief, p) {
			t.Errorf("the brief mentions %s:\n%s", p, brief)
		}
	}
	seat := seatOf(t, g, "france")
	if seat.Player != "Sam the standby" || !CheckPIN(seat.PinHash, "2222") || CheckPIN(seat.PinHash, "1111") {
		t.Fatalf("seat after: %+v", seat)
	}
	tokens, err := g.SeatTokens()
	if err != nil || tokens["france"] != "" {
		t.Fatalf("France's token after the standby: %q, %v", tokens["france"], err)
	}
	audit, err := g.Audit()
	if err != nil {
		t.Fatal(err)
	}
	last := audit[len(audit)-1]
	if last.Kind != store.KindStandby || !strings.Contains(last.Detail, `"Ann"`) || !strings.Contains(last.Detail, `"Sam the standby"`) {
		t.Fatalf("audit: %+v", last)
	}
	// It survives closing and opening the file.
	g.Close()
	g2, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer g2.Close()
	if s := seatOf(t, g2, "france"); s.Player != "Sam the standby" || !CheckPIN(s.PinHash, "2222") {
		t.Fatalf("reopened: %+v", s)
	}
	n := len(mustAudit(t, g2))
	if _, err := g2.HandSeat("spain", "X", ""); !errors.Is(err, store.ErrNoSeat) {
		t.Fatalf("unknown seat: %v", err)
	}
	if len(mustAudit(t, g2)) != n {
		t.Fatal("a refused hand-over wrote to the audit log")
	}
}

func seatOf(t *testing.T, g *Game, p string) store.Seat {
	t.Helper()
	for _, s := range g.Info().Seats {
		if s.Power == p {
			return s
		}
	}
	t.Fatalf("no seat %s", p)
	return store.Seat{}
}

func mustAudit(t *testing.T, g *Game) []store.AuditEntry {
	t.Helper()
	a, err := g.Audit()
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestHandSeatInAGameMastersGame: where the game master types every
// power's orders there is no seat to rename: the hand-over is logged, the
// LAN token revoked and the brief given; a PIN is refused, changing
// nothing.
func TestHandSeatInAGameMastersGame(t *testing.T) {
	v, _ := variants.Lookup("character")
	g, err := CreateWith(filepath.Join(t.TempDir(), "gm.dipdesk"), v, Options{Seed: 3, Now: fixedClock(), Seats: []store.Seat{{Power: "gm"}}})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	n := len(mustAudit(t, g))
	if _, err := g.HandSeat("italy", "Sam", "1234"); !errors.Is(err, store.ErrNoSeat) {
		t.Fatalf("a PIN for a seat the game master plays: %v", err)
	}
	if len(mustAudit(t, g)) != n {
		t.Fatal("the refused hand-over was logged")
	}
	brief, err := g.HandSeat("italy", "Sam", "")
	if err != nil || !strings.Contains(brief, "You now play Italy") || !strings.Contains(brief, "A ven") {
		t.Fatalf("%v:\n%s", err, brief)
	}
	if a := mustAudit(t, g); len(a) != n+1 || a[n].Kind != store.KindStandby {
		t.Fatalf("audit %+v", a[n:])
	}
}

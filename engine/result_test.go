package engine

import (
	"strings"
	"testing"
)

// TestResultDetail: the parts of a reason the program acts on stay with
// it through every change, and a copy (a seat's outcome) never shares
// them with the original.
func TestResultDetail(t *testing.T) {
	r := Result{Reason: "held; dislodged by A mun (2 vs 1)"}
	r.SetDislodged("dislodged by A mun (2 vs 1)")
	r.Reword("gassed Munich")
	if r.Reason != "gassed Munich; dislodged by A mun (2 vs 1)" || r.Dislodged() == "" {
		t.Fatalf("Reword lost the dislodgement: %q", r.Reason)
	}
	r.AddNote("hypnotised: ")
	r.AddSecret("; mine: laid a mine in Munich")
	r.Add("; struck a mine")
	want := "hypnotised: gassed Munich; dislodged by A mun (2 vs 1); struck a mine; mine: laid a mine in Munich"
	if r.Reason != want {
		t.Fatalf("reason %q, want %q", r.Reason, want)
	}
	seat := r // a seat's copy shares Detail until it changes
	seat.DropSecret()
	seat.DropNote()
	if seat.Reason != "gassed Munich; dislodged by A mun (2 vs 1); struck a mine" {
		t.Errorf("the seat's copy: %q", seat.Reason)
	}
	if r.Secret() == "" || r.Note() == "" || r.Reason != want {
		t.Errorf("dropping the copy's secret changed the original: %q %+v", r.Reason, r.Detail)
	}
	r.Reword("held")
	if r.Reason != "hypnotised: held; dislodged by A mun (2 vs 1); struck a mine; mine: laid a mine in Munich" {
		t.Errorf("Reword with a note: %q", r.Reason)
	}
	// A reason written anew without the note forgets it.
	r.Reason = "moved to Burgundy"
	r.DropNote()
	if r.Reason != "moved to Burgundy" {
		t.Errorf("DropNote cut a reason that no longer has the note: %q", r.Reason)
	}
	// A variant's own dislodgement, the whole reason.
	v := Result{Reason: "dislodged by a Move First unit; it retreats"}
	v.SetDislodged(v.Reason)
	v.Reword("the gas attack failed")
	if v.Reason != "the gas attack failed; dislodged by a Move First unit; it retreats" {
		t.Errorf("a variant's dislodgement: %q", v.Reason)
	}
}

// TestCauseOutOfFight: a support of a unit out of the fight is refused
// with the engine's cause, which a variant tests instead of the words.
func TestCauseOutOfFight(t *testing.T) {
	s := position(t, spring1902, "France: A bur", "France: A par", "Germany: A mun")
	bur, _ := s.Map.Lookup("bur")
	r := &Rules{Prepare: func(s *State, _ []Order) Turn {
		return Turn{Intangible: map[Unit]bool{s.Units[s.UnitAt(bur)]: true}}
	}}
	out := Adjudicate(s, parseAll(t, s.Map, "France: A bur S A par\nGermany: A mun H"), r, nil)
	res := resultFor(t, out, s.Map, "bur")
	if res.Code != Illegal || res.Cause() != CauseOutOfFight || !strings.Contains(res.Reason, "out of the fight") {
		t.Fatalf("%+v (cause %q)", res, res.Cause())
	}
	if c := resultFor(t, out, s.Map, "mun").Cause(); c != "" {
		t.Errorf("a hold has cause %q", c)
	}
}

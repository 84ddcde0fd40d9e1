package engine

import (
	"fmt"
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

// TestResultNames: a variant that cuts outcomes down for seats
// (Rules.ConcealOutcome) learns from a result's Names which units its
// words name, each where it stood and in which part of the words; the
// standard game records none (its results carry no Detail for them).
func TestResultNames(t *testing.T) {
	s := position(t, spring1902, "France: A bur", "France: A ruh", "Germany: A mun", "Germany: A tyr", "Italy: A boh")
	orders := parseAll(t, s.Map, "France: A bur - mun\nFrance: A ruh S A bur - mun\nGermany: A tyr S A mun\nItaly: A boh - mun")
	conceal := &Rules{ConcealOutcome: func(*State, Seat, *Outcome) {}}
	named := func(r Result) string {
		var out []string
		for _, n := range r.Names() {
			out = append(out, fmt.Sprintf("%s %s %d", n.Unit.Power, s.Map.LocString(n.Unit.Loc), n.In))
		}
		return strings.Join(out, ", ")
	}
	out := Adjudicate(s, orders, conceal, nil)
	for _, tt := range []struct{ prov, want string }{
		{"bur", "germany mun 0"}, // bounced off A mun holding (2 vs 2)
		{"ruh", "france bur 0"},  // support given to A bur
		{"tyr", "germany mun 0"}, // support given to A mun
		{"boh", "germany mun 0"}, // bounced off A mun holding (1 vs 2)
		{"mun", ""},
	} {
		r := resultFor(t, out, s.Map, tt.prov)
		if got := named(r); got != tt.want {
			t.Errorf("%s: %q names %q, want %q", tt.prov, r.Reason, got, tt.want)
		}
	}
	// A dislodgement names the dislodger in its own part.
	orders = parseAll(t, s.Map, "France: A bur - mun\nFrance: A ruh S A bur - mun\nGermany: A mun H")
	out = Adjudicate(s, orders, conceal, nil)
	if got := named(resultFor(t, out, s.Map, "mun")); got != "france bur 1" {
		t.Errorf("the dislodged unit's words name %q", got)
	}
	if got := named(resultFor(t, out, s.Map, "bur")); got != "germany mun 0" {
		t.Errorf("the dislodging move names %q", got)
	}
	// The standard game records no names.
	for _, r := range Adjudicate(s, orders, nil, nil).Results {
		if len(r.Names()) > 0 {
			t.Errorf("the standard game recorded names for %q", r.Reason)
		}
	}
}

// TestRephrase: a result takes another adjudication's words and
// dislodgement (and their names) in place of its own, keeping its note,
// what parts added and its secret; Say and Plain write a whole reason.
func TestRephrase(t *testing.T) {
	mun := Unit{Power: "germany", Type: Army}
	bur := Unit{Power: "france", Type: Army, Number: 1}
	r := Result{Reason: "bounced off A mun holding in mun (1 vs 2)", Detail: &Detail{Names: []Name{{Unit: mun}}}}
	r.AddNote("hypnotised: ")
	r.Add(", then to Kiel", bur)
	r.AddSecret("; mine: left a mine in Ruhr")
	a := Result{Reason: "bounced off A mun holding in mun (1 vs 1)", Detail: &Detail{Names: []Name{{Unit: mun}}}}
	r.Rephrase(a)
	if want := "hypnotised: bounced off A mun holding in mun (1 vs 1), then to Kiel; mine: left a mine in Ruhr"; r.Reason != want {
		t.Fatalf("Rephrase: %q, want %q", r.Reason, want)
	}
	if n := r.Names(); len(n) != 2 || n[0].Unit != mun || n[0].In != InBody || n[1].Unit != bur || n[1].In != InAdded {
		t.Errorf("names after Rephrase: %+v", n)
	}
	// A dislodgement comes from the other adjudication.
	d := Result{Reason: "held; dislodged by A bur (3 vs 1)"}
	d.SetDislodged("dislodged by A bur (3 vs 1)", bur)
	d.Add("; destroyed: Munich was annihilated")
	x := Result{Reason: "held; dislodged by A bur (2 vs 1)"}
	x.SetDislodged("dislodged by A bur (2 vs 1)", bur)
	d.Rephrase(x)
	if d.Reason != "held; dislodged by A bur (2 vs 1); destroyed: Munich was annihilated" || d.Dislodged() != "dislodged by A bur (2 vs 1)" {
		t.Errorf("Rephrase of a dislodged unit: %q (%q)", d.Reason, d.Dislodged())
	}
	// Reword replaces the body's names and keeps the dislodgement's.
	d.Reword("gassed Munich", mun)
	if n := d.Names(); len(n) != 2 || n[0].In != InDislodgement || n[1].Unit != mun {
		t.Errorf("names after Reword: %+v", n)
	}
	d.Say("dislodged")
	if len(d.Names()) != 0 || d.Dislodged() == "" || d.Reason != "dislodged" {
		t.Errorf("Say: %q %+v", d.Reason, d.Detail)
	}
	r.Plain("bounced")
	if r.Reason != "bounced" || len(r.Names()) != 0 || r.Note() != "" || r.Secret() != "" {
		t.Errorf("Plain: %q %+v", r.Reason, r.Detail)
	}
}

// TestAddEvent: an event's names are recorded by its words.
func TestAddEvent(t *testing.T) {
	var o Outcome
	u := Unit{Power: "france", Type: Army, Number: 1}
	o.AddEvent("France's 1A in Munich became visible", u)
	o.AddEvent("Austria waives 1 build")
	if len(o.Events) != 2 || len(o.EventNames) != 1 || o.EventNames["France's 1A in Munich became visible"][0] != u {
		t.Errorf("%+v", o)
	}
}

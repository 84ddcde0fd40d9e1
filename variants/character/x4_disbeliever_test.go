package character

import (
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/kit/kittest"
)

// TestDisbeliever: card X4 "can 'disbelieve' the power of an adjacent
// unit, causing that unit to lose its power for that turn" (rulings "X4
// Disbeliever").
func TestDisbeliever(t *testing.T) {
	tests := []cardCase{
		{"a right guess takes a double strength away for the turn", s1902,
			[]string{"France: A bur #X4", "Germany: A mun #2", "France: A ruh #20", "France: A tyr #20"},
			"France: A bur disbelieve mun 2\nFrance: A ruh - mun\nFrance: A tyr S A ruh - mun",
			"france A bur, france A mun, france A tyr, *germany A mun", "disbelieved #2 Double Strength"},
		{"a wrong guess does nothing", s1902,
			[]string{"France: A bur #X4", "Germany: A mun #2", "France: A ruh #20", "France: A tyr #20"},
			"France: A bur disbelieve mun 1\nFrance: A ruh - mun\nFrance: A tyr S A ruh - mun",
			"france A bur, france A ruh, france A tyr, germany A mun", "wrong guess"},
		{"not against an Annihilator", s1902,
			[]string{"France: A bur #X4", "Germany: A mun #9"},
			"France: A bur disbelieve mun 9",
			"france A bur, germany A mun", "cannot be disbelieved"},
		{"rule 7: not in 1901", s1901,
			[]string{"France: A bur #X4", "Germany: A mun #2"},
			"France: A bur disbelieve mun 2",
			"france A bur, germany A mun", "before Spring 1902"},
		{"only a disbeliever disbelieves", s1902,
			[]string{"France: A bur #20", "Germany: A mun #2"},
			"France: A bur disbelieve mun 2",
			"france A bur, germany A mun", "not a Disbeliever"},
		{"the card must be named", s1902,
			[]string{"France: A bur #X4", "Germany: A mun #2"},
			"France: A bur disbelieve mun",
			"france A bur, germany A mun", "must name the unit's card"},
		{"only adjacent units", s1902,
			[]string{"France: A par #X4", "Germany: A mun #2"},
			"France: A par disbelieve mun 2",
			"france A par, germany A mun", "not adjacent"},
		{"a disbelieved Move First unit moves with the others", s1902,
			[]string{"France: A bur #X4", "Germany: A mun #X2", "Italy: A tyr #20"},
			"France: A bur disbelieve mun x2\nGermany: A mun - boh\nItaly: A tyr - boh",
			"france A bur, germany A mun, italy A tyr", "disbelieved"},
		{"the Move First unit not disbelieved moves first", s1902,
			[]string{"France: A bur #X4", "Germany: A mun #X2", "Italy: A tyr #20"},
			"France: A bur disbelieve mun 2\nGermany: A mun - boh\nItaly: A tyr - boh",
			"france A bur, germany A boh, italy A tyr", "wrong guess"},
		{"two disbelievers disbelieving each other both fail", s1902,
			[]string{"France: A bur #X4", "Germany: A mun #X4"},
			"France: A bur disbelieve mun x4\nGermany: A mun disbelieve bur x4",
			"france A bur, germany A mun", "itself disbelieved"},
		{"a chain: the disbelieved disbeliever's own disbelief fails", s1902,
			[]string{"France: A bur #X4", "Italy: A mar #X4", "Germany: A mun #2"},
			"France: A bur disbelieve mun 2\nItaly: A mar disbelieve bur x4",
			"france A bur, germany A mun, italy A mar", "itself disbelieved"},
		{"a thief robs the disbeliever first", s1902,
			[]string{"France: A bur #X4", "Germany: A mun #X3", "Germany: A ruh #2"},
			"France: A bur disbelieve ruh 2\nGermany: A mun steal bur",
			"france A bur, germany A mun, germany A ruh", "power was stolen"},
	}
	runCardCases(t, tests)
}

// TestDisbelieverKnowledge: the card comes back after the turn, and who
// learns what (rule 3).
func TestDisbelieverKnowledge(t *testing.T) {
	s := cardPosition(t, s1902, "France: A bur #X4", "Germany: A mun #2")
	out := judge(t, s, "France: A bur disbelieve mun 2")
	if got := cardIn(t, out.Next, "mun"); got != doubleID {
		t.Errorf("after the turn the unit holds %q, want its #2 back", got)
	}
	e := out.Next.Extra.(*extra)
	mun := idOf(out.Next.Units[out.Next.UnitAt(kittest.Prov(t, s, "mun"))])
	bur := idOf(out.Next.Units[out.Next.UnitAt(kittest.Prov(t, s, "bur"))])
	if !e.KnownTo(mun, engine.Seat{Power: "france"}) || !e.KnownTo(bur, engine.Seat{Power: "germany"}) {
		t.Error("a right guess confirms the card to the disbeliever and shows the disbeliever to the target's owner")
	}
	if e.KnownTo(mun, engine.Seat{Power: "italy"}) || e.KnownTo(bur, engine.Seat{}) {
		t.Error("nobody else learns anything")
	}
	o := engine.OutcomeFor(s, out, engine.Seat{Power: "italy"}, Variant.Rules)
	if o.Results[0].Reason != "held" {
		t.Errorf("Italy reads %q", o.Results[0].Reason)
	}
	// A wrong guess tells nothing.
	out = judge(t, s, "France: A bur disbelieve mun 1")
	if out.Next.Extra.(*extra).KnownTo(mun, engine.Seat{Power: "france"}) {
		t.Error("a wrong guess reveals nothing")
	}
}

// TestProposedStateJSON: proposedState round-trips through the save
// format, and clone is deep.
func TestProposedStateJSON(t *testing.T) {
	e := newExtra(nil)
	e.Effects.Proposed.Defences = []defence{{Prov: "bur", Borders: []string{"mun", "ruh"}, Power: "france", Built: s1902}}
	back := kittest.Reload(t, e, decodeExtra)
	got := back.(*extra).Effects.Proposed
	if len(got.Defences) != 1 || got.Defences[0].Prov != "bur" || len(got.Defences[0].Borders) != 2 || got.Defences[0].Built != s1902 {
		t.Errorf("round trip: %+v", got)
	}
	c := e.CloneExtra().(*extra)
	c.Effects.Proposed.Defences[0].Borders[0] = "tyr"
	if e.Effects.Proposed.Defences[0].Borders[0] != "mun" {
		t.Error("clone shares the borders")
	}
	if (proposedState{}).empty() != true || e.Effects.Proposed.empty() {
		t.Error("empty")
	}
}

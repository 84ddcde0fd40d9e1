package cli

import (
	"strings"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/cardgame"
	"dipdesk/variants/standard"
)

// oneCard is a card game with one card, France's 1A: a Ghost dealt as
// the Tarot "The Fool", invisible. It has no UnitNote, as Galt's may not.
type oneCard struct{}

func (oneCard) CloneExtra() engine.Extra { return oneCard{} }

func (oneCard) Hand(v engine.View, _ []engine.SpecialSyntax) cardgame.Hand {
	h := cardgame.Hand{Seat: v.Seat}
	for _, u := range v.State.Units {
		if u.Power == "france" && u.Type == engine.Army && u.Number == 1 {
			h.Cards = append(h.Cards, cardgame.Card{Unit: u, Label: "1A", Space: v.State.Map.LocString(u.Loc),
				ID: "G1", Name: "Ghost", Alias: "The Fool", Notes: []string{"invisible"}})
		}
	}
	return h
}

func (oneCard) Marks(engine.View) []cardgame.Mark { return nil }

func (oneCard) DealByHand(*engine.State, engine.Unit, string, engine.Phase, *engine.Rand) (string, error) {
	return "", nil
}

// TestCardNotes: show prints a card game's card beside its unit from the
// seat's hand, with the physical card's alias and the card's notes, and
// nothing for a seat whose hand lacks it.
func TestCardNotes(t *testing.T) {
	m, err := standard.Map()
	if err != nil {
		t.Fatal(err)
	}
	s := engine.NewState(m, engine.Phase{Year: 1901, Season: engine.Spring, Type: engine.Movement})
	s.Extra = oneCard{}
	par, _ := m.Lookup("par")
	var army engine.Unit
	for i, u := range s.Units {
		if u.Loc.P == par {
			s.Units[i].Number = 1
			army = s.Units[i]
		}
	}
	note := cardNotes(engine.View{Seat: engine.Seat{Power: "france"}, State: s})
	if got, want := note(army), "  [#G1 Ghost (The Fool); invisible]"; got != want {
		t.Errorf("France's note %q, want %q", got, want)
	}
	// The session keeps another power's secret card from Germany.
	note = cardNotes(engine.View{Seat: engine.Seat{Power: "germany"}, State: s})
	if got := note(army); strings.Contains(got, "Ghost") {
		t.Errorf("Germany's note %q", got)
	}
	if cardNotes(engine.View{State: engine.NewState(m, s.Phase)}) != nil {
		t.Error("notes for a game without cards")
	}
}

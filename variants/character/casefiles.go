package character

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"dipdesk/engine"
	"dipdesk/engine/casefile"
)

// CaseExtension is Character Diplomacy's part of the case-file runner
// (docs/case-format.md, "Character Diplomacy"):
//
//   - OPTION lines are the game's Setup options (OptionAdd, OptionReshuffle):
//     "OPTION add_cards X5,X8".
//   - PRESTATE units may carry their rule 10 numbers ("France: 1A bur");
//     units without one are numbered in the order listed, after the
//     highest number written.
//   - PRESTATE_CARDS gives units their cards: "France: 1A bur 2", the unit
//     then the card id ("2", "X5"; no "#", which starts a comment), and
//     "revealed" after it for a card every seat knows. A unit listed in no
//     PRESTATE_CARDS line holds an Ordinary card (#20).
//   - PRESTATE_DECK names the top of the pile, the next card drawn first:
//     "9 20 11" (scripted draws for builds). The rest of the pile is the
//     game's deck shuffled with the case's seed.
//   - PRESTATE_EFFECTS puts mines, closed provinces, suspended centres,
//     civil disorders, uses of limited powers and free units on the board
//     ("mine nth france", "closed mun 5 annihilated"; caseeffects.go);
//     POSTSTATE_EFFECTS lists every such effect after the step.
//   - POSTSTATE_CARDS lists every card on the board after the step (units
//     dislodged included), in PRESTATE_CARDS' form; POSTSTATE_DISCARDS the
//     discard pile's card ids, in any order.
//
// After every step the life cycle's invariant (CheckCards) is checked.
var CaseExtension = &casefile.Extension{Blocks: caseBlocks, Prepare: casePrepare, Check: caseCheck}

// caseBlocks are the blocks casePrepare and caseCheck read: the runner
// refuses any other (POSTSTATE_SEEN, say, is Character Diplomacy II's).
var caseBlocks = []string{
	"PRESTATE_CARDS", "PRESTATE_DECK", "PRESTATE_EFFECTS",
	"POSTSTATE_CARDS", "POSTSTATE_DISCARDS", "POSTSTATE_EFFECTS",
}

// casePrepare builds the deck from the options, takes the cards of the
// units on the board out of it, and stacks the scripted draws on top.
func casePrepare(su *casefile.Setup, file string, c *casefile.Case, s *engine.State, rng *engine.Rand) error {
	options := map[string]string{}
	for _, l := range c.Options {
		name, value, _ := strings.Cut(l.Text, " ")
		options[strings.TrimSpace(name)] = strings.TrimSpace(value)
	}
	opt, err := parseOptions(options)
	if err != nil {
		return &casefile.SyntaxError{File: file, Line: c.Line, Msg: err.Error()}
	}
	list, err := LoadCards()
	if err != nil {
		return err
	}
	deck, err := NewDeck(list, opt, rng)
	if err != nil {
		return &casefile.SyntaxError{File: file, Line: c.Line, Msg: err.Error()}
	}
	numberAll(s)
	e := NewExtra(deck)
	for _, l := range c.VariantPre["PRESTATE_CARDS"] {
		if err := caseCard(su, file, l, s, e); err != nil {
			return err
		}
	}
	for _, u := range append(slices.Clone(s.Units), dislodgedUnits(s)...) {
		if _, ok := e.Cards[IDOf(u)]; ok {
			continue
		}
		card, ok := deck.take(OrdinaryID)
		if !ok {
			return &casefile.SyntaxError{File: file, Line: c.Line, Msg: fmt.Sprintf("no Ordinary card left for %s, which PRESTATE_CARDS does not list", IDOf(u))}
		}
		e.Give(IDOf(u), card, s.Phase)
	}
	// The lines of PRESTATE_DECK read top to bottom; each card is checked
	// on a copy first, so an error names its line.
	var top []string
	trial := deck.clone()
	for _, l := range c.VariantPre["PRESTATE_DECK"] {
		for _, id := range strings.Fields(l.Text) {
			c, ok := Lookup(trial.types, id)
			if !ok {
				return su.LineErr(file, l, "no card %q in this game's deck", id)
			}
			if _, ok := trial.take(c.ID); !ok {
				return su.LineErr(file, l, "no %s left in the pile for PRESTATE_DECK", c)
			}
			top = append(top, id)
		}
	}
	if err := deck.stack(top...); err != nil {
		return &casefile.SyntaxError{File: file, Line: c.Line, Msg: err.Error()}
	}
	// The #19 units need no centre from 1902, as the game's After part
	// would have recorded after the phase before the case.
	e.Effects.FreeUnits = freeUnits(s, e, s.Phase)
	if err := caseEffects(su, file, c.VariantPre["PRESTATE_EFFECTS"], s, e); err != nil {
		return err
	}
	s.Extra = e
	return nil
}

// numberAll numbers the units and the dislodged units without a number
// (rule 10), per power and type after the highest number written.
func numberAll(s *engine.State) {
	all := append(slices.Clone(s.Units), dislodgedUnits(s)...)
	NumberUnits(all)
	copy(s.Units, all[:len(s.Units)])
	for i := range s.Dislodged {
		s.Dislodged[i].Unit = all[len(s.Units)+i]
	}
}

func dislodgedUnits(s *engine.State) []engine.Unit {
	out := make([]engine.Unit, len(s.Dislodged))
	for i, d := range s.Dislodged {
		out[i] = d.Unit
	}
	return out
}

// cardLine reads "France: 1A bur 2 [revealed]": the unit, its card id,
// and whether the card is revealed.
func cardLine(su *casefile.Setup, file string, l casefile.Line) (engine.Unit, string, bool, error) {
	f := strings.Fields(l.Text)
	revealed := false
	if len(f) > 0 && strings.EqualFold(f[len(f)-1], "revealed") {
		revealed, f = true, f[:len(f)-1]
	}
	if len(f) < 3 {
		return engine.Unit{}, "", false, su.LineErr(file, l, "want \"Power: 1A province card\", as \"France: 1A bur 2\"")
	}
	id := f[len(f)-1]
	u, err := su.UnitLine(file, casefile.Line{N: l.N, Text: strings.Join(f[:len(f)-1], " ")})
	if err != nil {
		return u, "", false, err
	}
	if u.Type == engine.Army {
		u.Loc.C = engine.NoCoast
	}
	return u, id, revealed, nil
}

// caseCard gives the unit of one PRESTATE_CARDS line its card, taken out
// of the pile.
func caseCard(su *casefile.Setup, file string, l casefile.Line, s *engine.State, e *Extra) error {
	want, id, revealed, err := cardLine(su, file, l)
	if err != nil {
		return err
	}
	u, ok := unitLike(s, want)
	if !ok {
		return su.LineErr(file, l, "no %s %s of %s in PRESTATE or PRESTATE_DISLODGED", want.Type.Word(), s.Map.LocName(want.Loc), PowerName(want.Power))
	}
	if want.Number > 0 && want.Number != u.Number {
		return su.LineErr(file, l, "the unit there is %s, not %s", Label(u.Number, u.Type), Label(want.Number, want.Type))
	}
	if _, dup := e.Cards[IDOf(u)]; dup {
		return su.LineErr(file, l, "%s already holds a card", IDOf(u))
	}
	c, ok := Lookup(e.Deck.types, id)
	if !ok {
		return su.LineErr(file, l, "no card %q in this game's deck (optional cards need OPTION add_cards)", id)
	}
	card, ok := e.Deck.take(c.ID)
	if !ok {
		return su.LineErr(file, l, "no %s left in the deck", c)
	}
	e.Give(IDOf(u), card, s.Phase)
	if revealed {
		return e.Reveal(IDOf(u), s.Phase, "revealed before the case")
	}
	return nil
}

// unitIn finds the unit of s (or dislodged) of want's power, type and
// province.
func unitLike(s *engine.State, want engine.Unit) (engine.Unit, bool) {
	for _, u := range append(slices.Clone(s.Units), dislodgedUnits(s)...) {
		if u.Power == want.Power && u.Type == want.Type && u.Loc.P == want.Loc.P {
			return u, true
		}
	}
	return engine.Unit{}, false
}

// caseCheck compares POSTSTATE_CARDS and POSTSTATE_DISCARDS, and checks
// the life cycle's invariant after every step.
func caseCheck(su *casefile.Setup, file string, st casefile.Step, out *engine.Outcome) ([]string, error) {
	diffs := CheckCards(out.Next)
	e, ok := out.Next.Extra.(*Extra)
	if !ok {
		if len(st.Variant) > 0 {
			// A block no part could read would be skipped: say so.
			return nil, fmt.Errorf("%s: the position after the step holds no cards, so its %s cannot be checked", file, strings.Join(slices.Sorted(maps.Keys(st.Variant)), ", "))
		}
		return diffs, nil
	}
	if lines, ok := st.Variant["POSTSTATE_CARDS"]; ok {
		want := map[string]bool{}
		for _, l := range lines {
			u, id, _, err := cardLine(su, file, l)
			if err != nil {
				return nil, err
			}
			c, ok := Lookup(e.Deck.types, id)
			if !ok {
				return nil, su.LineErr(file, l, "no card %q in this game's deck", id)
			}
			key := cardKey(su.Map, u, c.ID)
			if u.Number == 0 {
				// Without a number, any number matches.
				if g, ok := unitLike(out.Next, u); ok {
					key = cardKey(su.Map, g, c.ID)
				}
			}
			want[key] = true
		}
		got := map[string]bool{}
		for _, u := range append(slices.Clone(out.Next.Units), dislodgedUnits(out.Next)...) {
			if h, ok := e.Cards[IDOf(u)]; ok {
				got[cardKey(su.Map, u, h.Card.ID)] = true
			}
		}
		diffs = append(diffs, casefile.DiffSets("card", want, got)...)
	}
	if lines, ok := st.Variant["POSTSTATE_DISCARDS"]; ok && e.Deck != nil {
		var want []string
		for _, l := range lines {
			for _, id := range strings.Fields(l.Text) {
				c, ok := Lookup(e.Deck.types, id)
				if !ok {
					return nil, su.LineErr(file, l, "no card %q in this game's deck", id)
				}
				want = append(want, c.ID)
			}
		}
		got := ids(e.Deck.discard)
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(want, got) {
			diffs = append(diffs, fmt.Sprintf("discards [%s], expected [%s]", strings.Join(got, " "), strings.Join(want, " ")))
		}
	}
	if lines, ok := st.Variant["POSTSTATE_EFFECTS"]; ok {
		d, err := checkEffects(su, file, lines, &e.Effects)
		if err != nil {
			return nil, err
		}
		diffs = append(diffs, d...)
	}
	return diffs, nil
}

// cardKey is "France 1A mun: 2".
func cardKey(m *engine.Map, u engine.Unit, card string) string {
	return fmt.Sprintf("%s %s %s: %s", m.PowerName(u.Power), Label(u.Number, u.Type), m.LocString(u.Loc), card)
}

package character2

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"dipdesk/engine"
	"dipdesk/engine/casefile"
)

// CaseExtension is Character Diplomacy II's part of the case-file runner
// (docs/case-format.md, "Character Diplomacy II"):
//
//   - OPTION lines are the game's options ("OPTION ghost_tie no").
//   - PRESTATE units may carry their rule 5 numbers ("France: 1A bur");
//     units without one are numbered in the order listed.
//   - PRESTATE_CARDS gives units their cards: "France: 1A bur doppelganger",
//     the unit then the card, by kind word (Kind.Word, any of a kind's
//     cards) or Tarot id ("T8", "CA"), and "revealed" after it for a card
//     every seat knows. A unit listed in no PRESTATE_CARDS line holds no
//     card: it is a plain unit, so a case names only the cards it is about.
//   - PRESTATE_DECK names the top of the pile, the next card drawn first,
//     by kind word or Tarot id (scripted draws for builds).
//   - PRESTATE_EFFECTS lines put the cards' effects on the board, each
//     kind of line read by the part it belongs to (registry.go addEffect):
//     "invisible france 1A", "mine nth france"; POSTSTATE_EFFECTS lists
//     every effect after the step in the same form.
//   - POSTSTATE_CARDS lists every card on the board after the step, in
//     PRESTATE_CARDS' form; POSTSTATE_DISCARDS the discard pile by kind
//     word or id, in any order.
//   - Other POSTSTATE_ blocks (POSTSTATE_SEEN, POSTSTATE_REPORT) are read
//     by the parts that register them (addCaseCheck).
var CaseExtension = &casefile.Extension{Blocks: caseBlocks, Prepare: casePrepare, Check: caseCheck}

// caseBlocks are the blocks casePrepare and caseCheck read, those of the
// parts' addCaseCheck included (TestCaseBlocksDeclared keeps the two
// lists the same): the runner refuses any other.
var caseBlocks = []string{
	"PRESTATE_CARDS", "PRESTATE_DECK", "PRESTATE_EFFECTS",
	"POSTSTATE_CARDS", "POSTSTATE_DISCARDS", "POSTSTATE_EFFECTS",
	"POSTSTATE_SEEN", "POSTSTATE_REPORT", "POSTSTATE_KNOWN",
}

func casePrepare(su *casefile.Setup, file string, c *casefile.Case, s *engine.State, rng *engine.Rand) error {
	given := map[string]string{}
	for _, l := range c.Options {
		name, value, _ := strings.Cut(strings.TrimSpace(l.Text), " ")
		given[strings.TrimSpace(name)] = strings.TrimSpace(value)
	}
	opt, err := parseOptions(given)
	if err != nil {
		return &casefile.SyntaxError{File: file, Line: c.Line, Msg: err.Error()}
	}
	numberAll(s)
	e := NewExtra(NewDeck(rng))
	e.Options = opt
	for _, l := range c.VariantPre["PRESTATE_CARDS"] {
		if err := caseCard(su, file, l, s, e); err != nil {
			return err
		}
	}
	var top []string
	for _, l := range c.VariantPre["PRESTATE_DECK"] {
		for _, w := range strings.Fields(l.Text) {
			card, ok := findCard(e.Deck.pile, w, top)
			if !ok {
				return su.LineErr(file, l, "no card %q left in the pile for PRESTATE_DECK", w)
			}
			top = append(top, card.ID)
		}
	}
	if err := e.Deck.Stack(top...); err != nil {
		return &casefile.SyntaxError{File: file, Line: c.Line, Msg: err.Error()}
	}
	s.Extra = e
	for _, l := range c.VariantPre["PRESTATE_EFFECTS"] {
		f := strings.Fields(l.Text)
		if len(f) == 0 {
			continue
		}
		p, ok := effectByWord(f[0])
		if !ok {
			return su.LineErr(file, l, "no effect %q (known: %s)", f[0], strings.Join(effectWords(), ", "))
		}
		if err := p.parse(s, e, f[1:]); err != nil {
			return su.LineErr(file, l, "%v", err)
		}
	}
	return nil
}

// findCard returns the first card of the pile matching w (a kind word or a
// Tarot id) not already in skip.
func findCard(pile []Card, w string, skip []string) (Card, bool) {
	k, isKind := KindOf(w)
	var id string
	if !isKind {
		c, err := CardByID(w)
		if err != nil {
			return Card{}, false
		}
		id = c.ID
	}
	for _, c := range pile {
		if slices.Contains(skip, c.ID) {
			continue
		}
		if (isKind && c.Kind == k) || (!isKind && c.ID == id) {
			return c, true
		}
	}
	return Card{}, false
}

func effectByWord(w string) (effectPart, bool) {
	for _, p := range parts.effects {
		if strings.EqualFold(p.word, w) {
			return p, true
		}
	}
	return effectPart{}, false
}

func effectWords() []string {
	var out []string
	for _, p := range parts.effects {
		out = append(out, p.word)
	}
	slices.Sort(out)
	return out
}

// numberAll numbers the units and the dislodged units without a number
// (rule 5), per power and type after the highest number written.
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

// cardLine reads "France: 1A bur doppelganger [revealed]".
func cardLine(su *casefile.Setup, file string, l casefile.Line) (engine.Unit, string, bool, error) {
	f := strings.Fields(l.Text)
	revealed := false
	if len(f) > 0 && strings.EqualFold(f[len(f)-1], "revealed") {
		revealed, f = true, f[:len(f)-1]
	}
	if len(f) < 3 {
		return engine.Unit{}, "", false, su.LineErr(file, l, "want \"Power: 1A province card\", as \"France: 1A bur ghost\"")
	}
	w := f[len(f)-1]
	u, err := su.UnitLine(file, casefile.Line{N: l.N, Text: strings.Join(f[:len(f)-1], " ")})
	if err != nil {
		return u, "", false, err
	}
	if u.Type == engine.Army {
		u.Loc.C = engine.NoCoast
	}
	return u, w, revealed, nil
}

func caseCard(su *casefile.Setup, file string, l casefile.Line, s *engine.State, e *Extra) error {
	want, w, revealed, err := cardLine(su, file, l)
	if err != nil {
		return err
	}
	u, ok := unitLike(s, want)
	if !ok {
		return su.LineErr(file, l, "no %s %s of %s in PRESTATE or PRESTATE_DISLODGED", want.Type.Word(), s.Map.LocName(want.Loc), want.Power)
	}
	if want.Number > 0 && want.Number != u.Number {
		return su.LineErr(file, l, "the unit there is %s, not %s", Label(u.Number, u.Type), Label(want.Number, want.Type))
	}
	if _, dup := e.Cards[IDOf(u)]; dup {
		return su.LineErr(file, l, "%s already holds a card", IDOf(u))
	}
	c, ok := findCard(e.Deck.pile, w, nil)
	if !ok {
		return su.LineErr(file, l, "no card %q left in the deck (a kind word such as ghost, or a Tarot id such as T10)", w)
	}
	e.Deck.Take(c.ID)
	e.Deck.countDealt()
	e.Give(IDOf(u), c, s.Phase)
	if revealed {
		return e.Reveal(IDOf(u), s.Phase, "revealed before the case")
	}
	return nil
}

// unitLike finds the unit of s (or dislodged) of want's power, type and
// province.
func unitLike(s *engine.State, want engine.Unit) (engine.Unit, bool) {
	for _, u := range append(slices.Clone(s.Units), dislodgedUnits(s)...) {
		if u.Power == want.Power && u.Type == want.Type && u.Loc.P == want.Loc.P {
			return u, true
		}
	}
	return engine.Unit{}, false
}

// caseCheck compares POSTSTATE_CARDS, POSTSTATE_DISCARDS and
// POSTSTATE_EFFECTS, then the blocks the parts registered.
func caseCheck(su *casefile.Setup, file string, st casefile.Step, out *engine.Outcome) ([]string, error) {
	e, ok := out.Next.Extra.(*Extra)
	if !ok {
		if len(st.Variant) > 0 {
			// A block no part could read would be skipped: say so.
			return nil, fmt.Errorf("%s: the position after the step holds no cards, so its %s cannot be checked", file, strings.Join(slices.Sorted(maps.Keys(st.Variant)), ", "))
		}
		return nil, nil
	}
	var diffs []string
	if lines, ok := st.Variant["POSTSTATE_CARDS"]; ok {
		want := map[string]bool{}
		for _, l := range lines {
			u, w, _, err := cardLine(su, file, l)
			if err != nil {
				return nil, err
			}
			if g, ok := unitLike(out.Next, u); ok && u.Number == 0 {
				u = g
			}
			want[cardKey(su.Map, u, w)] = true
		}
		got := map[string]bool{}
		for _, u := range append(slices.Clone(out.Next.Units), dislodgedUnits(out.Next)...) {
			h, ok := e.Cards[IDOf(u)]
			if !ok {
				continue
			}
			// A line may name the card by kind or by Tarot id: match
			// whichever the expected line used.
			if k := cardKey(su.Map, u, h.Card.ID); want[k] {
				got[k] = true
			} else {
				got[cardKey(su.Map, u, h.Card.Kind.Word())] = true
			}
		}
		diffs = append(diffs, casefile.DiffSets("card", want, got)...)
	}
	if lines, ok := st.Variant["POSTSTATE_DISCARDS"]; ok && e.Deck != nil {
		var want, got []string
		for _, l := range lines {
			want = append(want, strings.Fields(strings.ToLower(l.Text))...)
		}
		for _, c := range e.Deck.discard {
			if slices.Contains(want, strings.ToLower(c.ID)) {
				got = append(got, strings.ToLower(c.ID))
			} else {
				got = append(got, c.Kind.Word())
			}
		}
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(want, got) {
			diffs = append(diffs, fmt.Sprintf("discards [%s], expected [%s]", strings.Join(got, " "), strings.Join(want, " ")))
		}
	}
	if lines, ok := st.Variant["POSTSTATE_EFFECTS"]; ok {
		want := map[string]bool{}
		for _, l := range lines {
			if t := strings.Join(strings.Fields(strings.ToLower(l.Text)), " "); t != "" {
				want[t] = true
			}
		}
		got := map[string]bool{}
		for _, p := range parts.effects {
			for _, t := range p.lines(out.Next, e) {
				got[strings.ToLower(p.word+" "+t)] = true
			}
		}
		diffs = append(diffs, casefile.DiffSets("effect", want, got)...)
	}
	for block, f := range parts.caseCheck {
		if lines, ok := st.Variant[block]; ok {
			d, err := f(su, file, lines, out)
			if err != nil {
				return nil, err
			}
			diffs = append(diffs, d...)
		}
	}
	return diffs, nil
}

// cardKey is "france 1A mun: ghost".
func cardKey(m *engine.Map, u engine.Unit, card string) string {
	return fmt.Sprintf("%s %s %s: %s", u.Power, Label(u.Number, u.Type), m.LocString(u.Loc), strings.ToLower(card))
}

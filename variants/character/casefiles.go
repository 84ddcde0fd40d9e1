package character

import (
	"fmt"
	"strings"

	"dipdesk/engine"
	"dipdesk/engine/casefile"
	"dipdesk/variants/kit"
)

// CaseExtension is Character Diplomacy's part of the case-file runner
// (docs/case-format.md, "Character Diplomacy"):
//
//   - OPTION lines are the game's Setup options (optionAdd, optionReshuffle):
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
// After every step the life cycle's invariant (checkCards) is checked.
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
	opt, err := parseOptions(kit.CaseOptions(c))
	if err != nil {
		return &casefile.SyntaxError{File: file, Line: c.Line, Msg: err.Error()}
	}
	list, err := loadCards()
	if err != nil {
		return err
	}
	deck, err := buildDeck(list, opt, rng)
	if err != nil {
		return &casefile.SyntaxError{File: file, Line: c.Line, Msg: err.Error()}
	}
	kit.NumberAll(s)
	e := newExtra(deck)
	for _, l := range c.VariantPre["PRESTATE_CARDS"] {
		if err := caseCard(su, file, l, s, e); err != nil {
			return err
		}
	}
	for _, u := range kit.AllUnits(s) {
		if _, ok := e.Cards[idOf(u)]; ok {
			continue
		}
		card, ok := deck.take(ordinaryID)
		if !ok {
			return &casefile.SyntaxError{File: file, Line: c.Line, Msg: fmt.Sprintf("no Ordinary card left for %s, which PRESTATE_CARDS does not list", idOf(u))}
		}
		e.Give(idOf(u), card, s.Phase)
	}
	// The lines of PRESTATE_DECK read top to bottom; each card is checked
	// on a copy first, so an error names its line.
	var top []string
	trial := deck.clone()
	for _, l := range c.VariantPre["PRESTATE_DECK"] {
		for _, id := range strings.Fields(l.Text) {
			c, ok := lookupCard(trial.types, id)
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

// cards is how a case names a card: by its id ("2", "X5"; no "#", which
// starts a comment), looked up in the game's deck.
func cards(e *extra) kit.CardBlock[cardType] {
	return kit.CardBlock[cardType]{
		Example: "France: 1A bur 2",
		Word: func(su *casefile.Setup, file string, l casefile.Line, id string) (string, error) {
			c, ok := lookupCard(e.Deck.types, id)
			if !ok {
				return "", su.LineErr(file, l, "no card %q in this game's deck", id)
			}
			return c.ID, nil
		},
		Names: func(c cardType) []string { return []string{c.ID} },
		Key:   cardKey,
	}
}

// cardLine reads "France: 1A bur 2 [revealed]": the unit, its card id,
// and whether the card is revealed.
func cardLine(su *casefile.Setup, file string, l casefile.Line) (engine.Unit, string, bool, error) {
	return kit.CardLine(su, file, l, "France: 1A bur 2")
}

// caseCard gives the unit of one PRESTATE_CARDS line its card, taken out
// of the pile.
func caseCard(su *casefile.Setup, file string, l casefile.Line, s *engine.State, e *extra) error {
	want, id, revealed, err := cardLine(su, file, l)
	if err != nil {
		return err
	}
	u, err := kit.CaseUnit(su, file, l, s, want, func(id kit.UnitID) bool { _, ok := e.Cards[id]; return ok })
	if err != nil {
		return err
	}
	c, ok := lookupCard(e.Deck.types, id)
	if !ok {
		return su.LineErr(file, l, "no card %q in this game's deck (optional cards need OPTION add_cards)", id)
	}
	card, ok := e.Deck.take(c.ID)
	if !ok {
		return su.LineErr(file, l, "no %s left in the deck", c)
	}
	e.Give(idOf(u), card, s.Phase)
	if revealed {
		return e.Reveal(idOf(u), s.Phase, "revealed before the case")
	}
	return nil
}

// caseCheck compares POSTSTATE_CARDS and POSTSTATE_DISCARDS, and checks
// the life cycle's invariant after every step.
func caseCheck(su *casefile.Setup, file string, st casefile.Step, out *engine.Outcome) ([]string, error) {
	diffs := checkCards(out.Next)
	e, ok := out.Next.Extra.(*extra)
	if !ok {
		if len(st.Variant) > 0 {
			// A block no part could read would be skipped: say so.
			return nil, kit.NoCardsError(file, st)
		}
		return diffs, nil
	}
	if lines, ok := st.Variant["POSTSTATE_CARDS"]; ok {
		d, err := cards(e).CheckCards(su, file, lines, out.Next, e.Cards)
		if err != nil {
			return nil, err
		}
		diffs = append(diffs, d...)
	}
	if lines, ok := st.Variant["POSTSTATE_DISCARDS"]; ok && e.Deck != nil {
		d, err := cards(e).CheckDiscards(su, file, lines, e.Deck.Discards())
		if err != nil {
			return nil, err
		}
		diffs = append(diffs, d...)
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
	return fmt.Sprintf("%s %s %s: %s", m.PowerName(u.Power), label(u.Number, u.Type), m.LocString(u.Loc), card)
}

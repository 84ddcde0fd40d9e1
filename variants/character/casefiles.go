package character

import (
	"fmt"
	"strings"

	"dipdesk/engine"
	"dipdesk/engine/casefile"
	"dipdesk/variants/kit"
)

// CaseExtension is Character Diplomacy's part of the case-file runner
// (docs/case-format.md, "Character Diplomacy"): the kit's blocks
// (kit.CardBlocks), read as this variant's rules say:
//
//   - OPTION lines are Setup's options (optionAdd, optionReshuffle).
//   - A card is named by its id ("2", "X5"; no "#", which starts a
//     comment); a unit listed in no PRESTATE_CARDS line holds an Ordinary
//     card (#20). The rest of the pile, below PRESTATE_DECK's cards, is
//     the game's deck shuffled with the case's seed.
//   - The effects are mines, closed provinces, suspended centres, civil
//     disorders, uses of limited powers and free units ("mine nth
//     france", "closed mun 5 annihilated"; caseeffects.go).
//
// After every step the life cycle's invariant (checkCards) is checked.
var CaseExtension = &casefile.Extension{Blocks: kit.CardBlocks, Prepare: casePrepare, Check: caseCheck}

// casePrepare builds the deck from the options, takes the cards of the
// units on the board out of it, and stacks the scripted draws on top.
func casePrepare(su *casefile.Setup, file string, c *casefile.Case, s *engine.State, rng *engine.Rand) error {
	opt, err := kit.CaseGameOptions(file, c, parseOptions)
	if err != nil {
		return err
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

// caseCard gives the unit of one PRESTATE_CARDS line its card, taken out
// of the pile.
func caseCard(su *casefile.Setup, file string, l casefile.Line, s *engine.State, e *extra) error {
	return cards(e).PlaceCard(su, file, l, s, e.Cards, func(id string) (cardType, string) {
		c, ok := lookupCard(e.Deck.types, id)
		if !ok {
			return c, fmt.Sprintf("no card %q in this game's deck (optional cards need OPTION add_cards)", id)
		}
		card, ok := e.Deck.take(c.ID)
		if !ok {
			return c, fmt.Sprintf("no %s left in the deck", c)
		}
		return card, ""
	})
}

// caseCheck compares POSTSTATE_CARDS and POSTSTATE_DISCARDS, and checks
// the life cycle's invariant after every step.
func caseCheck(su *casefile.Setup, file string, st casefile.Step, out *engine.Outcome) ([]string, error) {
	diffs := checkCards(out.Next)
	e, ok := out.Next.Extra.(*extra)
	if !ok {
		// A block no part could read would be skipped: say so.
		if err := kit.NoCards(file, st); err != nil {
			return nil, err
		}
		return diffs, nil
	}
	var discards func() []cardType
	if e.Deck != nil {
		discards = e.Deck.Discards
	}
	d, err := cards(e).CheckStep(su, file, st, out.Next, e.Cards, discards)
	if err != nil {
		return nil, err
	}
	diffs = append(diffs, d...)
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

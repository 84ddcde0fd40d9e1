package character2

import (
	"fmt"
	"slices"
	"strings"

	"dipdesk/engine"
	"dipdesk/engine/casefile"
	"dipdesk/variants/kit"
)

// CaseExtension is Character Diplomacy II's part of the case-file runner
// (docs/case-format.md, "Character Diplomacy II"): the kit's blocks
// (kit.CardBlocks) and its seats' blocks, read as this variant's rules
// say:
//
//   - OPTION lines are the game's options ("OPTION ghost_tie no").
//   - A card is named by kind word (Kind.Word, any of a kind's cards) or
//     Tarot id ("T8", "CA"); a unit listed in no PRESTATE_CARDS line holds
//     no card, so a case names only the cards it is about.
//   - Each kind of PRESTATE_EFFECTS line is read by the part it belongs to
//     (addEffect): "invisible france 1A", "mine nth france".
//   - POSTSTATE_SEEN, POSTSTATE_REPORT and POSTSTATE_KNOWN are read by the
//     parts that register them (addCaseCheck).
var CaseExtension = &casefile.Extension{Blocks: caseBlocks, Prepare: casePrepare, Check: caseCheck}

// caseBlocks are the blocks casePrepare and caseCheck read, those of the
// parts' addCaseCheck included (TestCaseBlocksDeclared keeps the two
// lists the same): the runner refuses any other.
var caseBlocks = append(slices.Clone(kit.CardBlocks), "POSTSTATE_SEEN", "POSTSTATE_REPORT", "POSTSTATE_KNOWN")

func casePrepare(su *casefile.Setup, file string, c *casefile.Case, s *engine.State, rng *engine.Rand) error {
	opt, err := kit.CaseGameOptions(file, c, parseOptions)
	if err != nil {
		return err
	}
	kit.NumberAll(s)
	e := newExtra(newDeck(rng))
	e.Options = opt
	for _, l := range c.VariantPre["PRESTATE_CARDS"] {
		if err := caseCard(su, file, l, s, e); err != nil {
			return err
		}
	}
	var top []string
	for _, l := range c.VariantPre["PRESTATE_DECK"] {
		for _, w := range strings.Fields(l.Text) {
			card, ok := findCard(e.Deck.Pile(), w, top)
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
		if err := p.Parse(s, e, f[1:]); err != nil {
			return su.LineErr(file, l, "%v", err)
		}
	}
	return nil
}

// findCard returns the first card of the pile matching w (a kind word or a
// Tarot id) not already in skip.
func findCard(pile []card, w string, skip []string) (card, bool) {
	k, isKind := kindOf(w)
	var id string
	if !isKind {
		c, err := cardByID(w)
		if err != nil {
			return card{}, false
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
	return card{}, false
}

func effectByWord(w string) (kit.Effect[*extra], bool) {
	for _, p := range reg.Effects() {
		if strings.EqualFold(p.Word, w) {
			return p, true
		}
	}
	return kit.Effect[*extra]{}, false
}

func effectWords() []string {
	var out []string
	for _, p := range reg.Effects() {
		out = append(out, p.Word)
	}
	slices.Sort(out)
	return out
}

// cards is how a case names a card: by kind word (any of a kind's cards)
// or Tarot id, in lower case.
var cards = kit.CardBlock[card]{
	Example: "France: 1A bur ghost",
	Word: func(_ *casefile.Setup, _ string, _ casefile.Line, w string) (string, error) {
		return strings.ToLower(w), nil
	},
	Names: func(c card) []string { return []string{strings.ToLower(c.ID), c.Kind.Word()} },
	Key: func(m *engine.Map, u engine.Unit, w string) string {
		return fmt.Sprintf("%s %s %s: %s", u.Power, kit.Label(u.Number, u.Type), m.LocString(u.Loc), strings.ToLower(w))
	},
}

func caseCard(su *casefile.Setup, file string, l casefile.Line, s *engine.State, e *extra) error {
	return cards.PlaceCard(su, file, l, s, e.Cards, func(w string) (card, string) {
		c, ok := findCard(e.Deck.Pile(), w, nil)
		if !ok {
			return c, fmt.Sprintf("no card %q left in the deck (a kind word such as ghost, or a Tarot id such as T10)", w)
		}
		e.Deck.Take(c.ID)
		e.Deck.CountDealt()
		return c, ""
	})
}

// caseCheck compares POSTSTATE_CARDS, POSTSTATE_DISCARDS and
// POSTSTATE_EFFECTS, then the blocks the parts registered.
func caseCheck(su *casefile.Setup, file string, st casefile.Step, out *engine.Outcome) ([]string, error) {
	e, ok := out.Next.Extra.(*extra)
	if !ok {
		// A block no part could read would be skipped: say so.
		return nil, kit.NoCards(file, st)
	}
	var discards func() []card
	if e.Deck != nil {
		discards = e.Deck.Discards
	}
	diffs, err := cards.CheckStep(su, file, st, out.Next, e.Cards, discards)
	if err != nil {
		return nil, err
	}
	if lines, ok := st.Variant["POSTSTATE_EFFECTS"]; ok {
		want := map[string]bool{}
		for _, l := range lines {
			if t := strings.Join(strings.Fields(strings.ToLower(l.Text)), " "); t != "" {
				want[t] = true
			}
		}
		got := map[string]bool{}
		for _, p := range reg.Effects() {
			for _, t := range p.Lines(out.Next, e) {
				got[strings.ToLower(p.Word+" "+t)] = true
			}
		}
		diffs = append(diffs, casefile.DiffSets("effect", want, got)...)
	}
	blocks, checks := reg.CaseChecks()
	for _, block := range blocks {
		if lines, ok := st.Variant[block]; ok {
			d, err := checks[block](su, file, lines, out)
			if err != nil {
				return nil, err
			}
			diffs = append(diffs, d...)
		}
	}
	return diffs, nil
}

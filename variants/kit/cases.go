package kit

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"dipdesk/engine"
	"dipdesk/engine/casefile"
)

// The case-file blocks every card variant reads (docs/case-format.md). The
// variant supplies how to read one card (CardBlock) and its effects:
//
//   - OPTION lines are the game's options (CaseOptions): "OPTION
//     add_cards X5,X8".
//   - PRESTATE units may carry their numbers ("France: 1A bur"); units
//     without one are numbered in the order listed, after the highest
//     number written (NumberAll).
//   - PRESTATE_CARDS gives units their cards (PlaceCard): "France: 1A bur
//     2", the unit then the word naming its card, and "revealed" after it
//     for a card every seat knows.
//   - PRESTATE_DECK names the top of the pile, the next card drawn first
//     (scripted draws for builds).
//   - PRESTATE_EFFECTS puts the cards' effects on the board ("mine nth
//     france"); POSTSTATE_EFFECTS lists every such effect after the step.
//   - POSTSTATE_CARDS lists every card on the board after the step (units
//     dislodged included), in PRESTATE_CARDS' form; POSTSTATE_DISCARDS the
//     discard pile's cards, in any order (CheckStep).
//   - POSTSTATE_KNOWN, POSTSTATE_SEEN and POSTSTATE_REPORT: what the seats
//     know and read (CheckKnown, CheckSeen, CheckReport).
//
// A block no part of the variant reads is an error, never skipped.

// CardBlocks are the blocks every card variant reads; a variant adds
// those of its own parts.
var CardBlocks = []string{
	"PRESTATE_CARDS", "PRESTATE_DECK", "PRESTATE_EFFECTS",
	"POSTSTATE_CARDS", "POSTSTATE_DISCARDS", "POSTSTATE_EFFECTS",
}

// CaseGameOptions reads a case's OPTION lines with the variant's parse,
// an error naming the case's line.
func CaseGameOptions[O any](file string, c *casefile.Case, parse func(map[string]string) (O, error)) (O, error) {
	o, err := parse(CaseOptions(c))
	if err != nil {
		return o, &casefile.SyntaxError{File: file, Line: c.Line, Msg: err.Error()}
	}
	return o, nil
}

// PlaceCard reads one PRESTATE_CARDS line and gives its unit the card
// take finds for the line's word (taken out of the pile; why says why
// none is), revealing it when the line says so.
func (b CardBlock[C]) PlaceCard(su *casefile.Setup, file string, l casefile.Line, s *engine.State, cards Cards[UnitID, C],
	take func(w string) (c C, why string)) error {
	want, w, revealed, err := CardLine(su, file, l, b.Example)
	if err != nil {
		return err
	}
	u, err := CaseUnit(su, file, l, s, want, func(id UnitID) bool { _, ok := cards[id]; return ok })
	if err != nil {
		return err
	}
	c, why := take(w)
	if why != "" {
		return su.LineErr(file, l, "%s", why)
	}
	cards.Give(IDOf(u), c, s.Phase)
	if revealed {
		return cards.Reveal(IDOf(u), s.Phase, "revealed before the case")
	}
	return nil
}

// CheckStep checks a step's POSTSTATE_CARDS and POSTSTATE_DISCARDS
// blocks, when given, against the cards of next and the discard pile
// (discards nil: a position without the deck, whose discards are not
// checked).
func (b CardBlock[C]) CheckStep(su *casefile.Setup, file string, st casefile.Step, next *engine.State, cards Cards[UnitID, C], discards func() []C) ([]string, error) {
	var diffs []string
	if lines, ok := st.Variant["POSTSTATE_CARDS"]; ok {
		d, err := b.CheckCards(su, file, lines, next, cards)
		if err != nil {
			return nil, err
		}
		diffs = append(diffs, d...)
	}
	if lines, ok := st.Variant["POSTSTATE_DISCARDS"]; ok && discards != nil {
		d, err := b.CheckDiscards(su, file, lines, discards())
		if err != nil {
			return nil, err
		}
		diffs = append(diffs, d...)
	}
	return diffs, nil
}

// CaseOptions returns a case's OPTION lines as the options of a game:
// "OPTION add_cards X5,X8".
func CaseOptions(c *casefile.Case) map[string]string {
	options := map[string]string{}
	for _, l := range c.Options {
		name, value, _ := strings.Cut(strings.TrimSpace(l.Text), " ")
		options[strings.TrimSpace(name)] = strings.TrimSpace(value)
	}
	return options
}

// CardLine reads "France: 1A bur card [revealed]": the unit, the word that
// names its card, and whether the card is revealed. example is the form
// shown in the error ("France: 1A bur 2").
func CardLine(su *casefile.Setup, file string, l casefile.Line, example string) (engine.Unit, string, bool, error) {
	f := strings.Fields(l.Text)
	revealed := false
	if len(f) > 0 && strings.EqualFold(f[len(f)-1], "revealed") {
		revealed, f = true, f[:len(f)-1]
	}
	if len(f) < 3 {
		return engine.Unit{}, "", false, su.LineErr(file, l, "want \"Power: 1A province card\", as %q", example)
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

// CaseUnit finds the unit of s (on the board or dislodged) a card line
// names, checking its number when the line gives one; has reports whether
// a unit already holds a card.
func CaseUnit(su *casefile.Setup, file string, l casefile.Line, s *engine.State, want engine.Unit, has func(UnitID) bool) (engine.Unit, error) {
	u, ok := UnitLike(s, want)
	if !ok {
		return u, su.LineErr(file, l, "no %s %s of %s in PRESTATE or PRESTATE_DISLODGED", want.Type.Word(), s.Map.LocName(want.Loc), PowerName(want.Power))
	}
	if want.Number > 0 && want.Number != u.Number {
		return u, su.LineErr(file, l, "the unit there is %s, not %s", Label(u.Number, u.Type), Label(want.Number, want.Type))
	}
	if has(IDOf(u)) {
		return u, su.LineErr(file, l, "%s already holds a card", IDOf(u))
	}
	return u, nil
}

// CardBlock is how a variant reads and names its cards in a case's
// blocks.
type CardBlock[C comparable] struct {
	// Example is a card line, for errors: "France: 1A bur 2".
	Example string
	// Word reads the word a line names a card by ("2", "x5", "ghost",
	// "T8"), returning it in the form Names gives.
	Word func(su *casefile.Setup, file string, l casefile.Line, w string) (string, error)
	// Names lists the words that may name card c, in order: a line naming
	// it by any matches; an unexpected card is reported by the last.
	Names func(c C) []string
	// Key is the diff's name of unit u's card w: "France 1A mun: 2".
	Key func(m *engine.Map, u engine.Unit, w string) string
}

// CheckCards compares a POSTSTATE_CARDS block with the cards of the
// units of next (on the board or dislodged): a line without a number
// matches the unit of its power, type and province.
func (b CardBlock[C]) CheckCards(su *casefile.Setup, file string, lines []casefile.Line, next *engine.State, cards Cards[UnitID, C]) ([]string, error) {
	want := map[string]bool{}
	for _, l := range lines {
		u, w, _, err := CardLine(su, file, l, b.Example)
		if err != nil {
			return nil, err
		}
		if w, err = b.Word(su, file, l, w); err != nil {
			return nil, err
		}
		if g, ok := UnitLike(next, u); ok && u.Number == 0 {
			u = g
		}
		want[b.Key(su.Map, u, w)] = true
	}
	got := map[string]bool{}
	for _, u := range AllUnits(next) {
		h, ok := cards[IDOf(u)]
		if !ok {
			continue
		}
		names := b.Names(h.Card)
		k := ""
		for _, n := range names {
			if k = b.Key(su.Map, u, n); want[k] {
				break
			}
		}
		got[k] = true
	}
	return casefile.DiffSets("card", want, got), nil
}

// CheckDiscards compares a POSTSTATE_DISCARDS block, card words in any
// order, with the discard pile.
func (b CardBlock[C]) CheckDiscards(su *casefile.Setup, file string, lines []casefile.Line, discards []C) ([]string, error) {
	var want, got []string
	for _, l := range lines {
		for _, w := range strings.Fields(l.Text) {
			w, err := b.Word(su, file, l, w)
			if err != nil {
				return nil, err
			}
			want = append(want, w)
		}
	}
	for _, c := range discards {
		names := b.Names(c)
		pick := names[len(names)-1]
		for _, n := range names {
			if slices.Contains(want, n) {
				pick = n
				break
			}
		}
		got = append(got, pick)
	}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(want, got) {
		return []string{fmt.Sprintf("discards [%s], expected [%s]", strings.Join(got, " "), strings.Join(want, " "))}, nil
	}
	return nil, nil
}

// CheckKnown checks a POSTSTATE_KNOWN block: each line names a unit and
// what every seat knows of its card, "secret", "hinted", "public" or "no
// card".
func (b CardBlock[C]) CheckKnown(su *casefile.Setup, file string, lines []casefile.Line, next *engine.State, cards Cards[UnitID, C]) ([]string, error) {
	var diffs []string
	for _, l := range lines {
		u, w, _, err := CardLine(su, file, l, b.Example)
		if err != nil {
			return nil, err
		}
		if g, ok := UnitLike(next, u); ok && u.Number == 0 {
			u = g
		}
		got := "no card"
		if h, ok := cards[IDOf(u)]; ok {
			switch {
			case h.Revealed == nil:
				got = "secret"
			case h.Revealed.Hint != "":
				got = "hinted"
			default:
				got = "public"
			}
		}
		if got != strings.ToLower(w) {
			diffs = append(diffs, fmt.Sprintf("%s's card is %s, expected %s", l.Text[:strings.LastIndex(l.Text, " ")], got, w))
		}
	}
	return diffs, nil
}

// NoCards is NoCardsError for a step with blocks of the variant, nil for
// a step without: what a check says of a position holding no cards.
func NoCards(file string, st casefile.Step) error {
	if len(st.Variant) == 0 {
		return nil
	}
	return NoCardsError(file, st)
}

// NoCardsError is the error of a step whose variant blocks cannot be
// checked: the position after it holds no cards.
func NoCardsError(file string, st casefile.Step) error {
	return fmt.Errorf("%s: the position after the step holds no cards, so its %s cannot be checked", file, strings.Join(slices.Sorted(maps.Keys(st.Variant)), ", "))
}

// CaseSeat reads a seat's word: a power's id or name, "Public" or "GM".
func CaseSeat(m *engine.Map, w string) (engine.Seat, bool) {
	w = strings.ToLower(strings.TrimSpace(w))
	switch w {
	case "gm", "game master":
		return engine.Seat{GM: true}, true
	case "public":
		return engine.Seat{}, true
	}
	for _, p := range m.Powers {
		if w == string(p.ID) || w == strings.ToLower(p.Name) {
			return engine.Seat{Power: p.ID}, true
		}
	}
	return engine.Seat{}, false
}

func seenKey(m *engine.Map, u engine.Unit, dislodged bool) string {
	k := fmt.Sprintf("%s %s %s", u.Power, u.Type, m.LocString(u.Loc))
	if dislodged {
		k += " dislodged"
	}
	return k
}

// CheckSeen checks a POSTSTATE_SEEN block: "Seat: Power T loc" lines (the
// seat a power name, "Public" or "GM"); for each seat named, exactly the
// units its view of the position after the step shows ("England: France A
// mun"; a dislodged unit ends in "dislodged"; "England: none" for no
// unit). r are the variant's rules, whose Conceal makes the view.
func CheckSeen(su *casefile.Setup, file string, lines []casefile.Line, out *engine.Outcome, r *engine.Rules) ([]string, error) {
	m := out.Next.Map
	want := map[engine.Seat]map[string]bool{}
	var order []engine.Seat
	for _, l := range lines {
		seatWord, rest, ok := strings.Cut(l.Text, ":")
		seat, okSeat := CaseSeat(m, seatWord)
		if !ok || !okSeat {
			return nil, su.LineErr(file, l, "want \"Seat: Power A loc\" (a power, Public or GM), as \"England: France A mun\"")
		}
		if want[seat] == nil {
			want[seat] = map[string]bool{}
			order = append(order, seat)
		}
		f := strings.Fields(rest)
		if len(f) == 1 && strings.EqualFold(f[0], "none") {
			continue
		}
		dislodged := len(f) > 0 && strings.EqualFold(f[len(f)-1], "dislodged")
		if dislodged {
			f = f[:len(f)-1]
		}
		if len(f) < 3 {
			return nil, su.LineErr(file, l, "want \"Seat: Power A loc\"")
		}
		u, err := su.UnitLine(file, casefile.Line{N: l.N, Text: f[0] + ": " + strings.Join(f[1:], " ")})
		if err != nil {
			return nil, err
		}
		if u.Type == engine.Army {
			u.Loc.C = engine.NoCoast
		}
		want[seat][seenKey(m, u, dislodged)] = true
	}
	var diffs []string
	for _, seat := range order {
		v := engine.ViewFor(out.Next, nil, seat, r)
		got := map[string]bool{}
		for _, u := range v.State.Units {
			got[seenKey(m, u, false)] = true
		}
		for _, d := range v.State.Dislodged {
			got[seenKey(m, d.Unit, true)] = true
		}
		diffs = append(diffs, casefile.DiffSets(seat.String()+" sees", want[seat], got)...)
	}
	return diffs, nil
}

// ReportLines is a seat's report: "order | text | code | reason" per
// result, then the events.
func ReportLines(m *engine.Map, out *engine.Outcome) []string {
	var ls []string
	for _, r := range out.Results {
		ls = append(ls, fmt.Sprintf("%s | %s | %s | %s", r.Order.Format(m), r.Order.Text, r.Code, r.Reason))
	}
	return append(ls, out.Events...)
}

// CheckReport checks a POSTSTATE_REPORT block: "Seat: words" lines, the
// seat's report of the step (ReportLines of its copy of the outcome, cut
// by the variant's rules r from before, the position the step was
// adjudicated from) must contain the words, case-insensitive; "Seat:
// !words" must not.
func CheckReport(su *casefile.Setup, file string, lines []casefile.Line, before *engine.State, out *engine.Outcome, r *engine.Rules) ([]string, error) {
	m := out.Next.Map
	var diffs []string
	for _, l := range lines {
		seatWord, text, ok := strings.Cut(l.Text, ":")
		seat, okSeat := CaseSeat(m, seatWord)
		text = strings.TrimSpace(text)
		if !ok || !okSeat || text == "" {
			return nil, su.LineErr(file, l, "want \"Seat: words\" or \"Seat: !words\" (a power, Public or GM)")
		}
		neg := strings.HasPrefix(text, "!")
		text = strings.ToLower(strings.TrimSpace(strings.TrimPrefix(text, "!")))
		found := false
		for _, line := range ReportLines(m, engine.OutcomeFor(before, out, seat, r)) {
			if strings.Contains(strings.ToLower(line), text) {
				found = true
				break
			}
		}
		switch {
		case neg && found:
			diffs = append(diffs, fmt.Sprintf("line %d: %s's report says %q", l.N, seat, text))
		case !neg && !found:
			diffs = append(diffs, fmt.Sprintf("line %d: %s's report does not say %q", l.N, seat, text))
		}
	}
	return diffs, nil
}

package session

import (
	"fmt"
	"slices"
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/cardgame"
)

// Assignment is one line of the Winter form (Davis rules 5.a, 15): a
// unit's space, its number and the card dealt to it.
type Assignment struct {
	Space string // "mun"
	Label string // "1A"
	Card  string // "9"
	Name  string // "Annihilator"
	Alias string // the physical card the game master dealt ("The Fool"); "" if none
}

// CardForm is the private report of the cards assigned to one power's
// units in a Winter, or in the initial deal (rule 4): the seed's "CHARACTER
// DIP - Assignment of Characteristics to Players' Units" form.
type CardForm struct {
	Country string
	Season  string       // "Winter 1901", or "Spring 1901 (initial deal)"
	New     []Assignment // the cards assigned in that season
	All     []Assignment // every unit of the power and its card afterwards
}

// Assignments returns power p's form for the deal that led from before to
// after (before nil: the initial deal, every card is new). It is computed
// from p's hand in p's view of after (rule 3: the form goes to p alone),
// so it serves any card game: a card is new when it was dealt in before's
// phase or later (cardgame.Card.Dealt).
func Assignments(before, after *engine.State, p engine.Power, r *engine.Rules) CardForm {
	m := after.Map
	f := CardForm{Country: m.PowerName(p)}
	h, ok := HandsOf(engine.ViewFor(after, nil, engine.Seat{Power: p}, r), nil)
	if !ok {
		return f
	}
	for _, c := range h.Cards {
		if c.Unit.Power != p || c.Space == "" {
			continue // a card told of, or a unit off the board: not on the form
		}
		a := Assignment{Space: c.Space, Label: c.Label, Card: c.ID, Name: c.Name, Alias: c.Alias}
		f.All = append(f.All, a)
		if before == nil || !phaseBefore(c.Dealt, before.Phase) {
			f.New = append(f.New, a)
		}
	}
	// The form lists spaces in alphabetical order, as a game master
	// would fill it in from the position.
	bySpace := func(a, b Assignment) int { return strings.Compare(a.Space, b.Space) }
	slices.SortFunc(f.New, bySpace)
	slices.SortFunc(f.All, bySpace)
	return f
}

// phaseBefore reports whether phase a comes before phase b in a game.
func phaseBefore(a, b engine.Phase) bool {
	if a.Year != b.Year {
		return a.Year < b.Year
	}
	if a.Season != b.Season {
		return a.Season < b.Season
	}
	return a.Type < b.Type
}

// CardReport writes the private Winter report of assigned cards (Davis
// rules 5.a, 15) for seat: a power gets its own form, the game master
// every power's (to print and mail), the public nothing. name is a
// Winter (adjustment) phase that was adjudicated, or the first phase for
// the initial deal; "" is the last Winter played, or the initial deal
// before any. markdown selects a Markdown table instead of plain text.
func (g *Game) CardReport(name string, seat engine.Seat, markdown bool) (string, error) {
	if !seat.GM && seat.Power == "" {
		return "", fmt.Errorf("%w: the card report is private to each power (say --for POWER or gm)", ErrNotAllowed)
	}
	before, after, season, err := g.dealPhases(name)
	if err != nil {
		return "", err
	}
	if cardgame.Of(after) == nil {
		return "", fmt.Errorf("session: %s: %s has no character cards", g.Path(), g.variant.Name)
	}
	if h, _ := HandsOf(engine.ViewFor(after, nil, engine.Seat{GM: true}, g.variant.Rules), nil); len(h.Cards) > 0 && !slices.ContainsFunc(h.Cards, func(c HandCard) bool { return !c.Seat }) {
		// Questionable's characters: every country holds the same seven,
		// dealt to no unit; the form would say nothing true.
		return "", fmt.Errorf("session: %s: %s deals no cards to units: its cards are the seats' own (dipdesk show lists them)", g.Path(), g.variant.Name)
	}
	powers := []engine.Power{seat.Power}
	if seat.GM {
		powers = g.m.PowerIDs()
	}
	var b strings.Builder
	for i, p := range powers {
		if i > 0 {
			b.WriteString("\n")
		}
		f := Assignments(before, after, p, g.variant.Rules)
		f.Season = season
		writeForm(&b, baseName(g.Path()), f, markdown)
	}
	return b.String(), nil
}

// dealPhases finds the positions around the deal reported by CardReport.
func (g *Game) dealPhases(name string) (before, after *engine.State, season string, err error) {
	phases, err := g.file.Phases(false)
	if err != nil {
		return nil, nil, "", err
	}
	idx := -1
	if name == "" {
		for i, p := range phases {
			if p.Adjudicated && i+1 < len(phases) {
				if ps, err := g.decode(p); err == nil && ps.State.Phase.Type == engine.Adjustment {
					idx = i
				}
			}
		}
		if idx < 0 {
			idx = 0
		}
	} else {
		ph, err := engine.ParsePhase(name)
		if err != nil {
			return nil, nil, "", err
		}
		for i, p := range phases {
			if p.Name == ph.Key() {
				idx = i
			}
		}
		if idx < 0 {
			return nil, nil, "", fmt.Errorf("%w %s in %s", ErrNoPhase, ph.Key(), g.Path())
		}
	}
	ps, err := g.decode(phases[idx])
	if err != nil {
		return nil, nil, "", err
	}
	if idx == 0 {
		return nil, ps.State, fmt.Sprintf("%s %d (initial deal)", ps.State.Phase.Season, ps.State.Phase.Year), nil
	}
	if ps.State.Phase.Type != engine.Adjustment {
		return nil, nil, "", fmt.Errorf("session: cards are assigned in the Winter (adjustment) phases and the initial deal, not in %s", ps.State.Phase)
	}
	if idx+1 >= len(phases) {
		return nil, nil, "", fmt.Errorf("session: %s is not adjudicated yet: its cards are not dealt", ps.State.Phase)
	}
	next, err := g.decode(phases[idx+1])
	if err != nil {
		return nil, nil, "", err
	}
	return ps.State, next.State, fmt.Sprintf("Winter %d", ps.State.Phase.Year), nil
}

// writeForm prints one power's form in the layout of the seed's blank
// (the end of the rule text), with the unit number the rules ask for.
func writeForm(b *strings.Builder, game string, f CardForm, markdown bool) {
	if markdown {
		fmt.Fprintf(b, "## CHARACTER DIP - %s\n\nAssignment of Characteristics to Players' Units:\n\n", game)
		fmt.Fprintf(b, "**Country:** %s  \n**Season:** %s\n\n", f.Country, f.Season)
	} else {
		fmt.Fprintf(b, "CHARACTER DIP - %s\n\nAssignment of Characteristics to Players' Units:\n\n", game)
		fmt.Fprintf(b, "Country: %s    Season: %s\n\n", f.Country, f.Season)
	}
	if len(f.New) == 0 {
		b.WriteString("No Characteristics were assigned to your Units this season.\n")
	} else {
		b.WriteString("The following Characteristics have been assigned to your Units:\n\n")
		writeAssignments(b, f.New, markdown)
	}
	if len(f.All) > len(f.New) {
		b.WriteString("\nAll your Units and their Characteristics:\n\n")
		writeAssignments(b, f.All, markdown)
	}
}

func writeAssignments(b *strings.Builder, as []Assignment, markdown bool) {
	if markdown {
		b.WriteString("| Space | Unit | Character Card No. |\n|---|---|---|\n")
		for _, a := range as {
			fmt.Fprintf(b, "| %s | %s | #%s %s |\n", a.Space, a.Label, a.Card, a.cardName())
		}
		return
	}
	fmt.Fprintf(b, "  %-8s %-5s %s\n", "Space:", "Unit:", "Character Card No.:")
	for _, a := range as {
		fmt.Fprintf(b, "  %-8s %-5s #%s %s\n", a.Space, a.Label, a.Card, a.cardName())
	}
}

// cardName is "Annihilator", or "Annihilator (The Fool)" when the game
// master deals physical cards of another deck.
func (a Assignment) cardName() string {
	if a.Alias == "" {
		return a.Name
	}
	return a.Name + " (" + a.Alias + ")"
}

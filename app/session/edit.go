package session

import (
	"fmt"
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/cardgame"
)

// dealStream separates the draws of a deal entered by hand from the
// setup's and the phases' streams of the game's seed.
const dealStream = 0x6d616e75616c6465 // "manualde"

// EditKind is a game master's change to the position.
type EditKind uint8

// The edits a game master may make to the current phase's position.
const (
	AddUnit EditKind = iota + 1
	RemoveUnit
	MoveUnit
	SetOwner
	// DealCard gives a unit the character card the game master dealt by
	// hand (Character Diplomacy: a physical deal, rules 4-5 checked).
	DealCard
)

// Edit is one change to the position, made by the game master to correct
// the board. Every edit is kept in the audit log with the position before
// and after it.
type Edit struct {
	Kind  EditKind
	Unit  engine.Unit  // AddUnit: the unit
	At    engine.Loc   // RemoveUnit, MoveUnit: where the unit is; SetOwner: the centre
	To    engine.Loc   // MoveUnit: where it goes
	Owner engine.Power // SetOwner: the new owner ("" for none)
	// Card is DealCard's card, by its id ("9", "X2", "T8"; Unit names the
	// unit by power, type and number), and AddUnit's in a card variant
	// ("" deals one from the deck).
	Card string
}

// ParseEdit reads an edit in the words of the command line:
//
//	add france A bur     remove bur     move bur mar     owner bel france     owner bel none
//	add france A bur 9   (a card variant: the new unit's card, dealt by hand; without it one is dealt from the deck)
//	card france 1A 9     (a card variant: the card the game master dealt by hand)
func (g *Game) ParseEdit(words []string) (Edit, error) {
	usage := fmt.Errorf("session: edit: want add POWER A|F PROVINCE [CARD], remove PROVINCE, move FROM TO, owner CENTRE POWER|none, or card POWER UNIT CARD (e.g. card france 1A 9)")
	if len(words) == 0 {
		return Edit{}, usage
	}
	loc := func(s string) (engine.Loc, error) {
		o, err := g.parser.ParseOrder("", "A "+s)
		if err != nil {
			return engine.Nowhere, fmt.Errorf("session: edit: %w", err)
		}
		return o.At, nil
	}
	switch strings.ToLower(words[0]) {
	case "add":
		if len(words) != 4 && len(words) != 5 {
			return Edit{}, usage
		}
		p, ok := g.m.LookupPower(words[1])
		if !ok {
			return Edit{}, fmt.Errorf("session: edit: unknown power %q", words[1])
		}
		o, err := g.parser.ParseOrder(p, words[2]+" "+words[3])
		if err != nil || o.Unit == engine.NoUnitType {
			return Edit{}, fmt.Errorf("session: edit: want a unit such as \"A bur\" or \"F spa/nc\", got %q", words[2]+" "+words[3])
		}
		e := Edit{Kind: AddUnit, Unit: engine.Unit{Type: o.Unit, Power: p, Loc: o.At}}
		if len(words) == 5 {
			e.Card = strings.TrimPrefix(words[4], "#")
		}
		return e, nil
	case "remove":
		if len(words) != 2 {
			return Edit{}, usage
		}
		l, err := loc(words[1])
		return Edit{Kind: RemoveUnit, At: l}, err
	case "move":
		if len(words) != 3 {
			return Edit{}, usage
		}
		from, err := loc(words[1])
		if err != nil {
			return Edit{}, err
		}
		to, err := g.locAnyCoast(words[2])
		return Edit{Kind: MoveUnit, At: from, To: to}, err
	case "card":
		if len(words) != 4 {
			return Edit{}, usage
		}
		p, ok := g.m.LookupPower(words[1])
		if !ok {
			return Edit{}, fmt.Errorf("session: edit: unknown power %q", words[1])
		}
		n, t, _, err := cardgame.ParseLabel(words[2])
		if err != nil {
			return Edit{}, fmt.Errorf("session: edit: unit %q: want a number and a type, as 1A or 2F", words[2])
		}
		return Edit{Kind: DealCard, Unit: engine.Unit{Power: p, Type: t, Number: n}, Card: strings.TrimPrefix(words[3], "#")}, nil
	case "owner":
		if len(words) != 3 {
			return Edit{}, usage
		}
		l, err := loc(words[1])
		if err != nil {
			return Edit{}, err
		}
		e := Edit{Kind: SetOwner, At: l}
		if w := strings.ToLower(words[2]); w != "none" && w != "nobody" {
			p, ok := g.m.LookupPower(words[2])
			if !ok {
				return Edit{}, fmt.Errorf("session: edit: unknown power %q", words[2])
			}
			e.Owner = p
		}
		return e, nil
	}
	return Edit{}, usage
}

// addUnit puts the game master's new unit on the board. In a card variant
// (cardgame.UnitAdder) the unit takes its number by the variant's rule and
// a card: the one the game master names, checked as a deal by hand, or one
// dealt from the deck by the variant's dealing rules. The audit line names
// the unit, never its card (the deal log, which only the game master
// sees, does).
func (g *Game) addUnit(s *engine.State, e Edit) (string, error) {
	m := g.m
	if err := g.placeable(s, e.Unit, -1); err != nil {
		return "", err
	}
	s.Units = append(s.Units, e.Unit)
	u := e.Unit
	add, cards := s.Extra.(cardgame.UnitAdder)
	x := cardgame.Of(s)
	switch {
	case cards && x != nil:
		var err error
		if u, err = add.AddUnit(s, len(s.Units)-1, e.Card, g.variant.Start, g.dealRand(s, x)); err != nil {
			return "", fmt.Errorf("session: edit: %w", err)
		}
	case e.Card != "":
		return "", fmt.Errorf("session: edit: this game has no character cards to deal the new unit")
	}
	desc := fmt.Sprintf("added %s %s %s", m.PowerName(u.Power), u.Type, m.LocString(u.Loc))
	switch {
	case cards && x != nil && e.Card != "":
		desc = fmt.Sprintf("added %s %s %s and dealt it its card by hand", m.PowerName(u.Power), cardgame.Label(u.Number, u.Type), m.LocString(u.Loc))
	case cards && x != nil:
		desc = fmt.Sprintf("added %s %s %s and dealt it a card from the deck", m.PowerName(u.Power), cardgame.Label(u.Number, u.Type), m.LocString(u.Loc))
	}
	return desc, nil
}

// dealRand is the source of chance of a deal the game master makes (a
// reshuffle it may cause): drawn from the game's seed and the edit's place
// in the game, and the position after it is stored, so the game replays
// exactly.
func (g *Game) dealRand(s *engine.State, x cardgame.Game) *engine.Rand {
	return engine.NewRand(g.file.Game().Seed ^ dealStream ^ uint64(len(x.Hand(engine.View{State: s, Seat: engine.Seat{GM: true}}, nil).Log)))
}

// hasUnit refuses a unit, named by power, type and number, that its power
// does not have, saying which units it has.
func hasUnit(s *engine.State, want engine.Unit) error {
	var units []string
	for _, u := range s.Units {
		if u.Power == want.Power {
			if u.Type == want.Type && u.Number == want.Number {
				return nil
			}
			units = append(units, cardgame.Label(u.Number, u.Type)+" "+s.Map.LocString(u.Loc))
		}
	}
	for _, d := range s.Dislodged {
		u := d.Unit
		if u.Power == want.Power {
			if u.Type == want.Type && u.Number == want.Number {
				return nil
			}
			units = append(units, cardgame.Label(u.Number, u.Type)+" "+s.Map.LocString(u.Loc)+" (dislodged)")
		}
	}
	if len(units) == 0 {
		return fmt.Errorf("session: edit: %s has no unit %s: it has no units", s.Map.PowerName(want.Power), cardgame.Label(want.Number, want.Type))
	}
	return fmt.Errorf("session: edit: %s has no unit %s; its units are %s", s.Map.PowerName(want.Power), cardgame.Label(want.Number, want.Type), strings.Join(units, ", "))
}

func (g *Game) locAnyCoast(s string) (engine.Loc, error) {
	o, err := g.parser.ParseOrder("", "F "+s)
	if err != nil {
		return engine.Nowhere, fmt.Errorf("session: edit: %w", err)
	}
	return o.At, nil
}

// ApplyEdit changes the position of phase, which must be the current
// phase ("S1901M"; else ErrStalePhase and nothing changes). It refuses
// edits that would leave an impossible board (two units in a province,
// an army at sea, a fleet without its coast).
func (g *Game) ApplyEdit(phase string, e Edit) error {
	p, err := g.expect(phase)
	if err != nil {
		return err
	}
	cur, err := g.decode(p)
	if err != nil {
		return err
	}
	s := cur.State.Clone()
	desc, err := g.apply(s, e)
	if err != nil {
		return err
	}
	b, err := engine.MarshalState(s)
	if err != nil {
		return err
	}
	return g.staleFromStore(phase, g.file.Edit(cur.Phase.ID, b, desc))
}

func (g *Game) apply(s *engine.State, e Edit) (string, error) {
	m := g.m
	switch e.Kind {
	case AddUnit:
		return g.addUnit(s, e)
	case RemoveUnit:
		i := s.UnitAt(e.At.P)
		if i < 0 {
			return "", fmt.Errorf("session: edit: no unit in %s", m.LocName(e.At.Prov()))
		}
		u := s.Units[i]
		s.Units = append(s.Units[:i], s.Units[i+1:]...)
		return fmt.Sprintf("removed %s %s %s", m.PowerName(u.Power), u.Type, m.LocString(u.Loc)), nil
	case MoveUnit:
		i := s.UnitAt(e.At.P)
		if i < 0 {
			return "", fmt.Errorf("session: edit: no unit in %s", m.LocName(e.At.Prov()))
		}
		u := s.Units[i]
		u.Loc = e.To
		if u.Type == engine.Army {
			u.Loc.C = engine.NoCoast
		}
		if err := g.placeable(s, u, i); err != nil {
			return "", err
		}
		from := s.Units[i].Loc
		s.Units[i] = u
		return fmt.Sprintf("moved %s %s from %s to %s", m.PowerName(u.Power), u.Type, m.LocString(from), m.LocString(u.Loc)), nil
	case DealCard:
		x := cardgame.Of(s)
		if x == nil {
			return "", fmt.Errorf("session: edit: this game has no character cards")
		}
		if err := hasUnit(s, e.Unit); err != nil {
			return "", err
		}
		if _, err := x.DealByHand(s, e.Unit, e.Card, g.variant.Start, g.dealRand(s, x)); err != nil {
			return "", fmt.Errorf("session: edit: %w", err)
		}
		// The audit line names no card (rule 3); the deal log, which only
		// the game master sees, does.
		return fmt.Sprintf("dealt %s %s its card by hand", m.PowerName(e.Unit.Power), cardgame.Label(e.Unit.Number, e.Unit.Type)), nil
	case SetOwner:
		if !m.Provinces[e.At.P].SC {
			return "", fmt.Errorf("session: edit: %s is not a supply centre", m.Provinces[e.At.P].Name)
		}
		s.Owners[e.At.P] = e.Owner
		return fmt.Sprintf("%s now owned by %s", m.Provinces[e.At.P].Name, m.PowerName(e.Owner)), nil
	}
	return "", fmt.Errorf("session: edit: unknown edit")
}

// placeable checks that u may stand where it is, ignoring unit skip.
func (g *Game) placeable(s *engine.State, u engine.Unit, skip int) error {
	m := g.m
	if !m.CanHold(u.Type, u.Loc) {
		if u.Type == engine.Fleet && m.MultiCoast(u.Loc.P) && u.Loc.C == engine.NoCoast {
			return fmt.Errorf("session: edit: say which coast of %s", m.Provinces[u.Loc.P].Name)
		}
		return fmt.Errorf("session: edit: %s cannot stand in %s", u.Type.Noun(), m.LocName(u.Loc))
	}
	if i := s.UnitAt(u.Loc.P); i >= 0 && i != skip && !m.Provinces[u.Loc.P].Unlimited {
		return fmt.Errorf("session: edit: %s already holds a unit", m.Provinces[u.Loc.P].Name)
	}
	return nil
}

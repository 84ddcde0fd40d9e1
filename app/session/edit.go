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
	// Which picks, for RemoveUnit and MoveUnit, one of the pieces that
	// share a province: its seat ("doctor", "none" for a piece of no
	// seat) and its kind's code ("B", "F"), in any order.
	Which []string
}

// ParseEdit reads an edit in the words of the command line:
//
//	add france A bur     remove bur     move bur mar     owner bel france     owner bel none
//	add doctor B lon     add none BORG boh (a piece of a variant's kinds; none: of no seat)
//	add france A bur 9   (a card variant: the new unit's card, dealt by hand; without it one is dealt from the deck)
//	remove lon doctor B  move lon wal england F (one of the pieces sharing a province)
//	card france 1A 9     (a card variant: the card the game master dealt by hand)
func (g *Game) ParseEdit(words []string) (Edit, error) {
	usage := fmt.Errorf("session: edit: want add POWER|none A|F|PIECE PROVINCE [CARD], remove PROVINCE [POWER] [PIECE], move FROM TO [POWER] [PIECE], owner CENTRE POWER|none, or card POWER UNIT CARD (e.g. card france 1A 9)")
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
		e, err := g.parseAdd(words[1], words[2], words[3])
		if err == nil && len(words) == 5 {
			e.Card = strings.TrimPrefix(words[4], "#")
		}
		return e, err
	case "remove":
		if len(words) < 2 || len(words) > 4 {
			return Edit{}, usage
		}
		l, err := loc(words[1])
		return Edit{Kind: RemoveUnit, At: l, Which: words[2:]}, err
	case "move":
		if len(words) < 3 || len(words) > 5 {
			return Edit{}, usage
		}
		from, err := loc(words[1])
		if err != nil {
			return Edit{}, err
		}
		to, err := g.locAnyCoast(words[2])
		return Edit{Kind: MoveUnit, At: from, To: to, Which: words[3:]}, err
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

// parseAdd reads "add POWER|none A|F|PIECE PROVINCE". A piece of no seat
// must be of a kind the map declares neutral (the Borg), and a neutral
// kind belongs to no seat.
func (g *Game) parseAdd(who, code, where string) (Edit, error) {
	var p engine.Power
	if w := strings.ToLower(who); w != "none" && w != "nobody" {
		var ok bool
		if p, ok = g.m.LookupPower(who); !ok {
			return Edit{}, fmt.Errorf("session: edit: unknown power %q", who)
		}
	}
	// The code is read here, not by the order parser: a piece's code
	// may be an order's word there ("B" is also "build").
	var u engine.Unit
	pi, isPiece := g.m.PieceByCode(code)
	switch {
	case strings.EqualFold(code, "A"):
		u.Type = engine.Army
	case strings.EqualFold(code, "F"):
		u.Type = engine.Fleet
	case isPiece:
		u.Type, u.Kind = pi.Moves, pi.Kind
	default:
		return Edit{}, fmt.Errorf("session: edit: %q is no kind of unit here (A, F%s)", code, g.pieceCodes())
	}
	o, err := g.parser.ParseOrder(p, u.Type.String()+" "+where)
	if err != nil || !o.At.Valid() {
		return Edit{}, fmt.Errorf("session: edit: want a unit such as \"A bur\", \"F spa/nc\" or a piece of the variant's, got %q", code+" "+where)
	}
	u.Power, u.Loc = p, o.At
	switch {
	case p == "" && !(isPiece && pi.Neutral):
		return Edit{}, fmt.Errorf("session: edit: %s belongs to a seat: say whose", unitNoun(g.m, u))
	case p != "" && isPiece && pi.Neutral:
		return Edit{}, fmt.Errorf("session: edit: %s belongs to no seat: add none %s %s", pi.Name, pi.Code, where)
	}
	return Edit{Kind: AddUnit, Unit: u}, nil
}

// pieceCodes lists the codes of the variant's pieces after ", ".
func (g *Game) pieceCodes() string {
	var b strings.Builder
	for _, p := range g.m.Pieces {
		b.WriteString(", " + p.Code)
	}
	return b.String()
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
	s.GiveIDs() // the new unit's id, kept for its life
	u := s.Units[len(s.Units)-1]
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
	desc := fmt.Sprintf("added %s %s %s", m.PowerName(u.Power), m.UnitCode(u.Type, u.Kind), m.LocString(u.Loc))
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
		i, err := g.pick(s, "remove", e.At, e.Which, "")
		if err != nil {
			return "", err
		}
		u := s.Units[i]
		s.Units = append(s.Units[:i], s.Units[i+1:]...)
		return fmt.Sprintf("removed %s %s %s", m.PowerName(u.Power), m.UnitCode(u.Type, u.Kind), m.LocString(u.Loc)), nil
	case MoveUnit:
		i, err := g.pick(s, "move", e.At, e.Which, m.Provinces[e.To.P].Abbr)
		if err != nil {
			return "", err
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
		return fmt.Sprintf("moved %s %s from %s to %s", m.PowerName(u.Power), m.UnitCode(u.Type, u.Kind), m.LocString(from), m.LocString(u.Loc)), nil
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

// pick returns the index of the unit of s in province at that which
// names (its seat, "none" for no seat, and its kind's code), or the only
// one there; several that fit are refused, naming them.
func (g *Game) pick(s *engine.State, verb string, at engine.Loc, which []string, to string) (int, error) {
	m := g.m
	var cands []int
	for _, i := range s.UnitsAt(at.P) {
		if g.named(s.Units[i], which) {
			cands = append(cands, i)
		}
	}
	where := m.LocName(at.Prov())
	switch {
	case len(cands) == 1:
		return cands[0], nil
	case len(cands) == 0 && len(which) == 0:
		return -1, fmt.Errorf("session: edit: no unit in %s", where)
	case len(cands) == 0:
		return -1, fmt.Errorf("session: edit: no %s in %s (it holds %s)", strings.Join(which, " "), where, g.unitsWords(s, s.UnitsAt(at.P)))
	}
	example := strings.Join(strings.Fields(strings.Join([]string{verb, m.Provinces[at.P].Abbr, to, g.whichWords(s.Units[cands[len(cands)-1]])}, " ")), " ")
	return -1, fmt.Errorf("session: edit: %s holds %s: say which, by its seat and kind (e.g. %s)", where, g.unitsWords(s, cands), example)
}

// named reports whether u is the unit the words name: each word its seat
// ("none" for no seat) or its kind's code.
func (g *Game) named(u engine.Unit, which []string) bool {
	for _, w := range which {
		switch p, ok := g.m.LookupPower(w); {
		case ok && len(w) > 1:
			if u.Power != p {
				return false
			}
		case strings.EqualFold(w, "none") || strings.EqualFold(w, "nobody"):
			if u.Power != "" {
				return false
			}
		case strings.EqualFold(w, g.m.UnitCode(u.Type, u.Kind)):
		default:
			return false
		}
	}
	return true
}

// whichWords names u for Edit.Which: "doctor B", "none BORG".
func (g *Game) whichWords(u engine.Unit) string {
	who := string(u.Power)
	if who == "" {
		who = "none"
	}
	return who + " " + g.m.UnitCode(u.Type, u.Kind)
}

// unitsWords lists units as "England's F and the Doctor's B".
func (g *Game) unitsWords(s *engine.State, idx []int) string {
	out := make([]string, len(idx))
	for i, k := range idx {
		u := s.Units[k]
		who := "no seat's"
		if u.Power != "" {
			who = g.m.PowerName(u.Power) + "'s"
		}
		out[i] = who + " " + g.m.UnitCode(u.Type, u.Kind)
	}
	return joinAnd(out)
}

// placeable checks that u may stand where it is, ignoring unit skip: a
// unit that holds its province keeps another that holds it out; a piece
// that shares its province (birds, the Borg) stands beside any.
func (g *Game) placeable(s *engine.State, u engine.Unit, skip int) error {
	m := g.m
	if !m.CanHold(u.Type, u.Loc) {
		if u.Type == engine.Fleet && m.MultiCoast(u.Loc.P) && u.Loc.C == engine.NoCoast {
			return fmt.Errorf("session: edit: say which coast of %s", m.Provinces[u.Loc.P].Name)
		}
		return fmt.Errorf("session: edit: %s cannot stand in %s", unitNoun(m, u), m.LocName(u.Loc))
	}
	if m.Provinces[u.Loc.P].Unlimited || !occupies(g.variant.Rules, s, u) {
		return nil
	}
	for _, i := range s.UnitsAt(u.Loc.P) {
		if i != skip && occupies(g.variant.Rules, s, s.Units[i]) {
			return fmt.Errorf("session: edit: %s already holds a unit", m.Provinces[u.Loc.P].Name)
		}
	}
	return nil
}

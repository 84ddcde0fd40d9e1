package character

import (
	"fmt"
	"maps"
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// disbelieverID is proposed card X4 Disbeliever (a game option,
// Options.Add): "Can 'disbelieve' the power of an adjacent unit, causing
// that unit to lose its power for that turn. Disbeliever must correctly
// guess the character of the unit to be disbelieved. Effective against
// all units except Annihilator."
const disbelieverID = "X4"

const disbelieveName = "disbelieve"

// disbelieveAs is the X4 special order "disbelieve <province> <card>",
// e.g. "A bur disbelieve mun 2" or "... #2": the disbeliever holds while
// it disbelieves the unit in an adjacent province (sharing a border), of
// any power, naming its card by number.
func disbelieveAs(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string) {
	c, ok := cardAt(s, u)
	if !ok || c.ID != disbelieverID {
		return engine.Order{}, kit.UnitName(s.Map, u) + " is not a Disbeliever (card X4), so it cannot disbelieve"
	}
	if _, why := adjacentUnit(s, u, o, disbelieveName); why != "" {
		return engine.Order{}, why
	}
	if _, why := guessedCard(o); why != "" {
		return engine.Order{}, why
	}
	return engine.Order{Power: o.Power, Kind: engine.Hold, Unit: u.Type, At: u.Loc}, ""
}

// guessedCard reads the card a disbelieve order names: its number ("2",
// "#2", "x5"), as rule 10's reports print them.
func guessedCard(o engine.Order) (cardType, string) {
	if len(o.Args) < 2 {
		return cardType{}, "\"disbelieve\" must name the unit's card, as \"disbelieve mun 2\" (card X4: the guess must be right)"
	}
	id := strings.ToUpper(strings.TrimPrefix(strings.Join(o.Args[1:], ""), "#"))
	list, err := loadCards()
	if err != nil {
		return cardType{}, err.Error()
	}
	c, ok := lookupCard(list, id)
	if !ok {
		return cardType{}, fmt.Sprintf("no card %q to guess", strings.Join(o.Args[1:], " "))
	}
	return c, ""
}

// judgeDisbeliefs decides the disbelieve orders, after the thefts (the
// recommended order of priority: Thief, then Disbeliever). A guess is
// judged against the card the unit held at the start of the turn. A
// correct guess takes the unit's power away for this turn: it is
// adjudicated as an ordinary unit (its strength, reach, supports and
// special orders are those of a #20 unit; a special order of its card is
// then illegal and it holds). A disbelief fails when:
//   - the guess is wrong (the disbeliever learns only that);
//   - the unit is an Annihilator (#9), even when named right: the
//     disbeliever's owner then knows it faces an Annihilator;
//   - the disbeliever itself is disbelieved by a correct guess, or robbed
//     by a thief, this turn (two Disbelievers disbelieving each other both
//     fail, as two Hypnotists).
//
// A correct guess tells the disbeliever's owner the card (it is
// confirmed); the disbelieved unit's owner learns the disbeliever is an X4.
// Disbelieving an Ordinary unit correctly changes nothing.
func judgeDisbeliefs(s *engine.State, orders []engine.Order, b *beforeMovement) {
	e := s.Extra.(*extra)
	type disbelief struct {
		k      int
		by, at engine.Unit
		right  bool
		guess  cardType
	}
	var ds []disbelief
	for k, o := range orders {
		if o.Kind != engine.Special || o.Special != disbelieveName {
			continue
		}
		u, ok := orderedUnit(s, o)
		if !ok {
			continue
		}
		if _, why := disbelieveAs(s, u, o); why != "" {
			continue
		}
		t, _ := adjacentUnit(s, u, o, disbelieveName)
		g, _ := guessedCard(o)
		c, has := e.CardOf(t)
		ds = append(ds, disbelief{k: k, by: u, at: t, guess: g, right: has && c.ID == g.ID && c.ID != annihilatorID})
	}
	disbelieved := map[kit.UnitID]bool{}
	for _, d := range ds {
		if d.right {
			disbelieved[idOf(d.at)] = true
		}
	}
	robbed := maps.Clone(b.stripped) // the thefts' victims, decided before
	for _, d := range ds {
		k := d.k
		c, _ := e.CardOf(d.at)
		switch {
		case robbed[idOf(d.by)]:
			b.reasons[k], b.failed[k] = "the disbeliever's power was stolen before movement: no disbelief", true
		case disbelieved[idOf(d.by)]:
			b.reasons[k], b.failed[k] = "the disbeliever was itself disbelieved: no disbelief", true
		case c.ID == annihilatorID && d.guess.ID == annihilatorID:
			b.reasons[k], b.failed[k] = fmt.Sprintf("%s is an Annihilator, whose power cannot be disbelieved", kit.UnitName(s.Map, d.at)), true
			b.tell = append(b.tell, tellTo{idOf(d.at), d.by.Power, "named right by a disbeliever"})
		case !d.right:
			b.reasons[k], b.failed[k] = fmt.Sprintf("wrong guess: %s is not %s; no disbelief", kit.UnitName(s.Map, d.at), d.guess), true
		default:
			b.reasons[k] = fmt.Sprintf("disbelieved %s: %s has no power this turn", d.guess, kit.UnitName(s.Map, d.at))
			b.stripped[idOf(d.at)] = true
			b.tell = append(b.tell, tellTo{idOf(d.at), d.by.Power, "disbelieved by " + kit.UnitName(s.Map, d.by)})
			b.tell = append(b.tell, tellTo{idOf(d.by), d.at.Power, "disbelieved " + kit.UnitName(s.Map, d.at)})
		}
	}
}

// randomDisbelieve gives a Disbeliever a disbelief of a random adjacent
// unit with a random guess among the cards.
func randomDisbelieve(s *engine.State, u engine.Unit, rng *engine.Rand) (engine.Order, bool) {
	c, ok := cardAt(s, u)
	if !ok || c.ID != disbelieverID {
		return engine.Order{}, false
	}
	var near []engine.Unit
	for _, v := range s.Units {
		if touching(s.Map, u.Loc.P, v.Loc.P) {
			near = append(near, v)
		}
	}
	list, err := loadCards()
	if len(near) == 0 || err != nil || len(list) == 0 {
		return engine.Order{}, false
	}
	v := near[rng.Intn(len(near), "which adjacent unit a random disbeliever disbelieves")]
	g := list[rng.Intn(len(list), "which card a random disbeliever guesses")]
	o := engine.Order{Power: u.Power, Kind: engine.Special, Unit: u.Type, Number: u.Number, At: u.Loc, To: engine.Nowhere,
		AuxAt: engine.Nowhere, AuxTo: engine.Nowhere, Special: disbelieveName, Args: []string{s.Map.Provinces[v.Loc.P].Abbr, strings.ToLower(g.ID)}}
	o.Text = o.Format(s.Map)
	return o, true
}

func x4DisbelieverParts(r *registry) {
	addSpecial(r, "disbelieve", disbelieveName, disbelieveAs)
	r.Random(randomDisbelieve)
}

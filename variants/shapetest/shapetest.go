// Package shapetest is a variant for tests only: every shape of game the
// core must carry, at once, so that the session, the save files, the LAN
// and the window are proved on them before the variants that need them
// are built (issue 14; Rather Silly and Warped Diplomacy in
// ../shared/seeds are the real ones). It is not offered in the New game
// list (variants.Hidden); `dipdesk new --variant shapetest` finds it.
//
//   - Eleven seats: the seven great powers and four roles with no home
//     centres (Jester, Mastermind, Doctor, Soothsayer).
//   - A year of steps: Spring movement (and retreats), a Summer of turns
//     taken one power at a time (Germany, then Austria, then England, as
//     Warped's table order goes) in which any other great power may answer
//     on another's turn, an Autumn movement (and retreats), an Autumn step
//     in which nobody acts and the engine moves the Borg, and the Winter
//     adjustments, every year.
//   - Pieces: birds (no combat value, sharing a province: the Doctor
//     starts with birds beside England's fleet in London) and the Borg
//     (no seat, no combat value, moved by the engine).
//   - Orders of seats: the Jester overrides one unit's order in a
//     movement step ("jest A par - bur"); on its Summer turn a power
//     musters birds in a home centre it owns ("muster par"); another great
//     power may object on that turn ("object"), which cancels the muster.
//   - Chance: the Borg's way is a die ("the Borg's way"), which a game
//     master may roll at the table.
//   - Settling: centres change hands after the Autumn's retreats; after the
//     Winter adjustments of the last year (option end_year, 1902) the game
//     ends with points: each seat's centres, the Jester 3 for lasting, and
//     every seat with the most points wins.
package shapetest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"dipdesk/engine"
	"dipdesk/resources"
	"dipdesk/variants/standard"
)

// The seat orders and the steps of the variant.
const (
	jest   = "jest"
	muster = "muster"
	object = "object"
	// stepMuster is the Summer turn of one power; stepBorg the Autumn
	// step where the engine moves the Borg.
	stepMuster = "muster"
	stepBorg   = "borg"
	// OptionEndYear is the last year: the game ends after its Winter
	// adjustments.
	OptionEndYear = "end_year"
)

// turnOrder is the order the Summer turns go in.
var turnOrder = []engine.Power{"germany", "austria", "england"}

var (
	once   sync.Once
	board  *engine.Map
	mapErr error
)

// Map returns the standard board with the variant's roles and pieces.
func Map() (*engine.Map, error) {
	once.Do(func() {
		base, err := standard.Map()
		if err != nil {
			mapErr = err
			return
		}
		b, err := resources.MapChanges("shapetest")
		if err != nil {
			mapErr = err
			return
		}
		m := base.Clone()
		if err := m.Apply("shapetest.changes", bytes.NewReader(b)); err != nil {
			mapErr = err
			return
		}
		board = m
	})
	return board, mapErr
}

// Variant is the test-only variant.
var Variant = &engine.Variant{
	ID:          "shapetest",
	Name:        "Shape test",
	Description: "A variant for DipDesk's tests: eleven seats, Summer turns one power at a time, birds, the Borg and a die.",
	Map:         Map,
	Start:       engine.Phase{Year: 1901, Season: engine.Spring, Type: engine.Movement},
	Specials: []engine.SpecialSyntax{
		{Verb: jest, Name: jest, Seat: true},
		{Verb: muster, Name: muster, Seat: true},
		{Verb: object, Name: object, Seat: true},
	},
	Setup: setup,
	Rules: &engine.Rules{
		Acting:    acting,
		Phase:     phase,
		NextPhase: nextPhase,
		Settle:    settle,
	},
	DecodeExtra: decodeExtra,
}

// setup keeps the game's last year in the position.
func setup(s *engine.State, options map[string]string, _ *engine.Rand) error {
	end := 1902
	for k, v := range options {
		if k != OptionEndYear {
			return fmt.Errorf("shapetest: unknown option %q (known: %s)", k, OptionEndYear)
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < s.Phase.Year || n > 3000 {
			return fmt.Errorf("shapetest: option %s=%q: want a year from %d", k, v, s.Phase.Year)
		}
		end = n
	}
	s.Extra = &Extra{EndYear: end}
	return nil
}

// Extra is the variant's part of a position: its last year.
type Extra struct {
	EndYear int `json:"end_year"`
}

// CloneExtra is engine.Extra's copy.
func (e *Extra) CloneExtra() engine.Extra { c := *e; return &c }

func decodeExtra(b []byte) (engine.Extra, error) {
	var e Extra
	if err := json.Unmarshal(b, &e); err != nil {
		return nil, fmt.Errorf("shapetest: %w", err)
	}
	if e.EndYear < 1 {
		return nil, fmt.Errorf("shapetest: end year %d", e.EndYear)
	}
	return &e, nil
}

func endYear(s *engine.State) int {
	if e, ok := s.Extra.(*Extra); ok {
		return e.EndYear
	}
	return 1902
}

// acting: in a movement step the powers with units, and the Jester may
// act; on a Summer turn its power, and the other great powers may answer;
// in the Borg's step nobody; the adjustments as in the standard game.
func acting(s *engine.State) engine.Acting {
	switch {
	case s.Phase.Step == stepMuster:
		a := engine.Acting{Must: []engine.Power{s.Phase.Actor}}
		for _, p := range s.Map.Powers {
			if !p.Role && p.ID != s.Phase.Actor {
				a.May = append(a.May, p.ID)
			}
		}
		return a
	case s.Phase.Step == stepBorg:
		return engine.Acting{}
	case s.Phase.Type == engine.Movement:
		a := engine.StandardActing(s)
		a.May = append(a.May, "jester")
		return a
	}
	return engine.StandardActing(s)
}

// nextPhase: Spring, its retreats, the Summer turns, Autumn, its
// retreats, the Borg, Winter, every year.
func nextPhase(next *engine.State, p engine.Phase) engine.Phase {
	y := p.Year
	summer := func(i int) engine.Phase {
		return engine.Phase{Year: y, Season: engine.Summer, Type: engine.Custom, Step: stepMuster, Actor: turnOrder[i]}
	}
	switch {
	case p.Season == engine.Spring && p.Type == engine.Movement && len(next.Dislodged) > 0:
		return engine.Phase{Year: y, Season: engine.Spring, Type: engine.Retreat}
	case p.Season == engine.Spring:
		return summer(0)
	case p.Step == stepMuster:
		if i := slices.Index(turnOrder, p.Actor); i+1 < len(turnOrder) {
			return summer(i + 1)
		}
		return engine.Phase{Year: y, Season: engine.Autumn, Type: engine.Movement}
	case p.Season == engine.Autumn && p.Type == engine.Movement && len(next.Dislodged) > 0:
		return engine.Phase{Year: y, Season: engine.Autumn, Type: engine.Retreat}
	case p.Season == engine.Autumn && p.Step != stepBorg:
		return engine.Phase{Year: y, Season: engine.Autumn, Type: engine.Custom, Step: stepBorg}
	case p.Step == stepBorg:
		return engine.Phase{Year: y, Season: engine.Winter, Type: engine.Adjustment}
	}
	return engine.Phase{Year: y + 1, Season: engine.Spring, Type: engine.Movement}
}

// phase adjudicates the variant's own steps and the movement steps with a
// Jester's order; the rest is the standard game's.
func phase(s *engine.State, orders []engine.Order, rng *engine.Rand) (*engine.Outcome, bool) {
	switch {
	case s.Phase.Step == stepMuster:
		return musterTurn(s, orders), true
	case s.Phase.Step == stepBorg:
		return borgMoves(s, rng), true
	case s.Phase.Type == engine.Movement && slices.ContainsFunc(orders, isJest):
		return jestMovement(s, orders), true
	}
	return nil, false
}

func isJest(o engine.Order) bool { return o.SeatOrder() && o.Special == jest }

// jestMovement adjudicates a movement step in which the Jester ordered
// one unit: its order replaces the owner's (an order of the Jester's for
// no unit, or a second one, is refused).
func jestMovement(s *engine.State, orders []engine.Order) *engine.Outcome {
	p := &engine.Parser{Map: s.Map}
	var results []engine.Result
	var kept []engine.Order
	used := false
	for _, o := range orders {
		if o.SeatOrder() {
			continue
		}
		kept = append(kept, o)
	}
	for _, o := range orders {
		if !isJest(o) {
			continue
		}
		res := engine.Result{Order: o, Code: engine.Illegal}
		if o.Power != "jester" {
			res.Reason = "only the Jester jests"
			results = append(results, res)
			continue
		}
		if used {
			res.Reason = "the Jester orders one unit a season"
			results = append(results, res)
			continue
		}
		over, err := p.ParseOrder("", strings.Join(o.Args, " "))
		i := -1
		if err == nil {
			i = engine.UnitOf(s, &over, nil)
		}
		if i < 0 {
			res.Reason = "no unit to order there"
			results = append(results, res)
			continue
		}
		u := s.Units[i]
		over.Power = u.Power
		kept = slices.DeleteFunc(kept, func(x engine.Order) bool { k := engine.UnitOf(s, &x, nil); return k == i })
		kept = append(kept, over)
		used = true
		res.OK, res.Code = true, engine.OK
		res.Reason = fmt.Sprintf("the Jester ordered %s %s: %s", s.Map.PowerName(u.Power), s.Map.UnitWord(u), over.Format(s.Map))
		res.Unit = u
		results = append(results, res)
	}
	out := engine.AdjudicateMovement(s, kept, nil)
	out.Results = append(results, out.Results...)
	return out
}

// musterTurn adjudicates one power's Summer turn: its muster places birds
// in a home centre it owns, unless another great power objects.
func musterTurn(s *engine.State, orders []engine.Order) *engine.Outcome {
	out := &engine.Outcome{Phase: s.Phase, Next: s.Clone()}
	actor := s.Phase.Actor
	objected := engine.Power("")
	for _, o := range orders {
		if o.SeatOrder() && o.Special == object && o.Power != actor && !isRole(s.Map, o.Power) {
			objected = o.Power
		}
	}
	for _, o := range orders {
		res := engine.Result{Order: o, Code: engine.Illegal}
		switch {
		case !o.SeatOrder():
			res.Reason = "only musters and objections are given in a Summer turn"
		case o.Special == object && o.Power == actor:
			res.Reason = "a power does not object to its own muster"
		case o.Special == object && isRole(s.Map, o.Power):
			res.Reason = "only a great power may object"
		case o.Special == object:
			res.OK, res.Code, res.Reason = true, engine.OK, "objects to "+s.Map.PowerName(actor)+"'s muster"
		case o.Special != muster:
			res.Reason = "not an order of a Summer turn"
		case o.Power != actor:
			res.Reason = "it is " + s.Map.PowerName(actor) + "'s turn"
		default:
			res = musterBirds(s, out.Next, o, objected)
		}
		out.Results = append(out.Results, res)
	}
	return out
}

// musterBirds places the actor's birds where its muster says.
func musterBirds(s, next *engine.State, o engine.Order, objected engine.Power) engine.Result {
	res := engine.Result{Order: o, Code: engine.Refused}
	if len(o.Args) != 1 {
		res.Reason = "muster names one home centre: muster par"
		return res
	}
	p, ok := s.Map.Lookup(o.Args[0])
	switch {
	case !ok:
		res.Reason = fmt.Sprintf("no province %q", o.Args[0])
	case s.Map.Provinces[p].Home != o.Power || s.Owners[p] != o.Power:
		res.Reason = s.Map.Provinces[p].Name + " is not a home centre " + s.Map.PowerName(o.Power) + " owns"
	case objected != "":
		res.Code, res.Reason = engine.Bounced, s.Map.PowerName(objected)+" objected: no birds"
	default:
		birds, _ := s.Map.PieceByCode("B")
		next.Units = append(next.Units, engine.Unit{Power: o.Power, Type: birds.Moves, Kind: birds.Kind, Loc: engine.Loc{P: p}})
		res.OK, res.Code, res.Reason = true, engine.OK, "birds mustered in "+s.Map.Provinces[p].Name
	}
	return res
}

func isRole(m *engine.Map, p engine.Power) bool {
	pi, ok := m.Power(p)
	return ok && pi.Role
}

// borgMoves moves the Borg: a die picks its way among its neighbours (in
// the order of their names), and it eats the birds where it lands.
func borgMoves(s *engine.State, rng *engine.Rand) *engine.Outcome {
	out := &engine.Outcome{Phase: s.Phase, Next: s.Clone()}
	next := out.Next
	borg, _ := s.Map.PieceByCode("BORG")
	for i, u := range next.Units {
		if u.Kind != borg.Kind {
			continue
		}
		var ways []engine.ProvinceID
		for _, p := range s.Map.ArmyNeighbours(u.Loc.P) {
			if !s.Map.Provinces[p].Impassable {
				ways = append(ways, p)
			}
		}
		if len(ways) == 0 {
			continue
		}
		slices.SortFunc(ways, func(a, b engine.ProvinceID) int {
			return strings.Compare(s.Map.Provinces[a].Abbr, s.Map.Provinces[b].Abbr)
		})
		roll := rng.Die(6, "the Borg's way from "+s.Map.Provinces[u.Loc.P].Name)
		to := ways[(roll-1)%len(ways)]
		next.Units[i].Loc = engine.Loc{P: to}
		eaten := 0
		next.Units = slices.DeleteFunc(next.Units, func(w engine.Unit) bool {
			if w.Loc.P == to && w.Kind != 0 && w.Kind != borg.Kind {
				eaten++
				return true
			}
			return false
		})
		out.Events = append(out.Events, fmt.Sprintf("the Borg rolled %d and went from %s to %s; it ate %d flock(s) of birds",
			roll, s.Map.Provinces[u.Loc.P].Name, s.Map.Provinces[to].Name, eaten))
	}
	return out
}

// settle: centres change hands after the Autumn's retreats (the standard
// rule, on the Autumn season); a solo at 18 centres ends the game; after
// the Winter adjustments of the last year it ends with points.
func settle(before *engine.State, out *engine.Outcome) {
	if before.Phase.Step == stepBorg {
		return // the Borg's step is after the Autumn's settling
	}
	// The standard settling asks only the step sequence (a reference to
	// Variant here would make its initialisation depend on itself).
	engine.StandardSettle(before, out, &engine.Rules{NextPhase: nextPhase})
	if out.End != nil || before.Phase.Type != engine.Adjustment || before.Phase.Year < endYear(before) {
		return
	}
	points := map[engine.Power]int{"jester": 3}
	for p, n := range out.Next.Centres() {
		points[p] += n
	}
	best := 0
	for _, n := range points {
		best = max(best, n)
	}
	var winners []engine.Power
	for _, p := range out.Next.Map.PowerIDs() {
		if points[p] == best {
			winners = append(winners, p)
		}
	}
	out.End = &engine.GameEnd{Winners: winners, Points: points,
		Why: fmt.Sprintf("the game ends after the %d adjustments; %d points win", before.Phase.Year, best)}
}

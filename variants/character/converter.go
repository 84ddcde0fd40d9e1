package character

import (
	"fmt"
	"slices"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// #6 Converter (card: "Unit may convert from an A to a F, or vice-versa,
// in Spring, Fall or Winter. If done in Spring or Fall, this is in lieu of
// any other move. If attacked, conversion does not take place, even if the
// space is successfully defended. Must take place in a coastal space.";
// rule 11: "a Converting unit (Card #6) may become a F and use the
// Caspian. The term '(ec)' must be used to designate an East Coast
// conversion by a Card #6 unit in Armenia or Sev.")
//
// Order: "1A bre convert"; "1A spa convert nc" (a province with several
// coasts needs one); "1A arm convert (ec)" for the Caspian coast. In
// Spring and Fall the unit holds (Special) and converts after the turn
// unless a unit of another power was ordered into its province (the move
// need not succeed) or it was dislodged. In a Winter adjustment phase
// the engine's adjuster refuses the special order; the After part then
// converts the unit (unless it was removed) and rewrites the result.
//
// Rule 10: the converted unit takes the lowest number free among its
// power's units of its new type (the "2A" may become "1F"); its card (and
// any record keyed by the unit) follows it. A conversion is seen by
// everyone, so it reveals the card (rule 3) and is kept in moversState.
func converterParts(r *registry) {
	addSpecial(r, "convert", convertOrder, convertAs)
	addSpecial(r, "converts", convertOrder, convertAs)
	r.After(priorityOthers, converterAfter)
	r.Reach(converterReach)
	r.Random(convertRandom)
}

// convertOrder is the name of #6's special order.
const convertOrder = "convert"

// conversion checks a convert order of u in s and returns the unit it
// becomes (its number not yet chosen), or why it cannot.
func conversion(s *engine.State, u engine.Unit, o engine.Order) (engine.Unit, string) {
	if !holds(s, u, converterID) {
		return u, fmt.Sprintf("%s holds no Converter card (#6): it cannot convert", unitWords(s.Map, u))
	}
	if s.Phase.Season != engine.Spring && s.Phase.Season != engine.Fall && s.Phase.Season != engine.Winter || s.Phase.Type == engine.Retreat {
		return u, "a unit converts only in Spring, Fall or Winter, not in a retreat"
	}
	p := s.Map.Province(u.Loc.P)
	if p.Kind != engine.Coastal {
		return u, fmt.Sprintf("%s is not a coastal space: a unit converts only in one (#6)", p.Name)
	}
	return kit.Converted(s.Map, u, o.Args, func(named engine.Coast) (engine.Coast, string) {
		switch named {
		case engine.EastCoast, engine.NoCoast:
			// Rule 11: "(ec)" the Caspian coast; none the Black Sea one.
			return named, ""
		}
		return named, fmt.Sprintf("%s has its Black Sea coast and the Caspian's \"(ec)\" (rule 11)", p.Name)
	})
}

func convertAs(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string) {
	_, why := conversion(s, u, o)
	return kit.HoldAsUnless(u, o, why)
}

// converterReach: a converted fleet on the Caspian coast of Armenia or
// Sevastopol sails into the Caspian, and from the Caspian to those
// coasts, retreats included (the engine lists no neighbour of an
// impassable space).
func converterReach(s *engine.State, u engine.Unit, l engine.Loc) bool {
	if !holds(s, u, converterID) || u.Type != engine.Fleet {
		return false
	}
	cas := lookup(s.Map, caspianAbbr)
	switch {
	case u.Loc.P == cas:
		return isCaspianCoast(s.Map, l.P) && (l.C == engine.NoCoast || l.C == engine.EastCoast)
	case l.P == cas:
		return u.Loc.C == engine.EastCoast && isCaspianCoast(s.Map, u.Loc.P)
	}
	return false
}

// attackedBy returns a unit of another power ordered (legally) into u's
// province, if any: a move, or a special move (either space of a double
// move, a jump's landing).
func attackedBy(s *engine.State, out *engine.Outcome, u engine.Unit) (engine.Unit, bool) {
	for _, r := range out.Results {
		if r.Unit.Power == u.Power || r.Code == engine.Illegal || r.Code == engine.NoUnit || r.Code == engine.NotOwner {
			continue
		}
		o := r.Order
		var to []engine.ProvinceID
		switch {
		case o.Kind == engine.Move:
			to = append(to, o.To.P)
		case o.Kind == engine.Special && o.Special == doubleMoveOrder:
			// Either leg: the second is ordered into the space too.
			if f, sec, why := doubleMove(s, r.Unit, o); why == "" {
				to = append(to, f.P, sec.P)
			}
		case o.Kind == engine.Special && o.Special == jumpOrder:
			if _, l, why := jump(s, r.Unit, o); why == "" {
				to = append(to, l.P)
			}
		}
		if slices.Contains(to, u.Loc.P) {
			return r.Unit, true
		}
	}
	return engine.Unit{}, false
}

// converterAfter converts the units that may (Spring, Fall after the
// turn; Winter after the adjustments), and sets a #6 fleet that sailed
// from the Caspian on the east coast it reached.
func converterAfter(s *engine.State, out *engine.Outcome, rng *engine.Rand) {
	if !powersActive(s.Phase) {
		for i, r := range out.Results {
			if s.Phase.Type == engine.Adjustment && r.Order.Kind == engine.Special && r.Order.Special == convertOrder {
				out.Results[i].Reason = "no card may be used before Spring 1902 (rule 7)"
			}
		}
		return
	}
	kit.CaspianLandings(s, out, func(u engine.Unit) bool { return holds(s, u, converterID) }, " (its Caspian east coast, rule 11)")
	for i := range kit.SpecialResults(out, convertOrder) {
		r := out.Results[i]
		u := r.Unit
		switch s.Phase.Type {
		case engine.Movement:
			if r.Code != engine.OK && r.Code != engine.Defaulted || !r.OK {
				continue // illegal, or dislodged
			}
			if by, ok := attackedBy(s, out, u); ok {
				out.Results[i].Reason = fmt.Sprintf("held; attacked by %s, so it does not convert (#6)", unitWords(s.Map, by))
				continue
			}
		case engine.Adjustment:
			// The adjuster refused the order as unknown to it: the
			// conversion is this part's.
			k := kit.OrderUnit(s, &r.Order, reg.Rules())
			if k < 0 || r.Order.Power != "" && s.Units[k].Power != r.Order.Power {
				out.Results[i].Reason = "no unit of this power there to convert"
				continue
			}
			u = s.Units[k]
			out.Results[i].Unit = u
			if _, why := conversion(s, u, r.Order); why != "" {
				out.Results[i].Reason = why
				continue
			}
		default:
			continue
		}
		v, _ := conversion(s, u, r.Order)
		if why := convert(s, out, u, v); why != "" {
			out.Results[i].OK, out.Results[i].Code, out.Results[i].Reason = false, engine.Illegal, why
			continue
		}
		out.Results[i].OK, out.Results[i].Code = true, engine.OK
		out.Results[i].Reason = fmt.Sprintf("converted to a%s in %s: now %s (#6)", typeWord(v.Type), s.Map.LocName(v.Loc), label(lastNumber(out, v), v.Type))
	}
}

// lastNumber returns the number the conversion just recorded for v.
func lastNumber(out *engine.Outcome, v engine.Unit) int {
	e := moversExtra(out.Next)
	if e == nil || len(e.Effects.Movers.Conversions) == 0 {
		return 0
	}
	return e.Effects.Movers.Conversions[len(e.Effects.Movers.Conversions)-1].To.Number
}

// convert changes unit u of out.Next into v (rule 10: a new number), moves
// its card and records, reveals the card and tells every seat.
func convert(s *engine.State, out *engine.Outcome, u, v engine.Unit) string {
	k := unitIndex(out.Next, idOf(u))
	if k < 0 {
		return "the unit is no longer on the board, so it does not convert"
	}
	if out.Next.Units[k].Loc != u.Loc {
		return "the unit moved, so it does not convert"
	}
	// Units dislodged this turn keep their numbers while they retreat.
	others := slices.Delete(slices.Clone(out.Next.Units), k, k+1)
	for _, d := range out.Next.Dislodged {
		others = append(others, d.Unit)
	}
	v.Number = nextNumber(others, v.Power, v.Type)
	out.Next.Units[k] = v
	from, to := idOf(u), idOf(v)
	if e := moversExtra(out.Next); e != nil {
		if h, ok := e.Cards[from]; ok {
			delete(e.Cards, from)
			e.Cards[to] = h
			_ = e.Reveal(to, s.Phase, "converted")
		}
		rekey(&e.Effects, from, to)
		e.Effects.Movers.Conversions = append(e.Effects.Movers.Conversions,
			conversionRecord{Phase: s.Phase, From: from, To: to, Prov: s.Map.LocString(v.Loc)})
	}
	out.Events = append(out.Events, fmt.Sprintf("%s %s in %s converts: now %s (#6)", kit.PowerName(u.Power),
		label(u.Number, u.Type), s.Map.LocName(v.Loc), label(v.Number, v.Type)))
	return ""
}

// rekey moves the records keyed by unit from to unit to.
func rekey(f *effects, from, to kit.UnitID) {
	for _, l := range []*[]kit.UnitID{&f.FreeUnits, &f.SpringOTB, &f.RightHand, &f.Voluntary, &f.Hypnotised} {
		for i, id := range *l {
			if id == from {
				(*l)[i] = to
			}
		}
	}
	for i := range f.Disorders {
		if f.Disorders[i].Unit == from {
			f.Disorders[i].Unit = to
		}
	}
	if n, ok := f.LastUsed[from]; ok {
		delete(f.LastUsed, from)
		f.LastUsed[to] = n
	}
}

// convertRandom gives a #6 unit in a coastal space a conversion.
func convertRandom(s *engine.State, u engine.Unit, rng *engine.Rand) (engine.Order, bool) {
	if !holds(s, u, converterID) || s.Phase.Type == engine.Retreat {
		return engine.Order{}, false
	}
	o := engine.Order{Power: u.Power, Kind: engine.Special, Special: convertOrder, Unit: u.Type, Number: u.Number,
		At: u.Loc, To: engine.Nowhere, AuxAt: engine.Nowhere, AuxTo: engine.Nowhere}
	if u.Type == engine.Army {
		if cs := s.Map.Province(u.Loc.P).Coasts; len(cs) > 0 {
			o.Args = []string{cs[rng.Intn(len(cs), "a #6 unit's coast")].String()}
		} else if isCaspianCoast(s.Map, u.Loc.P) && rng.Intn(2, "a #6 unit converts to the Caspian coast") == 0 {
			o.Args = []string{"(ec)"}
		}
	}
	if _, why := conversion(s, u, o); why != "" {
		return engine.Order{}, false
	}
	return o, true
}

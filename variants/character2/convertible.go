package character2

import (
	"fmt"
	"slices"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// CONVERTIBLE unit (Tens): "Unit may convert from an Army to a Fleet, or
// vice versa, in any Spring, Fall, or Winter season. If done in Spring or
// Fall, this is in lieu of any other move. Conversion must take place in a
// coastal province. Conversion is prevented (but the attempt is still
// revealed) if the unit is attacked in the same season that it tries to
// convert, even if it is not dislodged." Rule 4: "a Convertible unit may
// become a Fleet and use the Caspian", and "(ec)" designates "an East
// Coast conversion by a Convertible army in Armenia or Sevastopol ... If
// no coast is given, the west coast is assumed. (The order will not be
// ruled ambiguous.)" Rule 5: "When ... a Convertible unit changes types,
// it will be renumbered."
//
// Order: "A bre convert"; "A spa convert nc" (a province with two coasts
// needs one); "A arm convert (ec)". In Spring and Fall the unit holds
// (Special) and converts after the turn unless a unit of another power was
// ordered into its province (the move need not succeed: "attacked ...
// even if it is not dislodged") or it was dislodged; the attempt is
// revealed either way. In Winter the engine's adjuster refuses the special
// order and the After part converts the unit (if it is still on the
// board). The converted unit takes the lowest number free among its
// power's units of its new type, and its card and every effect keyed by
// it follow (Extra.Rekey).
func convertibleParts(r *registry) {
	addOption(r, optConvertOwnAttack, "no", "Convertible: whether a move into the converting unit's province by a unit of its own power "+
		"counts as an attack that prevents the conversion (no: only other powers attack, as only they cut support)", boolOption)
	addSpecial(r, "convert", convertOrder, []kind{convertible}, convertAs)
	addSpecial(r, "converts", convertOrder, []kind{convertible}, convertAs)
	r.After(priorityOf(convertible), convertibleAfter)
	r.Random(convertRandom)
}

// optConvertOwnAttack is the option: does an own unit's move attack a
// converting unit?
const optConvertOwnAttack = "convertible_own_attack"

// convertOrder is the name of the Convertible's special order.
const convertOrder = "convert"

// conversion checks a convert order of u in s and returns the unit it
// becomes (number not yet chosen), or why it cannot.
func conversion(s *engine.State, u engine.Unit, o engine.Order) (engine.Unit, string) {
	if !moverHas(s, u, convertible) {
		return u, fmt.Sprintf("%s is no Convertible unit: it cannot convert", moverWords(s.Map, u))
	}
	if s.Phase.Type == engine.Retreat {
		return u, "a unit converts only in Spring, Fall or Winter, not in a retreat"
	}
	p := s.Map.Province(u.Loc.P)
	if p.Kind != engine.Coastal || p.Impassable {
		return u, fmt.Sprintf("%s is not a coastal province: conversion must take place in a coastal province", p.Name)
	}
	return kit.Converted(s.Map, u, o.Args, func(named engine.Coast) (engine.Coast, string) {
		// Rule 4: "(ec)" the Caspian coast, else the west coast.
		switch named {
		case engine.EastCoast:
			return named, ""
		case engine.NoCoast, engine.WestCoast:
			return engine.NoCoast, ""
		}
		return named, fmt.Sprintf("%s has a west (Black Sea) coast and an east (Caspian) coast \"(ec)\"", p.Name)
	})
}

func convertAs(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string) {
	_, why := conversion(s, u, o)
	return kit.HoldAsUnless(u, o, why)
}

// attackedBy returns a unit of another power (of any power but u itself
// with the option convertible_own_attack) ordered (not refused) into u's
// province this turn, if any: a move, a jump's landing, either space of a
// double move.
func attackedBy(s *engine.State, out *engine.Outcome, u engine.Unit) (engine.Unit, bool) {
	own := extraOf(s).option(optConvertOwnAttack) == "yes"
	for _, r := range out.Results {
		if r.Unit == u || r.Unit.Power == u.Power && !own || r.Code == engine.Illegal || r.Code == engine.NoUnit || r.Code == engine.NotOwner {
			continue
		}
		if slices.Contains(enteredSpaces(s, r.Unit, r.Order), u.Loc.P) {
			return r.Unit, true
		}
	}
	return engine.Unit{}, false
}

// causeConversion is the Cause of a Convertible's order whose result the
// card words (converted, prevented by an attack, or not possible): a turn
// adjudicated without the card does not give it, so the stance cards keep
// these words (concealStance).
const causeConversion = "conversion"

// convertibleAfter converts the units that may (Spring, Fall after the
// turn; Winter after the adjustments), and puts a fleet that sailed from
// the Caspian on the Caspian coast it reached.
func convertibleAfter(s *engine.State, out *engine.Outcome, rng *engine.Rand) {
	kit.CaspianLandings(s, out, func(engine.Unit) bool { return true }, " (its Caspian coast \"(ec)\", rule 4)")
	for i := range kit.SpecialResults(out, convertOrder) {
		r := out.Results[i]
		u := r.Unit
		switch s.Phase.Type {
		case engine.Movement:
			if r.Code == engine.Illegal || r.Code == engine.NoUnit || r.Code == engine.NotOwner {
				continue
			}
			if !r.OK {
				revealMove(s, out, u, "tried to convert")
				out.Results[i].Add("; dislodged, so it does not convert (Convertible)")
				continue
			}
			if by, ok := attackedBy(s, out, u); ok {
				revealMove(s, out, u, "tried to convert")
				out.Results[i].Say(fmt.Sprintf("held; attacked by %s this season, so the conversion is prevented (Convertible)", moverWords(s.Map, by)), by)
				out.Results[i].SetCause(causeConversion)
				continue
			}
		case engine.Adjustment:
			k := kit.OrderUnit(s, &r.Order, reg.Rules())
			if k < 0 || r.Order.Power != "" && s.Units[k].Power != r.Order.Power {
				out.Results[i].Say("no unit of this power there to convert")
				continue
			}
			u = s.Units[k]
			out.Results[i].Unit = u
			if _, why := conversion(s, u, r.Order); why != "" {
				out.Results[i].OK, out.Results[i].Code = false, engine.Illegal
				out.Results[i].Say(why)
				continue
			}
		default:
			continue
		}
		v, _ := conversion(s, u, r.Order)
		k := kit.UnitIndex(out.Next, idOf(u))
		if k < 0 || out.Next.Units[k].Loc.P != u.Loc.P {
			out.Results[i].OK = false
			out.Results[i].Say("the unit is no longer there, so it does not convert")
			out.Results[i].SetCause(causeConversion)
			continue
		}
		revealMove(s, out, u, "converted")
		out.Next.Units[k].Loc = v.Loc
		_, to := renumber(out.Next, k, v.Type, 0)
		out.Results[i].OK, out.Results[i].Code = true, engine.OK
		out.Results[i].Say(fmt.Sprintf("converted to %s in %s: now %s (Convertible, rule 5)",
			typeArticle(v.Type), s.Map.LocName(v.Loc), kit.Label(to.Number, to.Type)))
		out.Results[i].SetCause(causeConversion)
		out.AddEvent(fmt.Sprintf("%s's %s %s converted: now %s (rule 5)",
			s.Map.PowerName(u.Power), kit.Label(u.Number, u.Type), s.Map.LocName(u.Loc), kit.Label(to.Number, to.Type)), u)
	}
}

// convertRandom gives a Convertible in a coastal province a conversion.
func convertRandom(s *engine.State, u engine.Unit, rng *engine.Rand) (engine.Order, bool) {
	if !moverHas(s, u, convertible) || s.Phase.Type == engine.Retreat {
		return engine.Order{}, false
	}
	o := engine.Order{Power: u.Power, Kind: engine.Special, Special: convertOrder, Unit: u.Type, Number: u.Number,
		At: u.Loc, To: engine.Nowhere, AuxAt: engine.Nowhere, AuxTo: engine.Nowhere}
	if u.Type == engine.Army && s.Map.MultiCoast(u.Loc.P) {
		cs := s.Map.Province(u.Loc.P).Coasts
		o.Args = []string{cs[rng.Intn(len(cs), "the coast a Convertible converts on")].String()}
	}
	if _, why := conversion(s, u, o); why != "" {
		return engine.Order{}, false
	}
	return o, true
}

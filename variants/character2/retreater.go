package character2

import (
	"fmt"
	"slices"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// RETREATER (Trumps 12 and 13): "After any turn in which the unit is NOT
// dislodged, it may voluntarily "retreat" one space in any direction
// (including spaces where a standoff occurred). May capture supply centers
// this way. Owner simply submits a "retreat" as s/he would for a
// dislodged unit. This allows two moves in a turn in some cases, but does
// not permit moves to any space that is illegal for the unit."
//
// MARTIAL ARTIST (Fives): "When this unit is dislodged, it may retreat to
// a space where a standoff occurred. And if two units attempt to retreat
// to the same space, the Martial Artist succeeds."
//
// Both act in the retreat phase, which this file adjudicates whenever
// one of them is concerned (a Retreater is given an order, or a Martial
// Artist is dislodged); other retreat phases are left to the engine. The
// life-cycle group makes a retreat phase follow every movement turn, so
// the phase list does not tell that a Retreater exists.
//
//   - A Retreater's order is a plain move order ("A bur - pic") for a unit
//     on the board that was not dislodged. It may go to any space the unit
//     could retreat to were it dislodged (adjacent, or reached by the
//     other cards' links; passable for its type; empty after the
//     movement; not closed this turn), a standoff space included. It may
//     not go where another unit stands even if that unit retreats away in
//     the same phase (ruling S14). Holding, or no order, keeps it where
//     it is.
//   - A dislodged Martial Artist may also retreat to a standoff space.
//   - Units retreating to one space (dislodged units and Retreaters
//     alike) all fail, unless exactly one of them is a dislodged Martial
//     Artist, which succeeds. Two Martial Artists both fail (rule 8: "If
//     two units of the same type use their powers on each other, they
//     both fail"). Option martialartist_vs_retreater decides a Martial
//     Artist against a Retreater (ruling S15).
//   - A dislodged unit that fails is disbanded; a Retreater that fails
//     stays where it is.
//   - "May capture supply centers this way": the engine gives a centre to
//     the unit in it after the Fall retreats.
//   - Reporting (rule 2): a Retreater's retreat order is the use of its
//     power, reported with its card; a Martial Artist is revealed when it
//     retreats to a standoff space or wins a retreat to a contested space.
//   - A Super Supporter "retreats with strength 1": its retreat is an
//     ordinary retreat (ruling S6); retreats have no strength here.

// optMartialVsRetreater is the option deciding a Martial Artist's retreat
// against a Retreater's to the same space (ruling S15).
const optMartialVsRetreater = "martialartist_vs_retreater"

// retreatMove is one unit's valid retreat-phase move.
type retreatMove struct {
	unit      engine.Unit
	order     engine.Order
	dest      engine.Loc
	dislodged int  // index in s.Dislodged, or -1 for a Retreater
	standoff  bool // the destination is a standoff space
	conflict  bool // two different orders for the unit
}

// stanceRetreatTakes reports whether the phase concerns a Retreater or a
// Martial Artist.
func stanceRetreatTakes(s *engine.State, orders []engine.Order) bool {
	for _, d := range s.Dislodged {
		if kindAt(s, d.Unit) == martialArtist {
			return true
		}
	}
	for _, o := range orders {
		if _, ok := retreaterAt(s, o); ok {
			return true
		}
	}
	return false
}

// retreaterAt returns the Retreater on the board that order o names, when
// it is not dislodged and belongs to the order's power.
func retreaterAt(s *engine.State, o engine.Order) (engine.Unit, bool) {
	if !o.At.Valid() || s.DislodgedAt(o.At.P) >= 0 {
		return engine.Unit{}, false
	}
	i := kit.OrderUnit(s, &o, reg.Rules())
	if i < 0 {
		return engine.Unit{}, false
	}
	u := s.Units[i]
	if kindAt(s, u) != retreater {
		return engine.Unit{}, false
	}
	return u, true
}

// retreatOptions lists where u may retreat (d its dislodgement, or one
// with no attacker for a Retreater), standoff spaces included when
// standoffs is set, and whether each is a standoff space.
func retreatOptions(s *engine.State, d engine.Dislodgement, standoffs bool) []engine.Loc {
	if !standoffs {
		return engine.RetreatOptions(s, d, reg.Rules())
	}
	c := s.Clone()
	c.Standoffs = nil
	return engine.RetreatOptions(c, d, reg.Rules())
}

// destIn returns the option of opts that order o names, or why none.
func destIn(s *engine.State, u engine.Unit, o engine.Order, opts []engine.Loc) (engine.Loc, string) {
	if !o.To.Valid() {
		return engine.Nowhere, "no destination"
	}
	var match []engine.Loc
	for _, l := range opts {
		if l.P != o.To.P {
			continue
		}
		if u.Type == engine.Fleet && o.To.C != engine.NoCoast && l.C != o.To.C && s.Map.MultiCoast(l.P) {
			continue
		}
		match = append(match, l)
	}
	switch len(match) {
	case 1:
		return match[0], ""
	case 0:
		return engine.Nowhere, fmt.Sprintf("%s cannot retreat to %s", s.Map.LocName(u.Loc), s.Map.LocName(o.To))
	}
	return engine.Nowhere, fmt.Sprintf("the coast of %s must be given", s.Map.Provinces[o.To.P].Name)
}

// stanceRetreats is the Phase part of the retreat phases that concern a
// Retreater or a Martial Artist.
func stanceRetreats(s *engine.State, orders []engine.Order, _ *engine.Rand) (*engine.Outcome, bool) {
	if s.Phase.Type != engine.Retreat || !stanceRetreatTakes(s, orders) {
		return nil, false
	}
	out := &engine.Outcome{Phase: s.Phase}
	next := s.Clone()
	next.Dislodged, next.Standoffs = nil, nil
	e := extraOf(next)
	// The valid move of each unit, by dislodged index (real retreats) or
	// by the Retreater's province.
	real := map[int]*retreatMove{}
	volunt := map[engine.ProvinceID]*retreatMove{}
	disband := map[int]engine.Order{}
	add := func(m map[int]*retreatMove, k int, mv *retreatMove) {
		if old, ok := m[k]; ok && old.order.Format(s.Map) != mv.order.Format(s.Map) {
			old.conflict = true
			return
		}
		m[k] = mv
	}
	for _, o := range orders {
		if o.At.Valid() {
			if i := engine.DislodgedOf(s, &o, reg.Rules()); i >= 0 {
				d := s.Dislodged[i]
				if o.Power != "" && o.Power != d.Unit.Power {
					out.Results = append(out.Results, engine.Result{Order: o, Unit: d.Unit, Code: engine.NotOwner,
						Reason: fmt.Sprintf("%s may not order a unit of %s", s.Map.PowerName(o.Power), s.Map.PowerName(d.Unit.Power))})
					continue
				}
				switch o.Kind {
				case engine.Disband:
					disband[i] = o
					continue
				case engine.Move:
				default:
					out.Results = append(out.Results, engine.Result{Order: o, Unit: d.Unit, Code: engine.Illegal,
						Reason: fmt.Sprintf("a %s order is not allowed in a retreat phase; the unit is disbanded unless it has a valid order", o.Kind)})
					continue
				}
				ma := kindAt(s, d.Unit) == martialArtist
				dest, bad := destIn(s, d.Unit, o, retreatOptions(s, d, ma))
				if bad != "" {
					out.Results = append(out.Results, engine.Result{Order: o, Unit: d.Unit, Code: engine.Illegal,
						Reason: bad + "; the unit is disbanded unless it has a valid order"})
					continue
				}
				add(real, i, &retreatMove{unit: d.Unit, order: o, dest: dest, dislodged: i, standoff: s.Standoff(dest.P)})
				continue
			}
		}
		u, ok := retreaterAt(s, o)
		if !ok {
			where := "nowhere"
			if o.At.Valid() {
				where = s.Map.LocName(o.At.Prov())
			}
			out.Results = append(out.Results, engine.Result{Order: o, Code: engine.NoUnit,
				Reason: fmt.Sprintf("no dislodged unit and no Retreater of the power in %s", where)})
			continue
		}
		switch o.Kind {
		case engine.Hold:
			out.Results = append(out.Results, engine.Result{Order: o, Unit: u, OK: true, Reason: "stays in " + s.Map.LocName(u.Loc)})
			continue
		case engine.Move:
		default:
			out.Results = append(out.Results, engine.Result{Order: o, Unit: u, Code: engine.Illegal,
				Reason: fmt.Sprintf("a Retreater may only retreat one space (or hold), not %s; it stays", o.Kind)})
			continue
		}
		dest, bad := destIn(s, u, o, retreatOptions(s, engine.Dislodgement{Unit: u, From: engine.NoProvince}, true))
		if bad != "" {
			out.Results = append(out.Results, engine.Result{Order: o, Unit: u, Code: engine.Illegal, Reason: bad + "; it stays"})
			continue
		}
		mv := &retreatMove{unit: u, order: o, dest: dest, dislodged: -1, standoff: s.Standoff(dest.P)}
		if old, ok := volunt[u.Loc.P]; ok && old.order.Format(s.Map) != o.Format(s.Map) {
			old.conflict = true
		} else {
			volunt[u.Loc.P] = mv
		}
	}
	// Every valid move, for the contests.
	var all []*retreatMove
	for i := range s.Dislodged {
		if mv, ok := real[i]; ok {
			if _, dis := disband[i]; dis {
				mv.conflict = true
			}
			all = append(all, mv)
		}
	}
	for _, u := range s.Units {
		if mv, ok := volunt[u.Loc.P]; ok && mv.unit == u {
			all = append(all, mv)
		}
	}
	winner := contests(s, all)
	for _, mv := range all {
		res := engine.Result{Order: mv.order, Unit: mv.unit}
		won, beaten := winner[mv]
		switch {
		case mv.conflict && mv.dislodged >= 0:
			res.Code, res.Reason = engine.Disbanded, "two different orders for one unit; disbanded"
		case mv.conflict:
			res.Code, res.Reason = engine.Illegal, "two different orders for one unit; it stays"
		case beaten && !won:
			res.Code = engine.Bounced
			res.Reason = fmt.Sprintf("bounced with another retreat to %s", s.Map.Provinces[mv.dest.P].Name)
			if mv.dislodged >= 0 {
				res.Add("; disbanded")
			} else {
				res.Add("; it stays")
			}
		default:
			res.OK, res.Code = true, engine.OK
			res.Reason = "retreated to " + s.Map.LocName(mv.dest)
			if beaten {
				res.Add(": the Martial Artist wins a retreat to the same space")
			}
			u := mv.unit
			u.Loc = mv.dest
			if mv.dislodged >= 0 {
				next.Units = append(next.Units, u)
			} else {
				for k := range next.Units {
					if next.Units[k] == mv.unit {
						next.Units[k] = u
					}
				}
			}
		}
		out.Results = append(out.Results, res)
		revealRetreat(s, e, out, mv, res, beaten && won)
	}
	for i, d := range s.Dislodged {
		if mv, ok := real[i]; ok && slices.Contains(all, mv) {
			continue
		}
		if o, ok := disband[i]; ok {
			out.Results = append(out.Results, engine.Result{Order: o, Unit: d.Unit, OK: true, Code: engine.Disbanded, Reason: "disbanded"})
			continue
		}
		out.Results = append(out.Results, engine.Result{Unit: d.Unit, Code: engine.Defaulted, Reason: "no valid retreat order; disbanded",
			Order: engine.Order{Power: d.Unit.Power, Kind: engine.Disband, Unit: d.Unit.Type, At: d.Unit.Loc, To: engine.Nowhere, AuxAt: engine.Nowhere, AuxTo: engine.Nowhere}})
	}
	out.Next = next
	return out, true
}

// contests decides the retreats to one space. The map holds every move
// that met another: true for the one that wins (a lone Martial Artist),
// false for those that fail.
func contests(s *engine.State, all []*retreatMove) map[*retreatMove]bool {
	by := map[engine.ProvinceID][]*retreatMove{}
	for _, mv := range all {
		if !mv.conflict && !s.Map.Provinces[mv.dest.P].Unlimited {
			by[mv.dest.P] = append(by[mv.dest.P], mv)
		}
	}
	out := map[*retreatMove]bool{}
	ret := extraOf(s).option(optMartialVsRetreater)
	for _, group := range by {
		if len(group) < 2 {
			continue
		}
		var masters []*retreatMove
		retreater := false
		for _, mv := range group {
			out[mv] = false
			if mv.dislodged >= 0 && kindAt(s, mv.unit) == martialArtist {
				masters = append(masters, mv)
			}
			if mv.dislodged < 0 {
				retreater = true
			}
		}
		if len(masters) == 1 && !(retreater && ret == "retreater") {
			out[masters[0]] = true
		}
	}
	return out
}

// revealRetreat reports the use of a Retreater's or Martial Artist's
// power (rule 2).
func revealRetreat(s *engine.State, e *extra, out *engine.Outcome, mv *retreatMove, res engine.Result, wonContest bool) {
	if e == nil {
		return
	}
	id := idOf(mv.unit)
	var why string
	switch {
	case mv.dislodged < 0 && !mv.conflict:
		why = fmt.Sprintf("%s retreated voluntarily: it is a Retreater", unitName(s.Map, mv.unit))
	case mv.dislodged >= 0 && res.OK && wonContest:
		why = fmt.Sprintf("%s won a retreat to the same space: it is a Martial Artist", unitName(s.Map, mv.unit))
	case mv.dislodged >= 0 && res.OK && mv.standoff:
		why = fmt.Sprintf("%s retreated where a standoff occurred: it is a Martial Artist", unitName(s.Map, mv.unit))
	default:
		return
	}
	if h := e.Cards[id]; h != nil && (h.Revealed == nil || h.Revealed.Hint != "") {
		_ = e.Reveal(id, s.Phase, why)
		out.AddEvent(why, mv.unit)
	}
}

// randomRetreater gives a Retreater a random voluntary retreat in a
// retreat phase, for the soak test.
func randomRetreater(s *engine.State, u engine.Unit, rng *engine.Rand) (engine.Order, bool) {
	if s.Phase.Type != engine.Retreat || kindAt(s, u) != retreater || s.DislodgedAt(u.Loc.P) >= 0 {
		return engine.Order{}, false
	}
	opts := retreatOptions(s, engine.Dislodgement{Unit: u, From: engine.NoProvince}, true)
	if len(opts) == 0 {
		return engine.Order{}, false
	}
	to := opts[rng.Intn(len(opts), "where a Retreater retreats")]
	o := engine.Order{Power: u.Power, Kind: engine.Move, Unit: u.Type, Number: u.Number, At: u.Loc, To: to, AuxAt: engine.Nowhere, AuxTo: engine.Nowhere}
	o.Text = o.Format(s.Map)
	return o, true
}

func retreaterParts(r *registry) {
	addOption(r, optMartialVsRetreater, "martialartist",
		"a Martial Artist and a Retreater retreating to one space: martialartist (the Martial Artist succeeds, as its card says) "+
			"or retreater (rule 8: the Retreater is listed earlier, so the Martial Artist's power does not beat it and both fail)",
		func(v string) error {
			if v != "martialartist" && v != "retreater" {
				return fmt.Errorf("want martialartist or retreater, not %q", v)
			}
			return nil
		})
	r.Phase(stanceRetreats)
	r.Random(randomRetreater)
}

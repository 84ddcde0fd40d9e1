package engine

// Which unit an order names: the one answer every caller uses (the
// movement adjudicator, the sequence of steps, the retreats, and the
// variants' hooks through UnitOf and DislodgedOf), so a variant never
// re-derives it with other rules.

// UnitOf returns the index in s.Units of the unit order o names, or -1:
// the unit in o's province that occupies it when o's number, power, type
// and coast (each where written) fit it; otherwise, among the units
// standing in the province with o's number (a unit that does not occupy
// its province, units sharing an unlimited space such as Hyperspace), the
// one of o's power, then of o's type, then on o's coast. A unit of
// another power may be returned: the caller decides what an order for
// someone else's unit means (the adjudicator reports NotOwner). A number
// names a unit by its own number or, for a unit the variant renumbered,
// by its label (Rules.Label). Builds and waives name no unit.
func UnitOf(s *State, o *Order, r *Rules) int {
	if o.Kind == Build || o.Kind == Waive || !o.At.Valid() || int(o.At.P) >= len(s.Map.Provinces) {
		return -1
	}
	holder := -1
	if !s.Map.Provinces[o.At.P].Unlimited {
		for i, u := range s.Units {
			if u.Loc.P == o.At.P && r.occupies(s, u) {
				holder = i
			}
		}
	}
	return int(namedUnit(s, r, s.Units, o, int32(holder)))
}

// namedUnit is UnitOf's choice among units (s.Units, or the adjudicator's
// copy of them in the same order), holder being the index of the unit
// occupying o's province (-1: none).
func namedUnit(s *State, r *Rules, units []Unit, o *Order, holder int32) int32 {
	if holder >= 0 {
		u := units[holder]
		if r.numbered(s, u, o) && (o.Power == "" || u.Power == o.Power) && typed(o, u) &&
			(o.At.C == NoCoast || u.Loc.C == o.At.C) {
			return holder
		}
	}
	// Units that do not occupy their province, and units in unlimited
	// spaces, are found by number, then by the order's power (several
	// powers' "1F" in Hyperspace, Davis 6), then by type.
	best := int32(-1)
	for i := range units {
		u := units[i]
		if u.Loc.P != o.At.P || !r.numbered(s, u, o) {
			continue
		}
		if best < 0 || better(o, u, units[best]) {
			best = int32(i)
		}
	}
	return best
}

// better reports whether o names unit u rather than unit b, both standing
// in o's province with o's number: the one of o's power, then of o's
// type and kind of piece, then on o's coast; a tie keeps b.
func better(o *Order, u, b Unit) bool {
	if o.Power != "" && (u.Power == o.Power) != (b.Power == o.Power) {
		return u.Power == o.Power
	}
	if o.Unit != NoUnitType && typed(o, u) != typed(o, b) {
		return typed(o, u)
	}
	return o.At.C != NoCoast && u.Loc.C == o.At.C && b.Loc.C != o.At.C
}

// DislodgedOf returns the index in s.Dislodged of the dislodged unit order
// o names, or -1: the one answer of UnitOf among the units waiting to
// retreat, for a retreat order and for any rule that reads one. A
// dislodged unit occupies nothing, so among the units dislodged from o's
// province with o's number (or the variant's label, Rules.Label) the one
// of o's power is chosen, then of o's type, then on o's coast. A unit of
// another power may be returned (the caller reports NotOwner).
func DislodgedOf(s *State, o *Order, r *Rules) int {
	if o.Kind == Build || o.Kind == Waive || !o.At.Valid() || int(o.At.P) >= len(s.Map.Provinces) {
		return -1
	}
	best := -1
	for i := range s.Dislodged {
		u := s.Dislodged[i].Unit
		if u.Loc.P != o.At.P || !r.numbered(s, u, o) {
			continue
		}
		if best < 0 || better(o, u, s.Dislodged[best].Unit) {
			best = i
		}
	}
	return best
}

// names reports whether order o names unit u exactly: its province, and
// its number, power and type where o writes them.
func (r *Rules) names(s *State, o *Order, u Unit) bool {
	return o.At.P == u.Loc.P && (o.Power == "" || o.Power == u.Power) && r.numbered(s, u, o) && typed(o, u)
}

// typed reports whether o's unit type, where written, is u's: an army or
// fleet written plain ("A bur") is a plain one, a piece's code ("FA bur")
// that kind of piece.
func typed(o *Order, u Unit) bool {
	return o.Unit == NoUnitType || (o.Unit == u.Type && o.Piece == u.Kind)
}

// numbered reports whether o's number, if written, names u: its own
// number, or the label the variant gave it (Rules.Label), written without
// a type.
func (r *Rules) numbered(s *State, u Unit, o *Order) bool {
	if o.Number == 0 || o.Number == u.Number {
		return true
	}
	if r == nil || r.Label == nil || o.Unit != NoUnitType {
		return false
	}
	n, ok := r.Label(s, u)
	return ok && n == o.Number
}

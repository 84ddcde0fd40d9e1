package character

import (
	"maps"
	"slices"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// mine is a mine laid by a minelayer (#12) in a province (rule 16.e: one
// per minelayer's power and space; several powers may mine one space).
// Only its layer's power and the game master know of it.
type mine struct {
	Prov  string // province abbreviation
	Power engine.Power
	Laid  engine.Phase
}

// closure is a province no unit may enter (engine.Turn.Blocked) through
// movement turn Until (a moveIndex), and no unit may retreat into until
// then: annihilated (#9), gassed (#10).
type closure struct {
	Prov  string
	Until int
	Why   string // "annihilated", "gassed": shown as the reason a move failed
}

// suspension is a supply centre that counts for no one and changes hands
// with no one through movement turn Until (a moveIndex), its Winter
// included (#9, #10; engine.CentreStatus).
type suspension struct {
	Prov  string
	ID    engine.ProvinceID // the province on the game's map
	Until int
	Why   string
}

// disorder is a unit in civil disorder through movement turn Until (#10:
// gassed units; their orders are ignored and they hold).
type disorder struct {
	Unit  kit.UnitID
	Until int
	Why   string
}

// effects are what the cards leave on the board between phases: mines,
// closed provinces, suspended centres, units in civil disorder, and the
// last use of each power that may be used only so often. Mines and uses
// are known to their owner and the game master; closures, suspensions and
// disorders are public (the game master reports them).
type effects struct {
	Mines      []mine
	Closures   []closure
	Suspended  []suspension
	Disorders  []disorder
	LastUsed   map[kit.UnitID]int // moveIndex of the last use of a limited power (#10, #11)
	FreeUnits  []kit.UnitID       // #19 units that need no centre (engine.Upkeep)
	SpringOTB  []kit.UnitID       // rule 14.a: units whose owner ordered them off the board if dislodged
	RightHand  []kit.UnitID       // rule 14.a: units the right-hand rule retreated after this year's Spring moves
	Voluntary  []kit.UnitID       // #14 retreaters allowed a voluntary retreat in this retreat phase
	Hypnotised []kit.UnitID       // #11: units under hypnosis this turn (reported as such to their owner)

	// Each group of cards keeps any further state in its own type, in its
	// own file.
	Strikes  strikesState  `json:",omitempty"` // #9, #10, #11 (strikes.go)
	Movers   moversState   `json:",omitempty"` // #3-#8 (movers.go)
	Sappers  sappersState  `json:",omitempty"` // #12-#15, #19, rule 14 (sappers.go)
	Proposed proposedState `json:",omitempty"` // X1-X11 (proposed.go)
}

// clone returns a deep copy of f.
func (f *effects) clone() effects {
	return effects{
		Mines:      slices.Clone(f.Mines),
		Closures:   slices.Clone(f.Closures),
		Suspended:  slices.Clone(f.Suspended),
		Disorders:  slices.Clone(f.Disorders),
		LastUsed:   maps.Clone(f.LastUsed),
		FreeUnits:  slices.Clone(f.FreeUnits),
		SpringOTB:  slices.Clone(f.SpringOTB),
		RightHand:  slices.Clone(f.RightHand),
		Voluntary:  slices.Clone(f.Voluntary),
		Hypnotised: slices.Clone(f.Hypnotised),
		Strikes:    f.Strikes.clone(),
		Movers:     f.Movers.clone(),
		Sappers:    f.Sappers.clone(),
		Proposed:   f.Proposed.clone(),
	}
}

// conceal keeps what seat may know of f: its own mines and uses; the
// public effects. The game master keeps everything.
func (f *effects) conceal(seat engine.Seat) {
	if seat.GM {
		return
	}
	f.Mines = slices.DeleteFunc(f.Mines, func(m mine) bool { return m.Power != seat.Power || seat.Power == "" })
	for id := range f.LastUsed {
		if id.Power != seat.Power || seat.Power == "" {
			delete(f.LastUsed, id)
		}
	}
	own := func(id kit.UnitID) bool { return id.Power != seat.Power || seat.Power == "" }
	f.FreeUnits = slices.DeleteFunc(f.FreeUnits, own)
	f.SpringOTB = slices.DeleteFunc(f.SpringOTB, own)
	f.RightHand = slices.DeleteFunc(f.RightHand, own)
	f.Voluntary = slices.DeleteFunc(f.Voluntary, own)
	f.Hypnotised = slices.DeleteFunc(f.Hypnotised, own)
	f.Strikes.conceal(seat)
	f.Movers.conceal(seat)
	f.Sappers.conceal(seat)
	f.Proposed.conceal(seat)
}

// ClosedAt returns why province abbr is closed in movement turn i, or "".
func (f *effects) ClosedAt(abbr string, i int) string {
	for _, c := range f.Closures {
		if c.Prov == abbr && i <= c.Until {
			return c.Why
		}
	}
	return ""
}

// SuspendedAt reports whether the centre abbr is suspended in movement
// turn i.
func (f *effects) SuspendedAt(abbr string, i int) bool {
	for _, c := range f.Suspended {
		if c.Prov == abbr && i <= c.Until {
			return true
		}
	}
	return false
}

// InDisorder reports whether unit id is in civil disorder in turn i.
func (f *effects) InDisorder(id kit.UnitID, i int) bool {
	for _, d := range f.Disorders {
		if d.Unit == id && i <= d.Until {
			return true
		}
	}
	return false
}

// expire drops the effects that ended before movement turn i.
func (f *effects) expire(i int) {
	f.Closures = slices.DeleteFunc(f.Closures, func(c closure) bool { return c.Until < i })
	f.Suspended = slices.DeleteFunc(f.Suspended, func(c suspension) bool { return c.Until < i })
	f.Disorders = slices.DeleteFunc(f.Disorders, func(d disorder) bool { return d.Until < i })
}

// CentreSuspended implements engine.CentreStatus: the centres #9 and #10
// took out of the economy, through the movement turn their suspension
// ends with (its Winter included). The life cycle part drops a suspension
// once a later turn's phase is adjudicated.
func (e *extra) CentreSuspended(p engine.ProvinceID, at engine.Phase) bool {
	now := kit.MoveIndex(at)
	for _, c := range e.Effects.Suspended {
		if c.ID == p && now <= c.Until {
			return true
		}
	}
	return false
}

// FreeUnit implements engine.Upkeep: a #19 Free Unit needs no centre. In a
// seat's view only the seat's own free units are known.
func (e *extra) FreeUnit(u engine.Unit) bool {
	return slices.Contains(e.Effects.FreeUnits, idOf(u))
}

func (f *effects) empty() bool {
	return len(f.Mines)+len(f.Closures)+len(f.Suspended)+len(f.Disorders)+len(f.LastUsed)+
		len(f.FreeUnits)+len(f.SpringOTB)+len(f.RightHand)+len(f.Voluntary)+len(f.Hypnotised) == 0 &&
		f.Strikes.empty() && f.Movers.empty() && f.Sappers.empty() && f.Proposed.empty()
}

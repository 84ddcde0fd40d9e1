package engine

import (
	"strconv"
	"strings"
)

// OrderKind is what an order tells a unit (or a power) to do.
type OrderKind uint8

// The order kinds. Move is also the retreat order of a retreat phase;
// Disband is both a retreat-phase disband and an adjustment removal.
// Special orders belong to variants and are named by Order.Special.
const (
	NoOrder OrderKind = iota
	Hold
	Move
	Support
	Convoy
	Disband
	Build
	Waive
	Special
)

var kindWords = [...]string{"none", "hold", "move", "support", "convoy", "disband", "build", "waive", "special"}

// String returns the kind in words.
func (k OrderKind) String() string {
	if int(k) < len(kindWords) {
		return kindWords[k]
	}
	return "?"
}

// Order is one order as a player wrote it, parsed but not yet validated
// against the board. Locations keep the coast exactly as written
// (NoCoast when none was given); validation decides what it means
// (DATC 4.B).
type Order struct {
	// The fields are laid out so that an Order is 128 bytes: a map of
	// orders keeps them inline up to that size (the variants' maps of
	// orders allocate half as much), so the small ones come together.
	Power Power     // the power that gave the order
	Kind  OrderKind //
	Unit  UnitType  // type as written; NoUnitType when omitted (DATC 4.C.1)
	Piece PieceKind // a variant's kind of piece as written ("FA bur"); 0 when none
	// ViaConvoy is set by "via convoy": the army takes the convoy route
	// even to an adjacent province (DATC 4.A.3).
	ViaConvoy bool
	// Support and Convoy name another unit and, for supports of a move
	// and for convoys, where it goes. AuxTo is Nowhere for a support to
	// hold. AuxPower is the nationality if written (ignored, DATC 4.C.6).
	AuxUnit UnitType
	At      Loc // the ordered unit, or the province built in
	To      Loc // Move/retreat destination
	AuxAt   Loc
	AuxTo   Loc
	Number  int // unit number as written (Character Diplomacy rule 10), 0 if none
	// AuxNumber is the other unit's number as written ("S 2A par"), 0 if
	// none. The engine does not use it: a variant may check it (Galt
	// rule 5: a number written must be correct).
	AuxNumber int
	AuxPower  Power

	// Special names a variant's order ("annihilate", "lay mine") and Args
	// holds its further words; the variant interprets them.
	Special string
	Args    []string

	// Text is the order as typed, for reports.
	Text string
}

// SeatOrder reports whether o is an order of a seat that names no unit
// of its own (SpecialSyntax.Seat): a character acting, a vote, a card
// played from a hand. The variant's hooks judge it.
func (o *Order) SeatOrder() bool { return o.Kind == Special && !o.At.Valid() }

// SupportsHold reports whether o is a support to hold.
func (o *Order) SupportsHold() bool { return o.Kind == Support && !o.AuxTo.Valid() }

// Format writes o in the short notation, "A par - bur", "F nth C A lon - bel".
func (o Order) Format(m *Map) string {
	var b strings.Builder
	unit := func(t UnitType, k PieceKind, n int, l Loc) {
		if n > 0 {
			b.WriteString(strconv.Itoa(n))
		}
		if t != NoUnitType {
			b.WriteString(m.UnitCode(t, k))
			b.WriteByte(' ')
		} else if n > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(m.LocString(l))
	}
	if o.SeatOrder() {
		b.WriteString(o.Special)
		for _, a := range o.Args {
			b.WriteByte(' ')
			b.WriteString(a)
		}
		return b.String()
	}
	switch o.Kind {
	case Build:
		b.WriteString("build ")
		unit(o.Unit, o.Piece, 0, o.At)
		return b.String()
	case Waive:
		return "waive"
	}
	unit(o.Unit, o.Piece, o.Number, o.At)
	switch o.Kind {
	case Hold:
		b.WriteString(" H")
	case Move:
		b.WriteString(" - ")
		b.WriteString(m.LocString(o.To))
		if o.ViaConvoy {
			b.WriteString(" via convoy")
		}
	case Support, Convoy:
		if o.Kind == Support {
			b.WriteString(" S ")
		} else {
			b.WriteString(" C ")
		}
		unit(o.AuxUnit, 0, 0, o.AuxAt)
		if o.AuxTo.Valid() {
			b.WriteString(" - ")
			b.WriteString(m.LocString(o.AuxTo))
		}
	case Disband:
		b.WriteString(" disband")
	case Special:
		b.WriteByte(' ')
		b.WriteString(o.Special)
		for _, a := range o.Args {
			b.WriteByte(' ')
			b.WriteString(a)
		}
	}
	return b.String()
}

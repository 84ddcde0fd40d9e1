package engine

import (
	"errors"
	"fmt"
	"strings"
)

// PieceKind is a kind of piece a variant adds to the plain army and fleet
// (Unit.Kind): 0 is a plain army or fleet; k > 0 is Map.Pieces[k-1].
type PieceKind uint8

// PieceInfo declares a variant's kind of piece (a map change file's
// "piece" line): Rather Silly's birds, female armies, dirty old men,
// gay fleets, the TARDIS, sea and space monsters, llamas and Borg (rules
// 2-5, 8-11, 15). The engine gives each property its meaning; the
// variant's hooks add the rest (how birds fly, what the Borg eats).
type PieceInfo struct {
	Kind PieceKind // its value in Unit.Kind: its place in Map.Pieces, from 1
	// Code is how orders, saves and the board write it: "B", "FA", "DOM".
	Code string
	Name string // "birds", "female army"
	// Moves is the links it moves by (Army or Fleet): Unit.Type of every
	// piece of the kind.
	Moves UnitType
	// NoCombat: it has no combat value: strength 0 in every role (it
	// dislodges no one, holds nothing against an attack, its supports
	// weigh nothing). Rather Silly's birds, female armies, dirty old men.
	NoCombat bool
	// Shares: it stands beside other pieces: it neither holds its province
	// (Rules.Occupies is false for it) nor keeps others out, and is not
	// dislodged there. Birds, female armies, the TARDIS, the Borg.
	Shares bool
	// Free: it needs no supply centre (the TARDIS, a Mastermind's unit).
	Free bool
	// Neutral: it belongs to no seat (Unit.Power "") and the engine moves
	// it (monsters, the Borg).
	Neutral bool
}

// Piece returns the declaration of kind k, and false for a plain army or
// fleet (0) or a kind the map does not declare.
func (m *Map) Piece(k PieceKind) (PieceInfo, bool) {
	if k == 0 || int(k) > len(m.Pieces) {
		return PieceInfo{}, false
	}
	return m.Pieces[k-1], true
}

// PieceByCode finds a declared kind by its code, in any case.
func (m *Map) PieceByCode(code string) (PieceInfo, bool) {
	for _, p := range m.Pieces {
		if strings.EqualFold(p.Code, code) {
			return p, true
		}
	}
	return PieceInfo{}, false
}

// UnitCode returns how a unit of type t and kind k is written: "A", "F",
// or its kind's code ("FA", "B").
func (m *Map) UnitCode(t UnitType, k PieceKind) string {
	if p, ok := m.Piece(k); ok {
		return p.Code
	}
	return t.String()
}

// UnitWord returns a unit's kind in words: "army", "fleet", "female army".
func (m *Map) UnitWord(u Unit) string {
	if p, ok := m.Piece(u.Kind); ok {
		return p.Name
	}
	return u.Type.Word()
}

// AddPiece declares a kind of piece and returns it with its Kind set.
func (m *Map) AddPiece(p PieceInfo) (PieceInfo, error) {
	if p.Code == "" || strings.ContainsAny(p.Code, " \t0123456789") {
		return p, fmt.Errorf("engine: piece code %q: want letters", p.Code)
	}
	switch strings.ToUpper(p.Code) {
	case "A", "F", "AMP":
		return p, fmt.Errorf("engine: piece code %q is an army's or a fleet's", p.Code)
	}
	if _, dup := m.PieceByCode(p.Code); dup {
		return p, fmt.Errorf("engine: piece %q declared twice", p.Code)
	}
	if p.Moves != Army && p.Moves != Fleet {
		return p, errors.New("engine: piece " + p.Code + " must move as an army or a fleet")
	}
	if len(m.Pieces) >= 250 {
		return p, errors.New("engine: too many kinds of piece")
	}
	p.Kind = PieceKind(len(m.Pieces) + 1)
	m.Pieces = append(m.Pieces, p)
	return p, nil
}

// pieceDirective reads "piece CODE army|fleet "Name" [nocombat] [shares]
// [free] [neutral]".
func (m *Map) pieceDirective(t []string) error {
	if len(t) < 4 {
		return errors.New(`piece: want piece <code> army|fleet "<Name>" [nocombat] [shares] [free] [neutral]`)
	}
	p := PieceInfo{Code: t[1], Name: t[3]}
	switch t[2] {
	case "army":
		p.Moves = Army
	case "fleet":
		p.Moves = Fleet
	default:
		return fmt.Errorf("piece %s: moves as %q (want army or fleet)", t[1], t[2])
	}
	for _, f := range t[4:] {
		switch f {
		case "nocombat":
			p.NoCombat = true
		case "shares":
			p.Shares = true
		case "free":
			p.Free = true
		case "neutral":
			p.Neutral = true
		default:
			return fmt.Errorf("piece %s: unknown property %q (want nocombat, shares, free or neutral)", t[1], f)
		}
	}
	_, err := m.AddPiece(p)
	if err != nil {
		return errors.New(strings.TrimPrefix(err.Error(), "engine: "))
	}
	return nil
}

// pieceOf returns u's kind's declaration (false for a plain unit).
func (s *State) pieceOf(u Unit) (PieceInfo, bool) { return s.Map.Piece(u.Kind) }

// UnitsAt returns the indexes in Units of every unit standing in p, in
// order: several where a variant lets pieces share a province.
func (s *State) UnitsAt(p ProvinceID) []int {
	var out []int
	for i := range s.Units {
		if s.Units[i].Loc.P == p {
			out = append(out, i)
		}
	}
	return out
}

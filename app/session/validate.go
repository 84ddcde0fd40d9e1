package session

import (
	"fmt"

	"dipdesk/app/store"
	"dipdesk/engine"
)

// A save file's rows are checked against their checksums by the store,
// but a row whose checksum was cleared (docs/save-format.md tells an
// editor to) is taken as written. What it says is checked here, as the
// session reads it, the same way whatever is wrong: an unknown province,
// two units in one province, a year before 1, a card game without its
// cards, a seat or an order of a power the board does not have. The
// error names the table, the row and the reason, and nothing is played
// from such a row.

// damaged is the error of a row that cannot be so.
func (g *Game) damaged(table string, row int64, what, reason string) error {
	detail := fmt.Sprintf("table %s, row %d", table, row)
	if what != "" {
		detail += " (" + what + ")"
	}
	return &store.FileError{Path: g.Path(), Kind: store.ErrCorrupt, Detail: detail + ": " + reason}
}

// checkSeats refuses a seat for a power the board does not have.
func (g *Game) checkSeats() error {
	for i, st := range g.file.Game().Seats {
		if _, ok := g.m.Power(engine.Power(st.Power)); !ok && st.Power != "gm" {
			return g.damaged("seats", int64(i), "", fmt.Sprintf("a seat for %q, which is no power of %s", st.Power, g.variant.Name))
		}
	}
	return nil
}

// checkState returns what makes s, the position stored in row p, one no
// game can reach, or "".
func (g *Game) checkState(p store.Phase, s *engine.State) string {
	m := g.m
	if s.Phase.Year < 1 {
		return fmt.Sprintf("the year %d", s.Phase.Year)
	}
	if ph, err := engine.ParsePhase(p.Name); err != nil || ph != s.Phase {
		return fmt.Sprintf("the position is of %s, the row names %q", s.Phase.Key(), p.Name)
	}
	if g.variant.DecodeExtra != nil && s.Extra == nil {
		return fmt.Sprintf("a %s position without the variant's data (its cards and deck)", g.variant.Name)
	}
	held := make(map[engine.ProvinceID]engine.Unit, len(s.Units))
	for _, u := range s.Units {
		if m.Provinces[u.Loc.P].Unlimited || !occupies(g.variant.Rules, s, u) {
			continue // Hyperspace holds any number; a ghost, birds, the Borg occupy nothing
		}
		if o, ok := held[u.Loc.P]; ok {
			return fmt.Sprintf("two units in %s (%s of %s and %s of %s)", m.Provinces[u.Loc.P].Name,
				unitNoun(m, o), m.PowerName(o.Power), unitNoun(m, u), m.PowerName(u.Power))
		}
		held[u.Loc.P] = u
	}
	return ""
}

// unitNoun is a unit in words with its article: "an army", "a fleet",
// or its kind's name ("birds").
func unitNoun(m *engine.Map, u engine.Unit) string {
	if p, ok := m.Piece(u.Kind); ok {
		return p.Name
	}
	return u.Type.Noun()
}

// occupies reports whether u holds its province, as the engine judges it:
// a piece of a kind that shares its province (birds, the Borg) does not,
// nor one the variant's Occupies hook says does not (a ghost).
func occupies(r *engine.Rules, s *engine.State, u engine.Unit) bool {
	if p, ok := s.Map.Piece(u.Kind); ok && p.Shares {
		return false
	}
	return r == nil || r.Occupies == nil || r.Occupies(s, u)
}

// checkOrder refuses an order row whose parsed order is not the
// submitting power's: the adjudicator would take an order with another
// power's name (or none) as that power's.
func (g *Game) checkOrder(r store.Order, rec engine.OrderRecord) error {
	if _, ok := g.m.Power(engine.Power(r.Power)); !ok {
		return g.damaged("orders", r.ID, r.Typed, fmt.Sprintf("an order of %q, which is no power of %s", r.Power, g.variant.Name))
	}
	if rec.Power != r.Power {
		return g.damaged("orders", r.ID, r.Typed, fmt.Sprintf("%s's submission holds an order for %q", r.Power, rec.Power))
	}
	return nil
}

// checkOpen checks, when a game is opened, what every screen reads first:
// the seats, and the current phase with its orders.
func (g *Game) checkOpen() error {
	if err := g.checkSeats(); err != nil {
		return err
	}
	if err := checkDice(g.file.Game().Options[OptionDice]); err != nil {
		return g.damaged("game", 1, "", err.Error())
	}
	cur, err := g.Current()
	if err != nil {
		return err
	}
	_, err = g.Orders(cur.Phase)
	return err
}

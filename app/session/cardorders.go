package session

import (
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/cardgame"
)

// Completion is one way to finish a card's special order: the words after
// the order's verb, and the order as typed.
type Completion struct {
	Args   string     // "bur", "bur - mun", "- ber", "" (nothing more)
	Text   string     // the whole order: "1A mun annihilate bur"
	Target engine.Loc // the one province the words name, when they name one
	Victim bool       // the words name another unit and its order (a hypnotist's)
}

// CardCompletions returns the legal ways to finish card c's special order
// o in view v, each checked by the engine exactly as a typed order is
// (CheckOrders): nothing more, one province, two provinces ("via bur -
// mun", "jump tyr - ven"), or a move after the verb ("invisible - ber"),
// among the provinces within two steps of the unit; for an order that
// names another unit (TakesUnit), each unit within reach ordered to hold,
// which the player then changes. The window offers them in the unit's
// menu and highlights their provinces while the card is dragged.
func CardCompletions(vr *engine.Variant, v engine.View, c cardgame.Card, o cardgame.Order) []Completion {
	s := v.State
	if s == nil || !c.Unit.Loc.Valid() || c.Space == "" {
		return nil
	}
	m := s.Map
	near1 := neighbourProvinces(m, c.Unit.Loc.P)
	near2 := map[engine.ProvinceID]bool{}
	for _, p := range near1 {
		near2[p] = true
		for _, q := range neighbourProvinces(m, p) {
			if q != c.Unit.Loc.P {
				near2[q] = true
			}
		}
	}
	abbr := func(p engine.ProvinceID) string { return m.Provinces[p].Abbr }
	type cand struct {
		args   string
		target engine.Loc
		victim bool
	}
	var cands []cand
	if o.TakesUnit {
		for _, u := range s.Units {
			if near2[u.Loc.P] && u.Loc.P != c.Unit.Loc.P {
				cands = append(cands, cand{u.Type.String() + " " + m.LocString(u.Loc) + " H", engine.Loc{P: u.Loc.P}, true})
			}
		}
	} else {
		cands = append(cands, cand{"", engine.Nowhere, false})
		for p := range near2 {
			cands = append(cands, cand{abbr(p), engine.Loc{P: p}, false})
		}
		if !o.TakesProvince {
			for _, a := range near1 {
				cands = append(cands, cand{"- " + abbr(a), engine.Loc{P: a}, false})
				for _, b := range neighbourProvinces(m, a) {
					if b != c.Unit.Loc.P {
						cands = append(cands, cand{abbr(a) + " - " + abbr(b), engine.Nowhere, false})
					}
				}
			}
		}
	}
	var out []Completion
	for _, cd := range cands {
		text := strings.TrimSpace(c.Template(o) + cd.args)
		orders, errs := vr.Parser(m).ParseOrders(c.Unit.Power, text)
		if len(errs) > 0 || len(orders) != 1 || orders[0].Kind != engine.Special {
			continue
		}
		if ck := CheckOrders(vr, v, c.Unit.Power, text); len(ck.Problems) == 0 {
			out = append(out, Completion{Args: cd.args, Text: text, Target: cd.target, Victim: cd.victim})
		}
	}
	sortCompletions(out)
	return dropLoneSpaces(out)
}

// dropLoneSpaces keeps one of "bur" and "- bur" where both are legal: the
// shorter, which is how the rules write a Minelayer's "lay mine nwy" and
// a Galt unit's "invisible pic" (the same as "invisible - pic").
func dropLoneSpaces(cs []Completion) []Completion {
	lone := map[string]bool{}
	for _, c := range cs {
		lone[c.Args] = true
	}
	out := cs[:0]
	for _, c := range cs {
		if rest, ok := strings.CutPrefix(c.Args, "- "); ok && lone[rest] {
			continue
		}
		out = append(out, c)
	}
	return out
}

// neighbourProvinces are the provinces next to p by any link.
func neighbourProvinces(m *engine.Map, p engine.ProvinceID) []engine.ProvinceID {
	seen := map[engine.ProvinceID]bool{p: true}
	var out []engine.ProvinceID
	for _, q := range m.ArmyNeighbours(p) {
		if !seen[q] {
			seen[q] = true
			out = append(out, q)
		}
	}
	for _, c := range coastLocs(m, p) {
		for _, l := range m.FleetNeighbours(c) {
			if !seen[l.P] {
				seen[l.P] = true
				out = append(out, l.P)
			}
		}
	}
	return out
}

func coastLocs(m *engine.Map, p engine.ProvinceID) []engine.Loc {
	if cs := m.Provinces[p].Coasts; len(cs) > 0 {
		out := make([]engine.Loc, len(cs))
		for i, c := range cs {
			out[i] = engine.Loc{P: p, C: c}
		}
		return out
	}
	return []engine.Loc{{P: p}}
}

// sortCompletions orders completions by their words, nothing first.
func sortCompletions(cs []Completion) {
	for i := 1; i < len(cs); i++ {
		for j := i; j > 0 && cs[j].Args < cs[j-1].Args; j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
}

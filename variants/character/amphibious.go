package character

import (
	"strconv"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// #3 Amphibious completed (card text: "Unit is Amphibious. Initially
// reported as an A or F, as owner chooses. Once its identity is disclosed,
// it's reported as an 'Amp'."). reach.go lets it move by the other type's
// links into a space its own type may stand in; here Enter lets it stand
// where its reported type may not (an army at sea, a fleet inland, rule
// 11's Caspian), and Reach takes it there and on from there by either
// type's links. Its first use of the power reveals the card (rule 3): the
// move itself shows it is no ordinary army or fleet.
func amphibiousParts(r *registry) {
	r.Enter(amphibiousEnter)
	r.Reach(amphibiousReach)
	r.After(priorityOthers, amphibiousReveal)
}

func amphibiousEnter(s *engine.State, u engine.Unit, l engine.Loc) bool {
	if !holds(s, u, amphibiousID) || s.Map == nil {
		return false
	}
	p := s.Map.Province(l.P)
	return !p.Impassable || p.Abbr == caspianAbbr
}

// amphibiousReach: either type's links, into any space it may enter.
func amphibiousReach(s *engine.State, u engine.Unit, l engine.Loc) bool {
	if !holds(s, u, amphibiousID) || l.P == u.Loc.P || s.Map.Province(l.P).Kind == engine.Abstract {
		return false
	}
	if !amphibiousEnter(s, u, l) && !s.Map.CanHold(u.Type, l) {
		return false
	}
	if u.Type == engine.Fleet && s.Map.MultiCoast(l.P) && l.C == engine.NoCoast {
		// A fleet names its coast; the engine asks each.
		return false
	}
	if u.Type == engine.Army && l.C != engine.NoCoast {
		return false
	}
	if s.Map.ArmyLinked(u.Loc.P, l.P) {
		return true
	}
	return kit.FleetLinkedAnyCoast(s.Map, u.Loc.P, l)
}

// usesAmphibiousPower reports whether u going from its place to l needs
// card #3: its own type could not make the step by the map alone.
func usesAmphibiousPower(m *engine.Map, u engine.Unit, l engine.Loc) bool {
	own := func(p engine.ProvinceID) bool {
		q := m.Province(p)
		return !q.Impassable && canStand(u.Type, q.Kind)
	}
	return !own(u.Loc.P) || !own(l.P) || !m.Adjacent(u.Type, u.Loc, l.P)
}

// amphibiousReveal reveals a #3 card the first time its unit uses the
// power in an order that was not refused: a move, retreat or support its
// reported type could not give. The game's reports then show it as
// "Amp" (rule 10's "2 Amp"; the engine's unit keeps its letter).
func amphibiousReveal(s *engine.State, out *engine.Outcome, rng *engine.Rand) {
	e := moversExtra(out.Next)
	if e == nil || !powersActive(s.Phase) {
		return
	}
	for _, r := range out.Results {
		to, ok := kit.Aim(r)
		if !ok || !holds(s, r.Unit, amphibiousID) || !usesAmphibiousPower(s.Map, r.Unit, to) {
			continue
		}
		id := idOf(r.Unit)
		if h, ok := e.Cards[id]; !ok || h.Revealed != nil {
			continue
		}
		// The unit may have moved; its card stays under its id.
		_ = e.Reveal(id, s.Phase, "moved as an amphibious unit (Amp)")
		out.Events = append(out.Events, kit.PowerName(r.Unit.Power)+"'s "+label(r.Unit.Number, r.Unit.Type)+
			" is amphibious: now reported as "+ampLabel(r.Unit.Number))
	}
}

// ampLabel is rule 10's "2 Amp".
func ampLabel(n int) string { return strconv.Itoa(n) + " Amp" }

// canConvoy is the Rules.canConvoy hook: a fleet at sea, as in the
// standard game, and a #3 amphibious unit of either reported type standing
// at sea ("moves as an army or a fleet at will": an amphibious army at sea
// convoys as a fleet would).
func canConvoy(s *engine.State, u engine.Unit) bool {
	if s.Map.Province(u.Loc.P).Kind != engine.Sea {
		return false
	}
	return u.Type == engine.Fleet || holds(s, u, amphibiousID)
}

// ReportedLabel is how the game reports unit u (rule 10): "2A", "1F", or
// "2 Amp" once its #3 card is revealed (card #3: "Once its identity is
// disclosed, it's reported as an 'Amp'. For sake of clarity, it retains
// same no."). A view that does not know the card sees the letter.
func (e *extra) ReportedLabel(u engine.Unit) string {
	if e != nil {
		if h, ok := e.Cards[idOf(u)]; ok && h.Card.ID == amphibiousID && h.Revealed != nil {
			return ampLabel(u.Number)
		}
	}
	return label(u.Number, u.Type)
}

package character

import (
	"fmt"
	"slices"
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// specialEngineerID is proposed card X11 Special Engineer (a game option,
// Options.Add): "In addition to picking up mines, it can set up border
// defenses, which add one to the defensive strength of any unit holding
// that space. Must Hold while setting up the defenses, and any attack on
// the Engineer foils the attempt. These defenses may be established only
// on one or two of the province's borders, which must be specified.
// Borders include seacoasts."
const specialEngineerID = "X11"

const fortifyName = "fortify"

// maxBorders is the most defended borders a province may have ("only on
// one or two of the province's borders").
const maxBorders = 2

// fortifyAs is the X11 special order "fortify <province> [<province>]":
// the engineer holds while it defends the borders its province shares
// with the one or two provinces named (a sea names a seacoast). A
// province never has more than two defended borders in all.
func fortifyAs(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string) {
	c, ok := cardAt(s, u)
	if !ok || c.ID != specialEngineerID {
		return engine.Order{}, kit.UnitName(s.Map, u) + " is not a Special Engineer (card X11), so it cannot fortify"
	}
	if _, why := fortifyBorders(s, u, o); why != "" {
		return engine.Order{}, why
	}
	return engine.Order{Power: o.Power, Kind: engine.Hold, Unit: u.Type, At: u.Loc}, ""
}

// fortifyBorders returns the abbreviations of the provinces across the
// borders a fortify order names, or why it is impossible.
func fortifyBorders(s *engine.State, u engine.Unit, o engine.Order) ([]string, string) {
	if len(o.Args) == 0 || len(o.Args) > maxBorders {
		return nil, "\"fortify\" names one or two borders by the province across them, as \"fortify mun\" or \"fortify mun ruh\" (card X11)"
	}
	here := s.Map.Provinces[u.Loc.P]
	had := defencesOf(s, here.Abbr)
	var out []string
	for _, a := range o.Args {
		p, ok := targetProv(s.Map, a)
		if !ok {
			return nil, "no province \"" + a + "\" on the board"
		}
		abbr := s.Map.Provinces[p].Abbr
		switch {
		case !touching(s.Map, u.Loc.P, p):
			return nil, fmt.Sprintf("%s has no border with %s", here.Name, s.Map.Provinces[p].Name)
		case slices.Contains(out, abbr):
			return nil, "a border is named twice"
		case slices.Contains(had, abbr):
			return nil, fmt.Sprintf("the border of %s with %s is defended already", here.Name, s.Map.Provinces[p].Name)
		}
		out = append(out, abbr)
	}
	if len(had)+len(out) > maxBorders {
		return nil, fmt.Sprintf("%s has %d defended borders already: at most two (card X11)", here.Name, len(had))
	}
	return out, ""
}

// defencesOf returns the provinces across the defended borders of the
// province abbr.
func defencesOf(s *engine.State, abbr string) []string {
	e, ok := s.Extra.(*extra)
	if !ok {
		return nil
	}
	var out []string
	for _, d := range e.Effects.Proposed.Defences {
		if d.Prov == abbr {
			out = append(out, d.Borders...)
		}
	}
	return out
}

// attackFrom returns where the moves of the turn into province p come
// from: for each, the province across the border it crosses, or "" when
// that cannot be told (a two-space move, a jump). A convoyed army crosses
// the seacoast of the sea it lands from: the sea of the fleet ordered to
// convoy it that touches p (when several do, "" unless all are one).
func attackFrom(s *engine.State, orders []engine.Order, p engine.ProvinceID) []string {
	var out []string
	for _, o := range orders {
		u, ok := orderedUnit(s, o)
		if !ok || u.Loc.P == p {
			continue
		}
		if o.Kind == engine.Special {
			if o.Special == fortifyName || o.Special == stealName || o.Special == disbelieveName {
				continue
			}
			m, why := special(s, u, o)
			if why != "" {
				continue
			}
			o = m
			o.At = u.Loc
		}
		if o.Kind != engine.Move || !o.To.Valid() || o.To.P != p {
			continue
		}
		if !o.ViaConvoy && touching(s.Map, u.Loc.P, p) {
			out = append(out, s.Map.Provinces[u.Loc.P].Abbr)
			continue
		}
		from := ""
		for _, c := range orders {
			if c.Kind == engine.Convoy && c.AuxAt.P == u.Loc.P && c.AuxTo.P == p && c.At.Valid() && touching(s.Map, c.At.P, p) {
				sea := s.Map.Provinces[c.At.P].Abbr
				switch from {
				case "":
					from = sea
				case sea:
				default:
					from = "?"
				}
			}
		}
		if from == "?" {
			from = ""
		}
		out = append(out, from)
	}
	return out
}

// defencesAttacked reports whether a province with border defences and a
// unit in it is attacked this turn.
func defencesAttacked(s *engine.State, orders []engine.Order) bool {
	e, ok := s.Extra.(*extra)
	if !ok || len(e.Effects.Proposed.Defences) == 0 {
		return false
	}
	for _, d := range e.Effects.Proposed.Defences {
		p, ok := s.Map.Lookup(d.Prov)
		if !ok {
			continue
		}
		if _, held := unitIn(s, p); held && len(attackFrom(s, orders, p)) > 0 {
			return true
		}
	}
	return false
}

// defendedHold is the X11 part of the Strength hook: a unit holding a
// province (ordered to hold, support or convoy, or with no order), of any
// power, holds with one more when every attack of the turn on the
// province comes across a defended border. The engine's Strength hook
// gives one hold strength against all attackers, so when some attacks come
// across a defended border and some do not, the defences give nothing
// (engine gap: a hold strength per attacker would let them count against
// the former alone).
func defendedHold(s *engine.State, u engine.Unit, role engine.Role, n int) int {
	if role != engine.RoleHold {
		return n
	}
	e, ok := s.Extra.(*extra)
	if !ok || len(e.Effects.Proposed.Defences) == 0 || e.Effects.Proposed.turn == nil {
		return n
	}
	def := defencesOf(s, s.Map.Provinces[u.Loc.P].Abbr)
	if len(def) == 0 {
		return n
	}
	from := attackFrom(s, e.Effects.Proposed.turn, u.Loc.P)
	if len(from) == 0 {
		return n
	}
	for _, f := range from {
		if !slices.Contains(def, f) {
			return n
		}
	}
	return n + 1
}

// afterFortify is the X11 After part. A fortify order builds its
// defences unless the engineer was attacked: any move into its province
// by another power's unit that was not illegal, whether it succeeded or
// not (the card: "any attack on the Engineer foils the attempt"; a move
// by the engineer's own power is no attack, as own units never dislodge
// each other). Defences built stay for the rest of the game, help any
// unit holding the province whatever its power, and are public: the
// fortify order reveals the card (rule 3).
func afterFortify(s *engine.State, out *engine.Outcome, rng *engine.Rand) {
	if s.Phase.Type != engine.Movement || !powersActive(s.Phase) {
		return
	}
	ne, ok := out.Next.Extra.(*extra)
	if !ok {
		return
	}
	for i := range out.Results {
		r := &out.Results[i]
		o := r.Order
		if o.Kind != engine.Special || o.Special != fortifyName || r.Code == engine.Illegal || r.Code == engine.NoUnit || r.Code == engine.NotOwner {
			continue
		}
		u := r.Unit
		borders, why := fortifyBorders(s, u, o)
		if why != "" {
			continue
		}
		var by []string
		for _, a := range out.Results {
			if a.Unit.Power == u.Power || a.Code == engine.Illegal || a.Code == engine.NoUnit || a.Code == engine.NotOwner || a.Code == engine.Void {
				continue
			}
			if to, ok := moveTarget(s, a.Unit, a.Order); ok && to == u.Loc.P {
				by = append(by, kit.UnitName(s.Map, a.Unit))
			}
		}
		if len(by) > 0 {
			r.OK, r.Code = false, engine.Void
			r.Reason = "border defences foiled by the attack of " + strings.Join(by, ", ") + "; " + r.Reason
			continue
		}
		names := make([]string, len(borders))
		for k, b := range borders {
			p, _ := s.Map.Lookup(b)
			names[k] = s.Map.Provinces[p].Name
		}
		here := s.Map.Provinces[u.Loc.P]
		ne.Effects.Proposed.Defences = append(ne.Effects.Proposed.Defences, defence{Prov: here.Abbr, Borders: borders, Power: u.Power, Built: s.Phase})
		what := fmt.Sprintf("border defences set up in %s on the border with %s", here.Name, strings.Join(names, " and "))
		r.Reason = what + "; " + r.Reason
		out.Events = append(out.Events, strings.ToUpper(what[:1])+what[1:])
		_ = ne.Reveal(idOf(u), s.Phase, "set up border defences")
	}
}

// moveTarget returns the province order o moves unit u into: a move, or a
// special order judged as a move (a jump, a two-space move, an exchange).
func moveTarget(s *engine.State, u engine.Unit, o engine.Order) (engine.ProvinceID, bool) {
	if o.Kind == engine.Special {
		m, why := special(s, u, o)
		if why != "" {
			return engine.NoProvince, false
		}
		o = m
	}
	if o.Kind != engine.Move || !o.To.Valid() {
		return engine.NoProvince, false
	}
	return o.To.P, true
}

// randomFortify gives a Special Engineer a fortify order on one or two
// random borders not yet defended.
func randomFortify(s *engine.State, u engine.Unit, rng *engine.Rand) (engine.Order, bool) {
	c, ok := cardAt(s, u)
	if !ok || c.ID != specialEngineerID {
		return engine.Order{}, false
	}
	had := defencesOf(s, s.Map.Provinces[u.Loc.P].Abbr)
	var near []string
	for k, p := range s.Map.Provinces {
		if touching(s.Map, u.Loc.P, engine.ProvinceID(k)) && !slices.Contains(had, p.Abbr) {
			near = append(near, p.Abbr)
		}
	}
	if len(near) == 0 || len(had) >= maxBorders {
		return engine.Order{}, false
	}
	args := []string{near[rng.Intn(len(near), "which border a random engineer defends")]}
	o := engine.Order{Power: u.Power, Kind: engine.Special, Unit: u.Type, Number: u.Number, At: u.Loc, To: engine.Nowhere,
		AuxAt: engine.Nowhere, AuxTo: engine.Nowhere, Special: fortifyName, Args: args}
	o.Text = o.Format(s.Map)
	return o, true
}

func x11EngineerParts(r *registry) {
	addSpecial(r, "fortify", fortifyName, fortifyAs)
	r.After(priorityOthers, afterFortify)
	r.Strength(defendedHold)
	r.Random(randomFortify)
}

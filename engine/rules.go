package engine

// Role is what a unit's strength is counted for.
type Role uint8

// The roles a strength or a support weight may differ by (Davis cards #1,
// #2; Rather Silly monsters; Questionable Character dice).
const (
	RoleMove    Role = iota + 1 // attacking a province
	RoleHold                    // holding its own province
	RoleDefend                  // in a head-to-head battle
	RolePrevent                 // keeping others out of the province it moves to
	RoleSupport                 // the weight of one support it gives
)

// Rules holds the hooks through which a variant changes adjudication.
// Every hook is optional: a nil hook means the standard rule, so the zero
// Rules is standard Diplomacy exact to DATC v3.0. docs/engine.md lists each
// hook with the seed rules that need it.
type Rules struct {
	// Strength returns the strength unit u contributes in role (standard: 1).
	// For RoleSupport it is the weight of one support u gives.
	Strength func(s *State, u Unit, role Role) int

	// SupportLost returns how much of supporter's support (weight) is lost
	// to the attacks of the given units, each of which may cut it
	// (standard: all of it), and why, in words. Davis 16.f: a single
	// attack on a double-strength supporter cuts one unit of support, an
	// attack by another double-strength unit all of it; Davis #15: a
	// Cutter cuts up to two; Galt's Double Strength: a game may read "a
	// strength 2 attack ... will cut all support" with the attack's
	// supports counted. A supporter that is dislodged loses all its
	// support whatever this returns.
	//
	// attack(k) is the strength of attackers[k]'s attack on the
	// supporter, its own moving strength and the supports it receives (the
	// figure its result gives, "2 vs 2"), worked out only when asked.
	// attack is nil for a support whose weight, through the strengths of
	// the attacks on it, rests on itself (two such supporters each
	// supporting an attack on the other), where the weights would have no
	// single answer. why, when not empty, tells in the support's result
	// what the attacks took and with what strength ("support given to A
	// bur; " + why, or "support cut: " + why when they took all of it).
	SupportLost func(s *State, supporter Unit, weight int, attackers []Unit, attack func(k int) int) (lost int, why string)

	// Cuts reports whether attacker's move may cut supporter's support at
	// all, once the standard conditions hold (Davis X8: support cut only
	// by dislodgement).
	Cuts func(s *State, attacker, supporter Unit) bool

	// Reach reports whether unit u may move directly to l although the map
	// does not link them (two-space moves, jumps, special links, temporary
	// links of a season, Hyperspace). It is also asked for supports.
	Reach func(s *State, u Unit, l Loc) bool

	// Enter reports whether u may enter and stand in l although the map
	// forbids it: an impassable province (Davis #7 Explorer into
	// Switzerland), a sea for an army or an inland province for a fleet
	// (Davis #3 Amphibious, the Caspian Sea of Davis rule 11). The unit
	// still needs a link or Reach to get there.
	Enter func(s *State, u Unit, l Loc) bool

	// Special turns a variant's special order for unit u in a movement
	// phase into the standard order adjudicated in its place (Hold for
	// "annihilate", "gas" or "hypnotise"; a Move for a jump), or says why
	// it is impossible. The special order stays in the results; the After
	// hook reports what it did. nil: special orders are illegal.
	Special func(s *State, u Unit, o Order) (Order, string)

	// Prepare is called once per movement phase (or step) with the orders
	// after Rewrite, before resolution. What it returns changes the
	// resolution: provinces no unit may enter this turn (annihilated,
	// gassed: Davis #9, #10), and supports cut before any attack (Davis
	// #15 Cutter). In a retreat phase it is asked with no orders, and
	// nothing may retreat into its Blocked provinces.
	Prepare func(s *State, orders []Order) Turn

	// NumberUnits gives each built unit the lowest number free among its
	// power's units of its type (Davis rule 10: "1A, 2A, 1F").
	NumberUnits bool

	// SupportReach reports whether unit u may support into l although it
	// could not move there (Davis X6 Air Unit: supports two spaces away).
	SupportReach func(s *State, u Unit, l Loc) bool

	// ConcealOutcome cuts down, for one seat, what an adjudicated phase
	// says (its own copy): Davis #11's hypnotist reported as holding, #13's
	// cleared mines told to the engineer's owner alone, a card's use
	// revealed only where rule 3 reveals it. before is the position the
	// phase was adjudicated from. nil: results are public, as in the
	// standard game once orders are revealed.
	ConcealOutcome func(before *State, seat Seat, out *Outcome)

	// Occupies reports whether u occupies its province (ghosts, birds and
	// female armies do not: they neither hold it nor are dislodged there).
	Occupies func(s *State, u Unit) bool

	// CanConvoy reports whether unit f may convoy from where it stands
	// (standard: only fleets in sea provinces). The hook is asked for
	// armies too, so a variant may let an army convoy (Davis #3: an
	// amphibious army at sea).
	CanConvoy func(s *State, f Unit) bool

	// Phase adjudicates the phases the variant handles itself, returning
	// ok false to leave a phase to the standard adjudicators (Warped
	// Diplomacy's card-driven planning, logistics and battle phases; Rather
	// Silly's Borg and llama steps).
	Phase func(s *State, orders []Order, rng *Rand) (out *Outcome, ok bool)

	// Swap reports whether unit a ordered ao and unit b ordered bo, moving
	// into each other's provinces without a convoy, exchange places
	// instead of meeting head to head (Davis X1 Exchanger): each move is
	// then judged as in a swap by convoy, against the other moves into
	// the province it goes to. Standard: never.
	Swap func(s *State, a Unit, ao Order, b Unit, bo Order) bool

	// ConvoySupport reports whether fleet, convoying army as the last
	// fleet of its route (adjacent to the landing), also supports the
	// army's move (Davis #18 Superfleet: "it may Support the landing of
	// any Army it convoys"). Such a support needs no order of its own; it
	// is cut like any support by an attack on the fleet, and counts only
	// while the fleet's convoy stands.
	ConvoySupport func(s *State, fleet, army Unit) bool

	// ConvoyReach reports whether unit f, convoying, touches province p,
	// an end of the convoyed army's move, although the map does not link
	// them (Galt's Hyperspace fleet "may convoy any Army through
	// Hyperspace": from its unlimited space it touches every coast).
	// Standard: only the map's fleet links.
	ConvoyReach func(s *State, f Unit, p ProvinceID) bool

	// ConvoyFleet reports whether fleet f may be convoyed, by the units
	// CanConvoy allows, between two seas (Galt's Neanderthal army "may
	// 'convoy' a fleet across land"). Standard: only armies are convoyed.
	ConvoyFleet func(s *State, f Unit) bool

	// ConvoyChain reports whether convoying units x and y follow each
	// other in a convoy's chain although the map does not link them for
	// fleets (Galt's Neanderthal armies, "the one at each end of the
	// convoy" coastal, carry a fleet over land from army to army).
	// Standard: fleet links only.
	ConvoyChain func(s *State, x, y Unit) bool

	// FallbackSupport reports whether a support to hold that supporter
	// gives to supported, a unit ordered to move, counts for supported's
	// hold if its move fails (Davis X9), instead of being void (the
	// standard rule: a moving unit cannot be supported to hold). Standard:
	// never.
	FallbackSupport func(s *State, supporter, supported Unit) bool

	// Sequence splits a movement phase into steps adjudicated one after
	// another, each with the units not ordered in it holding (Davis X2
	// Move First; Warped Diplomacy's non-simultaneous turns). Standard:
	// one simultaneous step.
	Sequence func(s *State, orders []Order) [][]Order

	// HoldStrength returns the strength unit u holds its province with,
	// given the kind of its effective order (Hold, Support, Convoy, or
	// Move when its move failed) and the standard figure (Strength's
	// RoleHold, or 1 for a failed move). Galt's Move First defends with
	// zero while it supports; a double-strength unit whose move fails
	// still holds with two. In a later step of a Sequence, a unit whose
	// hold, support or convoy was judged in an earlier step is asked with
	// that order's kind. nil: the standard figure.
	HoldStrength func(s *State, u Unit, kind OrderKind, standard int) int

	// SelfDislodge reports whether attacker may dislodge defender, a unit
	// of its own power, its power's supports then counting for the attack
	// (Galt's Move First: "For this purpose you are allowed to dislodge
	// your own units"). Standard: never.
	SelfDislodge func(s *State, attacker, defender Unit) bool

	// SequenceMovesOn makes a unit dislodged in one step of a Sequence
	// still make the move ordered for it in a later step, as a normal move
	// from the province it was dislodged in, without occupying it (Galt's
	// Move First, Rules Clarifications: "The unit at y will attempt to go
	// through with its move to z, and this is considered a normal move and
	// not a Retreat when determining who gets z ... If the y-z move fails,
	// the unit will have to Retreat from space y"). While it moves on, the
	// step's position lists it in Dislodged too, so the variant's hooks
	// know it has been dislodged. Standard (false): a dislodged unit leaves
	// the board at once.
	SequenceMovesOn bool

	// Rewrite changes the orders before adjudication (hypnotism, bribes,
	// the Jester) and returns the new orders with a log line per change.
	Rewrite func(s *State, orders []Order, rng *Rand) ([]Order, []string)

	// After applies effects once a phase is adjudicated (mines,
	// annihilation, monsters, llamas), changing out.Next and adding to
	// out.Events.
	After func(s *State, out *Outcome, rng *Rand)

	// NextPhase returns the phase that follows p (standard: Spring and Fall
	// movement, their retreats when units were dislodged, Winter
	// adjustments when a power must build or disband).
	NextPhase func(s *State, p Phase) Phase

	// Conceal removes from a seat's view what that seat may not know
	// (Davis rule 3: a unit's card is known to its owner and the game
	// master; Galt's invisible units).
	Conceal func(v *View)

	// Acting says which seats must act in the phase s is in and which may
	// (WhoActs; standard: StandardActing). Rather Silly's Jester and
	// Mastermind act without units (rules 13, 14), its Borg step waits for
	// nobody (rule 2); Warped's turns wait for one power, with others
	// answering on it (POOT); Questionable's characters act for every power.
	Acting func(s *State) Acting

	// Label returns the number orders name unit u by when the variant
	// renumbered it without changing the unit's own Number (Galt rule 5:
	// a revealed Amphibious unit is "1Amp"), ok false when it did not. An
	// order may then name u by that number, written without a type
	// (UnitOf). nil: units are named by their own numbers.
	Label func(s *State, u Unit) (number int, ok bool)

	// Settle decides, once a phase is adjudicated, who owns the centres
	// and whether the game has ended (setting out.End): before is the
	// position adjudicated, out its outcome, whose Next is still in that
	// phase. Standard: StandardSettle, ownership and 18 centres at the end
	// of Fall. Rather Silly settles at its adjustment step, with several
	// winners possible (the Doctor's 30 points beside 18 centres, the
	// Jester past the 1920 adjustments: rule 18); Warped wins at 18
	// centres at any moment.
	Settle func(before *State, out *Outcome)

	// VictoryCentres is the number of centres that wins (standard: 18).
	VictoryCentres int
}

// Turn is what a variant decides about a movement phase before it is
// resolved (Rules.Prepare). Each map's value is the reason given in the
// results.
type Turn struct {
	// Blocked provinces stop every move into them: the move fails, keeps
	// no one else out, leaves no standoff and cuts no support; nothing
	// may retreat there.
	Blocked map[ProvinceID]string
	// Cut supports: the support of the unit standing in the province is
	// cut whatever the attacks.
	Cut map[ProvinceID]string
	// Intangible decides, for this turn, whether a unit is in the fight,
	// whatever Occupies says of the position (Galt's Ghost: an invisible
	// Ghost "does not occupy the space it is in ... cannot be dislodged or
	// prevented from moving ... cannot support or convoy anything (but may
	// BE convoyed)"). true: the unit holds no province; its move succeeds
	// whenever it has a route and its province is not Blocked, and
	// dislodges no one, keeps no one out and cuts no support; it may not
	// support or convoy. false: the unit holds its province this turn as an
	// ordinary unit, even where Occupies says it does not. A unit not in
	// the map is judged by Occupies, as without the map.
	Intangible map[Unit]bool
}

func (r *Rules) enter(s *State, u Unit, l Loc) bool {
	return r != nil && r.Enter != nil && r.Enter(s, u, l)
}

func (r *Rules) strength(s *State, u Unit, role Role) int {
	if p, ok := s.pieceOf(u); ok && p.NoCombat {
		return 0 // no combat value, whatever the hooks say
	}
	if r != nil && r.Strength != nil {
		return r.Strength(s, u, role)
	}
	return 1
}

func (r *Rules) holdStrength(s *State, u Unit, kind OrderKind, standard int) int {
	if r != nil && r.HoldStrength != nil {
		return r.HoldStrength(s, u, kind, standard)
	}
	return standard
}

func (r *Rules) selfDislodge(s *State, attacker, defender Unit) bool {
	return r != nil && r.SelfDislodge != nil && r.SelfDislodge(s, attacker, defender)
}

func (r *Rules) occupies(s *State, u Unit) bool {
	if p, ok := s.pieceOf(u); ok && p.Shares {
		return false // it stands beside the others
	}
	if r != nil && r.Occupies != nil {
		return r.Occupies(s, u)
	}
	return true
}

func (r *Rules) reach(s *State, u Unit, l Loc) bool {
	return r != nil && r.Reach != nil && r.Reach(s, u, l)
}

func (r *Rules) canConvoy(s *State, f Unit) bool {
	if r != nil && r.CanConvoy != nil {
		return r.CanConvoy(s, f)
	}
	return f.Type == Fleet && s.Map.Provinces[f.Loc.P].Kind == Sea
}

func (r *Rules) swap(s *State, a Unit, ao *Order, b Unit, bo *Order) bool {
	return r != nil && r.Swap != nil && ao != nil && bo != nil && r.Swap(s, a, *ao, b, *bo)
}

func (r *Rules) convoyFleet(s *State, f Unit) bool {
	return r != nil && r.ConvoyFleet != nil && f.Type == Fleet && r.ConvoyFleet(s, f)
}

func (r *Rules) fallbackSupport(s *State, supporter, supported Unit) bool {
	return r != nil && r.FallbackSupport != nil && r.FallbackSupport(s, supporter, supported)
}

func (r *Rules) victory() int {
	if r != nil && r.VictoryCentres > 0 {
		return r.VictoryCentres
	}
	return 18
}

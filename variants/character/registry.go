package character

import (
	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// The variant's hooks are composed from parts (variants/kit's Registry):
// each card or rule keeps its share of the hooks in its own file, in a
// function that adds them to the registry (jumperParts, ...), and build
// calls those functions in the order of the files. Parts with a priority
// run in ascending order (rule 9 and the recommended order of the
// proposed cards: Move First, Thief, Disbeliever, Annihilator, Hypnotist,
// Gasser, all others).
const (
	priorityRules       = 5  // rule 14.a: units sent off the board with the Fall orders leave before any card acts
	priorityMoveFirst   = 10 // X2
	priorityThief       = 20 // X3
	priorityDisbeliever = 30 // X4
	priorityAnnihilator = 40 // #9
	priorityHypnotist   = 50 // #11
	priorityGasser      = 60 // #10
	priorityOthers      = 70 // every other card
	priorityLifecycle   = 90 // dealing to builds, discarding the cards of units gone (rules 2, 5, 13)
)

// registry is the variant's registry of parts.
type registry = kit.Registry[*extra]

// reg is the registry build made: the parts that adjudicate a trial turn
// or read the variant's own hooks ask it (a reference to Variant from a
// hook would make Variant's initialisation depend on itself).
var reg *registry

// build composes the variant: the parts of every card and rule file, in
// the order of the files, then the hooks of strength.go and reach.go that
// the parts change.
func build() *engine.Variant {
	r := kit.NewRegistry[*extra]()
	r.Inactive = func(s *engine.State) string {
		if !powersActive(s.Phase) {
			return "no card may be used before Spring 1902 (rule 7)"
		}
		return ""
	}
	// The base figures the card parts change: strength.go's strength,
	// reach.go's links, strength.go's cuts, the Caspian's convoys.
	r.Strength(func(s *engine.State, u engine.Unit, role engine.Role, _ int) int { return strength(s, u, role) })
	r.Reach(reach)
	r.Cuts(cuts)
	r.CanConvoy(func(s *engine.State, u engine.Unit) (bool, bool) { return canConvoy(s, u), true })
	r.SupportLost(supportLost)
	amphibiousParts(r)
	annihilatorParts(r)
	converterParts(r)
	cutterParts(r)
	doublemoverParts(r)
	explorerParts(r)
	freeunitParts(r)
	gasserParts(r)
	hyperspaceParts(r)
	hypnotistParts(r)
	jumperParts(r)
	lifecycleParts(r)
	minelayerParts(r)
	moversParts(r)
	proposedParts(r)
	proposedParts2(r)
	retreaterParts(r)
	retreats14Parts(r)
	sappersParts(r)
	strikesParts(r)
	x10RedeplierParts(r)
	x11EngineerParts(r)
	x1ExchangerParts(r)
	x2MovefirstParts(r)
	x3ThiefParts(r)
	x4DisbelieverParts(r)
	x6AirParts(r)
	for _, c := range cardSpecials {
		r.GiveCard(c.name, c.card, c.province, c.unit)
	}
	r.ConcealView(func(v *engine.View) {
		if e, ok := v.State.Extra.(*extra); ok {
			e.conceal(v.Seat)
		}
	})
	// The proposed cards' hooks (X1 Exchanger, X9).
	r.Swap(swapExchange)
	r.FallbackSupport(fallbackSupport)
	r.ConvoySupport(convoySupport)
	r.NumberUnits()
	reg = r
	return &engine.Variant{
		ID:   "character",
		Name: "Character Diplomacy",
		Description: "Fred C. Davis Jr.'s variant: every unit holds a secret character card " +
			"(double strength, jumper, annihilator, ...), usable from Spring 1902.",
		Map:         kit.CharacterBoard,
		Start:       engine.Phase{Year: 1901, Season: engine.Spring, Type: engine.Movement},
		Setup:       setup,
		DecodeExtra: decodeExtra,
		Specials:    r.Syntax(),
		Rules:       r.Rules(),
		// randomSpecial is a function of the package, which reads reg.
		RandomSpecial: randomSpecial,
	}
}

// addSpecial registers a card's special order's words and its movement
// form.
func addSpecial(r *registry, verb, name string, as kit.SpecialFunc) {
	r.AddSpecial(kit.Special{Syntax: engine.SpecialSyntax{Verb: verb, Name: name}, As: as})
}

// addRuleSpecial registers a special order of a rule of the game, which
// belongs to no card and so is not postponed by rule 7.
func addRuleSpecial(r *registry, verb, name string, as kit.SpecialFunc) {
	r.AddSpecial(kit.Special{Syntax: engine.SpecialSyntax{Verb: verb, Name: name}, As: as, Rule: true})
}

// special is the Rules.special hook.
func special(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string) {
	return reg.Rules().Special(s, u, o)
}

// prepare is the Rules.prepare hook.
func prepare(s *engine.State, orders []engine.Order) engine.Turn {
	return reg.Rules().Prepare(s, orders)
}

// rewrite is the Rules.rewrite hook.
func rewrite(s *engine.State, orders []engine.Order, rng *engine.Rand) ([]engine.Order, []string) {
	return reg.Rules().Rewrite(s, orders, rng)
}

// enter is the Rules.enter hook: any part may open a space to a unit.
func enter(s *engine.State, u engine.Unit, l engine.Loc) bool { return reg.Rules().Enter(s, u, l) }

// reachAny is the Rules.Reach hook: the links of reach.go, then any part.
func reachAny(s *engine.State, u engine.Unit, l engine.Loc) bool { return reg.Rules().Reach(s, u, l) }

func nextPhase(s *engine.State, p engine.Phase) engine.Phase {
	if f := reg.Rules().NextPhase; f != nil {
		return f(s, p)
	}
	return engine.StandardNextPhase(s, p)
}

// randomSpecial returns a random special order for u from the card parts,
// or ok false. The soak test mixes these into engine.RandomOrders.
func randomSpecial(s *engine.State, u engine.Unit, rng *engine.Rand) (engine.Order, bool) {
	return reg.RandomSpecial(s, u, rng)
}

// parser returns an order parser for the variant on board m: the special
// orders a card's order may write (a hypnotised unit's).
func parser(m *engine.Map) *engine.Parser { return &engine.Parser{Map: m, Specials: reg.Syntax()} }

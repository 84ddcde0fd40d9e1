package character2

import (
	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// The variant's hooks are composed from parts (variants/kit's Registry):
// each card or rule keeps its share of the hooks in its own file, in a
// function that adds them to the registry (jumperParts, ...), and build
// calls those functions in the order of the files.
//
// Parts with a priority run in ascending order. Rule 8: "If two or more
// units try to use their special powers on each other at the same time,
// the power listed earlier in the table takes precedence", so a card's
// priority is its place in the table (priorityOf); the life cycle (deals,
// discards) runs after every card.
const (
	priorityLifecycle = 900 // dealing to builds, discarding the cards of units gone
)

// priorityOf returns the priority of kind k's parts: its place in the
// seed's table, ten apart so a card may run a part just before or after
// another's.
func priorityOf(k kind) int { return int(k) * 10 }

// registry is the variant's registry of parts.
type registry = kit.Registry[*extra]

// reg is the registry build made: the parts that adjudicate a trial turn
// or read the variant's own hooks and options ask it (a reference to
// Variant from a hook would make Variant's initialisation depend on
// itself).
var reg *registry

// start is the first phase: the powers act from Spring 1901.
var start = engine.Phase{Year: 1901, Season: engine.Spring, Type: engine.Movement}

// build composes the variant from the parts of every card and rule file,
// in the order of the files.
func build() *engine.Variant {
	r := kit.NewRegistry[*extra]()
	r.GMSeesAll = true
	reg = r
	amphibiousParts(r)
	annihilatorParts(r)
	caspianParts(r)
	convertibleParts(r)
	convoyedParts(r)
	cutterParts(r)
	doppelgangerParts(r)
	doublemoverParts(r)
	explorerParts(r)
	freeunitParts(r)
	gasattackerParts(r)
	hiddenParts(r)
	hiddenCasesParts(r)
	hyperspaceParts(r)
	hypnotistParts(r)
	jumperParts(r)
	lifecycleParts(r)
	minelayerParts(r)
	movefirstParts(r)
	moversParts(r)
	neanderthalParts(r)
	numbersParts(r)
	psychicParts(r)
	retreaterParts(r)
	stanceParts(r)
	strengthParts(r)
	strikesParts(r)
	strikesMarksParts(r)
	strikesStateParts(r)
	waterwalkerParts(r)
	r.ConcealView(func(v *engine.View) {
		if e, ok := v.State.Extra.(*extra); ok {
			e.conceal(v.Seat)
		}
	})
	r.Label(ampNumber)
	r.NumberUnits()
	r.SequenceMovesOn() // Move First: the clarification's "unit at y" (movefirst.go)
	return &engine.Variant{
		ID:   "character2",
		Name: "Character Diplomacy II",
		Description: "John Galt's variant: every unit holds a secret card of 27 types (invisible units, " +
			"ghosts, psychics, doppelgangers, ...) dealt from a Tarot deck, usable from the first turn.",
		Map:         kit.CharacterBoard,
		Start:       start,
		Setup:       setup,
		DecodeExtra: decodeExtra,
		Specials:    r.Syntax(),
		Rules:       r.Rules(),
		// randomSpecial is a function of the package, which reads reg.
		RandomSpecial: randomSpecial,
	}
}

// addSpecial registers a special order of the cards of kinds: its verb (as
// written in orders) and name, and its movement form.
func addSpecial(r *registry, verb, name string, kinds []kind, as kit.SpecialFunc) {
	addSpecialDrag(r, verb, name, kinds, false, false, as)
}

// addSpecialDrag is addSpecial for an order the window completes by a
// drag: onto a province (takesProvince) or onto a unit (takesUnit).
func addSpecialDrag(r *registry, verb, name string, kinds []kind, takesProvince, takesUnit bool, as kit.SpecialFunc) {
	var cards []string
	for _, k := range kinds {
		cards = append(cards, k.Word())
	}
	r.AddSpecial(kit.Special{Syntax: engine.SpecialSyntax{Verb: verb, Name: name}, Cards: cards,
		TakesProvince: takesProvince, TakesUnit: takesUnit, As: as})
}

// addEffect registers a PRESTATE_EFFECTS/POSTSTATE_EFFECTS line kind.
func addEffect(r *registry, word string, parse func(s *engine.State, e *extra, args []string) error, lines func(s *engine.State, e *extra) []string) {
	r.Effect(kit.Effect[*extra]{Word: word, Parse: parse, Lines: lines})
}

// addOption declares a game option.
func addOption(r *registry, name, def, doc string, check func(string) error) {
	r.Option(kit.Option{Name: name, Default: def, Doc: doc, Check: check})
}

// specials lists the special orders of the variant, for its parser.
func specials() []engine.SpecialSyntax { return reg.Syntax() }

// special is the Rules.special hook: the card part that owns the order
// says what it is adjudicated as.
func special(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string) {
	return reg.Rules().Special(s, u, o)
}

func enterAny(s *engine.State, u engine.Unit, l engine.Loc) bool { return reg.Rules().Enter(s, u, l) }
func reachAny(s *engine.State, u engine.Unit, l engine.Loc) bool { return reg.Rules().Reach(s, u, l) }

// occupiesAll is the Rules.Occupies hook: a unit occupies its province
// unless a part says it does not.
func occupiesAll(s *engine.State, u engine.Unit) bool { return reg.Rules().Occupies(s, u) }

// canConvoyAny is the Rules.CanConvoy hook.
func canConvoyAny(s *engine.State, u engine.Unit) bool { return reg.Rules().CanConvoy(s, u) }

// strengthAll is the Rules.Strength hook.
func strengthAll(s *engine.State, u engine.Unit, role engine.Role) int {
	return reg.Rules().Strength(s, u, role)
}

// randomSpecial returns a random special order for u from the card parts,
// or ok false. The soak test mixes these into engine.RandomOrders.
func randomSpecial(s *engine.State, u engine.Unit, rng *engine.Rand) (engine.Order, bool) {
	o, ok := reg.RandomSpecial(s, u, rng)
	if !ok {
		return o, false
	}
	if e := extraOf(s); e != nil {
		if _, amp := e.Effects.Movers.Amp[idOf(u)]; amp {
			o.Number = 0 // its old number is no longer correct (rule 5)
		}
	}
	return o, true
}

// parser returns an order parser for the variant on board m.
func parser(m *engine.Map) *engine.Parser { return &engine.Parser{Map: m, Specials: reg.Syntax()} }

func supportReachAny(s *engine.State, u engine.Unit, l engine.Loc) bool {
	return reg.Rules().SupportReach(s, u, l)
}

// prepare is the Rules.prepare hook.
func prepare(s *engine.State, orders []engine.Order) engine.Turn {
	return reg.Rules().Prepare(s, orders)
}

// Package questionable is Questionable Character Diplomacy (rg13, Lee
// Kendter Jr.): every great power holds the same seven characters, the
// Briber, the Embezzler, the Dealer, the Gambler, the Hooker, the Thug and
// the Killer, who act on die rolls before the moves and can bribe, steal,
// drug, win, seduce and protect units, and kill leaders.
//
// The characters are a seat's hand (characters.go): each power's seven,
// with their records (caught, barred for game years, in jail for life,
// dead, defected). Their orders are orders of the seat with no unit of
// its own ("bribe F stp/sc - lvn", "embezzle A war", "gamble F tri with A
// ven", "protect A par", "kill germany"; intents.go), resolved in rule 8's
// order with a die each (resolve.go), the dice drawn from the game's seed
// or entered by a game master at the table. By default the characters
// act in a step of their own before each movement turn, and the moves
// are ordered knowing what they did; with the option character_step
// together, one deadline carries both (moves.go). Every ruling where the
// seed is silent or garbled is in docs/rulings/questionable.md, with its
// rule number; those where careful game masters differ are options
// (options.go).
package questionable

import (
	"slices"

	"dipdesk/engine"
	"dipdesk/variants/kit"
	"dipdesk/variants/standard"
)

// registry is the variant's registry of parts (the kit's).
type registry = kit.Registry[*extra]

// reg is the registry build made (the options and the special orders).
var reg *registry

// stepCharacters is the characters' own step before a movement turn.
const stepCharacters = "characters"

// Variant is Questionable Character Diplomacy.
var Variant = build()

func build() *engine.Variant {
	r := kit.NewRegistry[*extra]()
	reg = r
	declareOptions(r)
	for _, k := range seedOrder {
		info := kinds[k]
		r.AddSpecial(kit.Special{Syntax: engine.SpecialSyntax{Verb: info.verb, Name: info.verb, Seat: true},
			Cards: []string{info.name}, TakesUnit: k != killer})
	}
	r.Phase(phase)
	r.NextPhase(nextPhase)
	r.Rewrite(0, rewriteMoves)
	r.After(0, afterMoves)
	r.ConcealOutcome(concealOutcome)
	r.ConcealView(concealTurn)
	rules := r.Rules()
	rules.Acting = acting
	rules.Settle = settle
	return &engine.Variant{
		ID:   "questionable",
		Name: "Questionable Character Diplomacy",
		Description: "Lee Kendter Jr.'s variant: every power holds the same seven characters (Briber, Embezzler, Dealer, " +
			"Gambler, Hooker, Thug, Killer) who act on die rolls before the moves.",
		Map:         standard.Map,
		Start:       engine.Phase{Year: 1901, Season: engine.Spring, Type: engine.Movement},
		Specials:    r.Syntax(),
		Rules:       rules,
		Setup:       setup,
		DecodeExtra: decodeExtra,
	}
}

// setup deals every great power its seven characters, keeps the options,
// and, when the characters act in a step of their own, begins with it.
func setup(s *engine.State, given map[string]string, _ *engine.Rand) error {
	opt, err := parseOptions(given)
	if err != nil {
		return err
	}
	kept, _ := reg.ParseOptions("questionable", given)
	s.Extra = &extra{Options: kept, Characters: startingCharacters(s.Map)}
	if opt.separate && opt.mayAct(s.Phase) {
		s.Phase = charactersStep(s.Phase)
	}
	return nil
}

// mayAct reports whether characters act in the movement turn p (ruling
// Q1: every movement turn, or Spring only).
func (o options) mayAct(p engine.Phase) bool {
	return p.Type == engine.Movement && (!o.actYearly || p.Season == engine.Spring)
}

// charactersStep is the characters' step before movement turn p.
func charactersStep(p engine.Phase) engine.Phase {
	return engine.Phase{Year: p.Year, Season: p.Season, Type: engine.Custom, Step: stepCharacters}
}

// isCharacters reports whether p is the characters' step.
func isCharacters(p engine.Phase) bool { return p.Type == engine.Custom && p.Step == stepCharacters }

// nextPhase is the standard sequence, with the characters' step before
// each movement turn in which they act (option character_step separate).
func nextPhase(next *engine.State, p engine.Phase) engine.Phase {
	if isCharacters(p) {
		return engine.Phase{Year: p.Year, Season: p.Season, Type: engine.Movement}
	}
	n := engine.StandardNextPhase(next, p)
	if opt := optionsOf(extraOf(next)); opt.separate && opt.mayAct(n) {
		return charactersStep(n)
	}
	return n
}

// acting: in the characters' step, every great power still in the game
// with a character free to act; otherwise the standard answer, except
// that in the moves after a leader was killed that country is not waited
// for (its orders are void, rule 7) where every country reads the kill
// (public reports; with private ones waiting for it keeps the secret).
func acting(s *engine.State) engine.Acting {
	if !isCharacters(s.Phase) {
		a := engine.StandardActing(s)
		if e := extraOf(s); e != nil && e.Turn != nil && e.Turn.Phase == s.Phase && !optionsOf(e).private {
			a.Must = slices.DeleteFunc(a.Must, func(p engine.Power) bool { return slices.Contains(e.Turn.NMR, p) })
		}
		return a
	}
	e := extraOf(s)
	opt := optionsOf(e)
	var a engine.Acting
	for _, p := range s.Map.Powers {
		if p.Role || !slices.ContainsFunc(s.Units, func(u engine.Unit) bool { return u.Power == p.ID }) {
			continue
		}
		if slices.ContainsFunc(e.Characters, func(c *character) bool { ok, _ := c.available(s.Phase, opt); return c.Owner == p.ID && ok }) {
			a.Must = append(a.Must, p.ID)
		}
	}
	return a
}

// settle is the standard game's, not after the characters' own step (a
// Fall's centres change hands after its moves).
func settle(before *engine.State, out *engine.Outcome) {
	if isCharacters(before.Phase) {
		return
	}
	engine.StandardSettle(before, out, reg.Rules())
}

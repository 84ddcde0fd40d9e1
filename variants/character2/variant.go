package character2

import (
	"slices"

	"dipdesk/engine"
)

// Variant is Character Diplomacy II on the standard board with Hyperspace
// and the Caspian Sea.
var Variant = &engine.Variant{
	ID:   "character2",
	Name: "Character Diplomacy II",
	Description: "John Galt's variant: every unit holds a secret card of 27 types (invisible units, " +
		"ghosts, psychics, doppelgangers, ...) dealt from a Tarot deck, usable from the first turn.",
	Map:         Map,
	Start:       engine.Phase{Year: 1901, Season: engine.Spring, Type: engine.Movement},
	Setup:       Setup,
	DecodeExtra: DecodeExtra,
}

// The hooks and special orders are composed from the parts the card files
// register (registry.go), so they are set once every init has run.
func init() {
	Variant.Specials = Specials()
	Variant.Rules = &engine.Rules{
		Strength:        strengthAll,
		SupportLost:     supportLost,
		HoldStrength:    holdStrengthAll,
		SelfDislodge:    selfDislodgeAny,
		Cuts:            cutsAll,
		Reach:           reachAny,
		Enter:           enterAny,
		CanConvoy:       canConvoyAny,
		SupportReach:    supportReachAny,
		Special:         Special,
		Prepare:         Prepare,
		Rewrite:         Rewrite,
		After:           After,
		Phase:           phaseAny,
		NextPhase:       nextPhase,
		Sequence:        sequence,
		Conceal:         Conceal,
		ConcealOutcome:  ConcealOutcome,
		Occupies:        occupiesAll,
		ConvoySupport:   convoySupportAny,
		ConvoyReach:     convoyReachAny,
		ConvoyFleet:     convoyFleetAny,
		ConvoyChain:     convoyChainAny,
		Swap:            swapAny,
		FallbackSupport: fallbackSupportAny,
		NumberUnits:     true,
		SequenceMovesOn: true, // Move First: the clarification's "unit at y" (movefirst.go)
	}
}

// Setup numbers the starting units (rule 5), shuffles the Tarot deck and
// deals one card to each unit under rule 3, drawing only from rng. The
// options are those the parts declare (OptionNames).
func Setup(s *engine.State, options map[string]string, rng *engine.Rand) error {
	opt, err := parseOptions(options)
	if err != nil {
		return err
	}
	s.Units = NumberUnits(slices.Clone(s.Units))
	deck := NewDeck(rng)
	deal, log, err := InitialDeal(s.Units, deck, rng)
	if err != nil {
		return err
	}
	e := NewExtra(deck)
	e.Options = opt
	for id, c := range deal {
		e.Give(id, c, s.Phase)
	}
	e.Log = log
	s.Extra = e
	return nil
}

// Conceal cuts a seat's view down to what it may know: a power keeps its
// own cards, revealed ones and those it was told of; the public keeps
// revealed ones; the game master keeps everything. Outside the game
// master's view the deck is reduced to its counts. Then each part cuts
// what it hides (the invisible units).
func Conceal(v *engine.View) {
	if v.State == nil || v.Seat.GM {
		return
	}
	for _, f := range parts.concealView {
		f(v)
	}
	if e, ok := v.State.Extra.(*Extra); ok {
		e.conceal(v.Seat)
	}
}

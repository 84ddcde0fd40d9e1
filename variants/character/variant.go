package character

import (
	"fmt"
	"slices"
	"strconv"

	"dipdesk/engine"
	"dipdesk/variants/standard"
)

// OptionReshuffle is the Setup option that changes rule 13's count of 50.
const OptionReshuffle = "reshuffle_every"

// Variant is Character Diplomacy on the standard board. It is not
// registered in variants.All yet: only cards #1, #2 and #20 act so far,
// and the Hyperspace space of rule 6 is not on the map.
var Variant = &engine.Variant{
	ID:   "character",
	Name: "Character Diplomacy",
	Description: "Fred C. Davis Jr.'s variant: every unit holds a secret character card " +
		"(double strength, jumper, annihilator, ...), usable from Spring 1902.",
	Map:         standard.Map,
	Start:       engine.Phase{Year: 1901, Season: engine.Spring, Type: engine.Movement},
	Setup:       Setup,
	DecodeExtra: DecodeExtra,
	Rules: &engine.Rules{
		Strength:    Strength,
		SupportLost: SupportLost,
		Conceal:     Conceal,
	},
}

// Setup numbers the starting units (rule 10), builds and shuffles the deck
// and deals one card to each unit (rule 4), drawing only from rng. The one
// option is OptionReshuffle ("50").
func Setup(s *engine.State, options map[string]string, rng *engine.Rand) error {
	opt, err := parseOptions(options)
	if err != nil {
		return err
	}
	list, err := LoadCards()
	if err != nil {
		return err
	}
	deck, err := NewDeck(list, opt, rng)
	if err != nil {
		return err
	}
	s.Units = NumberUnits(slices.Clone(s.Units))
	deal, log, err := InitialDeal(s.Units, deck, rng)
	if err != nil {
		return err
	}
	e := NewExtra(deck)
	for id, c := range deal {
		e.Give(id, c, s.Phase)
	}
	e.Log = log
	s.Extra = e
	return nil
}

func parseOptions(options map[string]string) (Options, error) {
	var opt Options
	for k, v := range options {
		switch k {
		case OptionReshuffle:
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return opt, fmt.Errorf("character: option %s=%q: want a number of cards from 1 (rule 13 says 50)", k, v)
			}
			opt.ReshuffleEvery = n
		default:
			return opt, fmt.Errorf("character: unknown option %q (known: %s)", k, OptionReshuffle)
		}
	}
	return opt, nil
}

// Conceal cuts a seat's view down to what rule 3 lets it know: a power
// keeps its own cards, revealed ones and those it was told of; the public
// keeps revealed ones; the game master keeps everything. Outside the game
// master's view the deck is reduced to its counts.
func Conceal(v *engine.View) {
	if v.State == nil {
		return
	}
	if e, ok := v.State.Extra.(*Extra); ok {
		e.conceal(v.Seat)
	}
}

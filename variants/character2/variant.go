package character2

import (
	"slices"

	"dipdesk/engine"
)

// Variant is Character Diplomacy II on the character variants' board
// (kit.CharacterBoard): Hyperspace, the Caspian Sea and the Explorer's
// islands. Its hooks and special orders are composed by build from the
// parts of every card file.
var Variant = build()

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

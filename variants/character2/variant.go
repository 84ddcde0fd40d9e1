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

// setup numbers the starting units (rule 5), shuffles the Tarot deck and
// deals one card to each unit under rule 3, drawing only from rng. The
// options are those the parts declare (optionNames).
func setup(s *engine.State, options map[string]string, rng *engine.Rand) error {
	opt, err := parseOptions(options)
	if err != nil {
		return err
	}
	s.Units = numberUnits(slices.Clone(s.Units))
	deck := newDeck(rng)
	deal, log, err := initialDeal(s.Units, deck, rng)
	if err != nil {
		return err
	}
	e := newExtra(deck)
	e.Options = opt
	for id, c := range deal {
		e.Give(id, c, s.Phase)
	}
	e.Log = log
	s.Extra = e
	return nil
}

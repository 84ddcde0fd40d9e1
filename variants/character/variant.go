package character

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"dipdesk/engine"
)

// The Setup options.
const (
	// optionReshuffle changes rule 13's count of 50.
	optionReshuffle = "reshuffle_every"
	// optionAdd lists the proposed cards the players voted in, by id with
	// an optional count: "X5,X8:4" (Options.Add; a card without a count
	// takes its recommended one).
	optionAdd = "add_cards"
	// optionCounts overrides the number of copies of cards in the deck, by
	// id with a count: "8:2,10:6" (Options.Counts; 0 takes a card out).
	// The seed's card table is garbled for cards #1-#10 (the rulings'
	// "Card counts"), so the game master may set the reading he prefers.
	optionCounts = "counts"
)

// maxCopies is the most copies of one card counts and add_cards may ask
// for. No game holds more than 36 cards at once (a unit on each of the 34
// supply centres, and the two Free Units, which need none), so more copies
// of a card than that only weigh the draw; 100 leaves a game master room
// for that, and refuses a deck no game could use (add_cards=X5:100000000
// built a hundred million cards, a 12 GB deck).
const maxCopies = 100

// Variant is Character Diplomacy on the standard board with Hyperspace,
// the Caspian Sea and the Explorer's five islands (kit.CharacterBoard):
// the twenty cards of the regular deck and, by the add_cards option, the
// proposed cards X1-X11. Its hooks and special orders are composed by
// build from the parts of every card file.
var Variant = build()

// setup numbers the starting units (rule 10), builds and shuffles the deck
// and deals one card to each unit (rule 4), drawing only from rng. The
// options are optionReshuffle ("50"), optionAdd ("X5,X8:4") and
// optionCounts ("8:2,10:6").
func setup(s *engine.State, options map[string]string, rng *engine.Rand) error {
	opt, err := parseOptions(options)
	if err != nil {
		return err
	}
	list, err := loadCards()
	if err != nil {
		return err
	}
	deck, err := buildDeck(list, opt, rng)
	if err != nil {
		return err
	}
	s.Units = numberUnits(slices.Clone(s.Units))
	deal, log, err := initialDeal(s.Units, deck, rng)
	if err != nil && len(opt.Counts) > 0 {
		ordinary := 0
		for _, c := range deck.Types() {
			if c.Ordinary() {
				ordinary = c.Count
			}
		}
		return fmt.Errorf("%w (option %s leaves %d cards in the deck, %d of them Ordinary, for %d starting units)",
			err, optionCounts, deck.Size(), ordinary, len(s.Units))
	}
	if err != nil {
		return err
	}
	e := newExtra(deck)
	for id, c := range deal {
		e.Give(id, c, s.Phase)
	}
	e.Log = log
	s.Extra = e
	return nil
}

func parseOptions(options map[string]string) (deckOptions, error) {
	var opt deckOptions
	for k, v := range options {
		switch k {
		case optionReshuffle:
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return opt, fmt.Errorf("character: option %s=%q: want a number of cards from 1 (rule 13 says 50)", k, v)
			}
			opt.ReshuffleEvery = n
		case optionAdd:
			add, err := parseAdd(v)
			if err != nil {
				return opt, fmt.Errorf("character: option %s=%q: %v", k, v, err)
			}
			opt.Add = add
		case optionCounts:
			counts, err := parseCounts(v)
			if err != nil {
				return opt, fmt.Errorf("character: option %s=%q: %v", k, v, err)
			}
			opt.Counts = counts
		default:
			return opt, fmt.Errorf("character: unknown option %q (known: %s, %s, %s)", k, optionReshuffle, optionAdd, optionCounts)
		}
	}
	return opt, nil
}

// parseCounts reads optionCounts's value: card ids with their number of
// copies, "ID:COUNT" separated by commas ("8:2,10:6", "X5:4"); an id may
// be written "#8". The deck checks the ids against the cards in the game.
func parseCounts(v string) (map[string]int, error) {
	counts := map[string]int{}
	for item := range strings.SplitSeq(v, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		id, count, ok := strings.Cut(item, ":")
		id = strings.ToUpper(strings.TrimPrefix(strings.TrimSpace(id), "#"))
		if !ok || id == "" {
			return nil, fmt.Errorf("%q: want a card and its count, as 8:2", item)
		}
		n, err := strconv.Atoi(strings.TrimSpace(count))
		if err != nil || n < 0 {
			return nil, fmt.Errorf("card %s: want a count from 0 (0 takes it out of the deck), not %q", id, strings.TrimSpace(count))
		}
		if n > maxCopies {
			return nil, tooMany(id, n)
		}
		if _, dup := counts[id]; dup {
			return nil, fmt.Errorf("card %s named twice", id)
		}
		counts[id] = n
	}
	if len(counts) == 0 {
		return nil, errors.New("no card named: want card ids with their counts, as 8:2,10:6")
	}
	return counts, nil
}

// tooMany is the error of a count over maxCopies.
func tooMany(id string, n int) error {
	return fmt.Errorf("card %s: at most %d copies of a card, not %d (no game holds more than 36 cards at once)", id, maxCopies, n)
}

// parseAdd reads optionAdd's value: card ids separated by commas, each
// with an optional ":count" (0 or none: the recommended count). The deck
// checks that each id is a proposed card.
func parseAdd(v string) (map[string]int, error) {
	add := map[string]int{}
	for item := range strings.SplitSeq(v, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		id, count, hasCount := strings.Cut(item, ":")
		id = strings.ToUpper(strings.TrimSpace(id))
		n := 0
		if hasCount {
			var err error
			n, err = strconv.Atoi(strings.TrimSpace(count))
			if err != nil || n < 0 {
				return nil, fmt.Errorf("card %s: want a count from 0, not %q", id, count)
			}
			if n > maxCopies {
				return nil, tooMany(id, n)
			}
		}
		if _, dup := add[id]; dup {
			return nil, fmt.Errorf("card %s named twice", id)
		}
		add[id] = n
	}
	return add, nil
}

// Package cardgame is what the program sees of a variant whose units hold
// secret cards (Davis's Character Diplomacy, Galt's Character Diplomacy
// II): a seat's hand, the signs the cards leave on the board, the
// game master's manual deal. A variant's State.Extra implements Game; the
// session, the window and the network ask it through this package only, so
// they never depend on one variant's internals and never see more than
// the seat's own view.
//
// The package is pure: it imports the engine and the standard library
// only.
package cardgame

import "dipdesk/engine"

// Order is a special order a card's holder may give: the parser's words,
// and how the window completes it when the card is dragged.
type Order struct {
	engine.SpecialSyntax
	// TakesProvince: the first argument is one province ("annihilate
	// (space)", "(space) gassed"), so dropping the card on a province
	// completes the order.
	TakesProvince bool
	// TakesUnit: the order names another unit and then its order
	// ("hypnotise A tri - ven"): dropping the card on a unit starts it.
	TakesUnit bool
}

// Card is one unit's card as a seat may know it.
type Card struct {
	Unit engine.Unit // the unit holding it; Loc is invalid if it is not on the board
	// Seat is set for a card a seat holds in its hand, no unit: Unit
	// names only its power (Questionable's characters, Warped's event
	// cards). Its orders are the seat's, written without a unit.
	Seat     bool
	Label    string // "1A", "1Amp"
	Space    string // "mun", "stp/sc"; "" when off the board
	ID       string // the card's id in its variant: "9", "X2", "T0", "W1"
	Name     string // "Annihilator"
	Alias    string // the physical card a game master deals instead, e.g. the Tarot "The Fool"; "" if none
	Text     string // what the card does
	Dealt    engine.Phase
	Revealed string   // why and when everyone learnt it; "" while secret
	Told     []string // the other powers told of it privately that the seat may know of
	// A card of another power in a power's hand must carry Revealed or
	// Told: the session drops any other as a secret the seat may not see.
	// Notes are the card's state the seat may know: "invisible",
	// "hypnotism used 1902", "may not use its power until Fall 1903".
	Notes  []string
	Orders []Order // the special orders the card gives, as the variant's parser knows them
}

// Counts is what every seat may know of the deck.
type Counts struct {
	Pile           int
	Discards       int
	Dealt          int
	SinceReshuffle int
}

// Hand is what a seat may see of a card game: its own units' cards, those
// revealed, those it was told of; the game master sees every card and the
// deck's log.
type Hand struct {
	Seat  engine.Seat
	Cards []Card // by power, then A before F, then number
	Deck  Counts
	// Active reports whether the cards may act in the view's phase (Davis
	// rule 7: from Spring 1902); before, their orders are offered disabled.
	Active bool
	// Inactive says, in the variant's words, why the cards do not act yet
	// while Active is false ("Cards act from Spring 1902 (rule 7)"); ""
	// lets the front end say it plainly.
	Inactive string
	// Log is the game master's deal log; empty for every other seat.
	Log []string
}

// MarkKind is the kind of a sign on the board.
type MarkKind uint8

// The kinds of marks.
const (
	MarkMine      MarkKind = iota + 1 // a mine, shown to its layer (and the game master)
	MarkClosed                        // a province no unit may enter this turn
	MarkSuspended                     // a supply centre that counts for no one
	MarkDisorder                      // a unit in civil disorder
	MarkHidden                        // a unit invisible to others, shown to those who may see it
	MarkActedOn                       // a unit a seat's card acted on for this turn (Questionable: bribed, seduced), Tag its short word
)

// Mark is one sign on a province of a seat's board.
type Mark struct {
	Kind  MarkKind
	Prov  engine.ProvinceID
	Power engine.Power
	Why   string
	Tag   string // MarkActedOn: the few letters drawn on the unit ("BR", "S")
}

// Game is implemented by the State.Extra of a card variant.
type Game interface {
	// Hand lists the cards of view v (already cut down for its seat by
	// engine.ViewFor), with the special orders among declared (the
	// variant's parser's) that each card's holder may give.
	Hand(v engine.View, declared []engine.SpecialSyntax) Hand
	// Marks are the signs on v's board that its seat may see.
	Marks(v engine.View) []Mark
	// DealByHand records that the game master dealt the physical card id
	// to unit u (a build of the phase start, or a starting unit), checked
	// by the variant's dealing rules; it returns the card's name.
	DealByHand(s *engine.State, u engine.Unit, id string, start engine.Phase, rng *engine.Rand) (string, error)
}

// Of returns the card game of state s, or nil if its variant has none.
func Of(s *engine.State) Game {
	if s == nil {
		return nil
	}
	g, _ := s.Extra.(Game)
	return g
}

package kit

import (
	"fmt"
	"maps"

	"dipdesk/engine"
)

// Knowledge records when and why a card became known beyond its holder
// and the game master (Davis rule 3; Galt rule 2: "the use of a special
// power will be reported to all players and will tell everyone what the
// unit's power is").
type Knowledge struct {
	Phase engine.Phase
	Why   string
	// Hint, when set, is all that was learnt: not the card but a class of
	// cards (Galt's "a double strength unit": the table hides which of the
	// two double strength cards it is).
	Hint string
}

// Held is one card held and who knows it. The holder's power and the game
// master always know it; everyone knows it once Revealed is set without a
// Hint; Told lists powers that were told privately. In a seat's view a
// card known only by a hint has the zero Card.
type Held[C comparable] struct {
	Card     C
	Dealt    engine.Phase // the phase the card was dealt in
	Revealed *Knowledge
	Told     map[engine.Power]Knowledge
}

// Clone returns a deep copy of h.
func (h *Held[C]) Clone() *Held[C] {
	c := *h
	if h.Revealed != nil {
		r := *h.Revealed
		c.Revealed = &r
	}
	c.Told = maps.Clone(h.Told)
	return &c
}

// Holder is what holds cards: a unit (UnitID, one card) or a seat's hand
// slot (SeatCard: Questionable's seven characters, Warped's event cards).
// Its power is the one that always knows the card.
type Holder interface {
	comparable
	fmt.Stringer
	Owner() engine.Power
}

// Owner returns the unit's power (Holder).
func (id UnitID) Owner() engine.Power { return id.Power }

// SeatCard is one card of a seat's hand: the seat's power and the card's
// place in the hand.
type SeatCard struct {
	Seat engine.Power
	Slot int
}

// Owner returns the seat holding the card (Holder).
func (c SeatCard) Owner() engine.Power { return c.Seat }

// String returns "france card 3".
func (c SeatCard) String() string { return fmt.Sprintf("%s card %d", c.Seat, c.Slot) }

// Cards are the cards held in a position, by holder, with who knows each.
type Cards[K Holder, C comparable] map[K]*Held[C]

// Clone returns a deep copy of cs.
func (cs Cards[K, C]) Clone() Cards[K, C] {
	c := make(Cards[K, C], len(cs))
	for k, h := range cs {
		c[k] = h.Clone()
	}
	return c
}

// Give records that k holds card c from phase p. The card must already be
// dealt from the pile.
func (cs Cards[K, C]) Give(k K, c C, p engine.Phase) { cs[k] = &Held[C]{Card: c, Dealt: p} }

// CardOf returns the card k holds, if the position records one it knows (a
// seat's view holds only the cards it knows; a card known by a hint alone
// is no card).
func (cs Cards[K, C]) CardOf(k K) (C, bool) {
	var zero C
	h, ok := cs[k]
	if !ok || h.Card == zero {
		return zero, false
	}
	return h.Card, true
}

// Reveal makes k's card known to everyone (disclosed by use or by a
// report). The first full revelation is kept; a full one replaces a hint.
func (cs Cards[K, C]) Reveal(k K, p engine.Phase, why string) error {
	h, ok := cs[k]
	if !ok {
		return fmt.Errorf("%s holds no card to reveal", k)
	}
	if h.Revealed == nil || h.Revealed.Hint != "" {
		h.Revealed = &Knowledge{Phase: p, Why: why}
	}
	return nil
}

// RevealHint tells everyone hint about k's card, not the card itself. A
// card already known to all stays so.
func (cs Cards[K, C]) RevealHint(k K, p engine.Phase, why, hint string) error {
	h, ok := cs[k]
	if !ok {
		return fmt.Errorf("%s holds no card to hint at", k)
	}
	if h.Revealed == nil {
		h.Revealed = &Knowledge{Phase: p, Why: why, Hint: hint}
	}
	return nil
}

// Tell makes k's card known to power to alone (a private report). Telling
// the owner changes nothing: it always knows.
func (cs Cards[K, C]) Tell(k K, to engine.Power, p engine.Phase, why string) error {
	h, ok := cs[k]
	if !ok {
		return fmt.Errorf("%s holds no card to tell %s of", k, PowerName(to))
	}
	if to == k.Owner() || to == "" {
		return nil
	}
	if kn, known := h.Told[to]; known && kn.Hint == "" {
		return nil
	}
	if h.Told == nil {
		h.Told = map[engine.Power]Knowledge{}
	}
	h.Told[to] = Knowledge{Phase: p, Why: why}
	return nil
}

// KnownTo reports whether seat may know k's card in full: the game master
// and the owner always, everyone once it is revealed, and a power it was
// told to.
func (cs Cards[K, C]) KnownTo(k K, seat engine.Seat) bool {
	h, ok := cs[k]
	if !ok {
		return false
	}
	if seat.GM || (h.Revealed != nil && h.Revealed.Hint == "") {
		return true
	}
	if seat.Power == "" {
		return false
	}
	kn, told := h.Told[seat.Power]
	return seat.Power == k.Owner() || (told && kn.Hint == "")
}

// HintTo returns what seat knows of k's card when it does not know the
// card: a revealed hint, or "".
func (cs Cards[K, C]) HintTo(k K, seat engine.Seat) string {
	h, ok := cs[k]
	if !ok || cs.KnownTo(k, seat) {
		return ""
	}
	if h.Revealed != nil {
		return h.Revealed.Hint
	}
	if kn, ok := h.Told[seat.Power]; ok && seat.Power != "" {
		return kn.Hint
	}
	return ""
}

// Conceal removes from cs what seat may not know: the cards it does not
// know (a hinted card keeps its record with the zero card and the hint),
// and whom else a card was told to. The game master keeps everything.
func (cs Cards[K, C]) Conceal(seat engine.Seat) {
	if seat.GM {
		return
	}
	for k, h := range cs {
		if cs.KnownTo(k, seat) {
			continue
		}
		hint := cs.HintTo(k, seat)
		if hint == "" {
			delete(cs, k)
			continue
		}
		cs[k] = &Held[C]{Revealed: &Knowledge{Phase: h.Revealed.Phase, Why: h.Revealed.Why, Hint: hint}}
	}
	for _, h := range cs {
		// Whom else a card was told to is not the seat's business.
		for p := range h.Told {
			if p != seat.Power {
				delete(h.Told, p)
			}
		}
		if len(h.Told) == 0 {
			h.Told = nil
		}
	}
}

// KnowledgeJSON is the saved form of a Knowledge: the phase in short form
// ("S1902M"), why, and the hint when there is one.
type KnowledgeJSON struct {
	Phase string `json:"phase"`
	Why   string `json:"why"`
	Hint  string `json:"hint,omitempty"`
}

// JSON returns k's saved form.
func (k Knowledge) JSON() KnowledgeJSON {
	return KnowledgeJSON{Phase: k.Phase.Key(), Why: k.Why, Hint: k.Hint}
}

// Knowledge reads a saved Knowledge back.
func (j KnowledgeJSON) Knowledge() (Knowledge, error) {
	p, err := engine.ParsePhase(j.Phase)
	return Knowledge{Phase: p, Why: j.Why, Hint: j.Hint}, err
}

// KnownJSON is the saved form of who knows a held card beyond its holder:
// its revelation and the private reports, by power. Embedded in a
// variant's saved card, its fields stand beside the card's.
type KnownJSON struct {
	Revealed *KnowledgeJSON                 `json:"revealed,omitempty"`
	Told     map[engine.Power]KnowledgeJSON `json:"told,omitempty"`
}

// Known returns the saved form of who knows h's card.
func (h *Held[C]) Known() KnownJSON {
	var k KnownJSON
	if h.Revealed != nil {
		r := h.Revealed.JSON()
		k.Revealed = &r
	}
	for p, kn := range h.Told {
		if k.Told == nil {
			k.Told = map[engine.Power]KnowledgeJSON{}
		}
		k.Told[p] = kn.JSON()
	}
	return k
}

// SetKnown reads back who knows h's card; an error names the part
// ("revealed", "told to england").
func (h *Held[C]) SetKnown(k KnownJSON) error {
	if k.Revealed != nil {
		kn, err := k.Revealed.Knowledge()
		if err != nil {
			return fmt.Errorf("revealed: %w", err)
		}
		h.Revealed = &kn
	}
	for p, kj := range k.Told {
		kn, err := kj.Knowledge()
		if err != nil {
			return fmt.Errorf("told to %s: %w", p, err)
		}
		if h.Told == nil {
			h.Told = map[engine.Power]Knowledge{}
		}
		h.Told[p] = kn
	}
	return nil
}

package character2

import (
	"bytes"
	"encoding/json"
	"fmt"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// The JSON form of Extra, saved inside a position (docs/save-format.md).
// Cards are written by id ("T0", "CA"), so a saved game names the physical
// Tarot cards; a card only hinted at in a seat's view has no id.

type heldJSON struct {
	Unit  unitID `json:"unit"`
	Card  string `json:"card,omitempty"`
	Dealt string `json:"dealt,omitempty"`
	kit.KnownJSON
}

type deckJSON struct {
	Pile     []string `json:"pile"`
	Discard  []string `json:"discard"`
	Dealt    int      `json:"dealt"`
	Shuffles int      `json:"shuffles"`
	Log      []string `json:"log,omitempty"`
}

type extraJSON struct {
	Cards   []heldJSON  `json:"cards"`
	Deck    *deckJSON   `json:"deck,omitempty"`
	Public  *deckCounts `json:"public,omitempty"`
	Log     []string    `json:"log,omitempty"`
	Effects effects     `json:"effects"`
	Options options     `json:"options,omitempty"`
}

// MarshalJSON writes e in its saved form.
func (e *extra) MarshalJSON() ([]byte, error) {
	j := extraJSON{Cards: []heldJSON{}, Public: e.Public, Log: e.Log, Effects: e.Effects, Options: e.Options}
	for _, id := range e.sortedIDs() {
		h := e.Cards[id]
		hj := heldJSON{Unit: id, KnownJSON: h.Known()}
		if h.Card.Kind != 0 {
			hj.Card, hj.Dealt = h.Card.ID, h.Dealt.Key()
		}
		j.Cards = append(j.Cards, hj)
	}
	if d := e.Deck; d != nil {
		j.Deck = &deckJSON{Pile: idsOf(d.Pile()), Discard: idsOf(d.Discards()), Dealt: d.Dealt(), Shuffles: d.shuffles, Log: d.Log()}
	}
	return json.Marshal(j)
}

func idsOf(cs []card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.ID
	}
	return out
}

func cardsIn(ids []string, where string) ([]card, error) {
	out := make([]card, 0, len(ids))
	for i, id := range ids {
		c, err := cardByID(id)
		if err != nil {
			return nil, fmt.Errorf("character2: %s[%d]: %w", where, i, err)
		}
		out = append(out, c)
	}
	return out, nil
}

// decodeExtra reads the saved form of Extra (engine.Variant.decodeExtra).
// Unknown fields and bad card ids are errors naming where they are.
func decodeExtra(b []byte) (engine.Extra, error) {
	var j extraJSON
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return nil, fmt.Errorf("character2: saved cards: %w", err)
	}
	e := &extra{Holding: kit.NewHolding[card](), Table: kit.Table[*deck, deckCounts]{Public: j.Public, Log: j.Log}, Effects: j.Effects, Options: j.Options}
	for i, hj := range j.Cards {
		where := fmt.Sprintf("cards[%d] (%s)", i, hj.Unit)
		if hj.Unit.Power == "" || hj.Unit.Number < 1 || (hj.Unit.Type != engine.Army && hj.Unit.Type != engine.Fleet) {
			return nil, fmt.Errorf("character2: cards[%d]: no unit, or not a numbered army or fleet (want \"unit\": \"france 1A\")", i)
		}
		if _, dup := e.Cards[hj.Unit]; dup {
			return nil, fmt.Errorf("character2: %s: a second card for the unit", where)
		}
		h := &held{}
		if hj.Card != "" {
			c, err := cardByID(hj.Card)
			if err != nil {
				return nil, fmt.Errorf("character2: %s: %w", where, err)
			}
			p, err := engine.ParsePhase(hj.Dealt)
			if err != nil {
				return nil, fmt.Errorf("character2: %s: dealt: %w", where, err)
			}
			h.Card, h.Dealt = c, p
		}
		if err := h.SetKnown(hj.KnownJSON); err != nil {
			return nil, fmt.Errorf("character2: %s: %w", where, err)
		}
		if h.Card.Kind == 0 && (h.Revealed == nil || h.Revealed.Hint == "") {
			return nil, fmt.Errorf("character2: %s: neither a card nor a hint", where)
		}
		e.Cards[hj.Unit] = h
	}
	if d := j.Deck; d != nil {
		pile, err := cardsIn(d.Pile, "deck.pile")
		if err != nil {
			return nil, err
		}
		discard, err := cardsIn(d.Discard, "deck.discard")
		if err != nil {
			return nil, err
		}
		if d.Dealt < 0 || d.Shuffles < 0 {
			return nil, fmt.Errorf("character2: deck: negative count")
		}
		// Before the first whole-deck reshuffle the pile and the discards
		// hold at most the 78 cards; after it, cards held by units are in
		// the pile again too (rule 3), so only the first count is checked.
		if d.Shuffles == 0 && len(pile)+len(discard) > deckSize {
			return nil, fmt.Errorf("character2: deck: %d cards in pile and discards, more than the %d of the deck", len(pile)+len(discard), deckSize)
		}
		e.Deck = &deck{Stock: kit.RestoreStock(pile, discard, d.Dealt, d.Log), shuffles: d.Shuffles}
	}
	return e, nil
}

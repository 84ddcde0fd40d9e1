package character

import (
	"encoding/json"
	"errors"
	"fmt"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// The JSON forms below are what save files and views carry: cards by id,
// units by power and label ("1A"), phases in short form ("S1902M"), so a
// saved game stays readable.

type heldJSON struct {
	Power engine.Power `json:"power"`
	Unit  string       `json:"unit"` // "1A"
	Card  string       `json:"card"` // "2"
	Blank bool         `json:"blank,omitempty"`
	Dealt string       `json:"dealt"`
	kit.KnownJSON
}

type extraJSON struct {
	Cards  []heldJSON  `json:"cards"`
	Deck   *deck       `json:"deck,omitempty"`
	Public *deckCounts `json:"public,omitempty"`
	Log    []string    `json:"log,omitempty"`
	// Effects are written as they are, units by kit.UnitID's text form.
	Effects *effects `json:"effects,omitempty"`
}

type cardCountJSON struct {
	ID    string `json:"id"`
	Count int    `json:"count"`
}

type deckJSON struct {
	Types   []cardCountJSON `json:"types"`
	Pile    []string        `json:"pile"`
	Discard []string        `json:"discard,omitempty"`
	Dealt   int             `json:"dealt"`
	Since   int             `json:"since"`
	Every   int             `json:"every"`
	Log     []string        `json:"log,omitempty"`
}

// MarshalJSON writes e with its cards sorted by unit.
func (e *extra) MarshalJSON() ([]byte, error) {
	out := extraJSON{Cards: []heldJSON{}, Deck: e.Deck, Public: e.Public, Log: e.Log}
	if !e.Effects.empty() {
		out.Effects = &e.Effects
	}
	for _, id := range e.sortedIDs() {
		h := e.Cards[id]
		j := heldJSON{Power: id.Power, Unit: label(id.Number, id.Type), Card: h.Card.ID, Blank: h.Card.Blank, Dealt: h.Dealt.Key(), KnownJSON: h.Known()}
		out.Cards = append(out.Cards, j)
	}
	return json.Marshal(out)
}

// decodeExtra reads the JSON of an Extra (engine.Variant.decodeExtra).
// Cards are looked up in the game's deck when the data holds it, otherwise
// in the embedded card list.
func decodeExtra(b []byte) (engine.Extra, error) {
	var in extraJSON
	if err := json.Unmarshal(b, &in); err != nil {
		return nil, fmt.Errorf("character: %w", err)
	}
	if in.Cards == nil {
		return nil, errors.New("character: no cards in the variant data")
	}
	e := &extra{Holding: kit.NewHolding[cardType](), Table: kit.Table[*deck, deckCounts]{Deck: in.Deck, Public: in.Public, Log: in.Log}}
	if in.Effects != nil {
		e.Effects = *in.Effects
	}
	types, err := loadCards()
	if err != nil {
		return nil, err
	}
	if e.Deck != nil {
		types = e.Deck.types
	}
	for i, j := range in.Cards {
		id, h, err := heldIn(j, types)
		if err != nil {
			return nil, fmt.Errorf("character: card %d of the variant data: %w", i+1, err)
		}
		if _, dup := e.Cards[id]; dup {
			return nil, fmt.Errorf("character: two cards for %s", id)
		}
		e.Cards[id] = h
	}
	return e, nil
}

func heldIn(j heldJSON, types []cardType) (kit.UnitID, *held, error) {
	n, t, err := parseLabel(j.Unit)
	if err != nil {
		return kit.UnitID{}, nil, err
	}
	id := kit.UnitID{Power: j.Power, Type: t, Number: n}
	if j.Power == "" {
		return id, nil, fmt.Errorf("unit %s has no power", j.Unit)
	}
	c, ok := lookupCard(types, j.Card)
	if !ok {
		return id, nil, fmt.Errorf("%s: no card %q in the game's deck", id, j.Card)
	}
	c.Blank = j.Blank
	h := &held{Card: c}
	if h.Dealt, err = engine.ParsePhase(j.Dealt); err != nil {
		return id, nil, fmt.Errorf("%s: %w", id, err)
	}
	if err := h.SetKnown(j.KnownJSON); err != nil {
		return id, nil, fmt.Errorf("%s %w", id, err)
	}
	return id, h, nil
}

// MarshalJSON writes the deck: its card types with their counts, the pile
// top first and the discards by card id, and the rule 13 counts.
func (d *deck) MarshalJSON() ([]byte, error) {
	out := deckJSON{Pile: ids(d.Pile()), Discard: ids(d.Discards()), Dealt: d.Dealt(), Since: d.since, Every: d.every, Log: d.Log()}
	for _, c := range d.types {
		out.Types = append(out.Types, cardCountJSON{ID: c.ID, Count: c.Count})
	}
	return json.Marshal(out)
}

func ids(cards []cardType) []string {
	out := make([]string, len(cards))
	for i, c := range cards {
		out[i] = c.ID
	}
	return out
}

// UnmarshalJSON reads a deck written by MarshalJSON, looking its cards up
// in the embedded card list.
func (d *deck) UnmarshalJSON(b []byte) error {
	var in deckJSON
	if err := json.Unmarshal(b, &in); err != nil {
		return err
	}
	list, err := loadCards()
	if err != nil {
		return err
	}
	nd := deck{since: in.Since, every: in.Every}
	if nd.every <= 0 {
		return fmt.Errorf("character: deck: reshuffle count %d is not positive (rule 13)", in.Every)
	}
	for _, t := range in.Types {
		c, ok := lookupCard(list, t.ID)
		if !ok {
			return fmt.Errorf("character: deck: no card %q in the card list", t.ID)
		}
		c.Count = t.Count
		nd.types = append(nd.types, c)
	}
	pile, err := cardsIn(nd.types, in.Pile, "pile")
	if err != nil {
		return err
	}
	discards, err := cardsIn(nd.types, in.Discard, "discards")
	if err != nil {
		return err
	}
	nd.Stock = kit.RestoreStock(pile, discards, in.Dealt, in.Log)
	*d = nd
	return nil
}

func cardsIn(types []cardType, ids []string, where string) ([]cardType, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	out := make([]cardType, 0, len(ids))
	for i, id := range ids {
		c, ok := lookupCard(types, id)
		if !ok {
			return nil, fmt.Errorf("character: deck: %s card %d is %q, not a card of the game's deck", where, i+1, id)
		}
		out = append(out, c)
	}
	return out, nil
}

package questionable

import (
	"encoding/json"
	"fmt"
	"slices"

	"dipdesk/engine"
)

// extra is Questionable Character Diplomacy's part of a position: every
// character and its record (caught, barred, jailed, dead, defected), the
// game's options, and, in a game whose characters act in a step of their
// own, what that step decided for the moves that follow it.
type extra struct {
	Options    map[string]string `json:"options"`
	Characters []*character      `json:"characters"`
	Turn       *turn             `json:"turn,omitempty"`
}

// turn is what the characters decided for one movement turn's moves: the
// countries treated as having sent no orders (a leader killed, rule 7),
// the orders units must carry out whatever their owners order (a bribe,
// rule 1; a free sample's random move, rule 3), and the units seduced,
// which may not move (rule 5). Units are named by their ids.
type turn struct {
	Phase   engine.Phase           `json:"-"`
	Key     string                 `json:"phase"`
	NMR     []engine.Power         `json:"nmr,omitempty"`
	Forced  map[int32]forcedRecord `json:"forced,omitempty"`
	Seduced []int32                `json:"seduced,omitempty"`
}

// forcedRecord is an order a unit must carry out, as its words and who
// made it so ("bribed by England", "a free sample from Russia").
type forcedRecord struct {
	Order string `json:"order"`
	Why   string `json:"why"`
	By    string `json:"by,omitempty"` // the kind of character: "Briber", "Dealer"
}

func (e *extra) CloneExtra() engine.Extra {
	c := &extra{Options: make(map[string]string, len(e.Options))}
	for k, v := range e.Options {
		c.Options[k] = v
	}
	for _, ch := range e.Characters {
		x := *ch
		c.Characters = append(c.Characters, &x)
	}
	if e.Turn != nil {
		t := *e.Turn
		t.NMR = slices.Clone(e.Turn.NMR)
		t.Seduced = slices.Clone(e.Turn.Seduced)
		if e.Turn.Forced != nil {
			t.Forced = make(map[int32]forcedRecord, len(e.Turn.Forced))
			for k, v := range e.Turn.Forced {
				t.Forced[k] = v
			}
		}
		c.Turn = &t
	}
	return c
}

// extraOf returns the variant's part of s, or nil.
func extraOf(s *engine.State) *extra {
	if s == nil {
		return nil
	}
	e, _ := s.Extra.(*extra)
	return e
}

// decodeExtra reads a saved position's part, checking every record.
func decodeExtra(b []byte) (engine.Extra, error) {
	var e extra
	if err := json.Unmarshal(b, &e); err != nil {
		return nil, fmt.Errorf("questionable: %w", err)
	}
	if _, err := parseOptions(e.Options); err != nil {
		return nil, err
	}
	ids := map[int]bool{}
	for i, c := range e.Characters {
		switch {
		case c == nil:
			return nil, fmt.Errorf("questionable: character %d is empty", i+1)
		case kinds[c.Kind].name == "":
			return nil, fmt.Errorf("questionable: character %d: no kind %d", c.ID, c.Kind)
		case c.ID < 1 || ids[c.ID]:
			return nil, fmt.Errorf("questionable: character %d: a bad or repeated id", c.ID)
		case c.Owner == "":
			return nil, fmt.Errorf("questionable: character %d has no country", c.ID)
		case c.Caught < 0 || c.FreeFrom < 0:
			return nil, fmt.Errorf("questionable: character %d: a negative count", c.ID)
		}
		ids[c.ID] = true
	}
	if e.Turn != nil {
		p, err := engine.ParsePhase(e.Turn.Key)
		if err != nil {
			return nil, fmt.Errorf("questionable: the characters' turn: %w", err)
		}
		e.Turn.Phase = p
	}
	return &e, nil
}

// MarshalJSON writes the turn with its phase's key.
func (t *turn) MarshalJSON() ([]byte, error) {
	type plain turn
	c := plain(*t)
	c.Key = t.Phase.Key()
	return json.Marshal(c)
}

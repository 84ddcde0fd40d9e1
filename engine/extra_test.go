package engine

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// tally is a toy variant part of a position: a counter per power that an
// After hook raises every phase, and a secret only the game master may see.
type tally struct {
	Count  map[Power]int `json:"count"`
	Secret string        `json:"secret,omitempty"`
}

func (t *tally) CloneExtra() Extra {
	c := &tally{Count: map[Power]int{}, Secret: t.Secret}
	for k, v := range t.Count {
		c.Count[k] = v
	}
	return c
}

func decodeTally(b []byte) (Extra, error) {
	t := &tally{}
	if err := json.Unmarshal(b, t); err != nil {
		return nil, err
	}
	if t.Count == nil {
		return nil, errors.New("no counts")
	}
	return t, nil
}

func TestExtraCarriedClonedSaved(t *testing.T) {
	m := standardMap(t)
	v := &Variant{ID: "toy", Name: "Toy", Start: Phase{Year: 1901, Season: Spring, Type: Movement},
		Setup: func(s *State, opts map[string]string, rng *Rand) error {
			s.Extra = &tally{Count: map[Power]int{"france": rng.Intn(10, "setup")}, Secret: opts["secret"]}
			return nil
		},
		DecodeExtra: decodeTally,
		Rules: &Rules{
			After: func(s *State, out *Outcome, rng *Rand) { out.Next.Extra.(*tally).Count["france"]++ },
			Conceal: func(v *View) {
				if !v.Seat.GM && v.State.Extra != nil {
					v.State.Extra.(*tally).Secret = ""
				}
			},
		},
	}
	s, err := v.NewGame(m, map[string]string{"secret": "the deck order"}, NewRand(5))
	if err != nil {
		t.Fatal(err)
	}
	start := s.Extra.(*tally).Count["france"]
	out := Adjudicate(s, nil, v.Rules, NewRand(1))
	if got := out.Next.Extra.(*tally).Count["france"]; got != start+1 {
		t.Errorf("after a phase: %d, want %d", got, start+1)
	}
	if s.Extra.(*tally).Count["france"] != start {
		t.Error("adjudication changed the variant data of the position it was given")
	}
	b, err := MarshalState(out.Next)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"extra":{"count":{"france":`) {
		t.Errorf("saved state lacks the variant data: %s", b)
	}
	back, err := UnmarshalStateExtra(m, b, v.DecodeExtra)
	if err != nil {
		t.Fatal(err)
	}
	if back.Extra.(*tally).Count["france"] != start+1 || back.Extra.(*tally).Secret != "the deck order" {
		t.Errorf("read back %+v", back.Extra)
	}
	if _, err := UnmarshalState(m, b); err == nil || !strings.Contains(err.Error(), "no variant decoder") {
		t.Errorf("variant data without a decoder: %v", err)
	}
	bad := strings.Replace(string(b), `"count"`, `"cnt"`, 1)
	if _, err := UnmarshalStateExtra(m, []byte(bad), v.DecodeExtra); err == nil || !strings.Contains(err.Error(), "variant data: no counts") {
		t.Errorf("bad variant data: %v", err)
	}
	if pv := ViewFor(out.Next, nil, Seat{Power: "france"}, v.Rules); pv.State.Extra.(*tally).Secret != "" {
		t.Error("a power's view shows the game master's secret")
	}
	if gv := ViewFor(out.Next, nil, Seat{GM: true}, v.Rules); gv.State.Extra.(*tally).Secret == "" {
		t.Error("the game master's view lost the secret")
	}
	if out.Next.Extra.(*tally).Secret == "" {
		t.Error("Conceal changed the state instead of the view")
	}
}

package character2

import (
	"bytes"
	"encoding/json"
	"testing"

	"dipdesk/engine"
)

// FuzzDecodeExtra feeds the saved-cards loader arbitrary bytes: it must
// never panic, and what it accepts must save and load again to the same
// bytes. The seeds are a dealt game's cards (with effects after a few
// random phases) and broken variants of them; `make fuzz` runs it longer.
func FuzzDecodeExtra(f *testing.F) {
	m, err := board()
	if err != nil {
		f.Fatal(err)
	}
	s, err := Variant.NewGame(m, nil, engine.NewRand(4))
	if err != nil {
		f.Fatal(err)
	}
	rng := engine.NewRand(9)
	for range 6 {
		s = engine.Adjudicate(s, galtOrders(s, rng), Variant.Rules, rng).Next
	}
	good, err := json.Marshal(s.Extra)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(good[:len(good)/2])
	f.Add(bytes.Replace(good, []byte(`"T`), []byte(`"X`), 1))
	f.Add([]byte(`{"cards":[{"unit":"france 1A"}],"effects":{}}`))
	f.Add([]byte(`{"cards":null,"deck":{"pile":["T0","T0"],"discard":[],"dealt":-1,"shuffles":0},"effects":{}}`))
	f.Add([]byte(`null`))
	f.Fuzz(func(t *testing.T, b []byte) {
		x, err := decodeExtra(b)
		if err != nil {
			return
		}
		once, err := json.Marshal(x)
		if err != nil {
			t.Fatalf("accepted %q but cannot save it: %v", b, err)
		}
		y, err := decodeExtra(once)
		if err != nil {
			t.Fatalf("saved %s but cannot load it again: %v", once, err)
		}
		twice, _ := json.Marshal(y)
		if !bytes.Equal(once, twice) {
			t.Fatalf("not stable:\n%s\n%s", once, twice)
		}
	})
}

package character2

import (
	"bytes"
	"encoding/json"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/kit/kittest"
)

// FuzzDecodeExtra feeds the saved-cards loader arbitrary bytes: it must
// never panic, and what it accepts must save and load again to the same
// bytes (kittest.FuzzDecodeExtra). The seeds are a dealt game's cards
// (with effects after a few random phases) and broken variants of them;
// `make fuzz` runs it longer.
func FuzzDecodeExtra(f *testing.F) {
	s := kittest.NewGame(f, Variant, 4)
	rng := engine.NewRand(9)
	for range 6 {
		s = engine.Adjudicate(s, galtOrders(s, rng), Variant.Rules, rng).Next
	}
	good, err := json.Marshal(s.Extra)
	if err != nil {
		f.Fatal(err)
	}
	kittest.FuzzDecodeExtra(f, decodeExtra, good,
		bytes.Replace(good, []byte(`"T`), []byte(`"X`), 1),
		[]byte(`{"cards":[{"unit":"france 1A"}],"effects":{}}`),
		[]byte(`{"cards":null,"deck":{"pile":["T0","T0"],"discard":[],"dealt":-1,"shuffles":0},"effects":{}}`))
}

package character

import (
	"bytes"
	"encoding/json"
	"testing"

	"dipdesk/engine"
)

// FuzzDecodeExtra feeds the saved-cards loader arbitrary bytes: it must
// never panic, and what it accepts must save and load again to the same
// bytes. `make fuzz` runs it longer.
func FuzzDecodeExtra(f *testing.F) {
	m, err := board()
	if err != nil {
		f.Fatal(err)
	}
	s, err := Variant.NewGame(m, nil, engine.NewRand(4))
	if err != nil {
		f.Fatal(err)
	}
	good, err := json.Marshal(s.Extra)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(good[:len(good)/2])
	f.Add([]byte(`{"cards":[{"card":"9"}]}`))
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

package character

import (
	"encoding/json"
	"testing"

	"dipdesk/variants/kit/kittest"
)

// FuzzDecodeExtra feeds the saved-cards loader arbitrary bytes: it must
// never panic, and what it accepts must save and load again to the same
// bytes (kittest.FuzzDecodeExtra). `make fuzz` runs it longer.
func FuzzDecodeExtra(f *testing.F) {
	good, err := json.Marshal(kittest.NewGame(f, Variant, 4).Extra)
	if err != nil {
		f.Fatal(err)
	}
	kittest.FuzzDecodeExtra(f, decodeExtra, good, []byte(`{"cards":[{"card":"9"}]}`))
}

package ui

import (
	"reflect"
	"testing"
)

// TestParseOptionList reads the New game form's options line.
func TestParseOptionList(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want map[string]string
		ok   bool
	}{
		{"", nil, true},
		{"retreat_phase=needed", map[string]string{"retreat_phase": "needed"}, true},
		{" retreat_phase = needed ; ghost_mines=explodes", map[string]string{"retreat_phase": "needed", "ghost_mines": "explodes"}, true},
		{"reshuffle_every=40, add_cards=X5,X8:4", map[string]string{"reshuffle_every": "40", "add_cards": "X5,X8:4"}, true},
		{"X5", nil, false},
		{"=yes", nil, false},
		{"a=1, a=2", nil, false},
	} {
		got, err := parseOptionList(tc.in)
		if (err == nil) != tc.ok || (tc.ok && !reflect.DeepEqual(got, tc.want)) {
			t.Errorf("parseOptionList(%q) = %v, %v; want %v ok %v", tc.in, got, err, tc.want, tc.ok)
		}
	}
}

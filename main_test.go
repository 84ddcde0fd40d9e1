package main

import (
	"io"
	"testing"

	"dipdesk/ui"
)

func TestLaunch(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want ui.Launch
		gui  bool
		code int
	}{
		{"none", nil, ui.Launch{}, true, 0},
		{"file", []string{"g.dipdesk"}, ui.Launch{Path: "g.dipdesk"}, true, 0},
		{"gui", []string{"gui", "g.dipdesk", "--seat", "france"}, ui.Launch{Path: "g.dipdesk", Seat: "france"}, true, 0},
		{"gui flags first", []string{"gui", "--review", "g.dipdesk"}, ui.Launch{Path: "g.dipdesk", Review: true}, true, 0},
		{"open", []string{"open", "g.dipdesk"}, ui.Launch{Path: "g.dipdesk"}, true, 0},
		{"command", []string{"new", "--out", "g.dipdesk"}, ui.Launch{}, false, 0},
		{"two files", []string{"gui", "a", "b"}, ui.Launch{}, true, 2},
		{"bad flag", []string{"gui", "--nope"}, ui.Launch{}, true, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, gui, code := launch(tt.args, io.Discard)
			if gui != tt.gui || code != tt.code || (code == 0 && l != tt.want) {
				t.Errorf("launch(%q) = %+v, %v, %d; want %+v, %v, %d", tt.args, l, gui, code, tt.want, tt.gui, tt.code)
			}
		})
	}
}

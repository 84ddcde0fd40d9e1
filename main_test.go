package main

import (
	"io"
	"strings"
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
		{"a variant for a new game", []string{"gui", "--variant", "shapetest"}, ui.Launch{Variant: "shapetest"}, true, 0},
		{"a variant and a file", []string{"gui", "--variant", "shapetest", "g.dipdesk"}, ui.Launch{}, true, 2},
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

func TestDisplayProblem(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	up := map[string]bool{"unix /tmp/.X11-unix/X0": true, "unix /run/user/1/wayland-0": true, "tcp example.net:6010": true}
	dial := func(network, addr string) error {
		if up[network+" "+addr] {
			return nil
		}
		return io.EOF
	}
	for _, tt := range []struct {
		goos string
		env  map[string]string
		want string // "" or a piece of the problem
	}{
		{"linux", nil, "neither DISPLAY nor WAYLAND_DISPLAY"},
		{"linux", map[string]string{"DISPLAY": ":0"}, ""},
		{"linux", map[string]string{"DISPLAY": ":0.0"}, ""},
		{"linux", map[string]string{"DISPLAY": ":7"}, "the X display :7 does not answer"},
		{"linux", map[string]string{"DISPLAY": "example.net:10"}, ""},
		{"linux", map[string]string{"DISPLAY": "nonsense"}, "does not answer"},
		{"linux", map[string]string{"WAYLAND_DISPLAY": "wayland-0", "XDG_RUNTIME_DIR": "/run/user/1"}, ""},
		{"linux", map[string]string{"WAYLAND_DISPLAY": "wayland-9", "XDG_RUNTIME_DIR": "/run/user/1"}, "Wayland display wayland-9"},
		{"linux", map[string]string{"WAYLAND_DISPLAY": "wayland-9", "DISPLAY": ":0"}, ""},
		{"windows", nil, ""},
		{"darwin", nil, ""},
	} {
		got := displayProblem(tt.goos, env(tt.env), dial)
		if (tt.want == "") != (got == "") || !strings.Contains(got, tt.want) {
			t.Errorf("%s %v: %q, want %q", tt.goos, tt.env, got, tt.want)
		}
	}
}

// TestDisplayPanic: a toolkit panic about the display (GLFW failing to
// reach an X server still starting) is worded as the missing display is;
// any other panic is not taken for one.
func TestDisplayPanic(t *testing.T) {
	why, ok := displayPanic("Fyne error: glfw: PlatformUnavailable: X11: Failed to open display :83\nmore")
	if !ok || !strings.Contains(why, "Failed to open display :83") || strings.Contains(why, "more") {
		t.Errorf("a GLFW panic: %q %v", why, ok)
	}
	if _, ok := displayPanic("runtime error: index out of range [3] with length 2"); ok {
		t.Error("an index error taken for a display problem")
	}
}

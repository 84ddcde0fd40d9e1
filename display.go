package main

import (
	"fmt"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// noDisplay is the one sentence printed when the window cannot open.
const noDisplay = "dipdesk: there is no display to open the window on (%s); the command line works without one: run dipdesk help for the commands, e.g. dipdesk show game.dipdesk\n"

// displayProblem says why no window can open on this system, or "" when
// one may: on Linux and the BSDs a window needs an X server (DISPLAY)
// or a Wayland compositor (WAYLAND_DISPLAY) that answers. Other systems
// always have a screen. getenv and dial are the environment's and the
// network's (tests replace them).
func displayProblem(goos string, getenv func(string) string, dial func(network, addr string) error) string {
	switch goos {
	case "linux", "freebsd", "openbsd", "netbsd", "dragonfly":
	default:
		return ""
	}
	x, wl := getenv("DISPLAY"), getenv("WAYLAND_DISPLAY")
	if x == "" && wl == "" {
		return "neither DISPLAY nor WAYLAND_DISPLAY is set"
	}
	if wl != "" {
		path := wl
		if !filepath.IsAbs(path) {
			path = filepath.Join(getenv("XDG_RUNTIME_DIR"), wl)
		}
		if dial("unix", path) == nil {
			return ""
		}
		if x == "" {
			return "the Wayland display " + wl + " does not answer"
		}
	}
	for _, a := range xAddrs(x) {
		if dial(a[0], a[1]) == nil {
			return ""
		}
	}
	return "the X display " + x + " does not answer"
}

// xAddrs lists where the X server of display name listens: ":1",
// "unix:1.0" (a local socket, also in the abstract namespace) or
// "host:1" (TCP port 6001).
func xAddrs(name string) [][2]string {
	host, rest, ok := strings.Cut(name, ":")
	if !ok {
		return nil
	}
	num, _, _ := strings.Cut(rest, ".")
	n, err := strconv.Atoi(num)
	if err != nil || n < 0 {
		return nil
	}
	if host == "" || host == "unix" {
		sock := "/tmp/.X11-unix/X" + num
		return [][2]string{{"unix", sock}, {"unix", "@" + sock}}
	}
	return [][2]string{{"tcp", net.JoinHostPort(host, strconv.Itoa(6000+n))}}
}

// dialDisplay connects to a display's socket and hangs up.
func dialDisplay(network, addr string) error {
	c, err := net.DialTimeout(network, addr, 2*time.Second)
	if err != nil {
		return err
	}
	return c.Close()
}

// checkDisplay is displayProblem for this process.
func checkDisplay() string { return displayProblem(runtime.GOOS, os.Getenv, dialDisplay) }

// displayPanic reports whether r, a panic of the toolkit as it starts, is
// about the display (GLFW could not reach it), and says what it was.
func displayPanic(r any) (string, bool) {
	msg := fmt.Sprint(r)
	for _, w := range []string{"PlatformUnavailable", "GLFW", "glfw", "X11"} {
		if strings.Contains(msg, w) {
			msg, _, _ = strings.Cut(msg, "\n")
			return "the toolkit could not open it: " + msg, true
		}
	}
	return "", false
}

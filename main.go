// DipDesk plays and adjudicates Diplomacy and old postal variants.
//
// Without arguments it opens the desktop app's start window. With
// arguments it runs a command (dipdesk help lists them), except:
//
//	dipdesk gui FILE [--seat gm|public|POWER] [--review]   open FILE's game window
//	dipdesk gui --variant ID                               the start window, variant ID chosen for a new game
//	                                                       (hidden ones too: the test-only shapetest)
//	dipdesk open FILE                                      the same, as its seats say
//	dipdesk FILE.dipdesk                                   the same
package main

import (
	_ "embed"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"dipdesk/app/cli"
	"dipdesk/ui"
)

// appID is the app's id, as in FyneApp.toml.
const appID = "org.dipdesk.app"

//go:embed resources/icon.png
var icon []byte

func main() {
	l, gui, code := launch(os.Args[1:], os.Stderr)
	if !gui {
		os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr))
	}
	if code != 0 {
		os.Exit(code)
	}
	os.Exit(run(l))
}

// launch reads the command line: whether it asks for the window, and
// what to show first. code is non-zero for a bad window command line.
func launch(args []string, stderr io.Writer) (l ui.Launch, gui bool, code int) {
	switch {
	case len(args) == 0:
		return ui.Launch{}, true, 0
	case len(args) == 1 && strings.HasSuffix(args[0], ".dipdesk"):
		return ui.Launch{Path: args[0]}, true, 0
	case args[0] != "gui" && args[0] != "open":
		return ui.Launch{}, false, 0
	}
	fs := flag.NewFlagSet(args[0], flag.ContinueOnError)
	fs.SetOutput(stderr)
	seat := fs.String("seat", "", "the seat to open as: gm, public or a power (default: as the game's seats say)")
	review := fs.Bool("review", false, "open read-only")
	variant := fs.String("variant", "", "with no FILE: the variant the New game form chooses, hidden ones included (shapetest)")
	// Flags may come before or after the file.
	var files []string
	rest := args[1:]
	for {
		if err := fs.Parse(rest); err != nil {
			return l, true, 2
		}
		if fs.NArg() == 0 {
			break
		}
		files = append(files, fs.Arg(0))
		rest = fs.Args()[1:]
	}
	if len(files) > 1 || (len(files) == 1 && *variant != "") {
		fmt.Fprintf(stderr, "usage: dipdesk %s [FILE] [--seat gm|public|POWER] [--review], or dipdesk %s --variant ID\n", args[0], args[0])
		return l, true, 2
	}
	if len(files) == 1 {
		l.Path = files[0]
	}
	l.Seat, l.Review, l.Variant = *seat, *review, *variant
	return l, true, 0
}

// run starts the Fyne app and shows the first window; without a display
// it says so in one sentence (not a stack trace from the toolkit).
func run(l ui.Launch) int {
	if why := checkDisplay(); why != "" {
		fmt.Fprintf(os.Stderr, noDisplay, why)
		return 1
	}
	// The display may still fail as the toolkit opens it (an X server
	// that is starting or stopping): the same one sentence, not a stack
	// trace from GLFW.
	defer func() {
		if r := recover(); r != nil {
			if why, ok := displayPanic(r); ok {
				fmt.Fprintf(os.Stderr, noDisplay, why)
				os.Exit(1)
			}
			panic(r)
		}
	}()
	a := app.NewWithID(appID)
	a.SetIcon(fyne.NewStaticResource("icon.png", icon))
	d := ui.NewDesk(a)
	if err := d.Start(l); err != nil {
		fmt.Fprintf(os.Stderr, "dipdesk: %v\n", err)
		return 1
	}
	a.Run()
	return 0
}

// Package cli is DipDesk's command line: the game master's tools that run
// without a window. main calls Main when the program gets arguments.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"dipdesk/engine"
	"dipdesk/variants"
)

// command is one subcommand.
type command struct {
	name    string
	usage   string
	summary string
	run     func(c *CLI, args []string) int
}

// CLI holds the streams a command writes to, so tests need no process.
type CLI struct {
	Stdout io.Writer
	Stderr io.Writer
	Stdin  io.Reader
	// Seed picks the seed of a new game when none is given (default: the
	// clock); tests set it.
	Seed func() uint64
}

func commands() []command {
	return append([]command{
		{"help", "help [command]", "list the commands, or explain one", runHelp},
		{"variants", "variants", "list the variants DipDesk plays", runVariants},
		{"cases", "cases [-v] [-variant id] [-convention dipdesk|jdip] FILE...", "run adjudication test-case files (DATC format) and report failures", runCases},
		{"adjudicate", "adjudicate [-variant id] FILE", "adjudicate a position with orders and print results and the new position", runAdjudicate},
		{"host", "host FILE [--addr :7878] [--no-mdns] [--deadline 48h] [--manual]", "serve a game to the LAN (every interface unless --addr names one; advertised by mDNS unless --no-mdns); prints the fingerprint and pairing codes", runHost},
		{"join", "join ADDR --seat POWER|observer --code PAIRING-CODE [--fingerprint FP] [--orders FILE] [--ready] [--phase KEY] [--follow]", "join a LAN game: print the seat's view, submit orders from a file", runJoin},
	}, gameCommands()...)
}

// Main runs the command named by args[0] and returns the exit status.
func Main(args []string, stdout, stderr io.Writer) int {
	c := &CLI{Stdout: stdout, Stderr: stderr, Stdin: os.Stdin}
	return c.Run(args)
}

// Run runs a command line (without the program name).
func (c *CLI) Run(args []string) int {
	if len(args) == 0 {
		return runHelp(c, nil)
	}
	for _, cmd := range commands() {
		if cmd.name == args[0] {
			return cmd.run(c, args[1:])
		}
	}
	fmt.Fprintf(c.Stderr, "dipdesk: unknown command %q; run \"dipdesk help\" for the list\n", args[0])
	return 2
}

func runHelp(c *CLI, args []string) int {
	if len(args) > 0 {
		for _, cmd := range commands() {
			if cmd.name == args[0] {
				fmt.Fprintf(c.Stdout, "usage: dipdesk %s\n\n%s\n", cmd.usage, cmd.summary)
				return 0
			}
		}
		fmt.Fprintf(c.Stderr, "dipdesk: no command %q\n", args[0])
		return 2
	}
	fmt.Fprintln(c.Stdout, "DipDesk plays and adjudicates Diplomacy and its postal variants.")
	fmt.Fprintln(c.Stdout, "\nusage: dipdesk <command> [arguments]\n\ncommands:")
	for _, cmd := range commands() {
		fmt.Fprintf(c.Stdout, "  %-52s %s\n", cmd.usage, cmd.summary)
	}
	fmt.Fprintln(c.Stdout, "\nthe desktop window:")
	fmt.Fprintf(c.Stdout, "  %-52s %s\n", "(no arguments)", "open the start window")
	fmt.Fprintf(c.Stdout, "  %-52s %s\n", "gui FILE [--seat gm|public|POWER] [--review]", "open a game's window straight away (also: open FILE, or FILE.dipdesk)")
	return 0
}

func runVariants(c *CLI, _ []string) int {
	for _, v := range variants.All() {
		fmt.Fprintf(c.Stdout, "%-12s %s: %s\n", v.ID, v.Name, v.Description)
	}
	return 0
}

func newFlags(c *CLI, name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(c.Stderr)
	return fs
}

// setup loads the variant a case file asks for, or the one forced by flag.
func setup(forced, fileVariant string) (*casefileSetup, error) {
	name := forced
	if name == "" {
		name = fileVariant
	}
	if name == "" {
		name = "standard"
	}
	v, ok := variants.Lookup(name)
	if !ok {
		var ids []string
		for _, v := range variants.All() {
			ids = append(ids, v.ID)
		}
		sort.Strings(ids)
		return nil, fmt.Errorf("unknown variant %q (known: %s)", name, strings.Join(ids, ", "))
	}
	m, err := v.Map()
	if err != nil {
		return nil, err
	}
	return newSetup(v, m), nil
}

func openArg(c *CLI, name string) (io.ReadCloser, error) {
	if name == "-" {
		return io.NopCloser(c.Stdin), nil
	}
	f, err := os.Open(name)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("%s: %w", name, pe.Err)
		}
		return nil, err
	}
	return f, nil
}

func orderLine(m *engine.Map, o engine.Order) string {
	who := m.PowerName(o.Power)
	if who == "nobody" {
		who = "?"
	}
	return who + ": " + o.Format(m)
}

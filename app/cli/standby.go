package cli

import (
	"fmt"
	"os"

	"dipdesk/app/session"
)

// runStandby hands a power's seat to a standby player and prints (or
// writes to --out) the brief the standby must be given: every unit the
// seat controls with its card (Galt's Rules Clarifications).
func runStandby(c *CLI, args []string) int {
	fs := newFlags(c, "standby")
	power := fs.String("power", "", "the power whose seat is handed on")
	player := fs.String("player", "", "the standby's name")
	pin := fs.Bool("pin", false, "ask for the standby's new PIN (without it the seat has none)")
	out := fs.String("out", "", "write the brief to this file (0600) instead of printing it")
	rest, err := splitArgs(fs, args)
	if err != nil {
		return 2
	}
	if len(rest) != 1 || *power == "" {
		fmt.Fprintln(c.Stderr, "usage: dipdesk standby FILE --power P [--player NAME] [--pin] [--out BRIEF.txt]")
		return 2
	}
	g, err := session.Open(rest[0])
	if err != nil {
		return c.fail("standby", err)
	}
	defer g.Close()
	seat, err := g.ParseSeat(*power)
	if err != nil || seat.Power == "" {
		return c.fail("standby", fmt.Errorf("--power %q: want one of the game's powers", *power))
	}
	newPIN := ""
	if *pin {
		if newPIN, err = c.readPIN(fmt.Sprintf("New PIN for %s's seat: ", g.Map().PowerName(seat.Power))); err != nil {
			return c.fail("standby", err)
		}
		if newPIN == "" {
			return c.fail("standby", fmt.Errorf("an empty PIN: leave out --pin for a seat without one"))
		}
	}
	brief, err := g.HandSeat(seat.Power, *player, newPIN)
	if err != nil {
		return c.fail("standby", err)
	}
	if *out == "" {
		fmt.Fprint(c.Stdout, brief)
		return 0
	}
	if err := os.WriteFile(*out, []byte(brief), 0o600); err != nil {
		return c.fail("standby", err)
	}
	fmt.Fprintf(c.Stdout, "%s handed to a standby; the brief is in %s\n", g.Map().PowerName(seat.Power), *out)
	return 0
}

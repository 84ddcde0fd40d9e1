package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/term"

	"dipdesk/app/session"
	"dipdesk/engine"
)

// errWrongPIN is the refusal of a seat's secrets for a wrong PIN.
var errWrongPIN = errors.New("wrong PIN")

// checkSeatPIN asks for the PIN of seat before its secrets are shown
// (show --as, report --for, render --as), when the game's seat for that
// power has one: on the terminal without echo, or as the first line of
// standard input when it is not a terminal ("echo 1234 | dipdesk show
// ..."). The public seat and the game master's need none: a PIN protects
// one power's view in this program, not the file (docs/save-format.md:
// anyone with the file and sqlite3 reads everything).
func (c *CLI) checkSeatPIN(g *session.Game, seat engine.Seat) error {
	if seat.Power == "" {
		return nil
	}
	hash := ""
	for _, st := range g.Info().Seats {
		if engine.Power(st.Power) == seat.Power {
			hash = st.PinHash
		}
	}
	if hash == "" {
		return nil
	}
	name := g.Map().PowerName(seat.Power)
	pin, err := c.readPIN(fmt.Sprintf("PIN for %s: ", name))
	if err != nil {
		return fmt.Errorf("%s's seat has a PIN: %w", name, err)
	}
	if !session.CheckPIN(hash, pin) {
		return fmt.Errorf("%s's seat: %w", name, errWrongPIN)
	}
	return nil
}

// readPIN reads a PIN: from the terminal without echo when standard
// input is one, else the first line of c.Stdin.
func (c *CLI) readPIN(prompt string) (string, error) {
	if f, ok := c.Stdin.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		fmt.Fprint(c.Stderr, prompt)
		b, err := term.ReadPassword(int(f.Fd()))
		fmt.Fprintln(c.Stderr)
		if err != nil {
			return "", err
		}
		return strings.TrimSpace(string(b)), nil
	}
	if c.Stdin == nil {
		return "", errors.New("no PIN given (type it, or send it on standard input)")
	}
	line, err := bufio.NewReader(io.LimitReader(c.Stdin, 256)).ReadString('\n')
	if err != nil && (err != io.EOF || line == "") {
		return "", errors.New("no PIN given (type it, or send it on standard input)")
	}
	return strings.TrimSpace(line), nil
}

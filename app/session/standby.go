package session

import (
	"fmt"
	"strings"

	"dipdesk/app/store"
	"dipdesk/engine"
	"dipdesk/variants/cardgame"
)

// HandSeat gives power's seat to a standby player (a player taking over
// a power whose player has gone): the seat's player name and PIN change
// (pin "" for none), its LAN seat token is revoked so the old player's
// machine cannot take it back, and the audit log keeps who held it. It
// returns the standby's brief: the seat's position and every unit it
// controls with its card, as the seat itself may know them (Galt's Rules
// Clarifications: "If a standby is called, s/he will be told the nature
// of every unit s/he controls").
func (g *Game) HandSeat(power engine.Power, player, pin string) (string, error) {
	if err := g.writable(); err != nil {
		return "", err
	}
	if _, ok := g.m.Power(power); !ok {
		return "", fmt.Errorf("%w: no seat %q in this game (seats: %s)", store.ErrNoSeat, power, g.powerList(g.m.PowerIDs()))
	}
	hash := ""
	if pin != "" {
		hash = HashPIN(pin)
	}
	if err := g.file.HandSeat(string(power), player, hash); err != nil {
		return "", err
	}
	return g.Brief(power)
}

// Brief is what a player taking over power's seat is told: the game, the
// phase, the seat's units with their cards and what each card's state
// says (in a card game), the signs on its board (its mines, closed
// spaces), and its centres, all from the seat's own view.
func (g *Game) Brief(power engine.Power) (string, error) {
	seat := engine.Seat{Power: power}
	v, err := g.View(seat, "")
	if err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s, %s (%s)\n", g.variant.Name, baseName(g.Path()), v.State.Phase, v.State.Phase.Key())
	fmt.Fprintf(&b, "You now play %s.\n", g.m.PowerName(power))
	cards := map[engine.Unit]HandCard{}
	var held []HandCard // the cards the seat holds with no unit (Questionable's characters)
	if h, ok := HandsOf(v, g.variant.Specials); ok {
		for _, c := range h.Cards {
			switch {
			case c.Seat && c.Unit.Power == power:
				held = append(held, c)
			case c.Unit.Power == power && c.Unit.Loc.Valid():
				cards[c.Unit] = c
			}
		}
	}
	b.WriteString("\nYour units:\n")
	units := append([]engine.Unit(nil), v.State.Units...)
	for _, d := range v.State.Dislodged {
		units = append(units, d.Unit)
	}
	n := 0
	for i, u := range units {
		if u.Power != power {
			continue
		}
		n++
		fmt.Fprintf(&b, "  %s %s", u.Type, g.m.LocString(u.Loc))
		if i >= len(v.State.Units) {
			b.WriteString(" (dislodged: it must retreat)")
		}
		if c, ok := cards[u]; ok {
			fmt.Fprintf(&b, "  %s: %s", c.Label, c.Name)
			if c.Alias != "" {
				fmt.Fprintf(&b, " (%s)", c.Alias)
			}
			if c.Text != "" {
				fmt.Fprintf(&b, ". %s", c.Text)
			}
			for _, note := range c.Notes {
				fmt.Fprintf(&b, " [%s]", note)
			}
		}
		b.WriteByte('\n')
	}
	if n == 0 {
		b.WriteString("  none\n")
	}
	if len(held) > 0 {
		b.WriteString("\nYour hand:\n")
		for _, c := range held {
			fmt.Fprintf(&b, "  %s", c.Name)
			for _, note := range c.Notes {
				fmt.Fprintf(&b, " [%s]", note)
			}
			if c.Text != "" {
				fmt.Fprintf(&b, ". %s", c.Text)
			}
			b.WriteByte('\n')
		}
	}
	if cg := cardgame.Of(v.State); cg != nil {
		var signs []string
		for _, mk := range cg.Marks(v) {
			if mk.Why != "" {
				signs = append(signs, fmt.Sprintf("  %s: %s", g.m.Provinces[mk.Prov].Name, mk.Why))
			}
		}
		if len(signs) > 0 {
			b.WriteString("\nOn your board:\n" + strings.Join(signs, "\n") + "\n")
		}
	}
	var centres []string
	for id, o := range v.State.Owners {
		if o == power {
			centres = append(centres, g.m.Provinces[id].Name)
		}
	}
	fmt.Fprintf(&b, "\nYour supply centres (%d): %s\n", len(centres), strings.Join(centres, ", "))
	return b.String(), nil
}

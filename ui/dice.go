package ui

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"dipdesk/app/session"
	"dipdesk/engine"
)

// Dice a game master enters (game option dice=entered): adjudicating a
// step whose rules roll a die or pick among options stops at the first
// value nobody entered (session.Process returns an *engine.NeedDraw and
// changes nothing). The window asks for it in a dialog that names what
// the roll is for and its range (a die's faces, a pick's options), stores
// it at once (session.EnterDraw) and adjudicates again, which asks for
// the next value or plays the step. Cancel leaves the step as it was,
// with the values entered so far kept.

// maxDrawButtons is the most faces or options offered as buttons; a
// larger range is typed.
const maxDrawButtons = 10

// drawChoices are the buttons of a draw's dialog and the value each
// enters: a die's faces 1..N, a pick's options by name (value: its
// index); nil when there are too many to offer as buttons.
func drawChoices(need *engine.NeedDraw) ([]string, []int) {
	if need.N > maxDrawButtons {
		return nil, nil
	}
	var labels []string
	var values []int
	for i := 0; i < need.N; i++ {
		switch {
		case need.Die:
			labels, values = append(labels, strconv.Itoa(i+1)), append(values, i+1)
		case i < len(need.Options):
			labels, values = append(labels, need.Options[i]), append(values, i)
		default:
			labels, values = append(labels, strconv.Itoa(i)), append(values, i)
		}
	}
	return labels, values
}

// drawRange words what may be entered: "a d6: 1 to 6", "one of north,
// south", "a number from 0 to 99", and the lowest and highest values.
func drawRange(need *engine.NeedDraw) (string, int, int) {
	switch {
	case need.Die:
		return fmt.Sprintf("a d%d: a face from 1 to %d", need.N, need.N), 1, need.N
	case len(need.Options) > 0 && len(need.Options) <= maxDrawButtons:
		return "one of " + strings.Join(need.Options, ", "), 0, need.N - 1
	}
	return fmt.Sprintf("a number from 0 to %d", need.N-1), 0, need.N - 1
}

// drawQuestion is the text of a draw's dialog: which draw of which step,
// what it is for, its range, and the values entered so far.
func (gw *GameWindow) drawQuestion(phase string, need *engine.NeedDraw) string {
	rng, _, _ := drawRange(need)
	verb := "Roll"
	if !need.Die {
		verb = "Draw"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: draw %d, for %s.\n%s %s and enter it.", stepName(gw.m, phase), need.Index+1, need.Why, verb, rng)
	if len(need.Options) > maxDrawButtons {
		fmt.Fprintf(&b, "\nThe options, by number: ")
		for i, o := range need.Options {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "%d %s", i, o)
		}
	}
	if entered, err := gw.g.EnteredDraws(phase); err == nil {
		var kept []string
		for i, d := range entered {
			if d.N != 0 {
				kept = append(kept, fmt.Sprintf("%d. %s: %s", i+1, d.Why, shownValue(d)))
			}
		}
		if len(kept) > 0 {
			b.WriteString("\n\nEntered so far (kept):\n" + strings.Join(kept, "\n"))
		}
	}
	return b.String()
}

// shownValue is a draw's value as people read it: a die's face, a pick's
// option by its number in the list the dialog offered (from 0).
func shownValue(d engine.Draw) string {
	if d.Kind == engine.DrawPick {
		return fmt.Sprintf("option %d of the list (from 0)", d.Value)
	}
	return strconv.Itoa(d.Shown())
}

// askDraw asks the game master for the value of draw need of phase,
// stores it and adjudicates again; Cancel keeps what was entered.
func (gw *GameWindow) askDraw(phase string, need *engine.NeedDraw) {
	title := "Roll the die"
	if !need.Die {
		title = "Draw"
	}
	msg := gw.drawQuestion(phase, need)
	cancelled := func() {
		gw.flash(fmt.Sprintf("%s waits for draw %d (%s); the values entered so far are kept: Adjudicate again to go on",
			stepName(gw.m, phase), need.Index+1, need.Why))
	}
	labels, values := drawChoices(need)
	if labels == nil {
		_, lo, hi := drawRange(need)
		gw.desk.askNumber(gw.win, title, msg, lo, hi, func(v int, ok bool) {
			if !ok {
				cancelled()
				return
			}
			gw.enterDraw(phase, need, v)
		})
		return
	}
	gw.desk.ask(gw.win, title, msg, append(labels, "Cancel"), func(i int) {
		if i < 0 || i >= len(values) {
			cancelled()
			return
		}
		gw.enterDraw(phase, need, values[i])
	})
}

// enterDraw stores value for draw need of phase and goes on: the next
// value asked for, or the step played.
func (gw *GameWindow) enterDraw(phase string, need *engine.NeedDraw, value int) {
	if err := gw.g.EnterDraw(phase, need.Index, value); err != nil {
		gw.flash(errText("Enter the roll", err))
		return
	}
	gw.adjudicatePhase(phase)
}

// dialogNumber asks for a whole number from lo to hi; done gets it, or
// ok false when the dialog is cancelled.
func dialogNumber(parent fyne.Window, title, message string, lo, hi int, done func(v int, ok bool)) {
	text := widget.NewLabel(message)
	text.Wrapping = fyne.TextWrapWord
	entry := widget.NewEntry()
	entry.SetPlaceHolder(fmt.Sprintf("%d to %d", lo, hi))
	entry.Validator = func(s string) error {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < lo || n > hi {
			return fmt.Errorf("a whole number from %d to %d", lo, hi)
		}
		return nil
	}
	e2eMark("number", entry)
	items := []*widget.FormItem{widget.NewFormItem("", text), widget.NewFormItem("Value", entry)}
	dlg := dialog.NewForm(title, "Enter", "Cancel", items, func(ok bool) {
		e2eMark("number", nil)
		if !ok {
			done(0, false)
			return
		}
		n, _ := strconv.Atoi(strings.TrimSpace(entry.Text))
		done(n, true)
	}, parent)
	dlg.Resize(fyne.NewSize(520, 0))
	dlg.Show()
	parent.Canvas().Focus(entry)
}

// drawLines are the results list's lines for the draws of an adjudicated
// step the seat may read (session.SeatDraws): "Draw: the Borg's way from
// Bohemia: rolled 3 on a d6 (entered by the game master)".
func drawLines(draws []engine.Draw) []string {
	var out []string
	for _, d := range draws {
		out = append(out, "Draw: "+d.Why+": "+session.DrawWords(d))
	}
	return out
}

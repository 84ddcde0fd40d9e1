package main

import (
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestDesktopQuestionable plays Spring 1902 of Questionable Character
// Diplomacy hot seat in the real program under Xvfb, with dice a game
// master enters, as TestDesktopEndToEnd plays the standard game: England
// drags its Briber onto Russia's army in Warsaw and picks the move it
// wants from the menu that opens, and orders its Killer against Germany's
// leader from the card's menu; Italy drags its Gambler onto Austria's
// fleet in Trieste and picks its working piece; the characters' step
// asks for each roll in rule 8's order (the Killer, the Gambler, the
// Briber), each naming what it is for, and the results show every roll;
// in the moves Italy sails the fleet it won and the bribed army goes to
// Silesia. Then a game master types a character's order for Russia in a
// game of his own. Every order is checked in the save file; screenshots
// are kept in e2e-screenshots/.
func TestDesktopQuestionable(t *testing.T) {
	for _, tool := range []string{"Xvfb", "xdotool"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is missing: make test installs it (tools/install-deps.sh)", tool)
		}
	}
	dir := t.TempDir()
	bin := buildProgram(t)
	save := filepath.Join(dir, "q.dipdesk")
	run := func(args ...string) {
		t.Helper()
		if out, err := exec.Command(bin, args...).CombinedOutput(); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
	}
	run("new", "--variant", "questionable", "--seed", "5", "--option", "dice=entered", "--out", save)
	// 1901 passes with no orders (no character acts, so no die is asked
	// for); the Killer acts from Spring 1902 (rule 7).
	for _, ph := range []string{"S1901.characters", "S1901M", "F1901.characters", "F1901M"} {
		run("process", save, "--phase", ph)
	}
	display, fbdir := startXvfb(t, dir)
	started := time.Now()
	d := launchWindow(t, bin, display, fbdir, dir, "gui", save)
	d.pins = map[string]string{} // no PINs: each seat is passed to

	// England: the Briber with a move, the Killer from its menu.
	d.seat("england")
	d.reveal("card.england.briber")
	d.dragWidget("card.england.briber", "war")
	d.waitFor("the Briber's menu", func(l layout) bool { return len(l.Menu) > 0 })
	d.menuShot = "questionable-briber-menu.png"
	d.choose([]string{"Move to Silesia"})
	d.wantStored(save, "england", "bribe a war - sil")
	d.reveal("card.england.kill")
	d.click("card.england.kill")
	d.menuShot = "questionable-killer-menu.png"
	d.choose([]string{"Germany's leader"})
	d.wantStored(save, "england", "bribe a war - sil\nkill germany")
	d.reveal("card.england.briber")
	d.shot("questionable-hand.png")
	d.done()

	// Italy: the Gambler asks for its working piece.
	d.seat("italy")
	d.reveal("card.italy.gambler")
	d.dragWidget("card.italy.gambler", "tri")
	d.waitFor("the Gambler's menu", func(l layout) bool { return len(l.Menu) > 0 })
	if labels := menuLabelsOf(d.read().Menu); !slices.Equal(labels, []string{"With A ven  (gamble F tri with A ven)", "---", "Write it…"}) {
		t.Errorf("the Gambler's working pieces: %q", labels)
	}
	d.choose([]string{"With A ven"})
	d.wantStored(save, "italy", "gamble f tri with a ven")
	d.done()

	// The characters' step: each roll asked for in rule 8's order.
	d.xdo("key", "ctrl+Return")
	d.waitFor("the confirmation", func(l layout) bool { return strings.HasPrefix(l.Dialog, "Adjudicate") })
	d.click("ask.0") // adjudicate anyway: the others give no orders
	for i, roll := range []struct {
		what string
		face int
	}{{"England's Killer on Germany's leader", 1}, {"Italy's Gambler on Austria's F tri", 2}, {"England's Briber on Russia's A war", 4}} {
		l := d.waitFor("the die for "+roll.what, func(l layout) bool {
			return l.Dialog == "Roll the die" && strings.Contains(l.DialogText, "draw "+strconv.Itoa(i+1)+", for "+roll.what)
		})
		if i == 0 {
			d.shot("questionable-die.png")
		}
		if !strings.Contains(l.DialogText, "a d6") {
			t.Errorf("the die's question: %q", l.DialogText)
		}
		d.click("ask." + strconv.Itoa(roll.face-1))
	}
	d.wantPhase(save, "S1902M")
	l := d.waitFor("the results with every roll", func(l layout) bool { return len(l.Results) >= 6 })
	for _, want := range []string{"England: kill germany: rolled 1: killed Germany's leader", "Italy: gamble f tri with a ven: rolled 2: won",
		"England: bribe a war - sil: rolled 4: bribed Russia's A war", "Draw: England's Killer on Germany's leader", "rolled 1 on a d6 (entered by the game master)",
		"Draw: Italy's Gambler on Austria's F tri", "Draw: England's Briber on Russia's A war"} {
		if !slices.ContainsFunc(l.Results, func(r string) bool { return strings.Contains(r, want) }) {
			t.Errorf("no result says %q: %q", want, l.Results)
		}
	}
	d.showResults()
	d.shot("questionable-results.png")
	d.wantUnits(save, map[string]string{"tri": "italy F", "ven": "italy A", "war": "russia A"})

	// The moves: Italy sails the fleet it won; the bribed army moves.
	d.seat("italy")
	d.drag("tri", "alb")
	d.wantStored(save, "italy", "F tri - alb")
	d.done()
	d.xdo("key", "ctrl+Return")
	d.waitFor("the confirmation", func(l layout) bool { return strings.HasPrefix(l.Dialog, "Adjudicate") })
	d.click("ask.0")
	d.wantPhase(save, "F1902.characters")
	d.wantUnits(save, map[string]string{"alb": "italy F", "sil": "russia A", "war": ""})
	d.shot("questionable-fall.png")
	d.quit()

	// A game master types a character's order that came by mail.
	gm := filepath.Join(dir, "gm.dipdesk")
	run("new", "--variant", "questionable", "--seed", "6", "--seat", "gm", "--out", gm)
	for _, ph := range []string{"S1901.characters", "S1901M", "F1901.characters", "F1901M"} {
		run("process", gm, "--phase", ph)
	}
	g := launchWindow(t, bin, display, fbdir, dir, "gui", gm)
	g.click("seat.russia")
	g.typeLine("deal A vie")
	g.xdo("key", "ctrl+s")
	g.wantStored(gm, "russia", "deal a vie")
	g.shot("questionable-gm.png")
	g.xdo("key", "ctrl+Return")
	g.waitFor("the confirmation", func(l layout) bool { return strings.HasPrefix(l.Dialog, "Adjudicate") })
	g.click("ask.0")
	g.wantPhase(gm, "S1902M")
	g.waitFor("Russia's Dealer's result", func(l layout) bool {
		return slices.ContainsFunc(l.Results, func(r string) bool {
			return strings.HasPrefix(r, "✓ Russia: deal a vie: rolled") || strings.HasPrefix(r, "✗ Russia: deal a vie: rolled")
		})
	})
	g.quit()
	t.Logf("the Questionable turn took %v", time.Since(started).Round(time.Millisecond))
}

// menuLabelsOf lists a menu's labels, separators as "---".
func menuLabelsOf(items []menuItem) []string {
	var out []string
	for _, it := range items {
		out = append(out, it.Label)
	}
	return out
}

// reveal scrolls the Cards tab with the mouse wheel until the named
// control is in view.
func (w *window) reveal(name string) {
	w.t.Helper()
	for tries := 0; tries < 80; tries++ {
		l := w.waitFor(name+" in the Cards tab", func(l layout) bool {
			_, ok := l.Widgets[name]
			_, cards := l.Widgets["cards"]
			return ok && cards
		})
		r, c := l.Widgets[name], l.Widgets["cards"]
		top, bottom := c[1], c[1]+c[3]-10
		// A wheel click scrolls about 25 pixels: as many as bring the
		// control near the top of the tab, then a look again.
		var button string
		var far int
		switch {
		case r[1] < top:
			button, far = "4", top+10-r[1] // up
		case r[1]+min(r[3], 60) > bottom:
			button, far = "5", r[1]-top-10 // down
		default:
			return
		}
		clicks := strconv.Itoa(max(1, far/25))
		w.xdo("mousemove", strconv.Itoa(w.wx+c[0]+c[2]/2), strconv.Itoa(w.wy+c[1]+c[3]/2), "click", "--repeat", clicks, "--delay", "5", button)
		w.fresh()
	}
	w.shot("failed.png")
	w.t.Fatalf("%s never came into view", name)
}

// dragWidget drags the named control (a card, by its title) onto
// province abbr, as a hand does.
func (w *window) dragWidget(name, abbr string) {
	w.t.Helper()
	r := w.read().Widgets[name]
	ax, ay := w.wx+r[0]+r[2]/3, w.wy+r[1]+20
	b := w.at(abbr)
	w.xdo("mousemove", strconv.Itoa(ax), strconv.Itoa(ay))
	w.xdo("mousedown", "1")
	for i := 1; i <= 8; i++ {
		w.xdo("mousemove", strconv.Itoa(ax+(b.X-ax)*i/8), strconv.Itoa(ay+(b.Y-ay)*i/8))
		time.Sleep(25 * time.Millisecond)
	}
	w.xdo("mouseup", "1")
	w.fresh()
}

// showResults clicks the Results tab, just above the Cards tab's left.
func (w *window) showResults() {
	w.t.Helper()
	c := w.read().Widgets["cards"]
	w.xdo("mousemove", strconv.Itoa(w.wx+c[0]+95), strconv.Itoa(w.wy+c[1]-20), "click", "1")
	w.fresh()
}

package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dipdesk/app/lan"
	"dipdesk/app/session"
	"dipdesk/engine"
)

// qgame is a Questionable game driven by the game master's commands.
type qgame struct {
	t    *testing.T
	file string
	dir  string
}

// must runs a command that must succeed and print every one of want.
func (q *qgame) must(stdin string, args []string, want ...string) string {
	q.t.Helper()
	code, out, errs := runIn(stdin, args...)
	if code != 0 {
		q.t.Fatalf("%v: exit %d\n%s\n%s", args, code, out, errs)
	}
	for _, w := range want {
		if !strings.Contains(out, w) {
			q.t.Errorf("%v: the output lacks %q:\n%s", args, w, out)
		}
	}
	return out
}

// orders stores each power's orders from a file of its own, as a game
// master types what arrived by mail, and returns the warnings printed.
func (q *qgame) orders(step string, by map[string]string) string {
	q.t.Helper()
	var warnings strings.Builder
	for p, text := range by {
		f := filepath.Join(q.dir, p+"-"+strings.ReplaceAll(step, ".", "_")+".txt")
		if err := os.WriteFile(f, []byte(text+"\n"), 0o644); err != nil {
			q.t.Fatal(err)
		}
		args := []string{"orders", q.file, "--phase", step, "--power", p, f}
		code, out, errs := run(args...)
		if code != 0 || !strings.Contains(out, " stored for "+step) {
			q.t.Fatalf("%v: exit %d\n%s\n%s", args, code, out, errs)
		}
		warnings.WriteString(errs)
	}
	return warnings.String()
}

// show returns what "show" prints as seat.
func (q *qgame) show(seat string) string {
	q.t.Helper()
	return q.must("", []string{"show", q.file, "--as", seat})
}

// report returns the report of phase for seat.
func (q *qgame) report(phase, seat string) string {
	q.t.Helper()
	return q.must("", []string{"report", q.file, "--phase", phase, "--for", seat})
}

func lacks(t *testing.T, what, text string, not ...string) {
	t.Helper()
	for _, n := range not {
		if strings.Contains(text, n) {
			t.Errorf("%s says %q:\n%s", what, n, text)
		}
	}
}

// TestQuestionableFromTheCommandLine is issue 15's done-when on the
// command line with real dice: Questionable Character Diplomacy played by
// the game master's commands from the first Spring's characters' step to
// France's solo, the dice rolled at the table and entered at the prompt
// and with --dice, the characters' reports private. A roll out of range
// or not typed stores nothing; a theft is the thief's to order in the
// moves that follow; a caught Briber is barred; a character ordered in the
// moves does nothing; each power's report shows only what rule Q12 lets
// it read; a rollback across a characters' step asks for its dice again;
// in 1902 Germany's Killer kills France's leader and France's orders in
// the moves are void; the game master's edits leave France a centre short
// and the Fall's moves give it the eighteenth; the end is in process, show, report and
// history, and nothing is played after it; every step replays exactly
// from its stored draws.
func TestQuestionableFromTheCommandLine(t *testing.T) {
	dir := t.TempDir()
	q := &qgame{t: t, file: filepath.Join(dir, "q.dipdesk"), dir: dir}
	q.must("", []string{"new", "--variant", "questionable", "--option", "dice=entered", "--option", "character_reports=private",
		"--seed", "3", "--out", q.file}, "Questionable Character Diplomacy, seed 3, Spring 1901 Characters (S1901.characters)\n", "the dice are entered")
	q.must("", []string{"show", q.file}, "(S1901.characters)", "Acting: Austria, England, France, Germany, Italy, Russia and Turkey must act\n")

	const chars1, moves1, chars2, moves2 = "S1901.characters", "S1901M", "F1901.characters", "F1901M"
	spring := map[string]string{
		"germany": "embezzle A war\nseduce A mun", // the Hooker on its own unit: rule 9
		"england": "bribe F stp/sc - bot",
		"russia":  "kill germany", // the Killer acts from 1902
		"france":  "protect A par",
	}
	// The game master is warned of what cannot succeed; it is stored as
	// sent.
	if w := q.orders(chars1, spring); !strings.Contains(w, "orders: warning: line 2: seduce A mun: no country orders a character against itself (rule 9) (stored as sent") ||
		!strings.Contains(w, "kill germany: Russia's Killer first appears after Winter 1901") {
		t.Errorf("the warnings of the Spring's characters:\n%s", w)
	}
	q.must("", []string{"show", q.file}, "Orders in from: England, France, Germany, Russia\n")

	// No roll typed, then a roll out of range: nothing is stored.
	code, _, errs := runIn("", "process", q.file, "--phase", chars1)
	if code != 1 || !strings.Contains(errs, "Roll a d6 for Germany's Embezzler on Russia's A war (1-3 succeeds, 6 caught): ") || !strings.Contains(errs, "was not entered") {
		t.Fatalf("process with no roll typed: %d %s", code, errs)
	}
	code, _, errs = run("process", q.file, "--phase", chars1, "--dice", "9")
	if code != 1 || !strings.Contains(errs, "a roll is 1 to 6, not 9; nothing was stored") {
		t.Fatalf("process --dice 9: %d %s", code, errs)
	}
	if out := q.show("gm"); strings.Contains(out, "Entered:") || !strings.Contains(out, "("+chars1+")") {
		t.Fatalf("a refused roll changed the game:\n%s", out)
	}
	// Too few values with --dice and none typed: the step is not
	// adjudicated; the value given is kept (a roll made at the table is
	// never asked twice).
	code, out, errs := run("process", q.file, "--phase", chars1, "--dice", "2")
	if code != 1 || !strings.Contains(errs, "draw 2 (England's Briber on Russia's F stp/sc (1-4 succeeds, 6 caught)) was not entered; the values entered before it are kept") {
		t.Fatalf("process --dice 2 with nothing typed: %d\n%s\n%s", code, out, errs)
	}
	if out := q.show("gm"); !strings.Contains(out, "("+chars1+")") ||
		!strings.Contains(out, "Entered: draw 1, Germany's Embezzler on Russia's A war (1-3 succeeds, 6 caught): rolled 2 on a d6 (entered by the game master)") {
		t.Fatalf("after too few dice:\n%s", out)
	}
	// Orders sent once a value is entered are taken, with a note: the
	// value belongs to the orders it was entered with.
	if w := q.orders(chars1, map[string]string{"france": "protect A par"}); !strings.Contains(w,
		"orders: note: 1 value of the dice of S1901.characters was already entered; if these orders change what is rolled, process refuses them: roll the step back (dipdesk rollback --to S1901.characters)") {
		t.Errorf("orders after a value was entered:\n%s", w)
	}
	// The prompt asks for the rest; a value that is no roll is asked
	// again.
	code, out, errs = runIn("x\n6\n", "process", q.file, "--phase", chars1)
	if code != 0 || strings.Count(errs, "Roll a d6 for England's Briber on Russia's F stp/sc (1-4 succeeds, 6 caught): ") != 2 ||
		!strings.Contains(errs, `"x" is not a roll of a d6`) || strings.Contains(errs, "Embezzler") {
		t.Fatalf("process at the prompt: %d\n%s\n%s", code, out, errs)
	}
	springResults := []string{
		"Germany: embezzle a war            rolled 2: stole Russia's A war: it is Germany's for good (rule 2)",
		"England: bribe f stp/sc - bot      rolled 6: caught: may not try again for 3 game years (until Spring 1904)",
		"Germany: seduce a mun              no country orders a character against itself (rule 9)",
		"Russia: kill germany               Russia's Killer first appears after Winter 1901 (rule 7)",
		"draw 1, Germany's Embezzler on Russia's A war (1-3 succeeds, 6 caught): rolled 2 on a d6 (entered by the game master)",
		"draw 2, England's Briber on Russia's F stp/sc (1-4 succeeds, 6 caught): rolled 6 on a d6 (entered by the game master)",
		"now Spring 1901 Movement (S1901M)",
	}
	for _, w := range springResults {
		if !strings.Contains(out, w) {
			t.Errorf("the characters' step lacks %q:\n%s", w, out)
		}
	}

	// Every country's characters are public (ruling Q12): the caught
	// Briber is barred for three game years.
	q.must("", []string{"show", q.file, "--as", "france"}, "Hands:\n  France: Briber: ready; Embezzler: ready;",
		"  England: Briber: barred until Spring 1904 (3 game years left); Embezzler: ready;", "Killer: first appears after Winter 1901 (rule 7)\n")

	// A standby taking England over is told its characters' state.
	q.must("", []string{"standby", q.file, "--power", "england", "--player", "Sam"}, "Your hand:\n  Briber [barred until Spring 1904 (3 game years left)]. Bribes a unit",
		"  Killer [first appears after Winter 1901 (rule 7)]. ")

	// Character Diplomacy's Winter form of the cards dealt to units says
	// nothing of characters dealt to none.
	if code, out, errs := run("report", q.file, "--for", "england", "--cards"); code != 1 || !strings.Contains(errs, "deals no cards to units: its cards are the seats' own") {
		t.Errorf("report --cards: %d\n%s\n%s", code, out, errs)
	}

	// What each seat reads of the characters (ruling Q12, private).
	fr := q.report(chars1, "france")
	if !strings.Contains(fr, "protect a par") {
		t.Errorf("France's report lacks its own Thug:\n%s", fr)
	}
	lacks(t, "France's report", fr, "embezzle", "bribe", "kill", "Embezzler", "Briber", "Draws:")
	lacks(t, "the public report", q.report(chars1, "public"), "embezzle", "bribe", "Embezzler", "Briber", "protect", "Draws:")
	ru := q.report(chars1, "russia")
	for _, w := range []string{"stole Russia's A war", "rolled 6: caught", "kill germany"} {
		if !strings.Contains(ru, w) {
			t.Errorf("Russia's report lacks %q:\n%s", w, ru)
		}
	}
	lacks(t, "Russia's report", ru, "protect a par", "seduce")
	lacks(t, "Germany's report", q.report(chars1, "germany"), "bribe", "Briber", "protect a par", "Draws:")
	if gm := q.report(chars1, "gm"); !strings.Contains(gm, "protect a par") || !strings.Contains(gm, "2. England's Briber on Russia's F stp/sc") {
		t.Errorf("the game master's report:\n%s", gm)
	}

	// The moves: the stolen army is Germany's to order; Russia's order
	// for it does nothing, nor does a character ordered in the moves.
	if out := q.show("russia"); !strings.Contains(out, "Germany: A war") || !strings.Contains(out, "(S1901M)") {
		t.Errorf("Russia's view of the moves:\n%s", out)
	}
	if w := q.orders(moves1, map[string]string{
		"germany": "A war - ukr\nA mun - bur\nseduce A mos",
		"russia":  "A war - sil\nA mos - lvn",
	}); !strings.Contains(w, `line 3: seduce A mos: no "seduce" order is possible in Spring 1901 Movement`) ||
		!strings.Contains(w, "line 1: A war - sil: Russia may not order the German army in Warsaw") {
		t.Errorf("the warnings of the Spring's moves:\n%s", w)
	}
	out = q.must("", []string{"process", q.file, "--phase", moves1}, "now Fall 1901 Characters (F1901.characters)")
	for _, w := range []string{"   Germany: A war - ukr", `* Germany: seduce a mos`, "* Russia: A war - sil"} {
		if !strings.Contains(out, w) {
			t.Errorf("Spring's moves lack %q:\n%s", w, out)
		}
	}
	if out := q.show("gm"); !strings.Contains(out, "Germany: A ukr") || !strings.Contains(out, "Russia: A lvn") {
		t.Errorf("Germany's stolen army did not move, or Russia's army, which a character ordered in the moves would have seduced:\n%s", out)
	}

	// The Fall's characters: England's Briber is barred; Russia's Gambler
	// plays F sev against Germany's A ukr and wins it back on a 1.
	q.orders(chars2, map[string]string{"england": "bribe A ukr - war", "russia": "gamble A ukr with F sev"})
	out = q.must("", []string{"process", q.file, "--phase", chars2, "--dice", "1"},
		"rolled 1: won Germany's A ukr (rule 4)", "now Fall 1901 Movement (F1901M)")
	if !strings.Contains(out, "* England: bribe a ukr - war") || strings.Contains(out, "England's Briber on") {
		t.Errorf("England's barred Briber:\n%s", out)
	}

	// Back across the Fall's characters to the Spring's: its dice are
	// asked for again, given with --dice; the same dice give the same
	// position.
	q.must("", []string{"rollback", q.file, "--to", chars1, "--reason", "a die fell off the table"}, "back at Spring 1901 Characters (S1901.characters); 5 orders carried over")
	if out := q.show("gm"); strings.Contains(out, "Entered:") || !strings.Contains(out, "Russia: A war") {
		t.Errorf("after the rollback:\n%s", out)
	}
	q.must("", []string{"process", q.file, "--phase", chars1, "--dice", "2,6"}, springResults...)
	q.orders(moves1, map[string]string{"germany": "A war - ukr\nA mun - bur"})
	q.must("", []string{"process", q.file, "--phase", moves1})
	q.orders(chars2, map[string]string{"russia": "gamble A ukr with F sev"})
	q.must("", []string{"process", q.file, "--phase", chars2, "--dice", "1"}, "rolled 1: won Germany's A ukr (rule 4)")
	hist := q.must("", []string{"history", q.file, "--all"}, "abandoned by a rollback", "Audit log:")
	for _, w := range []string{"  0  S1901.characters Spring 1901 Characters     adjudicated", "  1  S1901M           Spring 1901 Movement       adjudicated",
		"  2  F1901.characters Fall 1901 Characters       adjudicated", "  3  F1901M           Fall 1901 Movement         current"} {
		if !strings.Contains(hist, w) {
			t.Errorf("history lacks %q:\n%s", w, hist)
		}
	}

	// The Fall's moves; the Winter if it has anything to do.
	q.must("", []string{"process", q.file, "--phase", moves2}, "now ")
	const chars3, moves3, chars4, moves4 = "S1902.characters", "S1902M", "F1902.characters", "F1902M"
	for cur := currentKey(t, q.file); cur != chars3; cur = currentKey(t, q.file) {
		if !strings.HasPrefix(cur, "W1901") {
			t.Fatalf("after the Fall the game is in %s", cur)
		}
		q.must("", []string{"process", q.file, "--phase", cur})
	}

	// 1902: Germany's Killer kills France's leader on a 1; France's
	// orders in the moves that follow are void (rule 7), which France
	// reads, and England, with private reports, does not.
	q.orders(chars3, map[string]string{"germany": "kill france"})
	q.must("", []string{"process", q.file, "--phase", chars3, "--dice", "1"}, "Germany: kill france", "rolled 1: ")
	if fr := q.report(chars3, "france"); !strings.Contains(fr, "kill france") {
		t.Errorf("France's report lacks the Killer on its leader:\n%s", fr)
	}
	lacks(t, "England's report of 1902's characters", q.report(chars3, "england"), "kill", "Killer", "Draws:")
	q.orders(moves3, map[string]string{"france": "A par - bur"})
	out = q.must("", []string{"process", q.file, "--phase", moves3}, "France's orders are void this turn (rule 7)")
	if strings.Contains(out, "France: A par - bur") {
		t.Errorf("France's order was carried out though its leader was killed:\n%s", out)
	}
	q.must("", []string{"process", q.file, "--phase", chars4})

	// The game master sets up France one centre short: Austria's three
	// armies gone, their centres and eleven neutral ones France's, an
	// army added in Galicia; France's army marches into Spain.
	for _, e := range [][]string{{"remove", "bud"}, {"remove", "tri"}, {"remove", "vie"}, {"add", "france", "A", "gal"}} {
		q.must("", append([]string{"edit", q.file, "--phase", moves4}, e...), "edited:")
	}
	for _, c := range []string{"bud", "tri", "vie", "bel", "bul", "den", "gre", "hol", "nwy", "por", "rum", "ser", "swe", "tun"} {
		q.must("", []string{"edit", q.file, "--phase", moves4, "owner", c, "france"}, "edited:")
	}
	q.must("", []string{"show", q.file}, "Centres: Austria 0, England 3, France 17,")
	checkReplays(t, q.file, chars4)
	q.orders(moves4, map[string]string{"france": "A mar - spa\nA gal H"})
	q.must("", []string{"process", q.file, "--phase", moves4}, "France wins.")

	// The end, everywhere; nothing is played after it.
	q.must("", []string{"show", q.file, "--as", "russia"}, "The game is over (F1902M): France wins")
	q.must("", []string{"report", q.file, "--for", "england"}, "The game is over: France wins")
	q.must("", []string{"history", q.file}, "The game ended in F1902M: France wins")
	cur := q.must("", []string{"show", q.file})
	if code, _, errs := run("process", q.file, "--phase", currentKey(t, q.file)); code != 1 || !strings.Contains(errs, "the game is over") {
		t.Errorf("process after the end: %d %s\n%s", code, errs, cur)
	}
	os.WriteFile(filepath.Join(dir, "late.txt"), []byte("bribe A par - bur\n"), 0o644)
	if code, _, errs := run("orders", q.file, "--phase", currentKey(t, q.file), "--power", "germany", filepath.Join(dir, "late.txt")); code != 1 || !strings.Contains(errs, "the game is over") {
		t.Errorf("orders after the end: %d %s", code, errs)
	}
	// F1902M's position is the game master's edit, not F1902.characters'
	// outcome.
	checkReplays(t, q.file, chars4)
}

// currentKey is the key of the game's current phase.
func currentKey(t *testing.T, file string) string {
	t.Helper()
	g, err := session.OpenReadOnly(file)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	cur, err := g.Current()
	if err != nil {
		t.Fatal(err)
	}
	return cur.Phase.Name
}

// checkReplays replays every adjudicated phase of the game's line from
// its stored orders and draws: each gives exactly the stored next
// position, but for the phase edited, whose next position the game
// master changed.
func checkReplays(t *testing.T, file, edited string) {
	t.Helper()
	g, err := session.OpenReadOnly(file)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	phases, err := g.History(false)
	if err != nil {
		t.Fatal(err)
	}
	replayed := 0
	for i := 0; i+1 < len(phases); i++ {
		ps, err := g.Phase(phases[i].Name)
		if err != nil {
			t.Fatal(err)
		}
		out, err := g.Replay(ps)
		if err != nil {
			t.Fatalf("replay of %s: %v", phases[i].Name, err)
		}
		got, _ := engine.MarshalState(out.Next)
		if phases[i].Name == edited {
			if bytes.Equal(got, phases[i+1].State) {
				t.Errorf("the game master's edit of %s is not in the save", phases[i+1].Name)
			}
			replayed++
			continue
		}
		if !bytes.Equal(got, phases[i+1].State) {
			t.Errorf("the replay of %s gives another position than the stored %s", phases[i].Name, phases[i+1].Name)
		}
		replayed++
	}
	if replayed < 3 {
		t.Errorf("%d phases replayed", replayed)
	}
}

// rolledLines returns the results of a process's output that rolled a
// die, and the draws it listed.
func rolledLines(out string) (rolled, draws []string) {
	for _, l := range strings.Split(out, "\n") {
		switch {
		case strings.HasPrefix(l, "   draw "):
			draws = append(draws, l)
		case strings.Contains(l, " rolled "):
			rolled = append(rolled, l)
		}
	}
	return rolled, draws
}

// TestQuestionableEngineDiceFromTheCommandLine plays Questionable
// Character Diplomacy's first two years with the engine's dice (from the
// game's seed, recorded): every character's order in the Spring, the
// Fall, and the Killers of 1902, one stopped by a Thug guarding its
// target's leader. Each step lists every die it rolled, drawn by the
// seed, and every result that rolled names its roll; a stolen unit is its
// thief's in the next position; --dice is refused, the dice being the
// engine's; a rollback across a characters' step plays it again with the
// same dice; every step replays exactly.
func TestQuestionableEngineDiceFromTheCommandLine(t *testing.T) {
	dir := t.TempDir()
	q := &qgame{t: t, file: filepath.Join(dir, "q.dipdesk"), dir: dir}
	q.must("", []string{"new", "--variant", "questionable", "--seed", "21", "--out", q.file}, "Spring 1901 Characters")
	if code, _, errs := run("process", q.file, "--phase", "S1901.characters", "--dice", "3"); code != 1 || !strings.Contains(errs, "the dice of this game are the engine's") {
		t.Errorf("--dice with the engine's dice: %d %s", code, errs)
	}
	steps := []struct {
		key    string
		orders map[string]string
	}{
		{"S1901.characters", map[string]string{
			"germany": "embezzle A war", "england": "bribe F stp/sc - bot", "france": "deal A mun", "italy": "seduce F tri",
			"austria": "gamble A ven with F tri", "russia": "protect A mos", "turkey": "embezzle F sev"}},
		{"S1901M", map[string]string{"france": "A par - bur", "italy": "A ven H"}},
		{"F1901.characters", map[string]string{"germany": "bribe A bur - pic", "russia": "embezzle A bud", "turkey": "deal A vie", "austria": "seduce A con"}},
		{"F1901M", nil},
		{"S1902.characters", map[string]string{"germany": "kill france", "france": "protect leader france", "austria": "kill russia", "england": "kill turkey"}},
		{"S1902M", nil},
	}
	outs := map[string]string{}
	won := 0
	for _, st := range steps {
		// A retreat or an adjustment nobody orders (no unit dislodged or
		// none the seats order) is played as it comes.
		for cur := currentKey(t, q.file); cur != st.key; cur = currentKey(t, q.file) {
			if strings.HasSuffix(cur, ".characters") || strings.HasSuffix(cur, "M") {
				t.Fatalf("the game is in %s, not %s", cur, st.key)
			}
			q.must("", []string{"process", q.file, "--phase", cur})
		}
		q.orders(st.key, st.orders)
		out := q.must("", []string{"process", q.file, "--phase", st.key}, "("+st.key+") adjudicated")
		outs[st.key] = out
		rolled, draws := rolledLines(out)
		if !strings.HasSuffix(st.key, ".characters") {
			if len(draws) != 0 {
				t.Errorf("the moves %s rolled dice:\n%s", st.key, out)
			}
			continue
		}
		if len(draws) == 0 || len(rolled) == 0 {
			t.Errorf("%s rolled %d dice for %d results:\n%s", st.key, len(draws), len(rolled), out)
		}
		for _, d := range draws {
			if !strings.HasSuffix(d, "on a d6 (drawn by the seed)") && !(strings.Contains(d, ": picked ") && strings.HasSuffix(d, "(drawn by the seed)")) {
				t.Errorf("%s: a draw not the seed's: %q", st.key, d)
			}
		}
		gm := q.show("gm")
		for _, l := range rolled {
			// "rolled 2: stole Russia's A war: it is Germany's for good"
			var thief, unit string
			if _, after, ok := strings.Cut(l, ": stole "); ok {
				unit, thief, _ = strings.Cut(after, ": it is ")
				_, unit, _ = strings.Cut(unit, "'s ")
				thief, _, _ = strings.Cut(thief, "'s for good")
			}
			// "   Austria: gamble a ven with f tri   rolled 1: won Italy's A ven (rule 4)"
			if _, after, ok := strings.Cut(l, ": won "); ok {
				_, unit, _ = strings.Cut(after, "'s ")
				unit, _, _ = strings.Cut(unit, " (rule 4)")
				thief = strings.TrimSuffix(strings.Fields(l)[0], ":")
				won++
			}
			if thief != "" && !strings.Contains(gm, "  "+thief+": "+unit+"\n") {
				t.Errorf("%s: %q, but the position says otherwise:\n%s", st.key, l, gm)
			}
		}
	}
	if won == 0 {
		t.Error("no Gambler won a unit: the position's check did not run")
	}
	if !strings.Contains(outs["S1902.characters"], "Germany: kill france") || !strings.Contains(outs["S1902.characters"], "France: protect leader france") {
		t.Errorf("the Killers of 1902:\n%s", outs["S1902.characters"])
	}
	if strings.Contains(outs["S1902.characters"], "Germany's Killer on France's leader") {
		t.Errorf("a Killer rolled against a leader a Thug guards (ruling Q8):\n%s", outs["S1902.characters"])
	}

	// Back to the characters of 1902 from its moves: the same orders and
	// the seed's same dice give the same step.
	q.must("", []string{"rollback", q.file, "--to", "S1902.characters"}, "4 orders carried over")
	again := q.must("", []string{"process", q.file, "--phase", "S1902.characters"})
	if again != outs["S1902.characters"] {
		t.Errorf("the step played again differs:\n%s\nthe first time:\n%s", again, outs["S1902.characters"])
	}
	checkReplays(t, q.file, "")
}

// TestQuestionableJoinAndHost: a Questionable game whose dice the game
// master rolls at the table, served by "dipdesk host" and played by
// "dipdesk join" processes through the first characters' step: Germany's
// process sends its Embezzler's order from a file, every seat says it is
// ready, the host's terminal asks for the roll naming it, and a seat
// joining afterwards reads the theft in its results, the stolen army as
// Germany's, and every country's characters with their state.
func TestQuestionableJoinAndHost(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(lan.ConfigDirEnv, filepath.Join(dir, "host-config"))
	file := filepath.Join(dir, "q.dipdesk")
	if code, _, errs := run("new", "--variant", "questionable", "--option", "dice=entered", "--seed", "3", "--out", file); code != 0 {
		t.Fatalf("new: %s", errs)
	}
	ht := startHostTerm(t, file)
	out := ht.wait("the game's dice are rolled at the table: this terminal asks for each roll")
	addr, codes := hostFacts(out)
	sp := &seatProcs{t: t, addr: addr, dir: dir, codes: codes, joined: map[string]bool{}}
	const chars1, moves1 = "S1901.characters", "S1901M"
	must := ht.mustAct(chars1)
	if len(must) != 7 {
		t.Fatalf("must act in the characters' step: %v", must)
	}
	sp.must("germany", chars1, "embezzle A war", false, "view S1901.characters (Spring 1901 Characters)", "your orders are due",
		"hands:\n  Germany: Briber: ready; Embezzler: ready;", "orders stored for S1901.characters:", "  embezzle a war")
	if out, ok := sp.join("russia", moves1, "A war - ukr", false); ok || !strings.Contains(out, "stale_phase") {
		t.Errorf("orders for the moves during the characters' step: %v\n%s", ok, out)
	}
	sp.readyAll(chars1, must)
	prompt := "roll needed for S1901.characters (Spring 1901 Characters), draw 1: Germany's Embezzler on Russia's A war (1-3 succeeds, 6 caught); a d6: 1 to 6. Type the value"
	ht.wait(prompt)
	ht.typeLine("2")
	ht.wait("now S1901M (Spring 1901 Movement)")
	sp.must("russia", moves1, "", false, "results S1901.characters (Spring 1901 Characters):", "rolled 2: stole Russia's A war: it is Germany's for good",
		"view S1901M (Spring 1901 Movement)", "A war", "your orders are due")
	out = sp.must("germany", moves1, "A war - ukr", false, "orders stored for S1901M:")
	if !strings.Contains(out, "Germany") || !strings.Contains(out, "A war") {
		t.Errorf("Germany's view of the moves:\n%s", out)
	}
	ht.typeLine("quit")
	if code := <-ht.done; code != 0 {
		t.Errorf("the host ended with %d", code)
	}
}

// TestQuestionableDocCommands runs the commands docs/questionable.md
// gives under "On the command line", as written, in a folder of their
// own: each orders file holds the text the line's comment quotes. Every
// command must succeed, and do what its comment says.
func TestQuestionableDocCommands(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "questionable.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(doc), "## On the command line\n")
	_, block, ok2 := strings.Cut(section, "```\n")
	block, _, ok3 := strings.Cut(block, "```")
	if !ok || !ok2 || !ok3 {
		t.Fatal("docs/questionable.md has no commands under \"On the command line\"")
	}
	t.Chdir(t.TempDir())
	outs := map[string]string{}
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(block), "\n") {
		cmd, comment, _ := strings.Cut(line, "#")
		args := strings.Fields(cmd)
		if len(args) < 2 || args[0] != "dipdesk" {
			t.Fatalf("not a dipdesk command: %q", line)
		}
		args = args[1:]
		if args[0] == "orders" {
			_, quoted, _ := strings.Cut(comment, `"`)
			text, _, ok := strings.Cut(quoted, `"`)
			if !ok {
				t.Fatalf("an orders line whose comment quotes no orders: %q", line)
			}
			if err := os.WriteFile(args[len(args)-1], []byte(text+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		code, out, errs := run(args...)
		if code != 0 {
			t.Fatalf("%s: exit %d\n%s\n%s", line, code, out, errs)
		}
		outs[args[0]+" "+args[len(args)-1]] += out
		n++
	}
	for key, want := range map[string][]string{
		"new game.dipdesk":         {"Spring 1901 Characters (S1901.characters)", "the dice are entered"},
		"process 2,3":              {"rolled 2: stole Russia's A war", "rolled 3: bribed Russia's F stp/sc to F stp/sc - lvn"},
		"show russia":              {"Germany: A war\n", "Hands:\n  Russia: Briber: ready;"},
		"process S1901M":           {"Germany: A war - ukr               moved to Ukraine", "Russia: F stp/sc - lvn             moved to Livonia"},
		"report russia":            {"stole Russia's A war", "bribed Russia's F stp/sc"},
		"orders germany-moves.txt": {"A war - ukr"},
		"orders england.txt":       {"bribe f stp/sc - lvn"},
	} {
		for _, w := range want {
			if !strings.Contains(outs[key], w) {
				t.Errorf("%s: the output lacks %q:\n%s", key, w, outs[key])
			}
		}
	}
	if n < 6 {
		t.Errorf("%d commands run", n)
	}
}

// TestQuestionableStaleDice: a die entered for a character's order that
// the country then changes no longer fits: process refuses it and
// adjudicates nothing, saying how to go on; rolling the step back to
// itself keeps the orders and forgets the values, which are entered
// again.
func TestQuestionableStaleDice(t *testing.T) {
	dir := t.TempDir()
	q := &qgame{t: t, file: filepath.Join(dir, "q.dipdesk"), dir: dir}
	q.must("", []string{"new", "--variant", "questionable", "--option", "dice=entered", "--seed", "2", "--out", q.file})
	const step = "S1901.characters"
	q.orders(step, map[string]string{"germany": "embezzle A war", "austria": "seduce A war"})
	if code, _, errs := run("process", q.file, "--phase", step, "--dice", "2"); code != 1 || !strings.Contains(errs, "draw 2 (Austria's Hooker on Germany's A war") {
		t.Fatalf("process with one die of two: %d %s", code, errs)
	}
	if w := q.orders(step, map[string]string{"germany": "embezzle F sev"}); !strings.Contains(w, "orders: note: 1 value of the dice of S1901.characters was already entered") {
		t.Errorf("orders after a value was entered:\n%s", w)
	}
	code, _, errs := run("process", q.file, "--phase", step, "--dice", "2")
	if code != 1 || !strings.Contains(errs, "the values entered for S1901.characters no longer fit its orders") || !strings.Contains(errs, "dipdesk rollback --to S1901.characters") {
		t.Fatalf("process with a die entered for an order changed: %d %s", code, errs)
	}
	if out := q.show("gm"); !strings.Contains(out, "("+step+")") || !strings.Contains(out, "Entered: draw 1, Germany's Embezzler on Russia's A war") {
		t.Fatalf("a refused process changed the game:\n%s", out)
	}
	q.must("", []string{"rollback", q.file, "--to", step}, "2 orders carried over")
	q.must("", []string{"process", q.file, "--phase", step, "--dice", "3,2"}, "rolled 3: stole Russia's F sev", "rolled 2: seduced Russia's A war", "now Spring 1901 Movement")
}

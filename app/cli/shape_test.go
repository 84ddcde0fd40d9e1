package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// shapeOrders are the orders of a year of the test variant, per step and
// seat.
var shapeOrders = []struct {
	key    string
	orders map[string]string
}{
	{"S1901M", map[string]string{"france": "A par - bur", "jester": "jest A par - pic", "germany": "A mun - bur"}},
	{"SU1901.muster@germany", map[string]string{"germany": "muster ber"}},
	{"SU1901.muster@austria", map[string]string{"austria": "muster vie", "italy": "object"}},
	{"SU1901.muster@england", map[string]string{"england": "muster lon"}},
	{"AU1901M", map[string]string{"france": "A pic - bel"}},
	{"AU1901.borg", nil},
	{"W1901A", map[string]string{"france": "build A par"}},
}

// TestShapeFromTheCommandLine plays a year of the test variant with the
// game master's commands (issue 14's Proof): eleven seats with a role's
// PIN, every step named by its key, the Jester's order from a file,
// a seat that may not act refused, show naming who must act and who may,
// the Borg's die asked for at the prompt (a bad value asked again), the
// end with winners and points in process, report and history, and a
// rollback to the Borg's step rolled again with --dice.
func TestShapeFromTheCommandLine(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "shape.dipdesk")
	code, out, errs := run("new", "--variant", "shapetest", "--option", "dice=entered", "--option", "end_year=1901",
		"--seed", "3", "--out", file)
	if code != 0 || !strings.Contains(out, "the dice are entered") {
		t.Fatalf("new: %d %s %s", code, out, errs)
	}
	orderFile := filepath.Join(dir, "orders.txt")
	for _, step := range shapeOrders {
		code, out, _ := run("show", file)
		if code != 0 || !strings.Contains(out, "("+step.key+")") || !strings.Contains(out, "Acting: ") {
			t.Fatalf("show in %s: %s", step.key, out)
		}
		switch step.key {
		case "SU1901.muster@germany":
			if !strings.Contains(out, "Acting: Germany must act; Austria, England, France, Italy, Russia and Turkey may\n") {
				t.Errorf("show on Germany's turn:\n%s", out)
			}
		case "AU1901.borg":
			if !strings.Contains(out, "Acting: nobody acts: the engine plays it\n") {
				t.Errorf("show in the Borg's step:\n%s", out)
			}
		case "SU1901.muster@austria":
			os.WriteFile(orderFile, []byte("object\n"), 0o644)
			code, _, errs := run("orders", file, "--phase", step.key, "--power", "jester", orderFile)
			if code != 1 || !strings.Contains(errs, "Jester gives no orders in SU1901.muster@austria (Austria must act; ") {
				t.Errorf("the Jester on Austria's turn: %d %s", code, errs)
			}
		}
		for power, text := range step.orders {
			os.WriteFile(orderFile, []byte(text+"\n"), 0o644)
			if code, out, errs := run("orders", file, "--phase", step.key, "--power", power, orderFile); code != 0 {
				t.Fatalf("%s orders for %s: %s %s", step.key, power, out, errs)
			}
		}
		if step.key == "SU1901.muster@austria" {
			if _, out, _ := run("show", file); !strings.Contains(out, "Orders in from: Austria, Italy\n") {
				t.Errorf("whose orders are in:\n%s", out)
			}
		}
		if step.key == "AU1901.borg" {
			processBorg(t, file)
			continue
		}
		code, out, errs = run("process", file, "--phase", step.key)
		if code != 0 {
			t.Fatalf("process %s: %s %s", step.key, out, errs)
		}
		if step.key == "W1901A" && (!strings.Contains(out, "France and Russia win.\nThe game is over: the game ends after the 1901 adjustments") ||
			!strings.Contains(out, "   Jester         3 points")) {
			t.Errorf("process of the last step:\n%s", out)
		}
	}
	if code, out, _ := run("report", file, "--phase", "S1901M"); code != 0 || !strings.Contains(out, "Jester:\n   jest a par - pic") ||
		!strings.Contains(out, "the Jester ordered France army: A par - pic") {
		t.Errorf("report of the Jester's order:\n%s", out)
	}
	if code, _, errs := run("orders", file, "--phase", "S1902M", "--power", "jokester", orderFile); code != 1 || !strings.Contains(errs, `no seat "jokester" in this game (its seats: austria, `) {
		t.Errorf("orders of a seat the game has not: %d %s", code, errs)
	}
	if code, out, _ := run("report", file, "--phase", "AU1901.borg"); code != 0 ||
		!strings.Contains(out, "1. the Borg's way from Bohemia: rolled 3 on a d6 (entered by the game master)") {
		t.Errorf("report of the Borg's step:\n%s", out)
	}
	if code, out, _ := run("report", file); code != 0 || !strings.Contains(out, "The game is over: France and Russia win: ") {
		t.Errorf("report of the last step:\n%s", out)
	}
	code, out, _ = run("history", file)
	if code != 0 || !strings.Contains(out, "  1  SU1901.muster@germany Summer 1901 Muster (Germany)") ||
		!strings.Contains(out, "  5  AU1901.borg           Autumn 1901 Borg") || !strings.Contains(out, "The game ended in W1901A: France and Russia win") {
		t.Errorf("history:\n%s", out)
	}
	if code, _, errs := run("process", file, "--phase", "S1902M"); code != 1 || !strings.Contains(errs, "the game is over") {
		t.Errorf("process after the end: %d %s", code, errs)
	}

	// Back to the Borg's step: the end is gone, the die is asked again,
	// given with --dice this time.
	code, out, errs = run("rollback", file, "--to", "AU1901.borg", "--reason", "the die fell off the table")
	if code != 0 || !strings.Contains(out, "back at Autumn 1901 Borg (AU1901.borg)") {
		t.Fatalf("rollback: %s %s", out, errs)
	}
	code, out, errs = run("process", file, "--phase", "AU1901.borg", "--dice", "5,2")
	if code != 0 || !strings.Contains(out, "went from Bohemia to Vienna") || !strings.Contains(errs, "1 value(s) of --dice were not needed: 2") {
		t.Errorf("process --dice 5,2: %d\n%s\n%s", code, out, errs)
	}
}

// processBorg adjudicates the Borg's step from the prompt: no value
// stops it with nothing stored, a value out of range is asked again.
func processBorg(t *testing.T, file string) {
	t.Helper()
	code, _, errs := runIn("", "process", file, "--phase", "AU1901.borg")
	if code != 1 || !strings.Contains(errs, "Roll a d6 for the Borg's way from Bohemia: ") || !strings.Contains(errs, "was not entered") {
		t.Fatalf("process with no roll typed: %d %s", code, errs)
	}
	if _, out, _ := run("show", file); strings.Contains(out, "Entered:") || !strings.Contains(out, "(AU1901.borg)") {
		t.Fatalf("a process with no roll typed stored something:\n%s", out)
	}
	code, out, errs := runIn("7\nsix\n3\n", "process", file, "--phase", "AU1901.borg")
	if code != 0 || strings.Count(errs, "Roll a d6 for the Borg's way from Bohemia: ") != 3 ||
		!strings.Contains(errs, "a roll is 1 to 6, not 7") || !strings.Contains(errs, `"six" is not a roll of a d6`) {
		t.Fatalf("process at the prompt: %d\n%s\n%s", code, out, errs)
	}
	if !strings.Contains(out, "went from Bohemia to Silesia") || !strings.Contains(out, "draw 1, the Borg's way from Bohemia: rolled 3 on a d6 (entered by the game master)") {
		t.Errorf("the Borg after a 3:\n%s", out)
	}
}

// TestShapeSeatsAndPINs: a role's seat is given at "new" with its
// player's name and PIN, and its view asks for the PIN.
func TestShapeSeatsAndPINs(t *testing.T) {
	file := filepath.Join(t.TempDir(), "s.dipdesk")
	args := []string{"new", "--variant", "shapetest", "--seed", "2", "--out", file}
	for _, s := range []string{"austria", "england", "france", "germany", "italy", "russia", "turkey", "doctor", "mastermind", "soothsayer"} {
		args = append(args, "--seat", s)
	}
	args = append(args, "--seat", "jester=Ann:2468")
	if code, out, errs := run(args...); code != 0 {
		t.Fatalf("new: %s %s", out, errs)
	}
	if code, _, errs := runIn("1111\n", "show", file, "--as", "jester"); code == 0 || !strings.Contains(errs, "wrong PIN") {
		t.Errorf("the Jester's view with a wrong PIN: %d %s", code, errs)
	}
	if code, out, errs := runIn("2468\n", "show", file, "--as", "jester"); code != 0 || !strings.Contains(out, "as jester") {
		t.Errorf("the Jester's view: %d %s %s", code, out, errs)
	}
	if code, _, errs := run("new", "--variant", "shapetest", "--seat", "jokester", "--out", file+"2"); code == 0 || !strings.Contains(errs, "jokester") {
		t.Errorf("a seat the variant has not: %d %s", code, errs)
	}
}

// TestDiceOption: --dice is refused for a game whose dice are the
// engine's, the option's value is checked, and a variant without options
// takes the dice option.
func TestDiceOption(t *testing.T) {
	dir := t.TempDir()
	std := filepath.Join(dir, "std.dipdesk")
	if code, _, errs := run("new", "--seed", "1", "--option", "dice=entered", "--out", std); code != 0 {
		t.Fatalf("standard with entered dice: %s", errs)
	}
	if code, _, errs := run("new", "--seed", "1", "--option", "dice=thrown", "--out", filepath.Join(dir, "x.dipdesk")); code == 0 || !strings.Contains(errs, `dice="thrown"`) {
		t.Errorf("dice=thrown: %d %s", code, errs)
	}
	eng := filepath.Join(dir, "eng.dipdesk")
	run("new", "--seed", "1", "--out", eng)
	if code, _, errs := run("process", eng, "--phase", "S1901M", "--dice", "3"); code != 1 || !strings.Contains(errs, "the dice of this game are the engine's") {
		t.Errorf("--dice on the engine's dice: %d %s", code, errs)
	}
	if code, _, errs := run("process", std, "--phase", "S1901M", "--dice", "x"); code != 1 || !strings.Contains(errs, `value 1, "x", is not a number`) {
		t.Errorf("--dice x: %d %s", code, errs)
	}
	// The standard game draws nothing: entered dice change nothing.
	if code, out, errs := run("process", std, "--phase", "S1901M"); code != 0 || !strings.Contains(out, "now Fall 1901") {
		t.Errorf("standard with entered dice: %d %s %s", code, out, errs)
	}
}

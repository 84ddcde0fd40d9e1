package engine

import (
	"fmt"
	"strings"
	"testing"
)

// weighty makes the units in the given provinces support and hold with
// two (a double strength unit).
func weighty(provs ...string) func(s *State, u Unit, role Role) int {
	return func(s *State, u Unit, role Role) int {
		for _, p := range provs {
			if (role == RoleSupport || role == RoleHold) && s.Map.LocString(u.Loc) == p {
				return 2
			}
		}
		return 1
	}
}

// resultAt returns the result of the order of the unit in province p.
func resultAt(t *testing.T, out *Outcome, p string) Result {
	t.Helper()
	for _, r := range out.Results {
		if out.Next.Map.LocString(r.Unit.Loc) == p {
			return r
		}
	}
	t.Fatalf("no result in %s", p)
	return Result{}
}

// SupportLost is asked with the strength of each attack, its
// supports counted, and its words go into the support's result (Galt's
// Double Strength read with the attack's supports).
func TestHookSupportLostAttack(t *testing.T) {
	s := position(t, spring1902, "France: A bur", "France: A ruh", "Germany: A mun", "Germany: A kie", "Germany: A hol")
	orders := parseAll(t, s.Map, "France: A bur - mun\nFrance: A ruh S A bur - mun\nGermany: A hol - ruh\nGermany: A kie S A hol - ruh")
	var asked []int
	whole := &Rules{Strength: weighty("ruh"),
		SupportLost: func(s *State, u Unit, weight int, attackers []Unit, attack func(k int) int) (int, string) {
			n := attack(0)
			asked = append(asked, n)
			if n >= 2 {
				return weight, fmt.Sprintf("an attack of strength %d cuts all", n)
			}
			return min(weight, 1), fmt.Sprintf("one lost to an attack of strength %d", n)
		}}
	out := Adjudicate(s, orders, whole, nil)
	if len(asked) == 0 || asked[0] != 2 {
		t.Fatalf("attack strengths asked: %v, want 2 (1 and a support)", asked)
	}
	if len(out.Next.Dislodged) != 0 {
		t.Fatalf("the supported attack cuts the whole support: munich should hold, got %v", out.Next.Dislodged)
	}
	if r := resultAt(t, out, "ruh"); r.Code != Cut || r.Reason != "support cut: an attack of strength 2 cuts all" {
		t.Fatalf("ruh: %s %q", r.Code, r.Reason)
	}

	own := &Rules{Strength: whole.Strength,
		SupportLost: func(s *State, u Unit, weight int, attackers []Unit, attack func(k int) int) (int, string) {
			return min(weight, 1), "one lost to an attack of strength 1"
		}}
	out = Adjudicate(s, orders, own, nil)
	if len(out.Next.Dislodged) != 1 {
		t.Fatalf("one unit of support left: munich should be dislodged, got %s", unitsOf(out.Next))
	}
	if r := resultAt(t, out, "ruh"); !r.OK || r.Reason != "support given to A bur; one lost to an attack of strength 1" {
		t.Fatalf("ruh: %s %q", r.Code, r.Reason)
	}
	if r := resultAt(t, out, "hol"); !strings.Contains(r.Reason, "(2 vs 2)") {
		t.Fatalf("hol's attack: %q", r.Reason)
	}
}

// Two supporters each supporting an attack on the other: each one's
// weight rests, through the strength of the attack on it, on the other's,
// and the weights have no single answer. On such a loop the hook is given
// no attack strengths (and decides by the units' own): both supporters
// alike, with no endless recursion, the same every time.
func TestHookSupportLostAttackLoop(t *testing.T) {
	s := position(t, spring1902, "France: A bur", "France: A ruh", "Germany: A mun", "Germany: A kie")
	orders := parseAll(t, s.Map, "France: A bur - mun\nFrance: A ruh S A bur - mun\nGermany: A kie - ruh\nGermany: A mun S A kie - ruh")
	r := &Rules{Strength: weighty("ruh", "mun"),
		SupportLost: func(s *State, u Unit, weight int, attackers []Unit, attack func(k int) int) (int, string) {
			// One unit lost whatever the strength, so both supports stand
			// and each would keep asking for the strength of the other's
			// attack.
			n := 1
			if attack != nil {
				n = attack(0)
			}
			return min(weight, 1), fmt.Sprintf("one lost to an attack of strength %d", n)
		}}
	first := Adjudicate(s, orders, r, nil)
	for _, p := range []string{"ruh", "mun"} {
		if rr := resultAt(t, first, p); !rr.OK || !strings.HasSuffix(rr.Reason, "; one lost to an attack of strength 1") {
			t.Fatalf("%s: %s %q", p, rr.Code, rr.Reason)
		}
	}
	for range 3 {
		again := Adjudicate(s, orders, r, nil)
		if unitsOf(again.Next) != unitsOf(first.Next) || fmt.Sprint(again.Results) != fmt.Sprint(first.Results) {
			t.Fatalf("not the same twice: %s / %s", unitsOf(first.Next), unitsOf(again.Next))
		}
	}
}

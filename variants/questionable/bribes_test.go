package questionable

import (
	"testing"

	"dipdesk/engine"
)

// TestBribeLosersCause: a bribe whose die succeeded but whose order the
// unit does not carry out fails with a cause word for code that must
// know (rule 1): outvoted by more bribes for another order, or tied; a
// bribe carried out keeps no cause.
func TestBribeLosersCause(t *testing.T) {
	g := newGame(t, nil).at(1902, engine.Spring)
	g.step("England: bribe A par - bur\nGermany: bribe A par - pic\nItaly: bribe A par - pic", 1, 2, 3)
	for text, want := range map[string]string{"bribe a par - bur": CauseOutvoted, "bribe a par - pic": ""} {
		if r := g.result(text); r.Cause() != want || r.OK != (want == "") {
			t.Errorf("%s: OK %v, cause %q, want %q (%s)", text, r.OK, r.Cause(), want, r.Reason)
		}
	}
	g = newGame(t, nil).at(1902, engine.Spring)
	g.step("England: bribe A par - bur\nGermany: bribe A par - pic", 1, 2)
	for _, text := range []string{"bribe a par - bur", "bribe a par - pic"} {
		if r := g.result(text); r.Cause() != CauseTied || r.OK {
			t.Errorf("%s: OK %v, cause %q, want %q (%s)", text, r.OK, r.Cause(), CauseTied, r.Reason)
		}
	}
}

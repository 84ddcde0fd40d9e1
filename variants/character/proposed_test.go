package character

import (
	"errors"
	"testing"

	"dipdesk/engine"
)

// TestProposedCategories: X2, X3, X4 and X6 are "*" cards, never more than
// one per power (rule 5.c and the supplement's "not more than 1 for any
// Power"), at the start (4.b) and for builds; X1, X9, X10 and X11 are
// unlimited.
func TestProposedCategories(t *testing.T) {
	list := mustCards(t)
	for _, id := range []string{"X2", "X3", "X4", "X6", "X1", "X9", "X10", "X11"} {
		c, ok := lookupCard(list, id)
		if !ok {
			t.Fatalf("no card %s", id)
		}
		limited := id == "X2" || id == "X3" || id == "X4" || id == "X6"
		build := dealTo{Power: "france", Type: engine.Army, Hand: []cardType{c}, Units: 12, Powers: 3}
		err := checkDeal(c, build)
		var r *refusal
		if limited != (errors.As(err, &r) && r.Rule == "5.c") {
			t.Errorf("%s: a second one for a build: %v", id, err)
		}
		other, _ := lookupCard(list, "X2")
		if id == "X2" {
			other, _ = lookupCard(list, "X3")
		}
		if err := checkDeal(c, dealTo{Power: "france", Type: engine.Army, Hand: []cardType{other}, Units: 5, Powers: 7}); err != nil {
			t.Errorf("%s next to another proposed card: %v", id, err)
		}
	}
}

package session

import (
	"strings"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// TestBriefTellsTheStandbyEveryUnit: Galt's "If a standby is called,
// s/he will be told the nature of every unit s/he controls": the brief
// tells each of the seat's units with its card (the character, the Tarot
// card and what it does) and the mines its units laid, and nothing of
// another power's cards or mines (the assertions of the variant's own
// standby report, which the brief replaces).
func TestBriefTellsTheStandbyEveryUnit(t *testing.T) {
	g := cardGame(t, "character2", 11)
	cur, err := g.Current()
	if err != nil {
		t.Fatal(err)
	}
	s := cur.State.Clone()
	rec := kit.RecordsOf(s)
	unit := func(power, prov string) kit.UnitID {
		t.Helper()
		for _, u := range s.Units {
			if string(u.Power) == power && s.Map.LocString(u.Loc) == prov {
				return kit.IDOf(u)
			}
		}
		t.Fatalf("no %s unit in %s", power, prov)
		return kit.UnitID{}
	}
	for _, c := range []struct {
		id   kit.UnitID
		card string
	}{
		{unit("france", "par"), "W8"}, // Eight of Wands: a Minelayer
		{unit("france", "bre"), "WP"}, // Page of Wands: a Water Walker, a Superfleet for a fleet
		{unit("germany", "mun"), "T10"},
	} {
		if err := rec.GiveCard(c.id, c.card, s.Phase); err != nil {
			t.Fatal(err)
		}
	}
	for _, line := range []string{"mine bur france " + kit.Label(unit("france", "par").Number, engine.Army) + " S1901M",
		"mine ruh germany " + kit.Label(unit("germany", "mun").Number, engine.Army) + " S1901M"} {
		if err := rec.AddEffect(s, line); err != nil {
			t.Fatal(err)
		}
	}
	b, err := engine.MarshalState(s)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.file.Edit(cur.Phase.ID, b, "the test's position"); err != nil {
		t.Fatal(err)
	}
	brief, err := g.Brief("france")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"A par  1A: Minelayer (Eight of Wands). ", "F bre  1F: Superfleet (Page of Wands). ", "Burgundy: mine laid by france 1A"} {
		if !strings.Contains(brief, want) {
			t.Errorf("the brief lacks %q:\n%s", want, brief)
		}
	}
	for _, not := range []string{"Ghost", "Munich", "Ruhr", "germany"} {
		if strings.Contains(brief, not) {
			t.Errorf("the brief tells of another power (%q):\n%s", not, brief)
		}
	}
}

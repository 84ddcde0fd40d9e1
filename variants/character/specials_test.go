package character

import "testing"

// Every card's special orders are declared by the parser, and every
// declared order but rule 14's belongs to a card.
func TestSpecialsOf(t *testing.T) {
	for _, c := range cardSpecials {
		if len(specialsOf(c.card)) == 0 {
			t.Errorf("card %s: its order %q is not declared", c.card, c.name)
		}
	}
	owned := map[string]bool{otb: true, oTBIfDislodged: true}
	for _, c := range cardSpecials {
		owned[c.name] = true
	}
	for _, p := range reg.Specials() {
		if !owned[p.Syntax.Name] {
			t.Errorf("order %q (%q) belongs to no card", p.Syntax.Name, p.Syntax.Verb)
		}
	}
	if got := specialsOf("9"); len(got) != 1 || got[0].Verb != "annihilate" || !got[0].TakesProvince {
		t.Errorf("#9: %+v", got)
	}
	if got := specialsOf("12"); len(got) != 2 {
		t.Errorf("#12: %+v, want lay and pick up", got)
	}
	if got := specialsOf("20"); len(got) != 0 {
		t.Errorf("an Ordinary card gives %+v", got)
	}
}

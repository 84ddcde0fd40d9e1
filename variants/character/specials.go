package character

import "dipdesk/engine"

// SpecialUse is one special order a card gives: the words the parser
// knows (the first spelling of each order), and whether the order's first
// argument is one province, so that a screen may complete it when the card
// is dropped on a province ("annihilate mun", "gas nwy", "steal boh").
type SpecialUse struct {
	engine.SpecialSyntax
	TakesProvince bool
}

// cardSpecials says which card gives each special order (by
// Order.Special). The orders of rule 14 ("otb if dislodged" in a movement
// phase, "otb" in a retreat phase) belong to no card: any unit may give
// them. #8 moves to Hyperspace and #14 retreats with ordinary orders.
var cardSpecials = []struct {
	card, name string
	province   bool
}{
	{"4", DoubleMoveOrder, false},
	{"5", JumpOrder, false},
	{"6", ConvertOrder, false},
	{"9", annihilateName, true},
	{"10", gasName, true},
	{"11", hypnotiseName, false},
	{"12", LayMine, false},
	{"12", PickUpMine, false},
	{"15", CutSupports, false},
	{"X1", exchangeName, true},
	{"X3", stealName, true},
	{"X4", disbelieveName, true},
	{"X10", redeployName, false},
	{"X11", fortifyName, true},
}

// SpecialsOf returns the special orders the card id gives, in the words
// the variant's parser declares (rule 3: the card's holder may use them
// from Spring 1902, rule 7).
func SpecialsOf(id string) []SpecialUse {
	var out []SpecialUse
	for _, c := range cardSpecials {
		if c.card != id {
			continue
		}
		for _, p := range parts.specials {
			if p.syntax.Name == c.name {
				out = append(out, SpecialUse{SpecialSyntax: p.syntax, TakesProvince: c.province})
				break
			}
		}
	}
	return out
}

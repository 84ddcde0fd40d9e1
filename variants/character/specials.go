package character

import "dipdesk/engine"

// specialUse is one special order a card gives: the words the parser
// knows (the first spelling of each order), and whether the order's first
// argument is one province, so that a screen may complete it when the card
// is dropped on a province ("annihilate mun", "gas nwy", "steal boh").
type specialUse struct {
	engine.SpecialSyntax
	TakesProvince bool
	// TakesUnit: the order names another unit and then what it does
	// (#11 "hypnotise A tri - ven"), so a screen may start it when the
	// card is dropped on that unit, for the player to finish.
	TakesUnit bool
}

// cardSpecials says which card gives each special order (by
// Order.Special). The orders of rule 14 ("otb if dislodged" in a movement
// phase, "otb" in a retreat phase) belong to no card: any unit may give
// them. #8 moves to Hyperspace and #14 retreats with ordinary orders.
var cardSpecials = []struct {
	card, name string
	province   bool
	unit       bool
}{
	{"4", doubleMoveOrder, false, false},
	{"5", jumpOrder, false, false},
	{"6", convertOrder, false, false},
	{"9", annihilateName, true, false},
	{"10", gasName, true, false},
	{"11", hypnotiseName, false, true},
	{"12", layMine, false, false},
	{"12", pickUpMine, false, false},
	{"15", cutSupports, false, false},
	{"X1", exchangeName, true, false},
	{"X3", stealName, true, false},
	{"X4", disbelieveName, true, false},
	{"X10", redeployName, false, false},
	{"X11", fortifyName, true, false},
}

// specialsOf returns the special orders the card id gives, in the words
// the variant's parser declares (rule 3: the card's holder may use them
// from Spring 1902, rule 7).
func specialsOf(id string) []specialUse {
	var out []specialUse
	for _, p := range reg.SpecialsOf(id) {
		out = append(out, specialUse{SpecialSyntax: p.Syntax, TakesProvince: p.TakesProvince, TakesUnit: p.TakesUnit})
	}
	return out
}

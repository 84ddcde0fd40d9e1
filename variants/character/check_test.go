package character

import (
	"errors"
	"strings"
	"testing"

	"dipdesk/engine"
)

var (
	three  = []engine.UnitType{engine.Fleet, engine.Army, engine.Army}
	russia = []engine.UnitType{engine.Army, engine.Army, engine.Fleet, engine.Fleet}
)

// TestCheckDeal gives every rule of rules 4 and 5 a passing and a refusing
// case. want is "" for a legal deal, else a part of the refusal.
func TestCheckDeal(t *testing.T) {
	hand := func(ids ...string) []cardType {
		var h []cardType
		for _, id := range ids {
			h = append(h, card(t, id))
		}
		return h
	}
	start := func(types []engine.UnitType, ids ...string) dealTo {
		return dealTo{Power: "france", Hand: hand(ids...), Units: len(types), Powers: 7, Start: types}
	}
	build := func(units, powers int, ids ...string) dealTo {
		return dealTo{Power: "france", Type: engine.Army, Hand: hand(ids...), Units: units, Powers: powers}
	}
	tests := []struct {
		name string
		card string
		to   dealTo
		rule string
		want string
	}{
		{"19 free unit at start", "19", start(three), "19", "#19 Free Unit is not dealt at the start"},
		{"19 free unit built", "19", build(5, 7), "", ""},
		{"4.c army-only to fleet", "17", dealTo{Power: "france", Type: engine.Fleet, Units: 4, Powers: 7}, "4.c", "#17 Convoyless Army may go only to an army, and France's unit is a fleet (rule 4.c)"},
		{"4.c army-only to army", "17", dealTo{Power: "france", Type: engine.Army, Units: 4, Powers: 7}, "", ""},
		{"4.c fleet-only to army", "18", build(4, 7), "4.c", "may go only to a fleet"},
		{"4.c second fleet-only, one fleet", "18", start(three, "18"), "4.c", "France has no fleet left for #18 Superfleet (rule 4.c"},
		{"4.c second fleet-only, two fleets", "18", start(russia, "18"), "", ""},
		{"4.b double strength twice", "2", start(three, "1"), "4.b", "France already holds a Limited Double Strength (#1, which counts together with #2 Double Strength), and no power is dealt two of a kind at the start (rule 4.b)"},
		{"4.b double strength once", "2", start(three, "3"), "", ""},
		{"4.b hyperspace twice", "8", start(russia, "8"), "4.b", "already holds a Hyperspace Unit"},
		{"4.b annihilator twice", "9", start(russia, "9"), "4.b", "already holds an Annihilator"},
		{"4.b gasser twice", "10", start(russia, "10"), "4.b", "already holds a Gasser"},
		{"4.b hypnotist twice", "11", start(russia, "11"), "4.b", "already holds a Hypnotist"},
		{"4.b minelayer twice", "12", start(russia, "12"), "4.b", "already holds a Minelayer"},
		{"4.b cutter twice", "15", start(russia, "15"), "4.b", "already holds a Cutter"},
		{"4.b unlimited card twice", "4", start(russia, "4"), "", ""},
		{"4.b second Ordinary, three units", "20", start(three, "20"), "4.b", "France already holds one of its 3 starting units as Ordinary, the most it may have (rule 4.b)"},
		{"4.b last card not Ordinary", "5", start(three, "3", "4"), "4.b", "France holds no Ordinary unit yet, so its last starting card must be Ordinary (rule 4.b)"},
		{"4.b last card Ordinary", "20", start(three, "3", "4"), "", ""},
		{"4.b second card free", "5", start(three, "3"), "", ""},
		{"4.b Russia second Ordinary", "20", start(russia, "20"), "", ""},
		{"4.b Russia third Ordinary", "20", start(russia, "20", "20"), "4.b", "already holds two of its 4 starting units as Ordinary"},
		{"4.b Russia last must be Ordinary", "6", start(russia, "3", "4", "5"), "4.b", "last starting card must be Ordinary"},
		{"5.c second annihilator", "9", build(12, 3, "9"), "5.c", "France already holds an Annihilator (rule 5.c)"},
		{"5.c first annihilator", "9", build(12, 3, "8"), "", ""},
		{"5.c second cutter", "15", build(12, 3, "15"), "5.c", "France already holds a Cutter (rule 5.c)"},
		{"5.c second hypnotist", "11", build(12, 3, "11"), "5.c", "France already holds a Hypnotist (rule 5.c)"},
		{"5.c second hyperspace", "8", build(12, 3, "8"), "5.c", "France already holds a Hyperspace Unit (rule 5.c)"},
		{"5.b second gasser at 7", "10", build(7, 7, "10"), "5.b", "France already holds a Gasser; a second needs at least eight units, and France is entitled to 7 (rule 5.b)"},
		{"5.b second gasser at 8", "10", build(8, 7, "10"), "", ""},
		{"5.c third gasser", "10", build(14, 2, "10", "10"), "5.c", "France already holds two gasser cards (rule 5.c: never more than two)"},
		{"5.b second double strength at 7", "1", build(7, 7, "2"), "5.b", "a second needs at least eight units"},
		{"5.b second double strength at 8", "1", build(8, 7, "2"), "", ""},
		{"5.c third double strength", "1", build(16, 2, "1", "2"), "5.c", "never more than two"},
		{"5.b second minelayer, 10 units 4 powers", "12", build(10, 4, "12"), "", ""},
		{"5.b second minelayer, 5 powers", "12", build(10, 5, "12"), "5.b", "France already holds a Minelayer; a second needs at least ten units and four or fewer powers left, and France has 10 with 5 powers left (rule 5.b)"},
		{"5.b second minelayer, 9 units", "12", build(9, 3, "12"), "5.b", "has 9 with 3 powers left"},
		{"5.c third minelayer", "12", build(12, 2, "12", "12"), "5.c", "never more than two"},
		{"5 Ordinary unlimited in builds", "20", build(5, 7, "20", "20", "20"), "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := checkDeal(card(t, tt.card), tt.to)
			if tt.want == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			var r *refusal
			if !errors.As(err, &r) {
				t.Fatalf("CheckDeal = %v, want a refusal", err)
			}
			if r.Rule != tt.rule || !strings.Contains(r.Reason, tt.want) || r.Power != "france" {
				t.Errorf("refusal rule %s %q, want rule %s containing %q", r.Rule, r.Reason, tt.rule, tt.want)
			}
		})
	}
}

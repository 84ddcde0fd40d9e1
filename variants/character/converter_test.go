package character

import (
	"strings"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// TestConverter: card #6 in Spring and Fall, rule 10's numbers, rule 11's
// "(ec)".
func TestConverter(t *testing.T) {
	runCardCases(t, []cardCase{
		{"an army becomes a fleet in Spring", s1902,
			[]string{"France: A bre #6"},
			"France: 1A bre convert",
			"france F bre", "converted to a fleet in Brest: now 1F"},
		{"a fleet becomes an army in Fall", f1902,
			[]string{"France: F bre #6"},
			"France: 1F bre convert",
			"france A bre", "now 1A"},
		{"rule 10: the lowest number free for the new type", s1902,
			[]string{"France: A bre #6", "France: F mar #20"},
			"France: 1A bre convert",
			"france F bre, france F mar", "now 2F"},
		{"rule 7: not in 1901", s1901,
			[]string{"France: A bre #6"},
			"France: 1A bre convert",
			"france A bre", "rule 7"},
		{"only the card's holder", s1902,
			[]string{"France: A bre #20"},
			"France: 1A bre convert",
			"france A bre", "no Converter card"},
		{"only in a coastal space", s1902,
			[]string{"France: A par #6"},
			"France: 1A par convert",
			"france A par", "not a coastal space"},
		{"not at sea", s1902,
			[]string{"France: F mao #6"},
			"France: 1F mao convert",
			"france F mao", "not a coastal space"},
		{"attacked: no conversion though the space holds", s1902,
			[]string{"France: A bre #6", "England: F eng #20"},
			"France: 1A bre convert\nEngland: F eng - bre",
			"england F eng, france A bre", "attacked by F English Channel, so it does not convert"},
		{"dislodged: no conversion", s1902,
			[]string{"France: A bre #6", "England: F eng #20", "England: F mao #20"},
			"France: 1A bre convert\nEngland: F eng - bre\nEngland: F mao S F eng - bre",
			"england F bre, england F mao, *france A bre", "dislodged"},
		{"a double mover's second leg is an attack too", s1902,
			[]string{"France: A bre #6", "England: A gas #4"},
			"France: 1A bre convert\nEngland: 1A gas via par - bre",
			"england A par, france A bre", "attacked by A Gascony"},
		{"a move of its own power is no attack", s1902,
			[]string{"France: A bre #6", "France: A par #20"},
			"France: 1A bre convert\nFrance: A par - bre",
			"france F bre, france A par", "now 1F"},
		{"a split coast must be named", s1902,
			[]string{"France: A spa #6"},
			"France: 1A spa convert",
			"france A spa", "coast of Spain must be given"},
		{"a split coast named", s1902,
			[]string{"France: A spa #6"},
			"France: 1A spa convert nc",
			"france F spa/nc", "Spain (north coast)"},
		{"rule 11: an east coast conversion in Armenia", s1902,
			[]string{"Turkey: A arm #6"},
			"Turkey: 1A arm convert (ec)",
			"turkey F arm/ec", "Armenia (east coast)"},
		{"rule 11: without (ec), the Black Sea coast", s1902,
			[]string{"Turkey: A arm #6"},
			"Turkey: 1A arm convert",
			"turkey F arm", "now 1F"},
		{"rule 11: no east coast but in Armenia or Sevastopol", s1902,
			[]string{"Turkey: A ank #6"},
			"Turkey: 1A ank convert (ec)",
			"turkey A ank", "one coast"},
		{"and lands on the east coast from it", s1902,
			[]string{"Russia: F cas #6"},
			"Russia: 1F cas - arm",
			"russia F arm/ec", "east coast"},
		{"a Black Sea fleet does not reach the Caspian", s1902,
			[]string{"Russia: F sev #6"},
			"Russia: 1F sev - cas",
			"russia F sev", "Caspian"},
	})
}

// TestConverterCardFollows: the card and its knowledge move to the new
// unit id (rule 10), the conversion is recorded and reveals the card.
func TestConverterCardFollows(t *testing.T) {
	s := cardPosition(t, s1902, "France: A bre #6", "France: F mar #20")
	orders, _ := Variant.Parser(s.Map).ParseOrders("", "France: 1A bre convert")
	out := engine.Adjudicate(s, orders, Variant.Rules, engine.NewRand(1))
	e := out.Next.Extra.(*extra)
	newID := kit.UnitID{Power: "france", Type: engine.Fleet, Number: 2}
	h, ok := e.Cards[newID]
	if !ok || h.Card.ID != converterID {
		t.Fatalf("the card did not follow the unit: %v", e.Cards)
	}
	if _, old := e.Cards[kit.UnitID{Power: "france", Type: engine.Army, Number: 1}]; old {
		t.Error("the old id keeps a card")
	}
	if h.Revealed == nil {
		t.Error("a conversion does not reveal the card")
	}
	if c := e.Effects.Movers.Conversions; len(c) != 1 || c[0].To != newID || c[0].Prov != "bre" {
		t.Errorf("conversions %v", c)
	}
}

// TestConverterWinter: a Winter conversion, ordered in the adjustment
// phase, with the builds.
func TestConverterWinter(t *testing.T) {
	for _, tt := range []struct {
		name  string
		phase engine.Phase
		units []string
		order string
		want  string
		ok    bool
	}{
		{"Winter 1902", w1902, []string{"France: A bre #6"}, "France: 1A bre convert", "france F bre", true},
		{"rule 7: not in Winter 1901", w1901, []string{"France: A bre #6"}, "France: 1A bre convert", "france A bre", false},
		{"inland", w1902, []string{"France: A par #6"}, "France: 1A par convert", "france A par", false},
		{"no unit", w1902, []string{"France: A par #6"}, "France: 1A bre convert", "france A par", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := cardPosition(t, tt.phase, tt.units...)
			for _, p := range []string{"bre", "par", "mar"} {
				id, _ := s.Map.Lookup(p)
				s.Owners[id] = "france"
			}
			orders, errs := Variant.Parser(s.Map).ParseOrders("", tt.order)
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			out := engine.Adjudicate(s, orders, Variant.Rules, engine.NewRand(1))
			var units []string
			for _, u := range out.Next.Units {
				units = append(units, string(u.Power)+" "+u.Type.String()+" "+s.Map.LocString(u.Loc))
			}
			if got := strings.Join(units, ", "); got != tt.want {
				t.Errorf("after %q, want %q", got, tt.want)
			}
			if out.Results[0].OK != tt.ok {
				t.Errorf("result %+v", out.Results[0])
			}
			t.Log(out.Results[0].Reason)
		})
	}
}

// TestCaspianEastCoast: rule 11's "(ec)": a fleet on the Caspian coast of
// Sevastopol sails only into the Caspian, and only a #6 (or #3, #7) fleet
// may.
func TestCaspianEastCoast(t *testing.T) {
	for _, tt := range []struct {
		name, card, order, want, reason string
	}{
		{"the converted fleet sails into the Caspian", "6", "Russia: 1F sev - cas", "russia F cas", "moved to Caspian Sea"},
		{"an east-coast fleet does not reach the Black Sea", "6", "Russia: 1F sev - bla", "russia F sev/ec", "cannot"},
		{"an ordinary fleet never enters the Caspian", "20", "Russia: 1F sev - cas", "russia F sev/ec", "impassable"},
		{"it converts back to an army", "6", "Russia: 1F sev convert", "russia A sev", "now 1A"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := cardPosition(t, s1902, "Russia: F sev #"+tt.card)
			s.Units[0].Loc.C = engine.EastCoast
			orders, errs := Variant.Parser(s.Map).ParseOrders("", tt.order)
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			out := engine.Adjudicate(s, orders, Variant.Rules, engine.NewRand(1))
			if got := positionOf(out.Next); got != tt.want {
				t.Errorf("after %s, want %s", got, tt.want)
			}
			if !strings.Contains(out.Results[0].Reason, tt.reason) {
				t.Errorf("reason %q, want %q", out.Results[0].Reason, tt.reason)
			}
		})
	}
}

// Rule 10: a unit converting while another of its power's units of the new
// type is dislodged takes a number the dislodged unit does not hold (it
// keeps its number while it retreats). Found by the soak test.
func TestConverterSkipsDislodgedNumbers(t *testing.T) {
	s := cardPosition(t, s1902, "Turkey: F con #6", "Turkey: A arm #20", "Russia: A sev #2")
	out := adjudicate(t, s, "Turkey: F con convert\nRussia: A sev - arm")
	if len(out.Next.Dislodged) != 1 || out.Next.Dislodged[0].Unit.Number != 1 {
		t.Fatalf("dislodged %+v, want Turkey's 1A", out.Next.Dislodged)
	}
	for _, u := range out.Next.Units {
		if u.Power == "turkey" && u.Type == engine.Army && u.Number == 1 {
			t.Fatalf("the converted unit took 1A, the dislodged army's number: %+v", out.Next.Units)
		}
	}
	if bad := checkCards(out.Next); len(bad) > 0 {
		t.Fatal(bad)
	}
}

package character

import (
	"errors"
	"strings"
	"testing"

	"dipdesk/engine"
	"dipdesk/resources"
)

func mustCards(t testing.TB) []cardType {
	t.Helper()
	list, err := loadCards()
	if err != nil {
		t.Fatal(err)
	}
	return list
}

func card(t testing.TB, id string) cardType {
	t.Helper()
	c, ok := lookupCard(mustCards(t), id)
	if !ok {
		t.Fatalf("no card %s", id)
	}
	return c
}

// TestCardFileTotals: the list of the seed's table, "Initial Total of 72
// cards", 14 of them Ordinary (rule 10).
func TestCardFileTotals(t *testing.T) {
	list := mustCards(t)
	total, types, optional := 0, 0, 0
	for _, c := range list {
		switch c.Set {
		case regular:
			total += c.Count
			types++
		case optionalCard:
			optional++
		}
	}
	if total != 72 || types != 20 {
		t.Errorf("regular deck: %d cards of %d types, want 72 of 20", total, types)
	}
	if c := card(t, ordinaryID); c.Count != 14 || c.Name != "Ordinary Unit" {
		t.Errorf("Ordinary card: %+v, want 14 Ordinary Unit", c)
	}
	if optional != 10 {
		t.Errorf("%d optional cards, want X1-X6 and X8-X11 (10)", optional)
	}
}

// TestCardFileFacts checks each card fact the seed states outright.
func TestCardFileFacts(t *testing.T) {
	tests := []struct {
		id       string
		count    int
		units    units
		limit    limit
		category string
		atStart  bool
		set      set
	}{
		{"1", 2, anyUnit, twoAt8, "double-strength", true, regular},
		{"2", 2, anyUnit, twoAt8, "double-strength", true, regular},
		{"3", 4, anyUnit, noLimit, "", true, regular},
		{"7", 4, anyUnit, noLimit, "", true, regular},
		{"8", 6, anyUnit, oneEver, "hyperspace", true, regular},
		{"9", 2, anyUnit, oneEver, "annihilator", true, regular},
		{"10", 2, anyUnit, twoAt8, "gasser", true, regular},
		{"11", 2, anyUnit, oneEver, "hypnotist", true, regular},
		{"12", 4, anyUnit, twoAt10, "minelayer", true, regular},
		{"13", 4, anyUnit, noLimit, "", true, regular},
		{"14", 2, anyUnit, noLimit, "", true, regular},
		{"15", 2, anyUnit, oneEver, "cutter", true, regular},
		{"16", 4, anyUnit, noLimit, "", true, regular},
		{"17", 2, armyOnly, noLimit, "", true, regular},
		{"18", 2, fleetOnly, noLimit, "", true, regular},
		{"19", 2, anyUnit, noLimit, "", false, regular},
		{"20", 14, anyUnit, noLimit, "", true, regular},
		{"X2", 2, anyUnit, oneEver, "move-first", true, optionalCard},
		{"X7", 2, fleetOnly, noLimit, "", true, adopted},
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			c := card(t, tt.id)
			if c.Count != tt.count || c.Units != tt.units || c.Limit != tt.limit || c.Category != tt.category || c.AtStart != tt.atStart || c.Set != tt.set {
				t.Errorf("card %s = %+v, want count %d units %d limit %d %q start %v set %d", tt.id, c, tt.count, tt.units, tt.limit, tt.category, tt.atStart, tt.set)
			}
		})
	}
	if c := card(t, "X5"); c.Count != 2 || c.MaxCount != 4 {
		t.Errorf("X5 counts %d..%d, want 2 or 4", c.Count, c.MaxCount)
	}
}

func TestParseCardsErrors(t *testing.T) {
	const ord = "20 | Ordinary Unit | 14 | any | - | start | regular | plain\n"
	tests := []struct {
		name, text, want string
	}{
		{"fields", "1 | A | 2 | any\n", "t.txt:1: want 8 fields"},
		{"count", "# c\n1 | A | two | any | - | start | regular | d\n", `t.txt:2: card 1: count "two" is not a number`},
		{"duplicate", ord + "20 | B | 1 | any | - | start | regular | d\n", `t.txt:2: card "20" already defined on line 1`},
		{"units", "5 | A | 2 | tank | - | start | regular | d\n", `t.txt:1: card 5: units "tank"`},
		{"limit", "5 | A | 2 | any | !x | start | regular | d\n", `t.txt:1: card 5: limit "!x"`},
		{"category", "5 | A | 2 | any | * | start | regular | d\n", "needs a one-word category"},
		{"symbols", "1 | A | 2 | any | @d | start | regular | d\n2 | B | 2 | any | *d | start | regular | d\n", `t.txt:2: category "d" has another symbol`},
		{"dealt", "5 | A | 2 | any | - | never | regular | d\n", `dealt "never"`},
		{"set", "5 | A | 2 | any | - | start | house | d\n", `set "house"`},
		{"id", "Y1 | A | 2 | any | - | start | regular | d\n", `card id "Y1"`},
		{"ordinary", "20 | Ordinary | 14 | army | - | start | regular | d\n", "is the Ordinary card"},
		{"no ordinary", "5 | A | 2 | any | - | start | regular | d\n", "no Ordinary card"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseCards("t.txt", strings.NewReader(tt.text))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want it to contain %q", err, tt.want)
			}
		})
	}
	_, err := parseCards("t.txt", strings.NewReader("# nothing\n"))
	if !errors.Is(err, errNoOrdinary) {
		t.Errorf("empty list: %v, want ErrNoOrdinary", err)
	}
	var pe *parseError
	_, err = parseCards("t.txt", strings.NewReader("x\n"))
	if !errors.As(err, &pe) || pe.File != "t.txt" || pe.Line != 1 {
		t.Errorf("error %v is not a ParseError for t.txt line 1", err)
	}
}

func FuzzParseCards(f *testing.F) {
	b, err := resources.CardFile(cardFileName)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(string(b))
	f.Add("20 | O | 1 | any | - | start | regular | d\n1 | A | 2,4 | fleet | #m | later | optional | d\n")
	f.Add("||||||||\n")
	f.Fuzz(func(t *testing.T, text string) {
		list, err := parseCards("fuzz.txt", strings.NewReader(text))
		if err != nil {
			return
		}
		seen := map[string]bool{}
		ordinary := false
		for _, c := range list {
			if seen[c.ID] || !validID(c.ID) || c.Name == "" || c.Count < 0 || c.MaxCount < c.Count {
				t.Fatalf("accepted bad card %+v", c)
			}
			if (c.Limit == noLimit) != (c.Category == "") {
				t.Fatalf("card %s: limit %d with category %q", c.ID, c.Limit, c.Category)
			}
			seen[c.ID] = true
			ordinary = ordinary || c.Ordinary()
		}
		if !ordinary {
			t.Fatal("accepted a list without the Ordinary card")
		}
		if _, err := buildDeck(list, deckOptions{}, engine.NewRand(1)); err != nil {
			t.Fatalf("a parsed list does not make a deck: %v", err)
		}
	})
}

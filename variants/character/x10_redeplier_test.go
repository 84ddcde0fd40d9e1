package character

import (
	"strings"
	"testing"

	"dipdesk/engine"
)

// TestRedeplier: card X10 "During Winter, unit can move up to two spaces
// through unoccupied spaces. It cannot capture a new SC this way, and
// cannot end this move in any SC owned by another country" (rulings "X10
// Redeplier").
func TestRedeplier(t *testing.T) {
	tests := []struct {
		name   string
		phase  engine.Phase
		units  []string
		orders string
		want   string // position after
		reason string // of the result of the order of the first line
	}{
		{"two spaces through an empty one", w1902,
			[]string{"Germany: A ruh #X10"},
			"Germany: A ruh redeploy mun boh",
			"germany A boh", "redeployed to Bohemia through Munich"},
		{"one space", w1902,
			[]string{"Germany: A ruh #X10"},
			"Germany: A ruh redeploy kie",
			"germany A kie", "redeployed to Kiel"},
		{"not through an occupied space", w1902,
			[]string{"Germany: A ruh #X10", "France: A mun #20"},
			"Germany: A ruh redeploy mun boh",
			"france A mun, germany A ruh", "Munich is occupied"},
		{"not into another country's centre", w1902,
			[]string{"Germany: A ruh #X10"},
			"Germany: A ruh redeploy bur par",
			"germany A ruh", "owned by France"},
		{"into a neutral centre, which it does not capture", w1902,
			[]string{"Germany: A ruh #X10"},
			"Germany: A ruh redeploy bel",
			"germany A bel", "redeployed to Belgium"},
		{"rule 7: not in Winter 1901", engine.Phase{Year: 1901, Season: engine.Winter, Type: engine.Adjustment},
			[]string{"Germany: A ruh #X10"},
			"Germany: A ruh redeploy kie",
			"germany A ruh", "before Spring 1902"},
		{"only a Redeplier", w1902,
			[]string{"Germany: A ruh #20"},
			"Germany: A ruh redeploy kie",
			"germany A ruh", "not a Redeplier"},
		{"not three spaces", w1902,
			[]string{"Germany: A ruh #X10"},
			"Germany: A ruh redeploy mun boh gal",
			"germany A ruh", "one or two spaces"},
		{"only by its type's links", w1902,
			[]string{"Germany: A kie #X10"},
			"Germany: A kie redeploy hel",
			"germany A kie", "an army cannot move"},
		{"two redeployments to one space both fail", w1902,
			[]string{"Germany: A ruh #X10", "Germany: A ber #X10"},
			"Germany: A ruh redeploy kie\nGermany: A ber redeploy kie",
			"germany A ber, germany A ruh", "neither moves"},
		{"a build in the space stops it", w1902,
			[]string{"Germany: A ruh #X10"},
			"Germany: A ruh redeploy kie\nGermany: build A kie",
			"germany A kie, germany A ruh", "built in Kiel"},
		{"a fleet names the coast", w1902,
			[]string{"France: F mao #X10"},
			"France: F mao redeploy spa/nc",
			"france F spa/nc", "redeployed to Spain"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := cardPosition(t, tt.phase, tt.units...)
			out := judge(t, s, tt.orders)
			c := out.Next.Clone()
			c.Units = c.Units[:0]
			for _, u := range out.Next.Units {
				u.Number = 0
				c.Units = append(c.Units, u)
			}
			if got := positionOf(c); got != tt.want {
				t.Errorf("after: %s\nwant:  %s", got, tt.want)
			}
			first := strings.SplitN(tt.orders, "\n", 2)[0]
			found := false
			for _, r := range out.Results {
				if strings.HasSuffix(first, r.Order.Text) && r.Order.Text != "" && r.Order.Kind == engine.Special {
					found = true
					if !strings.Contains(r.Reason, tt.reason) {
						t.Errorf("reason %q, want %q", r.Reason, tt.reason)
					}
				}
			}
			if !found {
				t.Errorf("no result for %q", first)
			}
			if bel, _ := s.Map.Lookup("bel"); out.Next.Owners[bel] != "" {
				t.Error("a redeployment captures nothing")
			}
		})
	}
}

// TestRedeplierRevealsAndIsNoMove: the Winter move reveals the card; in a
// movement phase "redeploy" is illegal.
func TestRedeplierRevealsAndIsNoMove(t *testing.T) {
	s := cardPosition(t, w1902, "Germany: A ruh #X10")
	out := judge(t, s, "Germany: A ruh redeploy kie")
	u := out.Next.Units[0]
	if !out.Next.Extra.(*extra).KnownTo(idOf(u), engine.Seat{}) {
		t.Error("the redeployment reveals the card")
	}
	runCardCases(t, []cardCase{{"not in a movement phase", s1902,
		[]string{"Germany: A ruh #X10"}, "Germany: A ruh redeploy kie", "germany A ruh", "Winter order"}})
}

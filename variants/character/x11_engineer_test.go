package character

import (
	"strings"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/kit/kittest"
)

// defended returns a 1902 position with the units given and border
// defences in bur against mun (and any further borders).
func defended(t *testing.T, borders []string, lines ...string) *engine.State {
	t.Helper()
	s := cardPosition(t, s1902, lines...)
	if borders != nil {
		s.Extra.(*extra).Effects.Proposed.Defences = []defence{{Prov: "bur", Borders: borders, Power: "france", Built: s1902}}
	}
	return s
}

// TestSpecialEngineerFortify: card X11 sets up border defences while it
// holds; any attack foils the attempt (rulings "X11 Special Engineer").
func TestSpecialEngineerFortify(t *testing.T) {
	tests := []cardCase{
		{"the engineer holds while it fortifies", s1902,
			[]string{"France: A bur #X11"},
			"France: A bur fortify mun ruh",
			"france A bur", "border defences set up in Burgundy on the border with Munich and Ruhr"},
		{"an attack foils it", s1902,
			[]string{"France: A bur #X11", "Germany: A mun #20"},
			"France: A bur fortify mun\nGermany: A mun - bur",
			"france A bur, germany A mun", "foiled by the attack of A mun"},
		{"rule 7: not in 1901", s1901,
			[]string{"France: A bur #X11"},
			"France: A bur fortify mun",
			"france A bur", "before Spring 1902"},
		{"only a Special Engineer", s1902,
			[]string{"France: A bur #13"},
			"France: A bur fortify mun",
			"france A bur", "not a Special Engineer"},
		{"only its own borders", s1902,
			[]string{"France: A bur #X11"},
			"France: A bur fortify ber",
			"france A bur", "no border with Berlin"},
		{"not three borders", s1902,
			[]string{"France: A bur #X11"},
			"France: A bur fortify mun ruh par",
			"france A bur", "one or two borders"},
		{"a seacoast is a border", s1902,
			[]string{"France: F bre #X11"},
			"France: F bre fortify mao",
			"france F bre", "on the border with Mid-Atlantic Ocean"},
	}
	runCardCases(t, tests)
}

// TestSpecialEngineerBuilds: what the After part leaves: the defence,
// the card revealed, a public event; none when foiled or in 1901.
func TestSpecialEngineerBuilds(t *testing.T) {
	s := cardPosition(t, s1902, "France: A bur #X11", "Germany: A mun #20")
	out := judge(t, s, "France: A bur fortify mun ruh")
	e := out.Next.Extra.(*extra)
	if d := e.Effects.Proposed.Defences; len(d) != 1 || d[0].Prov != "bur" || strings.Join(d[0].Borders, ",") != "mun,ruh" {
		t.Errorf("defences %+v", d)
	}
	if !e.KnownTo(idOf(out.Next.Units[out.Next.UnitAt(kittest.Prov(t, s, "bur"))]), engine.Seat{}) {
		t.Error("fortifying reveals the card")
	}
	if len(out.Events) == 0 || !strings.Contains(out.Events[len(out.Events)-1], "Border defences set up in Burgundy") {
		t.Errorf("events %q", out.Events)
	}
	// A third border is refused.
	s2 := out.Next.Clone()
	s2.Phase = engine.Phase{Year: 1902, Season: engine.Fall, Type: engine.Movement}
	out2 := judge(t, s2, "France: A bur fortify par")
	if !strings.Contains(out2.Results[0].Reason, "at most two") {
		t.Errorf("third border: %q", out2.Results[0].Reason)
	}
	out3 := judge(t, s, "France: A bur fortify mun\nGermany: A mun - bur")
	if len(out3.Next.Extra.(*extra).Effects.Proposed.Defences) != 0 {
		t.Error("a foiled attempt builds nothing")
	}
}

// TestBorderDefences: +1 to the unit holding the space when every attack
// comes across a defended border.
func TestBorderDefences(t *testing.T) {
	tests := []struct {
		name    string
		borders []string
		units   []string
		orders  string
		want    string
	}{
		{"two attack across the defended border and fail", []string{"mun"},
			[]string{"France: A bur #20", "Germany: A mun #20", "Germany: A ruh #20"},
			"Germany: A mun - bur\nGermany: A ruh S A mun - bur",
			"france A bur, germany A mun, germany A ruh"},
		{"without defences two dislodge", nil,
			[]string{"France: A bur #20", "Germany: A mun #20", "Germany: A ruh #20"},
			"Germany: A mun - bur\nGermany: A ruh S A mun - bur",
			"germany A bur, germany A ruh, *france A bur"},
		{"three dislodge", []string{"mun"},
			[]string{"France: A bur #20", "Germany: A mun #20", "Germany: A ruh #20", "Germany: A bel #20"},
			"Germany: A mun - bur\nGermany: A ruh S A mun - bur\nGermany: A bel S A mun - bur",
			"germany A bel, germany A bur, germany A ruh, *france A bur"},
		{"across an undefended border no help", []string{"mun"},
			[]string{"France: A bur #20", "Germany: A ruh #20", "Germany: A bel #20"},
			"Germany: A ruh - bur\nGermany: A bel S A ruh - bur",
			"germany A bel, germany A bur, *france A bur"},
		{"any unit holding the space gains, an enemy's too", []string{"mun"},
			[]string{"Germany: A bur #20", "France: A mun #20", "France: A ruh #20"},
			"France: A mun - bur\nFrance: A ruh S A mun - bur",
			"france A mun, france A ruh, germany A bur"},
		{"a unit whose move fails gains nothing", []string{"mun"},
			[]string{"France: A bur #20", "Germany: A mun #20", "Germany: A ruh #20", "Italy: A mar #20"},
			"France: A bur - mar\nGermany: A mun - bur\nGermany: A ruh S A mun - bur",
			"germany A bur, germany A ruh, italy A mar, *france A bur"},
		{"attacks from both sides: the defences give nothing", []string{"mun"},
			[]string{"France: A bur #20", "Germany: A mun #20", "Germany: A ruh #20", "Italy: A mar #20"},
			"Germany: A mun - bur\nGermany: A ruh S A mun - bur\nItaly: A mar - bur",
			"germany A bur, germany A ruh, italy A mar, *france A bur"},
		{"two defended borders", []string{"mun", "mar"},
			[]string{"France: A bur #20", "Germany: A mun #20", "Germany: A ruh #20", "Italy: A mar #20"},
			"Germany: A mun - bur\nGermany: A ruh S A mun - bur\nItaly: A mar - bur",
			"france A bur, germany A mun, germany A ruh, italy A mar"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := defended(t, tt.borders, tt.units...)
			out := judge(t, s, tt.orders)
			if got := positionOf(out.Next); got != tt.want {
				t.Errorf("after: %s\nwant:  %s", got, tt.want)
			}
			if d := out.Next.Extra.(*extra).Effects.Proposed; len(d.Defences) != len(s.Extra.(*extra).Effects.Proposed.Defences) || d.turn != nil {
				t.Errorf("the defences stay and the turn's orders are not kept: %+v", d)
			}
		})
	}
	// A convoyed attack crosses the seacoast of the sea it lands from.
	for _, c := range []struct {
		border, want string
	}{
		{"eng", "england F eng, england A lon, england F mao, france A bre"},
		{"mao", "england A bre, england F eng, england F mao, *france A bre"},
		{"", "england A bre, england F eng, england F mao, *france A bre"},
	} {
		s := cardPosition(t, s1902, "France: A bre #20", "England: A lon #20", "England: F eng #20", "England: F mao #20")
		if c.border != "" {
			s.Extra.(*extra).Effects.Proposed.Defences = []defence{{Prov: "bre", Borders: []string{c.border}, Power: "france", Built: s1902}}
		}
		out := judge(t, s, "England: A lon - bre\nEngland: F eng C A lon - bre\nEngland: F mao S A lon - bre")
		if got := positionOf(out.Next); got != c.want {
			t.Errorf("convoyed attack, %q defended: %s\nwant %s", c.border, got, c.want)
		}
	}
}

// TestSpecialEngineerFoiledBySpecialMove: an attack by a special order
// judged as a move (here a foreign exchange partner's move) foils the
// attempt too.
func TestSpecialEngineerFoiledBySpecialMove(t *testing.T) {
	s := cardPosition(t, s1902, "France: A bur #X11", "Germany: A mun #X1", "Germany: A ruh #20")
	out := judge(t, s, "France: A bur fortify ruh\nGermany: A mun exchange bur")
	if len(out.Next.Extra.(*extra).Effects.Proposed.Defences) != 0 || !strings.Contains(out.Results[0].Reason, "foiled by the attack of A mun") {
		t.Errorf("reason %q", out.Results[0].Reason)
	}
}

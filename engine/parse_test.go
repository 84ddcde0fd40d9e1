package engine

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// parseOne parses one order for France on the standard map and fails the
// test on an error.
func parseOne(t *testing.T, p *Parser, text string) Order {
	t.Helper()
	o, err := p.ParseOrder("france", text)
	if err != nil {
		t.Fatalf("ParseOrder(%q): %v", text, err)
	}
	return o
}

// parseFail parses one order that must fail and returns its *ParseError.
func parseFail(t *testing.T, p *Parser, text string) *ParseError {
	t.Helper()
	o, err := p.ParseOrder("france", text)
	if err == nil {
		t.Fatalf("ParseOrder(%q) = %s, want an error", text, o.Format(p.Map))
	}
	var pe *ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("ParseOrder(%q): error %T is not a *ParseError", text, err)
	}
	return pe
}

func TestParseNotation(t *testing.T) {
	m := standardMap(t)
	p := &Parser{Map: m}
	tests := []struct {
		name, in, want string
	}{
		// hold
		{"hold H", "A par H", "A par H"},
		{"hold word", "A par hold", "A par H"},
		{"holds", "A par holds", "A par H"},
		{"stand", "A par stand", "A par H"},
		{"stands", "F lon stands", "F lon H"},
		{"bare unit", "A par", "A par H"},
		{"bare province", "par", "par H"},
		{"army word", "Army Paris holds.", "A par H"},
		{"fleet word", "FLEET london", "F lon H"},
		{"trailing dot", "A par H.", "A par H"},
		{"extra spaces", "   A    par    H   ", "A par H"},
		{"tabs", "A\tpar\t-\tbur", "A par - bur"},
		// move
		{"dash", "A par - bur", "A par - bur"},
		{"arrow", "A par -> bur", "A par - bur"},
		{"fat arrow", "A par => bur", "A par - bur"},
		{"gt", "A par > bur", "A par - bur"},
		{"unicode arrow", "A par → bur", "A par - bur"},
		{"en dash", "A par – bur", "A par - bur"},
		{"glued hyphen", "A par-bur", "A par - bur"},
		{"hyphen glued left", "A par- bur", "A par - bur"},
		{"hyphen glued right", "A par -bur", "A par - bur"},
		{"glued arrow", "A par->bur", "A par - bur"},
		{"m", "A par m bur", "A par - bur"},
		{"move", "A par move bur", "A par - bur"},
		{"moves to", "A par moves to bur", "A par - bur"},
		{"move to", "A par move to bur", "A par - bur"},
		{"to", "A par to bur", "A par - bur"},
		{"full names", "Army Paris - Burgundy", "A par - bur"},
		{"upper case", "A PAR - BUR", "A par - bur"},
		{"type omitted", "par - bur", "par - bur"},
		{"via convoy", "A lon - bel via convoy", "A lon - bel via convoy"},
		{"by convoy", "A lon - bel by convoy", "A lon - bel via convoy"},
		{"via c", "A lon - bel via c", "A lon - bel via convoy"},
		{"via convoy in parentheses", "A lon - bel (via convoy)", "A lon - bel via convoy"},
		{"path", "A yor - nth - bel", "A yor - bel"},
		{"glued path", "A yor-nth-bel", "A yor - bel"},
		{"path via convoy", "A lon - eng - bel via convoy", "A lon - bel via convoy"},
		// retreat
		{"r", "A par r bur", "A par - bur"},
		{"retreat", "A par retreat bur", "A par - bur"},
		{"retreats to", "A par retreats to bur", "A par - bur"},
		{"retreat to", "A par retreat to gas", "A par - gas"},
		// multi-word names, aliases, hyphens
		{"north sea", "F North Sea - Norway", "F nth - nwy"},
		{"gulf of lyon", "F Gulf of Lyon - Spain (south coast)", "F lyo - spa/sc"},
		{"gulf of lions alias", "F gulf of lions H", "F lyo H"},
		{"mid-atlantic", "F Mid-Atlantic Ocean - Brest", "F mao - bre"},
		{"mid-atlantic short", "F mid-atlantic-bre", "F mao - bre"},
		{"mid atlantic no hyphen", "F mid atlantic - bre", "F mao - bre"},
		{"mid-atlantic glued to coast", "F mid-atlantic-spa(nc)", "F mao - spa/nc"},
		{"to mid-atlantic glued", "F bre-mid-atlantic ocean", "F bre - mao"},
		{"st petersburg", "A St Petersburg - Moscow", "A stp - mos"},
		{"st. petersburg", "A St. Petersburg - Moscow", "A stp - mos"},
		{"st.petersburg", "A st.petersburg-mos", "A stp - mos"},
		{"saint petersburg", "A Saint Petersburg H", "A stp H"},
		{"eastern med", "F Eastern Mediterranean Sea - Aegean", "F eas - aeg"},
		{"alias abbreviation", "F gol - wes", "F lyo - wes"},
		{"alias name", "A Tyrol - Vienna", "A tyr - vie"},
		// coasts
		{"slash", "F mao - spa/nc", "F mao - spa/nc"},
		{"paren", "F mao - spa(nc)", "F mao - spa/nc"},
		{"paren spaced", "F mao - spa (nc)", "F mao - spa/nc"},
		{"bare coast", "F mao - spa nc", "F mao - spa/nc"},
		{"dot coast", "F mao - spa.nc", "F mao - spa/nc"},
		{"name north coast", "F mao - Spain (north coast)", "F mao - spa/nc"},
		{"name glued coast", "F mao - Spain(north coast)", "F mao - spa/nc"},
		{"name slash coast", "F mao - Spain/north coast", "F mao - spa/nc"},
		{"slash word", "F mao - spa/north", "F mao - spa/nc"},
		{"paren letter", "F mao - spa(n)", "F mao - spa/nc"},
		{"bare north coast", "F mao - spa north coast", "F mao - spa/nc"},
		{"south coast stp", "F St Petersburg(sc) - bot", "F stp/sc - bot"},
		{"bul ec", "F bul/ec - bla", "F bul/ec - bla"},
		{"coast on the unit", "F spa/sc - wes", "F spa/sc - wes"},
		{"wrong coast kept", "F por - spa(sc)", "F por - spa/sc"},
		{"coast not of the province dropped", "F mao - bre(wc)", "F mao - bre"},
		{"coast on single-coast dropped", "F bre/nc - mao", "F bre - mao"},
		{"coast the split province lacks dropped", "F mao - spa(ec)", "F mao - spa"},
		{"army with coast kept", "A gas - spa(nc)", "A gas - spa/nc"},
		// support
		{"support move", "A tyr S A ven - tri", "A tyr S A ven - tri"},
		{"supports", "A tyr supports A ven - tri", "A tyr S A ven - tri"},
		{"support", "A tyr support A ven - tri", "A tyr S A ven - tri"},
		{"sup", "A tyr sup A ven - tri", "A tyr S A ven - tri"},
		{"support type omitted", "A tyr S ven - tri", "A tyr S ven - tri"},
		{"support hold", "A tyr S A ven", "A tyr S A ven"},
		{"support hold H", "A tyr S A ven H", "A tyr S A ven"},
		{"support holds", "A tyr S A ven holds", "A tyr S A ven"},
		{"support hold word", "A tyr S A ven hold", "A tyr S A ven"},
		{"support coast", "F mao S F por - spa(nc)", "F mao S F por - spa/nc"},
		{"support glued", "A tyr S A ven-tri", "A tyr S A ven - tri"},
		{"support convoyed move", "A bur S A lon - bel via convoy", "A bur S A lon - bel"},
		{"support fleet in sea", "F eng S F North Sea - Belgium", "F eng S F nth - bel"},
		// convoy
		{"convoy", "F nth C A lon - bel", "F nth C A lon - bel"},
		{"convoys", "F nth convoys A lon - bel", "F nth C A lon - bel"},
		{"convoy word", "F nth convoy A lon to bel", "F nth C A lon - bel"},
		{"convoy type omitted", "F nth C lon - bel", "F nth C lon - bel"},
		// disband and remove
		{"disband after", "A par disband", "A par disband"},
		{"d after", "A par d", "A par disband"},
		{"disband before", "disband A par", "A par disband"},
		{"remove before", "remove A par", "A par disband"},
		{"remove after", "A par remove", "A par disband"},
		{"destroy", "destroy F lon", "F lon disband"},
		{"remove type omitted", "remove par", "par disband"},
		// build
		{"build", "build A par", "build A par"},
		{"build coast", "Build F St Petersburg(nc)", "build F stp/nc"},
		{"build coast slash", "build F stp/sc", "build F stp/sc"},
		{"B", "B A par", "build A par"},
		{"build after", "A par build", "build A par"},
		{"build type omitted", "build par", "build par"},
		{"build fleet word", "build fleet Brest", "build F bre"},
		// waive
		{"waive", "waive", "waive"},
		{"waive build", "waive build", "waive"},
		{"build waive", "build waive", "waive"},
		{"waive upper", "WAIVE.", "waive"},
		// unit numbers
		{"number glued", "1A par - bur", "1A par - bur"},
		{"number fleet", "2F lon H", "2F lon H"},
		{"number spaced", "3 A par", "3A par H"},
		{"number no type", "4 par - bur", "4 par - bur"},
		{"number army word", "5 army par", "5A par H"},
		// prefix
		{"power prefix", "France: A par - bur", "A par - bur"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := parseOne(t, p, tc.in)
			if got := o.Format(m); got != tc.want {
				t.Errorf("ParseOrder(%q) = %q, want %q", tc.in, got, tc.want)
			}
			if o.Text != strings.TrimSpace(tc.in) {
				t.Errorf("Text = %q, want %q", o.Text, strings.TrimSpace(tc.in))
			}
			if o.Power != "france" {
				t.Errorf("Power = %q, want france", o.Power)
			}
		})
	}
}

func TestParseOrderFields(t *testing.T) {
	m := standardMap(t)
	p := &Parser{Map: m}
	id := func(s string) ProvinceID {
		t.Helper()
		v, ok := m.Lookup(s)
		if !ok {
			t.Fatalf("no province %q", s)
		}
		return v
	}
	loc := func(s string, c Coast) Loc { return Loc{P: id(s), C: c} }
	tests := []struct {
		name string
		in   string
		want Order
	}{
		{"hold", "A par H", Order{Kind: Hold, Unit: Army, At: loc("par", NoCoast), To: Nowhere, AuxAt: Nowhere, AuxTo: Nowhere}},
		{"move via", "A lon - bel via convoy", Order{Kind: Move, Unit: Army, At: loc("lon", NoCoast), To: loc("bel", NoCoast), ViaConvoy: true, AuxAt: Nowhere, AuxTo: Nowhere}},
		{"path", "A yor - nth - bel", Order{Kind: Move, Unit: Army, At: loc("yor", NoCoast), To: loc("bel", NoCoast), AuxAt: Nowhere, AuxTo: Nowhere}},
		{"support hold", "A tyr S A ven", Order{Kind: Support, Unit: Army, At: loc("tyr", NoCoast), To: Nowhere, AuxUnit: Army, AuxAt: loc("ven", NoCoast), AuxTo: Nowhere}},
		{"support french", "A bur S French A par - mar", Order{Kind: Support, Unit: Army, At: loc("bur", NoCoast), To: Nowhere, AuxUnit: Army, AuxPower: "france", AuxAt: loc("par", NoCoast), AuxTo: loc("mar", NoCoast)}},
		{"support France", "A bur S France A par", Order{Kind: Support, Unit: Army, At: loc("bur", NoCoast), To: Nowhere, AuxUnit: Army, AuxPower: "france", AuxAt: loc("par", NoCoast), AuxTo: Nowhere}},
		{"support Italian", "A tyr S Italian A ven", Order{Kind: Support, Unit: Army, At: loc("tyr", NoCoast), To: Nowhere, AuxUnit: Army, AuxPower: "italy", AuxAt: loc("ven", NoCoast), AuxTo: Nowhere}},
		{"support nationality no type", "A tyr S italian ven - tri", Order{Kind: Support, Unit: Army, At: loc("tyr", NoCoast), To: Nowhere, AuxPower: "italy", AuxAt: loc("ven", NoCoast), AuxTo: loc("tri", NoCoast)}},
		{"convoy english", "F nth C English A lon - bel", Order{Kind: Convoy, Unit: Fleet, At: loc("nth", NoCoast), To: Nowhere, AuxUnit: Army, AuxPower: "england", AuxAt: loc("lon", NoCoast), AuxTo: loc("bel", NoCoast)}},
		{"build coast", "Build F St Petersburg(nc)", Order{Kind: Build, Unit: Fleet, At: loc("stp", NorthCoast), To: Nowhere, AuxAt: Nowhere, AuxTo: Nowhere}},
		{"build no type", "build par", Order{Kind: Build, At: loc("par", NoCoast), To: Nowhere, AuxAt: Nowhere, AuxTo: Nowhere}},
		{"waive", "waive", Order{Kind: Waive, At: Nowhere, To: Nowhere, AuxAt: Nowhere, AuxTo: Nowhere}},
		{"disband", "A par d", Order{Kind: Disband, Unit: Army, At: loc("par", NoCoast), To: Nowhere, AuxAt: Nowhere, AuxTo: Nowhere}},
		{"number", "12F lon - nth", Order{Kind: Move, Unit: Fleet, Number: 12, At: loc("lon", NoCoast), To: loc("nth", NoCoast), AuxAt: Nowhere, AuxTo: Nowhere}},
		{"support numbered", "1A bur S 2A par - pic", Order{Kind: Support, Unit: Army, Number: 1, At: loc("bur", NoCoast), To: Nowhere, AuxUnit: Army, AuxNumber: 2, AuxAt: loc("par", NoCoast), AuxTo: loc("pic", NoCoast)}},
		{"convoy numbered", "F nth C 3A lon - bel", Order{Kind: Convoy, Unit: Fleet, At: loc("nth", NoCoast), To: Nowhere, AuxUnit: Army, AuxNumber: 3, AuxAt: loc("lon", NoCoast), AuxTo: loc("bel", NoCoast)}},
		{"fleet to stp sc", "F bot - St Petersburg (south coast)", Order{Kind: Move, Unit: Fleet, At: loc("bot", NoCoast), To: loc("stp", SouthCoast), AuxAt: Nowhere, AuxTo: Nowhere}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := parseOne(t, p, tc.in)
			tc.want.Power = "france"
			tc.want.Text = tc.in
			if !reflect.DeepEqual(o, tc.want) {
				t.Errorf("ParseOrder(%q)\n got %+v\nwant %+v", tc.in, o, tc.want)
			}
		})
	}
}

func TestParsePowerPrefix(t *testing.T) {
	m := standardMap(t)
	p := &Parser{Map: m}
	tests := []struct {
		in   string
		want Power
	}{
		{"France: A par H", "france"},
		{"French: A par H", "france"},
		{"FRANCE: A par H", "france"},
		{"germany:A mun H", "germany"},
		{"  Turkey :  F ank - bla", "turkey"},
		{"E: F lon - nth", "england"},
		{"A par H", "austria"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			o, err := p.ParseOrder("austria", tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if o.Power != tc.want {
				t.Errorf("Power = %q, want %q", o.Power, tc.want)
			}
			if o.Text != strings.TrimSpace(tc.in) {
				t.Errorf("Text = %q", o.Text)
			}
		})
	}
}

func TestParseSpecial(t *testing.T) {
	m := standardMap(t)
	p := &Parser{Map: m, Specials: []SpecialSyntax{
		{Verb: "annihilate", Name: "annihilate"},
		{Verb: "lay mine", Name: "laymine"},
		{Verb: "picks up own mine", Name: "pickup"},
		{Verb: "picks up", Name: "pick"},
	}}
	tests := []struct {
		name, in string
		unit     UnitType
		num      int
		special  string
		args     []string
	}{
		{"annihilate", "1A par annihilate bur", Army, 1, "annihilate", []string{"bur"}},
		{"annihilate upper", "1A PAR Annihilate Bur/NC.", Army, 1, "annihilate", []string{"bur/nc"}},
		{"lay mine", "F nth lay mine", Fleet, 0, "laymine", nil},
		{"longest verb", "F nth picks up own mine", Fleet, 0, "pickup", nil},
		{"shorter verb", "F nth picks up mine", Fleet, 0, "pick", []string{"mine"}},
		{"no type", "par annihilate bur mar", NoUnitType, 0, "annihilate", []string{"bur", "mar"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := parseOne(t, p, tc.in)
			if o.Kind != Special || o.Special != tc.special || o.Unit != tc.unit || o.Number != tc.num || !reflect.DeepEqual(o.Args, tc.args) {
				t.Errorf("ParseOrder(%q) = kind %v special %q unit %v number %d args %q; want special %q unit %v number %d args %q",
					tc.in, o.Kind, o.Special, o.Unit, o.Number, o.Args, tc.special, tc.unit, tc.num, tc.args)
			}
		})
	}
	t.Run("suggest verb", func(t *testing.T) {
		e := parseFail(t, p, "1A par anihilate bur")
		if e.Suggest != "annihilate" {
			t.Errorf("Suggest = %q, want annihilate (%v)", e.Suggest, e)
		}
	})
	t.Run("undeclared", func(t *testing.T) {
		q := &Parser{Map: m}
		e := parseFail(t, q, "1A par annihilate bur")
		if e.Token != "annihilate" {
			t.Errorf("Token = %q (%v)", e.Token, e)
		}
	})
}

func TestParseErrors(t *testing.T) {
	m := standardMap(t)
	p := &Parser{Map: m}
	tests := []struct {
		name, in string
		token    string
		suggest  string
		msg      string // the whole Error() text when set
		contains string // a part of Error() otherwise
	}{
		{name: "misspelt province", in: "A par - Bugundy", token: "Bugundy", suggest: "Burgundy",
			msg: `no province "Bugundy" (did you mean Burgundy?)`},
		{name: "misspelt unit province", in: "A Pariss - bur", token: "Pariss", suggest: "Paris"},
		{name: "transposed", in: "F Lodnon H", token: "Lodnon", suggest: "London"},
		{name: "misspelt two words", in: "F Nort Sea - bel", token: "Nort Sea", suggest: "North Sea",
			msg: `no province "Nort Sea" (did you mean North Sea?)`},
		{name: "misspelt alias", in: "F mid-atlantc - bre", suggest: "Mid-Atlantic Ocean"},
		{name: "unknown province no suggestion", in: "A par - xyzzy", token: "xyzzy",
			msg: `no province "xyzzy"`},
		{name: "move without destination", in: "A par -",
			msg: `"A par -": move needs a destination`},
		{name: "move word without destination", in: "A par moves to",
			msg: `"A par moves to": move needs a destination`},
		{name: "retreat without destination", in: "A par r",
			msg: `"A par r": retreat needs a destination`},
		{name: "unknown order word", in: "A tyr suports A ven", token: "suports", suggest: "supports",
			msg: `unknown order word "suports" (did you mean supports?)`},
		{name: "unknown order word no suggestion", in: "A par qqq bur", token: "qqq",
			msg: `unknown order word "qqq"`},
		{name: "province instead of order word", in: "A par bur", token: "bur", contains: "is a province"},
		{name: "support without unit", in: "A tyr S",
			msg: `"A tyr S": support needs the supported unit`},
		{name: "support without province", in: "A tyr S A",
			msg: `"A tyr S A": support needs the supported unit`},
		{name: "support without destination", in: "A tyr S A ven -",
			contains: "support needs the supported unit's destination"},
		{name: "convoy without destination", in: "F nth C A lon",
			msg: `"F nth C A lon": convoy needs a destination`},
		{name: "convoy hold", in: "F nth C A lon H",
			msg: `"F nth C A lon H": convoy needs a destination`},
		{name: "convoy without unit", in: "F nth C",
			msg: `"F nth C": convoy needs the convoyed unit`},
		{name: "unknown power", in: "Frnce: A par H", token: "Frnce", suggest: "France",
			msg: `unknown power "Frnce" (did you mean France?)`},
		{name: "unknown power far", in: "Narnia: A par H", token: "Narnia", msg: `unknown power "Narnia"`},
		{name: "empty power", in: ": A par H", contains: "missing power name"},
		{name: "unit type alone", in: "A", contains: "needs the unit's province"},
		{name: "build alone", in: "build", contains: "build needs a province"},
		{name: "disband alone", in: "disband", contains: "disband needs a unit"},
		{name: "unknown coast", in: "F mao - spa(xx)", token: "xx", msg: `unknown coast "xx"`},
		{name: "unclosed coast", in: "F mao - spa(nc", contains: `missing ")"`},
		{name: "empty parens", in: "F mao - spa()", contains: `empty "()"`},
		{name: "slash nothing", in: "F mao - spa/", contains: `missing coast after "/"`},
		{name: "trailing words", in: "A par H now", token: "now", msg: `unexpected "now" after the order`},
		{name: "via what", in: "A lon - bel via boat", contains: `expected "convoy" after "via"`},
		{name: "order word first", in: "hold", contains: `needs a unit before "hold"`},
		{name: "misspelt start", in: "Armyy par", token: "Armyy", suggest: "army"},
		{name: "bad number", in: "0A par", contains: "bad unit number"},
		{name: "huge number", in: "12345678A par", contains: "bad unit number"},
		{name: "empty", in: "", msg: `empty order`},
		{name: "comment only", in: "# nothing", msg: `empty order`},
		{name: "only dots", in: "...", msg: `"...": no order`},
		{name: "power only", in: "France:", msg: `"France:": no order after the power name`},
		{name: "two orders", in: "A par H; A mar H", contains: "expected one order, found 2"},
		{name: "paren alone", in: "(", contains: `expected a province, found "("`},
		{name: "arrow alone", in: "- bur", contains: "needs a unit before"},
		{name: "misspelt nationality", in: "A par S Frence A mar", token: "Frence", suggest: "France",
			msg: `unknown power "Frence" (did you mean France?)`},
		{name: "nationality without unit", in: "A bur S French",
			msg: `"A bur S French": support needs the supported unit`},
		{name: "power without colon", in: "France A par H", token: "France", contains: "needs a colon"},
		{name: "missing dash in support", in: "A tyr S A ven tri", token: "tri",
			msg: `"tri" is a province, not an order word (is a "-" missing?)`},
		{name: "ambiguous misspelling", in: "A vne - tri", token: "vne", msg: `no province "vne"`},
		{name: "waive with a unit", in: "waive A par", token: "A"},
		{name: "number alone", in: "3", contains: "needs the unit's province"},
		{name: "misspelt order word", in: "A par hodl", token: "hodl", suggest: "hold"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := parseFail(t, p, tc.in)
			if e.Line != 0 {
				t.Errorf("Line = %d, want 0", e.Line)
			}
			if tc.token != "" && e.Token != tc.token {
				t.Errorf("Token = %q, want %q (%v)", e.Token, tc.token, e)
			}
			if e.Suggest != tc.suggest {
				t.Errorf("Suggest = %q, want %q (%v)", e.Suggest, tc.suggest, e)
			}
			if tc.msg != "" && e.Error() != tc.msg {
				t.Errorf("Error() = %q, want %q", e.Error(), tc.msg)
			}
			if tc.contains != "" && !strings.Contains(e.Error(), tc.contains) {
				t.Errorf("Error() = %q, want it to contain %q", e.Error(), tc.contains)
			}
		})
	}
}

func TestParseErrorFormat(t *testing.T) {
	tests := []struct {
		e    ParseError
		want string
	}{
		{ParseError{Line: 3, Text: "A par - Bugundy", Token: "Bugundy", Msg: `no province "Bugundy"`, Suggest: "Burgundy"},
			`line 3: no province "Bugundy" (did you mean Burgundy?)`},
		{ParseError{Line: 2, Text: "A par -", Msg: "move needs a destination"},
			`line 2: "A par -": move needs a destination`},
		{ParseError{Text: "A par -", Msg: "move needs a destination"},
			`"A par -": move needs a destination`},
		{ParseError{Msg: "empty order"}, `empty order`},
	}
	for _, tc := range tests {
		t.Run(tc.want, func(t *testing.T) {
			if got := tc.e.Error(); got != tc.want {
				t.Errorf("Error() = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestParseOrdersLines(t *testing.T) {
	m := standardMap(t)
	text := `# France, spring 1901
A par - bur
F bre - mao; A mar - Bugundy
A par -

F nth C A lon - bel, A lon - bel via convoy   # England really
A tyr suports A ven
`
	orders, errs := ParseOrders(m, "france", text)
	var got []string
	for _, o := range orders {
		got = append(got, o.Format(m))
	}
	want := []string{"A par - bur", "F bre - mao", "F nth C A lon - bel", "A lon - bel via convoy"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("orders = %q, want %q", got, want)
	}
	var msgs []string
	for _, err := range errs {
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Fatalf("error %T is not a *ParseError", err)
		}
		msgs = append(msgs, err.Error())
	}
	wantMsgs := []string{
		`line 3: no province "Bugundy" (did you mean Burgundy?)`,
		`line 4: "A par -": move needs a destination`,
		`line 7: unknown order word "suports" (did you mean supports?)`,
	}
	if !reflect.DeepEqual(msgs, wantMsgs) {
		t.Errorf("errors =\n%s\nwant\n%s", strings.Join(msgs, "\n"), strings.Join(wantMsgs, "\n"))
	}
	if orders[2].Text != "F nth C A lon - bel" || orders[3].Text != "A lon - bel via convoy" {
		t.Errorf("Text = %q, %q", orders[2].Text, orders[3].Text)
	}
}

func TestParseOrdersPowers(t *testing.T) {
	m := standardMap(t)
	text := "A par H\n" +
		"England: F lon - nth; A lvp - yor\n" + // a prefix lasts to the end of its line
		"A mar H\n" + // back to the default
		"Germany:\n" + // a header line sets the power of the lines after it
		"A mun H\n" +
		"F kie - den, Russia: A mos H, A war H\n" +
		"Frnce: A bre H\n" +
		"A ber H\n"
	orders, errs := ParseOrders(m, "france", text)
	type po struct {
		power Power
		order string
	}
	var got []po
	for _, o := range orders {
		got = append(got, po{o.Power, o.Format(m)})
	}
	want := []po{
		{"france", "A par H"},
		{"england", "F lon - nth"},
		{"england", "A lvp - yor"},
		{"france", "A mar H"},
		{"germany", "A mun H"},
		{"germany", "F kie - den"},
		{"russia", "A mos H"},
		{"russia", "A war H"},
		{"germany", "A ber H"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("orders =\n%v\nwant\n%v", got, want)
	}
	if len(errs) != 1 || errs[0].Error() != `line 7: unknown power "Frnce" (did you mean France?)` {
		t.Errorf("errors = %v", errs)
	}
}

func TestParseOrdersLongLine(t *testing.T) {
	m := standardMap(t)
	long := "A par - bur; " + strings.Repeat("x", 2000)
	orders, errs := ParseOrders(m, "france", "A mar H\n"+long+"\nA bre H\n# "+strings.Repeat("y", 5000)+"\n")
	if len(orders) != 2 {
		t.Errorf("got %d orders, want 2", len(orders))
	}
	if len(errs) != 1 {
		t.Fatalf("got %d errors, want 1: %v", len(errs), errs)
	}
	var pe *ParseError
	if !errors.As(errs[0], &pe) || pe.Line != 2 || !strings.Contains(pe.Msg, "line too long") || len(pe.Text) > 100 {
		t.Errorf("error = %#v", errs[0])
	}
}

func TestParseOrdersEmpty(t *testing.T) {
	m := standardMap(t)
	for _, text := range []string{"", "\n\n", "# just a comment\n   \n", " ; , ;"} {
		orders, errs := ParseOrders(m, "france", text)
		if len(orders) != 0 || len(errs) != 0 {
			t.Errorf("ParseOrders(%q) = %v, %v; want nothing", text, orders, errs)
		}
	}
}

func TestParseNoMap(t *testing.T) {
	var p Parser
	if _, err := p.ParseOrder("france", "A par H"); err == nil {
		t.Error("no error without a map")
	}
	_, errs := p.ParseOrders("france", "A par H")
	if len(errs) != 1 {
		t.Errorf("errors = %v", errs)
	}
}

func TestEditDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"bur", "bur", 0},
		{"bugundy", "burgundy", 1},
		{"lodnon", "london", 1},
		{"suports", "supports", 1},
		{"abc", "", 3},
		{"kitten", "sitting", 3},
	}
	for _, tc := range tests {
		if got := editDistance([]rune(tc.a), []rune(tc.b)); got != tc.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

func BenchmarkParseOrders(b *testing.B) {
	m := standardMap(b)
	text := "A par - bur\nF bre - mao; A mar - Bugundy\nF nth C A lon - bel\nA tyr S French A ven - tri\n"
	for b.Loop() {
		ParseOrders(m, "france", text)
	}
}

// notationOrders is one set of orders of every kind, as a DATC file gives
// them, in the notation with spaces around the hyphen.
const notationOrders = "A par - bur\nF bre - mao\nA mar - spa\nF nth C A lon - bel\nA lon - bel\n" +
	"A tyr S A ven - tri\nA ven - tri\nF gol - spa/sc\nF wes S F gol - spa/sc\nA mun - sil\nF kie - hol\nA ber S A mun - sil\n"

// BenchmarkParseNotation parses the same orders in the two notations case
// files use: "A par - bur" (DipDesk's own files, the DATC text) and
// "A par-bur" (jDip's and godip's suites). A glued hyphen once made the
// parser compute a spelling suggestion against every province name for
// each move, ten times the work of the spaced notation.
func BenchmarkParseNotation(b *testing.B) {
	m := standardMap(b)
	glued := strings.ReplaceAll(notationOrders, " - ", "-")
	for _, bc := range []struct{ name, text string }{{"spaced", notationOrders}, {"glued", glued}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, errs := ParseOrders(m, "france", bc.text); len(errs) > 0 {
					b.Fatal(errs)
				}
			}
		})
	}
}

func BenchmarkParseOrdersHostile(b *testing.B) {
	m := standardMap(b)
	line := strings.Repeat("mid-atlantic ocean (nc) zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz ", 24)[:maxLineChars]
	text := strings.Repeat(line+"\n", 50)
	for b.Loop() {
		ParseOrders(m, "france", text)
	}
}

// TestParseMovePath: a move naming the spaces on its way is a convoy's
// path only when it can be one (an army, every space on the way a sea:
// DATC 4.A.6); any other path is a double move, the variant's "via" order,
// and an error naming the problem in a game without one. It is never
// silently read as the move to its end.
func TestParseMovePath(t *testing.T) {
	m := standardMap(t)
	plain := &Parser{Map: m}
	double := &Parser{Map: m, Specials: []SpecialSyntax{{Verb: "via", Name: "double move"}}}
	convoys := []struct{ in, want string }{
		{"A yor - nth - bel", "A yor - bel"},
		{"A yor-nth-bel", "A yor - bel"},
		{"yor - nth - bel", "yor - bel"},
		{"A lon - eng - mao - spa via convoy", "A lon - spa via convoy"},
	}
	for _, p := range []*Parser{plain, double} {
		for _, tc := range convoys {
			if o := parseOne(t, p, tc.in); o.Kind != Move || o.Format(m) != tc.want {
				t.Errorf("%q (specials %v) = %q, want %q", tc.in, p.Specials, o.Format(m), tc.want)
			}
		}
	}
	refused := []struct{ in, want string }{
		{"A par - bur - mun", `"A par - bur - mun": Burgundy is no sea, so the path is no convoy route (DATC 4.A.6); a move through two spaces is a double move, which no order of this game makes`},
		{"1A par-bur-mun", `"1A par-bur-mun": Burgundy is no sea`},
		{"F tri - adr - ion", `"F tri - adr - ion": a fleet is never convoyed`},
		{"A lon - wal - lvp", `Wales is no sea`},
		{"A par - bur - mun via convoy", `Burgundy is no sea, so the path is no convoy route (DATC 4.A.6), so it cannot go via convoy`},
	}
	for _, tc := range refused {
		if pe := parseFail(t, plain, tc.in); !strings.Contains(pe.Error(), tc.want) {
			t.Errorf("%q: %v\nwant it to contain %s", tc.in, pe, tc.want)
		}
	}
	doubles := []struct {
		in   string
		num  int
		args []string
	}{
		{"1A par - bur - mun", 1, []string{"bur", "-", "mun"}},
		{"1A par-bur-mun", 1, []string{"bur", "-", "mun"}},
		{"par - bur - mun", 0, []string{"bur", "-", "mun"}},
		{"F tri - adr - ion", 0, []string{"adr", "-", "ion"}},
		{"2F mao - spa/nc - gas", 2, []string{"spa/nc", "-", "gas"}},
		{"A par - bur - mun - ber", 0, []string{"bur", "-", "mun", "-", "ber"}},
	}
	for _, tc := range doubles {
		o := parseOne(t, double, tc.in)
		if o.Kind != Special || o.Special != "double move" || o.Number != tc.num || !reflect.DeepEqual(o.Args, tc.args) || o.Text != tc.in {
			t.Errorf("%q = %+v, want the double move %v", tc.in, o, tc.args)
		}
	}
	if pe := parseFail(t, double, "A par - bur - mun via convoy"); !strings.Contains(pe.Error(), "cannot go via convoy") {
		t.Errorf("a double move via convoy: %v", pe)
	}
}

// TestParseVariantCoast: a coast a variant added by fleet links ("sev/ec"
// on Davis's Caspian) is kept wherever it is written, in every form; on a
// board without it, it is dropped like any irrelevant coast (DATC 4.B.6).
func TestParseVariantCoast(t *testing.T) {
	std := standardMap(t)
	m := std.Clone()
	sev, arm := mustLookup(t, m, "sev"), mustLookup(t, m, "arm")
	m.AddFleetLink(Loc{P: sev, C: EastCoast}, Loc{P: arm, C: EastCoast})
	for _, in := range []string{"F sev/ec - arm/ec", "F sev(ec) - arm (ec)", "F Sevastopol (east coast) - Armenia/ec"} {
		o := parseOne(t, &Parser{Map: m}, in)
		if o.At != (Loc{P: sev, C: EastCoast}) || o.To != (Loc{P: arm, C: EastCoast}) {
			t.Errorf("%q = %s", in, o.Format(m))
		}
	}
	if o := parseOne(t, &Parser{Map: std}, "F sev/ec - arm/ec"); o.At.C != NoCoast || o.To.C != NoCoast {
		t.Errorf("the standard board kept a coast it does not have: %s", o.Format(std))
	}
}

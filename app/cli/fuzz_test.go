package cli

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	"dipdesk/app/lan"
	"dipdesk/engine"
	"dipdesk/variants"
)

// FuzzJoinPrinter prints any message a host (or a player's press through
// it) can send, as "dipdesk join" does: no panic, and nothing a terminal
// would act on reaches it (no control character but the line end and
// tab, no bidirectional override, no byte that is not UTF-8), and no
// line of a press message starts like one of the join's own lines.
func FuzzJoinPrinter(f *testing.F) {
	for _, s := range []string{
		`{"v":2,"type":"press","seq":9,"body":{"id":1,"phase":"S1901M","from":"france","text":"hi\u001b[2J\nhost error: x","sent":"2026-01-01T00:00:00Z"}}`,
		`{"v":2,"type":"view","seq":3,"body":{"phase":"S1901M","title":"Spring\u202e","state":{},"pending":["A par - bur\u0007"]}}`,
		`{"v":2,"type":"hello","seq":1,"body":{"protocol":1,"game":{"name":"\u009b31m","variant":"standard","phase":"S1901M"}}}`,
		`{"v":2,"type":"results","seq":4,"body":{"phase":"S1901M","results":[{"power":"france","order":"A par - bur","ok":false,"code":"x","reason":"\r\u2028"}],"winner":"\u0000"}}`,
		`{"v":2,"type":"error","seq":2,"body":{"code":"bad\u001b","message":"m"}}`,
		`{"v":2,"type":"hand","seq":5,"body":{"phase":"S1901M","cards":[{"unit":"A par","power":"france","label":"1A","id":"9","name":"\u001bP","text":"t"}]}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		env, err := lan.DecodeHost(b)
		if err != nil {
			return
		}
		var out bytes.Buffer
		p := &printer{w: &cleanWriter{w: &out}, variant: "standard"}
		p.print(env)
		s := out.String()
		if !utf8.ValidString(s) {
			t.Fatalf("printed bytes that are not UTF-8: %q", s)
		}
		for _, r := range s {
			if unsafeRune(r) {
				t.Fatalf("printed %U: %q", r, s)
			}
		}
		if env.Type == lan.TypePress {
			for _, line := range strings.Split(s, "\n")[1:] {
				if line != "" && !strings.HasPrefix(line, "    | ") {
					t.Fatalf("a press message printed a line of its own: %q", line)
				}
			}
		}
	})
}

// FuzzReadOrdersText reads any bytes as a file of orders: no panic; what
// it reads is UTF-8 text without carriage returns, and text saved as
// UTF-8 (with or without a mark) or UTF-16 with a mark reads back as
// written.
func FuzzReadOrdersText(f *testing.F) {
	for _, s := range []string{"A par - bur\r\nF bre - mao\r\n", "\xef\xbb\xbfA par H", "\xff\xfeA\x00 \x00p\x00", "\xfe\xff\x00A", "caf\xe9", "\xff\xfe\x00\xd8"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		text, err := readOrdersText(bytes.NewReader(b), "f.txt", 1<<16)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.txt: ") {
				t.Fatalf("an error that does not name the file: %v", err)
			}
			return
		}
		if !utf8.ValidString(text) || strings.Contains(text, "\r") {
			t.Fatalf("read %q from %q", text, b)
		}
		if utf8.Valid(b) && !bytes.ContainsRune(b, '\r') && !bytes.HasPrefix(b, []byte{0xef, 0xbb, 0xbf}) {
			if _, looks := looksUTF16(b); !looks && text != string(b) {
				t.Fatalf("UTF-8 text %q read as %q", b, text)
			}
		}
	})
}

// FuzzOptions reads any --option flags for every variant, as "dipdesk
// new" does, and sets a game up with those it accepts: no panic, and a
// first position that writes and reads back with the variant's decoder.
func FuzzOptions(f *testing.F) {
	for _, s := range []string{"add_cards=X5,X8", "add_cards=X1:2, x3 ,X11:0\nreshuffle_every=20", "reshuffle_every=0",
		"hypnotist_wrong_power=yes", "add_cards", "=x", "add_cards=X5\nadd_cards=X8", "press=full", "add_cards=X5:100000000",
		"counts=20:99999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, flags string) {
		for _, v := range variants.All() {
			o := optionFlags{}
			ok := true
			for _, line := range strings.Split(flags, "\n") {
				if o.Set(line) != nil {
					ok = false
				}
			}
			if !ok || o.check(v.ID) != nil {
				continue
			}
			m, err := v.Map()
			if err != nil {
				t.Fatal(err)
			}
			s, err := v.NewGame(m, o.orNil(), engine.NewRand(1))
			if err != nil {
				continue
			}
			b, err := engine.MarshalState(s)
			if err != nil {
				t.Fatalf("%s %v: %v", v.ID, o, err)
			}
			if _, err := engine.UnmarshalStateExtra(m, b, v.DecodeExtra); err != nil {
				t.Fatalf("%s with options %v: the first position does not read back: %v", v.ID, o, err)
			}
		}
	})
}

// FuzzDiceArg reads any --dice value and any typed roll: no panic, a list
// that reads writes back the same, and a typed value is a number or an
// option's name.
func FuzzDiceArg(f *testing.F) {
	for _, s := range []string{"3,5,1", "3, 5 ,1", "", ",", "x", "-1,99999999999999999999", "6"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		vs, err := parseDice(s)
		if err == nil && len(vs) > 0 {
			again, err := parseDice(joinInts(vs))
			if err != nil || joinInts(again) != joinInts(vs) {
				t.Fatalf("%q read as %v, written %q, read back %v (%v)", s, vs, joinInts(vs), again, err)
			}
		}
		need := &engine.NeedDraw{N: 3, Options: []string{"Ace", "King", "Queen"}}
		if v, err := drawValue(s, need); err == nil && v >= 0 && v < 3 && !strings.EqualFold(strings.TrimSpace(need.Options[v]), s) {
			if _, nerr := parseDice(s); nerr != nil {
				t.Fatalf("%q read as pick %d", s, v)
			}
		}
	})
}

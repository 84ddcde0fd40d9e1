package engine

import (
	"errors"
	"strings"
	"testing"
)

// FuzzParseOrders runs the parser on arbitrary text: it must not panic,
// every error must be a *ParseError on a line of the text, and every
// order must name a province (or be a waive).
func FuzzParseOrders(f *testing.F) {
	m := standardMap(f)
	p := &Parser{Map: m, Specials: []SpecialSyntax{
		{Verb: "annihilate", Name: "annihilate"},
		{Verb: "lay mine", Name: "laymine"},
	}}
	for _, seed := range []string{
		"A par - bur",
		"France: F bre - mao; A mar - Bugundy\nA par -\n",
		"F mid-atlantic-spa(nc), F nth C A lon - bel",
		"A tyr S French A ven - tri\nA tyr suports A ven H",
		"Build F St Petersburg(nc)\nwaive build\nremove A par",
		"1A par annihilate bur\n2F nth lay mine",
		"A yor - nth - bel via convoy # comment",
		"Germany:\nA mun H\nFrnce: A bre H",
		"F spa/north coast - por. F St. Petersburg (sc) - bot",
		"((((/ - -> => ) nc / :",
		"A lon - bel (via convoy",
		"12345678901234567890A par\r\n\t\x00\xff",
		strings.Repeat("mid-", 300),
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		lines := strings.Count(text, "\n") + 1
		orders, errs := p.ParseOrders("france", text)
		for _, err := range errs {
			var pe *ParseError
			if !errors.As(err, &pe) || pe == nil {
				t.Fatalf("error %T (%v) is not a *ParseError", err, err)
			}
			if pe.Line < 1 || pe.Line > lines {
				t.Fatalf("error line %d outside 1..%d: %v", pe.Line, lines, pe)
			}
			_ = pe.Error()
		}
		for _, o := range orders {
			if o.Kind == Waive {
				continue
			}
			if !o.At.Valid() || int(o.At.P) >= m.NumProvinces() {
				t.Fatalf("order %q has no valid location: %+v", o.Text, o)
			}
			if o.Kind == Move && !o.To.Valid() {
				t.Fatalf("move %q has no destination: %+v", o.Text, o)
			}
			if o.Text == "" || o.Power == "" {
				t.Fatalf("order without text or power: %+v", o)
			}
			_ = o.Format(m)
		}
		if _, err := p.ParseOrder("france", text); err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("ParseOrder error %T is not a *ParseError", err)
			}
		}
	})
}

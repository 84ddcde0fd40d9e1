package render

import (
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"dipdesk/engine"
	"dipdesk/render/geometry"
	"dipdesk/variants/standard"
)

var (
	update = flag.Bool("update", false, "rewrite the golden images in testdata/")
	pngDir = flag.String("png", "", "also write every scene's image to this folder, to look at")
)

var (
	loadOnce sync.Once
	board    *geometry.Board
	stdMap   *engine.Map
	loadErr  error
)

// load returns the standard board and map, loaded once.
func load(tb testing.TB) (*geometry.Board, *engine.Map) {
	tb.Helper()
	loadOnce.Do(func() {
		if board, loadErr = geometry.Load(); loadErr == nil {
			stdMap, loadErr = standard.Map()
		}
	})
	if loadErr != nil {
		tb.Fatal(loadErr)
	}
	return board, stdMap
}

// spring1901 is the usual set of openings, all 22 units ordered.
const spring1901 = `
England: F lon - nth; F edi - nwg; A lvp - yor
France: F bre - mao; A par - bur; A mar S A par - bur
Germany: F kie - den; A ber - kie; A mun - ruh
Italy: F nap - ion; A rom - apu; A ven H
Austria: A vie - gal; A bud - ser; F tri - alb
Russia: F stp/sc - bot; A mos - ukr; A war - gal; F sev - bla
Turkey: F ank - bla; A con - bul; A smy - con
`

// fall1901 is a Fall position written as its orders: a convoy to Norway,
// a supported attack on Belgium that wins against a lone one, a bounce in
// Sweden, a support cut in Albania with a bounce in Greece, Austria's
// army in Galicia dislodged, an attack on Sevastopol that fails against a
// hold, a support to hold and plain holds.
const fall1901 = `
England: F nth C A yor - nwy; A yor - nwy; F nwg S A yor - nwy
Germany: F den - swe; A hol - bel; A ruh S A hol - bel
France: A bur - bel; F mao - por; A spa S F mao - por
Russia: F bot - swe; A war - gal; A ukr S A war - gal; F sev H
Austria: A gal H; A ser - gre; F alb S A ser - gre
Italy: F ion - alb; A ven H; A apu S A ven
Turkey: A bul - gre; F bla H; A arm - sev
`

// position builds a state in phase p with one unit per order, placed as
// the orders say, and the orders parsed.
func position(tb testing.TB, p engine.Phase, text string) (*engine.State, []engine.Order) {
	tb.Helper()
	_, m := load(tb)
	orders, errs := engine.ParseOrders(m, "", text)
	if len(errs) > 0 {
		tb.Fatal(errs)
	}
	s := engine.NewState(m, p)
	s.Units = nil
	for _, o := range orders {
		s.Units = append(s.Units, engine.Unit{Type: o.Unit, Power: o.Power, Loc: o.At})
	}
	return s, orders
}

// view is the game master's view of s.
func view(s *engine.State) engine.View { return engine.View{Seat: engine.Seat{GM: true}, State: s} }

// writePNG writes img to path, making its folder.
func writePNG(tb testing.TB, path string, img image.Image) {
	tb.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		tb.Fatal(err)
	}
	f, err := os.Create(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		tb.Fatal(err)
	}
}

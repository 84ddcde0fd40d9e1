// Package engine is the rules core of DipDesk: the vocabulary of the game
// (Power, Province, Unit, Order, Phase, Result), map graphs loaded from data,
// the order parser, and the adjudicator of standard Diplomacy, exact to the
// Diplomacy Adjudicator Test Cases (DATC) v3.0.
//
// The engine imports the standard library only. Variants plug in through
// the hooks of Rules (see docs/engine.md); screens, files and the network
// never reach in here, they only receive views.
//
// Data flows in stages: text is parsed into Orders (ParseOrders), orders are
// validated against a State, the phase is adjudicated (Adjudicate), and the
// Outcome is applied to give the next State.
package engine

package lan

import (
	"errors"
	"slices"
	"testing"
)

// TestJoinOrdersAndViews: a seat joins with its code, sees its view,
// submits orders, and another seat learns only that they are in.
func TestJoinOrdersAndViews(t *testing.T) {
	g := newGame(t, "standard", 1)
	h := startHost(t, g, HostConfig{})
	fr := join(t, h, "france", false)
	en := join(t, h, "england", false)
	if fr.c.Token() == "" || fr.c.Token() == en.c.Token() {
		t.Fatal("no distinct seat tokens")
	}
	if _, ok := h.Codes()["france"]; ok {
		t.Error("france's code is still live after use")
	}
	ack, err := fr.c.Orders(ctxT(t), "S1901M", "A par - bur\nF bre - mao\nA mar - spa\nA xyz - abc")
	if err != nil {
		t.Fatal(err)
	}
	if len(ack.Accepted) != 3 || len(ack.Errors) != 1 {
		t.Fatalf("ack %+v", ack)
	}
	en.in.waitFor(t, 0, "england's status", func(e Envelope) bool {
		if e.Type != TypeStatus {
			return false
		}
		st, _ := Decode[Status](e)
		return slices.Contains(st.Submitted, "france")
	})
	// France's view (a fresh join with its token) holds its orders.
	fr2 := joinWith(t, ClientConfig{Addr: h.Addr(), Token: fr.c.Token(), Fingerprint: h.Fingerprint()})
	fr2.in.waitFor(t, 0, "france's view with its orders", func(e Envelope) bool {
		if e.Type != TypeView {
			return false
		}
		v, _ := Decode[View](e)
		return len(v.Pending) == 3
	})
	for _, e := range en.in.messages() {
		if e.Type == TypeView {
			if v, _ := Decode[View](e); len(v.Pending) != 0 {
				t.Errorf("england sees pending orders %v", v.Pending)
			}
		}
	}
	// Another seat's orders through this connection: refused, nothing stored.
	_, err = en.c.Request(ctxT(t), TypeOrders, OrdersMsg{Phase: "S1901M", Seat: "france", Text: "A par h"})
	var he *HostError
	if !errors.As(err, &he) || he.Code != CodeWrongSeat {
		t.Errorf("wrong seat: %v", err)
	}
}

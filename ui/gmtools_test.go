package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"dipdesk/app/session"
	"dipdesk/app/store"
)

// TestStandbyFromTheGameMastersDesk: the game master hands France's
// hot-seat seat to a standby from the Game master tab; the brief (every
// French unit) is shown and saved to a file; the new PIN guards the seat
// and leaves the form.
func TestStandbyFromTheGameMastersDesk(t *testing.T) {
	td := newTestDesk(t)
	seats := []store.Seat{{Power: "gm"}, {Power: "france", Player: "Ann", PinHash: session.HashPIN("1111")}}
	gw := td.game(t, seats)
	tools := gw.gmTools
	tools.sbSeat.SetSelected("France")
	test.Type(tools.sbPlayer, "Sam")
	test.Type(tools.sbPIN, "2222")
	td.answer = 0 // Save the brief…
	tools.OnStandby(tools.sbSeat.Selected, tools.sbPlayer.Text, tools.sbPIN.Text)
	if len(td.asked) != 1 || !strings.Contains(td.asked[0], "You now play France") || !strings.Contains(td.asked[0], "A par") {
		t.Fatalf("asked %q", td.asked)
	}
	brief := filepath.Join(td.dir, td.saved[len(td.saved)-1])
	b, err := os.ReadFile(brief)
	if err != nil || !strings.Contains(string(b), "F bre") {
		t.Fatalf("brief file %s: %v %q", brief, err, b)
	}
	if fi, _ := os.Stat(brief); fi.Mode().Perm() != 0o600 {
		t.Errorf("the brief is %v, want 0600", fi.Mode().Perm())
	}
	var got store.Seat
	for _, s := range gw.g.Info().Seats {
		if s.Power == "france" {
			got = s
		}
	}
	if got.Player != "Sam" || !session.CheckPIN(got.PinHash, "2222") {
		t.Fatalf("seat %+v", got)
	}
	if tools.sbPIN.Text != "" || tools.sbSeat.Selected != "" {
		t.Fatal("the form kept the new PIN")
	}
}

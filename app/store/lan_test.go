package store

import (
	"errors"
	"reflect"
	"testing"
)

func TestPressAndSeatTokens(t *testing.T) {
	f, path := create(t)
	sent := []Press{
		{Phase: "S1901M", From: "france", To: []string{"england"}, Body: "DMZ in the Channel?"},
		{Phase: "S1901M", From: "germany", Body: "Hello, everyone"},
		{Phase: "S1901M", From: "italy", To: []string{"austria", "turkey"}, Body: "Lepanto, anyone?"},
	}
	for i, p := range sent {
		got, err := f.AddPress(p)
		if err != nil {
			t.Fatal(err)
		}
		sent[i] = got
	}
	for _, step := range [][2]string{{"france", "h1"}, {"england", "h2"}, {"france", "h3"}, {"england", ""}} {
		if err := f.SetSeatToken(step[0], step[1]); err != nil {
			t.Fatal(err)
		}
	}
	f.Close()

	g, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	press, err := g.Press()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(press, sent) {
		t.Errorf("press read back\n%+v\nwant\n%+v", press, sent)
	}
	tokens, err := g.SeatTokens()
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]string{"france": "h3"}; !reflect.DeepEqual(tokens, want) {
		t.Errorf("tokens %v, want %v (newest row wins, empty revokes)", tokens, want)
	}
	db, _ := g.conn()
	for _, q := range []string{"DELETE FROM press", "UPDATE seat_tokens SET token_hash = 'x'", "DELETE FROM seat_tokens"} {
		if _, err := db.Exec(q); err == nil {
			t.Errorf("%s: allowed", q)
		}
	}
	if _, err := db.Exec("UPDATE press SET body = 'forged', crc = crc WHERE id = 1"); err == nil {
		t.Error("a press message was changed")
	}

	ro, err := OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if _, err := ro.AddPress(Press{Phase: "S1901M", From: "france", Body: "x"}); !errors.Is(err, ErrReadOnly) {
		t.Errorf("AddPress on a read-only file: %v", err)
	}
}

// TestUpgradeToVersion2: a version 1 save opened by this DipDesk gains the
// press and seat-token tables (and those of the later formats), keeps
// everything it had, and takes press.
func TestUpgradeToVersion2(t *testing.T) {
	real := migrations
	useMigrations(t, migrations[:1:1])
	f, path := create(t)
	f.SubmitOrders(mustCurrent(t, f).ID, "france", []Order{order("france", "A Par - Bur")})
	want, err := dump(t, f)
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	migrations = real
	g, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := dump(t, g); got != want {
		t.Error("the upgraded file reads differently")
	}
	if _, err := g.AddPress(Press{Phase: "S1901M", From: "france", Body: "hello"}); err != nil {
		t.Fatal(err)
	}
	if err := g.SetSeatToken("france", "h"); err != nil {
		t.Fatal(err)
	}
	g.Close()
	if v := fileVersion(t, path); v != SupportedVersion() {
		t.Errorf("version %d after the upgrade", v)
	}
}

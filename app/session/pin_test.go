package session

import (
	"strings"
	"testing"
)

func TestPIN(t *testing.T) {
	h := HashPIN("1234")
	if strings.Contains(h, "1234") {
		t.Fatalf("hash %q holds the PIN", h)
	}
	if !CheckPIN(h, "1234") || CheckPIN(h, "1235") || CheckPIN(h, "") {
		t.Error("PIN check wrong")
	}
	if HashPIN("1234") == h {
		t.Error("no salt: two hashes of one PIN are equal")
	}
	if !CheckPIN("", "anything") || CheckPIN("md5$x$y", "1234") {
		t.Error("empty or foreign hash handled wrongly")
	}
}

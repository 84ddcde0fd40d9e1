package session

import (
	"strings"
	"testing"
	"time"
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

// TestPINHashIsSlow: a PIN is hashed with Argon2id (issue 17: one salted
// SHA-256 of a four-digit PIN was read back in a millisecond by trying
// all 10,000), so trying every PIN of a seat costs minutes; the
// parameters are in the hash, and a hash edited to ask for an absurd
// amount of work matches nothing instead of exhausting the machine.
// Saves of older DipDesks keep their PINs.
func TestPINHashIsSlow(t *testing.T) {
	h := HashPIN("0420")
	if !strings.HasPrefix(h, "argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("hash %q", h)
	}
	// The work a guess costs is in the parameters, not in a timing: 19
	// MiB and two passes of Argon2id.
	start := time.Now()
	CheckPIN(h, "0000")
	t.Logf("one guess took %v", time.Since(start))
	for _, bad := range []string{
		strings.Replace(h, "m=19456", "m=4194304", 1), // 4 GiB
		strings.Replace(h, "t=2", "t=1000000", 1),
		strings.Replace(h, "p=1", "p=0", 1),
		strings.Replace(h, "v=19", "v=16", 1),
		strings.Replace(h, "m=19456,", "", 1),
		h[:len(h)-10],
	} {
		if CheckPIN(bad, "0420") {
			t.Errorf("an edited hash %q matched", bad)
		}
	}
	// A seat hashed by DipDesk before Argon2id: sha256$salt$hex.
	legacy := "sha256$0011223344556677$" + legacyDigest("0011223344556677", "1234")
	if !CheckPIN(legacy, "1234") || CheckPIN(legacy, "4321") {
		t.Error("an older save's PIN")
	}
}

// BenchmarkCheckPIN: one op is checking one PIN, what each guess at a
// stolen save's PIN costs.
func BenchmarkCheckPIN(b *testing.B) {
	h := HashPIN("0420")
	for b.Loop() {
		CheckPIN(h, "1234")
	}
}

package cli

import (
	"strings"
	"testing"
)

// TestCasesConvention: a peer's DATC v2.4 suite runs unchanged with
// -convention jdip; without it, each case that leaves out a unit with no
// retreat fails saying which convention would explain it.
func TestCasesConvention(t *testing.T) {
	const suite = "../../engine/casefile/testdata/godip_datc_v2.4_06.txt"
	code, out, errs := run("cases", "-convention", "jdip", suite)
	if code != 1 || !strings.HasSuffix(out, "cases: 163 passed, 4 failed\n") {
		t.Errorf("jdip: exit %d, stderr %q, tail %q", code, errs, tail(out))
	}
	for _, name := range []string{"6.A.5 ", "6.G.8:", "6.G.11:", "6.G.11.mod:"} {
		if !strings.Contains(out, name) {
			t.Errorf("jdip: no failure of %s in\n%s", name, out)
		}
	}
	code, out, _ = run("cases", suite)
	if code != 1 || !strings.HasSuffix(out, "cases: 156 passed, 11 failed\n") || strings.Count(out, "for them say CONVENTION jdip, or run them with -convention jdip") != 8 {
		t.Errorf("dipdesk: exit %d, output\n%s", code, out)
	}
	if code, _, errs := run("cases", "-convention", "loose", suite); code != 2 || !strings.Contains(errs, `unknown convention "loose"`) {
		t.Errorf("unknown convention: exit %d, %q", code, errs)
	}
}

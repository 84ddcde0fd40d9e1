package cli

import (
	"io"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkRenderCommand is `dipdesk render docs/examples/spring1901.txt
// --out board.png` in-process: read and adjudicate the case file, draw
// the board at 1600x1200 with a new Renderer, encode and write the PNG.
func BenchmarkRenderCommand(b *testing.B) {
	out := filepath.Join(b.TempDir(), "board.png")
	c := &CLI{Stdout: io.Discard, Stderr: io.Discard, Stdin: strings.NewReader("")}
	b.ReportAllocs()
	for b.Loop() {
		if code := c.Run([]string{"render", "../../docs/examples/spring1901.txt", "--out", out}); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
}

package render

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/adler32"
	"image"
	"image/png"
	"io"
	"testing"

	"dipdesk/engine"
)

// pngBoard is the board dipdesk render draws by default: 1600x1200, the
// Fall 1901 position with its orders and results.
func pngBoard(tb testing.TB) *image.RGBA {
	g, m := load(tb)
	s, orders := position(tb, engine.Phase{Year: 1901, Season: engine.Fall, Type: engine.Movement}, fall1901)
	results := engine.Adjudicate(s, orders, nil, nil).Results
	return New(g, m).Render(view(s), orders, results, Options{Width: 1600, Height: 1200, ShowOrders: true, ShowResults: true, Legend: true})
}

// TestEncodePNGKeepsTheImage: the fast encoding is lossless, every pixel
// reads back the same.
func TestEncodePNGKeepsTheImage(t *testing.T) {
	img := pngBoard(t)
	var buf bytes.Buffer
	if err := EncodePNG(&buf, img); err != nil {
		t.Fatal(err)
	}
	back, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	if back.Bounds() != b {
		t.Fatalf("bounds %v, want %v", back.Bounds(), b)
	}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r1, g1, b1, a1 := img.At(x, y).RGBA()
			r2, g2, b2, a2 := back.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				t.Fatalf("pixel %d,%d: %v, read back %v", x, y, img.At(x, y), back.At(x, y))
			}
		}
	}
}

// BenchmarkEncodePNG is the encoding dipdesk render and the window use;
// BenchmarkEncodePNGDefault is image/png's default level, for comparison.
func BenchmarkEncodePNG(b *testing.B) {
	img := pngBoard(b)
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if err := EncodePNG(&buf, img); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len())/1024, "KiB")
}

func BenchmarkEncodePNGDefault(b *testing.B) {
	img := pngBoard(b)
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if err := png.Encode(&buf, img); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len())/1024, "KiB")
}

// TestEncodePNGShapes: odd sizes, one row, a translucent image (written by
// image/png) all read back pixel for pixel, and the zlib stream's own
// checksum holds.
func TestEncodePNGShapes(t *testing.T) {
	for _, tt := range []struct {
		name   string
		w, h   int
		opaque bool
	}{{"1x1", 1, 1, true}, {"one row", 333, 1, true}, {"tall", 7, 101, true}, {"odd", 257, 129, true}, {"translucent", 40, 30, false}} {
		t.Run(tt.name, func(t *testing.T) {
			img := image.NewRGBA(image.Rect(3, 5, 3+tt.w, 5+tt.h))
			seed := uint32(tt.w*7919 + tt.h)
			for i := range img.Pix {
				seed = seed*1664525 + 1013904223
				img.Pix[i] = byte(seed >> 24)
				if i%4 == 3 && tt.opaque {
					img.Pix[i] = 0xff
				}
			}
			var buf bytes.Buffer
			if err := EncodePNG(&buf, img); err != nil {
				t.Fatal(err)
			}
			if tt.opaque {
				checkZlib(t, buf.Bytes())
			}
			back, err := png.Decode(bytes.NewReader(buf.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			if back.Bounds().Dx() != tt.w || back.Bounds().Dy() != tt.h {
				t.Fatalf("size %v", back.Bounds())
			}
			for y := 0; y < tt.h; y++ {
				for x := 0; x < tt.w; x++ {
					r1, g1, b1, a1 := img.At(3+x, 5+y).RGBA()
					r2, g2, b2, a2 := back.At(back.Bounds().Min.X+x, back.Bounds().Min.Y+y).RGBA()
					if tt.opaque && (r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2) {
						t.Fatalf("pixel %d,%d differs", x, y)
					}
					if !tt.opaque && a1 != a2 {
						t.Fatalf("alpha of %d,%d differs", x, y)
					}
				}
			}
		})
	}
}

// checkZlib reads the IDAT data of a PNG through compress/zlib to its
// end, which checks the Adler-32 the bands' sums were combined into.
func checkZlib(t *testing.T, b []byte) {
	t.Helper()
	var idat []byte
	for p := 8; p+8 <= len(b); {
		n := int(binary.BigEndian.Uint32(b[p:]))
		if string(b[p+4:p+8]) == "IDAT" {
			idat = append(idat, b[p+8:p+8+n]...)
		}
		p += 12 + n
	}
	r, err := zlib.NewReader(bytes.NewReader(idat))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(io.Discard, r); err != nil {
		t.Fatalf("zlib stream: %v", err)
	}
}

func TestAdlerCombine(t *testing.T) {
	data := make([]byte, 200000)
	for i := range data {
		data[i] = byte(i*i + i/7)
	}
	for _, cut := range []int{0, 1, 65520, 65521, 100000, 199999, 200000} {
		a, b := adler32.Checksum(data[:cut]), adler32.Checksum(data[cut:])
		if got, want := adlerCombine(a, b, len(data)-cut), adler32.Checksum(data); got != want {
			t.Errorf("cut %d: %08x, want %08x", cut, got, want)
		}
	}
}

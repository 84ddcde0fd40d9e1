package render

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"hash/adler32"
	"hash/crc32"
	"image"
	"image/png"
	"io"
	"runtime"
	"sync"
)

// EncodePNG writes img as a PNG. Every PNG DipDesk writes (dipdesk
// render, the window's board pictures) goes through here.
//
// A board is mostly flat colour: deflate at its fastest level packs the
// plain rows about as small as image/png's default (which tries five row
// filters per row and compresses harder) in a fraction of the time, so an
// opaque *image.RGBA is written as 8-bit RGB rows without filtering,
// compressed at flate.BestSpeed in one band of rows per processor at
// once. The bands are joined into one zlib stream the way pigz does: each
// band but the last ends with a sync flush on a byte boundary, and none
// refers back into another. PNG is lossless whatever the compression:
// every pixel reads back the same (TestEncodePNGKeepsTheImage). Any other
// image goes through image/png at BestSpeed. docs/performance.md has the
// figures.
func EncodePNG(w io.Writer, img image.Image) error {
	if rgba, ok := img.(*image.RGBA); ok && opaque(rgba) && rgba.Rect.Dx() > 0 && rgba.Rect.Dy() > 0 {
		return encodeRGB(w, rgba)
	}
	return (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(w, img)
}

// opaque reports whether every pixel of img is opaque.
func opaque(img *image.RGBA) bool {
	w := img.Rect.Dx()
	for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
		row := img.Pix[img.PixOffset(img.Rect.Min.X, y):]
		for x := 0; x < w; x++ {
			if row[4*x+3] != 0xff {
				return false
			}
		}
	}
	return true
}

var pngSignature = []byte("\x89PNG\r\n\x1a\n")

// encodeRGB writes an opaque RGBA image as an RGB PNG.
func encodeRGB(w io.Writer, img *image.RGBA) error {
	width, height := img.Rect.Dx(), img.Rect.Dy()
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(width))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(height))
	ihdr[8], ihdr[9] = 8, 2 // 8 bits per sample, truecolour; compression, filter and interlace methods 0
	bands := min(max(runtime.GOMAXPROCS(0), 1), 8, height)
	parts := make([]bytes.Buffer, bands)
	sums := make([]uint32, bands)
	lens := make([]int, bands)
	errs := make([]error, bands)
	var wg sync.WaitGroup
	for b := range bands {
		y0, y1 := height*b/bands, height*(b+1)/bands
		wg.Add(1)
		go func() {
			defer wg.Done()
			sums[b], lens[b], errs[b] = deflateRows(&parts[b], img, y0, y1, b == bands-1)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	sum := sums[0]
	for b := 1; b < bands; b++ {
		sum = adlerCombine(sum, sums[b], lens[b])
	}
	var z bytes.Buffer
	z.Grow(2 + 4 + sumLen(parts))
	z.Write([]byte{0x78, 0x01}) // zlib: deflate, 32K window, fastest
	for b := range parts {
		z.Write(parts[b].Bytes())
	}
	var tail [4]byte
	binary.BigEndian.PutUint32(tail[:], sum)
	z.Write(tail[:])
	cw := &chunkWriter{w: w}
	cw.raw(pngSignature)
	cw.chunk("IHDR", ihdr[:])
	for data := z.Bytes(); len(data) > 0; {
		n := min(len(data), 1<<20)
		cw.chunk("IDAT", data[:n])
		data = data[n:]
	}
	cw.chunk("IEND", nil)
	return cw.err
}

func sumLen(bs []bytes.Buffer) int {
	n := 0
	for i := range bs {
		n += bs[i].Len()
	}
	return n
}

// deflateRows compresses rows [y0, y1) of img, each as filter byte 0 and
// its RGB samples, into out: a run of deflate blocks ending with the final
// block when last, else with a sync flush. It returns the Adler-32 of the
// bytes compressed and their number.
func deflateRows(out *bytes.Buffer, img *image.RGBA, y0, y1 int, last bool) (uint32, int, error) {
	width := img.Rect.Dx()
	fw, err := flate.NewWriter(out, flate.BestSpeed)
	if err != nil {
		return 0, 0, err
	}
	sum := adler32.New()
	row := make([]byte, 1+3*width)
	n := 0
	for y := y0; y < y1; y++ {
		src := img.Pix[img.PixOffset(img.Rect.Min.X, img.Rect.Min.Y+y):]
		row[0] = 0 // no filter
		for x, d := 0, 1; x < width; x, d = x+1, d+3 {
			row[d], row[d+1], row[d+2] = src[4*x], src[4*x+1], src[4*x+2]
		}
		if _, err := fw.Write(row); err != nil {
			return 0, 0, err
		}
		sum.Write(row)
		n += len(row)
	}
	if last {
		err = fw.Close()
	} else {
		err = fw.Flush()
	}
	return sum.Sum32(), n, err
}

// adlerBase is the modulus of Adler-32 (RFC 1950).
const adlerBase = 65521

// adlerCombine returns the Adler-32 of A followed by B, from the sums of
// A and of B and the length of B (as zlib's adler32_combine).
func adlerCombine(a, b uint32, lenB int) uint32 {
	rem := uint32(lenB % adlerBase)
	a1, a2 := a&0xffff, a>>16
	b1, b2 := b&0xffff, b>>16
	s1 := (a1 + b1 + adlerBase - 1) % adlerBase
	s2 := (a2 + rem*a1%adlerBase + b2 + adlerBase - rem) % adlerBase
	return s2<<16 | s1
}

// chunkWriter writes PNG chunks, keeping the first error.
type chunkWriter struct {
	w   io.Writer
	err error
}

func (c *chunkWriter) raw(b []byte) {
	if c.err == nil {
		_, c.err = c.w.Write(b)
	}
}

func (c *chunkWriter) chunk(kind string, data []byte) {
	var head [8]byte
	binary.BigEndian.PutUint32(head[:4], uint32(len(data)))
	copy(head[4:], kind)
	crc := crc32.NewIEEE()
	crc.Write(head[4:])
	crc.Write(data)
	var foot [4]byte
	binary.BigEndian.PutUint32(foot[:], crc.Sum32())
	c.raw(head[:])
	c.raw(data)
	c.raw(foot[:])
}

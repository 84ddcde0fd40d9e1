// Command mkicon draws DipDesk's application icon (resources/icon.png):
// a sea-blue disc with a gold seven-petalled star, one petal per great
// power. Run by hand: go run ./tools/mkicon -out resources/icon.png
package main

import (
	"flag"
	"image"
	"image/color"
	"image/png"
	"log"
	"math"
	"os"
)

func main() {
	out := flag.String("out", "resources/icon.png", "output PNG")
	size := flag.Int("size", 512, "width and height in pixels")
	flag.Parse()
	img := draw(*size)
	f, err := os.Create(*out)
	if err != nil {
		log.Fatal(err)
	}
	if err := png.Encode(f, img); err != nil {
		log.Fatal(err)
	}
	if err := f.Close(); err != nil {
		log.Fatal(err)
	}
}

// draw renders the icon with 4x4 supersampling.
func draw(n int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, n, n))
	sea := color.NRGBA{0x1d, 0x4e, 0x89, 0xff}
	rim := color.NRGBA{0xe8, 0xdc, 0xb8, 0xff}
	gold := color.NRGBA{0xf2, 0xb7, 0x05, 0xff}
	c := float64(n) / 2
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			var r, g, b, a float64
			for sy := 0; sy < 4; sy++ {
				for sx := 0; sx < 4; sx++ {
					px := (float64(x) + (float64(sx)+0.5)/4 - c) / c
					py := (float64(y) + (float64(sy)+0.5)/4 - c) / c
					col, ok := shade(px, py, sea, rim, gold)
					if ok {
						r += float64(col.R)
						g += float64(col.G)
						b += float64(col.B)
						a += 255
					}
				}
			}
			if a > 0 {
				img.SetNRGBA(x, y, color.NRGBA{uint8(r * 255 / a), uint8(g * 255 / a), uint8(b * 255 / a), uint8(a / 16)})
			}
		}
	}
	return img
}

func shade(x, y float64, sea, rim, gold color.NRGBA) (color.NRGBA, bool) {
	d := math.Hypot(x, y)
	switch {
	case d > 0.96:
		return color.NRGBA{}, false
	case d > 0.88:
		return rim, true
	case inStar(x, y, 0.72, 0.30):
		return gold, true
	}
	return sea, true
}

// inStar reports whether (x, y) lies in a seven-pointed star with outer
// radius ro and inner radius ri, one point straight up.
func inStar(x, y, ro, ri float64) bool {
	const points = 7
	ang := math.Atan2(x, -y) // 0 = up, clockwise
	if ang < 0 {
		ang += 2 * math.Pi
	}
	sector := 2 * math.Pi / points
	t := math.Mod(ang, sector) / sector // 0..1 across one point
	if t > 0.5 {
		t = 1 - t
	}
	// Radius of the star's edge at this angle: linear between a point
	// (t=0) and the notch between points (t=0.5) in polar form is close
	// enough for an icon.
	edge := ro + (ri-ro)*(t/0.5)
	return math.Hypot(x, y) <= edge
}

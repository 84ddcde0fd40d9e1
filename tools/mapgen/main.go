// Command mapgen builds the board geometry of the standard map from Natural
// Earth land (resources/geo/land-50m.json) and the province borders
// authored in tools/mapgen/borders.txt, and writes the topology file
// resources/maps/standard/geometry.json. It is run by hand, never by the
// game or CI:
//
//	go run ./tools/mapgen
//	go run ./tools/mapgen -png /tmp/board-debug.png
//	go run ./tools/mapgen -raw /tmp/raw.png -win 5,53,16,59
//
// See docs/map.md.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"strconv"
	"strings"
)

func main() {
	data := flag.String("data", "tools/mapgen/borders.txt", "authored borders, seeds and fudges")
	landFile := flag.String("land", "resources/geo/land-50m.json", "Natural Earth land, TopoJSON")
	out := flag.String("out", "resources/maps/standard/geometry.json", "topology file to write")
	pngOut := flag.String("png", "", "also draw the written geometry to this PNG")
	raw := flag.String("raw", "", "draw land, border lines and seeds to this PNG and stop (for authoring)")
	win := flag.String("win", "", "with -raw or -png: lon0,lat0,lon1,lat1 window to draw")
	px := flag.Int("px", 2000, "debug image width in pixels")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("mapgen: ")

	d, err := loadData(*data)
	if err != nil {
		log.Fatal(err)
	}
	f, err := os.Open(*landFile)
	if err != nil {
		log.Fatal(err)
	}
	src, err := readLandRings(f, "land")
	f.Close()
	if err != nil {
		log.Fatal(err)
	}
	pr := newProjection(d.Lon0, d.Lat0, d.Frame, d.Width)
	lm, err := buildLand(d, pr, src)
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("land: %d rings kept, %d small islands and lakes dropped, %d coast edges", len(lm.raw), lm.dropN, len(lm.Coast))
	if *raw != "" {
		w, err := parseWindow(*win, pr)
		if err != nil {
			log.Fatal(err)
		}
		if err := drawRaw(*raw, d, pr, lm, w, *px); err != nil {
			log.Fatal(err)
		}
		return
	}
	b, err := buildBoard(d, pr, lm)
	if err != nil {
		log.Fatal(err)
	}
	if err := writeTopology(*out, b); err != nil {
		log.Fatal(err)
	}
	if *pngOut != "" {
		var bw bbox
		if *win != "" {
			w, err := parseWindow(*win, pr)
			if err != nil {
				log.Fatal(err)
			}
			// The board's y grows downward.
			bw = bbox{w.MinX, pr.Height() - w.MaxY, w.MaxX, pr.Height() - w.MinY}
		}
		if err := drawBoardFile(*out, *pngOut, *px, bw); err != nil {
			log.Fatal(err)
		}
	}
	if err := report(*out); err != nil {
		log.Fatal(err)
	}
}

func loadData(path string) (*boardData, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readData(f)
}

// parseWindow reads "lon0,lat0,lon1,lat1" into a plane window (the box
// around the projected corners and edge midpoints); empty means the frame.
func parseWindow(s string, pr *projection) (bbox, error) {
	if s == "" {
		return pr.planeFrame(), nil
	}
	parts := strings.Split(s, ",")
	if len(parts) != 4 {
		return bbox{}, fmt.Errorf("-win wants lon0,lat0,lon1,lat1, got %q", s)
	}
	var v [4]float64
	for i, p := range parts {
		x, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil {
			return bbox{}, fmt.Errorf("-win: %w", err)
		}
		v[i] = x
	}
	b := emptyBox()
	for _, lon := range []float64{v[0], (v[0] + v[2]) / 2, v[2]} {
		for _, lat := range []float64{v[1], (v[1] + v[3]) / 2, v[3]} {
			b.extend(pr.Plane(LonLat{lon, lat}))
		}
	}
	return b, nil
}

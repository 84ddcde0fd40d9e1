package geometry

import "math"

// projection is the spherical Lambert azimuthal equal-area projection the
// board was made with (Snyder, "Map Projections: A Working Manual", 1987,
// eqs. 24-2 to 24-4), followed by the linear map of the frame onto board
// units.
type projection struct {
	lon0, lat0       float64 // degrees
	sinLat0, cosLat0 float64
	frame            [4]float64 // km: west, south, east, north
	radius           float64    // km
	scale            float64    // board units per km
}

func newProjection(p FileProjection, width float64) *projection {
	if p.Kind != "laea" || p.FrameKm[2] <= p.FrameKm[0] || p.Radius <= 0 {
		return nil
	}
	pr := &projection{lon0: p.Lon0, lat0: p.Lat0, frame: p.FrameKm, radius: p.Radius}
	pr.sinLat0, pr.cosLat0 = math.Sincos(p.Lat0 * math.Pi / 180)
	pr.scale = width / (p.FrameKm[2] - p.FrameKm[0])
	return pr
}

// Project returns the board point of a geographic position (degrees). ok
// is false when the file records no projection.
func (b *Board) Project(lon, lat float64) (p Point, ok bool) {
	pr := b.proj
	if pr == nil {
		return Point{}, false
	}
	sinPhi, cosPhi := math.Sincos(lat * math.Pi / 180)
	sinDl, cosDl := math.Sincos((lon - pr.lon0) * math.Pi / 180)
	k := math.Sqrt(2 / (1 + pr.sinLat0*sinPhi + pr.cosLat0*cosPhi*cosDl))
	x := pr.radius * k * cosPhi * sinDl
	y := pr.radius * k * (pr.cosLat0*sinPhi - pr.sinLat0*cosPhi*cosDl)
	return Point{(x - pr.frame[0]) * pr.scale, (pr.frame[3] - y) * pr.scale}, true
}

package main

import "math"

// earthRadius is the radius of the sphere the projection uses, in km.
const earthRadius = 6371.0

// projection is a spherical Lambert azimuthal equal-area projection
// (Snyder, "Map Projections: A Working Manual", 1987, eqs. 24-2 to 24-4)
// followed by a linear map from the projected frame (km) onto the board:
// the frame's west edge is x=0, its south edge y=0, and it is Width board
// units wide.
type projection struct {
	Lon0, Lat0 float64 // centre, degrees
	Frame      bbox    // in projected km: west, south, east, north
	Width      float64 // board units across the frame

	sinLat0, cosLat0 float64
}

func newProjection(lon0, lat0 float64, frame bbox, width float64) *projection {
	p := &projection{Lon0: lon0, Lat0: lat0, Frame: frame, Width: width}
	p.sinLat0, p.cosLat0 = math.Sincos(lat0 * math.Pi / 180)
	return p
}

// scale is board units per km.
func (p *projection) scale() float64 { return p.Width / (p.Frame.MaxX - p.Frame.MinX) }

// Height is the board height in board units.
func (p *projection) Height() float64 { return (p.Frame.MaxY - p.Frame.MinY) * p.scale() }

// km projects a position to km on the projection plane.
func (p *projection) km(ll LonLat) Pt {
	sinPhi, cosPhi := math.Sincos(ll.Lat * math.Pi / 180)
	sinDl, cosDl := math.Sincos((ll.Lon - p.Lon0) * math.Pi / 180)
	k := math.Sqrt(2 / (1 + p.sinLat0*sinPhi + p.cosLat0*cosPhi*cosDl))
	return Pt{
		earthRadius * k * cosPhi * sinDl,
		earthRadius * k * (p.cosLat0*sinPhi - p.sinLat0*cosPhi*cosDl),
	}
}

// Plane projects a position to mapgen's plane (board units, y north).
func (p *projection) Plane(ll LonLat) Pt {
	q := p.km(ll)
	s := p.scale()
	return Pt{(q.X - p.Frame.MinX) * s, (q.Y - p.Frame.MinY) * s}
}

// Inverse returns the position of a plane point (Snyder eqs. 20-14, 24-16).
func (p *projection) Inverse(q Pt) LonLat {
	s := p.scale()
	x := q.X/s + p.Frame.MinX
	y := q.Y/s + p.Frame.MinY
	rho := math.Hypot(x, y)
	if rho == 0 {
		return LonLat{p.Lon0, p.Lat0}
	}
	c := 2 * math.Asin(rho/(2*earthRadius))
	sinC, cosC := math.Sincos(c)
	lat := math.Asin(cosC*p.sinLat0 + y*sinC*p.cosLat0/rho)
	lon := p.Lon0*math.Pi/180 + math.Atan2(x*sinC, rho*p.cosLat0*cosC-y*p.sinLat0*sinC)
	return LonLat{lon * 180 / math.Pi, lat * 180 / math.Pi}
}

// planeFrame is the frame in plane coordinates.
func (p *projection) planeFrame() bbox { return bbox{0, 0, p.Width, p.Height()} }

// planeRing projects a ring.
func (p *projection) planeRing(r []LonLat) []Pt {
	out := make([]Pt, len(r))
	for i, ll := range r {
		out[i] = p.Plane(ll)
	}
	return out
}

//go:build race

package lan

// raceDetector: the race detector slows the host and the clients several
// times over, so timings are logged, not held to the bound.
const raceDetector = true

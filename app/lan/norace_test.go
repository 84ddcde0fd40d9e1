//go:build !race

package lan

const raceDetector = false

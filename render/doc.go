// Package render will draw an engine view of the board with gg (the board
// issue).
package render
